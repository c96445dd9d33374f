//! Mage Wars as typed Rust tables plus its rules modules: every card, codex entry, enum, die
//! and constant of the game's TOML content (`codex/mage-wars/`, `cards/mage-wars/`), compiled
//! by `cargo xtask codegen`.
//!
//! The generated items live in [`generated`] and are re-exported here: look cards up with
//! [`CardId::from_name`], read them with [`CardId::card`].

// Generated files are formatted by codegen (prettyplease); rustfmt would reorder them.
#[rustfmt::skip]
pub mod generated;
// Inlined, so the crate's front page lists `CardId`, `Card`, the card tables (one
// per kind), the codex enums (`Trait`, ...) with their metadata and the dice and constants.
#[doc(inline)]
pub use generated::*;

pub mod calc;
pub mod rules;
pub mod spellbook;
