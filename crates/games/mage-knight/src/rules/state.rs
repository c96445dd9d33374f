//! The state of a game in progress: warriors on the table with their dials turned to a click,
//! players with their action totals, the turn, and the events and errors of the rules.

use std::fmt;

use grimoire_engine::{ChoiceError, DiceError, NotModelled, NotModelledLog, PlayerId, TablePoint};
use serde::Serialize;

use super::content::{self, AttackType, Card, Click, SpecialAbility};
use super::refusal::{Named, Refusal};
use crate::catalog::Catalog;

/// One warrior on the table.
#[derive(Debug)]
pub struct Warrior {
    /// The warrior's card (compiled or live).
    pub card: Card,
    /// Its controller.
    pub owner: PlayerId,
    /// Centre dot and facing.
    pub position: TablePoint,
    /// Clicks turned from the starting marker (0 = the first click of the dial).
    pub click: usize,
    /// Healing never turns the dial back past this click (the starting marker, or the click
    /// showing Starting Position).
    pub start_click: usize,
    /// Action tokens (never more than [`content::MAX_ACTION_TOKENS`]).
    pub tokens: u8,
    /// Whether it was given an action token this turn (its tokens stay at the end phase).
    pub token_this_turn: bool,
    /// Whether it was given an action this turn (one action per warrior per turn).
    pub acted_this_turn: bool,
    /// Eliminated warriors stay in the state, out of play.
    pub eliminated: bool,
    /// Its printed attack type; the dial data does not record one (see `docs/decisions.md`).
    pub attack_type: Option<AttackType>,
    /// Its front arc in degrees.
    pub front_arc: f64,
    /// Abilities it has besides its dial (subfaction abilities).
    pub extra_abilities: Vec<SpecialAbility>,
    /// Optional abilities its controller cancelled until the end of the turn.
    pub cancelled: Vec<SpecialAbility>,
    /// The warrior holding it captive, if any.
    pub captive: Option<WarriorId>,
    /// Removed from the game: eliminated for good, never reanimated.
    pub removed: bool,
    /// Reanimated by Revenant: removed at its controller's next end phase.
    pub revenant: bool,
    /// Given its second action this turn (Magestone Trance).
    pub second_action: bool,
    /// The ability Mind Tap copied this turn (in `extra_abilities` until the end phase).
    pub mind_tapped: Option<SpecialAbility>,
    /// Holds an Overwatch token: its ranged attack resolves at its next command phase.
    pub overwatch: bool,
    /// Holds a Hex token: once, before its next command phase, it may make an attacker reroll.
    pub hex: bool,
    /// Removed because its player had no able warriors left: out of play, but not eliminated
    /// for victory points.
    pub left_game: bool,
}

impl Clone for Warrior {
    fn clone(&self) -> Self {
        Self {
            extra_abilities: self.extra_abilities.clone(),
            cancelled: self.cancelled.clone(),
            ..*self
        }
    }

    /// Copies into the existing lists; every field is named, so one added and not copied
    /// here does not compile.
    fn clone_from(&mut self, source: &Self) {
        let Self {
            card,
            owner,
            position,
            click,
            start_click,
            tokens,
            token_this_turn,
            acted_this_turn,
            eliminated,
            attack_type,
            front_arc,
            extra_abilities,
            cancelled,
            captive,
            removed,
            revenant,
            second_action,
            mind_tapped,
            overwatch,
            hex,
            left_game,
        } = source;
        self.card = *card;
        self.owner = *owner;
        self.position = *position;
        self.click = *click;
        self.start_click = *start_click;
        self.tokens = *tokens;
        self.token_this_turn = *token_this_turn;
        self.acted_this_turn = *acted_this_turn;
        self.eliminated = *eliminated;
        self.attack_type = *attack_type;
        self.front_arc = *front_arc;
        self.extra_abilities.clone_from(extra_abilities);
        self.cancelled.clone_from(cancelled);
        self.captive = *captive;
        self.removed = *removed;
        self.revenant = *revenant;
        self.second_action = *second_action;
        self.mind_tapped = *mind_tapped;
        self.overwatch = *overwatch;
        self.hex = *hex;
        self.left_game = *left_game;
    }
}

