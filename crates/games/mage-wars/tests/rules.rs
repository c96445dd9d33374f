//! Cross-checks of the rules against the exact calculator, and the allocation-free hot path.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use grimoire_engine::{PlayerId, ScriptedDice, SeededDice, Zone};

use grimoire_mage_wars::calc::{damage_distribution, DamageQuery};
use grimoire_mage_wars::rules::card::{ObjectKind, Printed};
use grimoire_mage_wars::rules::dice::{attack_die, effect_die};
use grimoire_mage_wars::rules::profile::AttackProfile;
use grimoire_mage_wars::rules::{
    attack_action, AttackOptions, AttackRefusal, AttackTarget, Game, Refusal, RulesError,
};
use grimoire_mage_wars::{
    AttackBar, AttackKind, AttackTiming, CardId, Condition, EffectRow, Range, Trait,
};

/// Counts allocations made by the current thread, so parallel tests do not disturb the count.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// A creature with Life 200 for tests, with `traits` and one attack.
fn creature(armor: u8, traits: Vec<Trait>, attack: AttackBar) -> Printed {
    Printed {
        name: "test creature",
        kind: ObjectKind::Creature,
        handler: None,
        level: 1,
        life: 200,
        armor,
        channeling: 0,
        defense: None,
        subtypes: &[],
        schools: &[],
        traits: traits
            .into_iter()
            .chain([Trait::Living, Trait::Corporeal])
            .collect(),
        grants: &[],
        removes: &[],
        melee_attacks_gain: &[],
        attacks: Vec::leak(vec![attack]),
        spell_range: None,
        abilities: &[],
        wall: false,
    }
}

/// A melee attack bar with `dice` dice and Piercing +`piercing`.
fn melee(dice: u8, piercing: u8) -> AttackBar {
    let traits: &'static [Trait] = if piercing > 0 {
        Vec::leak(vec![Trait::Piercing(piercing)])
    } else {
        &[]
    };
    AttackBar {
        name: "strike",
        speed: Some(grimoire_mage_wars::ActionSpeed::Quick),
        kind: AttackKind::Melee,
        timing: AttackTiming::Action,
        range: None,
        dice,
        dice_per_x: 0,
        damage_type: None,
        traits,
        effects: &[],
        alternatives: &[],
        cost: None,
        cost_per_x: 0,
        handler: None,
    }
}

/// Runs `rounds` seeded attacks and returns the observed damage frequencies.
fn simulate(attacker: Printed, defender: Printed, rounds: u32, seed: u64) -> Vec<f64> {
    let mut game = Game::new();
    let a = game.add_object(attacker, PlayerId(1), Zone(0));
    let d = game.add_object(defender, PlayerId(2), Zone(0));
    let bar = AttackProfile::new(&game.cards[0].attacks[0]);
    let mut dice = SeededDice::new(seed);
    let mut counts = vec![0u32; 64];
    for _ in 0..rounds {
        game.log.clear();
        game.store.get_mut(d).expect("defender").damage = 0;
        attack_action(
            &mut game,
            &mut dice,
            a,
            &bar,
            AttackTarget::Object(d),
            AttackOptions::default(),
        )
        .expect("seeded dice never run out");
        counts[game.store.get(d).expect("defender").damage as usize] += 1;
    }
    counts
        .iter()
        .map(|&c| f64::from(c) / f64::from(rounds))
        .collect()
}

fn assert_agrees(observed: &[f64], exact: &[f64], what: &str) {
    for (damage, &p) in exact.iter().enumerate() {
        let seen = observed.get(damage).copied().unwrap_or(0.0);
        assert!(
            (seen - p).abs() < 0.01,
            "{what}: damage {damage}: simulated {seen:.4}, exact {p:.4}"
        );
    }
}

#[test]
fn monte_carlo_agrees_with_the_exact_calculator() {
    let cases = [
        (
            melee(4, 0),
            2,
            vec![],
            DamageQuery {
                dice: 4,
                armor: 2,
                ..DamageQuery::default()
            },
        ),
        (
            melee(6, 1),
            3,
            vec![],
            DamageQuery {
                dice: 6,
                armor: 3,
                piercing: 1,
                ..DamageQuery::default()
            },
        ),
        (
            melee(5, 0),
            0,
            vec![Trait::Incorporeal],
            DamageQuery {
                dice: 5,
                incorporeal: true,
                ..DamageQuery::default()
            },
        ),
    ];
    for (seed, (attack, armor, traits, query)) in cases.into_iter().enumerate() {
        let observed = simulate(
            creature(0, vec![], attack),
            creature(armor, traits, attack),
            40_000,
            seed as u64,
        );
        assert_agrees(
            &observed,
            &damage_distribution(&query),
            &format!("{query:?}"),
        );
    }
}

