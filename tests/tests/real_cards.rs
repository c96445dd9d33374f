//! The imported Mage Wars pool as generated tables: card numbers, traits, attack bars, Mages,
//! reprints and the 2016 supplement errata, read through `grimoire_mage_wars::CardId`.

use grimoire_mage_wars::{
    ActionSpeed, AttackKind, Card, CardId, Condition, DamageType, MageClass, School, Subtype, Trait,
};

fn card(name: &str) -> Card {
    CardId::from_name(name)
        .unwrap_or_else(|| panic!("no card named {name}"))
        .card()
}

/// The set folders `cargo xtask import-octgn` writes (the ten Arena sets; a set's folder is
/// named after the set's own name in its file, `Lost Grimore` as the data spells it).
const IMPORTED_SET_FOLDERS: [&str; 10] = [
    "core",
    "conquest-of-kumanjaro",
    "forcemaster-vs-warlord",
    "mages",
    "paladin-vs-siren",
    "druid-vs-necromancer",
    "forged-in-fire",
    "lost-grimore",
    "mage-wars-arena-final-release",
    "promo",
];

/// The printings of a card of any kind.
fn printings(card: &Card) -> &'static [grimoire_mage_wars::Printing] {
    match card {
        Card::Mage(c) => c.printings,
        Card::Creature(c) => c.printings,
        Card::Conjuration(c) => c.printings,
        Card::Enchantment(c) => c.printings,
        Card::Equipment(c) => c.printings,
        Card::Incantation(c) => c.printings,
        Card::Attack(c) => c.printings,
        Card::Marker(c) => c.printings,
    }
}

#[test]
fn the_pool_holds_every_imported_card() {
    // Cards of hand-written sets (folders no import wrote) may sit beside the imported ones.
    let imported = CardId::ALL
        .iter()
        .map(|id| id.card())
        .filter(|card| {
            printings(card)
                .iter()
                .any(|printing| IMPORTED_SET_FOLDERS.contains(&printing.set))
        })
        .count();
    assert_eq!(imported, 595);
    let printings: usize = CardId::ALL
        .iter()
        .map(|id| {
            let card = &id.card();
            printings(card)
                .iter()
                .filter(|printing| IMPORTED_SET_FOLDERS.contains(&printing.set))
                .count()
        })
        .sum();
    assert_eq!(printings, 595 + 97, "one printing per card and reprint");
    assert_eq!(
        CardId::from_name("Dark Pact Slayer"),
        Some(CardId::DarkPactSlayer)
    );
    assert_eq!(
        CardId::from_name("Upkeep Phase"),
        None,
        "phase markers are not cards"
    );
}

#[test]
fn dark_pact_slayer_prints_its_numbers() {
    let Card::Creature(slayer) = CardId::DarkPactSlayer.card() else {
        panic!("a creature")
    };
    assert_eq!((slayer.armor, slayer.life, slayer.cost), (2, 14, 13));
    assert_eq!(slayer.subtypes, [Subtype::Demon]);
    assert_eq!(
        slayer.traits,
        [Trait::DamageType {
            damage_type: DamageType::Flame,
            x: -2
        }]
    );
    let [hellsword] = slayer.attacks else {
        panic!("one attack bar")
    };
    assert_eq!(hellsword.name, "Hellsword");
    assert_eq!(
        (hellsword.speed, hellsword.kind, hellsword.dice),
        (Some(ActionSpeed::Quick), AttackKind::Melee, 4)
    );
    assert_eq!(hellsword.traits, [Trait::Piercing(2)]);
    assert_eq!(slayer.printings[0].number, Some("MW1C03"));
}

#[test]
fn attack_spells_keep_their_effect_die_table() {
    let Card::Attack(flash) = card("Blinding Flash") else {
        panic!("an attack spell")
    };
    let bar = &flash.attacks[0];
    assert_eq!(bar.damage_type, Some(DamageType::Light));
    assert_eq!((bar.effects[0].min, bar.effects[0].max), (4, Some(9)));
    assert_eq!(bar.effects[0].apply, [Condition::Daze]);
    assert_eq!((bar.effects[1].min, bar.effects[1].max), (10, None));
    assert_eq!(bar.effects[1].apply, [Condition::Stun]);
}

#[test]
fn multi_school_cards_list_each_school() {
    let Card::Creature(adramelech) = card("Adramelech, Lord of Fire") else {
        panic!("a creature")
    };
    let schools: Vec<(School, u8)> = adramelech
        .schools
        .iter()
        .map(|s| (s.school, s.level))
        .collect();
    assert_eq!(schools, [(School::Dark, 4), (School::Fire, 2)]);
}

