//! Codex entry templates (`"Sharp +{x}"`): parsing, and matching card text against them.

use std::collections::HashMap;

use crate::ir::{EnumIdx, TemplatePart, Value};

/// What a parameter slot accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SlotKind {
    Int {
        min: i64,
        max: i64,
    },
    Enum(EnumIdx),
    String,
    /// Items separated by ` OR `.
    List(Box<SlotKind>),
    /// One or more values of an enum separated by spaces, read longest value first (the items
    /// of a `[[E]]` slot: `Nonliving Creatures`).
    Words(EnumIdx),
}

/// Why a template's source is malformed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TemplateError {
    /// `{` without `}`, or a stray `}`.
    Unbalanced,
    /// `{}`: a slot without a name.
    EmptySlot,
    /// Two slots with no literal text between them.
    AdjacentSlots,
    /// A slot whose name is not a declared parameter.
    UnknownSlot(String),
    /// One parameter used by two slots.
    RepeatedSlot(String),
}

/// Splits a template into literal text and slots; `params` are the declared parameter names.
pub(crate) fn parse(source: &str, params: &[&str]) -> Result<Vec<TemplatePart>, TemplateError> {
    let mut parts = Vec::new();
    let mut used = vec![false; params.len()];
    let mut rest = source;
    while !rest.is_empty() {
        let open = rest.find('{');
        let close = rest.find('}');
        match (open, close) {
            (None, None) => {
                parts.push(TemplatePart::Literal(rest.to_owned()));
                break;
            }
            (Some(open), Some(close)) if open < close => {
                if open > 0 {
                    parts.push(TemplatePart::Literal(rest[..open].to_owned()));
                } else if matches!(parts.last(), Some(TemplatePart::Slot(_))) {
                    return Err(TemplateError::AdjacentSlots);
                }
                let name = &rest[open + 1..close];
                if name.is_empty() {
                    return Err(TemplateError::EmptySlot);
                }
                let index = params
                    .iter()
                    .position(|p| *p == name)
                    .ok_or_else(|| TemplateError::UnknownSlot(name.to_owned()))?;
                if std::mem::replace(&mut used[index], true) {
                    return Err(TemplateError::RepeatedSlot(name.to_owned()));
                }
                parts.push(TemplatePart::Slot(index));
                rest = &rest[close + 1..];
            }
            _ => return Err(TemplateError::Unbalanced),
        }
    }
    Ok(parts)
}

/// The template's fixed text with slots blanked: two templates with the same skeleton can
/// match the same text.
pub(crate) fn skeleton(parts: &[TemplatePart]) -> String {
    parts
        .iter()
        .map(|p| match p {
            TemplatePart::Literal(l) => l.as_str(),
            TemplatePart::Slot(_) => "{}",
        })
        .collect()
}

/// Enum values by enum index, longest first, for slot matching.
pub(crate) type EnumValues = [Vec<(String, usize)>];

/// How a text failed to match one template, most specific last.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Miss {
    /// The fixed text differs.
    Text,
    /// The fixed text matched but parameter `param` could not be read from `found`.
    BadParam { param: usize, found: String },
    /// Parameter `param` is an integer outside its range.
    OutOfRange { param: usize, value: i64 },
}

/// A template ready for matching.
#[derive(Debug, Clone)]
pub(crate) struct Compiled {
    parts: Vec<Part>,
    params: usize,
}

#[derive(Debug, Clone)]
enum Part {
    Literal(String),
    Slot {
        param: usize,
        kind: SlotKind,
        signed: bool,
    },
}

impl Compiled {
    /// Prepares `parts`; `kinds` gives each parameter's slot kind.
    pub(crate) fn new(parts: &[TemplatePart], kinds: &[SlotKind]) -> Self {
        let mut compiled = Vec::with_capacity(parts.len());
        for part in parts {
            compiled.push(match part {
                TemplatePart::Literal(l) => Part::Literal(l.clone()),
                TemplatePart::Slot(p) => {
                    let signed = !matches!(compiled.last(), Some(Part::Literal(l)) if l.ends_with(['+', '-']));
                    Part::Slot {
                        param: *p,
                        kind: kinds[*p].clone(),
                        signed,
                    }
                }
            });
        }
        Compiled {
            parts: compiled,
            params: kinds.len(),
        }
    }

