//! Errata layers: dated changes applied to cards in order.

use std::collections::HashMap;

use toml::de::{DeTable, DeValue};

use crate::context::{Context, LineCursor};
use crate::diagnostic::{closest, codes, FileId, Sink};
use crate::ir::{Card, Erratum, Origin, Type, Value};
use crate::tree::{self, Node};

/// Applies every errata file to `cards` (sorted by name) and returns the errata in
/// application order: by date, then file path, then position in the file.
pub(crate) fn apply(cx: &mut Context<'_>, file_ids: &[FileId], cards: &mut [Card]) -> Vec<Erratum> {
    let mut sink = std::mem::take(&mut cx.sink);
    let parsed: Vec<(FileId, DeTable<'_>)> = file_ids
        .iter()
        .filter_map(|&f| tree::parse(&cx.files[f].text, f, &mut sink).map(|t| (f, t)))
        .collect();
    let files: Vec<(FileId, &DeTable<'_>)> = parsed.iter().map(|(f, t)| (*f, t)).collect();
    let mut layers: Vec<(String, FileId, &DeTable<'_>)> = Vec::new();
    for &(file, root) in &files {
        tree::check_keys(
            root,
            grimoire_model::ERRATA_FILE_KEYS,
            "an errata file",
            file,
            &mut sink,
        );
        let date = match root.get("date") {
            Some(node) => date(node, file, &mut sink),
            None => {
                sink.error(
                    codes::MISSING_FIELD,
                    file,
                    0..0,
                    "an errata file needs a `date` (YYYY-MM-DD)",
                );
                None
            }
        };
        match root.get("source") {
            Some(node) => {
                tree::string(node, "the errata's source", file, &mut sink);
            }
            None => {
                sink.error(
                    codes::MISSING_FIELD,
                    file,
                    0..0,
                    "an errata file needs a `source`",
                );
            }
        }
        if let Some(date) = date {
            layers.push((date, file, root));
        }
    }
    layers.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    let mut errata = Vec::new();
    let mut current: HashMap<usize, Vec<Value>> = HashMap::new();
    for (date, file, root) in layers {
        let source = root
            .get("source")
            .and_then(|n| n.get_ref().as_str())
            .unwrap_or_default()
            .to_owned();
        let Some(list) = root.get("erratum") else {
            continue;
        };
        let mut lines = LineCursor::new(&cx.files[file].text);
        for item in tree::array(list, "[[erratum]] tables", file, &mut sink).unwrap_or_default() {
            let Some(table) = tree::table(item, "an erratum", file, &mut sink) else {
                continue;
            };
            tree::check_keys(
                table,
                grimoire_model::ERRATUM_KEYS,
                "an erratum",
                file,
                &mut sink,
            );
            let Some(card_node) = table.get("card") else {
                sink.error(
                    codes::MISSING_FIELD,
                    file,
                    item.span(),
                    "an erratum needs `card`",
                );
                continue;
            };
            let Some(name) = tree::string(card_node, "a card name", file, &mut sink) else {
                continue;
            };
            let Ok(card) = cards.binary_search_by(|c| c.name.as_str().cmp(name)) else {
                let help = closest(name, cards.iter().map(|c| c.name.as_str()))
                    .map(|c| format!("did you mean `{c}`?"));
                sink.error(
                    codes::ERRATUM_UNKNOWN_CARD,
                    file,
                    card_node.span(),
                    format!("erratum for `{name}`, which is not a card of this game"),
                )
                .maybe_help(help);
                continue;
            };
            let values = current
                .entry(card)
                .or_insert_with(|| cards[card].fields.clone());
            let Some(updated) = cx.erratum(&mut sink, table, &cards[card], values.clone(), file)
            else {
                continue;
            };
            *values = updated;
            let summary = table
                .get("summary")
                .and_then(|n| tree::string(n, "a summary", file, &mut sink))
                .map(str::to_owned);
            cards[card].errata.push(errata.len());
            errata.push(Erratum {
                card: name.to_owned(),
                date: date.clone(),
                source: source.clone(),
                summary,
                origin: Origin {
                    file: cx.path(file).to_owned(),
                    line: lines.line(item.span().start),
                },
            });
        }
    }
    for (card, values) in current {
        let card = &mut cards[card];
        if !card.errata.is_empty() {
            card.printed = Some(std::mem::replace(&mut card.fields, values));
        }
    }
    cx.sink = sink;
    errata
}

/// An errata date: a `YYYY-MM-DD` string or a TOML date.
fn date(node: &Node<'_>, file: FileId, sink: &mut Sink) -> Option<String> {
    let text = match node.get_ref() {
        DeValue::String(s) => s.to_string(),
        DeValue::Datetime(d) => d.to_string(),
        _ => {
            tree::wrong_type(node, "a date (YYYY-MM-DD)", file, sink);
            return None;
        }
    };
    let b = text.as_bytes();
    let valid = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !valid {
        sink.error(
            codes::BAD_ERRATUM,
            file,
            node.span(),
            format!("`{text}` is not a date: expected YYYY-MM-DD"),
        );
        return None;
    }
    let number = |range: std::ops::Range<usize>| text[range].parse::<u32>().unwrap_or(0);
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        sink.error(
            codes::BAD_DATE,
            file,
            node.span(),
            format!(
                "`{text}` is not a calendar date: {year} has no day {day:02} in month {month:02}"
            ),
        );
        return None;
    }
    Some(text)
}

/// Days in `month` (1-12) of `year` in the Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        // `is_multiple_of` is newer than the workspace's minimum Rust version.
        2 if matches!((year % 4, year % 100, year % 400), (0, 1.., _) | (_, _, 0)) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Same value, ignoring how codex references were spelled.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Codex(x), Value::Codex(y)) => {
            x.category == y.category && x.entry == y.entry && x.args == y.args
        }
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Some(x), Value::Some(y)) => same(x, y),
        _ => a == b,
    }
}

