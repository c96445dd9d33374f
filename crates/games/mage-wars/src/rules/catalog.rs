//! The cards a game is played with: the compiled tables, or cards read from the content on
//! disk after the binary was built ("live" cards, see `Card::from_live`).
//!
//! The rules take a card as the generated `Card` (references to generated structs), whichever
//! of the two it comes from, so a live card plays exactly like a compiled one. Names match
//! ignoring case; an unknown name gets a "did you mean".

use std::collections::BTreeMap;
use std::sync::OnceLock;

use grimoire_engine::suggest::did_you_mean;

use super::content::{Card, CARDS};

/// Every card of one content, by name.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// The cards, sorted by name.
    cards: Vec<Card>,
    /// Lower-case name → position in `cards`.
    by_lower_name: BTreeMap<String, usize>,
    /// Whether the cards were read from the content on disk.
    live: bool,
    /// Lower-case name → why a card of the content could not be read into this build's types.
    unreadable: BTreeMap<String, String>,
}

impl Catalog {
    /// The cards compiled into this build.
    pub fn compiled() -> &'static Catalog {
        static COMPILED: OnceLock<Catalog> = OnceLock::new();
        COMPILED.get_or_init(|| Catalog::new(CARDS.iter().copied(), false))
    }

    /// A catalog of live cards (read from content on disk), with the cards of that content
    /// that could not be read into this build's types: `(name, reason)`, e.g. a card with a
    /// trait added to the codex after the build. Asking for one of those names says why.
    pub fn live(
        cards: impl IntoIterator<Item = Card>,
        unreadable: impl IntoIterator<Item = (String, String)>,
    ) -> Catalog {
        let mut catalog = Catalog::new(cards, true);
        catalog.unreadable = unreadable
            .into_iter()
            .map(|(name, reason)| (name.to_lowercase(), reason))
            .collect();
        catalog
    }

    fn new(cards: impl IntoIterator<Item = Card>, live: bool) -> Catalog {
        let mut cards: Vec<Card> = cards.into_iter().collect();
        cards.sort_by(|a, b| a.name().cmp(b.name()));
        let by_lower_name = cards
            .iter()
            .enumerate()
            .map(|(position, card)| (card.name().to_lowercase(), position))
            .collect();
        Catalog {
            cards,
            by_lower_name,
            live,
            unreadable: BTreeMap::new(),
        }
    }

    /// Whether the cards were read from the content on disk rather than compiled in.
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Every card, sorted by name.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The card named `name`, ignoring case.
    pub fn get(&self, name: &str) -> Option<Card> {
        self.by_lower_name
            .get(&name.trim().to_lowercase())
            .map(|&position| self.cards[position])
    }

    /// The card named `name` (ignoring case), or `unknown card "…"` with the closest name,
    /// or why a card of that name in the content does not fit this build.
    pub fn find(&self, name: &str) -> Result<Card, String> {
        if let Some(reason) = self.unreadable.get(&name.trim().to_lowercase()) {
            return Err(format!(
                "card {name:?} needs a rebuild of this program: {reason}"
            ));
        }
        self.get(name).ok_or_else(|| {
            format!(
                "unknown card {name:?}{}",
                did_you_mean(name, self.cards.iter().map(|card| card.name()))
            )
        })
    }
}
