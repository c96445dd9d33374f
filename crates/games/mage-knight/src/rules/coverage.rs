//! Which effect operations, handlers and constants of the content the rules play, in one
//! place.
//!
//! [`op_name`] and [`handler_coverage`] match every generated `EffectOp` and `Handler`
//! variant, so a new operation or handler in the content fails to compile here until it is
//! given a status. The crate's tests check that [`OPERATIONS`] and [`CONSTANTS`] name exactly
//! what `game.toml` declares. [`ability_coverage`] says whether the rules play a special
//! ability (every effect operation interpreted and its handler, if any, played in full), and
//! [`card_coverage`] lists, for a warrior, every special ability its dial shows with its
//! status, in the engine's one coverage model ([`grimoire_engine::coverage`]).

pub use grimoire_engine::Coverage;
use grimoire_engine::{CardCoverage, CoverageReport, Ctx};

use super::content::{Card, EffectOp, Handler, SpecialAbility};
use super::state::{Event, Game, WarriorId};
use crate::catalog::Catalog;

/// The `game.toml` name of an operation.
pub fn op_name(op: &EffectOp) -> &'static str {
    match op {
        EffectOp::ModifyDefense { .. } => "modify_defense",
        EffectOp::ModifyAttackerAttack { .. } => "modify_attacker_attack",
        EffectOp::ModifyTargetDefense { .. } => "modify_target_defense",
        EffectOp::ReduceDamage { .. } => "reduce_damage",
        EffectOp::NoHealing => "no_healing",
        EffectOp::DamageFromDie { .. } => "damage_from_die",
        EffectOp::HealPerDamagedTarget { .. } => "heal_per_damaged_target",
        EffectOp::HealSelfRoll { .. } => "heal_self_roll",
        EffectOp::IgnoreDefenseAbilities { .. } => "ignore_defense_abilities",
        EffectOp::DodgeRoll { .. } => "dodge_roll",
        EffectOp::Retaliate { .. } => "retaliate",
        EffectOp::NotRangedTarget => "not_ranged_target",
        EffectOp::BaseDoesNotBlock => "base_does_not_block",
        EffectOp::IgnoreBasesForLineOfFire => "ignore_bases_for_line_of_fire",
        EffectOp::BreakAwayFailsOnlyOn { .. } => "break_away_fails_only_on",
        EffectOp::OpponentsBreakAwayFailsOnlyOn { .. } => "opponents_break_away_fails_only_on",
        EffectOp::ForbidActions { .. } => "forbid_actions",
        EffectOp::NotAble => "not_able",
        EffectOp::NoContactWithOpponents => "no_contact_with_opponents",
        EffectOp::CannotCapture => "cannot_capture",
        EffectOp::CannotBeCaptured => "cannot_be_captured",
        EffectOp::FreeMoveAction => "free_move_action",
        EffectOp::MoveThenAttack { .. } => "move_then_attack",
        EffectOp::AttackAllInFrontContact => "attack_all_in_front_contact",
        EffectOp::FrontArcDamage { .. } => "front_arc_damage",
        EffectOp::PunishMover { .. } => "punish_mover",
        EffectOp::ExtraActionOnRoll { .. } => "extra_action_on_roll",
        EffectOp::HealDemoralizedFriends { .. } => "heal_demoralized_friends",
        EffectOp::HealSelfWhenDemoralized { .. } => "heal_self_when_demoralized",
        EffectOp::SplashOnHit { .. } => "splash_on_hit",
        EffectOp::SelfPushingAfterAttack { .. } => "self_pushing_after_attack",
        EffectOp::RearContactDamageMultiplier { .. } => "rear_contact_damage_multiplier",
        EffectOp::HealTarget { .. } => "heal_target",
        EffectOp::LendDefense => "lend_defense",
        EffectOp::MagicImmunity => "magic_immunity",
        EffectOp::RangedDamageBonusToFriends { .. } => "ranged_damage_bonus_to_friends",
        EffectOp::TokenOnHit { .. } => "token_on_hit",
        EffectOp::AttackerDiePenalty { .. } => "attacker_die_penalty",
        EffectOp::HealingStopsHere => "healing_stops_here",
        EffectOp::NoDoubleTime => "no_double_time",
        EffectOp::NoMovementFormation => "no_movement_formation",
    }
}