    /// The literal text the template starts with, if it starts with one.
    pub(crate) fn leading_literal(&self) -> Option<&str> {
        match self.parts.first() {
            Some(Part::Literal(l)) => Some(l),
            _ => None,
        }
    }

    /// True when the template has no slot.
    pub(crate) fn is_fixed(&self) -> bool {
        self.params == 0
    }

    /// Matches the whole `text`; on success the arguments in parameter order.
    pub(crate) fn matches(&self, text: &str, enums: &EnumValues) -> Result<Vec<Value>, Miss> {
        let mut args = vec![Value::None; self.params];
        let mut worst_range: Option<Miss> = None;
        self.go(0, text, enums, &mut args, &mut worst_range)?;
        match worst_range {
            Some(miss) => Err(miss),
            None => Ok(args),
        }
    }

    fn go(
        &self,
        at: usize,
        text: &str,
        enums: &EnumValues,
        args: &mut [Value],
        range: &mut Option<Miss>,
    ) -> Result<(), Miss> {
        let Some(part) = self.parts.get(at) else {
            return if text.is_empty() {
                Ok(())
            } else {
                Err(Miss::Text)
            };
        };
        match part {
            Part::Literal(l) => match text.strip_prefix(l.as_str()) {
                Some(rest) => self.go(at + 1, rest, enums, args, range),
                None => Err(Miss::Text),
            },
            Part::Slot {
                param,
                kind,
                signed,
            } => {
                let next = match self.parts.get(at + 1) {
                    Some(Part::Literal(l)) => Some(l.as_str()),
                    _ => None,
                };
                let mut best = Miss::Text;
                for end in extents(kind, *signed, text, next, enums) {
                    match read(kind, *signed, &text[..end], enums) {
                        Ok((value, out_of_range)) => {
                            let before = range.clone();
                            if out_of_range && range.is_none() {
                                if let Value::Int(v) = value {
                                    *range = Some(Miss::OutOfRange {
                                        param: *param,
                                        value: v,
                                    });
                                }
                            }
                            args[*param] = value;
                            match self.go(at + 1, &text[end..], enums, args, range) {
                                Ok(()) => return Ok(()),
                                Err(miss) => {
                                    *range = before;
                                    best = best.max(miss);
                                }
                            }
                        }
                        Err(()) => {
                            best = best.max(Miss::BadParam {
                                param: *param,
                                found: text[..end].to_owned(),
                            })
                        }
                    }
                }
                if best == Miss::Text {
                    let end = next.and_then(|l| text.find(l)).unwrap_or(text.len());
                    if next.is_none_or(|l| text[end..].starts_with(l)) {
                        best = Miss::BadParam {
                            param: *param,
                            found: text[..end].to_owned(),
                        };
                    }
                }
                Err(best)
            }
        }
    }
}

/// Candidate end positions of a slot in `text`.
fn extents(
    kind: &SlotKind,
    signed: bool,
    text: &str,
    next: Option<&str>,
    enums: &EnumValues,
) -> Vec<usize> {
    match kind {
        SlotKind::Int { .. } => {
            let sign = if signed && text.starts_with(['+', '-']) {
                1
            } else {
                0
            };
            let digits = text[sign..].bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                Vec::new()
            } else {
                vec![sign + digits]
            }
        }
        SlotKind::Enum(e) => enums[*e]
            .iter()
            .filter(|(v, _)| text.starts_with(v.as_str()))
            .map(|(v, _)| v.len())
            .collect(),
        SlotKind::String | SlotKind::List(_) | SlotKind::Words(_) => match next {
            None => vec![text.len()],
            Some(l) => text
                .match_indices(l)
                .map(|(i, _)| i)
                .filter(|&i| i > 0)
                .collect(),
        },
    }
}

