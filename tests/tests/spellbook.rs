//! Mage Wars spellbook checks on the sample spellbooks of `tests/spellbooks/`, priced with the
//! generated card tables (docs/spellbook.md lists the rules).

use std::fs;

use grimoire_mage_wars::spellbook::{
    check, Catalog, GeneratedCatalog, Report, Rules, SpellbookFile, Violation,
};

use crate::support;

/// Reads `tests/spellbooks/<name>.toml`.
fn spellbook(name: &str) -> SpellbookFile {
    let path = support::repo_root()
        .join("tests/spellbooks")
        .join(format!("{name}.toml"));
    let text = fs::read_to_string(&path).expect("sample spellbook is readable");
    SpellbookFile::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn check_sample(name: &str) -> Report {
    check(&spellbook(name), &GeneratedCatalog, &Rules::STANDARD)
}

#[test]
fn a_legal_spellbook_totals_trained_untrained_opposed_novice_and_multi_school_cards() {
    let report = check_sample("valid");
    assert!(report.is_legal(), "{:?}", report.violations);
    assert_eq!(report.total, 41);
    assert_eq!(report.budget, 120);
    let points = |name: &str| {
        report
            .cards
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .points_each
    };
    assert_eq!(points("Fireball"), 2, "Fire 2, trained");
    assert_eq!(points("Minor Heal"), 3, "Holy 1, opposed");
    assert_eq!(points("Leather Boots"), 1, "Novice");
    assert_eq!(points("Lash of Hellfire"), 2, "Dark+Fire 1+1");
    assert_eq!(
        points("Enchanter's Ring"),
        2,
        "Arcane/Nature 1/1, the cheaper school"
    );
    assert_eq!(points("Bridge Troll"), 6, "Nature+War 2+1, untrained");
}

#[test]
fn going_over_120_points_is_the_only_violation_of_an_expensive_book() {
    let report = check_sample("over-budget");
    assert_eq!(
        report.violations,
        vec![Violation::OverBudget {
            total: 122,
            budget: 120
        }]
    );
}

#[test]
fn every_violation_of_a_bad_book_is_listed() {
    let report = check_sample("violations");
    let messages: Vec<String> = report.violations.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        vec![
            "`Fireball` is listed with 0 copies",
            "unknown card `Fireball of Doom`",
            "`Gate to Hell` is Epic: at most 1 copy allowed, found 2",
            "`Ring of Asyra` is Priestess Only; the Warlock may not include it",
            "`Temple of Asyra` is Holy Mage Only; the Warlock may not include it",
            "`Warlock` is not a spell and cannot go in a spellbook",
        ]
    );
}

#[test]
fn an_unknown_mage_is_a_violation() {
    let report = check_sample("unknown-mage");
    assert_eq!(
        report.violations,
        vec![Violation::UnknownMage {
            mage: "Archmage".into()
        }]
    );
}

#[test]
fn a_malformed_spellbook_is_rejected() {
    let path = support::repo_root().join("tests/spellbooks/malformed.toml");
    let text = fs::read_to_string(path).expect("sample spellbook is readable");
    assert!(SpellbookFile::from_toml(&text).is_err());
}

#[test]
fn training_by_partial_level_type_and_subtype_comes_from_the_mage_cards() {
    let catalog = GeneratedCatalog;
    let price = |mage: &str, spell: &str| {
        let mage = catalog.mage(mage).unwrap_or_else(|| panic!("mage {mage}"));
        let spell = catalog
            .spell(spell)
            .unwrap_or_else(|| panic!("spell {spell}"));
        Rules::STANDARD.points_per_copy(&mage, &spell)
    };
    // Paladin: Holy up to level 3, all Holy creatures, War up to level 2, Dark opposed.
    assert_eq!(price("Paladin", "Heal"), 2);
    assert_eq!(
        price("Paladin", "Resurrection"),
        8,
        "Holy 4 is above his Holy training"
    );
    assert_eq!(
        price("Paladin", "Samandriel, Angel of Light"),
        5,
        "a Holy creature"
    );
    assert_eq!(price("Paladin", "Vampiric Strike"), 3, "Dark is opposed");
    // Forcemaster: Mind; creatures outside her training cost triple.
    assert_eq!(price("Forcemaster", "Thoughtspore"), 2);
    assert_eq!(price("Forcemaster", "Darkfenne Bat"), 3);
    assert_eq!(
        price("Forcemaster", "Vampiric Strike"),
        2,
        "an untrained incantation"
    );
    // The Priest counts as a Priestess for Priestess Only cards.
    let priest = catalog.mage("Priest").expect("the Priest");
    assert_eq!(priest.class, "Priestess");
}
