//! Coverage: which printed abilities of a game's cards the rules play, and the one form in
//! which play reports an ability it does not model.
//!
//! Every game answers with the same types:
//! - [`Coverage`]: the status of one ability, effect operation, handler or constant: played
//!   (data the rules interpret, or a handler that acts, naming the module that does it) or not
//!   modelled yet (with the reason);
//! - [`CardCoverage`]: one card (name, kind, sets) with each printed ability and its status; a
//!   card is covered when every printed ability is played;
//! - [`CoverageReport`]: the cards of a game with totals per kind and per set, serialisable
//!   as JSON.
//!
//! In play, [`NotModelledLog`] remembers which (object, ability) pairs were reported, so a
//! game logs [`NotModelled`] once per object and ability, whatever the number of times play
//! meets it. Each game's event type embeds [`NotModelled`].
//!
//! The engine knows no game words: the names and kinds come from the games' tables.

use std::collections::BTreeMap;

use serde::Serialize;

/// How the rules treat one ability, effect operation, handler or constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Coverage {
    /// Played: data the rules interpret, or a handler that acts.
    Played {
        /// The module (and function) that plays it.
        by: &'static str,
    },
    /// Not modelled yet.
    NotModelled {
        /// Why not.
        reason: &'static str,
    },
}

impl Coverage {
    /// Played by `by` (usable in `const` tables).
    pub const fn played(by: &'static str) -> Coverage {
        Coverage::Played { by }
    }

    /// Not modelled yet, because of `reason` (usable in `const` tables).
    pub const fn not_modelled(reason: &'static str) -> Coverage {
        Coverage::NotModelled { reason }
    }

    /// Whether it is played.
    pub const fn is_played(self) -> bool {
        matches!(self, Coverage::Played { .. })
    }

    /// Both parts of one ability: played when both are, else the first part not modelled.
    pub fn and(self, other: Coverage) -> Coverage {
        match self {
            Coverage::Played { .. } => other,
            Coverage::NotModelled { .. } => self,
        }
    }

    /// The status of an ability made of `parts` (its effect operations, its handler...):
    /// played when every part is (by the first part's module), the first part not modelled
    /// otherwise; `None` when it has no part.
    pub fn all(parts: impl IntoIterator<Item = Coverage>) -> Option<Coverage> {
        parts.into_iter().reduce(Coverage::and)
    }
}

/// One printed ability of a card and how the rules treat it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AbilityCoverage {
    /// The ability as the card prints it (`Flying`, `Armor +2`, a handler's name).
    pub ability: String,
    /// Its status.
    #[serde(flatten)]
    pub coverage: Coverage,
}

/// One card: each printed ability with its status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardCoverage {
    /// The card's name.
    pub name: &'static str,
    /// Its kind as content writes it (`creature`).
    pub kind: &'static str,
    /// The sets it is printed in.
    pub sets: Vec<&'static str>,
    /// Whether every printed ability is played.
    pub covered: bool,
    /// Every printed ability, in the card's order.
    pub abilities: Vec<AbilityCoverage>,
}

impl CardCoverage {
    /// A card with `abilities` (name and status each); duplicates (an ability printed twice,
    /// or on two attack bars) are listed once.
    pub fn new(
        name: &'static str,
        kind: &'static str,
        sets: Vec<&'static str>,
        abilities: impl IntoIterator<Item = (String, Coverage)>,
    ) -> CardCoverage {
        let mut listed: Vec<AbilityCoverage> = Vec::new();
        for (ability, coverage) in abilities {
            if !listed.iter().any(|a| a.ability == ability) {
                listed.push(AbilityCoverage { ability, coverage });
            }
        }
        let mut sets = sets;
        sets.dedup();
        CardCoverage {
            name,
            kind,
            sets,
            covered: listed.iter().all(|a| a.coverage.is_played()),
            abilities: listed,
        }
    }

    /// The abilities the rules do not play yet.
    pub fn missing(&self) -> impl Iterator<Item = &AbilityCoverage> {
        self.abilities.iter().filter(|a| !a.coverage.is_played())
    }
}

/// Covered cards of a group (a kind, a set, a game).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Cards whose every printed ability is played.
    pub covered: usize,
    /// Cards.
    pub total: usize,
}

impl Tally {
    fn count(&mut self, card: &CardCoverage) {
        self.total += 1;
        self.covered += usize::from(card.covered);
    }
}

/// The coverage of a game's cards, with totals per kind and per set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoverageReport {
    /// The game.
    pub game: &'static str,
    /// Every card.
    pub total: Tally,
    /// Per kind.
    pub by_kind: BTreeMap<&'static str, Tally>,
    /// Per set (a card printed in several sets counts in each).
    pub by_set: BTreeMap<&'static str, Tally>,
    /// The cards, in the order given.
    pub cards: Vec<CardCoverage>,
}

