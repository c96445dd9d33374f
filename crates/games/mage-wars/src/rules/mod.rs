//! The Mage Wars rules engine: attacks, conditions and phases, over the game-agnostic core.
//!
//! Card data comes from a [`CardCatalog`]; the rules never name a card.

pub mod attack;
pub mod dice;
pub mod generated_catalog;
pub mod model;
pub mod modifiers;
pub mod octgn;
pub mod phases;
pub mod scenario;
pub mod state;
#[cfg(test)]
mod tests;

pub use attack::{attack_action, AttackOptions, AttackTarget};
pub use generated_catalog::GeneratedCatalog;
pub use model::{Attack, CardCatalog, CardStats, Condition, Marker, Trait};
pub use octgn::OctgnCatalog;
pub use state::{Game, GameEvent, RulesError};
