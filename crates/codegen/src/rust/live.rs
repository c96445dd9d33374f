//! `live.rs`: reading cards edited after the crate was built into the generated types.
//!
//! Player commands (`calc`, `scenario run`, `spellbook check`) must see the content as it is
//! on disk, not as it was when the binary was built. The CLI compiles the TOML at run time
//! and hands each card to `Card::from_live` as a `LiveValue` tree in the dump's form (enum
//! values and codex references as their names, records as tables keyed by field name, absent
//! optional fields left out). The reader builds the same generated structs the static tables
//! hold, so the rules take a live card exactly like a compiled one. Names are parsed with the
//! generated `FromStr` implementations: a value this build does not know (a new trait, a
//! new handler, a field `game.toml` gained) is an error naming the card and field, which is
//! how the CLI knows the edited content needs a rebuild.
//!
//! The generated structs hold `&'static` strings and slices, so the reader leaks what it
//! builds: meant for a process that loads the content once. `LiveValue`, `LiveError` and the
//! field readers live in `grimoire_runtime::live`; the generated code is one reader per kind
//! and record, a struct literal of calls to them.

use grimoire_compiler::ir::{FieldDef, Game, Type, Value};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::types::{int_literal, rust_type, value_expr};
use crate::names::{field_ident, int_type, type_ident};

