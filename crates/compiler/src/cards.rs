//! Card files: each `[[card]]` checked against its kind.

use std::collections::HashMap;
use std::ops::Range;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use toml::de::DeTable;

use crate::context::{index_fields, Context, FieldIndex, LineCursor};
use crate::diagnostic::{codes, did_you_mean, FileId, Sink};
use crate::ident;
use crate::ir::{Card, FieldDef, Origin, Type, Value};
use crate::schema::{KindDraft, PRINTING_RECORD};
use crate::tree;
use crate::values::{Described, FieldsSpec};

/// Position of the built-in `printings` field in every kind.
const PRINTINGS_FIELD: usize = 3;

/// Gives every kind its full field list: built-ins, then the `extends` record's, then its own.
pub(crate) fn assemble_kinds(cx: &mut Context<'_>, drafts: Vec<KindDraft>) {
    let optional = |item: Type| Type::Option {
        item: Box::new(item),
    };
    let builtin = |name: &str, ty: Type, summary: &str| FieldDef {
        name: name.to_owned(),
        default: matches!(ty, Type::Option { .. }).then_some(Value::None),
        ty,
        summary: Some(summary.to_owned()),
        filter: None,
    };
    for (kind, draft) in drafts.into_iter().enumerate() {
        let mut fields = vec![
            builtin(
                "name",
                Type::String,
                "The card's name, unique within the game.",
            ),
            builtin(
                "summary",
                optional(Type::Text),
                "What the card does, in our own words.",
            ),
            builtin(
                "handler",
                optional(Type::Handler),
                "A native handler for behaviour the codex cannot express.",
            ),
            builtin(
                "printings",
                Type::List {
                    item: Box::new(Type::Record {
                        index: PRINTING_RECORD,
                    }),
                },
                "Where the card was printed; by default once, in the set of its folder.",
            ),
        ];
        if let Some(record) = cx.kind_extends[kind] {
            fields.extend(cx.game.records[record].fields.iter().cloned());
        }
        fields.extend(draft.fields);
        cx.kind_fields.push(index_fields(&fields));
        cx.game.kinds[kind].fields = fields;
    }
}

/// Cards read from one card file.
#[derive(Default)]
struct Chunk {
    cards: Vec<Card>,
    name_spans: Vec<(FileId, Range<usize>)>,
    sink: Sink,
    parse_time: Duration,
}

/// Parses and reads every card file (`files` are file ids, in order) in parallel, each file's
/// tree dropped as soon as it is read; results come back in file order, so the output does
/// not depend on scheduling. Cards come back sorted by name, duplicates reported and dropped;
/// the second value is the time spent parsing TOML, averaged over the worker threads.
pub(crate) fn read_cards(cx: &mut Context<'_>, files: &[FileId]) -> (Vec<Card>, Duration) {
    let shared: &Context<'_> = cx;
    let read: Vec<Chunk> = files
        .par_iter()
        .map(|&file| shared.read_card_file(file))
        .collect();
    let mut cards = Vec::new();
    let mut name_spans = Vec::new();
    let mut parse_time = Duration::ZERO;
    for chunk in read {
        cards.extend(chunk.cards);
        name_spans.extend(chunk.name_spans);
        cx.sink.extend(chunk.sink);
        parse_time += chunk.parse_time;
    }
    let workers = u32::try_from(rayon::current_num_threads())
        .unwrap_or(1)
        .max(1);
    let cards = dedup_and_sort(&mut cx.sink, cards, &name_spans);
    (cards, parse_time / workers)
}

impl Context<'_> {
    /// The cards of one card file, with their name spans and the file's diagnostics.
    fn read_card_file(&self, file: FileId) -> Chunk {
        let mut chunk = Chunk::default();
        let sink = &mut chunk.sink;
        let started = Instant::now();
        let parsed = tree::parse(&self.files[file].text, file, sink);
        chunk.parse_time = started.elapsed();
        let Some(root) = parsed else { return chunk };
        let set = set_of(self.path(file));
        let default_printing = Value::List(vec![Value::Record {
            index: PRINTING_RECORD,
            fields: vec![Value::Str(set.to_owned()), Value::None],
        }]);
        tree::check_keys(
            &root,
            grimoire_model::CARD_FILE_KEYS,
            "a card file",
            file,
            sink,
        );
        if let Some(source) = root.get("source") {
            tree::string(source, "where the numbers come from", file, sink);
        }
        let Some(list) = root.get("card") else {
            return chunk;
        };
        let mut lines = LineCursor::new(&self.files[file].text);
        for item in tree::array(list, "[[card]] tables", file, sink).unwrap_or_default() {
            let Some(table) = tree::table(item, "a card", file, sink) else {
                continue;
            };
            let span = item.span();
            if let Some(card) = self.card(
                sink,
                table,
                span.clone(),
                file,
                &default_printing,
                &mut lines,
            ) {
                chunk
                    .name_spans
                    .push((file, table.get("name").map_or(span, |n| n.span())));
                chunk.cards.push(card);
            }
        }
        chunk
    }
}

