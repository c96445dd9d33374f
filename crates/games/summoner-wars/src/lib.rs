//! Summoner Wars as typed Rust tables: every card, codex entry, enum, die and constant of the
//! game's TOML content (`codex/summoner-wars/`, `cards/summoner-wars/`), compiled by `cargo xtask codegen`,
//! and the rules engine that plays by them ([`rules`]).
//!
//! The items live in [`generated`] and are re-exported here: look cards up with
//! [`CardId::from_name`], read them with [`CardId::card`].

// Generated files are formatted by codegen (prettyplease); rustfmt would reorder them.
#[rustfmt::skip]
pub mod generated;
pub use generated::*;

pub mod deck;
pub mod rules;
pub mod versions;