/// Reads a slot value from exactly `text`; the flag is set when an integer is out of range.
fn read(
    kind: &SlotKind,
    signed: bool,
    text: &str,
    enums: &EnumValues,
) -> Result<(Value, bool), ()> {
    match kind {
        SlotKind::Int { min, max } => {
            let digits = if signed {
                text.strip_prefix('+').unwrap_or(text)
            } else {
                text
            };
            let value: i64 = digits.parse().map_err(|_| ())?;
            Ok((Value::Int(value), value < *min || value > *max))
        }
        SlotKind::Enum(e) => enums[*e]
            .iter()
            .find(|(v, _)| v == text)
            .map(|(_, variant)| {
                (
                    Value::Enum {
                        index: *e,
                        variant: *variant,
                    },
                    false,
                )
            })
            .ok_or(()),
        SlotKind::String => {
            if text.is_empty() || text.trim() != text {
                Err(())
            } else {
                Ok((Value::Str(text.to_owned()), false))
            }
        }
        SlotKind::Words(e) => words(*e, text, enums)
            .map(|items| (Value::List(items), false))
            .map_err(|_| ()),
        SlotKind::List(item) => {
            let mut items = Vec::new();
            let mut out_of_range = false;
            for piece in text.split(grimoire_model::LIST_SLOT_SEPARATOR) {
                let (value, range) = read(item, true, piece, enums)?;
                out_of_range |= range;
                items.push(value);
            }
            Ok((Value::List(items), out_of_range))
        }
    }
}

/// Reads `text` as values of enum `e` separated by single spaces, always taking the longest
/// value that ends at a separator or at the end; `Err` is the byte offset where no value fits.
pub(crate) fn words(e: EnumIdx, text: &str, enums: &EnumValues) -> Result<Vec<Value>, usize> {
    let separator = grimoire_model::WORD_SEPARATOR;
    let mut items = Vec::new();
    let mut at = 0;
    loop {
        let rest = &text[at..];
        let found = enums[e].iter().find(|(v, _)| {
            rest.strip_prefix(v.as_str())
                .is_some_and(|after| after.is_empty() || after.starts_with(separator))
        });
        let Some((value, variant)) = found else {
            return Err(at);
        };
        items.push(Value::Enum {
            index: e,
            variant: *variant,
        });
        at += value.len();
        if at == text.len() {
            return Ok(items);
        }
        at += separator.len();
    }
}

/// All templates of one category, indexed for fast lookup.
#[derive(Debug, Default)]
pub(crate) struct Matcher {
    /// Entries without parameters, by their full text.
    fixed: HashMap<String, usize>,
    /// Entries with parameters that start with a literal, by the literal's first character.
    by_first_char: HashMap<char, Vec<usize>>,
    /// Entries with parameters that start with a slot.
    slot_first: Vec<usize>,
    templates: Vec<Compiled>,
}

/// The result of looking a text up in a category.
#[derive(Debug)]
pub(crate) enum Lookup {
    Found { entry: usize, args: Vec<Value> },
    Missed { entry: Option<usize>, miss: Miss },
}

impl Matcher {
    /// Adds the next entry's template (entries are added in index order).
    pub(crate) fn push(&mut self, template: Compiled) {
        let index = self.templates.len();
        if template.is_fixed() {
            let text = template.leading_literal().unwrap_or_default().to_owned();
            self.fixed.entry(text).or_insert(index);
        } else if let Some(first) = template.leading_literal().and_then(|l| l.chars().next()) {
            self.by_first_char.entry(first).or_default().push(index);
        } else {
            self.slot_first.push(index);
        }
        self.templates.push(template);
    }

    /// The entry whose template matches `text`, or the most specific miss.
    pub(crate) fn lookup(&self, text: &str, enums: &EnumValues) -> Lookup {
        if let Some(&entry) = self.fixed.get(text) {
            return Lookup::Found {
                entry,
                args: Vec::new(),
            };
        }
        let first = text.chars().next().and_then(|c| self.by_first_char.get(&c));
        let mut best: Option<(usize, Miss)> = None;
        for &entry in first.into_iter().flatten().chain(&self.slot_first) {
            match self.templates[entry].matches(text, enums) {
                Ok(args) => return Lookup::Found { entry, args },
                Err(miss) => {
                    if best.as_ref().is_none_or(|(_, b)| miss > *b) {
                        best = Some((entry, miss));
                    }
                }
            }
        }
        match best {
            Some((entry, miss)) if miss != Miss::Text => Lookup::Missed {
                entry: Some(entry),
                miss,
            },
            _ => Lookup::Missed {
                entry: None,
                miss: Miss::Text,
            },
        }
    }

