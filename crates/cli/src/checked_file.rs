//! What the file-checking commands (`deck check`, `army check`, `spellbook check`) share:
//! reading the file, and the exit status of a verdict.

use std::path::Path;
use std::process::ExitCode;

/// The text of a file to check; `Err` (exit status 2, message printed) when it cannot be read.
pub fn read(file: &Path) -> Result<String, ExitCode> {
    std::fs::read_to_string(file).map_err(|error| {
        eprintln!("error: cannot read {}: {error}", file.display());
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
