//! grimoire-engine: the game-agnostic core of the rules engines.
//!
//! It knows no game words. It offers:
//! - [`rules`]: the contract a game's rules implement ([`Rules`]), and the context they act
//!   through ([`Ctx`]: dice, a [`Chooser`] for player decisions, the event log);
//! - [`board`]: positions and distances on a zoned arena, a square grid, an open table or
//!   card zones ([`Board`]);
//! - [`dice`]: one [`Dice`] interface over a seeded RNG or a scripted list of faces, and the
//!   dice a game declares in `game.toml` ([`DieFaces`]);
//! - [`log`]: a serialisable [`EventLog`] that records every state change;
//! - [`store`]: an [`ObjectStore`] of game objects with owner, controller, zone, damage,
//!   markers, attachments, and granted or removed traits ordered by timestamp;
//! - [`suggest`]: "did you mean" for names a player typed;
//! - [`scenario`]: the generic scenario runner: one file format for every game, whose
//!   game-specific keys a game supplies through [`ScenarioGame`].

#![warn(missing_docs)]

pub mod board;
pub mod dice;
pub mod log;
pub mod rules;
pub mod scenario;
pub mod store;
pub mod suggest;
pub mod text;

pub use board::{
    Board, BoardError, CardZone, CardZones, OpenTable, Square, SquareGrid, TablePoint, Zone,
    ZonedArena,
};
pub use dice::{find_die, Dice, DiceError, DieFaces, DieSpec, ScriptedDice, SeededDice};
pub use log::EventLog;
pub use rules::{ChoiceError, Chooser, Ctx, FirstOption, Rules, ScriptedChoices};

pub use scenario::{run_scenario, scenario_game, scenario_schema, ScenarioGame};
pub use store::{Object, ObjectId, ObjectStore, PlayerId, TraitEffect, TraitEffectKind, TraitKind};
