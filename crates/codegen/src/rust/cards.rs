//! Card kinds, per-kind static tables, `CardId`, `Card`, printed versions and errata.

use grimoire_compiler::ir::{Card, Game, KindDef, Value};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use super::docs;
use super::enums::struct_field;
use super::types::{option_str, unsuffixed, value_expr};
use crate::names::{field_ident, plural_static_ident, static_ident, type_ident};

/// Every card item of `game`.
pub(crate) fn items(game: &Game) -> TokenStream {
    let rows = card_rows(game);
    let kinds = game
        .kinds
        .iter()
        .enumerate()
        .map(|(index, kind)| kind_items(game, index, kind));
    let card_enum = card_enum(game);
    let card_id = card_id(game);
    quote! {
        #rows
        #(#kinds)*
        #card_enum
        #card_id
    }
}

/// One unique constant name per card (in card order), from its `CardId` variant.
fn row_const_names(game: &Game) -> Vec<Ident> {
    let mut taken = std::collections::BTreeSet::new();
    game.cards
        .iter()
        .enumerate()
        .map(|(index, card)| {
            let mut name = static_ident(&card.ident).to_string();
            if !taken.insert(name.clone()) {
                name = format!("{name}_{index}");
                taken.insert(name.clone());
            }
            Ident::new(&name, proc_macro2::Span::call_site())
        })
        .collect()
}

