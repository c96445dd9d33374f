//! The bounds on the numbers a user gives the Mage Wars rules (scenario keys, calculator
//! arguments, spellbook copies), and the bounded arithmetic that keeps the engine's own sums
//! from overflowing. Each bound and its reason is in docs/decisions.md, "Mage Wars: bounds on
//! the numbers users give".

use grimoire_engine::scenario::Bounded;

use super::content::{Condition, Stacking};

/// Most markers of one condition an object may hold when the codex sets no limit
/// (`stacking = "sum"`): the codex lets them stack without a number, and no game comes near
/// 99 markers of one condition on one object.
pub const MAX_STACKED_MARKERS: u32 = 99;

/// Most damage an object may start a scenario (or a calculation) with: far above any Life a
/// card prints.
pub const MAX_DAMAGE: u32 = 999;

/// Most mana a player may start a scenario with: far above what any Mage channels in a game.
pub const MAX_MANA: u32 = 999;

/// Most tokens (Rage) an object may start a scenario with; Rage +X caps what the rules
/// place far below it.
pub const MAX_TOKENS: u32 = 99;

/// Most armor, or Piercing, the calculator takes: printed armor is a handful, and traits add a
/// few more.
pub const MAX_ARMOR: u32 = 99;

/// Largest modifier to the effect die (either way) the calculator takes: the die has twelve
/// faces, so any modifier past 20 already decides every row.
pub const MAX_EFFECT_MODIFIER: i32 = 99;

/// The lowest and highest effect-die roll an effect row may start at: the codex's own range
/// for an effect row's `min` (`[records.EffectRow]` in `game.toml`, `int(1..=20)`).
pub const EFFECT_ROW_ROLLS: std::ops::RangeInclusive<i32> = 1..=20;

/// Most objects a scenario may put into play: a real arena holds a few dozen. Every phase
/// step visits every object, so the bound keeps a scenario's work linear in its length.
pub const MAX_OBJECTS: usize = 200;

/// Most traits one list of a scenario (`traits`, `removed_traits`, `grant`, `lose`,
/// `revoke`) or of the calculator's `--defender-traits` may name: a card prints a handful.
pub const MAX_TRAITS: usize = 99;

/// A whole number read from a user file (scenario, spellbook) in `0..=MAX`: the engine's
/// [`Bounded`] integer; anything else (negative, larger, a float) is refused where it is
/// written, with the range.
pub type AtMost<const MAX: i64> = Bounded<u32, 0, MAX>;

/// How many markers of `condition` an object may hold: one for `stacking = "once"`, else
/// [`MAX_STACKED_MARKERS`].
pub fn marker_limit(condition: Condition) -> u32 {
    match condition.meta().stacking {
        Stacking::Once => 1,
        _ => MAX_STACKED_MARKERS,
    }
}

/// `amount` once per marker, for `count` markers, saturating at the ends of `i32` instead of
/// overflowing (every count the rules hold is bounded far below that).
pub fn per_marker(amount: i32, count: u32) -> i32 {
    amount.saturating_mul(i32::try_from(count).unwrap_or(i32::MAX))
}

/// `value` as a signed number, saturating at `i32::MAX`.
pub fn signed(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// Checks a number a user gave against `0..=max`; the error names what it is and the range.
pub fn check_at_most(what: &str, value: u32, max: u32) -> Result<u32, String> {
    if value <= max {
        Ok(value)
    } else {
        Err(format!(
            "{what} {value} is out of range: it must be in 0..={max}"
        ))
    }
}

/// Checks a count of `condition` markers a user gave against [`marker_limit`].
pub fn check_markers(condition: Condition, count: u32) -> Result<u32, String> {
    let limit = marker_limit(condition);
    if count <= limit {
        return Ok(count);
    }
    let why = match limit {
        1 => "it does not stack (codex: stacking = \"once\")",
        _ => "more than any object holds",
    };
    Err(format!(
        "{count} {} markers is out of range: it must be in 0..={limit}, {why}",
        condition.name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_counts_stop_at_the_codex_limit() {
        assert_eq!(marker_limit(Condition::Taunt), 1);
        assert_eq!(marker_limit(Condition::Corrode), MAX_STACKED_MARKERS);
        assert!(check_markers(Condition::Corrode, 99).is_ok());
        let error = check_markers(Condition::Corrode, 2_147_483_648).unwrap_err();
        assert!(error.contains("0..=99"), "{error}");
        let error = check_markers(Condition::Taunt, 2).unwrap_err();
        assert!(error.contains("0..=1"), "{error}");
    }

    #[test]
    fn per_marker_amounts_saturate() {
        assert_eq!(per_marker(-1, u32::MAX), -i32::MAX);
        assert_eq!(per_marker(-2, 2_147_483_648), i32::MIN);
        assert_eq!(per_marker(-2, 3), -6);
        assert_eq!(signed(u32::MAX), i32::MAX);
    }
}
