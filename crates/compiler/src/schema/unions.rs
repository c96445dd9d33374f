//! Tagged unions of `game.toml` (`[unions.<Name>]`): typed vocabularies whose values are one of
//! several variants, each with its own fields, such as a game's triggers, costs and effects.

use toml::de::DeTable;

use super::{declare_type, field_defs, summary, GAME_TOML};
use crate::context::{index_fields, Context, Owner, PendingDefault};
use crate::diagnostic::codes;
use crate::ident::{self, Namespace};
use crate::ir::{Type, UnionDef, UnionVariant};
use crate::tree;

/// Declares every union's type name, so any field may refer to it (and a union to itself).
pub(super) fn declare_unions<'t>(
    cx: &mut Context<'_>,
    types_ns: &mut Namespace<'t>,
    unions: Option<&'t DeTable<'_>>,
) {
    for (key, _) in unions.into_iter().flatten() {
        let index = cx.game.unions.len();
        let name = key.get_ref().as_ref();
        let ident = declare_type(cx, types_ns, name, key.span(), "union");
        cx.type_names.insert(name.to_owned(), Type::Union { index });
        cx.game.unions.push(UnionDef {
            name: name.to_owned(),
            ident,
            summary: None,
            tag: grimoire_model::DEFAULT_UNION_TAG.to_owned(),
            variants: Vec::new(),
        });
    }
}

/// Reads the tag and the variants of every declared union; defaults are queued in `defaults`.
pub(super) fn read_unions<'t, 'i>(
    cx: &mut Context<'_>,
    unions: Option<&'t DeTable<'i>>,
    defaults: &mut Vec<PendingDefault<'t, 'i>>,
) {
    for (index, (_, node)) in unions.into_iter().flatten().enumerate() {
        let mut names = std::collections::HashMap::new();
        let mut fields = Vec::new();
        if let Some(table) = tree::table(node, "a union", GAME_TOML, &mut cx.sink) {
            read_union(cx, index, node, table, defaults);
            for (v, variant) in cx.game.unions[index].variants.iter().enumerate() {
                names.insert(variant.name.clone(), v);
                fields.push(index_fields(&variant.fields));
            }
        }
        cx.union_variants.push(names);
        cx.union_fields.push(fields);
    }
}

fn read_union<'t, 'i>(
    cx: &mut Context<'_>,
    index: usize,
    node: &'t tree::Node<'i>,
    table: &'t DeTable<'i>,
    defaults: &mut Vec<PendingDefault<'t, 'i>>,
) {
    let file = GAME_TOML;
    tree::check_keys(
        table,
        grimoire_model::UNION_KEYS,
        "a union",
        file,
        &mut cx.sink,
    );
    cx.game.unions[index].summary = summary(cx, table);
    if let Some(tag_node) = table.get("tag") {
        if let Some(tag) = tree::string(tag_node, "a tag key", file, &mut cx.sink) {
            if ident::check_snake(tag, "union tag", file, tag_node.span(), &mut cx.sink) {
                cx.game.unions[index].tag = tag.to_owned();
            }
        }
    }
    let Some(variants_node) = table.get("variants") else {
        cx.sink.error(
            codes::MISSING_FIELD,
            file,
            node.span(),
            format!(
                "union `{}` needs `variants`, a table of its variants",
                cx.game.unions[index].name
            ),
        );
        return;
    };
    let Some(variants) = tree::table(variants_node, "variants", file, &mut cx.sink) else {
        return;
    };
    let mut ns = Namespace::default();
    let mut read = Vec::new();
    for (key, variant_node) in variants {
        let name = key.get_ref().as_ref();
        let number = read.len();
        ident::check_snake(name, "union variant", file, key.span(), &mut cx.sink);
        let ident = ident::upper_camel(name);
        if ident::check_camel(
            &ident,
            name,
            "union variant",
            file,
            key.span(),
            &mut cx.sink,
        ) {
            ns.claim(
                &ident,
                name,
                "union variant",
                file,
                key.span(),
                &mut cx.sink,
            );
        }
        let mut variant = UnionVariant {
            name: name.to_owned(),
            ident,
            summary: None,
            fields: Vec::new(),
        };
        if let Some(variant_table) =
            tree::table(variant_node, "a union variant", file, &mut cx.sink)
        {
            tree::check_keys(
                variant_table,
                grimoire_model::UNION_VARIANT_KEYS,
                "a union variant",
                file,
                &mut cx.sink,
            );
            variant.summary = summary(cx, variant_table);
            variant.fields = field_defs(
                cx,
                variant_table,
                Owner::UnionVariant(index, number),
                defaults,
            );
            let tag = &cx.game.unions[index].tag;
            if variant.fields.iter().any(|f| &f.name == tag) {
                let span = variant_table
                    .get("fields")
                    .map(tree::Node::span)
                    .unwrap_or_else(|| key.span());
                let message = format!(
                    "variant `{name}` declares a field `{tag}`, the key that names the variant"
                );
                cx.sink
                    .error(codes::BUILTIN_FIELD_REDECLARED, file, span, message)
                    .help("rename the field, or give the union another `tag`");
            }
        }
        read.push(variant);
    }
    cx.game.unions[index].variants = read;
}
