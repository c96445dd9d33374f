//! Helpers for walking a spanned TOML tree and reporting shape errors.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::diagnostic::{codes, did_you_mean, FileId, Sink};

/// A TOML value with its byte span.
pub(crate) type Node<'i> = Spanned<DeValue<'i>>;

/// Parses one file; syntax errors are reported and yield `None`.
pub(crate) fn parse<'i>(text: &'i str, file: FileId, sink: &mut Sink) -> Option<DeTable<'i>> {
    let (table, errors) = DeTable::parse_recoverable(text);
    if errors.is_empty() {
        return Some(table.into_inner());
    }
    for error in errors {
        let span = error.span().unwrap_or(0..0);
        let message = error.message().trim_end().to_owned();
        sink.error(
            codes::TOML_SYNTAX,
            file,
            span,
            format!("invalid TOML: {message}"),
        );
    }
    None
}

/// What a TOML value is, for "expected X, found Y" messages.
pub(crate) fn found(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// Reports "expected `expected`, found ..." at the node.
pub(crate) fn wrong_type(node: &Node<'_>, expected: &str, file: FileId, sink: &mut Sink) {
    sink.error(
        codes::WRONG_TYPE,
        file,
        node.span(),
        format!("expected {expected}, found {}", found(node.get_ref())),
    );
}

/// The node as a table, or an error.
pub(crate) fn table<'a, 'i>(
    node: &'a Node<'i>,
    what: &str,
    file: FileId,
    sink: &mut Sink,
) -> Option<&'a DeTable<'i>> {
    match node.get_ref() {
        DeValue::Table(t) => Some(t),
        _ => {
            wrong_type(node, &format!("a table ({what})"), file, sink);
            None
        }
    }
}

/// The node as an array, or an error.
pub(crate) fn array<'a, 'i>(
    node: &'a Node<'i>,
    what: &str,
    file: FileId,
    sink: &mut Sink,
) -> Option<&'a [Node<'i>]> {
    match node.get_ref() {
        DeValue::Array(a) => Some(a.as_ref()),
        _ => {
            wrong_type(node, &format!("an array ({what})"), file, sink);
            None
        }
    }
}

/// The node as a string, or an error.
pub(crate) fn string<'a>(
    node: &'a Node<'_>,
    what: &str,
    file: FileId,
    sink: &mut Sink,
) -> Option<&'a str> {
    match node.get_ref() {
        DeValue::String(s) => Some(s.as_ref()),
        _ => {
            wrong_type(node, &format!("a string ({what})"), file, sink);
            None
        }
    }
}

/// The node as an integer (any radix), or an error.
pub(crate) fn integer(node: &Node<'_>, what: &str, file: FileId, sink: &mut Sink) -> Option<i64> {
    match node.get_ref() {
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(v) => Some(v),
            Err(_) => {
                sink.error(
                    codes::OUT_OF_RANGE,
                    file,
                    node.span(),
                    format!("{what} does not fit in 64 bits"),
                );
                None
            }
        },
        _ => {
            wrong_type(node, &format!("an integer ({what})"), file, sink);
            None
        }
    }
}

/// The node as a list of strings with their spans; anything else (even a lone string) is an error.
pub(crate) fn strings<'a>(
    node: &'a Node<'_>,
    what: &str,
    file: FileId,
    sink: &mut Sink,
) -> Vec<(&'a str, Range<usize>)> {
    let Some(items) = array(node, what, file, sink) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| string(item, what, file, sink).map(|s| (s, item.span())))
        .collect()
}

/// Reports every key of `table` not in `allowed`, with a suggestion.
pub(crate) fn check_keys(
    table: &DeTable<'_>,
    allowed: &[&str],
    what: &str,
    file: FileId,
    sink: &mut Sink,
) {
    for key in table.keys() {
        if !allowed.contains(&key.get_ref().as_ref()) {
            unknown_key(key, allowed.iter().copied(), what, file, sink);
        }
    }
}

/// Reports one unknown key with a suggestion from `candidates`.
pub(crate) fn unknown_key<'c>(
    key: &Spanned<std::borrow::Cow<'_, str>>,
    candidates: impl IntoIterator<Item = &'c str>,
    what: &str,
    file: FileId,
    sink: &mut Sink,
) {
    let name = key.get_ref().as_ref();
    sink.error(
        codes::UNKNOWN_KEY,
        file,
        key.span(),
        format!("unknown key `{name}` in {what}"),
    )
    .maybe_help(did_you_mean(name, candidates));
}

/// The span of a key in a table (for errors about the whole entry).
pub(crate) fn key_span(table: &DeTable<'_>, key: &str) -> Option<Range<usize>> {
    table.get_key_value(key).map(|(k, _)| k.span())
}
