//! Whole games: the part of the contract that plays a game from decks to a winner.
//!
//! [`Rules`] says what may be done and does it; [`Playable`] adds what a game needs to be
//! played whole: set-up from one deck per player, who must act now, how the game stands
//! ([`Outcome`]), and words a player reads for actions and events. On top of it:
//! - [`Playable::try_apply`]: `apply` that leaves the state and the log untouched when it
//!   fails (the contract's all-or-nothing rule, provided once for every game);
//! - [`RandomChooser`]: seeded answers to the rules' questions, for simulations;
//! - [`playout`]: one seeded random game through `legal_actions`, reported as a
//!   [`Playout`] (outcome, length, cards played), or a [`PlayoutError`] naming the rejected
//!   action or the stuck state.
//!
//! A playout is a pure function of the rules, the decks and the seed: it draws every random
//! number from ChaCha8 streams derived from the seed, so the same seed replays the same game
//! on any machine and in any thread.

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::dice::SeededDice;
use crate::log::EventLog;
use crate::rules::{ChoiceError, Chooser, Ctx, Rules};
use crate::store::PlayerId;

/// How a game stands, by its own rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The game goes on.
    Playing,
    /// The game is over and this player won.
    Won(PlayerId),
    /// The game is over and nobody won.
    Draw,
}

impl Outcome {
    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        !matches!(self, Outcome::Playing)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Playing => write!(f, "still playing"),
            Outcome::Won(player) => write!(f, "player {} won", player.0),
            Outcome::Draw => write!(f, "a draw"),
        }
    }
}

/// A game that can be played whole, from one deck per player to an [`Outcome`].
///
/// Contract, on top of [`Rules`]:
/// - `legal_actions(state, p)` for the player [`to_act`](Self::to_act) lists **every** action
///   `apply` accepts from that player now, passing and ending a phase or turn included, and
///   every option of a choice the rules ask (a choice the rules leave to a player is either an
///   action's field or asked through the [`Chooser`]); it is empty for every other player and
///   once the game is over;
/// - `apply` of an action `legal_actions` listed never fails (dice and choices aside: the
///   [`Chooser`] is always asked with options the rules offer);
/// - a failed `apply` leaves the state untouched: drivers call [`try_apply`](Self::try_apply),
///   which restores the state and the log whatever the game's `apply` did;
/// - the state is `Clone`, and cheap enough to clone per action (tree search needs it).
pub trait Playable: Rules<State: Clone> {
    /// One player's deck as the game reads it (a spellbook, a deck, an army, a faction);
    /// `Clone`, so a round robin can seat it against every other deck in both seats.
    type Deck: Clone;

    /// How many players a game seats (each gets one deck).
    fn players(&self) -> usize {
        2
    }

    /// Sets a game up from one deck per seat (seat `i` is `PlayerId(i + 1)`): shuffles with
    /// `ctx.dice`, asks set-up decisions (first player, mulligan...) through `ctx.choices`,
    /// and records what happened to `ctx.log`.
    fn setup(
        &self,
        decks: &[Self::Deck],
        ctx: &mut Ctx<'_, Self::Event>,
    ) -> Result<Self::State, Self::Error>;

    /// The player who must act now, or `None` when the game is over.
    fn to_act(&self, state: &Self::State) -> Option<PlayerId>;

    /// How the game stands, by the game's own rules for winning, losing and draws.
    fn outcome(&self, state: &Self::State) -> Outcome;

    /// The current turn, counting from 1 (a game that counts rounds returns the round).
    fn turn(&self, state: &Self::State) -> u32;

    /// The name of the card `action` plays from a player's hand, spellbook or reserve, when it
    /// plays one (for per-card figures); `None` for actions that play no card.
    fn card_played(&self, state: &Self::State, action: &Self::Action) -> Option<String>;

    /// `action` in words a player reads (object names, not numbers), before it is applied.
    fn describe_action(&self, state: &Self::State, action: &Self::Action) -> String;

    /// `event` in words a player reads, after the action that recorded it.
    fn describe_event(&self, state: &Self::State, event: &Self::Event) -> String;

