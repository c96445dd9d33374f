//! Reading cards edited after a build into the generated types.
//!
//! A program that compiles the content at run time hands each card to the generated
//! `Card::from_live` as a [`LiveValue`] tree in the dump's form (enum values and codex
//! references as their names, records as tables keyed by field name, absent optional fields
//! left out). The generated readers are made of the functions here: [`field`] and
//! [`optional`] read a named field with a [`Read`] function ([`boolean`], [`int`], [`string`],
//! [`parse`], [`list`], [`nullable`] or a generated record reader). A value this build does not
//! know is a [`LiveError`] naming the card and field path.
//!
//! The generated structs hold `&'static` strings and slices, so the readers leak what they
//! build: meant for a process that loads the content once.

use std::fmt;
use std::str::FromStr;

/// A card value in the dump's form, for reading content edited after a crate was built:
/// booleans, integers, strings (enum values, codex references and handlers by name), lists,
/// tables of named fields (a card or a record) and `Null` (an absent optional value inside a
/// list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveValue {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string, enum value, codex reference or handler name.
    Str(String),
    /// A list.
    List(Vec<LiveValue>),
    /// A card or record: named fields (absent optional fields left out).
    Table(Vec<(String, LiveValue)>),
    /// An absent optional value.
    Null,
}

/// The fields of a [`LiveValue::Table`].
pub type Table = [(String, LiveValue)];

/// A reader of one value at a field path.
pub type Read<T> = fn(&LiveValue, &str) -> Result<T, LiveError>;

/// Why a live card does not fit this build's types: where (card, field path) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveError {
    /// The card and field path (`creature "Bear".attacks[0].traits[1]`).
    pub path: String,
    /// What does not fit.
    pub message: String,
}

impl LiveError {
    /// An error at `path`.
    pub fn new(path: &str, message: String) -> Self {
        LiveError {
            path: path.into(),
            message,
        }
    }
}

impl fmt::Display for LiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for LiveError {}

/// The fields of a card or record.
pub fn table<'v>(value: &'v LiveValue, path: &str) -> Result<&'v Table, LiveError> {
    match value {
        LiveValue::Table(fields) => Ok(fields),
        _ => Err(LiveError::new(path, "expected a table".into())),
    }
}

/// The field `name` of `table`, if present.
pub fn get<'v>(table: &'v Table, name: &str) -> Option<&'v LiveValue> {
    table
        .iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value)
}

/// The card's `name` and `kind` (errors at `card`, or at the card's name).
pub fn name_and_kind(table: &Table) -> Result<(&str, &str), LiveError> {
    let name = match get(table, "name") {
        Some(LiveValue::Str(name)) => name.as_str(),
        _ => return Err(LiveError::new("card", "missing `name`".into())),
    };
    let kind = match get(table, "kind") {
        Some(LiveValue::Str(kind)) => kind.as_str(),
        _ => return Err(LiveError::new(name, "missing `kind`".into())),
    };
    Ok((name, kind))
}

/// Fails on a field of `table` (other than `kind`) that is not in `known`.
pub fn known_fields(table: &Table, known: &[&str], path: &str) -> Result<(), LiveError> {
    for (key, _) in table {
        if key != "kind" && !known.contains(&key.as_str()) {
            return Err(LiveError::new(path, format!("unknown field `{}`", key)));
        }
    }
    Ok(())
}

/// The required field `name` of `table`, read with `read` at `path.name`.
pub fn field<T>(table: &Table, path: &str, name: &str, read: Read<T>) -> Result<T, LiveError> {
    let path = format!("{}.{}", path, name);
    let value = get(table, name).ok_or_else(|| LiveError::new(&path, "missing".into()))?;
    read(value, &path)
}

/// The field `name` of `table` read with `read`, or `default` when the table leaves it out
/// (a field `game.toml` declares with a default).
pub fn field_or<T>(
    table: &Table,
    path: &str,
    name: &str,
    read: Read<T>,
    default: T,
) -> Result<T, LiveError> {
    match get(table, name) {
        None => Ok(default),
        Some(value) => read(value, &format!("{}.{}", path, name)),
    }
}

/// The optional field `name` of `table` (absent or `Null`: `None`), read with `read`.
pub fn optional<T>(
    table: &Table,
    path: &str,
    name: &str,
    read: Read<T>,
) -> Result<Option<T>, LiveError> {
    match get(table, name) {
        None | Some(LiveValue::Null) => Ok(None),
        Some(value) => read(value, &format!("{}.{}", path, name)).map(Some),
    }
}