/// The items of `live.rs`.
pub(crate) fn items(game: &Game) -> TokenStream {
    // With serde derives, every record is read (its `Deserialize` calls its reader).
    let read_records = if game.derives.serde {
        (0..game.records.len()).collect()
    } else {
        records_of_kinds(game)
    };
    let records = read_records.iter().map(|&index| {
        let record = &game.records[index];
        let reader = record_reader(&record.ident);
        let ty = type_ident(&record.ident);
        let body = struct_body(game, &ty, &record.fields);
        let doc = format!(" Reads a `{}` record.", record.name);
        quote! {
            #[doc = #doc]
            fn #reader(value: &LiveValue, path: &str) -> Result<#ty, LiveError> {
                let table = live::table(value, path)?;
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
            fn #reader(table: &live::Table, path: &str) -> Result<#ty, LiveError> {
                #body
            }
        }
    });
    let kind_arms = game.kinds.iter().map(|kind| {
        let reader = format_ident!("live_kind_{}", kind.ident.to_lowercase());
        let variant = type_ident(&kind.ident);
        let name = &kind.name;
        quote! {
            #name => Card::#variant(live::leak(#reader(table, &path)?))
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
    let unions = super::unions::live_readers(game);
    let deserialize = if game.derives.serde {
        deserialize_items(game, &read_records)
    } else {
        TokenStream::new()
    };
    quote! {
        pub use ::grimoire_runtime::live::{LiveError, LiveValue};
        use ::grimoire_runtime::live;

        impl Card {
            /// Reads one card given in the dump's form (a table with `name`, `kind` and the
            /// kind's fields) into the generated types. What it builds is leaked to `'static`,
            /// like the compiled tables: for a process that loads its content once.
            pub fn from_live(value: &LiveValue) -> Result<Card, LiveError> {
                let table = live::table(value, "card")?;
                let (name, kind) = live::name_and_kind(table)?;
                let path = ::std::format!("{} {:?}", kind, name);
                Ok(#kind_match)
            }
        }
        #(#records)*
        #unions
        #(#kinds)*
        #deserialize
    }
}

/// With `derive = ["serde"]`: the effect operations' reader, and `Deserialize` for records,
/// unions and effect operations through their readers (`grimoire_runtime::de::via_live`).
fn deserialize_items(game: &Game, records: &[usize]) -> TokenStream {
    let via_live = |ty: TokenStream, root: &str, reader: Ident| {
        quote! {
            impl<'de> ::serde::Deserialize<'de> for #ty {
                fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                    ::grimoire_runtime::de::via_live(deserializer, #root, #reader)
                }
            }
        }
    };
    let records = records.iter().map(|&index| {
        let record = &game.records[index];
        let ty = type_ident(&record.ident);
        via_live(quote!(#ty), &record.name, record_reader(&record.ident))
    });
    let unions = game.unions.iter().map(|def| {
        let ty = type_ident(&def.ident);
        via_live(quote!(#ty), &def.name, super::unions::reader(&def.ident))
    });
    let ops: Vec<_> = game
        .effect_ops
        .iter()
        .map(|op| (op.ident.as_str(), op.name.as_str(), op.fields.as_slice()))
        .collect();
    let op_reader = format_ident!("live_effect_op");
    let read_ops =
        super::unions::tagged_reader(game, &op_reader, "EffectOp", "op", "effect operation", &ops);
    let effect_op = via_live(quote!(EffectOp), "effect", op_reader);
    quote! {
        #(#records)*
        #(#unions)*
        #read_ops
        #effect_op
    }
}

/// The records a card's fields hold, directly or inside other records, in declaration order:
/// the ones `from_live` reads.
fn records_of_kinds(game: &Game) -> Vec<usize> {
    fn visit(game: &Game, ty: &Type, found: &mut Vec<bool>, unions: &mut Vec<bool>) {
        match ty {
            Type::Record { index } if !found[*index] => {
                found[*index] = true;
                for field in &game.records[*index].fields {
                    visit(game, &field.ty, found, unions);
                }
            }
            Type::Union { index } if !unions[*index] => {
                unions[*index] = true;
                for variant in &game.unions[*index].variants {
                    for field in &variant.fields {
                        visit(game, &field.ty, found, unions);
                    }
                }
            }
            Type::List { item } | Type::Option { item } => visit(game, item, found, unions),
            _ => {}
        }
    }
    let mut found = vec![false; game.records.len()];
    let mut unions = vec![false; game.unions.len()];
    for field in game.kinds.iter().flat_map(|kind| &kind.fields) {
        visit(game, &field.ty, &mut found, &mut unions);
    }
    (0..game.records.len())
        .filter(|&index| found[index])
        .collect()
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
        live::known_fields(table, &[#(#names),*], path)?;
        Ok(#ty { #(#idents: #reads,)* })
    }
}

/// The expression reading one field of `table` (with `?`); a field `game.toml` gives a default
/// may be left out (the compiler's own output always has it, a scenario file may not).
pub(super) fn field_read(game: &Game, field: &FieldDef) -> TokenStream {
    let name = &field.name;
    if let Some(default) = field
        .default
        .as_ref()
        .filter(|value| **value != Value::None)
    {
        let read = reader(game, &field.ty);
        let default = value_expr(game, default);
        let ty = rust_type(game, &field.ty);
        return quote!(live::field_or::<#ty>(table, path, #name, #read, #default)?);
    }
    match &field.ty {
        Type::Option { item } => {
            let read = reader(game, item);
            quote!(live::optional(table, path, #name, #read)?)
        }
        ty => {
            let read = reader(game, ty);
            quote!(live::field(table, path, #name, #read)?)
        }
    }
}

/// A reader of one value of type `ty`: a runtime function, a record reader, or a closure (that
/// captures nothing) composing them for lists and optional items.
fn reader(game: &Game, ty: &Type) -> TokenStream {
    match ty {
        Type::Bool => quote!(live::boolean),
        Type::Int { min, max } => {
            let int = int_type(*min, *max);
            let bound = |value: i64| {
                let literal = int_literal(value);
                if value < 0 {
                    quote!({ #literal })
                } else {
                    literal
                }
            };
            let (min, max) = (bound(*min), bound(*max));
            quote!(live::int::<#int, #min, #max>)
        }
        Type::String | Type::Text => quote!(live::string),
        Type::Handler | Type::Enum { .. } | Type::Codex { .. } => {
            let target = rust_type(game, ty);
            quote!(live::parse::<#target>)
        }
        Type::Record { index } => {
            let reader = record_reader(&game.records[*index].ident);
            quote!(#reader)
        }
        Type::Union { index } => {
            let reader = super::unions::reader(&game.unions[*index].ident);
            quote!(#reader)
        }
        Type::List { item } => {
            let read = reader(game, item);
            quote!(|value, path| live::list(value, path, #read))
        }
        Type::Option { item } => {
            let read = reader(game, item);
            quote!(|value, path| live::nullable(value, path, #read))
        }
    }
}
