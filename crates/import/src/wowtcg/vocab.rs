//! The words the WoW TCG codex knows, read from `codex/wow-tcg/` itself.
//!
//! The importer checks every value it writes against the codex the cards compile against:
//! enum values (`game.toml` `[enums]`), the fields each kind declares, and the templates of
//! the type-line tags (`tags.toml`) and keywords (`keywords.toml`). A value the codex does not
//! know is reported as unmapped instead of being written, so an import never produces a pool
//! that fails to compile for a reason the report did not name.

use std::collections::BTreeMap;

use toml::{Table, Value};

/// `codex/wow-tcg/game.toml`, built in.
const GAME_TOML: &str = include_str!("../../../../codex/wow-tcg/game.toml");
/// `codex/wow-tcg/tags.toml`, built in.
const TAGS_TOML: &str = include_str!("../../../../codex/wow-tcg/tags.toml");
/// `codex/wow-tcg/keywords.toml`, built in.
const KEYWORDS_TOML: &str = include_str!("../../../../codex/wow-tcg/keywords.toml");

/// One piece of a codex template.
#[derive(Debug, Clone)]
enum Piece {
    /// Fixed text, matched ignoring ASCII case and written as the template spells it.
    Literal(String),
    /// An integer parameter in a closed range.
    Int { min: i64, max: i64 },
    /// A parameter holding one value of an enum (its canonical spellings).
    Enum(Vec<String>),
}

/// One codex entry's template, split into pieces.
#[derive(Debug, Clone)]
struct Template {
    pieces: Vec<Piece>,
}

impl Template {
    /// The canonical text of `text` when it has this template's form.
    fn read(&self, text: &str) -> Option<String> {
        read_pieces(&self.pieces, text.trim())
    }
}

fn read_pieces(pieces: &[Piece], text: &str) -> Option<String> {
    let Some((first, rest)) = pieces.split_first() else {
        return text.is_empty().then(String::new);
    };
    match first {
        Piece::Literal(literal) => {
            let head = text.get(..literal.len())?;
            if !head.eq_ignore_ascii_case(literal) {
                return None;
            }
            let tail = read_pieces(rest, &text[literal.len()..])?;
            Some(format!("{literal}{tail}"))
        }
        Piece::Int { min, max } => {
            let digits = text.chars().take_while(char::is_ascii_digit).count();
            let value: i64 = text.get(..digits)?.parse().ok()?;
            if value < *min || value > *max {
                return None;
            }
            let tail = read_pieces(rest, &text[digits..])?;
            Some(format!("{value}{tail}"))
        }
        Piece::Enum(values) => values.iter().find_map(|value| {
            let head = text.get(..value.len())?;
            if !head.eq_ignore_ascii_case(value) {
                return None;
            }
            let tail = read_pieces(rest, &text[value.len()..])?;
            Some(format!("{value}{tail}"))
        }),
    }
}

/// What the importer may write for WoW TCG, as the codex declares it.
#[derive(Debug)]
pub struct Vocabulary {
    enums: BTreeMap<String, Vec<String>>,
    kind_fields: BTreeMap<String, BTreeMap<String, String>>,
    tags: Vec<Template>,
    keywords: Vec<Template>,
    /// Whether a word the codex does not know is written as spelled (`--scaffold`).
    keep_new_words: bool,
}

impl Vocabulary {
    /// The vocabulary of the built-in codex.
    ///
    /// # Panics
    /// Never for the committed codex, which the workspace tests compile; a codex file that is
    /// not TOML is a build-time content error, caught by `grimoire check` before it ships.
    pub fn builtin() -> Self {
        Self::from_texts(GAME_TOML, TAGS_TOML, KEYWORDS_TOML)
            .expect("the built-in codex/wow-tcg files are valid TOML")
    }

    /// The vocabulary of the given `game.toml`, tag and keyword files.
    pub fn from_texts(game: &str, tags: &str, keywords: &str) -> Result<Self, String> {
        let game: Table = game.parse().map_err(|e| format!("game.toml: {e}"))?;
        let enums = read_enums(&game);
        let kind_fields = read_kind_fields(&game);
        let tags: Table = tags.parse().map_err(|e| format!("tags.toml: {e}"))?;
        let keywords: Table = keywords
            .parse()
            .map_err(|e| format!("keywords.toml: {e}"))?;
        Ok(Self {
            tags: read_templates(&tags, "tags", &enums),
            keywords: read_templates(&keywords, "keywords", &enums),
            enums,
            kind_fields,
            keep_new_words: false,
        })
    }

