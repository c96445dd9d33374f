//! World of Warcraft TCG as typed Rust tables plus its rules engine: every card, codex entry,
//! enum, die and constant of the game's TOML content (`codex/wow-tcg/`, `cards/wow-tcg/`),
//! compiled by `cargo xtask codegen`, and [`rules`], which plays by them.
//!
//! The items live in [`generated`] and are re-exported here: look cards up with
//! [`CardId::from_name`], read them with [`CardId::card`]. Decks, scenarios and set-up take
//! their cards from a [`catalog::Catalog`]: the compiled tables by default, the cards on disk
//! from the CLI.

// Generated files are formatted by codegen (prettyplease); rustfmt would reorder them.
#[rustfmt::skip]
pub mod generated;
// Inlined, so the crate's front page lists `CardId`, `Card`, the card tables (one
// per kind), the codex enums (`Trait`, ...) with their metadata and the dice and constants.
#[doc(inline)]
pub use generated::*;

pub mod catalog;
pub mod deck;
pub mod rules;
