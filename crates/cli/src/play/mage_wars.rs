//! Mage Wars for `grimoire play` and `grimoire simulate`: a player's deck is a spellbook file
//! (the one `grimoire spellbook check` reads), played with the cards on disk.

use std::path::Path;

use grimoire_mage_wars::spellbook::{check, Rules, SpellbookFile};

use super::PlayableGame;
use crate::spellbook::{canonical_names, Located};

/// Mage Wars played whole (`grimoire play mage-wars`, `grimoire simulate mage-wars`): a
/// spellbook file is a player's deck, and only a legal spellbook plays.
impl PlayableGame for grimoire_mage_wars::rules::MageWarsGame {
    const NAME: &'static str = "mage-wars";
    const EXAMPLE_DECKS: &'static [&'static str] = &["warlock.toml", "beastmaster.toml"];

    fn load() -> Result<Self, String> {
        crate::live::mage_wars()?;
        Ok(grimoire_mage_wars::rules::MageWarsGame)
    }

    fn read_deck(
        &self,
        path: &Path,
        text: &str,
    ) -> Result<grimoire_mage_wars::rules::Spellbook, String> {
        let book = SpellbookFile::from_toml(text).map_err(|e| format!("{}:{e}", path.display()))?;
        let catalog = crate::live::mage_wars()?;
        let book = canonical_names(book, catalog);
        let report = check(&book, catalog, &Rules::STANDARD);
        if !report.is_legal() {
            let located = Located {
                path: &path.display().to_string(),
                text,
                book: &book,
                catalog,
            };
            let problems = located.describe_all(&report.violations);
            return Err(format!(
                "{} is not a legal spellbook:\n  {}",
                path.display(),
                problems.join("\n  ")
            ));
        }
        grimoire_mage_wars::rules::Spellbook::from_names(
            &book.mage,
            book.cards
                .iter()
                .map(|(name, copies)| (name.as_str(), *copies)),
            catalog,
        )
        .map_err(|e| format!("{}: {e}", path.display()))
    }
}
