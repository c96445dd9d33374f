//! "Duel": a tiny two-player game on a `ZonedArena`, written only against the engine
//! contract. Champions strike enemies in their zone with two attack dice (labels "0", "1",
//! "2", "1*", "2*" as a game.toml would declare them); an effect d12 of 7 or more dazes the
//! target; a dazed attacker first rolls the d12 and misses on 6 or less. A strike without a
//! named target asks the attacker's player to choose among the enemies in the zone.

use grimoire_engine::scenario::{
    Check, Names, ObjectEntry, PlayerEntry, ScenarioGame, Subject, Subjects,
};
use grimoire_engine::{
    Board, ChoiceError, Ctx, DiceError, DieFaces, ObjectId, Outcome, Playable, PlayerId, Rules,
    ScenarioError, Zone, ZonedArena,
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
    /// Whose turn it is.
    pub active: PlayerId,
    /// The turn, from 1.
    pub turn: u32,
    /// Strikes and moves the active player has left this turn.
    pub actions_left: u32,
}

/// Actions a player takes in one turn.
pub const ACTIONS_PER_TURN: u32 = 2;
/// After this turn a game with champions on both sides is a draw.
pub const LAST_TURN: u32 = 200;

impl State {
    fn champion(&self, id: ObjectId) -> Result<&Champion, DuelError> {
        self.champions
            .get(id.0 as usize)
            .ok_or(DuelError::NoSuchObject)
    }
    fn alive(&self, id: ObjectId) -> bool {
        self.champion(id).is_ok_and(|c| c.damage < c.life)
    }

    /// A living champion of the active player, or why not.
    fn own_living(&self, id: ObjectId) -> Result<&Champion, DuelError> {
        let c = self.champion(id)?;
        if c.owner != self.active {
            return Err(DuelError::NotYourTurn);
        }
        if !self.alive(id) {
            return Err(DuelError::Destroyed);
        }
        Ok(c)
    }

    fn has_living(&self, player: PlayerId) -> bool {
        (0..self.champions.len() as u32)
            .map(ObjectId)
            .any(|id| self.champions[id.0 as usize].owner == player && self.alive(id))
    }

    /// Wins, losses and the draw after [`LAST_TURN`].
    pub fn outcome(&self) -> Outcome {
        match (self.has_living(PlayerId(1)), self.has_living(PlayerId(2))) {
            (true, false) => Outcome::Won(PlayerId(1)),
            (false, true) => Outcome::Won(PlayerId(2)),
            (false, false) => Outcome::Draw,
            (true, true) if self.turn > LAST_TURN => Outcome::Draw,
            (true, true) => Outcome::Playing,
        }
    }

