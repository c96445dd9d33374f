//! `grimoire play` and `grimoire simulate`: whole games from decks, with the random policy.
//!
//! Both are generic over a game's [`PlayableGame`] (its rules as a
//! [`grimoire_engine::Playable`] plus how the CLI reads its deck files); a game offers them by
//! filling `play` and `simulate` in the registry ([`crate::games::GAMES`]) with
//! [`play_game::<G>`] and [`simulate_game::<G>`]. Without `--deck`, the game's example decks
//! in `decks/<game>/` under the content root are used.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use clap::builder::RangedU64ValueParser;
use grimoire_engine::{
    playout, simulate, simulate_matchups, LogLine, Matchups, Playable, Playout, PlayoutOptions,
    SimulationOptions, Summary,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::{outln, output, root};

pub mod mage_knight;
pub mod mage_wars;
pub mod summoner_wars;
pub mod wow_tcg;

/// `grimoire play GAME`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game (`grimoire games` lists them).
    pub game: String,
    /// A deck file, once per player in seat order (default: the game's example decks).
    #[arg(long = "deck", value_name = "FILE")]
    pub decks: Vec<PathBuf>,
    /// The battlefield, for games played on a map (Mage Knight: a map file such as
    /// `decks/mage-knight/maps/twin-hills.toml`; default: an open battlefield).
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// The seed: the same seed plays the same game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Actions after which an unfinished game stops (1 to 1,000,000).
    #[arg(long, default_value_t = 20_000, value_parser = max_actions())]
    pub max_actions: u32,
    /// Print the game as JSON instead of words.
    #[arg(long)]
    pub json: bool,
}

/// `grimoire simulate GAME`.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// The game (`grimoire games` lists them).
    pub game: String,
    /// A deck file, once per player in seat order (default: the game's example decks).
    #[arg(long = "deck", value_name = "FILE")]
    pub decks: Vec<PathBuf>,
    /// How many games (1 to 1,000,000).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// Worker threads (default: one per core; 1 to 1,024). Results do not depend on it.
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_JOBS))]
    pub jobs: Option<usize>,
    /// The battlefield, for games played on a map (Mage Knight: a map file; default: an
    /// open battlefield).
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// The simulation's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Actions after which an unfinished game stops, counted as capped, not as a result (1 to
    /// 1,000,000).
    #[arg(long, default_value_t = 20_000, value_parser = max_actions())]
    pub max_actions: u32,
    /// Play every deck against every other deck instead (the `--deck` files, at least two,
    /// or every deck in `decks/<game>/`), `--games` games per pairing with half of them in
    /// each seat order, and print the win-rate matrix.
    #[arg(long)]
    pub matrix: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the results as a self-contained HTML page with pictures (win rates with
    /// their intervals, game length histograms, sortable per-card figures).
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
}

/// The most actions `--max-actions` allows: 50 times the default, far past any game that
/// ends by the rules, while a `play` log of that many actions still fits in memory.
const MAX_ACTIONS: i64 = 1_000_000;

/// The most games `simulate --games` plays in one run: the summary keeps every game's length.
const MAX_GAMES: u64 = 1_000_000;

/// The most worker threads `simulate --jobs` starts (more than any machine's cores).
const MAX_JOBS: u64 = 1_024;

/// The parser of `--max-actions`: 1 to [`MAX_ACTIONS`].
fn max_actions() -> impl clap::builder::TypedValueParser<Value = u32> {
    clap::value_parser!(u32).range(1..=MAX_ACTIONS)
}

/// What the CLI needs to play a game whole, beyond its rules.
pub trait PlayableGame: Playable + Sync + Sized
where
    Self::Deck: Sync,
{
    /// The game's name in the registry (`decks/<NAME>/` holds its example decks).
    const NAME: &'static str;
    /// The example decks, in seat order, relative to `decks/<NAME>/`.
    const EXAMPLE_DECKS: &'static [&'static str];

    /// The rules, playing with the cards on disk (found from the current folder or `--root`)
    /// where the game reads cards.
    fn load() -> Result<Self, String>;

    /// Reads one deck file's text (`path` is for messages): every problem with its line and
    /// column.
    fn read_deck(&self, path: &Path, text: &str) -> Result<Self::Deck, String>;

    /// The rules playing on the battlefield of the map file at `path`; games without maps
    /// refuse `--map`.
    fn on_map(self, path: &Path) -> Result<Self, String> {
        Err(format!(
            "{} is not played on a map, so --map {} means nothing",
            Self::NAME,
            path.display()
        ))
    }
}

