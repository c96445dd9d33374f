//! Integer scenario keys with a range: [`Bounded`] refuses a value outside `MIN..=MAX` while
//! the file is read, so the error carries the value's line and column and names the range,
//! and the rules never see a number their arithmetic was not written for.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer};

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

#[cfg(test)]
mod tests {
    use super::Bounded;

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
}
