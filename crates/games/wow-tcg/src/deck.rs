//! Deck legality (rules 100.1-100.4; 410 is discussed below): `grimoire deck check --game
//! wow-tcg FILE`.
//!
//! A deck file names a hero, a main deck and an optional side deck (docs/formats.md, "WoW TCG
//! deck files"):
//!
//! ```toml
//! format = "constructed"          # or "sealed"; default "constructed"
//! hero = "Boris Brightbeard"
//! [main]
//! "Arcane Shot" = 4
//! [side]
//! "Krol Blade" = 2
//! ```
//!
//! Cards are looked up in the generated tables by their name in the pool (a card the importer
//! had to rename, such as `Lady Jaina Proudmoore (Hero)`, is written that way); copies are
//! counted by printed name. [`check`] returns every violation with its rule number:
//!
//! - 100.1: Constructed main decks hold at least 60 cards, Sealed ones at least 30; no hero
//!   card in the deck (main or side); the `hero` is a hero card;
//! - 100.2: a card with trait icons (class icons, a faction icon) shares one with the hero;
//!   a "[Trait] Hero Required" card needs a hero with one of the named traits (class, faction,
//!   profession, race, talent spec, or the hero tags Traitor, Scourge, Monster; Loyal means
//!   "not a Traitor");
//! - 100.3: a Constructed side deck, when there is one, holds exactly 10 cards, each of which
//!   could be in the main deck (so 100.1 and 100.2 apply to it too);
//! - 100.4: Constructed decks hold at most 4 cards of one name, main and side together,
//!   unless the card has the Unlimited keyword. Sealed decks have no copy limit.
//!
//! Rule 410 (uniqueness: Unique, `Tag (N)`, Two-Handed with Off-Hand) limits what a player
//! controls in play, not what a deck holds, so a deck of four copies of a Unique ally is
//! legal; see docs/decisions.md.

use grimoire_input::LineIndex;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use crate::catalog::Catalog;
use crate::{
    Card, Class, Faction, HeroTrait, Keyword, Profession, TalentSpec, TypeTag, COPIES_PER_NAME,
    MIN_CONSTRUCTED_DECK, MIN_SEALED_DECK, SIDE_DECK_SIZE,
};

/// The most cards one deck file may hold, main and side deck together, and so the most
/// copies one entry may give. The rules set no maximum (100.1 gives minimums only); a real
/// deck holds 60 or so cards and a side deck of 10, so 1,000 is far beyond any deck while
/// keeping every count small (docs/decisions.md, "WoW TCG").
pub const MAX_DECK_CARDS: u32 = 1_000;

/// Constructed or Sealed Pack play (100.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Constructed: 60+ cards, 4 copies per name, a side deck of exactly 10.
    #[default]
    Constructed,
    /// Sealed Pack: 30+ cards, any copies, the side deck is the rest of the pool.
    Sealed,
}

/// A position in the deck file (1-based line and column, columns in characters).
pub type Position = grimoire_input::Location;

/// One card line of a deck: a card and how many copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The card (compiled or live).
    pub card: Card,
    /// How many copies (1 to [`MAX_DECK_CARDS`]).
    pub copies: u32,
}

/// A deck, resolved against a [`Catalog`] (the card tables, or the cards on disk).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// Constructed or Sealed.
    pub format: Format,
    /// The hero card.
    pub hero: Card,
    /// The main deck, in file order.
    pub main: Vec<Entry>,
    /// The side deck, in file order (empty when there is none).
    pub side: Vec<Entry>,
}

/// The part of a deck a violation is about, so that a deck file can say where it is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The `hero`.
    Hero,
    /// The main deck as a whole (its size).
    Main,
    /// The side deck as a whole (its size).
    Side,
    /// The main deck's entry with this index (in file order).
    MainEntry(usize),
    /// The side deck's entry with this index (in file order).
    SideEntry(usize),
}

