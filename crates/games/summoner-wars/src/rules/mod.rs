//! The Summoner Wars rules engine on the shared contract ([`grimoire_engine::Rules`]): the
//! battlefield grid with each player's side, summoning and building, movement and forcing,
//! melee and ranged attacks with the attack die of `game.toml`, damage, destruction and magic,
//! events, and the turn's phases with the FAQ's rules updates and Expanded Rules.
//!
//! The rules read cards and codex entries only through the generated items of the parent
//! module, named `content` here: the card tables, `Ability` with its metadata (timing,
//! stacking, effect operations, handler), the constants and the attack die. Abilities act by
//! their effect operations (`abilities`, `attack`, `movement`, `damage`, `phases`); a named
//! handler ([`handlers`]) covers what the operations cannot say; [`instant`] resolves what
//! activated abilities and events do when used or played.

use super as content;

pub mod abilities;
pub mod actions;
pub mod attack;
pub mod coverage;
pub mod damage;
pub mod dice;
pub mod effects;
pub mod handlers;
pub mod instant;
pub mod legal;
mod memo;
pub mod movement;
pub mod phases;
pub mod play;
pub mod refusal;
pub mod scenario;
pub mod state;
pub mod summon;

pub use actions::{Action, Path, SummonerWarsRules};
pub use refusal::Refusal;
pub use scenario::SummonerWarsScenarios;
pub use state::{Game, GameEvent, Piece, Place, RulesError};
