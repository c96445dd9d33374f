//! `grimoire import`: bring card data from other formats into TOML card files.

use std::path::PathBuf;
use std::process::ExitCode;

/// Subcommands of `grimoire import`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Import OCTGN set files (`*.set.xml`) into one folder per set.
    Octgn(OctgnArgs),
    /// Import Mage Knight dial data (`dials.json` format) into one folder per expansion.
    MkDials(MkDialsArgs),
}

/// Arguments of `grimoire import mk-dials`.
#[derive(clap::Args)]
pub struct MkDialsArgs {
    /// The dial data files to import, in order (a figure read twice is reported).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The card directory to write into (e.g. `cards/mage-knight`); cards already there are
    /// merged with, not duplicated.
    #[arg(long)]
    out: PathBuf,
    /// The Mage Knight codex directory whose schema and ability names the cards must use.
    #[arg(long, default_value = "codex/mage-knight")]
    codex: PathBuf,
    /// Exit with status 1 when any field could not be mapped.
    #[arg(long)]
    strict: bool,
}

/// Arguments of `grimoire import octgn`.
#[derive(clap::Args)]
pub struct OctgnArgs {
    /// The game the sets belong to (only `mage-wars` has an OCTGN mapping).
    #[arg(long)]
    game: String,
    /// The set files to import, in order (earlier sets keep reprinted cards).
    #[arg(required = true)]
    sets: Vec<PathBuf>,
    /// The card directory to write into (e.g. `cards/mage-wars`).
    #[arg(long)]
    out: PathBuf,
    /// Exit with status 1 when any field could not be mapped.
    #[arg(long)]
    strict: bool,
}

/// The games whose OCTGN data the importer knows how to map.
const OCTGN_GAMES: [&str; 1] = ["mage-wars"];

/// Runs `grimoire import`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Octgn(args) => run_octgn(args),
        Command::MkDials(args) => run_mk_dials(args),
    }
}

fn run_mk_dials(args: MkDialsArgs) -> ExitCode {
    match grimoire_import::import_mk_dials(&args.files, &args.out, &args.codex) {
        Ok(report) => finish(&report, args.strict),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// Prints an import report; with `strict`, any unmapped field makes the exit status 1.
fn finish(report: &grimoire_import::Report, strict: bool) -> ExitCode {
    print!("{report}");
    if strict && !report.is_clean() {
        eprintln!(
            "error: {} unmapped fields (--strict)",
            report.unmapped.len()
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn run_octgn(args: OctgnArgs) -> ExitCode {
    if !OCTGN_GAMES.contains(&args.game.as_str()) {
        eprintln!(
            "error: no OCTGN mapping for game `{}` (known: {})",
            args.game,
            OCTGN_GAMES.join(", ")
        );
        return ExitCode::from(2);
    }
    match grimoire_import::import_octgn(&args.game, &args.sets, &args.out) {
        Ok(report) => {
            print!("{report}");
            if args.strict && !report.is_clean() {
                eprintln!(
                    "error: {} unmapped fields (--strict)",
                    report.unmapped.len()
                );
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
