//! Reading codex values back from card text: per category a `FromStr` that inverts `Display`,
//! and `int_param()`.
//!
//! Each category's `from_str` is a table of templates (one per entry, in codex order: the
//! literals around the slots and what each parameter's slot holds) handed to
//! `grimoire_runtime::codex::parse`, which does the matching (every way of cutting the text at
//! the literals, exactly and then ignoring ASCII case), and a `match` that builds the entry the
//! runtime found from its parameters: integers cast to their type, enum values by position in
//! the enum's `ALL`, and text or list parameters (which the enums hold as `&'static` data) by
//! position in a table of the values the content uses.

use std::collections::BTreeMap;

use grimoire_compiler::ir::{CategoryDef, Entry, FieldDef, Game, TemplatePart, Type, Value};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::types::{int_literal, rust_type, unsuffixed, value_expr};
use crate::names::{field_ident, int_type, static_ident, type_ident};

/// For each (category, entry, parameter), the distinct arguments the content passes, keyed by
/// their card text.
type UsedArgs = BTreeMap<(usize, usize, usize), BTreeMap<String, Value>>;

/// The runtime's error types, re-exported, and per category `FromStr` and `int_param()`.
pub(crate) fn items(game: &Game) -> TokenStream {
    let used = used_args(game);
    let categories = game
        .categories
        .iter()
        .enumerate()
        .map(|(index, category)| category_items(game, index, category, &used));
    quote! {
        pub use ::grimoire_runtime::codex::{ParseCodexError, ParseCodexReason};
        #(#categories)*
    }
}

