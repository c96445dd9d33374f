//! `grimoire import summoner-wars` on hostile input: mutated copies of the real card list
//! (read from `../shared` at test time) must give located findings, never broken content.

use std::fs;
use std::path::{Path, PathBuf};

use grimoire_import::import_summoner_wars;
use serde_json::Value;

use crate::support::{location, repo_root, shared_dir};

fn codex_dir() -> PathBuf {
    repo_root().join("codex").join("summoner-wars")
}

/// The real card list with `edit` applied, pretty-printed one member a line into `dir`, and
/// what `edit` returned.
fn mutated_list<T>(
    dir: &Path,
    edit: impl FnOnce(&mut Vec<Value>) -> T,
) -> Option<(PathBuf, String, T)> {
    let shared = shared_dir()?;
    let text = fs::read_to_string(shared.join("data/summoner-wars-1e/cards.json")).expect("list");
    let mut list: Value = serde_json::from_str(&text).expect("JSON");
    let edited = edit(list["cards"].as_array_mut().expect("cards"));
    let text = serde_json::to_string_pretty(&list).expect("JSON");
    let path = dir.join("cards.json");
    fs::write(&path, &text).expect("write");
    Some((path, text, edited))
}

#[test]
fn records_the_game_would_not_compile_with_are_rejected_at_their_place() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some((path, text, unit)) = mutated_list(dir.path(), |cards| {
        cards[0]["cost"] = Value::from(1_000_000);
        cards[1]["name"] = Value::from("Self");
        let unit = (2..cards.len())
            .find(|&index| cards[index].get("life").is_some())
            .expect("a card with life");
        cards[unit]["life"] = serde_json::from_str("1e40").expect("a huge number");
        unit
    }) else {
        return;
    };
    let out = dir.path().join("out");
    let report = import_summoner_wars(&path, &codex_dir(), &out).expect("imports the rest");
    // The records of the `cards` list start on lines `  {` (two spaces of indent).
    let starts: Vec<usize> = text
        .match_indices("\n    {")
        .map(|(at, _)| at + 5)
        .collect();
    let at = |index: usize| format!("{}:{}: ", path.display(), location(&text, starts[index]));
    let rejected: Vec<String> = report.rejected.iter().map(ToString::to_string).collect();
    assert_eq!(rejected.len(), 2, "{report}");
    assert!(
        rejected[0].starts_with(&at(0)) && rejected[0].contains("1000000 is out of range"),
        "{rejected:?}"
    );
    assert!(
        rejected[1].starts_with(&at(1)) && rejected[1].contains("Rust keyword"),
        "{rejected:?}"
    );
    let huge = report
        .unmapped
        .iter()
        .map(ToString::to_string)
        .find(|finding| finding.contains("life: expected a whole number"))
        .unwrap_or_default();
    assert!(huge.starts_with(&at(unit)), "{huge} (report: {report})");
    // What was written compiles.
    let written: String = fs::read_dir(out.join("first-edition"))
        .expect("written")
        .map(|file| fs::read_to_string(file.expect("entry").path()).expect("text"))
        .collect();
    assert!(!written.contains("name = \"Self\""), "not written");
    assert!(
        !written
            .lines()
            .any(|line| line.starts_with("cost = 1000000")),
        "not written"
    );
}
