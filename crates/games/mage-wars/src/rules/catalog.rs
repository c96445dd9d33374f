//! The cards a game is played with: the compiled tables, or cards read from the content on
//! disk after the binary was built ("live" cards, see `Card::from_live`), in the engine's one
//! [`grimoire_engine::Catalog`].
//!
//! The rules take a card as the generated `Card` (references to generated structs), whichever
//! of the two it comes from, so a live card plays exactly like a compiled one. Names match
//! ignoring case; an unknown name gets a "did you mean".

use std::sync::OnceLock;

use grimoire_engine::CatalogCard;

use super::content::{Card, CardId};

/// Every Mage Wars card of one content, by name.
pub type Catalog = grimoire_engine::Catalog<Card>;

impl CatalogCard for Card {
    fn name(&self) -> &'static str {
        Card::name(self)
    }

    fn compiled() -> &'static Catalog {
        static COMPILED: OnceLock<Catalog> = OnceLock::new();
        COMPILED.get_or_init(|| {
            Catalog::of_tables(CardId::ALL.iter().map(|id| id.card())).with_printed(
                CardId::ALL
                    .iter()
                    .filter(|id| !id.errata().is_empty())
                    .map(|id| id.printed()),
            )
        })
    }
}
