//! Runs every scenario of `tests/scenarios/summoner-wars/` through the engine's generic runner
//! and reports all failures at once; checks the published scenario schema.

use std::path::PathBuf;

use grimoire_engine::scenario::undeclared_expect_fields;
use grimoire_engine::{run_scenario, run_scenario_dir, scenario_schema};
use grimoire_summoner_wars::rules::SummonerWarsScenarios;

use crate::repo_root;

/// The published JSON Schema of Summoner Wars scenario files.
const SCHEMA: &str = "schemas/summoner-wars.scenario.schema.json";

/// The FAQ rulings and examples the scenarios encode: at least this many files.
const AT_LEAST: usize = 40;

fn scenario_files() -> Vec<PathBuf> {
    let dir = repo_root().join("tests/scenarios/summoner-wars");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} is readable: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_scenario_passes() {
    let files = scenario_files();
    assert!(
        files.len() >= AT_LEAST,
        "expected at least {AT_LEAST} scenarios, found {}",
        files.len()
    );
    let run = run_scenario_dir(
        &SummonerWarsScenarios::default(),
        &repo_root().join("tests/scenarios/summoner-wars"),
    )
    .unwrap();
    assert_eq!(run.files, files.len());
    assert!(
        run.failures.is_empty(),
        "{} scenario failure(s):\n{}",
        run.failures.len(),
        run.failures.join("\n")
    );
}

/// A scenario cites the FAQ question or Expanded Rules section it encodes, or, for an ability
/// or event the FAQ does not rule on, the encoded ability ("as encoded from" the data).
#[test]
fn every_scenario_cites_its_source() {
    for file in scenario_files() {
        let text = std::fs::read_to_string(&file).expect("scenario is readable");
        let table: toml::Table = toml::from_str(&text).expect("scenario parses");
        let source = table
            .get("source")
            .and_then(toml::Value::as_str)
            .unwrap_or("");
        assert!(
            source.contains("FAQ")
                || source.contains("Expanded Rules")
                || source.contains("as encoded"),
            "{}: `source` must cite the FAQ question or section it encodes, or the ability \
             encoded (\"as encoded from ...\")",
            file.display()
        );
    }
}

#[test]
fn every_expectation_key_has_a_subject() {
    assert_eq!(
        undeclared_expect_fields::<SummonerWarsScenarios>(),
        Vec::<String>::new()
    );
}

#[test]
fn the_published_schema_is_current() {
    let published = std::fs::read_to_string(repo_root().join(SCHEMA))
        .unwrap_or_else(|e| panic!("{SCHEMA} exists: {e}"));
    let current = serde_json::to_string_pretty(&scenario_schema(&SummonerWarsScenarios::default()))
        .expect("schema serialises");
    assert!(
        published.trim_end() == current.trim_end(),
        "{SCHEMA} is stale: regenerate it with `grimoire scenario schema summoner-wars > {SCHEMA}`"
    );
}

/// A scenario with a wrong expectation fails at that line with both values.
#[test]
fn a_wrong_expectation_is_reported() {
    let text = r#"
game = "summoner-wars"
name = "wrong"
source = "FAQ test"
[[player]]
id = 1
phase = "Attack"
[[object]]
id = "a"
card = "Guardian"
player = 1
at = "C3"
[[object]]
id = "b"
card = "Guardian"
player = 2
at = "C4"
[[step]]
attack = { attacker = "a", target = "b" }
dice = { attack = ["sword"] }
[[expect]]
object = "b"
damage = 2
"#;
    let failures = run_scenario(&SummonerWarsScenarios::default(), text).report("t.toml");
    assert_eq!(
        failures,
        vec!["t.toml:23:1: b damage: expected 2, actual 1".to_string()]
    );
}

/// Bad set-ups get clear errors naming the object and what was expected.
#[test]
fn bad_objects_are_reported_with_what_was_expected() {
    let base = r#"
game = "summoner-wars"
name = "bad"
source = "FAQ test"
[[player]]
id = 1
[[object]]
id = "x"
"#;
    let cases = [
        (
            "card = \"Guardian\"\nplayer = 1\nat = \"C3\"\nzone = \"hand\"\n",
            "give exactly one of `at`, `zone`, `under` and `attached_to`",
        ),
        (
            "card = \"Guardian\"\nplayer = 1\nat = \"Z9\"\n",
            "expected a square A1 to F8",
        ),
        (
            "card = \"Guardain\"\nplayer = 1\nat = \"C3\"\n",
            "unknown card \"Guardain\"",
        ),
        (
            "card = \"Guardian\"\nplayer = 1\nzone = \"deck\"\n",
            "unknown zone \"deck\" (zones: hand, draw, discard, active)",
        ),
        (
            "card = \"Guardian\"\nplayer = 1\nat = \"C3\"\nabilities = [\"Flite\"]\n",
            "unknown ability \"Flite\"",
        ),
    ];
    for (keys, expected) in cases {
        let text = format!("{base}{keys}[[expect]]\nwinner = 0\n");
        let failures = run_scenario(&SummonerWarsScenarios::default(), &text).report("t.toml");
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].contains("object \"x\""), "{failures:?}");
        assert!(
            failures[0].contains(expected),
            "{} does not contain {expected:?}",
            failures[0]
        );
    }
    let text =
        format!("{base}card = \"Guardian\"\nplayer = 3\nat = \"C3\"\n[[expect]]\nwinner = 0\n");
    let failures = run_scenario(&SummonerWarsScenarios::default(), &text).report("t.toml");
    assert_eq!(
        failures,
        ["t.toml:10:10: 3 is out of range: expected an integer from 1 to 2"]
    );
}

