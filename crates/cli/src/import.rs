//! `grimoire import`: bring card data from other formats into TOML card files.

use std::path::PathBuf;
use std::process::ExitCode;

/// Subcommands of `grimoire import`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Import OCTGN set files (`*.set.xml`) into one folder per set.
    Octgn(OctgnArgs),
    /// Import World of Warcraft TCG JSON card data (one array of records per set).
    WowtcgJson(WowtcgJsonArgs),
}

/// Arguments of `grimoire import wowtcg-json`.
#[derive(clap::Args)]
pub struct WowtcgJsonArgs {
    /// The set files (`hoa.json`, ...; a `setlist.json` only names the sets), in order
    /// (the first card of a name keeps it; later ones become printings).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The card directory to write into (e.g. `cards/wow-tcg`); cards already there get
    /// reprints as printings.
    #[arg(long)]
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
        Command::WowtcgJson(args) => run_wowtcg_json(args),
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

/// `grimoire import wowtcg-json`: exit 1 for unmapped fields under `--strict`, 2 when the
/// import could not run (unreadable or malformed file; nothing is written then).
fn run_wowtcg_json(args: WowtcgJsonArgs) -> ExitCode {
    use std::io::Write;
    match grimoire_import::import_wowtcg_json(&args.files, &args.out) {
        Ok(report) => {
            // A reader that stops early (`| head`) is no error of the import.
            let _ = write!(std::io::stdout(), "{report}");
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

#[cfg(test)]
mod tests {
    use super::*;

    fn args(files: Vec<PathBuf>, out: PathBuf, strict: bool) -> WowtcgJsonArgs {
        WowtcgJsonArgs { files, out, strict }
    }

    #[test]
    fn wowtcg_json_exit_statuses() {
        let dir = std::env::temp_dir().join(format!("grimoire-wowtcg-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let odd = dir.join("odd.json");
        std::fs::write(&odd, r#"[{"name": "Orc", "type": "Ally", "glitter": 1}]"#).expect("write");
        let bad = dir.join("bad.json");
        std::fs::write(&bad, "[{").expect("write");
        let out = dir.join("out");
        let strict = run_wowtcg_json(args(vec![odd.clone()], out.clone(), true));
        let lenient = run_wowtcg_json(args(vec![odd], out.clone(), false));
        let malformed = run_wowtcg_json(args(vec![bad], out, false));
        std::fs::remove_dir_all(&dir).expect("clean up");
        assert_eq!(strict, ExitCode::FAILURE, "--strict with an unmapped field");
        assert_eq!(lenient, ExitCode::SUCCESS);
        assert_eq!(malformed, ExitCode::from(2));
    }
}
