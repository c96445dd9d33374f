//! The Mage Wars rules engine: attacks, conditions and phases, over the game-agnostic core,
//! driven by the generated tables.
//!
//! The rules read cards and codex entries only through the generated items of the parent
//! module, named `content` here: the typed `Trait`, `Condition`, `DamageType`, card structs,
//! `Handler`, the codex metadata (`implied`, `stacking`, `family`, `blocks`,
//! `affects_conjurations`, effect operations) and the constants and dice of `game.toml`.
//! They never name a card and never parse printed text. Because every path goes through
//! `super`, this module compiles against any content compiled from a game with Mage Wars'
//! `game.toml` shape: the authoring test includes it next to tables built from an edited copy
//! of the content.

use super as content;

pub mod abilities;
pub mod actions;
pub mod attack;
pub mod card;
pub mod cast;
pub mod casters;
pub mod catalog;
pub mod codex;
pub mod conditions;
pub mod coverage;
pub mod dice;
pub mod effects;
pub mod handlers;
pub mod limits;
pub mod modifiers;
pub mod movement;
pub mod phases;
pub mod play;
pub mod profile;
pub mod refusal;
pub mod round;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod versus;
pub mod walls;

pub use actions::{Action, BarSource, MageWarsRules};
pub use attack::{attack_action, AttackOptions, AttackTarget};
pub use card::{ObjectKind, Printed};
pub use cast::SpellTarget;
pub use catalog::Catalog;
pub use play::{MageWarsGame, Match, Play, PlayEvent, Seat, Step};
pub use profile::AttackProfile;
pub use refusal::{
    ArenaZone, AttackRefusal, CastRefusal, MoveRefusal, ObjectRefusal, Obligation, Refusal,
    RevealRefusal, SetupRefusal, SpellRefusal, TurnRefusal, UnmodelledEffect,
};
pub use scenario::MageWarsScenarios;
pub use setup::Spellbook;
pub use state::{Game, GameEvent, Marker, OpSource, RulesError};
pub use walls::Border;
