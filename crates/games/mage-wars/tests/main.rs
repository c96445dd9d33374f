//! The crate's test binary: whole games of Mage Wars (`play`) and the rules checked against
//! the exact calculator, with the allocation-free hot path (`rules`).

mod play;
mod refusals;
mod rules;
