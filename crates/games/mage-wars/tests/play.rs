//! Whole games from the example spellbooks: set-up, the round, casting, movement and a
//! winner, with the engine's contract check (complete `legal_actions`, untouched state on a
//! rejected action).

use grimoire_engine::{
    check_contract, playout, ContractCheck, Ctx, EventLog, FirstOption, Outcome, Playable,
    PlayerId, PlayoutOptions, Rules, ScriptedDice,
};
use grimoire_mage_wars::rules::{Catalog, MageWarsGame, Match, Play, SpellTarget, Spellbook, Step};
use grimoire_mage_wars::spellbook::SpellbookFile;

/// An example spellbook of `decks/mage-wars/`.
fn example(name: &str) -> Spellbook {
    let path = format!(
        "{}/../../../decks/mage-wars/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the example spellbook is readable");
    let file = SpellbookFile::from_toml(&text).expect("the example spellbook parses");
    Spellbook::from_names(
        &file.mage,
        file.cards.iter().map(|(n, c)| (n.as_str(), *c)),
        Catalog::compiled(),
    )
    .expect("the example spellbook's cards are known")
}

fn decks() -> Vec<Spellbook> {
    vec![example("warlock"), example("beastmaster")]
}

/// Set-up with the effect die rolls given (initiative) and the first option of every choice.
fn set_up(rolls: &[u32]) -> Match {
    let mut dice = ScriptedDice::new();
    for &r in rolls {
        dice.push("effect", [r - 1]);
    }
    let mut log = EventLog::new();
    let mut first = FirstOption;
    let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
    MageWarsGame
        .setup(&decks(), &mut ctx)
        .expect("the example spellbooks set up")
}

#[test]
fn set_up_puts_the_mages_in_opposite_corners_and_begins_round_one() {
    let state = set_up(&[3, 9]);
    let game = &state.game;
    let warlock = state.seats[0].mage;
    let beastmaster = state.seats[1].mage;
    assert_eq!(state.name(warlock), "Warlock");
    assert_eq!(state.name(beastmaster), "Beastmaster");
    assert_eq!(state.zone_name(game.zone_of(warlock).unwrap()), "A1");
    assert_eq!(state.zone_name(game.zone_of(beastmaster).unwrap()), "D3");
    assert_eq!(game.life(warlock), 38);
    // Player 2 rolled higher and kept the initiative (the first option).
    assert_eq!(state.initiative, PlayerId(2));
    assert_eq!(state.round, 1);
    assert_eq!(
        state.step,
        Step::Planning {
            player: PlayerId(2)
        }
    );
    // Channeling of round 1 on top of the starting mana.
    assert_eq!(game.mana_of(PlayerId(1)), 10);
}

/// Index of a spell in a seat's spellbook.
fn spell(state: &Match, player: PlayerId, name: &str) -> usize {
    state.seats[player.0 as usize - 1]
        .spellbook
        .iter()
        .position(|(c, _)| c.name() == name)
        .expect("the spell is in the spellbook")
}

fn apply(state: &mut Match, action: Play) {
    let mut dice = grimoire_engine::SeededDice::new(7);
    let mut log = EventLog::new();
    let mut first = FirstOption;
    let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
    let player = state.to_act().unwrap();
    assert!(
        MageWarsGame.legal_actions(state, player).contains(&action),
        "{action:?} is legal"
    );
    MageWarsGame.apply(state, &action, &mut ctx).unwrap();
}

#[test]
fn a_round_plans_summons_moves_and_passes_the_initiative() {
    let mut state = set_up(&[9, 3]);
    let (one, two) = (PlayerId(1), PlayerId(2));
    let imp = spell(&state, one, "Firebrand Imp");
    apply(&mut state, Play::Plan(imp));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    assert_eq!(state.step, Step::Activation { player: one });
    let warlock = state.seats[0].mage;
    apply(&mut state, Play::Activate(warlock));
    // A full spell after no movement: the Imp is summoned into the Warlock's zone.
    let zone = state.game.zone_of(warlock).unwrap();
    apply(
        &mut state,
        Play::Cast {
            spell: imp,
            target: SpellTarget::Zone(zone),
            quickcast: false,
        },
    );
    assert_eq!(state.game.mana_of(one), 5);
    assert_eq!(state.step, Step::Activation { player: two });
    let beastmaster = state.seats[1].mage;
    apply(&mut state, Play::Activate(beastmaster));
    let legal = MageWarsGame.legal_actions(&state, two);
    assert!(legal.contains(&Play::Move(7)) && legal.contains(&Play::Move(10)));
    apply(&mut state, Play::Move(7));
    apply(&mut state, Play::Move(6));
    // Two moves used the Beastmaster's quick action: its Action Phase is over, and the Imp,
    // summoned this round, does not act: the Final Quickcast Phase.
    assert_eq!(state.game.zone_of(beastmaster), Some(6));
    assert_eq!(
        state.step,
        Step::FinalQuickcast {
            player: one,
            done: 0
        }
    );
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    assert_eq!(state.round, 2);
    assert_eq!(state.initiative, two);
}

#[test]
fn random_games_end_by_the_rules() {
    let game = MageWarsGame;
    let mut finished = 0;
    for seed in 0..20 {
        let played = playout(&game, &decks(), seed, PlayoutOptions::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        if played.outcome != Outcome::Playing {
            finished += 1;
        }
    }
    assert_eq!(finished, 20);
}

#[test]
fn the_contract_holds_on_random_states() {
    let report = check_contract(
        &MageWarsGame,
        &decks(),
        ContractCheck {
            games: 2,
            seed: 11,
            max_actions: 400,
            every: 37,
        },
        &MageWarsGame::candidates,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.accepted > 0 && report.states > 0, "{report:?}");
}
