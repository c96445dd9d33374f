//! The generic scenario runner: one file format for every game.
//!
//! ```toml
//! game = "<game>"            # chooses the game (see `scenario_game`)
//! name = "what it shows"
//! source = "the rule, codex entry or ruling it encodes"   # required, not empty
//!
//! [[player]]                 # `id` + the game's player keys
//! [[object]]                 # `id` (the name steps and expectations use) + the game's keys
//! [[step]]                   # the game's step keys, plus:
//! dice = { attack = ["2", "1*"], effect = [7] }   # scripted faces per die, by label or number
//! choices = ["fox"]          # scripted answers to the rules' questions, in order
//! fails_with = "text"        # the step must fail with an error containing this text
//! [[expect]]                 # `object` and/or `player` + the game's expectation keys
//! ```
//!
//! A game plugs in by implementing [`ScenarioGame`]: serde types for its keys (unknown keys
//! are errors: derive them with `#[serde(deny_unknown_fields)]`), set-up, steps and checks.
//! Each `[[expect]]` is checked after every step written above it in the file. Failures carry
//! the line and column of the expectation field (or of the bad key, or of the step).
//!
//! Honesty: an `[[expect]]` that checks nothing is an error; so is a field about an object
//! without `object` (or about a player without `player`), an `object`/`player` no field is
//! about, a name the game does not know ([`ScenarioGame::unknown_names`]), and a field the
//! game returned no [`Check`] for. Scripted dice and choices left unused are errors.

mod bounded;
mod extremes;
mod parse;
mod schema;

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

use serde::de::DeserializeOwned;

use crate::dice::{DieFaces, ScriptedDice};
use crate::log::EventLog;
use crate::rules::{Ctx, Rules, ScriptedChoices};
use crate::store::{ObjectId, PlayerId};

pub use bounded::{Bounded, Few};
pub use extremes::{failures_away_from_the_value, EXTREME_NUMBERS};
pub use parse::{
    parse_scenario, scenario_game, Entry, ExpectEntry, ObjectEntry, PlayerEntry, Scenario,
    StepEntry,
};
pub use schema::{expect_fields_about, scenario_schema, undeclared_expect_fields};

/// The state type of a scenario game's rules.
pub type StateOf<G> = <<G as ScenarioGame>::Rules as Rules>::State;
/// The event type of a scenario game's rules.
pub type EventOf<G> = <<G as ScenarioGame>::Rules as Rules>::Event;

/// What an expectation field is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// The object named by the expectation's `object`.
    Object,
    /// The player named by the expectation's `player`.
    Player,
    /// The game as a whole (e.g. the dice the last step rolled): needs neither.
    Game,
}

/// One comparison an expectation field asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// The expectation key it comes from (for the position and the message).
    pub field: &'static str,
    /// The expected value, as the scenario writes it.
    pub expected: String,
    /// The actual value, written the same way.
    pub actual: String,
}

impl Check {
    /// A check of `field`: passes when `expected` and `actual` print the same.
    pub fn new(
        field: &'static str,
        expected: impl fmt::Display,
        actual: impl fmt::Display,
    ) -> Self {
        Self {
            field,
            expected: expected.to_string(),
            actual: actual.to_string(),
        }
    }

    /// Whether the check passed.
    pub fn passed(&self) -> bool {
        self.expected == self.actual
    }
}

/// What the subjects of an expectation resolved to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subjects<H = ObjectId> {
    /// The object named by `object`.
    pub object: Option<H>,
    /// The player named by `player`.
    pub player: Option<PlayerId>,
}

/// Scenario object names and the ids the game gave them, indexed both ways so that set-up
/// and every lookup take constant time however many objects a scenario places.
/// `H` is what the game's [`ScenarioGame::add_object`] returns for an object.
#[derive(Debug, Clone)]
pub struct Names<H = ObjectId> {
    objects: Vec<(String, H)>,
    by_name: HashMap<String, H>,
    by_id: HashMap<H, usize>,
}

impl<H> Default for Names<H> {
    fn default() -> Self {
        Self {
            objects: Vec::new(),
            by_name: HashMap::new(),
            by_id: HashMap::new(),
        }
    }
}

