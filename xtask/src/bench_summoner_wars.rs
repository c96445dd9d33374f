//! The Summoner Wars part of `cargo xtask bench-engine`: seeded random playouts from the two
//! example decks (`decks/summoner-wars/`), per core, and the cost of `legal_actions` and
//! `apply` per action.

use std::time::{Duration, Instant};

use grimoire_engine::{
    game_seed, playout, Ctx, EventLog, Playable, PlayoutOptions, RandomChooser, Rules, SeededDice,
};
use grimoire_summoner_wars::deck::Deck;
use grimoire_summoner_wars::rules::play::FactionDeck;
use grimoire_summoner_wars::rules::SummonerWarsRules;

/// The example decks the benchmark plays.
const DECKS: [&str; 2] = ["phoenix-elves.toml", "shadow-elves.toml"];

fn decks() -> Result<Vec<FactionDeck>, String> {
    DECKS
        .iter()
        .map(|file| {
            let path = crate::repo_root().join("decks/summoner-wars").join(file);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let deck = Deck::parse(&text).map_err(|e| format!("{}:{e}", path.display()))?;
            FactionDeck::from_deck(&deck).map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

/// Plays `games` seeded random games on one thread and prints games per second, then
/// replays them action by action, timing `legal_actions` and `apply` separately.
pub fn report(games: u32) -> Result<(), String> {
    let decks = decks()?;
    let rules = SummonerWarsRules;
    let games = u64::from(games.max(1));
    let start = Instant::now();
    let mut actions = 0u64;
    for index in 0..games {
        let played = playout(
            &rules,
            &decks,
            game_seed(1, index),
            PlayoutOptions::default(),
        )
        .map_err(|e| e.to_string())?;
        actions += u64::from(played.actions);
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "summoner wars random playouts ({} vs {}): {:.0} games per second per core, {:.0} actions per game (target >= 1,000 games/s)",
        DECKS[0],
        DECKS[1],
        games as f64 / elapsed,
        actions as f64 / games as f64
    );
    let (mut legal, mut apply, mut steps) = (Duration::ZERO, Duration::ZERO, 0u64);
    for index in 0..games {
        let seed = game_seed(1, index);
        let mut dice = SeededDice::new(seed);
        let mut chooser = RandomChooser::new(seed);
        let mut log = EventLog::new();
        log.set_enabled(false);
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        let mut state = rules.setup(&decks, &mut ctx).map_err(|e| e.to_string())?;
        let mut pick = seed;
        while let Some(player) = rules.to_act(&state) {
            let t = Instant::now();
            let listed = rules.legal_actions(&state, player);
            legal += t.elapsed();
            pick = game_seed(pick, steps);
            let action = &listed[(pick % listed.len() as u64) as usize];
            let t = Instant::now();
            rules
                .apply(&mut state, action, &mut ctx)
                .map_err(|e| e.to_string())?;
            apply += t.elapsed();
            steps += 1;
        }
    }
    println!(
        "summoner wars per action: legal_actions {:.1} µs, apply {:.1} µs ({steps} actions)",
        legal.as_secs_f64() * 1e6 / steps as f64,
        apply.as_secs_f64() * 1e6 / steps as f64
    );
    Ok(())
}
