//! The list of native handlers named by cards and codex entries.

use std::collections::BTreeMap;

use crate::cards::HANDLER_FIELD;
use crate::ir::{Card, Game, HandlerUse, Value};

/// Every handler with the sorted names of its users.
pub(crate) fn collect(game: &Game, cards: &[Card]) -> Vec<HandlerUse> {
    let mut uses: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for card in cards {
        if let Some(Value::Some(handler)) = card.fields.get(HANDLER_FIELD) {
            if let Value::Str(name) = handler.as_ref() {
                uses.entry(name).or_default().push(&card.name);
            }
        }
    }
    for entry in game.categories.iter().flat_map(|c| &c.entries) {
        if let Some(name) = &entry.handler {
            uses.entry(name).or_default().push(&entry.name);
        }
    }
    uses.into_iter()
        .map(|(name, mut used_by)| {
            used_by.sort_unstable();
            used_by.dedup();
            HandlerUse {
                name: name.to_owned(),
                used_by: used_by.into_iter().map(str::to_owned).collect(),
            }
        })
        .collect()
}
