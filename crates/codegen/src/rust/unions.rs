//! Tagged unions of `game.toml` (`[unions.Effect]`): one enum per union whose variants carry
//! their typed fields (a unit variant when a variant has none), and the live reader of each.
//!
//! Variants may hold their own union through lists (`&'static [Effect]`), so a game's ability
//! vocabulary nests ("choose one", "if you do") in static tables.

use grimoire_compiler::ir::{FieldDef, Game, UnionDef};
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
        let variants: Vec<_> = def
            .variants
            .iter()
            .map(|v| (v.ident.as_str(), v.name.as_str(), v.fields.as_slice()))
            .collect();
        tagged_reader(
            game,
            &reader(&def.ident),
            &def.ident,
            &def.tag,
            &def.name,
            &variants,
        )
    });
    quote!(#(#readers)*)
}

/// A live reader of an enum of struct variants written as a table whose `tag` key names the
/// variant (a union, or the effect operations): `variants` are (Rust variant, content name,
/// fields).
pub(crate) fn tagged_reader(
    game: &Game,
    reader: &Ident,
    ident: &str,
    tag: &str,
    name: &str,
    variants: &[(&str, &str, &[FieldDef])],
) -> TokenStream {
    let ty = type_ident(ident);
    let doc = format!(" Reads a `{name}` value.");
    let missing_tag = format!("missing `{tag}`");
    let arms = variants.iter().map(|(variant, text, fields)| {
        let variant = type_ident(variant);
        let known = fields.iter().map(|field| field.name.as_str());
        let idents = fields.iter().map(|field| field_ident(&field.name));
        let reads = fields.iter().map(|field| field_read(game, field));
        let value = if fields.is_empty() {
            quote!(#ty::#variant)
        } else {
            quote!(#ty::#variant { #(#idents: #reads,)* })
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
                other => Err(LiveError::new(path, ::std::format!("`{}` is not a `{}` variant", other, #name))),
            }
        }
    }
}
