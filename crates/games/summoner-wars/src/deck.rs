//! Summoner Wars deck construction rules: `grimoire deck check --game summoner-wars FILE`.
//!
//! A deck file names its summoner and lists its other cards with their copies
//! (docs/formats.md, "Summoner Wars decks"). [`Deck::parse`] reads it, keeping the line and
//! column of every entry; [`check`] lists every rule the deck breaks, each with the place in
//! the file and the source of the rule ([`Rule::source`]). Cards are looked up in a
//! [`Catalog`] (the generated card tables, or the cards on disk from the CLI), as they
//! currently read (after errata), their names ignoring case.
//!
//! An optional `[layout]` table gives the starting layout: `"B2" = "Name"`, squares written
//! from the owner's side (row 1 is their back row, rows 1-4 their side). A deck played whole
//! (`grimoire play`, `simulate`) needs one; `check` checks it when it is there.
//!
//! The FAQ says nothing about deck sizes or copy limits and the card data gives one record
//! per card, so no rule is checked; reading refuses copies outside 1 to [`MAX_COPIES`] and a
//! deck of more than [`MAX_DECK_CARDS`] cards, at the entry (docs/decisions.md, "Summoner Wars
//! and Mage Knight: bounds on user numbers").

use std::collections::BTreeMap;
use std::fmt;

use grimoire_input::Location;
use serde::Deserialize;
use toml::Spanned;

use crate::catalog::Catalog;
use crate::{Card, Edition, Faction};

/// The most copies of one card a deck file may list: 99. The published faction decks hold at
/// most 10 copies of a card; the bound leaves room for any custom deck.
pub const MAX_COPIES: i64 = 99;

/// The most cards a deck file may hold besides its summoner: 999. A published faction deck has
/// 33; every card becomes a piece when the deck is played, so the bound keeps set-up small.
pub const MAX_DECK_CARDS: i64 = 999;

/// A deck as written in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// The summoner (`summoner = "..."`).
    pub summoner: Entry,
    /// The other cards (`[cards]`), in file order.
    pub cards: Vec<Entry>,
    /// The starting layout (`[layout]`), in file order: the square is `Entry::name`'s
    /// [`Placement::square`].
    pub layout: Vec<Placement>,
}

/// One card of the starting layout, with where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The square as written, from the owner's side (`"C1"`).
    pub square: String,
    /// The card placed there (`copies` is 1).
    pub card: Entry,
}

/// One card named by the deck file, with where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The card's name as written.
    pub name: String,
    /// How many copies (1 for the summoner; reading refuses more than [`MAX_COPIES`]).
    pub copies: i64,
    /// 1-based line of the name in the file.
    pub line: usize,
    /// 1-based column (in characters) of the name.
    pub column: usize,
}

/// Why a deck file cannot be read as a deck (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line, 0 when the position is unknown.
    pub line: usize,
    /// 1-based column in characters, 0 when the position is unknown.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// The file's shape, with spans.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    summoner: Spanned<String>,
    #[serde(default)]
    cards: BTreeMap<Spanned<String>, Spanned<i64>>,
    #[serde(default)]
    layout: BTreeMap<Spanned<String>, Spanned<String>>,
}

