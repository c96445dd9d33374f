//! grimoire-engine: the game-agnostic core of the rules engines.
//!
//! It knows no game words. It offers:
//! - [`dice`]: one [`Dice`] interface over a seeded RNG or a scripted list of faces;
//! - [`log`]: a serialisable [`EventLog`] that records every state change;
//! - [`store`]: an [`ObjectStore`] of game objects with owner, controller, zone, damage,
//!   markers, attachments, and granted or removed traits ordered by timestamp.

pub mod dice;
pub mod log;
pub mod store;

pub use dice::{find_die, Dice, DiceError, DieFaces, DieSpec, ScriptedDice, SeededDice};
pub use log::EventLog;
pub use store::{Object, ObjectId, ObjectStore, PlayerId, TraitEffect, TraitEffectKind, TraitKind};
