//! `grimoire spellbook`: spellbook (deck) validation.
//!
//! `check` prices every card of a Mage Wars spellbook TOML file for its Mage, prints the
//! total against the budget and every broken rule (docs/spellbook.md), each as
//! `file:line:column: message` at the entry that breaks it. Cards are looked up in the
//! generated card tables. Exit status: 0 legal, 1 a rule is broken, 2 the input cannot be
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
    let text = match grimoire_input::read_text(file) {
        Ok(text) => text,
        Err(e) => {
            crate::errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let book = match SpellbookFile::from_toml(&text) {
        Ok(book) => book,
        Err(e) => {
            crate::errln!("error: {}:{e}", file.display());
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
        book: &book,
        catalog,
    };
    crate::out!("{}", render(&book, &report, &located));
    crate::checked_file::verdict(report.is_legal())
}

/// The spellbook with every card name the catalog knows written as the card is named
/// (names match ignoring case; copies of one card listed under two spellings add up, and
/// the card's place is its first spelling's).
pub(crate) fn canonical_names(
    mut book: SpellbookFile,
    catalog: &grimoire_mage_wars::rules::Catalog,
) -> SpellbookFile {
    let mut cards = std::collections::BTreeMap::new();
    let mut places = std::collections::BTreeMap::new();
    for (written, copies) in std::mem::take(&mut book.cards) {
        let name = catalog
            .get(&written)
            .map_or_else(|| written.clone(), |card| card.name().to_string());
        let total: &mut u32 = cards.entry(name.clone()).or_insert(0);
        *total = total.saturating_add(copies);
        if let Some(&offset) = book.places.card.get(&written) {
            places
                .entry(name)
                .and_modify(|first: &mut usize| *first = (*first).min(offset))
                .or_insert(offset);
        }
    }
    book.cards = cards;
    book.places.card = places;
    if let Some(card) = catalog.get(&book.mage) {
        book.mage = card.name().to_string();
    }
    book
}

/// What locates a violation: the spellbook file's path and text, the spellbook read from it
/// (which knows where each entry is written), and the cards for "did you mean".
pub(crate) struct Located<'a> {
    pub(crate) path: &'a str,
    pub(crate) text: &'a str,
    pub(crate) book: &'a SpellbookFile,
    pub(crate) catalog: &'a grimoire_mage_wars::rules::Catalog,
}

impl Located<'_> {
    /// Each violation's message as `path:line:column: message` at the entry it is about (the
    /// start of the file for a spellbook built without places), with "did you mean" for
    /// unknown names.
    pub(crate) fn describe_all(&self, violations: &[Violation]) -> Vec<String> {
        let offsets: Vec<usize> = violations
            .iter()
            .map(|v| self.book.offset_of(v).unwrap_or(0))
            .collect();
        let lines = grimoire_input::LineIndex::new(self.text);
        offsets
            .iter()
            .map(|&offset| lines.location(offset))
            .zip(violations)
            .map(|(at, violation)| format!("{}:{at}: {}", self.path, self.describe(violation)))
            .collect()
    }

    /// The violation's message, with "did you mean" for unknown names.
    fn describe(&self, violation: &Violation) -> String {
        let names = || self.catalog.cards().iter().map(|card| card.name());
        let suggestion = match violation {
            Violation::UnknownCard { card } => did_you_mean(card, names()),
            Violation::UnknownMage { mage } => {
                let mages = self.catalog.cards().iter().filter_map(|card| match card {
                    grimoire_mage_wars::Card::Mage(mage) => Some(mage.name),
                    _ => None,
                });
                did_you_mean(mage, mages)
            }
            _ => String::new(),
        };
        format!("{violation}{suggestion}")
    }
}

/// The widest the card column of the table gets: the longest card name is well under it; a
/// longer name overflows its row rather than widening every row (an endless name would
/// otherwise pad every line to its length).
const MAX_NAME_COLUMN: usize = 40;

