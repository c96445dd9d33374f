//! `cargo xtask fuzz [--cases N] [--seed S]`: a longer fuzz campaign than CI runs.
//!
//! Runs the fuzz harness of the workspace test binary (`tests/tests/fuzz/`) and the hostile
//! command-line arguments of the CLI's test binary with `GRIMOIRE_FUZZ_CASES` and
//! `GRIMOIRE_FUZZ_SEED` set, so the same harness that guards CI explores more inputs. Without
//! `--seed`, each run draws a new seed and prints it, so a failure can be replayed.

use std::process::{Command, ExitCode};
use std::time::{SystemTime, UNIX_EPOCH};

/// Arguments of `cargo xtask fuzz`.
#[derive(clap::Args)]
pub struct Args {
    /// Cases per reader (CI runs 40 to 200, depending on the reader).
    #[arg(long, default_value_t = 2_000)]
    cases: u32,
    /// The campaign's seed (default: drawn from the clock and printed).
    #[arg(long)]
    seed: Option<u64>,
}

/// The test runs of a campaign: package, test binary and test name filter.
const RUNS: [(&str, &str, &str); 2] = [
    ("grimoire-tests", "main", "fuzz::"),
    ("grimoire-cli", "cli", "hostile_arguments::"),
];

/// Runs the campaign; fails when any run failed.
pub fn run(args: Args) -> ExitCode {
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs())
    });
    eprintln!(
        "fuzz: {} cases per reader, seed {seed} (replay with --seed {seed})",
        args.cases
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut failed = false;
    for (package, binary, filter) in RUNS {
        let status = Command::new(&cargo)
            .args(["test", "--package", package, "--test", binary, filter])
            .args(["--", "--nocapture"])
            .env("GRIMOIRE_FUZZ_CASES", args.cases.to_string())
            .env("GRIMOIRE_FUZZ_SEED", seed.to_string())
            .current_dir(crate::repo_root())
            .status();
        match status {
            Ok(status) if status.success() => {}
            Ok(_) => failed = true,
            Err(error) => {
                eprintln!("error: cannot run cargo: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    if failed {
        eprintln!("fuzz: failures found (seed {seed}); minimal files in target/fuzz-failures/");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
