//! Runs every scenario of `tests/scenarios/mage-knight/` through the engine's generic runner.

use std::path::{Path, PathBuf};

use grimoire_engine::scenario::undeclared_expect_fields;
use grimoire_engine::{run_scenario, run_scenario_dir};
use grimoire_mage_knight::rules::MageKnightScenarios;

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../tests/scenarios/mage-knight")
}

fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenario_dir())
        .expect("tests/scenarios/mage-knight is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn there_are_at_least_50_scenarios() {
    let found = scenario_files().len();
    assert!(
        found >= 50,
        "expected at least 50 Mage Knight scenarios, found {found}"
    );
}

#[test]
fn every_scenario_passes() {
    let run = run_scenario_dir(&MageKnightScenarios::default(), &scenario_dir()).unwrap();
    assert_eq!(run.files, scenario_files().len());
    assert!(
        run.failures.is_empty(),
        "{} failure(s):\n{}",
        run.failures.len(),
        run.failures.join("\n")
    );
}

#[test]
fn every_scenario_cites_a_section() {
    for file in scenario_files() {
        let text = std::fs::read_to_string(&file).expect("readable");
        let value: toml::Value = toml::from_str(&text).expect("valid TOML");
        let source = value
            .get("source")
            .and_then(|s| s.as_str())
            .unwrap_or_default();
        assert!(
            source.starts_with("rules:") || source.starts_with("ruling "),
            "{}: source must cite a rules section (\"rules: ...\") or a ruling (\"ruling N: ...\"), got {source:?}",
            file.display()
        );
    }
}

#[test]
fn every_expectation_key_is_declared() {
    assert!(undeclared_expect_fields::<MageKnightScenarios>().is_empty());
}

#[test]
fn a_failing_expectation_is_reported_with_its_line() {
    let text = r#"
game = "mage-knight"
name = "deliberately wrong"
source = "rules: test"
[[player]]
id = 1
actions = 1
[[object]]
id = "a"
warrior = "Abydor"
player = 1
at = "0, 0"
[[expect]]
object = "a"
click = 3
"#;
    let run = run_scenario(&MageKnightScenarios::default(), text);
    assert!(!run.passed());
    assert!(
        run.report("x.toml").join("\n").contains("click"),
        "{:?}",
        run.report("x.toml")
    );
}

#[test]
fn the_published_schema_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../schemas/mage-knight.scenario.schema.json");
    let published: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the schema file exists"))
            .expect("valid JSON");
    let current = serde_json::to_value(grimoire_engine::scenario_schema(
        &MageKnightScenarios::default(),
    ))
    .expect("schema");
    assert!(
        published == current,
        "schemas/mage-knight.scenario.schema.json is stale: regenerate it with \
         `grimoire scenario schema mage-knight > schemas/mage-knight.scenario.schema.json`"
    );
}
