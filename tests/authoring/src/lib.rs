//! The authoring proof: the Mage Wars content with a new condition, a new trait and a new
//! card (`additions/`), compiled by `grimoire_build` in `build.rs`, played by the Mage Wars
//! rules compiled unchanged from `crates/games/mage-wars/src/rules/` against these tables.
//!
//! Nothing here is Mage Wars Rust written for the additions: the rules reach the tables only
//! through `super`, so the same source serves the checked-in tables and this copy.

#![allow(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/mage_wars.rs"));

#[path = "../../../crates/games/mage-wars/src/rules/mod.rs"]
pub mod rules;

#[cfg(test)]
mod tests;
