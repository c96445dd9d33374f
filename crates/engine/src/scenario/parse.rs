//! Reading a scenario file: the common structure here, the game's keys through serde, every
//! entry and key with its position in the text.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::{Failure, ScenarioGame};
use crate::dice::{find_die, DieFaces};
use crate::store::PlayerId;

/// A parsed scenario file of game `G`.
pub struct Scenario<G: ScenarioGame> {
    /// `game = "..."`.
    pub game: String,
    /// `name = "..."`: what the scenario shows.
    pub name: String,
    /// `source = "..."`: the rule, codex entry or ruling it encodes (never empty).
    pub source: String,
    /// `[[player]]` entries.
    pub players: Vec<Entry<PlayerEntry<G::Player>>>,
    /// `[[object]]` entries.
    pub objects: Vec<Entry<ObjectEntry<G::Object>>>,
    /// `[[step]]` entries, in file order.
    pub steps: Vec<Entry<StepEntry<G::Step>>>,
    /// `[[expect]]` entries, in file order.
    pub expects: Vec<Entry<ExpectEntry<G::Expect>>>,
}

/// One `[[...]]` entry with where it and each of its keys are written.
#[derive(Debug, Clone)]
pub struct Entry<T> {
    /// Byte offset of the entry's `[[...]]` header.
    pub offset: usize,
    /// Every key of the entry with its byte offset, in file order.
    pub keys: Vec<(String, usize)>,
    /// The entry's values.
    pub value: T,
}

impl<T> Entry<T> {
    /// Byte offset of key `key`, or of the entry's header when the key is absent.
    pub fn key_offset(&self, key: &str) -> usize {
        self.keys
            .iter()
            .find(|(k, _)| k == key)
            .map_or(self.offset, |(_, at)| *at)
    }
}

/// A `[[player]]`: `id` and the game's keys.
#[derive(Debug, Clone)]
pub struct PlayerEntry<P> {
    /// `id = 1`.
    pub id: PlayerId,
    /// The game's keys.
    pub game: P,
}

/// An `[[object]]`: `id` (the name steps and expectations use) and the game's keys.
#[derive(Debug, Clone)]
pub struct ObjectEntry<O> {
    /// `id = "fox"`.
    pub id: String,
    /// The game's keys.
    pub game: O,
}

