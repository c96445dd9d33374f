//! Checking TOML values against resolved types, and codex references against templates.

use std::ops::Range;

use toml::de::{DeTable, DeValue};

use crate::context::{Context, DeferredFilter, FieldIndex};
use crate::diagnostic::{codes, did_you_mean, FileId, Sink};
use crate::ir::{CodexRef, EntryFilter, FieldDef, Type, Value};
use crate::template::{Lookup, Miss};
use crate::tree::{self, Node};
use crate::types::describe;

/// Where and how a table of fields is checked.
pub(crate) struct FieldsSpec<'f> {
    pub fields: &'f [FieldDef],
    pub index: &'f FieldIndex,
    /// Keys handled by the caller (`kind`, `op`, entry keys): neither unknown nor values.
    pub skip: &'f [&'f str],
    /// Used for a field with no default that the table omits, before reporting it missing.
    pub fallback: Option<(usize, &'f Value)>,
    /// What the table is, for messages (`card `X``, `record `Attack``).
    pub what: &'f dyn std::fmt::Display,
}

/// `<what> `<name>``, formatted only when a message needs it.
pub(crate) struct Described<'n>(pub &'n str, pub &'n str);

impl std::fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} `{}`", self.0, self.1)
    }
}

/// The `where` of the field a value is read for, with the field's name and its siblings (for
/// the help naming the field an entry belongs in).
#[derive(Clone, Copy)]
struct Constraint<'f> {
    filter: &'f EntryFilter,
    field: &'f str,
    siblings: &'f [FieldDef],
}

/// Most entry names a `where` mismatch lists in its help.
const FITTING_SHOWN: usize = 12;

