//! `[constants]` of `game.toml`: plain TOML values, or `{ type, value, summary }` checked
//! against a type expression like a card field.

use toml::de::{DeTable, DeValue};

use super::GAME_TOML;
use crate::context::Context;
use crate::diagnostic::codes;
use crate::ir::{ConstValue, Constant};
use crate::tree::{self, Node};

/// Reads the constants; runs once the codex is loaded, so typed values may name codex entries.
pub(crate) fn read_constants(cx: &mut Context<'_>, root: &DeTable<'_>) {
    let file = GAME_TOML;
    let Some(constants) = root
        .get("constants")
        .and_then(|n| tree::table(n, "constants", file, &mut cx.sink))
    else {
        return;
    };
    for (key, node) in constants {
        let name = key.get_ref().as_ref();
        let screaming = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            && name.starts_with(|c: char| c.is_ascii_uppercase());
        if !screaming {
            cx.sink.error(
                codes::BAD_NAME,
                file,
                key.span(),
                format!("constant `{name}` is not SCREAMING_SNAKE_CASE"),
            );
        }
        if let DeValue::Table(table) = node.get_ref() {
            if let Some(constant) = typed_constant(cx, name, table, node) {
                cx.game.constants.push(constant);
            }
            continue;
        }
        match constant_value(node) {
            Some(value) => cx.game.constants.push(Constant {
                name: name.to_owned(),
                summary: None,
                value,
            }),
            None => {
                cx.sink.error(codes::BAD_CONSTANT, file, node.span(), format!("constant `{name}` must be an integer, a string, a boolean, a non-empty list of integers or of strings, or {{ type, value, summary }}"));
            }
        }
    }
}

/// `NAME = { type = "...", value = ..., summary = "..." }`.
fn typed_constant(
    cx: &mut Context<'_>,
    name: &str,
    table: &DeTable<'_>,
    node: &Node<'_>,
) -> Option<Constant> {
    let file = GAME_TOML;
    tree::check_keys(
        table,
        grimoire_model::TYPED_CONSTANT_KEYS,
        "a typed constant",
        file,
        &mut cx.sink,
    );
    let summary = table
        .get("summary")
        .and_then(|n| tree::string(n, "summary", file, &mut cx.sink))
        .map(str::to_owned);
    let (Some(type_node), Some(value_node)) = (table.get("type"), table.get("value")) else {
        cx.sink.error(
            codes::BAD_CONSTANT,
            file,
            node.span(),
            format!("typed constant `{name}` needs both `type` and `value`"),
        );
        return None;
    };
    let ty = super::resolve_type(cx, type_node, file)?;
    let mut sink = std::mem::take(&mut cx.sink);
    let value = cx.value(&mut sink, &ty, value_node, file);
    cx.sink = sink;
    Some(Constant {
        name: name.to_owned(),
        summary,
        value: ConstValue::Typed { ty, value: value? },
    })
}

fn constant_value(node: &Node<'_>) -> Option<ConstValue> {
    match node.get_ref() {
        DeValue::Boolean(b) => Some(ConstValue::Bool(*b)),
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
            .ok()
            .map(ConstValue::Int),
        DeValue::String(s) => Some(ConstValue::Str(s.to_string())),
        DeValue::Array(items) => match items.first()?.get_ref() {
            DeValue::Integer(_) => items
                .iter()
                .map(|i| match i.get_ref() {
                    DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix()).ok(),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .map(ConstValue::IntList),
            DeValue::String(_) => items
                .iter()
                .map(|i| i.get_ref().as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .map(ConstValue::StrList),
            _ => None,
        },
        _ => None,
    }
}
