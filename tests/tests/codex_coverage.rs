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
//!
//! The card data is covered too: every trait in the `Traits` property and on the attack bars
//! (`cAttacks`) of `../shared/data/octgn-mage-wars/*.set.xml`, in its canonical text form,
//! matches exactly one `Trait` entry's template with typed slots, and every effect-die outcome
//! names a `Condition` entry.

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

/// Schools, which some attack bars repeat as a flag (`Air=True`); the importer leaves them out.
const SCHOOL_FLAGS: &[&str] = &[
    "Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War", "Water",
];

/// Pieces of one card's rules text that the OCTGN `Traits` property splits at commas
/// (a mummy-healing ability); they are not traits.
const OCTGN_TEXT_FRAGMENTS: &[&str] = &[
    "Once per round",
    "when an enemy Living creature is destroyed",
    "you may remove up to 2 damage from a mummy creature you control",
];

/// The canonical text form of a trait as the importer writes it (`vs.` written `vs`,
/// predicates joined by ` OR `, `Tough-3` spaced, known misspellings corrected); `None` for
/// rules text, which the importer gives to a handler instead.
fn canonical_trait(text: &str) -> Option<String> {
    match grimoire_import::octgn::canonical_trait(text) {
        grimoire_import::octgn::TraitText::Keyword(keyword) => Some(keyword),
        grimoire_import::octgn::TraitText::Prose => None,
    }
}

/// A codex entry with typed slots, for matching card text exactly.
struct TypedEntry {
    name: String,
    template: String,
    params: toml::Table,
}

/// The enums of `game.toml`, by name, with their values.
fn game_enums(codex_dir: &Path) -> std::collections::BTreeMap<String, Vec<String>> {
    let text = fs::read_to_string(codex_dir.join("game.toml")).expect("game.toml is readable");
    let game: toml::Table = toml::from_str(&text).expect("game.toml is valid TOML");
    let Some(enums) = game.get("enums").and_then(|e| e.as_table()) else {
        return Default::default();
    };
    enums
        .iter()
        .map(|(name, def)| {
            let values = def["values"]
                .as_array()
                .expect("enum values")
                .iter()
                .map(|v| {
                    v.as_str()
                        .or_else(|| v.get("name").and_then(|n| n.as_str()))
                        .unwrap()
                        .to_string()
                })
                .collect();
            (name.clone(), values)
        })
        .collect()
}

/// The entries of one codex file key (`traits`) across all codex files.
fn typed_entries(codex_dir: &Path, file_key: &str) -> Vec<TypedEntry> {
    let mut entries = Vec::new();
    for file in fs::read_dir(codex_dir)
        .expect("codex dir")
        .map(|e| e.expect("entry").path())
    {
        if file.file_name().is_some_and(|n| n == "game.toml")
            || file.extension().is_none_or(|e| e != "toml")
        {
            continue;
        }
        let table: toml::Table =
            toml::from_str(&fs::read_to_string(&file).expect("readable")).expect("TOML");
        for item in table
            .get(file_key)
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            let name = item["name"].as_str().expect("name").to_string();
            let template = item
                .get("template")
                .and_then(|t| t.as_str())
                .unwrap_or(&name)
                .to_string();
            let params = item
                .get("params")
                .and_then(|p| p.as_table())
                .cloned()
                .unwrap_or_default();
            entries.push(TypedEntry {
                name,
                template,
                params,
            });
        }
    }
    entries
}

/// Lengths of the prefixes of `text` that a value of type `ty` can take.
fn slot_prefixes(
    ty: &str,
    text: &str,
    enums: &std::collections::BTreeMap<String, Vec<String>>,
) -> Vec<usize> {
    if ty.starts_with("int(") {
        let sign = usize::from(text.starts_with(['+', '-']));
        let digits = text[sign..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count();
        return if digits > 0 {
            vec![sign + digits]
        } else {
            vec![]
        };
    }
    if let Some(item) = ty.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        let mut ends = Vec::new();
        // `[[E]]`: each alternative is one or more values of E separated by spaces.
        let firsts = match item.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            Some(word) => word_prefixes(word, text, enums),
            None => slot_prefixes(item, text, enums),
        };
        for first in firsts {
            ends.push(first);
            if let Some(rest) = text[first..].strip_prefix(" OR ") {
                let offset = first + 4;
                ends.extend(
                    slot_prefixes(ty, rest, enums)
                        .into_iter()
                        .map(|end| offset + end),
                );
            }
        }
        return ends;
    }
    if let Some(values) = enums.get(ty) {
        return values
            .iter()
            .filter(|v| text.starts_with(v.as_str()))
            .map(String::len)
            .collect();
    }
    // `string`: any non-empty text that does not run into an ` OR `.
    text.char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take_while(|end| !text[..*end].contains(" OR "))
        .collect()
}

/// Lengths of the prefixes of `text` made of values of type `ty` separated by single spaces.
fn word_prefixes(
    ty: &str,
    text: &str,
    enums: &std::collections::BTreeMap<String, Vec<String>>,
) -> Vec<usize> {
    let mut ends = Vec::new();
    for first in slot_prefixes(ty, text, enums) {
        ends.push(first);
        if let Some(rest) = text[first..].strip_prefix(' ') {
            let offset = first + 1;
            ends.extend(
                word_prefixes(ty, rest, enums)
                    .into_iter()
                    .map(|end| offset + end),
            );
        }
    }
    ends
}