/// The rules for `G`, on `map` when one is given.
fn load_game<G: PlayableGame>(map: Option<&Path>) -> Result<G, String>
where
    G::Deck: Sync,
{
    let game = G::load()?;
    match map {
        Some(path) => game.on_map(path),
        None => Ok(game),
    }
}

/// The deck files to play: the ones given, else the game's example decks.
fn deck_paths<G: PlayableGame>(
    decks: &[PathBuf],
    content_root: Option<&Path>,
) -> Result<Vec<PathBuf>, String>
where
    G::Deck: Sync,
{
    if !decks.is_empty() {
        return Ok(decks.to_vec());
    }
    let base = content_root
        .ok_or_else(|| {
            format!(
                "no --deck given and no content root found to take the example decks of {} \
                 from (pass --deck FILE once per player, or --root)",
                G::NAME
            )
        })?
        .join("decks")
        .join(G::NAME);
    Ok(G::EXAMPLE_DECKS.iter().map(|d| base.join(d)).collect())
}

/// The game and its decks, from the arguments and the content root.
fn prepare<G: PlayableGame>(
    decks: &[PathBuf],
    map: Option<&Path>,
) -> Result<(G, Vec<G::Deck>), String>
where
    G::Deck: Sync,
{
    let content_root = root::optional(root::flag());
    let game = load_game::<G>(map)?;
    let paths = deck_paths::<G>(decks, content_root.as_deref())?;
    if paths.len() != game.players() {
        return Err(format!(
            "{} seats {} players: give --deck {} times (got {})",
            G::NAME,
            game.players(),
            game.players(),
            paths.len()
        ));
    }
    let decks = read_decks(&game, &paths)?;
    Ok((game, decks))
}

/// Reads every deck file of `paths` for `game`.
fn read_decks<G: PlayableGame>(game: &G, paths: &[PathBuf]) -> Result<Vec<G::Deck>, String>
where
    G::Deck: Sync,
{
    paths
        .iter()
        .map(|path| {
            let text = grimoire_input::read_text(path).map_err(|e| e.to_string())?;
            game.read_deck(path, &text)
        })
        .collect()
}

