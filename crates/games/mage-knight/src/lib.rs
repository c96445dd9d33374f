//! Mage Knight as typed Rust tables: every card, codex entry, enum, die and constant of the
//! game's TOML content (`codex/mage-knight/`, `cards/mage-knight/`), compiled by `cargo xtask codegen`,
//! plus the game's rules ([`rules`]) and the exact combat calculator ([`calc`]).
//!
//! The items live in [`generated`] and are re-exported here: look cards up with
//! [`CardId::from_name`], read them with [`CardId::card`]. [`army`] checks armies against the
//! army-building rules. Armies, scenarios, set-up and the calculator take their warriors from a
//! [`catalog::Catalog`]: the compiled tables by default, the cards on disk from the CLI.

// Generated files are formatted by codegen (prettyplease); rustfmt would reorder them.
// Codegen writes a list-of-strings constant as `&[&'static str]`.
#[rustfmt::skip]
#[allow(clippy::redundant_static_lifetimes)]
pub mod generated;
// Inlined, so the crate's front page lists `CardId`, `Card`, the card tables (one
// per kind), the codex enums (`Trait`, ...) with their metadata and the dice and constants.
#[doc(inline)]
pub use generated::*;

pub mod army;
pub mod calc;
pub mod catalog;
pub mod map;
pub mod rules;
