//! `grimoire gallery [GAME...] --out DIR`: a static, self-contained site of every card.
//!
//! Built from the compiler IR (the same view as `grimoire cards`, [`crate::live::card_json`]):
//! per game an index with search and filters, a page per card with its SVG face, printings and
//! errata, and a page per codex entry. No page loads anything from the network; the site works
//! opened from `file://`. The site is written all or nothing ([`write`]).
//!
//! - [`html`]: escaping and the page shell;
//! - [`face`]: the SVG card faces, one layout per card kind of each game;
//! - [`pages`]: the index, card and codex pages;
//! - [`text`]: the same view of a card in the terminal (`grimoire cards show`);
//! - [`write`]: staging beside the target and renaming into place.

mod face;
mod html;
mod pages;
mod text;
mod write;

pub use text::player_view;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use grimoire_engine::suggest::did_you_mean;

use crate::content::content_root;

/// Arguments of `grimoire gallery`.
#[derive(clap::Args)]
pub struct Args {
    /// Games to draw (default: every game under `<root>/codex/`).
    games: Vec<String>,
    /// The folder to write the site to; replaced whole when it holds an earlier gallery.
    #[arg(long)]
    out: PathBuf,
}

/// Runs `grimoire gallery`.
pub fn run(args: Args) -> ExitCode {
    match generate(&args) {
        Ok(report) => {
            crate::errln!("{report}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            crate::errln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn generate(args: &Args) -> Result<String, String> {
    let started = Instant::now();
    let root = content_root()?;
    let known = grimoire_compiler::discover_games(&root)
        .map_err(|e| format!("cannot read {}: {e}", root.join("codex").display()))?;
    let games = if args.games.is_empty() {
        known.clone()
    } else {
        args.games.clone()
    };
    if games.is_empty() {
        return Err(format!(
            "no game found under {} (run from the repository root or pass --root)",
            root.join("codex").display()
        ));
    }
    for game in &games {
        if !known.contains(game) {
            return Err(format!(
                "unknown game `{game}`{} (games here: {})",
                did_you_mean(game, known.iter().map(String::as_str)),
                known.join(", ")
            ));
        }
    }
    // Each game compiles and renders on its own thread.
    let rendered: Vec<Result<pages::GameSite, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .iter()
            .map(|name| {
                let root = &root;
                scope.spawn(move || {
                    let content = crate::live::compile_game(root, name)?
                        .ok_or_else(|| format!("unknown game `{name}`"))?;
                    // Coverage: the rules built into this program on the cards on disk
                    // (`cards coverage`).
                    let coverage = crate::games::game_in(crate::games::GAMES, name)
                        .ok()
                        .and_then(|game| game.coverage)
                        .map(|report| report())
                        .transpose()?;
                    Ok(pages::game_site(&content.game, coverage.as_ref()))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| Err("a game's pages could not be drawn".into()))
            })
            .collect()
    });
    let mut sites = rendered.into_iter().collect::<Result<Vec<_>, _>>()?;
    let mut files = pages::site_files(&mut sites);
    let pages_written = files.len();
    let largest = files
        .iter()
        .max_by_key(|(_, bytes)| bytes.len())
        .map(|(path, bytes)| (path.clone(), bytes.len()))
        .unwrap_or_default();
    if largest.1 > pages::MAX_PAGE_BYTES {
        return Err(format!(
            "{} would be {} bytes, over the {} byte limit for one page",
            args.out.join(&largest.0).display(),
            largest.1,
            pages::MAX_PAGE_BYTES
        ));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    write::site(&args.out, &files)?;
    let cards: usize = sites.iter().map(|site| site.cards).sum();
    Ok(format!(
        "wrote {} ({cards} cards of {} game(s), {pages_written} files, largest {} at {} KiB) in {:.2} s",
        args.out.display(),
        sites.len(),
        largest.0.display(),
        largest.1 / 1024,
        started.elapsed().as_secs_f64()
    ))
}
