//! `live.rs`: reading cards edited after the crate was built into the generated types.
//!
//! Player commands (`calc`, `scenario run`, `spellbook check`) must see the content as it is
//! on disk, not as it was when the binary was built. The CLI compiles the TOML at run time
//! and hands each card to `Card::from_live` as a [`LiveValue`] tree in the dump's form (enum
//! values and codex references as their names, records as tables keyed by field name, absent
//! optional fields left out). The reader builds the same generated structs the static tables
//! hold, so the rules take a live card exactly like a compiled one. Names are parsed with the
//! generated `FromStr` implementations: a value this build does not know (a new trait, a
//! new handler, a field `game.toml` gained) is an error naming the card and field, which is
//! how the CLI knows the edited content needs a rebuild.
//!
//! The generated structs hold `&'static` strings and slices, so the reader leaks what it
//! builds: meant for a process that loads the content once.

use grimoire_compiler::ir::{FieldDef, Game, Type};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::docs;
use super::types::{int_literal, rust_type};
use crate::names::{field_ident, int_type, type_ident};

/// The items of `live.rs`.
pub(crate) fn items(game: &Game) -> TokenStream {
    let records = game.records.iter().map(|record| {
        let reader = record_reader(&record.ident);
        let ty = type_ident(&record.ident);
        let body = struct_body(game, &ty, &record.fields);
        let doc = format!(" Reads a `{}` record.", record.name);
        quote! {
            #[doc = #doc]
            #[allow(dead_code)]
            fn #reader(value: &LiveValue, path: &str) -> Result<#ty, LiveError> {
                let table = live_table(value, path)?;
                #body
            }
        }
    });
    let kinds = game.kinds.iter().map(|kind| {
        let reader = format_ident!("live_kind_{}", kind.ident.to_lowercase());
        let ty = type_ident(&kind.ident);
        let body = struct_body(game, &ty, &kind.fields);
        let doc = format!(" Reads a `{}` card.", kind.name);
        quote! {
            #[doc = #doc]
            fn #reader(table: &[(::std::string::String, LiveValue)], path: &str) -> Result<#ty, LiveError> {
                #body
            }
        }
    });
    let kind_arms = game.kinds.iter().map(|kind| {
        let reader = format_ident!("live_kind_{}", kind.ident.to_lowercase());
        let variant = type_ident(&kind.ident);
        let name = &kind.name;
        quote! {
            #name => Card::#variant(::std::boxed::Box::leak(::std::boxed::Box::new(#reader(table, &path)?)))
        }
    });
    let kind_names: Vec<&str> = game.kinds.iter().map(|kind| kind.name.as_str()).collect();
    let kinds_text = kind_names.join(", ");
    let kind_match = if game.kinds.is_empty() {
        quote!(
            return Err(LiveError::new(
                &path,
                ::std::format!("no card kinds in this build, found `{}`", kind)
            ))
        )
    } else {
        quote! {
            match kind {
                #(#kind_arms,)*
                other => return Err(LiveError::new(&path, ::std::format!("kind `{}` is not one of this build's kinds ({})", other, #kinds_text))),
            }
        }
    };
    let helpers = helpers();
    let unions = super::unions::live_readers(game);
    quote! {
        /// A card value in the dump's form, for reading content edited after this crate was
        /// built: booleans, integers, strings (enum values, codex references and handlers by
        /// name), lists, tables of named fields (a card or a record) and `Null` (an absent
        /// optional value inside a list).
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum LiveValue {
            /// A boolean.
            Bool(bool),
            /// An integer.
            Int(i64),
            /// A string, enum value, codex reference or handler name.
            Str(::std::string::String),
            /// A list.
            List(::std::vec::Vec<LiveValue>),
            /// A card or record: named fields (absent optional fields left out).
            Table(::std::vec::Vec<(::std::string::String, LiveValue)>),
            /// An absent optional value.
            Null,
        }
        /// Why a live card does not fit this build's types: where (card, field path) and what.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct LiveError {
            /// The card and field path (`creature "Bear".attacks[0].traits[1]`).
            pub path: ::std::string::String,
            /// What does not fit.
            pub message: ::std::string::String,
        }
        impl LiveError {
            fn new(path: &str, message: ::std::string::String) -> Self {
                LiveError { path: path.into(), message }
            }
        }
        impl ::core::fmt::Display for LiveError {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{}: {}", self.path, self.message)
            }
        }
        impl ::std::error::Error for LiveError {}
        impl Card {
            /// Reads one card given in the dump's form (a table with `name`, `kind` and the
            /// kind's fields) into the generated types. What it builds is leaked to `'static`,
            /// like the compiled tables: for a process that loads its content once.
            pub fn from_live(value: &LiveValue) -> Result<Card, LiveError> {
                let table = live_table(value, "card")?;
                let name = match live_get(table, "name") {
                    Some(LiveValue::Str(name)) => name.as_str(),
                    _ => return Err(LiveError::new("card", "missing `name`".into())),
                };
                let kind = match live_get(table, "kind") {
                    Some(LiveValue::Str(kind)) => kind.as_str(),
                    _ => return Err(LiveError::new(name, "missing `kind`".into())),
                };
                let path = ::std::format!("{} {:?}", kind, name);
                Ok(#kind_match)
            }
        }
        #helpers
        #(#records)*
        #unions
        #(#kinds)*
    }
}

fn record_reader(ident: &str) -> Ident {
    format_ident!("live_record_{}", ident.to_lowercase())
}

/// `Ok(Ty { field: read, ... })` after checking that the table has no unknown field.
fn struct_body(game: &Game, ty: &Ident, fields: &[FieldDef]) -> TokenStream {
    let names: Vec<&str> = fields.iter().map(|field| field.name.as_str()).collect();
    let idents = fields.iter().map(|field| field_ident(&field.name));
    let reads = fields.iter().map(|field| field_read(game, field));
    quote! {
        live_known_fields(table, &[#(#names),*], path)?;
        Ok(#ty { #(#idents: #reads,)* })
    }
}

/// The expression reading one field of `table`.
pub(super) fn field_read(game: &Game, field: &FieldDef) -> TokenStream {
    let name = &field.name;
    let field_path = quote!(&::std::format!("{}.{}", path, #name));
    match &field.ty {
        Type::Option { item } => {
            let read = value_read(game, item);
            quote! {
                match live_get(table, #name) {
                    None | Some(LiveValue::Null) => None,
                    Some(value) => Some({ let path: &str = #field_path; #read }),
                }
            }
        }
        ty => {
            let read = value_read(game, ty);
            quote! {
                {
                    let path: &str = #field_path;
                    let value = live_get(table, #name).ok_or_else(|| LiveError::new(path, "missing".into()))?;
                    #read
                }
            }
        }
    }
}

/// An expression of type `T` (with `?`) reading `value: &LiveValue` at `path: &str`.
fn value_read(game: &Game, ty: &Type) -> TokenStream {
    match ty {
        Type::Bool => quote!(live_bool(value, path)?),
        Type::Int { min, max } => {
            let int = int_type(*min, *max);
            let (min, max) = (int_literal(*min), int_literal(*max));
            quote!(live_int::<#int>(value, path, #min, #max)?)
        }
        Type::String | Type::Text => quote!(live_str(value, path)?),
        Type::Handler | Type::Enum { .. } | Type::Codex { .. } => {
            let target = rust_type(game, ty);
            quote!(live_parse::<#target>(value, path)?)
        }
        Type::Record { index } => {
            let reader = record_reader(&game.records[*index].ident);
            quote!(#reader(value, path)?)
        }
        Type::Union { index } => {
            let reader = super::unions::reader(&game.unions[*index].ident);
            quote!(#reader(value, path)?)
        }
        Type::List { item } => {
            let read = value_read(game, item);
            quote! {
                {
                    let items = match value {
                        LiveValue::List(items) => items,
                        _ => return Err(LiveError::new(path, "expected a list".into())),
                    };
                    let mut read = ::std::vec::Vec::with_capacity(items.len());
                    for (position, value) in items.iter().enumerate() {
                        let path: &str = &::std::format!("{}[{}]", path, position);
                        read.push(#read);
                    }
                    &*::std::boxed::Box::leak(read.into_boxed_slice())
                }
            }
        }
        Type::Option { item } => {
            let read = value_read(game, item);
            quote! {
                match value {
                    LiveValue::Null => None,
                    value => Some(#read),
                }
            }
        }
    }
}

/// The game-independent helpers the readers share.
fn helpers() -> TokenStream {
    let doc = docs::text("Helpers of the live readers.");
    quote! {
        #doc
        #[allow(dead_code)]
        fn live_table<'v>(value: &'v LiveValue, path: &str) -> Result<&'v [(::std::string::String, LiveValue)], LiveError> {
            match value {
                LiveValue::Table(fields) => Ok(fields),
                _ => Err(LiveError::new(path, "expected a table".into())),
            }
        }
        #[allow(dead_code)]
        fn live_get<'v>(table: &'v [(::std::string::String, LiveValue)], name: &str) -> Option<&'v LiveValue> {
            table.iter().find(|(key, _)| key == name).map(|(_, value)| value)
        }
        #[allow(dead_code)]
        fn live_known_fields(table: &[(::std::string::String, LiveValue)], known: &[&str], path: &str) -> Result<(), LiveError> {
            for (key, _) in table {
                if key != "kind" && !known.contains(&key.as_str()) {
                    return Err(LiveError::new(path, ::std::format!("field `{}` is not in this build's types", key)));
                }
            }
            Ok(())
        }
        #[allow(dead_code)]
        fn live_bool(value: &LiveValue, path: &str) -> Result<bool, LiveError> {
            match value {
                LiveValue::Bool(flag) => Ok(*flag),
                _ => Err(LiveError::new(path, "expected a boolean".into())),
            }
        }
        #[allow(dead_code)]
        fn live_int<T: ::core::convert::TryFrom<i64>>(value: &LiveValue, path: &str, min: i64, max: i64) -> Result<T, LiveError> {
            match value {
                LiveValue::Int(number) if (min..=max).contains(number) => T::try_from(*number)
                    .map_err(|_| LiveError::new(path, ::std::format!("{} does not fit", number))),
                LiveValue::Int(number) => Err(LiveError::new(path, ::std::format!("{} is outside {}..={} in this build", number, min, max))),
                _ => Err(LiveError::new(path, "expected an integer".into())),
            }
        }
        #[allow(dead_code)]
        fn live_str(value: &LiveValue, path: &str) -> Result<&'static str, LiveError> {
            match value {
                LiveValue::Str(text) => Ok(::std::boxed::Box::leak(text.clone().into_boxed_str())),
                _ => Err(LiveError::new(path, "expected a string".into())),
            }
        }
        #[allow(dead_code)]
        fn live_parse<T: ::core::str::FromStr>(value: &LiveValue, path: &str) -> Result<T, LiveError>
        where
            T::Err: ::core::fmt::Display,
        {
            match value {
                LiveValue::Str(text) => text.parse::<T>().map_err(|error| {
                    LiveError::new(path, ::std::format!("{} in this build", error))
                }),
                _ => Err(LiveError::new(path, "expected a name".into())),
            }
        }
    }
}
