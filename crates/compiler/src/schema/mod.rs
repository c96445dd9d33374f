//! `game.toml`: enums, records, kinds, dice, categories, effect ops and constants.

use toml::de::{DeTable, DeValue};

use crate::context::{index_fields, Context, Owner, PendingDefault};
use crate::diagnostic::{codes, did_you_mean, FileId};
use crate::ident::{self, Namespace};
use crate::ir::{CategoryDef, EnumDef, EnumVariant, FieldDef, KindDef, RecordDef, Type};
use crate::tree::{self, Node};
use crate::types;

mod constants;

pub(crate) use constants::read_constants;
mod dice;
mod effect_ops;
mod unions;

/// The file index of `game.toml`.
const GAME_TOML: FileId = 0;

/// Fields every card has, in order; kinds may not redeclare them. `kind` is implied.
pub(crate) use grimoire_model::BUILTIN_CARD_FIELDS as BUILTIN_FIELDS;

/// Index of the built-in `Printing` record.
pub(crate) const PRINTING_RECORD: usize = 0;

const TOP_KEYS: &[&str] = grimoire_model::GAME_TOML_SECTIONS;

/// A kind's own fields, kept apart until their defaults are checked.
pub(crate) struct KindDraft {
    pub fields: Vec<FieldDef>,
}

/// Reads `game.toml` into `cx.game`; returns the defaults to check once the codex is loaded,
/// and the kinds' own fields.
pub(crate) fn read<'t, 'i>(
    cx: &mut Context<'_>,
    root: &'t DeTable<'i>,
    expected_name: &str,
) -> (Vec<PendingDefault<'t, 'i>>, Vec<KindDraft>) {
    let file = GAME_TOML;
    tree::check_keys(root, TOP_KEYS, "game.toml", file, &mut cx.sink);
    read_header(cx, root, expected_name);
    let section = |key: &str| root.get(key);
    let mut types_ns = Namespace::default();
    types_ns_builtin(cx, &mut types_ns);

    let enums = section("enums").and_then(|n| tree::table(n, "enums", file, &mut cx.sink));
    let records = section("records").and_then(|n| tree::table(n, "records", file, &mut cx.sink));
    let categories =
        section("categories").and_then(|n| tree::table(n, "categories", file, &mut cx.sink));
    let kinds = section("kinds").and_then(|n| tree::table(n, "kinds", file, &mut cx.sink));
    let unions = section("unions").and_then(|n| tree::table(n, "unions", file, &mut cx.sink));

    // Declare every type name first so fields may refer forward.
    for (key, _) in enums.into_iter().flatten() {
        let index = cx.game.enums.len();
        let name = key.get_ref().as_ref();
        let ident = declare_type(cx, &mut types_ns, name, key.span(), "enum");
        cx.type_names.insert(name.to_owned(), Type::Enum { index });
        cx.game.enums.push(EnumDef {
            name: name.to_owned(),
            ident,
            summary: None,
            variants: Vec::new(),
        });
    }
    for (key, _) in records.into_iter().flatten() {
        let index = cx.game.records.len();
        let name = key.get_ref().as_ref();
        let ident = declare_type(cx, &mut types_ns, name, key.span(), "record");
        cx.type_names
            .insert(name.to_owned(), Type::Record { index });
        cx.game.records.push(RecordDef {
            name: name.to_owned(),
            ident,
            summary: None,
            fields: Vec::new(),
        });
    }
    for (key, _) in categories.into_iter().flatten() {
        let index = cx.game.categories.len();
        let name = key.get_ref().as_ref();
        let ident = declare_type(cx, &mut types_ns, name, key.span(), "category");
        cx.type_names.insert(name.to_owned(), Type::Codex { index });
        cx.game.categories.push(CategoryDef {
            name: name.to_owned(),
            ident,
            file_key: String::new(),
            summary: None,
            fields: Vec::new(),
            entries: Vec::new(),
        });
    }
    unions::declare_unions(cx, &mut types_ns, unions);

    let mut defaults = Vec::new();
    for (index, (_, node)) in enums.into_iter().flatten().enumerate() {
        read_enum(cx, index, node);
    }
    for (index, (_, node)) in records.into_iter().flatten().enumerate() {
        let Some(table) = tree::table(node, "a record", file, &mut cx.sink) else {
            continue;
        };
        tree::check_keys(
            table,
            &["summary", "fields"],
            "a record",
            file,
            &mut cx.sink,
        );
        cx.game.records[index + 1].summary = summary(cx, table);
        let fields = field_defs(cx, table, Owner::Record(index + 1), &mut defaults);
        cx.game.records[index + 1].fields = fields;
    }
    cx.record_fields = cx
        .game
        .records
        .iter()
        .map(|r| index_fields(&r.fields))
        .collect();
    unions::read_unions(cx, unions, &mut defaults);
    check_value_cycles(cx, records, unions);

    let mut drafts = Vec::new();
    for (index, (key, node)) in kinds.into_iter().flatten().enumerate() {
        if index == crate::MAX_KINDS {
            cx.sink.error(
                codes::TOO_MANY_KINDS,
                file,
                key.span(),
                format!(
                    "a game declares at most {} card kinds; `{}` is one more",
                    crate::MAX_KINDS,
                    key.get_ref().as_ref()
                ),
            );
            break;
        }
        drafts.push(read_kind(cx, &mut types_ns, key, node, &mut defaults));
    }
    dice::read_dice(cx, root);
    for (index, (_, node)) in categories.into_iter().flatten().enumerate() {
        read_category(cx, index, node, &mut defaults);
    }
    check_file_keys(cx, categories);
    effect_ops::read_effect_ops(cx, root, &mut defaults);
    (defaults, drafts)
}

