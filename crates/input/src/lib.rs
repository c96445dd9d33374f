//! Reading the files a user gives Grimoire: card and codex files, scenarios, decks,
//! spellbooks, armies, maps and importer sources.
//!
//! Every reader of a user file goes through [`read_text`] so that the same bounds and the
//! same error locations hold everywhere:
//!
//! - **Size.** A file larger than [`MAX_FILE_BYTES`] is refused before it is read whole;
//!   endless streams (`/dev/zero`, `/dev/urandom`) are read at most one byte past the
//!   bound. A named pipe or socket is refused before it is opened (opening a FIFO waits for
//!   a writer, possibly forever).
//! - **Encoding.** Text that is not UTF-8 is refused at its first bad byte, as
//!   `file:line:column`.
//! - **Line endings.** A leading byte-order mark is dropped; CR LF and bare CR line endings
//!   become LF, so every later `line:column` counts lines as an editor shows them.
//!
//! [`Location`] turns a byte offset into the 1-based line and column (in characters) that
//! every error message of a user file carries.

use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The largest file, in bytes, that Grimoire reads: 32 MiB. The largest real input (a WoW
/// TCG JSON card set) is under 1 MiB, so the bound leaves room for any real content while
/// keeping a mistaken `/dev/zero` or a multi-gigabyte file from exhausting memory.
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// A 1-based line and column (in characters) in a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// The line, counting from 1.
    pub line: usize,
    /// The column in characters (Unicode scalar values), counting from 1.
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` in `text`. An offset past the end is the end of the
    /// text; an offset inside a character is that character.
    pub fn of_offset(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        Location {
            line: before.bytes().filter(|&byte| byte == b'\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }

    /// The location of byte `offset` in raw bytes that may not be UTF-8 (up to `offset`
    /// they must be, as in a UTF-8 error's valid prefix). Any line ending (LF, CR LF, CR)
    /// ends a line.
    fn of_valid_prefix(bytes: &[u8], offset: usize) -> Location {
        let prefix = String::from_utf8_lossy(&bytes[..offset.min(bytes.len())]);
        let normalized = normalize_line_endings(prefix.into_owned());
        Location::of_offset(&normalized, normalized.len())
    }
}

/// The line starts of a text, so that many byte offsets turn into [`Location`]s in
/// logarithmic time each (a reader that locates every entry of a large file stays linear).
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset of the start of each line, and whether that line is ASCII (its columns
    /// are then byte counts).
    lines: Vec<(usize, bool)>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the lines of `text` (one pass).
    pub fn new(text: &'a str) -> Self {
        let mut lines = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            lines.push((start, line.is_ascii()));
            start += line.len();
        }
        if lines.is_empty() || text.ends_with('\n') {
            lines.push((start, true));
        }
        LineIndex { text, lines }
    }

    /// The location of byte `offset`, as [`Location::of_offset`] gives it.
    pub fn location(&self, offset: usize) -> Location {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.partition_point(|&(start, _)| start <= offset) - 1;
        let (start, ascii) = self.lines[line];
        let column = if ascii {
            offset - start
        } else {
            self.text[start..offset].chars().count()
        };
        Location {
            line: line + 1,
            column: column + 1,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Why a user file could not be read as text.
#[derive(Debug)]
pub enum InputError {
    /// The file could not be opened or read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// Where the first byte that is not UTF-8 is.
        at: Location,
        /// That byte.
        byte: u8,
    },
}

impl InputError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            InputError::Io { path, .. }
            | InputError::TooLarge { path }
            | InputError::NotUtf8 { path, .. } => path,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Io { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            InputError::TooLarge { path } => write!(
                f,
                "{}: the file is larger than {} MiB, the most Grimoire reads\n  \
                 help: is this the file you meant? Card, deck and scenario files are small text files",
                path.display(),
                MAX_FILE_BYTES / (1024 * 1024)
            ),
            InputError::NotUtf8 { path, at, byte } => write!(
                f,
                "{}:{at}: the file is not UTF-8 text (byte 0x{byte:02x})\n  \
                 help: save the file as UTF-8",
                path.display()
            ),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Reads the file at `path` as text, within [`MAX_FILE_BYTES`], with LF line endings and no
/// byte-order mark (see the crate docs).
pub fn read_text(path: &Path) -> Result<String, InputError> {
    let bytes = read_bytes(path)?;
    text_from_bytes(path, bytes)
}

/// Reads the file at `path` as bytes, within [`MAX_FILE_BYTES`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
    let io_error = |source| InputError::Io {
        path: path.to_owned(),
        source,
    };
    refuse_pipe(path).map_err(io_error)?;
    let file = std::fs::File::open(path).map_err(io_error)?;
    if let Ok(metadata) = file.metadata() {
        if metadata.is_dir() {
            return Err(io_error(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            )));
        }
        if metadata.is_file() && metadata.len() > MAX_FILE_BYTES {
            return Err(InputError::TooLarge {
                path: path.to_owned(),
            });
        }
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(InputError::TooLarge {
            path: path.to_owned(),
        });
    }
    Ok(bytes)
}

/// Refuses a named pipe (FIFO) or socket before opening it: opening a FIFO waits, forever, for
/// a writer, and neither is a file a user means to give.
fn refuse_pipe(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if let Ok(metadata) = std::fs::metadata(path) {
            let kind = metadata.file_type();
            if kind.is_fifo() || kind.is_socket() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "it is a named pipe or socket, not a file",
                ));
            }
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Turns the bytes of the file at `path` into text as [`read_text`] does: UTF-8 or an error
/// at the first bad byte, no byte-order mark, LF line endings.
pub fn text_from_bytes(path: &Path, bytes: Vec<u8>) -> Result<String, InputError> {
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(normalize_line_endings(text)),
        Err(error) => {
            let offset = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            Err(InputError::NotUtf8 {
                path: path.to_owned(),
                at: Location::of_valid_prefix(&bytes, offset),
                byte: bytes[offset],
            })
        }
    }
}

/// `text` with CR LF and bare CR line endings turned into LF.
pub fn normalize_line_endings(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut normalized = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            normalized.push('\n');
        } else {
            normalized.push(c);
        }
    }
    normalized
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("input.toml");
        std::fs::write(&path, bytes).expect("write");
        (dir, path)
    }

    #[test]
    fn a_bad_byte_is_located_at_its_line_and_column() {
        let (_dir, path) = write(b"name = \"ok\"\nsecond = \"\xff\"\n");
        let error = read_text(&path).expect_err("not UTF-8");
        let message = error.to_string();
        assert!(
            message.contains("input.toml:2:11: the file is not UTF-8 text (byte 0xff)"),
            "{message}"
        );
    }

    #[test]
    fn bare_cr_and_crlf_become_lf_and_a_bom_is_dropped() {
        let (_dir, path) = write(b"\xEF\xBB\xBFa = 1\rb = 2\r\nc = 3\n");
        assert_eq!(read_text(&path).expect("text"), "a = 1\nb = 2\nc = 3\n");
    }

    #[test]
    fn a_bad_byte_after_bare_cr_lines_counts_those_lines() {
        let (_dir, path) = write(b"a\rb\r\xc3");
        match read_text(&path) {
            Err(InputError::NotUtf8 { at, byte, .. }) => {
                assert_eq!((at, byte), (Location { line: 3, column: 1 }, 0xc3));
            }
            other => panic!("expected a UTF-8 error, got {other:?}"),
        }
    }

    #[test]
    fn a_file_over_the_bound_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("big.json");
        let file = std::fs::File::create(&path).expect("create");
        file.set_len(MAX_FILE_BYTES + 1).expect("sparse file");
        assert!(matches!(read_text(&path), Err(InputError::TooLarge { .. })));
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_stream_is_read_only_to_the_bound() {
        let path = Path::new("/dev/zero");
        if path.exists() {
            assert!(matches!(read_bytes(path), Err(InputError::TooLarge { .. })));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("fifo.toml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let message = read_text(&fifo).expect_err("a FIFO").to_string();
        assert!(message.contains("named pipe"), "{message}");
    }

    #[test]
    fn a_directory_is_an_io_error_naming_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let message = read_text(dir.path()).expect_err("a directory").to_string();
        assert!(message.starts_with("cannot read "), "{message}");
    }

    #[test]
    fn a_line_index_locates_every_offset_as_of_offset_does() {
        for text in [
            "",
            "a",
            "a\n",
            "é = 1\nñé = x\n\nlast",
            "\n\n",
            "x\ny\u{1F600}z\n",
        ] {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    index.location(offset),
                    Location::of_offset(text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }

    #[test]
    fn locations_count_characters_not_bytes() {
        let text = "é = 1\nñé = x";
        assert_eq!(
            Location::of_offset(text, text.len() - 1),
            Location { line: 2, column: 6 }
        );
        assert_eq!(
            Location::of_offset(text, 1),
            Location { line: 1, column: 1 }
        );
        assert_eq!(
            Location::of_offset(text, 999),
            Location { line: 2, column: 7 }
        );
    }
}
