//! The World of Warcraft TCG rules engine over the game-agnostic core, driven by the generated
//! tables: damage and healing packets (405, 716, 717), pre-priority checks (407.6), combat
//! (600-603), the chain and priority (407, 705-711).
//!
//! The rules read cards and codex entries only through the generated items of the parent
//! module, named `content` here: card structs, `Keyword` and `TypeTag` metadata (`implied`,
//! `limit`, and above all `effects`: what each keyword does is codex data interpreted in
//! [`effects`]). They never name a card or a keyword; decisions come from the engine's
//! `Chooser`, so scenarios script them.

use super as content;

pub mod actions;
pub mod bounds;
pub mod card;
pub mod chain;
pub mod checks;
pub mod combat;
pub mod coverage;
pub mod effects;
pub mod operations;
pub mod packets;
pub mod play;
pub mod refusal;
pub mod scenario;
pub mod state;
pub mod turn;

pub use actions::{Action, WowRules};
pub use card::{Kind, Printed};
pub use operations::Operation;
pub use refusal::{
    CombatRefusal, GameRefusal, MainAction, Named, PlayRefusal, PowerRefusal, Refusal,
    TimingRefusal,
};
pub use scenario::WowScenarios;
pub use state::{Game, GameEvent, RulesError};
