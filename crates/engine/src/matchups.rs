//! Every deck against every other deck: the win-rate matrix of a two-player game.
//!
//! [`simulate_matchups`] plays each unordered pairing of the decks it is given for the same
//! number of seeded random games, half with each deck in the first seat, so the matrix
//! measures the decks and not the seat. Pairing `k` (in the order `(0, 1), (0, 2) … (1, 2) …`)
//! plays its first half with seed [`game_seed`]`(`[`game_seed`]`(seed, k), 0)` and its second
//! half with `…, 1)`; game `i` of a half has [`game_seed`]`(half seed, i)`, so one game is
//! replayed by `grimoire play` with the two decks in that half's seat order and that seed. All
//! games of all pairings share one rayon pool and are collected in order: the same seed gives
//! the same [`Matchups`] whatever the number of threads.

use rayon::prelude::*;
use serde::Serialize;

use crate::play::{game_seed, playout, Outcome, Playable, Playout, PlayoutError};
use crate::simulate::{Rate, SimulationOptions, Spread};
use crate::store::PlayerId;

/// A game of a pairing that broke the contract, with what replays it.
#[derive(Debug, Clone, Serialize)]
pub struct MatchupFailure {
    /// The deck in the first seat (an index into [`Matchups::decks`]).
    pub first_seat: usize,
    /// The deck in the second seat.
    pub second_seat: usize,
    /// The game's seed.
    pub seed: u64,
    /// What went wrong.
    pub error: PlayoutError,
}

/// One pairing of two decks and how its games went.
#[derive(Debug, Clone, Serialize)]
pub struct Pairing {
    /// The first deck (an index into [`Matchups::decks`]; smaller than `second`).
    pub first: usize,
    /// The second deck.
    pub second: usize,
    /// Games played (half with each deck in the first seat; the first deck takes the odd one).
    pub games: u64,
    /// The first deck's wins out of the games that finished by the rules.
    pub first_wins: Rate,
    /// The second deck's wins out of the games that finished by the rules.
    pub second_wins: Rate,
    /// Draws out of the games that finished by the rules.
    pub draws: Rate,
    /// Wins of whichever deck sat first, out of the finished games: the first seat's edge.
    pub first_seat_wins: Rate,
    /// Games stopped at the action cap (not counted in the rates).
    pub capped: u64,
    /// Actions per finished or capped game.
    pub actions: Spread,
    /// Turns per finished or capped game.
    pub turns: Spread,
    /// Games that broke the contract.
    pub failures: Vec<MatchupFailure>,
}

/// What a round robin of decks adds up to.
#[derive(Debug, Clone, Serialize)]
pub struct Matchups {
    /// The decks' names, in row and column order.
    pub decks: Vec<String>,
    /// Games per pairing.
    pub games_per_pairing: u64,
    /// The seed every game's seed derives from.
    pub seed: u64,
    /// Every unordered pairing, `(0, 1), (0, 2) … (1, 2) …`.
    pub pairings: Vec<Pairing>,
    /// Per deck: its wins out of the finished games of all its pairings.
    pub overall: Vec<Rate>,
    /// Wins of the first seat out of every finished game.
    pub first_seat_wins: Rate,
}

impl Matchups {
    /// The pairing of decks `a` and `b` (either order), if both are decks of the round robin
    /// and differ.
    pub fn pairing(&self, a: usize, b: usize) -> Option<&Pairing> {
        let (first, second) = (a.min(b), a.max(b));
        self.pairings
            .iter()
            .find(|p| p.first == first && p.second == second)
    }

    /// Deck `row`'s wins against deck `column` out of their finished games (`None` on the
    /// diagonal or for an unknown deck).
    pub fn win_rate(&self, row: usize, column: usize) -> Option<Rate> {
        let pairing = self.pairing(row, column)?;
        Some(if row == pairing.first {
            pairing.first_wins
        } else {
            pairing.second_wins
        })
    }

    /// Games that broke the contract, in all pairings.
    pub fn failures(&self) -> impl Iterator<Item = &MatchupFailure> {
        self.pairings.iter().flat_map(|p| p.failures.iter())
    }

    /// Games stopped at the action cap, in all pairings.
    pub fn capped(&self) -> u64 {
        self.pairings.iter().map(|p| p.capped).sum()
    }
}

/// Why a round robin cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchupsError {
    /// The game does not seat exactly two players.
    NotTwoPlayers {
        /// The seats it has.
        players: usize,
    },
    /// Fewer than two decks.
    TooFewDecks {
        /// The decks given.
        decks: usize,
    },
    /// The labels and the decks differ in number.
    LabelsAndDecks {
        /// Labels given.
        labels: usize,
        /// Decks given.
        decks: usize,
    },
}

impl std::fmt::Display for MatchupsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotTwoPlayers { players } => write!(
                f,
                "a win-rate matrix pairs two decks, and this game seats {players} players"
            ),
            Self::TooFewDecks { decks } => write!(
                f,
                "a win-rate matrix needs at least two decks (got {decks})"
            ),
            Self::LabelsAndDecks { labels, decks } => {
                write!(f, "{labels} deck names for {decks} decks")
            }
        }
    }
}

impl std::error::Error for MatchupsError {}

/// The seed of half `half` (0: the first deck sits first, 1: the second deck does) of
/// pairing `pairing`.
pub fn half_seed(seed: u64, pairing: u64, half: u64) -> u64 {
    game_seed(game_seed(seed, pairing), half)
}