impl Deck {
    /// Parses a deck file: `summoner = "Name"` and a `[cards]` table of `"Name" = copies`.
    pub fn parse(text: &str) -> Result<Deck, ParseError> {
        let raw: RawDeck = toml::from_str(text).map_err(|error| {
            let at = Location::of_offset(text, error.span().map_or(0, |span| span.start));
            ParseError {
                line: at.line,
                column: at.column,
                message: format!(
                    "{} (a deck is `summoner = \"Name\"` and a `[cards]` table of `\"Name\" = copies`)",
                    error
                        .message()
                        .trim_end()
                        .replace("expected i64", "expected a whole number of copies")
                ),
            }
        })?;
        let lines = grimoire_input::LineIndex::new(text);
        let entry = |name: &Spanned<String>, copies: i64| {
            let at = lines.location(name.span().start);
            Entry {
                name: name.get_ref().trim().to_owned(),
                copies,
                line: at.line,
                column: at.column,
            }
        };
        let mut cards: Vec<(usize, &Spanned<i64>, Entry)> = raw
            .cards
            .iter()
            .map(|(name, copies)| (name.span().start, copies, entry(name, *copies.get_ref())))
            .collect();
        cards.sort_by_key(|(start, _, _)| *start);
        let mut total = 0;
        for (_, copies, entry) in &cards {
            let error = |message: String| {
                let at = lines.location(copies.span().start);
                ParseError {
                    line: at.line,
                    column: at.column,
                    message,
                }
            };
            if entry.copies > MAX_COPIES {
                return Err(error(format!(
                    "`{}` has {} copies; a deck lists at most {MAX_COPIES} copies of a card",
                    entry.name, entry.copies
                )));
            }
            total += entry.copies.max(0);
            if total > MAX_DECK_CARDS {
                return Err(error(format!(
                    "the deck passes {MAX_DECK_CARDS} cards here; a deck holds at most \
                     {MAX_DECK_CARDS} cards besides its summoner"
                )));
            }
        }
        let mut layout: Vec<(usize, Placement)> = raw
            .layout
            .iter()
            .map(|(square, card)| {
                (
                    square.span().start,
                    Placement {
                        square: square.get_ref().trim().to_owned(),
                        card: entry(card, 1),
                    },
                )
            })
            .collect();
        layout.sort_by_key(|(start, _)| *start);
        Ok(Deck {
            summoner: entry(&raw.summoner, 1),
            cards: cards.into_iter().map(|(_, _, entry)| entry).collect(),
            layout: layout.into_iter().map(|(_, p)| p).collect(),
        })
    }
}

/// A deck construction rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    /// Every name is a card of the pool.
    KnownCard,
    /// The deck has exactly one summoner, named by `summoner`.
    OneSummoner,
    /// Every card is of the summoner's faction, or a Mercenary.
    SummonersFaction,
    /// Every card's numbers come from the summoner's edition.
    OneEdition,
    /// Every unit's class is known (a unit of unknown class cannot be checked).
    KnownClass,
    /// A listed card has at least one copy.
    Copies,
    /// The starting layout places the summoner once and only the deck's cards, on squares of
    /// the owner's side.
    Layout,
}

impl Rule {
    /// A short name, shown in brackets after `error`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::KnownCard => "known-card",
            Rule::OneSummoner => "one-summoner",
            Rule::SummonersFaction => "summoners-faction",
            Rule::OneEdition => "one-edition",
            Rule::KnownClass => "known-class",
            Rule::Copies => "copies",
            Rule::Layout => "layout",
        }
    }

    /// Where the rule comes from.
    pub fn source(self) -> &'static str {
        match self {
            Rule::KnownCard => "the card pool, cards/summoner-wars/",
            Rule::OneSummoner => {
                "FAQ: each player has one summoner (\"your summoner\": Rules Updates, Structure Units, Renewed Hope); docs/decisions.md, Summoner Wars: deck rules"
            }
            Rule::SummonersFaction => {
                "FAQ Card Updates: cards come in faction decks; card data: each card's faction deck (`source_file`); Mercenaries: docs/decisions.md, Summoner Wars: deck rules"
            }
            Rule::OneEdition => "docs/decisions.md, Summoner Wars: deck rules (the editions' numbers differ)",
            Rule::KnownClass => {
                "FAQ Card Updates print no class for this card; docs/decisions.md, Summoner Wars: deck rules"
            }
            Rule::Copies => "a listed card is in the deck at least once",
            Rule::Layout => {
                "FAQ: the 4 rows closest to you are your side; docs/decisions.md, Summoner Wars: set-up"
            }
        }
    }
}

/// One broken rule, at the entry that breaks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule broken.
    pub rule: Rule,
    /// 1-based line of the entry.
    pub line: usize,
    /// 1-based column of the entry.
    pub column: usize,
    /// What is wrong, naming the card.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: error[{}]: {} (source: {})",
            self.line,
            self.column,
            self.rule.name(),
            self.message,
            self.rule.source()
        )
    }
}