impl Context<'_> {
    /// Applies one erratum's `set`, `add` and `remove` to `values`.
    fn erratum(
        &self,
        sink: &mut Sink,
        table: &DeTable<'_>,
        card: &Card,
        mut values: Vec<Value>,
        file: FileId,
    ) -> Option<Vec<Value>> {
        let kind = &self.game.kinds[card.kind];
        let index = &self.kind_fields[card.kind];
        let mut ok = true;
        for op in ["set", "add", "remove"] {
            let Some(node) = table.get(op) else { continue };
            let Some(changes) = tree::table(node, "field changes", file, sink) else {
                ok = false;
                continue;
            };
            for (key, value) in changes {
                let field_name = key.get_ref().as_ref();
                let Some(&field) = index.get(field_name) else {
                    let what = format!("the fields of kind `{}`", kind.name);
                    tree::unknown_key(
                        key,
                        kind.fields.iter().map(|f| f.name.as_str()),
                        &what,
                        file,
                        sink,
                    );
                    ok = false;
                    continue;
                };
                let ty = &kind.fields[field].ty;
                if field_name == "name" {
                    sink.error(
                        codes::BAD_ERRATUM,
                        file,
                        key.span(),
                        "errata cannot rename a card",
                    );
                    ok = false;
                    continue;
                }
                if op == "set" {
                    match self.field_value(sink, &kind.fields, field, value, file) {
                        Some(v) => values[field] = v,
                        None => ok = false,
                    }
                    continue;
                }
                let Type::List { item } = ty else {
                    sink.error(
                        codes::BAD_ERRATUM,
                        file,
                        key.span(),
                        format!("`{op}` needs a list field; `{field_name}` is not a list"),
                    )
                    .help("use `set` to replace a value");
                    ok = false;
                    continue;
                };
                let Some(items) = tree::array(value, "items", file, sink) else {
                    ok = false;
                    continue;
                };
                let Value::List(list) = &mut values[field] else {
                    continue;
                };
                for item_node in items {
                    let Some(v) =
                        self.field_item_value(sink, &kind.fields, field, item, item_node, file)
                    else {
                        ok = false;
                        continue;
                    };
                    if op == "add" {
                        list.push(v);
                    } else if let Some(at) = list.iter().position(|x| same(x, &v)) {
                        list.remove(at);
                    } else {
                        sink.error(
                            codes::ERRATUM_ABSENT_ITEM,
                            file,
                            item_node.span(),
                            format!(
                                "`{}` has no such item in `{field_name}` to remove",
                                card.name
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        ok.then_some(values)
    }
}

#[cfg(test)]
mod tests {
    use super::days_in_month;

    #[test]
    fn february_follows_the_gregorian_leap_years() {
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2026, 2), 28);
        assert_eq!(days_in_month(1900, 2), 28);
        assert_eq!(days_in_month(2000, 2), 29);
        assert_eq!(days_in_month(2026, 4), 30);
        assert_eq!(days_in_month(2026, 12), 31);
    }
}
