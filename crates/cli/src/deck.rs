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

#[cfg(test)]
mod tests {
    use super::*;

    fn check_text(text: &str) -> ExitCode {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("deck.toml");
        std::fs::write(&file, text).expect("write deck");
        summoner_wars(&file)
    }

    #[test]
    fn summoner_wars_exit_status_is_0_legal_1_broken_2_unreadable() {
        let legal = "summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = 6\n";
        assert_eq!(check_text(legal), ExitCode::SUCCESS);
        let broken = "summoner = \"Prince Elien\"\n[cards]\n\"Defender\" = 2\n";
        assert_eq!(check_text(broken), ExitCode::from(1));
        assert_eq!(check_text("summoner = 3\n"), ExitCode::from(2));
        assert_eq!(
            summoner_wars(Path::new("/nonexistent/deck.toml")),
            ExitCode::from(2)
        );
    }
}
