//! Reading codex values back from card text: per category a `FromStr` that inverts `Display`,
//! and `int_param()`.
//!
//! Each category's `from_str` tries the entries' templates in codex order, cutting the text at
//! the template's literals (every way, as the compiler's template matcher does) and reading the
//! slots: integers with the template's sign rule and declared range, enums through their own
//! `FromStr`, and text or list parameters (which the enums hold as `&'static` data) by looking
//! them up in a table of the values the content uses. A first pass compares literal text
//! exactly, a second ignores ASCII case, so `Display` text always reads back as itself.

use std::collections::BTreeMap;

use grimoire_compiler::ir::{CategoryDef, Entry, FieldDef, Game, TemplatePart, Type, Value};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::types::{int_literal, rust_type, unsuffixed, value_expr};
use crate::names::{field_ident, int_type, static_ident, type_ident};

/// For each (category, entry, parameter), the distinct arguments the content passes, keyed by
/// their card text.
type UsedArgs = BTreeMap<(usize, usize, usize), BTreeMap<String, Value>>;

/// `ParseCodexError`, the private matching helpers, and per category `FromStr` and
/// `int_param()`.
pub(crate) fn items(game: &Game) -> TokenStream {
    let used = used_args(game);
    let categories = game
        .categories
        .iter()
        .enumerate()
        .map(|(index, category)| category_items(game, index, category, &used));
    let error = error_items();
    let helpers = helper_module();
    quote! {
        #error
        #helpers
        #(#categories)*
    }
}

fn error_items() -> TokenStream {
    quote! {
        /// Text that is not a value of a codex category.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct ParseCodexError {
            /// The category that was parsed (`Trait`).
            pub category: &'static str,
            /// The text that was parsed.
            pub text: ::std::string::String,
            /// Why the text is not a value.
            pub reason: ParseCodexReason,
        }

        /// Why a text is not a value of a codex category.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum ParseCodexReason {
            /// No entry's template matches the text.
            NoMatch,
            /// The text has an entry's form, but an integer parameter is outside its declared range.
            OutOfRange {
                /// The entry's name.
                entry: &'static str,
                /// The parameter's name.
                param: &'static str,
                /// The integer read.
                value: i64,
                /// The smallest allowed value.
                min: i64,
                /// The largest allowed value.
                max: i64,
            },
            /// The text has an entry's form, but a text or list parameter is none of the values the
            /// content uses (the only values such a parameter can hold).
            UnknownValue {
                /// The entry's name.
                entry: &'static str,
                /// The parameter's name.
                param: &'static str,
                /// The parameter's text.
                found: ::std::string::String,
            },
        }

        impl ::core::fmt::Display for ParseCodexError {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "`{}` is not a {}", self.text, self.category)?;
                match &self.reason {
                    ParseCodexReason::NoMatch => Ok(()),
                    ParseCodexReason::OutOfRange { entry, param, value, min, max } => write!(
                        f,
                        ": {} of {} is {}, outside {}..={}",
                        param, entry, value, min, max
                    ),
                    ParseCodexReason::UnknownValue { entry, param, found } => write!(
                        f,
                        ": no card uses `{}` as {} of {}",
                        found, param, entry
                    ),
                }
            }
        }

        impl ::std::error::Error for ParseCodexError {}
    }
}

