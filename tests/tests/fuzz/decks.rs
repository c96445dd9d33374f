//! Fuzzing the deck-like files: WoW TCG and Summoner Wars decks (`grimoire deck check`), Mage
//! Wars spellbooks (`spellbook check`) and Mage Knight armies (`army check`), each read with
//! `grimoire-input` and checked in-process through the library functions those commands call.
//!
//! A rejection is the file failing to read or parse, or any broken construction rule: both are
//! errors of the user's file, so each message must carry `file:line:col` (a rule violation at
//! the entry that breaks it).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{seed_files, write_case, Campaign, Outcome, SeedFile, LOCATED_RATE_TARGET};
use crate::support::repo_root;

/// Cases per reader in CI (a deck is read and checked in milliseconds).
const CASES_PER_READER: u32 = 200;

/// Located share required of WoW TCG deck errors and violations.
const WOW_TCG_DECK_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;
/// Located share required of Summoner Wars deck errors and violations.
const SUMMONER_WARS_DECK_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;
/// Located share required of Mage Wars spellbook errors and violations.
const MAGE_WARS_SPELLBOOK_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;
/// Located share required of Mage Knight army errors and violations.
const MAGE_KNIGHT_ARMY_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;
/// Located share required of Mage Knight map errors.
const MAGE_KNIGHT_MAP_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;

/// How a reader checks the text of one file at `path` (shown in its messages).
type CheckText = fn(path: &str, text: &str) -> Outcome;

/// A campaign over the files under `folders` (relative to the repository) with `check`.
fn campaign(
    name: &'static str,
    folders: &[&str],
    min_located_rate: f64,
    check: CheckText,
) -> Campaign {
    let seeds = folders
        .iter()
        .flat_map(|folder| {
            let folder: PathBuf = repo_root().join(folder);
            seed_files(&folder, ".toml", &folder)
        })
        .collect();
    let dir = tempfile::tempdir().expect("temp dir");
    Campaign {
        name,
        seeds,
        cases: CASES_PER_READER,
        min_located_rate,
        read: Arc::new(move |seed, bytes| read_and_check(dir.path(), seed, bytes, check)),
    }
}

/// Writes the mutated file, reads it as the CLI does and checks it.
fn read_and_check(dir: &Path, seed: &SeedFile, bytes: &[u8], check: CheckText) -> Outcome {
    let path = write_case(dir, seed, bytes);
    match grimoire_input::read_text(&path) {
        Ok(text) => check(&path.display().to_string(), &text),
        Err(error) => Outcome::Rejected(vec![error.to_string()]),
    }
}

/// The outcome of a check that found `violations`, each message prefixed by the file.
fn verdict(path: &str, violations: impl IntoIterator<Item = String>) -> Outcome {
    let messages: Vec<String> = violations
        .into_iter()
        .map(|violation| format!("{path}:{violation}"))
        .collect();
    if messages.is_empty() {
        Outcome::Accepted
    } else {
        Outcome::Rejected(messages)
    }
}

/// `deck check --game wow-tcg`: each violation at the part of the file that breaks it.
fn wow_tcg_deck(path: &str, text: &str) -> Outcome {
    use grimoire_wow_tcg::deck::{check, DeckFile};
    match DeckFile::parse(text) {
        Ok(file) => verdict(
            path,
            check(&file.deck)
                .iter()
                .map(|violation| format!("{}: {violation}", file.position(violation.part))),
        ),
        Err(error) => verdict(path, [error.to_string()]),
    }
}

/// `deck check --game summoner-wars`.
fn summoner_wars_deck(path: &str, text: &str) -> Outcome {
    use grimoire_summoner_wars::catalog::Catalog;
    use grimoire_summoner_wars::deck::{check, Deck};
    match Deck::parse(text) {
        Ok(deck) => verdict(
            path,
            check(&deck, Catalog::compiled())
                .iter()
                .map(ToString::to_string),
        ),
        Err(error) => verdict(path, [error.to_string()]),
    }
}

/// `spellbook check --game mage-wars` (with the compiled cards): each violation at the entry
/// it is about; one without a place counts as unlocated.
fn mage_wars_spellbook(path: &str, text: &str) -> Outcome {
    use grimoire_mage_wars::rules::Catalog;
    use grimoire_mage_wars::spellbook::{check, Rules, SpellbookFile};
    match SpellbookFile::from_toml(text) {
        Ok(book) => {
            let lines = grimoire_input::LineIndex::new(text);
            let report = check(&book, Catalog::compiled(), &Rules::STANDARD);
            verdict(
                path,
                report
                    .violations
                    .iter()
                    .map(|violation| match book.offset_of(violation) {
                        Some(offset) => format!("{}: {violation}", lines.location(offset)),
                        None => violation.to_string(),
                    }),
            )
        }
        Err(error) => verdict(path, [error.to_string()]),
    }
}

/// `army check --game mage-knight`: each violation where the army file breaks the rule.
fn mage_knight_army(path: &str, text: &str) -> Outcome {
    use grimoire_mage_knight::army::{check, ArmyFile};
    match ArmyFile::parse(text) {
        Ok(army) => verdict(
            path,
            check(&army)
                .violations
                .iter()
                .map(|violation| format!("{}: {violation}", violation.at())),
        ),
        Err(errors) => verdict(path, errors.iter().map(ToString::to_string)),
    }
}

/// A Mage Knight map file: each error with its line and column.
fn mage_knight_map(path: &str, text: &str) -> Outcome {
    match grimoire_mage_knight::map::MapFile::parse(text) {
        Ok(_) => Outcome::Accepted,
        Err(errors) => verdict(path, errors.iter().map(ToString::to_string)),
    }
}

#[test]
fn wow_tcg_decks() {
    campaign(
        "decks-wow-tcg",
        &["decks/wow-tcg", "tests/decks/wow-tcg"],
        WOW_TCG_DECK_MIN_LOCATED_RATE,
        wow_tcg_deck,
    )
    .run();
}

#[test]
fn summoner_wars_decks() {
    campaign(
        "decks-summoner-wars",
        &["decks/summoner-wars"],
        SUMMONER_WARS_DECK_MIN_LOCATED_RATE,
        summoner_wars_deck,
    )
    .run();
}

#[test]
fn mage_wars_spellbooks() {
    campaign(
        "spellbooks-mage-wars",
        &["decks/mage-wars", "tests/spellbooks"],
        MAGE_WARS_SPELLBOOK_MIN_LOCATED_RATE,
        mage_wars_spellbook,
    )
    .run();
}

#[test]
fn mage_knight_armies() {
    campaign(
        "armies-mage-knight",
        &["decks/mage-knight", "tests/fixtures/mage-knight/armies"],
        MAGE_KNIGHT_ARMY_MIN_LOCATED_RATE,
        mage_knight_army,
    )
    .run();
}

#[test]
fn mage_knight_maps() {
    campaign(
        "maps-mage-knight",
        &["decks/mage-knight/maps"],
        MAGE_KNIGHT_MAP_MIN_LOCATED_RATE,
        mage_knight_map,
    )
    .run();
}