impl<H: Copy + Eq + Hash> Names<H> {
    /// Whether an object is named `name`.
    fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// Records that the scenario's object `name` (not yet taken) is `id`.
    fn insert(&mut self, name: &str, id: H) {
        self.by_name.insert(name.to_string(), id);
        self.by_id.entry(id).or_insert(self.objects.len());
        self.objects.push((name.to_string(), id));
    }

    /// The object named `name` in the scenario.
    pub fn object(&self, name: &str) -> Result<H, String> {
        self.by_name.get(name).copied().ok_or_else(|| {
            let known: Vec<&str> = self.objects.iter().map(|(n, _)| n.as_str()).collect();
            format!(
                "no object named {name:?}{} (objects: {})",
                crate::suggest::did_you_mean(name, known.iter().copied()),
                known.join(", ")
            )
        })
    }

    /// The scenario name of object `id`.
    pub fn name_of(&self, id: H) -> Option<&str> {
        self.by_id
            .get(&id)
            .map(|&index| self.objects[index].0.as_str())
    }
}

/// Why a game could not set up, run or check part of a scenario. The kind matters to the
/// runner: a step's `fails_with` is met only by a [`ScenarioError::Refused`] step, so a
/// scenario that misnames something can never pass as an expected refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScenarioError {
    /// The rules refused the step's action; the message is the rules error's.
    Refused(String),
    /// The scenario's keys say something the game cannot set up or run: a missing or
    /// conflicting key, an unknown name, a value out of what the game accepts.
    Scenario(String),
}

