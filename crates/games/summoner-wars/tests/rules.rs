//! The rules through the engine contract, without the scenario runner: legal actions and a
//! seeded attack.

use grimoire_engine::{Ctx, EventLog, FirstOption, PlayerId, Rules, SeededDice, Square};
use grimoire_summoner_wars::rules::state::{Piece, Place};
use grimoire_summoner_wars::rules::{Action, Game, SummonerWarsRules};
use grimoire_summoner_wars::{Card, CardId, Phase};

fn card(name: &str) -> Card {
    CardId::from_name(name)
        .expect("the pool has the card")
        .card()
}

fn square(column: u32, row: u32) -> Square {
    Square { column, row }
}

#[test]
fn legal_actions_list_the_attacks_the_rules_accept() {
    let mut game = Game::new();
    game.phase = Phase::Attack;
    let guardian = game.add(Piece::new(
        card("Guardian"),
        PlayerId(1),
        Place::Battlefield(square(2, 2)),
    ));
    let enemy = game.add(Piece::new(
        card("Fencer"),
        PlayerId(2),
        Place::Battlefield(square(2, 3)),
    ));
    game.add(Piece::new(
        card("Kogar"),
        PlayerId(2),
        Place::Battlefield(square(5, 7)),
    ));
    let actions = SummonerWarsRules.legal_actions(&game, PlayerId(1));
    assert_eq!(
        actions,
        vec![
            Action::EndPhase,
            Action::Attack {
                attacker: guardian,
                target: enemy
            }
        ]
    );
    assert!(SummonerWarsRules
        .legal_actions(&game, PlayerId(2))
        .is_empty());
}

#[test]
fn a_seeded_attack_rolls_one_die_per_strength_and_never_panics() {
    let rules = SummonerWarsRules;
    for seed in 0..50 {
        let mut game = Game::new();
        game.phase = Phase::Attack;
        let grundor = game.add(Piece::new(
            card("Grundor"),
            PlayerId(1),
            Place::Battlefield(square(2, 2)),
        ));
        let kalon = game.add(Piece::new(
            card("Kalon Lightbringer"),
            PlayerId(2),
            Place::Battlefield(square(2, 3)),
        ));
        let mut dice = SeededDice::new(seed);
        let mut choices = FirstOption;
        let mut log = EventLog::new();
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        let attack = Action::Attack {
            attacker: grundor,
            target: kalon,
        };
        rules
            .apply(&mut game, &attack, &mut ctx)
            .expect("the attack is legal");
        assert_eq!(game.last_roll.len(), 4);
        assert!(game.pieces[kalon.0 as usize].damage <= 4);
        assert!(
            rules.apply(&mut game, &attack, &mut ctx).is_err(),
            "chosen once per phase"
        );
    }
}

#[test]
fn legal_actions_list_events_and_activated_abilities() {
    let mut game = Game::new();
    game.phase = Phase::Build;
    let mut sly = Piece::new(
        card("Guardian"),
        PlayerId(1),
        Place::Battlefield(square(2, 2)),
    );
    sly.granted = vec!["Sly".parse().expect("Sly is a codex entry")].into();
    let sly = game.add(sly);
    let friend = game.add(Piece::new(
        card("Fencer"),
        PlayerId(1),
        Place::Battlefield(square(2, 1)),
    ));
    let event = game.add(Piece::new(card("Burn"), PlayerId(1), Place::Hand));
    let actions = SummonerWarsRules.legal_actions(&game, PlayerId(1));
    assert!(actions.contains(&Action::Activate {
        unit: sly,
        ability: "Sly".into()
    }));
    assert!(actions.contains(&Action::PlayEvent {
        card: event,
        on: Some(friend)
    }));
    assert!(!actions
        .iter()
        .any(|a| matches!(a, Action::Activate { unit, .. } if *unit == friend)));
}
