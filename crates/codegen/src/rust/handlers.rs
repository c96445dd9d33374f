//! The `Handler` enum (one variant per native handler the content names) and the `Handlers`
//! trait a game's rules implement (one method per handler, no defaults, so a missing one is a
//! compile error).

use grimoire_compiler::ir::Game;
use proc_macro2::TokenStream;
use quote::quote;

use super::docs;
use super::types::unsuffixed;
use crate::names::{field_ident, type_ident};

/// `Handler` with `ALL`, `name()`, `Display`, `FromStr` and `run`, and the `Handlers` trait.
pub(crate) fn items(game: &Game) -> TokenStream {
    let handlers = &game.handlers;
    let variants: Vec<_> = handlers.iter().map(|h| type_ident(&h.ident)).collect();
    let methods: Vec<_> = handlers.iter().map(|h| field_ident(&h.name)).collect();
    let names: Vec<&str> = handlers.iter().map(|h| h.name.as_str()).collect();
    let used_by: Vec<String> = handlers.iter().map(|h| h.used_by.join(", ")).collect();
    let variant_docs = handlers
        .iter()
        .zip(&used_by)
        .map(|(h, users)| docs::text(&format!("`{}`, used by: {users}.", h.name)));
    let method_docs = used_by
        .iter()
        .map(|users| docs::text(&format!("Used by: {users}.")));
    let count = unsuffixed(handlers.len());
    let (name_body, run_body) = if handlers.is_empty() {
        (
            quote!(match self {}),
            quote! {
                let _ = (state, source, trigger);
                match self {}
            },
        )
    } else {
        (
            quote!(match self { #(Self::#variants => #names,)* }),
            quote! {
                match self {
                    #(Self::#variants => H::#methods(state, source, trigger),)*
                }
            },
        )
    };
    quote! {
        /// A native handler: behaviour the codex cannot express, named by a card, a codex entry
        /// or a handler-typed field, and implemented by the game's rules ([`Handlers`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Handler {
            #( #variant_docs #variants, )*
        }

        impl Handler {
            /// The type's name, for parse errors.
            pub const NAME: &'static str = "Handler";
            /// Every handler, sorted by name.
            pub const ALL: [Handler; #count] = [#(Self::#variants),*];

            /// The handler's snake_case name as written in content.
            pub const fn name(self) -> &'static str {
                #name_body
            }

            /// Runs this handler's method of `H`.
            pub fn run<H: Handlers>(
                self,
                state: &mut H::State,
                source: H::Source,
                trigger: &H::Trigger,
            ) -> H::Outcome {
                #run_body
            }
        }

        impl ::core::fmt::Display for Handler {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for Handler {
            type Err = ParseNameError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .into_iter()
                    .find(|value| value.name() == text)
                    .ok_or_else(|| ParseNameError { type_name: Self::NAME, text: text.into() })
            }
        }

        /// The native behaviour the content delegates to the rules: one method per
        /// [`Handler`], without default bodies, so rules that lack one do not compile.
        pub trait Handlers {
            /// The rules state a handler works on.
            type State;
            /// The object whose card or codex entry names the handler.
            type Source: Copy;
            /// What set the handler off.
            type Trigger;
            /// What a handler returns.
            type Outcome;

            #(
                #method_docs
                fn #methods(
                    state: &mut Self::State,
                    source: Self::Source,
                    trigger: &Self::Trigger,
                ) -> Self::Outcome;
            )*
        }
    }
}