impl ScenarioError {
    /// The rules refused the step with `error`.
    pub fn refused(error: impl fmt::Display) -> Self {
        Self::Refused(error.to_string())
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Refused(message) | Self::Scenario(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ScenarioError {}

impl From<String> for ScenarioError {
    /// A scenario error with this message.
    fn from(message: String) -> Self {
        Self::Scenario(message)
    }
}

impl From<&str> for ScenarioError {
    /// A scenario error with this message.
    fn from(message: &str) -> Self {
        Self::Scenario(message.to_string())
    }
}

/// A game's side of the scenario runner: its keys and how to set up, run and check them.
pub trait ScenarioGame {
    /// The game's name, as scenario files write it in `game = "..."`.
    const NAME: &'static str;
    /// Which subject each expectation key of [`Self::Expect`] is about. Every key the
    /// expectation type accepts must be listed ([`undeclared_expect_fields`] tests it).
    const EXPECT_FIELDS: &'static [(&'static str, Subject)];

    /// The game's rules (state and event types).
    type Rules: Rules;
    /// What a scenario's object is to the game: the id [`Self::add_object`] returns, which
    /// steps and expectations get back through [`Names`] (often the store's [`ObjectId`]; a
    /// game whose objects are of several kinds uses an enum of their ids).
    type Handle: Copy + Eq + Hash + fmt::Debug;
    /// Keys of a `[[player]]` besides `id`.
    type Player: DeserializeOwned + schemars::JsonSchema;
    /// Keys of an `[[object]]` besides `id`.
    type Object: DeserializeOwned + schemars::JsonSchema;
    /// Keys of a `[[step]]` besides `dice`, `choices` and `fails_with`.
    type Step: DeserializeOwned + schemars::JsonSchema;
    /// Keys of an `[[expect]]` besides `object` and `player`; all optional, only those
    /// given are checked.
    type Expect: DeserializeOwned + schemars::JsonSchema;

    /// The dice the game declares (`[dice.<name>]` in `game.toml`, from its generated die
    /// tables): the names and face labels scripts may use.
    fn dice(&self) -> Vec<DieFaces>;

    /// Whether faces of `die` scripted for a step may be left unrolled (an effect die scripted
    /// for a table the attack turns out not to have). Default: never.
    fn unused_faces_allowed(&self, _die: &str) -> bool {
        false
    }

    /// The starting state, from the `[[player]]` entries.
    fn new_state(
        &self,
        players: &[&PlayerEntry<Self::Player>],
    ) -> Result<StateOf<Self>, ScenarioError>;

    /// Puts one `[[object]]` into play and returns its id.
    fn add_object(
        &self,
        state: &mut StateOf<Self>,
        object: &ObjectEntry<Self::Object>,
    ) -> Result<Self::Handle, ScenarioError>;

    /// Once every object exists: what an object's keys say about others (attachments...).
    fn link_object(
        &self,
        _state: &mut StateOf<Self>,
        _id: Self::Handle,
        _object: &ObjectEntry<Self::Object>,
        _names: &Names<Self::Handle>,
    ) -> Result<(), ScenarioError> {
        Ok(())
    }

    /// Runs one step (usually by turning it into an action and applying it with the rules);
    /// an action the rules refuse is a [`ScenarioError::Refused`].
    fn run_step(
        &self,
        state: &mut StateOf<Self>,
        step: &Self::Step,
        names: &Names<Self::Handle>,
        ctx: &mut Ctx<'_, EventOf<Self>>,
    ) -> Result<(), ScenarioError>;

    /// Names in an expectation the game does not know, as (key, name): an unknown trait or
    /// condition name would make a check pass vacuously.
    fn unknown_names(&self, expect: &Self::Expect) -> Vec<(&'static str, String)>;

    /// Compares the state with an expectation: one or more [`Check`]s for every key given.
    fn check(
        &self,
        state: &StateOf<Self>,
        expect: &Self::Expect,
        subjects: Subjects<Self::Handle>,
        names: &Names<Self::Handle>,
    ) -> Result<Vec<Check>, ScenarioError>;
}

/// A scenario failure: where in the file and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What went wrong (expected vs actual for a failed check).
    pub message: String,
}

impl Failure {
    /// A failure at byte `offset` of `text`.
    pub fn at(text: &str, offset: usize, message: String) -> Self {
        let (line, column) = crate::text::line_column(text, offset);
        Self {
            line,
            column,
            message,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// What running a scenario produced.
#[derive(Debug, Clone)]
pub struct ScenarioRun {
    /// Every failure; empty when the scenario passed.
    pub failures: Vec<Failure>,
    /// The event log of the run, as JSON.
    pub events: serde_json::Value,
}

impl ScenarioRun {
    /// Whether every expectation held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    /// The failures as `file:line:column: message` lines.
    pub fn report(&self, file: &str) -> Vec<String> {
        self.failures
            .iter()
            .map(|f| format!("{file}:{f}"))
            .collect()
    }
}

/// What running every scenario file of a directory found.
#[derive(Debug, Clone, Default)]
pub struct DirectoryRun {
    /// Scenario files run (`*.toml` directly in the directory).
    pub files: usize,
    /// Every failure of every file, as `file:line:column: message` lines, in file order.
    pub failures: Vec<String>,
}

/// Runs every `*.toml` file directly in `dir` (in name order) as a scenario of game `G`; a
/// file whose `game` is another game is a failure. Files are read through
/// [`grimoire_input::read_text`]; an unreadable directory or file (too large, not UTF-8) is
/// an error naming it.
pub fn run_scenario_dir<G: ScenarioGame>(
    game: &G,
    dir: &std::path::Path,
) -> Result<DirectoryRun, String> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut run = DirectoryRun {
        files: files.len(),
        failures: Vec::new(),
    };
    for file in &files {
        let text = grimoire_input::read_text(file).map_err(|e| e.to_string())?;
        let shown = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        match scenario_game(&text) {
            Ok(name) if name == G::NAME => {
                run.failures
                    .extend(run_scenario(game, &text).report(&shown));
            }
            Ok(name) => run.failures.push(format!(
                "{shown}: a {name} scenario in the {} scenario directory",
                G::NAME
            )),
            Err(error) => run.failures.push(format!("{shown}: {error}")),
        }
    }
    Ok(run)
}

/// Parses and runs a scenario text of game `G`.
pub fn run_scenario<G: ScenarioGame>(game: &G, text: &str) -> ScenarioRun {
    let mut log = EventLog::new();
    let failures = match parse_scenario(game, text) {
        Err(failures) => failures,
        Ok(scenario) => Runner {
            game,
            text,
            failures: Vec::new(),
        }
        .run(&scenario, &mut log),
    };
    ScenarioRun {
        failures,
        events: serde_json::to_value(log.events()).unwrap_or(serde_json::Value::Null),
    }
}

struct Runner<'a, G> {
    game: &'a G,
    text: &'a str,
    failures: Vec<Failure>,
}

impl<G: ScenarioGame> Runner<'_, G> {
    fn fail(&mut self, offset: usize, message: String) {
        self.failures.push(Failure::at(self.text, offset, message));
    }

