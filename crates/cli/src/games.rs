//! The registry of games: which game-specific commands each game supports.
//!
//! Commands that depend on a game's rules (`scenario run`, `scenario schema`, `calc`,
//! `spellbook check`, `deck check`, `army check`, `cards coverage`) look the game up here instead of testing
//! its name. A game without a command gets a clear error naming the games that have it.
//! Adding a game's command is one field in [`GAMES`].

use std::fmt;
use std::path::Path;
use std::process::ExitCode;

use grimoire_engine::scenario::ScenarioGame;
use grimoire_engine::{Catalog, CoverageReport};
use grimoire_mage_knight::rules::{MageKnightRules, MageKnightScenarios};
use grimoire_mage_wars::rules::{MageWarsGame, MageWarsScenarios};
use grimoire_summoner_wars::rules::{SummonerWarsRules, SummonerWarsScenarios};
use grimoire_wow_tcg::rules::{WowRules, WowScenarios};

use crate::live::LiveGame;
use crate::{army, calc, deck, play, spellbook};

/// A game-specific command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// `grimoire scenario run`.
    ScenarioRun,
    /// `grimoire scenario schema`.
    ScenarioSchema,
    /// `grimoire calc`.
    Calc,
    /// `grimoire spellbook check` (Mage Wars spellbooks).
    SpellbookCheck,
    /// `grimoire deck check` (deck-building games).
    DeckCheck,
    /// `grimoire army check` (army-building games).
    ArmyCheck,
    /// `grimoire play` (whole games from decks).
    Play,
    /// `grimoire simulate` (many whole games).
    Simulate,
    /// `grimoire cards coverage`.
    Coverage,
}

impl Feature {
    /// Every feature, in help order.
    pub const ALL: [Feature; 9] = [
        Feature::ScenarioRun,
        Feature::ScenarioSchema,
        Feature::Calc,
        Feature::SpellbookCheck,
        Feature::DeckCheck,
        Feature::ArmyCheck,
        Feature::Play,
        Feature::Simulate,
        Feature::Coverage,
    ];
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Feature::ScenarioRun => "scenario run",
            Feature::ScenarioSchema => "scenario schema",
            Feature::Calc => "calc",
            Feature::SpellbookCheck => "spellbook check",
            Feature::DeckCheck => "deck check",
            Feature::ArmyCheck => "army check",
            Feature::Play => "play",
            Feature::Simulate => "simulate",
            Feature::Coverage => "cards coverage",
        })
    }
}

/// What running one scenario file produced.
#[derive(Debug)]
pub struct ScenarioOutcome {
    /// Every failure (with its line and column where the runner knows it); empty = passed.
    pub failures: Vec<String>,
    /// The event log, as JSON.
    pub events: serde_json::Value,
}

/// Runs one scenario text.
pub type ScenarioRunFn = fn(text: &str) -> ScenarioOutcome;
/// The JSON Schema of the game's scenario files.
pub type ScenarioSchemaFn = fn() -> serde_json::Value;
/// Runs `calc` with its parsed arguments.
pub type CalcFn = fn(&calc::Args) -> ExitCode;
/// Checks a deck-like file (spellbook, deck, army).
pub type CheckFn = fn(&Path) -> ExitCode;
/// Plays one game (`play::play_game::<G>`).
pub type PlayFn = fn(&play::PlayArgs) -> ExitCode;
/// Simulates many games (`play::simulate_game::<G>`).
pub type SimulateFn = fn(&play::SimulateArgs) -> ExitCode;
/// Which printed abilities of every card the rules play (`Err`: the content on disk cannot be
/// read).
pub type CoverageFn = fn() -> Result<CoverageReport, String>;

/// One game and the commands it supports (`None`: not available yet).
pub struct Game {
    /// The game's name, as `game = "..."` and `--game` write it.
    pub name: &'static str,
    /// `scenario run`.
    pub scenario_run: Option<ScenarioRunFn>,
    /// `scenario schema`.
    pub scenario_schema: Option<ScenarioSchemaFn>,
    /// `calc`.
    pub calc: Option<CalcFn>,
    /// `spellbook check`.
    pub spellbook_check: Option<CheckFn>,
    /// `deck check`.
    pub deck_check: Option<CheckFn>,
    /// `army check`.
    pub army_check: Option<CheckFn>,
    /// `play`.
    pub play: Option<PlayFn>,
    /// `simulate`.
    pub simulate: Option<SimulateFn>,
    /// `cards coverage`.
    pub coverage: Option<CoverageFn>,
}

