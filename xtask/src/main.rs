//! `cargo xtask`: repository automation (codegen, benchmarks, re-imports).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench_compile;
mod bench_engine;
mod bench_playouts;
mod codegen;
mod fuzz;
mod import_octgn;

#[derive(Parser)]
#[command(name = "xtask")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Regenerate every game's checked-in outputs (or check they are fresh).
    Codegen(codegen::Args),
    /// Benchmark the compiler on N replicated cards.
    BenchCompile(bench_compile::Args),
    /// Benchmark the Mage Wars calculator and attack sequence.
    BenchEngine(bench_engine::Args),
    /// Re-import the Mage Wars OCTGN sets from ../shared/data into cards/mage-wars.
    ImportOctgn(import_octgn::Args),
    /// Run the fuzz harness for longer: `--cases N` per reader, `--seed S`.
    Fuzz(fuzz::Args),
}

/// The repository root (the parent of `xtask/`).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ has a parent")
        .to_path_buf()
}

/// Benchmarks mean nothing in a debug build: when this xtask was built without optimisations,
/// re-runs the same command line from a release build and returns its exit code.
pub fn rerun_in_release() -> Option<ExitCode> {
    if !cfg!(debug_assertions) {
        return None;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    eprintln!("(benchmark: rebuilding xtask in release mode)");
    let status =
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["run", "--release", "--quiet", "--package", "xtask", "--"])
            .args(&args)
            .current_dir(repo_root())
            .status();
    Some(match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: cannot run cargo: {error}");
            ExitCode::FAILURE
        }
    })
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Codegen(args) => codegen::run(args),
        Command::BenchCompile(args) => bench_compile::run(args),
        Command::BenchEngine(args) => bench_engine::run(args),
        Command::ImportOctgn(args) => import_octgn::run(args),
        Command::Fuzz(args) => fuzz::run(args),
    }
}
