//! The per-card items of `cards.rs`, printed directly with [`Layout`]: one constant per card
//! (`card_rows`), the per-kind tables, `CardId` and the tables behind its methods.
//!
//! These items grow with the number of cards, so they skip `syn` and prettyplease; the rest
//! of the file (struct definitions, impls) still goes through prettyplease.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use grimoire_compiler::ir::{CodexRef, Game, Type, Value};
use heck::ToSnakeCase;
use quote::{format_ident, quote};
use rayon::prelude::*;

use super::docs;
use super::layout::Layout;
use super::types::rust_type;
use crate::names::{field_ident, plural_static_ident, static_ident, type_ident};

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
    /// Per kind, per field: the constants of its column.
    columns: Vec<Vec<Column>>,
    /// The `card_rows` module without its columns, formatted.
    row_module: String,
    /// Where in `row_module` the columns go (after its `use`).
    row_module_split: usize,
    /// The kinds' static tables, formatted.
    kind_tables_text: String,
}

impl Names {
    fn new(game: &Game) -> Names {
        let columns: Vec<Vec<Column>> = game
            .kinds
            .iter()
            .map(|kind| {
                let prefix = static_ident(&kind.ident).to_string();
                kind.fields
                    .iter()
                    .map(|field| Column {
                        values: format!("{prefix}_{}", static_ident(&field.name)),
                        item_type: type_text(game, &field.ty),
                        storage: storage(game, &field.ty),
                    })
                    .collect()
            })
            .collect();
        let (row_module, row_module_split, kind_tables_text) = row_items(game, &columns);
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
            columns,
            row_module,
            row_module_split,
            kind_tables_text,
        }
    }
}