/// Plays every unordered pairing of `decks` (named by `labels`) for `options.games` games
/// each, half with each deck in the first seat, and sums them up. `progress` is called once
/// per finished game (from worker threads). `options.seed`, `jobs` and `playout` apply as in
/// [`crate::simulate::simulate`].
pub fn simulate_matchups<G>(
    game: &G,
    labels: &[String],
    decks: &[G::Deck],
    options: SimulationOptions,
    progress: &(dyn Fn() + Sync),
) -> Result<Matchups, MatchupsError>
where
    G: Playable + Sync,
    G::Deck: Sync,
{
    if game.players() != 2 {
        return Err(MatchupsError::NotTwoPlayers {
            players: game.players(),
        });
    }
    if decks.len() < 2 {
        return Err(MatchupsError::TooFewDecks { decks: decks.len() });
    }
    if labels.len() != decks.len() {
        return Err(MatchupsError::LabelsAndDecks {
            labels: labels.len(),
            decks: decks.len(),
        });
    }
    let pairs: Vec<(usize, usize)> = (0..decks.len())
        .flat_map(|a| (a + 1..decks.len()).map(move |b| (a, b)))
        .collect();
    // Seat orders: index 2k is pairing k with its first deck first, 2k + 1 the other way.
    let seatings: Vec<Vec<G::Deck>> = pairs
        .iter()
        .flat_map(|&(a, b)| {
            [
                vec![decks[a].clone(), decks[b].clone()],
                vec![decks[b].clone(), decks[a].clone()],
            ]
        })
        .collect();
    let first_half = options.games - options.games / 2;
    let tasks: Vec<(usize, u64, u64)> = (0..pairs.len())
        .flat_map(|k| {
            (0..2u64).flat_map(move |half| {
                let count = if half == 0 {
                    first_half
                } else {
                    options.games / 2
                };
                (0..count).map(move |i| (k, half, i))
            })
        })
        .collect();
    let play = |&(k, half, i): &(usize, u64, u64)| {
        let seed = game_seed(half_seed(options.seed, k as u64, half), i);
        let seating = &seatings[2 * k + half as usize];
        let result = playout(game, seating, seed, options.playout);
        progress();
        (k, half, seed, result)
    };
    let results: Vec<(usize, u64, u64, Result<Playout, PlayoutError>)> = if options.jobs <= 1 {
        tasks.iter().map(play).collect()
    } else {
        match rayon::ThreadPoolBuilder::new()
            .num_threads(options.jobs)
            .build()
        {
            Ok(pool) => pool.install(|| tasks.par_iter().map(play).collect()),
            Err(_) => tasks.iter().map(play).collect(),
        }
    };
    let mut tallies: Vec<Tally> = pairs.iter().map(|_| Tally::default()).collect();
    for (k, half, seed, result) in results {
        let (a, b) = pairs[k];
        let (first_seat, second_seat) = if half == 0 { (a, b) } else { (b, a) };
        tallies[k].add(first_seat, second_seat, a, seed, result);
    }
    let pairings: Vec<Pairing> = pairs
        .iter()
        .zip(tallies)
        .map(|(&(a, b), tally)| tally.into_pairing(a, b, options.games))
        .collect();
    let overall = (0..decks.len())
        .map(|deck| {
            let (won, finished) = pairings
                .iter()
                .filter(|p| p.first == deck || p.second == deck)
                .map(|p| {
                    let wins = if p.first == deck {
                        p.first_wins
                    } else {
                        p.second_wins
                    };
                    (wins.count, wins.of)
                })
                .fold((0, 0), |(w, f), (dw, df)| (w + dw, f + df));
            Rate::wilson(won, finished)
        })
        .collect();
    let (seat_won, finished) = pairings.iter().fold((0, 0), |(w, f), p| {
        (w + p.first_seat_wins.count, f + p.first_seat_wins.of)
    });
    Ok(Matchups {
        decks: labels.to_vec(),
        games_per_pairing: options.games,
        seed: options.seed,
        pairings,
        overall,
        first_seat_wins: Rate::wilson(seat_won, finished),
    })
}

/// The counts of one pairing while its games come in.
#[derive(Default)]
struct Tally {
    first_wins: u64,
    second_wins: u64,
    draws: u64,
    first_seat_wins: u64,
    capped: u64,
    actions: Vec<u32>,
    turns: Vec<u32>,
    failures: Vec<MatchupFailure>,
}

impl Tally {
    /// One game, played with `first_seat` in seat 1; `first` is the pairing's first deck.
    fn add(
        &mut self,
        first_seat: usize,
        second_seat: usize,
        first: usize,
        seed: u64,
        result: Result<Playout, PlayoutError>,
    ) {
        let played = match result {
            Ok(played) => played,
            Err(error) => {
                self.failures.push(MatchupFailure {
                    first_seat,
                    second_seat,
                    seed,
                    error,
                });
                return;
            }
        };
        self.actions.push(played.actions);
        self.turns.push(played.turns);
        let winner = match played.outcome {
            Outcome::Playing => {
                self.capped += 1;
                return;
            }
            Outcome::Draw => {
                self.draws += 1;
                return;
            }
            Outcome::Won(PlayerId(1)) => first_seat,
            Outcome::Won(_) => second_seat,
        };
        if winner == first_seat {
            self.first_seat_wins += 1;
        }
        if winner == first {
            self.first_wins += 1;
        } else {
            self.second_wins += 1;
        }
    }

    fn into_pairing(self, first: usize, second: usize, games: u64) -> Pairing {
        let finished = self.first_wins + self.second_wins + self.draws;
        Pairing {
            first,
            second,
            games,
            first_wins: Rate::wilson(self.first_wins, finished),
            second_wins: Rate::wilson(self.second_wins, finished),
            draws: Rate::wilson(self.draws, finished),
            first_seat_wins: Rate::wilson(self.first_seat_wins, finished),
            capped: self.capped,
            actions: Spread::of(self.actions),
            turns: Spread::of(self.turns),
            failures: self.failures,
        }
    }
}
