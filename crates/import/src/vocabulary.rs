//! New vocabulary: the words imported cards use that the game's schema and codex do not know,
//! and `--scaffold`, which writes reviewable additions for them.
//!
//! The compiler is the judge of what is known: the content root is compiled and every
//! "unknown enum value" (E0006), "unknown codex reference" (E0008) and "bad parameter" (E0009)
//! diagnostic in a card file is a new name, reported with the card and file line where it
//! occurs. Scaffolding adds each new enum value to its `[enums.X]` list in `game.toml` and
//! each new codex word as an entry marked `draft = true`, which compiles with a warning until
//! someone writes its summary and behaviour and removes the mark.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use grimoire_compiler::diagnostic::codes;
use grimoire_compiler::Diagnostic;

use crate::error::ImportError;

/// What kind of word a new name is.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum NameKind {
    /// A value of an enum of `game.toml` (`Subtype`, `EquipmentSlot`, `ConjurationForm`, ...).
    EnumValue(String),
    /// An entry of a codex category (`Trait`, `Condition`, ...), written in the category's file.
    CodexEntry {
        /// The category's name.
        category: String,
        /// The category's `file` key (`traits`): the array key and the file stem.
        file_key: String,
    },
}

impl fmt::Display for NameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EnumValue(name) => write!(f, "{name} value"),
            Self::CodexEntry { category, .. } => write!(f, "{category}"),
        }
    }
}

/// One word the content does not know yet, and where the cards use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewName {
    /// Enum value or codex entry.
    pub kind: NameKind,
    /// The entry or value name to add (`Dissipate`, `Altar`).
    pub name: String,
    /// For a codex word with a number (`Dissipate 2`): the template to declare
    /// (`Dissipate {x}`); `None` when the name is the whole text.
    pub template: Option<String>,
    /// Where it occurs: `file:line (card)`, in file order.
    pub occurrences: Vec<String>,
}

impl fmt::Display for NewName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.template.as_deref().unwrap_or(&self.name);
        write!(
            f,
            "{} `{shown}`: {}",
            self.kind,
            self.occurrences.join(", ")
        )
    }
}