/// Reports records and unions that contain themselves by value (a union through any of its
/// variants). Nodes are the records, then the unions.
fn check_value_cycles(
    cx: &mut Context<'_>,
    records: Option<&DeTable<'_>>,
    unions: Option<&DeTable<'_>>,
) {
    let record_count = cx.game.records.len();
    let by_value = |ty: &Type| -> Option<usize> {
        let mut ty = ty;
        while let Type::Option { item } = ty {
            ty = item;
        }
        match ty {
            Type::Record { index } => Some(*index),
            Type::Union { index } => Some(record_count + index),
            _ => None,
        }
    };
    let game = &cx.game;
    let fields_of = |node: usize| -> Vec<&FieldDef> {
        if node < record_count {
            game.records[node].fields.iter().collect()
        } else {
            game.unions[node - record_count]
                .variants
                .iter()
                .flat_map(|v| &v.fields)
                .collect()
        }
    };
    let count = record_count + game.unions.len();
    let declared = records
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, (key, _))| (i + 1, key, "record"))
        .chain(
            unions
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(i, (key, _))| (record_count + i, key, "union")),
        );
    let mut recursive_keys = Vec::new();
    for (start, key, what) in declared {
        let mut seen = vec![false; count];
        let mut stack = vec![start];
        let mut recursive = false;
        while let Some(node) = stack.pop() {
            for target in fields_of(node).into_iter().filter_map(|f| by_value(&f.ty)) {
                recursive |= target == start;
                if target < count && !std::mem::replace(&mut seen[target], true) {
                    stack.push(target);
                }
            }
        }
        if recursive {
            recursive_keys.push((key, what));
        }
    }
    for (key, what) in recursive_keys {
        let name = key.get_ref().as_ref();
        cx.sink
            .error(
                codes::RECURSIVE_RECORD,
                GAME_TOML,
                key.span(),
                format!("{what} `{name}` contains itself"),
            )
            .help("hold the nested value in a list (`[T]`) instead");
    }
}

