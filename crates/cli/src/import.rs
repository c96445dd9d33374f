//! `grimoire import`: bring card data from other formats into TOML card files.

use std::path::PathBuf;
use std::process::ExitCode;

/// Subcommands of `grimoire import`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Import OCTGN set files (`*.set.xml`) into one folder per set.
    Octgn(OctgnArgs),
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
    }
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
            crate::out!("{report}");
            if args.strict && !report.is_clean() {
                eprintln!(
                    "error: {} unmapped fields (--strict)",
                    report.unmapped.len()
                );
                return crate::output::finish(ExitCode::FAILURE);
            }
            crate::output::finish(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
