//! Odd records of the card list: each is mapped, reported or refused, never a panic.

use std::fs;
use std::path::Path;

use serde_json::json;

use super::import_summoner_wars;
use crate::{ImportError, Report};

/// The repository's Summoner Wars codex (its factions and abilities are the words the records
/// map onto, and the cards must compile against it), copied into `dir`.
fn codex(dir: &Path) {
    let repo_codex = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../codex/summoner-wars");
    for entry in fs::read_dir(repo_codex).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "toml") {
            fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
}

/// Imports `list` (JSON text) into a fresh directory; returns the report and the written
/// files' text, in path order.
fn import(list: &str) -> (Result<Report, ImportError>, String) {
    let dir = tempfile::tempdir().unwrap();
    let codex_dir = dir.path().join("codex");
    fs::create_dir(&codex_dir).unwrap();
    codex(&codex_dir);
    let data = dir.path().join("cards.json");
    fs::write(&data, list).unwrap();
    let out = dir.path().join("out");
    let result = import_summoner_wars(&data, &codex_dir, &out);
    let mut text = String::new();
    if let Ok(sets) = fs::read_dir(&out) {
        let mut files: Vec<_> = sets
            .flat_map(|set| fs::read_dir(set.unwrap().path()).unwrap())
            .map(|file| file.unwrap().path())
            .collect();
        files.sort();
        for file in files {
            text += &fs::read_to_string(file).unwrap();
        }
    }
    (result, text)
}

fn list(cards: serde_json::Value) -> String {
    json!({ "edition": "Summoner Wars first edition", "source": "test", "cards": cards })
        .to_string()
}

fn fencer() -> serde_json::Value {
    json!({ "name": "Fencer", "class": "common", "source_file": "phoenixelves", "attack": 1,
            "range": 1, "cost": 0, "life": 1, "faction": "Phoenix Elves", "abilities": ["Riposte"] })
}

fn messages(findings: &[crate::Finding]) -> Vec<String> {
    findings.iter().map(ToString::to_string).collect()
}

#[test]
fn a_plain_record_becomes_a_first_edition_card() {
    let (report, text) = import(&list(json!([fencer()])));
    let report = report.unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.cards_written, 1);
    assert!(text.contains("[[card]]\nname = \"Fencer\"\nkind = \"common\"\nfaction = \"Phoenix Elves\"\nedition = \"First\"\ncost = 0\nstrength = 1\nattack_type = \"Melee\"\nrange = 1\nlife = 1\nabilities = [\"Riposte\"]\n"), "{text}");
}

#[test]
fn a_placeholder_faction_is_taken_from_the_deck_file() {
    let event = json!({ "name": "Muster", "class": "event", "source_file": "mountainvargath", "faction": "faction" });
    let (report, text) = import(&list(json!([event])));
    let report = report.unwrap();
    assert!(report.is_clean(), "{report}");
    assert!(text.contains("faction = \"Mountain Vargath\""), "{text}");
    assert!(
        messages(&report.notes)[0].contains("not a faction"),
        "{report}"
    );
}

#[test]
fn one_name_in_two_factions_makes_two_cards() {
    let mut other = fencer();
    other["faction"] = json!("Mountain Vargath");
    other["source_file"] = json!("mountainvargath");
    let (report, text) = import(&list(json!([fencer(), other])));
    let report = report.unwrap();
    assert_eq!(report.cards_written, 2, "{report}");
    assert!(text.contains("name = \"Fencer (Phoenix Elves)\""), "{text}");
    assert!(
        text.contains("name = \"Fencer (Mountain Vargath)\""),
        "{text}"
    );
}

#[test]
fn a_placeholder_faction_or_another_class_also_tells_cards_apart() {
    let mut placeholder = fencer();
    placeholder["faction"] = json!("faction");
    placeholder["source_file"] = json!("mountainvargath");
    let event = json!({ "name": "Fencer", "class": "event", "source_file": "phoenixelves", "faction": "Phoenix Elves" });
    let (report, text) = import(&list(json!([fencer(), placeholder, event])));
    let report = report.unwrap();
    assert_eq!(report.cards_written, 3, "{report}");
    for name in [
        "Fencer (Phoenix Elves, common)",
        "Fencer (Mountain Vargath, common)",
        "Fencer (Phoenix Elves, event)",
    ] {
        assert!(
            text.contains(&format!("name = \"{name}\"")),
            "{name}:\n{text}"
        );
    }
    let (report, text) = import(&list(
        json!([fencer(), { "name": "Fencer", "class": "event", "source_file": "phoenixelves", "faction": "Phoenix Elves" }]),
    ));
    assert_eq!(report.unwrap().cards_written, 2);
    assert!(
        text.contains("name = \"Fencer (common)\"") && text.contains("name = \"Fencer (event)\""),
        "{text}"
    );
}

