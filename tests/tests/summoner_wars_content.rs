//! Summoner Wars content: the importer against the real card list and the committed pool,
//! the 2024-04-03 errata layers (both versions of every changed card), and the codex's
//! coverage of the abilities the FAQ names.

use std::fs;
use std::path::{Path, PathBuf};

use grimoire_import::import_summoner_wars;
use grimoire_summoner_wars::{Ability, Card, CardId, ABILITY_META};

use crate::support::{repo_root, shared_dir};

fn card_list(shared: &Path) -> PathBuf {
    shared
        .join("data")
        .join("summoner-wars-1e")
        .join("cards.json")
}

fn codex_dir() -> PathBuf {
    repo_root().join("codex").join("summoner-wars")
}

#[test]
fn the_card_list_imports_with_zero_unmapped_fields_and_matches_the_committed_pool() {
    let Some(shared) = shared_dir() else { return };
    let out = tempfile::tempdir().expect("temp dir");
    let report =
        import_summoner_wars(&card_list(&shared), &codex_dir(), out.path()).expect("imports");
    assert!(report.is_clean(), "unmapped fields:\n{report}");
    assert_eq!(report.cards_written, 147, "{report}");
    let pool = repo_root().join("cards").join("summoner-wars");
    let set = Path::new("first-edition");
    let mut files: Vec<PathBuf> = fs::read_dir(out.path().join(set))
        .expect("the import wrote first-edition/")
        .map(|entry| entry.expect("entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "{files:?}");
    for file in files {
        let name = set.join(file.file_name().expect("a file name"));
        let committed = fs::read_to_string(pool.join(&name)).unwrap_or_default();
        assert!(
            fs::read_to_string(&file).expect("fresh file") == committed,
            "cards/summoner-wars/{} differs from a fresh import; run `grimoire import summoner-wars ../shared/data/summoner-wars-1e/cards.json`",
            name.display()
        );
    }
}

#[test]
fn the_pool_and_its_errata_compile_clean() {
    let input =
        grimoire_compiler::load_game(&repo_root(), "summoner-wars").expect("summoner-wars loads");
    if let Err(diagnostics) = grimoire_compiler::compile(&input) {
        panic!(
            "summoner-wars does not compile:\n{}",
            diagnostics.render(false)
        );
    }
}

/// The card names of every erratum in `cards/summoner-wars/errata/`, with whether the
/// erratum changes a field (`set`, `add` or `remove`).
fn errata_cards() -> Vec<(String, bool)> {
    let dir = repo_root()
        .join("cards")
        .join("summoner-wars")
        .join("errata");
    let mut cards = Vec::new();
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .expect("an errata folder")
        .map(|entry| entry.expect("entry").path())
        .collect();
    paths.sort();
    for path in paths {
        let table: toml::Table = fs::read_to_string(&path)
            .expect("readable")
            .parse()
            .expect("TOML");
        for erratum in table["erratum"].as_array().expect("[[erratum]]") {
            let changes = ["set", "add", "remove"]
                .iter()
                .any(|op| erratum.get(op).is_some());
            cards.push((erratum["card"].as_str().expect("card").to_owned(), changes));
        }
    }
    cards
}

#[test]
fn every_changed_card_has_its_printed_and_its_current_version() {
    let cards = errata_cards();
    assert_eq!(cards.len(), 8, "{cards:?}");
    for (name, changes) in cards {
        let id = CardId::from_name(&name).unwrap_or_else(|| panic!("no card `{name}`"));
        assert!(!id.errata().is_empty(), "{name} lists no erratum");
        assert!(
            id.errata()
                .iter()
                .all(|erratum| erratum.date == "2024-04-03"),
            "{name}"
        );
        assert_eq!(
            id.printed() != id.card(),
            changes,
            "{name}: the printed and current versions"
        );
    }
}

#[test]
fn the_card_updates_read_as_the_faq_gives_them() {
    let card = |name: &str| CardId::from_name(name).expect(name);
    let (Card::Summoner(printed), Card::Summoner(current)) =
        (card("Sera Eldwyn").printed(), card("Sera Eldwyn").card())
    else {
        panic!("Sera Eldwyn is a summoner");
    };
    assert_eq!((printed.strength, current.strength), (2, 3));
    let (Card::UnclassedUnit(printed), Card::UnclassedUnit(current)) =
        (card("Kuldak").printed(), card("Kuldak").card())
    else {
        panic!("Kuldak's class is not given");
    };
    assert_eq!((printed.life, current.life), (None, Some(12)));
    assert_eq!(printed.abilities, [Ability::BloodBloom]);
    assert_eq!(current.abilities, [Ability::BloodBloom2024]);
    let (Card::Summoner(printed), Card::Summoner(current)) = (
        card("Queen Maldaria").printed(),
        card("Queen Maldaria").card(),
    ) else {
        panic!("Queen Maldaria is a summoner");
    };
    assert_eq!(printed.abilities, [Ability::SaveTheQueen]);
    assert_eq!(
        current.abilities,
        [Ability::SaveTheQueen2024, Ability::CallProtection2024]
    );
    let ice_ram = card("Ice Ram");
    assert_ne!(ice_ram.printed(), ice_ram.card());
}

#[test]
fn every_2024_wording_revises_an_entry_of_the_same_name() {
    let revisions: Vec<_> = ABILITY_META
        .iter()
        .filter_map(|meta| meta.revises.map(|old| (meta.name, old.name())))
        .collect();
    assert_eq!(revisions.len(), 5, "{revisions:?}");
    for (new, old) in revisions {
        assert_eq!(new, format!("{old} (2024)"));
    }
}

/// Abilities the FAQ names (rules/summoner-wars-faq.txt), as a cross-check of the codex.
const FAQ_ABILITIES: &[&str] = &[
    "Agile",
    "Annul",
    "Atone",
    "Aura of the Phoenix",
    "Blood Bloom",
    "Blood Fervor",
    "Blood Fury",
    "Blood Runes",
    "Born of Fire",
    "Bounty",
    "Call Protection",
    "Charge",
    "Climb",
    "Crash",
    "Cunning",
    "Curse",
    "Divine Retribution",
    "Divine Shield",
    "Embark",
    "Emerge",
    "Engage",
    "Exploit",
    "Flight",
    "Footwork",
    "Forceful Attack",
    "Frenzy",
    "Frost Axe",
    "Fungal Transformation",
    "Gang Up",
    "Heavy Mobile",
    "Illusions",
    "Imbued Life",
    "Imbued Spirit",
    "Imbued Strength",
    "Infect",
    "Influence",
    "Insight",
    "Lightning Strike",
    "Master of the Art",
    "Mimic",
    "Mind Capture",
    "Mobile Structure",
    "Momentum",
    "Persist",
    "Prune",
    "Psychic Assault",
    "Psychic Strike",
    "Raise the Dead",
    "Ram",
    "Reckless Strike",
    "Relentless",
    "Return to Shadow",
    "Rig Explosives",
    "Riposte",
    "Rupture",
    "Save The Queen",
    "Shadow Summon",
    "Slow",
    "Sly",
    "Smolder",
    "Soul Shift",
    "Soulless",
    "Spirit Bond",
    "Stalwart",
    "Stimshrooms",
    "Strong",
    "Summoned by Fire",
    "Swift",
    "Swift Potion",
    "Swift Shot",
    "Too Strong",
    "Trample",
    "Unrelenting",
    "Warn",
    "Well-Traveled",
    "Worthy",
];

#[test]
fn the_codex_names_every_ability_of_the_faq() {
    let missing: Vec<&str> = FAQ_ABILITIES
        .iter()
        .copied()
        .filter(|name| !ABILITY_META.iter().any(|meta| meta.name == *name))
        .collect();
    assert!(
        missing.is_empty(),
        "abilities missing from the codex: {missing:?}"
    );
}