/// A deck's name in tables: its file name without the extension.
fn deck_label(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// The decks of a round robin: the ones given, else every `.toml` file of `decks/<game>/`
/// in name order.
fn matrix_deck_paths<G: PlayableGame>(
    decks: &[PathBuf],
    content_root: Option<&Path>,
) -> Result<Vec<PathBuf>, String>
where
    G::Deck: Sync,
{
    if !decks.is_empty() {
        return Ok(decks.to_vec());
    }
    let folder = content_root
        .ok_or_else(|| {
            format!(
                "no --deck given and no content root found to take the example decks of {} \
                 from (pass --deck FILE for each deck, or --root)",
                G::NAME
            )
        })?
        .join("decks")
        .join(G::NAME);
    let entries = std::fs::read_dir(&folder)
        .map_err(|e| format!("cannot list the decks in {}: {e}", folder.display()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot list the decks in {}: {e}", folder.display()))?
            .path();
        if path.extension().is_some_and(|e| e == "toml") {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// `grimoire play` for game `G`.
pub fn play_game<G: PlayableGame>(args: &PlayArgs) -> ExitCode
where
    G::Deck: Sync,
{
    let (game, decks) = match prepare::<G>(&args.decks, args.map.as_deref()) {
        Ok(prepared) => prepared,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let options = PlayoutOptions {
        max_actions: args.max_actions,
        record_log: true,
    };
    match playout(&game, &decks, args.seed, options) {
        Ok(played) => {
            if args.json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&played).unwrap_or_default()
                );
            } else {
                print_log(&played);
            }
            output::finish(ExitCode::SUCCESS)
        }
        Err(error) => {
            crate::errln!("error: seed {}: {error}", args.seed);
            ExitCode::FAILURE
        }
    }
}

fn print_log(played: &Playout) {
    let mut turn = 0;
    for LogLine {
        turn: line_turn,
        player,
        action,
        events,
    } in &played.log
    {
        if *line_turn != turn {
            turn = *line_turn;
            outln!("turn {turn}");
        }
        match (player, action) {
            (Some(player), Some(action)) => outln!("  player {}: {action}", player.0),
            _ => outln!("  set-up"),
        }
        for event in events {
            outln!("    {event}");
        }
    }
    let ending = if played.capped {
        format!("stopped after {} actions, still playing", played.actions)
    } else {
        format!(
            "{} after {} actions, turn {}",
            played.outcome, played.actions, played.turns
        )
    };
    outln!("{ending}");
}

/// `grimoire simulate` for game `G`.
pub fn simulate_game<G: PlayableGame>(args: &SimulateArgs) -> ExitCode
where
    G::Deck: Sync,
{
    if args.matrix {
        return simulate_matrix::<G>(args);
    }
    let (game, decks) = match prepare::<G>(&args.decks, args.map.as_deref()) {
        Ok(prepared) => prepared,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let options = simulation_options(args);
    let bar = progress_bar(args.games);
    let summary = simulate(&game, &decks, options, &bar.tick());
    bar.finish();
    if let Some(path) = &args.report {
        let root = root::optional(root::flag());
        let labels: Vec<String> = deck_paths::<G>(&args.decks, root.as_deref())
            .unwrap_or_default()
            .iter()
            .map(|p| deck_label(p))
            .collect();
        if let Err(message) = grimoire_report::write(&report(G::NAME, &labels, &summary), path) {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    }
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&summary).unwrap_or_default()
        );
    } else {
        print_summary(G::NAME, &summary);
    }
    let status = if summary.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    };
    output::finish(status)
}

/// The options `simulate` plays with (`--jobs` defaults to one thread per core).
fn simulation_options(args: &SimulateArgs) -> SimulationOptions {
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(usize::from)
            .unwrap_or(1)
    });
    SimulationOptions {
        games: args.games,
        seed: args.seed,
        jobs,
        playout: PlayoutOptions {
            max_actions: args.max_actions,
            record_log: false,
        },
    }
}

/// A progress bar on stderr over `total` games, moved by the closure [`Progress::tick`] gives.
struct Progress {
    bar: ProgressBar,
    done: AtomicU64,
    total: u64,
}

impl Progress {
    /// The closure the simulation calls once per finished game.
    fn tick(&self) -> impl Fn() + Sync + '_ {
        move || {
            let finished = self.done.fetch_add(1, Ordering::Relaxed) + 1;
            if finished.is_multiple_of(16) || finished == self.total {
                self.bar.set_position(finished);
            }
        }
    }

    /// Clears the bar.
    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn progress_bar(total: u64) -> Progress {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, {eta} left)")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    Progress {
        bar,
        done: AtomicU64::new(0),
        total,
    }
}

/// `grimoire simulate --matrix` for game `G`: every deck against every other deck.
fn simulate_matrix<G: PlayableGame>(args: &SimulateArgs) -> ExitCode
where
    G::Deck: Sync,
{
    let prepared = (|| {
        let content_root = root::optional(root::flag());
        let game = load_game::<G>(args.map.as_deref())?;
        let paths = matrix_deck_paths::<G>(&args.decks, content_root.as_deref())?;
        let decks = read_decks(&game, &paths)?;
        Ok::<_, String>((game, paths, decks))
    })();
    let (game, paths, decks) = match prepared {
        Ok(prepared) => prepared,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let labels: Vec<String> = paths.iter().map(|p| deck_label(p)).collect();
    let pairings = (decks.len() * decks.len().saturating_sub(1) / 2) as u64;
    let bar = progress_bar(args.games.saturating_mul(pairings));
    let matchups = simulate_matchups(
        &game,
        &labels,
        &decks,
        simulation_options(args),
        &bar.tick(),
    );
    bar.finish();
    let matchups = match matchups {
        Ok(matchups) => matchups,
        Err(error) => {
            crate::errln!("error: {}: {error}", G::NAME);
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.report {
        if let Err(message) = grimoire_report::write(&matrix_report(G::NAME, &matchups), path) {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    }
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&matchups).unwrap_or_default()
        );
    } else {
        print_matrix(G::NAME, &paths, &matchups);
    }
    let status = if matchups.failures().next().is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    };
    output::finish(status)
}

