//! Reading an import's source files and naming places in them as `file:line:column`.
//!
//! Every source file is read through [`grimoire_input`] (size bound, UTF-8 errors at the first
//! bad byte, LF line endings), and every place an importer reports (a malformed spot, a record
//! that could not be written) is a [`Located`] position in that text.

use std::fmt;
use std::path::{Path, PathBuf};

use grimoire_input::{LineIndex, Location};

use crate::error::ImportError;

/// A place in a source file: the file and the 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The source file.
    pub path: PathBuf,
    /// The line and column.
    pub at: Location,
}

impl Located {
    /// The place of byte `offset` of `text`, the text of the file at `path`.
    pub fn of_offset(path: &Path, text: &str, offset: usize) -> Self {
        Self {
            path: path.to_path_buf(),
            at: Location::of_offset(text, offset),
        }
    }

    /// The place of byte `offset` in the file at `path` whose lines `lines` indexes: what a
    /// reader locating every record of a file uses, so that it stays linear in the file.
    pub fn in_lines(path: &Path, lines: &LineIndex<'_>, offset: usize) -> Self {
        Self {
            path: path.to_path_buf(),
            at: lines.location(offset),
        }
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.path.display(), self.at)
    }
}

/// Reads a source file as text (see [`grimoire_input::read_text`]).
pub fn read_source(path: &Path) -> Result<String, ImportError> {
    grimoire_input::read_text(path).map_err(ImportError::Input)
}

/// Reads a codex or card file as a TOML table; a syntax error is located in the file.
pub fn read_toml(path: &Path) -> Result<toml::Table, ImportError> {
    let text = read_source(path)?;
    text.parse()
        .map_err(|error: toml::de::Error| ImportError::Codex {
            path: path.to_path_buf(),
            at: Location::of_offset(&text, error.span().map_or(0, |span| span.start)),
            message: error.message().to_owned(),
        })
}

/// Parses `text`, the JSON file at `path`, with a located error. serde_json counts columns
/// from 0 at the start of a line (and gives line 0 for an error about the whole input); the
/// error names the 1-based place an editor shows.
pub fn parse_json(path: &Path, text: &str) -> Result<serde_json::Value, ImportError> {
    serde_json::from_str(text).map_err(|error| {
        let message = error.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_owned(),
            None => message,
        };
        ImportError::Json {
            path: path.to_path_buf(),
            line: error.line().max(1),
            column: error.column().max(1),
            message: format!("malformed JSON: {message}"),
        }
    })
}

/// An error about the shape of the JSON file at `path` (a well-formed file that is not of the
/// importer's format), located at the value at byte `offset` of `text`.
pub fn shape_error(path: &Path, text: &str, offset: usize, message: &str) -> ImportError {
    let at = Location::of_offset(text, offset);
    ImportError::Json {
        path: path.to_path_buf(),
        line: at.line,
        column: at.column,
        message: format!("not a data file of this format: {message}"),
    }
}

/// The byte offset of the first value of a JSON text (after leading whitespace).
pub fn first_value_offset(text: &str) -> usize {
    text.len() - text.trim_start().len()
}

/// The byte offsets at which the elements of a JSON array start: the top-level array when
/// `key` is `None`, else the array under `key` of the top-level object. `text` must be
/// well-formed JSON (parse it first); anything else gives the offsets found so far. The scan
/// is one pass without recursion, so any nesting depth is safe.
pub fn json_element_offsets(text: &str, key: Option<&str>) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut offsets = Vec::new();
    // The depth of the array whose elements are wanted, once it is found.
    let mut target_depth = if key.is_none() { Some(1) } else { None };
    let mut depth = 0usize;
    let mut expecting_element = false;
    let mut last_string: Option<(usize, usize)> = None;
    let mut key_of_value: Option<(usize, usize)> = None;
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        if matches!(byte, b' ' | b'\t' | b'\n' | b'\r') {
            index += 1;
            continue;
        }
        if expecting_element && byte != b']' && Some(depth) == target_depth {
            offsets.push(index);
        }
        expecting_element = false;
        match byte {
            b'"' => {
                let start = index + 1;
                index += 1;
                while index < bytes.len() && bytes[index] != b'"' {
                    index += if bytes[index] == b'\\' { 2 } else { 1 };
                }
                last_string = Some((start, index.min(bytes.len())));
            }
            b':' => key_of_value = last_string.take(),
            b'[' => {
                depth += 1;
                let named = key_of_value
                    .take()
                    .and_then(|(start, end)| text.get(start..end))
                    .is_some_and(|name| Some(name) == key);
                if target_depth.is_none() && depth == 2 && named {
                    target_depth = Some(2);
                }
                expecting_element = true;
            }
            b'{' => {
                depth += 1;
                key_of_value = None;
            }
            b']' | b'}' => {
                if byte == b']' && Some(depth) == target_depth {
                    return offsets;
                }
                depth = depth.saturating_sub(1);
            }
            b',' => {
                expecting_element = true;
                key_of_value = None;
            }
            _ => {}
        }
        index += 1;
    }
    offsets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_of_the_top_level_array() {
        let text = "[\n  {\"a\": [1, 2]},\n  \"x\" , 3\n]";
        let offsets = json_element_offsets(text, None);
        let starts: Vec<&str> = offsets.iter().map(|&at| &text[at..at + 1]).collect();
        assert_eq!(starts, ["{", "\"", "3"]);
    }

    #[test]
    fn elements_of_a_named_array_of_the_top_level_object() {
        let text =
            r#"{"other": [9, 9], "s": "cards", "cards": [ {"n": "[x]"}, {"m": 1} ], "z": 1}"#;
        let offsets = json_element_offsets(text, Some("cards"));
        assert_eq!(offsets.len(), 2);
        assert!(text[offsets[0]..].starts_with("{\"n\""));
        assert!(text[offsets[1]..].starts_with("{\"m\""));
    }

    #[test]
    fn an_empty_array_has_no_elements() {
        assert!(json_element_offsets("[ ]", None).is_empty());
        assert!(json_element_offsets(r#"{"cards": []}"#, Some("cards")).is_empty());
    }

    #[test]
    fn json_errors_have_a_column_of_at_least_one() {
        let error = parse_json(Path::new("x.json"), "[1,\n]").expect_err("trailing comma");
        let shown = error.to_string();
        assert!(shown.starts_with("x.json:2:1: "), "{shown}");
    }
}
