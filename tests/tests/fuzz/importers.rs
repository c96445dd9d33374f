//! Fuzzing the four importers with mutated files of `../shared/data`: OCTGN Mage Wars set XML,
//! WoW TCG JSON, the Summoner Wars card list and Mage Knight dials. Each case imports into an
//! empty `cards/<game>` of a temporary content root holding the game's codex, as the CLI's
//! `grimoire import` would; then the import must either succeed with output that compiles, or
//! fail having written nothing.
//!
//! Needs `../shared`: skipped when it is absent, failing when `CI=true`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use grimoire_import::{ImportError, Report};

use super::{copy_tree, seed_files, write_case, Campaign, Outcome, SeedFile, LOCATED_RATE_TARGET};
use crate::support::{repo_root, shared_dir};

/// Cases per importer in CI (an import and a compile of its output take a fraction of a second).
const CASES_PER_IMPORTER: u32 = 40;

/// WoW TCG seed files larger than this are left out, to keep cases quick (most set files are
/// smaller; the large ones repeat the same record shapes).
const MAX_WOW_TCG_SEED_BYTES: usize = 40_000;

/// How many diagnostics of an imported pool that does not compile a failure shows.
const FIRST_DIAGNOSTICS: usize = 3;

/// Located share required of OCTGN import errors.
const OCTGN_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;
/// Located share required of WoW TCG JSON import errors.
const WOW_TCG_JSON_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;
/// Located share required of Summoner Wars card list import errors.
const SUMMONER_WARS_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;
/// Located share required of Mage Knight dial import errors.
const MK_DIALS_MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;

/// Runs one importer: the data file, the codex folder of the game and the output folder.
type ImportFn = fn(data: &Path, codex: &Path, out: &Path) -> Result<Report, ImportError>;

/// A campaign importing mutated `seeds` into `game` with `import`.
fn campaign(
    name: &'static str,
    game: &'static str,
    seeds: Vec<SeedFile>,
    min_located_rate: f64,
    import: ImportFn,
) -> Campaign {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(
        &repo_root().join("codex").join(game),
        &dir.path().join("codex").join(game),
    );
    Campaign {
        name,
        seeds,
        cases: CASES_PER_IMPORTER,
        min_located_rate,
        read: Arc::new(move |seed, bytes| {
            import_and_compile(dir.path(), game, seed, bytes, import)
        }),
    }
}

/// Imports the mutated file into `root/cards/<game>` and applies the importers' oracle.
fn import_and_compile(
    root: &Path,
    game: &str,
    seed: &SeedFile,
    bytes: &[u8],
    import: ImportFn,
) -> Outcome {
    let input_dir = root.join("input");
    std::fs::create_dir_all(&input_dir).expect("create the input folder");
    let data = write_case(&input_dir, seed, bytes);
    let out = root.join("cards").join(game);
    if out.exists() {
        std::fs::remove_dir_all(&out).expect("empty the output folder");
    }
    let codex = root.join("codex").join(game);
    match import(&data, &codex, &out) {
        Err(error) => {
            let written = files_under(&out);
            if written.is_empty() {
                Outcome::Rejected(vec![error.to_string()])
            } else {
                Outcome::Broken(format!(
                    "the import failed ({error}) but wrote {} file(s), e.g. {}",
                    written.len(),
                    written[0].display()
                ))
            }
        }
        Ok(_) => {
            let compiled = grimoire_compiler::load_game(root, game)
                .map(|input| grimoire_compiler::compile(&input));
            match compiled {
                Ok(Ok(_)) => Outcome::Accepted,
                Ok(Err(diagnostics)) => Outcome::Broken(format!(
                    "the import succeeded but its output does not compile ({} errors), first:\n  {}",
                    diagnostics.len(),
                    diagnostics
                        .iter()
                        .take(FIRST_DIAGNOSTICS)
                        .map(|d| super::shorten(&format!(
                            "{}:{}:{}: error[{}]: {}",
                            d.file, d.line, d.column, d.code, d.message
                        )))
                        .collect::<Vec<_>>()
                        .join("\n  ")
                )),
                Err(error) => Outcome::Broken(format!(
                    "the import succeeded but its output cannot be read: {error}"
                )),
            }
        }
    }
}

/// Every file under `dir`, recursively (none when it does not exist).
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

/// The seeds: files of `../shared/data/<folder>` ending with `extension` and no larger than
/// `max_bytes`; `None` when `../shared` is absent (outside CI).
fn shared_seeds(folder: &str, extension: &str, max_bytes: usize) -> Option<Vec<SeedFile>> {
    let data = shared_dir()?.join("data").join(folder);
    let mut seeds = seed_files(&data, extension, &data);
    seeds.retain(|seed| seed.bytes.len() <= max_bytes);
    Some(seeds)
}

#[test]
fn octgn_set_files() {
    let Some(seeds) = shared_seeds("octgn-mage-wars", ".set.xml", usize::MAX) else {
        return;
    };
    campaign(
        "import-octgn",
        "mage-wars",
        seeds,
        OCTGN_MIN_LOCATED_RATE,
        |data, codex, out| {
            grimoire_import::import_octgn(
                "mage-wars",
                &[data.to_path_buf()],
                out,
                codex,
                grimoire_import::NewWords::Reject,
            )
        },
    )
    .run();
}

#[test]
fn wow_tcg_json_files() {
    let Some(seeds) = shared_seeds("wow-tcg", ".json", MAX_WOW_TCG_SEED_BYTES) else {
        return;
    };
    campaign(
        "import-wowtcg-json",
        "wow-tcg",
        seeds,
        WOW_TCG_JSON_MIN_LOCATED_RATE,
        |data, codex, out| {
            grimoire_import::import_wowtcg_json(
                &[data.to_path_buf()],
                out,
                codex,
                grimoire_import::NewWords::Reject,
            )
        },
    )
    .run();
}

#[test]
fn summoner_wars_card_list() {
    let Some(mut seeds) = shared_seeds("summoner-wars-1e", ".json", usize::MAX) else {
        return;
    };
    // `game-data.json` is not a card list; `cards.json` is what the importer reads.
    seeds.retain(|seed| seed.relative == Path::new("cards.json"));
    campaign(
        "import-summoner-wars",
        "summoner-wars",
        seeds,
        SUMMONER_WARS_MIN_LOCATED_RATE,
        grimoire_import::import_summoner_wars,
    )
    .run();
}

#[test]
fn mage_knight_dials() {
    let Some(seeds) = shared_seeds("mage-knight", ".json", usize::MAX) else {
        return;
    };
    campaign(
        "import-mk-dials",
        "mage-knight",
        seeds,
        MK_DIALS_MIN_LOCATED_RATE,
        |data, codex, out| grimoire_import::import_mk_dials(&[data.to_path_buf()], out, codex),
    )
    .run();
}
