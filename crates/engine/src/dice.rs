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

/// A die as a game declares it in `game.toml` (`[dice.<name>]`): its [`DieSpec`] and the
/// printed label of every face, in face order. Scripts name faces by label (`"1*"`) or by
/// number (`7`, meaning the face labelled `"7"`); rolls still return face indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieFaces {
    spec: DieSpec,
    labels: Vec<String>,
}

impl DieFaces {
    /// A die built from a game's generated die table (`pub static ATTACK_DIE: [AttackDieFace;
    /// 6]`): `label` reads a face's printed label, e.g. `|face| face.label`.
    pub fn from_table<F>(name: &'static str, table: &[F], label: impl Fn(&F) -> &str) -> Self {
        Self::from_labels(name, table.iter().map(|f| label(f).to_string()).collect())
    }

    /// A die with the given face labels, in face order.
    pub fn from_labels(name: &'static str, labels: Vec<String>) -> Self {
        let faces = u32::try_from(labels.len()).unwrap_or(u32::MAX);
        Self {
            spec: DieSpec { name, faces },
            labels,
        }
    }

    /// A plain die whose faces are labelled `"1"` to `"sides"` (`[dice.d12] sides = 12`).
    pub fn numbered(name: &'static str, sides: u32) -> Self {
        let labels = (1..=sides).map(|n| n.to_string()).collect();
        Self::from_labels(name, labels)
    }

    /// The spec to roll this die with.
    pub fn spec(&self) -> DieSpec {
        self.spec
    }

    /// The die's name.
    pub fn name(&self) -> &'static str {
        self.spec.name
    }

    /// Face labels in face order.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// The label of face `face`, if it exists.
    pub fn label(&self, face: u32) -> Option<&str> {
        self.labels.get(face as usize).map(String::as_str)
    }

    /// The first face whose label is `label` (surrounding spaces ignored).
    pub fn face(&self, label: &str) -> Result<u32, DiceError> {
        let label = label.trim();
        self.labels
            .iter()
            .position(|l| *l == label)
            .map(|i| i as u32)
            .ok_or_else(|| DiceError::UnknownFace {
                die: self.spec.name,
                label: label.to_string(),
                labels: self.labels.clone(),
            })
    }
}

/// The die named `name` among `dice`, or [`DiceError::UnknownDie`].
pub fn find_die<'a>(dice: &'a [DieFaces], name: &str) -> Result<&'a DieFaces, DiceError> {
    dice.iter()
        .find(|d| d.name() == name)
        .ok_or_else(|| DiceError::UnknownDie {
            die: name.to_string(),
            known: dice.iter().map(DieFaces::name).collect(),
        })
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
    /// A scripted label names no face of the die.
    UnknownFace {
        /// The die.
        die: &'static str,
        /// The label the script gave.
        label: String,
        /// The die's face labels, in face order.
        labels: Vec<String>,
    },
    /// A script names a die the game does not declare.
    UnknownDie {
        /// The name the script gave.
        die: String,
        /// The dice the game declares.
        known: Vec<&'static str>,
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
                "the rules needed another {die} roll number {} but the script provides only {scripted}",
                scripted + 1
            ),
            DiceError::UnknownFace { die, label, labels } => write!(
                f,
                "{label:?} is not a face of the {die} die (faces: {})",
                labels.join(", ")
            ),
            DiceError::UnknownDie { die, known } => write!(
                f,
                "the game has no die named {die:?} (dice: {})",
                known.join(", ")
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

    /// Whether [`roll`](Self::roll) never fails (a seeded source; a script can run out).
    /// Rules may then change a state in place once an action passed its checks, with no copy
    /// kept to undo it ([`crate::Ctx::never_fails`]). `false` unless the source says so.
    fn never_fails(&self) -> bool {
        false
    }
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

    fn never_fails(&self) -> bool {
        true
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

    /// Appends faces of `die` named by label (`"1*"`) or number (`"7"`): see [`DieFaces::face`].
    pub fn push_labels<S: AsRef<str>>(
        &mut self,
        die: &DieFaces,
        labels: impl IntoIterator<Item = S>,
    ) -> Result<(), DiceError> {
        let faces = labels
            .into_iter()
            .map(|label| die.face(label.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        self.push(die.name(), faces);
        Ok(())
    }

    /// Every die with scripted faces that were not rolled, with how many.
    pub fn unused_all(&self) -> Vec<(&'static str, usize)> {
        self.queues
            .iter()
            .filter(|(_, q, _)| !q.is_empty())
            .map(|(name, q, _)| (*name, q.len()))
            .collect()
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
        // A die the script never named has nothing to roll: no queue is made for it (the
        // answer is the same as from an empty one, and an empty script allocates nothing).
        let Some((_, queue, provided)) =
            self.queues.iter_mut().find(|(name, ..)| *name == die.name)
        else {
            return Err(DiceError::ScriptExhausted {
                die: die.name,
                scripted: 0,
            });
        };
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

    fn attack_die() -> DieFaces {
        struct Face {
            label: &'static str,
        }
        static TABLE: [Face; 6] = [
            Face { label: "0" },
            Face { label: "1" },
            Face { label: "2" },
            Face { label: "1*" },
            Face { label: "2*" },
            Face { label: "0" },
        ];
        DieFaces::from_table("attack", &TABLE, |f| f.label)
    }

    #[test]
    fn a_die_from_a_generated_table_knows_its_labels() {
        let die = attack_die();
        assert_eq!(
            die.spec(),
            DieSpec {
                name: "attack",
                faces: 6
            }
        );
        assert_eq!(die.face("1*"), Ok(3));
        assert_eq!(die.face("0"), Ok(0));
        assert_eq!(die.label(4), Some("2*"));
        let err = die.face("3").unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"3\" is not a face of the attack die (faces: 0, 1, 2, 1*, 2*, 0)"
        );
    }

    #[test]
    fn numbered_dice_are_scripted_by_number() {
        let d12 = DieFaces::numbered("effect", 12);
        assert_eq!(d12.spec().faces, 12);
        let mut dice = ScriptedDice::new();
        dice.push_labels(&d12, ["7", "12"]).unwrap();
        assert_eq!(dice.roll(d12.spec()), Ok(6));
        assert_eq!(dice.unused_all(), vec![("effect", 1)]);
        assert_eq!(dice.roll(d12.spec()), Ok(11));
        assert!(dice.unused_all().is_empty());
        assert!(dice.push_labels(&d12, ["13"]).is_err());
    }

    #[test]
    fn scripted_labels_roll_their_faces_in_order() {
        let die = attack_die();
        let mut dice = ScriptedDice::new();
        dice.push_labels(&die, ["2", "1*", "0"]).unwrap();
        let rolled: Vec<_> = (0..3).map(|_| dice.roll(die.spec()).unwrap()).collect();
        assert_eq!(rolled, [2, 3, 0]);
        let err = dice.roll(die.spec()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the rules needed another attack roll number 4 but the script provides only 3"
        );
    }

    #[test]
    fn unknown_dice_are_named_with_the_known_ones() {
        let dice = [attack_die(), DieFaces::numbered("effect", 12)];
        assert_eq!(find_die(&dice, "effect").unwrap().name(), "effect");
        let err = find_die(&dice, "d6").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the game has no die named \"d6\" (dice: attack, effect)"
        );
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
