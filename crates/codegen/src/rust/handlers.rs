//! The `Handlers` trait: one method per native handler the content names.

use grimoire_compiler::ir::Game;
use proc_macro2::TokenStream;
use quote::quote;

use super::docs;
use super::types::unsuffixed;
use crate::names::field_ident;

/// `Handlers`, `HANDLER_NAMES` and `dispatch_handler`.
pub(crate) fn items(game: &Game) -> TokenStream {
    let methods = game.handlers.iter().map(|handler| {
        let method = field_ident(&handler.name);
        let doc = docs::text(&format!("Used by: {}.", handler.used_by.join(", ")));
        quote! {
            #doc
            fn #method(&mut self, ctx: &mut Self::Context);
        }
    });
    let names: Vec<&str> = game
        .handlers
        .iter()
        .map(|handler| handler.name.as_str())
        .collect();
    let count = unsuffixed(names.len());
    let methods_called = game
        .handlers
        .iter()
        .map(|handler| field_ident(&handler.name));
    let dispatch_body = if names.is_empty() {
        quote! {
            let _ = (handlers, name, ctx);
            false
        }
    } else {
        quote! {
            match name {
                #(#names => {
                    handlers.#methods_called(ctx);
                    true
                })*
                _ => false,
            }
        }
    };
    quote! {
        /// The native behaviour the content delegates to the engine: one method per handler
        /// named by a card or codex entry.
        pub trait Handlers {
            /// The engine state a handler works on.
            type Context;

            #(#methods)*
        }

        /// Every handler name, sorted.
        pub static HANDLER_NAMES: [&str; #count] = [#(#names),*];

        /// Calls the handler called `name`; returns `false` when no handler has that name.
        pub fn dispatch_handler<H: Handlers>(
            handlers: &mut H,
            name: &str,
            ctx: &mut H::Context,
        ) -> bool {
            #dispatch_body
        }
    }
}
