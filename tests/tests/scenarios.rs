//! Runs every scenario under `tests/scenarios/` through the engine's generic runner (the game
//! each file names) and reports all failures at once.

use std::path::{Path, PathBuf};

use grimoire_engine::scenario::ScenarioRun;
use grimoire_engine::{run_scenario, scenario_game, scenario_schema};
use grimoire_mage_knight::rules::MageKnightScenarios;
use grimoire_mage_wars::rules::MageWarsScenarios;
use grimoire_wow_tcg::rules::WowScenarios;

use crate::support::repo_root;

/// The published JSON Schema of Mage Wars scenario files (`grimoire scenario schema mage-wars`).
const SCHEMA: &str = "schemas/mage-wars.scenario.schema.json";

fn scenario_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("scenario directory is readable") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs a scenario text with the game it names.
fn run(text: &str) -> ScenarioRun {
    match scenario_game(text) {
        Ok(game) if game == "mage-wars" => run_scenario(&MageWarsScenarios::default(), text),
        Ok(game) if game == "mage-knight" => run_scenario(&MageKnightScenarios::default(), text),
        Ok(game) if game == "wow-tcg" => run_scenario(&WowScenarios::default(), text),
        Ok(game) => panic!("no scenario runner for {game:?} in this test"),
        Err(failure) => ScenarioRun {
            failures: vec![failure],
            events: serde_json::Value::Null,
        },
    }
}

/// Runs every Mage Wars scenario with the generated card tables and returns the failures
/// (other games' scenarios run in their own crate's tests).
fn run_all() -> Vec<String> {
    let files = scenario_files(&repo_root().join("tests/scenarios/mage-wars"));
    assert!(
        files.len() >= 60,
        "expected at least 60 scenarios, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("scenario is readable");
        let shown = file
            .strip_prefix(repo_root())
            .unwrap_or(file)
            .display()
            .to_string();
        failures.extend(run(&text).report(&shown));
    }
    failures
}

#[test]
fn every_scenario_passes() {
    let failures = run_all();
    assert!(
        failures.is_empty(),
        "{} scenario failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn sample() -> String {
    std::fs::read_to_string(repo_root().join("tests/scenarios/mage-wars/piercing-then-burn.toml"))
        .expect("sample scenario")
}

fn sample_with(from: &str, to: &str) -> String {
    let text = sample();
    assert!(text.contains(from), "the sample has {from:?}");
    text.replace(from, to)
}

/// The line (from 1) of the first line of `text` starting with `start`.
fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(start))
        .expect("the line exists")
        + 1
}

#[test]
fn the_sample_scenario_passes() {
    let run = run(&sample());
    assert_eq!(run.failures, Vec::new());
}

#[test]
fn a_wrong_expectation_is_reported_with_its_position_and_both_values() {
    let text = sample_with("damage = 4", "damage = 5");
    let line = line_of(&text, "damage = 5");
    assert_eq!(
        run(&text).report("sample.toml"),
        vec![format!(
            "sample.toml:{line}:1: fox damage: expected 5, actual 4"
        )]
    );
}

#[test]
fn a_missing_die_fails_with_a_message_at_the_step() {
    let text = sample_with(
        r#"attack = ["2", "1*", "0", "1"]"#,
        r#"attack = ["2", "1*", "0"]"#,
    );
    let failures = run(&text).report("sample.toml");
    assert_eq!(failures.len(), 1, "{failures:?}");
    let line = line_of(&text, "[[step]]");
    assert!(
        failures[0].starts_with(&format!("sample.toml:{line}:1: step 1: ")),
        "{}",
        failures[0]
    );
    assert!(
        failures[0].contains("attack roll number 4"),
        "{}",
        failures[0]
    );
}

#[test]
fn unused_attack_dice_are_an_error_but_unused_effect_dice_are_not() {
    let extra_attack = sample_with(
        r#"attack = ["2", "1*", "0", "1"]"#,
        r#"attack = ["2", "1*", "0", "1", "2"]"#,
    );
    let failures = run(&extra_attack).report("sample.toml");
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].contains("1 scripted attack die face(s) were never rolled"),
        "{failures:?}"
    );
    let extra_effect = sample_with("effect = [7]", "effect = [7, 3]");
    assert_eq!(run(&extra_effect).failures, Vec::new());
}

#[test]
fn unknown_fields_are_rejected_at_the_key() {
    let text = sample_with("destroyed = false", "destroyd = false");
    let line = line_of(&text, "destroyd");
    let failures = run(&text).report("sample.toml");
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].starts_with(&format!("sample.toml:{line}:1: unknown field `destroyd`")),
        "{failures:?}"
    );
}

#[test]
fn an_unknown_trait_or_condition_name_is_an_error() {
    let text = sample_with("destroyed = false", "traits = [\"Flyng\"]");
    let line = line_of(&text, "traits = [\"Flyng\"]");
    assert_eq!(
        run(&text).report("sample.toml"),
        vec![format!(
            "sample.toml:{line}:1: `traits`: unknown name \"Flyng\" in mage-wars"
        )]
    );
}

#[test]
fn an_expectation_that_checks_nothing_is_an_error() {
    let text = format!("{}\n[[expect]]\nobject = \"fox\"\n", sample());
    let line = text.lines().count() - 1;
    assert_eq!(
        run(&text).report("sample.toml"),
        vec![format!(
            "sample.toml:{line}:1: this [[expect]] checks nothing: give at least one field to check"
        )]
    );
}

#[test]
fn the_published_schema_is_current() {
    let published = std::fs::read_to_string(repo_root().join(SCHEMA))
        .unwrap_or_else(|e| panic!("{SCHEMA} exists: {e}"));
    let current = serde_json::to_string_pretty(&scenario_schema(&MageWarsScenarios::default()))
        .expect("schema serialises");
    assert!(
        published.trim_end() == current.trim_end(),
        "{SCHEMA} is stale: regenerate it with `grimoire scenario schema mage-wars > {SCHEMA}`"
    );
}

#[test]
fn the_event_log_records_every_change() {
    let run = run(&sample());
    assert!(run.failures.is_empty(), "{:?}", run.failures);
    let kinds: Vec<String> = run
        .events
        .as_array()
        .expect("an array of events")
        .iter()
        .filter_map(|e| e.as_object()?.keys().next().cloned())
        .collect();
    assert_eq!(
        kinds,
        [
            "AttackDeclared",
            "DiceRolled",
            "Damaged",
            "Damaged",
            "Destroyed"
        ]
    );
}

#[test]
fn every_scenario_matches_the_published_schema() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(repo_root().join(SCHEMA)).expect("schema exists"),
    )
    .expect("schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let mut invalid = Vec::new();
    for file in scenario_files(&repo_root().join("tests/scenarios/mage-wars")) {
        let text = std::fs::read_to_string(&file).expect("scenario is readable");
        let instance: serde_json::Value = toml::from_str(&text).expect("scenario is TOML");
        for error in validator.iter_errors(&instance) {
            invalid.push(format!("{}: {error}", file.display()));
        }
    }
    assert!(invalid.is_empty(), "{}", invalid.join("\n"));
    for (from, to) in [
        ("damage = 4", "damage = \"four\""),
        (r#"attack = ["2", "1*", "0", "1"]"#, r#"attack = ["3"]"#),
        ("effect = [7]", "effect = [13]"),
    ] {
        let broken: serde_json::Value = toml::from_str(&sample_with(from, to)).expect("TOML");
        assert!(!validator.is_valid(&broken), "the schema rejects {to}");
    }
}
