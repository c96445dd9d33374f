//! The per-card items of `cards.rs`, printed directly with [`Layout`]: one constant per card
//! (`card_rows`), the per-kind tables, `CardId` and the tables behind its methods.
//!
//! These items grow with the number of cards, so they skip `syn` and prettyplease; the rest
//! of the file (struct definitions, impls) still goes through prettyplease.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use grimoire_compiler::ir::{CodexRef, Game, Value};
use rayon::prelude::*;

use super::docs;
use super::layout::Layout;
use crate::names::{field_ident, plural_static_ident, static_ident};

/// The per-card items of a game as source text, and the names they define.
pub(crate) struct CardData {
    /// The items, formatted, in pieces to be joined in order (joining them once, into the
    /// whole file, saves copying a large text twice).
    pub(crate) parts: Vec<String>,
    /// The types, statics and constants the items define.
    pub(crate) defines: BTreeSet<String>,
}

/// Field names of every kind, record and codex entry and the kinds' table names, computed once
/// per game on the calling thread (they are made with `proc_macro2`, which a proc macro may
/// only use on its own thread; the printing threads only read them).
struct Names {
    kinds: Vec<Vec<String>>,
    records: Vec<Vec<String>>,
    /// Per category, per entry: parameter names.
    params: Vec<Vec<Vec<String>>>,
    /// Per category, per entry: the variant's path (`Trait::Piercing`).
    codex_paths: Vec<Vec<String>>,
    /// Per kind: its static table (`CREATURES`).
    kind_tables: Vec<String>,
    /// Per union, per variant: its path (`Effect::Draw`) and field names.
    unions: Vec<Vec<(String, Vec<String>)>>,
}

impl Names {
    fn new(game: &Game) -> Names {
        let idents = |fields: &mut dyn Iterator<Item = &str>| {
            fields.map(|name| field_ident(name).to_string()).collect()
        };
        Names {
            kinds: game
                .kinds
                .iter()
                .map(|kind| idents(&mut kind.fields.iter().map(|f| f.name.as_str())))
                .collect(),
            records: game
                .records
                .iter()
                .map(|record| idents(&mut record.fields.iter().map(|f| f.name.as_str())))
                .collect(),
            params: game
                .categories
                .iter()
                .map(|category| {
                    category
                        .entries
                        .iter()
                        .map(|entry| idents(&mut entry.params.iter().map(|p| p.name.as_str())))
                        .collect()
                })
                .collect(),
            codex_paths: game
                .categories
                .iter()
                .map(|category| {
                    category
                        .entries
                        .iter()
                        .map(|entry| format!("{}::{}", category.ident, entry.ident))
                        .collect()
                })
                .collect(),
            kind_tables: game
                .kinds
                .iter()
                .map(|kind| plural_static_ident(&kind.ident).to_string())
                .collect(),
            unions: game
                .unions
                .iter()
                .map(|union| {
                    union
                        .variants
                        .iter()
                        .map(|variant| {
                            let path = format!("{}::{}", union.ident, variant.ident);
                            (
                                path,
                                idents(&mut variant.fields.iter().map(|f| f.name.as_str())),
                            )
                        })
                        .collect()
                })
                .collect(),
        }
    }
}

/// Writes values of one game into a [`Layout`].
struct Writer<'a> {
    game: &'a Game,
    names: &'a Names,
    layout: Layout,
    out: String,
}

impl<'a> Writer<'a> {
    fn new(game: &'a Game, names: &'a Names, capacity: usize) -> Self {
        Writer {
            game,
            names,
            layout: Layout::default(),
            out: String::with_capacity(capacity),
        }
    }
}

/// Bytes of Rust a card row usually takes, to size buffers up front.
const ROW_BYTES: usize = 1536;

/// Cards printed as one piece of the `card_rows` text.
const ROWS_PER_PIECE: usize = 2048;