/// A boolean.
pub fn boolean(value: &LiveValue, path: &str) -> Result<bool, LiveError> {
    match value {
        LiveValue::Bool(flag) => Ok(*flag),
        _ => Err(LiveError::new(path, "expected a boolean".into())),
    }
}

/// An integer within `MIN..=MAX` that fits `T`.
pub fn int<T: TryFrom<i64>, const MIN: i64, const MAX: i64>(
    value: &LiveValue,
    path: &str,
) -> Result<T, LiveError> {
    match value {
        LiveValue::Int(number) if (MIN..=MAX).contains(number) => T::try_from(*number)
            .map_err(|_| LiveError::new(path, format!("{} does not fit", number))),
        LiveValue::Int(number) => Err(LiveError::new(
            path,
            format!(
                "expected an integer from {} to {}, found {}",
                MIN, MAX, number
            ),
        )),
        _ => Err(LiveError::new(path, "expected an integer".into())),
    }
}

/// A string, leaked to `'static`.
pub fn string(value: &LiveValue, path: &str) -> Result<&'static str, LiveError> {
    match value {
        LiveValue::Str(text) => Ok(Box::leak(text.clone().into_boxed_str())),
        _ => Err(LiveError::new(path, "expected a string".into())),
    }
}

/// A name (enum value, codex reference, handler) read with its `FromStr`.
pub fn parse<T: FromStr>(value: &LiveValue, path: &str) -> Result<T, LiveError>
where
    T::Err: fmt::Display,
{
    match value {
        LiveValue::Str(text) => text
            .parse::<T>()
            .map_err(|error| LiveError::new(path, error.to_string())),
        _ => Err(LiveError::new(path, "expected a name".into())),
    }
}

/// A list, each item read with `read` at `path[i]`, leaked to `'static`.
pub fn list<T>(value: &LiveValue, path: &str, read: Read<T>) -> Result<&'static [T], LiveError> {
    let items = match value {
        LiveValue::List(items) => items,
        _ => return Err(LiveError::new(path, "expected a list".into())),
    };
    let mut values = Vec::with_capacity(items.len());
    for (position, value) in items.iter().enumerate() {
        values.push(read(value, &format!("{}[{}]", path, position))?);
    }
    Ok(Box::leak(values.into_boxed_slice()))
}

/// An optional value inside a list: `Null` is `None`, anything else is read with `read`.
pub fn nullable<T>(value: &LiveValue, path: &str, read: Read<T>) -> Result<Option<T>, LiveError> {
    match value {
        LiveValue::Null => Ok(None),
        value => read(value, path).map(Some),
    }
}

/// Leaks a card read from live content to `'static`, like the compiled tables.
pub fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card() -> Vec<(String, LiveValue)> {
        vec![
            ("name".into(), LiveValue::Str("Bear".into())),
            ("kind".into(), LiveValue::Str("creature".into())),
            ("life".into(), LiveValue::Int(12)),
            (
                "costs".into(),
                LiveValue::List(vec![LiveValue::Int(1), LiveValue::Null]),
            ),
        ]
    }

    #[test]
    fn fields_are_read_at_their_paths() {
        let card = card();
        assert_eq!(name_and_kind(&card), Ok(("Bear", "creature")));
        assert_eq!(field(&card, "c", "life", int::<u8, 0, 20>), Ok(12u8));
        assert_eq!(optional(&card, "c", "guard", boolean), Ok(None));
        let costs = field(&card, "c", "costs", |value, path| {
            list(value, path, |value, path| {
                nullable(value, path, int::<i8, -5, 5>)
            })
        });
        assert_eq!(costs, Ok(&[Some(1i8), None][..]));
        assert_eq!(known_fields(&card, &["name", "life", "costs"], "c"), Ok(()));
    }

    #[test]
    fn errors_name_the_path_and_what_does_not_fit() {
        let card = card();
        let error = field(&card, "c", "life", int::<u8, 0, 9>).unwrap_err();
        assert_eq!(
            error.to_string(),
            "c.life: expected an integer from 0 to 9, found 12"
        );
        let error = field(&card, "c", "armor", boolean).unwrap_err();
        assert_eq!(error.to_string(), "c.armor: missing");
        let error = field(&card, "c", "costs", |value, path| {
            list(value, path, int::<u8, 0, 9>)
        })
        .unwrap_err();
        assert_eq!(error.to_string(), "c.costs[1]: expected an integer");
        let error = known_fields(&card, &["name"], "c").unwrap_err();
        assert_eq!(error.message, "unknown field `life`");
        let error = field(&card, "c", "name", parse::<u8>).unwrap_err();
        assert_eq!(error.to_string(), "c.name: invalid digit found in string");
    }
}
