//! Random playouts of every game that plays whole games, for `cargo xtask bench-engine`: whole
//! games per second on one core and the cost of `legal_actions` and `apply` per action, from
//! the example decks in `decks/<game>/`.

use std::path::Path;

use grimoire_engine::{time_playouts, Playable, PlayoutTiming};

/// One game's example decks, read and parsed.
fn decks<D>(
    root: &Path,
    game: &str,
    names: &[&str],
    read: impl Fn(&str) -> Result<D, String>,
) -> Result<Vec<D>, String> {
    names
        .iter()
        .map(|name| {
            let path = root.join("decks").join(game).join(name);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            read(&text).map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

/// Prints one line of timings for `game`.
fn report<G: Playable>(name: &str, game: &G, decks: &[G::Deck], games: u64) {
    match time_playouts(game, decks, games, 1, 20_000) {
        Ok(PlayoutTiming {
            games,
            actions,
            games_per_second,
            legal_actions_us,
            apply_us,
        }) => println!(
            "{name}: {games_per_second:.1} random games per second per core ({games} games, \
             {:.0} actions per game); per action: legal_actions {legal_actions_us:.1} µs, \
             apply {apply_us:.1} µs",
            actions as f64 / games.max(1) as f64
        ),
        Err(error) => println!("{name}: playouts failed: {error}"),
    }
}

/// Times random playouts of every game (each plays whole games from its example decks).
pub fn run(games: u64) {
    let root = crate::repo_root();
    match decks(
        &root,
        "mage-wars",
        &["warlock.toml", "beastmaster.toml"],
        |text| {
            use grimoire_mage_wars::rules::{Catalog, Spellbook};
            let file = grimoire_mage_wars::spellbook::SpellbookFile::from_toml(text)
                .map_err(|e| e.to_string())?;
            Spellbook::from_names(
                &file.mage,
                file.cards.iter().map(|(n, c)| (n.as_str(), *c)),
                Catalog::compiled(),
            )
        },
    ) {
        Ok(books) => report(
            "mage-wars",
            &grimoire_mage_wars::rules::MageWarsGame,
            &books,
            games,
        ),
        Err(error) => println!("mage-wars: {error}"),
    }
    match decks(
        &root,
        "mage-knight",
        &["orc-raiders-300.toml", "atlantis-guild-300.toml"],
        |text| {
            grimoire_mage_knight::army::ArmyFile::parse(text).map_err(|errors| {
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            })
        },
    ) {
        Ok(armies) => report(
            "mage-knight",
            &grimoire_mage_knight::rules::MageKnightRules::default(),
            &armies,
            games,
        ),
        Err(error) => println!("mage-knight: {error}"),
    }
    match decks(
        &root,
        "summoner-wars",
        &["phoenix-elves.toml", "shadow-elves.toml"],
        |text| {
            let deck =
                grimoire_summoner_wars::deck::Deck::parse(text).map_err(|e| e.to_string())?;
            grimoire_summoner_wars::rules::play::FactionDeck::from_deck(
                &deck,
                grimoire_summoner_wars::catalog::Catalog::compiled(),
            )
        },
    ) {
        Ok(decks) => report(
            "summoner-wars",
            &grimoire_summoner_wars::rules::SummonerWarsRules,
            &decks,
            games,
        ),
        Err(error) => println!("summoner-wars: {error}"),
    }
    match decks(
        &root,
        "wow-tcg",
        &["alliance-paladin.toml", "horde-warrior.toml"],
        |text| grimoire_wow_tcg::deck::Deck::from_toml(text).map_err(|e| e.to_string()),
    ) {
        Ok(decks) => report("wow-tcg", &grimoire_wow_tcg::rules::WowRules, &decks, games),
        Err(error) => println!("wow-tcg: {error}"),
    }
}
