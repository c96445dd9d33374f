//! Every heading of the Mage Wars codex (`../shared/rules/mage-wars-codex.txt`) and of the
//! CODEX section of the rules supplement (`../shared/rules/mage-wars-supplement.txt`) has an
//! entry in `codex/mage-wars/*.toml`.
//!
//! Matching is by name, after this normalisation of both the heading and the entry:
//! - markdown marks (`#`, `*`) and a trailing parenthetical such as
//!   `(Forcemaster vs. Warlord)` are dropped, whitespace is collapsed;
//! - a trailing parameter (`X`, `+X`, `-X`, `+/- X`, `+X/-X`) is dropped, so `Armor +/- X`
//!   looks for an entry named `Armor`;
//! - comparison ignores case.
//!
//! A heading also matches an entry whose template, with every `{slot}` standing for any text,
//! matches it (`Poison Immunity` is the `{damage_type} Immunity` entry). A few headings are
//! renamed through [`HEADING_ALIASES`], each with its reason.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use crate::support;

/// Headings whose entry carries another name, and why.
const HEADING_ALIASES: &[(&str, &str)] = &[
    // The OCR of the codex garbles the "Level" heading (its body is the Level entry).
    ("اميرم ا", "Level"),
    // Cards print the attack trait as "Zone Attack"; the codex heading names spells too.
    ("Zone Attack or Spell", "Zone Attack"),
    // One entry describes one marker; the supplement heading is plural.
    ("Vine Markers", "Vine Marker"),
];

/// Lines inside the supplement's codex section that look like headings but are sub-headings
/// of the Vine Markers entry.
const SUPPLEMENT_SUBHEADINGS: &[&str] =
    &["Placing Vine markers", "Using Vine Markers to Cast Spells"];

/// The line opening the supplement's codex section, and the heading of the section after it.
const SUPPLEMENT_SECTION_START: &str = "CODEX: Traits & Conditions";
const SUPPLEMENT_SECTION_END: &str = "ABILITIES: Clarifications";

/// One codex entry as declared: its name and its template (the name when absent).
struct DeclaredEntry {
    name: String,
    template: String,
}

/// Drops markdown marks, a trailing parenthetical and a trailing parameter; collapses spaces.
fn normalise(text: &str) -> String {
    let mut text: String = text.chars().filter(|c| *c != '#' && *c != '*').collect();
    text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(open) = text.find('(') {
        if text.ends_with(')') {
            text.truncate(open);
        }
    }
    let text = text.trim().to_string();
    for suffix in [" +/- X", " +/-X", " +X/-X", " +X", " -X", " X"] {
        if let Some(stripped) = text.strip_suffix(suffix) {
            return stripped.trim().to_lowercase();
        }
    }
    text.replace("vs.", "vs").to_lowercase()
}

