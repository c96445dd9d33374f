//! `grimoire deck check` and `grimoire army check`: deck and army validation for the games
//! that have them (see [`crate::games`]; Mage Wars spellbooks are checked by
//! `grimoire spellbook check`).
//!
//! Summoner Wars ([`summoner_wars`]): the rules are `grimoire_summoner_wars::deck`; every
//! violation is printed as `FILE:LINE:COL: error[rule]: message (source: ...)`. Exit status: 0
//! legal, 1 a rule is broken, 2 the file cannot be read or is not a deck (`FILE:LINE:COL`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::games::{self, Feature};

/// Subcommands of `grimoire deck` and `grimoire army`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Check a deck (or army) file against the game's construction rules.
    Check(CheckArgs),
}

/// Arguments of `grimoire deck check` / `grimoire army check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The game of the file.
    #[arg(long)]
    game: String,
    /// The deck or army file (TOML).
    file: PathBuf,
}

/// Runs `grimoire deck`.
pub fn run_deck(cmd: Command) -> ExitCode {
    let Command::Check(args) = cmd;
    dispatch(
        games::lookup(&args.game, Feature::DeckCheck, |g| g.deck_check),
        &args,
    )
}

/// Runs `grimoire army`.
pub fn run_army(cmd: Command) -> ExitCode {
    let Command::Check(args) = cmd;
    dispatch(
        games::lookup(&args.game, Feature::ArmyCheck, |g| g.army_check),
        &args,
    )
}

fn dispatch(check: Result<games::CheckFn, String>, args: &CheckArgs) -> ExitCode {
    match check {
        Ok(check) => check(&args.file),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Checks a Summoner Wars deck file.
pub fn summoner_wars(file: &Path) -> ExitCode {
    use grimoire_summoner_wars::deck::{check, Deck};
    let path = file.display();
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let deck = match Deck::parse(&text) {
        Ok(deck) => deck,
        Err(error) => {
            eprintln!(
                "{path}:{}:{}: error: {}",
                error.line, error.column, error.message
            );
            return ExitCode::from(2);
        }
    };
    let violations = check(&deck);
    let mut out = format!(
        "deck of {}: {} other cards listed\n",
        deck.summoner.name,
        deck.cards.len()
    );
    if violations.is_empty() {
        out += "ok: the deck is legal\n";
    } else {
        for violation in &violations {
            out += &format!("{path}:{violation}\n");
        }
        out += &format!("{} violation(s)\n", violations.len());
    }
    // A closed pipe (`| head`) does not change the verdict.
    let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
    if violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
