//! Which effect operations of `game.toml` the rules interpret, in one place (a test checks
//! the list against `game.toml`).

pub use grimoire_engine::Coverage;

use super::content::EffectOp;

/// Every operation of `[effects.*]` with its status.
pub const OPERATIONS: &[(&str, Coverage)] = &[
    (
        "attack_each_adjacent",
        Coverage::played("attack (after the attack)"),
    ),
    ("relocate_picked", Coverage::played("instant (activated)")),
    (
        "sole_mover",
        Coverage::played("abilities::movement, movement::move_unit"),
    ),
    (
        "restrain",
        Coverage::played("instant; abilities::movement, attack, phases (start of turn)"),
    ),
    (
        "take_control",
        Coverage::played("instant; phases (end of turn)"),
    ),
    ("gather_around", Coverage::played("instant (events)")),
    ("relocate_structures", Coverage::played("instant (events)")),
    (
        "cancel_damage_from_hand",
        Coverage::played("damage::add_damage (reaction from hand)"),
    ),
    (
        "claim_magic_from_hand",
        Coverage::played("damage::destroy (reaction from hand)"),
    ),
    (
        "cancel_event_from_hand",
        Coverage::played("summon::play_event (reaction from hand)"),
    ),
    ("punish_miss", Coverage::played("attack (AfterAttacked)")),
    ("claim_destroyed", Coverage::played("damage::destroy")),
    (
        "scavenge",
        Coverage::played("damage::destroy; attack (before adding damage)"),
    ),
    (
        "upkeep_unless_destroyed",
        Coverage::played("phases (end of the Attack Phase)"),
    ),
    (
        "movement_this_turn",
        Coverage::played("instant (events); abilities::movement"),
    ),
    ("wall_melding", Coverage::played("attack (counting hits)")),
    (
        "structures_for_strength",
        Coverage::played("attack (before the roll)"),
    ),
    (
        "flee_on_roll",
        Coverage::played("phases (end of the Magic Phase)"),
    ),
    (
        "reach_within",
        Coverage::played("attack (choosing the target)"),
    ),
    (
        "damage_around_destroyed",
        Coverage::played("damage::destroy (AfterDestroyed)"),
    ),
    ("damage_per_discard", Coverage::played("instant (events)")),
    ("damage_around", Coverage::played("instant (events)")),
    ("draw", Coverage::played("instant (events)")),
    ("summon_free", Coverage::played("instant (events)")),
    ("extra_mover", Coverage::played("state::movers_allowed")),
    (
        "advance_after_destroying",
        Coverage::played("damage::destroy (AfterDestroyed)"),
    ),
    (
        "after_attack_rolls",
        Coverage::played("attack (AfterAttacking)"),
    ),
    ("reroll_one", Coverage::played("attack (after the roll)")),
    (
        "cancel_attack_damage",
        Coverage::played("attack (before adding damage)"),
    ),
    (
        "ignore_one_die",
        Coverage::played("attack (after the roll)"),
    ),
    ("fetch_beside", Coverage::played("instant (activated)")),
    (
        "attack_damage_cap",
        Coverage::played("attack (adding damage)"),
    ),
    (
        "exchange_if_unhurt",
        Coverage::played("attack (AfterAttacked)"),
    ),
    (
        "adjacent_attacks_after_moving",
        Coverage::played("attack (choosing the target)"),
    ),
    (
        "magic_from_discard",
        Coverage::played("instant (activated, events)"),
    ),
    (
        "limit_attackers",
        Coverage::played("instant; attack (choosing attackers)"),
    ),
    ("modify_movement", Coverage::played("abilities::movement")),
    (
        "move_through",
        Coverage::played("abilities::movement, movement::move_unit"),
    ),
    (
        "damage_moved_through",
        Coverage::played("movement::move_unit (after the move)"),
    ),
    (
        "straight_move_bonus",
        Coverage::played("abilities::movement, movement::move_unit"),
    ),
    ("mobile", Coverage::played("abilities::movement")),
    (
        "add_damage",
        Coverage::played("movement (WhenMovedAway), attack (AfterAttacked), phases (StartOfTurn)"),
    ),
    (
        "add_boost",
        Coverage::played("damage::destroy (AfterDestroyed)"),
    ),
    ("modify_strength", Coverage::played("abilities::strength")),
    (
        "strength_per_boost",
        Coverage::played("abilities::strength"),
    ),
    (
        "damage_around_target",
        Coverage::played("attack (AfterAttacking)"),
    ),
    ("life_per_boost", Coverage::played("abilities::life")),
    ("modify_life", Coverage::played("abilities::life")),
    (
        "roll_reduce_strength",
        Coverage::played("attack (WhenTargeted)"),
    ),
    ("damage_cap", Coverage::played("damage::add_damage")),
    (
        "symbol_counts_as",
        Coverage::played("attack (dice results)"),
    ),
    (
        "takes_damage_from",
        Coverage::played("attack (dice results)"),
    ),
    ("bounty", Coverage::played("damage::destroy")),
    ("soulless", Coverage::played("damage::destroy")),
    (
        "extra_attacker",
        Coverage::played("attack (choosing attackers)"),
    ),
    (
        "take_destroyed_place",
        Coverage::played("damage::destroy (AfterDestroyed)"),
    ),
    (
        "extra_attack",
        Coverage::played("summon::play_event, attack (choosing attackers)"),
    ),
    (
        "block",
        Coverage::played(
            "movement::blocked (Force, MoveThroughByEnemies); attacks never pass through cards",
        ),
    ),
    (
        "destroy_self_if_boost",
        Coverage::played("phases (EndOfMagicPhase)"),
    ),
    (
        "return_to_hand_instead",
        Coverage::played("damage::destroy (active events)"),
    ),
    (
        "lose_abilities",
        Coverage::played("abilities::abilities (attached events)"),
    ),
    (
        "gain_magic",
        Coverage::not_modelled("no ability of the content uses it yet"),
    ),
    ("immobile", Coverage::played("abilities::movement")),
    ("modify_range", Coverage::played("attack::reach")),
    ("summon_next_to", Coverage::played("summon::check_summon")),
    ("damage", Coverage::played("instant (activated, events)")),
    ("heal", Coverage::played("instant (activated, events)")),
    (
        "strength_this_turn",
        Coverage::played("instant (activated, events)"),
    ),
    (
        "grant_ability",
        Coverage::played("instant (activated, events); abilities::abilities"),
    ),
    (
        "remove_abilities",
        Coverage::played("instant (activated, events); abilities::abilities"),
    ),
    ("steal_magic", Coverage::played("instant (events)")),
    ("precise", Coverage::played("attack (dice)")),
    ("recoil", Coverage::played("attack (adding damage)")),
    (
        "sacrifice_for",
        Coverage::played("damage::add_damage (before adding)"),
    ),
    (
        "place_from_discard",
        Coverage::played("damage::destroy (AfterDestroyed)"),
    ),
    (
        "reach_per_boost",
        Coverage::played("attack (choosing the target)"),
    ),
    (
        "spend_boost_to_move",
        Coverage::played("movement::spend_boost_to_move (after moving and attacking)"),
    ),
    (
        "exchange_with_target",
        Coverage::played("attack (AfterTargeted)"),
    ),
    (
        "range_this_turn",
        Coverage::played("instant; attack::reach"),
    ),
    (
        "hand_size",
        Coverage::played("phases (drawing at the end of the turn)"),
    ),
    (
        "no_attack_after_moving",
        Coverage::played("attack (choosing attackers)"),
    ),
    (
        "must_be_attacked",
        Coverage::played("attack (choosing the target)"),
    ),
    ("pin", Coverage::played("abilities::movement")),
    ("return_to_hand", Coverage::played("instant (activated)")),
    (
        "place_beside",
        Coverage::played("instant (activated, events)"),
    ),
    ("splash", Coverage::played("attack (adding damage)")),
    (
        "disrupt",
        Coverage::played("phases (start of the opponent's turn)"),
    ),
    (
        "target_owner_discards",
        Coverage::played("attack (AfterAttacking)"),
    ),
    ("search", Coverage::played("instant (events)")),
    ("hard_to_hit", Coverage::played("attack (counting hits)")),
    (
        "all_dice_must_hit",
        Coverage::played("attack (counting hits)"),
    ),
    (
        "move_damage_to_summoner",
        Coverage::played("instant (events)"),
    ),
    (
        "discard_from_battlefield",
        Coverage::played("instant (events)"),
    ),
    (
        "hinder_opponent",
        Coverage::played("instant (events); abilities::movement, attack, damage::gain_magic"),
    ),
    (
        "discount_abilities",
        Coverage::played("instant (events); instant::use_ability"),
    ),
    (
        "heal_after_attack",
        Coverage::played("attack (adding damage)"),
    ),
    ("shift", Coverage::played("instant (activated, events)")),
    (
        "follow",
        Coverage::played("movement::move_unit (after the move)"),
    ),
    (
        "force",
        Coverage::played("attack (AfterAttacking, the attacked unit)"),
    ),
];