    /// The vocabulary of the codex an import checks its cards against (`game.toml`,
    /// `tags.toml` and `keywords.toml` of its folder; a missing tag or keyword file is empty).
    pub fn of_codex(codex: &crate::check::GameCodex) -> Result<Self, crate::ImportError> {
        let text = |file: &str| codex.file_text(&codex.dir().join(file)).unwrap_or("");
        Self::from_texts(text("game.toml"), text("tags.toml"), text("keywords.toml")).map_err(
            |message| crate::ImportError::Codex {
                path: codex.dir().to_path_buf(),
                at: grimoire_input::Location { line: 1, column: 1 },
                message,
            },
        )
    }

    /// The same vocabulary, writing words it does not know as the data spells them (a race,
    /// tag, faction, profession or hero trait), for `--scaffold` to add as drafts.
    pub fn keeping_new_words(mut self) -> Self {
        self.keep_new_words = true;
        self
    }

    /// [`Vocabulary::enum_value`], or the trimmed text itself when it is unknown and new
    /// words are kept (a word with a letter in it, not a whole sentence).
    pub fn enum_word(&self, name: &str, text: &str) -> Option<String> {
        self.enum_value(name, text)
            .map(str::to_owned)
            .or_else(|| self.new_word(text))
    }

    /// [`Vocabulary::tag`], or the trimmed text itself when it is unknown and new words are
    /// kept.
    pub fn tag_word(&self, text: &str) -> Option<String> {
        self.tag(text).or_else(|| self.new_word(text))
    }

    /// An unknown word kept as written: letters, digits, spaces, `'` and `-` only, at most
    /// four words, so that stray text is still reported rather than becoming a codex entry.
    fn new_word(&self, text: &str) -> Option<String> {
        let text = text.trim();
        let plausible = text.chars().any(char::is_alphabetic)
            && text
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '\'' | '-'))
            && text.split_whitespace().count() <= 4;
        (self.keep_new_words && plausible).then(|| text.to_owned())
    }

    /// The canonical spelling of `text` as a value of enum `name` (ASCII case ignored).
    pub fn enum_value(&self, name: &str, text: &str) -> Option<&str> {
        let text = text.trim();
        self.enums
            .get(name)?
            .iter()
            .find(|value| value.eq_ignore_ascii_case(text))
            .map(String::as_str)
    }

    /// Whether kind `kind` declares field `field` (its own or through `extends`).
    pub fn kind_has_field(&self, kind: &str, field: &str) -> bool {
        self.kind_fields
            .get(kind)
            .is_some_and(|fields| fields.contains_key(field))
    }

    /// The closed range of an integer field of a kind (`int(0..=99)`, optional or not).
    pub fn int_range(&self, kind: &str, field: &str) -> Option<(i64, i64)> {
        let ty = self.kind_fields.get(kind)?.get(field)?;
        let range = ty
            .trim_end_matches('?')
            .strip_prefix("int(")?
            .strip_suffix(')')?;
        let (min, max) = range.split_once("..=")?;
        Some((min.parse().ok()?, max.parse().ok()?))
    }

    /// Whether the codex declares kind `kind`.
    pub fn has_kind(&self, kind: &str) -> bool {
        self.kind_fields.contains_key(kind)
    }

    /// The canonical text of a type-line tag (`pet(1)` is not read; `Pet (1)` is).
    pub fn tag(&self, text: &str) -> Option<String> {
        self.tags.iter().find_map(|template| template.read(text))
    }

    /// The canonical text of a keyword (`Assault 2`, `Frost Resistance`).
    pub fn keyword(&self, text: &str) -> Option<String> {
        self.keywords
            .iter()
            .find_map(|template| template.read(text))
    }
}