/// The per-card items of `game`, in file order.
///
/// The card rows are most of the text and independent of each other: they are printed in
/// pieces of [`ROWS_PER_PIECE`] cards in parallel, beside the tables, and joined in order.
pub(crate) fn card_data(game: &Game) -> CardData {
    let names = Names::new(game);
    let rows = row_const_names(game);
    let pieces = game.cards.len().div_ceil(ROWS_PER_PIECE);
    let (row_chunks, tables): (Vec<String>, String) = rayon::join(
        || {
            (0..pieces)
                .into_par_iter()
                .map(|piece| {
                    let start = piece * ROWS_PER_PIECE;
                    let end = (start + ROWS_PER_PIECE).min(game.cards.len());
                    let mut writer = Writer::new(game, &names, ROW_BYTES * (end - start));
                    writer.card_rows(start..end, &rows);
                    writer.out
                })
                .collect()
        },
        || {
            let mut writer = Writer::new(game, &names, 256 * game.cards.len() + 4096);
            writer.kind_tables(&rows);
            writer.card_id();
            writer.card_tables();
            writer.out
        },
    );

    let mut parts = Vec::with_capacity(row_chunks.len() + 3);
    let mut defines = BTreeSet::new();
    if !game.cards.is_empty() {
        defines.insert("card_rows".to_string());
        let mut writer = Writer::new(game, &names, 128);
        writer.doc("The current version of every card, one constant each.");
        writer.out.push_str("mod card_rows {\n    use super::*;\n");
        parts.push(writer.out);
        parts.extend(row_chunks);
        parts.push("}\n".to_string());
    }
    parts.push(tables);
    defines.extend(names.kind_tables.iter().cloned());
    for name in [
        "CardId",
        "CARDS",
        "CARD_NAMES",
        "CARDS_BY_NAME",
        "PRINTED_CARDS",
        "CARD_ERRATA",
        "CARD_IDS",
    ] {
        defines.insert(name.to_string());
    }
    CardData { parts, defines }
}

/// One unique constant name per card (in card order), from its `CardId` variant.
fn row_const_names(game: &Game) -> Vec<String> {
    let mut taken = BTreeSet::new();
    game.cards
        .iter()
        .enumerate()
        .map(|(index, card)| {
            let mut name = static_ident(&card.ident).to_string();
            if !taken.insert(name.clone()) {
                name = format!("{name}_{index}");
                taken.insert(name.clone());
            }
            name
        })
        .collect()
}

/// A string literal as `proc_macro2` prints `Literal::string` (and prettyplease then keeps):
/// `escape_debug` except for `'`, and `\0` written `\x00` before an octal digit. Written out
/// here rather than calling `Literal::string`, because card rows are printed on worker threads
/// and, inside a proc macro, `proc_macro2` may only be used on the macro's own thread.
fn string_literal(out: &mut String, text: &str) {
    out.push('"');
    // Printable ASCII other than `"` and `\\` needs no escape, which is most card text.
    if text
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && !matches!(b, b'"' | b'\\'))
    {
        out.push_str(text);
        out.push('"');
        return;
    }
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '\0' if chars
                .as_str()
                .starts_with(|next: char| ('0'..='7').contains(&next)) =>
            {
                out.push_str("\\x00");
            }
            '\0' => out.push_str("\\0"),
            '\'' => out.push(ch),
            _ => out.extend(ch.escape_debug()),
        }
    }
    out.push('"');
}

