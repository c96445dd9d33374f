//! The new content plays: Venom (a new Poison condition with `upkeep_damage`) hurts a Living
//! creature each Upkeep, and Hollow (a new trait implying Nonliving) keeps it off, through
//! Nonliving's Poison Immunity, with no Rust written for either.

use grimoire_engine::{PlayerId, ScriptedDice, Zone};

use crate::rules::dice::{attack_die, effect_die};
use crate::rules::phases::upkeep_phase;
use crate::rules::{attack_action, AttackOptions, AttackProfile, AttackTarget, Game};
use crate::{CardId, CodexRef, Condition, DamageType, Trait};

/// The Venom Adder bites `victim` with a blank attack die and a 1 on the effect die, then an
/// Upkeep Phase passes; returns the game and the victim.
fn bitten_then_upkeep(victim: &str) -> (Game, grimoire_engine::ObjectId) {
    let mut game = Game::new();
    let adder = game.add_card(
        CardId::from_name("Venom Adder").expect("authored card"),
        PlayerId(1),
        Zone(0),
    );
    let target = game.add_card(
        CardId::from_name(victim).expect("a card"),
        PlayerId(2),
        Zone(0),
    );
    let bite = &game.card(adder).expect("in play").attacks[0];
    let bite = AttackProfile::new(bite);
    let mut dice = ScriptedDice::new();
    dice.push_labels(&attack_die(), ["0"])
        .expect("a blank face");
    dice.push_labels(&effect_die(), ["1"]).expect("a d12 face");
    attack_action(
        &mut game,
        &mut dice,
        adder,
        &bite,
        AttackTarget::Object(target),
        AttackOptions::default(),
    )
    .expect("the bite is legal");
    upkeep_phase(&mut game, &mut ScriptedDice::new(), &[]).expect("Venom rolls no dice");
    (game, target)
}

#[test]
fn the_new_trait_implies_what_it_names_transitively() {
    let implied = Trait::Hollow.meta().implied;
    for wanted in [
        Trait::Nonliving,
        Trait::Immunity(DamageType::Poison),
        Trait::FiniteLife,
    ] {
        assert!(
            implied.contains(&CodexRef::Trait(wanted)),
            "{wanted} in {implied:?}"
        );
    }
}

#[test]
fn venom_deals_its_upkeep_damage_to_a_living_creature() {
    let (game, fox) = bitten_then_upkeep("Bitterwood Fox");
    assert_eq!(game.conditions(fox, Condition::Venom), 1);
    assert_eq!(
        game.store.get(fox).expect("fox").damage,
        2,
        "two direct damage per Venom"
    );
}

#[test]
fn a_hollow_creature_never_gets_venom() {
    let (game, sentinel) = bitten_then_upkeep("Hollow Sentinel");
    assert!(game.has_trait(sentinel, Trait::Nonliving));
    assert!(game.is_immune(sentinel, DamageType::Poison));
    assert!(!game.is_living(sentinel));
    assert_eq!(game.conditions(sentinel, Condition::Venom), 0);
    assert_eq!(game.store.get(sentinel).expect("sentinel").damage, 0);
}

/// The same, as a scenario file through the generic runner, with the authored names in it
/// (`Venom`, `Hollow Sentinel`): unknown names would be errors, so it cannot pass vacuously.
#[test]
fn the_authored_scenario_passes_through_the_generic_runner() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/venom-and-hollow.toml"
    );
    let text = std::fs::read_to_string(path).expect("the scenario is readable");
    let run = grimoire_engine::run_scenario(&crate::rules::MageWarsScenarios::default(), &text);
    assert!(run.passed(), "{:#?}", run.report(path));
}

/// The draft entries of `additions/` (`draft = true`, as `import --scaffold` writes them) are
/// in the tables, and play names each one it meets: a draft trait when its creature attacks, a
/// draft condition when it is placed, each once.
#[test]
fn play_reports_the_draft_entries_it_meets() {
    use crate::rules::GameEvent;
    assert!(Trait::Glimmer.meta().draft && Condition::Dazzle.meta().draft);
    assert!(!Trait::Hollow.meta().draft);
    let mut game = Game::new();
    let moth = game.add_card(
        CardId::from_name("Glimmer Moth").expect("authored card"),
        PlayerId(1),
        Zone(0),
    );
    let fox = game.add_card(
        CardId::from_name("Bitterwood Fox").expect("a card"),
        PlayerId(2),
        Zone(0),
    );
    let wing = AttackProfile::new(&game.card(moth).expect("in play").attacks[0]);
    for _ in 0..2 {
        let mut dice = ScriptedDice::new();
        dice.push_labels(&attack_die(), ["0"])
            .expect("a blank face");
        dice.push_labels(&effect_die(), ["1"]).expect("a d12 face");
        attack_action(
            &mut game,
            &mut dice,
            moth,
            &wing,
            AttackTarget::Object(fox),
            AttackOptions::default(),
        )
        .expect("the attack is legal");
    }
    let drafts: Vec<(&str, &str)> = game
        .log
        .events()
        .iter()
        .filter_map(|event| match event {
            GameEvent::DraftEntry {
                category, entry, ..
            } => Some((*category, *entry)),
            _ => None,
        })
        .collect();
    assert_eq!(drafts, [("Trait", "Glimmer"), ("Condition", "Dazzle")]);
    // Reported once though met twice; a draft still places (one marker: `once` stacking).
    assert_eq!(game.conditions(fox, Condition::Dazzle), 1);
}
