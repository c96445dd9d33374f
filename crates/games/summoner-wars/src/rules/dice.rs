//! The attack die of `game.toml` (`[dice.attack]`), read from its generated table: faces are
//! never written here.

use grimoire_engine::{DieFaces, DieSpec};

use super::content::{AttackDieFace, Symbol, ATTACK_DIE, ATTACK_DIE_NAME, ATTACK_DIE_SIDES};

/// The attack die as scripts name it.
pub fn attack_die() -> DieFaces {
    DieFaces::from_table(ATTACK_DIE_NAME, &ATTACK_DIE, |face| face.label)
}

/// The spec to roll the attack die with.
pub const ATTACK: DieSpec = DieSpec {
    name: ATTACK_DIE_NAME,
    faces: ATTACK_DIE_SIDES as u32,
};

/// The face rolled (face indices come from rolling [`ATTACK`]).
pub fn face(index: u32) -> &'static AttackDieFace {
    &ATTACK_DIE[index as usize % ATTACK_DIE.len()]
}

/// How many of `symbol` a face shows.
pub fn shows(face: &AttackDieFace, symbol: Symbol) -> u32 {
    u32::from(match symbol {
        Symbol::Sword => face.sword,
        Symbol::Bow => face.bow,
        Symbol::Special => face.special,
    })
}
