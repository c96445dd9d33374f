//! Every effect operation and constant of `codex/mage-knight/game.toml` is interpreted or
//! listed with its reason, every special ability has a status, and the card report counts
//! every warrior.

use std::collections::BTreeSet;
use std::path::Path;

use grimoire_mage_knight::rules::coverage::{
    ability_coverage, coverage_report, CONSTANTS, OPERATIONS,
};
use grimoire_mage_knight::{CardId, SpecialAbility, SPECIAL_ABILITY_META};

fn declared(table: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../codex/mage-knight/game.toml");
    let game: toml::Table =
        toml::from_str(&std::fs::read_to_string(path).expect("game.toml")).expect("parses");
    game[table]
        .as_table()
        .expect("a table")
        .keys()
        .cloned()
        .collect()
}

fn listed<T>(entries: &[(&str, T)]) -> BTreeSet<String> {
    entries.iter().map(|(n, _)| n.to_string()).collect()
}

#[test]
fn every_operation_is_listed() {
    assert_eq!(listed(OPERATIONS), declared("effects"));
    assert!(
        OPERATIONS.iter().all(|(_, c)| c.is_played()),
        "every operation is interpreted"
    );
}

#[test]
fn every_constant_is_listed() {
    assert_eq!(listed(CONSTANTS), declared("constants"));
}

/// `cargo test -p grimoire-mage-knight ability_coverage -- --nocapture` prints the lists.
#[test]
fn ability_coverage_report() {
    let (mut played, mut missing) = (vec![], vec![]);
    for meta in SPECIAL_ABILITY_META.iter() {
        let ability: SpecialAbility = meta.name.parse().expect("a codex name parses");
        match ability_coverage(ability) {
            c if c.is_played() => played.push(meta.name),
            c => missing.push(format!("{} ({c:?})", meta.name)),
        }
    }
    println!("played ({}): {}", played.len(), played.join(", "));
    println!("not modelled ({}):\n{}", missing.len(), missing.join("\n"));
    assert!(played.contains(&"Toughness") && missing.iter().any(|m| m.starts_with("Bombardment")));
}

#[test]
fn the_card_report_counts_every_warrior() {
    let report = coverage_report();
    assert_eq!(report.total.total, CardId::ALL.len());
    assert!(report.total.covered > 0 && report.total.covered < report.total.total);
    for card in &report.cards {
        assert_eq!(
            card.covered,
            card.missing().next().is_none(),
            "{}",
            card.name
        );
    }
}
