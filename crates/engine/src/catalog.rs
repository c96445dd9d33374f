//! The cards a game is played with: the tables compiled into the program, or cards read from
//! the content on disk after it was built ("live" cards, see the generated `Card::from_live`).
//!
//! One [`Catalog`] type serves every game: its card type `C` is the game's generated `Card`
//! (references to generated structs), so the rules take a live card exactly like a compiled
//! one. Names match ignoring case; an unknown name gets a "did you mean"; a card of the
//! content that this build's types cannot hold (a trait or field added after the build) is
//! remembered with the reason, so asking for it says it needs a rebuild instead of "unknown".

use std::collections::BTreeMap;

use crate::suggest::did_you_mean;

/// A game's card type as a [`Catalog`] holds it.
pub trait CatalogCard: Copy + 'static {
    /// The card's name, unique within the game.
    fn name(&self) -> &'static str;

    /// The catalog of the cards compiled into this build (made once).
    fn compiled() -> &'static Catalog<Self>;
}

/// Every card of one content, by name.
#[derive(Debug, Clone)]
pub struct Catalog<C> {
    /// The cards, sorted by name.
    cards: Vec<C>,
    /// Lower-case name → position in `cards`.
    by_lower_name: BTreeMap<String, usize>,
    /// Lower-case name → the card as printed, for the cards errata changed.
    printed: BTreeMap<String, C>,
    /// Whether the cards were read from the content on disk.
    live: bool,
    /// Lower-case name → why a card of the content could not be read into this build's types.
    unreadable: BTreeMap<String, String>,
}

impl<C: CatalogCard> Catalog<C> {
    /// The cards compiled into this build.
    pub fn compiled() -> &'static Catalog<C> {
        C::compiled()
    }

    /// A catalog of the compiled tables (what [`CatalogCard::compiled`] builds).
    pub fn of_tables(cards: impl IntoIterator<Item = C>) -> Catalog<C> {
        Catalog::new(cards, false)
    }

    /// A catalog of live cards (read from content on disk), with the cards of that content
    /// that could not be read into this build's types: `(name, reason)`, e.g. a card with a
    /// trait added to the codex after the build. Asking for one of those names says why.
    pub fn live(
        cards: impl IntoIterator<Item = C>,
        unreadable: impl IntoIterator<Item = (String, String)>,
    ) -> Catalog<C> {
        let mut catalog = Catalog::new(cards, true);
        catalog.unreadable = unreadable
            .into_iter()
            .map(|(name, reason)| (name.to_lowercase(), reason))
            .collect();
        catalog
    }

    /// The catalog with the printed versions of the cards errata changed (each named like
    /// its current version).
    pub fn with_printed(mut self, printed: impl IntoIterator<Item = C>) -> Catalog<C> {
        self.printed = printed
            .into_iter()
            .map(|card| (card.name().to_lowercase(), card))
            .collect();
        self
    }

    fn new(cards: impl IntoIterator<Item = C>, live: bool) -> Catalog<C> {
        let mut cards: Vec<C> = cards.into_iter().collect();
        cards.sort_by(|a, b| a.name().cmp(b.name()));
        let by_lower_name = cards
            .iter()
            .enumerate()
            .map(|(position, card)| (card.name().to_lowercase(), position))
            .collect();
        Catalog {
            cards,
            by_lower_name,
            printed: BTreeMap::new(),
            live,
            unreadable: BTreeMap::new(),
        }
    }

    /// Whether the cards were read from the content on disk rather than compiled in.
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Every card, sorted by name.
    pub fn cards(&self) -> &[C] {
        &self.cards
    }

    /// Every card's name, sorted.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.cards.iter().map(|card| card.name())
    }

    /// The card named `name`, ignoring case.
    pub fn get(&self, name: &str) -> Option<C> {
        self.by_lower_name
            .get(&name.trim().to_lowercase())
            .map(|&position| self.cards[position])
    }

    /// The card named `name` (ignoring case) as printed: before its errata, or the card
    /// itself when no erratum changed it.
    pub fn printed(&self, name: &str) -> Option<C> {
        self.printed
            .get(&name.trim().to_lowercase())
            .copied()
            .or_else(|| self.get(name))
    }

    /// Why a card named `name` (ignoring case) in the content does not fit this build, as
    /// `card "…" needs a rebuild of this program: …`; `None` for any other name.
    pub fn needs_rebuild(&self, name: &str) -> Option<String> {
        self.unreadable
            .get(&name.trim().to_lowercase())
            .map(|reason| format!("card {name:?} needs a rebuild of this program: {reason}"))
    }

    /// The card named `name` (ignoring case), or `unknown card "…"` with the closest name,
    /// or why a card of that name in the content does not fit this build.
    pub fn find(&self, name: &str) -> Result<C, String> {
        if let Some(message) = self.needs_rebuild(name) {
            return Err(message);
        }
        self.get(name)
            .ok_or_else(|| format!("unknown card {name:?}{}", did_you_mean(name, self.names())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Test(&'static str, u8);

    impl CatalogCard for Test {
        fn name(&self) -> &'static str {
            self.0
        }
        fn compiled() -> &'static Catalog<Test> {
            static COMPILED: OnceLock<Catalog<Test>> = OnceLock::new();
            COMPILED.get_or_init(|| {
                Catalog::of_tables([Test("Timber Wolf", 1), Test("Fireball", 2)])
                    .with_printed([Test("Fireball", 1)])
            })
        }
    }

    #[test]
    fn names_match_ignoring_case_and_printed_versions_are_kept() {
        let catalog = Catalog::<Test>::compiled();
        assert!(!catalog.is_live());
        assert_eq!(catalog.get(" timber WOLF"), Some(Test("Timber Wolf", 1)));
        assert_eq!(catalog.printed("fireball"), Some(Test("Fireball", 1)));
        assert_eq!(catalog.printed("Timber Wolf"), Some(Test("Timber Wolf", 1)));
        assert_eq!(
            catalog.find("Fireba").unwrap_err(),
            "unknown card \"Fireba\" (did you mean \"Fireball\"?)"
        );
        assert_eq!(
            catalog.names().collect::<Vec<_>>(),
            ["Fireball", "Timber Wolf"]
        );
    }

    #[test]
    fn an_unreadable_card_says_it_needs_a_rebuild() {
        let catalog = Catalog::live(
            [Test("Fireball", 2)],
            [(
                "Moon Wolf".to_string(),
                "`Moonlit` is not a Trait".to_string(),
            )],
        );
        assert!(catalog.is_live());
        assert_eq!(
            catalog.find("moon wolf").unwrap_err(),
            "card \"moon wolf\" needs a rebuild of this program: `Moonlit` is not a Trait"
        );
        assert_eq!(catalog.needs_rebuild("Fireball"), None);
    }
}
