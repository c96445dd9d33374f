//! Dice: one interface, two sources (a seeded RNG for play and simulation, scripted faces for
//! tests and scenarios).

use std::collections::VecDeque;
use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A kind of die a game rolls: a name (used by scripts and error messages) and its number of
/// faces. Rolling returns a face index in `0..faces`; the game gives faces their meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DieSpec {
    /// Name of the die, e.g. `"attack"` or `"d12"`.
    pub name: &'static str,
    /// Number of faces.
    pub faces: u32,
}

/// A roll that could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A scripted source ran out of faces for this die.
    ScriptExhausted {
        /// The die that was asked for.
        die: &'static str,
        /// How many faces of this die the script provided (all already used).
        scripted: usize,
    },
    /// A scripted face is not a face of the die.
    FaceOutOfRange {
        /// The die that was asked for.
        die: &'static str,
        /// The scripted face index.
        face: u32,
        /// Number of faces of the die.
        faces: u32,
    },
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::ScriptExhausted { die, scripted } => write!(
                f,
                "the rules needed {die} roll number {} but the script provides only {scripted}",
                scripted + 1
            ),
            DiceError::FaceOutOfRange { die, face, faces } => {
                write!(f, "scripted {die} face {face} is not in 0..{faces}")
            }
        }
    }
}

impl std::error::Error for DiceError {}

/// Anything that rolls dice.
pub trait Dice {
    /// Rolls one die and returns the face index in `0..die.faces`.
    fn roll(&mut self, die: DieSpec) -> Result<u32, DiceError>;
}

/// Dice driven by a seeded ChaCha RNG: reproducible for a given seed, never fails.
#[derive(Debug, Clone)]
pub struct SeededDice {
    rng: ChaCha8Rng,
}

impl SeededDice {
    /// Dice seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Dice for SeededDice {
    fn roll(&mut self, die: DieSpec) -> Result<u32, DiceError> {
        Ok(self.rng.random_range(0..die.faces))
    }
}

/// Dice that return scripted faces, per die name, in order. Asking for a die the script did
/// not provide is an error ([`DiceError::ScriptExhausted`]), never a panic.
#[derive(Debug, Clone, Default)]
pub struct ScriptedDice {
    queues: Vec<(&'static str, VecDeque<u32>, usize)>,
}

impl ScriptedDice {
    /// An empty script.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends faces for the die named `die`.
    pub fn push(&mut self, die: &'static str, faces: impl IntoIterator<Item = u32>) {
        let index = self.queue_index(die);
        let (_, queue, provided) = &mut self.queues[index];
        for face in faces {
            queue.push_back(face);
            *provided += 1;
        }
    }

    /// Faces scripted for `die` that were not rolled.
    pub fn unused(&self, die: &str) -> usize {
        self.queues
            .iter()
            .find(|(name, ..)| *name == die)
            .map_or(0, |(_, q, _)| q.len())
    }

    fn queue_index(&mut self, die: &'static str) -> usize {
        match self.queues.iter().position(|(name, ..)| *name == die) {
            Some(index) => index,
            None => {
                self.queues.push((die, VecDeque::new(), 0));
                self.queues.len() - 1
            }
        }
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, die: DieSpec) -> Result<u32, DiceError> {
        let index = self.queue_index(die.name);
        let (_, queue, provided) = &mut self.queues[index];
        let face = queue.pop_front().ok_or(DiceError::ScriptExhausted {
            die: die.name,
            scripted: *provided,
        })?;
        if face >= die.faces {
            return Err(DiceError::FaceOutOfRange {
                die: die.name,
                face,
                faces: die.faces,
            });
        }
        Ok(face)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D6: DieSpec = DieSpec {
        name: "d6",
        faces: 6,
    };

    #[test]
    fn seeded_dice_repeat_for_the_same_seed() {
        let mut a = SeededDice::new(7);
        let mut b = SeededDice::new(7);
        let rolls_a: Vec<_> = (0..20).map(|_| a.roll(D6).unwrap()).collect();
        let rolls_b: Vec<_> = (0..20).map(|_| b.roll(D6).unwrap()).collect();
        assert_eq!(rolls_a, rolls_b);
        assert!(rolls_a.iter().all(|&f| f < 6));
    }

    #[test]
    fn scripted_dice_fail_clearly_when_exhausted() {
        let mut dice = ScriptedDice::new();
        dice.push("d6", [3]);
        assert_eq!(dice.roll(D6), Ok(3));
        let err = dice.roll(D6).unwrap_err();
        assert_eq!(
            err,
            DiceError::ScriptExhausted {
                die: "d6",
                scripted: 1
            }
        );
        assert!(err.to_string().contains("roll number 2"));
    }

    #[test]
    fn scripted_faces_must_exist_on_the_die() {
        let mut dice = ScriptedDice::new();
        dice.push("d6", [6]);
        assert!(matches!(
            dice.roll(D6),
            Err(DiceError::FaceOutOfRange { .. })
        ));
    }
}
