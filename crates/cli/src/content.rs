//! Finding and compiling the games of a content root, shared by `check` and `build`.

use std::path::{Path, PathBuf};

use grimoire_compiler::{ir, Diagnostics};

/// Options shared by the commands that compile content.
#[derive(clap::Args)]
pub struct ContentArgs {
    /// Games to process (default: every game under `<root>/codex/`).
    pub games: Vec<String>,
}

/// One game's compile result.
pub struct Compiled {
    /// The game's name.
    pub name: String,
    /// The IR, or every diagnostic found.
    pub result: Result<ir::Game, Diagnostics>,
}

/// The content root of this run: `--root`, else found upwards from the current directory.
pub fn content_root() -> Result<PathBuf, String> {
    crate::root::resolve(crate::root::flag())
}

/// Compiles the requested games under `root`. An `Err` is a problem reading the content (not
/// content errors).
pub fn compile_all(args: &ContentArgs, root: &Path) -> Result<Vec<Compiled>, String> {
    let games = if args.games.is_empty() {
        let found = grimoire_compiler::discover_games(root)
            .map_err(|e| format!("cannot read {}: {e}", root.join("codex").display()))?;
        if found.is_empty() {
            return Err(format!(
                "no game found: expected {} to hold <game>/game.toml (run from the repository root or pass --root)",
                root.join("codex").display()
            ));
        }
        found
    } else {
        args.games.clone()
    };
    games
        .into_iter()
        .map(|name| {
            let input = load(root, &name)?;
            let result = grimoire_compiler::compile(&input);
            Ok(Compiled { name, result })
        })
        .collect()
}

fn load(root: &Path, name: &str) -> Result<grimoire_compiler::GameInput, String> {
    if !root.join("codex").join(name).join("game.toml").is_file() {
        let known = grimoire_compiler::discover_games(root).unwrap_or_default();
        return Err(format!(
            "unknown game `{name}`: no {} (games here: {})",
            root.join("codex").join(name).join("game.toml").display(),
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        ));
    }
    grimoire_compiler::load_game(root, name).map_err(|e| format!("cannot read game `{name}`: {e}"))
}

/// Number of codex entries over all categories.
pub fn codex_entries(game: &ir::Game) -> usize {
    game.categories.iter().map(|c| c.entries.len()).sum()
}