fn read_header(cx: &mut Context<'_>, root: &DeTable<'_>, expected_name: &str) {
    let file = GAME_TOML;
    let Some(node) = root.get("game") else {
        cx.sink.error(
            codes::MISSING_FIELD,
            file,
            0..0,
            "game.toml has no [game] table",
        );
        return;
    };
    let Some(table) = tree::table(node, "[game]", file, &mut cx.sink) else {
        return;
    };
    tree::check_keys(
        table,
        grimoire_model::GAME_KEYS,
        "[game]",
        file,
        &mut cx.sink,
    );
    if let Some(node) = table.get("derive") {
        read_derives(cx, node);
    }
    for key in grimoire_model::GAME_REQUIRED_KEYS.iter().copied() {
        let value = match table.get(key) {
            Some(n) => tree::string(n, key, file, &mut cx.sink).map(str::to_owned),
            None => {
                cx.sink.error(
                    codes::MISSING_FIELD,
                    file,
                    node.span(),
                    format!("[game] needs `{key}`"),
                );
                None
            }
        };
        let value = value.unwrap_or_default();
        match key {
            "name" => {
                if !value.is_empty() && value != expected_name {
                    let span = table.get(key).map(Node::span).unwrap_or_default();
                    cx.sink.error(
                        codes::BAD_NAME,
                        file,
                        span,
                        format!(
                            "the game is named `{value}` but its directory is `{expected_name}`"
                        ),
                    );
                }
                cx.game.name = value;
            }
            "title" => cx.game.title = value,
            _ => cx.game.summary = value,
        }
    }
}

/// `[game] derive = ["serde", "json_schema"]`: the optional impls of the generated Rust.
fn read_derives(cx: &mut Context<'_>, node: &Node<'_>) {
    let file = GAME_TOML;
    let Some(items) = tree::array(node, "`derive`: impls to generate", file, &mut cx.sink) else {
        return;
    };
    for item in items {
        let Some(name) = tree::string(item, "an impl to generate", file, &mut cx.sink) else {
            continue;
        };
        match name {
            "serde" => cx.game.derives.serde = true,
            "json_schema" => cx.game.derives.json_schema = true,
            other => {
                let help =
                    crate::diagnostic::did_you_mean(other, grimoire_model::DERIVES.iter().copied())
                        .unwrap_or_else(|| {
                            format!("one of: {}", grimoire_model::DERIVES.join(", "))
                        });
                cx.sink
                    .error(
                        codes::UNKNOWN_ENUM_VALUE,
                        file,
                        item.span(),
                        format!("`{other}` is not an impl Grimoire generates"),
                    )
                    .help(help);
            }
        }
    }
}

/// The built-in record, claimed first in the type namespace.
fn types_ns_builtin(cx: &mut Context<'_>, ns: &mut Namespace<'_>) {
    let printing = &cx.game.records[PRINTING_RECORD];
    let ident = printing.ident.clone();
    cx.type_names.insert(
        printing.name.clone(),
        Type::Record {
            index: PRINTING_RECORD,
        },
    );
    ns.claim(
        &ident,
        grimoire_model::PRINTING_RECORD,
        "type",
        GAME_TOML,
        0..0,
        &mut cx.sink,
    );
}

fn declare_type<'n>(
    cx: &mut Context<'_>,
    ns: &mut Namespace<'n>,
    name: &'n str,
    span: std::ops::Range<usize>,
    what: &str,
) -> String {
    let ident = ident::upper_camel(name);
    if name == grimoire_model::PRINTING_RECORD {
        cx.sink
            .error(
                codes::BUILTIN_FIELD_REDECLARED,
                GAME_TOML,
                span,
                "`Printing` is the built-in record of card printings",
            )
            .help("choose another name");
        return ident;
    }
    if ident::check_camel(&ident, name, what, GAME_TOML, span.clone(), &mut cx.sink) {
        ns.claim(&ident, name, "type", GAME_TOML, span, &mut cx.sink);
    }
    ident
}

fn summary(cx: &mut Context<'_>, table: &DeTable<'_>) -> Option<String> {
    table
        .get("summary")
        .and_then(|n| tree::string(n, "summary", GAME_TOML, &mut cx.sink))
        .map(str::to_owned)
}

