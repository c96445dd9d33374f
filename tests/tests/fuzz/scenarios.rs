//! Fuzzing the scenario readers and the four rules engines behind them: a mutated scenario
//! file is read with `grimoire-input`, its `game` key chooses the runner (as `grimoire scenario
//! run` does) and the engine's generic runner plays it in-process.

use std::path::Path;
use std::sync::Arc;

use grimoire_engine::scenario::{run_scenario, ScenarioGame};
use grimoire_mage_knight::rules::MageKnightScenarios;
use grimoire_mage_wars::rules::MageWarsScenarios;
use grimoire_summoner_wars::rules::SummonerWarsScenarios;
use grimoire_wow_tcg::rules::WowScenarios;

use super::{seed_files, write_case, Campaign, Outcome, SeedFile, LOCATED_RATE_TARGET};
use crate::support::repo_root;

/// Cases per game in CI (a scenario runs in a few milliseconds: 500 take about three seconds).
const CASES_PER_GAME: u32 = 500;

/// Located share required of scenario failures (the runner locates every failure it makes).
const MIN_LOCATED_RATE: f64 = LOCATED_RATE_TARGET;

/// A campaign over the scenario files of `game`.
fn campaign(name: &'static str, game: &str) -> Campaign {
    let folder = repo_root().join("tests").join("scenarios").join(game);
    let dir = tempfile::tempdir().expect("temp dir");
    Campaign {
        name,
        seeds: seed_files(&folder, ".toml", &folder),
        cases: CASES_PER_GAME,
        min_located_rate: MIN_LOCATED_RATE,
        read: Arc::new(move |seed, bytes| run_file(dir.path(), seed, bytes)),
    }
}

/// Reads the mutated file and runs it with the runner its `game` key names.
fn run_file(dir: &Path, seed: &SeedFile, bytes: &[u8]) -> Outcome {
    let path = write_case(dir, seed, bytes);
    let shown = path.display();
    let text = match grimoire_input::read_text(&path) {
        Ok(text) => text,
        Err(error) => return Outcome::Rejected(vec![error.to_string()]),
    };
    let game = match grimoire_engine::scenario_game(&text) {
        Ok(game) => game,
        Err(failure) => return Outcome::Rejected(vec![format!("{shown}:{failure}")]),
    };
    let failures = match game.as_str() {
        "mage-wars" => run(&MageWarsScenarios::default(), &text),
        "summoner-wars" => run(&SummonerWarsScenarios::default(), &text),
        "wow-tcg" => run(&WowScenarios::default(), &text),
        "mage-knight" => run(&MageKnightScenarios::default(), &text),
        // What `grimoire scenario run` answers for a game it does not know.
        other => vec![format!(
            "unknown game {other:?} (games: mage-wars, summoner-wars, wow-tcg, mage-knight)"
        )],
    };
    if failures.is_empty() {
        Outcome::Accepted
    } else {
        Outcome::Rejected(
            failures
                .into_iter()
                .map(|failure| located_as_the_cli_prints(&shown.to_string(), &failure))
                .collect(),
        )
    }
}

/// The failures of running `text` with `game`'s side of the runner.
fn run<G: ScenarioGame>(game: &G, text: &str) -> Vec<String> {
    run_scenario(game, text)
        .failures
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// A failure as `grimoire scenario run` prints it: `file:line:col: ...` when the runner
/// located it, `file: ...` otherwise.
fn located_as_the_cli_prints(file: &str, failure: &str) -> String {
    let separator = if failure.starts_with(|c: char| c.is_ascii_digit()) {
        ":"
    } else {
        ": "
    };
    format!("{file}{separator}{failure}")
}

#[test]
fn mage_wars_scenarios() {
    campaign("scenarios-mage-wars", "mage-wars").run();
}

#[test]
fn summoner_wars_scenarios() {
    campaign("scenarios-summoner-wars", "summoner-wars").run();
}

#[test]
fn wow_tcg_scenarios() {
    campaign("scenarios-wow-tcg", "wow-tcg").run();
}

#[test]
fn mage_knight_scenarios() {
    campaign("scenarios-mage-knight", "mage-knight").run();
}
