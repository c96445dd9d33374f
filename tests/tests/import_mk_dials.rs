//! `grimoire import mk-dials`: the real dial data against the committed pool, and small
//! hand-written files in the same format with every kind of odd record (each must give a
//! report line and never a panic), merging into an existing pool, and unreadable files.

use std::fs;
use std::path::{Path, PathBuf};

use grimoire_import::{import_mk_dials, ImportError, Report};
use serde_json::{json, Value};

use crate::support::{files_under, location, repo_root, shared_dir};

fn codex_dir() -> PathBuf {
    repo_root().join("codex").join("mage-knight")
}

#[test]
fn the_real_dials_import_with_zero_unmapped_fields_into_the_committed_pool() {
    let Some(shared) = shared_dir() else { return };
    let data = shared.join("data/mage-knight/dials.json");
    let out = tempfile::tempdir().expect("temp dir");
    let report = import_mk_dials(&[data], out.path(), &codex_dir()).expect("imports");
    assert!(report.unmapped.is_empty(), "unmapped fields:\n{report}");
    assert_eq!(report.cards_written, 109, "{report}");
    assert!(report.skipped.is_empty(), "{report}");
    let pool = repo_root().join("cards/mage-knight");
    let fresh_files = files_under(out.path());
    assert_eq!(fresh_files, files_under(&pool), "the pool's files differ");
    for file in &fresh_files {
        let fresh = fs::read_to_string(out.path().join(file)).expect("fresh file");
        let committed = fs::read_to_string(pool.join(file)).expect("committed file");
        assert!(
            fresh == committed,
            "{} differs from a fresh import; run `grimoire import mk-dials ../shared/data/mage-knight/dials.json --out cards/mage-knight`",
            file.display()
        );
    }
}

// ---- a small file in the same format -------------------------------------------------

/// A live click: speed, attack, defense, damage and four ability ids (85 = blank).
fn live(click: usize, values: [i64; 4], abilities: [i64; 4]) -> Value {
    json!({
        "click": click,
        "speed": values[0], "speed_ability": abilities[0],
        "attack": values[1], "attack_ability": abilities[1],
        "defense": values[2], "defense_ability": abilities[2],
        "damage": values[3], "damage_ability": abilities[3],
    })
}

fn dead(click: usize) -> Value {
    json!({
        "click": click,
        "speed": "dead", "speed_ability": 93, "attack": "dead", "attack_ability": 93,
        "defense": "dead", "defense_ability": 93, "damage": "dead", "damage_ability": 93,
    })
}

/// A well-formed figure: three live clicks (Charge, Battle Armor) and nine dead ones.
fn figure(name: &str, model_id: i64, number: i64) -> Value {
    let mut clicks = vec![
        live(0, [8, 9, 15, 2], [91, 85, 87, 85]),
        live(1, [7, 8, 14, 2], [91, 85, 85, 85]),
        live(2, [6, 7, 13, 1], [85, 85, 85, 85]),
    ];
    clicks.extend((3..12).map(dead));
    json!({
        "model_id": model_id,
        "name": name,
        "full_name": format!("{name} - **"),
        "expansion": "Rebellion",
        "rank": "Standard",
        "frequency": 3,
        "point_value": 25,
        "figure_number": number,
        "range": 0,
        "arc": 90,
        "factions": ["Orc Raiders"],
        "base_type": "infantry",
        "correct_name_id": format!("R{number:03}"),
        "dials": [{ "dial_id": model_id, "clicks": clicks }],
    })
}

fn dial_file(figures: Vec<Value>) -> Value {
    json!({
        "source": "hand-written test data",
        "figures": figures,
        "special_abilities": [
            { "id": 85, "stat": "Any", "short_name": "----", "name": "----", "optional": true, "color": "", "symbol": "" },
            { "id": 87, "stat": "Defense", "short_name": "BATTLEARMOR", "name": "Battle Armor", "optional": false, "color": "green", "symbol": "ab_squ" },
            { "id": 91, "stat": "Speed", "short_name": "CHARGE", "name": "Charge", "optional": true, "color": "green", "symbol": "ab_squ" },
            { "id": 93, "stat": "Any", "short_name": "DEAD", "name": "Dead", "optional": true, "color": "", "symbol": "ab_skull" },
            { "id": 97, "stat": "Attack", "short_name": "FLAME/LIGHTNING", "name": "Flame/Lightning", "optional": true, "color": "", "symbol": "ab_squ" },
            { "id": 120, "stat": "Damage", "short_name": "STARTINGPOSITION", "name": "Staring Position", "optional": false, "color": "green", "symbol": "ab_squ" },
        ],
        "expansions": [
            { "id": 7, "name": "Rebellion", "collection_class": "rebellion", "short_name": "r" },
            { "id": 9, "name": "Unlimited", "collection_class": "unlimited", "short_name": "u" },
        ],
        "factions": [{ "id": 10, "name": "Orc Raiders", "short_name": "OrcRaiders" }],
    })
}