/// Every operation `game.toml` declares, with how the rules treat it.
pub const OPERATIONS: &[(&str, Coverage)] = &[
    (
        "modify_defense",
        Coverage::played("combat (Matchup::defense_value)"),
    ),
    (
        "modify_attacker_attack",
        Coverage::played("combat (Matchup::attack_value)"),
    ),
    (
        "modify_target_defense",
        Coverage::played("combat (Matchup::defense_value)"),
    ),
    (
        "reduce_damage",
        Coverage::played("combat (Matchup::damage_taken), dial"),
    ),
    ("no_healing", Coverage::played("dial (heal)")),
    (
        "damage_from_die",
        Coverage::played("combat (Matchup::damage_value), attack"),
    ),
    (
        "heal_per_damaged_target",
        Coverage::played("resolve (resolve)"),
    ),
    (
        "heal_self_roll",
        Coverage::played("actions (special actions)"),
    ),
    (
        "ignore_defense_abilities",
        Coverage::played("combat (Matchup::new)"),
    ),
    ("dodge_roll", Coverage::played("resolve (resolve), calc")),
    ("retaliate", Coverage::played("resolve (resolve)")),
    (
        "not_ranged_target",
        Coverage::played("attack (check_ranged_targets), calc"),
    ),
    (
        "base_does_not_block",
        Coverage::played("attack (check_ranged_targets)"),
    ),
    (
        "ignore_bases_for_line_of_fire",
        Coverage::played("attack (check_ranged_targets)"),
    ),
    (
        "break_away_fails_only_on",
        Coverage::played("movement (move_warrior)"),
    ),
    (
        "opponents_break_away_fails_only_on",
        Coverage::played("movement (move_warrior)"),
    ),
    (
        "forbid_actions",
        Coverage::played("actions (check_can_act), calc"),
    ),
    (
        "not_able",
        Coverage::played("actions (is_demoralized), phases (Command, Rally, check_objectives)"),
    ),
    (
        "no_contact_with_opponents",
        Coverage::played("movement (move_warrior)"),
    ),
    ("cannot_capture", Coverage::played("attack (check_capture)")),
    (
        "cannot_be_captured",
        Coverage::played("attack (check_capture)"),
    ),
    (
        "free_move_action",
        Coverage::played("actions (check_can_act)"),
    ),
    (
        "move_then_attack",
        Coverage::played("attack (charge, bound)"),
    ),
    (
        "attack_all_in_front_contact",
        Coverage::played("attack (close_combat)"),
    ),
    (
        "front_arc_damage",
        Coverage::played("movement (front_arc_damage)"),
    ),
    ("punish_mover", Coverage::played("movement (move_warrior)")),
    (
        "extra_action_on_roll",
        Coverage::played("phases (command_phase)"),
    ),
    (
        "heal_demoralized_friends",
        Coverage::played("phases (command_phase)"),
    ),
    (
        "heal_self_when_demoralized",
        Coverage::played("phases (command_phase)"),
    ),
    ("splash_on_hit", Coverage::played("resolve (splash)")),
    (
        "self_pushing_after_attack",
        Coverage::played("resolve (resolve)"),
    ),
    (
        "rear_contact_damage_multiplier",
        Coverage::played("combat (Matchup::damage_value)"),
    ),
    ("heal_target", Coverage::played("resolve (heal_attack)")),
    ("lend_defense", Coverage::played("attack (lent_defense)")),
    (
        "magic_immunity",
        Coverage::played("combat (Matchup::new), attack"),
    ),
    (
        "ranged_damage_bonus_to_friends",
        Coverage::played("attack (magic_enhancement)"),
    ),
    ("token_on_hit", Coverage::played("resolve (resolve)")),
    (
        "attacker_die_penalty",
        Coverage::played("attack (parry), calc"),
    ),
    ("healing_stops_here", Coverage::played("dial (start_click)")),
    ("no_double_time", Coverage::played("movement (double_time)")),
    (
        "no_movement_formation",
        Coverage::played("movement (formation_move)"),
    ),
];