    /// Ends the active player's turn.
    pub fn end_turn(&mut self) {
        self.active = PlayerId(3 - self.active.0);
        self.turn += 1;
        self.actions_left = ACTIONS_PER_TURN;
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
    EndTurn,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event {
    Rolled { total: u32 },
    Missed,
    Damaged { object: u32, amount: u32 },
    Dazed { object: u32 },
    Moved { object: u32, to: String },
    TurnEnded,
}

#[derive(Debug)]
pub enum DuelError {
    NoSuchObject,
    OutOfRange,
    NotAdjacent,
    NoTarget,
    NotYourTurn,
    Destroyed,
    NoActionsLeft,
    GameOver,
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
            DuelError::NotYourTurn => write!(f, "that champion's player is not the one to act"),
            DuelError::Destroyed => write!(f, "that champion is destroyed"),
            DuelError::NoActionsLeft => write!(f, "no actions left this turn"),
            DuelError::GameOver => write!(f, "the game is over"),
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
        if player != state.active || state.outcome().is_over() {
            return Vec::new();
        }
        let mut actions = Vec::new();
        if state.actions_left == 0 {
            return vec![Action::EndTurn];
        }
        for (i, c) in state.champions.iter().enumerate() {
            let id = ObjectId(i as u32);
            if c.owner != player || !state.alive(id) {
                continue;
            }
            let enemies = Self::enemies_in_zone(state, id);
            if !enemies.is_empty() {
                // The rules ask the player for the target.
                actions.push(Action::Strike {
                    attacker: id,
                    target: None,
                });
            }
            for target in enemies {
                actions.push(Action::Strike {
                    attacker: id,
                    target: Some(target),
                });
            }
            for to in state.arena.neighbours(c.zone) {
                actions.push(Action::Move { who: id, to });
            }
        }
        actions.push(Action::EndTurn);
        actions
    }

    fn apply(
        &self,
        state: &mut State,
        action: &Action,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), DuelError> {
        if state.outcome().is_over() {
            return Err(DuelError::GameOver);
        }
        if *action == Action::EndTurn {
            state.end_turn();
            ctx.record(Event::TurnEnded);
            return Ok(());
        }
        if state.actions_left == 0 {
            return Err(DuelError::NoActionsLeft);
        }
        self.act(state, action, ctx)?;
        state.actions_left -= 1;
        Ok(())
    }
}

impl DuelRules {
    /// A strike or a move, once the turn allows one.
    fn act(
        &self,
        state: &mut State,
        action: &Action,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), DuelError> {
        match *action {
            Action::EndTurn => Ok(()),
            Action::Move { who, to } => {
                let from = state.own_living(who)?.zone;
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
                        let (a, d) = (state.own_living(attacker)?, state.champion(t)?);
                        if state.arena.distance(&a.zone, &d.zone) != Some(0)
                            || d.owner == a.owner
                            || !state.alive(t)
                        {
                            return Err(DuelError::OutOfRange);
                        }
                        t
                    }
                    None => {
                        state.own_living(attacker)?;
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
    type Handle = ObjectId;
    type Player = PlayerKeys;
    type Object = ObjectKeys;
    type Step = StepKeys;
    type Expect = ExpectKeys;

    fn dice(&self) -> Vec<DieFaces> {
        vec![attack_die(), effect_die()]
    }

    fn new_state(&self, players: &[&PlayerEntry<PlayerKeys>]) -> Result<State, ScenarioError> {
        Ok(State {
            arena: ZonedArena::default(),
            champions: Vec::new(),
            mana: players.iter().map(|p| (p.id, p.game.mana)).collect(),
            last_rolled: 0,
            active: PlayerId(1),
            turn: 1,
            actions_left: ACTIONS_PER_TURN,
        })
    }

    fn add_object(
        &self,
        state: &mut State,
        object: &ObjectEntry<ObjectKeys>,
    ) -> Result<ObjectId, ScenarioError> {
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
    ) -> Result<(), ScenarioError> {
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
        // A step by the other player's champion begins that player's turn; each step is a
        // fresh action.
        let actor = match action {
            Action::Strike { attacker: who, .. } | Action::Move { who, .. } => {
                state.champion(who).map_err(|e| e.to_string())?.owner
            }
            Action::EndTurn => state.active,
        };
        if actor != state.active {
            state.end_turn();
        }
        state.actions_left = ACTIONS_PER_TURN;
        self.rules
            .apply(state, &action, ctx)
            .map_err(ScenarioError::refused)
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
    ) -> Result<Vec<Check>, ScenarioError> {
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

// ---- whole games ----

/// A Duel deck: the champions a player brings, by name and life.
pub type Deck = Vec<(String, u32)>;

impl Playable for DuelRules {
    type Deck = Deck;

    /// Player 1's champions start in the first zone, player 2's in the next; player 1 begins.
    fn setup(&self, decks: &[Deck], _: &mut Ctx<'_, Event>) -> Result<State, DuelError> {
        let arena = ZonedArena::default();
        let mut champions = Vec::new();
        for (seat, deck) in decks.iter().enumerate() {
            let owner = PlayerId(seat as u8 + 1);
            for (name, life) in deck {
                champions.push(Champion {
                    name: name.clone(),
                    owner,
                    zone: Zone(seat.min(1) as u32),
                    life: *life,
                    damage: 0,
                    conditions: Vec::new(),
                });
            }
        }
        Ok(State {
            arena,
            champions,
            mana: vec![(PlayerId(1), 0), (PlayerId(2), 0)],
            last_rolled: 0,
            active: PlayerId(1),
            turn: 1,
            actions_left: ACTIONS_PER_TURN,
        })
    }

    fn to_act(&self, state: &State) -> Option<PlayerId> {
        (!state.outcome().is_over()).then_some(state.active)
    }

    fn outcome(&self, state: &State) -> Outcome {
        state.outcome()
    }

    fn turn(&self, state: &State) -> u32 {
        state.turn
    }

    fn card_played(&self, state: &State, action: &Action) -> Option<String> {
        match action {
            Action::Strike { attacker, .. } => state
                .champions
                .get(attacker.0 as usize)
                .map(|c| c.name.clone()),
            _ => None,
        }
    }

    fn describe_action(&self, state: &State, action: &Action) -> String {
        let name = |id: &ObjectId| {
            state
                .champions
                .get(id.0 as usize)
                .map_or("?", |c| c.name.as_str())
                .to_string()
        };
        match action {
            Action::Strike {
                attacker,
                target: Some(t),
            } => format!("{} strikes {}", name(attacker), name(t)),
            Action::Strike {
                attacker,
                target: None,
            } => format!("{} strikes", name(attacker)),
            Action::Move { who, to } => {
                format!("{} moves to {}", name(who), state.arena.position_name(to))
            }
            Action::EndTurn => "ends the turn".to_string(),
        }
    }

    fn describe_event(&self, state: &State, event: &Event) -> String {
        let name = |id: &u32| {
            state
                .champions
                .get(*id as usize)
                .map_or("?", |c| c.name.as_str())
                .to_string()
        };
        match event {
            Event::Rolled { total } => format!("rolls {total}"),
            Event::Missed => "misses, dazed".to_string(),
            Event::Damaged { object, amount } => format!("{} takes {amount} damage", name(object)),
            Event::Dazed { object } => format!("{} is dazed", name(object)),
            Event::Moved { object, to } => format!("{} moves to {to}", name(object)),
            Event::TurnEnded => "the turn ends".to_string(),
        }
    }
}
