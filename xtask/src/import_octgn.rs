//! `cargo xtask import-octgn`: re-imports the ten Mage Wars Arena OCTGN sets from `../shared/data`
//! into `cards/mage-wars/<set>/`.
//!
//! The sets are imported into a scratch directory first, then each set folder of the pool is
//! replaced by the fresh one, so running it twice gives identical files (errata and other
//! folders are left alone).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Exit with status 1 when any field could not be mapped.
    #[arg(long)]
    strict: bool,
}

/// The OCTGN set files, in import order (earlier sets keep reprinted cards).
pub const SET_FILES: [&str; 10] = [
    "core.set.xml",
    "conquest-of-kumanjaro.set.xml",
    "forcemaster-vs-warlord.set.xml",
    "mages.set.xml",
    "paladin-vs-siren.set.xml",
    "druid-vs-necromancer.set.xml",
    "forged-in-fire.set.xml",
    "lost-grimoire.set.xml",
    "arena-final-release.set.xml",
    "promo.set.xml",
];

/// Runs the task.
pub fn run(args: Args) -> ExitCode {
    let root = crate::repo_root();
    let data = root
        .join("..")
        .join("shared")
        .join("data")
        .join("octgn-mage-wars");
    let sets: Vec<PathBuf> = SET_FILES.iter().map(|file| data.join(file)).collect();
    match reimport(&sets, &root.join("cards").join("mage-wars")) {
        Ok(report) => {
            print!("{report}");
            if args.strict && !report.is_clean() {
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

fn reimport(
    sets: &[PathBuf],
    pool: &Path,
) -> Result<grimoire_import::Report, Box<dyn std::error::Error>> {
    let scratch = tempfile::tempdir()?;
    let codex = crate::repo_root().join("codex").join("mage-wars");
    let report = grimoire_import::import_octgn(
        "mage-wars",
        sets,
        scratch.path(),
        &codex,
        grimoire_import::NewWords::Reject,
    )?;
    for set_dir in fs::read_dir(scratch.path())? {
        let set_dir = set_dir?.path();
        let Some(set_name) = set_dir.file_name() else {
            continue;
        };
        let target = pool.join(set_name);
        if target.is_dir() {
            fs::remove_dir_all(&target)?;
        }
        fs::create_dir_all(&target)?;
        for file in fs::read_dir(&set_dir)? {
            let file = file?.path();
            if let Some(file_name) = file.file_name() {
                fs::copy(&file, target.join(file_name))?;
            }
        }
    }
    Ok(report)
}
