//! Mage Knight's side of the generic scenario runner: the keys of `[[player]]`, `[[object]]`,
//! `[[step]]` and `[[expect]]` (schema: `schemas/mage-knight.scenario.schema.json`).
//!
//! ```toml
//! game = "mage-knight"
//! name = "A critical miss always misses and pushes the attacker"
//! source = "rules: Combat, Critical Misses"
//! [[player]]
//! id = 1
//! actions = 2            # or build_total = 200
//! [[object]]
//! id = "orc"
//! warrior = "Abydor"     # a warrior card
//! player = 1
//! at = "0, 0 @ 0"        # inches and facing in degrees (0 along +x, counter-clockwise)
//! click = 0              # clicks turned from the starting marker
//! attack_type = "Sword"  # the dial data records none
//! [[step]]
//! close = { attacker = "orc", target = "elf" }
//! dice = { d6 = [1, 1] }
//! [[expect]]
//! object = "orc"
//! click = 1
//! ```

use grimoire_engine::scenario::{
    Bounded, Check, Names, ObjectEntry, PlayerEntry, ScenarioGame, Subject, Subjects,
};
use grimoire_engine::{
    Board, Ctx, DieFaces, OpenTable, PlayerId, Rules, ScenarioError, TablePoint,
};
use schemars::JsonSchema;
use serde::Deserialize;

use super::actions::{Action, MageKnightRules};
use super::attack::{CloseAttack, RangedAttack};
use super::content::{self, AttackType, SpecialAbility};
use super::dial;
use super::state::{Event, Game, Objective, Player, Warrior, WarriorId, Warriors};
use crate::catalog::Catalog;
use crate::map::TerrainKind;

/// The most actions per turn a scenario gives a player. The rules give one action per 100
/// points of build total with no upper limit ("300 or more" points); a thousand actions is a
/// 100,000-point army, far beyond any battle (docs/decisions.md, "Summoner Wars and Mage
/// Knight: bounds on user numbers").
pub const MAX_ACTIONS: i64 = 1000;

/// The largest build total a scenario gives: the points of [`MAX_ACTIONS`] actions.
pub const MAX_BUILD_TOTAL: i64 = MAX_ACTIONS * 100;

/// The largest combat value an expectation may name: dial values are below 20 and the
/// modifiers add a few points.
pub const MAX_COMBAT_VALUE: i64 = 999;

/// Actions per turn, used or left.
pub type Actions = Bounded<u32, 0, MAX_ACTIONS>;
/// Action tokens on a warrior: never more than `MAX_ACTION_TOKENS` are placed.
pub type Tokens = Bounded<u8, 0, { content::MAX_ACTION_TOKENS as i64 }>;
/// A value shown on a dial (speed, attack, defense, damage): dials print at most two digits.
pub type DialValue = Bounded<u8, 0, 99>;
/// An attack or defense value after modifiers.
pub type CombatValue = Bounded<u32, 0, MAX_COMBAT_VALUE>;

/// The most clicks of damage or healing a step names: any dial (the longest has 11 live
/// clicks) is past its skulls long before.
pub const MAX_CLICKS: i64 = 99;

/// The most clicks any warrior's dial has: no click, damage or healing a scenario names can
/// be more (more damage than that eliminates any warrior).
pub fn longest_dial() -> usize {
    content::WARRIORS
        .iter()
        .map(|w| w.dial.len())
        .max()
        .unwrap_or(0)
}

/// Keys of a `[[player]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerKeys {
    /// Actions per turn (default: `build_total` / 100), 0 to 1000.
    #[serde(default)]
    pub actions: Option<Actions>,
    /// Build total in points: one action per 100; 0 to 100,000.
    #[serde(default)]
    pub build_total: Option<Bounded<u32, 0, MAX_BUILD_TOTAL>>,
    /// Actions already used this turn.
    #[serde(default)]
    pub actions_used: Actions,
    /// Whether it is this player's turn (default: the first player).
    #[serde(default)]
    pub active: bool,
}

