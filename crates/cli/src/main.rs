//! `grimoire`: check, build and play card-game content.
//!
//! Each subcommand lives in its own module; this file only dispatches. Game-specific
//! commands go through the registry of games in [`games`].

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod army;
mod build;
mod calc;
mod check;
mod content;
mod deck;
mod games;
mod import;
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check::run(args),
        Command::Build(args) => build::run(args),
        Command::Import(cmd) => import::run(cmd),
        Command::Spellbook(cmd) => spellbook::run(cmd),
        Command::Scenario(cmd) => scenario::run(cmd),
        Command::Calc(args) => calc::run(args),
        Command::Games => {
            print!("{}", games::describe(games::GAMES));
            ExitCode::SUCCESS
        }
        Command::Deck(cmd) => deck::run_deck(cmd),
        Command::Army(cmd) => deck::run_army(cmd),
    }
}