/// A deck read from its file, with where each of its parts is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckFile {
    /// The deck.
    pub deck: Deck,
    /// Where the `hero` value is.
    hero: Position,
    /// Where the `[main]` table is (the end of the file when there is none).
    main: Position,
    /// Where the `[side]` table is (the end of the file when there is none).
    side: Position,
    /// Where each main-deck entry is, in the order of [`Deck::main`].
    main_entries: Vec<Position>,
    /// Where each side-deck entry is, in the order of [`Deck::side`].
    side_entries: Vec<Position>,
}

impl DeckFile {
    /// Where `part` is written in the file.
    pub fn position(&self, part: Part) -> Position {
        let entry = |entries: &[Position], index: usize, table: Position| {
            entries.get(index).copied().unwrap_or(table)
        };
        match part {
            Part::Hero => self.hero,
            Part::Main => self.main,
            Part::Side => self.side,
            Part::MainEntry(index) => entry(&self.main_entries, index, self.main),
            Part::SideEntry(index) => entry(&self.side_entries, index, self.side),
        }
    }
}

/// Why a deck file cannot be checked at all (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckError {
    /// Where in the file.
    pub position: Position,
    /// What is wrong, what was expected, and a suggestion where there is one.
    pub message: String,
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.message)
    }
}

/// A broken deck-building rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule number (`100.4`).
    pub rule: &'static str,
    /// The part of the deck that breaks it: the entry, or the hero or deck whose size is wrong.
    pub part: Part,
    /// What is wrong, naming the cards concerned.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule {}: {}", self.rule, self.message)
    }
}

/// One table of card = copies as written.
type RawTable = Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>;

/// The deck file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    format: Option<Spanned<String>>,
    hero: Spanned<String>,
    main: Option<RawTable>,
    side: Option<RawTable>,
}

impl Deck {
    /// Reads a deck file's text; errors carry the line and column of the offending value.
    pub fn from_toml(text: &str) -> Result<Self, DeckError> {
        DeckFile::parse(text).map(|file| file.deck)
    }
}

impl DeckFile {
    /// Reads a deck file's text (as [`grimoire_input::read_text`] gives it) with the compiled
    /// cards, keeping where each part is written; errors carry the line and column of the
    /// offending value.
    pub fn parse(text: &str) -> Result<Self, DeckError> {
        Self::parse_with(text, Catalog::compiled())
    }

    /// [`DeckFile::parse`] with the cards of `catalog` (names ignore case).
    pub fn parse_with(text: &str, catalog: &Catalog) -> Result<Self, DeckError> {
        let at = |offset: usize| Position::of_offset(text, offset);
        let raw: RawDeck = toml::from_str(text).map_err(|error| DeckError {
            position: at(error.span().map_or(0, |span| span.start)),
            message: format!(
                "{} (a deck file has `hero`, optional `format`, and the tables `[main]` and `[side]` of card = copies)",
                error.message().trim_end()
            ),
        })?;
        let format = match &raw.format {
            None => Format::Constructed,
            Some(format) => match format.get_ref().as_str() {
                "constructed" => Format::Constructed,
                "sealed" => Format::Sealed,
                other => {
                    return Err(DeckError {
                        position: at(format.span().start),
                        message: format!(
                            "unknown format `{other}`: expected `constructed` or `sealed`"
                        ),
                    })
                }
            },
        };
        let lines = LineIndex::new(text);
        let hero = resolve(catalog, &lines, &raw.hero)?;
        let mut total = 0;
        let (main, main_entries) = entries(catalog, &lines, raw.main.as_ref(), &mut total)?;
        let (side, side_entries) = entries(catalog, &lines, raw.side.as_ref(), &mut total)?;
        let table_at =
            |table: &Option<RawTable>| at(table.as_ref().map_or(text.len(), |t| t.span().start));
        Ok(Self {
            deck: Deck {
                format,
                hero,
                main,
                side,
            },
            hero: at(raw.hero.span().start),
            main: table_at(&raw.main),
            side: table_at(&raw.side),
            main_entries,
            side_entries,
        })
    }
}

