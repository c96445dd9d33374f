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

mod error;
pub mod mkdials;
pub mod octgn;
mod pool;
pub mod report;
pub mod summoner_wars;
pub mod vocabulary;
pub mod wowtcg;

use std::fs;
use std::path::{Path, PathBuf};

use heck::ToKebabCase;

pub use error::ImportError;
pub use mkdials::import_mk_dials;
pub use report::{Finding, Report};
pub use summoner_wars::import_summoner_wars;
pub use vocabulary::{find_new_names, scaffold, NameKind, NewName};
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

/// Imports OCTGN set files of game `game` (its slug, used for the schema comment) into `out`.
///
/// Cards already present in `out` (in any set folder) are not duplicated: the new printing is
/// added to them, and differing data is noted in the report.
pub fn import_octgn(game: &str, set_files: &[PathBuf], out: &Path) -> Result<Report, ImportError> {
    let header = format!("#:schema ../../../schemas/{game}.cards.schema.json\n");
    let mut pool = Pool::load(out, &header)?;
    let mut report = Report::default();
    for path in set_files {
        import_set(path, &mut pool, &mut report)?;
    }
    pool.write()?;
    Ok(report)
}

fn import_set(path: &Path, pool: &mut Pool, report: &mut Report) -> Result<(), ImportError> {
    let text = fs::read_to_string(path).map_err(|source| ImportError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let set = octgn::xml::parse_set(&text).map_err(|message| ImportError::Xml {
        path: path.to_path_buf(),
        message,
    })?;
    let slug = set_slug(&set.name);
    if slug.is_empty() {
        return Err(ImportError::Xml {
            path: path.to_path_buf(),
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
    for raw in &set.cards {
        let mut log = CardLog::new(&slug, &raw.name);
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
                });
                continue;
            }
        };
        let table = toml::Table::try_from(&*card).map_err(|error| ImportError::Serialize {
            card: card.name.clone(),
            message: error.to_string(),
        })?;
        let (added, difference) = pool.add(&slug, kind_file(&card.kind), &source, table);
        match added {
            Added::New => report.cards_written += 1,
            Added::Printing => report.printings_added += 1,
            Added::Present => {}
        }
        if let Some(message) = difference {
            report
                .notes
                .push(pool::reprint_note(&slug, &card.name, message));
        }
    }
    Ok(())
}
