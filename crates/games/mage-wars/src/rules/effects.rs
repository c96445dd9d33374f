//! Which effect operations and constants of `game.toml` the rules interpret, in one place.
//!
//! Each operation of the codex's effect vocabulary is either interpreted (the module that
//! does it is named) or listed as not modelled yet with the reason. [`op_name`] matches every
//! generated `EffectOp` variant, so a new operation in `game.toml` fails to compile here until
//! it is given a status; the workspace test `effect_coverage` checks that the names below are
//! exactly those `game.toml` declares.

pub use grimoire_engine::Coverage;

use super::content::EffectOp;

/// The `game.toml` name of an operation.
pub fn op_name(op: &EffectOp) -> &'static str {
    match op {
        EffectOp::AttackDice { .. } => "attack_dice",
        EffectOp::EffectDie { .. } => "effect_die",
        EffectOp::DefenseModifier { .. } => "defense_modifier",
        EffectOp::AttributeModifier { .. } => "attribute_modifier",
        EffectOp::ArmorPiercing { .. } => "armor_piercing",
        EffectOp::MoveActions { .. } => "move_actions",
        EffectOp::UpkeepMana { .. } => "upkeep_mana",
        EffectOp::Dissipate { .. } => "dissipate",
        EffectOp::UpkeepHeal { .. } => "upkeep_heal",
        EffectOp::UpkeepDamage { .. } => "upkeep_damage",
        EffectOp::MissRoll { .. } => "miss_roll",
        EffectOp::EscapeRoll { .. } => "escape_roll",
        EffectOp::RemoveAll { .. } => "remove_all",
        EffectOp::ReplaceWith { .. } => "replace_with",
        EffectOp::Impose { .. } => "impose",
        EffectOp::ManaDrain { .. } => "mana_drain",
        EffectOp::ExtraStrikes { .. } => "extra_strikes",
        EffectOp::RevealCost { .. } => "reveal_cost",
    }
}

/// Every operation `game.toml` declares, with how the rules treat it.
pub const OPERATIONS: &[(&str, Coverage)] = &[
    ("attack_dice", Coverage::played("modifiers")),
    ("effect_die", Coverage::played("modifiers")),
    (
        "defense_modifier",
        Coverage::played("state (Game::defense_modifier)"),
    ),
    (
        "attribute_modifier",
        Coverage::played("state (Game::attribute)"),
    ),
    (
        "armor_piercing",
        Coverage::played("profile (AttackProfile::piercing)"),
    ),
    (
        "move_actions",
        Coverage::played("movement (move_limits: moves, quick action, end of the phase)"),
    ),
    ("upkeep_mana", Coverage::played("phases (upkeep_phase)")),
    (
        "dissipate",
        Coverage::played("state (Game::add_object), phases (upkeep_phase)"),
    ),
    ("upkeep_heal", Coverage::played("phases (upkeep_phase)")),
    ("upkeep_damage", Coverage::played("phases (upkeep_phase)")),
    (
        "miss_roll",
        Coverage::played("modifiers (miss_roll), attack step 3"),
    ),
    ("escape_roll", Coverage::played("phases (end_action_phase)")),
    (
        "remove_all",
        Coverage::played("phases (end_action_phase, activate)"),
    ),
    (
        "replace_with",
        Coverage::played("state (Game::replace_conditions)"),
    ),
    ("impose", Coverage::played("state (Game::traits)")),
    (
        "mana_drain",
        Coverage::played("profile (AttackProfile::mana_drain), attack"),
    ),
    (
        "extra_strikes",
        Coverage::played("profile (AttackProfile::strikes)"),
    ),
    (
        "reveal_cost",
        Coverage::played("cast (check_reveal: the printed reveal cost, Magebind +X on a Mage)"),
    ),
];

/// Every constant `game.toml` declares, with how the rules (or the spellbook checker) use it.
pub const CONSTANTS: &[(&str, Coverage)] = &[
    ("SPELLBOOK_POINTS", Coverage::played("spellbook")),
    ("TRAINED_LEVEL_MULTIPLIER", Coverage::played("spellbook")),
    ("UNTRAINED_LEVEL_MULTIPLIER", Coverage::played("spellbook")),
    ("OPPOSED_LEVEL_MULTIPLIER", Coverage::played("spellbook")),
    ("NOVICE_SPELL_POINTS", Coverage::played("spellbook")),
    ("EPIC_MAX_COPIES", Coverage::played("spellbook")),
    (
        "CREATURE_DEFAULT_TRAITS",
        Coverage::played("card (Printed::from_card)"),
    ),
    (
        "CONJURATION_DEFAULT_TRAITS",
        Coverage::played("card (Printed::from_card)"),
    ),
    ("MAGE_LEVEL", Coverage::played("card (a Mage's level)")),
    (
        "MIN_ATTACK_DICE",
        Coverage::played("modifiers (attack_dice)"),
    ),
    ("MIN_ARMOR", Coverage::played("state (Game::attribute)")),
    (
        "MIN_CHANNELING",
        Coverage::played("state (Game::attribute)"),
    ),
    ("BASH_ATTACK_DICE", Coverage::played("profile (BASH)")),
    (
        "PUSH_DIRECTION_UPPER_BOUNDS",
        Coverage::not_modelled(
            "random push directions need walls on the board; pushes go away from the source",
        ),
    ),
];

/// How the rules treat an operation.
pub fn coverage(op: &EffectOp) -> Coverage {
    let name = op_name(op);
    OPERATIONS.iter().find(|(n, _)| *n == name).map_or(
        Coverage::not_modelled("missing from OPERATIONS"),
        |(_, c)| *c,
    )
}