    /// [`Rules::apply`] that leaves `state` and `ctx.log` as they were when it fails.
    fn try_apply(
        &self,
        state: &mut Self::State,
        action: &Self::Action,
        ctx: &mut Ctx<'_, Self::Event>,
    ) -> Result<(), Self::Error> {
        crate::rules::all_or_nothing(state, ctx, |state, ctx| self.apply(state, action, ctx))
    }
}

/// Seeded random answers to the rules' questions: each option equally likely.
#[derive(Debug, Clone)]
pub struct RandomChooser {
    rng: ChaCha8Rng,
}

impl RandomChooser {
    /// A chooser whose answers depend only on `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Chooser for RandomChooser {
    fn choose(&mut self, prompt: &str, options: &[String]) -> Result<usize, ChoiceError> {
        if options.is_empty() {
            return Err(ChoiceError::NoOptions {
                prompt: prompt.to_string(),
            });
        }
        Ok(self.rng.random_range(0..options.len()))
    }

    fn never_fails(&self) -> bool {
        true
    }
}

/// The seed of game number `index` of a simulation seeded with `seed`: independent streams for
/// every game, the same whatever the order or thread the games are played in.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(seed ^ splitmix64(index.wrapping_add(0x9E37_79B9_7F4A_7C15)))
}

/// SplitMix64's finaliser: a bijective mix of 64 bits.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Limits and recording of one [`playout`].
#[derive(Debug, Clone, Copy)]
pub struct PlayoutOptions {
    /// Actions after which an unfinished game stops (reported as [`Playout::capped`]).
    pub max_actions: u32,
    /// Whether to keep the log in words ([`Playout::log`]): the `play` command wants it, a
    /// simulation does not.
    pub record_log: bool,
}

impl Default for PlayoutOptions {
    fn default() -> Self {
        Self {
            max_actions: 20_000,
            record_log: false,
        }
    }
}

/// One card played during a playout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardPlay {
    /// Who played it.
    pub player: PlayerId,
    /// The card's name.
    pub card: String,
}

/// One line of a playout's log in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogLine {
    /// The turn the line belongs to.
    pub turn: u32,
    /// The player who acted (`None` for set-up).
    pub player: Option<PlayerId>,
    /// The action, or `None` for a line of events only (set-up).
    pub action: Option<String>,
    /// What happened, in words.
    pub events: Vec<String>,
}

/// What one random game did.
#[derive(Debug, Clone, Serialize)]
pub struct Playout {
    /// The seed it was played with.
    pub seed: u64,
    /// How it ended ([`Outcome::Playing`] only when [`capped`](Self::capped)).
    pub outcome: Outcome,
    /// Whether it stopped at [`PlayoutOptions::max_actions`] instead of ending by the rules.
    pub capped: bool,
    /// Actions applied.
    pub actions: u32,
    /// The turn it ended on.
    pub turns: u32,
    /// Cards played, in order.
    pub cards_played: Vec<CardPlay>,
    /// The log in words, when [`PlayoutOptions::record_log`] asked for it.
    pub log: Vec<LogLine>,
}

/// Why a playout could not finish: each is a defect of the game's rules, never of the driver.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlayoutError {
    /// Set-up from the decks failed.
    Setup {
        /// The game's error.
        error: String,
    },
    /// The game is not over but the player to act has no legal action, or nobody is to act.
    Stuck {
        /// Actions applied before.
        after_actions: u32,
        /// The player to act, if any.
        player: Option<PlayerId>,
    },
    /// `apply` rejected an action `legal_actions` listed.
    Rejected {
        /// Actions applied before.
        after_actions: u32,
        /// The action, in words.
        action: String,
        /// The game's error.
        error: String,
    },
}

