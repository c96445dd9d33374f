//! The Summoner Wars card list (`data/summoner-wars-1e/cards.json`: `{ edition, source, cards:
//! [...] }`) into card TOML under `<out>/<edition-set>/<kind>.toml`.
//!
//! Names and numbers are mapped onto the codex's words ([`Vocabulary`]); what cannot be
//! mapped is reported, never guessed. Two records with one name are one card printed twice
//! when their faction and class agree (the pool merges them like OCTGN reprints, noting any
//! difference); otherwise they are different cards with qualified names (`Name (Faction)`,
//! `Name (class)` or `Name (Faction, class)`).

mod record;
mod vocabulary;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value as Json;

pub use vocabulary::Vocabulary;

use crate::check::GameCodex;
use crate::error::ImportError;
use crate::pool::{self, Added, Pool};
use crate::report::{CardLog, Finding, Report};
use crate::source::{self, Located};
use record::{identity, map_record, record_name, Mapped};

/// Keys of the card list's top level the mapping reads.
const TOP_LEVEL_KEYS: [&str; 3] = ["edition", "source", "cards"];

/// Imports the card list at `data` into `out` (e.g. `cards/summoner-wars`), mapping names onto
/// the codex in `codex_dir` (e.g. `codex/summoner-wars`). Cards already in `out` are kept; a
/// record whose name is already there adds its printing instead of a duplicate. A card the
/// game (that codex) would not compile with is not written: it is a [`Report::rejected`]
/// finding at its record.
pub fn import_summoner_wars(
    data: &Path,
    codex_dir: &Path,
    out: &Path,
) -> Result<Report, ImportError> {
    let vocabulary = Vocabulary::load(codex_dir)?;
    let codex = GameCodex::load(codex_dir)?;
    let text = source::read_source(data)?;
    let list = source::parse_json(data, &text)?;
    let mut report = Report::default();
    let (edition, records) = read_top_level(&list, data, &text, &mut report)?;
    let starts = source::json_element_offsets(&text, Some("cards"));
    let lines = grimoire_input::LineIndex::new(&text);
    let origin =
        |index: usize| Located::in_lines(data, &lines, starts.get(index).copied().unwrap_or(0));
    let set = format!("{}-edition", edition.to_lowercase());
    let file_name = shown_path(data);
    let source = format!(
        "{file_name} (Summoner Wars {} edition card list): names, classes, factions, numbers and ability names; strength = attack, attack_type from range (1 melee, more ranged); rules text is not copied",
        edition.to_lowercase()
    );
    let header = "#:schema ../../../schemas/summoner-wars.cards.schema.json\n";
    let mut pool = Pool::load(out, header)?;
    let names = card_names(records, &vocabulary);
    for (index, record) in records.iter().enumerate() {
        let Some(name) = &names[index] else {
            report.unmapped.push(Finding {
                set: set.clone(),
                card: format!("record {}", index + 1),
                field: "name".to_owned(),
                message: "missing or empty; the card is not written".to_owned(),
                at: Some(origin(index)),
            });
            continue;
        };
        let mut log = CardLog::new(&set, name).located(origin(index));
        if record_name(record).as_deref() != Some(name.as_str()) {
            log.note(
                "name",
                format!("another card has this name; written as `{name}`"),
            );
        }
        let mapped = map_record(record, name, edition, &vocabulary, &mut log);
        report.unmapped.append(&mut log.unmapped);
        report.notes.append(&mut log.notes);
        let Mapped::Card { file, table } = mapped else {
            continue;
        };
        let (added, difference) = pool.add(&set, file, &source, table, Some(origin(index)));
        match added {
            Added::New => report.cards_written += 1,
            Added::Printing => report.printings_added += 1,
            Added::Present => {}
        }
        if let Some(message) = difference {
            report
                .notes
                .push(pool::reprint_note(&set, name, message, Some(origin(index))));
        }
    }
    pool.check(&codex, |_| false, &mut report)?;
    pool.write()?;
    Ok(report)
}

/// The data file as the pool's `source` line names it: its folder and file name
/// (`summoner-wars-1e/cards.json`), so the line does not depend on where the data lives.
fn shown_path(data: &Path) -> String {
    let parts: Vec<String> = data
        .components()
        .rev()
        .take(2)
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.into_iter().rev().collect::<Vec<_>>().join("/")
}

/// The edition (`"First"` or `"Second"`) and the card records; other top-level keys are
/// reported as unmapped.
fn read_top_level<'a>(
    list: &'a Json,
    data: &Path,
    text: &str,
    report: &mut Report,
) -> Result<(&'static str, &'a [Json]), ImportError> {
    let top_at = source::first_value_offset(text);
    let shape_error = |message: &str| source::shape_error(data, text, top_at, message);
    let Some(top) = list.as_object() else {
        return Err(shape_error(
            "expected an object with `edition`, `source` and a `cards` list",
        ));
    };
    let finding = |field: &str, message: String| Finding {
        set: "(card list)".to_owned(),
        card: "-".to_owned(),
        field: field.to_owned(),
        message,
        at: Some(Located::of_offset(data, text, top_at)),
    };
    for key in top
        .keys()
        .filter(|key| !TOP_LEVEL_KEYS.contains(&key.as_str()))
    {
        report
            .unmapped
            .push(finding(key, format!("unknown top-level field `{key}`")));
    }
    let Some(Json::Array(records)) = top.get("cards") else {
        return Err(shape_error("expected a `cards` list at the top level"));
    };
    let edition = match top
        .get("edition")
        .and_then(Json::as_str)
        .map(str::to_lowercase)
    {
        Some(text) if text.contains("second") || text.contains("2e") => "Second",
        Some(text) if text.contains("first") || text.contains("1e") => "First",
        other => {
            report.unmapped.push(finding(
                "edition",
                format!(
                    "`{}` names no edition (first or second); the cards are recorded as first edition",
                    other.unwrap_or_else(|| "(missing)".to_owned())
                ),
            ));
            "First"
        }
    };
    Ok((edition, records))
}

/// The name each record is written under: its own, or a qualified one when records of one
/// name are different cards: `Name (Faction)` when their factions differ, `Name (class)` when
/// only their classes do, `Name (Faction, class)` otherwise. Records of one name, faction and
/// class are one card (a reprint). `None` for a record without a usable name.
fn card_names(records: &[Json], vocabulary: &Vocabulary) -> Vec<Option<String>> {
    let mut identities: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for record in records {
        if let Some(name) = record_name(record) {
            let list = identities.entry(name).or_default();
            let identity = identity(record, vocabulary);
            if !list.contains(&identity) {
                list.push(identity);
            }
        }
    }
    records
        .iter()
        .map(|record| {
            let name = record_name(record)?;
            let list = &identities[&name];
            if list.len() < 2 {
                return Some(name);
            }
            let (faction, class) = identity(record, vocabulary);
            let distinct = |pick: fn(&(String, String)) -> &String| {
                let mut values: Vec<&String> = list.iter().map(pick).collect();
                values.sort();
                values.dedup();
                values.len() == list.len()
            };
            Some(if distinct(|identity| &identity.0) {
                format!("{name} ({faction})")
            } else if distinct(|identity| &identity.1) {
                format!("{name} ({class})")
            } else {
                format!("{name} ({faction}, {class})")
            })
        })
        .collect()
}