#[test]
fn or_attacks_become_alternatives() {
    let Card::Equipment(galvitar) = card("Galvitar, Force Blade") else {
        panic!("equipment")
    };
    let slash = galvitar
        .attacks
        .iter()
        .find(|bar| bar.name == "Spinning Slash")
        .expect("Spinning Slash");
    assert_eq!(slash.traits, [Trait::Ethereal]);
    let choices: Vec<&[Trait]> = slash.alternatives.iter().map(|set| set.traits).collect();
    assert_eq!(
        choices,
        [&[Trait::Sweeping][..], &[Trait::Doublestrike][..]]
    );
}

#[test]
fn mages_carry_their_spellbook_training() {
    let Card::Mage(warlock) = card("Warlock") else {
        panic!("a mage")
    };
    assert_eq!(warlock.class, MageClass::Warlock);
    assert_eq!(
        (warlock.life, warlock.channeling, warlock.spellbook_points),
        (38, 10, 120)
    );
    assert_eq!(warlock.trained_schools, [School::Dark, School::Fire]);
    assert_eq!(warlock.opposed_schools, [School::Holy]);
    let Card::Mage(paladin) = card("Paladin") else {
        panic!("a mage")
    };
    let partial: Vec<(School, u8)> = paladin
        .partial_training
        .iter()
        .map(|s| (s.school, s.level))
        .collect();
    assert_eq!(partial, [(School::Holy, 3), (School::War, 2)]);
}

#[test]
fn reprints_are_one_card_with_several_printings() {
    let Card::Incantation(dispel) = card("Dispel") else {
        panic!("an incantation")
    };
    let sets: Vec<&str> = dispel
        .printings
        .iter()
        .map(|printing| printing.set)
        .collect();
    assert_eq!(
        sets,
        [
            "core",
            "forcemaster-vs-warlord",
            "paladin-vs-siren",
            "druid-vs-necromancer",
            "promo"
        ]
    );
}

#[test]
fn errata_keep_the_printed_and_the_current_card() {
    let hydro_three = Trait::DamageType {
        damage_type: DamageType::Hydro,
        x: 3,
    };
    let (Card::Conjuration(printed), Card::Conjuration(current)) = (
        CardId::from_name("Gate to Hell").expect("card").printed(),
        card("Gate to Hell"),
    ) else {
        panic!("a conjuration")
    };
    assert!(printed.traits.contains(&hydro_three));
    assert!(!current.traits.contains(&hydro_three));
    assert!(printed.summary.is_none() && current.summary.is_some());
    let errata = CardId::from_name("Gate to Hell").expect("card").errata();
    assert_eq!(errata.len(), 1);
    assert_eq!(errata[0].date, "2016-12-06");

    let tower = CardId::from_name("Wizard's Tower").expect("card");
    let (Card::Conjuration(printed), Card::Conjuration(current)) = (tower.printed(), tower.card())
    else {
        panic!("a conjuration")
    };
    assert!(printed.traits.contains(&Trait::Spellbind));
    assert!(!current.traits.contains(&Trait::Spellbind));
    assert!(CardId::DarkPactSlayer.errata().is_empty());
}

#[test]
fn enchantments_and_equipment_grant_the_traits_their_text_names() {
    let Card::Enchantment(strength) = card("Bear Strength") else {
        panic!("an enchantment")
    };
    assert_eq!(strength.grants, [Trait::Melee(2)]);
    let Card::Enchantment(wings) = card("Eagle Wings") else {
        panic!("an enchantment")
    };
    assert_eq!(wings.grants, [Trait::Flying]);
    let Card::Equipment(bearskin) = card("Bearskin") else {
        panic!("equipment")
    };
    assert_eq!(
        bearskin.grants,
        [
            Trait::Armor(2),
            Trait::DamageType {
                damage_type: DamageType::Frost,
                x: -2
            }
        ]
    );
    // "This creature's melee attacks gain the Vampiric trait" is about attacks: no grant, and
    // the sentence is wholly read into its melee attacks' traits, so no handler.
    let Card::Enchantment(vampirism) = card("Vampirism") else {
        panic!("an enchantment")
    };
    assert!(vampirism.grants.is_empty());
    assert_eq!(vampirism.handler, None);
}

