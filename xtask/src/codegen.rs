//! `cargo xtask codegen`: compile every game in the repository and regenerate its Rust
//! tables, JSON Schemas and JSON dump (or, with `--check`, report the stale ones).

use std::collections::BTreeSet;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use grimoire_codegen::{generate_common, generate_game, stale_outputs, write_outputs, Output};

/// Arguments of `cargo xtask codegen`.
#[derive(clap::Args)]
pub struct Args {
    /// Write nothing; exit 1 naming every generated file that is stale or missing.
    #[arg(long)]
    check: bool,
}

/// Compiles every game; on any diagnostic prints them and writes nothing, else writes (or
/// checks) every output.
pub fn run(args: Args) -> ExitCode {
    let root = crate::repo_root();
    let outputs = match generate_all(&root) {
        Ok(outputs) => outputs,
        Err(message) => {
            eprintln!("{message}");
            eprintln!("error: nothing was written");
            return ExitCode::FAILURE;
        }
    };
    if args.check {
        return check(&root, &outputs);
    }
    for path in orphaned_files(&root, &outputs) {
        match std::fs::remove_file(root.join(&path)) {
            Ok(()) => println!("  removed {path} (no longer generated)"),
            Err(error) => {
                eprintln!("error: cannot remove {path}: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    match write_outputs(&root, &outputs) {
        Ok(written) => {
            for path in &written {
                println!("  wrote {path}");
            }
            println!(
                "{} of {} generated files changed",
                written.len(),
                outputs.len()
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: cannot write generated files: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Every output of every game plus the common schemas, or the rendered diagnostics of all
/// games that failed to compile.
fn generate_all(root: &Path) -> Result<Vec<Output>, String> {
    let games = grimoire_compiler::discover_games(root)
        .map_err(|error| format!("error: cannot list games under {}: {error}", root.display()))?;
    let color = std::io::stderr().is_terminal();
    let mut outputs = generate_common();
    let mut failures = Vec::new();
    for name in &games {
        let input = match grimoire_compiler::load_game(root, name) {
            Ok(input) => input,
            Err(error) => {
                failures.push(format!("error: cannot read game `{name}`: {error}"));
                continue;
            }
        };
        match grimoire_compiler::compile(&input) {
            Ok(game) => {
                let entries: usize = game.categories.iter().map(|c| c.entries.len()).sum();
                let game_outputs = generate_game(&game);
                println!(
                    "{name}: {} cards, {} codex entries, {} errata, {} handlers -> {} files",
                    game.cards.len(),
                    entries,
                    game.errata.len(),
                    game.handlers.len(),
                    game_outputs.len()
                );
                outputs.extend(game_outputs);
            }
            Err(diagnostics) => failures.push(diagnostics.render(color)),
        }
    }
    if failures.is_empty() {
        Ok(outputs)
    } else {
        Err(failures.join("\n"))
    }
}

/// Files in the directories codegen owns (`src/generated/` of each game crate) that no
/// output produces any more.
fn orphaned_files(root: &Path, outputs: &[Output]) -> Vec<String> {
    let produced: BTreeSet<&str> = outputs.iter().map(|output| output.path.as_str()).collect();
    let directories: BTreeSet<&str> = outputs
        .iter()
        .filter(|output| output.path.contains("/src/generated/"))
        .filter_map(|output| output.path.rsplit_once('/').map(|(directory, _)| directory))
        .collect();
    let mut orphans = Vec::new();
    for directory in directories {
        let Ok(entries) = std::fs::read_dir(root.join(directory)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = format!("{directory}/{}", entry.file_name().to_string_lossy());
            if entry.path().is_file() && !produced.contains(path.as_str()) {
                orphans.push(path);
            }
        }
    }
    orphans.sort();
    orphans
}

fn check(root: &Path, outputs: &[Output]) -> ExitCode {
    let mut stale = stale_outputs(root, outputs);
    stale.extend(orphaned_files(root, outputs));
    if stale.is_empty() {
        println!("all {} generated files are fresh", outputs.len());
        return ExitCode::SUCCESS;
    }
    for path in &stale {
        eprintln!("stale: {path}");
    }
    eprintln!(
        "error: {} generated files are stale; run `cargo xtask codegen`",
        stale.len()
    );
    ExitCode::FAILURE
}