fn read_enum(cx: &mut Context<'_>, index: usize, node: &Node<'_>) {
    let file = GAME_TOML;
    let Some(table) = tree::table(node, "an enum", file, &mut cx.sink) else {
        return;
    };
    tree::check_keys(table, &["summary", "values"], "an enum", file, &mut cx.sink);
    cx.game.enums[index].summary = summary(cx, table);
    let mut variants = Vec::new();
    let mut ns = Namespace::default();
    match table.get("values") {
        None => {
            cx.sink.error(
                codes::MISSING_FIELD,
                file,
                node.span(),
                format!("enum `{}` needs `values`", cx.game.enums[index].name),
            );
        }
        Some(values) => {
            for value in tree::array(values, "enum values", file, &mut cx.sink).unwrap_or_default()
            {
                let (name, summary) = match value.get_ref() {
                    DeValue::String(s) => (s.as_ref(), None),
                    DeValue::Table(t) => {
                        tree::check_keys(
                            t,
                            &["name", "summary"],
                            "an enum value",
                            file,
                            &mut cx.sink,
                        );
                        let Some(name) = t
                            .get("name")
                            .and_then(|n| tree::string(n, "value name", file, &mut cx.sink))
                        else {
                            cx.sink.error(
                                codes::MISSING_FIELD,
                                file,
                                value.span(),
                                "an enum value table needs `name`",
                            );
                            continue;
                        };
                        (
                            name,
                            t.get("summary")
                                .and_then(|n| tree::string(n, "summary", file, &mut cx.sink))
                                .map(str::to_owned),
                        )
                    }
                    _ => {
                        tree::wrong_type(
                            value,
                            "a string or { name, summary }",
                            file,
                            &mut cx.sink,
                        );
                        continue;
                    }
                };
                let ident = ident::upper_camel(name);
                if ident::check_camel(&ident, name, "enum value", file, value.span(), &mut cx.sink)
                {
                    ns.claim(&ident, name, "enum value", file, value.span(), &mut cx.sink);
                }
                if variants.iter().any(|v: &EnumVariant| v.name == name) {
                    cx.sink.error(
                        codes::DUPLICATE_ENTRY,
                        file,
                        value.span(),
                        format!("enum value `{name}` is listed twice"),
                    );
                    continue;
                }
                variants.push(EnumVariant {
                    name: name.to_owned(),
                    ident,
                    summary,
                });
            }
        }
    }
    let mut by_length: Vec<(String, usize)> = variants
        .iter()
        .enumerate()
        .map(|(i, v)| (v.name.clone(), i))
        .collect();
    by_length.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
    cx.enum_values.push(by_length);
    cx.enum_index.push(
        variants
            .iter()
            .enumerate()
            .map(|(i, v)| (v.name.clone(), i))
            .collect(),
    );
    cx.game.enums[index].variants = variants;
}

/// Reads a `fields` table; defaults are queued in `defaults`.
pub(crate) fn field_defs<'t, 'i>(
    cx: &mut Context<'_>,
    table: &'t DeTable<'i>,
    owner: Owner,
    defaults: &mut Vec<PendingDefault<'t, 'i>>,
) -> Vec<FieldDef> {
    let file = GAME_TOML;
    let mut fields = Vec::new();
    let Some(node) = table.get("fields") else {
        return fields;
    };
    let Some(fields_table) = tree::table(node, "fields", file, &mut cx.sink) else {
        return fields;
    };
    for (key, spec) in fields_table {
        let name = key.get_ref().as_ref();
        ident::check_snake(name, "field", file, key.span(), &mut cx.sink);
        let (type_node, summary, default, filter) = match spec.get_ref() {
            DeValue::String(_) => (spec, None, None, None),
            DeValue::Table(t) => {
                tree::check_keys(
                    t,
                    grimoire_model::FIELD_SPEC_KEYS,
                    "a field",
                    file,
                    &mut cx.sink,
                );
                let Some(type_node) = t.get("type") else {
                    cx.sink.error(
                        codes::MISSING_FIELD,
                        file,
                        key.span(),
                        format!("field `{name}` needs a `type`"),
                    );
                    continue;
                };
                let summary = t
                    .get("summary")
                    .and_then(|n| tree::string(n, "summary", file, &mut cx.sink))
                    .map(str::to_owned);
                (type_node, summary, t.get("default"), t.get("where"))
            }
            _ => {
                tree::wrong_type(
                    spec,
                    "a type string or { type, summary, default, where }",
                    file,
                    &mut cx.sink,
                );
                continue;
            }
        };
        let Some(ty) = resolve_type(cx, type_node, file) else {
            continue;
        };
        let index = fields.len();
        let implicit = matches!(ty, Type::Option { .. }).then_some(crate::ir::Value::None);
        if let Some(node) = filter {
            defaults.push(PendingDefault {
                owner,
                field: index,
                node,
                filter: true,
            });
        }
        if let Some(node) = default {
            defaults.push(PendingDefault {
                owner,
                field: index,
                node,
                filter: false,
            });
        }
        fields.push(FieldDef {
            name: name.to_owned(),
            ty,
            summary,
            default: implicit,
            filter: None,
        });
    }
    fields
}

