//! The WoW TCG part of `cargo xtask bench-engine`: whole random games from the example decks
//! of `decks/wow-tcg/`, one core.

use std::hint::black_box;
use std::time::{Duration, Instant};

use grimoire_engine::{
    game_seed, playout, Ctx, EventLog, Playable, PlayoutOptions, RandomChooser, Rules, SeededDice,
};
use grimoire_wow_tcg::deck::Deck;
use grimoire_wow_tcg::rules::WowRules;

/// The example decks `grimoire simulate wow-tcg` plays.
const DECKS: [&str; 2] = ["alliance-paladin.toml", "horde-warrior.toml"];

/// What one run measured.
pub struct WowBench {
    /// Random playouts (set-up to a winner) per second on one core.
    pub playouts_per_second: f64,
    /// Mean actions per playout.
    pub actions_per_game: f64,
    /// Mean time of `legal_actions` for the player to act, per action taken.
    pub legal_actions: Duration,
    /// Mean time of `try_apply` (apply with the all-or-nothing copy), per action taken.
    pub apply: Duration,
}

fn decks() -> Result<Vec<Deck>, String> {
    DECKS
        .iter()
        .map(|name| {
            let path = crate::repo_root().join("decks/wow-tcg").join(name);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Deck::from_toml(&text).map_err(|e| format!("{}:{e}", path.display()))
        })
        .collect()
}

/// Plays `games` seeded random games twice: through the engine's `playout` for games per
/// second, then step by step to time `legal_actions` and `apply` apart.
pub fn bench(games: u64) -> Result<WowBench, String> {
    let decks = decks()?;
    let rules = WowRules;
    let options = PlayoutOptions::default();
    let start = Instant::now();
    let mut actions = 0u64;
    for index in 0..games {
        let played = playout(&rules, &decks, game_seed(7, index), options)
            .map_err(|e| format!("game {index}: {e}"))?;
        actions += u64::from(played.actions);
        black_box(played);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let (mut listing, mut applying, mut timed) = (Duration::ZERO, Duration::ZERO, 0u32);
    for index in 0..games {
        let seed = game_seed(7, index);
        let mut dice = SeededDice::new(seed);
        let mut chooser = RandomChooser::new(seed);
        let mut log = EventLog::new();
        log.set_enabled(false);
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        let mut state = rules
            .setup(&decks, &mut ctx)
            .map_err(|e| format!("game {index}: {e}"))?;
        let mut pick = seed;
        while let Some(player) = rules.to_act(&state) {
            let t0 = Instant::now();
            let legal = rules.legal_actions(&state, player);
            let t1 = Instant::now();
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let action = legal
                .get((pick >> 33) as usize % legal.len().max(1))
                .ok_or_else(|| format!("game {index}: no legal action"))?;
            rules
                .try_apply(&mut state, action, &mut ctx)
                .map_err(|e| format!("game {index}: {e}"))?;
            let t2 = Instant::now();
            listing += t1 - t0;
            applying += t2 - t1;
            timed += 1;
        }
    }
    let per = |total: Duration| total / timed.max(1);
    Ok(WowBench {
        playouts_per_second: games as f64 / elapsed,
        actions_per_game: actions as f64 / games.max(1) as f64,
        legal_actions: per(listing),
        apply: per(applying),
    })
}
