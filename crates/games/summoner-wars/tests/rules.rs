//! The rules through the engine contract, without the scenario runner: legal actions, a
//! seeded attack, and refused actions leaving no trace.

use grimoire_engine::{
    Ctx, EventLog, FirstOption, PlayerId, Rules, ScriptedDice, SeededDice, Square,
};
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

/// Grundor attacking Kalon Lightbringer in the Attack Phase (Grundor rolls 4 dice).
fn attack_phase() -> (Game, Action) {
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
    let attack = Action::Attack {
        attacker: grundor,
        target: kalon,
    };
    (game, attack)
}

#[test]
fn an_attack_refused_by_its_check_changes_nothing_with_seeded_dice() {
    // Seeded dice and first options cannot fail: the attack is applied in place once its check
    // passes, and refused before it changes anything when it does not.
    let (mut game, attack) = attack_phase();
    let mut dice = SeededDice::new(1);
    let mut choices = FirstOption;
    let mut log = EventLog::new();
    let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
    assert!(ctx.never_fails());
    SummonerWarsRules
        .apply(&mut game, &attack, &mut ctx)
        .expect("the attack is legal");
    let before = format!("{game:?}");
    let logged = ctx.log.len();
    assert!(
        SummonerWarsRules
            .apply(&mut game, &attack, &mut ctx)
            .is_err(),
        "chosen once per phase"
    );
    assert_eq!(format!("{game:?}"), before);
    assert_eq!(ctx.log.len(), logged);
}

#[test]
fn an_attack_whose_scripted_dice_run_out_is_undone() {
    // The attack passes its check and changes the state (Grundor is chosen) before the third
    // die is missing: with scripted dice it runs with a copy to put back.
    let (mut game, attack) = attack_phase();
    let before = format!("{game:?}");
    let mut dice = ScriptedDice::new();
    dice.push("attack", [0, 0]);
    let mut choices = FirstOption;
    let mut log = EventLog::new();
    let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
    assert!(!ctx.never_fails());
    let refused = SummonerWarsRules.apply(&mut game, &attack, &mut ctx);
    assert!(refused.is_err(), "{refused:?}");
    assert_eq!(format!("{game:?}"), before);
    assert!(ctx.log.is_empty());
}
