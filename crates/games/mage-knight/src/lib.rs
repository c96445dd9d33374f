//! Generated tables for mage-knight (work in progress).
