//! Answers to state queries remembered while a state cannot change: [`with_memo`].
//!
//! What abilities a unit has, which operations act on it and its life ([`super::abilities`]),
//! and how many units may move, are read over and over while the rules look at one state
//! (listing the legal actions, checking an action before it changes anything, looking for
//! destroyed cards). Inside `with_memo(game, f)` the state is borrowed shared, so it cannot
//! change: the first answer is kept for the rest of the call and later queries on that same
//! state (the same address) read it. Queries on any other state, such as a copy an action is
//! tried on, are computed as usual.

use std::cell::RefCell;

use grimoire_engine::ObjectId;

use super::abilities::{AbilityList, Acting, Broadcast};
use super::content::Timing;
use super::state::Game;

/// Answers by key, in the order they were found (a call asks about a few dozen at most).
struct Table<K, V>(Vec<(K, V)>);

impl<K: PartialEq, V> Table<K, V> {
    fn get(&self, key: &K) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    fn put(&mut self, key: K, value: V) {
        self.0.push((key, value));
    }
}

impl<K, V> Default for Table<K, V> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

/// What is remembered about one state.
#[derive(Default)]
struct Memo {
    /// `abilities` of cards.
    abilities: Table<ObjectId, AbilityList>,
    /// `acting_on` cards, by timing.
    acting: Table<(ObjectId, Timing), Vec<Acting>>,
    /// `life` of cards.
    life: Table<ObjectId, Option<u32>>,
    /// The operations acting on other units, by timing.
    broadcast: Table<Timing, Option<Broadcast>>,
    /// `Game::movers_allowed`.
    movers_allowed: Table<(), u32>,
}

impl Memo {
    fn clear(&mut self) {
        self.abilities.0.clear();
        self.acting.0.clear();
        self.life.0.clear();
        self.broadcast.0.clear();
        self.movers_allowed.0.clear();
    }
}

/// The memos of this thread.
#[derive(Default)]
struct Memos {
    /// The state of the innermost `with_memo` call, and its memo; only compared, never read
    /// through.
    current: Option<(*const Game, Memo)>,
    /// Memos of finished calls, cleared, kept for their allocations.
    spare: Vec<Memo>,
}

thread_local! {
    static MEMOS: RefCell<Memos> = RefCell::new(Memos::default());
}

/// Runs `f` on `game` with queries on `game` remembered (see the module docs); nested calls on
/// the same state share one memo, a call on another state has its own for its duration.
pub(super) fn with_memo<R>(game: &Game, f: impl FnOnce(&Game) -> R) -> R {
    /// Puts back the memo of the enclosing call, also when `f` panics.
    struct Restore(Option<Option<(*const Game, Memo)>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                MEMOS.with_borrow_mut(|memos| {
                    if let Some((_, mut memo)) = std::mem::replace(&mut memos.current, outer) {
                        memo.clear();
                        memos.spare.push(memo);
                    }
                });
            }
        }
    }
    let outer = MEMOS.with_borrow_mut(|memos| {
        if memos
            .current
            .as_ref()
            .is_some_and(|(state, _)| std::ptr::eq(*state, game))
        {
            return None;
        }
        let memo = memos.spare.pop().unwrap_or_default();
        Some(memos.current.replace((game, memo)))
    });
    let _restore = Restore(outer);
    f(game)
}

/// Inside `with_memo` on `game`: the answer `get` finds in its memo, or `compute()` (then
/// kept with `put`); elsewhere `compute()`.
fn remembered<T: Clone>(
    game: &Game,
    get: impl Fn(&Memo) -> Option<&T>,
    put: impl FnOnce(&mut Memo, T),
    compute: impl FnOnce() -> T,
) -> T {
    let known = MEMOS.with_borrow(|memos| match &memos.current {
        Some((state, memo)) if std::ptr::eq(*state, game) => Some(get(memo).cloned()),
        _ => None,
    });
    match known {
        Some(Some(value)) => value,
        Some(None) => {
            // Computing may ask (and remember) other answers: the memos are not borrowed now;
            // `game` is still the innermost call's state when it returns.
            let value = compute();
            MEMOS.with_borrow_mut(|memos| {
                if let Some((state, memo)) = &mut memos.current {
                    if std::ptr::eq(*state, game) {
                        put(memo, value.clone());
                    }
                }
            });
            value
        }
        None => compute(),
    }
}

/// The abilities of `id` (remembered within `with_memo`).
pub(super) fn abilities(
    game: &Game,
    id: ObjectId,
    compute: impl FnOnce() -> AbilityList,
) -> AbilityList {
    remembered(
        game,
        |m| m.abilities.get(&id),
        |m, v| m.abilities.put(id, v),
        compute,
    )
}

/// The operations with timing `timing` acting on `id` (remembered within `with_memo`).
pub(super) fn acting(
    game: &Game,
    id: ObjectId,
    timing: Timing,
    compute: impl FnOnce() -> Vec<Acting>,
) -> Vec<Acting> {
    remembered(
        game,
        |m| m.acting.get(&(id, timing)),
        |m, v| m.acting.put((id, timing), v),
        compute,
    )
}

/// The life of `id` (remembered within `with_memo`).
pub(super) fn life(
    game: &Game,
    id: ObjectId,
    compute: impl FnOnce() -> Option<u32>,
) -> Option<u32> {
    remembered(game, |m| m.life.get(&id), |m, v| m.life.put(id, v), compute)
}

/// `read` of the operations with timing `timing` that may act on other units, `None` when
/// there are none (remembered within `with_memo`, and read there without a copy: `read` must
/// not ask the memo anything).
pub(super) fn with_broadcast<R>(
    game: &Game,
    timing: Timing,
    compute: impl FnOnce() -> Option<Broadcast>,
    read: impl FnOnce(Option<&Broadcast>) -> R,
) -> R {
    let mut read = Some(read);
    // `Ok`: read from the memo; `Err(true)`: to compute and remember; `Err(false)`: to compute.
    let found = MEMOS.with_borrow(|memos| match &memos.current {
        Some((state, memo)) if std::ptr::eq(*state, game) => match memo.broadcast.get(&timing) {
            Some(known) => Ok(read.take().expect("read once")(known.as_ref())),
            None => Err(true),
        },
        _ => Err(false),
    });
    match found {
        Ok(value) => value,
        Err(remember) => {
            // Computing may ask (and remember) other answers: the memos are not borrowed now.
            let computed = compute();
            let value = read.take().expect("read once")(computed.as_ref());
            if remember {
                MEMOS.with_borrow_mut(|memos| {
                    if let Some((state, memo)) = &mut memos.current {
                        if std::ptr::eq(*state, game) {
                            memo.broadcast.put(timing, computed);
                        }
                    }
                });
            }
            value
        }
    }
}

/// How many units the active player may choose to move this phase (remembered within
/// `with_memo`).
pub(super) fn movers_allowed(game: &Game, compute: impl FnOnce() -> u32) -> u32 {
    remembered(
        game,
        |m| m.movers_allowed.get(&()),
        |m, v| m.movers_allowed.put((), v),
        compute,
    )
}
