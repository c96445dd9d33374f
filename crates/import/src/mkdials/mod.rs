//! Mage Knight dial data (`data/mage-knight/dials.json` and files in the same format) →
//! `warrior` cards, one folder per expansion (`<out>/<expansion-slug>/warriors.toml`).
//!
//! Values are mapped onto the schema read from the game's codex directory ([`Vocabulary`]):
//! special abilities become references to codex entries **by name** (the data's ability ids
//! are looked up in the file's own `special_abilities` list, then matched to the codex by
//! name ignoring case and punctuation, with typos of up to two letters noted), enum fields are
//! matched to `game.toml`'s values, and numbers are checked against the schema's ranges.
//!
//! Odd records (empty names, text in numeric fields, unknown ability ids, missing or partly
//! dead clicks, duplicate figures) each get a report line and never stop the import; only a
//! file that is not JSON or has no `figures` list does (with its line and column).
//!
//! Merging into an existing pool: a figure whose card name is already there is
//! - the same figure (same model id or same printing): left as it is, differences noted;
//! - a reprint (same game data, another printing): the printing is added;
//! - another figure of the same name (different data): written as `Name (collector id)`.

mod data;
mod dial;
mod figure;
mod values;
mod vocab;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::{Table, Value};

pub use dial::DIAL_CLICKS;
pub use vocab::{Marker, Match, Vocabulary};

use crate::check::GameCodex;
use crate::error::ImportError;
use crate::pool::{Added, Pool};
use crate::report::{CardLog, Finding, Report};
use crate::source::{self, Located};

use figure::{label, map_figure, Figure};

/// The game whose schema the cards follow.
const GAME: &str = "mage-knight";
/// The file (without `.toml`) warriors go to inside their expansion folder.
const WARRIOR_FILE: &str = "warriors";
/// Card keys that are provenance, not game data: a reprint may differ in them.
const PROVENANCE_KEYS: [&str; 5] = ["name", "printings", "model_id", "expansion", "rarity"];

/// Imports dial data files into the card directory `out`, mapping onto the schema in
/// `codex_dir` (`codex/mage-knight`). A card the game (that codex) would not compile with is
/// not written: it is a [`Report::rejected`] finding at its figure record. Nothing is written
/// unless every file was read.
pub fn import_mk_dials(
    files: &[PathBuf],
    out: &Path,
    codex_dir: &Path,
) -> Result<Report, ImportError> {
    let vocabulary = Vocabulary::load(codex_dir)?;
    let codex = GameCodex::load(codex_dir)?;
    let header = format!("#:schema ../../../schemas/{GAME}.cards.schema.json\n");
    let mut pool = Pool::load(out, &header)?;
    let mut report = Report::default();
    let mut seen = Seen::default();
    for path in files {
        import_file(path, &vocabulary, &mut pool, &mut seen, &mut report)?;
    }
    pool.check(&codex, |_| false, &mut report)?;
    pool.write()?;
    Ok(report)
}

/// Figures already read in this run, by model id and by printing, for duplicate detection.
#[derive(Default)]
struct Seen {
    by_key: BTreeMap<String, (String, Table)>,
}

impl Seen {
    fn keys(figure: &Figure) -> Vec<String> {
        let mut keys = Vec::new();
        if let Some(id) = figure.model_id {
            keys.push(format!("model id {id}"));
        }
        if let Some(number) = &figure.number {
            keys.push(format!("collector id {number} of {}", figure.set));
        }
        keys
    }

    /// The earlier figure this one duplicates: (what they share, where it was, its card).
    fn duplicate_of(&self, figure: &Figure) -> Option<(String, &str, &Table)> {
        Self::keys(figure).into_iter().find_map(|key| {
            self.by_key
                .get(&key)
                .map(|(location, card)| (key.clone(), location.as_str(), card))
        })
    }

    fn insert(&mut self, figure: &Figure, location: &str) {
        for key in Self::keys(figure) {
            self.by_key
                .insert(key, (location.to_owned(), figure.card.clone()));
        }
    }
}

