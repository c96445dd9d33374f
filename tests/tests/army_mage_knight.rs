//! Mage Knight army checks against the fixtures in `tests/fixtures/mage-knight/armies/`: legal
//! armies, every army-building rule broken alone and all at once, and unreadable files with
//! their line and column.

use std::fs;
use std::path::PathBuf;

use grimoire_mage_knight::army::{check, ArmyFile, Violation};

use crate::support::repo_root;

fn fixture(name: &str) -> String {
    let path: PathBuf = repo_root()
        .join("tests/fixtures/mage-knight/armies")
        .join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The kind of a violation, for comparing without the details.
fn kind(violation: &Violation) -> &'static str {
    match violation {
        Violation::BuildTotalStep { .. } => "step",
        Violation::ConquestTooSmall { .. } => "conquest-minimum",
        Violation::OverBuildTotal { .. } => "over",
        Violation::DuplicateUnique { .. } => "unique",
        Violation::FactionlessDeclared { .. } => "factionless-declared",
        Violation::OutsideFaction { .. } => "outside-faction",
        Violation::FactionlessWithoutAdopter { .. } => "factionless",
    }
}

/// Checks a readable fixture: its point total, actions and the kinds of its violations.
fn assert_army(name: &str, total: u32, actions: u32, violations: &[&str]) {
    let army = ArmyFile::parse(&fixture(name))
        .unwrap_or_else(|errors| panic!("{name}: unreadable: {errors:?}"));
    let report = check(&army);
    assert_eq!(report.total, total, "{name}: total");
    assert_eq!(report.actions, actions, "{name}: actions");
    let kinds: Vec<&str> = report.violations.iter().map(kind).collect();
    assert_eq!(kinds, violations, "{name}: {:?}", report.violations);
    assert_eq!(report.is_legal(), violations.is_empty());
    for violation in &report.violations {
        assert!(!violation.rule().is_empty() && !violation.to_string().is_empty());
    }
}

/// Checks an unreadable fixture: each error's line, column and a part of its message.
fn assert_bad(name: &str, expected: &[(usize, usize, &str)]) {
    let errors = ArmyFile::parse(&fixture(name)).expect_err(name);
    let found: Vec<(usize, usize)> = errors.iter().map(|e| (e.line, e.column)).collect();
    let wanted: Vec<(usize, usize)> = expected.iter().map(|(l, c, _)| (*l, *c)).collect();
    assert_eq!(found, wanted, "{name}: {errors:?}");
    for (error, (_, _, part)) in errors.iter().zip(expected) {
        assert!(error.message.contains(part), "{name}: {}", error.message);
    }
}

#[test]
fn legal_armies() {
    assert_army("legal-100.toml", 98, 1, &[]);
    assert_army("exact-total.toml", 100, 1, &[]);
    assert_army("ranked-copies.toml", 93, 1, &[]);
    assert_army("shyft-with-mage-spawn.toml", 69, 1, &[]);
    assert_army("two-faction-warrior.toml", 65, 1, &[]);
    assert_army("conquest-1200.toml", 765, 3, &[]);
}

#[test]
fn each_rule_alone() {
    assert_army("over-by-one.toml", 101, 1, &["over"]);
    assert_army("unique-twice.toml", 50, 1, &["unique"]);
    assert_army("limited-edition-twice.toml", 98, 1, &["unique"]);
    assert_army("build-total-150.toml", 31, 1, &["step"]);
    assert_army("conquest-too-small.toml", 31, 2, &["conquest-minimum"]);
    assert_army("conquest-step.toml", 31, 3, &["step"]);
    assert_army("outside-faction.toml", 77, 1, &["outside-faction"]);
    assert_army("mage-spawn-declared.toml", 18, 1, &["factionless-declared"]);
    assert_army(
        "mage-spawn-without-shyft.toml",
        29,
        1,
        &["factionless", "factionless"],
    );
}

#[test]
fn every_violation_is_reported_at_once() {
    assert_army(
        "everything-wrong.toml",
        297,
        2,
        &["step", "over", "unique", "outside-faction", "factionless"],
    );
}

#[test]
fn the_over_total_message_gives_the_excess() {
    let army = ArmyFile::parse(&fixture("over-by-one.toml")).expect("readable");
    let report = check(&army);
    assert_eq!(
        report.violations[0].to_string(),
        "the army costs 101 points, over the build total of 100 by 1"
    );
}

#[test]
fn unreadable_files_name_line_and_column() {
    assert_bad("bad-syntax.toml", &[(3, 12, "expected `=`")]);
    assert_bad("bad-unknown-key.toml", &[(2, 1, "unknown field `points`")]);
    assert_bad(
        "bad-unknown-warrior.toml",
        &[(4, 1, "did you mean `Alsyn Vale`?")],
    );
    assert_bad("bad-zero-copies.toml", &[(3, 12, "at least 1, found 0")]);
    assert_bad("bad-type.toml", &[(1, 15, "invalid type")]);
    assert_bad("bad-game.toml", &[(1, 8, "mage-wars army file")]);
    assert_bad(
        "bad-faction.toml",
        &[(2, 11, "did you mean `Orc Raiders`?")],
    );
    assert_bad("bad-format.toml", &[(2, 10, "`standard` or `conquest`")]);
    assert_bad(
        "bad-no-warriors.toml",
        &[(1, 1, "missing field `warriors`")],
    );
}

#[test]
fn several_file_errors_come_together_in_file_order() {
    let text = "build_total = -100\n[warriors]\n\"Abydorr\" = 0\n";
    let errors = ArmyFile::parse(text).expect_err("three errors");
    let positions: Vec<(usize, usize)> = errors.iter().map(|e| (e.line, e.column)).collect();
    assert_eq!(positions, [(1, 15), (3, 1), (3, 13)], "{errors:?}");
}
