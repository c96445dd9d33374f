//! `grimoire build` (not built yet).

use std::process::ExitCode;

/// Arguments of `grimoire build`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `grimoire build`.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("error: `grimoire build` is not built yet");
    ExitCode::from(2)
}
