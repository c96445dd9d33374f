//! Which effect operations, handlers and constants of the content the rules play, in one
//! place.
//!
//! [`op_name`] and [`handler_coverage`] match every generated `EffectOp` and `Handler`
//! variant, so a new operation or handler in the content fails to compile here until it is
//! given a status. The crate's tests check that [`OPERATIONS`] and [`CONSTANTS`] name exactly
//! what `game.toml` declares. [`ability_coverage`] sorts every special ability into "from
//! data", "by handler", "partly" and "not yet".

use super::content::{EffectOp, Handler, SpecialAbility};

/// How the rules treat one operation, handler or constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// Interpreted by the named module.
    Interpreted(&'static str),
    /// Not modelled yet, with the reason.
    NotModelled(&'static str),
}

impl Coverage {
    /// Whether it is interpreted.
    pub fn interpreted(self) -> bool {
        matches!(self, Coverage::Interpreted(_))
    }
}

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
        Coverage::Interpreted("combat (Matchup::defense_value)"),
    ),
    (
        "modify_attacker_attack",
        Coverage::Interpreted("combat (Matchup::attack_value)"),
    ),
    (
        "modify_target_defense",
        Coverage::Interpreted("combat (Matchup::defense_value)"),
    ),
    (
        "reduce_damage",
        Coverage::Interpreted("combat (Matchup::damage_taken), dial"),
    ),
    ("no_healing", Coverage::Interpreted("dial (heal)")),
    (
        "damage_from_die",
        Coverage::Interpreted("combat (Matchup::damage_value), attack"),
    ),
    (
        "heal_per_damaged_target",
        Coverage::Interpreted("resolve (resolve)"),
    ),
    (
        "heal_self_roll",
        Coverage::Interpreted("actions (special actions)"),
    ),
    (
        "ignore_defense_abilities",
        Coverage::Interpreted("combat (Matchup::new)"),
    ),
    (
        "dodge_roll",
        Coverage::Interpreted("resolve (resolve), calc"),
    ),
    ("retaliate", Coverage::Interpreted("resolve (resolve)")),
    (
        "not_ranged_target",
        Coverage::Interpreted("attack (check_ranged_targets), calc"),
    ),
    (
        "base_does_not_block",
        Coverage::Interpreted("attack (check_ranged_targets)"),
    ),
    (
        "ignore_bases_for_line_of_fire",
        Coverage::Interpreted("attack (check_ranged_targets)"),
    ),
    (
        "break_away_fails_only_on",
        Coverage::Interpreted("movement (move_warrior)"),
    ),
    (
        "opponents_break_away_fails_only_on",
        Coverage::Interpreted("movement (move_warrior)"),
    ),
    (
        "forbid_actions",
        Coverage::Interpreted("actions (check_can_act), calc"),
    ),
    (
        "not_able",
        Coverage::Interpreted(
            "actions (is_demoralized), phases (Command, Rally, check_objectives)",
        ),
    ),
    (
        "no_contact_with_opponents",
        Coverage::Interpreted("movement (move_warrior)"),
    ),
    (
        "cannot_capture",
        Coverage::Interpreted("attack (check_capture)"),
    ),
    (
        "cannot_be_captured",
        Coverage::Interpreted("attack (check_capture)"),
    ),
    (
        "free_move_action",
        Coverage::Interpreted("actions (check_can_act)"),
    ),
    (
        "move_then_attack",
        Coverage::Interpreted("attack (charge, bound)"),
    ),
    (
        "attack_all_in_front_contact",
        Coverage::Interpreted("attack (close_combat)"),
    ),
    (
        "front_arc_damage",
        Coverage::Interpreted("movement (front_arc_damage)"),
    ),
    (
        "punish_mover",
        Coverage::Interpreted("movement (move_warrior)"),
    ),
    (
        "extra_action_on_roll",
        Coverage::Interpreted("phases (command_phase)"),
    ),
    (
        "heal_demoralized_friends",
        Coverage::Interpreted("phases (command_phase)"),
    ),
    (
        "heal_self_when_demoralized",
        Coverage::Interpreted("phases (command_phase)"),
    ),
    ("splash_on_hit", Coverage::Interpreted("resolve (splash)")),
    (
        "self_pushing_after_attack",
        Coverage::Interpreted("resolve (resolve)"),
    ),
    (
        "rear_contact_damage_multiplier",
        Coverage::Interpreted("combat (Matchup::damage_value)"),
    ),
    (
        "heal_target",
        Coverage::Interpreted("resolve (heal_attack)"),
    ),
    (
        "lend_defense",
        Coverage::Interpreted("attack (lent_defense)"),
    ),
    (
        "magic_immunity",
        Coverage::Interpreted("combat (Matchup::new), attack"),
    ),
    (
        "ranged_damage_bonus_to_friends",
        Coverage::Interpreted("attack (magic_enhancement)"),
    ),
    ("token_on_hit", Coverage::Interpreted("resolve (resolve)")),
    (
        "attacker_die_penalty",
        Coverage::Interpreted("attack (parry), calc"),
    ),
    (
        "healing_stops_here",
        Coverage::Interpreted("dial (start_click)"),
    ),
    (
        "no_double_time",
        Coverage::Interpreted("movement (double_time)"),
    ),
    (
        "no_movement_formation",
        Coverage::Interpreted("movement (formation_move)"),
    ),
];