fn helper_module() -> TokenStream {
    quote! {
        /// Template matching shared by the codex categories' `FromStr` implementations (a game
        /// whose templates have no integer, enum or text slot leaves some of it unused).
        #[allow(dead_code)]
        mod codex_text {
            use super::ParseCodexReason;

            /// How one way of reading the slots failed: `None` when the text does not have the
            /// entry's form, else the specific reason.
            pub(super) type Miss = Option<ParseCodexReason>;

            /// Whether `text` is `literal`, exactly or (with `fold`) ignoring ASCII case.
            fn same(text: &str, literal: &str, fold: bool) -> bool {
                if fold { text.eq_ignore_ascii_case(literal) } else { text == literal }
            }

            /// `text` without the prefix `literal`.
            fn strip<'t>(text: &'t str, literal: &str, fold: bool) -> Option<&'t str> {
                let head = text.get(..literal.len())?;
                if same(head, literal, fold) { text.get(literal.len()..) } else { None }
            }

            /// Parses `text` with one template: `literals[0]` comes before the first slot and
            /// `literals[i + 1]` after slot `i`. Tries every way of cutting the text at the
            /// literals; `read` turns the slot texts into a value. The first specific miss is
            /// kept in `reason`.
            pub(super) fn split<T>(
                text: &str,
                literals: &[&str],
                fold: bool,
                reason: &mut Miss,
                read: &mut dyn FnMut(&[&str]) -> Result<T, Miss>,
            ) -> Option<T> {
                let mut slots = ::std::vec::Vec::with_capacity(literals.len() - 1);
                cut(text, literals, fold, &mut slots, reason, read)
            }

            fn cut<'t, T>(
                text: &'t str,
                literals: &[&str],
                fold: bool,
                slots: &mut ::std::vec::Vec<&'t str>,
                reason: &mut Miss,
                read: &mut dyn FnMut(&[&str]) -> Result<T, Miss>,
            ) -> Option<T> {
                let rest = strip(text, literals[0], fold)?;
                let Some(next) = literals.get(1) else {
                    if !rest.is_empty() {
                        return None;
                    }
                    return match read(slots) {
                        Ok(value) => Some(value),
                        Err(miss) => {
                            if reason.is_none() {
                                *reason = miss;
                            }
                            None
                        }
                    };
                };
                let ends: ::std::vec::Vec<usize> = if next.is_empty() {
                    ::std::vec![rest.len()]
                } else {
                    rest.char_indices()
                        .map(|(end, _)| end)
                        .filter(|&end| end > 0)
                        .filter(|&end| strip(&rest[end..], next, fold).is_some())
                        .collect()
                };
                for end in ends {
                    slots.push(&rest[..end]);
                    if let Some(value) = cut(&rest[end..], &literals[1..], fold, slots, reason, read) {
                        return Some(value);
                    }
                    slots.pop();
                }
                None
            }

            /// An integer slot: digits, after an optional `+` or `-` when the template does not
            /// write the sign itself (`signed`), within `min..=max`.
            pub(super) fn int(
                text: &str,
                signed: bool,
                min: i64,
                max: i64,
                entry: &'static str,
                param: &'static str,
            ) -> Result<i64, Miss> {
                let (negative, digits) = match text.strip_prefix('-') {
                    Some(digits) if signed => (true, digits),
                    _ => match text.strip_prefix('+') {
                        Some(digits) if signed => (false, digits),
                        _ => (false, text),
                    },
                };
                if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
                    return Err(None);
                }
                let magnitude: i64 = digits.parse().map_err(|_| None)?;
                let value = if negative { -magnitude } else { magnitude };
                if value < min || value > max {
                    return Err(Some(ParseCodexReason::OutOfRange { entry, param, value, min, max }));
                }
                Ok(value)
            }

            /// An enum slot, through the enum's `FromStr`, or (with `fold`) ignoring ASCII case.
            pub(super) fn enumerated<E: Copy + ::core::str::FromStr>(
                text: &str,
                fold: bool,
                all: &[E],
                name: fn(E) -> &'static str,
            ) -> Result<E, Miss> {
                match text.parse() {
                    Ok(value) => Ok(value),
                    Err(_) if fold => all
                        .iter()
                        .copied()
                        .find(|value| name(*value).eq_ignore_ascii_case(text))
                        .ok_or(None),
                    Err(_) => Err(None),
                }
            }

            /// A text or list slot: one of the values the content uses, by its card text.
            pub(super) fn known<T: Copy>(
                text: &str,
                fold: bool,
                values: &[(&str, T)],
                entry: &'static str,
                param: &'static str,
            ) -> Result<T, Miss> {
                values
                    .iter()
                    .find(|(known, _)| same(text, known, fold))
                    .map(|(_, value)| *value)
                    .ok_or_else(|| {
                        Some(ParseCodexReason::UnknownValue { entry, param, found: text.into() })
                    })
            }

            /// Reads `text` exactly, then ignoring ASCII case; the error names `category`.
            pub(super) fn parse<T>(
                text: &str,
                category: &'static str,
                read: fn(&str, bool) -> Result<T, Miss>,
            ) -> Result<T, super::ParseCodexError> {
                let exact = match read(text, false) {
                    Ok(value) => return Ok(value),
                    Err(miss) => miss,
                };
                let folded = match read(text, true) {
                    Ok(value) => return Ok(value),
                    Err(miss) => miss,
                };
                Err(super::ParseCodexError {
                    category,
                    text: text.into(),
                    reason: exact.or(folded).unwrap_or(ParseCodexReason::NoMatch),
                })
            }
        }
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
    let attempts = category
        .entries
        .iter()
        .enumerate()
        .map(|(index, entry)| entry_attempt(game, &ty, (category_index, index), entry, used));
    let read_body = if category.entries.is_empty() {
        quote! {
            let _ = (text, fold);
            Err(None)
        }
    } else {
        quote! {
            let mut reason = None;
            #(#attempts)*
            Err(reason)
        }
    };
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
                fn read(text: &str, fold: bool) -> Result<#ty, codex_text::Miss> {
                    #read_body
                }
                codex_text::parse(text, #name, read)
            }
        }
    }
}

