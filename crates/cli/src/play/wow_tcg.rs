//! WoW TCG whole games: the rules ([`WowRules`]) and its deck files, the ones `grimoire deck
//! check --game wow-tcg` reads (a hero and a main deck), played with the cards on disk
//! ([`crate::live`]).

use std::path::Path;

use grimoire_wow_tcg::deck::{check, Deck, DeckFile};
use grimoire_wow_tcg::rules::WowRules;

use super::PlayableGame;

impl PlayableGame for WowRules {
    const NAME: &'static str = "wow-tcg";
    const EXAMPLE_DECKS: &'static [&'static str] = &["alliance-paladin.toml", "horde-warrior.toml"];

    /// The WoW TCG rules, playing the cards on disk (the decks hold them).
    fn load() -> Result<Self, String> {
        crate::live::catalog::<grimoire_wow_tcg::Card>()?;
        Ok(WowRules)
    }

    /// Reads a deck file and requires it to be legal (100.1-100.4): a game is played only
    /// with decks `deck check` accepts.
    fn read_deck(&self, path: &Path, text: &str) -> Result<Deck, String> {
        let catalog = crate::live::catalog::<grimoire_wow_tcg::Card>()?;
        let deck = DeckFile::parse_with(text, catalog)
            .map_err(|e| format!("{}:{e}", path.display()))?
            .deck;
        let violations = check(&deck);
        if violations.is_empty() {
            Ok(deck)
        } else {
            let lines: Vec<String> = violations.iter().map(ToString::to_string).collect();
            Err(format!(
                "{} is not a legal deck (`grimoire deck check --game wow-tcg` says why):\n  {}",
                path.display(),
                lines.join("\n  ")
            ))
        }
    }
}
