//! `cargo xtask bench_compile` (not built yet).

use std::process::ExitCode;

/// Arguments.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the task.
pub fn run(_args: Args) -> ExitCode {
    eprintln!("error: not built yet");
    ExitCode::from(2)
}