#[test]
fn a_simple_melee_attack_does_not_allocate_once_warm() {
    let mut game = Game::new();
    let a = game.add_object(creature(2, vec![], melee(4, 0)), PlayerId(1), Zone(0));
    let d = game.add_object(creature(2, vec![], melee(4, 0)), PlayerId(2), Zone(0));
    let card = game.cards[0].attacks;
    let bar = AttackProfile::new(&card[0]);
    let mut dice = SeededDice::new(9);
    let mut attack = |game: &mut Game| {
        game.log.clear();
        game.store.get_mut(d).expect("defender").damage = 0;
        attack_action(
            game,
            &mut dice,
            a,
            &bar,
            AttackTarget::Object(d),
            AttackOptions::default(),
        )
        .expect("seeded dice never run out");
    };
    for _ in 0..100 {
        attack(&mut game);
    }
    let probe = ALLOCATIONS.with(Cell::get);
    drop(std::hint::black_box(vec![1u8; 16]));
    assert!(
        ALLOCATIONS.with(Cell::get) > probe,
        "the counting allocator counts"
    );
    let before = ALLOCATIONS.with(Cell::get);
    for _ in 0..1000 {
        attack(&mut game);
    }
    assert_eq!(ALLOCATIONS.with(Cell::get) - before, 0);
    assert!(!game.log.events().is_empty(), "the event log stays on");
}

#[test]
fn attack_costs_are_paid_once_or_the_attack_is_illegal() {
    let costly = AttackBar {
        cost: Some(2),
        traits: &[Trait::Doublestrike],
        ..melee(1, 0)
    };
    let mut game = Game::new();
    let a = game.add_object(creature(0, vec![], costly), PlayerId(1), Zone(0));
    let d = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(2), Zone(0));
    let mut dice = SeededDice::new(1);
    game.set_mana(PlayerId(1), 1);
    let bar = AttackProfile::new(&costly);
    let refused = attack_action(
        &mut game,
        &mut dice,
        a,
        &bar,
        AttackTarget::Object(d),
        AttackOptions::default(),
    );
    assert!(matches!(
        refused,
        Err(RulesError::Illegal(Refusal::Attack(
            AttackRefusal::CannotPay { .. }
        )))
    ));
    game.set_mana(PlayerId(1), 3);
    attack_action(
        &mut game,
        &mut dice,
        a,
        &bar,
        AttackTarget::Object(d),
        AttackOptions::default(),
    )
    .expect("affordable");
    assert_eq!(game.mana[1], 1);
    assert_eq!(game.last_dice_rolled, vec![1, 1]);
}

/// Ruling 41: a Vampiric melee attack deals 4 damage and places Tainted on a Living creature.
/// The attack has dealt 4 (not 7), so the attacker heals 2. No pool card has a Vampiric attack
/// that places Tainted, so the attack is built here.
#[test]
fn vampiric_does_not_count_tainted_damage() {
    let venom = AttackBar {
        traits: &[Trait::Vampiric],
        effects: &[EffectRow {
            min: 9,
            max: None,
            apply: &[Condition::Tainted],
        }],
        ..melee(2, 0)
    };
    let mut game = Game::new();
    let a = game.add_object(creature(0, vec![], venom), PlayerId(1), Zone(0));
    let d = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(2), Zone(0));
    game.store.get_mut(a).expect("attacker").damage = 5;
    let mut dice = ScriptedDice::new();
    dice.push_labels(&attack_die(), ["2", "2"])
        .expect("faces labelled 2");
    dice.push_labels(&effect_die(), ["9"]).expect("a d12 face");
    attack_action(
        &mut game,
        &mut dice,
        a,
        &AttackProfile::new(&venom),
        AttackTarget::Object(d),
        AttackOptions::default(),
    )
    .expect("scripted dice suffice");
    assert_eq!(game.conditions(d, Condition::Tainted), 1);
    assert_eq!(game.store.get(d).expect("defender").damage, 7);
    assert_eq!(
        game.store.get(a).expect("attacker").damage,
        3,
        "healed 2, not 4"
    );
}

