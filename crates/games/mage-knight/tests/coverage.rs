//! Every effect operation and constant of `codex/mage-knight/game.toml` is interpreted or
//! listed with its reason, and every special ability is sorted by how much of it is played.

use std::collections::BTreeSet;
use std::path::Path;

use grimoire_mage_knight::rules::coverage::{
    ability_coverage, AbilityCoverage, CONSTANTS, OPERATIONS,
};
use grimoire_mage_knight::{SpecialAbility, SPECIAL_ABILITY_META};

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
        OPERATIONS.iter().all(|(_, c)| c.interpreted()),
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
    let mut groups: [(AbilityCoverage, Vec<&str>); 4] = [
        (AbilityCoverage::FromData, vec![]),
        (AbilityCoverage::ByHandler, vec![]),
        (AbilityCoverage::Partly, vec![]),
        (AbilityCoverage::NotYet, vec![]),
    ];
    for meta in SPECIAL_ABILITY_META.iter() {
        let ability: SpecialAbility = meta.name.parse().expect("a codex name parses");
        let group = groups
            .iter_mut()
            .find(|(c, _)| *c == ability_coverage(ability))
            .expect("a group");
        group.1.push(meta.name);
    }
    for (coverage, names) in &groups {
        println!("{coverage:?} ({}): {}", names.len(), names.join(", "));
    }
    assert_eq!(
        groups.iter().map(|(_, n)| n.len()).sum::<usize>(),
        SPECIAL_ABILITY_META.len()
    );
    assert!(groups[0].1.contains(&"Toughness") && groups[3].1.contains(&"Bombardment"));
}
