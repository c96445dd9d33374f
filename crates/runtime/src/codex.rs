//! Reading codex values back from card text: the inverse of the generated `Display`.
//!
//! Every generated codex category has a table of [`Template`]s, one per entry in codex order,
//! and its `FromStr` calls [`parse`]: the text is read exactly, then ignoring ASCII case (so
//! `Display` text always reads back as itself). Each template is tried in order, cutting the
//! text at the template's literals every way (as the compiler's template matcher does) and
//! reading the slots: integers with the template's sign rule and declared range, enum values
//! by name, and text or list parameters (which the generated enums hold as `&'static` data)
//! as one of the values the content uses. The first entry that reads is the value; when none
//! does, the first specific reason (an integer out of range, an unknown text value) is
//! reported.

use std::fmt;

/// Text that is not a value of a codex category.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParseCodexError {
    /// The category that was parsed (`Trait`).
    pub category: &'static str,
    /// The text that was parsed.
    pub text: String,
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
        found: String,
    },
}

impl fmt::Display for ParseCodexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a {}", self.text, self.category)?;
        match &self.reason {
            ParseCodexReason::NoMatch => Ok(()),
            ParseCodexReason::OutOfRange {
                entry,
                param,
                value,
                min,
                max,
            } => write!(
                f,
                ": {} of {} is {}, outside {}..={}",
                param, entry, value, min, max
            ),
            ParseCodexReason::UnknownValue {
                entry,
                param,
                found,
            } => write!(f, ": no card uses `{}` as {} of {}", found, param, entry),
        }
    }
}

impl std::error::Error for ParseCodexError {}

/// How one codex entry is written on cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    /// The entry's name (for errors).
    pub entry: &'static str,
    /// The literal text around the slots: `literals[0]` comes before the first slot and
    /// `literals[i + 1]` after slot `i` (empty where two slots or a slot and an end meet).
    pub literals: &'static [&'static str],
    /// The entry's parameters, in declaration order (the order they are read and reported).
    pub params: &'static [Param],
}

/// One parameter of a [`Template`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name (for errors).
    pub name: &'static str,
    /// The slot of the template that holds it.
    pub slot: usize,
    /// What the slot's text may be.
    pub kind: ParamKind,
}

/// What a parameter's slot holds; [`parse`] reads each as an `i64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// An integer in `min..=max`, after an optional `+` or `-` when `signed` (the template does
    /// not write the sign itself). Read as the integer.
    Int {
        /// Whether the slot carries its own sign.
        signed: bool,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },
    /// A value of a game enum, by name (ignoring ASCII case in the second pass). Read as its
    /// position in `names`.
    Enum {
        /// The enum's names, in declaration order.
        names: &'static [&'static str],
    },
    /// A text or list value: one of the values the content uses, by its card text. Read as its
    /// position in `texts`.
    Known {
        /// The card texts of the values the content uses.
        texts: &'static [&'static str],
    },
}

/// How one way of reading the slots failed: `None` when the text does not have the entry's
/// form, else the specific reason.
type Miss = Option<ParseCodexReason>;

/// Reads the parameters of a template from its slot texts.
type ReadSlots<'r> = dyn FnMut(&[&str]) -> Result<Vec<i64>, Miss> + 'r;

/// Reads `text` as a value of `category` with `templates`: exactly, then ignoring ASCII case.
/// `build` makes the value of the entry at a position of `templates` from its parameters as
/// read (see [`ParamKind`]); it answers `None` only for a position that is not an entry.
pub fn parse<T>(
    text: &str,
    category: &'static str,
    templates: &[Template],
    build: fn(usize, &[i64]) -> Option<T>,
) -> Result<T, ParseCodexError> {
    let error = |reason: Miss| ParseCodexError {
        category,
        text: text.into(),
        reason: reason.unwrap_or(ParseCodexReason::NoMatch),
    };
    let (entry, values) = match read(text, templates, false) {
        Ok(found) => found,
        Err(exact) => match read(text, templates, true) {
            Ok(found) => found,
            Err(folded) => return Err(error(exact.or(folded))),
        },
    };
    build(entry, &values).ok_or_else(|| error(None))
}

/// The first entry whose template reads `text`, with its parameter values.
fn read(text: &str, templates: &[Template], fold: bool) -> Result<(usize, Vec<i64>), Miss> {
    let mut reason = None;
    for (index, template) in templates.iter().enumerate() {
        let mut slots = Vec::with_capacity(template.literals.len().saturating_sub(1));
        let mut read_params = |slots: &[&str]| params(template, slots, fold);
        if let Some(values) = cut(
            text,
            template.literals,
            fold,
            &mut slots,
            &mut reason,
            &mut read_params,
        ) {
            return Ok((index, values));
        }
    }
    Err(reason)
}

/// Reads every parameter of `template` from the slot texts, in declaration order.
fn params(template: &Template, slots: &[&str], fold: bool) -> Result<Vec<i64>, Miss> {
    template
        .params
        .iter()
        .map(|param| {
            let text = slots[param.slot];
            match param.kind {
                ParamKind::Int { signed, min, max } => {
                    int(text, signed, min, max, template.entry, param.name)
                }
                ParamKind::Enum { names } => position(names, text, fold).ok_or(None),
                ParamKind::Known { texts } => position(texts, text, fold).ok_or_else(|| {
                    Some(ParseCodexReason::UnknownValue {
                        entry: template.entry,
                        param: param.name,
                        found: text.into(),
                    })
                }),
            }
        })
        .collect()
}