/// Every constant `game.toml` declares, with how the rules treat it.
pub const CONSTANTS: &[(&str, Coverage)] = &[
    ("ATTACK_DICE", Coverage::Interpreted("resolve (roll_attack)")),
    (
        "SKULLS_TO_ELIMINATE",
        Coverage::NotModelled(
            "the dial data records dead clicks rather than skull counts: turning onto the first dead click is what shows three skulls (dial::turn_dial)",
        ),
    ),
    ("CRITICAL_MISS_ROLL", Coverage::Interpreted("combat (roll_result)")),
    ("CRITICAL_MISS_PUSHING_DAMAGE", Coverage::Interpreted("resolve (resolve)")),
    ("CRITICAL_HIT_ROLL", Coverage::Interpreted("combat (roll_result)")),
    ("CRITICAL_HIT_EXTRA_DAMAGE", Coverage::Interpreted("resolve (resolve, heal_attack), calc")),
    ("REAR_ARC_ATTACK_BONUS", Coverage::Interpreted("attack")),
    ("CAPTURE_ATTACK_PENALTY", Coverage::Interpreted("attack (close_combat)")),
    ("PRECISION_ATTACK_PENALTY", Coverage::Interpreted("attack (ranged_combat)")),
    ("GANG_UP_BONUS", Coverage::Interpreted("attack (gang_up)")),
    ("POINT_BLANK_BONUS", Coverage::Interpreted("attack (ranged_combat)")),
    ("MODIFIER_LIMIT", Coverage::Interpreted("combat (modified)")),
    ("MAX_ACTION_TOKENS", Coverage::Interpreted("actions, dial (give_token)")),
    ("PUSHING_DAMAGE", Coverage::Interpreted("dial (push)")),
    ("SURGE_PUSHING_DAMAGE", Coverage::Interpreted("attack (close_combat)")),
    ("POINTS_PER_ACTION", Coverage::Interpreted("scenario (build_total)")),
    ("BREAK_AWAY_SUCCEEDS_ON", Coverage::Interpreted("movement (break_away_fails_on)")),
    ("BASE_DIAMETER_HUNDREDTHS", Coverage::Interpreted("geometry (base_radius)")),
    ("BEDLAM_RADIUS", Coverage::Interpreted("attack (gang_up)")),
    ("LEADERSHIP_RANGE", Coverage::Interpreted("movement (leadership)")),
    ("MAGIC_LEVITATION_DISTANCE", Coverage::Interpreted("movement (levitate)")),
    ("TERRIFY_STOPS_ON", Coverage::Interpreted("movement (terrify)")),
    ("OBJECTIVE_DIAMETER_HUNDREDTHS", Coverage::Interpreted("phases (check_objectives)")),
    ("NECROMANCY_RETURNS_ON", Coverage::Interpreted("reanimate")),
    ("NECROMANCY_UNHARMED_NAMES", Coverage::Interpreted("reanimate")),
    ("REVENANT_RANGE", Coverage::Interpreted("reanimate")),
    ("HEX_RANGE", Coverage::Interpreted("resolve (hex)")),
    ("DOUBLE_TIME_FACTOR", Coverage::Interpreted("movement (double_time)")),
    ("FORMATION_MIN_MEMBERS", Coverage::Interpreted("special (formation)")),
    ("FORMATION_MAX_MEMBERS", Coverage::Interpreted("special (formation)")),
    ("FORMATION_ATTACK_BONUS", Coverage::Interpreted("special (formation)")),
    ("FORMATION_BOW_DAMAGE_BONUS", Coverage::Interpreted("special (formation)")),
    ("RANKS_WITH_STARS", Coverage::Interpreted("army")),
    ("BUILD_TOTAL_STEP", Coverage::Interpreted("army")),
    ("CONQUEST_BUILD_TOTAL_STEP", Coverage::Interpreted("army")),
    ("CONQUEST_MIN_BUILD_TOTAL", Coverage::Interpreted("army")),
    ("FACTIONLESS", Coverage::Interpreted("army")),
    ("ADOPTS_FACTIONLESS", Coverage::Interpreted("army")),
];

/// The coverage of an operation.
pub fn op_coverage(op: &EffectOp) -> Coverage {
    let name = op_name(op);
    OPERATIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(Coverage::NotModelled("not listed"), |(_, c)| *c)
}

