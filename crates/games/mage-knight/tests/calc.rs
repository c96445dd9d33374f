//! The exact calculator against hand-computed values (2d6: 36 equally likely rolls).

use grimoire_mage_knight::calc::{calculate, find_warrior, Outcome, Query, Ratio};
use grimoire_mage_knight::AttackRange;

fn calc(
    attacker: &str,
    attacker_click: usize,
    defender: &str,
    defender_click: usize,
    range: AttackRange,
) -> Outcome {
    calculate(&Query {
        attacker: find_warrior(attacker).expect("attacker"),
        attacker_click,
        defender: find_warrior(defender).expect("defender"),
        defender_click,
        range,
    })
    .expect("calculates")
}

fn r(num: u64, den: u64) -> Ratio {
    Ratio::new(num, den)
}

fn sums_to_one(parts: &[Ratio]) -> bool {
    // every denominator divides 36 * 6^3
    let total: u64 = parts.iter().map(|p| p.num * (7776 / p.den)).sum();
    total == 7776
}

#[test]
fn plain_close_attack_with_a_critical() {
    // attack 7 against defense 16: 9 or more on 2d6 hits (10 of 36); 12 adds 1 damage.
    let o = calc(
        "Animated Mud (Weak)",
        2,
        "Animated Mud (Weak)",
        2,
        AttackRange::Close,
    );
    assert_eq!((o.attack_value, o.defense_value), (7, 16));
    assert_eq!(o.p_hit, r(5, 18));
    assert_eq!(o.p_critical_hit, r(1, 36));
    assert_eq!(o.p_critical_miss, r(1, 36));
    assert_eq!(o.clicks_dealt, vec![r(13, 18), r(1, 4), r(1, 36)]);
    assert_eq!(
        o.defender_click,
        vec![
            r(0, 1),
            r(0, 1),
            r(13, 18),
            r(1, 4),
            r(1, 36),
            r(0, 1),
            r(0, 1),
            r(0, 1),
            r(0, 1)
        ]
    );
    assert_eq!(o.expected_clicks, r(11, 36));
    assert_eq!(o.p_eliminate, r(0, 1));
    assert!(sums_to_one(&o.clicks_dealt));
}

#[test]
fn weapon_master_against_dodge() {
    // attack 11 against 17: 6 or more hits (26 of 36); Dodge saves half; Weapon Master rolls
    // the damage (1-6), a critical hit adds 1 (1 of 36 rolls, then halved by Dodge).
    let o = calc(
        "Altem Guardsman (Tough)",
        0,
        "Amazon Draconum",
        0,
        AttackRange::Close,
    );
    assert_eq!(o.p_hit, r(13, 36));
    assert_eq!(
        o.clicks_dealt,
        vec![
            r(23, 36),
            r(25, 432),
            r(13, 216),
            r(13, 216),
            r(13, 216),
            r(13, 216),
            r(13, 216),
            r(1, 432)
        ]
    );
    assert_eq!(o.expected_clicks, r(23, 18));
    assert!(sums_to_one(&o.clicks_dealt));
}

#[test]
fn magic_blast_against_toughness() {
    // attack 15 against 17: everything but two 1s hits; the die damage loses 1 to Toughness.
    let o = calc(
        "Arcane Draconum",
        0,
        "Amethyst Knight",
        0,
        AttackRange::Ranged,
    );
    assert_eq!(o.p_hit, r(35, 36));
    assert_eq!(o.expected_clicks, r(59, 24));
    assert!(sums_to_one(&o.clicks_dealt));
}

#[test]
fn elimination_chance() {
    // damage 3 against a warrior two clicks from its skulls; attack 9 against 13 needs 4+.
    let o = calc(
        "Altem Guardsman (Tough)",
        2,
        "Altem Guardsman (Weak)",
        5,
        AttackRange::Close,
    );
    assert_eq!(o.p_eliminate, r(11, 12));
    assert_eq!(o.defender_click[5], r(1, 12));
    assert_eq!(o.defender_click.len(), 8, "clicks 0-6 and elimination");
    assert_eq!(o.defender_click[7], r(11, 12));
}

#[test]
fn invulnerability_reduces_every_hit() {
    // attack 9 against 19 needs 10+ (6 of 36); 3 - 2 = 1, a critical 4 - 2 = 2.
    let o = calc(
        "Altem Guardsman (Tough)",
        2,
        "Arcane Draconum",
        0,
        AttackRange::Close,
    );
    assert_eq!(o.p_hit, r(1, 6));
    assert_eq!(o.clicks_dealt, vec![r(5, 6), r(5, 36), r(1, 36)]);
    assert_eq!(o.expected_clicks, r(7, 36));
}

#[test]
fn battle_armor_leaves_only_the_critical_hit() {
    // ranged attack 6 against 16 + 2 = 18 needs 12: only the critical hit, damage 1 + 1.
    let o = calc(
        "Amotep Gunner (Standard)",
        3,
        "Altem Guardsman (Weak)",
        0,
        AttackRange::Ranged,
    );
    assert_eq!(o.defense_value, 18);
    assert_eq!(o.p_hit, r(1, 36));
    assert_eq!(o.clicks_dealt, vec![r(35, 36), r(0, 1), r(1, 36)]);
    // close, Battle Armor does nothing: 6 against 16 needs 10+.
    let o = calc(
        "Amotep Gunner (Standard)",
        3,
        "Altem Guardsman (Weak)",
        0,
        AttackRange::Close,
    );
    assert_eq!((o.defense_value, o.p_hit), (16, r(1, 6)));
}

#[test]
fn impossible_attacks_are_errors() {
    let q = |attacker: &str, click: usize, defender: &str| Query {
        attacker: find_warrior(attacker).unwrap(),
        attacker_click: click,
        defender: find_warrior(defender).unwrap(),
        defender_click: 0,
        range: AttackRange::Ranged,
    };
    assert!(calculate(&q("Alsyn Vale", 0, "Abydor"))
        .unwrap_err()
        .contains("range 0"));
    assert!(calculate(&q("Amotep Gunner (Standard)", 5, "Abydor"))
        .unwrap_err()
        .contains("Demoralized"));
    assert!(calculate(&q("Amotep Gunner (Standard)", 7, "Abydor"))
        .unwrap_err()
        .contains("skulls"));
    assert!(find_warrior("Abydr")
        .unwrap_err()
        .contains("unknown warrior"));
}

#[test]
fn decimals_are_correctly_rounded() {
    assert_eq!(r(1, 3).decimal(6), "0.333333");
    assert_eq!(r(2, 3).decimal(6), "0.666667");
    assert_eq!(r(1, 8).decimal(2), "0.13");
    assert_eq!(r(0, 5).decimal(4), "0.0000");
    assert_eq!(r(59, 24).decimal(6), "2.458333");
    assert_eq!(r(0, 7).to_string(), "0");
    assert_eq!(r(9, 36).to_string(), "1/4");
}
