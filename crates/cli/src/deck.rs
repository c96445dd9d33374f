//! `grimoire deck check` and `grimoire army check`: deck and army validation for the games
//! that have them (see [`crate::games`]; WoW TCG decks so far; Mage Wars spellbooks are checked by
//! `grimoire spellbook check`).

use std::path::PathBuf;
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