/// The entries of a `[main]` or `[side]` table in file order, with their positions; `total`
/// counts the cards of the whole file, which may not pass [`MAX_DECK_CARDS`].
fn entries(
    catalog: &Catalog,
    lines: &LineIndex<'_>,
    table: Option<&RawTable>,
    total: &mut u32,
) -> Result<(Vec<Entry>, Vec<Position>), DeckError> {
    let Some(table) = table else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut written: Vec<_> = table.get_ref().iter().collect();
    written.sort_by_key(|(name, _)| name.span().start);
    let mut entries = Vec::with_capacity(written.len());
    let mut positions = Vec::with_capacity(written.len());
    for (name, copies) in written {
        let card = resolve(catalog, lines, name)?;
        let error = |message: String| DeckError {
            position: lines.location(copies.span().start),
            message,
        };
        let count = copies
            .get_ref()
            .as_integer()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| (1..=MAX_DECK_CARDS).contains(n))
            .ok_or_else(|| {
                error(format!(
                    "`{}`: copies must be a whole number from 1 to {MAX_DECK_CARDS}, found `{}`",
                    name.get_ref(),
                    copies.get_ref()
                ))
            })?;
        *total = total
            .checked_add(count)
            .filter(|sum| *sum <= MAX_DECK_CARDS)
            .ok_or_else(|| {
                error(format!(
                    "`{}`: with these {count} copies the deck file holds more than {MAX_DECK_CARDS} cards, the most a deck file may hold",
                    name.get_ref()
                ))
            })?;
        entries.push(Entry {
            card,
            copies: count,
        });
        positions.push(lines.location(name.span().start));
    }
    Ok((entries, positions))
}

/// The card of a name written in the file (ignoring case), or an error with the closest
/// names, or why a card of that name needs a rebuild of the program.
fn resolve(
    catalog: &Catalog,
    lines: &LineIndex<'_>,
    name: &Spanned<String>,
) -> Result<Card, DeckError> {
    let wanted = name.get_ref();
    if let Some(message) = catalog.needs_rebuild(wanted) {
        return Err(DeckError {
            position: lines.location(name.span().start),
            message,
        });
    }
    catalog.get(wanted).ok_or_else(|| {
        let suggestion: Vec<String> = grimoire_engine::suggest::ranked(wanted, catalog.names(), 3)
            .into_iter()
            .map(|name| format!("`{name}`"))
            .collect();
        let shown = shortened(wanted);
        DeckError {
            position: lines.location(name.span().start),
            message: if suggestion.is_empty() {
                format!("no WoW TCG card is named `{shown}`")
            } else {
                format!(
                    "no WoW TCG card is named `{shown}`; did you mean {}?",
                    suggestion.join(" or ")
                )
            },
        }
    })
}

/// A name as an error message shows it: whole up to 80 characters, else its first 80 and `…`
/// (a name pasted by mistake may be megabytes long).
pub(crate) fn shortened(name: &str) -> Cow<'_, str> {
    const SHOWN: usize = 80;
    match name.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &name[..cut]).into(),
        None => name.into(),
    }
}

/// The deck-building facts of any card.
struct Parts {
    name: &'static str,
    printed_name: &'static str,
    kind: &'static str,
    faction: Faction,
    classes: &'static [Class],
    keywords: &'static [Keyword],
    hero_required: &'static [HeroTrait],
}

fn parts(card: Card) -> Parts {
    Parts {
        name: card.name(),
        printed_name: card.printed_name().unwrap_or(card.name()),
        kind: card.kind(),
        faction: card.faction(),
        classes: card.classes(),
        keywords: card.keywords(),
        hero_required: card.hero_required(),
    }
}

/// The traits of the deck's hero (207.1), for 100.2.
struct HeroTraits {
    classes: Vec<Class>,
    faction: Faction,
    /// Every trait by name: class, faction, race, talent spec, professions, hero tags.
    names: Vec<&'static str>,
}