fn import_file(
    path: &Path,
    vocabulary: &Vocabulary,
    pool: &mut Pool,
    seen: &mut Seen,
    report: &mut Report,
) -> Result<(), ImportError> {
    let text = source::read_source(path)?;
    let file_name = path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    let mut file_log = CardLog::new(&file_name, "(file)");
    let file = data::read(path, &text, vocabulary, &mut file_log)?;
    let starts = source::json_element_offsets(&text, Some("figures"));
    collect(report, file_log);
    let source = match &file.source {
        Some(source) => {
            format!(
                "{file_name}: {}; figures mapped by grimoire import mk-dials",
                source.trim_end_matches('.')
            )
        }
        None => format!("{file_name}; figures mapped by grimoire import mk-dials"),
    };
    let lines = grimoire_input::LineIndex::new(&text);
    for (index, record) in file.figures.iter().enumerate() {
        let location = format!("{file_name} figures[{index}]");
        let name = label(record);
        let origin = Located::in_lines(path, &lines, starts.get(index).copied().unwrap_or(0));
        let mut log = CardLog::new(&location, &name).located(origin.clone());
        if let Some(figure) = map_figure(record, &file, vocabulary, &mut log) {
            if let Some((shared, earlier, card)) = seen.duplicate_of(&figure) {
                let differences = differing(card, &figure.card, &["printings"]);
                if differences.is_empty() {
                    report.skipped.push(Finding {
                        set: location.clone(),
                        card: name.clone(),
                        field: "figure".to_owned(),
                        message: format!("duplicate of {earlier} (same {shared}, same data)"),
                        at: Some(origin.clone()),
                    });
                } else {
                    log.unmapped(
                        "figure",
                        format!(
                            "duplicate of {earlier} (same {shared}) with different {}; the first is kept",
                            differences.join(", ")
                        ),
                    );
                }
            } else {
                seen.insert(&figure, &location);
                place(figure, pool, &source, &mut log, report, &origin);
            }
        }
        collect(report, log);
    }
    Ok(())
}

/// Puts a mapped figure into the pool (see the module docs for the merge rules).
fn place(
    mut figure: Figure,
    pool: &mut Pool,
    source: &str,
    log: &mut CardLog<'_>,
    report: &mut Report,
    origin: &Located,
) {
    let base_name = figure.name.clone();
    for attempt in 0..2 {
        let Some(existing) = pool.card(&figure.name) else {
            let (added, _) = pool.add(
                &figure.set,
                WARRIOR_FILE,
                source,
                figure.card,
                Some(origin.clone()),
            );
            count(report, &added);
            return;
        };
        if same_figure(existing, &figure) {
            let differences = differing(existing, &figure.card, &["printings"]);
            if !differences.is_empty() {
                log.note(
                    "figure",
                    format!(
                        "already in the pool as `{}` with different {}; the pool's card is kept",
                        figure.name,
                        differences.join(", ")
                    ),
                );
            }
            return;
        }
        if differing(existing, &figure.card, &PROVENANCE_KEYS).is_empty() {
            let (added, _) = pool.add(
                &figure.set,
                WARRIOR_FILE,
                source,
                figure.card,
                Some(origin.clone()),
            );
            count(report, &added);
            return;
        }
        if attempt == 1 {
            break;
        }
        let tag = figure
            .number
            .clone()
            .or_else(|| figure.model_id.map(|id| format!("model {id}")));
        let Some(tag) = tag else { break };
        let renamed = format!("{base_name} ({tag})");
        log.note(
            "name",
            format!(
                "the pool already has another figure named `{base_name}`; this one is the card `{renamed}`"
            ),
        );
        figure
            .card
            .insert("name".to_owned(), renamed.clone().into());
        figure.name = renamed;
    }
    log.unmapped(
        "name",
        format!(
            "the pool already has different figures named `{base_name}` and `{}`; not written",
            figure.name
        ),
    );
}

/// Whether the pool's card is this very figure: same model id, or a printing in common.
fn same_figure(existing: &Table, figure: &Figure) -> bool {
    let same_model = figure
        .model_id
        .is_some_and(|id| existing.get("model_id").and_then(Value::as_integer) == Some(id));
    let printings = existing.get("printings").and_then(Value::as_array);
    let same_printing = figure.number.as_ref().is_some_and(|number| {
        printings.into_iter().flatten().any(|printing| {
            printing.get("set").and_then(Value::as_str) == Some(figure.set.as_str())
                && printing.get("number").and_then(Value::as_str) == Some(number.as_str())
        })
    });
    same_model || same_printing
}

/// Keys (other than `ignored`) whose values differ between two cards.
fn differing(old: &Table, new: &Table, ignored: &[&str]) -> Vec<String> {
    let mut keys: Vec<&String> = old
        .keys()
        .chain(new.keys())
        .filter(|key| !ignored.contains(&key.as_str()))
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|key| old.get(*key) != new.get(*key))
        .cloned()
        .collect()
}

fn count(report: &mut Report, added: &Added) {
    match added {
        Added::New => report.cards_written += 1,
        Added::Printing => report.printings_added += 1,
        Added::Present => {}
    }
}

fn collect(report: &mut Report, mut log: CardLog<'_>) {
    report.unmapped.append(&mut log.unmapped);
    report.notes.append(&mut log.notes);
}