/// What the rules need to know about a card.
struct Facts {
    kind: &'static str,
    faction: Faction,
    edition: Edition,
}

fn facts(card: Card) -> Facts {
    let (faction, edition) = match card {
        Card::Summoner(c) => (c.faction, c.edition),
        Card::Champion(c) => (c.faction, c.edition),
        Card::Common(c) => (c.faction, c.edition),
        Card::UnclassedUnit(c) => (c.faction, c.edition),
        Card::Event(c) => (c.faction, c.edition),
        Card::Structure(c) => (c.faction, c.edition),
    };
    Facts {
        kind: card.kind(),
        faction,
        edition,
    }
}

/// Every rule the deck breaks, in file order, with the cards of `catalog`.
pub fn check(deck: &Deck, catalog: &Catalog) -> Vec<Violation> {
    let mut violations = Vec::new();
    let mut violation = |rule, entry: &Entry, message: String| {
        violations.push(Violation {
            rule,
            line: entry.line,
            column: entry.column,
            message,
        })
    };
    let summoner = match lookup(catalog, &deck.summoner.name) {
        Err(message) => {
            violation(Rule::KnownCard, &deck.summoner, message);
            None
        }
        Ok(card) => {
            let facts = facts(card);
            if facts.kind == "summoner" {
                Some(facts)
            } else {
                violation(
                    Rule::OneSummoner,
                    &deck.summoner,
                    format!(
                        "`{}` is {} {}, not a summoner",
                        card.name(),
                        article(facts.kind),
                        kind_words(facts.kind)
                    ),
                );
                None
            }
        }
    };
    for entry in &deck.cards {
        if entry.copies < 1 {
            violation(
                Rule::Copies,
                entry,
                format!(
                    "`{}` has {} copies; list a card with at least 1 copy or leave it out",
                    entry.name, entry.copies
                ),
            );
        }
        let card = match lookup(catalog, &entry.name) {
            Ok(card) => card,
            Err(message) => {
                violation(Rule::KnownCard, entry, message);
                continue;
            }
        };
        let facts = facts(card);
        match facts.kind {
            "summoner" => violation(
                Rule::OneSummoner,
                entry,
                format!(
                    "`{}` is a summoner; a deck has exactly one, named by `summoner`",
                    card.name()
                ),
            ),
            "unclassed_unit" => violation(
                Rule::KnownClass,
                entry,
                format!(
                    "`{}`'s class (summoner, champion or common) is not known, so the deck cannot be checked with it",
                    card.name()
                ),
            ),
            _ => {}
        }
        let Some(summoner) = &summoner else { continue };
        if facts.faction != summoner.faction && facts.faction != Faction::Mercenaries {
            violation(
                Rule::SummonersFaction,
                entry,
                format!(
                    "`{}` is a {} card; the summoner `{}` is {}, and only its faction's cards and Mercenaries may join",
                    card.name(),
                    facts.faction.name(),
                    deck.summoner.name,
                    summoner.faction.name()
                ),
            );
        }
        if facts.edition != summoner.edition {
            violation(
                Rule::OneEdition,
                entry,
                format!(
                    "`{}` has {} edition numbers; the summoner `{}` is {} edition",
                    card.name(),
                    edition_word(facts.edition),
                    deck.summoner.name,
                    edition_word(summoner.edition)
                ),
            );
        }
    }
    check_layout(deck, &mut violation);
    violations
}

