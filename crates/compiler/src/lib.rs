//! The game-agnostic Grimoire compiler: loads a game's TOML, resolves and validates it, and
//! lowers it to the [`ir`].

pub mod ir;