    fn run(mut self, scenario: &Scenario<G>, log: &mut EventLog<EventOf<G>>) -> Vec<Failure> {
        for expect in &scenario.expects {
            self.honest(expect);
        }
        if !self.failures.is_empty() {
            return self.failures;
        }
        let Some((mut state, names)) = self.set_up(scenario) else {
            return self.failures;
        };
        log.clear();
        let mut steps = scenario.steps.iter().enumerate().peekable();
        for expect in &scenario.expects {
            while let Some((index, step)) = steps.next_if(|(_, s)| s.offset < expect.offset) {
                if !self.step(&mut state, index, step, &names, log) {
                    return self.failures;
                }
            }
            self.check(&state, expect, &names);
        }
        for (index, step) in steps {
            if !self.step(&mut state, index, step, &names, log) {
                break;
            }
        }
        self.failures
    }

    /// Reports an expectation that could pass vacuously.
    fn honest(&mut self, expect: &Entry<ExpectEntry<G::Expect>>) {
        let fields: Vec<&(String, usize)> = expect
            .keys
            .iter()
            .filter(|(k, _)| k != "object" && k != "player")
            .collect();
        if fields.is_empty() {
            return self.fail(
                expect.offset,
                "this [[expect]] checks nothing: give at least one field to check".into(),
            );
        }
        let mut needs = (false, false);
        for (key, at) in &fields {
            let subject = G::EXPECT_FIELDS
                .iter()
                .find(|(f, _)| f == key)
                .map(|(_, s)| *s);
            match subject {
                None => self.fail(
                    *at,
                    format!(
                        "`{key}` has no declared subject in the {} scenario keys",
                        G::NAME
                    ),
                ),
                Some(Subject::Object) => {
                    needs.0 = true;
                    if expect.value.object.is_none() {
                        self.fail(
                            *at,
                            format!(
                                "`{key}` is about an object: say which with `object = \"...\"`"
                            ),
                        );
                    }
                }
                Some(Subject::Player) => {
                    needs.1 = true;
                    if expect.value.player.is_none() {
                        self.fail(
                            *at,
                            format!("`{key}` is about a player: say which with `player = N`"),
                        );
                    }
                }
                Some(Subject::Game) => {}
            }
        }
        if expect.value.object.is_some() && !needs.0 {
            self.fail(
                expect.key_offset("object"),
                "`object` is given but no field of this [[expect]] is about an object".into(),
            );
        }
        if expect.value.player.is_some() && !needs.1 {
            self.fail(
                expect.key_offset("player"),
                "`player` is given but no field of this [[expect]] is about a player".into(),
            );
        }
        for (key, name) in self.game.unknown_names(&expect.value.game) {
            self.fail(
                expect.key_offset(key),
                format!("`{key}`: unknown name {name:?} in {}", G::NAME),
            );
        }
    }

    fn set_up(&mut self, scenario: &Scenario<G>) -> Option<(StateOf<G>, Names<G::Handle>)> {
        let players: Vec<&PlayerEntry<G::Player>> =
            scenario.players.iter().map(|p| &p.value).collect();
        let mut state = match self.game.new_state(&players) {
            Ok(state) => state,
            Err(e) => {
                let at = scenario.players.first().map_or(0, |p| p.offset);
                self.fail(at, format!("players: {e}"));
                return None;
            }
        };
        let mut names = Names::default();
        for object in &scenario.objects {
            if names.contains(&object.value.id) {
                self.fail(
                    object.key_offset("id"),
                    format!("two objects are named {:?}", object.value.id),
                );
                return None;
            }
            match self.game.add_object(&mut state, &object.value) {
                Ok(id) => names.insert(&object.value.id, id),
                Err(e) => {
                    self.fail(object.offset, format!("object {:?}: {e}", object.value.id));
                    return None;
                }
            }
        }
        for (object, (_, id)) in scenario.objects.iter().zip(names.objects.clone()) {
            if let Err(e) = self.game.link_object(&mut state, id, &object.value, &names) {
                self.fail(object.offset, format!("object {:?}: {e}", object.value.id));
                return None;
            }
        }
        Some((state, names))
    }

