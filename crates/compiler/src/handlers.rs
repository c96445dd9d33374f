//! The list of native handlers named by cards, codex entries and handler-typed fields.

use std::collections::BTreeMap;

use crate::ir::{Card, Game, HandlerUse, Value};

/// The UpperCamelCase variant of the generated `Handler` enum for a snake_case handler name.
pub fn handler_ident(name: &str) -> String {
    crate::ident::upper_camel(name)
}

/// Every handler with the sorted names of its users: the card or codex entry whose value
/// (at any depth, such as an attack bar's `handler`) names it.
pub(crate) fn collect(game: &Game, cards: &[Card]) -> Vec<HandlerUse> {
    let mut uses: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for card in cards {
        for value in &card.fields {
            visit(value, &mut |name| {
                uses.entry(name).or_default().push(&card.name)
            });
        }
    }
    for entry in game.categories.iter().flat_map(|c| &c.entries) {
        if let Some(name) = &entry.handler {
            uses.entry(name).or_default().push(&entry.name);
        }
        let effect_values = entry.effects.iter().flat_map(|e| &e.fields);
        for value in entry.fields.iter().chain(effect_values) {
            visit(value, &mut |name| {
                uses.entry(name).or_default().push(&entry.name)
            });
        }
    }
    for constant in &game.constants {
        if let crate::ir::ConstValue::Typed { value, .. } = &constant.value {
            visit(value, &mut |name| {
                uses.entry(name).or_default().push(&constant.name)
            });
        }
    }
    uses.into_iter()
        .map(|(name, mut used_by)| {
            used_by.sort_unstable();
            used_by.dedup();
            HandlerUse {
                name: name.to_owned(),
                ident: handler_ident(name),
                used_by: used_by.into_iter().map(str::to_owned).collect(),
            }
        })
        .collect()
}

/// Calls `found` with every handler name inside `value`.
fn visit<'v>(value: &'v Value, found: &mut impl FnMut(&'v str)) {
    match value {
        Value::Handler(name) => found(name),
        Value::Some(inner) => visit(inner, found),
        Value::List(items) => items.iter().for_each(|item| visit(item, found)),
        Value::Record { fields, .. } | Value::Union { fields, .. } => {
            fields.iter().for_each(|item| visit(item, found));
        }
        Value::Codex(reference) => reference.args.iter().for_each(|item| visit(item, found)),
        Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::Enum { .. } | Value::None => {}
    }
}

/// Two handler names whose `Handler` variants would be the same identifier.
pub(crate) fn collisions(handlers: &[HandlerUse]) -> Vec<(&HandlerUse, &HandlerUse)> {
    let mut seen: BTreeMap<&str, &HandlerUse> = BTreeMap::new();
    let mut clashes = Vec::new();
    for handler in handlers {
        if let Some(first) = seen.insert(&handler.ident, handler) {
            clashes.push((first, handler));
        }
    }
    clashes
}
