//! The Mage Knight rules engine over the game-agnostic core, driven by the generated tables.
//!
//! The rules read warriors and abilities only through the generated items of the parent module
//! (`content`): the dial clicks of a warrior card, the `SpecialAbility` codex with its effect
//! operations (`EffectOp`), the enums and the constants and die of `game.toml`. They never
//! name a card. An ability acts from the click its warrior's dial shows now.
//!
//! - [`state`]: warriors, players, events, errors;
//! - [`refusal`]: why the rules refuse an action, as data ([`RulesError::Illegal`]);
//! - [`geometry`]: bases, contact, arcs, line of fire in inches;
//! - [`effects`]: reading the abilities' effect operations;
//! - [`combat`]: attack and defense values, the hit test, damage (shared with [`crate::calc`]);
//! - [`dial`]: damage, healing, tokens and pushing;
//! - [`actions`]: [`MageKnightRules`], action limits, tokens and special actions;
//! - [`movement`]: moves, break away, free spins, double-time, movement formations;
//! - [`phases`]: the command and end phases, objectives, the end of the game;
//! - [`play`]: whole games: set-up from army files, the moves legal actions offer, the time
//!   limit and the winner ([`grimoire_engine::Playable`]);
//! - [`attack`]: close and ranged combat actions;
//! - [`resolve`]: the attack roll and what a hit does;
//! - [`special`]: Thunder Blow, Counterattack, Shockwave, Magic Confusion, Overwatch, Augment,
//!   formations;
//! - [`reanimate`]: Necromancy, Summon and Revenant;
//! - [`coverage`]: which operations, handlers and constants are played, in one place;
//! - [`scenario`]: [`MageKnightScenarios`], the scenario keys.

use super as content;

pub mod actions;
pub mod attack;
pub mod combat;
pub mod coverage;
pub mod dial;
pub mod effects;
pub mod geometry;
pub mod movement;
pub mod phases;
pub mod play;
pub mod reanimate;
pub mod refusal;
pub mod resolve;
pub mod scenario;
pub mod special;
pub mod state;
pub mod terrain;

pub use actions::{Action, MageKnightRules};
pub use attack::{CloseAttack, RangedAttack};
pub use combat::Matchup;
pub use refusal::Refusal;
pub use scenario::MageKnightScenarios;
pub use state::{Event, Game, Player, RulesError, Warrior, WarriorId, Warriors};