/// The matrix in words: each row deck's win rate against each column deck (columns numbered
/// by row), its overall rate, the first seat's edge, and every failed game with its replay.
fn print_matrix(name: &str, paths: &[PathBuf], matchups: &Matchups) {
    let games: u64 = matchups.pairings.iter().map(|p| p.games).sum();
    let finished: u64 = matchups.pairings.iter().map(|p| p.first_wins.of).sum();
    let failed = matchups.failures().count();
    outln!(
        "{name}: {} decks, {} pairings of {} games (half in each seat order; seed {}): {games} \
         games, {finished} finished by the rules, {} stopped at the action cap, {failed} broke \
         the rules contract",
        matchups.decks.len(),
        matchups.pairings.len(),
        matchups.games_per_pairing,
        matchups.seed,
        matchups.capped()
    );
    outln!("win rate of the row's deck against the column's, of the finished games:");
    let rows: Vec<String> = matchups
        .decks
        .iter()
        .enumerate()
        .map(|(row, deck)| format!("{:>2} {deck}", row + 1))
        .collect();
    let width = output::column_width("", rows.iter().map(String::as_str));
    let mut header = output::padded("", width);
    for column in 0..matchups.decks.len() {
        header.push_str(&format!("{:>7}", column + 1));
    }
    header.push_str("  overall (95% CI)");
    outln!("{header}");
    for (row, label) in rows.iter().enumerate() {
        let mut line = output::padded(label, width);
        for column in 0..matchups.decks.len() {
            let cell = matchups
                .win_rate(row, column)
                .map_or_else(|| "-".to_string(), |rate| percent(rate.rate));
            line.push_str(&format!("{cell:>7}"));
        }
        let overall = &matchups.overall[row];
        line.push_str(&format!(
            "  {:>6} ({} to {})",
            percent(overall.rate),
            percent(overall.low),
            percent(overall.high)
        ));
        outln!("{line}");
    }
    let seat = &matchups.first_seat_wins;
    outln!(
        "the first seat won {} of the finished games (95% CI {} to {}; {} of {})",
        percent(seat.rate),
        percent(seat.low),
        percent(seat.high),
        seat.count,
        seat.of
    );
    let draws: u64 = matchups.pairings.iter().map(|p| p.draws.count).sum();
    if draws > 0 {
        outln!("draws: {draws} of {finished}");
    }
    for failure in matchups.failures() {
        outln!(
            "  grimoire play {name} --deck {} --deck {} --seed {}: {}",
            paths[failure.first_seat].display(),
            paths[failure.second_seat].display(),
            failure.seed,
            failure.error
        );
    }
}

/// The round robin as a report page: the win matrix and the game lengths.
fn matrix_report(name: &str, matchups: &Matchups) -> grimoire_report::Report {
    use grimoire_report::{Report, WinMatrix};
    let decks = matchups.decks.len();
    let count = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
    let cell = |row: usize, column: usize, wins: bool| {
        matchups
            .win_rate(row, column)
            .map_or(0, |rate| count(if wins { rate.count } else { rate.of }))
    };
    let games: u64 = matchups.pairings.iter().map(|p| p.games).sum();
    Report {
        title: format!(
            "{name}: {} decks, {} games per pairing",
            decks, matchups.games_per_pairing
        ),
        summary: format!(
            "Every deck against every other: {} pairings, {games} seeded random games (seed \
             {}), half of each pairing in each seat order. {} stopped at the action cap, {} \
             broke the rules contract; the first seat won {} of the finished games.",
            matchups.pairings.len(),
            matchups.seed,
            matchups.capped(),
            matchups.failures().count(),
            percent(matchups.first_seat_wins.rate)
        ),
        matchups: Some(WinMatrix {
            labels: matchups.decks.clone(),
            wins: (0..decks)
                .map(|row| (0..decks).map(|column| cell(row, column, true)).collect())
                .collect(),
            games: (0..decks)
                .map(|row| (0..decks).map(|column| cell(row, column, false)).collect())
                .collect(),
        }),
        histograms: Vec::new(),
        tables: Vec::new(),
    }
}

