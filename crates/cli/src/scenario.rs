//! `grimoire scenario`: run rules scenarios and print their JSON Schema.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grimoire_mage_wars::rules::scenario::{parse_scenario, run_scenario_logged, scenario_schema};
use grimoire_mage_wars::rules::GeneratedCatalog;

/// Subcommands of `grimoire scenario`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Run scenario files; exit 0 only if every expectation holds.
    Run(RunArgs),
    /// Print the JSON Schema of scenario files.
    Schema,
}

/// Arguments of `grimoire scenario run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Scenario files (TOML) or directories of them.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print each scenario's event log as JSON.
    #[arg(long)]
    log: bool,
}

/// Runs `grimoire scenario`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Run(args) => run_files(&args),
        Command::Schema => match serde_json::to_string_pretty(&scenario_schema()) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
    }
}

fn run_files(args: &RunArgs) -> ExitCode {
    let mut files = Vec::new();
    for path in &args.files {
        collect(path, &mut files);
    }
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let failures = match std::fs::read_to_string(file) {
            Err(e) => vec![format!("cannot read: {e}")],
            Ok(text) => match parse_scenario(&text) {
                Err(e) => vec![e],
                Ok(scenario) => {
                    let run = run_scenario_logged(&scenario, &GeneratedCatalog);
                    if args.log {
                        println!(
                            "{}",
                            serde_json::to_string_pretty(&run.events).unwrap_or_default()
                        );
                    }
                    run.failures
                }
            },
        };
        if failures.is_empty() {
            passed += 1;
            println!("ok    {}", file.display());
        } else {
            failed += 1;
            println!("FAIL  {}", file.display());
            for failure in failures {
                println!("      {failure}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        entries.sort();
        for entry in entries {
            if entry.is_dir() || entry.extension().is_some_and(|e| e == "toml") {
                collect(&entry, files);
            }
        }
    } else {
        files.push(path.to_path_buf());
    }
}
