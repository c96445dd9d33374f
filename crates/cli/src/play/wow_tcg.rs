//! WoW TCG whole games: the rules ([`WowRules`]) and its deck files, the ones `grimoire deck
//! check --game wow-tcg` reads (a hero and a main deck).

use std::path::Path;

use grimoire_wow_tcg::deck::{check, Deck};
use grimoire_wow_tcg::rules::WowRules;

use super::PlayableGame;

impl PlayableGame for WowRules {
    const NAME: &'static str = "wow-tcg";
    const EXAMPLE_DECKS: &'static [&'static str] = &["alliance-paladin.toml", "horde-warrior.toml"];

    /// The WoW TCG rules play with the cards built into this program (the content root is
    /// where the example decks are read from).
    fn load(_root: Option<&Path>) -> Result<Self, String> {
        Ok(WowRules)
    }

    /// Reads a deck file and requires it to be legal (100.1-100.4): a game is played only
    /// with decks `deck check` accepts.
    fn read_deck(&self, path: &Path, text: &str) -> Result<Deck, String> {
        let deck = Deck::from_toml(text).map_err(|e| format!("{}:{e}", path.display()))?;
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
