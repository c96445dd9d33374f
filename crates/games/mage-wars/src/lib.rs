//! Generated tables for mage-wars (work in progress).
