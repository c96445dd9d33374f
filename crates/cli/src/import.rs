//! `grimoire import`: bring card data from other formats into TOML card files.

use std::path::{Path, PathBuf};
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
    /// Write reviewable additions for the new words the cards use: enum values into
    /// `codex/<game>/game.toml`, codex entries marked `draft = true` into the codex files.
    /// Needs `--out` to be `<root>/cards/<game>`.
    #[arg(long)]
    scaffold: bool,
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
        Ok(mut report) => {
            let root = content_root(&args.out, &args.game);
            if let Some(root) = &root {
                match grimoire_import::find_new_names(root, &args.game) {
                    Ok(names) => report.new_names = names,
                    Err(error) => eprintln!("warning: cannot look for new names: {error}"),
                }
            }
            print!("{report}");
            if args.scaffold {
                let Some(root) = root else {
                    eprintln!(
                        "error: --scaffold needs --out to be <root>/cards/{} with <root>/codex/{}/game.toml",
                        args.game, args.game
                    );
                    return ExitCode::from(2);
                };
                if let Err(code) = scaffold(&root, &args.game, &report.new_names) {
                    return code;
                }
            }
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

/// The content root of an output directory `<root>/cards/<game>`, when it has the game's
/// `codex/<game>/game.toml`.
fn content_root(out: &Path, game: &str) -> Option<PathBuf> {
    let cards = out.parent()?;
    let root = cards.parent()?;
    let is_layout = out.file_name()? == game
        && cards.file_name()? == "cards"
        && root.join("codex").join(game).join("game.toml").is_file();
    is_layout.then(|| root.to_path_buf())
}

/// Writes the additions for `names`, then compiles the game again and prints its warnings
/// (one per draft) and any error left.
fn scaffold(root: &Path, game: &str, names: &[grimoire_import::NewName]) -> Result<(), ExitCode> {
    if names.is_empty() {
        println!("scaffold: no new names");
        return Ok(());
    }
    match grimoire_import::scaffold(root, game, names) {
        Ok(files) => {
            for file in files {
                println!("scaffold: wrote {}", file.display());
            }
        }
        Err(error) => {
            eprintln!("error: {error}");
            return Err(ExitCode::from(2));
        }
    }
    let input = grimoire_compiler::load_game(root, game).map_err(|error| {
        eprintln!("error: cannot read game `{game}`: {error}");
        ExitCode::from(2)
    })?;
    match grimoire_compiler::compile(&input) {
        Ok(compiled) => {
            eprint!("{}", compiled.warnings.render(false));
            println!(
                "scaffold: `{game}` compiles with {} draft warnings; review the drafts",
                compiled.warnings.len()
            );
            Ok(())
        }
        Err(diagnostics) => {
            eprint!("{}", diagnostics.render(false));
            eprintln!(
                "error: `{game}` still has {} errors after scaffolding",
                diagnostics.len()
            );
            Err(ExitCode::FAILURE)
        }
    }
}
