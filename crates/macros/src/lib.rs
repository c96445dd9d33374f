//! `include_game!`: compile a game's TOML content into a typed Rust module at compile time.
//!
//! ```ignore
//! mod tiny {
//!     grimoire_macros::include_game!("content", game = "tiny", handlers = [chain_lightning]);
//! }
//! ```
//!
//! - The first argument is the content root (holding `codex/<game>/` and `cards/<game>/`),
//!   relative to the calling crate's `CARGO_MANIFEST_DIR` (or to `GRIMOIRE_MACROS_BASE_DIR`
//!   when set, as the trybuild tests do).
//! - `game = "…"` picks the game; it may be left out when the root holds exactly one game.
//! - `handlers = [a, b]` optionally lists the native handlers the caller implements; content
//!   that names any other handler is a compile error naming the card that needs it.
//!
//! The expansion is the same module `grimoire-codegen` writes for the checked-in game crates.
//! It calls the `grimoire-runtime` crate (as `::grimoire_runtime`), so the calling crate depends
//! on it.
//! Content errors become `compile_error!`s carrying the TOML file, line and column, and every
//! input file is tracked with `include_bytes!`, so editing the TOML recompiles the caller.

use std::path::PathBuf;

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{bracketed, Ident, LitStr, Token};

/// When set, relative content roots are resolved against this directory instead of
/// `CARGO_MANIFEST_DIR`. Test harnesses such as trybuild, which compile callers from a
/// scratch crate, set it to the real crate's directory.
const BASE_OVERRIDE: &str = "GRIMOIRE_MACROS_BASE_DIR";

/// Expands to the generated module of one game; see the crate docs.
#[proc_macro]
pub fn include_game(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let args = syn::parse_macro_input!(input as Args);
    expand(&args)
        .unwrap_or_else(|error| error.to_compile_error())
        .into()
}

/// The parsed macro arguments.
struct Args {
    root: LitStr,
    game: Option<LitStr>,
    handlers: Option<Vec<Ident>>,
}

impl Parse for Args {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let root: LitStr = input.parse()?;
        let mut args = Args {
            root,
            game: None,
            handlers: None,
        };
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let key: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            match key.to_string().as_str() {
                "game" => args.game = Some(input.parse()?),
                "handlers" => {
                    let content;
                    bracketed!(content in input);
                    let names = Punctuated::<Ident, Token![,]>::parse_terminated(&content)?;
                    args.handlers = Some(names.into_iter().collect());
                }
                other => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("unknown argument `{other}`: expected `game` or `handlers`"),
                    ))
                }
            }
        }
        Ok(args)
    }
}

fn expand(args: &Args) -> syn::Result<TokenStream> {
    let span = args.root.span();
    let manifest_dir = std::env::var_os(BASE_OVERRIDE)
        .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR"))
        .map(PathBuf::from)
        .unwrap_or_default();
    let root = manifest_dir.join(args.root.value());
    let game_name = match &args.game {
        Some(game) => game.value(),
        None => only_game(&root, span)?,
    };
    let input = grimoire_compiler::load_game(&root, &game_name).map_err(|e| {
        syn::Error::new(
            span,
            format!(
                "cannot read game `{game_name}` under {}: {e}",
                root.display()
            ),
        )
    })?;
    let tracked: Vec<String> = std::iter::once(&input.game_toml)
        .chain(&input.codex)
        .chain(&input.cards)
        .chain(&input.errata)
        .map(|file| root.join(&file.path).to_string_lossy().into_owned())
        .collect();

    let game = grimoire_compiler::compile(&input).map_err(|diagnostics| {
        syn::Error::new(span, without_error_prefix(&diagnostics.render(false)))
    })?;

    if let Some(implemented) = &args.handlers {
        check_handlers(&game, implemented, span)?;
    }

    let module = grimoire_codegen::rust_tokens(&game);
    Ok(quote! {
        #( const _: &[u8] = include_bytes!(#tracked); )*
        #module
    })
}

/// rustc already prefixes `compile_error!`s with `error: `; drop the rendered report's own
/// leading `error` so the line reads `error: [E0008] …`.
fn without_error_prefix(rendered: &str) -> String {
    rendered
        .strip_prefix("error")
        .unwrap_or(rendered)
        .to_string()
}

/// The single game under `root`, or an error listing what was found.
fn only_game(root: &std::path::Path, span: Span) -> syn::Result<String> {
    let games = grimoire_compiler::discover_games(root)
        .map_err(|e| syn::Error::new(span, format!("cannot read {}: {e}", root.display())))?;
    match games.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(syn::Error::new(
            span,
            format!(
                "no game under {}: expected codex/<game>/game.toml",
                root.display()
            ),
        )),
        many => Err(syn::Error::new(
            span,
            format!(
                "several games under {}: pick one with `game = \"…\"` (found {})",
                root.display(),
                many.join(", ")
            ),
        )),
    }
}

/// Fails when the content needs a native handler the caller does not implement.
fn check_handlers(
    game: &grimoire_compiler::ir::Game,
    implemented: &[Ident],
    span: Span,
) -> syn::Result<()> {
    let implemented: Vec<String> = implemented.iter().map(Ident::to_string).collect();
    let mut errors = game
        .handlers
        .iter()
        .filter(|handler| !implemented.contains(&handler.name))
        .map(|handler| {
            syn::Error::new(
                span,
                format!(
                    "{} needs native handler `{}`, which the engine does not implement \
                     (implemented: {})",
                    handler.used_by.join(", "),
                    handler.name,
                    if implemented.is_empty() {
                        "none".to_string()
                    } else {
                        implemented.join(", ")
                    }
                ),
            )
        });
    match errors.next() {
        None => Ok(()),
        Some(mut first) => {
            for error in errors {
                first.combine(error);
            }
            Err(first)
        }
    }
}
