//! Codex categories (typed enums plus metadata tables), effect operations and stacking.

use grimoire_compiler::ir::{CategoryDef, Effect, Entry, Game, Stacking, TemplatePart, Type};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use super::docs;
use super::enums::{struct_field, variant_field};
use super::types::{codex_expr, option_handler, option_str, rust_type, unsuffixed, value_expr};
use crate::names::{field_ident, static_ident, type_ident};

/// `Stacking`, `EffectOp`, one enum and metadata table per category, and `CodexRef`.
pub(crate) fn items(game: &Game) -> TokenStream {
    let effect_op = effect_op_item(game);
    let categories = game
        .categories
        .iter()
        .map(|category| category_items(game, category));
    let codex_ref = codex_ref_item(game);
    quote! {
        /// How several instances of the same codex entry on one object combine.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Stacking {
            /// The values add up.
            Sum,
            /// Only the highest value counts.
            Highest,
            /// Having it once is the same as having it several times.
            Once,
            /// The newest instance replaces the older one.
            Replace,
        }

        #effect_op
        #(#categories)*
        #codex_ref
    }
}

fn effect_op_item(game: &Game) -> TokenStream {
    let variants = game.effect_ops.iter().map(|op| {
        let ident = type_ident(&op.ident);
        let doc = docs::or(
            op.summary.as_deref(),
            &format!("The `{}` operation.", op.name),
        );
        let fields = op.fields.iter().map(|field| variant_field(game, field));
        if op.fields.is_empty() {
            quote!(#doc #ident)
        } else {
            quote!(#doc #ident { #(#fields,)* })
        }
    });
    let names: Vec<&str> = game.effect_ops.iter().map(|op| op.name.as_str()).collect();
    let count = unsuffixed(names.len());
    let name_body = if names.is_empty() {
        quote!(match *self {})
    } else {
        let arms = game.effect_ops.iter().map(|op| {
            let ident = type_ident(&op.ident);
            let name = &op.name;
            if op.fields.is_empty() {
                quote!(Self::#ident => #name)
            } else {
                quote!(Self::#ident { .. } => #name)
            }
        });
        quote!(match *self { #(#arms,)* })
    };
    quote! {
        /// One operation of the engine's effect vocabulary, with its arguments.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum EffectOp {
            #(#variants,)*
        }

        impl EffectOp {
            /// The name of every operation as written in content, in declaration order.
            pub const NAMES: [&'static str; #count] = [#(#names),*];

            /// The operation's name as written in content.
            pub const fn name(&self) -> &'static str {
                #name_body
            }
        }
    }
}

fn effect_expr(game: &Game, effect: &Effect) -> TokenStream {
    let op = &game.effect_ops[effect.op];
    let ident = type_ident(&op.ident);
    if op.fields.is_empty() {
        return quote!(EffectOp::#ident);
    }
    let names = op.fields.iter().map(|field| field_ident(&field.name));
    let values = effect.fields.iter().map(|value| value_expr(game, value));
    quote!(EffectOp::#ident { #(#names: #values),* })
}

fn stacking_expr(stacking: Stacking) -> TokenStream {
    match stacking {
        Stacking::Sum => quote!(Stacking::Sum),
        Stacking::Highest => quote!(Stacking::Highest),
        Stacking::Once => quote!(Stacking::Once),
        Stacking::Replace => quote!(Stacking::Replace),
    }
}

fn meta_names(category: &CategoryDef) -> (Ident, Ident) {
    (
        format_ident!("{}Meta", category.ident),
        Ident::new(
            &format!("{}_META", static_ident(&category.ident)),
            Span::call_site(),
        ),
    )
}

fn category_items(game: &Game, category: &CategoryDef) -> TokenStream {
    let ty = type_ident(&category.ident);
    let (meta_ty, meta_table) = meta_names(category);
    let doc = docs::or(
        category.summary.as_deref(),
        &format!("The `{}` codex entries.", category.name),
    );
    let variants = category
        .entries
        .iter()
        .map(|entry| variant_decl(game, entry));
    let extra_fields = category
        .fields
        .iter()
        .map(|field| struct_field(game, field));
    let count = unsuffixed(category.entries.len());
    let metas = category
        .entries
        .iter()
        .map(|entry| meta_expr(game, category, entry));
    let index_arms = category.entries.iter().enumerate().map(|(index, entry)| {
        let variant = type_ident(&entry.ident);
        let pattern = match entry.params.len() {
            0 => quote!(Self::#variant),
            1 => quote!(Self::#variant(_)),
            _ => quote!(Self::#variant { .. }),
        };
        let index = unsuffixed(index);
        quote!(#pattern => #index)
    });
    let display_body = if category.entries.is_empty() {
        quote!(match *self {})
    } else {
        // An entry whose card text is its template (no parameter) is written from the
        // metadata table: one arm for all of them instead of one each.
        let (plain, with_params): (Vec<&Entry>, Vec<&Entry>) = category
            .entries
            .iter()
            .partition(|entry| is_plain_text(entry));
        if with_params.is_empty() {
            quote!(f.write_str(self.meta().template))
        } else {
            let arms = with_params.into_iter().map(display_arm);
            let plain_arm =
                (!plain.is_empty()).then(|| quote!(_ => f.write_str(self.meta().template)?,));
            quote! {
                match self {
                    #(#arms)*
                    #plain_arm
                }
                Ok(())
            }
        }
    };
    let meta_doc = format!(" Metadata of one `{}` codex entry.", category.name);
    let table_doc = format!(
        " Metadata of every `{}` entry, in codex order.",
        category.name
    );
    quote! {
        #doc
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum #ty {
            #(#variants,)*
        }

        #[doc = #meta_doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct #meta_ty {
            /// The entry's name.
            pub name: &'static str,
            /// How cards write it, with `{param}` slots.
            pub template: &'static str,
            /// What it does, in our own words.
            pub summary: Option<&'static str>,
            /// How several instances combine.
            pub stacking: Stacking,
            /// Names of the entries of this category it cancels.
            pub cancels: &'static [&'static str],
            /// Codex values it implies directly, as written.
            pub implies: &'static [CodexRef],
            /// Everything it implies, directly or through other entries: the transitive
            /// closure of `implies`, breadth-first in declaration order, without duplicates
            /// and never the entry itself.
            pub implied: &'static [CodexRef],
            /// The native handler implementing it, if any.
            pub handler: Option<Handler>,
            /// Its effect operations.
            pub effects: &'static [EffectOp],
            /// Written by `import --scaffold` and not reviewed yet: rules should report it
            /// when they meet it in play.
            pub draft: bool,
            #(#extra_fields,)*
        }

        #[doc = #table_doc]
        pub static #meta_table: [#meta_ty; #count] = [#(#metas),*];

        impl #ty {
            /// The entry's position in the codex table.
            pub const fn index(&self) -> usize {
                match *self {
                    #(#index_arms,)*
                }
            }

            /// The entry's metadata.
            pub fn meta(&self) -> &'static #meta_ty {
                &#meta_table[self.index()]
            }

            /// The entry's name, without parameters (`Piercing`).
            pub fn name(&self) -> &'static str {
                self.meta().name
            }
        }

        impl ::core::fmt::Display for #ty {
            /// The text as written on cards (`Piercing +2`).
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #display_body
            }
        }
    }
}

fn variant_decl(game: &Game, entry: &Entry) -> TokenStream {
    let variant = type_ident(&entry.ident);
    let doc = docs::or(entry.summary.as_deref(), &entry.name);
    let types: Vec<_> = entry
        .params
        .iter()
        .map(|param| rust_type(game, &param.ty))
        .collect();
    match types.as_slice() {
        [] => quote!(#doc #variant),
        [only] => quote!(#doc #variant(#only)),
        _ => {
            let names = entry.params.iter().map(|param| field_ident(&param.name));
            quote!(#doc #variant { #(#names: #types),* })
        }
    }
}

fn meta_expr(game: &Game, category: &CategoryDef, entry: &Entry) -> TokenStream {
    let (meta_ty, _) = meta_names(category);
    let name = &entry.name;
    let template = &entry.template.source;
    let summary = option_str(entry.summary.as_deref());
    let stacking = stacking_expr(entry.stacking);
    let cancels = entry
        .cancels
        .iter()
        .map(|index| category.entries[*index].name.as_str());
    let codex_ref = |reference: &grimoire_compiler::ir::CodexRef| {
        let variant = type_ident(&game.categories[reference.category].ident);
        let value = codex_expr(game, reference);
        quote!(CodexRef::#variant(#value))
    };
    let implies = entry.implies.iter().map(codex_ref);
    let implied = entry.implied.iter().map(codex_ref);
    let handler = option_handler(entry.handler.as_deref());
    let effects = entry.effects.iter().map(|effect| effect_expr(game, effect));
    let draft = entry.draft;
    let extra_names = category.fields.iter().map(|field| field_ident(&field.name));
    let extra_values = entry.fields.iter().map(|value| value_expr(game, value));
    quote! {
        #meta_ty {
            name: #name,
            template: #template,
            summary: #summary,
            stacking: #stacking,
            cancels: &[#(#cancels),*],
            implies: &[#(#implies),*],
            implied: &[#(#implied),*],
            handler: #handler,
            effects: &[#(#effects),*],
            draft: #draft,
            #(#extra_names: #extra_values,)*
        }
    }
}

/// True for an entry without parameters whose template is its card text as it stands.
fn is_plain_text(entry: &Entry) -> bool {
    entry.params.is_empty()
        && matches!(entry.template.parts.as_slice(),
            [TemplatePart::Literal(text)] if *text == entry.template.source)
}

/// One `Display` match arm: writes the template's literals and the parameters.
fn display_arm(entry: &Entry) -> TokenStream {
    let variant = type_ident(&entry.ident);
    let bindings: Vec<Ident> = (0..entry.params.len())
        .map(|i| format_ident!("p{i}"))
        .collect();
    let pattern = match bindings.as_slice() {
        [] => quote!(Self::#variant),
        [only] => quote!(Self::#variant(#only)),
        _ => {
            let names = entry.params.iter().map(|param| field_ident(&param.name));
            quote!(Self::#variant { #(#names: #bindings),* })
        }
    };
    let mut previous_literal = "";
    let writes = entry.template.parts.iter().map(|part| match part {
        TemplatePart::Literal(text) => {
            previous_literal = text;
            quote!(f.write_str(#text)?;)
        }
        TemplatePart::Slot(index) => {
            let signed_by_template = previous_literal.ends_with(['+', '-']);
            write_param(
                &bindings[*index],
                &entry.params[*index].ty,
                signed_by_template,
            )
        }
    });
    let writes: Vec<_> = writes.collect();
    quote!(#pattern => { #(#writes)* })
}

/// Statements writing one parameter the way cards write it.
fn write_param(binding: &Ident, ty: &Type, signed_by_template: bool) -> TokenStream {
    match ty {
        Type::Int { min, .. } if *min < 0 && !signed_by_template => {
            quote!(write!(f, "{:+}", #binding)?;)
        }
        Type::List { item } => {
            // `[[E]]`: alternatives separated by ` OR `, each words separated by spaces.
            let nested = *binding == "word_list";
            let (item_binding, position, separator) = if nested {
                (
                    format_ident!("word"),
                    format_ident!("word_position"),
                    grimoire_model::WORD_SEPARATOR,
                )
            } else {
                let inner_is_list = matches!(item.as_ref(), Type::List { .. });
                (
                    format_ident!("{}", if inner_is_list { "word_list" } else { "item" }),
                    format_ident!("position"),
                    grimoire_model::LIST_SLOT_SEPARATOR,
                )
            };
            let write_item = write_param(&item_binding, item, signed_by_template);
            quote! {
                for (#position, #item_binding) in #binding.iter().enumerate() {
                    if #position > 0 {
                        f.write_str(#separator)?;
                    }
                    #write_item
                }
            }
        }
        Type::Option { item } => {
            let inner = format_ident!("inner");
            let write_inner = write_param(&inner, item, signed_by_template);
            quote!(if let Some(#inner) = #binding { #write_inner })
        }
        Type::Record { .. } => quote!(write!(f, "{:?}", #binding)?;),
        _ => quote!(write!(f, "{}", #binding)?;),
    }
}

fn codex_ref_item(game: &Game) -> TokenStream {
    let variants = game.categories.iter().map(|category| {
        let ident = type_ident(&category.ident);
        let doc = format!(" A `{}` value.", category.name);
        quote!(#[doc = #doc] #ident(#ident))
    });
    let display_arms = game.categories.iter().map(|category| {
        let ident = type_ident(&category.ident);
        quote!(Self::#ident(value) => ::core::fmt::Display::fmt(&value, f),)
    });
    quote! {
        /// A value of any codex category.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum CodexRef {
            #(#variants,)*
        }

        impl ::core::fmt::Display for CodexRef {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match *self {
                    #(#display_arms)*
                }
            }
        }
    }
}
