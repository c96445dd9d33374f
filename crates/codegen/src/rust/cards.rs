//! Card kinds' structs, `Card`, `CardErratum` and the methods of `CardId`.

use grimoire_compiler::ir::{Game, KindDef};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::docs;
use super::enums::struct_field;
use crate::names::type_ident;

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

fn card_id_impls(game: &Game) -> TokenStream {
    let index_body = if game.cards.is_empty() {
        quote!(match self {})
    } else {
        quote!(self as usize)
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
            /// Every card, in `CardId` order.
            pub const ALL: &'static [CardId] = &CARD_IDS;

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
