//! The engine contract: what a game's rules implement ([`Rules`]) and what they are given
//! while applying an action ([`Ctx`]: dice, a source of player choices, the event log).
//!
//! The contract knows no game: a game names its own state, actions, events and errors.
//! Randomness and decisions come only through the context, so the same rules run seeded
//! (play, simulation), scripted (tests, scenarios) or driven by a user interface.

use std::collections::VecDeque;
use std::fmt;

use serde::Serialize;

use crate::dice::{Dice, DiceError};
use crate::log::EventLog;
use crate::store::PlayerId;

/// A game's rules. One value per rule set (a unit struct for most games; options such as a
/// tournament variant live in `self`).
pub trait Rules {
    /// Everything the rules need to know about a game in progress.
    type State;
    /// One thing a player can do (attack, cast, move, pass...).
    type Action;
    /// One recorded state change.
    type Event: Serialize;
    /// Why an action could not be applied. A failed roll or choice converts into it, so rules
    /// can use `?` on [`Ctx::roll`] and [`Ctx::choose`].
    type Error: std::error::Error + From<DiceError> + From<ChoiceError>;

    /// The legal actions of `player` now.
    fn legal_actions(&self, state: &Self::State, player: PlayerId) -> Vec<Self::Action>;

    /// Applies one action: rolls through `ctx.dice`, asks `ctx.choices`, records to `ctx.log`.
    /// An illegal action is an error, never a panic.
    fn apply(
        &self,
        state: &mut Self::State,
        action: &Self::Action,
        ctx: &mut Ctx<'_, Self::Event>,
    ) -> Result<(), Self::Error>;
}

/// What the rules are given while applying an action.
pub struct Ctx<'a, E> {
    /// The dice to roll.
    pub dice: &'a mut dyn Dice,
    /// Who answers the questions the rules ask players.
    pub choices: &'a mut dyn Chooser,
    /// Where state changes are recorded.
    pub log: &'a mut EventLog<E>,
}

impl<'a, E> Ctx<'a, E> {
    /// A context over the given dice, chooser and log.
    pub fn new(
        dice: &'a mut dyn Dice,
        choices: &'a mut dyn Chooser,
        log: &'a mut EventLog<E>,
    ) -> Self {
        Self { dice, choices, log }
    }

    /// Rolls one die: see [`Dice::roll`].
    pub fn roll(&mut self, die: crate::dice::DieSpec) -> Result<u32, DiceError> {
        self.dice.roll(die)
    }

    /// Asks a question: see [`Chooser::choose`].
    pub fn choose(&mut self, prompt: &str, options: &[String]) -> Result<usize, ChoiceError> {
        self.choices.choose(prompt, options)
    }

    /// Records an event.
    pub fn record(&mut self, event: E) {
        self.log.push(event);
    }

    /// Whether neither the dice nor the chooser can fail ([`Dice::never_fails`],
    /// [`Chooser::never_fails`]): an action that passed its checks then cannot fail for want
    /// of a roll or an answer, so a game may apply it in place without a copy to undo it.
    pub fn never_fails(&self) -> bool {
        self.dice.never_fails() && self.choices.never_fails()
    }
}

