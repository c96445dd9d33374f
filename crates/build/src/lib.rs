//! Build-script API for crates that want typed card data from their own TOML content,
//! in the spirit of `prost-build`.
//!
//! A content root holds `codex/<game>/game.toml`, the codex files beside it, and
//! `cards/<game>/…`. In a downstream `build.rs`:
//!
//! ```no_run
//! // build.rs: compiles every game under `content/` into `$OUT_DIR/<game_snake>.rs`.
//! grimoire_build::compile("content").unwrap_or_else(|e| panic!("{e}"));
//! ```
//!
//! and in the crate:
//!
//! ```ignore
//! include!(concat!(env!("OUT_DIR"), "/my_game.rs"));
//! ```
//!
//! The generated module calls the `grimoire-runtime` crate (name lookup, codex text matching,
//! parse errors, live card reading), as prost-generated code calls `prost`: the downstream
//! crate depends on it, next to the build dependency on this crate:
//!
//! ```toml
//! [dependencies]
//! grimoire-runtime = "0.1"
//!
//! [build-dependencies]
//! grimoire-build = "0.1"
//! ```
//!
//! Every input file is announced with `cargo:rerun-if-changed`, so editing a card rebuilds
//! the crate. Nothing is written when any game has errors; the error carries every
//! diagnostic, rendered with file, line, column and a caret.

use std::fmt;
use std::path::{Path, PathBuf};

use grimoire_compiler::Diagnostics;

/// Compiles every game found under `content_root` into `$OUT_DIR`.
///
/// Shorthand for `Config::new().compile(content_root)`.
pub fn compile(content_root: impl AsRef<Path>) -> Result<Vec<PathBuf>, Error> {
    Config::new().compile(content_root)
}

/// Options for [`compile`]: which games, and where the generated modules go.
#[derive(Debug, Default, Clone)]
pub struct Config {
    games: Vec<String>,
    out_dir: Option<PathBuf>,
    emit_rerun_if_changed: bool,
}

impl Config {
    /// All games, written to `$OUT_DIR`, announcing inputs to cargo.
    pub fn new() -> Self {
        Config {
            games: Vec::new(),
            out_dir: None,
            emit_rerun_if_changed: true,
        }
    }

    /// Restricts compilation to the named game (may be called several times).
    pub fn game(&mut self, name: impl Into<String>) -> &mut Self {
        self.games.push(name.into());
        self
    }

    /// Writes into `dir` instead of `$OUT_DIR`.
    pub fn out_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Whether to print `cargo:rerun-if-changed` lines (on by default; off outside build scripts).
    pub fn emit_rerun_if_changed(&mut self, on: bool) -> &mut Self {
        self.emit_rerun_if_changed = on;
        self
    }

    /// Compiles the configured games under `content_root` and writes one module per game,
    /// named after the game in snake case (`mage-wars` → `mage_wars.rs`).
    ///
    /// Returns the paths of the modules. Either every changed module is replaced or none is:
    /// they switch as one through a journal in the output directory, which the next compile
    /// finishes if a build was killed (see `grimoire_codegen::write_outputs`).
    pub fn compile(&self, content_root: impl AsRef<Path>) -> Result<Vec<PathBuf>, Error> {
        let root = content_root.as_ref();
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(Error::NoOutDir)?,
        };
        let games = if self.games.is_empty() {
            match grimoire_compiler::discover_games(root) {
                Ok(games) => games,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(Error::io(root, e)),
            }
        } else {
            self.games.clone()
        };
        if games.is_empty() {
            return Err(Error::NoGames(root.to_path_buf()));
        }

        let mut modules = Vec::new();
        let mut failures = Vec::new();
        for name in &games {
            let input = grimoire_compiler::load_game(root, name).map_err(|e| Error::io(root, e))?;
            if self.emit_rerun_if_changed {
                println!(
                    "cargo:rerun-if-changed={}",
                    root.join("codex").join(name).display()
                );
                println!(
                    "cargo:rerun-if-changed={}",
                    root.join("cards").join(name).display()
                );
                for file in input_files(&input) {
                    println!("cargo:rerun-if-changed={}", root.join(file).display());
                }
            }
            match grimoire_compiler::compile(&input) {
                Ok(game) => {
                    modules.push((module_file_name(name), grimoire_codegen::rust_module(&game)))
                }
                Err(diagnostics) => failures.push(diagnostics),
            }
        }
        if !failures.is_empty() {
            return Err(Error::Content(failures));
        }

        // Paths relative to the output directory, which holds the switch's journal.
        let outputs: Vec<grimoire_codegen::Output> = modules
            .iter()
            .map(|(file, contents)| grimoire_codegen::Output {
                path: file.clone(),
                contents: contents.clone(),
            })
            .collect();
        grimoire_codegen::write_outputs(&out_dir, &outputs).map_err(|e| Error::io(&out_dir, e))?;
        Ok(modules
            .into_iter()
            .map(|(file, _)| out_dir.join(file))
            .collect())
    }
}

fn input_files(input: &grimoire_compiler::GameInput) -> impl Iterator<Item = &str> {
    std::iter::once(&input.game_toml)
        .chain(&input.codex)
        .chain(&input.cards)
        .chain(&input.errata)
        .map(|file| file.path.as_str())
}

/// `mage-wars` → `mage_wars.rs`: game names are kebab-case slugs.
fn module_file_name(game: &str) -> String {
    format!("{}.rs", game.replace('-', "_"))
}

/// Why [`compile`] failed.
#[derive(Debug)]
pub enum Error {
    /// `OUT_DIR` is not set (not running in a build script) and no `out_dir` was configured.
    NoOutDir,
    /// The content root holds no `codex/<game>/game.toml`.
    NoGames(PathBuf),
    /// A file or directory could not be read or written.
    Io {
        /// The path involved.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The content has errors: one set of diagnostics per failing game.
    Content(Vec<Diagnostics>),
}

impl Error {
    fn io(path: &Path, source: std::io::Error) -> Self {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoOutDir => write!(
                f,
                "OUT_DIR is not set: call grimoire_build::compile from a build script, \
                 or set an output directory with Config::out_dir"
            ),
            Error::NoGames(root) => write!(
                f,
                "no game found under {}: expected codex/<game>/game.toml",
                root.display()
            ),
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Content(all) => {
                for diagnostics in all {
                    f.write_str(&diagnostics.render(false))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
