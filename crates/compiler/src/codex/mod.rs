//! Codex files: entries with templates, parameters, metadata, `cancels`, `implies` and effects.

use std::collections::HashMap;
use std::ops::Range;

use toml::de::{DeTable, DeValue};

use crate::context::{Context, LineCursor};
use crate::diagnostic::{codes, did_you_mean, FileId, Sink};
use crate::ident::{self, Namespace};
use crate::ir::{
    CodexRef, Effect, Entry, Origin, ParamDef, Stacking, Template, TemplatePart, Type,
};
use crate::template::{self, Compiled, Lookup, Matcher, Miss, SlotKind, TemplateError};
use crate::tree::{self, Node};
use crate::values::{Described, FieldsSpec};

mod cycles;

/// Keys every codex entry may have; categories' extra fields come on top.
pub(crate) use grimoire_model::CODEX_ENTRY_KEYS as ENTRY_KEYS;

/// An entry read in the first pass, kept for the second.
pub(crate) struct EntrySource<'t, 'i> {
    category: usize,
    entry: usize,
    file: FileId,
    table: &'t DeTable<'i>,
    name_span: Range<usize>,
    template_span: Range<usize>,
}

/// First pass over all codex files: names, templates, parameters. Builds the matchers.
pub(crate) fn read_entries<'t, 'i>(
    cx: &mut Context<'_>,
    codex: &[(FileId, &'t DeTable<'i>)],
) -> Vec<EntrySource<'t, 'i>> {
    let categories = cx.game.categories.len();
    cx.entry_names = vec![HashMap::new(); categories];
    let mut namespaces: Vec<Namespace<'t>> =
        (0..categories).map(|_| Namespace::default()).collect();
    let mut first_span: Vec<HashMap<String, (FileId, Range<usize>)>> =
        vec![HashMap::new(); categories];
    let by_key: HashMap<String, usize> = cx
        .game
        .categories
        .iter()
        .enumerate()
        .map(|(i, c)| (c.file_key.clone(), i))
        .collect();
    let mut sources = Vec::new();
    let mut compiled: Vec<Vec<Compiled>> = vec![Vec::new(); categories];
    // Every entry first, then in (category, name) order: the generated enums must not depend
    // on how the codex is split into files or what the files are called.
    let mut items: Vec<(usize, &'t str, FileId, &'t Node<'i>)> = Vec::new();
    for &(file, root) in codex {
        for (key, node) in root {
            let Some(&category) = by_key.get(key.get_ref().as_ref()) else {
                tree::unknown_key(
                    key,
                    by_key.keys().map(String::as_str),
                    "a codex file (expected a category's `file` key)",
                    file,
                    &mut cx.sink,
                );
                continue;
            };
            for item in tree::array(node, "codex entries", file, &mut cx.sink).unwrap_or_default() {
                let sort_name = match item.get_ref() {
                    DeValue::Table(table) => table.get("name").and_then(|n| match n.get_ref() {
                        DeValue::String(name) => Some(name.as_ref()),
                        _ => None,
                    }),
                    _ => None,
                };
                items.push((category, sort_name.unwrap_or(""), file, item));
            }
        }
    }
    items.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let mut cursors: HashMap<FileId, LineCursor<'_>> = HashMap::new();
    for (category, _, file, item) in items {
        let Some(table) = tree::table(item, "a codex entry", file, &mut cx.sink) else {
            continue;
        };
        let Some((name_node, name)) = table
            .get("name")
            .and_then(|n| tree::string(n, "an entry name", file, &mut cx.sink).map(|s| (n, s)))
        else {
            if !table.contains_key("name") {
                cx.sink.error(
                    codes::MISSING_FIELD,
                    file,
                    item.span(),
                    "a codex entry needs a `name`",
                );
            }
            continue;
        };
        let name_span = name_node.span();
        if let Some((other_file, other_span)) = first_span[category].get(name) {
            let error = cx.sink.error(
                codes::DUPLICATE_ENTRY,
                file,
                name_span.clone(),
                format!(
                    "{} `{name}` is declared twice",
                    cx.game.categories[category].name
                ),
            );
            if *other_file == file {
                error.label(other_span.clone(), "first declared here");
            }
            continue;
        }
        first_span[category].insert(name.to_owned(), (file, name_span.clone()));
        let ident = ident::upper_camel(name);
        if ident::check_camel(
            &ident,
            name,
            "codex entry",
            file,
            name_span.clone(),
            &mut cx.sink,
        ) {
            namespaces[category].claim(
                &ident,
                name,
                "codex entry",
                file,
                name_span.clone(),
                &mut cx.sink,
            );
        }
        let (params, kinds) = read_params(cx, table, file);
        let template_node = table.get("template");
        let template_span = template_node.map_or(name_span.clone(), Node::span);
        let source = match template_node {
            Some(n) => tree::string(n, "a template", file, &mut cx.sink).unwrap_or(name),
            None => name,
        };
        let parts = read_template(cx, source, &params, table, template_span.clone(), file);
        let entry_index = cx.game.categories[category].entries.len();
        compiled[category].push(Compiled::new(&parts, &kinds));
        let line = cursors
            .entry(file)
            .or_insert_with(|| LineCursor::new(&cx.files[file].text))
            .line(name_span.start);
        cx.entry_names[category].insert(name.to_owned(), entry_index);
        let entry = Entry {
            name: name.to_owned(),
            ident,
            template: Template {
                source: source.to_owned(),
                parts,
            },
            params,
            summary: None,
            stacking: Stacking::Once,
            cancels: Vec::new(),
            implies: Vec::new(),
            implied: Vec::new(),
            handler: None,
            effects: Vec::new(),
            draft: read_draft(cx, table, &name_span, category, name, file),
            fields: Vec::new(),
            origin: Origin {
                file: cx.path(file).to_owned(),
                line,
            },
        };
        cx.game.categories[category].entries.push(entry);
        sources.push(EntrySource {
            category,
            entry: entry_index,
            file,
            table,
            name_span,
            template_span,
        });
    }
    cx.matchers = compiled
        .into_iter()
        .map(|templates| {
            let mut matcher = Matcher::default();
            templates.into_iter().for_each(|t| matcher.push(t));
            matcher
        })
        .collect();
    check_ambiguity(cx, &sources);
    sources
}

/// `draft = true`: the entry compiles, with a warning naming it.
fn read_draft(
    cx: &mut Context<'_>,
    table: &DeTable<'_>,
    name_span: &Range<usize>,
    category: usize,
    name: &str,
    file: FileId,
) -> bool {
    let Some(node) = table.get("draft") else {
        return false;
    };
    let DeValue::Boolean(draft) = node.get_ref() else {
        tree::wrong_type(node, "a boolean (`draft = true`)", file, &mut cx.sink);
        return false;
    };
    if *draft {
        cx.sink
            .warning(
                codes::DRAFT_ENTRY,
                file,
                name_span.clone(),
                format!(
                    "{} `{name}` is a draft: its summary and behaviour are not reviewed yet",
                    cx.game.categories[category].name
                ),
            )
            .help("write its summary and effects (or handler), then remove `draft = true`");
    }
    *draft
}

fn read_params(
    cx: &mut Context<'_>,
    table: &DeTable<'_>,
    file: FileId,
) -> (Vec<ParamDef>, Vec<SlotKind>) {
    let mut params = Vec::new();
    let mut kinds = Vec::new();
    let Some(node) = table.get("params") else {
        return (params, kinds);
    };
    let Some(params_table) = tree::table(node, "params", file, &mut cx.sink) else {
        return (params, kinds);
    };
    for (key, type_node) in params_table {
        let name = key.get_ref().as_ref();
        ident::check_snake(name, "parameter", file, key.span(), &mut cx.sink);
        let Some(ty) = crate::schema::resolve_type(cx, type_node, file) else {
            params.push(ParamDef {
                name: name.to_owned(),
                ty: Type::String,
            });
            kinds.push(SlotKind::String);
            continue;
        };
        let kind = slot_kind(&ty).unwrap_or_else(|| {
            cx.sink
                .error(
                    codes::BAD_TEMPLATE,
                    file,
                    type_node.span(),
                    format!("parameter `{name}` has a type templates cannot match"),
                )
                .help("template parameters are int(A..=B), string, an enum, a list of those, or [[E]] for an enum E");
            SlotKind::String
        });
        params.push(ParamDef {
            name: name.to_owned(),
            ty,
        });
        kinds.push(kind);
    }
    (params, kinds)
}

fn slot_kind(ty: &Type) -> Option<SlotKind> {
    match ty {
        Type::Int { min, max } => Some(SlotKind::Int {
            min: *min,
            max: *max,
        }),
        Type::Enum { index } => Some(SlotKind::Enum(*index)),
        Type::String | Type::Text => Some(SlotKind::String),
        Type::List { item } => match item.as_ref() {
            Type::List { item: inner } => match inner.as_ref() {
                Type::Enum { index } => Some(SlotKind::List(Box::new(SlotKind::Words(*index)))),
                _ => None,
            },
            _ => Some(SlotKind::List(Box::new(slot_kind(item)?))),
        },
        _ => None,
    }
}

fn read_template(
    cx: &mut Context<'_>,
    source: &str,
    params: &[ParamDef],
    table: &DeTable<'_>,
    span: Range<usize>,
    file: FileId,
) -> Vec<TemplatePart> {
    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    match template::parse(source, &names) {
        Ok(parts) => {
            let params_table = table.get("params").and_then(|n| match n.get_ref() {
                DeValue::Table(t) => Some(t),
                _ => None,
            });
            for (i, param) in params.iter().enumerate() {
                if !parts
                    .iter()
                    .any(|p| matches!(p, TemplatePart::Slot(s) if *s == i))
                {
                    let key_span = params_table
                        .and_then(|t| tree::key_span(t, &param.name))
                        .unwrap_or(span.clone());
                    cx.sink.error(
                        codes::PARAM_WITHOUT_SLOT,
                        file,
                        key_span,
                        format!(
                            "parameter `{}` has no `{{{}}}` slot in the template `{source}`",
                            param.name, param.name
                        ),
                    );
                }
            }
            parts
        }
        Err(error) => {
            let (code, message) = match error {
                TemplateError::UnknownSlot(slot) => (
                    codes::SLOT_WITHOUT_PARAM,
                    format!("template slot `{{{slot}}}` has no `params.{slot}`"),
                ),
                TemplateError::Unbalanced => (
                    codes::BAD_TEMPLATE,
                    format!("template `{source}` has an unbalanced brace"),
                ),
                TemplateError::EmptySlot => (
                    codes::BAD_TEMPLATE,
                    format!("template `{source}` has an empty slot `{{}}`"),
                ),
                TemplateError::AdjacentSlots => (
                    codes::BAD_TEMPLATE,
                    format!("template `{source}` has two slots with no text between them"),
                ),
                TemplateError::RepeatedSlot(slot) => (
                    codes::BAD_TEMPLATE,
                    format!("template `{source}` uses `{{{slot}}}` twice"),
                ),
            };
            let help = match &code {
                &codes::SLOT_WITHOUT_PARAM => {
                    Some("declare its type, e.g. `params.<name> = \"int(0..=9)\"`".to_owned())
                }
                _ => None,
            };
            cx.sink.error(code, file, span, message).maybe_help(help);
            vec![TemplatePart::Literal(source.to_owned())]
        }
    }
}

/// Two templates of one category must not match the same text.
fn check_ambiguity(cx: &mut Context<'_>, sources: &[EntrySource<'_, '_>]) {
    let mut skeletons: HashMap<(usize, String), usize> = HashMap::new();
    for source in sources {
        let category = &cx.game.categories[source.category];
        let entry = &category.entries[source.entry];
        let skeleton = template::skeleton(&entry.template.parts);
        let clash = match skeletons.get(&(source.category, skeleton.clone())) {
            Some(&other) => Some(other),
            None => {
                skeletons.insert((source.category, skeleton), source.entry);
                if entry.params.is_empty() {
                    cx.matchers[source.category]
                        .all_matches(&entry.template.source, &cx.enum_values, source.entry)
                        .first()
                        .copied()
                } else {
                    None
                }
            }
        };
        if let Some(other) = clash {
            let other = &category.entries[other];
            let message = format!(
                "templates `{}` ({}) and `{}` ({}) can match the same text",
                entry.template.source, entry.name, other.template.source, other.name
            );
            cx.sink
                .error(
                    codes::AMBIGUOUS_TEMPLATES,
                    source.file,
                    source.template_span.clone(),
                    message,
                )
                .help("make the fixed text of one template different");
        }
    }
}

/// Second pass: metadata, `cancels`, `implies`, effects and extra fields; then `implies` cycles.
pub(crate) fn finish_entries(cx: &mut Context<'_>, sources: &[EntrySource<'_, '_>]) {
    let mut sink = std::mem::take(&mut cx.sink);
    let mut implies_spans: HashMap<(usize, usize), Vec<Range<usize>>> = HashMap::new();
    let mut updates = Vec::with_capacity(sources.len());
    for source in sources {
        let (update, spans) = cx.entry_details(&mut sink, source);
        implies_spans.insert((source.category, source.entry), spans);
        updates.push(update);
    }
    for (source, update) in sources.iter().zip(updates) {
        let entry = &mut cx.game.categories[source.category].entries[source.entry];
        entry.summary = update.summary;
        entry.stacking = update.stacking;
        entry.cancels = update.cancels;
        entry.implies = update.implies;
        entry.handler = update.handler;
        entry.effects = update.effects;
        entry.fields = update.fields;
    }
    cycles::check_cycles(cx, &mut sink, sources, &implies_spans);
    cx.sink = sink;
    close_implies(cx);
}

/// Fills every entry's `implied`: the transitive closure of `implies`, breadth-first in
/// declaration order, deduplicated, without the entry itself. Terminates on cycles too
/// (already reported), since every reference is visited once.
fn close_implies(cx: &mut Context<'_>) {
    let categories = &cx.game.categories;
    let mut closures = Vec::new();
    for (c, category) in categories.iter().enumerate() {
        for (e, entry) in category.entries.iter().enumerate() {
            let mut implied: Vec<CodexRef> = Vec::new();
            let mut queue: std::collections::VecDeque<&CodexRef> = entry.implies.iter().collect();
            while let Some(reference) = queue.pop_front() {
                let itself = reference.category == c && reference.entry == e;
                let seen = implied.iter().any(|r| {
                    r.category == reference.category
                        && r.entry == reference.entry
                        && r.args == reference.args
                });
                if itself || seen {
                    continue;
                }
                implied.push(reference.clone());
                queue.extend(&categories[reference.category].entries[reference.entry].implies);
            }
            closures.push((c, e, implied));
        }
    }
    for (c, e, implied) in closures {
        cx.game.categories[c].entries[e].implied = implied;
    }
}

/// The second-pass values of one entry.
struct Details {
    summary: Option<String>,
    stacking: Stacking,
    cancels: Vec<usize>,
    implies: Vec<CodexRef>,
    handler: Option<String>,
    effects: Vec<Effect>,
    fields: Vec<crate::ir::Value>,
}

impl Context<'_> {
    fn entry_details(
        &self,
        sink: &mut Sink,
        source: &EntrySource<'_, '_>,
    ) -> (Details, Vec<Range<usize>>) {
        let file = source.file;
        let table = source.table;
        let category = &self.game.categories[source.category];
        let summary = table
            .get("summary")
            .and_then(|n| tree::string(n, "a summary", file, sink))
            .map(str::to_owned);
        let stacking = match table.get("stacking") {
            None => Stacking::Once,
            Some(n) => match tree::string(n, "stacking", file, sink) {
                Some("sum") => Stacking::Sum,
                Some("highest") => Stacking::Highest,
                Some("once") | None => Stacking::Once,
                Some("replace") => Stacking::Replace,
                Some(other) => {
                    let help = did_you_mean(other, grimoire_model::STACKING_RULES.iter().copied());
                    sink.error(codes::UNKNOWN_ENUM_VALUE, file, n.span(), format!("`{other}` is not a stacking rule: expected sum, highest, once or replace"))
                        .maybe_help(help);
                    Stacking::Once
                }
            },
        };
        let handler = table.get("handler").and_then(|n| {
            let name = tree::string(n, "a handler name", file, sink)?;
            crate::ident::check_snake(name, "handler", file, n.span(), sink)
                .then(|| name.to_owned())
        });
        let mut cancels = Vec::new();
        if let Some(n) = table.get("cancels") {
            for (name, span) in tree::strings(n, "entry names", file, sink) {
                match self.entry_names[source.category].get(name) {
                    Some(&i) => cancels.push(i),
                    None => {
                        let help =
                            did_you_mean(name, category.entries.iter().map(|e| e.name.as_str()));
                        sink.error(
                            codes::UNKNOWN_ENTRY,
                            file,
                            span,
                            format!(
                                "`cancels` names `{name}`, which is no {} entry",
                                category.name
                            ),
                        )
                        .maybe_help(help);
                    }
                }
            }
        }
        let mut implies = Vec::new();
        let mut spans = Vec::new();
        if let Some(n) = table.get("implies") {
            for (text, span) in tree::strings(n, "codex references", file, sink) {
                if let Some(r) = self.implied(sink, source.category, text, span.clone(), file) {
                    implies.push(r);
                    spans.push(span);
                }
            }
        }
        let effects = table
            .get("effects")
            .map(|n| self.effects(sink, n, file))
            .unwrap_or_default();
        let what = Described(&category.name, &category.entries[source.entry].name);
        let spec = FieldsSpec {
            fields: &category.fields,
            index: &self.category_fields[source.category],
            skip: ENTRY_KEYS,
            fallback: None,
            what: &what,
        };
        let fields = self
            .fields(sink, &spec, table, source.name_span.clone(), file)
            .unwrap_or_default();
        (
            Details {
                summary,
                stacking,
                cancels,
                implies,
                handler,
                effects,
                fields,
            },
            spans,
        )
    }

    /// An implied reference: looked up in the entry's own category first, then in the others.
    fn implied(
        &self,
        sink: &mut Sink,
        own: usize,
        text: &str,
        span: Range<usize>,
        file: FileId,
    ) -> Option<CodexRef> {
        let order = std::iter::once(own).chain((0..self.matchers.len()).filter(|&c| c != own));
        let mut first_miss = None;
        for category in order {
            match self.matchers[category].lookup(text, &self.enum_values) {
                Lookup::Found { entry, args } => {
                    return Some(CodexRef {
                        category,
                        entry,
                        args,
                        text: text.to_owned(),
                    })
                }
                Lookup::Missed { entry, miss }
                    if first_miss.is_none() && (category == own || miss != Miss::Text) =>
                {
                    first_miss = Some((category, entry, miss));
                }
                Lookup::Missed { .. } => {}
            }
        }
        let (category, entry, miss) = first_miss.unwrap_or((own, None, Miss::Text));
        self.report_miss(sink, category, text, span, file, entry, miss);
        None
    }

    fn effects(&self, sink: &mut Sink, node: &Node<'_>, file: FileId) -> Vec<Effect> {
        let mut effects = Vec::new();
        for item in tree::array(node, "effects", file, sink).unwrap_or_default() {
            let Some(table) = tree::table(item, "an effect { op = ... }", file, sink) else {
                continue;
            };
            let Some(op_node) = table.get(grimoire_model::EFFECT_OP_KEY) else {
                sink.error(
                    codes::MISSING_FIELD,
                    file,
                    item.span(),
                    "an effect needs an `op`",
                );
                continue;
            };
            let Some(op_name) = tree::string(op_node, "an effect op", file, sink) else {
                continue;
            };
            let Some(&op) = self.op_index.get(op_name) else {
                let help = did_you_mean(
                    op_name,
                    self.game.effect_ops.iter().map(|o| o.name.as_str()),
                );
                sink.error(
                    codes::UNKNOWN_EFFECT_OP,
                    file,
                    op_node.span(),
                    format!("unknown effect op `{op_name}`"),
                )
                .maybe_help(help);
                continue;
            };
            let def = &self.game.effect_ops[op];
            let what = Described("effect", op_name);
            let spec = FieldsSpec {
                fields: &def.fields,
                index: &self.op_fields[op],
                skip: &[grimoire_model::EFFECT_OP_KEY],
                fallback: None,
                what: &what,
            };
            if let Some(fields) = self.fields(sink, &spec, table, item.span(), file) {
                effects.push(Effect { op, fields });
            }
        }
        effects
    }
}