/// Every constant `game.toml` declares, with how the rules treat it.
pub const CONSTANTS: &[(&str, Coverage)] = &[
    ("ATTACK_DICE", Coverage::played("resolve (roll_attack)")),
    (
        "SKULLS_TO_ELIMINATE",
        Coverage::not_modelled(
            "the dial data records dead clicks rather than skull counts: turning onto the first dead click is what shows three skulls (dial::turn_dial)",
        ),
    ),
    ("CRITICAL_MISS_ROLL", Coverage::played("combat (roll_result)")),
    ("CRITICAL_MISS_PUSHING_DAMAGE", Coverage::played("resolve (resolve)")),
    ("CRITICAL_HIT_ROLL", Coverage::played("combat (roll_result)")),
    ("CRITICAL_HIT_EXTRA_DAMAGE", Coverage::played("resolve (resolve, heal_attack), calc")),
    ("REAR_ARC_ATTACK_BONUS", Coverage::played("attack")),
    ("CAPTURE_ATTACK_PENALTY", Coverage::played("attack (close_combat)")),
    ("PRECISION_ATTACK_PENALTY", Coverage::played("attack (ranged_combat)")),
    ("GANG_UP_BONUS", Coverage::played("attack (gang_up)")),
    ("POINT_BLANK_BONUS", Coverage::played("attack (ranged_combat)")),
    ("MODIFIER_LIMIT", Coverage::played("combat (modified)")),
    ("MAX_ACTION_TOKENS", Coverage::played("actions, dial (give_token)")),
    ("PUSHING_DAMAGE", Coverage::played("dial (push)")),
    ("SURGE_PUSHING_DAMAGE", Coverage::played("attack (close_combat)")),
    ("POINTS_PER_ACTION", Coverage::played("scenario (build_total)")),
    ("BREAK_AWAY_SUCCEEDS_ON", Coverage::played("movement (break_away_fails_on)")),
    ("BASE_DIAMETER_HUNDREDTHS", Coverage::played("geometry (base_radius)")),
    ("BEDLAM_RADIUS", Coverage::played("attack (gang_up)")),
    ("LEADERSHIP_RANGE", Coverage::played("movement (leadership)")),
    ("MAGIC_LEVITATION_DISTANCE", Coverage::played("movement (levitate)")),
    ("TERRIFY_STOPS_ON", Coverage::played("movement (terrify)")),
    ("OBJECTIVE_DIAMETER_HUNDREDTHS", Coverage::played("phases (check_objectives)")),
    ("NECROMANCY_RETURNS_ON", Coverage::played("reanimate")),
    ("NECROMANCY_UNHARMED_NAMES", Coverage::played("reanimate")),
    ("REVENANT_RANGE", Coverage::played("reanimate")),
    ("HEX_RANGE", Coverage::played("resolve (hex)")),
    ("DOUBLE_TIME_FACTOR", Coverage::played("movement (double_time)")),
    ("FORMATION_MIN_MEMBERS", Coverage::played("special (formation)")),
    ("FORMATION_MAX_MEMBERS", Coverage::played("special (formation)")),
    ("FORMATION_ATTACK_BONUS", Coverage::played("special (formation)")),
    ("FORMATION_BOW_DAMAGE_BONUS", Coverage::played("special (formation)")),
    ("RANKS_WITH_STARS", Coverage::played("army")),
    ("BUILD_TOTAL_STEP", Coverage::played("army")),
    ("CONQUEST_BUILD_TOTAL_STEP", Coverage::played("army")),
    ("CONQUEST_MIN_BUILD_TOTAL", Coverage::played("army")),
    ("FACTIONLESS", Coverage::played("army")),
    ("ADOPTS_FACTIONLESS", Coverage::played("army")),
];

/// The coverage of an operation.
pub fn op_coverage(op: &EffectOp) -> Coverage {
    let name = op_name(op);
    OPERATIONS.iter().find(|(n, _)| *n == name).map_or(
        Coverage::not_modelled("missing from OPERATIONS"),
        |(_, c)| *c,
    )
}

