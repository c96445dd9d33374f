//! Live content: the cards on disk now, not the cards compiled into this binary.
//!
//! For every game, `calc`, `scenario run`, `spellbook check`, `deck check`, `army check`,
//! `play`, `simulate` and `cards coverage` play with the content of the repository they run in
//! (`--root`, else found upwards from the current directory, see [`crate::root`]). The game
//! is compiled with `grimoire-compiler` at run time and each card is read into the game
//! crate's own generated types with the generated `Card::from_live` ([`catalog`], one loader
//! for the four games through [`LiveGame`]), so the rules take a live card exactly like a
//! compiled one. What the binary cannot take without a rebuild is said clearly, with what to
//! run ([`REBUILD`]): a card using vocabulary this build does not know (a new trait, handler
//! or field) is named with the reason, and a changed codex or `game.toml` (the generated
//! `VOCABULARY_FINGERPRINT` differs) gets a warning, because codex behaviour comes from the
//! compiled tables. Without a content root the compiled tables are used.
//!
//! [`card_json`] is also the generic card view of `grimoire cards`: every game's cards in the
//! dump's form, straight from the IR.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use grimoire_compiler::ir::{self, Value};
use grimoire_engine::{Catalog, CatalogCard};
use grimoire_mage_wars::{LiveError, LiveValue};
use serde_json::{Map, Value as Json};

/// What to run, in the repository, so this program knows vocabulary its content gained: the
/// generated tables are written again, then the program is built and installed from them.
pub const REBUILD: &str = "run `grimoire build`, then `cargo install --path crates/cli`";

/// The compiled content of one game found under a content root.
pub struct Content {
    /// The content root it was read from.
    pub root: PathBuf,
    /// The compiled game.
    pub game: ir::Game,
}

/// Compiles `game` under `root`: `Ok(None)` when the root has no such game, `Err` with the
/// rendered diagnostics when it does not compile.
pub fn compile_game(root: &Path, game: &str) -> Result<Option<Content>, String> {
    if !root.join("codex").join(game).join("game.toml").is_file() {
        return Ok(None);
    }
    let input = grimoire_compiler::load_game(root, game)
        .map_err(|e| format!("cannot read game `{game}` under {}: {e}", root.display()))?;
    match grimoire_compiler::compile(&input) {
        Ok(game) => Ok(Some(Content {
            root: root.to_path_buf(),
            game,
        })),
        Err(diagnostics) => Err(format!(
            "{}the {game} content under {} has {} error(s); fix them (`grimoire check`) to play with it",
            diagnostics.render(crate::color::stderr()),
            root.display(),
            diagnostics.len()
        )),
    }
}

/// One card in the dump's form: `name`, `kind`, then the kind's fields (enum values and
/// codex references as their names, records as objects; absent optional fields left out).
pub fn card_json(game: &ir::Game, card: &ir::Card) -> Json {
    fields_json(game, card, &card.fields)
}

/// [`card_json`] of the card with `values` for its fields (its current or printed ones).
fn fields_json(game: &ir::Game, card: &ir::Card, values: &[Value]) -> Json {
    let kind = &game.kinds[card.kind];
    let mut object = Map::new();
    object.insert("name".into(), card.name.clone().into());
    object.insert("kind".into(), kind.name.clone().into());
    for (field, value) in kind.fields.iter().zip(values) {
        if field.name != "name" && *value != Value::None {
            object.insert(field.name.clone(), value_json(game, value));
        }
    }
    Json::Object(object)
}

/// One IR value in the dump's form (see [`card_json`]).
pub fn value_json(game: &ir::Game, value: &Value) -> Json {
    match value {
        Value::Bool(flag) => Json::Bool(*flag),
        Value::Int(number) => Json::from(*number),
        Value::Str(text) | Value::Handler(text) => Json::String(text.clone()),
        Value::Enum { index, variant } => {
            Json::String(game.enums[*index].variants[*variant].name.clone())
        }
        Value::Record { index, fields } => Json::Object(
            game.records[*index]
                .fields
                .iter()
                .zip(fields)
                .filter(|(_, value)| **value != Value::None)
                .map(|(field, value)| (field.name.clone(), value_json(game, value)))
                .collect(),
        ),
        Value::Codex(reference) => Json::String(reference.text.clone()),
        Value::Union {
            index,
            variant,
            fields,
        } => {
            let union = &game.unions[*index];
            let variant = &union.variants[*variant];
            let mut object = Map::new();
            object.insert(union.tag.clone(), variant.name.clone().into());
            for (field, value) in variant.fields.iter().zip(fields) {
                if *value != Value::None {
                    object.insert(field.name.clone(), value_json(game, value));
                }
            }
            Json::Object(object)
        }
        Value::List(items) => Json::Array(items.iter().map(|v| value_json(game, v)).collect()),
        Value::None => Json::Null,
        Value::Some(inner) => value_json(game, inner),
    }
}

