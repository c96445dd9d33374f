//! `derives.rs`: the optional serde and JSON Schema impls a game asks for with
//! `[game] derive = ["serde", "json_schema"]`.
//!
//! Each value is written as content writes it, so a scenario file, a test or a downstream
//! crate reads a card ability or an effect operation in the very form of a card file:
//!
//! - enums and handlers by name, codex values as their card text (`"Piercing +2"`), through the
//!   generated `Display` and `FromStr`;
//! - records as tables of their fields; unions and effect operations as tables whose tag key
//!   names the variant (`{ op = "deal_damage", amount = 2, to = "TargetCharacter" }`), an
//!   absent optional field left out.
//!
//! `Deserialize` of records, unions and effect operations is in `live.rs`, beside the readers
//! it calls (the live-card readers, which check tags, field names and integer ranges and fill
//! in declared defaults). `JsonSchema` embeds the type's definition from the content schemas
//! and resolves its references through the generator (`grimoire_runtime::schema`).

use grimoire_compiler::ir::{FieldDef, Game, Type};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

use crate::names::{field_ident, type_ident};

/// The impls `game.derives` asks for (empty when it asks for none).
pub(crate) fn items(game: &Game) -> TokenStream {
    let derives = game.derives;
    let mut items = TokenStream::new();
    if derives.serde {
        items.extend(serde_items(game));
    }
    if derives.json_schema {
        items.extend(schema_items(game));
    }
    items
}