/// The categories of a game's `game.toml`: name and `file` key.
fn categories(game_toml: &str) -> BTreeMap<String, String> {
    let Ok(table) = game_toml.parse::<toml::Table>() else {
        return BTreeMap::new();
    };
    table
        .get("categories")
        .and_then(toml::Value::as_table)
        .map(|categories| {
            categories
                .iter()
                .filter_map(|(name, category)| {
                    let file = category.get("file")?.as_str()?;
                    Some((name.clone(), file.to_owned()))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The category whose codex files declare `template` (for a bad parameter, E0009).
fn category_of_template(
    codex: &[grimoire_compiler::SourceFile],
    categories: &BTreeMap<String, String>,
    template: &str,
) -> Option<(String, String)> {
    for file in codex {
        let Ok(table) = file.text.parse::<toml::Table>() else {
            continue;
        };
        for (key, entries) in &table {
            let declares = entries.as_array().is_some_and(|entries| {
                entries.iter().any(|entry| {
                    entry
                        .get("template")
                        .or_else(|| entry.get("name"))
                        .and_then(toml::Value::as_str)
                        == Some(template)
                })
            });
            if declares {
                return categories
                    .iter()
                    .find(|(_, file_key)| *file_key == key)
                    .map(|(name, file_key)| (name.clone(), file_key.clone()));
            }
        }
    }
    None
}

/// The backquoted parts of a diagnostic message, in order.
fn quoted(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// The name of the card whose `[[card]]` table holds byte `at` of `text`.
fn card_at(text: &str, at: usize) -> Option<String> {
    let before = &text[..at.min(text.len())];
    let table = before.rfind("[[card]]")?;
    text[table..].lines().find_map(|line| {
        let value = line.trim().strip_prefix("name = ")?;
        value
            .trim()
            .strip_prefix('"')?
            .strip_suffix('"')
            .map(str::to_owned)
    })
}

/// A codex word with a trailing number (`Dissipate 2`, `Hydro -3`) is an entry with a
/// template slot; anything else is an entry named by its text.
fn entry_shape(text: &str) -> (String, Option<String>) {
    if let Some((stem, last)) = text.rsplit_once(' ') {
        if last.parse::<i64>().is_ok() && !stem.is_empty() {
            let sign = if last.starts_with('+') {
                "+"
            } else if last.starts_with('-') {
                "-"
            } else {
                ""
            };
            return (stem.to_owned(), Some(format!("{stem} {sign}{{x}}")));
        }
    }
    (text.to_owned(), None)
}

/// Every new name the cards of `game` under `root` use, in a stable order. Empty when the
/// content compiles; other compile errors (not about new words) are not reported here.
pub fn find_new_names(root: &Path, game: &str) -> Result<Vec<NewName>, ImportError> {
    let input = grimoire_compiler::load_game(root, game).map_err(|source| ImportError::Io {
        path: root.join("codex").join(game),
        source,
    })?;
    Ok(new_names_in(&input))
}

/// Every new name the card files of a loaded game use, in a stable order (see
/// [`find_new_names`]); the game is compiled as loaded, so it may be a pool not yet written.
pub fn new_names_in(input: &grimoire_compiler::GameInput) -> Vec<NewName> {
    let Err(diagnostics) = grimoire_compiler::compile(input) else {
        return Vec::new();
    };
    let categories = categories(&input.game_toml.text);
    let mut found: BTreeMap<(NameKind, String), NewName> = BTreeMap::new();
    for diagnostic in diagnostics.iter() {
        let Some(file) = input.cards.iter().find(|file| file.path == diagnostic.file) else {
            continue;
        };
        let Some((kind, text)) = new_word(diagnostic, &file.text, input, &categories) else {
            continue;
        };
        let (name, template) = match kind {
            NameKind::EnumValue(_) => (text, None),
            NameKind::CodexEntry { .. } => entry_shape(&text),
        };
        let card = card_at(&file.text, diagnostic.span.start).unwrap_or_default();
        let occurrence = format!("{}:{} ({card})", diagnostic.file, diagnostic.line);
        let entry = found
            .entry((kind.clone(), name.clone()))
            .or_insert_with(|| NewName {
                kind,
                name,
                template,
                occurrences: Vec::new(),
            });
        if !entry.occurrences.contains(&occurrence) {
            entry.occurrences.push(occurrence);
        }
    }
    found.into_values().collect()
}

/// Whether a compiler error is about a word the codex does not know yet (an enum value, a
/// codex reference or a parameter), which `--scaffold` can add as a draft.
pub fn is_new_word(diagnostic: &Diagnostic) -> bool {
    match diagnostic.code {
        codes::UNKNOWN_ENUM_VALUE => diagnostic.message.contains("is not a value of enum"),
        codes::UNKNOWN_CODEX_REF | codes::BAD_PARAMETER => true,
        _ => false,
    }
}

/// The kind and text of the new word a diagnostic is about, if it is about one.
fn new_word(
    diagnostic: &Diagnostic,
    text: &str,
    input: &grimoire_compiler::GameInput,
    categories: &BTreeMap<String, String>,
) -> Option<(NameKind, String)> {
    let parts = quoted(&diagnostic.message);
    match diagnostic.code {
        codes::UNKNOWN_ENUM_VALUE if diagnostic.message.contains("is not a value of enum") => {
            Some((
                NameKind::EnumValue(parts.get(1)?.to_string()),
                parts[0].to_owned(),
            ))
        }
        codes::UNKNOWN_CODEX_REF => {
            let category = diagnostic
                .message
                .split(" matches no ")
                .nth(1)?
                .split(" in the codex")
                .next()?
                .to_owned();
            let file_key = categories.get(&category)?.clone();
            Some((
                NameKind::CodexEntry { category, file_key },
                parts.first()?.to_string(),
            ))
        }
        codes::BAD_PARAMETER => {
            let template = parts.get(2)?;
            let (category, file_key) = category_of_template(&input.codex, categories, template)?;
            // The span is the parameter's text; the word is the whole string around it.
            let start = text.get(..diagnostic.span.start)?.rfind('"')? + 1;
            let end = diagnostic.span.end + text.get(diagnostic.span.end..)?.find('"')?;
            let written = text.get(start..end)?.to_owned();
            Some((NameKind::CodexEntry { category, file_key }, written))
        }
        _ => None,
    }
}

/// Writes the additions for `names` into `root`'s `codex/<game>/`: enum values into
/// `game.toml`, codex entries marked `draft = true` at the end of `<file_key>.toml`. Returns the
/// files changed. Every addition says where the word was first seen.
pub fn scaffold(root: &Path, game: &str, names: &[NewName]) -> Result<Vec<PathBuf>, ImportError> {
    let codex_dir = root.join("codex").join(game);
    let edits = scaffold_edits(
        &codex_dir,
        &|path| {
            if path.is_file() {
                read(path).map(Some)
            } else {
                Ok(None)
            }
        },
        names,
    )?;
    let mut written = Vec::new();
    for (path, text) in &edits {
        write(path, text)?;
        written.push(path.clone());
    }
    Ok(written)
}

/// The files of the codex folder `codex_dir` that the additions for `names` change, with their
/// new text, written nowhere: `current` gives a file's text now (`None`: it does not exist).
/// Only files that change are listed, `game.toml` first.
pub fn scaffold_edits(
    codex_dir: &Path,
    current: &dyn Fn(&Path) -> Result<Option<String>, ImportError>,
    names: &[NewName],
) -> Result<Vec<(PathBuf, String)>, ImportError> {
    let game_path = codex_dir.join("game.toml");
    let original = current(&game_path)?.ok_or_else(|| ImportError::Scaffold {
        path: game_path.clone(),
        message: "the codex folder has no game.toml".to_owned(),
    })?;
    let mut game_toml = original.clone();
    let mut codex_files: BTreeMap<PathBuf, String> = BTreeMap::new();
    for name in names {
        let first_seen = name.occurrences.first().cloned().unwrap_or_default();
        match &name.kind {
            NameKind::EnumValue(enum_name) => {
                let value = format!(
                    "{{ name = {}, summary = {} }}",
                    toml_string(&name.name),
                    toml_string(&format!(
                        "Added by import --scaffold (first seen at {first_seen}); review."
                    ))
                );
                game_toml = add_enum_value(&game_toml, enum_name, &value).ok_or_else(|| {
                    ImportError::Scaffold {
                        path: game_path.clone(),
                        message: format!("no `values = [...]` list under [enums.{enum_name}]"),
                    }
                })?;
            }
            NameKind::CodexEntry { file_key, .. } => {
                let path = codex_dir.join(format!("{file_key}.toml"));
                if !codex_files.contains_key(&path) {
                    let text = current(&path)?.unwrap_or_default();
                    codex_files.insert(path.clone(), text);
                }
                let text = codex_files.entry(path).or_default();
                text.push_str(&draft_entry(file_key, name, &first_seen));
            }
        }
    }
    let mut edits = Vec::new();
    if game_toml != original {
        edits.push((game_path, game_toml));
    }
    edits.extend(codex_files);
    Ok(edits)
}

/// What `--scaffold` adds to the codex for the cards of one import, worked out and compiled in
/// memory before anything is written.
#[derive(Debug, Clone, Default)]
pub struct ScaffoldPlan {
    /// The new words, each with where the cards use it.
    pub names: Vec<NewName>,
    /// The codex files the drafts change, with their new text.
    pub edits: Vec<(PathBuf, String)>,
    /// The warnings the game compiles with once the drafts are in (one `W0001` per draft),
    /// rendered.
    pub warnings: String,
    /// How many warnings.
    pub warning_count: usize,
}

/// The scaffold of an import whose card directory would be `cards`: the new words those cards
/// use against `codex`, the drafts for them, and the game compiled with both. An error when
/// the game would still not compile (a problem no draft can solve): then nothing is to be
/// written.
pub(crate) fn plan_scaffold(
    codex: &crate::check::GameCodex,
    cards: &[crate::pool::RenderedFile],
) -> Result<ScaffoldPlan, ImportError> {
    let names = new_names_in(&codex.input(cards));
    if names.is_empty() {
        return Ok(ScaffoldPlan::default());
    }
    let edits = scaffold_edits(
        codex.dir(),
        &|path| Ok(codex.file_text(path).map(str::to_owned)),
        &names,
    )?;
    let edited = codex.with_edits(&edits);
    match grimoire_compiler::compile(&edited.input(cards)) {
        Ok(compiled) => Ok(ScaffoldPlan {
            names,
            edits,
            warnings: compiled.warnings.render(false),
            warning_count: compiled.warnings.len(),
        }),
        Err(diagnostics) => {
            let first = diagnostics.iter().next();
            Err(ImportError::Scaffold {
                path: first.map_or_else(|| codex.dir().to_path_buf(), |d| PathBuf::from(&d.file)),
                message: format!(
                    "{} errors would remain with the new words as drafts, so nothing was written; the first: {}",
                    diagnostics.len(),
                    first.map_or_else(String::new, |d| format!(
                        "{}:{}:{}: {} {}",
                        d.file, d.line, d.column, d.code, d.message
                    ))
                ),
            })
        }
    }
}

/// One `[[<file_key>]]` draft entry.
fn draft_entry(file_key: &str, name: &NewName, first_seen: &str) -> String {
    let mut entry = format!(
        "\n# Draft written by `grimoire import --scaffold`: review it, then remove `draft`.\n[[{file_key}]]\nname = {}\n",
        toml_string(&name.name)
    );
    if let Some(template) = &name.template {
        entry.push_str(&format!(
            "template = {}\nparams.x = \"int(-20..=20)\"\n",
            toml_string(template)
        ));
    }
    entry.push_str(&format!(
        "summary = {}\ndraft = true\n",
        toml_string(&format!("Draft: first seen at {first_seen}."))
    ));
    entry
}

/// `text` with `value` added at the end of the `values = [...]` list of `[enums.<name>]`.
fn add_enum_value(text: &str, enum_name: &str, value: &str) -> Option<String> {
    let header = format!("[enums.{enum_name}]");
    let section = text
        .match_indices(&header)
        .map(|(at, _)| at)
        .find(|&at| text[at + header.len()..].starts_with(['\n', '\r', ' ', '#']))?;
    let values = section + text[section..].find("values = [")? + "values = [".len();
    let close = values + closing_bracket(&text[values..])?;
    let before = text[values..close].trim_end();
    let separator = if before.is_empty() || before.ends_with(',') {
        ""
    } else {
        ","
    };
    let insert_at = values + before.len();
    Some(format!(
        "{}{separator}\n  {value},\n{}",
        &text[..insert_at],
        &text[close..]
    ))
}

/// Byte offset of the `]` closing a list whose text starts right after its `[`.
fn closing_bracket(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '[' | '{' if !in_string => depth += 1,
            '}' if !in_string => depth = depth.saturating_sub(1),
            ']' if !in_string && depth == 0 => return Some(at),
            ']' if !in_string => depth -= 1,
            _ => {}
        }
    }
    None
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

fn read(path: &Path) -> Result<String, ImportError> {
    crate::source::read_source(path)
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`, so a failed
/// write never leaves a half-written schema or codex file.
fn write(path: &Path, text: &str) -> Result<(), ImportError> {
    let io_error = |source| ImportError::Io {
        path: path.to_path_buf(),
        source,
    };
    let staged = path.with_extension("toml.scaffold-tmp");
    fs::write(&staged, text).map_err(io_error)?;
    fs::rename(&staged, path).map_err(|source| {
        let _ = fs::remove_file(&staged);
        io_error(source)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enum_values_are_added_to_one_line_and_multi_line_lists() {
        let text = "[enums.A]\nvalues = [\"X\", \"Y\"]\n\n[enums.AB]\nvalues = [\n  \"P\",\n]\n";
        let one = add_enum_value(text, "A", "\"Z\"").expect("A has values");
        assert!(
            one.contains("values = [\"X\", \"Y\",\n  \"Z\",\n]"),
            "{one}"
        );
        let many = add_enum_value(text, "AB", "\"Q\"").expect("AB has values");
        assert!(many.contains("  \"P\",\n  \"Q\",\n]"), "{many}");
        assert!(many.parse::<toml::Table>().is_ok(), "{many}");
        assert!(add_enum_value(text, "C", "\"Q\"").is_none());
    }

    #[test]
    fn a_trailing_number_becomes_a_template_slot() {
        assert_eq!(
            entry_shape("Dissipate 2"),
            ("Dissipate".to_owned(), Some("Dissipate {x}".to_owned()))
        );
        assert_eq!(
            entry_shape("Hydro -3"),
            ("Hydro".to_owned(), Some("Hydro -{x}".to_owned()))
        );
        assert_eq!(entry_shape("Devour"), ("Devour".to_owned(), None));
    }
}
