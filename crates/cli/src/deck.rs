//! `grimoire deck check` and `grimoire army check`: deck and army validation for the games
//! that have them (see [`crate::games`]; WoW TCG and Summoner Wars decks; Mage Wars spellbooks are checked by
//! `grimoire spellbook check`).
//!
//! Both read their cards from the content on disk ([`crate::live`]).
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
            crate::errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The text of a deck file, read through [`grimoire_input::read_text`] (size bound, UTF-8
/// errors at `file:line:column`); `Err` (exit status 2, message printed) when it cannot be read.
fn read(file: &Path) -> Result<String, ExitCode> {
    grimoire_input::read_text(file).map_err(|error| {
        crate::errln!("error: {error}");
        ExitCode::from(2)
    })
}

/// `grimoire deck check --game wow-tcg FILE`: prints the deck's sizes and every violation at
/// the `file:line:column` of the entry that breaks it; exit 0 legal, 1 a rule is broken, 2 the
/// file cannot be read (with `file:line:column`).
pub fn wow_tcg(file: &Path) -> ExitCode {
    use grimoire_wow_tcg::deck::{check, render, DeckFile};
    let path = file.display().to_string();
    let text = match read(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let catalog = match crate::live::catalog::<grimoire_wow_tcg::Card>() {
        Ok(catalog) => catalog,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let deck = match DeckFile::parse_with(&text, catalog) {
        Ok(deck) => deck,
        Err(error) => {
            crate::errln!("error: {path}:{error}");
            return ExitCode::from(2);
        }
    };
    let violations = check(&deck.deck);
    crate::out!("{}", render(&deck, &path, &violations));
    crate::checked_file::verdict(violations.is_empty())
}

/// Checks a Summoner Wars deck file.
pub fn summoner_wars(file: &Path) -> ExitCode {
    use grimoire_summoner_wars::deck::{check, Deck};
    let path = file.display();
    let text = match read(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let deck = match Deck::parse(&text) {
        Ok(deck) => deck,
        Err(error) => {
            crate::errln!(
                "{path}:{}:{}: error: {}",
                error.line,
                error.column,
                error.message
            );
            return ExitCode::from(2);
        }
    };
    let catalog = match crate::live::catalog::<grimoire_summoner_wars::Card>() {
        Ok(catalog) => catalog,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let violations = check(&deck, catalog);
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
    crate::out!("{out}");
    crate::checked_file::verdict(violations.is_empty())
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