/// Supplement, Mandatory Actions (Goran and Suppression Cloak): the obligation includes paying
/// the attack's cost. A Bloodthirsty creature whose only melee attack costs more mana than its
/// controller has is under no obligation; with the mana, it must attack the damaged creature.
#[test]
fn an_unaffordable_attack_creates_no_obligation() {
    let costly = AttackBar {
        cost: Some(2),
        ..melee(1, 0)
    };
    let mut game = Game::new();
    let a = game.add_object(
        creature(0, vec![Trait::Bloodthirsty(0)], costly),
        PlayerId(1),
        Zone(0),
    );
    let prey = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(2), Zone(0));
    let other = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(2), Zone(0));
    game.store.get_mut(prey).expect("prey").damage = 1;
    let mut dice = SeededDice::new(3);
    let ranged_bar = AttackBar {
        kind: AttackKind::Ranged,
        range: Some(Range { min: 0, max: 2 }),
        ..melee(1, 0)
    };
    let ranged = AttackProfile::new(&ranged_bar);
    game.set_mana(PlayerId(1), 1);
    attack_action(
        &mut game,
        &mut dice,
        a,
        &ranged,
        AttackTarget::Object(other),
        AttackOptions::default(),
    )
    .expect("no obligation without the mana to pay for the melee attack");
    game.set_mana(PlayerId(1), 2);
    let refused = attack_action(
        &mut game,
        &mut dice,
        a,
        &ranged,
        AttackTarget::Object(other),
        AttackOptions::default(),
    );
    assert!(
        matches!(
            &refused,
            Err(RulesError::Illegal(Refusal::Attack(
                AttackRefusal::Mandatory { .. }
            )))
        ),
        "{refused:?}"
    );
}

/// Every attack bar of the card pool, against every card with Life at 0, 1 and 2 zones:
/// the engine either resolves the attack or refuses it as illegal (range, Flying, Invisible),
/// never fails otherwise, and every bar resolves somewhere.
#[test]
fn every_attack_bar_of_the_pool_resolves_or_is_refused_as_illegal() {
    let pool: Vec<Printed> = CardId::ALL
        .iter()
        .map(|id| Printed::from_card(id.card()))
        .collect();
    let defenders: Vec<&Printed> = pool.iter().filter(|c| c.life > 0).collect();
    let mut dice = SeededDice::new(7);
    let mut never_resolved: Vec<String> = Vec::new();
    for attacker in pool.iter().filter(|c| !c.attacks.is_empty()) {
        for bar in attacker.attacks {
            let profile = if attacker.is_attack_spell() {
                AttackProfile::spell(bar, attacker.spell_range)
            } else {
                AttackProfile::new(bar)
            };
            let mut resolved = false;
            for defender in &defenders {
                for zone in (0..3u32).map(Zone) {
                    let mut game = Game::new();
                    let a = game.add_object(attacker.clone(), PlayerId(1), Zone(0));
                    let d = game.add_object((*defender).clone(), PlayerId(2), zone);
                    let other = game.add_object((*defender).clone(), PlayerId(2), zone);
                    game.set_mana(PlayerId(1), 20);
                    let target = if profile.is_zone() {
                        AttackTarget::Zone(zone)
                    } else if profile.has(Trait::Sweeping) {
                        AttackTarget::Sweep(d, other)
                    } else {
                        AttackTarget::Object(d)
                    };
                    match attack_action(
                        &mut game,
                        &mut dice,
                        a,
                        &profile,
                        target,
                        AttackOptions::default(),
                    ) {
                        Ok(()) => resolved = true,
                        Err(RulesError::Illegal(_)) => {}
                        Err(other) => panic!(
                            "{} / {} against {} at zone {}: {other}",
                            attacker.name, bar.name, defender.name, zone.0
                        ),
                    }
                }
            }
            if !resolved {
                never_resolved.push(format!("{} / {}", attacker.name, bar.name));
            }
        }
    }
    assert!(never_resolved.is_empty(), "{never_resolved:#?}");
}