/// Keys of an `[[object]]`: one warrior on the table.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectKeys {
    /// The warrior card's name (or give `objective = true` for an objective token).
    #[serde(default)]
    pub warrior: Option<String>,
    /// An objective token instead of a warrior.
    #[serde(default)]
    pub objective: bool,
    /// The warrior's controller, or the player controlling the objective (none: neutral).
    #[serde(default)]
    pub player: Option<u8>,
    /// Centre dot and facing: `"x, y @ facing"` in inches and degrees.
    pub at: String,
    /// Clicks turned from the starting marker (default: its starting position).
    #[serde(default)]
    pub click: Option<usize>,
    /// Action tokens on it (0 to 2).
    #[serde(default)]
    pub tokens: Tokens,
    /// Whether it was already given an action this turn.
    #[serde(default)]
    pub acted: bool,
    /// Its printed attack type: `Sword`, `Bow` or `Wand`.
    #[serde(default)]
    pub attack_type: Option<AttackType>,
    /// Front arc in degrees (default: the warrior card's `front_arc`).
    #[serde(default)]
    pub front_arc: Option<f64>,
    /// Abilities it has besides its dial (subfaction abilities), by codex name.
    #[serde(default)]
    pub abilities: Vec<SpecialAbility>,
    /// A terrain feature instead of a warrior: its type (`at` is its centre).
    #[serde(default)]
    pub terrain: Option<TerrainKind>,
    /// A rectangular terrain feature's width in inches (with `height`).
    #[serde(default)]
    pub width: Option<f64>,
    /// A rectangular terrain feature's height in inches (with `width`).
    #[serde(default)]
    pub height: Option<f64>,
    /// A round terrain feature's radius in inches.
    #[serde(default)]
    pub radius: Option<f64>,
    /// Whether the terrain feature is elevated.
    #[serde(default)]
    pub elevated: bool,
}

/// A move step.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveKeys {
    /// The warrior.
    pub warrior: String,
    /// Where it ends: `"x, y @ facing"`.
    pub to: String,
    /// Waypoints of its path.
    #[serde(default)]
    pub via: Vec<String>,
    /// Strong Flier: a touching friend carried along.
    #[serde(default)]
    pub carry: Option<String>,
    /// Where the carried friend ends: `"x, y @ facing"`.
    #[serde(default)]
    pub carry_to: Option<String>,
    /// Use the double-time proficiency.
    #[serde(default)]
    pub double_time: bool,
    /// A movement formation: the other members' moves.
    #[serde(default)]
    pub formation: Vec<MemberMoveKeys>,
}

/// One other member's move in a movement formation.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MemberMoveKeys {
    /// The member.
    pub warrior: String,
    /// Where it ends: `"x, y @ facing"`.
    pub to: String,
    /// Waypoints of its path.
    #[serde(default)]
    pub via: Vec<String>,
}

/// A close combat step.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseKeys {
    /// The attacker.
    pub attacker: String,
    /// One target.
    #[serde(default)]
    pub target: Option<String>,
    /// Several targets (Sweep).
    #[serde(default)]
    pub targets: Vec<String>,
    /// Charge to this position first.
    #[serde(default)]
    pub charge_to: Option<String>,
    /// Surge to this position first.
    #[serde(default)]
    pub surge_to: Option<String>,
    /// Attempt a capture.
    #[serde(default)]
    pub capture: bool,
}

/// A ranged combat step.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangedKeys {
    /// The attacker.
    pub attacker: String,
    /// One target.
    #[serde(default)]
    pub target: Option<String>,
    /// Several targets (up to the attacker's arrows).
    #[serde(default)]
    pub targets: Vec<String>,
    /// Bound to this position first.
    #[serde(default)]
    pub bound_to: Option<String>,
    /// A precision attack (bow).
    #[serde(default)]
    pub precision: bool,
    /// Magic Confusion: where the target moves on a hit.
    #[serde(default)]
    pub confuse_to: Option<String>,
    /// Overwatch: no target now; the attack resolves at the next command phase.
    #[serde(default)]
    pub overwatch: bool,
    /// A ranged combat formation: the other members.
    #[serde(default)]
    pub formation: Vec<String>,
}

/// A step naming a warrior and one of its abilities.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityKeys {
    /// The warrior.
    pub warrior: String,
    /// The ability's codex name.
    pub ability: SpecialAbility,
    /// The figure the ability acts on (Magic Levitation).
    #[serde(default)]
    pub target: Option<String>,
    /// Where it moves that figure: `"x, y @ facing"` (Magic Levitation).
    #[serde(default)]
    pub to: Option<String>,
}

