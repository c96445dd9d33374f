//! The Mage Wars dice as `game.toml` declares them: the attack die (`[dice.attack]`, faces
//! with `normal` and `critical` damage) and the effect die (`[dice.effect]`, a d12 also used
//! for Daze, Defense and escape rolls).

use grimoire_engine::{Dice, DiceError, DieFaces, DieSpec};

use super::content::{ATTACK_DIE, ATTACK_DIE_NAME, EFFECT_DIE, EFFECT_DIE_NAME};

/// The attack die, for the dice source.
pub const ATTACK: DieSpec = DieSpec {
    name: ATTACK_DIE_NAME,
    faces: ATTACK_DIE.len() as u32,
};

/// The effect die, for the dice source.
pub const EFFECT: DieSpec = DieSpec {
    name: EFFECT_DIE_NAME,
    faces: EFFECT_DIE.len() as u32,
};

/// The attack die with its face labels (`0`, `1`, `2`, `1*`, `2*`), for scripts.
pub fn attack_die() -> DieFaces {
    DieFaces::from_table(ATTACK_DIE_NAME, &ATTACK_DIE, |face| face.label)
}

/// The effect die with its face labels (`1` to `12`), for scripts.
pub fn effect_die() -> DieFaces {
    DieFaces::from_table(EFFECT_DIE_NAME, &EFFECT_DIE, |face| face.label)
}

/// What one attack die shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackRoll {
    /// Normal damage (armor reduces it).
    pub normal: u32,
    /// Critical damage (armor does not reduce it).
    pub critical: u32,
}

/// Rolls one attack die.
pub fn roll_attack_die(dice: &mut dyn Dice) -> Result<AttackRoll, DiceError> {
    let face = &ATTACK_DIE[dice.roll(ATTACK)? as usize];
    Ok(AttackRoll {
        normal: face.normal as u32,
        critical: face.critical as u32,
    })
}

/// Rolls the effect die: its face value.
pub fn roll_effect_die(dice: &mut dyn Dice) -> Result<i32, DiceError> {
    Ok(EFFECT_DIE[dice.roll(EFFECT)? as usize].value as i32)
}
