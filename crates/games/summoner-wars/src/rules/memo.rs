//! Answers to ability queries remembered while a state cannot change: [`with_memo`].
//!
//! What abilities a unit has and which operations act on it ([`super::abilities`]) are read
//! over and over while the rules look at one state (listing the legal actions, checking an
//! action before it changes anything, looking for destroyed cards). Inside `with_memo(game, f)`
//! the state is borrowed shared, so it cannot change: the first answer for a unit is kept for
//! the rest of the call and later queries on that same state (the same address) read it.
//! Queries on any other state, such as a copy an action is tried on, are computed as usual.

use std::cell::RefCell;

use grimoire_engine::ObjectId;

use super::abilities::{Acting, Broadcast};
use super::content::{Ability, Timing};
use super::state::Game;

/// What is remembered about one state.
struct Memo {
    /// The state the answers are for; only compared, never read through.
    game: *const Game,
    /// `abilities` of each card, by id.
    abilities: Vec<Option<Vec<Ability>>>,
    /// `acting_on` each card, by id and timing.
    acting: Vec<Option<Vec<Acting>>>,
    /// `life` of each card, by id.
    life: Vec<Option<Option<u32>>>,
    /// The operations acting on other units, by timing.
    broadcast: Vec<Option<Broadcast>>,
    /// `Game::movers_allowed`.
    movers_allowed: Option<u32>,
}

thread_local! {
    /// The memo of the innermost `with_memo` call on this thread.
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// Runs `f` on `game` with ability queries on `game` remembered (see the module docs); nested
/// calls on the same state share one memo, a call on another state has its own for its
/// duration.
pub(super) fn with_memo<R>(game: &Game, f: impl FnOnce(&Game) -> R) -> R {
    /// Puts back the memo of the enclosing call, also when `f` panics.
    struct Restore(Option<Option<Memo>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                MEMO.with_borrow_mut(|memo| *memo = outer);
            }
        }
    }
    let outer = MEMO.with_borrow_mut(|memo| {
        if memo.as_ref().is_some_and(|m| std::ptr::eq(m.game, game)) {
            return None;
        }
        Some(memo.replace(Memo {
            game,
            abilities: Vec::new(),
            acting: Vec::new(),
            life: Vec::new(),
            broadcast: Vec::new(),
            movers_allowed: None,
        }))
    });
    let _restore = Restore(outer);
    f(game)
}

/// The remembered value in `slot` of the memo for `game`, or `compute()` (remembered when
/// `game` has a memo).
fn remembered<T: Clone>(
    game: &Game,
    slot: impl Fn(&mut Memo) -> &mut Option<T>,
    compute: impl FnOnce() -> T,
) -> T {
    let known = MEMO.with_borrow_mut(|memo| match memo {
        Some(m) if std::ptr::eq(m.game, game) => Some(slot(m).clone()),
        _ => None,
    });
    match known {
        Some(Some(value)) => value,
        Some(None) => {
            // Computing may ask (and remember) other answers: the memo is not borrowed now.
            let value = compute();
            MEMO.with_borrow_mut(|memo| {
                if let Some(m) = memo.as_mut().filter(|m| std::ptr::eq(m.game, game)) {
                    *slot(m) = Some(value.clone());
                }
            });
            value
        }
        None => compute(),
    }
}

/// Entry `index` of `table`, grown as needed.
fn entry<T>(table: &mut Vec<Option<T>>, index: usize) -> &mut Option<T> {
    if table.len() <= index {
        table.resize_with(index + 1, || None);
    }
    &mut table[index]
}

/// The abilities of `id` (remembered within `with_memo`).
pub(super) fn abilities(
    game: &Game,
    id: ObjectId,
    compute: impl FnOnce() -> Vec<Ability>,
) -> Vec<Ability> {
    remembered(game, |m| entry(&mut m.abilities, id.0 as usize), compute)
}

/// The operations with timing `timing` acting on `id` (remembered within `with_memo`).
pub(super) fn acting(
    game: &Game,
    id: ObjectId,
    timing: Timing,
    compute: impl FnOnce() -> Vec<Acting>,
) -> Vec<Acting> {
    let index = id.0 as usize * Timing::ALL.len() + timing as usize;
    remembered(game, |m| entry(&mut m.acting, index), compute)
}

/// The life of `id` (remembered within `with_memo`).
pub(super) fn life(
    game: &Game,
    id: ObjectId,
    compute: impl FnOnce() -> Option<u32>,
) -> Option<u32> {
    remembered(game, |m| entry(&mut m.life, id.0 as usize), compute)
}

/// The operations with timing `timing` that may act on other units (remembered within
/// `with_memo`).
pub(super) fn broadcast(
    game: &Game,
    timing: Timing,
    compute: impl FnOnce() -> Broadcast,
) -> Broadcast {
    remembered(game, |m| entry(&mut m.broadcast, timing as usize), compute)
}

/// How many units the active player may choose to move this phase, remembered.
pub(super) fn movers_allowed(game: &Game, compute: impl FnOnce() -> u32) -> u32 {
    remembered(game, |m| &mut m.movers_allowed, compute)
}
