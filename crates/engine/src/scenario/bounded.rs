//! Numbers and lists of user files with a bound: [`Bounded`] refuses an integer outside
//! `MIN..=MAX` and [`Few`] a list longer than `N` while the file is read, so the error carries
//! the value's line and column and names the bound, and the rules never see a number their
//! arithmetic was not written for. Every game's scenario keys (and Mage Wars' spellbook
//! copies) use these two types.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An integer key of a scenario that must lie in `MIN..=MAX`, held as `T` (`u8`, `u32`,
/// `usize`, `i32`...). Deserializing a value outside the range (or outside `T`) fails with
/// "expected an integer from MIN to MAX", which the scenario parser reports at the value.
/// Its JSON Schema is an integer with that `minimum` and `maximum`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bounded<T, const MIN: i64, const MAX: i64>(T);

impl<T: Copy, const MIN: i64, const MAX: i64> Bounded<T, MIN, MAX> {
    /// The value.
    pub fn get(self) -> T {
        self.0
    }
}

impl<T: Default, const MIN: i64, const MAX: i64> Default for Bounded<T, MIN, MAX> {
    /// `T`'s default (zero); only ranges holding zero have a default.
    fn default() -> Self {
        const { assert!(MIN <= 0 && 0 <= MAX, "a range without 0 has no default") };
        Self(T::default())
    }
}

impl<T: fmt::Display, const MIN: i64, const MAX: i64> fmt::Display for Bounded<T, MIN, MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de, T: TryFrom<i64>, const MIN: i64, const MAX: i64> Deserialize<'de>
    for Bounded<T, MIN, MAX>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor<const MIN: i64, const MAX: i64>;
        impl<const MIN: i64, const MAX: i64> serde::de::Visitor<'_> for Visitor<MIN, MAX> {
            type Value = i64;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "an integer from {MIN} to {MAX}")
            }
            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<i64, E> {
                if (MIN..=MAX).contains(&value) {
                    Ok(value)
                } else {
                    Err(E::custom(format!(
                        "{value} is out of range: expected an integer from {MIN} to {MAX}"
                    )))
                }
            }
            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<i64, E> {
                match i64::try_from(value) {
                    Ok(value) => self.visit_i64(value),
                    Err(_) => Err(E::custom(format!(
                        "{value} is out of range: expected an integer from {MIN} to {MAX}"
                    ))),
                }
            }
        }
        let value = deserializer.deserialize_i64(Visitor::<MIN, MAX>)?;
        T::try_from(value).map(Self).map_err(|_| {
            serde::de::Error::custom(format!(
                "{value} is out of range: expected an integer from {MIN} to {MAX}"
            ))
        })
    }
}

impl<T: Serialize, const MIN: i64, const MAX: i64> Serialize for Bounded<T, MIN, MAX> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<T, const MIN: i64, const MAX: i64> JsonSchema for Bounded<T, MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Integer_{MIN}_to_{MAX}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "minimum": MIN, "maximum": MAX })
    }
}

/// A list of a user file read only up to `N` items: a longer one is an error at the list
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

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Few<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct AtMost<T, const N: usize>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const N: usize> serde::de::Visitor<'de> for AtMost<T, N> {
            type Value = Vec<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} items")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Vec<T>, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    if items.len() == N {
                        return Err(serde::de::Error::invalid_length(N + 1, &self));
                    }
                    items.push(item);
                }
                Ok(items)
            }
        }
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

#[cfg(test)]
mod tests {
    use super::{Bounded, Few};

    #[derive(serde::Deserialize)]
    struct Keys {
        damage: Bounded<u32, 0, 99>,
    }

    fn read(text: &str) -> Result<u32, String> {
        toml::from_str::<Keys>(text)
            .map(|keys| keys.damage.get())
            .map_err(|e| format!("{:?}: {}", e.span(), e.message()))
    }

    #[test]
    fn values_outside_the_range_are_refused_at_the_value_naming_the_range() {
        assert_eq!(read("damage = 99"), Ok(99));
        assert_eq!(read("damage = 0"), Ok(0));
        for bad in ["-1", "100", "4294967295", "9223372036854775807"] {
            let error = read(&format!("damage = {bad}")).expect_err(bad);
            assert_eq!(
                error,
                format!(
                    "Some(9..{}): {bad} is out of range: expected an integer from 0 to 99",
                    9 + bad.len()
                ),
            );
        }
    }

    #[test]
    fn lists_past_their_bound_name_it() {
        #[derive(serde::Deserialize)]
        struct List {
            items: Few<u8, 2>,
        }
        let error = toml::from_str::<List>("items = [1, 2, 3]")
            .map(|_| ())
            .expect_err("three items");
        assert!(
            error
                .message()
                .contains("expected a list of at most 2 items"),
            "{error}"
        );
        let list: List = toml::from_str("items = [1, 2]").expect("two items");
        assert_eq!(list.items.items(), [1, 2]);
    }
}
