//! Placing conditions, from the codex: immunity to the condition's `family`, traits whose
//! `blocks` name it, `affects_conjurations`, `stacking`, the states it imposes, and the
//! native handlers of the entries whose placement does more (`slam_on_unmovable`,
//! `taunt_obligation`, `corrode_overflow`, `tainted`).

use grimoire_engine::ObjectId;

use super::content::{Condition, EffectOp, Timing};
use super::handlers::{fire, Outcome, Trigger};
use super::state::{Game, Marker, RulesError};

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
    if meta
        .family
        .is_some_and(|family| game.is_immune(target, family))
    {
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

/// What the condition's native handler makes of it arriving on `target`
/// ([`Trigger::ConditionArriving`]): Slam on an Unmovable object becomes Daze; Corrode with
/// no armor left to take becomes direct damage.
fn arriving(
    game: &mut Game,
    target: ObjectId,
    condition: Condition,
    source: Option<ObjectId>,
) -> Result<Option<Condition>, RulesError> {
    let Some(handler) = condition.meta().handler else {
        return Ok(Some(condition));
    };
    let trigger = Trigger::ConditionArriving { target, condition };
    Ok(
        match fire(game, None, handler, source.unwrap_or(target), trigger)? {
            Outcome::Replace(other) => Some(other),
            Outcome::Prevent => None,
            _ => Some(condition),
        },
    )
}

/// Places one `condition` marker on `target`, placed by `source` (the attacker, for Taunt's
/// taunter); `retaliation` for Damage Barrier and Counterstrike attacks, whose conditions
/// outlast the end of the target's current Action Phase. Returns the condition placed, if any.
/// The condition's native handler is consulted as it arrives and once it is placed.
pub fn place_condition(
    game: &mut Game,
    target: ObjectId,
    condition: Condition,
    source: Option<ObjectId>,
    retaliation: bool,
) -> Result<Option<Condition>, RulesError> {
    if refusal(game, target, condition).is_some() {
        return Ok(None);
    }
    let Some(condition) = arriving(game, target, condition, source)? else {
        return Ok(None);
    };
    if refusal(game, target, condition).is_some() {
        return Ok(None);
    }
    let meta = condition.meta();
    if meta.draft {
        super::handlers::report_draft(game, target, "Condition", meta.name);
    }
    let taunt = meta.effects.iter().any(|op| {
        matches!(
            op,
            EffectOp::RemoveAll {
                timing: Timing::OnTaunterActivation
            }
        )
    });
    if taunt {
        // The marker names its taunter (the obligation: native handler `taunt_obligation`).
        if let Some(taunter) = source {
            game.taunt(target, condition, taunter);
        }
        return Ok(Some(condition));
    }
    let count = game.conditions(target, condition).saturating_add(1);
    game.set_markers(target, Marker::Condition(condition), count);
    // Incapacitated: a guard marker on it is removed (codex: Incapacitated).
    if game.is_incapacitated(target) {
        game.set_markers(target, Marker::Guard, 0);
    }
    if retaliation {
        game.kept_until_next_action.push((target, condition));
    }
    if let Some(handler) = meta.handler {
        let trigger = Trigger::ConditionPlaced { target, condition };
        fire(game, None, handler, source.unwrap_or(target), trigger)?;
    }
    Ok(Some(condition))
}
