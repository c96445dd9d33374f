//! `grimoire import`: bring card data from other formats into TOML card files.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Subcommands of `grimoire import`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Import OCTGN set files (`*.set.xml`) into one folder per set.
    Octgn(OctgnArgs),
    /// Import a Summoner Wars card list (`cards.json`: `{ edition, source, cards: [...] }`).
    SummonerWars(SummonerWarsArgs),
}

/// Arguments of `grimoire import summoner-wars`.
#[derive(clap::Args)]
pub struct SummonerWarsArgs {
    /// The card list (e.g. `../shared/data/summoner-wars-1e/cards.json`).
    data: PathBuf,
    /// The codex whose faction and ability names the data is mapped onto.
    #[arg(long, default_value = "codex/summoner-wars")]
    codex: PathBuf,
    /// The card directory to write into; cards go to `<out>/<edition>-edition/<kind>.toml`.
    #[arg(long, default_value = "cards/summoner-wars")]
    out: PathBuf,
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
        Command::SummonerWars(args) => finish(
            grimoire_import::import_summoner_wars(&args.data, &args.codex, &args.out),
            args.strict,
        ),
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
    finish(
        grimoire_import::import_octgn(&args.game, &args.sets, &args.out),
        args.strict,
    )
}

/// Prints an import's report; exit 1 under `--strict` with unmapped fields, 2 when the import
/// could not run.
fn finish(
    result: Result<grimoire_import::Report, grimoire_import::ImportError>,
    strict: bool,
) -> ExitCode {
    match result {
        Ok(report) => {
            // A closed pipe (`| head`) is not an error of the import.
            let _ = write!(std::io::stdout(), "{report}");
            if strict && !report.is_clean() {
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
