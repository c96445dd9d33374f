//! Writing to stdout and stderr without panicking.
//!
//! `println!` and `eprintln!` panic when their stream is closed (`grimoire cards list | head
//! -1`, `grimoire check 2>&1 | head -c1`) or full (`> /dev/full`). Commands print through
//! [`out!`] and [`outln!`] (stdout) and [`err!`] and [`errln!`] (stderr) instead: the first
//! write error of each stream is remembered and later writes to that stream are skipped;
//! [`finish`] flushes and turns the errors into the exit status: a closed pipe ends quietly
//! with the command's own status, any other error is reported (on stderr, when it still
//! takes text) with exit status 2.
//!
//! Tables pad their columns with [`padded`], never with a format width (`{:<w$}` panics for
//! a width over `u16::MAX`, which a long card name reaches).

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;

pub use grimoire_compiler::diagnostic::with_thousands;

/// The first error writing to stdout, if any.
static STDOUT_FAILURE: Mutex<Option<io::Error>> = Mutex::new(None);
/// The first error writing to stderr, if any.
static STDERR_FAILURE: Mutex<Option<io::Error>> = Mutex::new(None);

/// The two streams a command prints to.
#[derive(Clone, Copy)]
enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    fn name(self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        }
    }

    fn failure(self) -> std::sync::MutexGuard<'static, Option<io::Error>> {
        let failure = match self {
            Stream::Stdout => &STDOUT_FAILURE,
            Stream::Stderr => &STDERR_FAILURE,
        };
        failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes `args` unless an earlier write to this stream failed; remembers a failure.
    fn write(self, args: fmt::Arguments<'_>) {
        let mut failure = self.failure();
        if failure.is_some() {
            return;
        }
        let written = match self {
            Stream::Stdout => io::stdout().lock().write_fmt(args),
            Stream::Stderr => io::stderr().lock().write_fmt(args),
        };
        if let Err(error) = written {
            *failure = Some(error);
        }
    }

    /// Flushes the stream unless a write already failed, and takes the first failure.
    fn take_failure(self) -> Option<io::Error> {
        let mut failure = self.failure();
        if failure.is_none() {
            let flushed = match self {
                Stream::Stdout => io::stdout().lock().flush(),
                Stream::Stderr => io::stderr().lock().flush(),
            };
            if let Err(error) = flushed {
                *failure = Some(error);
            }
        }
        failure.take()
    }
}

/// Writes formatted text to stdout unless an earlier write to stdout failed.
pub fn write(args: fmt::Arguments<'_>) {
    Stream::Stdout.write(args);
}

/// Writes formatted text to stderr unless an earlier write to stderr failed.
pub fn write_err(args: fmt::Arguments<'_>) {
    Stream::Stderr.write(args);
}

/// Like `print!`, through [`write`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

/// Like `println!`, through [`write`].
#[macro_export]
macro_rules! outln {
    () => { $crate::output::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}

/// Like `eprint!`, through [`write_err`].
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => { $crate::output::write_err(format_args!($($arg)*)) };
}

/// Like `eprintln!`, through [`write_err`].
#[macro_export]
macro_rules! errln {
    () => { $crate::output::write_err(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write_err(format_args!("{}\n", format_args!($($arg)*))) };
}

/// Flushes stdout and stderr and gives the exit status: `status` when every write succeeded
/// or failed only because the reader closed the pipe (a normal way to stop reading), else 2
/// after saying on stderr (if it still takes text) what failed. Calling it again gives the
/// status it is passed: each failure is reported once.
pub fn finish(status: ExitCode) -> ExitCode {
    let mut status = status;
    for stream in [Stream::Stdout, Stream::Stderr] {
        match stream.take_failure() {
            None => {}
            Some(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
            Some(error) => {
                let _ = writeln!(
                    io::stderr().lock(),
                    "error: cannot write to {}: {error}",
                    stream.name()
                );
                status = ExitCode::from(2);
            }
        }
    }
    status
}

/// The most names a message lists (cards that need a rebuild, ...); the rest are counted.
pub const MAX_NAMES_LISTED: usize = 20;

/// `names` joined with commas, the first [`MAX_NAMES_LISTED`] of them and "and N more".
pub fn first_names(names: &[&str]) -> String {
    let shown = names[..names.len().min(MAX_NAMES_LISTED)].join(", ");
    match names.len().saturating_sub(MAX_NAMES_LISTED) {
        0 => shown,
        hidden => format!("{shown} and {} more", with_thousands(hidden)),
    }
}

/// The widest a padded table column gets: a longer cell overflows its column rather than
/// padding every other row to its length. The longest real card name is 49 characters.
pub const MAX_COLUMN_WIDTH: usize = 64;

/// The width of a table column holding `cells`: the widest cell, at least `heading`'s width
/// and at most [`MAX_COLUMN_WIDTH`].
pub fn column_width<'a>(heading: &str, cells: impl IntoIterator<Item = &'a str>) -> usize {
    cells
        .into_iter()
        .map(|cell| cell.chars().count())
        .fold(heading.chars().count(), usize::max)
        .min(MAX_COLUMN_WIDTH.max(heading.chars().count()))
}

/// `text` followed by spaces up to `width` characters (a table cell). Unlike a format width,
/// any width works: `format!("{:<w$}")` panics for `w` over `u16::MAX`.
pub fn padded(text: &str, width: usize) -> String {
    let length = text.chars().count();
    let mut cell = String::with_capacity(text.len() + width.saturating_sub(length));
    cell.push_str(text);
    cell.extend(std::iter::repeat_n(' ', width.saturating_sub(length)));
    cell
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_fills_to_the_width_in_characters() {
        assert_eq!(padded("é", 3), "é  ");
        assert_eq!(padded("long", 2), "long");
    }

    #[test]
    fn padding_takes_widths_a_format_width_cannot() {
        let name = "x".repeat(usize::from(u16::MAX) + 1);
        assert_eq!(padded(&name, name.len() + 1).len(), name.len() + 1);
    }

    #[test]
    fn a_list_of_names_stops_at_the_bound() {
        assert_eq!(first_names(&["a", "b"]), "a, b");
        let many = vec!["x"; 1_234];
        assert!(first_names(&many).ends_with("x and 1,214 more"));
    }

    #[test]
    fn a_column_is_as_wide_as_its_widest_cell_up_to_the_bound() {
        assert_eq!(column_width("NAME", ["ab", "abcdef"]), 6);
        assert_eq!(column_width("NAME", ["ab"]), 4);
        let long = "x".repeat(100_000);
        assert_eq!(column_width("NAME", [long.as_str()]), MAX_COLUMN_WIDTH);
    }
}
