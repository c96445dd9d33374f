//! Writing to stdout without panicking.
//!
//! `println!` panics when stdout is closed (`grimoire cards list | head -1`) or full
//! (`> /dev/full`). Commands print through [`outln!`] and [`out!`] instead: the first write
//! error is remembered and later writes are skipped; [`finish`] flushes and turns the error
//! into the exit status: a closed pipe ends quietly with the command's own status, any other
//! error is reported on stderr with exit status 2.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;

/// The first error writing to stdout, if any.
static FAILURE: Mutex<Option<io::Error>> = Mutex::new(None);

/// Writes formatted text to stdout unless an earlier write failed.
pub fn write(args: fmt::Arguments<'_>) {
    let mut failure = FAILURE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if failure.is_some() {
        return;
    }
    if let Err(error) = io::stdout().lock().write_fmt(args) {
        *failure = Some(error);
    }
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

/// Flushes stdout and gives the exit status: `status` when every write succeeded or stdout
/// was closed by its reader (a broken pipe is a normal way to stop reading), else 2 after
/// saying on stderr what failed.
pub fn finish(status: ExitCode) -> ExitCode {
    let mut failure = FAILURE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if failure.is_none() {
        if let Err(error) = io::stdout().lock().flush() {
            *failure = Some(error);
        }
    }
    match failure.take() {
        None => status,
        Some(error) if error.kind() == io::ErrorKind::BrokenPipe => status,
        Some(error) => {
            eprintln!("error: cannot write to stdout: {error}");
            ExitCode::from(2)
        }
    }
}
