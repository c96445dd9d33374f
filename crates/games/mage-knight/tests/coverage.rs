//! Every effect operation and constant of `codex/mage-knight/game.toml` is interpreted or
//! listed with its reason, every special ability has a status, the card report counts every
//! warrior, and play reports not-modelled abilities once per warrior, never on a covered one.

use std::collections::BTreeSet;
use std::path::Path;

use grimoire_engine::{Ctx, EventLog, FirstOption, Rules, SeededDice};
use grimoire_mage_knight::rules::coverage::{
    ability_coverage, card_coverage, coverage_report, CONSTANTS, OPERATIONS,
};
use grimoire_mage_knight::rules::{Action, Event, MageKnightRules, WarriorId};
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
    let report = coverage_report(grimoire_mage_knight::catalog::Catalog::compiled());
    assert_eq!(report.total.total, CardId::ALL.len());
    assert!(report.total.covered > 0);
    for card in &report.cards {
        assert_eq!(
            card.covered,
            card.missing().next().is_none(),
            "{}",
            card.name
        );
    }
}

/// The abilities play reports as not modelled when `name`, on `click`, tries to act twice.
fn reported_when_acting(
    name: &str,
    click: usize,
    extra: Option<grimoire_mage_knight::SpecialAbility>,
) -> Vec<&'static str> {
    let rules = MageKnightRules::default();
    let mut state = crate::rules::game();
    state.warriors[WarriorId(0)] = crate::rules::warrior(name, 1, 0.0, 0.0, click);
    state.warriors[WarriorId(0)].extra_abilities.extend(extra);
    let (mut dice, mut chooser, mut log) = (SeededDice::new(1), FirstOption, EventLog::new());
    let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
    for _ in 0..2 {
        // Half an inch away from the opponent: legal for any warrior that can move (a failed
        // action leaves no trace, so only an applied action reports).
        let step = Action::Move {
            warrior: WarriorId(0),
            via: Vec::new(),
            to: grimoire_engine::TablePoint {
                x: 0.0,
                y: 0.5,
                facing: 90.0,
            },
            carry: None,
            double_time: false,
            formation: Vec::new(),
        };
        let _ = rules.apply(&mut state, &step, &mut ctx);
    }
    log.events()
        .iter()
        .filter_map(|e| match e {
            Event::NotModelled(n) => Some(n.ability),
            _ => None,
        })
        .collect()
}

#[test]
fn a_covered_warrior_meets_no_not_modelled_answer_in_play() {
    let mut reported_somewhere = 0;
    for &id in CardId::ALL {
        let coverage = card_coverage(id.card());
        let grimoire_mage_knight::Card::Warrior(data) = id.card();
        for click in 0..data.dial.len() {
            let reported = reported_when_acting(coverage.name, click, None);
            if coverage.covered {
                assert!(
                    reported.is_empty(),
                    "{} is covered but play reports {reported:?}",
                    coverage.name
                );
            }
            let mut once = reported.clone();
            once.sort_unstable();
            once.dedup();
            assert_eq!(once.len(), reported.len(), "{}: once each", coverage.name);
            for ability in &reported {
                assert!(
                    coverage.missing().any(|a| a.ability == *ability),
                    "{}: play reports {ability}, which coverage calls played",
                    coverage.name
                );
            }
            reported_somewhere += reported.len();
        }
    }
    // Every warrior of the pool is covered now; the report still works: an ability the rules
    // do not model, given to one of them, is reported when it acts.
    let uncovered = report_of_uncovered();
    assert!(
        reported_somewhere > 0 || !uncovered.is_empty(),
        "no not-modelled ability was met"
    );
}

/// What play reports for a covered warrior given an ability the rules do not model
/// (Bombardment).
fn report_of_uncovered() -> Vec<&'static str> {
    let bombardment = grimoire_mage_knight::SpecialAbility::Bombardment;
    let first = card_coverage(CardId::ALL[0].card());
    let reported = reported_when_acting(first.name, 0, Some(bombardment));
    assert!(reported.contains(&"Bombardment"), "{reported:?}");
    reported
}