/// A card JSON as the generated readers take it.
fn live_value(json: &Json) -> LiveValue {
    match json {
        Json::Null => LiveValue::Null,
        Json::Bool(flag) => LiveValue::Bool(*flag),
        Json::Number(number) => LiveValue::Int(number.as_i64().unwrap_or_default()),
        Json::String(text) => LiveValue::Str(text.clone()),
        Json::Array(items) => LiveValue::List(items.iter().map(live_value).collect()),
        Json::Object(fields) => LiveValue::Table(
            fields
                .iter()
                .map(|(key, value)| (key.clone(), live_value(value)))
                .collect(),
        ),
    }
}

/// The once-loaded catalog of one game (see [`catalog`]).
type Loaded<C> = OnceLock<Result<&'static Catalog<C>, String>>;

/// A game whose cards are read live: its generated `Card` with what the loader needs.
pub trait LiveGame: CatalogCard + Send + Sync {
    /// The game's folder name under `codex/` and `cards/` (`mage-wars`).
    const NAME: &'static str;
    /// The game's name in messages (`Mage Wars`).
    const TITLE: &'static str;
    /// The generated `VOCABULARY_FINGERPRINT` of the tables this program was built with.
    const FINGERPRINT: u64;

    /// The generated `Card::from_live`.
    fn from_live(value: &LiveValue) -> Result<Self, LiveError>;

    /// Where the catalog is kept once loaded (one per game and process).
    fn loaded() -> &'static Loaded<Self>;
}

/// Implements [`LiveGame`] for a game crate's generated `Card`.
macro_rules! live_game {
    ($krate:ident, $name:literal, $title:literal) => {
        impl LiveGame for $krate::Card {
            const NAME: &'static str = $name;
            const TITLE: &'static str = $title;
            const FINGERPRINT: u64 = $krate::VOCABULARY_FINGERPRINT;

            fn from_live(value: &LiveValue) -> Result<Self, LiveError> {
                $krate::Card::from_live(value)
            }

            fn loaded() -> &'static Loaded<Self> {
                static LOADED: Loaded<$krate::Card> = OnceLock::new();
                &LOADED
            }
        }
    };
}

live_game!(grimoire_mage_wars, "mage-wars", "Mage Wars");
live_game!(grimoire_summoner_wars, "summoner-wars", "Summoner Wars");
live_game!(grimoire_wow_tcg, "wow-tcg", "WoW TCG");
live_game!(grimoire_mage_knight, "mage-knight", "Mage Knight");

/// The catalog of `game`'s cards: every card read into the generated types (the printed
/// versions of the cards errata changed too), the cards that do not fit this build listed
/// with the reason and what to run.
pub fn live_catalog<G: LiveGame>(game: &ir::Game) -> Catalog<G> {
    let mut cards = Vec::new();
    let mut printed = Vec::new();
    let mut unreadable = Vec::new();
    for card in &game.cards {
        let current = G::from_live(&live_value(&card_json(game, card)));
        let as_printed = card
            .printed
            .as_ref()
            .map(|values| G::from_live(&live_value(&fields_json(game, card, values))))
            .transpose();
        match (current, as_printed) {
            (Ok(current), Ok(as_printed)) => {
                cards.push(current);
                printed.extend(as_printed);
            }
            (Err(error), _) | (_, Err(error)) => {
                unreadable.push((card.name.clone(), format!("{error}; {REBUILD}")))
            }
        }
    }
    Catalog::live(cards, unreadable).with_printed(printed)
}

/// What a live load of `G` found that needs a rebuild of the binary, as warning lines.
fn vocabulary_warnings<G: LiveGame>(content: &Content) -> Vec<String> {
    let mut warnings = Vec::new();
    if grimoire_codegen::vocabulary_fingerprint(&content.game) != G::FINGERPRINT {
        warnings.push(format!(
            "the {} codex or game.toml under {} changed since this program was built: cards are read live, codex behaviour is the built one (to rebuild, {REBUILD})",
            G::NAME,
            content.root.display()
        ));
    }
    warnings
}

/// The warning naming the cards under `root` this build cannot hold (the first
/// [`crate::output::MAX_NAMES_LISTED`] of them, and how many more).
fn unfit_warning(root: &Path, unfit: &[&str]) -> String {
    format!(
        "{} card(s) under {} use vocabulary this program was built without and need a rebuild ({REBUILD}): {}",
        unfit.len(),
        root.display(),
        crate::output::first_names(unfit)
    )
}