/// How the rules treat a handler: where it is played, or why not yet.
pub fn handler_coverage(handler: Handler) -> Coverage {
    use Coverage::{Interpreted as Played, NotModelled as Not};
    match handler {
        Handler::Frenzy => Played("actions (check_frenzy)"),
        Handler::SneakAttack => Played("movement (free_spins: no free spin after its move)"),
        Handler::Nimble => Played("movement (turn: facing changes without an action)"),
        Handler::Sniper => Played("movement (turn: facing changes without an action)"),
        Handler::BattleFury => Played("dial (captor_changed: a held captive goes free)"),
        Handler::Berserk => Played("dial (captor_changed: a held captive is eliminated)"),
        Handler::Counterattack => Played("special (counterattack)"),
        Handler::Shockwave => Played("special (shockwave)"),
        Handler::Bedlam => Played("attack (gang_up: no gang up within 10 inches); borrowing attack values is not modelled"),
        Handler::Aquatic => Not("terrain (water) is not modelled"),
        Handler::Stealth => Not("terrain (hindering, concealing) is not modelled"),
        Handler::Pathfinder => Not("terrain and movement formations are not modelled"),
        Handler::ForcedMarch => Played("movement (formation_move)"),
        Handler::MagicLevitation => Played("movement (levitate)"),
        Handler::Summon => Played("reanimate"),
        Handler::StrongFlier => Played("movement (check_carry, carry)"),
        Handler::Submerged => Not("deployment is not modelled"),
        Handler::ThunderBlow => Played("special (thunder_blow)"),
        Handler::Bombardment => Not("bombardment tokens and drift are not modelled"),
        Handler::Overwatch => Played("attack (ranged_combat), special (resolve_overwatch at the command phase)"),
        Handler::Hex => Played("actions (special action), resolve (hex: a reroll of any attack roll within range)"),
        Handler::Infiltrate => Not("deployment is not modelled"),
        Handler::Terrify => Played("movement (terrify)"),
        Handler::Cursed => Played("attack (cursed): figures the wand attack hit; moves by a wand figure are not modelled"),
        Handler::Necromancy => Played("reanimate"),
        Handler::MagicConfusion => Played("special (magic_confusion)"),
        Handler::Leadership => Played("movement (leadership)"),
        Handler::Tinker => Not("the golem damage type and repair markers are not in the data"),
        Handler::DarkUnity => Not("cavalry units as rider and mount are not modelled"),
        Handler::Focus => Not("spells and counter spells are not modelled"),
        Handler::FieldRepair => Not("the golem damage type is not in the data"),
        Handler::Rally => Played("phases (command_phase, heal_self_when_demoralized); eliminating a captive then is not modelled"),
        Handler::Spellbreach => Played("combat (Matchup::new), attack: ignores Magic Immunity; the magic immunity defense type is not in the data"),
        Handler::Reconnaissance => Not("terrain cards are not modelled"),
        Handler::SiphonEnergy => Played("phases (siphon_energy)"),
        Handler::Revenant => Played("reanimate (a special action before any other action of the turn)"),
        Handler::AncientMastery => Not("spells are not modelled"),
        Handler::NaturesFury => Not("attack bonuses are not in the data"),
        Handler::NaturesAlly => Not("terrain is not modelled"),
        Handler::LeyHarmony => Not("spells are not modelled (and the browse-cost icons are lost)"),
        Handler::GallantDefense => Played("attack (lent_defense): Temple Masters are the figures that have Gallant Defense"),
        Handler::Fact => Played("special (augment, formation: it shares every friend's faction); adventuring companies are not modelled"),
        Handler::Reckless => Played("resolve (reckless)"),
        Handler::MagestoneTrance => Played("actions (check_can_act, magestone_trance)"),
        Handler::Lurk => Played("its damage reduction is data (reduce_damage); the concealing-terrain defense bonus is not modelled"),
        Handler::Augment => Played("special (augment, augment_pushing)"),
        Handler::MindTap => Played("phases (mind_tap)"),
    }
}

/// How much of an ability the rules play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbilityCoverage {
    /// Every effect is data the rules interpret, and it has no handler.
    FromData,
    /// Its handler is played (with any data it has).
    ByHandler,
    /// Some of it is played (data or part of its handler), some not yet.
    Partly,
    /// Nothing of it is played yet.
    NotYet,
}

/// How much of `ability` the rules play.
pub fn ability_coverage(ability: SpecialAbility) -> AbilityCoverage {
    let meta = ability.meta();
    let data_ok = meta.effects.iter().all(|op| op_coverage(op).interpreted());
    let has_data = !meta.effects.is_empty();
    match meta.handler.map(handler_coverage) {
        None if data_ok => AbilityCoverage::FromData,
        None => AbilityCoverage::Partly,
        Some(Coverage::Interpreted(place)) if data_ok && !place.contains("not modelled") => {
            AbilityCoverage::ByHandler
        }
        Some(Coverage::Interpreted(_)) => AbilityCoverage::Partly,
        Some(Coverage::NotModelled(_)) if has_data => AbilityCoverage::Partly,
        Some(Coverage::NotModelled(_)) => AbilityCoverage::NotYet,
    }
}