impl Warrior {
    /// A warrior of `card` as deployed: at `position`, its dial at `start_click`, no tokens,
    /// its printed front arc.
    pub fn deployed(card: Card, owner: PlayerId, position: TablePoint, start_click: usize) -> Self {
        let Card::Warrior(data) = card;
        Self {
            card,
            owner,
            position,
            click: start_click,
            start_click,
            tokens: 0,
            token_this_turn: false,
            acted_this_turn: false,
            eliminated: false,
            attack_type: None,
            front_arc: f64::from(data.front_arc),
            extra_abilities: Vec::new(),
            cancelled: Vec::new(),
            captive: None,
            removed: false,
            revenant: false,
            second_action: false,
            mind_tapped: None,
            overwatch: false,
            hex: false,
            left_game: false,
        }
    }

    /// The warrior's card data.
    pub fn data(&self) -> &'static content::Warrior {
        let Card::Warrior(w) = self.card;
        w
    }

    /// The warrior's name.
    pub fn name(&self) -> &'static str {
        self.card.name()
    }

    /// The click its dial shows now (`None` once eliminated).
    pub fn current(&self) -> Option<&'static Click> {
        if self.eliminated {
            return None;
        }
        self.data().dial.get(self.click)
    }

    /// The abilities it has now: the ones on the click showing and its extra abilities, minus
    /// optional abilities cancelled this turn. Kept on the stack up to eight (the rules ask
    /// for them for every candidate move and attack).
    pub fn abilities(&self) -> Abilities {
        let mut out = Abilities::new();
        self.each_ability(|a| {
            out.push(a);
            false
        });
        out
    }

    /// Whether it shows an ability `test` holds for: [`Warrior::abilities`] asked without
    /// building the list.
    pub fn shows(&self, test: impl Fn(SpecialAbility) -> bool) -> bool {
        self.each_ability(test)
    }

    /// Calls `f` on each ability [`Warrior::abilities`] lists, in its order, until `f`
    /// returns `true`; returns whether it did.
    fn each_ability(&self, mut f: impl FnMut(SpecialAbility) -> bool) -> bool {
        if self.captive.is_some() {
            return false;
        }
        let mut shown = |a: SpecialAbility| !self.cancelled.contains(&a) && f(a);
        if let Some(c) = self.current() {
            for a in [
                c.speed_ability,
                c.attack_ability,
                c.defense_ability,
                c.damage_ability,
            ]
            .into_iter()
            .flatten()
            {
                if shown(a) {
                    return true;
                }
            }
        }
        !self.eliminated && self.extra_abilities.iter().any(|a| shown(*a))
    }

    /// Whether it shows `ability` now: whether [`Warrior::abilities`] holds it, asked without
    /// building the list (the rules ask this for every candidate move and attack).
    pub fn has(&self, ability: SpecialAbility) -> bool {
        if self.captive.is_some() || self.cancelled.contains(&ability) {
            return false;
        }
        let on_click = self.current().is_some_and(|c| {
            [
                c.speed_ability,
                c.attack_ability,
                c.defense_ability,
                c.damage_ability,
            ]
            .contains(&Some(ability))
        });
        on_click || (!self.eliminated && self.extra_abilities.contains(&ability))
    }

    /// Clicks left before a skull shows: damage of this much or more eliminates it.
    pub fn clicks_to_elimination(&self) -> usize {
        self.data().dial.len().saturating_sub(self.click)
    }
}

/// A warrior's abilities at one moment ([`Warrior::abilities`]): a list kept on the stack
/// up to eight.
pub type Abilities = smallvec::SmallVec<[SpecialAbility; 8]>;

/// A warrior of a game: its place in [`Game::warriors`], in the order warriors were deployed.
/// Ids stay valid for the whole game (eliminated warriors stay in the state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct WarriorId(pub u32);

impl WarriorId {
    /// The id of the warrior deployed `index`-th (from 0).
    pub fn from_index(index: usize) -> Option<Self> {
        u32::try_from(index).ok().map(Self)
    }

    /// Its place in deployment order, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for WarriorId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "warrior number {}", self.0)
    }
}

