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

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use crate::{
    Card, CardId, Class, Faction, HeroTrait, Keyword, Profession, TalentSpec, TypeTag,
    COPIES_PER_NAME, MIN_CONSTRUCTED_DECK, MIN_SEALED_DECK, SIDE_DECK_SIZE,
};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
}

impl Position {
    fn of(text: &str, offset: usize) -> Self {
        let (line, column) = grimoire_engine::text::line_column(text, offset);
        Self { line, column }
    }
}

/// One card line of a deck: a card and how many copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The card.
    pub card: CardId,
    /// How many copies (at least 1).
    pub copies: u32,
}

/// A deck file, read and resolved against the card tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// Constructed or Sealed.
    pub format: Format,
    /// The hero card.
    pub hero: CardId,
    /// The main deck, in file order.
    pub main: Vec<Entry>,
    /// The side deck, in file order (empty when there is none).
    pub side: Vec<Entry>,
}

/// Why a deck file cannot be checked at all (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckError {
    /// Where, when known.
    pub position: Option<Position>,
    /// What is wrong, what was expected, and a suggestion where there is one.
    pub message: String,
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{}:{}: {}", p.line, p.column, self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A broken deck-building rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule number (`100.4`).
    pub rule: &'static str,
    /// What is wrong, naming the cards concerned.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule {}: {}", self.rule, self.message)
    }
}

/// The deck file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    format: Option<Spanned<String>>,
    hero: Spanned<String>,
    main: Option<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    side: Option<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
}

impl Deck {
    /// Reads a deck file's text; errors carry the line and column of the offending value.
    pub fn from_toml(text: &str) -> Result<Self, DeckError> {
        let raw: RawDeck = toml::from_str(text).map_err(|error| DeckError {
            position: error.span().map(|span| Position::of(text, span.start)),
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
                        position: Some(Position::of(text, format.span().start)),
                        message: format!(
                            "unknown format `{other}`: expected `constructed` or `sealed`"
                        ),
                    })
                }
            },
        };
        Ok(Self {
            format,
            hero: resolve(text, &raw.hero)?,
            main: entries(text, raw.main.as_ref())?,
            side: entries(text, raw.side.as_ref())?,
        })
    }
}

fn entries(
    text: &str,
    table: Option<&BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
) -> Result<Vec<Entry>, DeckError> {
    let Some(table) = table else {
        return Ok(Vec::new());
    };
    let mut lines: Vec<_> = table.iter().collect();
    lines.sort_by_key(|(name, _)| name.span().start);
    lines
        .into_iter()
        .map(|(name, copies)| {
            let card = resolve(text, name)?;
            let count = copies
                .get_ref()
                .as_integer()
                .and_then(|n| u32::try_from(n).ok())
                .filter(|n| *n >= 1)
                .ok_or_else(|| DeckError {
                    position: Some(Position::of(text, copies.span().start)),
                    message: format!(
                        "`{}`: copies must be a whole number of at least 1, found `{}`",
                        name.get_ref(),
                        copies.get_ref()
                    ),
                })?;
            Ok(Entry {
                card,
                copies: count,
            })
        })
        .collect()
}

/// The card of a name written in the file, or an error with the closest names.
fn resolve(text: &str, name: &Spanned<String>) -> Result<CardId, DeckError> {
    let wanted = name.get_ref();
    find_card(wanted).ok_or_else(|| {
        let suggestion = closest_names(wanted);
        DeckError {
            position: Some(Position::of(text, name.span().start)),
            message: if suggestion.is_empty() {
                format!("no WoW TCG card is named `{wanted}`")
            } else {
                format!(
                    "no WoW TCG card is named `{wanted}`; did you mean {}?",
                    suggestion.join(" or ")
                )
            },
        }
    })
}

