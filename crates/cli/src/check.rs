//! `grimoire check` (not built yet).

use std::process::ExitCode;

/// Arguments of `grimoire check`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `grimoire check`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("error: `grimoire check` is not built yet");
    ExitCode::from(2)
}