/// Parses and resolves a type expression node.
pub(crate) fn resolve_type(cx: &mut Context<'_>, node: &Node<'_>, file: FileId) -> Option<Type> {
    let source = tree::string(node, "a type expression", file, &mut cx.sink)?;
    let expr = match types::parse(source) {
        Ok(expr) => expr,
        Err(message) => {
            cx.sink
                .error(
                    codes::BAD_TYPE_EXPRESSION,
                    file,
                    node.span(),
                    format!("bad type expression: {message}"),
                )
                .help("types are bool, int(A..=B), string, text, a type name, [T] or T?");
            return None;
        }
    };
    match types::resolve(&expr, &cx.type_names) {
        Ok(ty) => Some(ty),
        Err(unknown) => {
            let help = did_you_mean(unknown, cx.type_names.keys().map(String::as_str));
            cx.sink
                .error(
                    codes::UNKNOWN_TYPE,
                    file,
                    node.span(),
                    format!(
                        "unknown type `{unknown}`: not an enum, record, union or category of this game"
                    ),
                )
                .maybe_help(help);
            None
        }
    }
}

fn read_kind<'t, 'i>(
    cx: &mut Context<'_>,
    types_ns: &mut Namespace<'t>,
    key: &'t toml::Spanned<std::borrow::Cow<'i, str>>,
    node: &'t Node<'i>,
    defaults: &mut Vec<PendingDefault<'t, 'i>>,
) -> KindDraft {
    let file = GAME_TOML;
    let name = key.get_ref().as_ref();
    let index = cx.game.kinds.len();
    ident::check_snake(name, "kind", file, key.span(), &mut cx.sink);
    let ident = ident::upper_camel(name);
    if ident::check_camel(&ident, name, "kind", file, key.span(), &mut cx.sink) {
        types_ns.claim(&ident, name, "type", file, key.span(), &mut cx.sink);
    }
    cx.kind_index.insert(name.to_owned(), index);
    let mut kind = KindDef {
        name: name.to_owned(),
        ident,
        summary: None,
        fields: Vec::new(),
    };
    let mut extends = None;
    let mut fields = Vec::new();
    if let Some(table) = tree::table(node, "a kind", file, &mut cx.sink) {
        tree::check_keys(
            table,
            &["summary", "extends", "fields"],
            "a kind",
            file,
            &mut cx.sink,
        );
        kind.summary = summary(cx, table);
        if let Some(ext) = table.get("extends") {
            if let Some(record) = tree::string(ext, "a record name", file, &mut cx.sink) {
                match cx.type_names.get(record) {
                    Some(Type::Record { index }) if *index != PRINTING_RECORD => {
                        extends = Some(*index);
                        let clash = cx.game.records[*index]
                            .fields
                            .iter()
                            .find(|f| BUILTIN_FIELDS.contains(&f.name.as_str()));
                        if let Some(field) = clash {
                            let message = format!(
                                "record `{record}` has a field `{}`, which every card already has",
                                field.name
                            );
                            cx.sink.error(
                                codes::BUILTIN_FIELD_REDECLARED,
                                file,
                                ext.span(),
                                message,
                            );
                        }
                    }
                    _ => {
                        let names = cx.game.records.iter().skip(1).map(|r| r.name.as_str());
                        let help = did_you_mean(record, names);
                        cx.sink.error(codes::UNKNOWN_RECORD, file, ext.span(), format!("`extends` names `{record}`, which is not a record of this game"))
                            .maybe_help(help);
                    }
                }
            }
        }
        fields = field_defs(cx, table, Owner::Kind(index), defaults);
        let field_keys = table.get("fields").and_then(|n| match n.get_ref() {
            DeValue::Table(t) => Some(t),
            _ => None,
        });
        for (key, _) in field_keys.into_iter().flatten() {
            let field = key.get_ref().as_ref();
            if BUILTIN_FIELDS.contains(&field) {
                cx.sink.error(
                    codes::BUILTIN_FIELD_REDECLARED,
                    file,
                    key.span(),
                    format!("`{field}` is a built-in card field; kinds may not redeclare it"),
                );
            } else if let Some(record) =
                extends.filter(|r| cx.record_fields[*r].contains_key(field))
            {
                cx.sink.error(
                    codes::DUPLICATE_FIELD,
                    file,
                    key.span(),
                    format!(
                        "field `{field}` is already declared by the extended record `{}`",
                        cx.game.records[record].name
                    ),
                );
            }
        }
    }
    cx.kind_extends.push(extends);
    cx.game.kinds.push(kind);
    KindDraft { fields }
}