fn percent(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

fn print_summary(name: &str, summary: &Summary) {
    let finished: u64 = summary.draws.of;
    outln!(
        "{name}: {} games (seed {}), {finished} finished by the rules, {} stopped at the action \
         cap, {} broke the rules contract",
        summary.games,
        summary.seed,
        summary.capped,
        summary.failures.len()
    );
    for (seat, rate) in summary.wins.iter().enumerate() {
        outln!(
            "  player {} wins {:>6}  (95% CI {} to {}; {} of {finished})",
            seat + 1,
            percent(rate.rate),
            percent(rate.low),
            percent(rate.high),
            rate.count
        );
    }
    let draws = &summary.draws;
    outln!(
        "  draws          {:>6}  (95% CI {} to {}; {} of {finished})",
        percent(draws.rate),
        percent(draws.low),
        percent(draws.high),
        draws.count
    );
    for (what, spread) in [("actions", &summary.actions), ("turns", &summary.turns)] {
        outln!(
            "  {what:<7} per game: min {}, median {}, mean {:.1}, max {}",
            spread.min,
            spread.median,
            spread.mean,
            spread.max
        );
    }
    if !summary.cards.is_empty() {
        outln!("  cards played (most played first):");
        for card in summary.cards.iter().take(25) {
            let rate = &card.win_rate_when_played;
            outln!(
                "    {:<32} played {:>6}  win rate when played {:>6} (95% CI {} to {})",
                card.card,
                card.times_played,
                percent(rate.rate),
                percent(rate.low),
                percent(rate.high)
            );
        }
        if summary.cards.len() > 25 {
            outln!(
                "    ... and {} more cards (--json lists all)",
                summary.cards.len() - 25
            );
        }
    }
    for failure in &summary.failures {
        outln!(
            "  game {} (grimoire play {name} --seed {}): {}",
            failure.index,
            failure.seed,
            failure.error
        );
    }
}

/// The simulation as a report page: seat against seat as a win matrix (each seat's wins of the
/// finished games), game length histograms and the per-card figures.
fn report(name: &str, labels: &[String], summary: &Summary) -> grimoire_report::Report {
    use grimoire_report::{Cell, Histogram, Report, Table, WinMatrix};
    let seats = summary.wins.len();
    let label = |seat: usize| {
        let deck = labels.get(seat).cloned().unwrap_or_default();
        format!("player {} ({deck})", seat + 1)
    };
    let finished = u32::try_from(summary.draws.of).unwrap_or(u32::MAX);
    let matrix = WinMatrix {
        labels: (0..seats).map(label).collect(),
        wins: (0..seats)
            .map(|row| {
                (0..seats)
                    .map(|column| {
                        if row == column {
                            0
                        } else {
                            u32::try_from(summary.wins[row].count).unwrap_or(u32::MAX)
                        }
                    })
                    .collect()
            })
            .collect(),
        games: (0..seats)
            .map(|row| {
                (0..seats)
                    .map(|column| if row == column { 0 } else { finished })
                    .collect()
            })
            .collect(),
    };
    let number = |value: f64, decimals: usize| Cell::Number { value, decimals };
    Report {
        title: format!("{name}: {} simulated games", summary.games),
        summary: format!(
            "{} seeded random games (seed {}): {finished} finished by the rules, {} draws, {} \
             stopped at the action cap, {} broke the rules contract.",
            summary.games,
            summary.seed,
            summary.draws.count,
            summary.capped,
            summary.failures.len()
        ),
        matchups: Some(matrix),
        histograms: vec![
            Histogram {
                label: "Game length (actions)".into(),
                values: summary
                    .lengths
                    .iter()
                    .map(|(actions, _)| *actions)
                    .collect(),
            },
            Histogram {
                label: "Game length (turns)".into(),
                values: summary.lengths.iter().map(|(_, turns)| *turns).collect(),
            },
        ],
        tables: vec![Table {
            title: "Cards played".into(),
            columns: vec![
                "Card".into(),
                "Times played".into(),
                "Win rate when played (%)".into(),
                "95% low (%)".into(),
                "95% high (%)".into(),
            ],
            rows: summary
                .cards
                .iter()
                .map(|card| {
                    let rate = &card.win_rate_when_played;
                    vec![
                        Cell::Text(card.card.clone()),
                        number(card.times_played as f64, 0),
                        number(rate.rate * 100.0, 1),
                        number(rate.low * 100.0, 1),
                        number(rate.high * 100.0, 1),
                    ]
                })
                .collect(),
        }],
    }
}
