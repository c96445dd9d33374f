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

/// Runs `template` with `VALUE` replaced by each of the engine's extreme numbers: the
/// scenario runs, or each failure is located on the line of the value or the header of its
/// entry (never a panic).
fn runs_or_fails_at_the_value(template: &str) {
    let away = grimoire_engine::scenario::failures_away_from_the_value(
        &MageKnightScenarios::default(),
        template,
    );
    assert!(away.is_empty(), "{}", away.join("\n"));
}

#[test]
fn every_numeric_key_takes_extreme_values_without_a_panic() {
    let head = "game = \"mage-knight\"\nname = \"extremes\"\nsource = \"issue 23\"\n\n";
    let player = "[[player]]\nid = 1\nactions = 2\n";
    let orc =
        "[[object]]\nid = \"orc\"\nwarrior = \"Animated Mud (Weak)\"\nplayer = 1\nat = \"0, 0\"\n";
    let other =
        "[[object]]\nid = \"elf\"\nwarrior = \"Animated Mud (Weak)\"\nplayer = 1\nat = \"10, 0\"\n";
    let step = "[[step]]\ndeal = { warrior = \"orc\", amount = 1 }\n";
    let expect = "[[expect]]\ngame_over = false\n";
    let players = [
        "[[player]]\nid = 1\nactions = VALUE\n",
        "[[player]]\nid = 1\nbuild_total = VALUE\n",
        "[[player]]\nid = 1\nactions = 2\nactions_used = VALUE\n",
    ];
    for p in players {
        runs_or_fails_at_the_value(&format!("{head}{p}\n{orc}\n{other}\n{step}\n{expect}"));
    }
    let objects = [
        "player = VALUE\nat = \"0, 0\"\n",
        "player = 1\nat = \"0, 0\"\nclick = VALUE\n",
        "player = 1\nat = \"0, 0\"\ntokens = VALUE\n",
        "player = 1\nat = \"0, 0\"\nfront_arc = VALUE\n",
        "player = 1\nat = \"VALUE, 0 @ 0\"\n",
        "player = 1\nat = \"0, VALUE\"\n",
        "player = 1\nat = \"0, 0 @ VALUE\"\n",
    ];
    for keys in objects {
        let orc = format!("[[object]]\nid = \"orc\"\nwarrior = \"Animated Mud (Weak)\"\n{keys}");
        runs_or_fails_at_the_value(&format!("{head}{player}\n{orc}\n{other}\n{step}\n{expect}"));
    }
    let features = [
        "terrain = \"hindering\"\nat = \"5, 5\"\nradius = VALUE\n",
        "terrain = \"blocking\"\nat = \"5, 5\"\nwidth = VALUE\nheight = 1\n",
        "terrain = \"clear\"\nelevated = true\nat = \"5, 5\"\nwidth = 1\nheight = VALUE\n",
        "terrain = \"chasm\"\nat = \"VALUE, 5\"\nradius = 1\n",
    ];
    for keys in features {
        let feature = format!("[[object]]\nid = \"feature\"\n{keys}");
        runs_or_fails_at_the_value(&format!(
            "{head}{player}\n{orc}\n{other}\n{feature}\n{step}\n{expect}"
        ));
    }
    let steps = [
        "[[step]]\ndeal = { warrior = \"orc\", amount = VALUE }\n",
        "[[step]]\nheal = { warrior = \"orc\", amount = VALUE }\n",
        "[[step]]\nturn = { warrior = \"orc\", facing = VALUE }\n",
        "[[step]]\nmove = { warrior = \"orc\", to = \"VALUE, 0\" }\n",
        "[[step]]\ndice = { d6 = [VALUE, 1] }\nclose = { attacker = \"orc\", target = \"elf\" }\n",
    ];
    for step in steps {
        runs_or_fails_at_the_value(&format!("{head}{player}\n{orc}\n{other}\n{step}"));
    }
    let expectations = [
        "object = \"orc\"\nclick = VALUE",
        "object = \"orc\"\ntokens = VALUE",
        "object = \"orc\"\nspeed = VALUE",
        "object = \"orc\"\nattack = VALUE",
        "object = \"orc\"\ndefense = VALUE",
        "object = \"orc\"\ndamage = VALUE",
        "player = 1\nactions_left = VALUE",
        "roll = VALUE",
        "active = VALUE",
        "attack_value = VALUE",
        "defense_value = VALUE",
    ];
    for e in expectations {
        runs_or_fails_at_the_value(&format!(
            "{head}{player}\n{orc}\n{other}\n{step}\n[[expect]]\n{e}\n"
        ));
    }
}

#[test]
fn a_scenario_of_twenty_thousand_warriors_sets_up_in_linear_time() {
    // Set-up used to look every name up in a list (and build a "did you mean" for each new
    // one): quadratic in the number of objects.
    let mut text = String::from(
        "game = \"mage-knight\"\nname = \"many\"\nsource = \"issue 23\"\n\n[[player]]\nid = 1\nactions = 2\n\n",
    );
    for index in 0..20_000 {
        let (x, y) = ((index % 100) * 3, (index / 100) * 3);
        text += &format!(
            "[[object]]\nid = \"w{index}\"\nwarrior = \"Animated Mud (Weak)\"\nplayer = 1\nat = \"{x}, {y}\"\n\n"
        );
    }
    text += "[[expect]]\nobject = \"w19999\"\nclick = 0\n";
    let run = run_scenario(&MageKnightScenarios::default(), &text);
    assert!(run.passed(), "{:?}", run.failures);
}