/// The warriors of a game, indexed by [`WarriorId`].
#[derive(Debug, Default)]
pub struct Warriors(Vec<Warrior>);

impl Clone for Warriors {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }

    /// Copies each warrior into the existing ones.
    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Warriors {
    /// Deploys `warrior` and returns its id (`None` past `u32::MAX` warriors).
    pub fn add(&mut self, warrior: Warrior) -> Option<WarriorId> {
        let id = WarriorId::from_index(self.0.len())?;
        self.0.push(warrior);
        Some(id)
    }

    /// The warrior `id`, eliminated or not.
    pub fn get(&self, id: WarriorId) -> Option<&Warrior> {
        self.0.get(id.index())
    }

    /// The warrior `id`, mutably.
    pub fn get_mut(&mut self, id: WarriorId) -> Option<&mut Warrior> {
        self.0.get_mut(id.index())
    }

    /// How many warriors were deployed.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no warrior was deployed.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every warrior's id, in deployment order.
    pub fn ids(&self) -> impl Iterator<Item = WarriorId> {
        (0..self.0.len() as u32).map(WarriorId)
    }

    /// Every warrior, in deployment order.
    pub fn iter(&self) -> std::slice::Iter<'_, Warrior> {
        self.0.iter()
    }

    /// Every warrior, mutably.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Warrior> {
        self.0.iter_mut()
    }

    /// Every warrior with its id.
    pub fn enumerate(&self) -> impl Iterator<Item = (WarriorId, &Warrior)> + '_ {
        self.ids().zip(self.0.iter())
    }
}

impl From<Vec<Warrior>> for Warriors {
    /// The warriors in deployment order.
    fn from(warriors: Vec<Warrior>) -> Self {
        Self(warriors)
    }
}

impl<'a> IntoIterator for &'a Warriors {
    type Item = &'a Warrior;
    type IntoIter = std::slice::Iter<'a, Warrior>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl std::ops::Index<WarriorId> for Warriors {
    type Output = Warrior;

    fn index(&self, id: WarriorId) -> &Warrior {
        &self.0[id.index()]
    }
}

impl std::ops::IndexMut<WarriorId> for Warriors {
    fn index_mut(&mut self, id: WarriorId) -> &mut Warrior {
        &mut self.0[id.index()]
    }
}

/// An objective token: clear terrain that players control by standing on or next to it.
#[derive(Debug, Clone)]
pub struct Objective {
    /// Its centre.
    pub position: TablePoint,
    /// The player whose control marker is on it (`None`: neutral or contested).
    pub controller: Option<PlayerId>,
}

/// One player.
#[derive(Debug, Clone)]
pub struct Player {
    /// The player's id.
    pub id: PlayerId,
    /// Actions each turn (one per [`content::POINTS_PER_ACTION`] of the build total).
    pub actions_per_turn: u32,
    /// Actions used this turn.
    pub actions_used: u32,
    /// Extra actions gained this turn (Command).
    pub extra_actions: u32,
}

impl Player {
    /// Actions the player may still give this turn.
    pub fn actions_left(&self) -> u32 {
        self.actions_per_turn
            .saturating_add(self.extra_actions)
            .saturating_sub(self.actions_used)
    }
}

/// A game in progress.
#[derive(Debug)]
pub struct Game {
    /// Players in turn order.
    pub players: Vec<Player>,
    /// Warriors, in deployment order.
    pub warriors: Warriors,
    /// The player whose turn it is.
    pub active: PlayerId,
    /// The natural 2d6 total of the last attack roll (0 before any).
    pub last_roll: u32,
    /// Warriors the last attack succeeded against (after Dodge).
    pub last_hits: Vec<WarriorId>,
    /// The attack and defense values (after modifiers) of the last attack roll, against its
    /// first target.
    pub last_values: Option<(u32, u32)>,
    /// (mover, terrifier) pairs: a failed Terrify roll keeps the mover out of base contact
    /// with the terrifier for the rest of the turn.
    pub terrified: Vec<(WarriorId, WarriorId)>,
    /// Objective tokens.
    pub objectives: Vec<Objective>,
    /// The battlefield's terrain features (none: an open battlefield of clear terrain).
    pub terrain: Vec<crate::map::Terrain>,
    /// Whether the game has ended (at the end of a turn in which at most one player has able
    /// warriors, or when time ran out).
    pub over: bool,
    /// The turn, counting from 1 (each player's turn counts).
    pub turn: u32,
    /// The last turn before time runs out, when the game has a time limit (scenarios have
    /// none).
    pub time_limit: Option<u32>,
    /// Each player's build total, by seat (the last tie-break: the smaller wins).
    pub build_totals: Vec<u32>,
    /// The special abilities not modelled yet that play has reported, per warrior.
    pub not_modelled: NotModelledLog<WarriorId>,
}