/// Whether `text` matches `template`, each `{slot}` standing for one or more characters.
///
/// A template whose literal text has no letter (`{damage_type} {x}`) would match almost any
/// heading, so it never matches here: such entries are found by name.
fn template_matches(template: &str, text: &str) -> bool {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        pieces.push(&rest[..open]);
        rest = &rest[open + close + 1..];
    }
    if pieces.is_empty() {
        return template.eq_ignore_ascii_case(text);
    }
    pieces.push(rest);
    if !pieces.iter().any(|p| p.chars().any(char::is_alphabetic)) {
        return false;
    }
    let text = text.to_lowercase();
    let pieces: Vec<String> = pieces.iter().map(|p| p.to_lowercase()).collect();
    let Some(mut remaining) = text.strip_prefix(pieces[0].as_str()) else {
        return false;
    };
    for (i, piece) in pieces.iter().enumerate().skip(1) {
        let is_last = i == pieces.len() - 1;
        if is_last {
            return remaining.len() > piece.len() && remaining.ends_with(piece.as_str());
        }
        match remaining.get(1..).and_then(|r| r.find(piece.as_str())) {
            Some(at) => remaining = &remaining[at + 1 + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Headings of the codex document: its markdown heading lines.
fn codex_headings(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with('#'))
        .map(|line| line.trim_start_matches('#').trim().to_string())
        .filter(|heading| !heading.is_empty())
        .collect()
}

/// Headings of the supplement's codex section: short lines with no closing punctuation, that
/// are not list items, notes or examples.
fn supplement_headings(text: &str) -> Vec<String> {
    let section = text
        .split_once(SUPPLEMENT_SECTION_START)
        .and_then(|(_, after)| after.split_once(SUPPLEMENT_SECTION_END))
        .map(|(section, _)| section)
        .expect("the supplement has a CODEX section followed by ABILITIES");
    section
        .lines()
        .skip(1) // the rest of the section's own title line
        .map(str::trim)
        .filter(|line| !line.is_empty() && line.chars().count() < 60)
        .filter(|line| !line.ends_with(['.', ':', '!', '?', ';']))
        .filter(|line| !line.starts_with(['-', '*']) && !line.starts_with("Example"))
        .filter(|line| !line.starts_with("Note") && !line.starts_with("Designer Note"))
        .filter(|line| !SUPPLEMENT_SUBHEADINGS.contains(line))
        .map(str::to_string)
        .collect()
}

/// Every entry of every codex file of the game (all files but `game.toml`).
fn declared_entries(codex_dir: &Path) -> Vec<DeclaredEntry> {
    let mut entries = Vec::new();
    let mut files: Vec<_> = fs::read_dir(codex_dir)
        .expect("codex/mage-wars is readable")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .filter(|path| path.file_name().is_some_and(|n| n != "game.toml"))
        .collect();
    files.sort();
    for file in files {
        let text = fs::read_to_string(&file).expect("codex file is readable");
        let table: toml::Table = toml::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not valid TOML: {e}", file.display()));
        for value in table.values() {
            let Some(array) = value.as_array() else {
                continue;
            };
            for item in array {
                let Some(name) = item.get("name").and_then(|n| n.as_str()) else {
                    panic!("an entry of {} has no name", file.display())
                };
                let template = item
                    .get("template")
                    .and_then(|t| t.as_str())
                    .unwrap_or(name);
                entries.push(DeclaredEntry {
                    name: name.to_string(),
                    template: template.to_string(),
                });
            }
        }
    }
    entries
}

/// Headings with no entry, after normalisation and aliases.
fn missing_headings(headings: &[String], entries: &[DeclaredEntry]) -> Vec<String> {
    let names: BTreeSet<String> = entries.iter().map(|e| normalise(&e.name)).collect();
    headings
        .iter()
        .filter(|heading| {
            let unmarked = heading.replace(['#', '*'], "");
            let bare = unmarked.split(" (").next().unwrap_or(&unmarked).trim();
            let wanted = HEADING_ALIASES
                .iter()
                .find(|(from, _)| *from == bare)
                .map_or_else(|| normalise(heading), |(_, to)| normalise(to));
            let by_name = names.contains(&wanted);
            let by_template = entries
                .iter()
                .any(|e| template_matches(&e.template, &normalise(bare)));
            !(by_name || by_template)
        })
        .cloned()
        .collect()
}

#[test]
fn every_codex_heading_has_an_entry() {
    let Some(shared) = support::shared_dir() else {
        return;
    };
    let text = fs::read_to_string(shared.join("rules/mage-wars-codex.txt")).expect("codex text");
    let headings = codex_headings(&text);
    assert!(
        headings.len() >= 125,
        "found only {} codex headings",
        headings.len()
    );
    let entries = declared_entries(&support::repo_root().join("codex/mage-wars"));
    let missing = missing_headings(&headings, &entries);
    assert!(
        missing.is_empty(),
        "codex headings without an entry: {missing:?}"
    );
}

#[test]
fn every_supplement_codex_heading_has_an_entry() {
    let Some(shared) = support::shared_dir() else {
        return;
    };
    let text =
        fs::read_to_string(shared.join("rules/mage-wars-supplement.txt")).expect("supplement text");
    let headings = supplement_headings(&text);
    assert!(
        headings.len() >= 30,
        "found only {} supplement codex headings: {headings:?}",
        headings.len()
    );
    let entries = declared_entries(&support::repo_root().join("codex/mage-wars"));
    let missing = missing_headings(&headings, &entries);
    assert!(
        missing.is_empty(),
        "supplement codex headings without an entry: {missing:?}"
    );
}

#[test]
fn normalisation_drops_marks_parentheticals_and_parameters() {
    assert_eq!(normalise("# **Armor +/- X**"), "armor");
    assert_eq!(normalise("Cantrip(Forcemaster vs. Warlord)"), "cantrip");
    assert_eq!(normalise("Life +X/-X"), "life");
    assert_eq!(normalise("Tough -X"), "tough");
    assert_eq!(normalise("Aegis X"), "aegis");
    assert_eq!(normalise("Fast"), "fast");
}

#[test]
fn templates_match_with_slots_standing_for_text() {
    assert!(template_matches(
        "{damage_type} Immunity",
        "poison immunity"
    ));
    assert!(template_matches("{who} Only", "Mage Only"));
    assert!(!template_matches("{who} Only", "Only"));
    assert!(template_matches("+{x} vs {targets}", "+2 vs Flying"));
    assert!(!template_matches("Piercing +{x}", "Tough -2"));
    assert!(template_matches("Fast", "fast"));
    assert!(!template_matches("{damage_type} {x}", "Blocks LoS"));
}

#[test]
fn a_heading_without_an_entry_is_reported() {
    let entries = vec![DeclaredEntry {
        name: "Fast".into(),
        template: "Fast".into(),
    }];
    let headings = vec!["# Fast".to_string(), "## Teleport".to_string()];
    assert_eq!(
        missing_headings(&headings, &entries),
        vec!["## Teleport".to_string()]
    );
}