impl fmt::Display for PlayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayoutError::Setup { error } => write!(f, "set-up failed: {error}"),
            PlayoutError::Stuck {
                after_actions,
                player: Some(player),
            } => write!(
                f,
                "after {after_actions} actions player {} must act but has no legal action",
                player.0
            ),
            PlayoutError::Stuck {
                after_actions,
                player: None,
            } => write!(
                f,
                "after {after_actions} actions the game is not over but nobody is to act"
            ),
            PlayoutError::Rejected {
                after_actions,
                action,
                error,
            } => write!(
                f,
                "after {after_actions} actions the rules rejected the legal action {action:?}: \
                 {error}"
            ),
        }
    }
}

impl std::error::Error for PlayoutError {}

/// Plays one game from `decks` with the uniform random policy: at each step the player to act
/// takes one of its legal actions, each equally likely; questions are answered by a
/// [`RandomChooser`]; dice are [`SeededDice`]. All three streams derive from `seed`.
pub fn playout<G: Playable>(
    game: &G,
    decks: &[G::Deck],
    seed: u64,
    options: PlayoutOptions,
) -> Result<Playout, PlayoutError> {
    let mut policy = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = SeededDice::new(splitmix64(seed ^ 1));
    let mut chooser = RandomChooser::new(splitmix64(seed ^ 2));
    let mut events = EventLog::new();
    events.set_enabled(options.record_log);
    let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut events);
    let mut state = game
        .setup(decks, &mut ctx)
        .map_err(|e| PlayoutError::Setup {
            error: e.to_string(),
        })?;
    let mut log = Vec::new();
    if options.record_log {
        log.push(LogLine {
            turn: game.turn(&state),
            player: None,
            action: None,
            events: words(game, &state, ctx.log.events()),
        });
        ctx.log.clear();
    }
    let mut cards_played = Vec::new();
    let mut actions = 0u32;
    loop {
        let outcome = game.outcome(&state);
        if outcome.is_over() || actions >= options.max_actions {
            return Ok(Playout {
                seed,
                outcome,
                capped: !outcome.is_over(),
                actions,
                turns: game.turn(&state),
                cards_played,
                log,
            });
        }
        let player = game.to_act(&state);
        let legal = player
            .map(|p| game.legal_actions(&state, p))
            .unwrap_or_default();
        let (Some(player), false) = (player, legal.is_empty()) else {
            return Err(PlayoutError::Stuck {
                after_actions: actions,
                player,
            });
        };
        let action = &legal[policy.random_range(0..legal.len())];
        let described = options
            .record_log
            .then(|| game.describe_action(&state, action));
        let card = game.card_played(&state, action);
        let turn = game.turn(&state);
        if let Err(error) = game.try_apply(&mut state, action, &mut ctx) {
            return Err(PlayoutError::Rejected {
                after_actions: actions,
                action: described.unwrap_or_else(|| game.describe_action(&state, action)),
                error: error.to_string(),
            });
        }
        actions += 1;
        if let Some(card) = card {
            cards_played.push(CardPlay { player, card });
        }
        if let Some(action) = described {
            log.push(LogLine {
                turn,
                player: Some(player),
                action: Some(action),
                events: words(game, &state, ctx.log.events()),
            });
            ctx.log.clear();
        }
    }
}

fn words<G: Playable>(game: &G, state: &G::State, events: &[G::Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| game.describe_event(state, e))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_are_distinct_and_stable() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| game_seed(7, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_eq!(game_seed(7, 3), game_seed(7, 3));
        assert_ne!(game_seed(7, 3), game_seed(8, 3));
    }

    #[test]
    fn the_random_chooser_is_seeded_and_needs_options() {
        let options: Vec<String> = (0..10).map(|i| i.to_string()).collect();
        let a: Vec<usize> = {
            let mut c = RandomChooser::new(5);
            (0..20).map(|_| c.choose("q", &options).unwrap()).collect()
        };
        let b: Vec<usize> = {
            let mut c = RandomChooser::new(5);
            (0..20).map(|_| c.choose("q", &options).unwrap()).collect()
        };
        assert_eq!(a, b);
        assert!(a.iter().any(|&i| i != a[0]), "a random chooser varies");
        assert!(RandomChooser::new(1).choose("q", &[]).is_err());
    }
}
