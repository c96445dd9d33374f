//! The Summoner Wars test binary (one per crate): the scenarios of
//! `tests/scenarios/summoner-wars/`, the published scenario schema, and which effect
//! operations of `game.toml` the rules interpret, and whole games from the example decks.

mod coverage;
mod play;
mod rules;
mod scenarios;

use std::path::PathBuf;

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../..")
        .canonicalize()
        .expect("the repository root exists")
}