impl Clone for Game {
    fn clone(&self) -> Self {
        let mut copy = Game::empty();
        copy.clone_from(self);
        copy
    }

    /// Copies `source` field by field into the existing allocations (a game is copied for every
    /// action applied and every move `legal_actions` tries); every field is named, so one added
    /// and not copied here does not compile.
    fn clone_from(&mut self, source: &Self) {
        let Self {
            players,
            warriors,
            active,
            last_roll,
            last_hits,
            last_values,
            terrified,
            objectives,
            terrain,
            over,
            turn,
            time_limit,
            build_totals,
            not_modelled,
        } = source;
        self.players.clone_from(players);
        self.warriors.clone_from(warriors);
        self.active = *active;
        self.last_roll = *last_roll;
        self.last_hits.clone_from(last_hits);
        self.last_values = *last_values;
        self.terrified.clone_from(terrified);
        self.objectives.clone_from(objectives);
        self.terrain.clone_from(terrain);
        self.over = *over;
        self.turn = *turn;
        self.time_limit = *time_limit;
        self.build_totals.clone_from(build_totals);
        self.not_modelled.clone_from(not_modelled);
    }
}

impl Game {
    /// A game with no players and no warriors: a place to copy games into.
    pub(super) fn empty() -> Self {
        Self {
            players: Vec::new(),
            warriors: Warriors::default(),
            active: PlayerId(1),
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
            not_modelled: NotModelledLog::default(),
        }
    }

    /// The player `id`.
    pub fn player(&self, id: PlayerId) -> Result<&Player, RulesError> {
        self.players
            .iter()
            .find(|p| p.id == id)
            .ok_or(RulesError::NoSuchPlayer(id))
    }

    /// The player `id`, mutably.
    pub fn player_mut(&mut self, id: PlayerId) -> Result<&mut Player, RulesError> {
        self.players
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or(RulesError::NoSuchPlayer(id))
    }

    /// The warrior `index`, in play.
    pub fn warrior(&self, index: WarriorId) -> Result<&Warrior, RulesError> {
        match self.warriors.get(index) {
            None => Err(RulesError::NoSuchWarrior(index)),
            Some(w) if w.eliminated => Err(RulesError::Eliminated(self.named(index))),
            Some(w) => Ok(w),
        }
    }

    /// The warrior `id` as a refusal names it (eliminated or not).
    pub fn named(&self, id: WarriorId) -> Named {
        Named::of(&self.warriors, id)
    }

    /// Indices of the warriors in play.
    pub fn in_play(&self) -> impl Iterator<Item = WarriorId> + '_ {
        self.warriors
            .ids()
            .filter(|i| !self.warriors[*i].eliminated)
    }

    /// Whether two warriors are opposing: different controllers, and neither is a captive (a
    /// captive is neither friendly nor opposing to any other warrior, rules p.14-15).
    pub fn opposing(&self, a: WarriorId, b: WarriorId) -> bool {
        self.warriors[a].owner != self.warriors[b].owner && !self.either_captive(a, b)
    }

    /// Whether two warriors are friendly: the same controller, and neither is a captive.
    pub fn friendly(&self, a: WarriorId, b: WarriorId) -> bool {
        self.warriors[a].owner == self.warriors[b].owner && !self.either_captive(a, b)
    }

    fn either_captive(&self, a: WarriorId, b: WarriorId) -> bool {
        self.warriors[a].captive.is_some() || self.warriors[b].captive.is_some()
    }

    /// The captive `captor` holds, if any.
    pub fn captive_of(&self, captor: WarriorId) -> Option<WarriorId> {
        self.warriors
            .ids()
            .find(|i| self.warriors[*i].captive == Some(captor) && !self.warriors[*i].eliminated)
    }
}

