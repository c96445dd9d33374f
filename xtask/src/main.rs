//! `cargo xtask`: repository automation (codegen, benchmarks, re-imports).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench_compile;
mod bench_engine;
mod codegen;
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
}

/// The repository root (the parent of `xtask/`).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ has a parent")
        .to_path_buf()
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Codegen(args) => codegen::run(args),
        Command::BenchCompile(args) => bench_compile::run(args),
        Command::BenchEngine(args) => bench_engine::run(args),
        Command::ImportOctgn(args) => import_octgn::run(args),
    }
}
