//! The effect vocabulary of `codex/wow-tcg/game.toml`, interpreted in one place: which
//! operations an object has (from its keywords with their implied closure, its tags, its own
//! effects and keywords granted in play), and which operations the rules interpret.

pub use grimoire_engine::Coverage;

use super::content::{CodexRef, EffectOp, Keyword};

/// Every operation of the vocabulary with its status.
pub const OPERATIONS: &[(&str, Coverage)] = &[
    (
        "deal_damage",
        Coverage::played("chain: a resolving link creates packets"),
    ),
    (
        "heal_damage",
        Coverage::played("chain: a resolving link creates healing packets"),
    ),
    (
        "modify_atk",
        Coverage::played("state::atk: continuous, or this turn from a link"),
    ),
    (
        "modify_health",
        Coverage::played("state::health: continuous while its card is in play"),
    ),
    (
        "draw_cards",
        Coverage::played("chain: the controller draws"),
    ),
    (
        "prevent_damage",
        Coverage::played("packets: a prevention bubble"),
    ),
    (
        "replace_damage",
        Coverage::played("packets: replacement modifiers"),
    ),
    (
        "triggered_damage",
        Coverage::played("chain: triggered effects"),
    ),
    (
        "attaches",
        Coverage::played("chain: an attaching ability enters play attached to its target"),
    ),
    (
        "payment_power",
        Coverage::played("chain: using a power adds a payment effect"),
    ),
    ("ready", Coverage::played("chain: a resolving link readies")),
    (
        "keep_exhausted",
        Coverage::played("chain: a resolving link flags cards to skip their next ready step"),
    ),
    (
        "destroy",
        Coverage::played("chain: a resolving link destroys; 'is destroyed' powers trigger"),
    ),
    (
        "exhaust",
        Coverage::played("chain: a resolving link exhausts; becoming exhausted triggers"),
    ),
    (
        "triggered_power",
        Coverage::played("chain: triggered effects; the effect a payment power would do"),
    ),
    (
        "triggered_draw",
        Coverage::played("chain: triggered effects; the controller draws"),
    ),
    (
        "triggered_heal",
        Coverage::played("chain: triggered effects, double-check condition (703.2)"),
    ),
    (
        "grant_keyword",
        Coverage::played("chain: the recipient gains the keyword this turn"),
    ),
    (
        "return_to_hand",
        Coverage::played("chain: a resolving link puts cards from play into their owners' hands"),
    ),
    (
        "remove_from_game",
        Coverage::played("chain: a resolving link removes cards in play from the game"),
    ),
    (
        "interrupt",
        Coverage::played("chain: a resolving link interrupts the card link it targets"),
    ),
    (
        "strike_cost_reduction",
        Coverage::played("combat: striking pays the reduced strike cost"),
    ),
    (
        "enters_play_exhausted",
        Coverage::played("chain: a card enters play exhausted"),
    ),
    (
        "cannot_attack",
        Coverage::played("combat: proposal legality"),
    ),
    ("can_protect", Coverage::played("combat: the protect point")),
    (
        "cannot_be_defender",
        Coverage::played("combat: proposal legality"),
    ),
    (
        "attacks_on_arrival",
        Coverage::played("combat: proposal legality"),
    ),
    (
        "no_protect_while_attacking",
        Coverage::played("combat: the protect point"),
    ),
    (
        "no_defender_damage_while_attacking",
        Coverage::played("combat: conclusion"),
    ),
    (
        "untargetable",
        Coverage::played("chain: choosing and rechecking targets"),
    ),
    (
        "weapon_strikes",
        Coverage::played("combat: weapon strikes per combat"),
    ),
    (
        "hand_slot",
        Coverage::played("checks: Two-Handed with Off-Hand violates uniqueness"),
    ),
    (
        "prevent_all_damage",
        Coverage::played("packets: a lasting bubble"),
    ),
    (
        "indestructible",
        Coverage::played("checks: fatal damage does not destroy it; uniqueness does"),
    ),
    (
        "any_priority",
        Coverage::played("chain: timing of playing a card"),
    ),
    (
        "stays_in_play",
        Coverage::played("chain: an ongoing ability enters play"),
    ),
    ("unique_by_name", Coverage::played("checks: uniqueness")),
    (
        "totem",
        Coverage::played("combat and checks: Totems never attack; attachments fall off"),
    ),
    (
        "unlimited_copies",
        Coverage::played("deck check: any number of copies (100.4, deck::copy_violations)"),
    ),
    (
        "trap_cost",
        Coverage::not_modelled("alternative costs are not modelled yet"),
    ),
    (
        "completion_effect",
        Coverage::played("chain: a quest's Reward is a completion power (use_power, 702)"),
    ),
];