/// One recorded state change.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A warrior moved.
    Moved { warrior: WarriorId, to: TablePoint },
    /// A break away roll.
    BreakAway {
        warrior: WarriorId,
        roll: u32,
        success: bool,
    },
    /// An attack roll against one target.
    AttackRoll {
        attacker: WarriorId,
        target: WarriorId,
        dice: u32,
        attack: u32,
        defense: u32,
        hit: bool,
    },
    /// A critical hit or miss.
    Critical { attacker: WarriorId, hit: bool },
    /// Dodge rolled.
    Dodge {
        warrior: WarriorId,
        roll: u32,
        dodged: bool,
    },
    /// Damage dealt (after reductions).
    Damaged {
        warrior: WarriorId,
        amount: u32,
        pushing: bool,
        click: usize,
    },
    /// A warrior was healed.
    Healed {
        warrior: WarriorId,
        amount: u32,
        click: usize,
    },
    /// A warrior was eliminated.
    Eliminated { warrior: WarriorId },
    /// A warrior was taken captive.
    Captured {
        warrior: WarriorId,
        captor: WarriorId,
    },
    /// A captive went free.
    Freed { warrior: WarriorId },
    /// A Terrify roll.
    Terrify {
        warrior: WarriorId,
        terrifier: WarriorId,
        roll: u32,
        stopped: bool,
    },
    /// An objective's control changed at an end phase.
    Objective {
        objective: usize,
        controller: Option<u8>,
    },
    /// A warrior took a friend's action token (Leadership).
    Leadership {
        leader: WarriorId,
        warrior: WarriorId,
    },
    /// A warrior changed its facing without an action (Nimble, Sniper).
    Turned { warrior: WarriorId, facing: f64 },
    /// An action token was placed.
    Token { warrior: WarriorId, tokens: u8 },
    /// An ability was cancelled until the end of the turn.
    Cancelled {
        warrior: WarriorId,
        #[serde(serialize_with = "by_name")]
        ability: SpecialAbility,
    },
    /// A warrior turned to face another (free spin).
    FreeSpin { warrior: WarriorId, facing: f64 },
    /// A player gained an action (Command).
    ExtraAction { player: u8 },
    /// A player with no able warriors left the game; its remaining warriors were removed
    /// (they do not count as eliminated).
    PlayerOut { player: u8 },
    /// The game ended.
    GameOver,
    /// Magestone Trance rolls after the second action.
    Trance {
        warrior: WarriorId,
        rolls: Vec<u32>,
        pushing: u32,
    },
    /// Siphon Energy moved a token's worth of strain onto a friend.
    Siphon {
        warrior: WarriorId,
        friend: WarriorId,
    },
    /// Hex made an attacker reroll.
    Hex {
        warrior: WarriorId,
        attacker: WarriorId,
    },
    /// Mind Tap copied an ability until the end phase.
    MindTap {
        warrior: WarriorId,
        #[serde(serialize_with = "by_name")]
        ability: SpecialAbility,
        from: WarriorId,
    },
    /// An eliminated figure came back.
    Reanimated {
        warrior: WarriorId,
        at: TablePoint,
        click: usize,
    },
    /// A figure was removed from the game.
    Removed { warrior: WarriorId },
    /// A turn ended and the next began.
    TurnBegan { player: u8 },
    /// Play met a special ability the rules do not model yet (on the acting warrior's dial);
    /// it was ignored. Logged once per warrior and ability.
    NotModelled(NotModelled<WarriorId>),
}

/// Serializes a value as its name (its `Display` form).
fn by_name<S: serde::Serializer>(
    value: &impl fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

impl fmt::Display for Event {
    /// The event in words, warriors by id ([`Event::describe`] names them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|id| id.to_string())
    }
}