impl HeroTraits {
    fn of(hero: &crate::Hero) -> Self {
        let classes: Vec<Class> = hero.class.into_iter().chain(hero.second_class).collect();
        let mut names: Vec<&'static str> = classes.iter().map(|c| c.name()).collect();
        if hero.faction != Faction::Neutral {
            names.push(hero.faction.name());
        }
        names.extend(hero.race.map(|r| r.name()));
        names.extend(hero.talent_spec.map(TalentSpec::name));
        names.extend(hero.professions.iter().map(|p: &Profession| p.name()));
        names.extend(hero.tags.iter().map(TypeTag::name));
        if !hero.tags.contains(&TypeTag::Traitor) {
            names.push(HeroTrait::Loyal.name());
        }
        Self {
            classes,
            faction: hero.faction,
            names,
        }
    }

    /// 100.2: the card has no trait icon, or shares one with the hero.
    fn shares_an_icon(&self, card: &Parts) -> bool {
        let faction_icon = card.faction != Faction::Neutral;
        if card.classes.is_empty() && !faction_icon {
            return true;
        }
        card.classes.iter().any(|c| self.classes.contains(c))
            || (faction_icon && card.faction == self.faction)
    }

    /// 100.2: the hero has one of the traits the card requires (none required: true).
    fn meets(&self, required: &[HeroTrait]) -> bool {
        required.is_empty() || required.iter().any(|t| self.names.contains(&t.name()))
    }
}

/// The number of cards of `entries` (each entry holds at most [`MAX_DECK_CARDS`] copies, so
/// the sum of a deck's entries fits; it saturates rather than wrap for decks built in code).
fn size(entries: &[Entry]) -> u32 {
    entries
        .iter()
        .fold(0u32, |sum, entry| sum.saturating_add(entry.copies))
}

/// Every entry of the deck with the part it is and the deck it is in, main deck first.
fn every_entry(deck: &Deck) -> impl Iterator<Item = (&Entry, Part, &'static str)> {
    let main = deck
        .main
        .iter()
        .enumerate()
        .map(|(i, e)| (e, Part::MainEntry(i), "main deck"));
    let side = deck
        .side
        .iter()
        .enumerate()
        .map(|(i, e)| (e, Part::SideEntry(i), "side deck"));
    main.chain(side)
}

/// Every deck-building rule the deck breaks, in rule order, each with the part of the deck
/// that breaks it.
pub fn check(deck: &Deck) -> Vec<Violation> {
    let mut violations = Vec::new();
    let hero = match deck.hero {
        Card::Hero(hero) => Some(hero),
        other => {
            violations.push(Violation {
                rule: "100.1",
                part: Part::Hero,
                message: format!(
                    "`{}` is a {} card, not a hero; a deck is built for a hero",
                    other.name(),
                    other.kind().replace('_', " ")
                ),
            });
            None
        }
    };
    let (minimum, format_name) = match deck.format {
        Format::Constructed => (MIN_CONSTRUCTED_DECK, "Constructed"),
        Format::Sealed => (MIN_SEALED_DECK, "Sealed"),
    };
    let main_size = size(&deck.main);
    if i64::from(main_size) < minimum {
        violations.push(Violation {
            rule: "100.1",
            part: Part::Main,
            message: format!(
                "the main deck has {main_size} cards; a {format_name} deck needs at least {minimum}"
            ),
        });
    }
    for (entry, part, deck_part) in every_entry(deck) {
        let card = parts(entry.card);
        if card.kind == "hero" {
            violations.push(Violation {
                rule: "100.1",
                part,
                message: format!(
                    "`{}` in the {deck_part} is a hero card; decks can't include heroes",
                    card.name
                ),
            });
        }
    }
    if let Some(hero) = hero {
        let traits = HeroTraits::of(hero);
        for (entry, part, deck_part) in every_entry(deck) {
            let card = parts(entry.card);
            if card.kind == "hero" {
                continue;
            }
            if !traits.shares_an_icon(&card) {
                violations.push(Violation {
                    rule: "100.2",
                    part,
                    message: format!(
                        "`{}` in the {deck_part} has the trait icons {} and shares none with {}",
                        card.name,
                        icons(&card),
                        hero.name
                    ),
                });
            }
            if !traits.meets(card.hero_required) {
                let required: Vec<&str> = card.hero_required.iter().map(|t| t.name()).collect();
                violations.push(Violation {
                    rule: "100.2",
                    part,
                    message: format!(
                        "`{}` in the {deck_part} requires a {} hero; {} is not one",
                        card.name,
                        required.join(" or "),
                        hero.name
                    ),
                });
            }
        }
    }
    let side_size = size(&deck.side);
    if deck.format == Format::Constructed
        && side_size != 0
        && i64::from(side_size) != SIDE_DECK_SIZE
    {
        violations.push(Violation {
            rule: "100.3",
            part: Part::Side,
            message: format!(
                "the side deck has {side_size} cards; a Constructed side deck has exactly {SIDE_DECK_SIZE}"
            ),
        });
    }
    if deck.format == Format::Constructed {
        violations.extend(copy_violations(deck));
    }
    violations
}