    /// Entries (other than `except`) whose templates match `text`.
    pub(crate) fn all_matches(&self, text: &str, enums: &EnumValues, except: usize) -> Vec<usize> {
        (0..self.templates.len())
            .filter(|&e| e != except && self.templates[e].matches(text, enums).is_ok())
            .collect()
    }

    /// A corrected text for a near miss: a fixed entry's text, or `text` with a parametric
    /// entry's leading literal fixed, when the result matches.
    pub(crate) fn suggest(&self, text: &str, enums: &EnumValues) -> Option<String> {
        let limit = (text.chars().count() / 3).max(2);
        let mut best: Option<(usize, String)> = None;
        let mut consider = |distance: usize, candidate: String| {
            if distance <= limit
                && best
                    .as_ref()
                    .is_none_or(|(d, c)| (distance, &candidate) < (*d, c))
            {
                best = Some((distance, candidate));
            }
        };
        for fixed in self.fixed.keys() {
            consider(strsim::levenshtein(text, fixed), fixed.clone());
        }
        for template in self.templates.iter().filter(|t| !t.is_fixed()) {
            let Some(lead) = template.leading_literal() else {
                continue;
            };
            let lead_chars = lead.chars().count();
            for take in [lead_chars.saturating_sub(1), lead_chars, lead_chars + 1] {
                let split = text.char_indices().nth(take).map_or(text.len(), |(i, _)| i);
                let candidate = format!("{lead}{}", &text[split..]);
                if template.matches(&candidate, enums).is_ok() {
                    consider(strsim::levenshtein(&text[..split], lead), candidate);
                }
            }
        }
        best.map(|(_, c)| c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enums() -> Vec<Vec<(String, usize)>> {
        vec![vec![("Blue".into(), 1), ("Red".into(), 0)]]
    }

    fn compile(source: &str, params: &[(&str, SlotKind)]) -> Compiled {
        let names: Vec<&str> = params.iter().map(|(n, _)| *n).collect();
        let kinds: Vec<SlotKind> = params.iter().map(|(_, k)| k.clone()).collect();
        let parts = parse(source, &names).expect("template parses");
        Compiled::new(&parts, &kinds)
    }

    #[test]
    fn parse_splits_literals_and_slots() {
        let parts = parse("+{x} vs {targets}", &["x", "targets"]).expect("parses");
        assert_eq!(skeleton(&parts), "+{} vs {}");
        assert_eq!(
            parse("{a}{b}", &["a", "b"]),
            Err(TemplateError::AdjacentSlots)
        );
        assert_eq!(parse("Oops {x", &["x"]), Err(TemplateError::Unbalanced));
        assert_eq!(
            parse("Oops {y}", &["x"]),
            Err(TemplateError::UnknownSlot("y".into()))
        );
        assert_eq!(
            parse("{x} {x}", &["x"]),
            Err(TemplateError::RepeatedSlot("x".into()))
        );
        assert_eq!(parse("a {} b", &[]), Err(TemplateError::EmptySlot));
    }

    #[test]
    fn int_slots_follow_the_sign_in_the_template() {
        let sharp = compile("Sharp +{x}", &[("x", SlotKind::Int { min: 0, max: 10 })]);
        assert_eq!(sharp.matches("Sharp +2", &enums()), Ok(vec![Value::Int(2)]));
        assert!(matches!(
            sharp.matches("Sharp +-2", &enums()),
            Err(Miss::BadParam { .. })
        ));
        assert_eq!(
            sharp.matches("Sharp +12", &enums()),
            Err(Miss::OutOfRange {
                param: 0,
                value: 12
            })
        );
        let color = compile(
            "{t} {x}",
            &[
                ("t", SlotKind::Enum(0)),
                ("x", SlotKind::Int { min: -9, max: 9 }),
            ],
        );
        let fire = Value::Enum {
            index: 0,
            variant: 0,
        };
        assert_eq!(
            color.matches("Red -2", &enums()),
            Ok(vec![fire.clone(), Value::Int(-2)])
        );
        assert_eq!(
            color.matches("Red +2", &enums()),
            Ok(vec![fire, Value::Int(2)])
        );
        assert_eq!(
            color.matches("Green +2", &enums()),
            Err(Miss::BadParam {
                param: 0,
                found: "Green".into()
            })
        );
    }

    #[test]
    fn list_and_string_slots() {
        let versus = compile(
            "+{x} vs {targets}",
            &[
                ("x", SlotKind::Int { min: 0, max: 9 }),
                ("targets", SlotKind::List(Box::new(SlotKind::String))),
            ],
        );
        assert_eq!(
            versus.matches("+2 vs Tall OR Small", &enums()),
            Ok(vec![
                Value::Int(2),
                Value::List(vec![Value::Str("Tall".into()), Value::Str("Small".into())])
            ])
        );
        let only = compile("{who} Only", &[("who", SlotKind::String)]);
        assert_eq!(
            only.matches("Big Robot Only", &enums()),
            Ok(vec![Value::Str("Big Robot".into())])
        );
        assert_eq!(
            only.matches(" Only", &enums()),
            Err(Miss::BadParam {
                param: 0,
                found: String::new()
            })
        );
    }

    #[test]
    fn nested_list_slots_read_alternatives_of_words() {
        let enums = vec![vec![
            ("Dark Elf".into(), 2),
            ("Blue".into(), 1),
            ("Dark".into(), 3),
            ("Red".into(), 0),
        ]];
        let versus = compile(
            "+{x} vs {targets}",
            &[
                ("x", SlotKind::Int { min: 0, max: 9 }),
                ("targets", SlotKind::List(Box::new(SlotKind::Words(0)))),
            ],
        );
        let value = |variant| Value::Enum { index: 0, variant };
        assert_eq!(
            versus.matches("+1 vs Dark Elf Red OR Dark Blue", &enums),
            Ok(vec![
                Value::Int(1),
                Value::List(vec![
                    Value::List(vec![value(2), value(0)]),
                    Value::List(vec![value(3), value(1)]),
                ])
            ])
        );
        assert_eq!(
            versus.matches("+1 vs Red", &enums),
            Ok(vec![
                Value::Int(1),
                Value::List(vec![Value::List(vec![value(0)])])
            ])
        );
        assert!(matches!(
            versus.matches("+1 vs Red Grene", &enums),
            Err(Miss::BadParam { param: 1, .. })
        ));
        assert_eq!(words(0, "Red Grene", &enums), Err(4));
        assert_eq!(words(0, "Redd", &enums), Err(0));
    }

    #[test]
    fn matcher_finds_entries_and_suggests() {
        let mut matcher = Matcher::default();
        matcher.push(compile("Fast", &[]));
        matcher.push(compile(
            "Sharp +{x}",
            &[("x", SlotKind::Int { min: 0, max: 10 })],
        ));
        assert!(matches!(
            matcher.lookup("Fast", &enums()),
            Lookup::Found { entry: 0, .. }
        ));
        assert!(matches!(
            matcher.lookup("Sharp +3", &enums()),
            Lookup::Found { entry: 1, .. }
        ));
        assert!(matches!(
            matcher.lookup("Sharp +x", &enums()),
            Lookup::Missed {
                entry: Some(1),
                miss: Miss::BadParam { .. }
            }
        ));
        assert_eq!(
            matcher.suggest("Sahrp +2", &enums()).as_deref(),
            Some("Sharp +2")
        );
        assert_eq!(matcher.suggest("Fsat", &enums()).as_deref(), Some("Fast"));
        assert_eq!(matcher.suggest("Teleport", &enums()), None);
    }
}
