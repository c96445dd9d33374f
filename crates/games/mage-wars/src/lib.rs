//! Generated tables for mage-wars (work in progress).

pub mod calc;
pub mod rules;

pub mod spellbook;
