//! The warriors a game is played with: the compiled tables by default, or warriors read from
//! the content on disk after the program was built (the CLI's live content, see the generated
//! `Card::from_live`), in the engine's one [`grimoire_engine::Catalog`].

use std::sync::OnceLock;

use grimoire_engine::CatalogCard;

use crate::generated::{Card, CardId};

/// Every Mage Knight card of one content, by name (ignoring case).
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
