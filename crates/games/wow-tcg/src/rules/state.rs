//! The game state: objects with their cards, players, the chain, combat, modifiers, and the
//! questions every rule asks of them (ATK, health, operations, party, who is opposing).

use std::fmt;
use std::sync::Arc;

use grimoire_engine::{
    CardZone, CardZones, ChoiceError, DiceError, NotModelled, NotModelledLog, ObjectId,
    ObjectStore, PlayerId, TraitKind,
};
use serde::Serialize;

use super::card::{Kind, Printed};
use super::content::{Count, DamageType, EffectOp, Keyword, Recipient, TriggerCheck, TriggerEvent};
use super::effects::keyword_ops;
use super::packets::Packet;
use super::refusal::{Named, Refusal};

impl TraitKind for Keyword {
    fn same_kind(&self, other: &Self) -> bool {
        self == other
    }
}

/// Per-player zones (411.1), in [`CardZones`] order.
pub const PLAYER_ZONES: [&str; 5] = ["deck", "hand", "play", "graveyard", "removed"];
/// Index of the deck zone in [`PLAYER_ZONES`].
pub const DECK: usize = 0;
/// Index of the play zone in [`PLAYER_ZONES`].
pub const PLAY: usize = 2;
/// Index of the hand zone.
pub const HAND: usize = 1;
/// Index of the graveyard zone.
pub const GRAVEYARD: usize = 3;
/// Index of the removed-from-game zone.
pub const REMOVED: usize = 4;
/// Shared zones.
pub const SHARED_ZONES: [&str; 1] = ["chain"];

/// Markers on an object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Marker {
    /// Turned sideways (105).
    Exhausted,
    /// Does not ready during its controller's next ready step (an effect says so).
    StaysExhausted,
    /// A hero turned face down (301.2): it has lost its printed payment power.
    FaceDown,
}

/// What the rules keep about an object besides the store.
#[derive(Debug, Clone)]
pub struct ObjectInfo {
    /// The card (shared: cloning a game copies no card text); changed only with
    /// [`ObjectInfo::set_card`], which keeps `printed_ops` in step with it.
    card: Arc<Printed>,
    /// The operations the card carries, each with the number of the entry that carries it, in
    /// [`Game::for_each_op`] order: those of its keywords (with what they imply), of its tags,
    /// then its own effects. Listed once as the card is set, so asking an object for its
    /// operations walks one list.
    printed_ops: Arc<[(EffectOp, i32)]>,
    /// How many of `printed_ops` come before the card's own effects.
    own_ops_from: usize,
    /// How choices and events name it (the scenario's id, else the card name); shared like
    /// the card.
    pub label: Arc<str>,
}

/// What changes about an object in play, by id, kept as plain data so that copying a game
/// copies all of it at once: where the object is and who controls it (mirrored from its
/// record in the store, and changed with it by [`Game::place`] and [`Game::set_zone`]), when
/// it joined its party, and what it has become.
#[derive(Debug, Clone, Copy)]
pub struct ObjectStatus {
    /// Its zone number, as in the store.
    pub zone: u32,
    /// In play, as in the store.
    pub in_play: bool,
    /// Its controller, as in the store.
    pub controller: PlayerId,
    /// The turn number it last joined its controller's party (302.2).
    pub joined_turn: u32,
    /// A token that left play and ceased to exist (407.6e).
    pub ceased: bool,
    /// In its controller's resource row (408, 710.2b).
    pub resource: bool,
}

/// A player.
#[derive(Debug)]
pub struct Player {
    /// Its id.
    pub id: PlayerId,
    /// Its hero, once in play.
    pub hero: Option<ObjectId>,
    /// Anonymous cards in its deck, under [`Player::library`] (scenarios count cards they
    /// never name).
    pub deck: u32,
    /// The real cards of its deck, in order: the top card is the last one.
    pub library: Vec<ObjectId>,
    /// Anonymous cards in its hand (cards that are objects are counted apart).
    pub hand: u32,
    /// It was required to draw from an empty deck (407.6b).
    pub drew_from_empty: bool,
    /// It has lost and left the game (102.2).
    pub lost: bool,
    /// The turn in which it last placed a resource (408.1).
    pub placed_resource: Option<u32>,
}

impl ObjectInfo {
    /// The information of an object of `card` labelled `label`.
    fn new(card: Printed, label: Arc<str>) -> Self {
        let (printed_ops, own_ops_from) = printed_ops(&card);
        Self {
            card: Arc::new(card),
            printed_ops,
            own_ops_from,
            label,
        }
    }

    /// The object's card.
    pub fn card(&self) -> &Printed {
        &self.card
    }

    /// Makes `card` the object's card (a resource placed face down becomes a blank card,
    /// 408.1b).
    pub fn set_card(&mut self, card: Printed) {
        (self.printed_ops, self.own_ops_from) = printed_ops(&card);
        self.card = Arc::new(card);
    }
}

/// The operations `card` carries in [`Game::for_each_op`] order, with their numbers, and how
/// many of them come before its own effects.
fn printed_ops(card: &Printed) -> (Arc<[(EffectOp, i32)]>, usize) {
    let mut ops = Vec::new();
    for keyword in &card.keywords {
        keyword_ops(*keyword, &mut |op, x| ops.push((*op, x)));
    }
    for tag in &card.tags {
        let x = tag.int_param().unwrap_or(0) as i32;
        ops.extend(tag.meta().effects.iter().map(|op| (*op, x)));
    }
    let own_ops_from = ops.len();
    ops.extend(card.effects.iter().map(|op| (*op, 0)));
    (ops.into(), own_ops_from)
}

impl Clone for Player {
    fn clone(&self) -> Self {
        Self {
            library: self.library.clone(),
            ..*self
        }
    }

    /// Copies into the existing library.
    fn clone_from(&mut self, source: &Self) {
        let Self {
            id,
            hero,
            deck,
            library,
            hand,
            drew_from_empty,
            lost,
            placed_resource,
        } = source;
        self.id = *id;
        self.hero = *hero;
        self.deck = *deck;
        self.library.clone_from(library);
        self.hand = *hand;
        self.drew_from_empty = *drew_from_empty;
        self.lost = *lost;
        self.placed_resource = *placed_resource;
    }
}

/// A prevention bubble (717.2).
#[derive(Debug, Clone)]
pub struct Bubble {
    /// The character it surrounds.
    pub around: ObjectId,
    /// Damage it can still prevent; `None`: all.
    pub remaining: Option<u32>,
    /// Only combat damage.
    pub combat_only: bool,
    /// Prevents damage the character would deal, rather than damage dealt to it.
    pub dealt_by: bool,
    /// The card that made it (for choices and events).
    pub source: ObjectId,
}

