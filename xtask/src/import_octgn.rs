//! `cargo xtask import-octgn`: re-imports the ten Mage Wars Arena OCTGN sets from `../shared/data`
//! into `cards/mage-wars/<set>/`.
//!
//! The sets are imported into a scratch directory first, then each set folder of the pool is
//! replaced by the fresh one, so running it twice gives identical files (errata and other
//! folders are left alone). What an author wrote by hand on an imported card, its
//! `card_abilities` with the comment lines above them, is carried over into the fresh file,
//! and a card whose hand-written abilities replaced its handler stays without one
//! (docs/formats.md, "a re-import into the pool keeps the card").

use std::collections::HashMap;
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
        let mut authored = HashMap::new();
        if target.is_dir() {
            for file in fs::read_dir(&target)? {
                authored.extend(authored_blocks(&fs::read_to_string(file?.path())?));
            }
            fs::remove_dir_all(&target)?;
        }
        fs::create_dir_all(&target)?;
        for file in fs::read_dir(&set_dir)? {
            let file = file?.path();
            if let Some(file_name) = file.file_name() {
                let fresh = fs::read_to_string(&file)?;
                fs::write(target.join(file_name), with_authored(&fresh, &authored))?;
            }
        }
    }
    Ok(report)
}

/// What an author wrote on one card: its `card_abilities` block with the comment lines right
/// above it, and whether the card kept its handler.
struct Authored {
    lines: Vec<String>,
    keeps_handler: bool,
}

/// The cards of a card file, each as its lines from one `[[card]]` to the next.
fn card_blocks(text: &str) -> Vec<Vec<&str>> {
    let mut blocks: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.lines() {
        if line == "[[card]]" {
            blocks.push(Vec::new());
        }
        if let Some(block) = blocks.last_mut() {
            block.push(line);
        }
    }
    blocks
}

/// How many of a card block's lines are the card's own fields: those before its first
/// sub-table (`[[card.attacks]]`, whose bars have handlers of their own).
fn own_fields(block: &[&str]) -> usize {
    block
        .iter()
        .position(|line| line.starts_with("[[card."))
        .unwrap_or(block.len())
}

/// A card block's name (`name = "..."`).
fn block_name(block: &[&str]) -> Option<String> {
    block.iter().find_map(|line| {
        let value = line.strip_prefix("name = ")?;
        toml::from_str::<toml::Value>(&format!("v = {value}"))
            .ok()?
            .get("v")?
            .as_str()
            .map(str::to_owned)
    })
}

/// The hand-written `card_abilities` of each card of a card file, by card name.
fn authored_blocks(text: &str) -> HashMap<String, Authored> {
    let mut found = HashMap::new();
    for block in card_blocks(text) {
        let Some(start) = block
            .iter()
            .position(|line| line.starts_with("card_abilities = ["))
        else {
            continue;
        };
        let Some(name) = block_name(&block) else {
            continue;
        };
        let comments = block[..start]
            .iter()
            .rev()
            .take_while(|line| line.starts_with('#'))
            .count();
        let end = block[start..]
            .iter()
            .position(|line| line.ends_with(']') && !line.starts_with(' '))
            .map_or(block.len(), |offset| start + offset + 1);
        let lines = block[start - comments..end]
            .iter()
            .map(|line| (*line).to_owned())
            .collect();
        let keeps_handler = block[..own_fields(&block)]
            .iter()
            .any(|line| line.starts_with("handler = "));
        found.insert(
            name,
            Authored {
                lines,
                keeps_handler,
            },
        );
    }
    found
}

/// `fresh` (a card file the importer wrote) with each card's hand-written abilities put back,
/// after its last top-level field, and the handler they replaced left out.
fn with_authored(fresh: &str, authored: &HashMap<String, Authored>) -> String {
    let mut out = String::new();
    for block in card_blocks(fresh) {
        // A block that has abilities already (none the importer writes) is left as it is.
        let written = block
            .iter()
            .any(|line| line.starts_with("card_abilities = ["));
        let kept = block_name(&block).and_then(|name| authored.get(&name));
        let Some(kept) = kept.filter(|_| !written) else {
            for line in block {
                out.push_str(line);
                out.push('\n');
            }
            continue;
        };
        let own = own_fields(&block);
        let mut lines: Vec<String> = block
            .iter()
            .enumerate()
            .filter(|(at, line)| {
                kept.keeps_handler || *at >= own || !line.starts_with("handler = ")
            })
            .map(|(_, line)| (*line).to_owned())
            .collect();
        let fields_end = lines
            .iter()
            .position(|line| line.starts_with("[[card."))
            .unwrap_or(lines.len());
        let mut at = fields_end;
        while at > 0 && lines[at - 1].is_empty() {
            at -= 1;
        }
        lines.splice(at..at, kept.lines.iter().cloned());
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_written_abilities_survive_a_reimport_and_replace_the_handler() {
        let old = "source = \"x\"\n\n[[card]]\nname = \"Ring\"\nkind = \"equipment\"\ncost = 2\n\
                   # Pays less.\ncard_abilities = [\n  { effects = [] },\n]\n\n[[card]]\nname = \"Bolt\"\n\
                   handler = \"bolt\"\n# Partly data.\ncard_abilities = [\n  { effects = [] },\n]\n";
        let fresh = "source = \"x\"\n\n[[card]]\nname = \"Ring\"\nkind = \"equipment\"\nhandler = \"ring\"\n\
                     cost = 2\n\n[[card.attacks]]\nname = \"Hit\"\n\n[[card]]\nname = \"Bolt\"\nhandler = \"bolt\"\n\n\
                     [[card]]\nname = \"Other\"\nhandler = \"other\"\n";
        let merged = with_authored(fresh, &authored_blocks(old));
        assert_eq!(
            merged,
            "source = \"x\"\n\n[[card]]\nname = \"Ring\"\nkind = \"equipment\"\ncost = 2\n# Pays less.\n\
             card_abilities = [\n  { effects = [] },\n]\n\n[[card.attacks]]\nname = \"Hit\"\n\n[[card]]\n\
             name = \"Bolt\"\nhandler = \"bolt\"\n# Partly data.\ncard_abilities = [\n  { effects = [] },\n]\n\n\
             [[card]]\nname = \"Other\"\nhandler = \"other\"\n"
        );
        // Merging again changes nothing.
        assert_eq!(with_authored(&merged, &authored_blocks(&merged)), merged);
    }

    #[test]
    fn an_attack_bar_s_handler_is_neither_the_card_s_nor_dropped_with_it() {
        let old = "[[card]]\nname = \"Raven\"\n# Casts little.\ncard_abilities = [\n  { effects = [] },\n]\n\n\
                   [[card.attacks]]\nname = \"Eye\"\nhandler = \"eye\"\n";
        let fresh =
            "[[card]]\nname = \"Raven\"\nhandler = \"raven\"\n\n[[card.attacks]]\nname = \"Eye\"\n\
                     handler = \"eye\"\n";
        assert_eq!(with_authored(fresh, &authored_blocks(old)), old);
    }
}