/// 100.4: copies by printed name across main and side deck, Unlimited cards aside; each
/// violation is at the entry that takes its name past the limit.
fn copy_violations(deck: &Deck) -> Vec<Violation> {
    // Per printed name: copies so far, whether every entry is Unlimited, and the entry that
    // first passed the limit.
    let mut by_name: BTreeMap<&'static str, (u32, bool, Option<Part>)> = BTreeMap::new();
    let mut order = Vec::new();
    for (entry, part, _) in every_entry(deck) {
        let card = parts(entry.card);
        let unlimited = card.keywords.contains(&Keyword::Unlimited);
        let slot = by_name.entry(card.printed_name).or_insert_with(|| {
            order.push(card.printed_name);
            (0, true, None)
        });
        slot.0 = slot.0.saturating_add(entry.copies);
        slot.1 &= unlimited;
        if slot.2.is_none() && i64::from(slot.0) > COPIES_PER_NAME {
            slot.2 = Some(part);
        }
    }
    order
        .into_iter()
        .filter_map(|name| {
            let (copies, unlimited, over) = by_name[name];
            let part = over.filter(|_| !unlimited)?;
            Some(Violation {
                rule: "100.4",
                part,
                message: format!(
                    "{copies} cards named `{name}` across main and side deck; at most {COPIES_PER_NAME} unless Unlimited"
                ),
            })
        })
        .collect()
}

fn icons(card: &Parts) -> String {
    let mut names: Vec<&str> = card.classes.iter().map(|c| c.name()).collect();
    if card.faction != Faction::Neutral {
        names.push(card.faction.name());
    }
    names.join(", ")
}

