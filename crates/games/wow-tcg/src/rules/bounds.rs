//! The numbers a WoW TCG scenario may write. Every numeric key is read as a [`Bounded`]
//! integer: a value outside its range is refused where it is written (`file:line:column`,
//! "expected an integer from MIN to MAX"), so no count a user types makes the engine allocate,
//! loop or overflow. The ranges come from the codex where it has one (the effect operations'
//! parameters and the card parts of `codex/wow-tcg/game.toml`; the crate's tests compare them)
//! and are otherwise stated, generous bounds (docs/decisions.md, "WoW TCG").

pub use grimoire_engine::scenario::{Bounded, Few};

/// The most `[[player]]`s a scenario seats: the rules seat two or more players and name no
/// maximum; multiplayer games seat a handful, so 8 is a stated bound.
pub const MAX_PLAYERS: usize = 8;
/// The most face-down resources all players of a scenario start with together (each is an
/// object the rules scan): two players' [`Cards`] bound.
pub const MAX_RESOURCES: u32 = 2_000;
/// The most `[[object]]`s of a scenario: the bundled scenarios use at most 7; every packet
/// and ATK question scans the objects in play and their operations, so their number is kept
/// small enough for any scenario to run at once.
pub const MAX_OBJECTS: usize = 100;
/// The most keywords, tags, effects or bubbles one scenario object lists: the bundled
/// scenarios list at most 3, and a printed card carries a few keywords and powers.
pub const MAX_PER_OBJECT: usize = 8;

/// Cards a scenario counts without naming them (a player's `deck` and `hand`) and face-down
/// resources it puts in play (`resources`, `exhausted_resources`, each an object): the rules
/// set no maximum, a real deck holds 60 or so cards, and 1,000 is far beyond any game.
pub type Cards = Bounded<u32, 0, 1_000>;
/// Cards a `draw` step draws: at least one, at most [`Cards`]' bound.
pub type Draw = Bounded<u32, 1, 1_000>;
/// A player number (`player`, `pass`, `start_turn`, `turn_player`): the engine's player ids.
pub type PlayerNumber = Bounded<u8, 0, 255>;
/// Damage dealt, healed or put by a step, or on an object at the start: up to the largest
/// health a card prints (`health` is `int(0..=255)` in the codex); more destroys any
/// character just the same.
pub type Damage = Bounded<u32, 0, 255>;
/// A scenario object's ATK: the codex's printed range (`int(0..=99)`), mirrored below zero
/// for a character whose ATK modifiers took it under 0 (205).
pub type Atk = Bounded<i32, -99, 99>;
/// A scenario object's health: the codex's `int(0..=255)`.
pub type Health = Bounded<i32, 0, 255>;
/// A scenario object's resource cost: the codex's `int(0..=99)`.
pub type Cost = Bounded<u32, 0, 99>;
/// An armor's DEF or a weapon's strike cost: the codex's `int(0..=20)`.
pub type Twenty = Bounded<u32, 0, 20>;
/// Which payment power a `use` step uses, from 1: a card has a handful, and no card of the
/// pool needs more than the bound of a byte.
pub type PowerNumber = Bounded<usize, 1, 255>;

/// Expected counts (`hand`, `deck`, `ready_resources`, `damage`): any count the state can
/// hold.
pub type ExpectedCount = Bounded<u32, 0, 4_294_967_295>;
/// Expected ATK or health: any value the state can hold.
pub type ExpectedValue = Bounded<i32, -2_147_483_648, 2_147_483_647>;

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::fmt;

    #[derive(Debug, serde::Deserialize)]
    struct Key<T> {
        value: T,
    }

    fn read<T: for<'de> Deserialize<'de>>(value: &str) -> Result<T, String> {
        toml::from_str::<Key<T>>(&format!("value = {value}"))
            .map(|key| key.value)
            .map_err(|e| e.to_string())
    }

    /// The range of a [`Bounded`] type, to test it through its alias.
    trait Ends: for<'de> Deserialize<'de> + fmt::Debug {
        const LOW: i64;
        const HIGH: i64;
    }

    impl<T: TryFrom<i64> + fmt::Debug, const MIN: i64, const MAX: i64> Ends for Bounded<T, MIN, MAX> {
        const LOW: i64 = MIN;
        const HIGH: i64 = MAX;
    }

    /// Both ends of `B`'s range are read, and one past either end is an error naming it.
    fn ends<B: Ends>() {
        let (low, high) = (B::LOW, B::HIGH);
        for inside in [low, high] {
            read::<B>(&inside.to_string())
                .unwrap_or_else(|e| panic!("{inside} is in {low}..={high}: {e}"));
        }
        for outside in [i128::from(low) - 1, i128::from(high) + 1] {
            if let Ok(outside) = i64::try_from(outside) {
                let error = read::<B>(&outside.to_string()).expect_err("out of range");
                assert!(
                    error.contains(&format!("expected an integer from {low} to {high}")),
                    "{error}"
                );
            }
        }
    }

    #[test]
    fn every_range_fits_its_type() {
        ends::<Cards>();
        ends::<Draw>();
        ends::<PlayerNumber>();
        ends::<Damage>();
        ends::<Atk>();
        ends::<Health>();
        ends::<Cost>();
        ends::<Twenty>();
        ends::<PowerNumber>();
        ends::<ExpectedCount>();
        ends::<ExpectedValue>();
    }

    #[test]
    fn values_outside_the_range_or_of_another_type_name_the_range() {
        let error = read::<Cards>("4294967295").expect_err("too many");
        assert!(
            error.contains("4294967295 is out of range: expected an integer from 0 to 1000"),
            "{error}"
        );
        let error = read::<Cards>("\"three\"").expect_err("a string");
        assert!(
            error.contains("expected an integer from 0 to 1000"),
            "{error}"
        );
        assert_eq!(read::<Cards>("1000").map(Bounded::get), Ok(1000));
        assert_eq!(Cards::default().get(), 0);
    }
}
