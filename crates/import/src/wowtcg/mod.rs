//! World of Warcraft TCG card data (JSON records, one array per set) into card TOML.
//!
//! [`import_wowtcg_json`] reads set files such as `../shared/data/wow-tcg/hoa.json` and writes
//! `<out>/<set code>/<kind file>.toml`, merging reprints into cards already in `out` (see
//! [`crate::pool`]). Each record's structured fields are mapped by [`record`] against the codex
//! vocabulary ([`vocab`], read from `codex/wow-tcg/`); its rules text is read by [`text`] for
//! keywords, "Hero Required", Ongoing and quest completion costs, and never written. A card
//! whose text has a power beyond that gets a named `handler` (the snake_case of its name).
//!
//! Card names must be unique in a game, but the data prints some names on different cards (a
//! dungeon boss hero and a playable ally, a dungeon deck's cost-less copy of an ability). A
//! card whose printed name is taken by a card of another kind is named `Name (Kind)`; one
//! taken by a card of its kind that differs in having a cost is named `Name (SET)`; both keep
//! `printed_name`. Cards of the same kind and cost presence are the same card: a printing is
//! added and differing data are noted.

mod record;
mod text;
mod translate;
mod vocab;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use heck::ToSnakeCase;
use serde_json::Value as Json;
use toml::{Table, Value};

pub use record::BOOKKEEPING;
pub use vocab::Vocabulary;

use crate::error::ImportError;
use crate::pool::{self, Added, Pool};
use crate::report::{CardLog, Finding, Report};
use crate::source::{self, Located};
use crate::NewWords;
use record::Draft;

/// The schema comment at the top of every written file.
const HEADER: &str = "#:schema ../../../schemas/wow-tcg.cards.schema.json\n";

/// Imports WoW TCG JSON set files into the card directory `out` (e.g. `cards/wow-tcg`).
///
/// A `setlist.json`-style file (an object of set codes) among `files` is not a set: it only
/// names the sets in the files' `source` lines. Nothing is written unless every file was read.
/// The records are mapped onto the vocabulary of the codex in `codex_dir`
/// ([`Vocabulary::of_codex`]); the cards are checked against the codex in `codex_dir` (`codex/wow-tcg`) before anything is written,
/// and a card the game would not compile with is a [`Report::rejected`] finding at its record.
///
/// With `new_words` other than [`NewWords::Reject`], a value the codex does not know (a race, a type-line tag, a faction, a
/// profession, a "Hero Required" trait) is written as the data spells it rather than reported
/// unmapped; [`NewWords::Scaffold`] then adds those words to the codex as drafts in the same
/// all-or-nothing write (see [`crate::vocabulary`]).
pub fn import_wowtcg_json(
    files: &[PathBuf],
    out: &Path,
    codex_dir: &Path,
    new_words: NewWords,
) -> Result<Report, ImportError> {
    let codex = crate::check::GameCodex::load(codex_dir)?;
    let vocab = Vocabulary::of_codex(&codex)?;
    let vocab = if new_words == NewWords::Reject {
        vocab
    } else {
        vocab.keeping_new_words()
    };
    let mut pool = Pool::load(out, HEADER)?;
    let mut report = Report::default();
    let mut parsed = Vec::new();
    let mut set_names = BTreeMap::new();
    for path in files {
        let text = source::read_source(path)?;
        match source::parse_json(path, &text)? {
            Json::Array(records) => {
                let starts = source::json_element_offsets(&text, None);
                let lines = grimoire_input::LineIndex::new(&text);
                let origins = records
                    .iter()
                    .enumerate()
                    .map(|(index, _)| {
                        let offset = starts.get(index).copied().unwrap_or(0);
                        Located::in_lines(path, &lines, offset)
                    })
                    .collect::<Vec<_>>();
                parsed.push((path, records, origins));
            }
            Json::Object(sets) => {
                for (code, set) in &sets {
                    if let Some(name) = set.get("setname").and_then(Json::as_str) {
                        set_names.insert(code.to_ascii_lowercase(), name.to_owned());
                    }
                }
                report.skipped.push(Finding {
                    set: file_name(path),
                    card: String::new(),
                    field: "file".to_owned(),
                    message: "a list of sets, not of cards; used for set names".to_owned(),
                    at: Some(Located::of_offset(
                        path,
                        &text,
                        source::first_value_offset(&text),
                    )),
                });
            }
            _ => {
                return Err(source::shape_error(
                    path,
                    &text,
                    source::first_value_offset(&text),
                    "expected an array of card records (or an object of sets)",
                ))
            }
        }
    }
    let mut handlers = Handlers::from_pool(&pool);
    let mut names = Names::from_pool(&pool);
    // First printings before reprints, so that a card lands in the folder of the set that
    // first printed it whatever the order of the files; printings with a cost before those
    // without (dungeon, raid and token copies), so that playable cards keep their names.
    let mut queue: Vec<(usize, usize, &Json)> = parsed
        .iter()
        .enumerate()
        .flat_map(|(file, (_, records, _))| {
            records
                .iter()
                .enumerate()
                .map(move |(index, record)| (file, index, record))
        })
        .collect();
    queue.sort_by_key(|(_, _, record)| (is_reprint(record), has_no_cost(record)));
    let fallback_sets: Vec<String> = parsed
        .iter()
        .map(|(path, _, _)| set_slug(&path.file_stem().unwrap_or_default().to_string_lossy()))
        .collect();
    for (file, index, record) in queue {
        let context = Context {
            file: file_name(parsed[file].0),
            origin: parsed[file].2[index].clone(),
            fallback_set: &fallback_sets[file],
            set_names: &set_names,
            vocab: &vocab,
        };
        import_record(
            record,
            index,
            &context,
            &mut pool,
            &mut handlers,
            &mut names,
            &mut report,
        )?;
    }
    pool.finish(&codex, new_words, &mut report)?;
    Ok(report)
}

