//! The Mage Wars dice: the six-faced attack die and the twelve-sided effect die.

use grimoire_engine::{Dice, DiceError, DieSpec};
use serde::Serialize;

/// The attack die.
pub const ATTACK_DIE: DieSpec = DieSpec {
    name: "attack",
    faces: 6,
};
/// The effect die (d12), also used for Daze, Defense and escape rolls.
pub const EFFECT_DIE: DieSpec = DieSpec {
    name: "effect",
    faces: 12,
};

/// A face of the attack die. Two faces are blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum AttackFace {
    /// No damage.
    Blank,
    /// 1 normal damage.
    One,
    /// 2 normal damage.
    Two,
    /// 1 critical damage.
    OneCritical,
    /// 2 critical damage.
    TwoCritical,
}

impl AttackFace {
    /// The face for a die face index (0 and 1 are the two blanks).
    pub fn from_index(index: u32) -> AttackFace {
        match index {
            2 => AttackFace::One,
            3 => AttackFace::Two,
            4 => AttackFace::OneCritical,
            5 => AttackFace::TwoCritical,
            _ => AttackFace::Blank,
        }
    }

    /// The die face index of this face (the first blank for blanks).
    pub fn index(self) -> u32 {
        match self {
            AttackFace::Blank => 0,
            AttackFace::One => 2,
            AttackFace::Two => 3,
            AttackFace::OneCritical => 4,
            AttackFace::TwoCritical => 5,
        }
    }

    /// Parses the notation `0`, `1`, `2`, `1*`, `2*`.
    pub fn parse(text: &str) -> Option<AttackFace> {
        Some(match text.trim() {
            "0" => AttackFace::Blank,
            "1" => AttackFace::One,
            "2" => AttackFace::Two,
            "1*" => AttackFace::OneCritical,
            "2*" => AttackFace::TwoCritical,
            _ => return None,
        })
    }

    /// The number shown on the face.
    pub fn value(self) -> u32 {
        match self {
            AttackFace::Blank => 0,
            AttackFace::One | AttackFace::OneCritical => 1,
            AttackFace::Two | AttackFace::TwoCritical => 2,
        }
    }

    /// True for the critical faces.
    pub fn is_critical(self) -> bool {
        matches!(self, AttackFace::OneCritical | AttackFace::TwoCritical)
    }
}

/// Rolls one attack die.
pub fn roll_attack_die(dice: &mut dyn Dice) -> Result<AttackFace, DiceError> {
    dice.roll(ATTACK_DIE).map(AttackFace::from_index)
}

/// Rolls the effect die (1 to 12).
pub fn roll_effect_die(dice: &mut dyn Dice) -> Result<i32, DiceError> {
    dice.roll(EFFECT_DIE).map(|face| face as i32 + 1)
}
