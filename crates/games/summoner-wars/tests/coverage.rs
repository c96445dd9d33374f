//! Every effect operation `codex/summoner-wars/game.toml` declares has a status in
//! `rules::effects::OPERATIONS`, every operation the codex uses is interpreted, and the
//! coverage of cards agrees with what play answers: a handler coverage calls played never
//! answers not modelled, and a covered card meets no not-modelled answer in play.

use std::collections::BTreeSet;

use grimoire_engine::{Ctx, EventLog, FirstOption, PlayerId, ScriptedDice, Square};
use grimoire_summoner_wars::rules::coverage::{card_coverage, coverage_report, handler_coverage};
use grimoire_summoner_wars::rules::effects::{op_name, OPERATIONS};
use grimoire_summoner_wars::rules::handlers::{fire, run, Outcome, Trigger};
use grimoire_summoner_wars::rules::state::{Piece, Place};
use grimoire_summoner_wars::rules::{Game, GameEvent};
use grimoire_summoner_wars::{CardId, Handler, ABILITY_META};

use crate::repo_root;

fn declared() -> BTreeSet<String> {
    let text = std::fs::read_to_string(repo_root().join("codex/summoner-wars/game.toml"))
        .expect("game.toml is readable");
    let game: toml::Table = toml::from_str(&text).expect("game.toml parses");
    game["effects"]
        .as_table()
        .expect("[effects]")
        .keys()
        .cloned()
        .collect()
}

#[test]
fn every_declared_operation_has_a_status() {
    let listed: BTreeSet<String> = OPERATIONS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(listed, declared());
}

#[test]
fn every_operation_the_codex_uses_is_interpreted() {
    for meta in ABILITY_META.iter() {
        for op in meta.effects {
            let name = op_name(op);
            let status = OPERATIONS.iter().find(|(n, _)| *n == name);
            assert!(
                status.is_some_and(|(_, c)| c.is_played()),
                "{} uses {name}, which the rules do not interpret",
                meta.name
            );
        }
    }
}

/// A game with `card` of player 1 on the battlefield, and its id.
fn one_card(card: grimoire_summoner_wars::Card) -> (Game, grimoire_engine::ObjectId) {
    let mut game = Game::new();
    let square = Square { column: 2, row: 2 };
    let id = game.add(Piece::new(card, PlayerId(1), Place::Battlefield(square)));
    (game, id)
}

/// The not-modelled events of a log.
fn not_modelled(log: &EventLog<GameEvent>) -> Vec<&'static str> {
    log.events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::NotModelled(n) => Some(n.ability),
            _ => None,
        })
        .collect()
}

#[test]
fn a_handler_is_played_exactly_when_the_dispatch_does_not_answer_not_modelled() {
    for handler in Handler::ALL {
        let (mut game, id) = one_card(CardId::ALL[0].card());
        let (mut dice, mut choices, mut log) =
            (ScriptedDice::default(), FirstOption, EventLog::new());
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        let outcome = run(&mut game, &mut ctx, handler, id, Trigger::Met).expect("runs");
        assert_eq!(
            outcome != Outcome::NotModelled,
            handler_coverage(handler).is_played(),
            "{}: coverage says {:?}, the dispatch answers {outcome:?}",
            handler.name(),
            handler_coverage(handler)
        );
    }
}

#[test]
fn a_covered_card_meets_no_not_modelled_answer_in_play() {
    let mut covered_with_abilities = 0;
    for &card in CardId::ALL {
        let coverage = card_coverage(card.card());
        let (mut game, id) = one_card(card.card());
        let (mut dice, mut choices, mut log) =
            (ScriptedDice::default(), FirstOption, EventLog::new());
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        fire(&mut game, &mut ctx, id, Trigger::Met).expect("meeting a card never fails");
        fire(&mut game, &mut ctx, id, Trigger::Met).expect("meeting a card never fails");
        let reported = not_modelled(&log);
        if coverage.covered {
            assert!(
                reported.is_empty(),
                "{} is covered but play reports {reported:?}",
                coverage.name
            );
            covered_with_abilities += usize::from(!coverage.abilities.is_empty());
        }
        let mut once = reported.clone();
        once.dedup();
        assert_eq!(
            reported, once,
            "{}: reported once per ability",
            coverage.name
        );
    }
    assert!(
        covered_with_abilities > 10,
        "only {covered_with_abilities} covered cards with abilities"
    );
}

#[test]
fn the_report_counts_every_card() {
    let report = coverage_report(grimoire_summoner_wars::catalog::Catalog::compiled());
    assert_eq!(report.total.total, CardId::ALL.len());
    assert_eq!(
        report.by_kind.values().map(|t| t.total).sum::<usize>(),
        CardId::ALL.len()
    );
    assert!(report.total.covered > 0 && report.total.covered < report.total.total);
}