/// One entry's attempt inside a category's `read`: returns the value when the template matches.
fn entry_attempt(
    game: &Game,
    ty: &Ident,
    (category_index, entry_index): (usize, usize),
    entry: &Entry,
    used: &UsedArgs,
) -> TokenStream {
    let variant = type_ident(&entry.ident);
    let entry_name = &entry.name;
    let mut literals: Vec<&str> = Vec::new();
    let mut slot_params: Vec<(usize, bool)> = Vec::new();
    for part in &entry.template.parts {
        match part {
            TemplatePart::Literal(text) => literals.push(text),
            TemplatePart::Slot(param) => {
                if literals.len() == slot_params.len() {
                    literals.push("");
                }
                let signed = !literals
                    .last()
                    .is_some_and(|literal| literal.ends_with(['+', '-']));
                slot_params.push((*param, signed));
            }
        }
    }
    if literals.len() == slot_params.len() {
        literals.push("");
    }
    let mut tables = Vec::new();
    let mut args: Vec<TokenStream> = vec![TokenStream::new(); entry.params.len()];
    for (slot, (param_index, signed)) in slot_params.iter().enumerate() {
        let param = &entry.params[*param_index];
        let param_name = &param.name;
        let slot = unsuffixed(slot);
        let text = quote!(slots[#slot]);
        args[*param_index] = match &param.ty {
            Type::Int { min, max } => {
                let (low, high) = (int_literal(*min), int_literal(*max));
                let read =
                    quote!(codex_text::int(#text, #signed, #low, #high, #entry_name, #param_name)?);
                let int = int_type(*min, *max);
                if int == "i64" {
                    read
                } else {
                    quote!(#read as #int)
                }
            }
            Type::Enum { index } => {
                let enum_ty = type_ident(&game.enums[*index].ident);
                quote!(codex_text::enumerated(#text, fold, &#enum_ty::ALL, #enum_ty::name)?)
            }
            _ => {
                let table = static_ident(param_name);
                let value_ty = const_type(game, &param.ty);
                let values = used
                    .get(&(category_index, entry_index, *param_index))
                    .map(|values| {
                        values
                            .iter()
                            .map(|(text, value)| {
                                let value = value_expr(game, value);
                                quote!((#text, #value))
                            })
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_default();
                let count = unsuffixed(values.len());
                let doc = format!(
                    " Every `{param_name}` of `{entry_name}` the content uses, by its card text."
                );
                tables.push(quote! {
                    #[doc = #doc]
                    const #table: [(&str, #value_ty); #count] = [#(#values),*];
                });
                quote!(codex_text::known(#text, fold, &#table, #entry_name, #param_name)?)
            }
        };
    }
    let value = match args.as_slice() {
        [] => quote!(#ty::#variant),
        [only] => quote!(#ty::#variant(#only)),
        _ => {
            let names = entry.params.iter().map(|param| field_ident(&param.name));
            quote!(#ty::#variant { #(#names: #args),* })
        }
    };
    let slots_pattern = if entry.params.is_empty() {
        quote!(_)
    } else {
        quote!(slots)
    };
    quote! {
        {
        #(#tables)*
        if let Some(value) = codex_text::split(text, &[#(#literals),*], fold, &mut reason, &mut |#slots_pattern| {
            Ok(#value)
        }) {
            return Ok(value);
        }
        }
    }
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
            "& [\"Piercing +\" , \"\"]",
            "codex_text :: int (slots [0] , false , 0 , 5 , \"Piercing\" , \"x\")",
            "& [\"\" , \" vs \" , \"\"]",
            "codex_text :: int (slots [0] , true , - 3 , 3 , \"Bonus\" , \"x\")",
            "const TYPE : [(& str , & [Element]) ; 1] = [(\"Deep Water\" , & [Element :: DeepWater])]",
            "codex_text :: parse (text , \"Trait\" , read)",
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
        assert!(
            text.contains("let _ = (text , fold) ; Err (None)"),
            "{text}"
        );
    }
}
