//! The rules through the engine contract: every listed legal action applies, and bad scenario
//! input gets a clear message.

use grimoire_engine::{run_scenario, Ctx, EventLog, FirstOption, PlayerId, Rules, SeededDice};
use grimoire_mage_knight::rules::refusal::MoveRefusal;
use grimoire_mage_knight::rules::{
    Action, Game, MageKnightRules, MageKnightScenarios, Player, Refusal, RulesError, Warrior,
    WarriorId, Warriors,
};
use grimoire_mage_knight::CardId;

pub fn warrior(name: &str, owner: u8, x: f64, facing: f64, click: usize) -> Warrior {
    let card = CardId::from_name(name)
        .expect("a warrior of the pool")
        .card();
    let mut warrior = Warrior::deployed(
        card,
        PlayerId(owner),
        grimoire_engine::TablePoint { x, y: 0.0, facing },
        0,
    );
    warrior.click = click;
    warrior
}

pub fn game() -> Game {
    Game {
        players: vec![
            Player {
                id: PlayerId(1),
                actions_per_turn: 2,
                actions_used: 0,
                extra_actions: 0,
            },
            Player {
                id: PlayerId(2),
                actions_per_turn: 2,
                actions_used: 0,
                extra_actions: 0,
            },
        ],
        warriors: Warriors::from(vec![
            warrior("Altem Guardsman (Tough)", 1, 0.0, 0.0, 2),
            warrior("Animated Mud (Weak)", 2, 1.25, 180.0, 2),
            warrior("Amotep Gunner (Standard)", 1, -8.0, 0.0, 3),
            warrior("Anopheles", 1, -8.0, 90.0, 6),
        ]),
        active: PlayerId(1),
        last_roll: 0,
        last_hits: Vec::new(),
        last_values: None,
        terrified: Vec::new(),
        objectives: Vec::new(),
        terrain: Vec::new(),
        over: false,
        turn: 1,
        time_limit: None,
        build_totals: Vec::new(),
        not_modelled: Default::default(),
    }
}

#[test]
fn every_legal_action_applies() {
    let rules = MageKnightRules::default();
    let listed = rules.legal_actions(&game(), PlayerId(1));
    assert!(
        listed.iter().any(|a| matches!(a, Action::Close(_))),
        "{listed:?}"
    );
    assert!(
        listed.iter().any(|a| matches!(a, Action::Special { .. })),
        "{listed:?}"
    );
    assert!(listed.contains(&Action::EndTurn));
    for (seed, action) in listed.iter().enumerate() {
        let mut state = game();
        let mut dice = SeededDice::new(seed as u64);
        let mut chooser = FirstOption;
        let mut log = EventLog::new();
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        rules
            .apply(&mut state, action, &mut ctx)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

#[test]
fn only_the_active_player_has_actions() {
    let rules = MageKnightRules::default();
    assert_eq!(rules.legal_actions(&game(), PlayerId(2)), vec![]);
}

#[test]
fn refusals_carry_ids_and_keep_their_words() {
    let rules = MageKnightRules::default();
    let attempt = |warrior: WarriorId, y: f64| {
        let mut state = game();
        let mut dice = SeededDice::new(0);
        let mut chooser = FirstOption;
        let mut log = EventLog::new();
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        let to = grimoire_engine::TablePoint {
            x: state.warriors[warrior].position.x,
            y,
            facing: 0.0,
        };
        let action = Action::Move {
            warrior,
            via: Vec::new(),
            to,
            carry: None,
            double_time: false,
            formation: Vec::new(),
        };
        rules
            .apply(&mut state, &action, &mut ctx)
            .expect_err("the move is refused")
    };
    let too_long = attempt(WarriorId(0), 20.0);
    match &too_long {
        RulesError::Illegal(Refusal::Move(MoveRefusal::TooLong {
            warrior, length, ..
        })) => {
            assert_eq!(warrior.id, WarriorId(0));
            assert!((length - 20.0).abs() < 1e-9, "{length}");
        }
        other => panic!("{other:?}"),
    }
    let words = too_long.to_string();
    assert!(
        words.starts_with("Altem Guardsman (Tough) moves 20.00 inches but its speed is "),
        "{words}"
    );
    let not_yours = attempt(WarriorId(1), 1.0);
    assert!(
        matches!(&not_yours, RulesError::NotYourTurn(w) if w.id == WarriorId(1)),
        "{not_yours:?}"
    );
    assert_eq!(
        not_yours.to_string(),
        "Animated Mud (Weak) is not controlled by the active player"
    );
}

#[test]
fn bad_scenario_input_is_a_clear_error() {
    let scenario = |warrior: &str, at: &str| {
        format!(
            "game = \"mage-knight\"\nname = \"bad\"\nsource = \"rules: test\"\n[[player]]\nid = 1\nactions = 1\n\
             [[object]]\nid = \"a\"\nwarrior = \"{warrior}\"\nplayer = 1\nat = \"{at}\"\n"
        )
    };
    let game = MageKnightScenarios::default();
    let report = run_scenario(&game, &scenario("Abydr", "0, 0"))
        .report("bad.toml")
        .join("\n");
    assert!(
        report.contains("bad.toml:7:1: object \"a\": unknown warrior \"Abydr\""),
        "{report}"
    );
    let report = run_scenario(&game, &scenario("Abydor", "here"))
        .report("bad.toml")
        .join("\n");
    assert!(report.contains("bad position \"here\""), "{report}");
    let report = run_scenario(
        &game,
        &scenario("Abydor", "0, 0").replace("actions = 1", "actions = 1\nbuild_total = 100"),
    )
    .report("bad.toml")
    .join("\n");
    assert!(report.contains("not both"), "{report}");
}