/// Range: melee reaches only the attacker's zone; a ranged attack its min-max zones, counted
/// orthogonally; the minimum does not apply to a Flying target in the attacker's zone.
#[test]
fn attacks_are_refused_out_of_range() {
    let ranged = AttackBar {
        name: "bolt",
        kind: AttackKind::Ranged,
        dice: 2,
        range: Some(Range { min: 1, max: 2 }),
        ..melee(2, 0)
    };
    let try_attack = |bar: AttackBar, zone: Zone, traits: Vec<Trait>| {
        let mut game = Game::new();
        let a = game.add_object(creature(0, Vec::new(), bar), PlayerId(1), Zone(0));
        let d = game.add_object(creature(0, traits, melee(1, 0)), PlayerId(2), zone);
        let mut dice = SeededDice::new(1);
        attack_action(
            &mut game,
            &mut dice,
            a,
            &AttackProfile::new(&bar),
            AttackTarget::Object(d),
            AttackOptions::default(),
        )
        .is_ok()
    };
    // Zones are numbered row by row, four columns a row: 1 is beside 0, 5 diagonal to it.
    assert!(try_attack(melee(2, 0), Zone(0), Vec::new()));
    assert!(!try_attack(melee(2, 0), Zone(1), Vec::new()));
    assert!(!try_attack(ranged, Zone(0), Vec::new()));
    assert!(try_attack(ranged, Zone(0), vec![Trait::Flying]));
    assert!(try_attack(ranged, Zone(1), Vec::new()));
    assert!(
        try_attack(ranged, Zone(5), Vec::new()),
        "a diagonal zone is 2 zones away"
    );
    assert!(
        !try_attack(ranged, Zone(3), Vec::new()),
        "3 zones along a row is out of range"
    );
}

/// Codex, Finite Life: Life gained after the object got Finite Life does not count; Life
/// gained before it does.
#[test]
fn finite_life_blocks_later_life_gains_only() {
    use grimoire_engine::TraitEffectKind;
    let mut game = Game::new();
    let id = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(1), Zone(0));
    let printed = game.life(id);
    game.change_trait(id, Trait::Life(3), TraitEffectKind::Grant);
    game.change_trait(id, Trait::FiniteLife, TraitEffectKind::Grant);
    game.change_trait(id, Trait::Life(4), TraitEffectKind::Grant);
    assert_eq!(game.life(id), printed + 3);
}

#[test]
fn legal_actions_are_the_attacks_the_attack_sequence_accepts() {
    use grimoire_engine::Rules;
    use grimoire_mage_wars::rules::{Action, BarSource, MageWarsRules};
    let b2 = Zone(5);
    let mut game = Game::new();
    let a = game.add_object(creature(0, vec![], melee(2, 0)), PlayerId(1), b2);
    let near = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(2), b2);
    let far = game.add_object(
        creature(0, vec![], melee(1, 0)),
        PlayerId(2),
        Zone(b2.0 + 1),
    );
    let flyer = game.add_object(
        creature(0, vec![Trait::Flying], melee(1, 0)),
        PlayerId(2),
        b2,
    );
    let attack = |attacker, target| Action::Attack {
        attacker,
        source: BarSource::Object(attacker),
        bar: 0,
        target: AttackTarget::Object(target),
        charged: false,
    };
    // Melee reaches only the zone, and not a Flying defender.
    assert_eq!(
        MageWarsRules.legal_actions(&game, PlayerId(1)),
        vec![attack(a, near)]
    );
    // A Flying attacker reaches anything in its zone, friends included.
    assert_eq!(
        MageWarsRules.legal_actions(&game, PlayerId(2)),
        vec![attack(near, a), attack(flyer, a), attack(flyer, near)]
    );
    assert!(!MageWarsRules.can_declare(&game, &attack(a, far)));
}

#[test]
fn apply_records_into_the_context_log_and_converts_errors() {
    use grimoire_engine::{Ctx, EventLog, FirstOption, Rules};
    use grimoire_mage_wars::rules::{Action, BarSource, GameEvent, MageWarsRules};
    let mut game = Game::new();
    let a = game.add_object(creature(0, vec![], melee(2, 0)), PlayerId(1), Zone(0));
    let d = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(2), Zone(0));
    let far = game.add_object(creature(0, vec![], melee(1, 0)), PlayerId(2), Zone(11));
    game.log.clear();
    let attack = |target| Action::Attack {
        attacker: a,
        source: BarSource::Object(a),
        bar: 0,
        target: AttackTarget::Object(target),
        charged: false,
    };
    let mut dice = ScriptedDice::new();
    dice.push_labels(&attack_die(), ["2", "2"])
        .expect("faces labelled 2");
    let mut log = EventLog::new();
    let mut chooser = FirstOption;
    let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
    MageWarsRules
        .apply(&mut game, &attack(d), &mut ctx)
        .expect("a legal attack");
    let illegal = MageWarsRules.apply(&mut game, &attack(far), &mut ctx);
    assert!(
        matches!(
            &illegal,
            Err(RulesError::Illegal(Refusal::Attack(
                AttackRefusal::OutOfRange { .. }
            )))
        ),
        "{illegal:?}"
    );
    let exhausted = MageWarsRules.apply(&mut game, &attack(d), &mut ctx);
    assert!(
        matches!(exhausted, Err(RulesError::Dice(_))),
        "{exhausted:?}"
    );
    assert!(
        game.log.events().is_empty(),
        "the game's own log is untouched"
    );
    assert_eq!(
        log.events()[..3],
        [
            GameEvent::AttackDeclared {
                attacker: a,
                defender: d
            },
            GameEvent::DiceRolled {
                attacker: a,
                dice: 2,
                normal: 4,
                critical: 0
            },
            GameEvent::Damaged {
                object: d,
                amount: 4,
                source: grimoire_mage_wars::rules::state::DamageSource::Attack
            },
        ]
    );
    assert_eq!(game.store.get(d).expect("defender").damage, 4);
}

