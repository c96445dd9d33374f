//! `cargo xtask codegen`: compile every game in the repository and regenerate its Rust
//! tables, JSON Schemas and JSON dump (or, with `--check`, report the stale ones).

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use grimoire_codegen::{
    generate_common, generate_game, orphaned_outputs, recover_outputs, stale_outputs,
    write_outputs_removing, Output,
};

/// Arguments of `cargo xtask codegen`.
#[derive(clap::Args)]
pub struct Args {
    /// Write nothing; exit 1 naming every generated file that is stale or missing.
    #[arg(long)]
    check: bool,
}

/// Finishes a build a kill interrupted (see `grimoire_codegen::recover_outputs`), then
/// compiles every game; on any diagnostic prints them and writes nothing, else writes (or
/// checks) every output. Writing replaces changed outputs and removes orphaned ones as one
/// switch.
pub fn run(args: Args) -> ExitCode {
    let root = crate::repo_root();
    match recover_outputs(&root) {
        Ok(None) => {}
        Ok(Some(recovered)) => println!("  {recovered}"),
        Err(error) => {
            eprintln!("error: cannot finish an interrupted build: {error}");
            return ExitCode::FAILURE;
        }
    }
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
    let orphans = orphaned_outputs(&root, &outputs);
    match write_outputs_removing(&root, &outputs, &orphans) {
        Ok(written) => {
            for path in &orphans {
                println!("  removed {path} (no longer generated)");
            }
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

fn check(root: &Path, outputs: &[Output]) -> ExitCode {
    let mut stale = stale_outputs(root, outputs);
    stale.extend(orphaned_outputs(root, outputs));
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