/// What every record of one file shares.
struct Context<'a> {
    file: String,
    /// Where the record is in its file.
    origin: Located,
    fallback_set: &'a str,
    set_names: &'a BTreeMap<String, String>,
    vocab: &'a Vocabulary,
}

fn import_record(
    record: &Json,
    index: usize,
    context: &Context<'_>,
    pool: &mut Pool,
    handlers: &mut Handlers,
    names: &mut Names,
    report: &mut Report,
) -> Result<(), ImportError> {
    let label = format!("record {}", index + 1);
    let Json::Object(fields) = record else {
        report.unmapped.push(Finding {
            set: context.file.clone(),
            card: label,
            field: "record".to_owned(),
            message: "not a JSON object; record skipped".to_owned(),
            at: Some(context.origin.clone()),
        });
        return Ok(());
    };
    let set = fields
        .get("setcode")
        .and_then(Json::as_str)
        .map(set_slug)
        .filter(|slug| !slug.is_empty())
        .unwrap_or_else(|| context.fallback_set.to_owned());
    let card_name = fields
        .get("name")
        .and_then(Json::as_str)
        .map(str::to_owned)
        .unwrap_or(label);
    let mut log = CardLog::new(&set, &card_name).located(context.origin.clone());
    let mapped = record::map(fields, &set, context.vocab, &mut log);
    report.unmapped.append(&mut log.unmapped);
    report.notes.append(&mut log.notes);
    let draft = match mapped {
        Ok(draft) => draft,
        Err(reason) => {
            // A record that is no card the codex knows is data the import could not map.
            report.unmapped.push(Finding {
                set: set.clone(),
                card: card_name,
                field: "record".to_owned(),
                message: format!("{reason}; record skipped"),
                at: Some(context.origin.clone()),
            });
            return Ok(());
        }
    };
    let name = names.assign(&draft, pool);
    if name != draft.name {
        report.notes.push(Finding {
            set: set.clone(),
            card: draft.name.clone(),
            field: "name".to_owned(),
            message: if name_key(&name) == name_key(&draft.name) {
                format!("the same card is spelled `{name}` in the pool")
            } else {
                format!("the printed name belongs to another card; named `{name}`")
            },
            at: Some(context.origin.clone()),
        });
    }
    let reading = if !draft.text.has_powers {
        Err(String::new())
    } else if draft.text.opaque {
        Err("a bold label that is no keyword".to_owned())
    } else if draft.kind == "quest" {
        translate::quest_reading(
            &draft.name,
            draft.text.completion_cost,
            &draft.text.powers,
            context.vocab,
        )
    } else if !PLAYED_KINDS.contains(&draft.kind.as_str()) {
        Err(format!("{}s are not played", draft.kind))
    } else {
        translate::reading(
            &draft.kind,
            &draft.name,
            draft.text.ongoing,
            &draft.text.powers,
            context.vocab,
        )
    };
    let abilities = match reading {
        Ok(abilities) => Some(abilities),
        Err(stopped) => {
            // A first printing's text that has powers and was not read.
            if draft.text.has_powers && !is_reprint(record) {
                report.untranslated.push(Finding {
                    set: set.clone(),
                    card: name.clone(),
                    field: "text".to_owned(),
                    message: stopped,
                    at: Some(context.origin.clone()),
                });
            }
            None
        }
    };
    let handler =
        (draft.text.has_powers && abilities.is_none()).then(|| handlers.name_for(&name, &set));
    let table = card_table(&draft, &name, handler, abilities);
    let source = source_line(&context.file, &set, context.set_names);
    let (added, difference) = pool.add(
        &set,
        &kind_file(&draft.kind),
        &source,
        table,
        Some(context.origin.clone()),
    );
    match added {
        Added::New => report.cards_written += 1,
        Added::Printing => report.printings_added += 1,
        Added::Present => {}
    }
    if let Some(message) = difference {
        report.notes.push(pool::reprint_note(
            &set,
            &name,
            message,
            Some(context.origin.clone()),
        ));
    }
    Ok(())
}