/// Imports `files` (JSON values, written as `0.json`, `1.json`...) into `out`.
fn import(out: &Path, files: &[Value]) -> Result<Report, ImportError> {
    let dir = tempfile::tempdir().expect("temp dir");
    let paths: Vec<PathBuf> = files
        .iter()
        .enumerate()
        .map(|(index, file)| {
            let path = dir.path().join(format!("{index}.json"));
            fs::write(&path, serde_json::to_string_pretty(file).expect("json")).expect("write");
            path
        })
        .collect();
    import_mk_dials(&paths, out, &codex_dir())
}

fn import_one(figures: Vec<Value>) -> (Report, tempfile::TempDir) {
    let out = tempfile::tempdir().expect("temp dir");
    let report = import(out.path(), &[dial_file(figures)]).expect("imports");
    (report, out)
}

fn warriors(out: &Path, set: &str) -> toml::Table {
    let text = fs::read_to_string(out.join(set).join("warriors.toml")).expect("warriors file");
    text.parse().expect("valid TOML")
}

fn cards(out: &Path, set: &str) -> Vec<toml::Table> {
    warriors(out, set)["card"]
        .as_array()
        .expect("cards")
        .iter()
        .map(|card| card.as_table().expect("table").clone())
        .collect()
}

/// Whether some line of `list` (as the report prints it) contains every part.
fn has(list: &[grimoire_import::Finding], parts: &[&str]) -> bool {
    list.iter().any(|finding| {
        let line = finding.to_string();
        parts.iter().all(|part| line.contains(part))
    })
}

#[test]
fn a_clean_figure_maps_every_field() {
    let (report, out) = import_one(vec![figure("Orc Raider", 1, 5)]);
    assert!(report.is_clean(), "{report}");
    assert!(report.notes.is_empty(), "{report}");
    assert_eq!(report.cards_written, 1);
    let card = &cards(out.path(), "rebellion")[0];
    assert_eq!(card["name"].as_str(), Some("Orc Raider (Standard)"));
    assert_eq!(card["kind"].as_str(), Some("warrior"));
    assert_eq!(
        card["printings"].to_string(),
        r#"[{ set = "rebellion", number = "R005" }]"#
    );
    assert_eq!(card["model_id"].as_integer(), Some(1));
    assert_eq!(card["rarity"].as_integer(), Some(3));
    assert_eq!(card["point_value"].as_integer(), Some(25));
    assert_eq!(card["base_type"].as_str(), Some("Infantry"));
    assert_eq!(card["front_arc"].as_integer(), Some(90));
    assert_eq!(card["range"].as_integer(), Some(0));
    assert!(card.get("targets").is_none(), "one target is the default");
    assert_eq!(card["dead_clicks"].as_integer(), Some(9));
    let dial = card["dial"].as_array().expect("dial");
    assert_eq!(dial.len(), 3);
    assert_eq!(dial[0]["speed_ability"].as_str(), Some("Charge"));
    assert_eq!(dial[0]["defense_ability"].as_str(), Some("Battle Armor"));
    assert!(
        dial[2].get("speed_ability").is_none(),
        "blank slots are left out"
    );
}

#[test]
fn range_text_gives_range_and_targets() {
    let mut two = figure("Gunner", 1, 5);
    two["range"] = json!("10 (2 Targets)");
    let mut one = figure("Golem", 2, 6);
    one["range"] = json!("0 - 1 Target");
    let mut bad = figure("Archer", 3, 7);
    bad["range"] = json!("far");
    let (report, out) = import_one(vec![two, one, bad]);
    let cards = cards(out.path(), "rebellion");
    assert_eq!(cards[0]["range"].as_integer(), Some(10));
    assert_eq!(cards[0]["targets"].as_integer(), Some(2));
    assert_eq!(cards[1]["range"].as_integer(), Some(0));
    assert_eq!(
        cards.len(),
        2,
        "the figure with an unreadable range is not written"
    );
    assert!(
        has(
            &report.unmapped,
            &["figures[2]", "Archer", "range", "\"far\""]
        ),
        "{report}"
    );
}

