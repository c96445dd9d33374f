//! `grimoire calc` (not built yet).

use std::process::ExitCode;

/// Arguments of `grimoire calc`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `grimoire calc`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("error: `grimoire calc` is not built yet");
    ExitCode::from(2)
}
