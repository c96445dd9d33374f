//! Dice tables and game constants.

use grimoire_compiler::ir::{ConstValue, Constant, DieDef, Game};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use super::docs;
use super::types::{int_literal, unsuffixed};
use crate::names::{field_ident, static_ident, type_ident};

/// One face struct and one static per die, then the constants.
pub(crate) fn items(game: &Game) -> TokenStream {
    let dice = game.dice.iter().map(die_items);
    let constants = game.constants.iter().map(constant_item);
    quote! {
        #(#dice)*
        #(#constants)*
    }
}

fn die_items(die: &DieDef) -> TokenStream {
    let face_ty = format_ident!("{}DieFace", type_ident(&die.ident));
    let table = Ident::new(
        &format!("{}_DIE", static_ident(&die.ident)),
        Span::call_site(),
    );
    let value_names: Vec<&str> = die
        .faces
        .first()
        .map(|face| face.values.iter().map(|(name, _)| name.as_str()).collect())
        .unwrap_or_default();
    let value_fields: Vec<Ident> = value_names.iter().map(|name| field_ident(name)).collect();
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
    let face_doc = format!(" One face of the `{}` die.", die.name);
    let doc = docs::or(die.summary.as_deref(), &format!("The `{}` die.", die.name));
    quote! {
        #[doc = #face_doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct #face_ty {
            /// The face's printed label.
            pub label: &'static str,
            #( #value_docs pub #value_fields: i64, )*
        }

        #doc
        pub static #table: [#face_ty; #count] = [#(#faces),*];
    }
}

fn constant_item(constant: &Constant) -> TokenStream {
    let name = Ident::new(&constant.name, Span::call_site());
    let doc = docs::text(&format!(
        "The `{}` constant from `game.toml`.",
        constant.name
    ));
    let (ty, value) = match &constant.value {
        ConstValue::Bool(flag) => (quote!(bool), quote!(#flag)),
        ConstValue::Int(number) => (quote!(i64), int_literal(*number)),
        ConstValue::Str(text) => (quote!(&str), quote!(#text)),
        ConstValue::IntList(numbers) => {
            let numbers = numbers.iter().map(|number| int_literal(*number));
            (quote!(&[i64]), quote!(&[#(#numbers),*]))
        }
        ConstValue::StrList(texts) => (quote!(&[&str]), quote!(&[#(#texts),*])),
    };
    quote!(#doc pub const #name: #ty = #value;)
}