#[test]
fn an_empty_name_is_taken_from_the_full_name_or_reported() {
    let mut recoverable = figure("", 1, 5);
    recoverable["full_name"] = json!("Bakus - LE");
    recoverable["rank"] = json!("Promo L6");
    recoverable["frequency"] = json!("LE 6");
    let mut nameless = figure("", 2, 6);
    nameless["full_name"] = json!("");
    let (report, out) = import_one(vec![recoverable, nameless]);
    let cards = cards(out.path(), "rebellion");
    assert_eq!(cards.len(), 1);
    assert_eq!(
        cards[0]["name"].as_str(),
        Some("Bakus"),
        "no stars: no rank suffix"
    );
    assert_eq!(cards[0]["rarity"].as_integer(), Some(6));
    assert!(
        has(
            &report.notes,
            &["figures[0]", "name", "taken from `full_name`"]
        ),
        "{report}"
    );
    assert!(
        has(
            &report.unmapped,
            &["figures[1]", "(no name)", "name", "empty"]
        ),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["figures[1]", "not written"]),
        "{report}"
    );
}

#[test]
fn text_in_numeric_fields_is_read_when_it_is_a_number_and_reported_when_not() {
    let mut quoted = figure("Quoted", 1, 5);
    quoted["point_value"] = json!("25");
    let mut words = figure("Words", 2, 6);
    words["point_value"] = json!("twenty");
    let mut click_text = figure("Click Text", 3, 7);
    click_text["dials"][0]["clicks"][1]["attack"] = json!("x");
    let mut out_of_range = figure("Huge", 4, 8);
    out_of_range["point_value"] = json!(5000);
    let (report, out) = import_one(vec![quoted, words, click_text, out_of_range]);
    let cards = cards(out.path(), "rebellion");
    assert_eq!(cards.len(), 1, "{report}");
    assert_eq!(cards[0]["point_value"].as_integer(), Some(25));
    assert!(
        has(&report.notes, &["Quoted", "point_value", "as text"]),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["Words", "point_value", "\"twenty\""]),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["Click Text", "click 1.attack", "\"x\""]),
        "{report}"
    );
    assert!(
        has(
            &report.unmapped,
            &["Huge", "point_value", "outside the schema's range"]
        ),
        "{report}"
    );
}

#[test]
fn duplicate_figures_are_skipped_or_reported() {
    let original = figure("Twin", 1, 5);
    let mut changed = figure("Twin", 1, 5);
    changed["point_value"] = json!(30);
    let (report, out) = import_one(vec![original.clone(), original, changed]);
    assert_eq!(report.cards_written, 1, "{report}");
    assert_eq!(
        cards(out.path(), "rebellion")[0]["point_value"].as_integer(),
        Some(25)
    );
    assert!(
        has(
            &report.skipped,
            &["figures[1]", "duplicate of 0.json figures[0]", "same data"]
        ),
        "{report}"
    );
    assert!(
        has(
            &report.unmapped,
            &["figures[2]", "duplicate of", "point_value", "first is kept"]
        ),
        "{report}"
    );
}

#[test]
fn unknown_ability_ids_are_reported() {
    let mut odd = figure("Odd", 1, 5);
    odd["dials"][0]["clicks"][0]["attack_ability"] = json!(999);
    let (report, out) = import_one(vec![odd, figure("Fine", 2, 6)]);
    assert_eq!(cards(out.path(), "rebellion").len(), 1);
    assert!(
        has(
            &report.unmapped,
            &[
                "Odd",
                "click 0.attack_ability",
                "unknown special ability id 999"
            ]
        ),
        "{report}"
    );
}

#[test]
fn abilities_are_referenced_by_their_codex_names() {
    let mut typo = figure("Typo", 1, 5);
    typo["dials"][0]["clicks"][0]["damage_ability"] = json!(120);
    typo["dials"][0]["clicks"][0]["attack_ability"] = json!(97);
    let (report, out) = import_one(vec![typo]);
    assert!(report.is_clean(), "{report}");
    let card = &cards(out.path(), "rebellion")[0];
    let first = &card["dial"].as_array().expect("dial")[0];
    assert_eq!(first["damage_ability"].as_str(), Some("Starting Position"));
    assert_eq!(first["attack_ability"].as_str(), Some("Flame Lightning"));
    assert!(
        has(
            &report.notes,
            &["`Staring Position` taken as codex `Starting Position`"]
        ),
        "{report}"
    );
}