/// A facing change without an action.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnKeys {
    /// The warrior.
    pub warrior: String,
    /// The new facing in degrees (0 along +x, counter-clockwise), -360 to 360.
    pub facing: f64,
}

/// Damage or healing from outside the rules (setting a scene up).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AmountKeys {
    /// The warrior.
    pub warrior: String,
    /// Clicks of damage or healing, 0 to 99 (the longest dial has 11 live clicks).
    pub amount: Bounded<u32, 0, MAX_CLICKS>,
    /// Pushing damage (cannot be reduced).
    #[serde(default)]
    pub pushing: bool,
}

/// Keys of a `[[step]]`: exactly one of them.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepKeys {
    /// A move action.
    #[serde(default, rename = "move")]
    pub move_to: Option<MoveKeys>,
    /// A close combat action.
    #[serde(default)]
    pub close: Option<CloseKeys>,
    /// A ranged combat action.
    #[serde(default)]
    pub ranged: Option<RangedKeys>,
    /// A special action using an ability.
    #[serde(default)]
    pub special: Option<AbilityKeys>,
    /// Change facing without an action (Nimble, Sniper).
    #[serde(default)]
    pub turn: Option<TurnKeys>,
    /// Cancel an optional ability until the end of the turn.
    #[serde(default)]
    pub cancel: Option<AbilityKeys>,
    /// End the turn (end phase, then the next player's command phase).
    #[serde(default)]
    pub end_turn: bool,
    /// Damage dealt by something outside the scenario.
    #[serde(default)]
    pub deal: Option<AmountKeys>,
    /// Healing from something outside the scenario.
    #[serde(default)]
    pub heal: Option<AmountKeys>,
    /// Give a warrior an action token from outside the rules (pushing on the second).
    #[serde(default)]
    pub give_token: Option<String>,
}

/// Keys of an `[[expect]]`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpectKeys {
    /// Clicks turned from the starting marker.
    #[serde(default)]
    pub click: Option<usize>,
    /// Whether it is eliminated.
    #[serde(default)]
    pub eliminated: Option<bool>,
    /// Its action tokens.
    #[serde(default)]
    pub tokens: Option<Tokens>,
    /// Its position `"x, y @ facing"`.
    #[serde(default)]
    pub at: Option<String>,
    /// Its current speed value.
    #[serde(default)]
    pub speed: Option<DialValue>,
    /// Its current attack value.
    #[serde(default)]
    pub attack: Option<DialValue>,
    /// Its current defense value.
    #[serde(default)]
    pub defense: Option<DialValue>,
    /// Its current damage value.
    #[serde(default)]
    pub damage: Option<DialValue>,
    /// The abilities it has now, in any order.
    #[serde(default)]
    pub abilities: Option<Vec<SpecialAbility>>,
    /// Whether it is held captive.
    #[serde(default)]
    pub captive: Option<bool>,
    /// Whether the last attack succeeded against it.
    #[serde(default)]
    pub hit: Option<bool>,
    /// The player controlling an objective token: a player id or `"none"`.
    #[serde(default)]
    pub controller: Option<String>,
    /// Actions the player may still give this turn.
    #[serde(default)]
    pub actions_left: Option<Bounded<u32, 0, { 2 * MAX_ACTIONS }>>,
    /// The natural 2d6 total of the last attack roll (0: no roll yet).
    #[serde(default)]
    pub roll: Option<Bounded<u32, 0, 12>>,
    /// The player whose turn it is.
    #[serde(default)]
    pub active: Option<u8>,
    /// Whether the game has ended.
    #[serde(default)]
    pub game_over: Option<bool>,
    /// The attack value (after modifiers) of the last attack roll, against its first target.
    #[serde(default)]
    pub attack_value: Option<CombatValue>,
    /// The defense value (after modifiers) the last attack roll was compared with (first target).
    #[serde(default)]
    pub defense_value: Option<CombatValue>,
}

/// Mage Knight's side of the scenario runner.
#[derive(Debug)]
pub struct MageKnightScenarios {
    /// The rules.
    pub rules: MageKnightRules,
    /// The warriors objects name (the compiled tables by default).
    pub catalog: &'static Catalog,
}

