//! `cargo xtask bench-engine`: the Mage Wars calculator and attack-sequence benchmarks, and
//! random playouts of every game ([`crate::bench_playouts`]).
//!
//! The `cargo xtask` alias builds in debug; for meaningful numbers run
//! `cargo xtask bench-engine` (rebuilds itself in release mode).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use grimoire_engine::{PlayerId, SeededDice, Zone};
use grimoire_mage_wars::calc::{damage_distribution, DamageQuery, MAX_ATTACK_DICE};
use grimoire_mage_wars::rules::{
    attack_action, AttackOptions, AttackProfile, AttackTarget, Game, ObjectKind, Printed,
};
use grimoire_mage_wars::{ActionSpeed, AttackBar, AttackKind, AttackTiming};

/// Arguments of `cargo xtask bench-engine`.
#[derive(clap::Args)]
pub struct Args {
    /// Attack sequences to time.
    #[arg(long, default_value_t = 2_000_000)]
    attacks: u32,
    /// Exact 30-dice distributions to time.
    #[arg(long, default_value_t = 20_000)]
    distributions: u32,
    /// Random whole games to time per game.
    #[arg(long, default_value_t = 200)]
    playouts: u64,
}

/// Runs the benchmarks and prints the numbers against their targets.
pub fn run(args: Args) -> ExitCode {
    if let Some(code) = crate::rerun_in_release() {
        return code;
    }
    let per_distribution = time_distribution(args.distributions.max(1));
    println!(
        "exact distribution, 30 dice vs armor 3: {:.1} µs per distribution (target <= 10 µs)",
        per_distribution * 1e6
    );
    let per_large = time_large_distribution();
    println!(
        "exact distribution, {MAX_ATTACK_DICE} dice vs armor 40 (the calculator's cap): {:.1} ms",
        per_large * 1e3
    );
    let per_second = time_attacks(args.attacks.max(1));
    println!(
        "simple melee attack sequences, seeded dice, event log on: {:.0} per second (target >= 5,000,000)",
        per_second
    );
    crate::bench_playouts::run(args.playouts.max(1));
    ExitCode::SUCCESS
}

fn time_distribution(iterations: u32) -> f64 {
    let query = DamageQuery {
        dice: 30,
        armor: 3,
        ..DamageQuery::default()
    };
    let start = Instant::now();
    for _ in 0..iterations {
        black_box(damage_distribution(black_box(&query)));
    }
    start.elapsed().as_secs_f64() / f64::from(iterations)
}

/// Time of one distribution at the calculator's dice cap: quadratic, so the cap answers in
/// milliseconds (the cubic method it replaced took seconds).
fn time_large_distribution() -> f64 {
    let query = DamageQuery {
        dice: MAX_ATTACK_DICE,
        armor: 40,
        ..DamageQuery::default()
    };
    let start = Instant::now();
    black_box(damage_distribution(black_box(&query)));
    start.elapsed().as_secs_f64()
}

/// A 4-dice quick melee attack.
static STRIKE: AttackBar = AttackBar {
    name: "strike",
    speed: Some(ActionSpeed::Quick),
    kind: AttackKind::Melee,
    timing: AttackTiming::Action,
    range: None,
    dice: 4,
    dice_per_x: 0,
    damage_type: None,
    traits: &[],
    effects: &[],
    alternatives: &[],
    cost: None,
    cost_per_x: 0,
    handler: None,
};

/// A creature with one 4-dice quick melee attack, armor 2 and Life 12.
fn melee_creature() -> Printed {
    Printed {
        name: "bench creature",
        kind: ObjectKind::Creature,
        handler: None,
        level: 1,
        life: 12,
        armor: 2,
        channeling: 0,
        defense: None,
        subtypes: &[],
        schools: &[],
        traits: Vec::new(),
        grants: &[],
        removes: &[],
        melee_attacks_gain: &[],
        attacks: std::slice::from_ref(&STRIKE),
        spell_range: None,
        abilities: &[],
        wall: false,
    }
}

fn time_attacks(iterations: u32) -> f64 {
    let mut game = Game::new();
    let attacker = game.add_object(melee_creature(), PlayerId(1), Zone(0));
    let defender = game.add_object(melee_creature(), PlayerId(2), Zone(0));
    let bar = AttackProfile::new(&STRIKE);
    let mut dice = SeededDice::new(42);
    let start = Instant::now();
    for _ in 0..iterations {
        game.log.clear();
        if let Some(object) = game.store.get_mut(defender) {
            object.damage = 0;
            object.in_play = true;
        }
        let result = attack_action(
            &mut game,
            &mut dice,
            attacker,
            &bar,
            AttackTarget::Object(defender),
            AttackOptions::default(),
        );
        if let Err(e) = result {
            eprintln!("error: {e}");
            return 0.0;
        }
    }
    f64::from(iterations) / start.elapsed().as_secs_f64()
}
