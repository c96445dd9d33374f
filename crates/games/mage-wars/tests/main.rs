//! The crate's test binary: whole games of Mage Wars (`play`).

mod play;