/// A `[[step]]`: scripted dice and choices, `fails_with`, and the game's keys.
#[derive(Debug, Clone)]
pub struct StepEntry<S> {
    /// `dice = { attack = ["2", "1*"], effect = [7] }`: face indices per die name, already
    /// checked against the game's dice.
    pub dice: Vec<(&'static str, Vec<u32>)>,
    /// `choices = ["fox"]`: answers to the rules' questions, in order.
    pub choices: Vec<String>,
    /// `fails_with = "text"`: the step must fail with an error containing this text.
    pub fails_with: Option<String>,
    /// The game's keys.
    pub game: S,
}

/// An `[[expect]]`: its subjects (`object`, `player`) and the game's keys.
#[derive(Debug, Clone)]
pub struct ExpectEntry<E> {
    /// `object = "fox"`: the object the object fields are about.
    pub object: Option<String>,
    /// `player = 1`: the player the player fields are about.
    pub player: Option<PlayerId>,
    /// The game's keys.
    pub game: E,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerCommon {
    id: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectCommon {
    id: String,
}

/// A scripted face: a label (`"1*"`) or a number (`7`, the face labelled `"7"`).
#[derive(Deserialize)]
#[serde(untagged)]
enum Face {
    Number(i64),
    Label(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepCommon {
    #[serde(default)]
    dice: BTreeMap<String, Vec<Face>>,
    #[serde(default)]
    choices: Vec<String>,
    #[serde(default)]
    fails_with: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectCommon {
    #[serde(default)]
    object: Option<String>,
    #[serde(default)]
    player: Option<u8>,
}

/// Keys the runner reads from each kind of entry; the rest belong to the game.
const PLAYER_KEYS: &[&str] = &["id"];
const OBJECT_KEYS: &[&str] = &["id"];
const STEP_KEYS: &[&str] = &["dice", "choices", "fails_with"];
const EXPECT_KEYS: &[&str] = &["object", "player"];
const TOP_KEYS: &[&str] = &[
    "game", "name", "source", "player", "object", "step", "expect",
];

type Table<'i> = DeTable<'i>;

/// Collects failures while parsing, with the text to turn offsets into lines and columns.
struct Parser<'t> {
    text: &'t str,
    failures: Vec<Failure>,
}

impl<'t> Parser<'t> {
    fn fail(&mut self, offset: usize, message: impl Into<String>) {
        self.failures
            .push(Failure::at(self.text, offset, message.into()));
    }

    fn toml_error(&mut self, error: &toml::de::Error, fallback: usize) {
        let offset = error.span().map_or(fallback, |s: Range<usize>| s.start);
        self.fail(offset, with_suggestion(error.message().trim()));
    }

    /// Deserializes a table (or the part of it not taken by `common`) into `T`.
    fn value<T: DeserializeOwned>(&mut self, span: Range<usize>, table: Table<'t>) -> Option<T> {
        let start = span.start;
        match T::deserialize(toml::de::Deserializer::from(Spanned::new(span, table))) {
            Ok(value) => Some(value),
            Err(e) => {
                self.toml_error(&e, start);
                None
            }
        }
    }

    /// Splits an entry into the runner's keys and the game's keys and deserializes both.
    fn entry<C: DeserializeOwned, T: DeserializeOwned>(
        &mut self,
        element: Spanned<DeValue<'t>>,
        common_keys: &[&str],
        kind: &str,
    ) -> Option<(Entry<()>, C, T)> {
        let span = element.span();
        let DeValue::Table(table) = element.into_inner() else {
            self.fail(
                span.start,
                format!("`{kind}` must be an array of tables: [[{kind}]]"),
            );
            return None;
        };
        let keys = table
            .iter()
            .map(|(k, _)| (k.get_ref().to_string(), k.span().start))
            .collect();
        let (mut common, mut own) = (Table::new(), Table::new());
        for (key, value) in table {
            if common_keys.contains(&key.get_ref().as_ref()) {
                common.insert(key, value);
            } else {
                own.insert(key, value);
            }
        }
        let common: Option<C> = self.value(span.clone(), common);
        let own: Option<T> = self.value(span.clone(), own);
        Some((
            Entry {
                offset: span.start,
                keys,
                value: (),
            },
            common?,
            own?,
        ))
    }

    fn entries(
        &mut self,
        value: Option<Spanned<DeValue<'t>>>,
        kind: &str,
    ) -> Vec<Spanned<DeValue<'t>>> {
        match value {
            None => Vec::new(),
            Some(value) => {
                let at = value.span().start;
                match value.into_inner() {
                    DeValue::Array(array) => array.into_iter().collect(),
                    _ => {
                        self.fail(
                            at,
                            format!("`{kind}` must be an array of tables: [[{kind}]]"),
                        );
                        Vec::new()
                    }
                }
            }
        }
    }

    /// The string at top-level `key` with its offset; `None` (and a failure) when it is
    /// missing or not a string.
    fn string(&mut self, root: &mut Table<'t>, key: &str) -> Option<(String, usize)> {
        match root.remove_entry(key) {
            None => {
                self.fail(0, format!("missing `{key} = \"...\"`"));
                None
            }
            Some((_, value)) => match value.get_ref().as_str() {
                Some(text) => Some((text.to_string(), value.span().start)),
                None => {
                    self.fail(value.span().start, format!("`{key}` must be a string"));
                    None
                }
            },
        }
    }
}

fn scripted_faces(
    dice: &[DieFaces],
    name: &str,
    faces: Vec<Face>,
) -> Result<(&'static str, Vec<u32>), String> {
    let die = find_die(dice, name).map_err(|e| e.to_string())?;
    let faces = faces
        .into_iter()
        .map(|face| {
            let label = match face {
                Face::Number(n) => n.to_string(),
                Face::Label(l) => l,
            };
            die.face(&label).map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((die.name(), faces))
}

/// The game a scenario text names (`game = "..."`), for choosing the game to run it with.
pub fn scenario_game(text: &str) -> Result<String, Failure> {
    let root = DeTable::parse(text).map_err(|e| {
        Failure::at(
            text,
            e.span().map_or(0, |s| s.start),
            e.message().trim().to_string(),
        )
    })?;
    let root = root.into_inner();
    match root.get("game") {
        None => Err(Failure::at(text, 0, "missing `game = \"...\"`".to_string())),
        Some(value) => {
            value.get_ref().as_str().map(str::to_string).ok_or_else(|| {
                Failure::at(text, value.span().start, "`game` must be a string".into())
            })
        }
    }
}

/// A serde message naming a value or key that is none of the expected ones (`unknown variant
/// `upkep`, expected one of `upkeep`, ...`) with "did you mean" added for the closest one.
fn with_suggestion(message: &str) -> String {
    let typed_and_expected = ["unknown variant `", "unknown field `"]
        .iter()
        .find_map(|lead| message.strip_prefix(lead))
        .and_then(|rest| rest.split_once('`'));
    let Some((typed, expected)) = typed_and_expected else {
        return message.to_string();
    };
    let candidates: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    format!(
        "{message}{}",
        crate::suggest::did_you_mean(typed, candidates)
    )
}

/// Parses a scenario of game `G`: every error found, each with its line and column.
pub fn parse_scenario<G: ScenarioGame>(game: &G, text: &str) -> Result<Scenario<G>, Vec<Failure>> {
    let root = match DeTable::parse(text) {
        Ok(root) => root,
        Err(e) => {
            let offset = e.span().map_or(0, |s| s.start);
            return Err(vec![Failure::at(
                text,
                offset,
                e.message().trim().to_string(),
            )]);
        }
    };
    let mut p = Parser {
        text,
        failures: Vec::new(),
    };
    let mut root = root.into_inner();
    for (key, _) in root.iter() {
        if !TOP_KEYS.contains(&key.get_ref().as_ref()) {
            let known = TOP_KEYS.join(", ");
            p.fail(
                key.span().start,
                format!("unknown key `{}` (expected one of {known})", key.get_ref()),
            );
        }
    }
    let game_name = p.string(&mut root, "game");
    let name = p.string(&mut root, "name");
    let source = p.string(&mut root, "source");
    if let Some((source, at)) = &source {
        if source.trim().is_empty() {
            p.fail(
                *at,
                "`source` is empty: name the rule, codex entry or ruling the scenario encodes",
            );
        }
    }
    if let Some((game_name, at)) = &game_name {
        if game_name != G::NAME {
            p.fail(
                *at,
                format!("this scenario is for {game_name:?}, not {:?}", G::NAME),
            );
        }
    }
    let dice = game.dice();

    let mut players = Vec::new();
    for element in p.entries(root.remove("player"), "player") {
        if let Some((entry, common, own)) =
            p.entry::<PlayerCommon, G::Player>(element, PLAYER_KEYS, "player")
        {
            players.push(Entry {
                value: PlayerEntry {
                    id: PlayerId(common.id),
                    game: own,
                },
                offset: entry.offset,
                keys: entry.keys,
            });
        }
    }
    let mut objects = Vec::new();
    for element in p.entries(root.remove("object"), "object") {
        if let Some((entry, common, own)) =
            p.entry::<ObjectCommon, G::Object>(element, OBJECT_KEYS, "object")
        {
            objects.push(Entry {
                value: ObjectEntry {
                    id: common.id,
                    game: own,
                },
                offset: entry.offset,
                keys: entry.keys,
            });
        }
    }
    let mut steps = Vec::new();
    for element in p.entries(root.remove("step"), "step") {
        if let Some((entry, common, own)) =
            p.entry::<StepCommon, G::Step>(element, STEP_KEYS, "step")
        {
            let entry: Entry<()> = entry;
            let mut scripted = Vec::new();
            for (die, faces) in common.dice {
                match scripted_faces(&dice, &die, faces) {
                    Ok(faces) => scripted.push(faces),
                    Err(message) => p.fail(entry.key_offset("dice"), message),
                }
            }
            steps.push(Entry {
                value: StepEntry {
                    dice: scripted,
                    choices: common.choices,
                    fails_with: common.fails_with,
                    game: own,
                },
                offset: entry.offset,
                keys: entry.keys,
            });
        }
    }
    let mut expects = Vec::new();
    for element in p.entries(root.remove("expect"), "expect") {
        if let Some((entry, common, own)) =
            p.entry::<ExpectCommon, G::Expect>(element, EXPECT_KEYS, "expect")
        {
            expects.push(Entry {
                value: ExpectEntry {
                    object: common.object,
                    player: common.player.map(PlayerId),
                    game: own,
                },
                offset: entry.offset,
                keys: entry.keys,
            });
        }
    }
    if !p.failures.is_empty() {
        p.failures.sort_by_key(|f| (f.line, f.column));
        return Err(p.failures);
    }
    let text_of = |v: Option<(String, usize)>| v.map(|(t, _)| t).unwrap_or_default();
    Ok(Scenario {
        game: text_of(game_name),
        name: text_of(name),
        source: text_of(source),
        players,
        objects,
        steps,
        expects,
    })
}

#[cfg(test)]
mod tests {
    use super::with_suggestion;

    #[test]
    fn unknown_variants_and_fields_get_a_did_you_mean() {
        assert_eq!(
            with_suggestion("unknown variant `upkep`, expected one of `channeling`, `upkeep`"),
            "unknown variant `upkep`, expected one of `channeling`, `upkeep` (did you mean \"upkeep\"?)"
        );
        assert_eq!(
            with_suggestion("unknown field `atacker`, expected `attacker` or `target`"),
            "unknown field `atacker`, expected `attacker` or `target` (did you mean \"attacker\"?)"
        );
        assert_eq!(
            with_suggestion("invalid type: integer"),
            "invalid type: integer"
        );
    }
}
