//! `grimoire scenario` (not built yet).

use std::process::ExitCode;

/// Subcommands of `grimoire scenario`.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs `grimoire scenario`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}
