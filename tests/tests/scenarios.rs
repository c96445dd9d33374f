//! Runs every scenario under `tests/scenarios/` and reports all failures at once.

use std::path::{Path, PathBuf};

use grimoire_mage_wars::rules::scenario::{parse_scenario, run_scenario, scenario_schema};

use crate::support::repo_root;

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

/// Runs every scenario with the generated card tables and returns the failures.
fn run_all() -> Vec<String> {
    let files = scenario_files(&repo_root().join("tests/scenarios"));
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
        match parse_scenario(&text) {
            Err(e) => failures.push(format!("{shown}: {e}")),
            Ok(scenario) => {
                assert!(
                    !scenario.source.trim().is_empty(),
                    "{shown} cites no source"
                );
                for failure in run_scenario(&scenario) {
                    failures.push(format!("{shown}: {failure}"));
                }
            }
        }
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
    sample().replace(from, to)
}

#[test]
fn a_wrong_expectation_is_reported_with_both_values() {
    let text = sample_with("damage = 4", "damage = 5");
    let failures = run_scenario(&parse_scenario(&text).expect("parses"));
    assert_eq!(
        failures,
        vec!["after step 1: fox damage: expected 5, actual 4".to_string()]
    );
}

#[test]
fn a_missing_die_fails_with_a_message() {
    let text = sample_with(
        r#"dice = ["2", "1*", "0", "1"]"#,
        r#"dice = ["2", "1*", "0"]"#,
    );
    let failures = run_scenario(&parse_scenario(&text).expect("parses"));
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].contains("attack roll number 4"),
        "{}",
        failures[0]
    );
}

#[test]
fn unknown_fields_are_rejected() {
    let text = sample_with("destroyed = false", "destroyd = false");
    let error = parse_scenario(&text).expect_err("a misspelt field is an error");
    assert!(error.contains("destroyd"), "{error}");
}

#[test]
fn the_published_schema_is_current() {
    let published = std::fs::read_to_string(repo_root().join("schemas/scenario.schema.json"))
        .expect("schemas/scenario.schema.json exists");
    let current = serde_json::to_string_pretty(&scenario_schema()).expect("schema serialises");
    assert!(
        published.trim_end() == current.trim_end(),
        "schemas/scenario.schema.json is stale: regenerate it with `grimoire scenario schema`"
    );
}

#[test]
fn the_event_log_records_every_change() {
    let text = sample();
    let run = grimoire_mage_wars::rules::scenario::run_scenario_logged(
        &parse_scenario(&text).expect("parses"),
    );
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
        &std::fs::read_to_string(repo_root().join("schemas/scenario.schema.json"))
            .expect("schema exists"),
    )
    .expect("schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let mut invalid = Vec::new();
    for file in scenario_files(&repo_root().join("tests/scenarios")) {
        let text = std::fs::read_to_string(&file).expect("scenario is readable");
        let instance: serde_json::Value = toml::from_str(&text).expect("scenario is TOML");
        for error in validator.iter_errors(&instance) {
            invalid.push(format!("{}: {error}", file.display()));
        }
    }
    assert!(invalid.is_empty(), "{}", invalid.join("\n"));
    let broken: serde_json::Value =
        toml::from_str(&sample_with("damage = 4", "damage = \"four\"")).expect("TOML");
    assert!(
        !validator.is_valid(&broken),
        "the schema rejects a wrong type"
    );
}
