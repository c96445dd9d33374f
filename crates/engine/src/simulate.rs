//! Many seeded random games and what they add up to: win and draw rates with 95% confidence
//! intervals, game length, and per-card figures.
//!
//! [`simulate`] plays game `i` with seed [`game_seed`]`(seed, i)` on a rayon pool of `jobs`
//! threads and collects the playouts in game order, so a seed gives the same [`Summary`]
//! whatever the number of threads.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::play::{game_seed, playout, Outcome, Playable, Playout, PlayoutError, PlayoutOptions};
use crate::store::PlayerId;

/// What to simulate.
#[derive(Debug, Clone, Copy)]
pub struct SimulationOptions {
    /// How many games.
    pub games: u64,
    /// The simulation's seed (each game's seed derives from it).
    pub seed: u64,
    /// Worker threads (1 plays on a single thread).
    pub jobs: usize,
    /// Limits of each game.
    pub playout: PlayoutOptions,
}

/// A proportion with its Wilson score 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    /// Successes.
    pub count: u64,
    /// Trials.
    pub of: u64,
    /// `count / of` (0 when there were no trials).
    pub rate: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Rate {
    /// `count` successes out of `of` trials, with the Wilson score interval (z = 1.96), which
    /// stays inside [0, 1] and is sound for rates near 0 or 1 and for few trials.
    pub fn wilson(count: u64, of: u64) -> Self {
        if of == 0 {
            return Self {
                count,
                of,
                rate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let z = 1.96_f64;
        let n = of as f64;
        let p = count as f64 / n;
        let denominator = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denominator;
        let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denominator;
        Self {
            count,
            of,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// The distribution of a per-game count (actions, turns).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    /// The smallest.
    pub min: u32,
    /// The median.
    pub median: u32,
    /// The mean.
    pub mean: f64,
    /// The largest.
    pub max: u32,
}

impl Spread {
    /// The spread of `values` (all zero when empty).
    pub fn of(mut values: Vec<u32>) -> Self {
        if values.is_empty() {
            return Self {
                min: 0,
                median: 0,
                mean: 0.0,
                max: 0,
            };
        }
        values.sort_unstable();
        let sum: u64 = values.iter().map(|&v| u64::from(v)).sum();
        Self {
            min: values[0],
            median: values[values.len() / 2],
            mean: sum as f64 / values.len() as f64,
            max: values[values.len() - 1],
        }
    }
}

/// How one card did across a simulation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardFigures {
    /// The card.
    pub card: String,
    /// Times it was played, all games and players together.
    pub times_played: u64,
    /// Of the (game, player) pairs in which that player played it at least once, the share
    /// that player won.
    pub win_rate_when_played: Rate,
}

/// One game that broke the contract, with the seed that replays it.
#[derive(Debug, Clone, Serialize)]
pub struct FailedGame {
    /// The game's number in the simulation.
    pub index: u64,
    /// Its seed (`grimoire play --seed` replays it).
    pub seed: u64,
    /// What went wrong.
    pub error: PlayoutError,
}

/// What a simulation adds up to.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Games asked for.
    pub games: u64,
    /// The simulation's seed.
    pub seed: u64,
    /// Per seat (`PlayerId(1)`, `PlayerId(2)`...): wins out of the games that finished.
    pub wins: Vec<Rate>,
    /// Draws out of the games that finished.
    pub draws: Rate,
    /// Games stopped at the action cap (not counted in the rates).
    pub capped: u64,
    /// Actions per finished or capped game.
    pub actions: Spread,
    /// Turns per finished or capped game.
    pub turns: Spread,
    /// Per card, most played first.
    pub cards: Vec<CardFigures>,
    /// Games that broke the contract (set-up failed, stuck, rejected a legal action).
    pub failures: Vec<FailedGame>,
    /// Actions and turns of every finished or capped game, in game order (for histograms;
    /// left out of the JSON, which has their spreads).
    #[serde(skip)]
    pub lengths: Vec<(u32, u32)>,
}

/// Plays `options.games` seeded random games from `decks` and sums them up. `progress` is
/// called once per finished game (from worker threads).
pub fn simulate<G>(
    game: &G,
    decks: &[G::Deck],
    options: SimulationOptions,
    progress: &(dyn Fn() + Sync),
) -> Summary
where
    G: Playable + Sync,
    G::Deck: Sync,
{
    let play = |index: u64| {
        let seed = game_seed(options.seed, index);
        let result = playout(game, decks, seed, options.playout);
        progress();
        (index, seed, result)
    };
    let results: Vec<(u64, u64, Result<Playout, PlayoutError>)> = if options.jobs <= 1 {
        (0..options.games).map(play).collect()
    } else {
        match rayon::ThreadPoolBuilder::new()
            .num_threads(options.jobs)
            .build()
        {
            Ok(pool) => pool.install(|| (0..options.games).into_par_iter().map(play).collect()),
            Err(_) => (0..options.games).map(play).collect(),
        }
    };
    summarize(options.games, options.seed, game.players(), results)
}

fn summarize(
    games: u64,
    seed: u64,
    seats: usize,
    results: Vec<(u64, u64, Result<Playout, PlayoutError>)>,
) -> Summary {
    let mut wins = vec![0u64; seats];
    let mut draws = 0u64;
    let mut finished = 0u64;
    let mut capped = 0u64;
    let mut actions = Vec::new();
    let mut turns = Vec::new();
    let mut lengths = Vec::new();
    let mut failures = Vec::new();
    // card -> (times played, games played in, games won when played)
    let mut cards: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
    for (index, seed, result) in results {
        let playout = match result {
            Ok(playout) => playout,
            Err(error) => {
                failures.push(FailedGame { index, seed, error });
                continue;
            }
        };
        actions.push(playout.actions);
        turns.push(playout.turns);
        lengths.push((playout.actions, playout.turns));
        match playout.outcome {
            Outcome::Playing => capped += 1,
            Outcome::Draw => {
                finished += 1;
                draws += 1;
            }
            Outcome::Won(PlayerId(p)) => {
                finished += 1;
                if let Some(w) = wins.get_mut(usize::from(p).wrapping_sub(1)) {
                    *w += 1;
                }
            }
        }
        let mut seen: Vec<(PlayerId, &str)> = Vec::new();
        for play in &playout.cards_played {
            cards.entry(play.card.clone()).or_default().0 += 1;
            if !seen.contains(&(play.player, play.card.as_str())) {
                seen.push((play.player, play.card.as_str()));
            }
        }
        for (player, card) in seen {
            let entry = cards.entry(card.to_string()).or_default();
            entry.1 += 1;
            if playout.outcome == Outcome::Won(player) {
                entry.2 += 1;
            }
        }
    }
    let mut cards: Vec<CardFigures> = cards
        .into_iter()
        .map(|(card, (times, played_in, won))| CardFigures {
            card,
            times_played: times,
            win_rate_when_played: Rate::wilson(won, played_in),
        })
        .collect();
    cards.sort_by(|a, b| {
        b.times_played
            .cmp(&a.times_played)
            .then_with(|| a.card.cmp(&b.card))
    });
    Summary {
        games,
        seed,
        wins: wins.iter().map(|&w| Rate::wilson(w, finished)).collect(),
        draws: Rate::wilson(draws, finished),
        capped,
        actions: Spread::of(actions),
        turns: Spread::of(turns),
        cards,
        failures,
        lengths,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_known_values() {
        // 50 of 100: 0.5 with the interval 0.4038..0.5962.
        let r = Rate::wilson(50, 100);
        assert!((r.low - 0.4038).abs() < 1e-3 && (r.high - 0.5962).abs() < 1e-3);
        // 0 of 10 stays inside [0, 1] and is not a point.
        let r = Rate::wilson(0, 10);
        assert_eq!(r.low, 0.0);
        assert!((r.high - 0.2775).abs() < 1e-3);
        assert_eq!(Rate::wilson(0, 0).high, 1.0);
    }

    #[test]
    fn spreads_have_median_and_mean() {
        let s = Spread::of(vec![5, 1, 3]);
        assert_eq!((s.min, s.median, s.max), (1, 3, 5));
        assert!((s.mean - 3.0).abs() < 1e-9);
    }
}

/// Timings of random playouts on one thread ([`time_playouts`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlayoutTiming {
    /// Games played.
    pub games: u64,
    /// Actions applied, all games together.
    pub actions: u64,
    /// Whole games per second on one thread (set-up, choosing and applying actions).
    pub games_per_second: f64,
    /// Mean time of one `legal_actions` call, in microseconds.
    pub legal_actions_us: f64,
    /// Mean time of one `try_apply` call, in microseconds.
    pub apply_us: f64,
}

/// Plays `games` seeded random games on the calling thread and times them: whole games per
/// second, and the mean cost of `legal_actions` and of `try_apply` per action. Games that
/// break the contract are an error naming the seed.
pub fn time_playouts<G: Playable>(
    game: &G,
    decks: &[G::Deck],
    games: u64,
    seed: u64,
    max_actions: u32,
) -> Result<PlayoutTiming, String> {
    use rand::{Rng, SeedableRng};
    use std::time::{Duration, Instant};

    let mut legal_time = Duration::ZERO;
    let mut apply_time = Duration::ZERO;
    let mut actions = 0u64;
    let start = Instant::now();
    for index in 0..games {
        let seed = game_seed(seed, index);
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = crate::dice::SeededDice::new(seed);
        let mut chooser = crate::play::RandomChooser::new(seed);
        let mut log = crate::log::EventLog::new();
        log.set_enabled(false);
        let mut ctx = crate::rules::Ctx::new(&mut dice, &mut chooser, &mut log);
        let mut state = game
            .setup(decks, &mut ctx)
            .map_err(|e| format!("seed {seed}: set-up failed: {e}"))?;
        for _ in 0..max_actions {
            if game.outcome(&state).is_over() {
                break;
            }
            let Some(player) = game.to_act(&state) else {
                return Err(format!("seed {seed}: nobody is to act"));
            };
            let t = Instant::now();
            let legal = game.legal_actions(&state, player);
            legal_time += t.elapsed();
            if legal.is_empty() {
                return Err(format!(
                    "seed {seed}: player {} has no legal action",
                    player.0
                ));
            }
            let action = &legal[policy.random_range(0..legal.len())];
            let t = Instant::now();
            let applied = game.try_apply(&mut state, action, &mut ctx);
            apply_time += t.elapsed();
            applied.map_err(|e| format!("seed {seed}: a legal action was rejected: {e}"))?;
            actions += 1;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    let per_action = |d: Duration| d.as_secs_f64() * 1e6 / actions.max(1) as f64;
    Ok(PlayoutTiming {
        games,
        actions,
        games_per_second: games as f64 / elapsed.max(f64::MIN_POSITIVE),
        legal_actions_us: per_action(legal_time),
        apply_us: per_action(apply_time),
    })
}
