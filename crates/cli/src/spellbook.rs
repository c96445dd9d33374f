//! `grimoire spellbook`: spellbook (deck) validation.
//!
//! `check` prices every card of a Mage Wars spellbook TOML file for its Mage, prints the
//! total against the budget and every broken rule (docs/spellbook.md). Cards are looked up in
//! the generated card tables. Exit status: 0 legal, 1 a rule is broken, 2 the input cannot be
//! read.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grimoire_engine::suggest::did_you_mean;
use grimoire_mage_wars::spellbook::{check, Report, Rules, SpellbookFile, Violation};

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
            crate::errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Checks a Mage Wars spellbook file.
pub fn mage_wars(file: &Path) -> ExitCode {
    let text = match crate::checked_file::read(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let book = match SpellbookFile::from_toml(&text) {
        Ok(book) => book,
        Err(e) => {
            crate::errln!("error: {} is not a spellbook: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let catalog = match crate::live::mage_wars() {
        Ok(catalog) => catalog,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let book = canonical_names(book, catalog);
    let report = check(&book, catalog, &Rules::STANDARD);
    let located = Located {
        path: &file.display().to_string(),
        text: &text,
        catalog,
    };
    crate::out!("{}", render(&book, &report, &located));
    crate::checked_file::verdict(report.is_legal())
}

/// The spellbook with every card name the catalog knows written as the card is named
/// (names match ignoring case; copies of one card listed under two spellings add up).
pub(crate) fn canonical_names(
    mut book: SpellbookFile,
    catalog: &grimoire_mage_wars::rules::Catalog,
) -> SpellbookFile {
    let mut cards = std::collections::BTreeMap::new();
    for (name, copies) in std::mem::take(&mut book.cards) {
        let name = catalog
            .get(&name)
            .map_or(name, |card| card.name().to_string());
        *cards.entry(name).or_insert(0) += copies;
    }
    book.cards = cards;
    if let Some(card) = catalog.get(&book.mage) {
        book.mage = card.name().to_string();
    }
    book
}

/// What locates a violation: the spellbook file's path and text, and the cards for "did you
/// mean".
pub(crate) struct Located<'a> {
    pub(crate) path: &'a str,
    pub(crate) text: &'a str,
    pub(crate) catalog: &'a grimoire_mage_wars::rules::Catalog,
}

impl Located<'_> {
    /// `path:line:column: ` of the first place `name` is written as a quoted key or value.
    fn at(&self, name: &str) -> String {
        let quoted = format!("\"{name}\"");
        match self.text.find(&quoted) {
            Some(offset) => {
                let before = &self.text[..offset];
                let line = before.matches('\n').count() + 1;
                let column = before.len() - before.rfind('\n').map_or(0, |n| n + 1) + 1;
                format!("{}:{line}:{column}: ", self.path)
            }
            None => format!("{}: ", self.path),
        }
    }

    /// The violation's message, located and with "did you mean" for unknown names.
    pub(crate) fn describe(&self, violation: &Violation) -> String {
        let names = || self.catalog.cards().iter().map(|card| card.name());
        match violation {
            Violation::UnknownCard { card } => format!(
                "{}{violation}{}",
                self.at(card),
                did_you_mean(card, names())
            ),
            Violation::UnknownMage { mage } => {
                let mages = self.catalog.cards().iter().filter_map(|card| match card {
                    grimoire_mage_wars::Card::Mage(mage) => Some(mage.name),
                    _ => None,
                });
                format!("{}{violation}{}", self.at(mage), did_you_mean(mage, mages))
            }
            other => other.to_string(),
        }
    }
}

/// The report as text: one line per card, the total, then every violation.
fn render(book: &SpellbookFile, report: &Report, located: &Located<'_>) -> String {
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
            out += &format!("  error: {}\n", located.describe(violation));
        }
    }
    out
}