/// Supplement, Kraken: a Snatch brings the defender into the attacker's zone ("Snatched and
/// Pushed to the Kraken's zone"); Thornlasher's Ensnaring Vine (ranged, 0-1) pulls a creature
/// one zone away into its own zone.
#[test]
fn snatch_pulls_the_defender_one_zone_toward_the_attacker() {
    let mut game = Game::new();
    let lasher = game.add_card(
        grimoire_mage_wars::CardId::from_name("Thornlasher").expect("a card"),
        PlayerId(1),
        Zone(0),
    );
    let fox = game.add_card(
        grimoire_mage_wars::CardId::from_name("Bitterwood Fox").expect("a card"),
        PlayerId(2),
        Zone(1),
    );
    let vine = AttackProfile::new(&game.card(lasher).expect("in play").attacks[0]);
    let mut dice = ScriptedDice::new();
    dice.push_labels(&attack_die(), ["0", "0", "0"])
        .expect("blank faces");
    dice.push_labels(&effect_die(), ["12"]).expect("a d12 face");
    attack_action(
        &mut game,
        &mut dice,
        lasher,
        &vine,
        AttackTarget::Object(fox),
        AttackOptions::default(),
    )
    .expect("in range");
    assert_eq!(game.store.get(fox).expect("fox").zone, Zone(0));
}

/// Resilient: critical damage counts as normal damage, so Armor reduces it. Two critical 2s
/// against Armor 3 deal 1 to a Resilient creature and 4 to another.
#[test]
fn resilient_takes_critical_damage_as_normal_damage() {
    for (traits, expected) in [(vec![Trait::Resilient], 1), (vec![], 4)] {
        let mut game = Game::new();
        let a = game.add_object(creature(0, vec![], melee(2, 0)), PlayerId(1), Zone(0));
        let d = game.add_object(creature(3, traits, melee(1, 0)), PlayerId(2), Zone(0));
        let mut dice = ScriptedDice::new();
        dice.push_labels(&attack_die(), ["2*", "2*"])
            .expect("critical faces");
        attack_action(
            &mut game,
            &mut dice,
            a,
            &AttackProfile::new(&melee(2, 0)),
            AttackTarget::Object(d),
            AttackOptions::default(),
        )
        .expect("scripted dice suffice");
        assert_eq!(game.store.get(d).expect("defender").damage, expected);
    }
}

/// Dissipate X from data (`dissipate`): Pillar of Righteous Flame (Dissipate 3) comes into play
/// with 3 tokens, loses one each Upkeep Phase, and is destroyed with the last one.
#[test]
fn dissipate_tokens_count_down_each_upkeep_then_destroy() {
    use grimoire_mage_wars::rules::phases::upkeep_phase;
    use grimoire_mage_wars::rules::Marker;
    let mut game = Game::new();
    let pillar = game.add_card(
        grimoire_mage_wars::CardId::from_name("Pillar of Righteous Flame").expect("a card"),
        PlayerId(1),
        Zone(0),
    );
    let tokens = |game: &Game| {
        game.store
            .get(pillar)
            .map_or(0, |o| o.marker_count(&Marker::Dissipate))
    };
    assert_eq!(tokens(&game), 3);
    for left in [2, 1] {
        upkeep_phase(&mut game, &mut ScriptedDice::new(), &[]).expect("no dice");
        assert_eq!(tokens(&game), left);
        assert!(game.in_play(pillar));
    }
    upkeep_phase(&mut game, &mut ScriptedDice::new(), &[]).expect("no dice");
    assert!(!game.in_play(pillar), "destroyed with the last token");
}