/// Sorts cards by name; reports (and drops) repeated names and colliding identifiers.
fn dedup_and_sort(
    sink: &mut Sink,
    cards: Vec<Card>,
    spans: &[(FileId, Range<usize>)],
) -> Vec<Card> {
    // Sorting (name, index) pairs keeps the keys next to each other in memory; the index
    // breaks ties, so the first declaration of a repeated name comes first.
    let mut keyed: Vec<(&str, usize)> = cards
        .iter()
        .enumerate()
        .map(|(i, card)| (card.name.as_str(), i))
        .collect();
    keyed.sort_unstable();
    let order: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
    let mut keep = vec![true; cards.len()];
    let mut group_first: Option<usize> = None;
    for (position, &i) in order.iter().enumerate() {
        let first = match group_first {
            Some(first) if position > 0 && cards[first].name == cards[i].name => first,
            _ => {
                group_first = Some(i);
                continue;
            }
        };
        keep[i] = false;
        let (file, span) = spans[i].clone();
        let error = sink.error(
            codes::DUPLICATE_CARD,
            file,
            span,
            format!("card `{}` is declared twice", cards[i].name),
        );
        error.label_in(
            spans[first].0,
            spans[first].1.clone(),
            "first declared here",
        );
        error.help("a card printed in several sets is one card with several `printings`");
    }
    let mut idents: HashMap<&str, usize> = HashMap::with_capacity(cards.len());
    for &i in &order {
        if !keep[i] {
            continue;
        }
        if let Some(&other) = idents.get(cards[i].ident.as_str()) {
            let (file, span) = spans[i].clone();
            let message = format!(
                "cards `{}` and `{}` both become the identifier `{}`",
                cards[other].name, cards[i].name, cards[i].ident
            );
            let error = sink.error(codes::IDENT_COLLISION, file, span, message);
            if spans[other].0 == file {
                error.label(spans[other].1.clone(), "the other card");
            }
            error.help("rename one of them");
        } else {
            idents.insert(cards[i].ident.as_str(), i);
        }
    }
    let mut slots: Vec<Option<Card>> = cards.into_iter().map(Some).collect();
    order
        .into_iter()
        .filter(|&i| keep[i])
        .filter_map(|i| slots[i].take())
        .collect()
}

/// The set of a card file: its folder name.
fn set_of(path: &str) -> &str {
    let mut parts = path.rsplit('/');
    parts.next();
    parts.next().unwrap_or_default()
}

impl Context<'_> {
    fn card(
        &self,
        sink: &mut Sink,
        table: &DeTable<'_>,
        span: Range<usize>,
        file: FileId,
        printing: &Value,
        lines: &mut LineCursor<'_>,
    ) -> Option<Card> {
        let Some(kind_node) = table.get("kind") else {
            let name = table
                .get("name")
                .and_then(|n| n.get_ref().as_str())
                .unwrap_or("a card");
            sink.error(
                codes::MISSING_FIELD,
                file,
                span,
                format!("`{name}` has no `kind`"),
            )
            .help(format!(
                "kinds: {}",
                self.game
                    .kinds
                    .iter()
                    .map(|k| k.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            return None;
        };
        let kind_name = tree::string(kind_node, "a card kind", file, sink)?;
        let Some(&kind) = self.kind_index.get(kind_name) else {
            let help = did_you_mean(kind_name, self.game.kinds.iter().map(|k| k.name.as_str()));
            sink.error(
                codes::UNKNOWN_KIND,
                file,
                kind_node.span(),
                format!("unknown card kind `{kind_name}`"),
            )
            .maybe_help(help);
            return None;
        };
        let def = &self.game.kinds[kind];
        let name = table
            .get("name")
            .and_then(|n| n.get_ref().as_str())
            .unwrap_or("?");
        let what = Described("card", name);
        let index: &FieldIndex = &self.kind_fields[kind];
        let spec = FieldsSpec {
            fields: &def.fields,
            index,
            skip: &["kind"],
            fallback: Some((PRINTINGS_FIELD, printing)),
            what: &what,
        };
        let fields = self.fields(sink, &spec, table, span.clone(), file)?;
        let Some(Value::Str(name)) = fields.first() else {
            return None;
        };
        let name_span = table.get("name").map_or(span.clone(), |n| n.span());
        let ident = ident::upper_camel(name);
        if !ident::check_camel(&ident, name, "card", file, name_span.clone(), sink) {
            return None;
        }
        Some(Card {
            name: name.clone(),
            ident,
            kind,
            fields,
            printed: None,
            errata: Vec::new(),
            origin: Origin {
                file: self.path(file).to_owned(),
                line: lines.line(span.start),
            },
        })
    }
}
