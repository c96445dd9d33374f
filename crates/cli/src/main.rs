//! `grimoire`: check, build and play card-game content.
//!
//! Each subcommand lives in its own module; this file only dispatches. Game-specific
//! commands go through the registry of games in [`games`].

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod army;
mod build;
mod calc;
mod cards;
mod check;
mod checked_file;
mod color;
mod content;
mod coverage;
mod deck;
mod gallery;
mod games;
mod import;
mod live;
mod output;
mod play;
mod root;
mod scenario;
mod spellbook;

#[derive(Parser)]
#[command(
    name = "grimoire",
    version,
    about = "Compile and play card-game content written in TOML"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Content root holding `codex/` and `cards/` (default: the current directory or the
    /// nearest parent that holds both). `calc`, `scenario run` and `spellbook check` play
    /// with the cards found there, else with the cards built into this program.
    #[arg(long, global = true)]
    root: Option<PathBuf>,
    /// When to colour diagnostics (`auto`: on a terminal, unless `NO_COLOR` is set).
    #[arg(long, global = true, value_enum, default_value = "auto")]
    color: color::ColorChoice,
}

#[derive(Subcommand)]
enum Command {
    /// Validate games without writing anything.
    Check(check::Args),
    /// Compile games and write the generated Rust, JSON Schema and JSON dump.
    Build(build::Args),
    /// Import cards from other formats (OCTGN set files, Mage Knight dial data).
    #[command(subcommand)]
    Import(import::Command),
    /// Spellbook (deck) validation.
    #[command(subcommand)]
    Spellbook(spellbook::Command),
    /// Run rules scenarios.
    #[command(subcommand)]
    Scenario(scenario::Command),
    /// Exact battle calculator.
    Calc(calc::Args),
    /// List the games and the rules commands each supports.
    Games,
    /// Deck validation (deck-building games).
    #[command(subcommand)]
    Deck(deck::Command),
    /// Army validation (army-building games).
    #[command(subcommand)]
    Army(deck::Command),
    /// Play one seeded game from two decks with the random policy and print it in words.
    Play(play::PlayArgs),
    /// Play many seeded games in parallel and print win rates, game length and card figures.
    Simulate(play::SimulateArgs),
    /// List, show and search the cards of any game; which abilities the rules play.
    #[command(subcommand)]
    Cards(cards::Command),
    /// Write a static site of every card, codex entry and erratum (`--out DIR`).
    Gallery(gallery::Args),
    /// Print a shell completion script (`grimoire completions bash > ...`).
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    color::set(cli.color);
    root::set_flag(cli.root);
    // Every command's status passes through `finish`, so a failed write to stdout or stderr
    // (a full disk) is exit status 2 whichever way the command ended.
    output::finish(run(cli.command))
}

/// Runs one command and gives its exit status.
fn run(command: Command) -> ExitCode {
    match command {
        Command::Check(args) => check::run(args),
        Command::Build(args) => build::run(args),
        Command::Import(cmd) => import::run(cmd),
        Command::Spellbook(cmd) => spellbook::run(cmd),
        Command::Scenario(cmd) => scenario::run(cmd),
        Command::Calc(args) => calc::run(args),
        Command::Games => {
            out!("{}", games::describe(games::GAMES));
            ExitCode::SUCCESS
        }
        Command::Deck(cmd) => deck::run_deck(cmd),
        Command::Army(cmd) => deck::run_army(cmd),
        Command::Cards(cmd) => cards::run(cmd),
        Command::Play(args) => match games::find(&args.game, games::Feature::Play) {
            Ok(game) => game.play.map_or(ExitCode::FAILURE, |play| play(&args)),
            Err(message) => {
                errln!("error: {message}");
                ExitCode::from(2)
            }
        },
        Command::Simulate(args) => match games::find(&args.game, games::Feature::Simulate) {
            Ok(game) => game
                .simulate
                .map_or(ExitCode::FAILURE, |simulate| simulate(&args)),
            Err(message) => {
                errln!("error: {message}");
                ExitCode::from(2)
            }
        },
        Command::Gallery(args) => gallery::run(args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "grimoire", &mut script);
            out!("{}", String::from_utf8_lossy(&script));
            ExitCode::SUCCESS
        }
    }
}