impl Event {
    /// The event in words a player reads, warriors by their names in `warriors`.
    pub fn describe(&self, warriors: &Warriors) -> String {
        struct Described<'a>(&'a Event, &'a Warriors);
        impl fmt::Display for Described<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, &|id| {
                    self.1
                        .get(id)
                        .map_or_else(|| id.to_string(), |w| w.name().to_string())
                })
            }
        }
        Described(self, warriors).to_string()
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, name: &dyn Fn(WarriorId) -> String) -> fmt::Result {
        match self {
            Event::Moved { warrior, to } => {
                write!(f, "{warrior} moves to {to}", warrior = name(*warrior))
            }
            Event::BreakAway {
                warrior,
                roll,
                success,
            } => write!(
                f,
                "{warrior} rolls {roll} to break away and {}",
                if *success { "succeeds" } else { "fails" },
                warrior = name(*warrior)
            ),
            Event::AttackRoll {
                attacker,
                target,
                dice,
                attack,
                defense,
                hit,
            } => write!(
                f,
                "{attacker} rolls {dice} for an attack of {attack} against {target}'s defense \
                 {defense}: {}",
                if *hit { "a hit" } else { "a miss" },
                attacker = name(*attacker),
                target = name(*target)
            ),
            Event::Critical { attacker, hit } => write!(
                f,
                "{attacker} rolls a critical {}",
                if *hit { "hit" } else { "miss" },
                attacker = name(*attacker)
            ),
            Event::Dodge {
                warrior,
                roll,
                dodged,
            } => write!(
                f,
                "{warrior} rolls {roll} to dodge{}",
                if *dodged { " and dodges" } else { "" },
                warrior = name(*warrior)
            ),
            Event::Damaged {
                warrior,
                amount,
                pushing,
                click,
            } => write!(
                f,
                "{warrior} takes {amount} {}damage (click {click})",
                if *pushing { "pushing " } else { "" },
                warrior = name(*warrior)
            ),
            Event::Healed {
                warrior,
                amount,
                click,
            } => write!(
                f,
                "{warrior} heals {amount} (click {click})",
                warrior = name(*warrior)
            ),
            Event::Eliminated { warrior } => {
                write!(f, "{warrior} is eliminated", warrior = name(*warrior))
            }
            Event::Captured { warrior, captor } => {
                write!(
                    f,
                    "{captor} takes {warrior} captive",
                    warrior = name(*warrior),
                    captor = name(*captor)
                )
            }
            Event::Freed { warrior } => write!(f, "{warrior} goes free", warrior = name(*warrior)),
            Event::Terrify {
                warrior,
                terrifier,
                roll,
                stopped,
            } => write!(
                f,
                "{warrior} rolls {roll} against {terrifier}'s Terrify{}",
                if *stopped { " and stops" } else { "" },
                warrior = name(*warrior),
                terrifier = name(*terrifier)
            ),
            Event::Objective {
                objective,
                controller: Some(p),
            } => write!(f, "player {p} controls objective {}", objective + 1),
            Event::Objective {
                objective,
                controller: None,
            } => write!(f, "objective {} is neutral", objective + 1),
            Event::Leadership { leader, warrior } => {
                write!(
                    f,
                    "{leader} takes an action token from {warrior}",
                    warrior = name(*warrior),
                    leader = name(*leader)
                )
            }
            Event::Turned { warrior, facing } => {
                write!(
                    f,
                    "{warrior} turns to face {facing:.0} degrees",
                    warrior = name(*warrior)
                )
            }
            Event::Token { warrior, tokens } => {
                write!(
                    f,
                    "{warrior} now holds {tokens} action token(s)",
                    warrior = name(*warrior)
                )
            }
            Event::Cancelled { warrior, ability } => {
                write!(
                    f,
                    "{warrior} cancels {ability} until the end of the turn",
                    warrior = name(*warrior)
                )
            }
            Event::FreeSpin { warrior, facing } => {
                write!(
                    f,
                    "{warrior} spins to face {facing:.0} degrees",
                    warrior = name(*warrior)
                )
            }
            Event::ExtraAction { player } => write!(f, "player {player} gains an action"),
            Event::PlayerOut { player } => {
                write!(f, "player {player} has no able warriors and is out")
            }
            Event::GameOver => write!(f, "the game ends"),
            Event::Trance {
                warrior,
                rolls,
                pushing,
            } => write!(
                f,
                "{warrior}'s trance rolls {rolls:?}: {pushing} pushing damage",
                warrior = name(*warrior)
            ),
            Event::Siphon { warrior, friend } => {
                write!(
                    f,
                    "{warrior} siphons energy from {friend}",
                    warrior = name(*warrior),
                    friend = name(*friend)
                )
            }
            Event::Hex { warrior, attacker } => {
                write!(
                    f,
                    "{warrior}'s hex makes {attacker} reroll",
                    warrior = name(*warrior),
                    attacker = name(*attacker)
                )
            }
            Event::MindTap {
                warrior,
                ability,
                from,
            } => write!(
                f,
                "{warrior} copies {ability} from {from}",
                warrior = name(*warrior),
                from = name(*from)
            ),
            Event::Reanimated { warrior, at, click } => {
                write!(
                    f,
                    "{warrior} returns at {at} (click {click})",
                    warrior = name(*warrior)
                )
            }
            Event::Removed { warrior } => write!(
                f,
                "{warrior} is removed from the game",
                warrior = name(*warrior)
            ),
            Event::TurnBegan { player } => write!(f, "player {player}'s turn begins"),
            Event::NotModelled(n) => write!(
                f,
                "{}'s {} is not modelled yet: it does nothing",
                name(n.object),
                n.ability
            ),
        }
    }
}