/// How the rules treat a handler: where it is played, or why not yet.
pub fn handler_coverage(handler: Handler) -> Coverage {
    let (played, not) = (Coverage::played, Coverage::not_modelled);
    match handler {
        Handler::Frenzy => played("actions (frenzied)"),
        Handler::SneakAttack => played("movement (free_spins: no free spin after its move action; attack: not with surge)"),
        Handler::Nimble => played("movement (turn: facing changes without an action)"),
        Handler::Sniper => played("movement (turn: facing changes without an action)"),
        Handler::BattleFury => played("dial (captor_changed: a held captive goes free)"),
        Handler::Berserk => played("dial (captor_changed: a held captive is eliminated)"),
        Handler::Counterattack => played("special (counterattack)"),
        Handler::Shockwave => played("special (shockwave)"),
        Handler::Bedlam => not("partly: attack (gang_up: no gang up within 10 inches); borrowing attack values is not modelled"),
        Handler::Aquatic => played("terrain (water is clear for its moves; +2 defense against ranged attacks in water); movement (no double-time)"),
        Handler::Stealth => played("terrain (line_of_fire: blocked through hindering or concealing terrain)"),
        Handler::Pathfinder => not("terrain and movement formations are not modelled"),
        Handler::ForcedMarch => played("movement (formation_move)"),
        Handler::MagicLevitation => played("movement (levitate)"),
        Handler::Summon => played("reanimate"),
        Handler::StrongFlier => played("movement (check_carry, carry)"),
        Handler::Submerged => not("deployment is not modelled"),
        Handler::ThunderBlow => played("special (thunder_blow)"),
        Handler::Bombardment => not("bombardment tokens and drift are not modelled"),
        Handler::Overwatch => played("attack (ranged_combat), special (resolve_overwatch at the command phase)"),
        Handler::Hex => played("actions (special action), resolve (hex: a reroll of any attack roll within range)"),
        Handler::Infiltrate => not("deployment is not modelled"),
        Handler::Terrify => played("movement (terrify)"),
        Handler::Cursed => not("partly: attack (cursed): figures the wand attack hit; moves by a wand figure are not modelled"),
        Handler::Necromancy => played("reanimate"),
        Handler::MagicConfusion => played("special (magic_confusion)"),
        Handler::Leadership => played("movement (leadership)"),
        Handler::Tinker => not("the golem damage type and repair markers are not in the data"),
        Handler::DarkUnity => not("cavalry units as rider and mount are not modelled"),
        Handler::Focus => not("spells and counter spells are not modelled"),
        Handler::FieldRepair => not("the golem damage type is not in the data"),
        Handler::Rally => not("partly: phases (command_phase, heal_self_when_demoralized); eliminating a captive then is not modelled"),
        Handler::Spellbreach => played("combat (Matchup::new), attack: ignores Magic Immunity; the magic immunity defense type is not in the data"),
        Handler::Reconnaissance => not("terrain cards are not modelled"),
        Handler::SiphonEnergy => played("phases (siphon_energy)"),
        Handler::Revenant => played("reanimate (a special action before any other action of the turn)"),
        Handler::AncientMastery => not("spells are not modelled"),
        Handler::NaturesFury => not("attack bonuses are not in the data"),
        Handler::NaturesAlly => not("terrain is not modelled"),
        Handler::LeyHarmony => not("spells are not modelled (and the browse-cost icons are lost)"),
        Handler::GallantDefense => played("attack (lent_defense): Temple Masters are the figures that have Gallant Defense"),
        Handler::Fact => not("partly: special (augment, formation: it shares every friend's faction); adventuring companies are not modelled"),
        Handler::Reckless => played("resolve (reckless)"),
        Handler::MagestoneTrance => played("actions (check_can_act, magestone_trance)"),
        Handler::Lurk => not("partly: its damage reduction is data (reduce_damage); the concealing-terrain defense bonus is not modelled"),
        Handler::Augment => played("special (augment, augment_pushing)"),
        Handler::MindTap => played("phases (mind_tap)"),
    }
}

/// How the rules treat a special ability: played when every effect operation is interpreted
/// and its handler, if any, is played in full; else the first part that is not.
pub fn ability_coverage(ability: SpecialAbility) -> Coverage {
    let meta = ability.meta();
    let parts = meta
        .effects
        .iter()
        .map(op_coverage)
        .chain(meta.handler.map(handler_coverage));
    Coverage::all(parts).unwrap_or(Coverage::not_modelled(
        "neither effect operations nor a handler",
    ))
}

/// Every special ability the dial of `card` shows on any click, with its status.
pub fn card_coverage(card: Card) -> CardCoverage {
    let Card::Warrior(warrior) = card;
    let abilities = warrior.dial.iter().flat_map(|click| {
        [
            click.speed_ability,
            click.attack_ability,
            click.defense_ability,
            click.damage_ability,
        ]
        .into_iter()
        .flatten()
        .map(|a| (a.meta().name.to_string(), ability_coverage(a)))
    });
    let sets = warrior.printings.iter().map(|p| p.set).collect();
    CardCoverage::new(card.name(), card.kind(), sets, abilities)
}

/// Logs, the first time play meets it on `warrior`, each special ability its dial shows now
/// that the rules do not play ([`ability_coverage`]).
pub fn report_not_modelled(state: &mut Game, warrior: WarriorId, ctx: &mut Ctx<'_, Event>) {
    let Some(shown) = state.warriors.get(warrior).map(|w| w.abilities()) else {
        return;
    };
    for ability in shown {
        if ability_coverage(ability).is_played() {
            continue;
        }
        if let Some(event) = state.not_modelled.first(warrior, ability.meta().name) {
            ctx.record(Event::NotModelled(event));
        }
    }
}

/// Every warrior of `catalog` with its coverage, totals per kind and set.
pub fn coverage_report(catalog: &Catalog) -> CoverageReport {
    CoverageReport::new(
        "mage-knight",
        catalog
            .cards()
            .iter()
            .map(|&card| card_coverage(card))
            .collect(),
    )
}
