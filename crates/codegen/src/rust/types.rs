//! Rust types and constant expressions for IR types and values.

use grimoire_compiler::ir::{CodexRef, Game, Type, Value};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::names::{field_ident, int_type, type_ident};

/// The Rust type of a field of type `ty`.
pub(crate) fn rust_type(game: &Game, ty: &Type) -> TokenStream {
    match ty {
        Type::Bool => quote!(bool),
        Type::Int { min, max } => {
            let int = int_type(*min, *max);
            quote!(#int)
        }
        Type::String | Type::Text => quote!(&'static str),
        Type::Handler => quote!(Handler),
        Type::Enum { index } => ident_tokens(&game.enums[*index].ident),
        Type::Record { index } => ident_tokens(&game.records[*index].ident),
        Type::Codex { index } => ident_tokens(&game.categories[*index].ident),
        Type::Union { index } => ident_tokens(&game.unions[*index].ident),
        Type::List { item } => {
            let item = rust_type(game, item);
            quote!(&'static [#item])
        }
        Type::Option { item } => {
            let item = rust_type(game, item);
            quote!(Option<#item>)
        }
    }
}

fn ident_tokens(name: &str) -> TokenStream {
    let ident = type_ident(name);
    quote!(#ident)
}

/// An integer literal, with the sign as a separate token so it parses as an expression.
pub(crate) fn int_literal(value: i64) -> TokenStream {
    let magnitude = Literal::u64_unsuffixed(value.unsigned_abs());
    if value < 0 {
        quote!(-#magnitude)
    } else {
        quote!(#magnitude)
    }
}

/// An unsuffixed `usize` literal (array lengths, positions) that reads like a plain number.
pub(crate) fn unsuffixed(value: usize) -> Literal {
    Literal::usize_unsuffixed(value)
}

/// An optional string as `Some("…")` or `None`.
pub(crate) fn option_str(text: Option<&str>) -> TokenStream {
    match text {
        Some(text) => quote!(Some(#text)),
        None => quote!(None),
    }
}

/// A constant expression for `value`, usable in a `static` initializer.
pub(crate) fn value_expr(game: &Game, value: &Value) -> TokenStream {
    match value {
        Value::Bool(flag) => quote!(#flag),
        Value::Int(number) => int_literal(*number),
        Value::Str(text) => quote!(#text),
        Value::Handler(name) => handler_expr(name),
        Value::Enum { index, variant } => {
            let enum_def = &game.enums[*index];
            let ty = type_ident(&enum_def.ident);
            let variant = type_ident(&enum_def.variants[*variant].ident);
            quote!(#ty::#variant)
        }
        Value::Record { index, fields } => {
            let record = &game.records[*index];
            let ty = type_ident(&record.ident);
            let names = record.fields.iter().map(|field| field_ident(&field.name));
            let values = fields.iter().map(|field| value_expr(game, field));
            quote!(#ty { #(#names: #values),* })
        }
        Value::Codex(reference) => codex_expr(game, reference),
        Value::Union {
            index,
            variant,
            fields,
        } => {
            let union = &game.unions[*index];
            let ty = type_ident(&union.ident);
            let variant = &union.variants[*variant];
            let ident = type_ident(&variant.ident);
            if fields.is_empty() {
                return quote!(#ty::#ident);
            }
            let names = variant.fields.iter().map(|field| field_ident(&field.name));
            let values = fields.iter().map(|field| value_expr(game, field));
            quote!(#ty::#ident { #(#names: #values),* })
        }
        Value::List(items) => {
            let items = items.iter().map(|item| value_expr(game, item));
            quote!(&[#(#items),*])
        }
        Value::None => quote!(None),
        Value::Some(inner) => {
            let inner = value_expr(game, inner);
            quote!(Some(#inner))
        }
    }
}

/// `Handler::Variant` for a handler name.
pub(crate) fn handler_expr(name: &str) -> TokenStream {
    let variant = type_ident(&grimoire_compiler::handler_ident(name));
    quote!(Handler::#variant)
}

/// `Some(Handler::Variant)` or `None`.
pub(crate) fn option_handler(name: Option<&str>) -> TokenStream {
    match name {
        Some(name) => {
            let handler = handler_expr(name);
            quote!(Some(#handler))
        }
        None => quote!(None),
    }
}

/// A codex value: a unit, tuple or struct variant of the category's enum.
pub(crate) fn codex_expr(game: &Game, reference: &CodexRef) -> TokenStream {
    let category = &game.categories[reference.category];
    let entry = &category.entries[reference.entry];
    let ty = type_ident(&category.ident);
    let variant = type_ident(&entry.ident);
    let args: Vec<TokenStream> = reference
        .args
        .iter()
        .map(|arg| value_expr(game, arg))
        .collect();
    match args.as_slice() {
        [] => quote!(#ty::#variant),
        [only] => quote!(#ty::#variant(#only)),
        _ => {
            let names = entry.params.iter().map(|param| field_ident(&param.name));
            quote!(#ty::#variant { #(#names: #args),* })
        }
    }
}
