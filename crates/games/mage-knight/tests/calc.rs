//! The exact calculator against hand-computed values (2d6: 36 equally likely rolls).

use grimoire_mage_knight::calc::{calculate, Outcome, Query, Ratio};
use grimoire_mage_knight::catalog::Catalog;
use grimoire_mage_knight::AttackRange;

fn find_warrior(name: &str) -> Result<grimoire_mage_knight::Card, String> {
    grimoire_mage_knight::calc::find_warrior(Catalog::compiled(), name)
}

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

mod agreement {
    //! The calculator agrees with the rules engine: every sequence of die faces the attack can
    //! use is played through `MageKnightRules` and the defender's resulting clicks are tallied.

    use grimoire_engine::{Ctx, EventLog, FirstOption, PlayerId, Rules, ScriptedDice, TablePoint};
    use grimoire_mage_knight::calc::{calculate, Query, Ratio};
    use grimoire_mage_knight::rules::{
        Action, CloseAttack, Game, MageKnightRules, Player, RangedAttack, Warrior, WarriorId,
        Warriors,
    };
    use grimoire_mage_knight::{AttackRange, Card, CardId};

    fn warrior(card: Card, owner: u8, x: f64, facing: f64, click: usize) -> Warrior {
        let mut warrior =
            Warrior::deployed(card, PlayerId(owner), TablePoint { x, y: 0.0, facing }, 0);
        warrior.click = click;
        warrior
    }

    /// The defender's click (its dial length when eliminated) after one attack with `faces`.
    fn play(q: &Query, faces: &[u32]) -> Option<usize> {
        let Card::Warrior(attacker) = q.attacker;
        let distance = if q.range == AttackRange::Ranged {
            f64::from(attacker.range.min(6))
        } else {
            1.25
        };
        let mut game = Game {
            players: vec![
                Player {
                    id: PlayerId(1),
                    actions_per_turn: 1,
                    actions_used: 0,
                    extra_actions: 0,
                },
                Player {
                    id: PlayerId(2),
                    actions_per_turn: 1,
                    actions_used: 0,
                    extra_actions: 0,
                },
            ],
            warriors: Warriors::from(vec![
                warrior(q.attacker, 1, 0.0, 0.0, q.attacker_click),
                warrior(q.defender, 2, distance, 180.0, q.defender_click),
            ]),
            active: PlayerId(1),
            last_roll: 0,
            last_hits: Vec::new(),
            last_values: None,
            terrified: Vec::new(),
            objectives: Vec::new(),
            terrain: Vec::new(),
            over: false,
            turn: 1,
            time_limit: None,
            build_totals: Vec::new(),
            not_modelled: Default::default(),
        };
        let mut dice = ScriptedDice::new();
        dice.push("d6", faces.iter().copied());
        let mut log = EventLog::new();
        let mut chooser = FirstOption;
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        let action = match q.range {
            AttackRange::Ranged => Action::Ranged(RangedAttack::single(WarriorId(0), WarriorId(1))),
            _ => Action::Close(CloseAttack::single(WarriorId(0), WarriorId(1))),
        };
        MageKnightRules::default()
            .apply(&mut game, &action, &mut ctx)
            .ok()?;
        let d = &game.warriors[WarriorId(1)];
        Some(if d.eliminated {
            d.data().dial.len()
        } else {
            d.click
        })
    }

    /// The defender's clicks over every sequence of `rolls` faces, or `None` when some
    /// sequence is too short for the attack.
    fn tally(q: &Query, rolls: u32, len: usize) -> Option<Vec<Ratio>> {
        let total = 6u64.pow(rolls);
        let mut counts = vec![0u64; len];
        for n in 0..total {
            let faces: Vec<u32> = (0..rolls).map(|i| ((n / 6u64.pow(i)) % 6) as u32).collect();
            counts[play(q, &faces)?] += 1;
        }
        Some(counts.iter().map(|c| Ratio::new(*c, total)).collect())
    }

    fn check(q: Query) {
        let expected = calculate(&q).expect("calculates");
        let len = expected.defender_click.len();
        let actual = (2..=5)
            .find_map(|rolls| tally(&q, rolls, len))
            .expect("five dice are enough for one attack");
        assert_eq!(
            actual,
            expected.defender_click,
            "{} (click {}) vs {} (click {}) {:?}",
            q.attacker.name(),
            q.attacker_click,
            q.defender.name(),
            q.defender_click,
            q.range
        );
    }

    #[test]
    fn the_calculator_agrees_with_the_engine() {
        let ids = CardId::ALL;
        let mut pairs = 0;
        for (i, a) in ids.iter().enumerate().step_by(9) {
            for d in ids.iter().skip(i % 7).step_by(13) {
                for range in [AttackRange::Close, AttackRange::Ranged] {
                    let q = Query {
                        attacker: a.card(),
                        attacker_click: 0,
                        defender: d.card(),
                        defender_click: 1,
                        range,
                    };
                    if calculate(&q).is_ok() {
                        check(q);
                        pairs += 1;
                    }
                }
            }
        }
        assert!(pairs >= 40, "only {pairs} pairs checked");
    }
}