impl CoverageReport {
    /// The report of `game` over `cards`.
    pub fn new(game: &'static str, cards: Vec<CardCoverage>) -> CoverageReport {
        let mut total = Tally::default();
        let mut by_kind: BTreeMap<&'static str, Tally> = BTreeMap::new();
        let mut by_set: BTreeMap<&'static str, Tally> = BTreeMap::new();
        for card in &cards {
            total.count(card);
            by_kind.entry(card.kind).or_default().count(card);
            for set in &card.sets {
                by_set.entry(set).or_default().count(card);
            }
        }
        CoverageReport {
            game,
            total,
            by_kind,
            by_set,
            cards,
        }
    }

    /// The report over the cards `keep` accepts (totals recomputed).
    pub fn filtered(self, keep: impl Fn(&CardCoverage) -> bool) -> CoverageReport {
        let cards = self.cards.into_iter().filter(|c| keep(c)).collect();
        CoverageReport::new(self.game, cards)
    }
}

/// The event a game logs when play meets an ability the rules do not model: the object that
/// has it and the ability's name. Each game's event type embeds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct NotModelled<O> {
    /// The object whose card (or codex entry) has the ability.
    pub object: O,
    /// The ability, handler or codex entry, by name.
    pub ability: &'static str,
}

/// The (object, ability) pairs already reported in a game, so each is logged once.
#[derive(Debug, PartialEq, Eq)]
pub struct NotModelledLog<O> {
    reported: Vec<NotModelled<O>>,
}

impl<O: Clone> Clone for NotModelledLog<O> {
    fn clone(&self) -> Self {
        Self {
            reported: self.reported.clone(),
        }
    }

    /// Copies into the existing list.
    fn clone_from(&mut self, source: &Self) {
        self.reported.clone_from(&source.reported);
    }
}

impl<O> Default for NotModelledLog<O> {
    fn default() -> Self {
        Self {
            reported: Vec::new(),
        }
    }
}

impl<O: Copy + PartialEq> NotModelledLog<O> {
    /// The event to log the first time play meets `ability` on `object`; `None` after that.
    pub fn first(&mut self, object: O, ability: &'static str) -> Option<NotModelled<O>> {
        let event = NotModelled { object, ability };
        if self.reported.contains(&event) {
            return None;
        }
        self.reported.push(event);
        Some(event)
    }

    /// Whether `ability` of `object` was reported.
    pub fn reported(&self, object: O, ability: &'static str) -> bool {
        self.reported.contains(&NotModelled { object, ability })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_covered_when_every_ability_is_played() {
        let played = Coverage::played("combat");
        let missing = Coverage::not_modelled("no terrain");
        let plain = CardCoverage::new("Ox", "unit", vec!["core"], []);
        let partly = CardCoverage::new(
            "Eel",
            "unit",
            vec!["core", "core", "deep"],
            [
                ("Swim".to_string(), missing),
                ("Bite".to_string(), played),
                ("Swim".to_string(), played),
            ],
        );
        assert!(plain.covered && !partly.covered);
        assert_eq!(partly.sets, ["core", "deep"]);
        assert_eq!(partly.abilities.len(), 2);
        assert_eq!(
            partly.missing().map(|a| &a.ability[..]).collect::<Vec<_>>(),
            ["Swim"]
        );
        let report = CoverageReport::new("toy", vec![plain, partly]);
        assert_eq!(
            report.total,
            Tally {
                covered: 1,
                total: 2
            }
        );
        assert_eq!(
            report.by_set["deep"],
            Tally {
                covered: 0,
                total: 1
            }
        );
        let json = serde_json::to_value(&report).expect("serialisable");
        assert_eq!(json["by_kind"]["unit"]["covered"], 1);
        assert_eq!(json["cards"][1]["abilities"][0]["status"], "not_modelled");
        assert_eq!(json["cards"][1]["abilities"][0]["reason"], "no terrain");
        let only = report.filtered(|c| c.sets.contains(&"deep"));
        assert_eq!(
            only.total,
            Tally {
                covered: 0,
                total: 1
            }
        );
    }

    #[test]
    fn parts_combine_to_the_first_not_modelled() {
        let a = Coverage::played("a");
        let b = Coverage::not_modelled("b");
        assert_eq!(Coverage::all([a, b, Coverage::not_modelled("c")]), Some(b));
        assert_eq!(Coverage::all([a]), Some(a));
        assert_eq!(Coverage::all([]), None);
    }

    #[test]
    fn not_modelled_is_reported_once_per_object_and_ability() {
        let mut log = NotModelledLog::default();
        assert_eq!(
            log.first(1, "Swim"),
            Some(NotModelled {
                object: 1,
                ability: "Swim"
            })
        );
        assert_eq!(log.first(1, "Swim"), None);
        assert!(log.first(2, "Swim").is_some() && log.first(1, "Bite").is_some());
        assert!(log.reported(2, "Swim") && !log.reported(3, "Swim"));
    }
}