impl Writer<'_> {
    /// `/// text` lines, as prettyplease prints `#[doc]` attributes.
    fn doc(&mut self, text: &str) {
        for line in docs::lines(text) {
            self.out.push_str("///");
            self.out.push_str(line.trim_end());
            self.out.push('\n');
        }
    }

    /// `head = [elements];` at `indent`.
    fn array_item(
        &mut self,
        head: &str,
        indent: i32,
        len: usize,
        element: impl FnMut(&mut Layout, usize),
    ) {
        self.layout.item(head, |l| l.array(len, false, element));
        self.layout.finish_item(indent, &mut self.out);
    }

    /// The constants of the cards `range` (current version), one per card, inside the
    /// private `card_rows` module. Each constant is its own body for the type checker; one
    /// giant table literal would make type-checking grow faster than linearly with the
    /// number of cards.
    fn card_rows(&mut self, range: std::ops::Range<usize>, rows: &[String]) {
        let game = self.game;
        for (card, row) in game.cards[range.clone()].iter().zip(&rows[range]) {
            let kind = &game.kinds[card.kind];
            let head = format!("pub(super) const {row}: {}", kind.ident);
            let mut layout = std::mem::take(&mut self.layout);
            layout.item(&head, |l| self.kind_literal(l, card.kind, &card.fields));
            layout.finish_item(4, &mut self.out);
            self.layout = layout;
        }
    }

    /// One static table per kind (`CREATURES`) referring to its cards' rows.
    fn kind_tables(&mut self, rows: &[String]) {
        let game = self.game;
        for (kind_index, kind) in game.kinds.iter().enumerate() {
            let table = &self.names.kind_tables[kind_index];
            let members: Vec<&str> = game
                .cards
                .iter()
                .zip(rows)
                .filter(|(card, _)| card.kind == kind_index)
                .map(|(_, row)| row.as_str())
                .collect();
            self.doc(&format!(
                "Every `{}` card (current version), sorted by name.",
                kind.name
            ));
            let head = format!("pub static {table}: [{}; {}]", kind.ident, members.len());
            self.array_item(&head, 0, members.len(), |l, i| {
                l.word_with(|s| {
                    s.push_str("card_rows::");
                    s.push_str(members[i]);
                });
            });
        }
    }

    /// `Kind { field: value, ... }` for a card of kind `kind`.
    fn kind_literal(&self, l: &mut Layout, kind: usize, values: &[Value]) {
        let names = &self.names.kinds[kind];
        l.struct_literal(&self.game.kinds[kind].ident, values.len(), |l, i| {
            l.field(&names[i], |l| self.value(l, &values[i]));
        });
    }

    /// The constant expression of `value`.
    fn value(&self, l: &mut Layout, value: &Value) {
        let game = self.game;
        match value {
            Value::Bool(flag) => l.word(if *flag { "true" } else { "false" }),
            Value::Int(number) => {
                if *number < 0 {
                    l.word("-");
                }
                l.word_with(|s| {
                    let _ = write!(s, "{}", number.unsigned_abs());
                });
            }
            Value::Str(text) => l.word_with(|s| string_literal(s, text)),
            Value::Handler(name) => l.word_with(|s| {
                s.push_str("Handler::");
                s.push_str(&grimoire_compiler::handler_ident(name));
            }),
            Value::Enum { index, variant } => {
                let enum_def = &game.enums[*index];
                l.word_with(|s| {
                    s.push_str(&enum_def.ident);
                    s.push_str("::");
                    s.push_str(&enum_def.variants[*variant].ident);
                });
            }
            Value::Record { index, fields } => {
                let names = &self.names.records[*index];
                l.struct_literal(&game.records[*index].ident, fields.len(), |l, i| {
                    l.field(&names[i], |l| self.value(l, &fields[i]));
                });
            }
            Value::Codex(reference) => self.codex(l, reference),
            Value::Union {
                index,
                variant,
                fields,
            } => {
                let (path, names) = &self.names.unions[*index][*variant];
                if fields.is_empty() {
                    l.word(path);
                } else {
                    l.struct_literal(path, fields.len(), |l, i| {
                        l.field(&names[i], |l| self.value(l, &fields[i]));
                    });
                }
            }
            Value::List(items) => {
                let simple = items.iter().all(|item| match item {
                    Value::Int(number) => *number >= 0,
                    Value::Bool(_) => true,
                    _ => false,
                });
                l.word("&");
                l.array(items.len(), simple, |l, i| self.value(l, &items[i]));
            }
            Value::None => l.word("None"),
            Value::Some(inner) => l.call("Some", self.blocklike(inner), |l| self.value(l, inner)),
        }
    }

    /// A codex value: a unit, tuple or struct variant of the category's enum.
    fn codex(&self, l: &mut Layout, reference: &CodexRef) {
        let path = &self.names.codex_paths[reference.category][reference.entry];
        match reference.args.as_slice() {
            [] => l.word(path),
            [only] => l.call(path, self.blocklike(only), |l| self.value(l, only)),
            args => {
                let names = &self.names.params[reference.category][reference.entry];
                l.struct_literal(path, args.len(), |l, i| {
                    l.field(&names[i], |l| self.value(l, &args[i]));
                });
            }
        }
    }

    /// True for values printed as struct literals (prettyplease gives a call's only
    /// argument no box of its own when it is one).
    fn blocklike(&self, value: &Value) -> bool {
        match value {
            Value::Record { .. } => true,
            Value::Codex(reference) => reference.args.len() > 1,
            Value::Union { fields, .. } => !fields.is_empty(),
            _ => false,
        }
    }

    /// `CardId`: one variant per card, documented with the card's name.
    fn card_id(&mut self) {
        let game = self.game;
        self.doc("Names every card of the game; sorted by name.");
        self.out
            .push_str("#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n");
        if game.cards.is_empty() {
            self.out.push_str("pub enum CardId {}\n");
            return;
        }
        self.out
            .push_str(if game.cards.len() <= usize::from(u16::MAX) + 1 {
                "#[repr(u16)]\n"
            } else {
                "#[repr(u32)]\n"
            });
        self.out.push_str("pub enum CardId {\n");
        for card in &game.cards {
            for line in docs::lines(&card.name) {
                self.out.push_str("    ///");
                self.out.push_str(line.trim_end());
                self.out.push('\n');
            }
            self.out.push_str("    ");
            self.out.push_str(&card.ident);
            self.out.push_str(",\n");
        }
        self.out.push_str("}\n");
    }

    /// `CARD_IDS`, `CARDS`, `CARD_NAMES`, `CARDS_BY_NAME`, `PRINTED_CARDS`, `CARD_ERRATA`.
    fn card_tables(&mut self) {
        let game = self.game;
        let count = game.cards.len();
        self.doc("Every card, in `CardId` order.");
        self.array_item(
            &format!("const CARD_IDS: [CardId; {count}]"),
            0,
            count,
            |l, i| {
                l.word_with(|s| {
                    s.push_str("CardId::");
                    s.push_str(&game.cards[i].ident);
                });
            },
        );

        let mut next = vec![0usize; game.kinds.len()];
        let positions: Vec<usize> = game
            .cards
            .iter()
            .map(|card| {
                next[card.kind] += 1;
                next[card.kind] - 1
            })
            .collect();
        let tables = &self.names.kind_tables;
        self.doc("Every card (current version), in `CardId` order.");
        self.array_item(
            &format!("pub static CARDS: [Card; {count}]"),
            0,
            count,
            |l, i| {
                let card = &game.cards[i];
                l.word_with(|s| {
                    s.push_str("Card::");
                    s.push_str(&game.kinds[card.kind].ident);
                });
                l.word("(");
                l.cbox(4);
                l.zerobreak();
                // A suffixed index: an unsuffixed one leaves an inference variable per card, and
                // type-checking the table then grows quadratically with the number of cards.
                l.word_with(|s| {
                    let _ = write!(s, "&{}[{}usize]", tables[card.kind], positions[i]);
                });
                l.trailing_comma(true);
                l.outdent_last_break();
                l.end();
                l.word(")");
            },
        );

        self.array_item(
            &format!("static CARD_NAMES: [&str; {count}]"),
            0,
            count,
            |l, i| {
                l.word_with(|s| string_literal(s, &game.cards[i].name));
            },
        );

        let mut by_name: Vec<usize> = (0..count).collect();
        by_name.sort_by(|&a, &b| game.cards[a].name.cmp(&game.cards[b].name));
        self.doc("Card names sorted bytewise, for binary search.");
        self.array_item(
            &format!("static CARDS_BY_NAME: [(&str, CardId); {count}]"),
            0,
            count,
            |l, i| {
                let card = &game.cards[by_name[i]];
                l.tuple(2, |l, part| match part {
                    0 => l.word_with(|s| string_literal(s, &card.name)),
                    _ => l.word_with(|s| {
                        s.push_str("CardId::");
                        s.push_str(&card.ident);
                    }),
                });
            },
        );

        let printed: Vec<usize> = (0..count)
            .filter(|&i| game.cards[i].printed.is_some())
            .collect();
        self.doc("Printed versions of the cards errata changed, sorted by `CardId`.");
        let mut layout = std::mem::take(&mut self.layout);
        let head = format!("static PRINTED_CARDS: [(CardId, Card); {}]", printed.len());
        layout.item(&head, |l| {
            l.array(printed.len(), false, |l, i| {
                let card = &game.cards[printed[i]];
                let values = card.printed.as_deref().unwrap_or_default();
                l.tuple(2, |l, part| match part {
                    0 => l.word_with(|s| {
                        s.push_str("CardId::");
                        s.push_str(&card.ident);
                    }),
                    _ => {
                        let path = format!("Card::{}", game.kinds[card.kind].ident);
                        l.call(&path, false, |l| {
                            l.word("&");
                            self.kind_literal(l, card.kind, values);
                        });
                    }
                });
            });
        });
        layout.finish_item(0, &mut self.out);
        self.layout = layout;

        let changed: Vec<usize> = (0..count)
            .filter(|&i| !game.cards[i].errata.is_empty())
            .collect();
        self.doc("Errata of each changed card, sorted by `CardId`.");
        let head = format!(
            "static CARD_ERRATA: [(CardId, &[CardErratum]); {}]",
            changed.len()
        );
        self.array_item(&head, 0, changed.len(), |l, i| {
            let card = &game.cards[changed[i]];
            l.tuple(2, |l, part| match part {
                0 => l.word_with(|s| {
                    s.push_str("CardId::");
                    s.push_str(&card.ident);
                }),
                _ => {
                    l.word("&");
                    l.array(card.errata.len(), false, |l, e| {
                        let erratum = &game.errata[card.errata[e]];
                        l.struct_literal("CardErratum", 3, |l, field| match field {
                            0 => l.field("date", |l| {
                                l.word_with(|s| string_literal(s, &erratum.date))
                            }),
                            1 => l.field("source", |l| {
                                l.word_with(|s| string_literal(s, &erratum.source));
                            }),
                            _ => l.field("summary", |l| match &erratum.summary {
                                Some(text) => l.call("Some", false, |l| {
                                    l.word_with(|s| string_literal(s, text));
                                }),
                                None => l.word("None"),
                            }),
                        });
                    });
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `count` copies of the sample card, renamed `Card0000`, `Card0001`, ...
    fn many_cards(count: usize) -> Game {
        let mut game = crate::sample::game();
        let template = game.cards[0].clone();
        game.cards = (0..count)
            .map(|i| {
                let mut card = template.clone();
                card.name = format!("Card{i:04}");
                card.ident = format!("Card{i:04}");
                card
            })
            .collect();
        game
    }

    #[test]
    fn string_literals_are_escaped_as_proc_macro2_prints_them() {
        for text in [
            "Akiro's Hammer",
            "a \"quoted\" \\ path",
            "tab\tnew\nline\r",
            "nul\0 and \u{0}7",
            "Dsjer-Tet \u{e9}\u{2014}\u{1f409}",
            "bell\u{7}",
        ] {
            let mut ours = String::new();
            string_literal(&mut ours, text);
            assert_eq!(
                ours,
                proc_macro2::Literal::string(text).to_string(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn rows_printed_in_pieces_join_to_the_one_piece_text() {
        let game = many_cards(2 * ROWS_PER_PIECE + 17);
        let parallel = card_data(&game).parts.concat();
        let names = Names::new(&game);
        let rows = row_const_names(&game);
        let mut writer = Writer::new(&game, &names, 0);
        writer.card_rows(0..game.cards.len(), &rows);
        assert!(
            parallel.contains(&writer.out),
            "the card rows printed in pieces differ from one sequential print"
        );
        assert_eq!(
            parallel.matches("pub(super) const CARD").count(),
            game.cards.len()
        );
    }
}