impl Context<'_> {
    /// Checks one value against `ty`.
    pub(crate) fn value(
        &self,
        sink: &mut Sink,
        ty: &Type,
        node: &Node<'_>,
        file: FileId,
    ) -> Option<Value> {
        self.value_in(sink, ty, node, file, None)
    }

    /// Checks the value of field `index` of `fields`: its type and its `where`.
    pub(crate) fn field_value(
        &self,
        sink: &mut Sink,
        fields: &[FieldDef],
        index: usize,
        node: &Node<'_>,
        file: FileId,
    ) -> Option<Value> {
        self.field_item_value(sink, fields, index, &fields[index].ty, node, file)
    }

    /// Checks a value of type `item` read for field `index` of `fields` (the field's own type,
    /// or its item type for an erratum's `add`/`remove`) against the type and the field's
    /// `where`.
    pub(crate) fn field_item_value(
        &self,
        sink: &mut Sink,
        fields: &[FieldDef],
        index: usize,
        item: &Type,
        node: &Node<'_>,
        file: FileId,
    ) -> Option<Value> {
        let field = &fields[index];
        let constraint = field.filter.as_ref().map(|filter| Constraint {
            filter,
            field: &field.name,
            siblings: fields,
        });
        self.value_in(sink, item, node, file, constraint)
    }

    /// Checks one value against `ty` and, for codex references, the field's `where`.
    fn value_in(
        &self,
        sink: &mut Sink,
        ty: &Type,
        node: &Node<'_>,
        file: FileId,
        constraint: Option<Constraint<'_>>,
    ) -> Option<Value> {
        let raw = node.get_ref();
        match (ty, raw) {
            (Type::Bool, DeValue::Boolean(b)) => Some(Value::Bool(*b)),
            (Type::Int { min, max }, DeValue::Integer(_)) => {
                let v = tree::integer(node, "an integer", file, sink)?;
                if v < *min || v > *max {
                    sink.error(
                        codes::OUT_OF_RANGE,
                        file,
                        node.span(),
                        format!("{v} is out of range: expected int({min}..={max})"),
                    );
                    return None;
                }
                Some(Value::Int(v))
            }
            (Type::String | Type::Text, DeValue::String(s)) => Some(Value::Str(s.to_string())),
            (Type::Handler, DeValue::String(s)) => {
                crate::ident::check_snake(s, "handler", file, node.span(), sink)
                    .then(|| Value::Handler(s.to_string()))
            }
            (Type::Enum { index }, DeValue::String(s)) => {
                match self.enum_index[*index].get(s.as_ref()) {
                    Some(&variant) => Some(Value::Enum {
                        index: *index,
                        variant,
                    }),
                    None => {
                        let def = &self.game.enums[*index];
                        let help = did_you_mean(s, def.variants.iter().map(|v| v.name.as_str()));
                        let expected: Vec<&str> =
                            def.variants.iter().map(|v| v.name.as_str()).collect();
                        sink.error(
                            codes::UNKNOWN_ENUM_VALUE,
                            file,
                            node.span(),
                            format!(
                                "`{s}` is not a value of enum `{}`: expected one of {}",
                                def.name,
                                expected.join(", ")
                            ),
                        )
                        .maybe_help(help);
                        None
                    }
                }
            }
            (Type::Record { index }, DeValue::Table(t)) => {
                let record = &self.game.records[*index];
                let what = Described("record", &record.name);
                let spec = FieldsSpec {
                    fields: &record.fields,
                    index: &self.record_fields[*index],
                    skip: &[],
                    fallback: None,
                    what: &what,
                };
                self.fields(sink, &spec, t, node.span(), file)
                    .map(|fields| Value::Record {
                        index: *index,
                        fields,
                    })
            }
            (Type::Union { index }, DeValue::Table(t)) => {
                self.union_value(sink, *index, node, t, file)
            }
            (Type::Union { index }, DeValue::String(s)) => {
                // A variant whose fields all have defaults may be written as its bare name.
                let variant = self.union_variant(sink, *index, s, node.span(), file)?;
                self.union_fields(sink, *index, variant, &DeTable::new(), node.span(), file)
            }
            (Type::Codex { index }, DeValue::String(s)) => {
                let reference = self.codex_ref(sink, *index, s, node.span(), file)?;
                match constraint {
                    Some(c) if c.filter.category == *index => self
                        .allowed(sink, c, &reference, node.span(), file)
                        .then_some(Value::Codex(reference)),
                    _ => Some(Value::Codex(reference)),
                }
            }
            (Type::List { item }, DeValue::Array(items)) => {
                let mut values = Vec::with_capacity(items.len());
                let mut ok = true;
                for item_node in items.iter() {
                    match self.value_in(sink, item, item_node, file, constraint) {
                        Some(v) => values.push(v),
                        None => ok = false,
                    }
                }
                ok.then_some(Value::List(values))
            }
            (Type::Option { item }, _) => self
                .value_in(sink, item, node, file, constraint)
                .map(|v| Value::Some(Box::new(v))),
            _ => {
                let expected = describe(ty, &self.game);
                let what = match ty {
                    Type::List { .. } => format!("an array ({expected})"),
                    Type::Record { .. } => format!("a table (record {expected})"),
                    Type::Union { .. } => format!("a table or a variant name (union {expected})"),
                    Type::Int { .. } => format!("an integer ({expected})"),
                    Type::Bool => "a boolean".to_owned(),
                    _ => format!("a string ({expected})"),
                };
                tree::wrong_type(node, &what, file, sink);
                None
            }
        }
    }

    /// A union value written as a table: its tag names the variant, the other keys are the
    /// variant's fields.
    fn union_value(
        &self,
        sink: &mut Sink,
        index: usize,
        node: &Node<'_>,
        table: &DeTable<'_>,
        file: FileId,
    ) -> Option<Value> {
        let def = &self.game.unions[index];
        let Some(tag_node) = table.get(def.tag.as_str()) else {
            let names: Vec<&str> = def.variants.iter().map(|v| v.name.as_str()).collect();
            // A misspelt tag key (`ob = "draw"`) is the likely mistake.
            let help = table.iter().find_map(|(key, _)| {
                did_you_mean(key.get_ref().as_ref(), std::iter::once(def.tag.as_str()))
            });
            sink.error(
                codes::MISSING_FIELD,
                file,
                node.span(),
                format!(
                    "a value of union `{}` needs `{}`, naming one of its variants: {}",
                    def.name,
                    def.tag,
                    names.join(", ")
                ),
            )
            .maybe_help(help);
            return None;
        };
        let name = tree::string(tag_node, "a variant name", file, sink)?;
        let variant = self.union_variant(sink, index, name, tag_node.span(), file)?;
        self.union_fields(sink, index, variant, table, node.span(), file)
    }

    /// The variant of union `index` named `name`, or an error with a "did you mean".
    fn union_variant(
        &self,
        sink: &mut Sink,
        index: usize,
        name: &str,
        span: Range<usize>,
        file: FileId,
    ) -> Option<usize> {
        if let Some(&variant) = self.union_variants[index].get(name) {
            return Some(variant);
        }
        let def = &self.game.unions[index];
        let names: Vec<&str> = def.variants.iter().map(|v| v.name.as_str()).collect();
        let help = did_you_mean(name, names.iter().copied());
        sink.error(
            codes::UNKNOWN_EFFECT_OP,
            file,
            span,
            format!(
                "`{name}` is not a variant of union `{}`: expected one of {}",
                def.name,
                names.join(", ")
            ),
        )
        .maybe_help(help);
        None
    }

    /// Checks the fields of one variant (the tag key is the caller's).
    fn union_fields(
        &self,
        sink: &mut Sink,
        index: usize,
        variant: usize,
        table: &DeTable<'_>,
        span: Range<usize>,
        file: FileId,
    ) -> Option<Value> {
        let def = &self.game.unions[index];
        let what = Described(&def.name, &def.variants[variant].name);
        let spec = FieldsSpec {
            fields: &def.variants[variant].fields,
            index: &self.union_fields[index][variant],
            skip: &[def.tag.as_str()],
            fallback: None,
            what: &what,
        };
        self.fields(sink, &spec, table, span, file)
            .map(|fields| Value::Union {
                index,
                variant,
                fields,
            })
    }

    /// Checks a table of fields; values come back in field order, defaults filled in.
    pub(crate) fn fields(
        &self,
        sink: &mut Sink,
        spec: &FieldsSpec<'_>,
        table: &DeTable<'_>,
        span: Range<usize>,
        file: FileId,
    ) -> Option<Vec<Value>> {
        let mut values: Vec<Option<Value>> = vec![None; spec.fields.len()];
        let mut ok = true;
        for (key, node) in table {
            let name = key.get_ref().as_ref();
            if spec.skip.contains(&name) {
                continue;
            }
            match spec.index.get(name) {
                Some(&i) => match self.field_value(sink, spec.fields, i, node, file) {
                    Some(v) => values[i] = Some(v),
                    None => {
                        // Present but invalid: reported already, not missing.
                        values[i] = Some(Value::None);
                        ok = false;
                    }
                },
                None => {
                    let candidates = spec
                        .fields
                        .iter()
                        .map(|f| f.name.as_str())
                        .chain(spec.skip.iter().copied());
                    tree::unknown_key(key, candidates, &spec.what.to_string(), file, sink);
                    ok = false;
                }
            }
        }
        let mut out = Vec::with_capacity(values.len());
        for (i, (value, field)) in values.into_iter().zip(spec.fields).enumerate() {
            match value.or_else(|| field.default.clone()) {
                Some(v) => out.push(v),
                None => match spec.fallback {
                    Some((f, v)) if f == i => out.push(v.clone()),
                    _ => {
                        let ty = describe(&field.ty, &self.game);
                        sink.error(
                            codes::MISSING_FIELD,
                            file,
                            span.clone(),
                            format!(
                                "{} is missing the required field `{}` ({ty})",
                                spec.what, field.name
                            ),
                        );
                        ok = false;
                    }
                },
            }
        }
        ok.then_some(out)
    }

    /// Reads the `where` table of `field` (`where = { slot = "Speed" }`): each key a field of
    /// the category the field's type refers to, each value of that field's type (an optional
    /// field's value written bare).
    pub(crate) fn entry_filter(
        &self,
        sink: &mut Sink,
        field: &FieldDef,
        node: &Node<'_>,
        file: FileId,
    ) -> Option<EntryFilter> {
        let table = tree::table(node, "where", file, sink)?;
        let Some(category) = referenced_category(&field.ty) else {
            sink.error(
                codes::BAD_FILTER,
                file,
                node.span(),
                format!(
                    "field `{}` has a `where`, but its type `{}` holds no codex reference",
                    field.name,
                    describe(&field.ty, &self.game)
                ),
            )
            .help("`where` limits which codex entries a reference may name; remove it or give the field a category type");
            return None;
        };
        let def = &self.game.categories[category];
        if table.is_empty() {
            sink.error(
                codes::BAD_FILTER,
                file,
                node.span(),
                format!("the `where` of field `{}` is empty", field.name),
            )
            .help(format!(
                "name a field of category `{}` and the value its entries must have",
                def.name
            ));
            return None;
        }
        let mut conditions = Vec::with_capacity(table.len());
        let mut ok = true;
        for (key, value_node) in table {
            let name = key.get_ref().as_ref();
            let Some(&i) = self.category_fields[category].get(name) else {
                let what = format!("the fields of category `{}`", def.name);
                tree::unknown_key(
                    key,
                    def.fields.iter().map(|f| f.name.as_str()),
                    &what,
                    file,
                    sink,
                );
                ok = false;
                continue;
            };
            let ty = match &def.fields[i].ty {
                Type::Option { item } => item.as_ref(),
                ty => ty,
            };
            match self.value(sink, ty, value_node, file) {
                Some(value) => conditions.push((i, value)),
                None => ok = false,
            }
        }
        ok.then_some(EntryFilter {
            category,
            conditions,
        })
    }

    /// Whether `reference` names an entry the field's `where` allows; reports it when not.
    /// Before the entries' own fields are read, the check waits for
    /// [`Context::check_deferred_filters`].
    fn allowed(
        &self,
        sink: &mut Sink,
        constraint: Constraint<'_>,
        reference: &CodexRef,
        span: Range<usize>,
        file: FileId,
    ) -> bool {
        if !self.entries_ready {
            // Only the schema passes (single-threaded) come here; a poisoned lock still holds
            // the list.
            let mut deferred = self
                .deferred
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            deferred.push(DeferredFilter {
                filter: constraint.filter.clone(),
                field: constraint.field.to_owned(),
                siblings: constraint.siblings.to_vec(),
                reference: reference.clone(),
                file,
                span,
            });
            return true;
        }
        self.check_filter(sink, constraint, reference, span, file)
    }

    /// Runs the `where` checks met before the codex entries' own fields were read.
    pub(crate) fn check_deferred_filters(&mut self) {
        self.entries_ready = true;
        let deferred = std::mem::take(
            self.deferred
                .get_mut()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        let mut sink = std::mem::take(&mut self.sink);
        for d in &deferred {
            let constraint = Constraint {
                filter: &d.filter,
                field: &d.field,
                siblings: &d.siblings,
            };
            self.check_filter(&mut sink, constraint, &d.reference, d.span.clone(), d.file);
        }
        self.sink = sink;
    }

    fn check_filter(
        &self,
        sink: &mut Sink,
        constraint: Constraint<'_>,
        reference: &CodexRef,
        span: Range<usize>,
        file: FileId,
    ) -> bool {
        let filter = constraint.filter;
        let def = &self.game.categories[filter.category];
        let entry = &def.entries[reference.entry];
        let Some(&(failed, _)) = filter
            .conditions
            .iter()
            .find(|(field, value)| !EntryFilter::meets(entry.fields.get(*field), value))
        else {
            return true;
        };
        let field_name = &def.fields[failed].name;
        let has = entry
            .fields
            .get(failed)
            .map_or_else(|| "none".to_owned(), |v| self.show(v));
        let wanted_text = filter
            .conditions
            .iter()
            .map(|(f, v)| format!("`{}` is {}", def.fields[*f].name, self.show(v)))
            .collect::<Vec<_>>()
            .join(" and ");
        let message = format!(
            "`{}` cannot be a `{}`: its `{field_name}` is {has}, and `{}` takes {} entries whose {wanted_text}",
            reference.text, constraint.field, constraint.field, def.name
        );
        let belongs: Vec<&str> = constraint
            .siblings
            .iter()
            .filter(|f| f.name != constraint.field)
            .filter(|f| {
                f.filter
                    .as_ref()
                    .is_some_and(|other| other.category == filter.category && other.allows(entry))
            })
            .map(|f| f.name.as_str())
            .collect();
        let fitting: Vec<&str> = def
            .entries
            .iter()
            .filter(|e| filter.allows(e))
            .map(|e| e.name.as_str())
            .collect();
        let mut help = String::new();
        if !belongs.is_empty() {
            let names: Vec<String> = belongs.iter().map(|n| format!("`{n}`")).collect();
            help.push_str(&format!("it belongs in {}; ", names.join(" or ")));
        }
        if fitting.is_empty() {
            help.push_str(&format!(
                "no {} entry fits `{}`",
                def.name, constraint.field
            ));
        } else {
            let shown: Vec<&str> = fitting.iter().take(FITTING_SHOWN).copied().collect();
            help.push_str(&format!(
                "`{}` takes {}",
                constraint.field,
                shown.join(", ")
            ));
            if fitting.len() > shown.len() {
                help.push_str(&format!(" and {} more", fitting.len() - shown.len()));
            }
        }
        sink.error(codes::REFERENCE_NOT_ALLOWED, file, span, message)
            .help(help);
        false
    }

    /// A value as content writes it, for messages (`Speed`, `3`, `none`).
    fn show(&self, value: &Value) -> String {
        match value {
            Value::Bool(b) => b.to_string(),
            Value::Int(i) => i.to_string(),
            Value::Str(s) | Value::Handler(s) => format!("\"{s}\""),
            Value::Enum { index, variant } => {
                self.game.enums[*index].variants[*variant].name.clone()
            }
            Value::Codex(r) => format!("`{}`", r.text),
            Value::None => "none".to_owned(),
            Value::Some(v) => self.show(v),
            Value::Record { .. } | Value::Union { .. } | Value::List(_) => {
                "a structured value".to_owned()
            }
        }
    }

    /// Resolves a codex reference of `category` through its templates.
    pub(crate) fn codex_ref(
        &self,
        sink: &mut Sink,
        category: usize,
        text: &str,
        span: Range<usize>,
        file: FileId,
    ) -> Option<CodexRef> {
        match self.matchers[category].lookup(text, &self.enum_values) {
            Lookup::Found { entry, args } => Some(CodexRef {
                category,
                entry,
                args,
                text: text.to_owned(),
            }),
            Lookup::Missed { entry, miss } => {
                self.report_miss(sink, category, text, span, file, entry, miss);
                None
            }
        }
    }

    /// The part of `span` where `needle` is written (the last occurrence), so the caret points
    /// at a parameter inside a quoted reference; the whole span when it is not found verbatim.
    fn narrow(&self, file: FileId, span: Range<usize>, needle: &str) -> Range<usize> {
        let raw = self.files[file].text.get(span.clone()).unwrap_or_default();
        match raw.rfind(needle) {
            Some(at) if !needle.is_empty() => span.start + at..span.start + at + needle.len(),
            _ => span,
        }
    }

    /// For an enum-valued parameter (`E`, `[E]`, `[[E]]`) that failed to read `found`: the first
    /// word that is no value of the enum, the enum's name, and a did-you-mean.
    fn unknown_word(&self, ty: &Type, found: &str) -> Option<(String, String, Option<String>)> {
        let separator = grimoire_model::LIST_SLOT_SEPARATOR;
        let (index, word) = match ty {
            Type::Enum { index } => (*index, found.to_owned()),
            Type::List { item } => match item.as_ref() {
                Type::Enum { index } => {
                    let word = found
                        .split(separator)
                        .find(|piece| !self.enum_index[*index].contains_key(*piece))?;
                    (*index, word.to_owned())
                }
                Type::List { item } => {
                    let Type::Enum { index } = item.as_ref() else {
                        return None;
                    };
                    let word = found.split(separator).find_map(|alternative| {
                        let at =
                            crate::template::words(*index, alternative, &self.enum_values).err()?;
                        let rest = &alternative[at..];
                        let end = rest
                            .find(grimoire_model::WORD_SEPARATOR)
                            .unwrap_or(rest.len());
                        Some(rest[..end].to_owned())
                    })?;
                    (*index, word)
                }
                _ => return None,
            },
            _ => return None,
        };
        let def = &self.game.enums[index];
        let help = did_you_mean(&word, def.variants.iter().map(|v| v.name.as_str()));
        Some((word, def.name.clone(), help))
    }

    /// Reports why `text` is not a reference of `category`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn report_miss(
        &self,
        sink: &mut Sink,
        category: usize,
        text: &str,
        span: Range<usize>,
        file: FileId,
        entry: Option<usize>,
        miss: Miss,
    ) {
        let def = &self.game.categories[category];
        match (entry, miss) {
            (Some(e), Miss::BadParam { param, found }) => {
                let entry = &def.entries[e];
                let p = &entry.params[param];
                let span = self.narrow(file, span, &found);
                let mut message = format!(
                    "`{found}` is not a valid `{}` for `{}`: expected {}",
                    p.name,
                    entry.template.source,
                    describe(&p.ty, &self.game)
                );
                let (span, help) = match self.unknown_word(&p.ty, &found) {
                    Some((word, enum_name, help)) => {
                        message
                            .push_str(&format!(" (`{word}` is not a value of enum `{enum_name}`)"));
                        (self.narrow(file, span, &word), help)
                    }
                    None => (span, None),
                };
                sink.error(codes::BAD_PARAMETER, file, span, message)
                    .maybe_help(help);
            }
            (Some(e), Miss::OutOfRange { param, value }) => {
                let entry = &def.entries[e];
                let p = &entry.params[param];
                sink.error(
                    codes::PARAMETER_OUT_OF_RANGE,
                    file,
                    self.narrow(file, span, &value.to_string()),
                    format!(
                        "{value} is out of range for `{}` in `{}`: expected {}",
                        p.name,
                        entry.template.source,
                        describe(&p.ty, &self.game)
                    ),
                );
            }
            _ => {
                let help = self.matchers[category]
                    .suggest(text, &self.enum_values)
                    .map(|s| format!("did you mean `{s}`?"));
                sink.error(
                    codes::UNKNOWN_CODEX_REF,
                    file,
                    span,
                    format!("`{text}` matches no {} in the codex", def.name),
                )
                .maybe_help(help);
            }
        }
    }
}

/// The codex category a field's type refers to, through lists and options.
fn referenced_category(ty: &Type) -> Option<usize> {
    match ty {
        Type::Codex { index } => Some(*index),
        Type::List { item } | Type::Option { item } => referenced_category(item),
        _ => None,
    }
}