/// Whether `text` matches the entry's template exactly, slots typed.
fn typed_match(
    entry: &TypedEntry,
    text: &str,
    enums: &std::collections::BTreeMap<String, Vec<String>>,
) -> bool {
    fn go(
        parts: &[(bool, String)],
        entry: &TypedEntry,
        text: &str,
        enums: &std::collections::BTreeMap<String, Vec<String>>,
    ) -> bool {
        let Some(((is_slot, part), rest)) = parts.split_first() else {
            return text.is_empty();
        };
        if !is_slot {
            return text
                .strip_prefix(part.as_str())
                .is_some_and(|t| go(rest, entry, t, enums));
        }
        let ty = entry
            .params
            .get(part)
            .and_then(|t| t.as_str())
            .unwrap_or("string");
        slot_prefixes(ty, text, enums)
            .into_iter()
            .any(|end| go(rest, entry, &text[end..], enums))
    }
    let mut parts = Vec::new();
    let mut rest = entry.template.as_str();
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}').expect("closed slot");
        if open > 0 {
            parts.push((false, rest[..open].to_string()));
        }
        parts.push((true, rest[open + 1..close].to_string()));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        parts.push((false, rest.to_string()));
    }
    go(&parts, entry, text, enums)
}

/// Values of every `<property name="KEY" value="...">` of a set file, XML entities decoded.
fn octgn_property_values(xml: &str, key: &str) -> Vec<String> {
    let marker = format!("name=\"{key}\" value=\"");
    xml.match_indices(&marker)
        .filter_map(|(at, _)| {
            let start = at + marker.len();
            xml[start..]
                .find('"')
                .map(|end| xml[start..start + end].to_string())
        })
        .map(|v| {
            v.replace("&amp;", "&")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
        })
        .collect()
}

/// Traits and effect outcomes the OCTGN card data of every Arena set uses, as canonical text.
fn octgn_traits_and_outcomes(dir: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut traits = BTreeSet::new();
    let mut outcomes = BTreeSet::new();
    for file in support::OCTGN_SET_FILES.iter().map(|name| dir.join(name)) {
        let xml = fs::read_to_string(&file).expect("set file is readable");
        for value in octgn_property_values(&xml, "Traits") {
            traits.extend(
                value
                    .split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .filter(|t| !OCTGN_TEXT_FRAGMENTS.contains(t))
                    .filter_map(canonical_trait),
            );
        }
        for bar in octgn_property_values(&xml, "cAttacks") {
            for field in bar.split([';', '|']) {
                let (key, value) = field.split_once('=').unwrap_or((field, ""));
                let key = key.trim();
                if key == "effects" {
                    // One item may join outcomes with `+` (`'Bleed + Rot'`).
                    outcomes.extend(
                        value
                            .split('\'')
                            .skip(1)
                            .step_by(2)
                            .flat_map(|item| item.split('+'))
                            .map(|outcome| outcome.trim().to_string()),
                    );
                } else if value == "True"
                    && !key.is_empty()
                    && !key.starts_with('[')
                    && !SCHOOL_FLAGS.contains(&key)
                    && key.split_whitespace().count() <= 4
                    && !key.ends_with('.')
                {
                    traits.extend(canonical_trait(key));
                } else if let Some(stem) = key.strip_suffix("+X") {
                    traits.extend(canonical_trait(&format!("{stem}+{value}")));
                }
            }
        }
    }
    (traits, outcomes)
}

#[test]
fn every_trait_and_effect_outcome_of_the_card_data_has_exactly_one_entry() {
    let Some(shared) = support::shared_dir() else {
        return;
    };
    let codex_dir = support::repo_root().join("codex/mage-wars");
    let enums = game_enums(&codex_dir);
    let traits = typed_entries(&codex_dir, "traits");
    let conditions = typed_entries(&codex_dir, "conditions");
    let (used_traits, used_outcomes) =
        octgn_traits_and_outcomes(&shared.join("data/octgn-mage-wars"));
    assert!(
        used_traits.len() >= 80,
        "found only {} traits in the card data",
        used_traits.len()
    );
    let problems: Vec<String> = used_traits
        .iter()
        .map(|text| (text, &traits))
        .chain(used_outcomes.iter().map(|text| (text, &conditions)))
        .filter_map(|(text, entries)| {
            let matching: Vec<&str> = entries
                .iter()
                .filter(|e| typed_match(e, text, &enums))
                .map(|e| e.name.as_str())
                .collect();
            (matching.len() != 1).then(|| format!("`{text}` matches {matching:?}"))
        })
        .collect();
    assert!(
        problems.is_empty(),
        "card-data traits without exactly one entry: {problems:#?}"
    );
}

#[test]
fn typed_templates_match_signs_enums_and_or_lists() {
    let enums = [(
        "DamageType".to_string(),
        vec!["Flame".to_string(), "Poison".to_string()],
    )]
    .into_iter()
    .collect();
    let entry = |template: &str, params: &str| TypedEntry {
        name: template.into(),
        template: template.into(),
        params: toml::from_str(params).unwrap(),
    };
    let damage = entry(
        "{damage_type} {x}",
        "damage_type = \"DamageType\"\nx = \"int(-9..=9)\"",
    );
    assert!(typed_match(&damage, "Flame -2", &enums));
    assert!(!typed_match(&damage, "Blocks LoS", &enums));
    let versus = entry(
        "+{x} vs {targets}",
        "x = \"int(0..=9)\"\ntargets = \"[string]\"",
    );
    assert!(typed_match(
        &versus,
        "+1 vs Nonliving OR Dark Creatures",
        &enums
    ));
    assert!(!typed_match(&versus, "+1 vs ", &enums));
    let piercing = entry("Piercing +{x}", "x = \"int(0..=9)\"");
    assert!(typed_match(&piercing, "Piercing +2", &enums));
    assert!(!typed_match(&piercing, "Piercing +2 ", &enums));
    assert_eq!(
        canonical_trait("+2 vs. Nonliving or Dark Creatures").as_deref(),
        Some("+2 vs Nonliving OR Dark Creatures")
    );
}