/// Why an action could not be applied.
#[derive(Debug)]
pub enum RulesError {
    /// No such player.
    NoSuchPlayer(PlayerId),
    /// No such warrior.
    NoSuchWarrior(WarriorId),
    /// The warrior is eliminated.
    Eliminated(Named),
    /// It is not the warrior's controller's turn.
    NotYourTurn(Named),
    /// The player has no actions left this turn.
    NoActionsLeft,
    /// The action breaks a rule ([`Refusal`] says which).
    Illegal(Refusal),
    /// A Terrify roll stopped a move into base contact: the action is undone and spends
    /// nothing, but the roll happened and the refusal holds for the rest of the turn
    /// ([`super::MageKnightRules`]'s `apply` turns this into a successful attempt).
    Terrified {
        /// The mover.
        mover: WarriorId,
        /// The warrior with Terrify.
        terrifier: WarriorId,
        /// The roll that stopped it.
        roll: u32,
    },
    /// A die could not be rolled.
    Dice(DiceError),
    /// A choice could not be made.
    Choice(ChoiceError),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::NoSuchPlayer(p) => write!(f, "no player {}", p.0),
            RulesError::NoSuchWarrior(i) => write!(f, "no {i}"),
            RulesError::Eliminated(n) => write!(f, "{n} is eliminated"),
            RulesError::NotYourTurn(n) => write!(f, "{n} is not controlled by the active player"),
            RulesError::NoActionsLeft => write!(f, "the player has no actions left this turn"),
            RulesError::Illegal(why) => write!(f, "{why}"),
            RulesError::Terrified { roll, .. } => write!(
                f,
                "a Terrify roll of {roll} stopped the move: the mover is terrified and cannot \
                 move into base contact with that warrior this turn"
            ),
            RulesError::Dice(e) => write!(f, "{e}"),
            RulesError::Choice(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<DiceError> for RulesError {
    fn from(e: DiceError) -> Self {
        RulesError::Dice(e)
    }
}

impl From<Refusal> for RulesError {
    fn from(r: Refusal) -> Self {
        RulesError::Illegal(r)
    }
}

impl From<ChoiceError> for RulesError {
    fn from(e: ChoiceError) -> Self {
        RulesError::Choice(e)
    }
}

/// Looks a warrior of `catalog` up by name (ignoring case), with a suggestion when it is
/// unknown, or why a warrior of the content needs a rebuild of the program.
pub fn find_warrior(catalog: &Catalog, name: &str) -> Result<Card, String> {
    if let Some(message) = catalog.needs_rebuild(name) {
        return Err(message);
    }
    catalog.get(name).ok_or_else(|| {
        let close = grimoire_engine::suggest::ranked(name, catalog.names(), 5);
        if close.is_empty() {
            format!("unknown warrior {name:?}")
        } else {
            format!(
                "unknown warrior {name:?}; did you mean: {}?",
                close.join(", ")
            )
        }
    })
}
