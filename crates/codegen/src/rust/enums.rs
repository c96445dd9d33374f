//! Game enums (with names, `ALL` and `FromStr`) and record structs.

use grimoire_compiler::ir::{EnumDef, FieldDef, Game, RecordDef};
use proc_macro2::TokenStream;
use quote::quote;

use super::docs;
use super::types::{rust_type, unsuffixed};
use crate::names::{field_ident, type_ident};

/// The error type of every generated `FromStr` (re-exported from the runtime), then each enum
/// and record.
pub(crate) fn items(game: &Game) -> TokenStream {
    let enums = game.enums.iter().map(enum_item);
    let records = game.records.iter().map(|record| record_item(game, record));
    let unions = super::unions::items(game);
    quote! {
        pub use ::grimoire_runtime::ParseNameError;

        #(#enums)*
        #(#records)*
        #unions
    }
}

fn enum_item(def: &EnumDef) -> TokenStream {
    let ty = type_ident(&def.ident);
    let name = &def.name;
    let doc = docs::or(def.summary.as_deref(), &format!("The `{name}` values."));
    let count = unsuffixed(def.variants.len());
    let variants: Vec<_> = def.variants.iter().map(|v| type_ident(&v.ident)).collect();
    let variant_docs = def
        .variants
        .iter()
        .map(|v| docs::or(v.summary.as_deref(), &v.name));
    let texts: Vec<&str> = def.variants.iter().map(|v| v.name.as_str()).collect();
    let name_body = if variants.is_empty() {
        quote!(match self {})
    } else {
        quote!(match self { #(Self::#variants => #texts,)* })
    };
    quote! {
        #doc
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum #ty {
            #( #variant_docs #variants, )*
        }

        impl #ty {
            /// The enum's name as declared in `game.toml`.
            pub const NAME: &'static str = #name;
            /// Every value, in declaration order.
            pub const ALL: [#ty; #count] = [#(Self::#variants),*];
            /// The names of [`Self::ALL`], in the same order.
            pub const NAMES: [&'static str; #count] = [#(#texts),*];

            /// The value as written in content.
            pub const fn name(self) -> &'static str {
                #name_body
            }
        }

        impl ::core::fmt::Display for #ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for #ty {
            type Err = ParseNameError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                ::grimoire_runtime::find_name(Self::NAME, &Self::ALL, &Self::NAMES, text)
            }
        }
    }
}

fn record_item(game: &Game, def: &RecordDef) -> TokenStream {
    let ty = type_ident(&def.ident);
    let doc = docs::or(def.summary.as_deref(), &format!("A `{}` record.", def.name));
    let fields = def.fields.iter().map(|field| struct_field(game, field));
    quote! {
        #doc
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct #ty {
            #(#fields,)*
        }
    }
}

/// A `pub name: Type` struct field with its doc comment.
pub(crate) fn struct_field(game: &Game, field: &FieldDef) -> TokenStream {
    field_declaration(game, field, quote!(pub))
}

/// A `name: Type` field of a struct variant, with its doc comment (no visibility).
pub(crate) fn variant_field(game: &Game, field: &FieldDef) -> TokenStream {
    field_declaration(game, field, TokenStream::new())
}

fn field_declaration(game: &Game, field: &FieldDef, visibility: TokenStream) -> TokenStream {
    let name = field_ident(&field.name);
    let ty = rust_type(game, &field.ty);
    let doc = docs::or(
        field.summary.as_deref(),
        &format!("The `{}` field.", field.name),
    );
    quote!(#doc #visibility #name: #ty)
}