/// The rules read the typed default traits and the typed `+X vs` predicates.
#[test]
fn the_rules_read_typed_default_traits_and_versus_predicates() {
    use grimoire_mage_wars::rules::Printed;
    use grimoire_mage_wars::{CardId, DamageType, TargetQualifier, Trait};
    let plain = grimoire_mage_wars::CONJURATIONS
        .iter()
        .find(|c| c.traits.is_empty())
        .expect("a conjuration that prints no trait");
    let printed = Printed::of(CardId::from_name(plain.name).expect("in the tables"));
    assert!(
        printed
            .traits
            .contains(&Trait::Immunity(DamageType::Psychic)),
        "{}: {:?}",
        plain.name,
        printed.traits
    );
    let samandriel = Printed::of(CardId::from_name("Samandriel, Angel of Light").expect("a card"));
    let versus = samandriel.attacks[0]
        .traits
        .iter()
        .find_map(|t| match *t {
            Trait::BonusVersus { x, targets } => Some((x, targets)),
            _ => None,
        })
        .expect("a +X vs trait");
    assert_eq!(versus.0, 1);
    assert_eq!(
        versus.1,
        [
            &[TargetQualifier::Nonliving][..],
            &[TargetQualifier::Dark, TargetQualifier::Creatures][..]
        ]
    );
}

#[test]
fn the_later_sets_bring_their_own_vocabulary() {
    use grimoire_mage_wars::{ConjurationForm, EquipmentSlot, SchoolRule};
    // Three schools (one level for any of them), read from the AttackBar when cAttacks is empty.
    let Card::Creature(steam) = card("Steam Elemental") else {
        panic!("a creature")
    };
    assert_eq!(steam.school_rule, SchoolRule::Any);
    let schools: Vec<(School, u8)> = steam.schools.iter().map(|s| (s.school, s.level)).collect();
    assert_eq!(
        schools,
        [(School::Fire, 2), (School::Air, 2), (School::Water, 2)]
    );
    assert_eq!(steam.attacks[0].effects[0].apply, [Condition::Stagger]);
    // `{3+: ['Freeze']}` and `{7+: ['Freeze', 'Freeze']}`.
    let Card::Creature(golem) = card("Ice Golem") else {
        panic!("a creature")
    };
    let row = &golem.attacks[0].effects[0];
    assert_eq!(
        (row.min, row.max, row.apply),
        (3, None, &[Condition::Freeze][..])
    );
    assert!(
        golem.traits.contains(&Trait::Melting(1)),
        "{:?}",
        golem.traits
    );
    // One item joining two outcomes.
    let Card::Creature(kraken) = card("Kraken") else {
        panic!("a creature")
    };
    assert_eq!(
        kraken.attacks[0].effects[0].apply,
        [Condition::Grapple, Condition::Snatch]
    );
    // Terrain conjurations, the Vine marker, a Level 8 dragon, a new location.
    let Card::Conjuration(swamp) = card("Swamp") else {
        panic!("a conjuration")
    };
    assert_eq!(swamp.form, ConjurationForm::Terrain);
    assert!(matches!(card("Vine Marker Green"), Card::Marker(marker) if marker.life == 1));
    let Card::Creature(alfiya) = card("Alfiya, Noble Enforcer") else {
        panic!("a creature")
    };
    assert_eq!(alfiya.schools[0].level, 8);
    assert_eq!(alfiya.subtypes, [Subtype::Dragon]);
    let Card::Equipment(morning_star) = card("Morning Star") else {
        panic!("equipment")
    };
    assert_eq!(morning_star.slot, Some(EquipmentSlot::Hand));
    // Misspellings of the data read as the printed words.
    let Card::Creature(magma) = card("Magma Golem") else {
        panic!("a creature")
    };
    assert!(magma.traits.contains(&Trait::VariableArmor));
    assert!(magma
        .traits
        .contains(&Trait::VariableDamageType(DamageType::Frost)));
    assert!(card_traits("Sardonyx, Blight of the Living").contains(&Trait::Unstoppable));
}

#[test]
fn unstoppable_is_unmovable_and_refuses_holds_from_data() {
    use grimoire_mage_wars::rules::Printed;
    let talos = Printed::of(CardId::from_name("Talos").expect("a card"));
    assert!(talos.traits.contains(&Trait::Unstoppable));
    let meta = Trait::Unstoppable.meta();
    assert!(meta.blocks.contains(&Condition::Stuck) && meta.blocks.contains(&Condition::Slam));
    assert!(!meta.draft, "the pool's entries are reviewed");
}

fn card_traits(name: &str) -> &'static [Trait] {
    match card(name) {
        Card::Creature(c) => c.traits,
        other => panic!("{name} is not a creature: {other:?}"),
    }
}
