//! Fuzzing the compiler's readers: one card or codex file of a copied content root is mutated
//! and the game compiled in-process (`load_game` then `compile`, as `grimoire check` does).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{copy_tree, seed_files, Campaign, Outcome, SeedFile, LOCATED_RATE_TARGET};
use crate::support::repo_root;

/// Cases per game in CI: a Mage Wars or WoW TCG compile takes about half a second in a debug
/// build, Summoner Wars and Mage Knight far less.
const CASES_PER_GAME: u32 = 40;

/// Located share required of the compiler's diagnostics (every diagnostic has a file and span).
const MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;

/// A campaign over the card and codex files of `game`.
fn campaign(name: &'static str, game: &'static str) -> Campaign {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().to_path_buf();
    let mut seeds = Vec::new();
    for part in ["codex", "cards"] {
        let from = repo_root().join(part).join(game);
        copy_tree(&from, &root.join(part).join(game));
        seeds.extend(seed_files(&from, ".toml", &repo_root()));
    }
    Campaign {
        name,
        seeds,
        cases: CASES_PER_GAME,
        min_located_rate: MIN_LOCATED_RATE,
        // The closure owns the temporary root, removed with the campaign.
        read: Arc::new(move |seed, bytes| compile_with(dir.path(), game, seed, bytes)),
    }
}

/// Compiles `game` under `root` with `seed`'s file replaced by `bytes`, then puts the original
/// back.
fn compile_with(root: &Path, game: &str, seed: &SeedFile, bytes: &[u8]) -> Outcome {
    let _restore = Restore {
        path: root.join(&seed.relative),
        bytes: seed.bytes.clone(),
    };
    std::fs::write(root.join(&seed.relative), bytes).expect("write the mutated file");
    let input = match grimoire_compiler::load_game(root, game) {
        Ok(input) => input,
        Err(error) => return Outcome::Rejected(vec![error.to_string()]),
    };
    match grimoire_compiler::compile(&input) {
        Ok(_) => Outcome::Accepted,
        Err(diagnostics) => Outcome::Rejected(
            diagnostics
                .iter()
                .map(|d| format!("{}:{}:{}: {}", d.file, d.line, d.column, d.message))
                .collect(),
        ),
    }
}

/// Writes a file's original bytes back when dropped, even when the compile panicked.
struct Restore {
    path: PathBuf,
    bytes: Vec<u8>,
}

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = std::fs::write(&self.path, &self.bytes);
    }
}

#[test]
fn mage_wars_card_and_codex_files() {
    campaign("cards-mage-wars", "mage-wars").run();
}

#[test]
fn summoner_wars_card_and_codex_files() {
    campaign("cards-summoner-wars", "summoner-wars").run();
}

#[test]
fn wow_tcg_card_and_codex_files() {
    campaign("cards-wow-tcg", "wow-tcg").run();
}

#[test]
fn mage_knight_card_and_codex_files() {
    campaign("cards-mage-knight", "mage-knight").run();
}
