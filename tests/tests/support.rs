//! Shared helpers for the workspace tests.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// Card fields authors may add by hand to imported cards (typed ability data,
/// docs/formats.md). The OCTGN importer never writes them; the WoW TCG importer writes
/// `card_abilities` where its translator reads a card's text, and an author may write them on
/// a card it does not translate. An import into the committed pool keeps the cards that carry
/// them (a reprint only adds a printing).
pub const AUTHORED_CARD_FIELDS: [&str; 1] = ["card_abilities"];

/// Whether a committed card file is what a fresh import wrote: byte for byte, or, when the
/// file carries authored fields, the same TOML once those fields are left out of each card
/// the fresh import wrote without them (a field the import wrote must be exactly as written).
/// A card whose hand-written abilities replace its native handler (docs/formats.md: once the
/// rules interpret a card's abilities, its handler goes) may lack the `handler` the import
/// gives it.
pub fn same_as_imported(fresh: &str, committed: &str) -> bool {
    if fresh == committed {
        return true;
    }
    if !AUTHORED_CARD_FIELDS
        .iter()
        .any(|field| committed.contains(field))
    {
        return false;
    }
    let (Ok(mut fresh), Ok(mut committed)) = (
        fresh.parse::<toml::Table>(),
        committed.parse::<toml::Table>(),
    ) else {
        return false;
    };
    let imported_fields = |name: &toml::Value| -> Option<Vec<String>> {
        fresh
            .get("card")
            .and_then(toml::Value::as_array)
            .and_then(|cards| cards.iter().find(|card| card.get("name") == Some(name)))
            .and_then(toml::Value::as_table)
            .map(|card| card.keys().cloned().collect())
    };
    let mut replaced_handlers = Vec::new();
    if let Some(toml::Value::Array(cards)) = committed.get_mut("card") {
        for card in cards.iter_mut().filter_map(toml::Value::as_table_mut) {
            let Some(name) = card.get("name").cloned() else {
                continue;
            };
            let imported = imported_fields(&name);
            let mut hand_written = false;
            for field in AUTHORED_CARD_FIELDS {
                let written = imported
                    .as_ref()
                    .is_some_and(|keys| keys.iter().any(|key| key == field));
                if !written && card.remove(field).is_some() {
                    hand_written = true;
                }
            }
            if hand_written && !card.contains_key("handler") {
                replaced_handlers.push(name);
            }
        }
    }
    if let Some(toml::Value::Array(cards)) = fresh.get_mut("card") {
        for card in cards.iter_mut().filter_map(toml::Value::as_table_mut) {
            if card
                .get("name")
                .is_some_and(|name| replaced_handlers.contains(name))
            {
                card.remove("handler");
            }
        }
    }
    fresh == committed
}

/// The shared input directory (`../shared` next to the repository), when present.
///
/// Returns `None` when it is absent so a test may skip, but panics when `CI=true`: CI always
/// has `../shared`, so a wrong path must never turn into a silent pass.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = repo_root().join("..").join("shared");
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("../shared is missing at {} but CI=true", dir.display());
    }
    eprintln!("skipping: ../shared not found");
    None
}

/// The Arena set files of `../shared/data/octgn-mage-wars/`, in the order `cargo xtask
/// import-octgn` imports them (earlier sets keep reprinted cards).
pub const OCTGN_SET_FILES: [&str; 10] = [
    "core.set.xml",
    "conquest-of-kumanjaro.set.xml",
    "forcemaster-vs-warlord.set.xml",
    "mages.set.xml",
    "paladin-vs-siren.set.xml",
    "druid-vs-necromancer.set.xml",
    "forged-in-fire.set.xml",
    "lost-grimoire.set.xml",
    "arena-final-release.set.xml",
    "promo.set.xml",
];

/// Every file one folder below `dir` (a pool's `<set>/<file>.toml`), relative to `dir`, sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for set_dir in fs::read_dir(dir).expect("readable dir") {
        let set_dir = set_dir.expect("entry").path();
        if !set_dir.is_dir() {
            continue;
        }
        for file in fs::read_dir(&set_dir).expect("readable set dir") {
            let file = file.expect("entry").path();
            files.push(file.strip_prefix(dir).expect("under dir").to_path_buf());
        }
    }
    files.sort();
    files
}

/// `line:column` (1-based, columns in characters) of byte `offset` of `text`: where the import
/// tests expect an error, computed here independently of the readers under test.
pub fn location(text: &str, offset: usize) -> String {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    format!(
        "{}:{}",
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1
    )
}