/// The report of the deck file at `path`: hero, format, sizes, then every violation as
/// `path:line:column: rule N: ...` at the part of the file that breaks it, or "legal".
pub fn render(file: &DeckFile, path: &str, violations: &[Violation]) -> String {
    let deck = &file.deck;
    let format = match deck.format {
        Format::Constructed => "constructed",
        Format::Sealed => "sealed",
    };
    let mut out = format!(
        "{format} deck for {}: {} main-deck cards, {} side-deck cards\n",
        deck.hero.name(),
        size(&deck.main),
        size(&deck.side)
    );
    if violations.is_empty() {
        out += "ok: the deck is legal\n";
    } else {
        out += &format!("{} violation(s):\n", violations.len());
        for violation in violations {
            let at = file.position(violation.part);
            out += &format!("  error: {path}:{at}: {violation}\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legal Constructed main deck for Gorebelly (Horde warrior) of 56 Unlimited cards, to
    /// which a test adds lines.
    const PADDING: &str = "\"Bound Vortex\" = 56\n";

    /// Each violation of `text` as `line:column rule`.
    fn located(text: &str) -> Vec<String> {
        let file = DeckFile::parse(text).unwrap_or_else(|e| panic!("{e}"));
        check(&file.deck)
            .iter()
            .map(|v| format!("{} {}", file.position(v.part), v.rule))
            .collect()
    }

    #[test]
    fn every_violation_is_located_at_the_part_that_breaks_it() {
        // 100.1: not a hero, at the hero; a main deck too small, at `[main]`.
        assert_eq!(
            located("hero = \"Zulanji\"\n\n[main]\n\"Zulanji\" = 4\n"),
            ["1:8 100.1", "3:1 100.1"]
        );
        // 100.1: a hero in the deck; 100.2: a class and a Hero Required card, at their lines.
        let text = format!(
            "hero = \"Gorebelly\"\n[main]\n{PADDING}\"Boris Brightbeard\" = 1\n\"Aimed Shot\" = 3\n"
        );
        assert_eq!(located(&text), ["4:1 100.1", "5:1 100.2", "5:1 100.2"]);
        // 100.3 at `[side]`; 100.4 at the entry that takes the name past four copies.
        let text = format!(
            "hero = \"Gorebelly\"\n[main]\n\"Zulanji\" = 4\n{PADDING}[side]\n\"Bound Vortex\" = 2\n\"Zulanji\" = 1\n"
        );
        assert_eq!(located(&text), ["5:1 100.3", "7:1 100.4"]);
        // Without a `[main]` table the deck's size is located at the end of the file.
        assert_eq!(located("hero = \"Gorebelly\"\n"), ["2:1 100.1"]);
    }

    #[test]
    fn the_report_names_the_file_line_and_column_of_each_violation() {
        let text = format!("hero = \"Gorebelly\"\n[main]\n{PADDING}\"Boris Brightbeard\" = 4\n");
        let file = DeckFile::parse(&text).expect("deck");
        let report = render(&file, "decks/x.toml", &check(&file.deck));
        assert!(
            report.contains(
                "  error: decks/x.toml:4:1: rule 100.1: `Boris Brightbeard` in the main deck"
            ),
            "{report}"
        );
    }

    #[test]
    fn copies_are_bounded_per_entry_and_per_file() {
        let error = |text: &str| DeckFile::parse(text).expect_err("out of bounds");
        for copies in [
            "0",
            "-1",
            "1001",
            "4294967295",
            "9223372036854775807",
            "\"4\"",
        ] {
            let e = error(&format!(
                "hero = \"Gorebelly\"\n[main]\n\"Zulanji\" = {copies}\n"
            ));
            assert_eq!(
                e.position,
                Position {
                    line: 3,
                    column: 13
                },
                "{copies}"
            );
            assert!(e.message.contains("from 1 to 1000"), "{copies}: {e}");
        }
        let e = error("hero = \"Gorebelly\"\n[main]\n\"Zulanji\" = 600\n[side]\n\"Fury\" = 401\n");
        assert_eq!(
            e.position,
            Position {
                line: 5,
                column: 10
            }
        );
        assert!(e.message.contains("more than 1000 cards"), "{e}");
        let most = "hero = \"Gorebelly\"\n[main]\n\"Zulanji\" = 600\n[side]\n\"Fury\" = 400\n";
        let deck = Deck::from_toml(most).expect("1000 cards is within the bound");
        assert_eq!(size(&deck.main) + size(&deck.side), MAX_DECK_CARDS);
    }

    #[test]
    fn unreadable_files_are_located_even_past_the_recursion_limit() {
        let nested = format!(
            "hero = \"Gorebelly\"\nx = {}{}\n",
            "[".repeat(5000),
            "]".repeat(5000)
        );
        let error = DeckFile::parse(&nested).expect_err("too deep");
        assert_eq!(error.position.line, 2, "{error}");
        assert!(error.position.column > 1, "{error}");
        let error = DeckFile::parse("hero = \"Gorebelly\"\n[main\n").expect_err("syntax");
        assert_eq!(error.position.line, 2, "{error}");
    }

    #[test]
    fn a_very_long_unknown_name_is_answered_at_once() {
        let long = "a".repeat(1_000_000);
        let started = std::time::Instant::now();
        let error = DeckFile::parse(&format!("hero = \"{long}\"\n")).expect_err("no such card");
        // Before suggestions were bounded this took minutes.
        assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
        assert_eq!(error.position, Position { line: 1, column: 8 });
        assert!(!error.message.contains("did you mean"));
        assert!(
            error.message.len() < 200,
            "the name is shortened: {}",
            error.message.len()
        );
    }
}