/// An ATK change from a resolved link or a strike, with its duration.
#[derive(Debug, Clone)]
pub struct AtkChange {
    /// The character.
    pub to: ObjectId,
    /// The change.
    pub amount: i32,
    /// Only while the character attacks.
    pub while_attacking: bool,
    /// Only while the character defends.
    pub while_defending: bool,
    /// Ends with the combat (strike modifiers, 303.2a) rather than the turn.
    pub this_combat: bool,
    /// A group the change keeps checking instead of `to` (714.3e: "allies in your party"):
    /// the recipient, the card that made it and its controller.
    pub group: Option<(Recipient, ObjectId, PlayerId)>,
}

/// A continuous `modify_health` operation of a card in play (206).
#[derive(Debug, Clone, Copy)]
pub struct HealthModifier {
    /// The card that holds it.
    pub holder: ObjectId,
    /// The holder's controller.
    pub controller: PlayerId,
    /// The change to health.
    pub amount: i32,
    /// Whose health it changes.
    pub to: Recipient,
}

/// A keyword granted until end of turn by a link.
#[derive(Debug, Clone)]
pub struct GrantedKeyword {
    /// The character.
    pub to: ObjectId,
    /// The keyword.
    pub keyword: Keyword,
    /// Only this combat: it ends as the combat concludes (603.3a).
    pub this_combat: bool,
}

/// The steps of the start phase (501), each with its priority window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum StartStep {
    /// The ready step (501.1).
    Ready,
    /// The draw step (501.2).
    Draw,
}

/// Where in the turn the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Start phase (501), between steps.
    Start,
    /// The action phase (502), outside combat unless [`Game::combat`] says otherwise.
    Action,
    /// End phase (503), before the wrap-up step.
    End,
}

/// The priority window of a combat step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// Before the protect point (602.1).
    Attack,
    /// After the protect point (602.4).
    Defend,
}

/// A combat in progress (602).
#[derive(Debug, Clone)]
pub struct Combat {
    /// The attacker, while it remains one.
    pub attacker: Option<ObjectId>,
    /// The (proposed) defender, while it remains one.
    pub defender: Option<ObjectId>,
    /// The character that protected, if any.
    pub protector: Option<ObjectId>,
    /// The open window.
    pub window: Window,
    /// Weapons struck with this combat per player, in order (303.2c).
    pub struck: Vec<(PlayerId, ObjectId)>,
    /// The latest strike's damage type per hero (303.2a).
    pub strike_types: Vec<(ObjectId, DamageType)>,
}

/// What a link on the chain is (705.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LinkKind {
    /// A card being played (705.2).
    Card(ObjectId),
    /// A proposal effect (601.1).
    Proposal {
        /// Proposed attacker.
        attacker: ObjectId,
        /// Proposed defender.
        defender: ObjectId,
    },
    /// A strike effect (303.2a).
    Strike(ObjectId),
    /// A resource card being placed (408.1a), face up or down (408.1b).
    Resource {
        /// The card.
        card: ObjectId,
        /// Placed face up (quests only).
        face_up: bool,
    },
    /// A payment effect (701.2) of `source`: the index of its `payment_power` operation.
    Power {
        /// The card whose power was used.
        source: ObjectId,
        /// Index of the operation in the source's operations.
        op: usize,
    },
    /// A triggered effect (708) of `source`: the index of its operation.
    Triggered {
        /// The card whose power triggered.
        source: ObjectId,
        /// Index of the operation in the source's operations.
        op: usize,
    },
}

/// A link on the chain.
#[derive(Debug, Clone)]
pub struct Link {
    /// Its controller (705.4).
    pub controller: PlayerId,
    /// What it is.
    pub kind: LinkKind,
    /// Targets chosen as it was added (706).
    pub targets: Vec<ObjectId>,
    /// The mode chosen as a modal card was added (707.1b, from 1); 0: not modal.
    pub mode: u8,
    /// The effect of a power kept as it was added, for a source whose text changes before it
    /// resolves (a quest turned face down as it is completed, 702.3); `None`: read from the
    /// source as it resolves.
    pub power: Option<EffectOp>,
}

/// A triggered effect waiting to be added to the chain (708.1).
#[derive(Debug, Clone)]
pub struct Waiting {
    /// Its controller.
    pub controller: PlayerId,
    /// Its source card.
    pub source: ObjectId,
    /// Index of the triggered operation.
    pub op: usize,
}

/// How the game ended (102).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// This player won.
    Won(PlayerId),
    /// All remaining players lost at once (102.1a).
    Draw,
}

/// One recorded change.
#[derive(Debug, Clone, Serialize)]
pub enum GameEvent {
    /// A packet was created (405).
    PacketCreated(Packet),
    /// A replacement modifier changed a packet's amount (716).
    Replaced {
        /// The modifier's card.
        by: ObjectId,
        /// Amount before.
        from: u32,
        /// Amount after.
        to: u32,
    },
    /// A bubble or armor prevented damage (717).
    Prevented {
        /// The bubble's card.
        by: ObjectId,
        /// Damage prevented.
        amount: u32,
    },
    /// Damage was dealt (or healed) by a packet.
    PacketDealt(Packet),
    /// Damage was put on a character without a packet (716.2).
    DamagePut {
        /// The character.
        to: ObjectId,
        /// Damage.
        amount: u32,
    },
    /// A card was destroyed.
    Destroyed(ObjectId),
    /// A card went to the graveyard without being destroyed.
    PutIntoGraveyard(ObjectId),
    /// A card went from play into its owner's hand.
    PutIntoHand(ObjectId),
    /// A card was removed from the game (411.6a).
    RemovedFromGame(ObjectId),
    /// A link was added to the chain.
    LinkAdded(LinkKind),
    /// A link resolved.
    LinkResolved(LinkKind),
    /// A link was interrupted (711).
    LinkInterrupted(LinkKind),
    /// A combat step started (602.1).
    CombatStarted {
        /// Attacker.
        attacker: ObjectId,
        /// Proposed defender.
        defender: ObjectId,
    },
    /// A character protected (602.2).
    Protected(ObjectId),
    /// A player lost (102).
    PlayerLost(PlayerId),
    /// The game ended.
    GameOver(Outcome),
    /// A player drew cards.
    Drew {
        /// The player.
        player: PlayerId,
        /// How many.
        count: u32,
    },
    /// A turn started.
    TurnStarted(PlayerId),
    /// Play met an ability the rules do not model yet (a card's handler, as the card
    /// resolves); it was ignored. Logged once per card and ability.
    NotModelled(NotModelled<ObjectId>),
    /// Set-up (101.1): a player's die roll to decide who chooses the first player.
    Rolled {
        /// The player.
        player: PlayerId,
        /// The d6's value.
        value: u32,
    },
    /// Set-up (101.1): the player who chose, and the first player chosen.
    FirstPlayer {
        /// Who chose.
        chooser: PlayerId,
        /// The first player.
        first: PlayerId,
    },
    /// A player shuffled its deck.
    Shuffled(PlayerId),
    /// A player decided on a mulligan (101.2).
    Mulligan {
        /// The player.
        player: PlayerId,
        /// Whether it took one (else it kept its opening hand).
        taken: bool,
    },
    /// A step of the start phase began (501.1, 501.2).
    StepStarted(StartStep),
    /// The action phase began (502.1).
    ActionPhase,
    /// The end phase began (503.1).
    EndPhase,
    /// A card was discarded from hand (503.2a).
    Discarded(ObjectId),
    /// A card was played from hand (406).
    Played {
        /// The player.
        player: PlayerId,
        /// The card.
        card: ObjectId,
    },
}

