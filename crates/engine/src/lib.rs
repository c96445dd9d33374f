//! grimoire-engine: the game-agnostic core of the rules engines.
//!
//! It knows no game words. It offers:
//! - [`rules`]: the contract a game's rules implement ([`Rules`]), and the context they act
//!   through ([`Ctx`]: dice, a [`Chooser`] for player decisions, the event log);
//! - [`catalog`]: the cards a game is played with, compiled in or read live from the content
//!   on disk ([`Catalog`]: names ignoring case, "did you mean", cards needing a rebuild);
//! - [`board`]: positions and distances on a zoned arena, a square grid, an open table or
//!   card zones ([`Board`]);
//! - [`dice`]: one [`Dice`] interface over a seeded RNG or a scripted list of faces, and the
//!   dice a game declares in `game.toml` ([`DieFaces`]);
//! - [`log`]: a serialisable [`EventLog`] that records every state change;
//! - [`store`]: an [`ObjectStore`] of game objects with owner, controller, zone, damage,
//!   markers, attachments, and granted or removed traits ordered by timestamp;
//! - [`play`]: whole games ([`Playable`]: set-up from decks, who acts, [`Outcome`], the
//!   all-or-nothing [`Playable::try_apply`]) and seeded random [`playout`]s;
//! - [`simulate`](mod@simulate): many playouts in parallel, summed up with confidence
//!   intervals; [`matchups`]: every deck against every other deck, as a win-rate matrix;
//! - [`contract`]: checks, on random reachable states, that `legal_actions` is complete and
//!   that a rejected action leaves the state untouched;
//! - [`coverage`](mod@coverage): which printed abilities of a game's cards the rules play
//!   ([`Coverage`], [`CardCoverage`], [`CoverageReport`]), and the one form in which play
//!   reports an ability it does not model ([`NotModelled`], logged once per object through
//!   [`NotModelledLog`]);
//! - [`suggest`]: "did you mean" for names a player typed;
//! - [`scenario`]: the generic scenario runner: one file format for every game, whose
//!   game-specific keys a game supplies through [`ScenarioGame`].

#![warn(missing_docs)]

pub mod board;
pub mod catalog;
pub mod contract;
pub mod coverage;
pub mod dice;
pub mod log;
pub mod matchups;
pub mod play;
pub mod rules;
pub mod scenario;
pub mod simulate;
pub mod store;
pub mod suggest;
pub mod text;

pub use board::{
    Board, BoardError, CardZone, CardZones, OpenTable, Square, SquareGrid, TablePoint, Zone,
    ZonedArena,
};
pub use catalog::{Catalog, CatalogCard};
pub use contract::{check_contract, ContractCheck, ContractReport};
pub use coverage::{
    AbilityCoverage, CardCoverage, Coverage, CoverageReport, NotModelled, NotModelledLog, Tally,
};
pub use dice::{find_die, Dice, DiceError, DieFaces, DieSpec, ScriptedDice, SeededDice};
pub use log::EventLog;
pub use matchups::{simulate_matchups, MatchupFailure, Matchups, MatchupsError, Pairing};
pub use play::{
    game_seed, playout, CardPlay, LogLine, Outcome, Playable, Playout, PlayoutError,
    PlayoutOptions, RandomChooser,
};
pub use rules::{
    all_or_nothing, all_or_nothing_in, all_or_nothing_kept, on_kept_copy, succeeds_on_copy,
    succeeds_on_kept, succeeds_on_scratch, ChoiceError, Chooser, Ctx, FirstOption, KeptCopy, Rules,
    ScriptedChoices,
};

pub use scenario::{
    run_scenario, run_scenario_dir, scenario_game, scenario_schema, DirectoryRun, ScenarioError,
    ScenarioGame,
};
pub use simulate::{
    simulate, time_playouts, CardFigures, FailedGame, PlayoutTiming, Rate, SimulationOptions,
    Spread, Summary,
};
pub use store::{
    clone_shared_from, Object, ObjectId, ObjectStore, PlayerId, TraitEffect, TraitEffectKind,
    TraitKind,
};
