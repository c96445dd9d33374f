//! Reading single values of a record leniently: every surprise becomes a finding.

use serde_json::{Map, Value};

use crate::report::CardLog;

use super::vocab::Vocabulary;

/// A JSON object of the data.
pub type Record = Map<String, Value>;

/// How to describe a JSON value in a finding.
pub fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

/// An integer: a JSON integer, or text that holds only an integer (accepted with a note).
/// Anything else is unmapped under `field`.
pub fn integer(value: Option<&Value>, field: &str, log: &mut CardLog<'_>) -> Option<i64> {
    match value {
        None | Some(Value::Null) => {
            log.unmapped(field, "missing; expected a number");
            None
        }
        Some(Value::Number(number)) => match number.as_i64() {
            Some(whole) => Some(whole),
            None => {
                log.unmapped(field, format!("expected a whole number, found {number}"));
                None
            }
        },
        Some(Value::String(text)) => match text.trim().parse::<i64>() {
            Ok(whole) => {
                log.note(
                    field,
                    format!("number written as text \"{text}\"; read as {whole}"),
                );
                Some(whole)
            }
            Err(_) => {
                log.unmapped(field, format!("expected a number, found text \"{text}\""));
                None
            }
        },
        Some(other) => {
            log.unmapped(field, format!("expected a number, found {}", shown(other)));
            None
        }
    }
}

/// `value` checked against the range the schema gives `owner.field` (when it gives one).
pub fn in_schema_range(
    value: i64,
    owner: &str,
    field: &str,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<i64> {
    match vocabulary.int_range(owner, field) {
        Some((low, high)) if value < low || value > high => {
            log.unmapped(
                field,
                format!("{value} is outside the schema's range {low}..={high}"),
            );
            None
        }
        _ => Some(value),
    }
}

/// A non-empty text value, or `None` with the reason unmapped under `field`.
pub fn text<'v>(value: Option<&'v Value>, field: &str, log: &mut CardLog<'_>) -> Option<&'v str> {
    match value {
        Some(Value::String(text)) if !text.trim().is_empty() => Some(text.trim()),
        Some(Value::String(_)) => {
            log.unmapped(field, "empty; expected text");
            None
        }
        None | Some(Value::Null) => {
            log.unmapped(field, "missing; expected text");
            None
        }
        Some(other) => {
            log.unmapped(field, format!("expected text, found {}", shown(other)));
            None
        }
    }
}

/// An enum value of the schema named by the text at `value`.
pub fn enum_value(
    value: Option<&Value>,
    field: &str,
    enum_name: &str,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<String> {
    let raw = text(value, field, log)?;
    match vocabulary.enum_value(enum_name, raw) {
        Ok(matched) => {
            if matches!(matched, super::vocab::Match::Close(_)) {
                log.note(
                    field,
                    format!("\"{raw}\" taken as {enum_name} `{}`", matched.value()),
                );
            }
            Some(matched.value().to_owned())
        }
        Err(message) => {
            log.unmapped(field, message);
            None
        }
    }
}