/// Runs `template` with `VALUE` replaced by each of the engine's extreme numbers: the
/// scenario runs, or each failure is located on the line of the value or the header of its
/// entry (never a panic).
fn runs_or_fails_at_the_value(template: &str) {
    let away = grimoire_engine::scenario::failures_away_from_the_value(
        &SummonerWarsScenarios::default(),
        template,
    );
    assert!(away.is_empty(), "{}", away.join("\n"));
}

#[test]
fn every_numeric_key_takes_extreme_values_without_a_panic() {
    let keys = [
        "[[player]]\nid = 1\nphase = \"Move\"\nmagic = VALUE\n",
        "[[object]]\nid = \"guardian\"\ncard = \"Guardian\"\nplayer = 1\nat = \"C4\"\ndamage = VALUE\n",
        "[[object]]\nid = \"guardian\"\ncard = \"Guardian\"\nplayer = 1\nat = \"C4\"\nboost = VALUE\n",
        "[[object]]\nid = \"guardian\"\ncard = \"Guardian\"\nplayer = VALUE\nat = \"C4\"\n",
        "[[object]]\nid = \"guardian\"\ncard = \"Guardian\"\nplayer = 1\nowner = VALUE\nat = \"C4\"\n",
    ];
    let defaults = [
        "[[player]]\nid = 1\nphase = \"Move\"\n",
        "[[object]]\nid = \"guardian\"\ncard = \"Guardian\"\nplayer = 1\nat = \"C4\"\n",
    ];
    let rest = "[[object]]\nid = \"defender\"\ncard = \"Defender\"\nplayer = 2\nat = \"C5\"\n\n\
                [[step]]\nmove = { unit = \"guardian\", path = [\"B4\", \"B3\"] }\n";
    let head = "game = \"summoner-wars\"\nname = \"extremes\"\nsource = \"issue 23\"\n\n";
    for key in keys {
        let (player, object) = if key.starts_with("[[player]]") {
            (key, defaults[1])
        } else {
            (defaults[0], key)
        };
        runs_or_fails_at_the_value(&format!(
            "{head}{player}\n{object}\n{rest}\n[[expect]]\nwinner = 0\n"
        ));
    }
    let expectations = [
        "object = \"guardian\"\ndamage = VALUE",
        "object = \"guardian\"\nboost = VALUE",
        "object = \"guardian\"\nstrength = VALUE",
        "object = \"guardian\"\nmovement = VALUE",
        "player = 1\nmagic = VALUE",
        "player = 1\nhand = VALUE",
        "player = 1\ndraw_pile = VALUE",
        "dice_rolled = VALUE",
        "winner = VALUE",
        "active_player = VALUE",
        "player = VALUE\nmagic = 0",
    ];
    for expect in expectations {
        runs_or_fails_at_the_value(&format!(
            "{head}{}\n{}\n{rest}\n[[expect]]\n{expect}\n",
            defaults[0], defaults[1]
        ));
    }
}

#[test]
fn a_scenario_of_twenty_thousand_cards_sets_up_in_linear_time() {
    // Set-up used to look every name up in a list (and build a "did you mean" for each new
    // one): quadratic, 44 s for these 20,000 cards.
    let mut text = String::from(
        "game = \"summoner-wars\"\nname = \"many\"\nsource = \"issue 23\"\n\n[[player]]\nid = 1\n\n",
    );
    for index in 0..20_000 {
        text += &format!(
            "[[object]]\nid = \"card{index}\"\ncard = \"Guardian\"\nplayer = 1\nzone = \"hand\"\n\n"
        );
    }
    text += "[[expect]]\nplayer = 1\nhand = 20000\n";
    let run = run_scenario(&SummonerWarsScenarios::default(), &text);
    assert!(run.passed(), "{:?}", run.failures);
}