/// The layout's rules: each square on the owner's side (columns A-F, rows 1-4), the summoner
/// placed exactly once, every other card one of the deck's, no more often than its copies.
fn check_layout(deck: &Deck, violation: &mut impl FnMut(Rule, &Entry, String)) {
    if deck.layout.is_empty() {
        return;
    }
    let mut placed: BTreeMap<String, i64> = BTreeMap::new();
    for p in &deck.layout {
        if layout_square(&p.square).is_none() {
            violation(
                Rule::Layout,
                &p.card,
                format!(
                    "`{}` is not a square of the owner's side (columns A-F, rows 1-4)",
                    p.square
                ),
            );
        }
        *placed.entry(p.card.name.to_lowercase()).or_default() += 1;
    }
    let summoners = placed
        .get(&deck.summoner.name.to_lowercase())
        .copied()
        .unwrap_or(0);
    if summoners != 1 {
        violation(
            Rule::Layout,
            &deck.summoner,
            format!(
                "the layout places the summoner `{}` {summoners} times; it starts on the battlefield once",
                deck.summoner.name
            ),
        );
    }
    for p in &deck.layout {
        let name = p.card.name.to_lowercase();
        if name == deck.summoner.name.to_lowercase() {
            continue;
        }
        let copies = deck
            .cards
            .iter()
            .filter(|e| e.name.to_lowercase() == name)
            .map(|e| e.copies.clamp(0, MAX_COPIES))
            .sum::<i64>();
        let wanted = placed.get(&name).copied().unwrap_or(0);
        if wanted > copies {
            violation(
                Rule::Layout,
                &p.card,
                format!(
                    "the layout places `{}` {wanted} times; the deck has {copies}",
                    p.card.name
                ),
            );
            placed.remove(&name);
        }
    }
}

/// A layout square (`"C1"`) as (column, row) from 0, on the owner's side; `None` when it is
/// not one.
pub fn layout_square(text: &str) -> Option<(u32, u32)> {
    let mut chars = text.chars();
    let column = chars.next()?.to_ascii_uppercase();
    let row: u32 = chars.as_str().parse().ok()?;
    let column = (column as u32).checked_sub('A' as u32)?;
    (column < crate::BOARD_COLUMNS as u32 && (1..=crate::ROWS_PER_SIDE as u32).contains(&row))
        .then(|| (column, row - 1))
}

/// The card of that name (ignoring case), or a message with the closest name, or why a card
/// of that name needs a rebuild of the program.
fn lookup(catalog: &Catalog, name: &str) -> Result<Card, String> {
    if let Some(message) = catalog.needs_rebuild(name) {
        return Err(message);
    }
    catalog.get(name).ok_or_else(|| {
        let closest = grimoire_engine::suggest::closest(name, catalog.names());
        match closest {
            Some(candidate) => {
                format!("no card is named `{name}`; did you mean `{candidate}`?")
            }
            None => format!("no card is named `{name}`"),
        }
    })
}

fn kind_words(kind: &str) -> &str {
    match kind {
        "unclassed_unit" => "unit of unknown class",
        other => other,
    }
}

fn article(kind: &str) -> &'static str {
    match kind {
        "event" | "unclassed_unit" => "an",
        _ => "a",
    }
}

