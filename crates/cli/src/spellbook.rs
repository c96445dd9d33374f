//! `grimoire spellbook` (not built yet).

use std::process::ExitCode;

/// Subcommands of `grimoire spellbook`.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs `grimoire spellbook`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}