/// A Rust type as prettyplease prints it, for the type of a constant: without `'static`,
/// which a constant's references have already (`Option<&str>`).
fn type_text(game: &Game, ty: &Type) -> String {
    let ty = rust_type(game, ty);
    let text = super::format_items(quote!(type T = #ty;));
    text.trim_end()
        .trim_start_matches("type T = ")
        .trim_end_matches(';')
        .replace("&'static ", "&")
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

/// The per-card items of `game`, in file order.
///
/// A kind's cards are stored column by column (one constant array per field; a field other
/// than text and plain numbers as its distinct values and an index per card) and built into
/// the kind's table on first use: a few large constants cost rustc far less than one constant
/// per card and per list, and building the rows at run time (well under a millisecond) far less
/// than evaluating them at compile time. The columns are
/// independent of each other, so they are printed in parallel and joined in order.
pub(crate) fn card_data(game: &Game) -> CardData {
    let names = Names::new(game);
    let columns: Vec<(usize, usize)> = game
        .kinds
        .iter()
        .enumerate()
        .filter(|(kind, _)| game.cards.iter().any(|card| card.kind == *kind))
        .flat_map(|(kind, def)| (0..def.fields.len()).map(move |field| (kind, field)))
        .collect();
    let (column_texts, tables): (Vec<String>, String) = rayon::join(
        || {
            columns
                .par_iter()
                .map(|&(kind, field)| {
                    let mut writer = Writer::new(game, &names, 64 * game.cards.len());
                    writer.column(kind, field);
                    writer.out
                })
                .collect()
        },
        || {
            let mut writer = Writer::new(game, &names, 256 * game.cards.len() + 4096);
            writer.card_id();
            writer.card_tables();
            writer.out
        },
    );

    let mut parts = Vec::with_capacity(column_texts.len() + 3);
    let mut defines = BTreeSet::new();
    if !columns.is_empty() {
        defines.insert("card_rows".to_string());
        let (head, tail) = names.row_module.split_at(names.row_module_split);
        parts.push(head.to_string());
        parts.extend(column_texts);
        parts.push(tail.to_string());
    }
    parts.push(names.kind_tables_text.clone());
    parts.push(tables);
    defines.extend(names.kind_tables.iter().cloned());
    for name in [
        "CardId",
        "CARD_KINDS",
        "CARD_ROWS",
        "PRINTED_CARDS",
        "CARD_ERRATA",
    ] {
        defines.insert(name.to_string());
    }
    CardData { parts, defines }
}

/// The `card_rows` module (without its columns) and the kind tables, formatted by prettyplease:
/// per kind, `<kind>_row(row)` reading one row out of the columns and `<kind>_rows()` building
/// the kind's table; each table is `pub static <KINDS>: grimoire_runtime::Table<Kind>` built
/// by `card_rows::<kind>_rows` on first use.
/// Returns the module's text, the offset in it where the columns go, and the tables' text.
fn row_items(game: &Game, columns: &[Vec<Column>]) -> (String, usize, String) {
    let mut functions = Vec::new();
    let mut tables = Vec::new();
    for (kind_index, kind) in game.kinds.iter().enumerate() {
        let ty = type_ident(&kind.ident);
        let count = game
            .cards
            .iter()
            .filter(|card| card.kind == kind_index)
            .count();
        let size = super::types::unsuffixed(count);
        let table = plural_static_ident(&kind.ident);
        let snake = kind.ident.to_snake_case();
        let rows_fn = format_ident!("{}_rows", snake);
        let row_fn = format_ident!("{}_row", snake);
        let table_doc = docs::text(&format!(
            "Every `{}` card (current version), sorted by name; built from the columns on first use.",
            kind.name
        ));
        tables.push(quote! {
            #table_doc
            pub static #table: ::grimoire_runtime::Table<#ty> =
                ::grimoire_runtime::Table::new(card_rows::#rows_fn);
        });
        let rows_doc = docs::text(&format!("The `{}` cards' rows, in table order.", kind.name));
        if count == 0 {
            functions.push(quote! {
                #rows_doc
                pub(super) fn #rows_fn() -> Box<[#ty]> {
                    Box::new([])
                }
            });
            continue;
        }
        let fields = kind
            .fields
            .iter()
            .zip(&columns[kind_index])
            .map(|(field, column)| {
                let name = field_ident(&field.name);
                let values = format_ident!("{}", column.values);
                match column.storage {
                    Storage::Direct => quote!(#name: #values[row]),
                    Storage::Dictionary => {
                        let distinct = format_ident!("{}_VALUES", column.values);
                        quote!(#name: #distinct[#values[row] as usize])
                    }
                    Storage::Flat { .. } => {
                        let items = format_ident!("{}_ITEMS", column.values);
                        quote!(#name: &#items[#values[row] as usize..#values[row + 1] as usize])
                    }
                }
            });
        let row_doc = docs::text(&format!("Row `row` of the `{}` columns.", kind.name));
        functions.push(quote! {
            #rows_doc
            pub(super) fn #rows_fn() -> Box<[#ty]> {
                (0..#size).map(#row_fn).collect()
            }

            #row_doc
            fn #row_fn(row: usize) -> #ty {
                #ty { #(#fields,)* }
            }
        });
    }
    let module = super::format_items(quote! {
        /// The current version of every card, one constant array per field of each kind, and
        /// the functions that build the kinds' tables out of them (once, on first use).
        mod card_rows {
            use super::*;
            #(#functions)*
        }
    });
    let marker = "    use super::*;\n";
    let split = module.find(marker).map_or(0, |at| at + marker.len());
    (module, split, super::format_items(quote!(#(#tables)*)))
}

/// The constants holding one field of a kind: one value per card of the kind, or (a
/// dictionary column) each distinct value once and one small index per card.
struct Column {
    /// The constant's name (`HERO_COST`): the values, or the indexes of a dictionary column.
    values: String,
    /// The Rust type of one value, as prettyplease prints it.
    item_type: String,
    /// How the values are stored.
    storage: Storage,
}

/// How a column holds its values.
#[derive(Clone)]
enum Storage {
    /// One value per card: text, whose values are mostly distinct, and plain integers and
    /// booleans, which are as cheap as indexes.
    Direct,
    /// `<values>_VALUES` (the distinct values, in order of first use) and `<values>` (a `u8`,
    /// `u16` or `u32` index per card). A few hundred distinct values and thousands of integer
    /// literals cost the type checker far less than thousands of `Some(..)`, enum paths and
    /// slices (about a sixth of WoW TCG's generated tables).
    Dictionary,
    /// A list of records or union values, which differ from card to card (printings, ability
    /// data): `<values>_ITEMS` (every card's items, one after the other) and `<values>` (where
    /// each card's items start, and one past the last). One array of items costs rustc far
    /// less than a slice constant per card (WoW TCG's printings were a tenth of its crate).
    Flat {
        /// The Rust type of one item.
        item_type: String,
    },
}

/// How a field of type `ty` is stored.
fn storage(game: &Game, ty: &Type) -> Storage {
    match ty {
        Type::List { item } if matches!(**item, Type::Record { .. } | Type::Union { .. }) => {
            Storage::Flat {
                item_type: type_text(game, item),
            }
        }
        _ if stored_directly(ty) => Storage::Direct,
        _ => Storage::Dictionary,
    }
}

/// True for a field stored one value per card ([`Storage::Direct`]).
fn stored_directly(ty: &Type) -> bool {
    match ty {
        Type::String | Type::Text | Type::Int { .. } | Type::Bool => true,
        Type::Option { item } => matches!(**item, Type::String | Type::Text),
        _ => false,
    }
}

/// The smallest unsigned type holding every number up to `max`.
fn index_type(max: usize) -> &'static str {
    match max {
        0..=255 => "u8",
        256..=65_535 => "u16",
        _ => "u32",
    }
}

/// True for a plain non-negative integer or boolean literal (prettyplease fills arrays of
/// only those line by line).
fn is_simple(value: &Value) -> bool {
    match value {
        Value::Int(number) => *number >= 0,
        Value::Bool(_) => true,
        _ => false,
    }
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

    /// The constants of field `field` of kind `kind`, inside the private `card_rows` module:
    /// `const HERO_NAME: &[&str; n] = &[...];` with one value per card of the kind, in table
    /// order; for a dictionary column `const HERO_COST_VALUES: &[Option<u8>; d] = &[...];`
    /// (each distinct value once, in order of first use) and `const HERO_COST: &[u8; n]`
    /// (each card's index into it); for a flat column `const HERO_PRINTINGS_ITEMS:
    /// &[Printing; m]` (every card's items in order) and `const HERO_PRINTINGS: &[u16; n + 1]`
    /// (where each card's items start, then `m`).
    fn column(&mut self, kind: usize, field: usize) {
        let game = self.game;
        let column = &self.names.columns[kind][field];
        let values: Vec<&Value> = game
            .cards
            .iter()
            .filter(|card| card.kind == kind)
            .map(|card| &card.fields[field])
            .collect();
        let mut layout = std::mem::take(&mut self.layout);
        if let Storage::Flat { item_type } = &column.storage {
            let items: Vec<&Value> = values
                .iter()
                .flat_map(|value| match value {
                    Value::List(items) => items.as_slice(),
                    _ => &[],
                })
                .collect();
            let mut starts = Vec::with_capacity(values.len() + 1);
            starts.push(0);
            for value in &values {
                let len = match value {
                    Value::List(items) => items.len(),
                    _ => 0,
                };
                starts.push(starts[starts.len() - 1] + len);
            }
            let head = format!(
                "const {}_ITEMS: &[{item_type}; {}]",
                column.values,
                items.len()
            );
            layout.item(&head, |l| {
                l.word("&");
                l.array(items.len(), false, |l, i| self.value(l, items[i]));
            });
            layout.finish_item(4, &mut self.out);
            let index_type = index_type(items.len());
            let head = format!("const {}: &[{index_type}; {}]", column.values, starts.len());
            layout.item(&head, |l| {
                l.word("&");
                l.array(starts.len(), true, |l, i| {
                    l.word_with(|s| {
                        let _ = write!(s, "{}", starts[i]);
                    });
                });
            });
        } else if matches!(column.storage, Storage::Dictionary) {
            let mut distinct: Vec<&Value> = Vec::new();
            let mut index_of: HashMap<String, usize> = HashMap::new();
            let indexes: Vec<usize> = values
                .iter()
                .map(|value| {
                    *index_of.entry(format!("{value:?}")).or_insert_with(|| {
                        distinct.push(value);
                        distinct.len() - 1
                    })
                })
                .collect();
            let head = format!(
                "const {}_VALUES: &[{}; {}]",
                column.values,
                column.item_type,
                distinct.len()
            );
            let simple = distinct.iter().all(|value| is_simple(value));
            layout.item(&head, |l| {
                l.word("&");
                l.array(distinct.len(), simple, |l, i| self.value(l, distinct[i]));
            });
            layout.finish_item(4, &mut self.out);
            let index_type = index_type(distinct.len().saturating_sub(1));
            let head = format!("const {}: &[{index_type}; {}]", column.values, values.len());
            layout.item(&head, |l| {
                l.word("&");
                l.array(indexes.len(), true, |l, i| {
                    l.word_with(|s| {
                        let _ = write!(s, "{}", indexes[i]);
                    });
                });
            });
        } else {
            let head = format!(
                "const {}: &[{}; {}]",
                column.values,
                column.item_type,
                values.len()
            );
            let simple = values.iter().all(|value| is_simple(value));
            layout.item(&head, |l| {
                l.word("&");
                l.array(values.len(), simple, |l, i| self.value(l, values[i]));
            });
        }
        layout.finish_item(4, &mut self.out);
        self.layout = layout;
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
                let simple = items.iter().all(is_simple);
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
        // Numbered 0..n in name order: `CardId::from_index` relies on it.
        self.out.push_str("#[repr(");
        self.out.push_str(super::dense::repr_name(game.cards.len()));
        self.out.push_str(")]\n");
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

    /// `CARD_KINDS` and `CARD_ROWS`, behind `CardId::card`: one byte per card in a byte
    /// string, as a single literal costs rustc next to nothing where thousands of
    /// `Card::Kind(&KINDS[i])` elements were a large share of the crate's type checking. The
    /// rows follow from the kinds, as the cards and every kind's table are sorted by name alike.
    /// A kind fits a byte: the compiler allows at most [`grimoire_compiler::MAX_KINDS`] (256).
    fn card_kinds_and_rows(&mut self) {
        let game = self.game;
        let count = game.cards.len();
        self.doc("Each card's kind, in `CardId` order: its position in `CardKind::ALL`.");
        let _ = write!(self.out, "static CARD_KINDS: &[u8; {count}] = b\"");
        for (i, card) in game.cards.iter().enumerate() {
            if i % 24 == 0 {
                self.out.push_str("\\\n    ");
            }
            let _ = write!(self.out, "\\x{:02x}", card.kind);
        }
        self.out.push_str("\";\n");
        self.doc(
            "Each card's row in its kind's table, in `CardId` order: its rank among the cards \
             of its kind, both being sorted by name.",
        );
        let _ = writeln!(
            self.out,
            "static CARD_ROWS: [u32; {count}] = ::grimoire_runtime::ranks(CARD_KINDS);"
        );
    }

    /// `CARD_KINDS`, `CARD_ROWS` (when the game has cards), `PRINTED_CARDS`, `CARD_ERRATA`.
    fn card_tables(&mut self) {
        let game = self.game;
        let count = game.cards.len();
        if count > 0 {
            self.card_kinds_and_rows();
        }

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
    fn every_card_is_one_row_of_its_kinds_columns() {
        let game = many_cards(3000);
        let kind = &game.kinds[game.cards[0].kind];
        let text = card_data(&game).parts.concat();
        let table = plural_static_ident(&kind.ident);
        let rows = format!("card_rows::{}_rows", kind.ident.to_snake_case());
        assert!(text.contains(&format!(
            "pub static {table}: ::grimoire_runtime::Table<{}> = ::grimoire_runtime::Table::new(\n    {rows},\n);",
            kind.ident
        )), "no table in {text:.3000}");
        assert!(text.contains("(0..3000).map("), "no rows in {text:.3000}");
        let names = format!(
            "const {}_NAME: &[&str; 3000] = &[",
            static_ident(&kind.ident)
        );
        assert!(text.contains(&names), "no name column in {text:.2000}");
        for i in [0, 1234, 2999] {
            // A `CardId` variant, but no table of names beside the kind's name column (which
            // keeps the sample card's value here): `CardId::name` reads the card's row.
            assert!(text.contains(&format!("    Card{i:04},\n")), "Card{i:04}");
            let quoted = format!("\"Card{i:04}\"");
            assert_eq!(text.matches(&quoted).count(), 0, "Card{i:04}");
        }
        let kinds = format!(
            "static CARD_KINDS: &[u8; 3000] = b\"\\\n    \\x{:02x}",
            game.cards[0].kind
        );
        assert!(text.contains(&kinds), "no kind bytes in {text:.2000}");
    }
}