fn edition_word(edition: Edition) -> &'static str {
    match edition {
        Edition::First => "1st",
        Edition::Second => "2nd",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules_of(text: &str) -> Vec<(Rule, usize)> {
        let deck = Deck::parse(text).expect("a deck");
        check(&deck, Catalog::compiled())
            .into_iter()
            .map(|violation| (violation.rule, violation.line))
            .collect()
    }

    #[test]
    fn a_layout_square_on_row_zero_is_not_a_square() {
        assert_eq!(layout_square("A0"), None);
        assert_eq!(layout_square("A1"), Some((0, 0)));
    }

    #[test]
    fn a_very_long_unknown_name_gets_no_suggestion_at_once() {
        let name = "x".repeat(1_000_000);
        assert_eq!(
            lookup(Catalog::compiled(), &name),
            Err(format!("no card is named `{name}`"))
        );
        assert_eq!(
            lookup(Catalog::compiled(), "Fenser"),
            Err("no card is named `Fenser`; did you mean `Fencer`?".to_owned())
        );
    }

    #[test]
    fn a_faction_deck_with_a_mercenary_is_legal() {
        let text = "summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = 6\n\"Fire Drake\" = 1\n\"Burn\" = 2\n\"Kogar\" = 1\n";
        assert_eq!(rules_of(text), []);
    }

    #[test]
    fn every_broken_rule_is_listed_at_its_line() {
        let text = "summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = 0\n\"Sera Eldwyn\" = 1\n\"Defender\" = 2\n\"Aerie Gate\" = 1\n\"Kuldak\" = 1\n\"Fenser\" = 1\n";
        assert_eq!(
            rules_of(text),
            [
                (Rule::Copies, 3),
                (Rule::OneSummoner, 4),
                (Rule::SummonersFaction, 4),
                (Rule::SummonersFaction, 5),
                (Rule::SummonersFaction, 6),
                (Rule::OneEdition, 6),
                (Rule::KnownClass, 7),
                (Rule::SummonersFaction, 7),
                (Rule::OneEdition, 7),
                (Rule::KnownCard, 8),
            ]
        );
    }

    #[test]
    fn a_layout_places_the_summoner_once_and_only_deck_cards_on_its_side() {
        let good = "summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = 2\n[layout]\nC1 = \"Prince Elien\"\nA2 = \"Fencer\"\nB2 = \"Fencer\"\n";
        assert_eq!(rules_of(good), []);
        let bad = "summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = 1\n[layout]\nA2 = \"Fencer\"\nB2 = \"Fencer\"\nC5 = \"Fencer\"\n";
        assert_eq!(
            rules_of(bad),
            [(Rule::Layout, 7), (Rule::Layout, 1), (Rule::Layout, 5)]
        );
    }

    #[test]
    fn an_unknown_name_gets_the_closest_card() {
        let deck = Deck::parse("summoner = \"Prince Elein\"\n").expect("a deck");
        let violations = check(&deck, Catalog::compiled());
        assert_eq!(violations.len(), 1);
        assert!(
            violations[0]
                .message
                .contains("did you mean `Prince Elien`?"),
            "{}",
            violations[0]
        );
    }

    #[test]
    fn a_champion_is_not_a_summoner() {
        assert_eq!(
            rules_of("summoner = \"Fire Drake\"\n[cards]\n\"Fencer\" = 1\n"),
            [(Rule::OneSummoner, 1)]
        );
    }

    #[test]
    fn copies_past_the_bound_are_refused_at_the_count() {
        for copies in ["100", "4294967295", "9223372036854775807"] {
            let text = format!("summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = {copies}\n");
            let error = Deck::parse(&text).expect_err(copies);
            assert_eq!(
                error.to_string(),
                format!(
                    "3:12: `Fencer` has {copies} copies; a deck lists at most 99 copies of a card"
                )
            );
        }
        let mut many = String::from("summoner = \"Prince Elien\"\n[cards]\n");
        for spaces in 0..11 {
            many += &format!("\"Fencer{}\" = 99\n", " ".repeat(spaces));
        }
        let error = Deck::parse(&many).expect_err("over 999 cards");
        assert_eq!((error.line, error.column), (13, 22), "{error}");
        assert!(error.message.contains("at most 999 cards"), "{error}");
    }

    #[test]
    fn the_most_negative_copies_are_a_violation_not_an_overflow() {
        let text = "summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = -9223372036854775808\n\"Fencer \" = -9223372036854775808\n[layout]\nC1 = \"Prince Elien\"\nA2 = \"Fencer\"\n";
        let rules = rules_of(text);
        assert!(rules.contains(&(Rule::Copies, 3)), "{rules:?}");
        assert!(rules.contains(&(Rule::Layout, 7)), "{rules:?}");
    }

    #[test]
    fn malformed_files_give_line_and_column() {
        let error = Deck::parse("summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = \"six\"\n")
            .expect_err("copies must be a number");
        assert_eq!((error.line, error.column), (3, 12), "{error}");
        let error =
            Deck::parse("summoner = \"Prince Elien\"\nsumoner = 1\n").expect_err("unknown key");
        assert_eq!(error.line, 2, "{error}");
        let error = Deck::parse("[cards]\n\"Fencer\" = 1\n").expect_err("no summoner");
        assert!(error.message.contains("summoner"), "{error}");
    }
}