impl Game {
    /// Whether the game has `feature`.
    pub fn supports(&self, feature: Feature) -> bool {
        match feature {
            Feature::ScenarioRun => self.scenario_run.is_some(),
            Feature::ScenarioSchema => self.scenario_schema.is_some(),
            Feature::Calc => self.calc.is_some(),
            Feature::SpellbookCheck => self.spellbook_check.is_some(),
            Feature::DeckCheck => self.deck_check.is_some(),
            Feature::ArmyCheck => self.army_check.is_some(),
            Feature::Play => self.play.is_some(),
            Feature::Simulate => self.simulate.is_some(),
            Feature::Coverage => self.coverage.is_some(),
        }
    }
}

/// Every game the CLI knows.
pub static GAMES: &[Game] = &[
    Game {
        name: "mage-wars",
        scenario_run: Some(|text| live_scenario_run(text, MageWarsScenarios::with_catalog)),
        scenario_schema: Some(generic_scenario_schema::<MageWarsScenarios>),
        calc: Some(calc::mage_wars),
        spellbook_check: Some(spellbook::mage_wars),
        deck_check: None,
        army_check: None,
        play: Some(play::play_game::<MageWarsGame>),
        simulate: Some(play::simulate_game::<MageWarsGame>),
        coverage: Some(|| live_coverage(grimoire_mage_wars::rules::coverage::coverage_report)),
    },
    Game {
        name: "summoner-wars",
        scenario_run: Some(|text| live_scenario_run(text, SummonerWarsScenarios::with_catalog)),
        scenario_schema: Some(generic_scenario_schema::<SummonerWarsScenarios>),
        calc: None,
        spellbook_check: None,
        deck_check: Some(deck::summoner_wars),
        army_check: None,
        play: Some(play::play_game::<SummonerWarsRules>),
        simulate: Some(play::simulate_game::<SummonerWarsRules>),
        coverage: Some(|| live_coverage(grimoire_summoner_wars::rules::coverage::coverage_report)),
    },
    Game {
        name: "wow-tcg",
        scenario_run: Some(|text| live_scenario_run(text, WowScenarios::with_catalog)),
        scenario_schema: Some(generic_scenario_schema::<WowScenarios>),
        calc: None,
        spellbook_check: None,
        deck_check: Some(deck::wow_tcg),
        army_check: None,
        play: Some(play::play_game::<WowRules>),
        simulate: Some(play::simulate_game::<WowRules>),
        coverage: Some(|| live_coverage(grimoire_wow_tcg::rules::coverage::coverage_report)),
    },
    Game {
        name: "mage-knight",
        scenario_run: Some(|text| live_scenario_run(text, MageKnightScenarios::with_catalog)),
        scenario_schema: Some(generic_scenario_schema::<MageKnightScenarios>),
        calc: Some(calc::mage_knight::run),
        spellbook_check: None,
        deck_check: None,
        army_check: Some(army::mage_knight),
        play: Some(play::play_game::<MageKnightRules>),
        simulate: Some(play::simulate_game::<MageKnightRules>),
        coverage: Some(|| live_coverage(grimoire_mage_knight::rules::coverage::coverage_report)),
    },
];

/// One line per game: its name and the commands it supports (`grimoire games`).
pub fn describe(games: &[Game]) -> String {
    let mut out = String::new();
    for game in games {
        let features: Vec<String> = Feature::ALL
            .iter()
            .filter(|f| game.supports(**f))
            .map(ToString::to_string)
            .collect();
        let features = if features.is_empty() {
            "(no rules commands yet)".to_string()
        } else {
            features.join(", ")
        };
        out += &format!("{}: {features}\n", game.name);
    }
    out
}

/// The game named `name` in `games`.
pub fn game_in<'a>(games: &'a [Game], name: &str) -> Result<&'a Game, String> {
    games.iter().find(|g| g.name == name).ok_or_else(|| {
        let names: Vec<&str> = games.iter().map(|g| g.name).collect();
        format!("unknown game {name:?} (games: {})", names.join(", "))
    })
}

/// The game named `name`, checked to support `feature`.
pub fn find_in<'a>(games: &'a [Game], name: &str, feature: Feature) -> Result<&'a Game, String> {
    let game = game_in(games, name)?;
    if game.supports(feature) {
        return Ok(game);
    }
    let with: Vec<&str> = games
        .iter()
        .filter(|g| g.supports(feature))
        .map(|g| g.name)
        .collect();
    let others = if with.is_empty() {
        "no game has it yet".to_string()
    } else {
        format!("games with it: {}", with.join(", "))
    };
    Err(format!(
        "`{feature}` is not available for {name} yet; {others}"
    ))
}

