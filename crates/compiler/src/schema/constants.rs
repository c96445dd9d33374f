//! `[constants]` of `game.toml`.

use toml::de::{DeTable, DeValue};

use super::GAME_TOML;
use crate::context::Context;
use crate::diagnostic::codes;
use crate::ir::{ConstValue, Constant};
use crate::tree::{self, Node};

pub(super) fn read_constants(cx: &mut Context<'_>, root: &DeTable<'_>) {
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
        match constant_value(node) {
            Some(value) => cx.game.constants.push(Constant {
                name: name.to_owned(),
                value,
            }),
            None => {
                cx.sink.error(codes::BAD_CONSTANT, file, node.span(), format!("constant `{name}` must be an integer, a string, a boolean, or a non-empty list of integers or of strings"));
            }
        }
    }
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
