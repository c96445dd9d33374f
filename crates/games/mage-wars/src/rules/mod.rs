//! The Mage Wars rules engine: attacks, conditions and phases, over the game-agnostic core.
//!
//! Card data comes from the generated card tables through a [`GeneratedCatalog`]; the rules
//! never name a card.

pub mod attack;
pub mod dice;
pub mod generated_catalog;
pub mod model;
pub mod modifiers;
pub mod phases;
pub mod scenario;
pub mod state;
#[cfg(test)]
mod tests;

pub use attack::{attack_action, AttackOptions, AttackTarget};
pub use generated_catalog::GeneratedCatalog;
pub use model::{Attack, CardStats, Condition, Marker, Trait};
pub use state::{Game, GameEvent, RulesError};