    /// Runs a step; false (with a failure) when it went otherwise than the file says.
    fn step(
        &mut self,
        state: &mut StateOf<G>,
        index: usize,
        step: &Entry<StepEntry<G::Step>>,
        names: &Names<G::Handle>,
        log: &mut EventLog<EventOf<G>>,
    ) -> bool {
        let mut dice = ScriptedDice::new();
        for (die, faces) in &step.value.dice {
            dice.push(die, faces.iter().copied());
        }
        let mut choices = ScriptedChoices::new(step.value.choices.iter().cloned());
        let result = {
            let mut ctx = Ctx::new(&mut dice, &mut choices, log);
            self.game.run_step(state, &step.value.game, names, &mut ctx)
        };
        let number = index + 1;
        let outcome = match (result, &step.value.fails_with) {
            (Ok(()), None) => self.leftovers(&dice, &choices),
            (Err(ScenarioError::Refused(e)), Some(expected)) if e.contains(expected.as_str()) => {
                Ok(())
            }
            (Err(ScenarioError::Refused(e)), Some(expected)) => Err(format!(
                "expected the step to fail with {expected:?}, but it failed with: {e}"
            )),
            (Err(ScenarioError::Scenario(e)), Some(expected)) => Err(format!(
                "expected the rules to refuse the step with {expected:?}, but the step \
                 itself is wrong: {e}"
            )),
            (Err(e), None) => Err(e.to_string()),
            (Ok(()), Some(expected)) => Err(format!(
                "expected the step to fail with {expected:?}, but it succeeded"
            )),
        };
        match outcome {
            Ok(()) => true,
            Err(e) => {
                let at = if step.value.fails_with.is_some() {
                    step.key_offset("fails_with")
                } else {
                    step.offset
                };
                self.fail(at, format!("step {number}: {e}"));
                false
            }
        }
    }

    /// Scripted dice or choices the step did not use.
    fn leftovers(&self, dice: &ScriptedDice, choices: &ScriptedChoices) -> Result<(), String> {
        let mut problems = Vec::new();
        for (die, unused) in dice.unused_all() {
            if !self.game.unused_faces_allowed(die) {
                problems.push(format!(
                    "{unused} scripted {die} die face(s) were never rolled"
                ));
            }
        }
        if !choices.unused().is_empty() {
            let unused: Vec<String> = choices.unused().iter().map(|c| format!("{c:?}")).collect();
            problems.push(format!(
                "scripted choice(s) {} were never asked for",
                unused.join(", ")
            ));
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    fn check(
        &mut self,
        state: &StateOf<G>,
        expect: &Entry<ExpectEntry<G::Expect>>,
        names: &Names<G::Handle>,
    ) {
        let mut subjects = Subjects {
            object: None,
            player: expect.value.player,
        };
        if let Some(name) = &expect.value.object {
            match names.object(name) {
                Ok(id) => subjects.object = Some(id),
                Err(e) => return self.fail(expect.key_offset("object"), e),
            }
        }
        let checks = match self.game.check(state, &expect.value.game, subjects, names) {
            Ok(checks) => checks,
            Err(e) => return self.fail(expect.offset, e.to_string()),
        };
        for (key, at) in &expect.keys {
            if key == "object" || key == "player" {
                continue;
            }
            let mine: Vec<&Check> = checks.iter().filter(|c| c.field == key).collect();
            if mine.is_empty() {
                self.fail(
                    *at,
                    format!("`{key}` was given but {} checked nothing for it", G::NAME),
                );
            }
            for check in mine.into_iter().filter(|c| !c.passed()) {
                let subject = match G::EXPECT_FIELDS.iter().find(|(f, _)| f == key) {
                    Some((_, Subject::Object)) => {
                        format!("{} ", expect.value.object.as_deref().unwrap_or("?"))
                    }
                    Some((_, Subject::Player)) => {
                        format!("player {} ", expect.value.player.map_or(0, |p| p.0))
                    }
                    _ => String::new(),
                };
                self.fail(
                    *at,
                    format!(
                        "{subject}{key}: expected {}, actual {}",
                        check.expected, check.actual
                    ),
                );
            }
        }
    }
}
