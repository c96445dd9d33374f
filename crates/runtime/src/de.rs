//! Reading generated types with serde (feature `serde`): what the `Deserialize` impls call
//! that a game's generated code carries when its `game.toml` opts in with
//! `derive = ["serde"]`.
//!
//! Enums, handlers and codex values are read from their names with the generated `FromStr`.
//! Records, unions and effect operations go through the readers that read live cards: the
//! value is first read into a [`LiveValue`] tree, then the generated reader checks the tag,
//! the field names, integer ranges and names, and fills in the defaults `game.toml` declares.
//! So a scenario file, a test or a downstream crate reads a card ability exactly as the
//! content compiler reads it from a card, with no second copy of the rules of the format.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::live::{LiveValue, Read};

/// A value named by one of `names` (an enum value or a handler), read with its `FromStr`;
/// any other text is serde's "unknown variant" error listing `names`.
pub fn name<'de, D, T>(deserializer: D, names: &'static [&'static str]) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
{
    let text = String::deserialize(deserializer)?;
    text.parse()
        .map_err(|_| de::Error::unknown_variant(&text, names))
}

/// A value written as text and read with its `FromStr` (a codex value such as
/// `"Piercing +2"`); the parse error is the message.
pub fn parsed<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(de::Error::custom)
}

/// A record, union or effect operation: the value read as a [`LiveValue`], then by the
/// generated reader `read`, whose errors name the field path from `root` (the type's name).
pub fn via_live<'de, D, T>(deserializer: D, root: &str, read: Read<T>) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let value = LiveValue::deserialize(deserializer)?;
    read(&value, root).map_err(de::Error::custom)
}

impl<'de> Deserialize<'de> for LiveValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(LiveVisitor)
    }
}

/// Builds a [`LiveValue`] from any self-describing format (TOML, JSON).
struct LiveVisitor;

impl<'de> Visitor<'de> for LiveVisitor {
    type Value = LiveValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a boolean, an integer, a string, an array or a table")
    }

    fn visit_bool<E: de::Error>(self, flag: bool) -> Result<LiveValue, E> {
        Ok(LiveValue::Bool(flag))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<LiveValue, E> {
        Ok(LiveValue::Int(number))
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<LiveValue, E> {
        i64::try_from(number)
            .map(LiveValue::Int)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(number), &self))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<LiveValue, E> {
        Ok(LiveValue::Str(text.to_owned()))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<LiveValue, E> {
        Ok(LiveValue::Str(text))
    }

    fn visit_none<E: de::Error>(self) -> Result<LiveValue, E> {
        Ok(LiveValue::Null)
    }

    fn visit_unit<E: de::Error>(self) -> Result<LiveValue, E> {
        Ok(LiveValue::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<LiveValue, D::Error> {
        LiveValue::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<LiveValue, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(LiveValue::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<LiveValue, A::Error> {
        let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(0));
        while let Some((key, value)) = map.next_entry::<String, LiveValue>()? {
            fields.push((key, value));
        }
        Ok(LiveValue::Table(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live;

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Side {
        Left,
        Right,
    }

    impl FromStr for Side {
        type Err = String;
        fn from_str(text: &str) -> Result<Self, String> {
            match text {
                "Left" => Ok(Side::Left),
                "Right" => Ok(Side::Right),
                _ => Err(format!("`{text}` is not a side")),
            }
        }
    }

    #[derive(Debug, PartialEq)]
    struct Step {
        side: Side,
        count: u8,
    }

    fn read_step(value: &LiveValue, path: &str) -> Result<Step, live::LiveError> {
        let table = live::table(value, path)?;
        live::known_fields(table, &["side", "count"], path)?;
        Ok(Step {
            side: live::field(table, path, "side", live::parse::<Side>)?,
            count: live::field_or(table, path, "count", live::int::<u8, 1, 3>, 1)?,
        })
    }

    fn step(text: &str) -> Result<Step, String> {
        let deserializer = toml::Deserializer::parse(text).map_err(|e| e.to_string())?;
        via_live(deserializer, "step", read_step).map_err(|e| e.to_string())
    }

    #[test]
    fn a_table_is_read_by_the_generated_reader_with_its_defaults_and_ranges() {
        assert_eq!(
            step("side = \"Left\"").unwrap(),
            Step {
                side: Side::Left,
                count: 1
            }
        );
        assert_eq!(
            step("side = \"Right\"\ncount = 3").unwrap(),
            Step {
                side: Side::Right,
                count: 3
            }
        );
        let error = step("side = \"Right\"\ncount = 9").unwrap_err();
        assert!(
            error.contains("step.count: expected an integer from 1 to 3, found 9"),
            "{error}"
        );
        let error = step("side = \"Up\"").unwrap_err();
        assert!(error.contains("step.side"), "{error}");
        let error = step("side = \"Left\"\nspeed = 2").unwrap_err();
        assert!(error.contains("field `speed`"), "{error}");
    }

    #[test]
    fn a_name_outside_the_list_is_an_unknown_variant_naming_the_choices() {
        let read = |json: &str| {
            let mut deserializer = serde_json::Deserializer::from_str(json);
            name::<_, Side>(&mut deserializer, &["Left", "Right"]).map_err(|e| e.to_string())
        };
        assert_eq!(read("\"Right\""), Ok(Side::Right));
        let error = read("\"Middle\"").unwrap_err();
        assert!(
            error.contains("unknown variant `Middle`, expected `Left` or `Right`"),
            "{error}"
        );
    }

    #[test]
    fn json_values_of_every_shape_become_live_values() {
        let value: LiveValue =
            serde_json::from_str(r#"{"a": [true, -2, 3, "x", null], "b": {}}"#).unwrap();
        assert_eq!(
            value,
            LiveValue::Table(vec![
                (
                    "a".into(),
                    LiveValue::List(vec![
                        LiveValue::Bool(true),
                        LiveValue::Int(-2),
                        LiveValue::Int(3),
                        LiveValue::Str("x".into()),
                        LiveValue::Null,
                    ])
                ),
                ("b".into(), LiveValue::Table(vec![])),
            ])
        );
        assert!(serde_json::from_str::<LiveValue>("1.5").is_err());
    }
}
