//! The numbers a WoW TCG scenario may write. Every numeric key is read as a [`Bounded`]
//! integer: a value outside its range is refused where it is written (`file:line:column`,
//! "expected an integer from MIN to MAX"), so no count a user types makes the engine allocate,
//! loop or overflow. The ranges come from the codex where it has one (the effect operations'
//! parameters and the card parts of `codex/wow-tcg/game.toml`; the crate's tests compare them)
//! and are otherwise stated, generous bounds (docs/decisions.md, "WoW TCG").

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};

/// An integer of type `T` read only within `MIN..=MAX`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bounded<T, const MIN: i64, const MAX: i64>(T);

impl<T: Copy, const MIN: i64, const MAX: i64> Bounded<T, MIN, MAX> {
    /// The value.
    pub fn get(self) -> T {
        self.0
    }
}

impl<T: From<u8>, const MIN: i64, const MAX: i64> Default for Bounded<T, MIN, MAX> {
    /// Zero, the value of an absent key (only for ranges holding zero: checked when built).
    fn default() -> Self {
        const { assert!(MIN <= 0 && 0 <= MAX, "the default 0 must be in range") };
        Bounded(T::from(0))
    }
}

/// Accepts the integers of `MIN..=MAX` and says so in its errors.
struct Within<const MIN: i64, const MAX: i64>;

impl<const MIN: i64, const MAX: i64> Within<MIN, MAX> {
    fn check<E: de::Error>(&self, value: i64, unexpected: Unexpected<'_>) -> Result<i64, E> {
        if (MIN..=MAX).contains(&value) {
            Ok(value)
        } else {
            Err(E::invalid_value(unexpected, self))
        }
    }
}

impl<const MIN: i64, const MAX: i64> Visitor<'_> for Within<MIN, MAX> {
    type Value = i64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an integer from {MIN} to {MAX}")
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<i64, E> {
        self.check(value, Unexpected::Signed(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<i64, E> {
        let unexpected = Unexpected::Unsigned(value);
        match i64::try_from(value) {
            Ok(value) => self.check(value, unexpected),
            Err(_) => Err(E::invalid_value(unexpected, &self)),
        }
    }
}

impl<'de, T: TryFrom<i64>, const MIN: i64, const MAX: i64> Deserialize<'de>
    for Bounded<T, MIN, MAX>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = deserializer.deserialize_i64(Within::<MIN, MAX>)?;
        // Every range below fits its type (`every_range_fits_its_type` tests it), so the
        // conversion fails only as the range check would.
        T::try_from(value)
            .map(Bounded)
            .map_err(|_| de::Error::invalid_value(Unexpected::Signed(value), &Within::<MIN, MAX>))
    }
}

impl<T, const MIN: i64, const MAX: i64> JsonSchema for Bounded<T, MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Integer{MIN}To{MAX}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "minimum": MIN, "maximum": MAX })
    }
}

/// A list a scenario writes, read only up to `N` items: a longer one is an error at the list
/// naming the bound, before the items past it are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Few<T, const N: usize>(Vec<T>);

impl<T, const N: usize> Few<T, N> {
    /// The items, in order.
    pub fn items(&self) -> &[T] {
        &self.0
    }
}

impl<T, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few(Vec::new())
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a Few<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Reads at most `N` items of a list.
struct AtMost<T, const N: usize>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for AtMost<T, N> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of at most {N} items")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            if items.len() == N {
                return Err(de::Error::invalid_length(N + 1, &self));
            }
            items.push(item);
        }
        Ok(items)
    }
}

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Few<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_seq(AtMost::<T, N>(std::marker::PhantomData))
            .map(Few)
    }
}

impl<T: JsonSchema, const N: usize> JsonSchema for Few<T, N> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("AtMost{N}{}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let items = generator.subschema_for::<T>();
        json_schema!({ "type": "array", "items": items, "maxItems": N })
    }
}

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

/// The parameters of the effect operations, as `codex/wow-tcg/game.toml` declares them.
pub mod ops {
    use super::Bounded;

    /// `deal_damage.amount`, `triggered_damage.amount`: `int(1..=20)`.
    pub type DamageAmount = Bounded<u8, 1, 20>;
    /// `heal_damage.amount`, `triggered_heal.amount`: `int(1..=40)`.
    pub type HealAmount = Bounded<u8, 1, 40>;
    /// `deal_damage.target`: `int(1..=3)`.
    pub type Target = Bounded<u8, 1, 3>;
    /// `modify_atk.amount`: `int(-10..=10)`.
    pub type AtkChange = Bounded<i8, -10, 10>;
    /// `draw_cards.count`: `int(1..=7)`.
    pub type DrawCount = Bounded<u8, 1, 7>;
    /// `prevent_damage.amount`, `payment_power.cost`, `payment_power.amount`,
    /// `triggered_heal.min_hand`: `int(0..=20)`.
    pub type UpToTwenty = Bounded<u8, 0, 20>;
    /// `replace_damage.multiply`: `int(1..=4)`.
    pub type Multiply = Bounded<u8, 1, 4>;
    /// `replace_damage.add`: `int(0..=10)`.
    pub type Add = Bounded<u8, 0, 10>;
}

#[cfg(test)]
mod tests {
    use super::*;

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
        ends::<ops::DamageAmount>();
        ends::<ops::HealAmount>();
        ends::<ops::Target>();
        ends::<ops::AtkChange>();
        ends::<ops::DrawCount>();
        ends::<ops::UpToTwenty>();
        ends::<ops::Multiply>();
        ends::<ops::Add>();
    }

    #[test]
    fn values_outside_the_range_or_of_another_type_name_the_range() {
        let error = read::<Cards>("4294967295").expect_err("too many");
        assert!(
            error.contains(
                "invalid value: integer `4294967295`, expected an integer from 0 to 1000"
            ),
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

    #[test]
    fn lists_past_their_bound_name_it() {
        let error = read::<Few<u8, 2>>("[1, 2, 3]").expect_err("three items");
        assert!(
            error.contains("expected a list of at most 2 items"),
            "{error}"
        );
        assert_eq!(
            read::<Few<u8, 2>>("[1, 2]").map(|f| f.items().to_vec()),
            Ok(vec![1, 2])
        );
    }
}