fn category_items(
    game: &Game,
    category_index: usize,
    category: &CategoryDef,
    used: &UsedArgs,
) -> TokenStream {
    let ty = type_ident(&category.ident);
    let name = &category.name;
    let (templates, builds): (Vec<TokenStream>, Vec<TokenStream>) = category
        .entries
        .iter()
        .enumerate()
        .map(|(index, entry)| entry_template(game, &ty, (category_index, index), entry, used))
        .unzip();
    let count = unsuffixed(category.entries.len());
    let indices = (0..category.entries.len()).map(unsuffixed);
    let int_param_body = if category.entries.is_empty() {
        quote!(match *self {})
    } else {
        let arms = category.entries.iter().map(int_param_arm);
        quote!(match *self { #(#arms,)* })
    };
    let from_str_doc = format!(
        " Reads a `{name}` as written on cards (`{}`), the inverse of `Display`. Literal text also matches in another ASCII case.",
        category
            .entries
            .iter()
            .find(|entry| !entry.params.is_empty())
            .or(category.entries.first())
            .map_or(name.as_str(), |entry| entry.template.source.as_str())
    );
    let any_params = category
        .entries
        .iter()
        .any(|entry| !entry.params.is_empty());
    let (values_pattern, imports) = if any_params {
        (quote!(values), quote!(Param, ParamKind, Template))
    } else {
        (quote!(_), quote!(Template))
    };
    let build_body = if category.entries.is_empty() {
        quote! {
            let _ = entry;
            None
        }
    } else {
        quote! {
            Some(match entry {
                #(#indices => #builds,)*
                _ => return None,
            })
        }
    };
    quote! {
        impl #ty {
            /// The entry's first integer parameter, X for `Armor {x}`; `None` for entries without one.
            pub const fn int_param(&self) -> Option<i64> {
                #int_param_body
            }
        }

        impl ::core::str::FromStr for #ty {
            type Err = ParseCodexError;

            #[doc = #from_str_doc]
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                use ::grimoire_runtime::codex::{#imports};
                static TEMPLATES: [Template; #count] = [#(#templates),*];
                fn build(entry: usize, #values_pattern: &[i64]) -> Option<#ty> {
                    #build_body
                }
                ::grimoire_runtime::codex::parse(text, #name, &TEMPLATES, build)
            }
        }
    }
}

/// One entry's template for the runtime, and the expression building the entry from the
/// parameter values the runtime read (`values`).
fn entry_template(
    game: &Game,
    ty: &Ident,
    (category_index, entry_index): (usize, usize),
    entry: &Entry,
    used: &UsedArgs,
) -> (TokenStream, TokenStream) {
    let variant = type_ident(&entry.ident);
    let entry_name = &entry.name;
    let mut literals: Vec<&str> = Vec::new();
    let mut slot_of = vec![(0usize, false); entry.params.len()];
    let mut slot_count = 0usize;
    for part in &entry.template.parts {
        match part {
            TemplatePart::Literal(text) => literals.push(text),
            TemplatePart::Slot(param) => {
                if literals.len() == slot_count {
                    literals.push("");
                }
                let signed = !literals
                    .last()
                    .is_some_and(|literal| literal.ends_with(['+', '-']));
                slot_of[*param] = (slot_count, signed);
                slot_count += 1;
            }
        }
    }
    if literals.len() == slot_count {
        literals.push("");
    }
    let mut tables = Vec::new();
    let mut params = Vec::new();
    let mut args = Vec::new();
    for (param_index, param) in entry.params.iter().enumerate() {
        let param_name = &param.name;
        let (slot, signed) = slot_of[param_index];
        let slot = unsuffixed(slot);
        let position = unsuffixed(param_index);
        let value = quote!(values[#position]);
        let (kind, arg) = match &param.ty {
            Type::Int { min, max } => {
                let (low, high) = (int_literal(*min), int_literal(*max));
                let int = int_type(*min, *max);
                let arg = if int == "i64" {
                    value
                } else {
                    quote!(#value as #int)
                };
                (
                    quote!(ParamKind::Int { signed: #signed, min: #low, max: #high }),
                    arg,
                )
            }
            Type::Enum { index } => {
                let enum_ty = type_ident(&game.enums[*index].ident);
                (
                    quote!(ParamKind::Enum { names: &#enum_ty::NAMES }),
                    quote!(#enum_ty::ALL[#value as usize]),
                )
            }
            _ => {
                let table = static_ident(param_name);
                let value_ty = const_type(game, &param.ty);
                let known: Vec<(&String, &Value)> = used
                    .get(&(category_index, entry_index, param_index))
                    .map(|values| values.iter().collect())
                    .unwrap_or_default();
                let texts = known.iter().map(|(text, _)| text.as_str());
                let values = known.iter().map(|(_, value)| value_expr(game, value));
                let count = unsuffixed(known.len());
                let doc = format!(
                    " Every `{param_name}` of `{entry_name}` the content uses, in the order of their card text."
                );
                tables.push(quote! {
                    #[doc = #doc]
                    const #table: [#value_ty; #count] = [#(#values),*];
                });
                (
                    quote!(ParamKind::Known { texts: &[#(#texts),*] }),
                    quote!(#table[#value as usize]),
                )
            }
        };
        params.push(quote!(Param { name: #param_name, slot: #slot, kind: #kind }));
        args.push(arg);
    }
    let value = match args.as_slice() {
        [] => quote!(#ty::#variant),
        [only] => quote!(#ty::#variant(#only)),
        _ => {
            let names = entry.params.iter().map(|param| field_ident(&param.name));
            quote!(#ty::#variant { #(#names: #args),* })
        }
    };
    let build = if tables.is_empty() {
        value
    } else {
        quote!({ #(#tables)* #value })
    };
    let template = quote! {
        Template { entry: #entry_name, literals: &[#(#literals),*], params: &[#(#params),*] }
    };
    (template, build)
}

/// One `int_param()` match arm.
fn int_param_arm(entry: &Entry) -> TokenStream {
    let variant = type_ident(&entry.ident);
    let first_int = entry
        .params
        .iter()
        .position(|param| matches!(param.ty, Type::Int { .. }));
    let Some(position) = first_int else {
        return match entry.params.len() {
            0 => quote!(Self::#variant => None),
            1 => quote!(Self::#variant(_) => None),
            _ => quote!(Self::#variant { .. } => None),
        };
    };
    let Type::Int { min, max } = entry.params[position].ty else {
        unreachable!("position found an integer parameter");
    };
    let binding = field_ident(&entry.params[position].name);
    let value = if int_type(min, max) == "i64" {
        quote!(#binding)
    } else {
        quote!(#binding as i64)
    };
    if entry.params.len() == 1 {
        quote!(Self::#variant(#binding) => Some(#value))
    } else {
        quote!(Self::#variant { #binding, .. } => Some(#value))
    }
}

/// The arguments the content passes to every text or list parameter, by card text.
fn used_args(game: &Game) -> UsedArgs {
    let mut used = UsedArgs::new();
    let mut visit = |value: &Value| collect(game, value, &mut used);
    for card in &game.cards {
        card.fields.iter().for_each(&mut visit);
        card.printed.iter().flatten().for_each(&mut visit);
    }
    for category in &game.categories {
        for entry in &category.entries {
            entry.fields.iter().for_each(&mut visit);
            for reference in &entry.implies {
                visit(&Value::Codex(reference.clone()));
            }
            entry
                .effects
                .iter()
                .flat_map(|effect| &effect.fields)
                .for_each(&mut visit);
        }
    }
    let defaults = |fields: &[FieldDef]| -> Vec<Value> {
        fields
            .iter()
            .filter_map(|field| field.default.clone())
            .collect()
    };
    let mut default_values = Vec::new();
    for kind in &game.kinds {
        default_values.extend(defaults(&kind.fields));
    }
    for record in &game.records {
        default_values.extend(defaults(&record.fields));
    }
    for category in &game.categories {
        default_values.extend(defaults(&category.fields));
    }
    for op in &game.effect_ops {
        default_values.extend(defaults(&op.fields));
    }
    default_values.iter().for_each(&mut visit);
    used
}

fn collect(game: &Game, value: &Value, used: &mut UsedArgs) {
    match value {
        Value::Codex(reference) => {
            let entry = &game.categories[reference.category].entries[reference.entry];
            let signs = slot_signs(entry);
            for (index, (param, arg)) in entry.params.iter().zip(&reference.args).enumerate() {
                if !matches!(param.ty, Type::Int { .. } | Type::Enum { .. }) {
                    let text = card_text(game, arg, &param.ty, signs[index]);
                    used.entry((reference.category, reference.entry, index))
                        .or_default()
                        .insert(text, arg.clone());
                }
                collect(game, arg, used);
            }
        }
        Value::Record { fields: items, .. }
        | Value::Union { fields: items, .. }
        | Value::List(items) => {
            items.iter().for_each(|item| collect(game, item, used));
        }
        Value::Some(inner) => collect(game, inner, used),
        _ => {}
    }
}

/// Per parameter, whether its slot follows a literal ending in `+` or `-` (the template
/// writes the sign).
fn slot_signs(entry: &Entry) -> Vec<bool> {
    let mut signs = vec![false; entry.params.len()];
    let mut previous = "";
    for part in &entry.template.parts {
        match part {
            TemplatePart::Literal(text) => previous = text,
            TemplatePart::Slot(param) => {
                signs[*param] = previous.ends_with(['+', '-']);
                previous = "";
            }
        }
    }
    signs
}

/// A parameter value as the generated `Display` writes it.
fn card_text(game: &Game, value: &Value, ty: &Type, signed_by_template: bool) -> String {
    match (value, ty) {
        (Value::Int(number), Type::Int { min, .. }) if *min < 0 && !signed_by_template => {
            format!("{number:+}")
        }
        (Value::Int(number), _) => number.to_string(),
        (Value::Str(text), _) => text.clone(),
        (Value::Bool(flag), _) => flag.to_string(),
        (Value::Enum { index, variant }, _) => game.enums[*index].variants[*variant].name.clone(),
        (Value::List(items), Type::List { item }) => {
            // `[[E]]`: alternatives joined by OR, the words of each by a space.
            let words = |value: &Value| match (value, item.as_ref()) {
                (Value::List(words), Type::List { item: word }) => words
                    .iter()
                    .map(|w| card_text(game, w, word, signed_by_template))
                    .collect::<Vec<_>>()
                    .join(grimoire_model::WORD_SEPARATOR),
                _ => card_text(game, value, item, signed_by_template),
            };
            items
                .iter()
                .map(words)
                .collect::<Vec<_>>()
                .join(grimoire_model::LIST_SLOT_SEPARATOR)
        }
        (Value::Some(inner), Type::Option { item }) => {
            card_text(game, inner, item, signed_by_template)
        }
        (Value::None, _) => String::new(),
        (other, _) => format!("{other:?}"),
    }
}

/// The type of a template parameter inside a `const`, where references are `'static` without
/// saying so.
fn const_type(game: &Game, ty: &Type) -> TokenStream {
    match ty {
        Type::String | Type::Text => quote!(&str),
        Type::List { item } => {
            let item = const_type(game, item);
            quote!(&[#item])
        }
        Type::Option { item } => {
            let item = const_type(game, item);
            quote!(Option<#item>)
        }
        other => rust_type(game, other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalized(tokens: TokenStream) -> String {
        tokens
            .to_string()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn list_arguments_the_cards_use_are_tabled_by_their_card_text() {
        let game = crate::sample::game();
        let used = used_args(&game);
        // Only the list parameter of `Bonus` (entry 2, parameter 1) borrows data.
        assert_eq!(used.keys().collect::<Vec<_>>(), [&(0, 2, 1)]);
        let values = &used[&(0, 2, 1)];
        assert_eq!(values.keys().collect::<Vec<_>>(), ["Deep Water"]);
    }

    #[test]
    fn card_text_follows_display_sign_rules() {
        let game = crate::sample::game();
        let signed = Type::Int { min: -3, max: 3 };
        assert_eq!(card_text(&game, &Value::Int(2), &signed, false), "+2");
        assert_eq!(card_text(&game, &Value::Int(-2), &signed, false), "-2");
        assert_eq!(card_text(&game, &Value::Int(2), &signed, true), "2");
        let list = Type::List {
            item: Box::new(Type::Enum { index: 0 }),
        };
        let both = Value::List(vec![
            Value::Enum {
                index: 0,
                variant: 0,
            },
            Value::Enum {
                index: 0,
                variant: 1,
            },
        ]);
        assert_eq!(card_text(&game, &both, &list, false), "Fire OR Deep Water");
    }

    #[test]
    fn slot_signs_come_from_the_literal_before_the_slot() {
        let game = crate::sample::game();
        let entries = &game.categories[0].entries;
        assert_eq!(slot_signs(&entries[0]), [true], "Piercing +{{x}}");
        assert_eq!(slot_signs(&entries[2]), [false, false], "{{x}} vs {{type}}");
    }

    #[test]
    fn each_category_gets_from_str_and_int_param() {
        let game = crate::sample::game();
        let items = items(&game);
        syn::parse2::<syn::File>(items.clone()).expect("the items parse as a file");
        let text = normalized(items);
        for expected in [
            "impl :: core :: str :: FromStr for Trait",
            "type Err = ParseCodexError",
            "pub const fn int_param (& self) -> Option < i64 >",
            "Self :: Piercing (x) => Some (x as i64)",
            "Self :: Fast => None",
            "Self :: Bonus { x , .. } => Some (x as i64)",
            // Literals around the slots; the `+` in the template makes the slot unsigned.
            "literals : & [\"Piercing +\" , \"\"]",
            "Param { name : \"x\" , slot : 0 , kind : ParamKind :: Int { signed : false , min : 0 , max : 5 } }",
            "literals : & [\"\" , \" vs \" , \"\"]",
            "ParamKind :: Int { signed : true , min : - 3 , max : 3 }",
            // A list parameter: its card texts for the runtime, its values for the build.
            "ParamKind :: Known { texts : & [\"Deep Water\"] }",
            "const TYPE : [& [Element] ; 1] = [& [Element :: DeepWater]]",
            "Trait :: Bonus { x : values [0] as i8 , r#type : TYPE [values [1] as usize] }",
            ":: grimoire_runtime :: codex :: parse (text , \"Trait\" , & TEMPLATES , build)",
        ] {
            assert!(text.contains(expected), "missing `{expected}` in {text}");
        }
    }

    #[test]
    fn a_category_without_entries_still_compiles_to_valid_items() {
        let mut game = crate::sample::game();
        game.categories[0].entries.clear();
        game.cards.clear();
        let text = normalized(items(&game));
        assert!(text.contains("match * self { }"), "{text}");
        assert!(text.contains("let _ = entry ; None"), "{text}");
        assert!(
            text.contains("use :: grimoire_runtime :: codex :: { Template }"),
            "{text}"
        );
    }
}