impl Default for MageKnightScenarios {
    fn default() -> Self {
        Self::with_catalog(Catalog::compiled())
    }
}

impl MageKnightScenarios {
    /// Scenarios over the warriors of `catalog` (live cards read from the content on disk).
    pub fn with_catalog(catalog: &'static Catalog) -> Self {
        Self {
            rules: MageKnightRules::default(),
            catalog,
        }
    }
}

fn position(text: &str) -> Result<TablePoint, String> {
    OpenTable.parse_position(text).map_err(|e| e.to_string())
}

/// What a scenario's `[[object]]` is on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A warrior.
    Warrior(WarriorId),
    /// An objective token: its place in [`Game::objectives`].
    Objective(usize),
    /// A terrain feature: its place in [`Game::terrain`].
    Terrain(usize),
}

/// The warrior named `name`.
///
/// Naming an objective token or a terrain feature where a warrior acts or is acted on is an
/// action the rules refuse: the piece is on the table, but it is no warrior.
fn object(names: &Names<Piece>, name: &str) -> Result<WarriorId, ScenarioError> {
    match names.object(name)? {
        Piece::Warrior(id) => Ok(id),
        Piece::Terrain(_) => Err(ScenarioError::Refused(format!(
            "{name:?} is a terrain feature, not a warrior"
        ))),
        Piece::Objective(_) => Err(ScenarioError::Refused(format!(
            "{name:?} is an objective token, not a warrior"
        ))),
    }
}

fn targets(
    names: &Names<Piece>,
    one: &Option<String>,
    many: &[String],
) -> Result<Vec<WarriorId>, ScenarioError> {
    one.iter().chain(many).map(|t| object(names, t)).collect()
}