/// The `game.toml` name of an operation. It matches every generated `EffectOp` variant, so a
/// new operation fails to compile here until it is named.
pub fn op_name(op: &EffectOp) -> &'static str {
    match op {
        EffectOp::ModifyMovement { .. } => "modify_movement",
        EffectOp::MoveThrough { .. } => "move_through",
        EffectOp::DamageMovedThrough { .. } => "damage_moved_through",
        EffectOp::StraightMoveBonus { .. } => "straight_move_bonus",
        EffectOp::Mobile => "mobile",
        EffectOp::AddDamage { .. } => "add_damage",
        EffectOp::AddBoost { .. } => "add_boost",
        EffectOp::ModifyStrength { .. } => "modify_strength",
        EffectOp::StrengthPerBoost { .. } => "strength_per_boost",
        EffectOp::DamageAroundTarget { .. } => "damage_around_target",
        EffectOp::LifePerBoost { .. } => "life_per_boost",
        EffectOp::ModifyLife { .. } => "modify_life",
        EffectOp::RollReduceStrength { .. } => "roll_reduce_strength",
        EffectOp::DamageCap { .. } => "damage_cap",
        EffectOp::SymbolCountsAs { .. } => "symbol_counts_as",
        EffectOp::TakesDamageFrom { .. } => "takes_damage_from",
        EffectOp::Bounty { .. } => "bounty",
        EffectOp::Soulless => "soulless",
        EffectOp::ExtraAttacker => "extra_attacker",
        EffectOp::TakeDestroyedPlace { .. } => "take_destroyed_place",
        EffectOp::ExtraAttack { .. } => "extra_attack",
        EffectOp::Block { .. } => "block",
        EffectOp::DestroySelfIfBoost { .. } => "destroy_self_if_boost",
        EffectOp::ReturnToHandInstead => "return_to_hand_instead",
        EffectOp::LoseAbilities => "lose_abilities",
        EffectOp::GainMagic { .. } => "gain_magic",
        EffectOp::Force { .. } => "force",
        EffectOp::Immobile { .. } => "immobile",
        EffectOp::ModifyRange { .. } => "modify_range",
        EffectOp::SummonNextTo { .. } => "summon_next_to",
        EffectOp::Damage { .. } => "damage",
        EffectOp::Heal { .. } => "heal",
        EffectOp::StrengthThisTurn { .. } => "strength_this_turn",
        EffectOp::GrantAbility { .. } => "grant_ability",
        EffectOp::RemoveAbilities { .. } => "remove_abilities",
        EffectOp::StealMagic { .. } => "steal_magic",
        EffectOp::Precise => "precise",
        EffectOp::Recoil => "recoil",
        EffectOp::SacrificeFor { .. } => "sacrifice_for",
        EffectOp::PlaceFromDiscard { .. } => "place_from_discard",
        EffectOp::ReachPerBoost { .. } => "reach_per_boost",
        EffectOp::SpendBoostToMove { .. } => "spend_boost_to_move",
        EffectOp::ExchangeWithTarget => "exchange_with_target",
        EffectOp::RangeThisTurn { .. } => "range_this_turn",
        EffectOp::HandSize { .. } => "hand_size",
        EffectOp::NoAttackAfterMoving => "no_attack_after_moving",
        EffectOp::MustBeAttacked { .. } => "must_be_attacked",
        EffectOp::Pin { .. } => "pin",
        EffectOp::ReturnToHand { .. } => "return_to_hand",
        EffectOp::PlaceBeside { .. } => "place_beside",
        EffectOp::Splash { .. } => "splash",
        EffectOp::Disrupt { .. } => "disrupt",
        EffectOp::TargetOwnerDiscards { .. } => "target_owner_discards",
        EffectOp::Search { .. } => "search",
        EffectOp::HardToHit { .. } => "hard_to_hit",
        EffectOp::AllDiceMustHit => "all_dice_must_hit",
        EffectOp::MoveDamageToSummoner { .. } => "move_damage_to_summoner",
        EffectOp::DiscardFromBattlefield { .. } => "discard_from_battlefield",
        EffectOp::HinderOpponent { .. } => "hinder_opponent",
        EffectOp::DiscountAbilities { .. } => "discount_abilities",
        EffectOp::HealAfterAttack { .. } => "heal_after_attack",
        EffectOp::Shift { .. } => "shift",
        EffectOp::Follow => "follow",
        EffectOp::AttackEachAdjacent => "attack_each_adjacent",
        EffectOp::RelocatePicked { .. } => "relocate_picked",
        EffectOp::SoleMover { .. } => "sole_mover",
        EffectOp::Restrain { .. } => "restrain",
        EffectOp::TakeControl { .. } => "take_control",
        EffectOp::GatherAround { .. } => "gather_around",
        EffectOp::RelocateStructures { .. } => "relocate_structures",
        EffectOp::CancelDamageFromHand { .. } => "cancel_damage_from_hand",
        EffectOp::ClaimMagicFromHand { .. } => "claim_magic_from_hand",
        EffectOp::CancelEventFromHand => "cancel_event_from_hand",
        EffectOp::PunishMiss { .. } => "punish_miss",
        EffectOp::ClaimDestroyed { .. } => "claim_destroyed",
        EffectOp::Scavenge => "scavenge",
        EffectOp::UpkeepUnlessDestroyed { .. } => "upkeep_unless_destroyed",
        EffectOp::MovementThisTurn { .. } => "movement_this_turn",
        EffectOp::WallMelding { .. } => "wall_melding",
        EffectOp::StructuresForStrength => "structures_for_strength",
        EffectOp::FleeOnRoll { .. } => "flee_on_roll",
        EffectOp::ReachWithin { .. } => "reach_within",
        EffectOp::DamageAroundDestroyed { .. } => "damage_around_destroyed",
        EffectOp::DamagePerDiscard { .. } => "damage_per_discard",
        EffectOp::DamageAround { .. } => "damage_around",
        EffectOp::Draw { .. } => "draw",
        EffectOp::SummonFree { .. } => "summon_free",
        EffectOp::ExtraMover { .. } => "extra_mover",
        EffectOp::AdvanceAfterDestroying => "advance_after_destroying",
        EffectOp::AfterAttackRolls { .. } => "after_attack_rolls",
        EffectOp::RerollOne => "reroll_one",
        EffectOp::CancelAttackDamage { .. } => "cancel_attack_damage",
        EffectOp::IgnoreOneDie => "ignore_one_die",
        EffectOp::FetchBeside { .. } => "fetch_beside",
        EffectOp::AttackDamageCap { .. } => "attack_damage_cap",
        EffectOp::ExchangeIfUnhurt => "exchange_if_unhurt",
        EffectOp::AdjacentAttacksAfterMoving => "adjacent_attacks_after_moving",
        EffectOp::MagicFromDiscard { .. } => "magic_from_discard",
        EffectOp::LimitAttackers { .. } => "limit_attackers",
    }
}

/// The status of an operation.
pub fn op_coverage(op: &EffectOp) -> Coverage {
    let name = op_name(op);
    OPERATIONS.iter().find(|(n, _)| *n == name).map_or(
        Coverage::not_modelled("missing from OPERATIONS"),
        |(_, c)| *c,
    )
}
