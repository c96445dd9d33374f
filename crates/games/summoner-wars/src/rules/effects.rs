//! Which effect operations of `game.toml` the rules interpret, in one place (a test checks
//! the list against `game.toml`).

/// Whether the rules interpret an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// Interpreted, with where.
    Interpreted(&'static str),
    /// Declared but not read yet, with why.
    NotModelled(&'static str),
}

/// Every operation of `[effects.*]` with its status.
pub const OPERATIONS: &[(&str, Coverage)] = &[
    (
        "modify_movement",
        Coverage::Interpreted("abilities::movement"),
    ),
    (
        "move_through",
        Coverage::Interpreted("abilities::movement, movement::move_unit"),
    ),
    (
        "damage_moved_through",
        Coverage::Interpreted("movement::move_unit (after the move)"),
    ),
    (
        "straight_move_bonus",
        Coverage::Interpreted("abilities::movement, movement::move_unit"),
    ),
    ("mobile", Coverage::Interpreted("abilities::movement")),
    (
        "add_damage",
        Coverage::Interpreted(
            "movement (WhenMovedAway), attack (AfterAttacked), phases (StartOfTurn)",
        ),
    ),
    (
        "add_boost",
        Coverage::Interpreted("damage::destroy (AfterDestroyed)"),
    ),
    (
        "modify_strength",
        Coverage::Interpreted("abilities::strength"),
    ),
    (
        "strength_per_boost",
        Coverage::Interpreted("abilities::strength"),
    ),
    (
        "damage_around_target",
        Coverage::Interpreted("attack (AfterAttacking)"),
    ),
    ("life_per_boost", Coverage::Interpreted("abilities::life")),
    ("modify_life", Coverage::Interpreted("abilities::life")),
    (
        "roll_reduce_strength",
        Coverage::Interpreted("attack (WhenTargeted)"),
    ),
    ("damage_cap", Coverage::Interpreted("damage::add_damage")),
    (
        "symbol_counts_as",
        Coverage::Interpreted("attack (dice results)"),
    ),
    (
        "takes_damage_from",
        Coverage::Interpreted("attack (dice results)"),
    ),
    ("bounty", Coverage::Interpreted("damage::destroy")),
    ("soulless", Coverage::Interpreted("damage::destroy")),
    (
        "extra_attacker",
        Coverage::Interpreted("attack (choosing attackers)"),
    ),
    (
        "take_destroyed_place",
        Coverage::Interpreted("damage::destroy (AfterDestroyed)"),
    ),
    (
        "extra_attack",
        Coverage::Interpreted("summon::play_event, attack (choosing attackers)"),
    ),
    (
        "block",
        Coverage::Interpreted(
            "movement::blocked (Force, MoveThroughByEnemies); attacks never pass through cards",
        ),
    ),
    (
        "destroy_self_if_boost",
        Coverage::Interpreted("phases (EndOfMagicPhase)"),
    ),
    (
        "return_to_hand_instead",
        Coverage::Interpreted("damage::destroy (active events)"),
    ),
    (
        "lose_abilities",
        Coverage::Interpreted("abilities::abilities (attached events)"),
    ),
    (
        "gain_magic",
        Coverage::NotModelled("no ability of the content uses it yet"),
    ),
    (
        "force",
        Coverage::Interpreted("attack (AfterAttacking, the attacked unit)"),
    ),
];
