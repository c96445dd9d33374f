//! What an import could not map, what it noticed, and what it skipped on purpose.

use std::fmt;

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
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
    /// How many cards were written as new cards.
    pub cards_written: usize,
    /// How many printings were added to cards that already existed.
    pub printings_added: usize,
}

impl Report {
    /// Whether nothing went unmapped.
    pub fn is_clean(&self) -> bool {
        self.unmapped.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} cards written, {} printings added, {} skipped, {} unmapped, {} notes",
            self.cards_written,
            self.printings_added,
            self.skipped.len(),
            self.unmapped.len(),
            self.notes.len()
        )?;
        for (title, list) in [
            ("unmapped", &self.unmapped),
            ("note", &self.notes),
            ("skipped", &self.skipped),
        ] {
            for finding in list {
                writeln!(f, "{title}: {finding}")?;
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
}

impl<'a> CardLog<'a> {
    /// A log for one card of one set.
    pub fn new(set: &'a str, card: &'a str) -> Self {
        Self {
            set,
            card,
            unmapped: Vec::new(),
            notes: Vec::new(),
        }
    }

    fn finding(&self, field: &str, message: String) -> Finding {
        Finding {
            set: self.set.to_owned(),
            card: self.card.to_owned(),
            field: field.to_owned(),
            message,
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
