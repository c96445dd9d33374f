//! Errors that stop an import (as opposed to unmapped fields, which are reported and go on).

use std::fmt;
use std::path::PathBuf;

/// Why an import could not run at all.
#[derive(Debug)]
pub enum ImportError {
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
        /// What is wrong, with the byte position where known.
        message: String,
    },
    /// A TOML file already in the output directory could not be read.
    ExistingToml {
        /// The file.
        path: PathBuf,
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
        /// 1-based line of the problem (0 when the file as a whole is wrong).
        line: usize,
        /// 1-based column of the problem (0 when the file as a whole is wrong).
        column: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The game's codex (the schema an importer maps onto) could not be read.
    Codex {
        /// The codex file.
        path: PathBuf,
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
            Self::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Self::Xml { path, message } => {
                write!(f, "{}: malformed OCTGN set: {message}", path.display())
            }
            Self::ExistingToml { path, message } => {
                write!(
                    f,
                    "{}: cannot read existing card file: {message}",
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
            } => {
                if *line == 0 {
                    write!(
                        f,
                        "{}: not a data file of this format: {message}",
                        path.display()
                    )
                } else {
                    write!(
                        f,
                        "{}:{line}:{column}: malformed JSON data: {message}",
                        path.display()
                    )
                }
            }
            Self::Codex { path, message } => {
                write!(f, "{}: cannot read the codex: {message}", path.display())
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
            _ => None,
        }
    }
}