/// A private module with one constant per card (current version). Each constant is its own
/// body for the type checker; one giant table literal would make type-checking grow faster
/// than linearly with the number of cards.
fn card_rows(game: &Game) -> TokenStream {
    if game.cards.is_empty() {
        return TokenStream::new();
    }
    let names = row_const_names(game);
    let rows = game.cards.iter().zip(&names).map(|(card, name)| {
        let kind = &game.kinds[card.kind];
        let ty = type_ident(&kind.ident);
        let literal = struct_literal(game, kind, &card.fields);
        quote!(pub(super) const #name: #ty = #literal;)
    });
    quote! {
        /// The current version of every card, one constant each.
        mod card_rows {
            use super::*;
            #(#rows)*
        }
    }
}

/// Position of each card within its kind's static table.
fn positions_in_kind(game: &Game) -> Vec<usize> {
    let mut next = vec![0usize; game.kinds.len()];
    game.cards
        .iter()
        .map(|card| {
            let position = next[card.kind];
            next[card.kind] += 1;
            position
        })
        .collect()
}

fn struct_literal(game: &Game, kind: &KindDef, values: &[Value]) -> TokenStream {
    let ty = type_ident(&kind.ident);
    let names = kind.fields.iter().map(|field| field_ident(&field.name));
    let values = values.iter().map(|value| value_expr(game, value));
    quote!(#ty { #(#names: #values),* })
}

fn kind_items(game: &Game, kind_index: usize, kind: &KindDef) -> TokenStream {
    let ty = type_ident(&kind.ident);
    let table = plural_static_ident(&kind.ident);
    let doc = docs::or(kind.summary.as_deref(), &format!("A `{}` card.", kind.name));
    let fields = kind.fields.iter().map(|field| struct_field(game, field));
    let cards: Vec<&Card> = game
        .cards
        .iter()
        .filter(|card| card.kind == kind_index)
        .collect();
    let count = unsuffixed(cards.len());
    let row_names = row_const_names(game);
    let rows = game
        .cards
        .iter()
        .zip(&row_names)
        .filter(|(card, _)| card.kind == kind_index)
        .map(|(_, row)| quote!(card_rows::#row));
    let table_doc = format!(
        " Every `{}` card (current version), sorted by name.",
        kind.name
    );
    quote! {
        #doc
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct #ty {
            #(#fields,)*
        }

        #[doc = #table_doc]
        pub static #table: [#ty; #count] = [#(#rows),*];
    }
}

fn card_enum(game: &Game) -> TokenStream {
    let variants: Vec<Ident> = game
        .kinds
        .iter()
        .map(|kind| type_ident(&kind.ident))
        .collect();
    let kind_names = game.kinds.iter().map(|kind| kind.name.as_str());
    let docs = game
        .kinds
        .iter()
        .map(|kind| docs::text(&format!("A `{}` card.", kind.name)));
    let (name_body, kind_body) = if variants.is_empty() {
        (quote!(match *self {}), quote!(match *self {}))
    } else {
        (
            quote!(match *self { #(Self::#variants(card) => card.name,)* }),
            quote!(match *self { #(Self::#variants(_) => #kind_names,)* }),
        )
    };
    quote! {
        /// A reference to one card of any kind.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Card {
            #(#docs #variants(&'static #variants),)*
        }

        impl Card {
            /// The card's name.
            pub fn name(&self) -> &'static str {
                #name_body
            }

            /// The card's kind as written in content (`creature`).
            pub fn kind(&self) -> &'static str {
                #kind_body
            }
        }
    }
}

fn card_ref(game: &Game, card: &Card, position: usize) -> TokenStream {
    let kind = &game.kinds[card.kind];
    let variant = type_ident(&kind.ident);
    let table = plural_static_ident(&kind.ident);
    // A suffixed index: an unsuffixed one leaves an inference variable per card, and
    // type-checking the table then grows quadratically with the number of cards.
    let position = Literal::usize_suffixed(position);
    quote!(Card::#variant(&#table[#position]))
}

fn card_id(game: &Game) -> TokenStream {
    let count = unsuffixed(game.cards.len());
    let variants: Vec<Ident> = game
        .cards
        .iter()
        .map(|card| type_ident(&card.ident))
        .collect();
    let positions = positions_in_kind(game);
    let refs = game
        .cards
        .iter()
        .zip(&positions)
        .map(|(card, position)| card_ref(game, card, *position));
    let names = game.cards.iter().map(|card| card.name.as_str());

    let mut by_name: Vec<(&str, &Ident)> = game
        .cards
        .iter()
        .map(|card| card.name.as_str())
        .zip(&variants)
        .collect();
    by_name.sort_by(|a, b| a.0.cmp(b.0));
    let by_name = by_name
        .iter()
        .map(|(name, variant)| quote!((#name, CardId::#variant)));

    let printed = game
        .cards
        .iter()
        .zip(&variants)
        .filter_map(|(card, variant)| {
            let values = card.printed.as_ref()?;
            let kind = &game.kinds[card.kind];
            let kind_variant = type_ident(&kind.ident);
            let literal = struct_literal(game, kind, values);
            Some(quote!((CardId::#variant, Card::#kind_variant(&#literal))))
        });
    let printed_count = unsuffixed(
        game.cards
            .iter()
            .filter(|card| card.printed.is_some())
            .count(),
    );
    let errata = game
        .cards
        .iter()
        .zip(&variants)
        .filter(|(card, _)| !card.errata.is_empty())
        .map(|(card, variant)| {
            let rows = card.errata.iter().map(|index| {
                let erratum = &game.errata[*index];
                let date = &erratum.date;
                let source = &erratum.source;
                let summary = option_str(erratum.summary.as_deref());
                quote!(CardErratum { date: #date, source: #source, summary: #summary })
            });
            quote!((CardId::#variant, &[#(#rows),*]))
        });
    let errata_count = unsuffixed(
        game.cards
            .iter()
            .filter(|card| !card.errata.is_empty())
            .count(),
    );
    let (repr, index_body) = if variants.is_empty() {
        (TokenStream::new(), quote!(match self {}))
    } else {
        let repr = if variants.len() <= usize::from(u16::MAX) + 1 {
            quote!(#[repr(u16)])
        } else {
            quote!(#[repr(u32)])
        };
        (repr, quote!(self as usize))
    };
    let variant_docs = game.cards.iter().map(|card| docs::text(&card.name));
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

        /// Names every card of the game; sorted by name.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #repr
        pub enum CardId {
            #(#variant_docs #variants,)*
        }

        /// Every card (current version), in `CardId` order.
        pub static CARDS: [Card; #count] = [#(#refs),*];

        static CARD_NAMES: [&str; #count] = [#(#names),*];

        /// Card names sorted bytewise, for binary search.
        static CARDS_BY_NAME: [(&str, CardId); #count] = [#(#by_name),*];

        /// Printed versions of the cards errata changed, sorted by `CardId`.
        static PRINTED_CARDS: [(CardId, Card); #printed_count] = [#(#printed),*];

        /// Errata of each changed card, sorted by `CardId`.
        static CARD_ERRATA: [(CardId, &[CardErratum]); #errata_count] = [#(#errata),*];

        impl CardId {
            /// Every card, in `CardId` order.
            pub const ALL: &'static [CardId] = &[#(CardId::#variants),*];

            /// The card's position in [`CARDS`] and [`CardId::ALL`].
            pub const fn index(self) -> usize {
                #index_body
            }

            /// The card as it currently reads (after errata).
            pub fn card(self) -> Card {
                CARDS[self.index()]
            }

            /// The card's name.
            pub fn name(self) -> &'static str {
                CARD_NAMES[self.index()]
            }

            /// The card with exactly this name.
            pub fn from_name(name: &str) -> Option<CardId> {
                CARDS_BY_NAME
                    .binary_search_by(|(candidate, _)| (*candidate).cmp(name))
                    .ok()
                    .map(|position| CARDS_BY_NAME[position].1)
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