/// The game named `name` in [`GAMES`], checked to support `feature`.
pub fn find(name: &str, feature: Feature) -> Result<&'static Game, String> {
    find_in(GAMES, name, feature)
}

/// The handler `pick` takes from the game named `name`, checked to support `feature`.
pub fn lookup<T>(
    name: &str,
    feature: Feature,
    pick: impl Fn(&'static Game) -> Option<T>,
) -> Result<T, String> {
    let game = find(name, feature)?;
    pick(game).ok_or_else(|| format!("`{feature}` is not available for {name} yet"))
}

/// `scenario run` for a game on the engine's generic runner: an entry writes
/// `scenario_run: Some(generic_scenario_run::<TheGame>)`.
// The four games run their scenarios with live content ([`live_scenario_run`]); a game without
// live content (the tests' toy game) uses this entry point.
#[allow(dead_code)]
pub fn generic_scenario_run<G: ScenarioGame + Default>(text: &str) -> ScenarioOutcome {
    run_with(&G::default(), text)
}

/// Runs `text` with `game`'s side of the generic runner.
fn run_with<G: ScenarioGame>(game: &G, text: &str) -> ScenarioOutcome {
    let run = grimoire_engine::run_scenario(game, text);
    ScenarioOutcome {
        failures: run.failures.iter().map(ToString::to_string).collect(),
        events: run.events,
    }
}

/// `scenario run` with the cards of the content on disk (see [`crate::live`]): `with` makes
/// the game's scenarios over them.
fn live_scenario_run<C: LiveGame, G: ScenarioGame>(
    text: &str,
    with: fn(&'static Catalog<C>) -> G,
) -> ScenarioOutcome {
    match crate::live::catalog::<C>() {
        Ok(catalog) => run_with(&with(catalog), text),
        Err(message) => ScenarioOutcome {
            failures: vec![message],
            events: serde_json::Value::Null,
        },
    }
}

/// `cards coverage` of the cards on disk (see [`crate::live`]): `report` is the game's.
fn live_coverage<C: LiveGame>(
    report: fn(&Catalog<C>) -> CoverageReport,
) -> Result<CoverageReport, String> {
    crate::live::catalog::<C>().map(report)
}

/// `scenario schema` for a game on the engine's generic runner.
pub fn generic_scenario_schema<G: ScenarioGame + Default>() -> serde_json::Value {
    serde_json::to_value(grimoire_engine::scenario_schema(&G::default()))
        .unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_engine::scenario::{Check, Names, ObjectEntry, PlayerEntry, Subject, Subjects};
    use grimoire_engine::{
        ChoiceError, Ctx, DiceError, DieFaces, ObjectId, PlayerId, Rules, ScenarioError,
    };

    #[test]
    fn the_registry_names_the_four_games() {
        let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        assert_eq!(
            names,
            ["mage-wars", "summoner-wars", "wow-tcg", "mage-knight"]
        );
        let mage_wars = find("mage-wars", Feature::Calc).unwrap();
        for feature in [
            Feature::ScenarioRun,
            Feature::ScenarioSchema,
            Feature::Calc,
            Feature::SpellbookCheck,
        ] {
            assert!(mage_wars.supports(feature), "{feature}");
        }
    }

    #[test]
    fn describe_lists_each_games_commands() {
        assert_eq!(
            describe(GAMES),
            "mage-wars: scenario run, scenario schema, calc, spellbook check, play, simulate, cards coverage\n\
             summoner-wars: scenario run, scenario schema, deck check, play, simulate, cards coverage\n\
             wow-tcg: scenario run, scenario schema, deck check, play, simulate, cards coverage\n\
             mage-knight: scenario run, scenario schema, calc, army check, play, simulate, cards coverage\n"
        );
    }

    #[test]
    fn a_game_without_a_command_gets_a_clear_error() {
        assert_eq!(
            find("summoner-wars", Feature::Calc).err().unwrap(),
            "`calc` is not available for summoner-wars yet; games with it: mage-wars, mage-knight"
        );
        assert_eq!(
            find("wow-tcg", Feature::ArmyCheck).err().unwrap(),
            "`army check` is not available for wow-tcg yet; games with it: mage-knight"
        );
        assert_eq!(
            find("chess", Feature::ScenarioRun).err().unwrap(),
            "unknown game \"chess\" (games: mage-wars, summoner-wars, wow-tcg, mage-knight)"
        );
    }

    #[test]
    fn the_mage_wars_entries_run_scenarios_and_give_the_schema() {
        let game = find("mage-wars", Feature::ScenarioRun).unwrap();
        let schema = (game.scenario_schema.unwrap())();
        assert_eq!(schema["properties"]["game"]["const"], "mage-wars");
        assert!(schema.to_string().contains("dice_rolled"));
        let outcome = (game.scenario_run.unwrap())("game = \"mage-wars\"\nname = 1\n");
        assert_eq!(
            outcome.failures,
            [
                "1:1: missing `source = \"...\"`",
                "2:8: `name` must be a string"
            ]
        );
    }

    // A minimal game on the generic runner: a counter.
    #[derive(Default)]
    struct Counter;

    #[derive(Debug)]
    struct CounterError(String);

    impl fmt::Display for CounterError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.0)
        }
    }
    impl std::error::Error for CounterError {}
    impl From<DiceError> for CounterError {
        fn from(e: DiceError) -> Self {
            CounterError(e.to_string())
        }
    }
    impl From<ChoiceError> for CounterError {
        fn from(e: ChoiceError) -> Self {
            CounterError(e.to_string())
        }
    }

    impl Rules for Counter {
        type State = u32;
        type Action = u32;
        type Event = u32;
        type Error = CounterError;
        fn legal_actions(&self, _: &u32, _: PlayerId) -> Vec<u32> {
            vec![1]
        }
        fn apply(
            &self,
            state: &mut u32,
            add: &u32,
            ctx: &mut Ctx<'_, u32>,
        ) -> Result<(), CounterError> {
            *state += add;
            ctx.record(*state);
            Ok(())
        }
    }

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct NoKeys {}

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct AddStep {
        add: u32,
    }

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct TotalExpect {
        total: Option<u32>,
    }

    impl ScenarioGame for Counter {
        const NAME: &'static str = "counter";
        const EXPECT_FIELDS: &'static [(&'static str, Subject)] = &[("total", Subject::Game)];
        type Rules = Counter;
        type Handle = ObjectId;
        type Player = NoKeys;
        type Object = NoKeys;
        type Step = AddStep;
        type Expect = TotalExpect;
        fn dice(&self) -> Vec<DieFaces> {
            Vec::new()
        }
        fn new_state(&self, _: &[&PlayerEntry<NoKeys>]) -> Result<u32, ScenarioError> {
            Ok(0)
        }
        fn add_object(
            &self,
            _: &mut u32,
            _: &ObjectEntry<NoKeys>,
        ) -> Result<ObjectId, ScenarioError> {
            Err("a counter has no objects".into())
        }
        fn run_step(
            &self,
            state: &mut u32,
            step: &AddStep,
            _: &Names,
            ctx: &mut Ctx<'_, u32>,
        ) -> Result<(), ScenarioError> {
            self.apply(state, &step.add, ctx)
                .map_err(ScenarioError::refused)
        }
        fn unknown_names(&self, _: &TotalExpect) -> Vec<(&'static str, String)> {
            Vec::new()
        }
        fn check(
            &self,
            state: &u32,
            expect: &TotalExpect,
            _: Subjects,
            _: &Names,
        ) -> Result<Vec<Check>, ScenarioError> {
            Ok(expect
                .total
                .map(|t| Check::new("total", t, state))
                .into_iter()
                .collect())
        }
    }

    #[test]
    fn a_generic_game_plugs_in_with_two_functions() {
        let games = [Game {
            name: "counter",
            scenario_run: Some(generic_scenario_run::<Counter>),
            scenario_schema: Some(generic_scenario_schema::<Counter>),
            calc: None,
            spellbook_check: None,
            deck_check: None,
            army_check: None,
            play: None,
            simulate: None,
            coverage: None,
        }];
        let game = find_in(&games, "counter", Feature::ScenarioRun).unwrap();
        let text = "game = \"counter\"\nname = \"adds\"\nsource = \"arithmetic\"\n\n[[step]]\nadd = 2\n\n[[expect]]\ntotal = 3\n";
        let outcome = (game.scenario_run.unwrap())(text);
        assert_eq!(outcome.failures, ["9:1: total: expected 3, actual 2"]);
        assert_eq!(outcome.events, serde_json::json!([2]));
        let schema = (game.scenario_schema.unwrap())();
        assert_eq!(schema["properties"]["game"]["const"], "counter");
        assert_eq!(
            find_in(&games, "counter", Feature::Calc).err().unwrap(),
            "`calc` is not available for counter yet; no game has it yet"
        );
    }
}
