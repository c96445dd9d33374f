//! Whole games from the example faction decks of `decks/summoner-wars/`: set-up, seeded random
//! playouts to a winner, and the contract (complete legal actions, rejected actions leave the
//! state untouched) on random reachable states.

use grimoire_engine::{
    check_contract, playout, ContractCheck, Ctx, EventLog, Outcome, Playable, PlayerId,
    PlayoutOptions, Rules, SeededDice, Square,
};
use grimoire_summoner_wars::deck::Deck;
use grimoire_summoner_wars::rules::abilities::abilities;
use grimoire_summoner_wars::rules::play::FactionDeck;
use grimoire_summoner_wars::rules::state::Place;
use grimoire_summoner_wars::rules::{Action, Game, GameEvent, SummonerWarsRules};
use grimoire_summoner_wars::Phase;

use crate::repo_root;

fn deck(file: &str) -> FactionDeck {
    let path = repo_root().join("decks/summoner-wars").join(file);
    let text = std::fs::read_to_string(&path).expect("the example deck exists");
    FactionDeck::from_deck(
        &Deck::parse(&text).expect("a deck file"),
        grimoire_summoner_wars::catalog::Catalog::compiled(),
    )
    .expect("a legal deck")
}

const FACTIONS: [&str; 7] = [
    "deep-dwarves.toml",
    "guild-dwarves.toml",
    "mountain-vargath.toml",
    "phoenix-elves.toml",
    "sand-goblins.toml",
    "shadow-elves.toml",
    "vanguards.toml",
];

#[test]
fn every_faction_deck_sets_up_its_layout_hand_and_magic() {
    for file in FACTIONS {
        let decks = [deck(file), deck("phoenix-elves.toml")];
        let mut dice = SeededDice::new(7);
        let mut choices = grimoire_engine::FirstOption;
        let mut log = EventLog::new();
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        let game = SummonerWarsRules.setup(&decks, &mut ctx).expect("set-up");
        let first = game.active;
        let second = Game::opponent(first);
        assert_eq!(game.phase, Phase::Move, "{file}");
        assert!(game.short_first_turn);
        assert_eq!(game.pile(first, Place::Hand).len(), 0, "{file}");
        assert_eq!(game.pile(second, Place::Hand).len(), 5, "{file}");
        assert_eq!(
            (game.player(first).magic, game.player(second).magic),
            (2, 3)
        );
        for (seat, d) in [(PlayerId(1), &decks[0]), (PlayerId(2), &decks[1])] {
            let on_field = game
                .on_battlefield()
                .filter(|&id| game.pieces[id.0 as usize].owner == seat)
                .count();
            assert_eq!(on_field, d.layout.len(), "{file}");
            assert!(game.summoner_of(seat).is_some());
            let total: u32 = 1 + d.cards.iter().map(|(_, n)| n).sum::<u32>();
            assert_eq!(total, 34, "{file}: a default deck has 34 cards");
        }
        // Player 2's layout is player 1's turned half a turn: Prince Elien at C1 becomes D8.
        let elien = game.summoner_of(PlayerId(2)).unwrap();
        assert_eq!(
            game.pieces[elien.0 as usize].place(),
            Place::Battlefield(Square { column: 3, row: 7 })
        );
        assert!(log
            .events()
            .iter()
            .any(|e| matches!(e, GameEvent::FirstPlayer { .. })));
    }
}

#[test]
fn seeded_random_games_of_every_faction_end_with_a_winner() {
    let rules = SummonerWarsRules;
    for (i, file) in FACTIONS.iter().enumerate() {
        let decks = [deck(file), deck(FACTIONS[(i + 3) % FACTIONS.len()])];
        for seed in 0..3 {
            let played = playout(&rules, &decks, seed, PlayoutOptions::default())
                .unwrap_or_else(|e| panic!("{file}, seed {seed}: {e}"));
            assert!(
                matches!(played.outcome, Outcome::Won(_)) && !played.capped,
                "{file}, seed {seed}: {played:?}"
            );
        }
    }
}

