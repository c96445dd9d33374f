//! The `Handler` enum: one variant per native handler the content names, documented with the
//! cards and entries that use it. A game's rules dispatch on it with a `match` whose wildcard
//! arm answers "not modelled yet", so the generated code holds no per-handler functions.

use grimoire_compiler::ir::Game;
use proc_macro2::TokenStream;
use quote::quote;

use super::types::unsuffixed;
use super::{dense, docs};
use crate::names::type_ident;

/// `Handler` with `ALL`, `NAMES`, `name()` (a table look-up), `Debug` and `Display` by name,
/// and a `FromStr` that binary-searches the names.
pub(crate) fn items(game: &Game) -> TokenStream {
    // The IR lists handlers sorted by name (byte order), so `NAMES` is the sorted table the
    // binary search of `FromStr` needs.
    let handlers = &game.handlers;
    let variants: Vec<_> = handlers.iter().map(|h| type_ident(&h.ident)).collect();
    let names: Vec<&str> = handlers.iter().map(|h| h.name.as_str()).collect();
    let variant_docs = handlers
        .iter()
        .map(|h| docs::text(&format!("`{}`, used by: {}.", h.name, h.used_by.join(", "))));
    let count = unsuffixed(handlers.len());
    let repr = dense::repr(handlers.len());
    let index_items = dense::index_items(handlers.len(), variants.first(), dense::AllType::Array);
    let name_body = if handlers.is_empty() {
        quote!(match self {})
    } else {
        quote!(Self::NAMES[self as usize])
    };
    // A table rather than a `match` of one arm per handler: WoW TCG has thousands, and the
    // match (like a derived `Debug`) was one of the largest functions of its crate.
    quote! {
        /// A native handler: behaviour the codex cannot express, named by a card, a codex entry
        /// or a handler-typed field. A game's rules dispatch on it with a `match` (a wildcard
        /// arm answers "not modelled yet").
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #repr
        pub enum Handler {
            #( #variant_docs #variants, )*
        }

        impl Handler {
            /// The type's name, for parse errors.
            pub const NAME: &'static str = "Handler";
            #index_items
            /// The names of [`Self::ALL`], in the same order: sorted by name (byte order), as
            /// the handlers are declared.
            pub const NAMES: [&'static str; #count] = [#(#names),*];

            /// The handler's snake_case name as written in content.
            pub const fn name(self) -> &'static str {
                #name_body
            }
        }

        impl ::core::fmt::Debug for Handler {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "Handler({:?})", self.name())
            }
        }

        impl ::core::fmt::Display for Handler {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for Handler {
            type Err = ::grimoire_runtime::ParseNameError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                ::grimoire_runtime::lookup(&Self::ALL, &Self::NAMES, text).ok_or_else(|| {
                    ::grimoire_runtime::ParseNameError { type_name: Self::NAME, text: text.into() }
                })
            }
        }
    }
}