/// Whether a record is a reprint: its `original` names the database id of an earlier printing.
fn is_reprint(record: &Json) -> bool {
    record
        .get("original")
        .and_then(Json::as_i64)
        .is_some_and(|original| original != 0)
}

/// Whether a record prints no cost.
fn has_no_cost(record: &Json) -> bool {
    record.get("cost").is_none_or(Json::is_null)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The folder of a set: its code in lower case, letters and digits only (`HoA` → `hoa`).
pub fn set_slug(code: &str) -> String {
    code.chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase()
}

fn source_line(file: &str, set: &str, set_names: &BTreeMap<String, String>) -> String {
    let set_name = set_names
        .get(set)
        .map(|name| format!(" ({name})"))
        .unwrap_or_default();
    format!(
        "WoW TCG card data {file}{set_name}: type, traits, numbers and tags from its fields; keywords, Hero Required and completion costs read from the rules text, which is not copied"
    )
}

/// The file (without `.toml`) that holds cards of a kind within a set folder.
fn kind_file(kind: &str) -> String {
    match kind {
        "ally" => "allies".to_owned(),
        "armor" => "armor".to_owned(),
        "ability" => "abilities".to_owned(),
        "hero" => "heroes".to_owned(),
        "master_hero" => "master-heroes".to_owned(),
        "ability_ally" => "ability-allies".to_owned(),
        other => format!("{}s", other.replace('_', "-")),
    }
}

/// Card names in use, by the letters and digits that make their Rust identifier: two names
/// the compiler would turn into one identifier (`Mind-numbing Poison`, `Mind-Numbing Poison`)
/// are one name here.
struct Names {
    by_key: BTreeMap<String, String>,
}

impl Names {
    fn from_pool(pool: &Pool) -> Self {
        let by_key = pool
            .cards()
            .filter_map(|card| card.get("name")?.as_str())
            .map(|name| (name_key(name), name.to_owned()))
            .collect();
        Self { by_key }
    }

    /// The card's name in the pool: the printed name unless a different card holds it (see
    /// the module docs), or the existing spelling of the same card.
    fn assign(&mut self, draft: &Draft, pool: &Pool) -> String {
        let same_card = |table: &Table| {
            table.get("kind").and_then(Value::as_str) == Some(draft.kind.as_str())
                && table.contains_key("cost") == draft.has_cost()
        };
        let set = draft.set.to_ascii_uppercase();
        let holder_kind = self
            .by_key
            .get(&name_key(&draft.name))
            .and_then(|holder| pool.card(holder))
            .and_then(|card| card.get("kind").and_then(Value::as_str));
        let mut candidates = vec![draft.name.clone()];
        if holder_kind.is_some_and(|kind| kind != draft.kind) {
            candidates.push(format!("{} ({})", draft.name, kind_title(&draft.kind)));
        }
        candidates.push(format!("{} ({set})", draft.name));
        let last = format!(
            "{} ({set} {})",
            draft.name,
            draft.number.as_deref().unwrap_or("?")
        );
        candidates.push(last.clone());
        for candidate in &candidates {
            let key = name_key(candidate);
            match self.by_key.get(&key) {
                None => {
                    self.by_key.insert(key, candidate.clone());
                    return candidate.clone();
                }
                Some(existing) if pool.card(existing).is_some_and(same_card) => {
                    return existing.clone();
                }
                Some(_) => {}
            }
        }
        last
    }
}

/// Lower-case letters and digits of a name: equal for names that make one identifier.
fn name_key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn kind_title(kind: &str) -> String {
    kind.split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Handler names in use, so that two cards never share one.
struct Handlers {
    owner: BTreeMap<String, String>,
}

impl Handlers {
    fn from_pool(pool: &Pool) -> Self {
        let owner = pool
            .cards()
            .filter_map(|card| {
                let handler = card.get("handler")?.as_str()?;
                let name = card.get("name")?.as_str()?;
                Some((handler.to_owned(), name.to_owned()))
            })
            .collect();
        Self { owner }
    }

    /// The handler of card `name`: its snake_case name, with the set appended (and then a
    /// number) when another card already has that handler.
    fn name_for(&mut self, name: &str, set: &str) -> String {
        let base = handler_name(name);
        let mut candidates = vec![base.clone(), format!("{base}_{set}")];
        candidates.extend((2..).take(100).map(|n| format!("{base}_{set}_{n}")));
        for candidate in candidates {
            match self.owner.get(&candidate) {
                Some(owner) if owner == name => return candidate,
                Some(_) => {}
                None => {
                    self.owner.insert(candidate.clone(), name.to_owned());
                    return candidate;
                }
            }
        }
        format!("{base}_{set}_x")
    }
}

/// Rust keywords a handler name must not be.
const RUST_KEYWORDS: [&str; 52] = [
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use",
    "where", "while", "abstract", "become", "box", "do", "final", "macro", "override", "priv",
    "typeof", "unsized", "virtual", "yield", "try", "gen", "union",
];

/// A card's handler name: snake_case ASCII of its name (`Kel'Thuzad` → `kel_thuzad`), with
/// `card_` before a leading digit and `_card` after a Rust keyword.
pub fn handler_name(name: &str) -> String {
    let ascii: String = name
        .chars()
        .filter(|c| !matches!(c, '\'' | '\u{2019}' | '"'))
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect();
    let snake = ascii.to_snake_case();
    let snake = if snake.is_empty() {
        "card".to_owned()
    } else {
        snake
    };
    if snake.starts_with(|c: char| c.is_ascii_digit()) {
        format!("card_{snake}")
    } else if RUST_KEYWORDS.contains(&snake.as_str()) {
        format!("{snake}_card")
    } else {
        snake
    }
}

/// The kinds whose cards the rules put into play or resolve, so that their translated powers
/// are played (locations and achievements are not played from hand; a quest's Reward is read
/// by [`translate::quest_reading`]).
const PLAYED_KINDS: [&str; 8] = [
    "ability",
    "ally",
    "ability_ally",
    "master_hero",
    "weapon",
    "armor",
    "item",
    "hero",
];

/// The TOML table of a card, fields in codex order.
fn card_table(
    draft: &Draft,
    name: &str,
    handler: Option<String>,
    abilities: Option<Vec<Value>>,
) -> Table {
    let mut table = Table::new();
    let text = |s: &str| Value::String(s.to_owned());
    let list = |items: &[String]| Value::Array(items.iter().map(|s| text(s)).collect());
    table.insert("name".into(), text(name));
    table.insert("kind".into(), text(&draft.kind));
    if name != draft.name {
        table.insert("printed_name".into(), text(&draft.name));
    }
    if let Some(handler) = handler {
        table.insert("handler".into(), Value::String(handler));
    }
    let mut printing = Table::new();
    printing.insert("set".into(), text(&draft.set));
    if let Some(number) = &draft.number {
        printing.insert("number".into(), text(number));
    }
    table.insert(
        "printings".into(),
        Value::Array(vec![Value::Table(printing)]),
    );
    if let Some(faction) = &draft.faction {
        table.insert("faction".into(), text(faction));
    }
    for field in [
        "cost",
        "atk",
        "damage_type",
        "health",
        "defense",
        "strike_cost",
        "race",
        "class",
        "second_class",
        "talent_spec",
    ] {
        if let Some((_, n)) = draft.numbers.iter().find(|(f, _)| *f == field) {
            table.insert(field.into(), Value::Integer(*n));
        }
        if let Some((_, value)) = draft.enums.iter().find(|(f, _)| *f == field) {
            table.insert(field.into(), text(value));
        }
    }
    for (field, items) in [
        ("professions", &draft.professions),
        ("tags", &draft.tags),
        ("classes", &draft.classes),
        ("keywords", &draft.text.keywords),
        ("hero_required", &draft.text.hero_required),
    ] {
        if !items.is_empty() {
            table.insert(field.into(), list(items));
        }
    }
    if draft.text.ongoing {
        table.insert("ongoing".into(), Value::Boolean(true));
    }
    if let Some(cost) = draft.text.completion_cost {
        table.insert("completion_cost".into(), Value::Integer(cost));
    }
    if let Some(rarity) = &draft.rarity {
        table.insert("rarity".into(), text(rarity));
    }
    if let Some(abilities) = abilities {
        table.insert("card_abilities".into(), Value::Array(abilities));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handler_names_are_snake_case_identifiers() {
        assert_eq!(handler_name("Kel'Thuzad"), "kel_thuzad");
        assert_eq!(
            handler_name("Sulfuras, The Extinguished Hand"),
            "sulfuras_the_extinguished_hand"
        );
        assert_eq!(handler_name("Fire-Etched Dagger"), "fire_etched_dagger");
        assert_eq!(handler_name("1,000 Needles"), "card_1_000_needles");
        assert_eq!(handler_name("Move"), "move_card");
    }

    #[test]
    fn kind_files_and_titles() {
        assert_eq!(kind_file("ally"), "allies");
        assert_eq!(kind_file("master_hero"), "master-heroes");
        assert_eq!(kind_file("ability_ally"), "ability-allies");
        assert_eq!(kind_file("armor"), "armor");
        assert_eq!(kind_title("master_hero"), "Master Hero");
        assert_eq!(set_slug("HoA"), "hoa");
    }
}

#[cfg(test)]
mod scaffold_tests;