#[test]
fn a_priest_never_offers_a_champion_heal_it_cannot_pay_for() {
    // Games `simulate --matrix` found where the Priest's Healing offered a champion its
    // controller had no magic to heal, and `apply` then refused the listed action.
    let games = [
        (
            "vanguards.toml",
            "deep-dwarves.toml",
            6_346_708_026_304_985_030,
        ),
        (
            "guild-dwarves.toml",
            "vanguards.toml",
            3_955_714_579_034_054_535,
        ),
        (
            "vanguards.toml",
            "phoenix-elves.toml",
            14_947_194_065_433_665_392,
        ),
    ];
    for (one, two, seed) in games {
        let decks = [deck(one), deck(two)];
        let played = playout(&SummonerWarsRules, &decks, seed, PlayoutOptions::default())
            .unwrap_or_else(|e| panic!("{one} against {two}, seed {seed}: {e}"));
        assert!(!played.capped, "{one} against {two}, seed {seed}");
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let decks = [deck("vanguards.toml"), deck("sand-goblins.toml")];
    let options = PlayoutOptions {
        record_log: true,
        ..PlayoutOptions::default()
    };
    let a = playout(&SummonerWarsRules, &decks, 11, options).unwrap();
    let b = playout(&SummonerWarsRules, &decks, 11, options).unwrap();
    assert_eq!(a.log, b.log);
    assert_eq!(a.actions, b.actions);
}

/// Every square of the battlefield.
fn squares() -> Vec<Square> {
    (0..8)
        .flat_map(|row| (0..6).map(move |column| Square { column, row }))
        .collect()
}

/// Every walk of 1 to 3 orthogonal steps from `from` (squares repeated or not).
fn walks(from: Square) -> Vec<Vec<Square>> {
    let mut out: Vec<Vec<Square>> = Vec::new();
    let mut frontier: Vec<Vec<Square>> = vec![Vec::new()];
    for _ in 0..3 {
        let mut next = Vec::new();
        for path in &frontier {
            let at = *path.last().unwrap_or(&from);
            for (dc, dr) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                let (c, r) = (at.column as i32 + dc, at.row as i32 + dr);
                if (0..6).contains(&c) && (0..8).contains(&r) {
                    let mut p = path.clone();
                    p.push(Square {
                        column: c as u32,
                        row: r as u32,
                    });
                    next.push(p);
                }
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// A superset of what a player could try: every card of either hand on every square (summon,
/// build) and on no card or every card (events) and discarded; every card on the battlefield
/// along every walk of up to 3 steps, attacking every card, and every ability it has
/// activated; ending the phase.
fn candidates(game: &Game, _player: PlayerId) -> Vec<Action> {
    let mut out = vec![Action::EndPhase];
    let field: Vec<_> = game.on_battlefield().collect();
    let hands: Vec<_> = game
        .ids()
        .filter(|&id| game.pieces[id.0 as usize].place() == Place::Hand)
        .collect();
    for &card in &hands {
        for at in squares() {
            out.push(Action::Summon { card, at });
            out.push(Action::Build { card, at });
        }
        out.push(Action::PlayEvent { card, on: None });
        out.extend(
            field
                .iter()
                .map(|&on| Action::PlayEvent { card, on: Some(on) }),
        );
        out.push(Action::DiscardForMagic { card });
    }
    for &unit in &field {
        let from = game.pieces[unit.0 as usize].square().unwrap();
        out.extend(walks(from).into_iter().map(|path| Action::Move {
            unit,
            path: path.into(),
        }));
        out.extend(field.iter().map(|&target| Action::Attack {
            attacker: unit,
            target,
        }));
        for ability in abilities(game, unit) {
            out.push(Action::Activate {
                unit,
                ability: ability.meta().name.to_string(),
            });
        }
    }
    out
}

#[test]
fn legal_actions_are_complete_and_rejected_actions_change_nothing() {
    let decks = [deck("phoenix-elves.toml"), deck("shadow-elves.toml")];
    let check = ContractCheck {
        games: 2,
        seed: 5,
        max_actions: 800,
        every: 29,
    };
    let report = check_contract(&SummonerWarsRules, &decks, check, &candidates)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report.states > 20 && report.accepted > 100 && report.finished > 0,
        "{report:?}"
    );
}

#[test]
fn a_move_lists_every_path_and_apply_takes_exactly_those() {
    let decks = [deck("vanguards.toml"), deck("deep-dwarves.toml")];
    let mut dice = SeededDice::new(3);
    let mut choices = grimoire_engine::FirstOption;
    let mut log = EventLog::new();
    let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
    let game = SummonerWarsRules.setup(&decks, &mut ctx).unwrap();
    let player = game.active;
    let legal = SummonerWarsRules.legal_actions(&game, player);
    let moves: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Move { path, .. } if path.len() == 2))
        .collect();
    assert!(!moves.is_empty(), "two-space moves are listed");
    for candidate in candidates(&game, player) {
        let Action::Move { .. } = candidate else {
            continue;
        };
        let mut trial = game.clone();
        let accepted = SummonerWarsRules
            .apply(&mut trial, &candidate, &mut ctx)
            .is_ok();
        assert_eq!(accepted, legal.contains(&candidate), "{candidate:?}");
    }
}