/// The report as text: one line per card, the total, then every violation.
fn render(book: &SpellbookFile, report: &Report, located: &Located<'_>) -> String {
    let mut out = format!("spellbook for {}\n", book.mage);
    let width = report
        .cards
        .iter()
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(MAX_NAME_COLUMN);
    for card in &report.cards {
        // Padded by hand: a `{:<width$}` width above u16::MAX panics.
        let padding = width.saturating_sub(card.name.chars().count());
        out += &format!(
            "  {}{}  {:>2} x {:>2} = {:>3}\n",
            card.name,
            " ".repeat(padding),
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
        for violation in located.describe_all(&report.violations) {
            out += &format!("  error: {violation}\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use grimoire_mage_wars::rules::Catalog;
    use grimoire_mage_wars::spellbook::{CardPoints, SpellbookFile};

    use super::*;

    /// The report of `text` as `spellbook check` prints it, with the compiled cards.
    fn checked(text: &str) -> String {
        let catalog = Catalog::compiled();
        let book = canonical_names(
            SpellbookFile::from_toml(text).expect("a spellbook"),
            catalog,
        );
        let report = check(&book, catalog, &Rules::STANDARD);
        let located = Located {
            path: "book.toml",
            text,
            book: &book,
            catalog,
        };
        render(&book, &report, &located)
    }

    #[test]
    fn every_violation_is_located_at_its_entry() {
        // Only unknown cards and Mages were located, by searching the text for the name.
        let text = "mage = \"Warlock\"\n\n[cards]\n\"Gate to Hell\" = 2\n\"Temple of Asyra\" = 1\n\
                    \"Fireball\" = 0\n\"Fireball of Doom\" = 1\n\"Warlock\" = 1\n\"Heal\" = 40\n";
        let out = checked(text);
        for expected in [
            "error: book.toml:4:1: `Gate to Hell` is Epic",
            "error: book.toml:5:1: `Temple of Asyra` is Holy Mage Only",
            "error: book.toml:6:1: `Fireball` is listed with 0 copies",
            "error: book.toml:7:1: unknown card `Fireball of Doom`",
            "error: book.toml:8:1: `Warlock` is not a spell",
            "error: book.toml:3:1: spellbook costs",
        ] {
            assert!(out.contains(expected), "{expected}\n{out}");
        }
        let unknown = checked("mage = \"Warlok\"\n");
        assert!(
            unknown.contains("error: book.toml:1:8: unknown mage `Warlok` (did you mean"),
            "{unknown}"
        );
    }

    #[test]
    fn two_spellings_of_a_card_add_up_at_the_first_spelling() {
        let text = "mage = \"Warlock\"\n[cards]\n\"FIREBALL\" = 999\n\"fireball\" = 999\n\
                    \"gate to hell\" = 1\n\"Gate To Hell\" = 1\n";
        let out = checked(text);
        assert!(out.contains("Fireball      1998 x  2 = 3996"), "{out}");
        assert!(
            out.contains(
                "error: book.toml:5:1: `Gate to Hell` is Epic: at most 1 copy allowed, found 2"
            ),
            "{out}"
        );
        assert!(
            out.contains("error: book.toml:2:1: spellbook costs"),
            "{out}"
        );
    }

    #[test]
    fn an_endless_card_name_neither_panics_nor_widens_the_table() {
        // A name of 65,536 characters or more panicked: a format width above u16::MAX.
        let long = "x".repeat(70_000);
        let book = SpellbookFile {
            mage: "Warlock".into(),
            ..SpellbookFile::default()
        };
        let report = Report {
            cards: vec![
                CardPoints {
                    name: long.clone(),
                    copies: 1,
                    points_each: 0,
                },
                CardPoints {
                    name: "Heal".into(),
                    copies: 1,
                    points_each: 6,
                },
            ],
            total: 6,
            budget: 120,
            violations: Vec::new(),
        };
        let located = Located {
            path: "book.toml",
            text: "",
            book: &book,
            catalog: Catalog::compiled(),
        };
        let out = render(&book, &report, &located);
        assert!(
            out.contains(&format!("  {long}   1 x  0 =   0\n")),
            "the long row"
        );
        let heal = out
            .lines()
            .find(|l| l.contains("Heal"))
            .expect("Heal's row");
        assert_eq!(heal.len(), 2 + MAX_NAME_COLUMN + 2 + 13, "{heal:?}");
    }
}