#[test]
fn a_repeated_record_is_one_card_and_a_differing_repeat_is_noted() {
    let mut stronger = fencer();
    stronger["attack"] = json!(2);
    let (report, text) = import(&list(json!([fencer(), fencer(), stronger])));
    let report = report.unwrap();
    assert_eq!(report.cards_written, 1, "{report}");
    assert_eq!(text.matches("[[card]]").count(), 1, "{text}");
    let notes = messages(&report.notes);
    assert!(
        notes
            .iter()
            .any(|note| note.contains("reprint differs") && note.contains("strength")),
        "{report}"
    );
}

#[test]
fn the_structure_marker_the_second_part_and_a_misspelling_are_mapped() {
    let tower = json!({ "name": "Tower", "class": "champion", "source_file": "phoenixelves", "attack": 2,
        "range": 3, "cost": 6, "life": 8, "faction": "Phoenix Elves",
        "abilities": ["Built", "Gem Magic", "Gem Magic2", "Swift Manuever"] });
    let (report, text) = import(&list(json!([tower])));
    let report = report.unwrap();
    assert!(report.is_clean(), "{report}");
    assert!(text.contains("attack_type = \"Ranged\""), "{text}");
    assert!(
        text.contains("structure = true\nabilities = [\"Gem Magic\", \"Swift Maneuver\"]"),
        "{text}"
    );
    assert_eq!(report.notes.len(), 3, "{report}");
}

#[test]
fn odd_values_are_unmapped_and_incomplete_cards_are_not_written() {
    let cards = json!([
        { "name": "Unknown Field", "class": "common", "source_file": "phoenixelves", "attack": 1, "range": 1,
          "cost": 1, "life": 1, "faction": "Phoenix Elves", "rarity": "rare" },
        { "name": "Stringly", "class": "common", "source_file": "phoenixelves", "attack": "2", "range": 1,
          "cost": 1, "life": 1, "faction": "Phoenix Elves" },
        { "name": "Negative", "class": "common", "source_file": "phoenixelves", "attack": 1, "range": 1,
          "cost": 1, "life": -1, "faction": "Phoenix Elves" },
        { "name": "Far", "class": "common", "source_file": "phoenixelves", "attack": 1, "range": 5,
          "cost": 1, "life": 1, "faction": "Phoenix Elves" },
        { "name": "Costly Summoner", "class": "summoner", "source_file": "phoenixelves", "attack": 1,
          "range": 1, "cost": 3, "life": 6, "faction": "Phoenix Elves" },
        { "name": "Free Champion", "class": "champion", "source_file": "phoenixelves", "attack": 1,
          "range": 1, "life": 6, "faction": "Phoenix Elves" },
        { "name": "Armed Event", "class": "event", "source_file": "phoenixelves", "attack": 1,
          "faction": "Phoenix Elves", "abilities": ["Riposte"] },
        { "name": "Odd Class", "class": "wall", "faction": "Phoenix Elves" },
        { "name": "No Class", "faction": "Phoenix Elves" },
        { "name": "Lost", "class": "event", "faction": "Elves of Nowhere" },
        { "name": "Bad Abilities", "class": "common", "source_file": "phoenixelves", "attack": 1, "range": 1,
          "cost": 1, "life": 1, "faction": "Phoenix Elves", "abilities": "Riposte" },
        { "name": "Mixed Abilities", "class": "common", "source_file": "phoenixelves", "attack": 1, "range": 1,
          "cost": 1, "life": 1, "faction": "Phoenix Elves", "abilities": [3, "Teleport", "Riposte", "Riposte"] },
        { "class": "event", "faction": "Phoenix Elves" },
        { "name": "   ", "class": "event", "faction": "Phoenix Elves" },
        "not a record",
        null,
        { "name": 7, "class": "event" }
    ]);
    let (report, text) = import(&list(cards));
    let report = report.unwrap();
    let unmapped = messages(&report.unmapped);
    let expect = [
        "Unknown Field: rarity: unknown field",
        "Stringly: attack: expected a whole number",
        "Negative: life: expected a whole number",
        "Far: range: 5 is not a range",
        "Costly Summoner: cost: a summoner has no cost",
        "Free Champion: cost: missing",
        "Armed Event: attack: an event has no",
        "Armed Event: abilities: an event has no abilities",
        "Odd Class: class: `wall` is not",
        "No Class: class: missing",
        "Lost: faction: `Elves of Nowhere` is not a faction",
        "Bad Abilities: abilities: expected a list",
        "Mixed Abilities: abilities: every ability must be a name",
        "Mixed Abilities: abilities: `Teleport` is not an ability",
        "record 13: name: missing",
        "record 14: name: missing",
        "record 15: name: missing",
        "record 16: name: missing",
        "record 17: name: missing",
    ];
    for wanted in expect {
        assert!(
            unmapped.iter().any(|message| message.contains(wanted)),
            "no unmapped finding `{wanted}`:\n{report}"
        );
    }
    for written in [
        "Unknown Field",
        "Armed Event",
        "Bad Abilities",
        "Mixed Abilities",
        "Costly Summoner",
    ] {
        assert!(
            text.contains(&format!("name = \"{written}\"")),
            "{written} missing:\n{text}"
        );
    }
    for refused in [
        "Stringly",
        "Negative",
        "Far",
        "Free Champion",
        "Odd Class",
        "No Class",
        "Lost",
    ] {
        assert!(
            !text.contains(&format!("name = \"{refused}\"")),
            "{refused} written:\n{text}"
        );
    }
    assert!(text.contains("abilities = [\"Riposte\"]\n"), "{text}");
    assert!(
        messages(&report.notes)
            .iter()
            .any(|note| note.contains("listed twice")),
        "{report}"
    );
}

