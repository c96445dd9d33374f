//! Card kinds' structs, `Card` (with accessors for the fields every kind has), `CardKind`,
//! `CardErratum` and the methods of `CardId`.

use grimoire_compiler::ir::{FieldDef, Game, KindDef};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::enums::struct_field;
use super::types::{rust_type, unsuffixed};
use super::{dense, docs};
use crate::names::{field_ident, plural_static_ident, type_ident};

/// The structural card items of `game` (struct definitions and impls); the per-card items
/// are written by [`super::card_data`].
pub(crate) fn items(game: &Game) -> TokenStream {
    let kinds = game.kinds.iter().map(|kind| kind_items(game, kind));
    let card_enum = card_enum(game);
    let card_id = card_id_impls(game);
    quote! {
        #(#kinds)*
        #card_enum
        #card_id
    }
}

fn kind_items(game: &Game, kind: &KindDef) -> TokenStream {
    let ty = type_ident(&kind.ident);
    let doc = docs::or(kind.summary.as_deref(), &format!("A `{}` card.", kind.name));
    let fields = kind.fields.iter().map(|field| struct_field(game, field));
    quote! {
        #doc
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct #ty {
            #(#fields,)*
        }
    }
}

fn card_enum(game: &Game) -> TokenStream {
    let variants: Vec<Ident> = game
        .kinds
        .iter()
        .map(|kind| type_ident(&kind.ident))
        .collect();
    let kind_names: Vec<&str> = game.kinds.iter().map(|kind| kind.name.as_str()).collect();
    let docs = game
        .kinds
        .iter()
        .map(|kind| docs::text(&format!("A `{}` card.", kind.name)));
    let kind_docs = game.kinds.iter().map(|kind| {
        docs::or(
            kind.summary.as_deref(),
            &format!("The `{}` kind.", kind.name),
        )
    });
    let count = unsuffixed(game.kinds.len());
    let (name_body, kind_body, kind_name_body) = if variants.is_empty() {
        (
            quote!(match *self {}),
            quote!(match *self {}),
            quote!(match self {}),
        )
    } else {
        (
            quote!(match *self { #(Self::#variants(card) => card.name,)* }),
            quote!(match *self { #(Self::#variants(_) => CardKind::#variants,)* }),
            quote!(match self { #(Self::#variants => #kind_names,)* }),
        )
    };
    let accessors = common_fields(game).into_iter().map(|field| {
        let ident = field_ident(&field.name);
        let ty = rust_type(game, &field.ty);
        let doc = docs::or(
            field.summary.as_deref(),
            &format!("The card's `{}` (a field of every kind).", field.name),
        );
        let body = if variants.is_empty() {
            quote!(match *self {})
        } else {
            quote!(match *self { #(Self::#variants(card) => card.#ident,)* })
        };
        quote! {
            #doc
            pub fn #ident(&self) -> #ty {
                #body
            }
        }
    });
    quote! {
        /// A reference to one card of any kind.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Card {
            #(#docs #variants(&'static #variants),)*
        }

        /// The kinds of cards `game.toml` declares.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum CardKind {
            #(#kind_docs #variants,)*
        }

        impl CardKind {
            /// The type's name, for parse errors.
            pub const NAME: &'static str = "CardKind";
            /// Every kind, in declaration order.
            pub const ALL: [CardKind; #count] = [#(Self::#variants),*];
            /// The names of [`Self::ALL`], in the same order.
            pub const NAMES: [&'static str; #count] = [#(#kind_names),*];

            /// The kind as written in content (`creature`).
            pub const fn name(self) -> &'static str {
                #kind_name_body
            }
        }

        impl ::core::fmt::Display for CardKind {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for CardKind {
            type Err = ::grimoire_runtime::ParseNameError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                ::grimoire_runtime::find_name(Self::NAME, &Self::ALL, &Self::NAMES, text)
            }
        }

        impl Card {
            /// The card's name.
            pub fn name(&self) -> &'static str {
                #name_body
            }

            /// The card's kind as written in content (`creature`).
            pub fn kind(&self) -> &'static str {
                self.card_kind().name()
            }

            /// The card's kind.
            pub fn card_kind(&self) -> CardKind {
                #kind_body
            }

            #(#accessors)*
        }
    }
}

/// The fields every kind has, with the same Rust type, in the first kind's order (`name` has
/// its own accessor already).
fn common_fields(game: &Game) -> Vec<&FieldDef> {
    let Some((first, others)) = game.kinds.split_first() else {
        return Vec::new();
    };
    let type_text = |field: &FieldDef| rust_type(game, &field.ty).to_string();
    first
        .fields
        .iter()
        .filter(|field| !matches!(field.name.as_str(), "name" | "kind" | "card_kind"))
        .filter(|field| {
            others.iter().all(|kind| {
                kind.fields
                    .iter()
                    .any(|other| other.name == field.name && type_text(other) == type_text(field))
            })
        })
        .collect()
}

fn card_id_impls(game: &Game) -> TokenStream {
    let first = game.cards.first().map(|card| type_ident(&card.ident));
    let index_items = dense::index_items(game.cards.len(), first.as_ref(), dense::AllType::Slice);
    let (index_body, card_body) = if game.cards.is_empty() {
        (quote!(match self {}), quote!(match self {}))
    } else {
        let kinds: Vec<Ident> = game
            .kinds
            .iter()
            .map(|kind| type_ident(&kind.ident))
            .collect();
        let tables = game
            .kinds
            .iter()
            .map(|kind| plural_static_ident(&kind.ident));
        (
            quote!(self as usize),
            quote! {
                let row = CARD_ROWS[self.index()] as usize;
                match CardKind::ALL[CARD_KINDS[self.index()] as usize] {
                    #(CardKind::#kinds => Card::#kinds(&#tables[row]),)*
                }
            },
        )
    };
    quote! {
        /// One erratum applied to a card.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct CardErratum {
            /// The date of the errata document (`YYYY-MM-DD`).
            pub date: &'static str,
            /// The document that issued it.
            pub source: &'static str,
            /// What changed, in our own words.
            pub summary: Option<&'static str>,
        }

        impl CardId {
            #index_items

            /// The card's position in [`CardId::ALL`].
            pub const fn index(self) -> usize {
                #index_body
            }

            /// The card as it currently reads (after errata).
            pub fn card(self) -> Card {
                #card_body
            }

            /// The card's name.
            pub fn name(self) -> &'static str {
                self.card().name()
            }

            /// The card with exactly this name.
            pub fn from_name(name: &str) -> Option<CardId> {
                // `CardId` is in name order (byte order).
                Self::ALL
                    .binary_search_by(|id| id.name().cmp(name))
                    .ok()
                    .map(|position| Self::ALL[position])
            }

            /// The card as printed (the same as [`CardId::card`] when no erratum changed it).
            pub fn printed(self) -> Card {
                match PRINTED_CARDS.binary_search_by_key(&self, |(id, _)| *id) {
                    Ok(position) => PRINTED_CARDS[position].1,
                    Err(_) => self.card(),
                }
            }

            /// The errata that changed the card, in application order.
            pub fn errata(self) -> &'static [CardErratum] {
                match CARD_ERRATA.binary_search_by_key(&self, |(id, _)| *id) {
                    Ok(position) => CARD_ERRATA[position].1,
                    Err(_) => &[],
                }
            }
        }

        impl ::core::fmt::Debug for CardId {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "CardId({:?})", self.name())
            }
        }

        impl ::core::fmt::Display for CardId {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }
    }
}