/// Runs `step` on `state` all or nothing: when it fails, `state` and `ctx.log` are exactly as
/// they were before (a copy of the state is restored and the events it recorded are dropped).
/// This is how a game's `apply` keeps the contract's rule that a failed action leaves no
/// trace, and what [`crate::Playable::try_apply`] does for any game.
pub fn all_or_nothing<S: Clone, E, R>(
    state: &mut S,
    ctx: &mut Ctx<'_, E>,
    step: impl FnOnce(&mut S, &mut Ctx<'_, E>) -> Result<(), R>,
) -> Result<(), R> {
    let before = state.clone();
    let logged = ctx.log.len();
    let done = step(state, ctx);
    if done.is_err() {
        *state = before;
        ctx.log.truncate(logged);
    }
    done
}

/// [`all_or_nothing`] with the copy kept in `backup`, filled with `clone_from` (and restored
/// with it): a backup kept from one call to the next lets a state whose `clone_from` reuses
/// allocations be copied without allocating. `backup` holds no meaning afterwards.
pub fn all_or_nothing_in<S: Clone, E, R>(
    state: &mut S,
    backup: &mut S,
    ctx: &mut Ctx<'_, E>,
    step: impl FnOnce(&mut S, &mut Ctx<'_, E>) -> Result<(), R>,
) -> Result<(), R> {
    backup.clone_from(state);
    let logged = ctx.log.len();
    let done = step(state, ctx);
    if done.is_err() {
        state.clone_from(backup);
        ctx.log.truncate(logged);
    }
    done
}

/// Whether `step` succeeds on a copy of `state`, rolling `dice`, taking the first option of
/// every question and recording nothing: how `legal_actions` tries an action it cannot judge
/// without playing it. `state` itself is never changed.
pub fn succeeds_on_copy<S: Clone, E, R>(
    state: &S,
    dice: &mut dyn Dice,
    step: impl FnOnce(&mut S, &mut Ctx<'_, E>) -> Result<(), R>,
) -> bool {
    succeeds(&mut state.clone(), dice, step)
}

/// [`succeeds_on_copy`] on `scratch`, made a copy of `state` with `clone_from`: trying many
/// actions on one state with one scratch state copies without allocating when the state's
/// `clone_from` reuses allocations. `scratch` holds no meaning afterwards.
pub fn succeeds_on_scratch<S: Clone, E, R>(
    state: &S,
    scratch: &mut S,
    dice: &mut dyn Dice,
    step: impl FnOnce(&mut S, &mut Ctx<'_, E>) -> Result<(), R>,
) -> bool {
    scratch.clone_from(state);
    succeeds(scratch, dice, step)
}

/// A copy of a state kept per thread and reused from call to call, declared by a game with
/// `thread_local!` (`static BACKUP: RefCell<Game> = RefCell::new(Game::new())`).
pub type KeptCopy<S> = std::thread::LocalKey<std::cell::RefCell<S>>;

/// [`all_or_nothing_in`] with the thread's `kept` copy as the backup; a nested call that finds
/// it in use copies instead ([`all_or_nothing`]).
pub fn all_or_nothing_kept<S: Clone, E, R>(
    kept: &'static KeptCopy<S>,
    state: &mut S,
    ctx: &mut Ctx<'_, E>,
    step: impl FnOnce(&mut S, &mut Ctx<'_, E>) -> Result<(), R>,
) -> Result<(), R> {
    kept.with(|backup| match backup.try_borrow_mut() {
        Ok(mut backup) => all_or_nothing_in(state, &mut backup, ctx, step),
        Err(_) => all_or_nothing(state, ctx, step),
    })
}

/// `f` on the thread's `kept` copy, made a copy of `state` with `clone_from`; a nested call
/// that finds it in use runs `f` on a fresh clone. `state` itself is never changed.
pub fn on_kept_copy<S: Clone, T>(
    kept: &'static KeptCopy<S>,
    state: &S,
    f: impl FnOnce(&mut S) -> T,
) -> T {
    kept.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => {
            scratch.clone_from(state);
            f(&mut scratch)
        }
        Err(_) => f(&mut state.clone()),
    })
}

/// [`succeeds_on_copy`] on the thread's `kept` copy ([`on_kept_copy`]).
pub fn succeeds_on_kept<S: Clone, E, R>(
    kept: &'static KeptCopy<S>,
    state: &S,
    dice: &mut dyn Dice,
    step: impl FnOnce(&mut S, &mut Ctx<'_, E>) -> Result<(), R>,
) -> bool {
    on_kept_copy(kept, state, |copy| succeeds(copy, dice, step))
}

/// Whether `step` succeeds on `copy` with `dice`, first options and no recording.
fn succeeds<S, E, R>(
    copy: &mut S,
    dice: &mut dyn Dice,
    step: impl FnOnce(&mut S, &mut Ctx<'_, E>) -> Result<(), R>,
) -> bool {
    let mut first = FirstOption;
    let mut log = EventLog::new();
    log.set_enabled(false);
    let mut ctx = Ctx::new(dice, &mut first, &mut log);
    step(copy, &mut ctx).is_ok()
}

/// A choice that could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceError {
    /// The rules asked a question with no options.
    NoOptions {
        /// The question.
        prompt: String,
    },
    /// A script ran out of answers.
    ScriptExhausted {
        /// The question the rules asked.
        prompt: String,
        /// The options offered.
        options: Vec<String>,
        /// How many answers the script provided (all already used).
        scripted: usize,
    },
    /// A scripted answer is not one of the options offered.
    NotOffered {
        /// The question the rules asked.
        prompt: String,
        /// The scripted answer.
        answer: String,
        /// The options offered.
        options: Vec<String>,
    },
}

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::NoOptions { prompt } => {
                write!(f, "the rules asked {prompt:?} but offered no options")
            }
            ChoiceError::ScriptExhausted {
                prompt,
                options,
                scripted,
            } => write!(
                f,
                "the rules asked {prompt:?} (choice number {}, options: {}) but the script \
                 provides only {scripted}",
                scripted + 1,
                options.join(", ")
            ),
            ChoiceError::NotOffered {
                prompt,
                answer,
                options,
            } => write!(
                f,
                "the rules asked {prompt:?} offering {} but the script answers {answer:?}",
                options.join(", ")
            ),
        }
    }
}

impl std::error::Error for ChoiceError {}

/// Anything that answers the rules' questions to players (a user interface, an AI, a script).
pub trait Chooser {
    /// Picks one of `options` (shown to players as they are) for the question `prompt`;
    /// returns its index in `options`.
    fn choose(&mut self, prompt: &str, options: &[String]) -> Result<usize, ChoiceError>;

    /// Whether [`choose`](Self::choose) answers every question that offers at least one option
    /// (a seeded or fixed policy; a script can run out or answer something not offered). The
    /// rules never ask with no options. `false` unless the chooser says so.
    fn never_fails(&self) -> bool {
        false
    }
}

/// Always picks the first option: a deterministic chooser for simulations.
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstOption;

impl Chooser for FirstOption {
    fn choose(&mut self, prompt: &str, options: &[String]) -> Result<usize, ChoiceError> {
        if options.is_empty() {
            return Err(ChoiceError::NoOptions {
                prompt: prompt.to_string(),
            });
        }
        Ok(0)
    }

    fn never_fails(&self) -> bool {
        true
    }
}

/// Scripted answers, used in order: each question the rules ask takes the next answer, which
/// must be one of the options offered. Running out, or answering something not offered, is an
/// error naming the question; answers never asked for are reported by [`Self::unused`].
#[derive(Debug, Clone, Default)]
pub struct ScriptedChoices {
    answers: VecDeque<String>,
    provided: usize,
}

impl ScriptedChoices {
    /// A script of `answers`, in the order the rules will ask.
    pub fn new<S: Into<String>>(answers: impl IntoIterator<Item = S>) -> Self {
        let answers: VecDeque<String> = answers.into_iter().map(Into::into).collect();
        Self {
            provided: answers.len(),
            answers,
        }
    }

    /// Answers not asked for yet.
    pub fn unused(&self) -> &VecDeque<String> {
        &self.answers
    }
}

impl Chooser for ScriptedChoices {
    fn choose(&mut self, prompt: &str, options: &[String]) -> Result<usize, ChoiceError> {
        let answer = self
            .answers
            .pop_front()
            .ok_or_else(|| ChoiceError::ScriptExhausted {
                prompt: prompt.to_string(),
                options: options.to_vec(),
                scripted: self.provided,
            })?;
        options
            .iter()
            .position(|o| *o == answer)
            .ok_or_else(|| ChoiceError::NotOffered {
                prompt: prompt.to_string(),
                answer,
                options: options.to_vec(),
            })
    }
}

/// Declares how a game's refusals are grouped: `Display` of the game's `Refusal` enum (each
/// variant holds one group and prints it), `From` each group into `Refusal`, and `From` each
/// group into the game's rules error as `RulesError::Illegal(Refusal::Group(..))`, so a rule
/// refuses with `Err(MoveRefusal::TooFar { .. })?`. Both types must be in scope by the names
/// given.
///
/// ```ignore
/// grimoire_engine::refusal_groups!(Refusal => RulesError {
///     Move(MoveRefusal),
///     Attack(AttackRefusal),
/// });
/// ```
#[macro_export]
macro_rules! refusal_groups {
    ($refusal:ident => $error:ident { $($variant:ident($group:ty)),* $(,)? }) => {
        impl ::core::fmt::Display for $refusal {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self {
                    $($refusal::$variant(r) => ::core::fmt::Display::fmt(r, f),)*
                }
            }
        }

        $(
            impl ::core::convert::From<$group> for $refusal {
                fn from(r: $group) -> Self {
                    $refusal::$variant(r)
                }
            }

            impl ::core::convert::From<$group> for $error {
                fn from(r: $group) -> Self {
                    $error::Illegal($refusal::$variant(r))
                }
            }
        )*
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DieSpec, ScriptedDice};

    fn options(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn scripted_choices_answer_in_order() {
        let mut script = ScriptedChoices::new(["wolf", "fox"]);
        let offered = options(&["fox", "wolf"]);
        assert_eq!(script.choose("target", &offered), Ok(1));
        assert_eq!(script.unused().len(), 1);
        assert_eq!(script.choose("target", &offered), Ok(0));
        assert!(script.unused().is_empty());
    }

    #[test]
    fn an_exhausted_script_names_the_question() {
        let mut script = ScriptedChoices::new(["fox"]);
        let offered = options(&["fox", "wolf"]);
        script.choose("target", &offered).unwrap();
        let err = script.choose("target", &offered).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the rules asked \"target\" (choice number 2, options: fox, wolf) but the script \
             provides only 1"
        );
    }

    #[test]
    fn an_answer_not_offered_is_an_error() {
        let mut script = ScriptedChoices::new(["bear"]);
        let err = script.choose("target", &options(&["fox"])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the rules asked \"target\" offering fox but the script answers \"bear\""
        );
    }

    #[test]
    fn first_option_needs_an_option() {
        assert_eq!(FirstOption.choose("q", &options(&["a", "b"])), Ok(0));
        assert!(matches!(
            FirstOption.choose("q", &[]),
            Err(ChoiceError::NoOptions { .. })
        ));
    }

    #[test]
    fn succeeds_on_copy_leaves_the_state_alone() {
        let state = vec![1];
        let mut dice = ScriptedDice::new();
        assert!(succeeds_on_copy(
            &state,
            &mut dice,
            |s: &mut Vec<i32>, _: &mut Ctx<'_, ()>| {
                s.push(2);
                Ok::<(), ()>(())
            }
        ));
        let d6 = DieSpec {
            name: "d6",
            faces: 6,
        };
        assert!(!succeeds_on_copy(
            &state,
            &mut dice,
            |_: &mut Vec<i32>, c: &mut Ctx<'_, ()>| { c.roll(d6).map(|_| ()) }
        ));
        assert_eq!(state, vec![1]);
    }

    #[test]
    fn all_or_nothing_restores_the_state_and_the_log_on_failure() {
        let (mut dice, mut choices, mut log) = (ScriptedDice::new(), FirstOption, EventLog::new());
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        let mut state = vec![1];
        let failed: Result<(), &str> = all_or_nothing(&mut state, &mut ctx, |s, c| {
            s.push(2);
            c.record("pushed");
            Err("no")
        });
        assert_eq!((failed, state.clone()), (Err("no"), vec![1]));
        let done: Result<(), &str> = all_or_nothing(&mut state, &mut ctx, |s, c| {
            s.push(3);
            c.record("pushed");
            Ok(())
        });
        assert_eq!((done, state), (Ok(()), vec![1, 3]));
        assert_eq!(log.events(), &["pushed"]);
    }

    #[test]
    fn the_kept_copy_variants_act_like_the_copying_ones() {
        let (mut dice, mut choices, mut log) = (ScriptedDice::new(), FirstOption, EventLog::new());
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        let (mut state, mut backup) = (vec![1], vec![7, 7, 7]);
        let failed: Result<(), &str> =
            all_or_nothing_in(&mut state, &mut backup, &mut ctx, |s, c| {
                s.push(2);
                c.record("pushed");
                Err("no")
            });
        assert_eq!((failed, state.clone()), (Err("no"), vec![1]));
        let done: Result<(), &str> =
            all_or_nothing_in(&mut state, &mut backup, &mut ctx, |s, _| {
                s.push(3);
                Ok(())
            });
        assert_eq!((done, state.clone()), (Ok(()), vec![1, 3]));
        assert!(log.events().is_empty());
        let mut scratch = vec![9];
        assert!(succeeds_on_scratch(
            &state,
            &mut scratch,
            &mut ScriptedDice::new(),
            |s: &mut Vec<i32>, _: &mut Ctx<'_, ()>| {
                assert_eq!(s, &[1, 3]);
                s.clear();
                Ok::<(), ()>(())
            }
        ));
        assert_eq!(state, vec![1, 3]);
    }

    thread_local! {
        static KEPT: std::cell::RefCell<Vec<i32>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    #[test]
    fn the_thread_kept_copy_variants_act_like_the_copying_ones_even_when_nested() {
        let (mut dice, mut choices, mut log) =
            (ScriptedDice::new(), FirstOption, EventLog::<()>::new());
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        let mut state = vec![1];
        let failed: Result<(), &str> = all_or_nothing_kept(&KEPT, &mut state, &mut ctx, |s, _| {
            s.push(2);
            Err("no")
        });
        assert_eq!((failed, state.clone()), (Err("no"), vec![1]));
        // A trial inside another (the kept copy is in use) works on a fresh clone.
        let nested = on_kept_copy(&KEPT, &state, |outer| {
            outer.push(5);
            on_kept_copy(&KEPT, &vec![8], |inner| {
                inner.push(9);
                inner.clone()
            })
        });
        assert_eq!((nested, state.clone()), (vec![8, 9], vec![1]));
        assert!(succeeds_on_kept(
            &KEPT,
            &state,
            &mut ScriptedDice::new(),
            |s: &mut Vec<i32>, _: &mut Ctx<'_, ()>| {
                assert_eq!(s, &[1]);
                Ok::<(), ()>(())
            }
        ));
    }

    #[test]
    fn the_context_rolls_asks_and_records() {
        let mut dice = ScriptedDice::new();
        dice.push("d6", [4]);
        let mut choices = ScriptedChoices::new(["b"]);
        let mut log = EventLog::new();
        let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
        let d6 = DieSpec {
            name: "d6",
            faces: 6,
        };
        assert_eq!(ctx.roll(d6), Ok(4));
        assert_eq!(ctx.choose("which", &options(&["a", "b"])), Ok(1));
        ctx.record("rolled");
        assert!(ctx.roll(d6).is_err());
        assert_eq!(log.events(), &["rolled"]);
    }
}
