//! Checks of the [`Playable`] contract on random reachable states, for every game's tests.
//!
//! [`check_contract`] plays seeded random games and, at sampled states along the way, applies
//! every action of a game-supplied superset of candidates (every card in every place, every
//! square, every target...) to a copy of the state:
//! - an action `apply` accepts must be one `legal_actions` lists for the player to act
//!   (`legal_actions` is complete);
//! - an action `apply` rejects must leave the state exactly as it was (compared through
//!   `Debug`), without [`Playable::try_apply`]'s help: a game's own `apply` never leaves
//!   partial state;
//! - every listed action is accepted (the playouts themselves check it).

use std::fmt::Debug;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::dice::SeededDice;
use crate::log::EventLog;
use crate::play::{game_seed, Playable, RandomChooser};
use crate::rules::{Ctx, Rules};
use crate::store::PlayerId;

/// A game's superset of candidate actions in a state, for the player to act.
pub type Candidates<'a, G> =
    dyn Fn(&<G as Rules>::State, PlayerId) -> Vec<<G as Rules>::Action> + 'a;

/// How hard [`check_contract`] looks.
#[derive(Debug, Clone, Copy)]
pub struct ContractCheck {
    /// Random games to play.
    pub games: u64,
    /// Seed of the first game.
    pub seed: u64,
    /// Actions per game at most.
    pub max_actions: u32,
    /// Check every `every`-th state of a game (1 checks them all).
    pub every: u32,
}

/// What a contract check looked at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ContractReport {
    /// States checked.
    pub states: u64,
    /// Candidate actions tried.
    pub candidates: u64,
    /// Candidates `apply` accepted (each found in `legal_actions`).
    pub accepted: u64,
    /// Games that ended by the rules.
    pub finished: u64,
}

/// Plays random games and checks the contract at sampled states; the first violation is the
/// error, in words with the seed and action count that reach it.
pub fn check_contract<G>(
    game: &G,
    decks: &[G::Deck],
    check: ContractCheck,
    candidates: &Candidates<'_, G>,
) -> Result<ContractReport, String>
where
    G: Playable,
    G::Action: PartialEq + Debug,
    G::State: Debug,
{
    let mut report = ContractReport::default();
    for index in 0..check.games {
        let seed = game_seed(check.seed, index);
        let mut policy = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = SeededDice::new(seed);
        let mut chooser = RandomChooser::new(seed);
        let mut log = EventLog::new();
        log.set_enabled(false);
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        let mut state = game
            .setup(decks, &mut ctx)
            .map_err(|e| format!("game {index} (seed {seed}): set-up failed: {e}"))?;
        for step in 0..check.max_actions {
            if game.outcome(&state).is_over() {
                report.finished += 1;
                break;
            }
            let Some(player) = game.to_act(&state) else {
                return Err(format!(
                    "game {index} (seed {seed}) after {step} actions: not over, nobody to act"
                ));
            };
            let legal = game.legal_actions(&state, player);
            if step % check.every.max(1) == 0 {
                report.states += 1;
                check_state(game, &state, player, &legal, candidates, &mut report)
                    .map_err(|e| format!("game {index} (seed {seed}) after {step} actions: {e}"))?;
            }
            if legal.is_empty() {
                return Err(format!(
                    "game {index} (seed {seed}) after {step} actions: player {} has no legal \
                     action",
                    player.0
                ));
            }
            let action = &legal[policy.random_range(0..legal.len())];
            game.try_apply(&mut state, action, &mut ctx).map_err(|e| {
                format!(
                    "game {index} (seed {seed}) after {step} actions: the legal action {} was \
                     rejected: {e}",
                    game.describe_action(&state, action)
                )
            })?;
        }
    }
    Ok(report)
}

fn check_state<G>(
    game: &G,
    state: &G::State,
    player: PlayerId,
    legal: &[G::Action],
    candidates: &Candidates<'_, G>,
    report: &mut ContractReport,
) -> Result<(), String>
where
    G: Playable,
    G::Action: PartialEq + Debug,
    G::State: Debug,
{
    let before = format!("{state:?}");
    for candidate in candidates(state, player) {
        report.candidates += 1;
        let mut trial = state.clone();
        let mut dice = SeededDice::new(report.candidates);
        let mut chooser = RandomChooser::new(report.candidates);
        let mut log = EventLog::new();
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        match game.apply(&mut trial, &candidate, &mut ctx) {
            Ok(()) => {
                report.accepted += 1;
                if !legal.contains(&candidate) {
                    return Err(format!(
                        "apply accepts {candidate:?} ({}) from player {} but legal_actions does \
                         not list it",
                        game.describe_action(state, &candidate),
                        player.0
                    ));
                }
            }
            Err(error) => {
                if format!("{trial:?}") != before {
                    return Err(format!(
                        "apply rejected {candidate:?} ({error}) but changed the state"
                    ));
                }
            }
        }
    }
    Ok(())
}
