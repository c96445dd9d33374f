//! `grimoire army check` for the games with army building (registered in [`crate::games`]),
//! with the warriors on disk ([`crate::live`]).
//!
//! Exit status: 0 the army is legal, 1 it breaks a rule (each violation is printed with the
//! rule it breaks), 2 the file cannot be read (each problem as `file:line:col: message`).

use std::path::Path;
use std::process::ExitCode;

use grimoire_mage_knight::army::{check, render, ArmyFile};

/// Checks a Mage Knight army file (format: docs/formats.md, "Mage Knight army files").
pub fn mage_knight(file: &Path) -> ExitCode {
    let path = file.display();
    let text = match crate::checked_file::read(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let catalog = match crate::live::catalog::<grimoire_mage_knight::Card>() {
        Ok(catalog) => catalog,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let army = match ArmyFile::parse_with(&text, catalog) {
        Ok(army) => army,
        Err(errors) => {
            for error in errors {
                crate::errln!("error: {path}:{error}");
            }
            return ExitCode::from(2);
        }
    };
    let report = check(&army);
    crate::out!("army {path}\n{}", render(&path.to_string(), &army, &report));
    crate::checked_file::verdict(report.is_legal())
}
