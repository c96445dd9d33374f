//! `grimoire spellbook`: spellbook (deck) validation.
//!
//! `check` prices every card of a Mage Wars spellbook TOML file for its Mage, prints the
//! total against the budget and every broken rule (docs/spellbook.md). Cards are looked up in
//! the generated card tables. Exit status: 0 legal, 1 a rule is broken, 2 the input cannot be
//! read.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grimoire_mage_wars::spellbook::{check, Report, Rules, SpellbookFile};

use crate::games::{self, Feature};

/// Subcommands of `grimoire spellbook`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Price a spellbook and list every rule it breaks.
    Check(CheckArgs),
}

/// Arguments of `grimoire spellbook check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Game of the spellbook (a game of the registry with spellbooks: `mage-wars`).
    #[arg(long)]
    game: String,
    /// The spellbook TOML file (`mage = "..."` and a `[cards]` table of copies).
    file: PathBuf,
}

/// Runs `grimoire spellbook`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Check(args) => run_check(&args),
    }
}

fn run_check(args: &CheckArgs) -> ExitCode {
    match games::lookup(&args.game, Feature::SpellbookCheck, |g| g.spellbook_check) {
        Ok(check) => check(&args.file),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Checks a Mage Wars spellbook file.
pub fn mage_wars(file: &Path) -> ExitCode {
    let book = match read_spellbook(file) {
        Ok(book) => book,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let catalog = match crate::live::mage_wars() {
        Ok(catalog) => catalog,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let report = check(&book, catalog, &Rules::STANDARD);
    crate::out!("{}", render(&book, &report));
    crate::output::finish(if report.is_legal() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn read_spellbook(file: &Path) -> Result<SpellbookFile, String> {
    let path = file.display();
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {path}: {e}"))?;
    SpellbookFile::from_toml(&text).map_err(|e| format!("{path} is not a spellbook: {e}"))
}

/// The report as text: one line per card, the total, then every violation.
fn render(book: &SpellbookFile, report: &Report) -> String {
    let mut out = format!("spellbook for {}\n", book.mage);
    let width = report
        .cards
        .iter()
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0);
    for card in &report.cards {
        out += &format!(
            "  {:<width$}  {:>2} x {:>2} = {:>3}\n",
            card.name,
            card.copies,
            card.points_each,
            card.points()
        );
    }
    out += &format!("total: {} / {} spell points\n", report.total, report.budget);
    if report.is_legal() {
        out += "ok: the spellbook is legal\n";
    } else {
        out += &format!("{} violation(s):\n", report.violations.len());
        for violation in &report.violations {
            out += &format!("  error: {violation}\n");
        }
    }
    out
}