/// The cards of `G` to play with: live from the content root when there is one (an explicit
/// `--root` must hold the game's content), else the compiled tables. Loaded once per process;
/// warnings, and the diagnostics of content that does not compile, go to stderr once (the
/// `Err` every caller gets then only points at them, so `scenario run` over many files does
/// not repeat them per file).
pub fn catalog<G: LiveGame>() -> Result<&'static Catalog<G>, String> {
    G::loaded()
        .get_or_init(|| {
            let explicit = crate::root::flag();
            let Some(root) = crate::root::optional(explicit) else {
                return Ok(Catalog::compiled());
            };
            let compiled = compile_game(&root, G::NAME).map_err(|message| {
                crate::errln!("{message}");
                format!(
                    "the {} content under {} cannot be played with (see above)",
                    G::NAME,
                    root.display()
                )
            })?;
            let Some(content) = compiled else {
                return match explicit {
                    Some(root) => Err(format!(
                        "no {} content under {} (expected codex/{}/game.toml)",
                        G::TITLE,
                        root.display(),
                        G::NAME
                    )),
                    None => Ok(Catalog::compiled()),
                };
            };
            for warning in vocabulary_warnings::<G>(&content) {
                crate::errln!("warning: {warning}");
            }
            let catalog = live_catalog::<G>(&content.game);
            let unfit: Vec<&str> = content
                .game
                .cards
                .iter()
                .map(|card| card.name.as_str())
                .filter(|name| catalog.get(name).is_none())
                .collect();
            if !unfit.is_empty() {
                crate::errln!("warning: {}", unfit_warning(&root, &unfit));
            }
            Ok(&*Box::leak(Box::new(catalog)))
        })
        .clone()
}

/// The Mage Wars cards to play with ([`catalog`]).
pub fn mage_wars() -> Result<&'static grimoire_mage_wars::rules::Catalog, String> {
    catalog::<grimoire_mage_wars::Card>()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repository() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// Every compiled card of `G` (current and printed) reads back live as the same card.
    fn reads_back<G: LiveGame + PartialEq + std::fmt::Debug>() {
        let content = compile_game(&repository(), G::NAME)
            .expect("the content compiles")
            .expect("the game's content");
        let live = live_catalog::<G>(&content.game);
        let compiled = Catalog::<G>::compiled();
        assert_eq!(live.cards().len(), compiled.cards().len(), "{}", G::NAME);
        for card in compiled.cards() {
            assert_eq!(live.get(card.name()), Some(*card), "{}", card.name());
            assert_eq!(
                live.printed(card.name()),
                compiled.printed(card.name()),
                "{} as printed",
                card.name()
            );
        }
        assert!(vocabulary_warnings::<G>(&content).is_empty(), "{}", G::NAME);
    }

    #[test]
    fn every_compiled_card_reads_back_live_as_the_same_card() {
        reads_back::<grimoire_mage_wars::Card>();
        reads_back::<grimoire_summoner_wars::Card>();
        reads_back::<grimoire_wow_tcg::Card>();
        reads_back::<grimoire_mage_knight::Card>();
    }

    #[test]
    fn a_warning_about_many_unfit_cards_names_only_the_first() {
        let names: Vec<String> = (0..5_000).map(|n| format!("Card {n}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let warning = unfit_warning(Path::new("content"), &names);
        assert!(
            warning.starts_with("5000 card(s) under content"),
            "{warning}"
        );
        assert!(warning.ends_with("Card 19 and 4,980 more"), "{warning}");
        assert!(warning.len() < 500, "{warning}");
    }

    #[test]
    fn a_new_trait_is_named_as_needing_a_rebuild() {
        let mut content = compile_game(&repository(), "mage-wars")
            .expect("the content compiles")
            .expect("mage-wars content");
        let position = content
            .game
            .cards
            .iter()
            .position(|card| card.name == "Timber Wolf")
            .expect("Timber Wolf");
        let card = &mut content.game.cards[position];
        let kind = &content.game.kinds[card.kind];
        let traits = kind
            .fields
            .iter()
            .position(|field| field.name == "traits")
            .expect("traits field");
        // A codex reference this build's `Trait` cannot parse, as a newer codex would write it.
        let reference = content
            .game
            .categories
            .iter()
            .enumerate()
            .find_map(|(c, category)| {
                (category.name == "Trait").then(|| ir::CodexRef {
                    category: c,
                    entry: 0,
                    args: Vec::new(),
                    text: "Moonlit".into(),
                })
            });
        card.fields[traits] = Value::List(vec![Value::Codex(reference.expect("Trait"))]);
        let catalog = live_catalog::<grimoire_mage_wars::Card>(&content.game);
        let error = catalog.find("timber wolf").unwrap_err();
        assert!(error.contains("needs a rebuild"), "{error}");
        assert!(error.contains("traits[0]"), "{error}");
        assert!(error.contains("Moonlit"), "{error}");
    }
}