#[test]
fn huge_counts_saturate_instead_of_overflowing() {
    // Corrode, Weak or Daze at 2^31 markers, damage at u32::MAX and mana at u32::MAX
    // overflowed (a panic in debug builds, a wrapped value in release builds).
    use grimoire_mage_wars::rules::phases::{channeling_phase, upkeep_phase};
    use grimoire_mage_wars::rules::Marker;
    let mut game = Game::new();
    let card = |name| grimoire_mage_wars::CardId::from_name(name).expect("a card");
    let wolf = game.add_card(card("Timber Wolf"), PlayerId(1), Zone(0));
    for condition in [
        Condition::Corrode,
        Condition::Weak,
        Condition::Daze,
        Condition::Rot,
    ] {
        game.set_markers(wolf, Marker::Condition(condition), u32::MAX);
        assert_eq!(
            game.conditions(wolf, condition),
            grimoire_mage_wars::rules::limits::MAX_STACKED_MARKERS
        );
    }
    assert_eq!(game.armor(wolf), 0, "Corrode never takes armor below 0");
    assert!(game.defense_modifier(wolf) < 0);
    game.set_mana(PlayerId(1), u32::MAX);
    channeling_phase(&mut game);
    assert_eq!(game.mana_of(PlayerId(1)), u32::MAX);
    let mut dice = SeededDice::new(7);
    upkeep_phase(&mut game, &mut dice, &[]).expect("the upkeep runs");
    if let Some(o) = game.store.get_mut(wolf) {
        o.damage = u32::MAX - 1;
        o.in_play = true;
    }
    game.deal_damage(
        wolf,
        u32::MAX,
        grimoire_mage_wars::rules::state::DamageSource::Attack,
    );
    assert_eq!(game.object(wolf).map(|o| o.damage), Ok(u32::MAX));
    assert!(!game.in_play(wolf));
}

#[test]
fn card_mode_odds_agree_with_the_engine_for_a_dazed_attacker_and_a_defense() {
    use grimoire_mage_wars::calc::{calculate_cards, AttackerState, DefenderState};
    use grimoire_mage_wars::rules::{Catalog, Marker};
    // Huginn's Beak (Dazed: the roll to miss) against Dwarf Panzergarde (Defense 9+): the
    // calculator's distribution against 40,000 attacks of the rules' own attack sequence.
    let (attacker, defender) = ("Huginn, Raven Familiar", "Dwarf Panzergarde");
    let dazed = AttackerState {
        conditions: vec![(Condition::Daze, 1)],
    };
    let calculation = calculate_cards(
        attacker,
        Some("Beak"),
        defender,
        &dazed,
        &DefenderState::default(),
    )
    .expect("calculates");
    let miss = calculation
        .miss
        .as_ref()
        .expect("a Dazed attacker rolls to miss");
    assert_eq!(miss.hit_on, 7);
    assert!((miss.probability - 0.5).abs() < 1e-12);
    let catalog = Catalog::compiled();
    let printed = |name: &str| Printed::from_card(catalog.find(name).expect("card"));
    let mut game = Game::new();
    let a = game.add_object(printed(attacker), PlayerId(1), Zone(0));
    let d = game.add_object(printed(defender), PlayerId(2), Zone(0));
    let beak = game.cards[0]
        .attacks
        .iter()
        .find(|bar| bar.name == "Beak")
        .expect("Beak");
    let bar = AttackProfile::new(beak);
    let mut dice = SeededDice::new(31);
    let rounds = 40_000u32;
    let mut counts = vec![0u32; 64];
    for _ in 0..rounds {
        game.log.clear();
        game.store.get_mut(d).expect("defender").damage = 0;
        game.set_markers(d, Marker::DefenseUsed, 0);
        game.set_markers(a, Marker::Condition(Condition::Daze), 1);
        attack_action(
            &mut game,
            &mut dice,
            a,
            &bar,
            AttackTarget::Object(d),
            AttackOptions::default(),
        )
        .expect("seeded dice never run out");
        counts[game.store.get(d).expect("defender").damage as usize] += 1;
    }
    let observed: Vec<f64> = counts
        .iter()
        .map(|&c| f64::from(c) / f64::from(rounds))
        .collect();
    assert_agrees(
        &observed,
        &calculation.summary.distribution,
        "Dazed Beak on Panzergarde",
    );
    // 1/2 misses, then 1/3 of the rest is avoided: 2/3 of attacks deal nothing for those
    // reasons.
    assert!((calculation.summary.p_avoided - 2.0 / 3.0).abs() < 1e-12);
}