/// The operation's name as `game.toml` declares it.
pub fn op_name(op: &EffectOp) -> &'static str {
    match op {
        EffectOp::DealDamage { .. } => "deal_damage",
        EffectOp::HealDamage { .. } => "heal_damage",
        EffectOp::ModifyAtk { .. } => "modify_atk",
        EffectOp::ModifyHealth { .. } => "modify_health",
        EffectOp::DrawCards { .. } => "draw_cards",
        EffectOp::PreventDamage { .. } => "prevent_damage",
        EffectOp::ReplaceDamage { .. } => "replace_damage",
        EffectOp::TriggeredDamage { .. } => "triggered_damage",
        EffectOp::TriggeredHeal { .. } => "triggered_heal",
        EffectOp::TriggeredDraw { .. } => "triggered_draw",
        EffectOp::TriggeredPower { .. } => "triggered_power",
        EffectOp::GrantKeyword { .. } => "grant_keyword",
        EffectOp::Exhaust { .. } => "exhaust",
        EffectOp::Ready { .. } => "ready",
        EffectOp::KeepExhausted { .. } => "keep_exhausted",
        EffectOp::Destroy { .. } => "destroy",
        EffectOp::ReturnToHand { .. } => "return_to_hand",
        EffectOp::RemoveFromGame { .. } => "remove_from_game",
        EffectOp::Interrupt { .. } => "interrupt",
        EffectOp::EntersPlayExhausted => "enters_play_exhausted",
        EffectOp::StrikeCostReduction { .. } => "strike_cost_reduction",
        EffectOp::CannotAttack { .. } => "cannot_attack",
        EffectOp::PaymentPower { .. } => "payment_power",
        EffectOp::Attaches => "attaches",
        EffectOp::CanProtect => "can_protect",
        EffectOp::CannotBeDefender => "cannot_be_defender",
        EffectOp::AttacksOnArrival => "attacks_on_arrival",
        EffectOp::NoProtectWhileAttacking => "no_protect_while_attacking",
        EffectOp::NoDefenderDamageWhileAttacking => "no_defender_damage_while_attacking",
        EffectOp::Untargetable => "untargetable",
        EffectOp::WeaponStrikes { .. } => "weapon_strikes",
        EffectOp::HandSlot { .. } => "hand_slot",
        EffectOp::PreventAllDamage { .. } => "prevent_all_damage",
        EffectOp::Indestructible => "indestructible",
        EffectOp::AnyPriority => "any_priority",
        EffectOp::StaysInPlay => "stays_in_play",
        EffectOp::UniqueByName => "unique_by_name",
        EffectOp::UnlimitedCopies => "unlimited_copies",
        EffectOp::Totem => "totem",
        EffectOp::TrapCost => "trap_cost",
        EffectOp::CompletionEffect => "completion_effect",
    }
}

/// The status of an operation.
pub fn coverage(op: &EffectOp) -> Coverage {
    let name = op_name(op);
    OPERATIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(Coverage::not_modelled("unknown operation"), |(_, c)| *c)
}

/// Calls `visit` with every operation a keyword carries, its implied keywords' included, and
/// the keyword's number (X of `Assault {n}`; 0 without one). `visit` is a trait object, so
/// the many callers share one copy of the function.
pub fn keyword_ops(keyword: Keyword, visit: &mut dyn FnMut(&'static EffectOp, i32)) {
    let meta = keyword.meta();
    let x = keyword.int_param().unwrap_or(0) as i32;
    meta.effects.iter().for_each(|op| visit(op, x));
    for implied in meta.implied {
        let effects = match implied {
            CodexRef::Keyword(k) => k.meta().effects,
            CodexRef::TypeTag(t) => t.meta().effects,
        };
        effects.iter().for_each(|op| visit(op, 0));
    }
}