#[test]
fn missing_and_broken_dial_clicks_are_reported() {
    let mut gap = figure("Gap", 1, 5);
    gap["dials"][0]["clicks"]
        .as_array_mut()
        .expect("clicks")
        .remove(1);
    let mut short = figure("Short", 2, 6);
    short["dials"][0]["clicks"]
        .as_array_mut()
        .expect("clicks")
        .truncate(3);
    let mut partly = figure("Partly", 3, 7);
    partly["dials"][0]["clicks"][4]["attack"] = json!(3);
    let mut revived = figure("Revived", 4, 8);
    revived["dials"][0]["clicks"][5] = live(5, [1, 1, 1, 1], [85, 85, 85, 85]);
    let mut no_dial = figure("No Dial", 5, 9);
    no_dial["dials"] = json!([]);
    let mut two_dials = figure("Two Dials", 6, 10);
    let dial = two_dials["dials"][0].clone();
    two_dials["dials"] = json!([dial.clone(), dial]);
    let mut not_a_click = figure("Not A Click", 7, 11);
    not_a_click["dials"][0]["clicks"][0] = json!("click");
    let mut ended = figure("Ended", 8, 12);
    ended["dials"][0]["clicks"]
        .as_array_mut()
        .expect("clicks")
        .truncate(5);
    let mut long = figure("Long", 9, 13);
    let clicks = long["dials"][0]["clicks"].as_array_mut().expect("clicks");
    clicks.extend((12..20).map(dead));
    let (report, out) = import_one(vec![
        gap,
        short,
        partly,
        revived,
        no_dial,
        two_dials,
        not_a_click,
        ended,
        long,
    ]);
    assert!(
        has(
            &report.unmapped,
            &["Gap", "click 1.click", "missing or out of order"]
        ),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["Short", "3 clicks and none dead"]),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["Partly", "click 4", "partly dead"]),
        "{report}"
    );
    assert!(
        has(
            &report.unmapped,
            &["Revived", "click 5", "live click after a dead one"]
        ),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["No Dial", "dials", "no dial"]),
        "{report}"
    );
    assert!(has(&report.unmapped, &["Two Dials", "2 dials"]), "{report}");
    assert!(
        has(
            &report.unmapped,
            &["Not A Click", "click 0", "expected a click object"]
        ),
        "{report}"
    );
    assert!(
        has(
            &report.unmapped,
            &["Long", "dead_clicks", "17 is outside the schema's range"]
        ),
        "{report}"
    );
    // A shorter dial that ends with dead clicks is usable: a note, and the card is written.
    assert!(
        has(&report.notes, &["Ended", "5 clicks instead of 12"]),
        "{report}"
    );
    let cards = cards(out.path(), "rebellion");
    assert_eq!(cards.len(), 1, "{report}");
    assert_eq!(cards[0]["name"].as_str(), Some("Ended (Standard)"));
    assert_eq!(cards[0]["dead_clicks"].as_integer(), Some(2));
}

#[test]
fn unknown_fields_and_values_are_unmapped() {
    let mut extra = figure("Extra", 1, 5);
    extra["sculptor"] = json!("someone");
    extra["dials"][0]["clicks"][0]["nexus"] = json!(true);
    let mut faction = figure("Faction", 2, 6);
    faction["factions"] = json!(["Orc Raider", "Elven Lords"]);
    let mut base = figure("Base", 3, 7);
    base["base_type"] = json!("chariot");
    let mut empty_base = figure("Empty Base", 4, 8);
    empty_base["base_type"] = json!("");
    let mut lone = figure("Lone", 5, 9);
    lone["factions"] = json!("Orc Raiders");
    let (report, out) = import_one(vec![extra, faction, base, empty_base, lone]);
    assert!(
        has(
            &report.unmapped,
            &["Extra", "sculptor", "unknown figure field"]
        ),
        "{report}"
    );
    assert!(
        has(
            &report.unmapped,
            &["Extra", "click 0.nexus", "unknown click field"]
        ),
        "{report}"
    );
    assert!(
        has(
            &report.notes,
            &["Faction", "\"Orc Raider\" taken as Faction `Orc Raiders`"]
        ),
        "{report}"
    );
    assert!(
        has(
            &report.unmapped,
            &[
                "Faction",
                "factions[1]",
                "`Elven Lords` is not a known Faction"
            ]
        ),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["Base", "base_type", "`chariot`"]),
        "{report}"
    );
    assert!(
        has(&report.notes, &["Empty Base", "base_type", "empty"]),
        "{report}"
    );
    assert!(
        has(&report.notes, &["Lone", "factions", "single name"]),
        "{report}"
    );
    let names: Vec<String> = cards(out.path(), "rebellion")
        .iter()
        .map(|card| card["name"].as_str().expect("name").to_owned())
        .collect();
    // Extra data and an optional base type do not stop a figure; an unknown faction does.
    assert_eq!(
        names,
        [
            "Extra (Standard)",
            "Base (Standard)",
            "Empty Base (Standard)",
            "Lone (Standard)"
        ]
    );
}

