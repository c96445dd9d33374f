//! Imports card data from other formats into Grimoire's TOML card files.
//!
//! OCTGN's Mage Wars set files: [`import_octgn`] reads `*.set.xml` files and writes one
//! folder per set (`<out>/<set-slug>/<kind>.toml`). Mage Knight dial data:
//! [`import_mk_dials`] reads dial JSON files and writes `<out>/<expansion>/warriors.toml`. The
//! Summoner Wars card list: [`import_summoner_wars`] reads its JSON and writes one folder per
//! edition. World of Warcraft TCG JSON card data: [`import_wowtcg_json`] (see [`wowtcg`]).
//! Rules text is never
//! copied: a card whose behaviour goes beyond its structured fields gets a named native
//! `handler` instead. Whatever the importer cannot map is listed in the [`Report`].

pub mod check;
mod error;
pub mod mkdials;
pub mod octgn;
mod pool;
pub mod report;
pub mod source;
pub mod summoner_wars;
pub mod vocabulary;
pub mod wowtcg;

use std::path::{Path, PathBuf};

use heck::ToKebabCase;

pub use check::GameCodex;
pub use error::ImportError;
pub use mkdials::import_mk_dials;
pub use report::{Finding, Report};
pub use source::Located;
pub use summoner_wars::import_summoner_wars;
pub use vocabulary::{
    find_new_names, is_new_word, new_names_in, scaffold, scaffold_edits, NameKind, NewName,
    ScaffoldPlan,
};
pub use wowtcg::import_wowtcg_json;

use octgn::{map_card, Mapped};
use pool::{Added, Pool};
use report::CardLog;

/// The file (without `.toml`) that holds cards of a kind within a set folder.
fn kind_file(kind: &str) -> &'static str {
    match kind {
        "mage" => "mages",
        "creature" => "creatures",
        "conjuration" => "conjurations",
        "enchantment" => "enchantments",
        "equipment" => "equipment",
        "incantation" => "incantations",
        _ => "attacks",
    }
}

/// The folder name of a set: its OCTGN name in kebab case (`Forcemaster vs Warlord` →
/// `forcemaster-vs-warlord`).
pub fn set_slug(set_name: &str) -> String {
    set_name.to_kebab_case()
}

/// What to do with a card whose only compile errors are words the codex does not know yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewWords {
    /// Reject it like any card that does not compile.
    Reject,
    /// Write it: the words are left for [`scaffold`] (or a hand edit) to add afterwards.
    Keep,
    /// Write it and, in the same all-or-nothing write, add its new words to the codex as
    /// drafts (`--scaffold`); nothing is written when the game would not compile even then.
    Scaffold,
}

/// Imports OCTGN set files of game `game` (its slug, used for the schema comment) into `out`,
/// checking the cards against the codex in `codex_dir` (`codex/<game>`).
///
/// Cards already present in `out` (in any set folder) are not duplicated: the new printing is
/// added to them, and differing data is noted in the report. A card the game would not compile
/// with is not written; it is a [`Report::rejected`] finding at its `<card>` element (unless
/// `new_words` keeps new words and its only errors are new words; [`NewWords::Scaffold`] also
/// writes drafts for them). Nothing is written unless every set file was read.
pub fn import_octgn(
    game: &str,
    set_files: &[PathBuf],
    out: &Path,
    codex_dir: &Path,
    new_words: NewWords,
) -> Result<Report, ImportError> {
    let codex = GameCodex::load(codex_dir)?;
    let header = format!("#:schema ../../../schemas/{game}.cards.schema.json\n");
    let mut pool = Pool::load(out, &header)?;
    let mut report = Report::default();
    for path in set_files {
        import_set(path, &mut pool, &mut report)?;
    }
    pool.finish(&codex, new_words, &mut report)?;
    Ok(report)
}

fn import_set(path: &Path, pool: &mut Pool, report: &mut Report) -> Result<(), ImportError> {
    let text = source::read_source(path)?;
    let set = octgn::xml::parse_set(&text).map_err(|error| ImportError::Xml {
        path: path.to_path_buf(),
        at: grimoire_input::Location::of_offset(&text, error.offset),
        message: error.message,
    })?;
    let slug = set_slug(&set.name);
    if slug.is_empty() {
        return Err(ImportError::Xml {
            path: path.to_path_buf(),
            at: grimoire_input::Location::of_offset(&text, set.offset),
            message: format!(
                "the set name `{}` gives an empty folder name: cards would land in the output directory itself",
                set.name
            ),
        });
    }
    let file_name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let source = format!(
        "OCTGN set file {file_name} (set {}); rules text is not copied",
        set.name
    );
    let lines = grimoire_input::LineIndex::new(&text);
    for raw in &set.cards {
        let origin = Located::in_lines(path, &lines, raw.offset);
        let mut log = CardLog::new(&slug, &raw.name).located(origin.clone());
        let mapped = map_card(raw, &slug, &mut log);
        report.unmapped.append(&mut log.unmapped);
        report.notes.append(&mut log.notes);
        let card = match mapped {
            Mapped::Card(card) => card,
            Mapped::Skipped(reason) => {
                report.skipped.push(Finding {
                    set: slug.clone(),
                    card: raw.name.clone(),
                    field: "Type".to_owned(),
                    message: reason,
                    at: Some(origin),
                });
                continue;
            }
        };
        let table = toml::Table::try_from(&*card).map_err(|error| ImportError::Serialize {
            card: card.name.clone(),
            message: error.to_string(),
        })?;
        let (added, difference) = pool.add(
            &slug,
            kind_file(&card.kind),
            &source,
            table,
            Some(origin.clone()),
        );
        match added {
            Added::New => report.cards_written += 1,
            Added::Printing => report.printings_added += 1,
            Added::Present => {}
        }
        if let Some(message) = difference {
            report
                .notes
                .push(pool::reprint_note(&slug, &card.name, message, Some(origin)));
        }
    }
    Ok(())
}
