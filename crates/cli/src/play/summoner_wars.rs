//! Summoner Wars for `grimoire play` and `grimoire simulate`: the rules are
//! [`SummonerWarsRules`], a deck is a faction deck file with its starting layout
//! (`decks/summoner-wars/`), played with the cards on disk ([`crate::live`]).

use std::path::Path;

use grimoire_summoner_wars::deck::Deck;
use grimoire_summoner_wars::rules::play::FactionDeck;
use grimoire_summoner_wars::rules::SummonerWarsRules;

use super::PlayableGame;

impl PlayableGame for SummonerWarsRules {
    const NAME: &'static str = "summoner-wars";
    const EXAMPLE_DECKS: &'static [&'static str] = &["phoenix-elves.toml", "shadow-elves.toml"];

    fn load() -> Result<Self, String> {
        crate::live::catalog::<grimoire_summoner_wars::Card>()?;
        Ok(SummonerWarsRules)
    }

    fn read_deck(&self, path: &Path, text: &str) -> Result<FactionDeck, String> {
        let shown = path.display();
        let deck = Deck::parse(text).map_err(|e| format!("{shown}:{e}"))?;
        let catalog = crate::live::catalog::<grimoire_summoner_wars::Card>()?;
        FactionDeck::from_deck(&deck, catalog).map_err(|problems| {
            problems
                .lines()
                .map(|line| format!("{shown}:{line}"))
                .collect::<Vec<_>>()
                .join("\n")
        })
    }
}