#[test]
fn records_of_any_shape_never_panic() {
    let mut nulls = figure("Nulls", 1, 5);
    for key in [
        "expansion",
        "rank",
        "point_value",
        "arc",
        "factions",
        "dials",
    ] {
        nulls[key] = Value::Null;
    }
    let records = vec![
        Value::Null,
        json!(42),
        json!("figure"),
        json!([1, 2]),
        json!({}),
        nulls,
    ];
    let (report, out) = import_one(records);
    assert_eq!(report.cards_written, 0, "{report}");
    assert!(!out.path().join("rebellion").exists());
    for index in 0..4 {
        assert!(
            has(
                &report.unmapped,
                &[&format!("figures[{index}]"), "expected a figure object"]
            ),
            "{report}"
        );
    }
    assert!(
        has(&report.unmapped, &["figures[4]", "name", "empty"]),
        "{report}"
    );
    for field in [
        "expansion",
        "rank",
        "point_value",
        "arc",
        "factions",
        "dials",
    ] {
        assert!(
            has(&report.unmapped, &["Nulls", field]),
            "{field}: {report}"
        );
    }
}

#[test]
fn a_second_import_merges_instead_of_duplicating() {
    let out = tempfile::tempdir().expect("temp dir");
    let file = dial_file(vec![figure("Orc Raider", 1, 5)]);
    let first = import(out.path(), std::slice::from_ref(&file)).expect("first");
    assert_eq!(first.cards_written, 1);
    let before = fs::read_to_string(out.path().join("rebellion/warriors.toml")).expect("file");
    let again = import(out.path(), &[file]).expect("again");
    assert_eq!(
        (again.cards_written, again.printings_added),
        (0, 0),
        "{again}"
    );
    assert!(again.is_clean() && again.notes.is_empty(), "{again}");
    let after = fs::read_to_string(out.path().join("rebellion/warriors.toml")).expect("file");
    assert_eq!(before, after);

    // The same figure reprinted in another expansion: one card, two printings.
    let mut reprint = figure("Orc Raider", 2, 77);
    reprint["expansion"] = json!("Unlimited");
    reprint["correct_name_id"] = json!("U077");
    // Another figure with the same name and different numbers: a card of its own.
    let mut other = figure("Orc Raider", 3, 9);
    other["point_value"] = json!(40);
    let merged = import(out.path(), &[dial_file(vec![reprint, other])]).expect("merge");
    assert_eq!(
        (merged.cards_written, merged.printings_added),
        (1, 1),
        "{merged}"
    );
    let cards = cards(out.path(), "rebellion");
    assert_eq!(cards.len(), 2);
    assert_eq!(
        cards[0]["printings"].to_string(),
        r#"[{ set = "rebellion", number = "R005" }, { set = "unlimited", number = "U077" }]"#
    );
    assert_eq!(
        cards[1]["name"].as_str(),
        Some("Orc Raider (Standard) (R009)")
    );
    assert!(
        has(
            &merged.notes,
            &["another figure named `Orc Raider (Standard)`", "R009"]
        ),
        "{merged}"
    );

    // Changed data for a figure already in the pool: the pool keeps its card, with a note.
    let mut changed = figure("Orc Raider", 1, 5);
    changed["arc"] = json!(180);
    let noted = import(out.path(), &[dial_file(vec![changed])]).expect("changed");
    assert_eq!(
        (noted.cards_written, noted.printings_added),
        (0, 0),
        "{noted}"
    );
    assert!(
        has(&noted.notes, &["already in the pool", "front_arc"]),
        "{noted}"
    );
}