/// Why an action could not be taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// A rule forbids it: which and why (see [`Refusal`]).
    Illegal(Refusal),
    /// An object id the game does not know.
    NoSuchObject(ObjectId),
    /// A scripted die was missing.
    Dice(DiceError),
    /// A choice could not be made.
    Choice(ChoiceError),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Illegal(why) => why.fmt(f),
            RulesError::NoSuchObject(id) => write!(f, "no object {}", id.0),
            RulesError::Dice(e) => e.fmt(f),
            RulesError::Choice(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<DiceError> for RulesError {
    fn from(e: DiceError) -> Self {
        RulesError::Dice(e)
    }
}

impl From<ChoiceError> for RulesError {
    fn from(e: ChoiceError) -> Self {
        RulesError::Choice(e)
    }
}

/// The whole game.
#[derive(Debug)]
pub struct Game {
    /// Zone names (shared: cloning a game copies none).
    pub zones: Arc<CardZones>,
    /// Objects (owner, controller, zone, damage, markers, attachments, granted keywords).
    pub store: ObjectStore<Keyword, Marker>,
    /// Per object, by id; each shared between clones until one changes it
    /// ([`Game::info_mut`] copies that one), so the copies `apply` and `legal_actions` make
    /// are cheap.
    pub info: Vec<Arc<ObjectInfo>>,
    /// The objects whose card held a `grant_keyword` operation as it was added, in id order
    /// (shared between clones like [`Game::info`]): the only holders
    /// [`Game::for_each_continuous_keyword`] has to read. A card never gains operations (a
    /// face-down resource only loses them), so no other object can grant a keyword.
    pub keyword_granters: Arc<Vec<ObjectId>>,
    /// Per object, by id: where it is, who controls it, and its party and resource status.
    pub status: Vec<ObjectStatus>,
    /// Players in clockwise order.
    pub players: Vec<Player>,
    /// Turn number, from 1.
    pub turn: u32,
    /// Turns started so far in this game (501.2b: the first player skips the first draw).
    pub turns_started: u32,
    /// The turn player.
    pub turn_player: PlayerId,
    /// The phase.
    pub phase: Phase,
    /// The step, while the phase is [`Phase::Start`].
    pub start_step: StartStep,
    /// Players still to decide whether to mulligan, in order (101.2); no turn starts before
    /// they all have.
    pub mulligans: Vec<PlayerId>,
    /// The chain, bottom first.
    pub chain: Vec<Link>,
    /// Who has priority.
    pub priority: PlayerId,
    /// Successive passes so far (407.4).
    pub passes: usize,
    /// The combat in progress.
    pub combat: Option<Combat>,
    /// Prevention bubbles.
    pub bubbles: Vec<Bubble>,
    /// ATK changes from links and strikes.
    pub atk_changes: Vec<AtkChange>,
    /// Keywords granted this turn.
    pub granted: Vec<GrantedKeyword>,
    /// "Use only once per turn" powers used: (card, operation index, turn) (701.5).
    pub used_powers: Vec<(ObjectId, usize, u32)>,
    /// "Next time" replacement modifiers already used: (card, operation index).
    pub used_next: Vec<(ObjectId, usize)>,
    /// Triggered effects waiting for the chain.
    pub waiting: Vec<Waiting>,
    /// The end of the game.
    pub outcome: Option<Outcome>,
    /// A description of every packet of the last action, in order.
    pub last_packets: Vec<Packet>,
    /// The events of the action being applied (moved to the log when it succeeds).
    pub pending_events: Vec<GameEvent>,
    /// The abilities not modelled yet that play has reported, per card.
    pub not_modelled: NotModelledLog<ObjectId>,
}

impl Clone for Game {
    fn clone(&self) -> Self {
        let mut copy = Game::new(&[]);
        copy.clone_from(self);
        copy
    }

    /// Copies `source` field by field into the existing allocations (a game is copied for every
    /// action applied and every action `legal_actions` tries); every field is named, so one
    /// added and not copied here does not compile.
    fn clone_from(&mut self, source: &Self) {
        let Self {
            zones,
            store,
            info,
            keyword_granters,
            status,
            players,
            turn,
            turns_started,
            turn_player,
            phase,
            start_step,
            mulligans,
            chain,
            priority,
            passes,
            combat,
            bubbles,
            atk_changes,
            granted,
            used_powers,
            used_next,
            waiting,
            outcome,
            last_packets,
            pending_events,
            not_modelled,
        } = source;
        self.zones.clone_from(zones);
        self.store.clone_from(store);
        grimoire_engine::clone_shared_from(&mut self.info, info);
        self.keyword_granters.clone_from(keyword_granters);
        self.status.clone_from(status);
        self.players.clone_from(players);
        self.turn = *turn;
        self.turns_started = *turns_started;
        self.turn_player = *turn_player;
        self.phase = *phase;
        self.start_step = *start_step;
        self.mulligans.clone_from(mulligans);
        self.chain.clone_from(chain);
        self.priority = *priority;
        self.passes = *passes;
        self.combat.clone_from(combat);
        self.bubbles.clone_from(bubbles);
        self.atk_changes.clone_from(atk_changes);
        self.granted.clone_from(granted);
        self.used_powers.clone_from(used_powers);
        self.used_next.clone_from(used_next);
        self.waiting.clone_from(waiting);
        self.outcome = *outcome;
        self.last_packets.clone_from(last_packets);
        self.pending_events.clone_from(pending_events);
        self.not_modelled.clone_from(not_modelled);
    }
}

impl Game {
    /// A game between `players` (clockwise), the first of them the turn player.
    pub fn new(players: &[PlayerId]) -> Self {
        let first = players.first().copied().unwrap_or(PlayerId(1));
        Self {
            zones: Arc::new(CardZones::new(&PLAYER_ZONES, &SHARED_ZONES)),
            store: ObjectStore::new(),
            info: Vec::new(),
            keyword_granters: Arc::new(Vec::new()),
            status: Vec::new(),
            players: players
                .iter()
                .map(|&id| Player {
                    id,
                    hero: None,
                    deck: 0,
                    library: Vec::new(),
                    hand: 0,
                    drew_from_empty: false,
                    lost: false,
                    placed_resource: None,
                })
                .collect(),
            turn: 1,
            turns_started: 1,
            turn_player: first,
            phase: Phase::Action,
            start_step: StartStep::Ready,
            mulligans: Vec::new(),
            chain: Vec::new(),
            priority: first,
            passes: 0,
            combat: None,
            bubbles: Vec::new(),
            atk_changes: Vec::new(),
            granted: Vec::new(),
            used_next: Vec::new(),
            used_powers: Vec::new(),
            waiting: Vec::new(),
            outcome: None,
            last_packets: Vec::new(),
            pending_events: Vec::new(),
            not_modelled: NotModelledLog::default(),
        }
    }

    /// Records an event.
    pub fn record(&mut self, event: GameEvent) {
        self.pending_events.push(event);
    }

    /// The zone number of `player`'s zone `index` (an index of [`PLAYER_ZONES`]).
    pub fn zone_of(&self, player: PlayerId, index: usize) -> u32 {
        let seat = self
            .players
            .iter()
            .position(|p| p.id == player)
            .unwrap_or(0);
        (seat * PLAYER_ZONES.len() + index) as u32
    }

    /// The zone number of the chain.
    pub fn chain_zone(&self) -> u32 {
        (self.players.len() * PLAYER_ZONES.len()) as u32
    }

    /// A zone number as a [`CardZone`].
    pub fn card_zone(&self, zone: u32) -> CardZone {
        let per = PLAYER_ZONES.len() as u32;
        let seat = (zone / per) as usize;
        match self.players.get(seat) {
            Some(p) => CardZone {
                player: Some(p.id),
                zone: (zone % per) as usize,
            },
            None => CardZone {
                player: None,
                zone: 0,
            },
        }
    }

    /// The per-player zone index of an object and the zone's player (`None` on the chain).
    pub fn zone_index(&self, id: ObjectId) -> Option<(PlayerId, usize)> {
        let object = self.status.get(id.0 as usize)?;
        let zone = self.card_zone(object.zone);
        zone.player.map(|p| (p, zone.zone))
    }

    /// Adds an object owned and controlled by `owner` in its zone `zone`.
    pub fn add_object(&mut self, card: Printed, owner: PlayerId, zone: usize) -> ObjectId {
        let number = self.zone_of(owner, zone);
        let id = self.store.insert(owner, number, Vec::new());
        if let Some(o) = self.store.get_mut(id) {
            o.in_play = zone == PLAY;
        }
        let label: Arc<str> = card.name.as_str().into();
        let card_is_resource = card.kind == Kind::Resource && zone == PLAY;
        if card.kind == Kind::Hero && zone == PLAY {
            if let Some(p) = self.player_mut(owner) {
                p.hero = Some(id);
            }
        }
        if card
            .effects
            .iter()
            .any(|op| matches!(op, EffectOp::GrantKeyword { .. }))
        {
            Arc::make_mut(&mut self.keyword_granters).push(id);
        }
        self.info.push(Arc::new(ObjectInfo::new(card, label)));
        self.status.push(ObjectStatus {
            zone: number,
            in_play: zone == PLAY,
            controller: owner,
            joined_turn: 0,
            ceased: false,
            resource: card_is_resource,
        });
        if zone == DECK {
            if let Some(p) = self.player_mut(owner) {
                p.library.push(id);
            }
        }
        id
    }

    /// The rules' information about an object.
    pub fn info(&self, id: ObjectId) -> Result<&ObjectInfo, RulesError> {
        self.info
            .get(id.0 as usize)
            .map(|info| &**info)
            .ok_or(RulesError::NoSuchObject(id))
    }

    /// The rules' information about an object, to change it (copied first when another
    /// clone of the game shares it).
    ///
    /// # Panics
    ///
    /// When `id` is no object of this game (ids come from [`Game::add_object`]).
    pub fn info_mut(&mut self, id: ObjectId) -> &mut ObjectInfo {
        Arc::make_mut(&mut self.info[id.0 as usize])
    }

    /// The card of an object.
    pub fn card(&self, id: ObjectId) -> &Printed {
        &self.info[id.0 as usize].card
    }

    /// An object with the name events, choices and refusals give it (see [`Game::label`]).
    pub fn named(&self, id: ObjectId) -> Named {
        Named {
            id,
            name: self.info.get(id.0 as usize).map(|i| Arc::clone(&i.label)),
        }
    }

    /// How events and choices name an object.
    pub fn label(&self, id: ObjectId) -> String {
        self.info
            .get(id.0 as usize)
            .map_or_else(|| format!("#{}", id.0), |i| i.label.to_string())
    }

    /// A player.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// A player, mutably.
    pub fn player_mut(&mut self, id: PlayerId) -> Option<&mut Player> {
        self.players.iter_mut().find(|p| p.id == id)
    }

    /// The players still in the game, clockwise from the turn player.
    pub fn players_from_turn(&self) -> Vec<PlayerId> {
        let start = self
            .players
            .iter()
            .position(|p| p.id == self.turn_player)
            .unwrap_or(0);
        (0..self.players.len())
            .map(|i| &self.players[(start + i) % self.players.len()])
            .filter(|p| !p.lost)
            .map(|p| p.id)
            .collect()
    }

    /// The next player clockwise from `player` still in the game.
    pub fn next_player(&self, player: PlayerId) -> PlayerId {
        let seat = self
            .players
            .iter()
            .position(|p| p.id == player)
            .unwrap_or(0);
        (1..=self.players.len())
            .map(|i| &self.players[(seat + i) % self.players.len()])
            .find(|p| !p.lost)
            .map_or(player, |p| p.id)
    }

    /// Whether `id` is in play.
    pub fn in_play(&self, id: ObjectId) -> bool {
        self.status.get(id.0 as usize).is_some_and(|o| o.in_play)
    }

    /// The controller of `id`.
    pub fn controller(&self, id: ObjectId) -> PlayerId {
        self.status
            .get(id.0 as usize)
            .map_or(PlayerId(0), |o| o.controller)
    }

    /// Puts `id` in zone number `zone`, in play or not, under `controller`: in the store and
    /// in [`Game::status`] alike.
    pub fn place(&mut self, id: ObjectId, zone: u32, in_play: bool, controller: PlayerId) {
        if let Some(o) = self.store.get_mut(id) {
            o.zone = zone;
            o.in_play = in_play;
            o.controller = controller;
        }
        if let Some(status) = self.status.get_mut(id.0 as usize) {
            status.zone = zone;
            status.in_play = in_play;
            status.controller = controller;
        }
    }

    /// Moves `id` to zone number `zone` without changing whether it is in play or who
    /// controls it: in the store and in [`Game::status`] alike.
    pub fn set_zone(&mut self, id: ObjectId, zone: u32) {
        if let Some(o) = self.store.get_mut(id) {
            o.zone = zone;
        }
        if let Some(status) = self.status.get_mut(id.0 as usize) {
            status.zone = zone;
        }
    }

    /// Whether `id` is exhausted.
    pub fn exhausted(&self, id: ObjectId) -> bool {
        self.store
            .get(id)
            .is_some_and(|o| o.marker_count(&Marker::Exhausted) > 0)
    }

    /// Exhausts or readies `id`. Going from ready to exhausted triggers "becomes exhausted"
    /// powers (703.5).
    pub fn set_exhausted(&mut self, id: ObjectId, exhausted: bool) {
        let was = self.exhausted(id);
        if let Some(o) = self.store.get_mut(id) {
            o.set_markers(&Marker::Exhausted, u32::from(exhausted));
        }
        if exhausted && !was {
            self.trigger(id, TriggerEvent::ThisBecomesExhausted);
        }
    }

    /// Whether the if-condition of a double-check triggered operation holds now (703.2):
    /// its controller has at least `min_hand` cards in hand, or what its `check` asks.
    pub fn trigger_condition_holds(&self, source: ObjectId, index: usize) -> bool {
        match self.op_at(source, index) {
            Some(EffectOp::TriggeredHeal { min_hand, .. }) => {
                self.hand_size(self.controller(source)) >= u32::from(min_hand)
            }
            Some(EffectOp::TriggeredPower { check, .. }) => {
                let player = self.controller(source);
                let controls = |kind: Kind| {
                    self.objects_in_play().any(|o| {
                        self.controller(o) == player
                            && !self.status[o.0 as usize].resource
                            && match kind {
                                Kind::Weapon => self.card(o).kind.is_equipment(),
                                other => self.card(o).kind == other,
                            }
                    })
                };
                match check {
                    TriggerCheck::Always => true,
                    TriggerCheck::ControlsEquipment => controls(Kind::Weapon),
                    TriggerCheck::ControlsAbility => controls(Kind::Ability),
                    TriggerCheck::NoReadyResources => self.ready_resources(player).is_empty(),
                }
            }
            _ => true,
        }
    }

    /// Queues the triggered operations of `source` watching `event` (703).
    pub fn trigger(&mut self, source: ObjectId, event: TriggerEvent) {
        let controller = self.controller(source);
        let mut found = Vec::new();
        self.for_each_op(source, |index, op| match *op {
            EffectOp::TriggeredDamage { when, .. } if when == event => found.push(index),
            EffectOp::TriggeredHeal { when, .. } if when == event => found.push(index),
            EffectOp::TriggeredDraw { when, .. } if when == event => found.push(index),
            EffectOp::TriggeredPower { when, .. } if when == event => found.push(index),
            _ => {}
        });
        // 703.2: a double-check power triggers only if its condition holds.
        found.retain(|&index| self.trigger_condition_holds(source, index));
        for op in found {
            self.waiting.push(Waiting {
                controller,
                source,
                op,
            });
        }
    }

    /// Objects in play, in id order.
    pub fn objects_in_play(&self) -> impl Iterator<Item = ObjectId> + '_ {
        self.status
            .iter()
            .enumerate()
            .filter(|(_, o)| o.in_play)
            .map(|(id, _)| ObjectId(id as u32))
    }

    /// Calls `visit` with every operation `id` has now, with its index (stable for the
    /// object): its card's keywords (with what they imply), its tags, its own effects, then
    /// keywords granted by effects.
    pub fn for_each_op(&self, id: ObjectId, mut visit: impl FnMut(usize, &EffectOp)) {
        self.for_each_op_x(id, |i, op, _| visit(i, op));
    }

    /// [`Game::for_each_op`], also giving the number of the entry that carries the operation
    /// (X of `Assault {n}`, 0 without one).
    pub fn for_each_op_x(&self, id: ObjectId, mut visit: impl FnMut(usize, &EffectOp, i32)) {
        self.for_each_op_x_dyn(id, &mut visit);
    }

    /// [`Game::for_each_op_x`] with a trait object: one copy of the body for all its callers.
    fn for_each_op_x_dyn(&self, id: ObjectId, visit: &mut dyn FnMut(usize, &EffectOp, i32)) {
        let Some(info) = self.info.get(id.0 as usize) else {
            return;
        };
        for (index, (op, x)) in info.printed_ops.iter().enumerate() {
            visit(index, op, *x);
        }
        let mut index = info.printed_ops.len();
        let mut each = |op: &EffectOp, x: i32| {
            visit(index, op, x);
            index += 1;
        };
        if let Some(object) = self
            .store
            .get(id)
            .filter(|o| !o.base_traits.is_empty() || !o.trait_effects.is_empty())
        {
            object.for_each_trait(|keyword, _| keyword_ops(*keyword, &mut |op, x| each(op, x)));
        }
        for granted in self.granted.iter().filter(|g| g.to == id) {
            keyword_ops(granted.keyword, &mut |op, x| each(op, x));
        }
        self.for_each_continuous_keyword(id, |keyword| {
            keyword_ops(keyword, &mut |op, x| each(op, x));
        });
    }

    /// Calls `visit` with each keyword `id` has from the continuous `grant_keyword` operations
    /// of cards in play (an ongoing power: "Your hero has Protector", "Attached ally has
    /// Stealth"), holders in id order. A card in play holds such an operation only as a
    /// continuous power: an ability card's one-shot grant applies while it resolves on the
    /// chain. Only recipients that name one card (`YourHero`, `AttachedCharacter`, `ThisCard`)
    /// or a printed group of its controller are read, from the holders' own operations, so the
    /// question never asks itself again.
    pub fn for_each_continuous_keyword(&self, id: ObjectId, mut visit: impl FnMut(Keyword)) {
        for &granter in self.keyword_granters.iter() {
            let Some(holder) = self.store.get(granter).filter(|o| o.in_play) else {
                continue;
            };
            let Some(info) = self.info.get(holder.id.0 as usize) else {
                continue;
            };
            for op in &info.card.effects {
                let EffectOp::GrantKeyword { keyword, to, .. } = *op else {
                    continue;
                };
                let applies = match to {
                    Recipient::YourHero => self
                        .player(holder.controller)
                        .and_then(|p| p.hero)
                        .is_some_and(|hero| hero == id && self.in_play(hero)),
                    Recipient::AttachedCharacter => holder.attached_to == Some(id),
                    Recipient::ThisCard => holder.id == id,
                    // Groups by printed type and controller only, so that asking never asks
                    // which operations a card has again (714.3e: checked continuously).
                    Recipient::YourAllies | Recipient::YourOtherAllies | Recipient::YourWeapons => {
                        let kind = if to == Recipient::YourWeapons {
                            Kind::Weapon
                        } else {
                            Kind::Ally
                        };
                        self.in_play(id)
                            && self.card(id).kind == kind
                            && self.controller(id) == holder.controller
                            && (to != Recipient::YourOtherAllies || holder.id != id)
                    }
                    _ => false,
                };
                if applies {
                    visit(keyword);
                }
            }
        }
    }

    /// The target rules of the operation of `id` at `index` (see [`Game::for_each_op`]): those
    /// of the typed ability the card's own operation was lowered from, else none (any
    /// targetable character).
    pub fn target_rules(&self, id: ObjectId, index: usize) -> Vec<super::card::TargetRule> {
        let Some(info) = self.info.get(id.0 as usize) else {
            return Vec::new();
        };
        index
            .checked_sub(info.own_ops_from)
            .and_then(|own| info.card.effect_targets.get(own))
            .cloned()
            .unwrap_or_default()
    }

    /// The target rules of a card's own link as it is played (an ability card) in `mode` (0:
    /// not modal): those of its first own operation of that mode that has any.
    pub fn card_target_rules(&self, id: ObjectId, mode: u8) -> Vec<super::card::TargetRule> {
        self.info
            .get(id.0 as usize)
            .and_then(|info| {
                info.card
                    .effect_targets
                    .iter()
                    .enumerate()
                    .find(|(i, r)| {
                        !r.is_empty()
                            && info.card.effect_modes.get(*i).copied().unwrap_or(0) == mode
                    })
                    .map(|(_, r)| r)
            })
            .cloned()
            .unwrap_or_default()
    }

    /// How many modes a card's own link has (707.1b: "Choose one:"); 0 when it is not modal.
    pub fn card_modes(&self, id: ObjectId) -> u8 {
        self.info
            .get(id.0 as usize)
            .and_then(|info| info.card.effect_modes.iter().max().copied())
            .unwrap_or(0)
    }

    /// The mode of the operation of `id` at `index` (see [`Game::for_each_op`]): 0 for one
    /// that is in every mode.
    pub fn op_mode(&self, id: ObjectId, index: usize) -> u8 {
        let Some(info) = self.info.get(id.0 as usize) else {
            return 0;
        };
        index
            .checked_sub(info.own_ops_from)
            .and_then(|own| info.card.effect_modes.get(own).copied())
            .unwrap_or(0)
    }

    /// The operation of `id` at `index` (see [`Game::for_each_op`]).
    pub fn op_at(&self, id: ObjectId, index: usize) -> Option<EffectOp> {
        let mut found = None;
        self.for_each_op(id, |i, op| {
            if i == index {
                found = Some(*op);
            }
        });
        found
    }

    /// The operation of `id` at `index` with the number of the entry that carries it (see
    /// [`Game::for_each_op_x`]).
    pub fn op_x_at(&self, id: ObjectId, index: usize) -> Option<(EffectOp, i32)> {
        let mut found = None;
        self.for_each_op_x(id, |i, op, x| {
            if i == index {
                found = Some((*op, x));
            }
        });
        found
    }

    /// Whether `id` has an operation matching `pred`.
    pub fn has_op(&self, id: ObjectId, pred: impl Fn(&EffectOp) -> bool) -> bool {
        let mut has = false;
        self.for_each_op(id, |_, op| has |= pred(op));
        has
    }

    /// Whether `id` has `keyword` now (printed, implied or granted).
    pub fn has_keyword(&self, id: ObjectId, keyword: Keyword) -> bool {
        let Some(info) = self.info.get(id.0 as usize) else {
            return false;
        };
        let implied = |k: &Keyword| {
            *k == keyword
                || k.meta()
                    .implied
                    .iter()
                    .any(|r| matches!(r, super::content::CodexRef::Keyword(i) if *i == keyword))
        };
        info.card.keywords.iter().any(implied)
            || self
                .store
                .get(id)
                .is_some_and(|o| o.traits().iter().any(implied))
            || self
                .granted
                .iter()
                .any(|g| g.to == id && implied(&g.keyword))
            || {
                let mut continuous = false;
                self.for_each_continuous_keyword(id, |k| continuous |= implied(&k));
                continuous
            }
    }

    /// Whether `id` is a character: a hero, an ally or a Totem (300.1).
    pub fn is_character(&self, id: ObjectId) -> bool {
        match self.card(id).kind {
            Kind::Hero | Kind::Ally => true,
            _ => self.is_totem(id),
        }
    }

    /// Whether `id` is a Totem.
    pub fn is_totem(&self, id: ObjectId) -> bool {
        self.has_op(id, |op| matches!(op, EffectOp::Totem))
    }

    /// Whether `id` is attacking now.
    pub fn attacking(&self, id: ObjectId) -> bool {
        self.combat.as_ref().is_some_and(|c| c.attacker == Some(id))
    }

    /// Whether `id` is the (proposed) defender now.
    pub fn defending(&self, id: ObjectId) -> bool {
        self.combat.as_ref().is_some_and(|c| c.defender == Some(id))
    }

    /// The characters a recipient names, for an effect of `holder` controlled by `controller`
    /// (`TargetCharacter` resolves to `targets`).
    pub fn recipients(
        &self,
        recipient: Recipient,
        holder: ObjectId,
        controller: PlayerId,
        targets: &[ObjectId],
    ) -> Vec<ObjectId> {
        let characters = || {
            self.objects_in_play()
                .filter(|&o| self.is_character(o))
                .collect::<Vec<_>>()
        };
        match recipient {
            Recipient::YourHero => self
                .player(controller)
                .and_then(|p| p.hero)
                .filter(|&h| self.in_play(h))
                .into_iter()
                .collect(),
            Recipient::ThisCard => vec![holder],
            Recipient::TargetCharacter => targets.to_vec(),
            Recipient::OpposingCharacters => characters()
                .into_iter()
                .filter(|&o| self.controller(o) != controller)
                .collect(),
            Recipient::OpposingAllies => characters()
                .into_iter()
                .filter(|&o| self.controller(o) != controller && self.card(o).kind != Kind::Hero)
                .collect(),
            Recipient::OpposingHero => characters()
                .into_iter()
                .filter(|&o| self.controller(o) != controller && self.card(o).kind == Kind::Hero)
                .collect(),
            Recipient::EachCharacter => characters(),
            Recipient::EachAlly => characters()
                .into_iter()
                .filter(|&o| self.card(o).kind == Kind::Ally)
                .collect(),
            Recipient::YourOtherAllies => characters()
                .into_iter()
                .filter(|&o| {
                    o != holder
                        && self.controller(o) == controller
                        && self.card(o).kind == Kind::Ally
                })
                .collect(),
            Recipient::YourAllies => characters()
                .into_iter()
                .filter(|&o| self.controller(o) == controller && self.card(o).kind == Kind::Ally)
                .collect(),
            Recipient::YourWeapons => self
                .objects_in_play()
                .filter(|&o| self.controller(o) == controller && self.card(o).kind == Kind::Weapon)
                .collect(),
            Recipient::AttachedCharacter => self
                .store
                .get(holder)
                .and_then(|o| o.attached_to)
                .filter(|&a| self.in_play(a))
                .into_iter()
                .collect(),
        }
    }

    /// Whether `id` is among the characters `recipient` names for an effect of `holder`
    /// controlled by `controller` with no targets: [`Game::recipients`] asked of one object,
    /// without listing the others.
    pub fn is_recipient(
        &self,
        recipient: Recipient,
        holder: ObjectId,
        controller: PlayerId,
        id: ObjectId,
    ) -> bool {
        let character = || self.in_play(id) && self.is_character(id);
        let kind = || self.card(id).kind;
        match recipient {
            Recipient::YourHero => {
                self.player(controller).and_then(|p| p.hero) == Some(id) && self.in_play(id)
            }
            Recipient::ThisCard => id == holder,
            Recipient::TargetCharacter => false,
            Recipient::OpposingCharacters => character() && self.controller(id) != controller,
            Recipient::OpposingAllies => {
                character() && self.controller(id) != controller && kind() != Kind::Hero
            }
            Recipient::OpposingHero => {
                character() && self.controller(id) != controller && kind() == Kind::Hero
            }
            Recipient::EachCharacter => character(),
            Recipient::EachAlly => character() && kind() == Kind::Ally,
            Recipient::YourOtherAllies => {
                id != holder
                    && character()
                    && self.controller(id) == controller
                    && kind() == Kind::Ally
            }
            Recipient::YourAllies => {
                character() && self.controller(id) == controller && kind() == Kind::Ally
            }
            Recipient::YourWeapons => {
                self.in_play(id) && self.controller(id) == controller && kind() == Kind::Weapon
            }
            Recipient::AttachedCharacter => {
                self.store.get(holder).and_then(|o| o.attached_to) == Some(id) && self.in_play(id)
            }
        }
    }

    /// The current ATK of a character (205, 104.2): printed ATK, continuous `modify_atk`
    /// operations of cards in play, and changes from links and strikes. Totems have none.
    pub fn atk(&self, id: ObjectId) -> i32 {
        if self.is_totem(id) {
            return 0;
        }
        let attacking = self.attacking(id);
        let defending = self.defending(id);
        let mut atk = self.card(id).atk;
        for holder in self.objects_in_play() {
            let controller = self.controller(holder);
            self.for_each_op_x(holder, |_, op, x| {
                if let EffectOp::ModifyAtk {
                    amount,
                    per_x,
                    to,
                    while_attacking,
                    while_defending,
                    own_turn,
                    for_each,
                } = *op
                {
                    if (!while_attacking || attacking)
                        && (!while_defending || defending)
                        && (!own_turn || self.turn_player == controller)
                        && self.is_recipient(to, holder, controller, id)
                    {
                        let times = self.count(for_each, controller);
                        let each =
                            i32::from(amount).saturating_add(i32::from(per_x).saturating_mul(x));
                        atk = atk.saturating_add(each.saturating_mul(times));
                    }
                }
            });
        }
        for change in &self.atk_changes {
            let applies = match change.group {
                None => change.to == id,
                Some((recipient, holder, controller)) => {
                    self.is_recipient(recipient, holder, controller, id)
                }
            };
            if applies
                && (!change.while_attacking || attacking)
                && (!change.while_defending || defending)
            {
                atk = atk.saturating_add(change.amount);
            }
        }
        atk
    }

    /// How many things `count` counts for `controller` now (714.2: continuous modifiers use
    /// the current game state).
    pub fn count(&self, count: Count, controller: PlayerId) -> i32 {
        match count {
            Count::Once => 1,
            Count::AlliesInYourParty => self
                .objects_in_play()
                .filter(|&o| self.controller(o) == controller && self.card(o).kind == Kind::Ally)
                .count()
                .try_into()
                .unwrap_or(i32::MAX),
        }
    }

    /// The current health of a character (206): printed health and the continuous
    /// `modify_health` operations of cards in play.
    pub fn health(&self, id: ObjectId) -> i32 {
        self.health_with(id, &self.health_modifiers())
    }

    /// The continuous `modify_health` operations of the cards in play now, holders in id
    /// order: what [`Game::health`] adds up, listed once for a question asked of many
    /// characters.
    pub fn health_modifiers(&self) -> Vec<HealthModifier> {
        let mut modifiers = Vec::new();
        for holder in self.objects_in_play() {
            let controller = self.controller(holder);
            self.for_each_op(holder, |_, op| {
                if let EffectOp::ModifyHealth { amount, to } = *op {
                    modifiers.push(HealthModifier {
                        holder,
                        controller,
                        amount: i32::from(amount),
                        to,
                    });
                }
            });
        }
        modifiers
    }

    /// The current health of a character with the `modifiers` of the cards in play (from
    /// [`Game::health_modifiers`] of this state).
    pub fn health_with(&self, id: ObjectId, modifiers: &[HealthModifier]) -> i32 {
        modifiers
            .iter()
            .filter(|m| self.is_recipient(m.to, m.holder, m.controller, id))
            .fold(self.card(id).health, |health, m| {
                health.saturating_add(m.amount)
            })
    }

    /// The damage type of `id`'s combat damage (405.3a): a hero's latest strike, else the
    /// printed type, else melee.
    pub fn combat_damage_type(&self, id: ObjectId) -> DamageType {
        let struck = self.combat.as_ref().and_then(|c| {
            c.strike_types
                .iter()
                .rev()
                .find(|(h, _)| *h == id)
                .map(|(_, t)| *t)
        });
        struck
            .or(self.card(id).damage_type)
            .unwrap_or(DamageType::Melee)
    }

    /// The ready resources `player` controls.
    pub fn ready_resources(&self, player: PlayerId) -> Vec<ObjectId> {
        self.ready_resources_of(player).collect()
    }

    /// How many ready resources `player` controls.
    pub fn ready_resource_count(&self, player: PlayerId) -> usize {
        self.ready_resources_of(player).count()
    }

    /// The ready resources `player` controls, in id order.
    fn ready_resources_of(&self, player: PlayerId) -> impl Iterator<Item = ObjectId> + '_ {
        self.status
            .iter()
            .enumerate()
            .filter(move |(_, o)| o.in_play && o.resource && o.controller == player)
            .map(|(id, _)| ObjectId(id as u32))
            .filter(|&o| !self.exhausted(o))
    }

    /// Cards in `player`'s hand: anonymous ones plus objects there.
    pub fn hand_size(&self, player: PlayerId) -> u32 {
        let zone = self.zone_of(player, HAND);
        let objects = self.status.iter().filter(|o| o.zone == zone).count();
        let objects = u32::try_from(objects).unwrap_or(u32::MAX);
        self.player(player)
            .map_or(0, |p| p.hand)
            .saturating_add(objects)
    }

    /// Records, once per object, that `id`'s own text (its handler) is not modelled, in the
    /// engine's one form ([`NotModelledLog`]).
    pub fn note_not_modelled(&mut self, id: ObjectId) {
        let handler = self.info.get(id.0 as usize).and_then(|i| i.card.handler);
        if let Some(handler) = handler {
            if let Some(event) = self.not_modelled.first(id, handler.name()) {
                self.record(GameEvent::NotModelled(event));
            }
        }
    }

    /// Cards in `player`'s deck: real ones and anonymous ones.
    pub fn deck_size(&self, player: PlayerId) -> u32 {
        self.player(player).map_or(0, |p| {
            u32::try_from(p.library.len())
                .unwrap_or(u32::MAX)
                .saturating_add(p.deck)
        })
    }

    /// The real cards in `player`'s hand, in id order.
    pub fn hand_cards(&self, player: PlayerId) -> Vec<ObjectId> {
        let zone = self.zone_of(player, HAND);
        self.status
            .iter()
            .enumerate()
            .filter(|(_, o)| o.zone == zone)
            .map(|(id, _)| ObjectId(id as u32))
            .collect()
    }

    /// Moves an object out of play (or within zones) to `owner`'s zone `index`; a card put
    /// into the deck goes on top.
    pub fn move_to(&mut self, id: ObjectId, index: usize) {
        let owner = self.store.get(id).map_or(PlayerId(0), |o| o.owner);
        let zone = self.zone_of(owner, index);
        for p in &mut self.players {
            p.library.retain(|&c| c != id);
        }
        if index == DECK {
            if let Some(p) = self.player_mut(owner) {
                p.library.push(id);
            }
        }
        self.place(id, zone, index == PLAY, owner);
        if index != PLAY {
            if let Some(o) = self.store.get_mut(id) {
                o.damage = 0;
                o.markers.clear();
            }
        }
        if index != PLAY {
            // 411.8a: a card that changes zones is a new card.
            self.used_powers.retain(|(card, _, _)| *card != id);
            self.bubbles.retain(|b| b.around != id);
            self.atk_changes.retain(|c| c.group.is_some() || c.to != id);
            self.granted.retain(|g| g.to != id);
            if let Some(combat) = self.combat.as_mut() {
                if combat.attacker == Some(id) {
                    combat.attacker = None;
                }
                if combat.defender == Some(id) {
                    combat.defender = None;
                }
            }
        }
    }

    /// Puts a card from play into its owner's graveyard, detaching every ability attached to
    /// it into its owner's graveyard (306.3e). `destroyed`: a destroy event (411.8d), which
    /// triggers the "when attached ... is destroyed" powers of those abilities (703.3: they
    /// look back in time, to before they left play with it).
    pub fn leave_play(&mut self, id: ObjectId, destroyed: bool) {
        let attachments = self
            .store
            .get(id)
            .map(|o| o.attachments.clone())
            .unwrap_or_default();
        if destroyed {
            for &attached in &attachments {
                self.trigger(attached, TriggerEvent::AttachedDestroyed);
            }
        }
        self.move_to(id, GRAVEYARD);
        self.record(if destroyed {
            GameEvent::Destroyed(id)
        } else {
            GameEvent::PutIntoGraveyard(id)
        });
        for attached in attachments {
            self.detach(attached);
        }
    }

    /// Destroys a card in play (411.8d): its "is destroyed" powers trigger, and an attached
    /// ability is detached from its card as it goes (306.3e).
    pub fn destroy(&mut self, id: ObjectId) {
        self.trigger(id, TriggerEvent::ThisDestroyed);
        self.unattach(id);
        self.leave_play(id, true);
    }

    /// Puts a card from play into its owner's hand (`HAND`, 300.2, 411.8a) or removed-from-game
    /// zone (`REMOVED`, 411.6a): an attached ability is
    /// detached from its card, and the abilities attached to it are detached into their owners'
    /// graveyards (306.3e); a token put there ceases to exist at the next pre-priority check
    /// (402.2, 407.6e).
    pub fn put_from_play(&mut self, id: ObjectId, zone: usize) {
        self.unattach(id);
        let attachments = self
            .store
            .get(id)
            .map(|o| o.attachments.clone())
            .unwrap_or_default();
        self.move_to(id, zone);
        self.record(if zone == HAND {
            GameEvent::PutIntoHand(id)
        } else {
            GameEvent::RemovedFromGame(id)
        });
        for attached in attachments {
            self.detach(attached);
        }
    }

    /// Takes an attached card off the card it is attached to (it stays where it is).
    fn unattach(&mut self, id: ObjectId) {
        if let Some(parent) = self.store.get(id).and_then(|o| o.attached_to) {
            if let Some(p) = self.store.get_mut(parent) {
                p.attachments.retain(|&a| a != id);
            }
        }
        if let Some(o) = self.store.get_mut(id) {
            o.attached_to = None;
        }
    }

    /// Detaches an attached ability and puts it into its owner's graveyard (not a destroy).
    pub fn detach(&mut self, id: ObjectId) {
        if let Some(parent) = self.store.get(id).and_then(|o| o.attached_to) {
            if let Some(p) = self.store.get_mut(parent) {
                p.attachments.retain(|&a| a != id);
            }
        }
        if let Some(o) = self.store.get_mut(id) {
            o.attached_to = None;
        }
        if self.in_play(id) {
            self.leave_play(id, false);
        }
    }
}
