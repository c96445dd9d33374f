//! `grimoire scenario`: run rules scenarios and print their JSON Schema.
//!
//! Each scenario file names its game (`game = "..."`); `run` reads that key and runs the file
//! with that game's runner from the registry ([`crate::games`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::games::{self, Feature, ScenarioOutcome};
use crate::{outln, output};

/// Subcommands of `grimoire scenario`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Run scenario files; exit 0 only if every expectation holds.
    Run(RunArgs),
    /// Print the JSON Schema of a game's scenario files.
    Schema(SchemaArgs),
}

/// Arguments of `grimoire scenario schema`.
#[derive(clap::Args)]
pub struct SchemaArgs {
    /// The game whose scenario files the schema describes.
    #[arg(default_value = "mage-wars")]
    game: String,
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
        Command::Schema(args) => {
            let schema = games::lookup(&args.game, Feature::ScenarioSchema, |g| g.scenario_schema)
                .and_then(|schema| {
                    serde_json::to_string_pretty(&schema()).map_err(|e| e.to_string())
                });
            match schema {
                Ok(json) => {
                    outln!("{json}");
                    output::finish(ExitCode::SUCCESS)
                }
                Err(e) => {
                    crate::errln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// The most failures `scenario run` prints for one file; the rest are counted.
const MAX_FAILURES_SHOWN: usize = 20;

fn run_files(args: &RunArgs) -> ExitCode {
    let mut files = Vec::new();
    let mut visited = HashSet::new();
    let mut unreadable = 0;
    for path in &args.files {
        if let Err(message) = collect(path, &mut files, &mut visited) {
            crate::errln!("error: {message}");
            unreadable += 1;
        }
    }
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let text = match grimoire_input::read_text(file) {
            Ok(text) => text,
            Err(e) => {
                crate::errln!("error: {e}");
                unreadable += 1;
                continue;
            }
        };
        let failures = match run_text(&text) {
            Err(e) => vec![e],
            Ok(run) => {
                if args.log {
                    outln!(
                        "{}",
                        serde_json::to_string_pretty(&run.events).unwrap_or_default()
                    );
                }
                run.failures
            }
        };
        if failures.is_empty() {
            passed += 1;
            outln!("ok    {}", file.display());
        } else {
            failed += 1;
            outln!("FAIL  {}", file.display());
            let hidden = failures.len().saturating_sub(MAX_FAILURES_SHOWN);
            for failure in failures.into_iter().take(MAX_FAILURES_SHOWN) {
                // Failures the runner located start `line:column:`; say which file.
                let separator = if failure.starts_with(|c: char| c.is_ascii_digit()) {
                    ":"
                } else {
                    ": "
                };
                outln!("      {}{separator}{failure}", file.display());
            }
            if hidden > 0 {
                outln!(
                    "      ... and {} more failure(s) in this file",
                    output::with_thousands(hidden)
                );
            }
        }
    }
    outln!("{passed} passed, {failed} failed");
    output::finish(if unreadable > 0 {
        // A file that cannot be read is a usage error, not a failed expectation.
        ExitCode::from(2)
    } else if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Runs a scenario text with the runner of the game it names.
fn run_text(text: &str) -> Result<ScenarioOutcome, String> {
    let game = grimoire_engine::scenario_game(text).map_err(|e| e.to_string())?;
    let run = games::lookup(&game, Feature::ScenarioRun, |g| g.scenario_run)?;
    Ok(run(text))
}

/// Adds `path` (a file) or the `.toml` files under it (a directory) to `files`. A directory
/// met again (through a symbolic link) is skipped, so links in a loop end.
fn collect(
    path: &Path,
    files: &mut Vec<PathBuf>,
    visited: &mut HashSet<PathBuf>,
) -> Result<(), String> {
    if path.is_dir() {
        let canonical = path
            .canonicalize()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if !visited.insert(canonical) {
            return Ok(());
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for entry in entries {
            if entry.is_dir() || entry.extension().is_some_and(|e| e == "toml") {
                collect(&entry, files, visited)?;
            }
        }
        Ok(())
    } else if path.exists() {
        files.push(path.to_path_buf());
        Ok(())
    } else {
        Err(format!(
            "no such scenario file or directory: {}",
            path.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_key_chooses_the_runner() {
        // Every game has a scenario runner now; an unknown game is named in the error.
        let err = run_text("game = \"chess\"\nname = \"x\"\nsource = \"y\"\n")
            .err()
            .unwrap();
        assert!(err.contains("\"chess\""), "{err}");
        assert_eq!(
            run_text("name = \"x\"\n").err().unwrap(),
            "1:1: missing `game = \"...\"`"
        );
        let outcome = run_text("game = \"mage-wars\"\nname = \"x\"\n").unwrap();
        assert_eq!(outcome.failures.len(), 1, "{:?}", outcome.failures);
        assert!(
            outcome.failures[0].contains("source"),
            "{:?}",
            outcome.failures
        );
    }
}