fn read_enums(game: &Table) -> BTreeMap<String, Vec<String>> {
    let mut enums = BTreeMap::new();
    let Some(Value::Table(declared)) = game.get("enums") else {
        return enums;
    };
    for (name, body) in declared {
        let values = body
            .get("values")
            .and_then(Value::as_array)
            .map(|values| {
                values
                    .iter()
                    .filter_map(|value| match value {
                        Value::String(text) => Some(text.clone()),
                        Value::Table(entry) => {
                            entry.get("name").and_then(Value::as_str).map(str::to_owned)
                        }
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        enums.insert(name.clone(), values);
    }
    enums
}

fn read_kind_fields(game: &Table) -> BTreeMap<String, BTreeMap<String, String>> {
    let field_names = |body: &Value| -> BTreeMap<String, String> {
        let Some(fields) = body.get("fields").and_then(Value::as_table) else {
            return BTreeMap::new();
        };
        fields
            .iter()
            .map(|(name, field)| {
                let ty = match field {
                    Value::String(ty) => ty.clone(),
                    other => other
                        .get("type")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned(),
                };
                (name.clone(), ty)
            })
            .collect()
    };
    let records = game.get("records").and_then(Value::as_table);
    let mut kinds = BTreeMap::new();
    let Some(Value::Table(declared)) = game.get("kinds") else {
        return kinds;
    };
    for (name, body) in declared {
        let mut fields = field_names(body);
        if let Some(parent) = body.get("extends").and_then(Value::as_str) {
            if let Some(record) = records.and_then(|records| records.get(parent)) {
                fields.extend(field_names(record));
            }
        }
        kinds.insert(name.clone(), fields);
    }
    kinds
}

fn read_templates(file: &Table, key: &str, enums: &BTreeMap<String, Vec<String>>) -> Vec<Template> {
    let Some(Value::Array(entries)) = file.get(key) else {
        return Vec::new();
    };
    entries
        .iter()
        .filter_map(|entry| {
            let name = entry.get("name").and_then(Value::as_str)?;
            let template = entry
                .get("template")
                .and_then(Value::as_str)
                .unwrap_or(name);
            let params = entry.get("params").and_then(Value::as_table);
            parse_template(template, params, enums)
        })
        .collect()
}

/// Splits `Pet ({n})` into pieces; `None` when a slot has a type the importer cannot read.
fn parse_template(
    template: &str,
    params: Option<&Table>,
    enums: &BTreeMap<String, Vec<String>>,
) -> Option<Template> {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            pieces.push(Piece::Literal(rest[..open].to_owned()));
        }
        let close = open + rest[open..].find('}')?;
        let slot = &rest[open + 1..close];
        let ty = params?.get(slot)?.as_str()?;
        pieces.push(slot_piece(ty, enums)?);
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Literal(rest.to_owned()));
    }
    Some(Template { pieces })
}

fn slot_piece(ty: &str, enums: &BTreeMap<String, Vec<String>>) -> Option<Piece> {
    if let Some(range) = ty.strip_prefix("int(").and_then(|r| r.strip_suffix(')')) {
        let (min, max) = range.split_once("..=")?;
        return Some(Piece::Int {
            min: min.parse().ok()?,
            max: max.parse().ok()?,
        });
    }
    let mut values = enums.get(ty)?.clone();
    values.sort_by_key(|value| std::cmp::Reverse(value.len()));
    Some(Piece::Enum(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_keywords_and_enums_of_the_codex() {
        let vocab = Vocabulary::builtin();
        assert_eq!(vocab.tag("Pet (1)").as_deref(), Some("Pet (1)"));
        assert_eq!(vocab.tag("trinket (2)").as_deref(), Some("Trinket (2)"));
        assert_eq!(vocab.tag("Pet (0)"), None, "limits start at 1");
        assert_eq!(vocab.keyword("assault 3").as_deref(), Some("Assault 3"));
        assert_eq!(
            vocab.keyword("frost resistance").as_deref(),
            Some("Frost Resistance")
        );
        assert_eq!(vocab.keyword("Assault X"), None);
        assert_eq!(
            vocab.enum_value("Class", "death knight"),
            Some("Death Knight")
        );
        assert!(vocab.kind_has_field("hero", "professions"));
        assert!(vocab.kind_has_field("ally", "atk"));
        assert!(!vocab.kind_has_field("ally", "professions"));
        assert_eq!(vocab.int_range("ally", "cost"), Some((0, 99)));
    }
}
