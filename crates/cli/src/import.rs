//! `grimoire import` (not built yet).

use std::process::ExitCode;

/// Subcommands of `grimoire import`.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs `grimoire import`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}
