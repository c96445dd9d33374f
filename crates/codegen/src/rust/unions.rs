//! Tagged unions of `game.toml` (`[unions.Effect]`): one enum per union whose variants carry
//! their typed fields (a unit variant when a variant has none), and the live reader of each.
//!
//! Variants may hold their own union through lists (`&'static [Effect]`), so a game's ability
//! vocabulary nests ("choose one", "if you do") in static tables.

use grimoire_compiler::ir::{Game, UnionDef};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::docs;
use super::enums::variant_field;
use super::live::field_read;
use super::types::unsuffixed;
use crate::names::{field_ident, type_ident};

/// One enum per union, with `NAME`, `TAG`, `VARIANTS` and `variant()`.
pub(crate) fn items(game: &Game) -> TokenStream {
    let unions = game.unions.iter().map(|union| union_item(game, union));
    quote!(#(#unions)*)
}

fn union_item(game: &Game, def: &UnionDef) -> TokenStream {
    let ty = type_ident(&def.ident);
    let name = &def.name;
    let tag = &def.tag;
    let doc = docs::or(def.summary.as_deref(), &format!("A `{name}` value."));
    let tag_doc = docs::text(&format!(
        "The key that names the variant in content (`{tag} = \"...\"`)."
    ));
    let count = unsuffixed(def.variants.len());
    let names: Vec<&str> = def.variants.iter().map(|v| v.name.as_str()).collect();
    let variants = def.variants.iter().map(|variant| {
        let ident = type_ident(&variant.ident);
        let doc = docs::or(
            variant.summary.as_deref(),
            &format!("The `{}` variant.", variant.name),
        );
        let fields = variant
            .fields
            .iter()
            .map(|field| variant_field(game, field));
        if variant.fields.is_empty() {
            quote!(#doc #ident)
        } else {
            quote!(#doc #ident { #(#fields,)* })
        }
    });
    let arms = def.variants.iter().map(|variant| {
        let ident = type_ident(&variant.ident);
        let text = &variant.name;
        if variant.fields.is_empty() {
            quote!(Self::#ident => #text)
        } else {
            quote!(Self::#ident { .. } => #text)
        }
    });
    let variant_body = if def.variants.is_empty() {
        quote!(match self {})
    } else {
        quote!(match self { #(#arms,)* })
    };
    quote! {
        #doc
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum #ty {
            #(#variants,)*
        }

        impl #ty {
            /// The union's name as declared in `game.toml`.
            pub const NAME: &'static str = #name;
            #tag_doc
            pub const TAG: &'static str = #tag;
            /// Every variant's name as content writes it, in declaration order.
            pub const VARIANTS: [&'static str; #count] = [#(#names),*];

            /// The name of this value's variant, as content writes it.
            pub const fn variant(self) -> &'static str {
                #variant_body
            }
        }
    }
}

/// The name of the live reader of union `ident`.
pub(crate) fn reader(ident: &str) -> Ident {
    format_ident!("live_union_{}", ident.to_lowercase())
}

/// One live reader per union: a table whose tag names the variant (or the bare variant name),
/// read into the generated enum; a variant or field this build lacks is a `LiveError`.
pub(crate) fn live_readers(game: &Game) -> TokenStream {
    let readers = game.unions.iter().map(|def| {
        let ty = type_ident(&def.ident);
        let reader = reader(&def.ident);
        let tag = &def.tag;
        let name = &def.name;
        let doc = format!(" Reads a `{name}` value.");
        let missing_tag = format!("missing `{tag}`");
        let arms = def.variants.iter().map(|variant| {
            let ident = type_ident(&variant.ident);
            let text = &variant.name;
            let known = variant.fields.iter().map(|field| field.name.as_str());
            let idents = variant.fields.iter().map(|field| field_ident(&field.name));
            let reads = variant.fields.iter().map(|field| field_read(game, field));
            let value = if variant.fields.is_empty() {
                quote!(#ty::#ident)
            } else {
                quote!(#ty::#ident { #(#idents: #reads,)* })
            };
            quote! {
                #text => {
                    live::known_fields(table, &[#tag, #(#known),*], path)?;
                    Ok(#value)
                }
            }
        });
        quote! {
            #[doc = #doc]
            #[allow(dead_code)]
            fn #reader(value: &LiveValue, path: &str) -> Result<#ty, LiveError> {
                let (variant, table): (&str, &live::Table) = match value {
                    LiveValue::Str(variant) => (variant.as_str(), &[]),
                    LiveValue::Table(table) => match live::get(table, #tag) {
                        Some(LiveValue::Str(variant)) => (variant.as_str(), table.as_slice()),
                        _ => return Err(LiveError::new(path, #missing_tag.into())),
                    },
                    _ => return Err(LiveError::new(path, "expected a variant".into())),
                };
                match variant {
                    #(#arms)*
                    other => Err(LiveError::new(path, ::std::format!("`{}` is not a `{}` variant in this build", other, #name))),
                }
            }
        }
    });
    quote!(#(#readers)*)
}