#[test]
fn a_structure_card_keeps_its_cost_and_life_and_refuses_attack_numbers() {
    let gate = json!({ "name": "Gate", "class": "Structure", "source_file": "phoenixelves", "cost": 0,
        "life": 9, "attack": 1, "faction": "Phoenix Elves", "abilities": ["Built"] });
    let (report, text) = import(&list(json!([gate])));
    let report = report.unwrap();
    assert!(
        text.contains("kind = \"structure\"\nfaction = \"Phoenix Elves\"\nedition = \"First\"\ncost = 0\nlife = 9\n"),
        "{text}"
    );
    assert!(!text.contains("structure = true"), "{text}");
    assert!(
        messages(&report.unmapped)[0].contains("a structure card has no `attack`"),
        "{report}"
    );
}

#[test]
fn the_top_level_is_checked() {
    let (report, _) = import(&json!({ "cards": [fencer()], "version": 2 }).to_string());
    let report = report.unwrap();
    let unmapped = messages(&report.unmapped);
    assert!(
        unmapped
            .iter()
            .any(|m| m.contains("unknown top-level field `version`")),
        "{report}"
    );
    assert!(
        unmapped.iter().any(|m| m.contains("names no edition")),
        "{report}"
    );
    let (second, text) =
        import(&json!({ "edition": "Second edition", "cards": [fencer()] }).to_string());
    assert!(
        second.unwrap().cards_written == 1 && text.contains("edition = \"Second\""),
        "{text}"
    );
    for (bad, wanted) in [
        ("[1, 2]", "expected an object"),
        ("{\"edition\": \"first\"}", "expected a `cards` list"),
        (
            "{\"cards\": [\n  {\"name\": \"Fencer\",}\n]}",
            "cards.json:2:",
        ),
    ] {
        let (result, _) = import(bad);
        let error = result.expect_err(bad).to_string();
        assert!(error.contains(wanted), "{bad}: {error}");
    }
}

#[test]
fn importing_twice_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let codex_dir = dir.path().join("codex");
    fs::create_dir(&codex_dir).unwrap();
    codex(&codex_dir);
    let data = dir.path().join("cards.json");
    fs::write(&data, list(json!([fencer()]))).unwrap();
    let out = dir.path().join("out");
    import_summoner_wars(&data, &codex_dir, &out).unwrap();
    let file = out.join("first-edition").join("commons.toml");
    let first = fs::read_to_string(&file).unwrap();
    let again = import_summoner_wars(&data, &codex_dir, &out).unwrap();
    assert_eq!(again.cards_written, 0, "{again}");
    assert_eq!(fs::read_to_string(&file).unwrap(), first);
}
