//! Dice tables and game constants.

use grimoire_compiler::ir::{ConstValue, Constant, DieDef, Game, Type};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use super::docs;
use super::types::{int_literal, rust_type, unsuffixed, value_expr};
use crate::names::{field_ident, int_type, static_ident, type_ident};

/// One face struct and one static per die, then the constants.
pub(crate) fn items(game: &Game) -> TokenStream {
    let dice = game.dice.iter().map(die_items);
    let constants = game
        .constants
        .iter()
        .map(|constant| constant_item(game, constant));
    quote! {
        #(#dice)*
        #(#constants)*
    }
}

fn die_items(die: &DieDef) -> TokenStream {
    let face_ty = format_ident!("{}DieFace", type_ident(&die.ident));
    let shouty = static_ident(&die.ident);
    let table = Ident::new(&format!("{shouty}_DIE"), Span::call_site());
    let name_const = Ident::new(&format!("{shouty}_DIE_NAME"), Span::call_site());
    let sides_const = Ident::new(&format!("{shouty}_DIE_SIDES"), Span::call_site());
    let value_names: Vec<&str> = die
        .faces
        .first()
        .map(|face| face.values.iter().map(|(name, _)| name.as_str()).collect())
        .unwrap_or_default();
    let value_fields: Vec<Ident> = value_names.iter().map(|name| field_ident(name)).collect();
    let all_values = die
        .faces
        .iter()
        .flat_map(|face| face.values.iter().map(|(_, v)| *v));
    let value_ty = int_type(
        all_values.clone().min().unwrap_or(0),
        all_values.max().unwrap_or(0),
    );
    let value_docs = value_names
        .iter()
        .map(|name| docs::text(&format!("The face's `{name}` value.")));
    let count = unsuffixed(die.faces.len());
    let faces = die.faces.iter().map(|face| {
        let label = &face.label;
        let values = face.values.iter().map(|(_, value)| int_literal(*value));
        let fields = &value_fields;
        quote!(#face_ty { label: #label, #(#fields: #values),* })
    });
    let face_list: Vec<String> = die
        .faces
        .iter()
        .map(|face| {
            let values: Vec<String> = face
                .values
                .iter()
                .map(|(name, value)| format!("{name} {value}"))
                .collect();
            format!("`{}` ({})", face.label, values.join(", "))
        })
        .collect();
    let face_doc = format!(" One face of the `{}` die.", die.name);
    let name = &die.name;
    let name_doc =
        format!(" The `{name}` die's name as declared in `game.toml` (how scripted dice name it).");
    let sides_doc = format!(" How many faces the `{name}` die has.");
    let doc = docs::or(die.summary.as_deref(), &format!("The `{name}` die."));
    let faces_doc = docs::text(&format!(
        "Its faces in declaration order, each equally likely: {}.",
        face_list.join(", ")
    ));
    let count_usize = unsuffixed(die.faces.len());
    quote! {
        #[doc = #face_doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct #face_ty {
            /// The face's printed label.
            pub label: &'static str,
            #( #value_docs pub #value_fields: #value_ty, )*
        }

        #[doc = #name_doc]
        pub const #name_const: &str = #name;

        #[doc = #sides_doc]
        pub const #sides_const: usize = #count_usize;

        #doc
        ///
        #faces_doc
        pub static #table: [#face_ty; #count] = [#(#faces),*];
    }
}

fn constant_item(game: &Game, constant: &Constant) -> TokenStream {
    let name = Ident::new(&constant.name, Span::call_site());
    let doc = docs::or(
        constant.summary.as_deref(),
        &format!("The `{}` constant from `game.toml`.", constant.name),
    );
    let (ty, value) = match &constant.value {
        ConstValue::Bool(flag) => (quote!(bool), quote!(#flag)),
        ConstValue::Int(number) => (quote!(i64), int_literal(*number)),
        ConstValue::Str(text) => (quote!(&str), quote!(#text)),
        ConstValue::IntList(numbers) => {
            let numbers = numbers.iter().map(|number| int_literal(*number));
            (quote!(&[i64]), quote!(&[#(#numbers),*]))
        }
        ConstValue::StrList(texts) => (quote!(&[&str]), quote!(&[#(#texts),*])),
        ConstValue::Typed { ty, value } => (const_type(game, ty), value_expr(game, value)),
    };
    quote!(#doc pub const #name: #ty = #value;)
}

/// The type of a typed constant: as a field's, but a top-level slice is written `&[T]` (a
/// constant's references are `'static` already).
fn const_type(game: &Game, ty: &Type) -> TokenStream {
    match ty {
        Type::List { item } => {
            let item = rust_type(game, item);
            quote!(&[#item])
        }
        _ => rust_type(game, ty),
    }
}