/// The position of `text` in `names`: exactly, or (with `fold`) else ignoring ASCII case.
fn position(names: &[&str], text: &str, fold: bool) -> Option<i64> {
    let exact = names.iter().position(|name| *name == text);
    let found = match exact {
        None if fold => names
            .iter()
            .position(|name| name.eq_ignore_ascii_case(text)),
        other => other,
    };
    found.map(|position| position as i64)
}

/// Whether `text` is `literal`, exactly or (with `fold`) ignoring ASCII case.
fn same(text: &str, literal: &str, fold: bool) -> bool {
    if fold {
        text.eq_ignore_ascii_case(literal)
    } else {
        text == literal
    }
}

/// `text` without the prefix `literal`.
fn strip<'t>(text: &'t str, literal: &str, fold: bool) -> Option<&'t str> {
    let head = text.get(..literal.len())?;
    if same(head, literal, fold) {
        text.get(literal.len()..)
    } else {
        None
    }
}

/// Tries every way of cutting `text` at `literals`; `read` turns the slot texts into values.
/// The first specific miss is kept in `reason`.
fn cut<'t>(
    text: &'t str,
    literals: &[&str],
    fold: bool,
    slots: &mut Vec<&'t str>,
    reason: &mut Miss,
    read: &mut ReadSlots<'_>,
) -> Option<Vec<i64>> {
    let rest = strip(text, literals[0], fold)?;
    let Some(next) = literals.get(1) else {
        if !rest.is_empty() {
            return None;
        }
        return match read(slots) {
            Ok(values) => Some(values),
            Err(miss) => {
                if reason.is_none() {
                    *reason = miss;
                }
                None
            }
        };
    };
    let ends: Vec<usize> = if next.is_empty() {
        vec![rest.len()]
    } else {
        rest.char_indices()
            .map(|(end, _)| end)
            .filter(|&end| end > 0)
            .filter(|&end| strip(&rest[end..], next, fold).is_some())
            .collect()
    };
    for end in ends {
        slots.push(&rest[..end]);
        if let Some(values) = cut(&rest[end..], &literals[1..], fold, slots, reason, read) {
            return Some(values);
        }
        slots.pop();
    }
    None
}

/// An integer slot: digits, after an optional `+` or `-` when `signed`, within `min..=max`.
fn int(
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
        return Err(Some(ParseCodexReason::OutOfRange {
            entry,
            param,
            value,
            min,
            max,
        }));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ELEMENTS: [&str; 2] = ["Fire", "Deep Water"];

    /// `Piercing +{x}` (0..=5), `Flame {x}` (-3..=3), `{x} vs {type}` and `Hunts {prey}`.
    static TEMPLATES: [Template; 4] = [
        Template {
            entry: "Piercing",
            literals: &["Piercing +", ""],
            params: &[Param {
                name: "x",
                slot: 0,
                kind: ParamKind::Int {
                    signed: false,
                    min: 0,
                    max: 5,
                },
            }],
        },
        Template {
            entry: "Flame",
            literals: &["Flame ", ""],
            params: &[Param {
                name: "x",
                slot: 0,
                kind: ParamKind::Int {
                    signed: true,
                    min: -3,
                    max: 3,
                },
            }],
        },
        Template {
            entry: "Bonus",
            literals: &["", " vs ", ""],
            params: &[
                Param {
                    name: "x",
                    slot: 0,
                    kind: ParamKind::Int {
                        signed: true,
                        min: -3,
                        max: 3,
                    },
                },
                Param {
                    name: "type",
                    slot: 1,
                    kind: ParamKind::Enum { names: &ELEMENTS },
                },
            ],
        },
        Template {
            entry: "Hunts",
            literals: &["Hunts ", ""],
            params: &[Param {
                name: "prey",
                slot: 0,
                kind: ParamKind::Known {
                    texts: &["Deep Water Fire OR Fire"],
                },
            }],
        },
    ];

    fn parts(entry: usize, values: &[i64]) -> Option<(usize, Vec<i64>)> {
        Some((entry, values.to_vec()))
    }

    fn read(text: &str) -> Result<(usize, Vec<i64>), ParseCodexError> {
        parse(text, "Trait", &TEMPLATES, parts)
    }

    #[test]
    fn templates_read_their_slots_in_codex_order() {
        assert_eq!(read("Piercing +2"), Ok((0, vec![2])));
        assert_eq!(read("Flame -1"), Ok((1, vec![-1])));
        assert_eq!(read("+2 vs Deep Water"), Ok((2, vec![2, 1])));
        assert_eq!(read("Hunts Deep Water Fire OR Fire"), Ok((3, vec![0])));
    }

    #[test]
    fn a_second_pass_ignores_ascii_case() {
        assert_eq!(read("piercing +2"), Ok((0, vec![2])));
        assert_eq!(read("-1 VS fire"), Ok((2, vec![-1, 0])));
    }

    #[test]
    fn the_first_specific_reason_is_reported() {
        let error = read("Piercing +9").unwrap_err();
        assert_eq!(
            error.reason,
            ParseCodexReason::OutOfRange {
                entry: "Piercing",
                param: "x",
                value: 9,
                min: 0,
                max: 5
            }
        );
        assert_eq!(
            error.to_string(),
            "`Piercing +9` is not a Trait: x of Piercing is 9, outside 0..=5"
        );
        let error = read("Hunts Air").unwrap_err();
        assert_eq!(
            error.to_string(),
            "`Hunts Air` is not a Trait: no card uses `Air` as prey of Hunts"
        );
        let error = read("Swift").unwrap_err();
        assert_eq!(error.reason, ParseCodexReason::NoMatch);
        assert_eq!(error.to_string(), "`Swift` is not a Trait");
    }

    #[test]
    fn a_signed_slot_needs_digits() {
        assert!(read("Flame +").is_err());
        assert!(read("Piercing +-1").is_err());
    }
}
