//! "Duel": a tiny two-player game on a `ZonedArena`, written only against the engine
//! contract. Champions strike enemies in their zone with two attack dice (labels "0", "1",
//! "2", "1*", "2*" as a game.toml would declare them); an effect d12 of 7 or more dazes the
//! target; a dazed attacker first rolls the d12 and misses on 6 or less. A strike without a
//! named target asks the attacker's player to choose among the enemies in the zone.

use grimoire_engine::scenario::{
    Check, Names, ObjectEntry, PlayerEntry, ScenarioGame, Subject, Subjects,
};
use grimoire_engine::{
    Board, ChoiceError, Ctx, DiceError, DieFaces, ObjectId, PlayerId, Rules, Zone, ZonedArena,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One face of the attack die, as codegen would generate it from `[dice.attack]`.
pub struct AttackDieFace {
    pub label: &'static str,
    pub normal: i64,
    pub critical: i64,
}

/// The generated die table.
pub static ATTACK_DIE: [AttackDieFace; 6] = [
    AttackDieFace {
        label: "0",
        normal: 0,
        critical: 0,
    },
    AttackDieFace {
        label: "1",
        normal: 1,
        critical: 0,
    },
    AttackDieFace {
        label: "2",
        normal: 2,
        critical: 0,
    },
    AttackDieFace {
        label: "1*",
        normal: 0,
        critical: 1,
    },
    AttackDieFace {
        label: "2*",
        normal: 0,
        critical: 2,
    },
    AttackDieFace {
        label: "0",
        normal: 0,
        critical: 0,
    },
];

pub const CONDITIONS: &[&str] = &["Dazed", "Burning"];

pub fn attack_die() -> DieFaces {
    DieFaces::from_table("attack", &ATTACK_DIE, |f| f.label)
}

pub fn effect_die() -> DieFaces {
    DieFaces::numbered("effect", 12)
}

#[derive(Debug, Clone)]
pub struct Champion {
    pub name: String,
    pub owner: PlayerId,
    pub zone: Zone,
    pub life: u32,
    pub damage: u32,
    pub conditions: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct State {
    pub arena: ZonedArena,
    pub champions: Vec<Champion>,
    pub mana: Vec<(PlayerId, u32)>,
    pub last_rolled: u32,
}

impl State {
    fn champion(&self, id: ObjectId) -> Result<&Champion, DuelError> {
        self.champions
            .get(id.0 as usize)
            .ok_or(DuelError::NoSuchObject)
    }
    fn alive(&self, id: ObjectId) -> bool {
        self.champion(id).is_ok_and(|c| c.damage < c.life)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Strike {
        attacker: ObjectId,
        target: Option<ObjectId>,
    },
    Move {
        who: ObjectId,
        to: Zone,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event {
    Rolled { total: u32 },
    Missed,
    Damaged { object: u32, amount: u32 },
    Dazed { object: u32 },
    Moved { object: u32, to: String },
}

#[derive(Debug)]
pub enum DuelError {
    NoSuchObject,
    OutOfRange,
    NotAdjacent,
    NoTarget,
    Dice(DiceError),
    Choice(ChoiceError),
}

impl std::fmt::Display for DuelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DuelError::NoSuchObject => write!(f, "no such object"),
            DuelError::OutOfRange => write!(f, "the target is out of range"),
            DuelError::NotAdjacent => write!(f, "a champion moves one zone at a time"),
            DuelError::NoTarget => write!(f, "no enemy to strike"),
            DuelError::Dice(e) => write!(f, "{e}"),
            DuelError::Choice(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DuelError {}

impl From<DiceError> for DuelError {
    fn from(e: DiceError) -> Self {
        DuelError::Dice(e)
    }
}

impl From<ChoiceError> for DuelError {
    fn from(e: ChoiceError) -> Self {
        DuelError::Choice(e)
    }
}

/// The rules of Duel.
pub struct DuelRules {
    attack: DieFaces,
    effect: DieFaces,
}

impl Default for DuelRules {
    fn default() -> Self {
        Self {
            attack: attack_die(),
            effect: effect_die(),
        }
    }
}

impl DuelRules {
    fn enemies_in_zone(state: &State, attacker: ObjectId) -> Vec<ObjectId> {
        let Ok(me) = state.champion(attacker) else {
            return vec![];
        };
        (0..state.champions.len() as u32)
            .map(ObjectId)
            .filter(|id| {
                let c = &state.champions[id.0 as usize];
                c.owner != me.owner && c.zone == me.zone && state.alive(*id)
            })
            .collect()
    }
}

impl Rules for DuelRules {
    type State = State;
    type Action = Action;
    type Event = Event;
    type Error = DuelError;

    fn legal_actions(&self, state: &State, player: PlayerId) -> Vec<Action> {
        let mut actions = Vec::new();
        for (i, c) in state.champions.iter().enumerate() {
            let id = ObjectId(i as u32);
            if c.owner != player || !state.alive(id) {
                continue;
            }
            for target in Self::enemies_in_zone(state, id) {
                actions.push(Action::Strike {
                    attacker: id,
                    target: Some(target),
                });
            }
            for to in state.arena.neighbours(c.zone) {
                actions.push(Action::Move { who: id, to });
            }
        }
        actions
    }

    fn apply(
        &self,
        state: &mut State,
        action: &Action,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), DuelError> {
        match *action {
            Action::Move { who, to } => {
                let from = state.champion(who)?.zone;
                if !state.arena.adjacent(from, to) {
                    return Err(DuelError::NotAdjacent);
                }
                state.champions[who.0 as usize].zone = to;
                ctx.record(Event::Moved {
                    object: who.0,
                    to: state.arena.position_name(&to),
                });
                Ok(())
            }
            Action::Strike { attacker, target } => {
                let target = match target {
                    Some(t) => {
                        let (a, d) = (state.champion(attacker)?, state.champion(t)?);
                        if state.arena.distance(&a.zone, &d.zone) != Some(0) {
                            return Err(DuelError::OutOfRange);
                        }
                        t
                    }
                    None => {
                        let enemies = Self::enemies_in_zone(state, attacker);
                        let names: Vec<String> = enemies
                            .iter()
                            .map(|e| state.champions[e.0 as usize].name.clone())
                            .collect();
                        match enemies.len() {
                            0 => return Err(DuelError::NoTarget),
                            1 => enemies[0],
                            _ => enemies[ctx.choose("target to strike", &names)?],
                        }
                    }
                };
                if state
                    .champion(attacker)?
                    .conditions
                    .iter()
                    .any(|c| c == "Dazed")
                {
                    let roll = ctx.roll(self.effect.spec())? + 1;
                    if roll <= 6 {
                        ctx.record(Event::Missed);
                        state.last_rolled = 0;
                        return Ok(());
                    }
                }
                let mut total = 0;
                for _ in 0..2 {
                    let face = &ATTACK_DIE[ctx.roll(self.attack.spec())? as usize];
                    total += (face.normal + face.critical) as u32;
                }
                state.last_rolled = total;
                ctx.record(Event::Rolled { total });
                let defender = &mut state.champions[target.0 as usize];
                defender.damage += total;
                ctx.record(Event::Damaged {
                    object: target.0,
                    amount: total,
                });
                let effect = ctx.roll(self.effect.spec())? + 1;
                if effect >= 7 && !defender.conditions.iter().any(|c| c == "Dazed") {
                    defender.conditions.push("Dazed".into());
                    ctx.record(Event::Dazed { object: target.0 });
                }
                Ok(())
            }
        }
    }
}

// ---- scenario keys ----

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerKeys {
    /// Starting mana.
    #[serde(default)]
    pub mana: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectKeys {
    /// Controlling player.
    pub player: u8,
    /// Arena zone such as "B2".
    pub zone: String,
    /// Life.
    pub life: u32,
    /// Damage already marked.
    #[serde(default)]
    pub damage: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StrikeKeys {
    pub attacker: String,
    #[serde(default)]
    pub target: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveKeys {
    pub who: String,
    pub to: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepKeys {
    /// A strike.
    #[serde(default)]
    pub strike: Option<StrikeKeys>,
    /// A move.
    #[serde(default, rename = "move")]
    pub move_to: Option<MoveKeys>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpectKeys {
    /// Damage on the object.
    #[serde(default)]
    pub damage: Option<u32>,
    /// Zone of the object.
    #[serde(default)]
    pub zone: Option<String>,
    /// Whether it was destroyed.
    #[serde(default)]
    pub destroyed: Option<bool>,
    /// Exactly these conditions.
    #[serde(default)]
    pub conditions: Option<Vec<String>>,
    /// The player's mana.
    #[serde(default)]
    pub mana: Option<u32>,
    /// Attack total of the last strike (0 for a miss).
    #[serde(default)]
    pub rolled: Option<u32>,
}

/// Duel's side of the scenario runner.
#[derive(Default)]
pub struct Duel {
    pub rules: DuelRules,
}

impl ScenarioGame for Duel {
    const NAME: &'static str = "duel";
    const EXPECT_FIELDS: &'static [(&'static str, Subject)] = &[
        ("damage", Subject::Object),
        ("zone", Subject::Object),
        ("destroyed", Subject::Object),
        ("conditions", Subject::Object),
        ("mana", Subject::Player),
        ("rolled", Subject::Game),
    ];
    type Rules = DuelRules;
    type Player = PlayerKeys;
    type Object = ObjectKeys;
    type Step = StepKeys;
    type Expect = ExpectKeys;

    fn dice(&self) -> Vec<DieFaces> {
        vec![attack_die(), effect_die()]
    }

    fn new_state(&self, players: &[&PlayerEntry<PlayerKeys>]) -> Result<State, String> {
        Ok(State {
            arena: ZonedArena::default(),
            champions: Vec::new(),
            mana: players.iter().map(|p| (p.id, p.game.mana)).collect(),
            last_rolled: 0,
        })
    }

    fn add_object(
        &self,
        state: &mut State,
        object: &ObjectEntry<ObjectKeys>,
    ) -> Result<ObjectId, String> {
        let zone = state
            .arena
            .parse_position(&object.game.zone)
            .map_err(|e| e.to_string())?;
        state.champions.push(Champion {
            name: object.id.clone(),
            owner: PlayerId(object.game.player),
            zone,
            life: object.game.life,
            damage: object.game.damage,
            conditions: Vec::new(),
        });
        Ok(ObjectId(state.champions.len() as u32 - 1))
    }

    fn run_step(
        &self,
        state: &mut State,
        step: &StepKeys,
        names: &Names,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), String> {
        let action = match (&step.strike, &step.move_to) {
            (Some(s), None) => Action::Strike {
                attacker: names.object(&s.attacker)?,
                target: s.target.as_deref().map(|t| names.object(t)).transpose()?,
            },
            (None, Some(m)) => Action::Move {
                who: names.object(&m.who)?,
                to: state
                    .arena
                    .parse_position(&m.to)
                    .map_err(|e| e.to_string())?,
            },
            _ => return Err("a step is one of `strike` or `move`".into()),
        };
        self.rules
            .apply(state, &action, ctx)
            .map_err(|e| e.to_string())
    }

    fn unknown_names(&self, expect: &ExpectKeys) -> Vec<(&'static str, String)> {
        expect
            .conditions
            .iter()
            .flatten()
            .filter(|c| !CONDITIONS.contains(&c.as_str()))
            .map(|c| ("conditions", c.clone()))
            .collect()
    }

    fn check(
        &self,
        state: &State,
        expect: &ExpectKeys,
        subjects: Subjects,
        _: &Names,
    ) -> Result<Vec<Check>, String> {
        let mut checks = Vec::new();
        if let Some(rolled) = expect.rolled {
            checks.push(Check::new("rolled", rolled, state.last_rolled));
        }
        if let (Some(player), Some(mana)) = (subjects.player, expect.mana) {
            let actual = state
                .mana
                .iter()
                .find(|(p, _)| *p == player)
                .map(|(_, m)| *m)
                .ok_or_else(|| format!("no player {}", player.0))?;
            checks.push(Check::new("mana", mana, actual));
        }
        if let Some(id) = subjects.object {
            let c = &state.champions[id.0 as usize];
            if let Some(damage) = expect.damage {
                checks.push(Check::new("damage", damage, c.damage));
            }
            if let Some(zone) = &expect.zone {
                checks.push(Check::new("zone", zone, state.arena.position_name(&c.zone)));
            }
            if let Some(destroyed) = expect.destroyed {
                checks.push(Check::new("destroyed", destroyed, c.damage >= c.life));
            }
            if let Some(conditions) = &expect.conditions {
                let mut expected = conditions.clone();
                expected.sort();
                let mut actual = c.conditions.clone();
                actual.sort();
                checks.push(Check::new(
                    "conditions",
                    format!("{expected:?}"),
                    format!("{actual:?}"),
                ));
            }
        }
        Ok(checks)
    }
}