impl ScenarioGame for MageKnightScenarios {
    const NAME: &'static str = "mage-knight";
    const EXPECT_FIELDS: &'static [(&'static str, Subject)] = &[
        ("click", Subject::Object),
        ("eliminated", Subject::Object),
        ("tokens", Subject::Object),
        ("at", Subject::Object),
        ("speed", Subject::Object),
        ("attack", Subject::Object),
        ("defense", Subject::Object),
        ("damage", Subject::Object),
        ("abilities", Subject::Object),
        ("captive", Subject::Object),
        ("hit", Subject::Object),
        ("controller", Subject::Object),
        ("actions_left", Subject::Player),
        ("roll", Subject::Game),
        ("active", Subject::Game),
        ("game_over", Subject::Game),
        ("attack_value", Subject::Game),
        ("defense_value", Subject::Game),
    ];
    type Rules = MageKnightRules;
    type Handle = Piece;
    type Player = PlayerKeys;
    type Object = ObjectKeys;
    type Step = StepKeys;
    type Expect = ExpectKeys;

    fn dice(&self) -> Vec<DieFaces> {
        vec![self.rules.d6.clone()]
    }

    fn new_state(&self, players: &[&PlayerEntry<PlayerKeys>]) -> Result<Game, ScenarioError> {
        if players.is_empty() {
            return Err("a Mage Knight scenario needs at least one [[player]]".into());
        }
        let mut list = Vec::new();
        for p in players {
            let actions = match (p.game.actions, p.game.build_total) {
                (Some(a), None) => a.get(),
                (None, Some(total)) => total.get() / u32::from(content::POINTS_PER_ACTION),
                (None, None) => {
                    return Err(
                        format!("player {} needs `actions` or `build_total`", p.id.0).into(),
                    )
                }
                (Some(_), Some(_)) => {
                    return Err(format!(
                        "player {}: give `actions` or `build_total`, not both",
                        p.id.0
                    )
                    .into())
                }
            };
            list.push(Player {
                id: p.id,
                actions_per_turn: actions,
                actions_used: p.game.actions_used.get(),
                extra_actions: 0,
            });
        }
        let active = players
            .iter()
            .find(|p| p.game.active)
            .unwrap_or(&players[0])
            .id;
        Ok(Game {
            players: list,
            warriors: Warriors::default(),
            active,
            last_roll: 0,
            last_hits: Vec::new(),
            last_values: None,
            terrified: Vec::new(),
            objectives: Vec::new(),
            terrain: Vec::new(),
            over: false,
            turn: 1,
            time_limit: None,
            build_totals: Vec::new(),
            not_modelled: Default::default(),
        })
    }

    fn add_object(
        &self,
        state: &mut Game,
        object: &ObjectEntry<ObjectKeys>,
    ) -> Result<Piece, ScenarioError> {
        let keys = &object.game;
        let player = keys.player.map(PlayerId);
        if let Some(p) = player {
            state.player(p).map_err(|e| e.to_string())?;
        }
        let shaped = keys.width.is_some() || keys.height.is_some() || keys.radius.is_some();
        if let Some(kind) = keys.terrain {
            let extra = keys.warrior.is_some()
                || keys.objective
                || player.is_some()
                || keys.click.is_some()
                || keys.tokens.get() > 0
                || keys.acted
                || keys.attack_type.is_some()
                || keys.front_arc.is_some()
                || !keys.abilities.is_empty();
            if extra {
                return Err(
                    "a terrain feature has only `at`, `terrain`, its shape (`width` and \
                            `height`, or `radius`) and `elevated`"
                        .into(),
                );
            }
            if state.terrain.len() >= crate::map::MAX_FEATURES {
                return Err(format!(
                    "a scenario has at most {} terrain features",
                    crate::map::MAX_FEATURES
                )
                .into());
            }
            let shape = crate::map::shape_of(keys.width, keys.height, keys.radius)?;
            state.terrain.push(crate::map::Terrain {
                name: None,
                kind,
                at: position(&keys.at)?,
                shape,
                elevated: keys.elevated,
            });
            return Ok(Piece::Terrain(state.terrain.len() - 1));
        }
        if shaped || keys.elevated {
            return Err(
                "`width`, `height`, `radius` and `elevated` belong to a terrain feature \
                        (`terrain = \"...\"`)"
                    .into(),
            );
        }
        let warrior = match (&keys.warrior, keys.objective) {
            (Some(w), false) => w,
            (None, true) => {
                let extra = keys.click.is_some()
                    || keys.tokens.get() > 0
                    || keys.acted
                    || keys.attack_type.is_some()
                    || keys.front_arc.is_some()
                    || !keys.abilities.is_empty();
                if extra {
                    return Err(
                        "an objective token has only `at` and `player` (its controller)".into(),
                    );
                }
                state.objectives.push(Objective {
                    position: position(&keys.at)?,
                    controller: player,
                });
                return Ok(Piece::Objective(state.objectives.len() - 1));
            }
            _ => {
                return Err("an object is either `warrior = \"...\"` or `objective = true`".into())
            }
        };
        let card = super::state::find_warrior(self.catalog, warrior)?;
        let owner = player.ok_or("a warrior needs `player`")?;
        let content::Card::Warrior(data) = card;
        let start = dial::start_click(data.dial);
        let click = keys.click.unwrap_or(start);
        if click >= data.dial.len() {
            return Err(format!(
                "`click` is 0 to {}: {} has {} live clicks; click {click} would show skulls",
                data.dial.len() - 1,
                warrior,
                data.dial.len()
            )
            .into());
        }
        let front_arc = keys.front_arc.unwrap_or(f64::from(data.front_arc));
        if !(front_arc > 0.0 && front_arc <= 360.0) {
            return Err(format!("front_arc must be in (0, 360] degrees, not {front_arc}").into());
        }
        let id = state.warriors.add(Warrior {
            card,
            owner,
            position: position(&keys.at)?,
            click,
            start_click: start,
            tokens: keys.tokens.get(),
            token_this_turn: false,
            acted_this_turn: keys.acted,
            eliminated: false,
            attack_type: keys.attack_type,
            front_arc,
            extra_abilities: keys.abilities.to_vec(),
            cancelled: Vec::new(),
            captive: None,
            removed: false,
            revenant: false,
            second_action: false,
            mind_tapped: None,
            overwatch: false,
            hex: false,
            left_game: false,
        });
        id.map(Piece::Warrior)
            .ok_or_else(|| "a scenario has too many warriors".into())
    }

    fn run_step(
        &self,
        state: &mut Game,
        step: &StepKeys,
        names: &Names<Piece>,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), ScenarioError> {
        let given = [
            step.move_to.is_some(),
            step.close.is_some(),
            step.ranged.is_some(),
            step.special.is_some(),
            step.turn.is_some(),
            step.cancel.is_some(),
            step.end_turn,
            step.deal.is_some(),
            step.heal.is_some(),
            step.give_token.is_some(),
        ]
        .iter()
        .filter(|g| **g)
        .count();
        if given != 1 {
            return Err(
                "a step is exactly one of `move`, `close`, `ranged`, `special`, `turn`, `cancel`, `end_turn`, `deal`, `heal`, `give_token`"
                    .into(),
            );
        }
        if let Some(d) = &step.deal {
            let w = object(names, &d.warrior)?;
            dial::deal_damage(state, w, d.amount.get(), d.pushing, ctx);
            return Ok(());
        }
        if let Some(h) = &step.heal {
            let w = object(names, &h.warrior)?;
            dial::heal(state, w, h.amount.get(), ctx);
            return Ok(());
        }
        if let Some(name) = &step.give_token {
            let w = object(names, name)?;
            if dial::give_token(state, w, ctx) {
                dial::push(state, w, ctx);
            }
            return Ok(());
        }
        let action = if let Some(m) = &step.move_to {
            Action::Move {
                warrior: object(names, &m.warrior)?,
                via: m
                    .via
                    .iter()
                    .map(|p| position(p))
                    .collect::<Result<_, _>>()?,
                to: position(&m.to)?,
                carry: match (&m.carry, &m.carry_to) {
                    (Some(f), Some(at)) => Some((object(names, f)?, position(at)?)),
                    (None, None) => None,
                    _ => return Err("`carry` and `carry_to` go together".into()),
                },
                double_time: m.double_time,
                formation: m
                    .formation
                    .iter()
                    .map(|f| {
                        Ok((
                            object(names, &f.warrior)?,
                            f.via
                                .iter()
                                .map(|p| position(p))
                                .collect::<Result<_, String>>()?,
                            position(&f.to)?,
                        ))
                    })
                    .collect::<Result<_, ScenarioError>>()?,
            }
        } else if let Some(c) = &step.close {
            Action::Close(CloseAttack {
                attacker: object(names, &c.attacker)?,
                targets: targets(names, &c.target, &c.targets)?,
                charge_to: c.charge_to.as_deref().map(position).transpose()?,
                surge_to: c.surge_to.as_deref().map(position).transpose()?,
                capture: c.capture,
            })
        } else if let Some(r) = &step.ranged {
            Action::Ranged(RangedAttack {
                attacker: object(names, &r.attacker)?,
                targets: targets(names, &r.target, &r.targets)?,
                bound_to: r.bound_to.as_deref().map(position).transpose()?,
                precision: r.precision,
                confuse_to: r.confuse_to.as_deref().map(position).transpose()?,
                overwatch: r.overwatch,
                formation: r
                    .formation
                    .iter()
                    .map(|m| object(names, m))
                    .collect::<Result<_, _>>()?,
            })
        } else if let Some(s) = &step.special {
            Action::Special {
                warrior: object(names, &s.warrior)?,
                ability: s.ability,
                target: s.target.as_deref().map(|t| object(names, t)).transpose()?,
                to: s.to.as_deref().map(position).transpose()?,
            }
        } else if let Some(t) = &step.turn {
            if !(-360.0..=360.0).contains(&t.facing) {
                return Err(format!("`facing` is -360 to 360 degrees, not {}", t.facing).into());
            }
            Action::Turn {
                warrior: object(names, &t.warrior)?,
                facing: t.facing,
            }
        } else if let Some(s) = &step.cancel {
            Action::Cancel {
                warrior: object(names, &s.warrior)?,
                ability: s.ability,
            }
        } else {
            Action::EndTurn
        };
        self.rules
            .apply(state, &action, ctx)
            .map_err(ScenarioError::refused)
    }

    /// None: the expected abilities are typed, so an unknown name is already an error of the
    /// file, located at the key.
    fn unknown_names(&self, _: &ExpectKeys) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    fn check(
        &self,
        state: &Game,
        expect: &ExpectKeys,
        subjects: Subjects<Piece>,
        _: &Names<Piece>,
    ) -> Result<Vec<Check>, ScenarioError> {
        let mut checks = Vec::new();
        if let Some(roll) = expect.roll {
            checks.push(Check::new("roll", roll, state.last_roll));
        }
        if let Some(active) = expect.active {
            checks.push(Check::new("active", active, state.active.0));
        }
        if let Some(over) = expect.game_over {
            checks.push(Check::new("game_over", over, state.over));
        }
        let values = state
            .last_values
            .map(|(a, d)| (a.to_string(), d.to_string()));
        let none = || {
            (
                "no attack roll yet".to_string(),
                "no attack roll yet".to_string(),
            )
        };
        if let Some(attack) = expect.attack_value {
            checks.push(Check::new(
                "attack_value",
                attack,
                values.clone().unwrap_or_else(none).0,
            ));
        }
        if let Some(defense) = expect.defense_value {
            checks.push(Check::new(
                "defense_value",
                defense,
                values.unwrap_or_else(none).1,
            ));
        }
        if let (Some(player), Some(left)) = (subjects.player, expect.actions_left) {
            let p = state.player(player).map_err(|e| e.to_string())?;
            checks.push(Check::new("actions_left", left, p.actions_left()));
        }
        let id = match subjects.object {
            None => return Ok(checks),
            Some(Piece::Terrain(_)) => return Err("a terrain feature has nothing to check".into()),
            Some(Piece::Objective(index)) => Err(index),
            Some(Piece::Warrior(id)) => Ok(id),
        };
        if let Err(index) = id {
            let o = state.objectives.get(index).ok_or("no such objective")?;
            let Some(controller) = &expect.controller else {
                return Err("an objective token has only `controller` to check".into());
            };
            let actual = o.controller.map_or("none".to_string(), |p| p.0.to_string());
            checks.push(Check::new("controller", controller, actual));
            return Ok(checks);
        }
        if expect.controller.is_some() {
            return Err("`controller` is about objective tokens".into());
        }
        let id = id.map_err(|_| "not a warrior")?;
        let w = state.warriors.get(id).ok_or("no such warrior")?;
        let shown = |value: Option<u8>| value.map_or("skulls".to_string(), |v| v.to_string());
        let current = w.current();
        let values: [(&'static str, Option<DialValue>, Option<u8>); 4] = [
            ("speed", expect.speed, current.map(|c| c.speed)),
            ("attack", expect.attack, current.map(|c| c.attack)),
            ("defense", expect.defense, current.map(|c| c.defense)),
            ("damage", expect.damage, current.map(|c| c.damage)),
        ];
        for (field, expected, actual) in values {
            if let Some(expected) = expected {
                checks.push(Check::new(field, expected, shown(actual)));
            }
        }
        if let Some(click) = expect.click {
            let most = longest_dial();
            if click > most {
                return Err(
                    format!("`click` is 0 to {most} (the longest dial), not {click}").into(),
                );
            }
            checks.push(Check::new("click", click, w.click));
        }
        if let Some(eliminated) = expect.eliminated {
            checks.push(Check::new("eliminated", eliminated, w.eliminated));
        }
        if let Some(tokens) = expect.tokens {
            checks.push(Check::new("tokens", tokens, w.tokens));
        }
        if let Some(at) = &expect.at {
            let expected = OpenTable.position_name(&position(at)?);
            let p = w.position;
            let rounded = TablePoint {
                x: (p.x * 1000.0).round() / 1000.0,
                y: (p.y * 1000.0).round() / 1000.0,
                facing: ((p.facing * 1000.0).round() / 1000.0).rem_euclid(360.0),
            };
            checks.push(Check::new(
                "at",
                expected,
                OpenTable.position_name(&rounded),
            ));
        }
        if let Some(abilities) = &expect.abilities {
            let mut expected: Vec<String> = abilities.iter().map(|a| a.to_string()).collect();
            expected.sort();
            let mut actual: Vec<String> = w.abilities().iter().map(|a| a.to_string()).collect();
            actual.sort();
            checks.push(Check::new(
                "abilities",
                expected.join(", "),
                actual.join(", "),
            ));
        }
        if let Some(captive) = expect.captive {
            checks.push(Check::new("captive", captive, w.captive.is_some()));
        }
        if let Some(hit) = expect.hit {
            checks.push(Check::new("hit", hit, state.last_hits.contains(&id)));
        }
        Ok(checks)
    }
}