#[test]
fn unreadable_files_stop_with_line_and_column_and_write_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    let bad = dir.path().join("bad.json");
    fs::write(&bad, "{\n  \"figures\": [\n    {\"name\": }\n  ]\n}\n").expect("write");
    let good = dir.path().join("good.json");
    fs::write(&good, dial_file(vec![figure("Fine", 1, 5)]).to_string()).expect("write");
    let error = import_mk_dials(&[good.clone(), bad], &out, &codex_dir()).expect_err("bad JSON");
    match &error {
        ImportError::Json { line, column, .. } => assert_eq!((*line, *column), (3, 14)),
        other => panic!("expected a JSON error, got {other}"),
    }
    assert!(error.to_string().contains("bad.json:3:14"), "{error}");
    assert!(
        !out.exists(),
        "nothing is written when a file cannot be read"
    );

    let no_figures = dir.path().join("no-figures.json");
    fs::write(&no_figures, r#"{"dials": []}"#).expect("write");
    let error = import_mk_dials(&[no_figures], &out, &codex_dir()).expect_err("no figures");
    assert!(error.to_string().contains("no `figures` list"), "{error}");

    let missing = dir.path().join("missing.json");
    let error = import_mk_dials(&[missing], &out, &codex_dir()).expect_err("missing");
    assert!(matches!(error, ImportError::Input(_)), "{error}");
}

#[test]
fn file_level_oddities_are_reported() {
    let mut file = dial_file(vec![figure("Fine", 1, 5)]);
    file["extra"] = json!(1);
    file["special_abilities"]
        .as_array_mut()
        .expect("list")
        .push(json!({ "id": 91, "stat": "Speed", "name": "Charge again" }));
    file["special_abilities"]
        .as_array_mut()
        .expect("list")
        .push(json!({ "id": "x" }));
    file["special_abilities"]
        .as_array_mut()
        .expect("list")
        .push(json!({
            "id": 200, "stat": "Attack", "name": "Battle Armor", "optional": true,
            "color": "red", "symbol": "ab_circ"
        }));
    file["special_abilities"]
        .as_array_mut()
        .expect("list")
        .push(json!({ "id": 201, "stat": "Speed", "name": "Teleport" }));
    file["factions"]
        .as_array_mut()
        .expect("list")
        .push(json!({ "id": 13, "name": "Elven Lords" }));
    let out = tempfile::tempdir().expect("temp dir");
    let report = import(out.path(), &[file]).expect("imports");
    assert!(
        has(
            &report.unmapped,
            &["(file)", "extra", "unknown top-level field"]
        ),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["special_abilities[6]", "listed twice"]),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["special_abilities[7]", "integer `id`"]),
        "{report}"
    );
    assert!(
        has(&report.unmapped, &["factions[1]", "Elven Lords"]),
        "{report}"
    );
    assert_eq!(report.cards_written, 1, "{report}");
}

#[test]
fn mutated_real_figures_are_rejected_or_unmapped_at_their_record() {
    let Some(shared) = shared_dir() else { return };
    let text = fs::read_to_string(shared.join("data/mage-knight/dials.json")).expect("dials");
    let mut data: Value = serde_json::from_str(&text).expect("JSON");
    let figures = data["figures"].as_array_mut().expect("figures");
    figures[0]["name"] = json!("Self");
    figures[1]["point_value"] = serde_json::from_str("1e40").expect("a huge number");
    figures[2]["point_value"] = json!(i64::MAX);
    let text = serde_json::to_string_pretty(&data).expect("JSON");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("dials.json");
    fs::write(&path, &text).expect("write");
    let out = dir.path().join("out");
    let report =
        import_mk_dials(std::slice::from_ref(&path), &out, &codex_dir()).expect("imports the rest");
    // The figure records start on lines `    {` (pretty-printed, inside `figures`).
    let figures_at = text.find("\"figures\"").expect("figures");
    let starts: Vec<usize> = text[figures_at..]
        .match_indices("\n    {")
        .map(|(at, _)| figures_at + at + 5)
        .collect();
    let at = |index: usize| format!("{}:{}: ", path.display(), location(&text, starts[index]));
    assert_eq!(report.rejected.len(), 1, "{report}");
    let rejected = report.rejected[0].to_string();
    assert!(
        rejected.starts_with(&at(0)) && rejected.contains("Rust keyword"),
        "{rejected}"
    );
    for index in [1, 2] {
        let finding = report
            .unmapped
            .iter()
            .map(ToString::to_string)
            .find(|finding| finding.starts_with(&at(index)) && finding.contains("point_value"));
        assert!(
            finding.is_some(),
            "figure {index} at {}:\n{report}",
            at(index)
        );
    }
}
