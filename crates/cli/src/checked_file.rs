//! What the file-checking commands (`deck check`, `army check`, `spellbook check`) share:
//! reading the file, and the exit status of a verdict.

use std::path::Path;
use std::process::ExitCode;

/// The text of a file to check, read through [`grimoire_input::read_text`]; `Err` (exit
/// status 2, message printed) when it cannot be read: missing, a directory, a pipe, too large
/// or not UTF-8 (located at the first bad byte).
pub fn read(file: &Path) -> Result<String, ExitCode> {
    grimoire_input::read_text(file).map_err(|error| {
        crate::errln!("error: {error}");
        ExitCode::from(2)
    })
}

/// Exit status 0 when nothing is broken, else 1, after flushing what was printed.
pub fn verdict(legal: bool) -> ExitCode {
    crate::output::finish(if legal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