/// `Serialize` for every type, `Deserialize` for enums, handlers and codex values.
fn serde_items(game: &Game) -> TokenStream {
    let by_name = |ty: TokenStream, names: TokenStream| {
        quote! {
            impl ::serde::Serialize for #ty {
                fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.name())
                }
            }
            impl<'de> ::serde::Deserialize<'de> for #ty {
                fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                    ::grimoire_runtime::de::name(deserializer, &#names)
                }
            }
        }
    };
    let enums = game.enums.iter().map(|def| {
        let ty = type_ident(&def.ident);
        by_name(quote!(#ty), quote!(#ty::NAMES))
    });
    let handler = by_name(quote!(Handler), quote!(Handler::NAMES));
    let codex = game.categories.iter().map(|category| {
        let ty = type_ident(&category.ident);
        quote! {
            impl ::serde::Serialize for #ty {
                fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error> {
                    serializer.collect_str(self)
                }
            }
            impl<'de> ::serde::Deserialize<'de> for #ty {
                fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                    ::grimoire_runtime::de::parsed(deserializer)
                }
            }
        }
    });
    let records = game.records.iter().map(|record| {
        let ty = type_ident(&record.ident);
        let name = &record.ident;
        let fields = record.fields.iter().map(|field| {
            let ident = field_ident(&field.name);
            serialize_field(field, quote!(&self.#ident))
        });
        let count = record.fields.len();
        quote! {
            impl ::serde::Serialize for #ty {
                fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error> {
                    use ::serde::ser::SerializeStruct as _;
                    let mut state = serializer.serialize_struct(#name, #count)?;
                    #(#fields)*
                    state.end()
                }
            }
        }
    });
    let unions = game.unions.iter().map(|def| {
        let variants: Vec<_> = def
            .variants
            .iter()
            .map(|v| (v.ident.as_str(), v.name.as_str(), v.fields.as_slice()))
            .collect();
        tagged_serialize(&def.ident, &def.tag, &variants)
    });
    let ops: Vec<_> = game
        .effect_ops
        .iter()
        .map(|op| (op.ident.as_str(), op.name.as_str(), op.fields.as_slice()))
        .collect();
    let effect_op = tagged_serialize("EffectOp", "op", &ops);
    quote! {
        #(#enums)*
        #handler
        #(#codex)*
        #(#records)*
        #(#unions)*
        #effect_op
    }
}

/// One `state.serialize_field(..)` (an absent optional value is skipped).
fn serialize_field(field: &FieldDef, value: TokenStream) -> TokenStream {
    let name = &field.name;
    if matches!(field.ty, Type::Option { .. }) {
        quote! {
            match #value {
                ::core::option::Option::Some(value) => state.serialize_field(#name, value)?,
                ::core::option::Option::None => state.skip_field(#name)?,
            }
        }
    } else {
        quote!(state.serialize_field(#name, #value)?;)
    }
}

/// `Serialize` for an enum of struct variants written as a table whose `tag` key names the
/// variant.
fn tagged_serialize(ident: &str, tag: &str, variants: &[(&str, &str, &[FieldDef])]) -> TokenStream {
    let ty = type_ident(ident);
    let arms = variants.iter().map(|(variant, name, fields)| {
        let variant = type_ident(variant);
        let count = fields.len() + 1;
        let bindings: Vec<_> = fields
            .iter()
            .map(|field| field_ident(&field.name))
            .collect();
        let writes = fields
            .iter()
            .zip(&bindings)
            .map(|(field, binding)| serialize_field(field, quote!(#binding)));
        let pattern = if fields.is_empty() {
            quote!(Self::#variant)
        } else {
            quote!(Self::#variant { #(#bindings),* })
        };
        quote! {
            #pattern => {
                let mut state = serializer.serialize_struct(#ident, #count)?;
                state.serialize_field(#tag, #name)?;
                #(#writes)*
                state.end()
            }
        }
    });
    let body = if variants.is_empty() {
        quote!(match *self {})
    } else {
        quote!(match self { #(#arms)* })
    };
    quote! {
        impl ::serde::Serialize for #ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error> {
                use ::serde::ser::SerializeStruct as _;
                #body
            }
        }
    }
}

/// `JsonSchema` for every type: the definition from the content schemas, references resolved
/// through the generator.
fn schema_items(game: &Game) -> TokenStream {
    let defs = crate::schema::type_defs(game);
    let mut items = Vec::new();
    let mut add = |ty: TokenStream, def_name: String| {
        let Some(def) = defs.get(&def_name) else {
            return;
        };
        let json = serde_json::to_string(def).unwrap_or_default();
        let refs: Vec<_> = references(game, def)
            .into_iter()
            .map(|(name, target)| {
                quote!((#name, ::grimoire_runtime::schema::reference::<#target>(generator)))
            })
            .collect();
        let generator = if refs.is_empty() {
            quote!(_generator)
        } else {
            quote!(generator)
        };
        let type_name = ty.to_string();
        items.push(quote! {
            impl ::schemars::JsonSchema for #ty {
                fn schema_name() -> ::std::borrow::Cow<'static, str> {
                    #type_name.into()
                }
                fn schema_id() -> ::std::borrow::Cow<'static, str> {
                    ::core::concat!(::core::module_path!(), "::", #type_name).into()
                }
                fn json_schema(#generator: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                    ::grimoire_runtime::schema::from_json(#json, &[#(#refs),*])
                }
            }
        });
    };
    for def in &game.enums {
        let ty = type_ident(&def.ident);
        add(quote!(#ty), format!("enum.{}", def.name));
    }
    for def in &game.records {
        let ty = type_ident(&def.ident);
        add(quote!(#ty), format!("record.{}", def.name));
    }
    for def in &game.unions {
        let ty = type_ident(&def.ident);
        add(quote!(#ty), format!("union.{}", def.name));
    }
    for def in &game.categories {
        let ty = type_ident(&def.ident);
        add(quote!(#ty), format!("codex.{}", def.name));
    }
    add(quote!(EffectOp), "effect".to_string());
    quote! {
        impl ::schemars::JsonSchema for Handler {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                "Handler".into()
            }
            fn schema_id() -> ::std::borrow::Cow<'static, str> {
                ::core::concat!(::core::module_path!(), "::Handler").into()
            }
            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                ::grimoire_runtime::schema::names(&Handler::NAMES, "A native handler, by its snake_case name.")
            }
        }
        #(#items)*
    }
}

/// The `#/$defs/<name>` references in `def` that name a generated type, each once, with that
/// type.
fn references(game: &Game, def: &Value) -> Vec<(String, TokenStream)> {
    fn walk(value: &Value, found: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(path)) = map.get("$ref") {
                    if let Some(name) = path.strip_prefix("#/$defs/") {
                        if !found.iter().any(|known| known == name) {
                            found.push(name.to_string());
                        }
                    }
                }
                map.values().for_each(|item| walk(item, found));
            }
            Value::Array(items) => items.iter().for_each(|item| walk(item, found)),
            _ => {}
        }
    }
    let mut names = Vec::new();
    walk(def, &mut names);
    names
        .into_iter()
        .filter_map(|name| {
            let (group, type_name) = name.split_once('.')?;
            let ident = match group {
                "enum" => &game.enums.iter().find(|d| d.name == type_name)?.ident,
                "record" => &game.records.iter().find(|d| d.name == type_name)?.ident,
                "union" => &game.unions.iter().find(|d| d.name == type_name)?.ident,
                "codex" => &game.categories.iter().find(|d| d.name == type_name)?.ident,
                _ => return None,
            };
            let ty = type_ident(ident);
            Some((name, quote!(#ty)))
        })
        .collect()
}
