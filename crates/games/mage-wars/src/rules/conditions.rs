//! Placing conditions, from the codex: immunity to the condition's `family`, traits whose
//! `blocks` name it, `affects_conjurations`, `stacking`, the states it imposes, and the
//! native handlers of the entries whose placement does more (`slam_on_unmovable`,
//! `taunt_obligation`, `corrode_overflow`, `tainted`).

use grimoire_engine::ObjectId;

use super::content::{Condition, EffectOp, Handler, Timing, Trait};
use super::state::{DamageSource, Game, Marker};

/// Direct poison damage a Tainted marker deals when it is placed (supplement: Codex, Tainted;
/// the Goblin Bomber and Vampiric examples give 3): the codex entry's native handler `tainted`.
pub const TAINTED_DAMAGE: u32 = 3;

/// Why a condition was not placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The object is immune to the condition's family (Poison Immunity, which Nonliving
    /// implies, keeps off every Poison condition).
    Immune,
    /// A trait of the object blocks it (Burnproof: Burn; Uncontainable: Stuck, Cripple).
    Blocked,
    /// Conjurations cannot receive it (`affects_conjurations = false`).
    Conjuration,
}

/// Whether `condition` can be placed on `target` now, and why not.
pub fn refusal(game: &Game, target: ObjectId, condition: Condition) -> Option<Refusal> {
    let meta = condition.meta();
    if meta.family.is_some_and(|family| game.is_immune(target, family)) {
        return Some(Refusal::Immune);
    }
    if game.has(target, |t| t.meta().blocks.contains(&condition)) {
        return Some(Refusal::Blocked);
    }
    if game.is_conjuration(target) && !meta.affects_conjurations {
        return Some(Refusal::Conjuration);
    }
    None
}

/// The condition that arrives instead of `condition` on `target`: the native handler
/// `slam_on_unmovable` makes an Unmovable object take Slam's replacement (its `replace_with`
/// at `OnActivation`, Daze) straight away.
fn arriving(game: &Game, target: ObjectId, condition: Condition) -> Condition {
    let meta = condition.meta();
    if meta.handler == Some(Handler::SlamOnUnmovable) && game.has_trait(target, Trait::Unmovable) {
        for op in meta.effects {
            if let EffectOp::ReplaceWith {
                condition: replacement,
                timing: Timing::OnActivation,
            } = *op
            {
                return replacement;
            }
        }
    }
    condition
}

/// Places one `condition` marker on `target`, placed by `source` (the attacker, for Taunt's
/// taunter); `retaliation` for Damage Barrier and Counterstrike attacks, whose conditions
/// outlast the end of the target's current Action Phase. Returns the condition placed, if any.
pub fn place_condition(
    game: &mut Game,
    target: ObjectId,
    condition: Condition,
    source: Option<ObjectId>,
    retaliation: bool,
) -> Option<Condition> {
    if refusal(game, target, condition).is_some() {
        return None;
    }
    let condition = arriving(game, target, condition);
    if refusal(game, target, condition).is_some() {
        return None;
    }
    let meta = condition.meta();
    let taunt = meta.effects.iter().any(|op| {
        matches!(
            op,
            EffectOp::RemoveAll {
                timing: Timing::OnTaunterActivation
            }
        )
    });
    if taunt {
        // Native handler `taunt_obligation`: the marker names its taunter.
        if let Some(taunter) = source {
            game.taunt(target, condition, taunter);
        }
        return Some(condition);
    }
    // Native handler `corrode_overflow`: a marker that would take Armor below zero becomes one
    // direct damage of the condition's family instead.
    if meta.handler == Some(Handler::CorrodeOverflow) && game.armor(target) == 0 {
        game.deal_damage(target, 1, DamageSource::Condition(condition));
        return Some(condition);
    }
    let count = game.conditions(target, condition) + 1;
    game.set_markers(target, Marker::Condition(condition), count);
    // Incapacitated: a guard marker on it is removed (codex: Incapacitated).
    if game.is_incapacitated(target) {
        game.set_markers(target, Marker::Guard, 0);
    }
    if retaliation {
        game.kept_until_next_action.push((target, condition));
    }
    // Native handler `tainted`: the marker deals direct damage as it is placed. Its source is
    // the condition, not the attack, so it is not damage dealt by the attack (supplement:
    // Codex, Tainted and Vampiric; ruling 41), but it still destroys by damage (ruling 89).
    if meta.handler == Some(Handler::Tainted) {
        game.deal_damage(target, TAINTED_DAMAGE, DamageSource::Condition(condition));
    }
    Some(condition)
}