fn read_category<'t, 'i>(
    cx: &mut Context<'_>,
    index: usize,
    node: &'t Node<'i>,
    defaults: &mut Vec<PendingDefault<'t, 'i>>,
) {
    let file = GAME_TOML;
    let Some(table) = tree::table(node, "a category", file, &mut cx.sink) else {
        return;
    };
    tree::check_keys(
        table,
        &["summary", "file", "fields"],
        "a category",
        file,
        &mut cx.sink,
    );
    cx.game.categories[index].summary = summary(cx, table);
    match table.get("file") {
        Some(n) => {
            if let Some(key) = tree::string(n, "a codex file key", file, &mut cx.sink) {
                ident::check_snake(key, "codex file key", file, n.span(), &mut cx.sink);
                cx.game.categories[index].file_key = key.to_owned();
            }
        }
        None => {
            cx.sink.error(
                codes::MISSING_FIELD,
                file,
                node.span(),
                format!(
                    "category `{}` needs `file`, the key of its entries in codex files",
                    cx.game.categories[index].name
                ),
            );
        }
    }
    let fields = field_defs(cx, table, Owner::Category(index), defaults);
    for field in &fields {
        if crate::codex::ENTRY_KEYS.contains(&field.name.as_str()) {
            let span = table.get("fields").map(Node::span).unwrap_or_default();
            cx.sink.error(
                codes::BUILTIN_FIELD_REDECLARED,
                file,
                span,
                format!("`{}` is a built-in key of codex entries", field.name),
            );
        }
    }
    cx.game.categories[index].fields = fields;
}

fn check_file_keys(cx: &mut Context<'_>, categories: Option<&DeTable<'_>>) {
    for (i, (key, _)) in categories.into_iter().flatten().enumerate() {
        let file_key = &cx.game.categories[i].file_key;
        if !file_key.is_empty()
            && cx.game.categories[..i]
                .iter()
                .any(|c| &c.file_key == file_key)
        {
            let message = format!("codex file key `{file_key}` is used by two categories");
            cx.sink
                .error(codes::IDENT_COLLISION, GAME_TOML, key.span(), message);
        }
    }
    cx.category_fields = cx
        .game
        .categories
        .iter()
        .map(|c| index_fields(&c.fields))
        .collect();
}
