//! Errors that stop an import (as opposed to unmapped fields, which are reported and go on).

use std::fmt;
use std::path::PathBuf;

use grimoire_input::Location;

/// Why an import could not run at all.
#[derive(Debug)]
pub enum ImportError {
    /// A source file could not be read as text: missing, too large, not UTF-8 (located at
    /// its first bad byte).
    Input(grimoire_input::InputError),
    /// A file could not be read or written.
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A set file is not well-formed XML, or not an OCTGN set.
    Xml {
        /// The set file.
        path: PathBuf,
        /// Where in the file (1-based line and column).
        at: Location,
        /// What is wrong.
        message: String,
    },
    /// A TOML file already in the output directory could not be read.
    ExistingToml {
        /// The file.
        path: PathBuf,
        /// Where in the file the parser stopped.
        at: Location,
        /// The parser's message.
        message: String,
    },
    /// `--scaffold` could not edit a schema or codex file.
    Scaffold {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A JSON data file (dial data, a card list) is malformed or not shaped as expected.
    Json {
        /// The data file.
        path: PathBuf,
        /// 1-based line of the problem (of the value that has the wrong shape).
        line: usize,
        /// 1-based column of the problem.
        column: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The game's codex (the schema an importer maps onto) could not be read.
    Codex {
        /// The codex file.
        path: PathBuf,
        /// Where in the file (line 1, column 1 for the file as a whole).
        at: Location,
        /// What is wrong.
        message: String,
    },
    /// A card could not be serialized to TOML.
    Serialize {
        /// The card's name.
        card: String,
        /// The serializer's message.
        message: String,
    },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Input(error) => write!(f, "{error}"),
            Self::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Self::Xml { path, at, message } => {
                write!(f, "{}:{at}: malformed OCTGN set: {message}", path.display())
            }
            Self::ExistingToml { path, at, message } => {
                write!(
                    f,
                    "{}:{at}: cannot read existing card file: {message}",
                    path.display()
                )
            }
            Self::Scaffold { path, message } => {
                write!(f, "{}: cannot scaffold: {message}", path.display())
            }
            Self::Json {
                path,
                line,
                column,
                message,
            } => write!(f, "{}:{line}:{column}: {message}", path.display()),
            Self::Codex { path, at, message } => {
                write!(
                    f,
                    "{}:{at}: cannot read the codex: {message}",
                    path.display()
                )
            }
            Self::Serialize { card, message } => {
                write!(f, "card `{card}`: cannot write TOML: {message}")
            }
        }
    }
}

impl std::error::Error for ImportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            Self::Input(error) => Some(error),
            _ => None,
        }
    }
}
