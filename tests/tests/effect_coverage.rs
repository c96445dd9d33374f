//! Every effect operation and constant that Mage Wars' `game.toml` declares is either
//! interpreted by the rules or listed, with its reason, as not modelled yet
//! (`grimoire_mage_wars::rules::effects`). A new operation or constant fails here until the
//! rules say which.

use std::collections::BTreeSet;

use grimoire_mage_wars::rules::effects::{coverage, op_name, Coverage, CONSTANTS, OPERATIONS};
use grimoire_mage_wars::{CONDITION_META, TERM_META, TRAIT_META};

use crate::support::repo_root;

/// The keys of one table of `codex/mage-wars/game.toml`.
fn declared(table: &str) -> BTreeSet<String> {
    let path = repo_root().join("codex/mage-wars/game.toml");
    let text = std::fs::read_to_string(&path).expect("game.toml is readable");
    let game: toml::Table = toml::from_str(&text).expect("game.toml parses");
    game.get(table)
        .and_then(toml::Value::as_table)
        .unwrap_or_else(|| panic!("game.toml has a [{table}] table"))
        .keys()
        .cloned()
        .collect()
}

fn listed(entries: &[(&str, Coverage)]) -> BTreeSet<String> {
    entries.iter().map(|(name, _)| name.to_string()).collect()
}

#[test]
fn every_declared_operation_is_interpreted_or_listed_as_not_modelled() {
    assert_eq!(listed(OPERATIONS), declared("effects"));
}

#[test]
fn every_declared_constant_is_interpreted_or_listed_as_not_modelled() {
    assert_eq!(listed(CONSTANTS), declared("constants"));
}

#[test]
fn every_operation_the_codex_uses_has_a_status_and_most_are_interpreted() {
    let ops = TRAIT_META
        .iter()
        .flat_map(|m| m.effects)
        .chain(CONDITION_META.iter().flat_map(|m| m.effects))
        .chain(TERM_META.iter().flat_map(|m| m.effects));
    let mut used = BTreeSet::new();
    for op in ops {
        assert!(
            OPERATIONS.iter().any(|(name, _)| *name == op_name(op)),
            "{} has no status",
            op_name(op)
        );
        used.insert(op_name(op));
    }
    let interpreted = OPERATIONS.iter().filter(|(_, c)| c.is_played()).count();
    assert!(used.len() >= 15, "the codex uses {} operations", used.len());
    assert!(
        interpreted >= 15,
        "only {interpreted} operations are interpreted"
    );
    for (name, status) in OPERATIONS {
        if let Coverage::NotModelled { reason } = status {
            assert!(!reason.trim().is_empty(), "{name} needs a reason");
        }
    }
    let daze = grimoire_mage_wars::Condition::Daze.meta().effects;
    assert!(daze.iter().all(|op| coverage(op).is_played()));
}
