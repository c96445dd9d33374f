//! What an import could not map, what it noticed, and what it skipped on purpose.

use std::fmt;

use crate::source::Located;

/// One finding about one field of one card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where the card comes from: the set slug (OCTGN) or the file and record (dial data).
    pub set: String,
    /// The card's name as written in the set file.
    pub card: String,
    /// The OCTGN property (or part of it) concerned.
    pub field: String,
    /// What happened, in a short sentence.
    pub message: String,
    /// Where in the import's source the card (or value) is, when known.
    pub at: Option<Located>,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = &self.at {
            write!(f, "{at}: ")?;
        }
        write!(
            f,
            "{}: {}: {}: {}",
            self.set, self.card, self.field, self.message
        )
    }
}

/// Everything an import has to say besides the files it wrote.
#[derive(Debug, Default, Clone)]
pub struct Report {
    /// Values the importer could not turn into card data; `--strict` fails on any.
    pub unmapped: Vec<Finding>,
    /// Disagreements inside the data (two fields, or two printings, that differ).
    pub notes: Vec<Finding>,
    /// Cards left out on purpose (non-card entries such as phase markers).
    pub skipped: Vec<Finding>,
    /// Cards (or printings) not written because the game would not compile with them: each
    /// names the card's place in the source and the compiler's reason.
    pub rejected: Vec<Finding>,
    /// Cards whose rules text was not translated into ability data (they keep a named
    /// handler): the message names the phrase that stopped the translation, the card's name
    /// written `~` and its numbers `N` (WoW TCG).
    pub untranslated: Vec<Finding>,
    /// How many cards were written as new cards.
    pub cards_written: usize,
    /// How many printings were added to cards that already existed.
    pub printings_added: usize,
    /// Words the imported cards use that the schema and codex do not know yet (filled by
    /// [`crate::find_new_names`] once the cards are written).
    pub new_names: Vec<crate::NewName>,
    /// Codex files `--scaffold` wrote drafts into (with the cards, all or nothing).
    pub scaffolded: Vec<std::path::PathBuf>,
    /// How many draft warnings the game compiles with after `--scaffold`.
    pub draft_warnings: usize,
    /// Those warnings, rendered.
    pub scaffold_warnings: String,
}

impl Report {
    /// Whether nothing went unmapped.
    pub fn is_clean(&self) -> bool {
        self.unmapped.is_empty()
    }

    /// The phrases that stopped translations, each with how many cards it stopped, most first
    /// (then alphabetically).
    pub fn untranslated_phrases(&self) -> Vec<(usize, &str)> {
        let mut counts = std::collections::BTreeMap::<&str, usize>::new();
        for finding in &self.untranslated {
            *counts.entry(finding.message.as_str()).or_default() += 1;
        }
        let mut phrases: Vec<(usize, &str)> =
            counts.into_iter().map(|(phrase, n)| (n, phrase)).collect();
        phrases.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        phrases
    }

    /// OCTGN card types the importer has no kind for, with the cards that have them: new card
    /// types need a kind in `game.toml` and a mapping in the importer.
    pub fn new_card_types(&self) -> Vec<&Finding> {
        self.unmapped
            .iter()
            .filter(|finding| finding.field == "Type")
            .collect()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} cards written, {} printings added, {} skipped, {} rejected, {} unmapped, {} notes",
            self.cards_written,
            self.printings_added,
            self.skipped.len(),
            self.rejected.len(),
            self.unmapped.len(),
            self.notes.len()
        )?;
        for name in &self.new_names {
            writeln!(f, "new {name}")?;
        }
        for path in &self.scaffolded {
            writeln!(f, "scaffold: wrote {}", path.display())?;
        }
        for finding in self.new_card_types() {
            writeln!(
                f,
                "new card type: {}: {}: {}",
                finding.set, finding.card, finding.message
            )?;
        }
        for (title, list) in [
            ("unmapped", &self.unmapped),
            ("note", &self.notes),
            ("skipped", &self.skipped),
            ("rejected", &self.rejected),
            ("untranslated", &self.untranslated),
        ] {
            for finding in list {
                writeln!(f, "{title}: {finding}")?;
            }
        }
        if !self.untranslated.is_empty() {
            writeln!(
                f,
                "{} cards untranslated; the phrases that stopped the most:",
                self.untranslated.len()
            )?;
            for (count, phrase) in self.untranslated_phrases().into_iter().take(40) {
                writeln!(f, "  {count:>4}  {phrase}")?;
            }
        }
        Ok(())
    }
}

/// Collects findings for one card while it is mapped.
#[derive(Debug)]
pub struct CardLog<'a> {
    set: &'a str,
    card: &'a str,
    /// Findings that make the card's mapping incomplete.
    pub unmapped: Vec<Finding>,
    /// Findings about disagreeing data.
    pub notes: Vec<Finding>,
    at: Option<Located>,
}

impl<'a> CardLog<'a> {
    /// A log for one card of one set.
    pub fn new(set: &'a str, card: &'a str) -> Self {
        Self {
            set,
            card,
            unmapped: Vec::new(),
            notes: Vec::new(),
            at: None,
        }
    }

    /// The same log, its findings located at `at` in the source.
    pub fn located(mut self, at: Located) -> Self {
        self.at = Some(at);
        self
    }

    /// Where in the source the card is, when known.
    pub fn at(&self) -> Option<&Located> {
        self.at.as_ref()
    }

    fn finding(&self, field: &str, message: String) -> Finding {
        Finding {
            set: self.set.to_owned(),
            card: self.card.to_owned(),
            field: field.to_owned(),
            message,
            at: self.at.clone(),
        }
    }

    /// Records a value that could not be mapped.
    pub fn unmapped(&mut self, field: &str, message: impl Into<String>) {
        let finding = self.finding(field, message.into());
        self.unmapped.push(finding);
    }

    /// Records a disagreement in the data.
    pub fn note(&mut self, field: &str, message: impl Into<String>) {
        let finding = self.finding(field, message.into());
        self.notes.push(finding);
    }
}