/// Up to three card names nearest to `wanted` (case-insensitive edit distance).
fn closest_names(wanted: &str) -> Vec<String> {
    let wanted = wanted.to_lowercase();
    let limit = (wanted.chars().count() / 3).max(2);
    let mut scored: Vec<(usize, &str)> = CardId::ALL
        .iter()
        .map(|id| {
            (
                strsim::levenshtein(&wanted, &id.name().to_lowercase()),
                id.name(),
            )
        })
        .filter(|(distance, _)| *distance <= limit)
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(3)
        .map(|(_, name)| format!("`{name}`"))
        .collect()
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

/// Every deck-building rule the deck breaks, in rule order.
pub fn check(deck: &Deck) -> Vec<Violation> {
    let mut violations = Vec::new();
    let hero = match deck.hero.card() {
        Card::Hero(hero) => Some(hero),
        other => {
            violations.push(Violation {
                rule: "100.1",
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
    let main_size: u64 = deck.main.iter().map(|e| u64::from(e.copies)).sum();
    if i128::from(main_size) < i128::from(minimum) {
        violations.push(Violation {
            rule: "100.1",
            message: format!(
                "the main deck has {main_size} cards; a {format_name} deck needs at least {minimum}"
            ),
        });
    }
    let all = || {
        deck.main
            .iter()
            .map(|e| (e, "main deck"))
            .chain(deck.side.iter().map(|e| (e, "side deck")))
    };
    for (entry, part) in all() {
        let card = parts(entry.card.card());
        if card.kind == "hero" {
            violations.push(Violation {
                rule: "100.1",
                message: format!(
                    "`{}` in the {part} is a hero card; decks can't include heroes",
                    card.name
                ),
            });
        }
    }
    if let Some(hero) = hero {
        let traits = HeroTraits::of(hero);
        for (entry, part) in all() {
            let card = parts(entry.card.card());
            if card.kind == "hero" {
                continue;
            }
            if !traits.shares_an_icon(&card) {
                violations.push(Violation {
                    rule: "100.2",
                    message: format!(
                        "`{}` in the {part} has the trait icons {} and shares none with {}",
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
                    message: format!(
                        "`{}` in the {part} requires a {} hero; {} is not one",
                        card.name,
                        required.join(" or "),
                        hero.name
                    ),
                });
            }
        }
    }
    let side_size: u64 = deck.side.iter().map(|e| u64::from(e.copies)).sum();
    if deck.format == Format::Constructed
        && side_size != 0
        && i128::from(side_size) != i128::from(SIDE_DECK_SIZE)
    {
        violations.push(Violation {
            rule: "100.3",
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

/// 100.4: copies by printed name across main and side deck, Unlimited cards aside.
fn copy_violations(deck: &Deck) -> Vec<Violation> {
    let mut by_name: BTreeMap<&'static str, (u64, bool)> = BTreeMap::new();
    let mut order = Vec::new();
    for entry in deck.main.iter().chain(&deck.side) {
        let card = parts(entry.card.card());
        let unlimited = card.keywords.contains(&Keyword::Unlimited);
        let slot = by_name.entry(card.printed_name).or_insert_with(|| {
            order.push(card.printed_name);
            (0, true)
        });
        slot.0 += u64::from(entry.copies);
        slot.1 &= unlimited;
    }
    order
        .into_iter()
        .filter_map(|name| {
            let (copies, unlimited) = by_name[name];
            (!unlimited && i128::from(copies) > i128::from(COPIES_PER_NAME)).then(|| Violation {
                rule: "100.4",
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

/// The report: hero, format, sizes, then every violation or "legal".
pub fn render(deck: &Deck, violations: &[Violation]) -> String {
    let main: u64 = deck.main.iter().map(|e| u64::from(e.copies)).sum();
    let side: u64 = deck.side.iter().map(|e| u64::from(e.copies)).sum();
    let format = match deck.format {
        Format::Constructed => "constructed",
        Format::Sealed => "sealed",
    };
    let mut out = format!(
        "{format} deck for {}: {main} main-deck cards, {side} side-deck cards\n",
        deck.hero.name()
    );
    if violations.is_empty() {
        out += "ok: the deck is legal\n";
    } else {
        out += &format!("{} violation(s):\n", violations.len());
        for violation in violations {
            out += &format!("  error: {violation}\n");
        }
    }
    out
}

/// The card a player names: its exact name, else the name ignoring case.
pub fn find_card(name: &str) -> Option<CardId> {
    CardId::from_name(name).or_else(|| {
        grimoire_engine::suggest::find_ignoring_case(
            name,
            CardId::ALL.iter().map(|id| (id.name(), *id)),
        )
    })
}
