//! WoW TCG's scenario keys on the engine's generic runner ([`grimoire_engine::scenario`]):
//! [`WowScenarios`] says what a `[[player]]`, `[[object]]`, `[[step]]` and `[[expect]]` of a
//! WoW TCG scenario hold, turns steps into [`Action`]s of [`WowRules`] and compares
//! expectations with the state. Choices the rules ask (replacement order, bubble order, armor,
//! protectors, targets, uniqueness, trigger order) are scripted with the step's `choices`,
//! answering with scenario object ids. See `docs/scenarios.md`.

use std::str::FromStr;

use grimoire_engine::scenario::{Check, Names, ObjectEntry, PlayerEntry, Subject, Subjects};
use grimoire_engine::{Ctx, DieFaces, ObjectId, PlayerId, Rules, ScenarioError, ScenarioGame};
use schemars::JsonSchema;
use serde::Deserialize;

use super::actions::{Action, WowRules};
use super::bounds::{
    Atk, Cards, Cost, Damage, Draw, ExpectedCount, ExpectedValue, Few, Health, PlayerNumber,
    PowerNumber, Twenty, MAX_OBJECTS, MAX_PER_OBJECT, MAX_PLAYERS, MAX_RESOURCES,
};
use super::card::{Kind, Printed};
use super::content::{DamageType, EffectOp, Keyword, TypeTag, D6_DIE, D6_DIE_NAME};
use super::operations::Operation;
use super::state::{Bubble, Game, GameEvent, Marker, Outcome, Phase, Window, PLAY, PLAYER_ZONES};
use crate::catalog::Catalog;

/// Parses a name of a generated enum, or says what is not one.
fn parse<T: FromStr>(what: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse::<T>()
        .map_err(|_| format!("unknown {what} {text:?}"))
}

/// A player's keys besides `id`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerKeys {
    /// Cards in the deck (anonymous).
    #[serde(default)]
    pub deck: Cards,
    /// Anonymous cards in hand (cards the scenario plays are `[[object]]`s in `hand`).
    #[serde(default)]
    pub hand: Cards,
    /// Ready face-down resources in play.
    #[serde(default)]
    pub resources: Cards,
    /// Exhausted face-down resources in play.
    #[serde(default)]
    pub exhausted_resources: Cards,
    /// This player is the turn player (default: the first `[[player]]`).
    #[serde(default)]
    pub turn: bool,
    /// No turn has started yet: the first `start_turn` is the game's first turn (501.2b).
    #[serde(default)]
    pub game_start: bool,
}

/// A prevention bubble already around a character at the start.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BubbleSpec {
    /// Damage it prevents (0: all).
    pub amount: Twenty,
    /// Only combat damage.
    #[serde(default)]
    pub combat_only: bool,
    /// Prevents damage the character deals instead of damage dealt to it.
    #[serde(default)]
    pub dealt_by: bool,
}

/// An object's keys besides `id` (the name steps, choices and expectations use). Either a
/// real `card`, or a simple object the scenario defines with `name` and `kind`; the number
/// keys override the card's.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectKeys {
    /// A card of the generated tables, by name.
    #[serde(default)]
    pub card: Option<String>,
    /// The name of a scenario-defined object.
    #[serde(default)]
    pub name: Option<String>,
    /// The type of a scenario-defined object: hero, ally, weapon, armor, item, ability,
    /// quest, resource.
    #[serde(default)]
    pub kind: Option<String>,
    /// Owner and controller.
    pub player: PlayerNumber,
    /// The owner's zone: deck, hand, play (default), graveyard, removed. Cards in the deck are
    /// real cards over its anonymous ones (`deck = N`); each later entry goes on top.
    #[serde(default)]
    pub zone: Option<String>,
    /// ATK.
    #[serde(default)]
    pub atk: Option<Atk>,
    /// Health.
    #[serde(default)]
    pub health: Option<Health>,
    /// Armor DEF.
    #[serde(default)]
    pub defense: Option<Twenty>,
    /// Resource cost.
    #[serde(default)]
    pub cost: Option<Cost>,
    /// Weapon strike cost.
    #[serde(default)]
    pub strike_cost: Option<Twenty>,
    /// Damage type of its ATK.
    #[serde(default)]
    pub damage_type: Option<DamageType>,
    /// Keywords (codex names) on top of the card's.
    #[serde(default)]
    pub keywords: Few<Keyword, MAX_PER_OBJECT>,
    /// Type-line tags (codex text, `"Trinket (2)"`) on top of the card's.
    #[serde(default)]
    pub tags: Few<TypeTag, MAX_PER_OBJECT>,
    /// Effect operations of the object (the card's powers, in the codex vocabulary).
    #[serde(default)]
    pub effects: Few<EffectOp, MAX_PER_OBJECT>,
    /// A token (402.2).
    #[serde(default)]
    pub token: bool,
    /// Damage on it.
    #[serde(default)]
    pub damage: Damage,
    /// Exhausted.
    #[serde(default)]
    pub exhausted: bool,
    /// Joined its controller's party this turn (302.2).
    #[serde(default)]
    pub arrived: bool,
    /// Does not ready during its controller's next ready step.
    #[serde(default)]
    pub stays_exhausted: bool,
    /// The object (id) it is attached to.
    #[serde(default)]
    pub attached_to: Option<String>,
    /// Prevention bubbles around it.
    #[serde(default)]
    pub bubbles: Few<BubbleSpec, MAX_PER_OBJECT>,
}

/// `propose = { attacker = "a", defender = "b" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProposeStep {
    /// Proposed attacker (object id).
    pub attacker: String,
    /// Proposed defender (object id).
    pub defender: String,
}

/// `deal = { source = "hero", to = ["a"], amount = 2, damage_type = "Fire" }`: a resolving
/// modifier controlled by the source's controller deals damage, one packet per destination.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DealStep {
    /// Source character.
    pub source: String,
    /// Destinations.
    pub to: Few<String, MAX_OBJECTS>,
    /// Amount.
    pub amount: Damage,
    /// Damage type; absent: typeless.
    #[serde(default)]
    pub damage_type: Option<DamageType>,
    /// Counts as combat damage.
    #[serde(default)]
    pub combat: bool,
}

/// `heal = { source = "hero", to = "a", amount = 4 }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HealStep {
    /// Source character.
    pub source: String,
    /// Destination.
    pub to: String,
    /// Amount.
    pub amount: Damage,
}

/// `put_damage = { to = "a", amount = 2 }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PutStep {
    /// The character.
    pub to: String,
    /// Amount.
    pub amount: Damage,
}

/// `draw = { player = 1, count = 1 }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawStep {
    /// The player.
    pub player: PlayerNumber,
    /// Cards (default 1).
    #[serde(default)]
    pub count: Option<Draw>,
}

/// A step's keys besides `dice`, `choices` and `fails_with`: exactly one of them.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepKeys {
    /// This player passes priority.
    #[serde(default)]
    pub pass: Option<PlayerNumber>,
    /// Every player passes once in succession, starting with the priority holder.
    #[serde(default)]
    pub all_pass: bool,
    /// Play this card (object id) from its owner's hand.
    #[serde(default)]
    pub play: Option<String>,
    /// Place this card (object id) from its owner's hand as a resource, face down.
    #[serde(default)]
    pub place_resource: Option<String>,
    /// Place this quest (object id) from its owner's hand as a resource, face up.
    #[serde(default)]
    pub place_quest_face_up: Option<String>,
    /// Use a payment power of this card (object id); its first one unless `power` says.
    #[serde(default, rename = "use")]
    pub use_power: Option<String>,
    /// Which payment power `use` uses, from 1.
    #[serde(default)]
    pub power: Option<PowerNumber>,
    /// Propose a combat.
    #[serde(default)]
    pub propose: Option<ProposeStep>,
    /// Strike with this weapon (object id).
    #[serde(default)]
    pub strike: Option<String>,
    /// A modifier deals damage.
    #[serde(default)]
    pub deal: Option<DealStep>,
    /// A modifier heals damage.
    #[serde(default)]
    pub heal: Option<HealStep>,
    /// Damage is put on a character.
    #[serde(default)]
    pub put_damage: Option<PutStep>,
    /// A player draws.
    #[serde(default)]
    pub draw: Option<DrawStep>,
    /// The game starts: heroes ready, opening hands drawn (101.1).
    #[serde(default)]
    pub start_game: bool,
    /// This player's turn starts.
    #[serde(default)]
    pub start_turn: Option<PlayerNumber>,
    /// The turn ends (wrap-up step).
    #[serde(default)]
    pub end_turn: bool,
}

/// Expected values (besides `object` and `player`); only the fields given are checked.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpectKeys {
    /// Damage on the object.
    #[serde(default)]
    pub damage: Option<ExpectedCount>,
    /// Whether it is out of play (destroyed or otherwise left).
    #[serde(default)]
    pub destroyed: Option<bool>,
    /// Its zone: deck, hand, play, graveyard, removed or chain.
    #[serde(default)]
    pub zone: Option<String>,
    /// Whether it still exists (false for a token that ceased to exist, 407.6e).
    #[serde(default)]
    pub exists: Option<bool>,
    /// Exhausted.
    #[serde(default)]
    pub exhausted: Option<bool>,
    /// Current ATK.
    #[serde(default)]
    pub atk: Option<ExpectedValue>,
    /// Current health.
    #[serde(default)]
    pub health: Option<ExpectedValue>,
    /// It is the attacker.
    #[serde(default)]
    pub attacking: Option<bool>,
    /// It is the (proposed) defender.
    #[serde(default)]
    pub defending: Option<bool>,
    /// Keywords it must have.
    #[serde(default)]
    pub keywords: Option<Vec<String>>,
    /// Keywords it must not have.
    #[serde(default)]
    pub lacks_keywords: Option<Vec<String>>,
    /// The player has lost.
    #[serde(default)]
    pub lost: Option<bool>,
    /// Cards in the player's hand.
    #[serde(default)]
    pub hand: Option<ExpectedCount>,
    /// Cards in the player's deck.
    #[serde(default)]
    pub deck: Option<ExpectedCount>,
    /// The player's ready resources.
    #[serde(default)]
    pub ready_resources: Option<ExpectedCount>,
    /// The player has priority.
    #[serde(default)]
    pub priority: Option<bool>,
    /// `"undecided"`, `"draw"` or `"player N wins"`.
    #[serde(default)]
    pub outcome: Option<String>,
    /// The chain's links, bottom first (`"Fire Blast"`, `"proposal a -> b"`, `"strike w"`,
    /// `"trigger x"`).
    #[serde(default)]
    pub chain: Option<Vec<String>>,
    /// Every packet that dealt or healed damage in the last step, in order
    /// (`"hero -> bear: 4 fire"`, `"... combat"`, `"... with sword"`).
    #[serde(default)]
    pub packets: Option<Vec<String>>,
    /// `"none"`, `"attack window"` or `"defend window"`.
    #[serde(default)]
    pub combat: Option<String>,
    /// `"start"`, `"action"` or `"end"`.
    #[serde(default)]
    pub phase: Option<String>,
    /// The turn player.
    #[serde(default)]
    pub turn_player: Option<PlayerNumber>,
}

/// WoW TCG's side of the generic scenario runner.
#[derive(Debug, Clone, Copy)]
pub struct WowScenarios {
    /// The rules the steps are applied with.
    pub rules: WowRules,
    /// The cards objects name (the compiled tables by default).
    pub catalog: &'static Catalog,
}

impl Default for WowScenarios {
    fn default() -> Self {
        Self::with_catalog(Catalog::compiled())
    }
}

impl WowScenarios {
    /// Scenarios over the cards of `catalog` (live cards read from the content on disk).
    pub fn with_catalog(catalog: &'static Catalog) -> Self {
        Self {
            rules: WowRules,
            catalog,
        }
    }
}

/// The card an object entry describes, a real card of `catalog` or a scenario-defined one.
fn printed(catalog: &Catalog, keys: &ObjectKeys) -> Result<Printed, String> {
    let mut card = match (&keys.card, &keys.name, &keys.kind) {
        (Some(name), None, None) => Printed::of(catalog.get(name).ok_or_else(|| {
            catalog.needs_rebuild(name).unwrap_or_else(|| {
                format!(
                    "unknown card {:?}{}",
                    crate::deck::shortened(name),
                    grimoire_engine::suggest::did_you_mean(name, catalog.names())
                )
            })
        })?),
        (None, Some(name), Some(kind)) => Printed::blank(
            name,
            Kind::parse(kind).ok_or_else(|| {
                format!(
                    "unknown kind {kind:?}: expected hero, ally, weapon, armor, item, ability, \
                     quest or resource"
                )
            })?,
        ),
        _ => {
            return Err(
                "give either `card` (a real card) or both `name` and `kind` \
                        (a scenario-defined object)"
                    .into(),
            )
        }
    };
    if let Some(v) = keys.atk {
        card.atk = v.get();
    }
    if let Some(v) = keys.health {
        card.health = v.get();
    }
    if let Some(v) = keys.defense {
        card.defense = v.get();
    }
    if let Some(v) = keys.cost {
        card.cost = v.get();
    }
    if let Some(v) = keys.strike_cost {
        card.strike_cost = v.get();
    }
    if let Some(damage_type) = keys.damage_type {
        card.damage_type = Some(damage_type);
    }
    card.keywords.extend(keys.keywords.items().iter().copied());
    card.tags.extend(keys.tags.items().iter().copied());
    // An object's `effects` replace what its card's typed abilities lowered to, so that a
    // scenario states exactly the operations it plays.
    if !keys.effects.items().is_empty() {
        card.without_ability_ops();
    }
    for op in &keys.effects {
        card.effects.push(*op);
        card.effect_targets.push(Vec::new());
    }
    card.token = keys.token;
    Ok(card)
}

/// What one scenario step does: a player's action, or an operation the scenario drives.
enum Step {
    Act(Action),
    Op(Operation),
}

impl WowScenarios {
    fn actions(&self, game: &Game, step: &StepKeys, names: &Names) -> Result<Vec<Step>, String> {
        let obj = |id: &str| names.object(id);
        let mut actions = Vec::new();
        if let Some(p) = step.pass {
            actions.push(Step::Act(Action::Pass(PlayerId(p.get()))));
        }
        if step.all_pass {
            let mut player = game.priority;
            for _ in game.players_from_turn() {
                actions.push(Step::Act(Action::Pass(player)));
                player = game.next_player(player);
            }
        }
        if let Some(card) = &step.play {
            let card = obj(card)?;
            actions.push(Step::Act(Action::Play {
                player: game.controller(card),
                card,
            }));
        }
        for (card, face_up) in [
            (&step.place_resource, false),
            (&step.place_quest_face_up, true),
        ] {
            if let Some(card) = card {
                let card = obj(card)?;
                actions.push(Step::Act(Action::PlaceResource {
                    player: game.controller(card),
                    card,
                    face_up,
                }));
            }
        }
        if let Some(card) = &step.use_power {
            let card = obj(card)?;
            actions.push(Step::Act(Action::UsePower {
                player: game.controller(card),
                card,
                power: step.power.map_or(0, |n| n.get() - 1),
            }));
        } else if step.power.is_some() {
            return Err("`power` goes with `use`".into());
        }
        if let Some(p) = &step.propose {
            actions.push(Step::Act(Action::Propose {
                attacker: obj(&p.attacker)?,
                defender: obj(&p.defender)?,
            }));
        }
        if let Some(w) = &step.strike {
            let weapon = obj(w)?;
            actions.push(Step::Act(Action::Strike {
                player: game.controller(weapon),
                weapon,
            }));
        }
        if let Some(d) = &step.deal {
            let source = obj(&d.source)?;
            actions.push(Step::Op(Operation::Deal {
                controller: game.controller(source),
                source,
                to: d
                    .to
                    .items()
                    .iter()
                    .map(|t| obj(t))
                    .collect::<Result<_, _>>()?,
                amount: d.amount.get(),
                damage_type: d.damage_type,
                combat: d.combat,
            }));
        }
        if let Some(h) = &step.heal {
            let source = obj(&h.source)?;
            actions.push(Step::Op(Operation::Heal {
                controller: game.controller(source),
                source,
                to: obj(&h.to)?,
                amount: h.amount.get(),
            }));
        }
        if let Some(p) = &step.put_damage {
            actions.push(Step::Op(Operation::PutDamage {
                to: obj(&p.to)?,
                amount: p.amount.get(),
            }));
        }
        if let Some(d) = &step.draw {
            actions.push(Step::Op(Operation::Draw {
                player: PlayerId(d.player.get()),
                count: d.count.map_or(1, Draw::get),
            }));
        }
        if step.start_game {
            actions.push(Step::Op(Operation::StartGame));
        }
        if let Some(p) = step.start_turn {
            actions.push(Step::Op(Operation::StartTurn(PlayerId(p.get()))));
        }
        if step.end_turn {
            actions.push(Step::Op(Operation::EndTurn));
        }
        let distinct = [
            step.pass.is_some(),
            step.all_pass,
            step.play.is_some(),
            step.place_resource.is_some(),
            step.place_quest_face_up.is_some(),
            step.use_power.is_some(),
            step.propose.is_some(),
            step.strike.is_some(),
            step.deal.is_some(),
            step.heal.is_some(),
            step.put_damage.is_some(),
            step.draw.is_some(),
            step.start_game,
            step.start_turn.is_some(),
            step.end_turn,
        ]
        .iter()
        .filter(|b| **b)
        .count();
        match distinct {
            0 => Err(
                "this step does nothing: give one of pass, all_pass, play, place_resource, \
                      place_quest_face_up, use, propose, strike, deal, heal, put_damage, draw, start_game, start_turn or end_turn"
                    .into(),
            ),
            1 => Ok(actions),
            _ => Err("give one action per step".into()),
        }
    }
}

impl ScenarioGame for WowScenarios {
    const NAME: &'static str = "wow-tcg";
    const EXPECT_FIELDS: &'static [(&'static str, Subject)] = &[
        ("damage", Subject::Object),
        ("destroyed", Subject::Object),
        ("zone", Subject::Object),
        ("exists", Subject::Object),
        ("exhausted", Subject::Object),
        ("atk", Subject::Object),
        ("health", Subject::Object),
        ("attacking", Subject::Object),
        ("defending", Subject::Object),
        ("keywords", Subject::Object),
        ("lacks_keywords", Subject::Object),
        ("lost", Subject::Player),
        ("hand", Subject::Player),
        ("deck", Subject::Player),
        ("ready_resources", Subject::Player),
        ("priority", Subject::Player),
        ("outcome", Subject::Game),
        ("chain", Subject::Game),
        ("packets", Subject::Game),
        ("combat", Subject::Game),
        ("phase", Subject::Game),
        ("turn_player", Subject::Game),
    ];

    type Rules = WowRules;
    type Handle = ObjectId;
    type Player = PlayerKeys;
    type Object = ObjectKeys;
    type Step = StepKeys;
    type Expect = ExpectKeys;

    /// The d6 of `game.toml` (glossary, Dice), from the generated die table.
    fn dice(&self) -> Vec<DieFaces> {
        vec![DieFaces::from_table(D6_DIE_NAME, &D6_DIE, |f| f.label)]
    }

    fn new_state(&self, players: &[&PlayerEntry<PlayerKeys>]) -> Result<Game, ScenarioError> {
        if players.len() < 2 {
            return Err("a WoW TCG scenario needs at least two [[player]]s".into());
        }
        if players.len() > MAX_PLAYERS {
            return Err(format!(
                "{} [[player]]s: a WoW TCG scenario seats at most {MAX_PLAYERS}",
                players.len()
            )
            .into());
        }
        let resources = players.iter().fold(0u32, |sum, p| {
            sum.saturating_add(p.game.resources.get())
                .saturating_add(p.game.exhausted_resources.get())
        });
        if resources > MAX_RESOURCES {
            return Err(format!(
                "{resources} resources in all: the players of a scenario start with at most {MAX_RESOURCES}"
            ).into());
        }
        let ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
        let mut game = Game::new(&ids);
        for p in players {
            if let Some(state) = game.player_mut(p.id) {
                state.deck = p.game.deck.get();
                state.hand = p.game.hand.get();
            }
            let ready = p.game.resources.get();
            for n in 0..ready + p.game.exhausted_resources.get() {
                let r = game.add_object(Printed::blank("resource", Kind::Resource), p.id, PLAY);
                game.set_exhausted(r, n >= ready);
            }
            if p.game.turn {
                game.turn_player = p.id;
                game.priority = p.id;
            }
            if p.game.game_start {
                game.turns_started = 0;
                game.turn = 0;
                game.phase = Phase::Start;
            }
        }
        Ok(game)
    }

    fn add_object(
        &self,
        game: &mut Game,
        object: &ObjectEntry<ObjectKeys>,
    ) -> Result<ObjectId, ScenarioError> {
        let keys = &object.game;
        let objects = game
            .info
            .iter()
            .filter(|info| info.label.as_ref() != "resource")
            .count();
        if objects >= MAX_OBJECTS {
            return Err(format!("a scenario has at most {MAX_OBJECTS} [[object]]s").into());
        }
        let player = PlayerId(keys.player.get());
        if game.player(player).is_none() {
            return Err(format!("no [[player]] with id {}", player.0).into());
        }
        let zone_name = keys.zone.as_deref().unwrap_or("play");
        let zone = PLAYER_ZONES
            .iter()
            .position(|z| *z == zone_name)
            .ok_or_else(|| {
                format!(
                    "unknown zone {zone_name:?}: expected one of {}",
                    PLAYER_ZONES.join(", ")
                )
            })?;
        let card = printed(self.catalog, keys)?;
        let id = game.add_object(card, player, zone);
        game.info_mut(id).label = object.id.as_str().into();
        let joined = if keys.arrived { game.turn } else { 0 };
        game.status[id.0 as usize].joined_turn = joined;
        if let Some(o) = game.store.get_mut(id) {
            o.damage = keys.damage.get();
            o.set_markers(&Marker::Exhausted, u32::from(keys.exhausted));
            o.set_markers(&Marker::StaysExhausted, u32::from(keys.stays_exhausted));
        }
        for b in &keys.bubbles {
            game.bubbles.push(Bubble {
                around: id,
                remaining: (b.amount.get() > 0).then_some(b.amount.get()),
                combat_only: b.combat_only,
                dealt_by: b.dealt_by,
                source: id,
            });
        }
        Ok(id)
    }

    fn link_object(
        &self,
        game: &mut Game,
        id: ObjectId,
        object: &ObjectEntry<ObjectKeys>,
        names: &Names,
    ) -> Result<(), ScenarioError> {
        if let Some(parent) = &object.game.attached_to {
            let parent = names.object(parent)?;
            if parent == id {
                return Err("a card cannot be attached to itself".into());
            }
            game.store.attach(id, parent);
        }
        Ok(())
    }

    fn run_step(
        &self,
        game: &mut Game,
        step: &StepKeys,
        names: &Names,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), ScenarioError> {
        for action in self.actions(game, step, names)? {
            match action {
                Step::Act(action) => self.rules.apply(game, &action, ctx),
                Step::Op(operation) => self.rules.operate(game, &operation, ctx),
            }
            .map_err(ScenarioError::refused)?;
        }
        Ok(())
    }

    fn unknown_names(&self, expect: &ExpectKeys) -> Vec<(&'static str, String)> {
        let mut unknown = Vec::new();
        for (key, names) in [
            ("keywords", &expect.keywords),
            ("lacks_keywords", &expect.lacks_keywords),
        ] {
            for name in names.iter().flatten() {
                if name.parse::<Keyword>().is_err() {
                    unknown.push((key, name.clone()));
                }
            }
        }
        if let Some(zone) = &expect.zone {
            if zone != "chain" && !PLAYER_ZONES.contains(&zone.as_str()) {
                unknown.push(("zone", zone.clone()));
            }
        }
        unknown
    }

    fn check(
        &self,
        game: &Game,
        expect: &ExpectKeys,
        subjects: Subjects,
        _names: &Names,
    ) -> Result<Vec<Check>, ScenarioError> {
        let mut checks = Vec::new();
        if let Some(e) = &expect.outcome {
            let actual = match game.outcome {
                None => "undecided".to_string(),
                Some(Outcome::Draw) => "draw".to_string(),
                Some(Outcome::Won(p)) => format!("player {} wins", p.0),
            };
            checks.push(Check::new("outcome", e, actual));
        }
        if let Some(e) = &expect.chain {
            let actual: Vec<String> = game
                .chain
                .iter()
                .map(|l| super::chain::describe(game, l))
                .collect();
            checks.push(Check::new("chain", format!("{e:?}"), format!("{actual:?}")));
        }
        if let Some(e) = &expect.packets {
            checks.push(Check::new(
                "packets",
                format!("{e:?}"),
                format!(
                    "{:?}",
                    game.last_packets
                        .iter()
                        .map(|p| p.describe(game))
                        .collect::<Vec<_>>()
                ),
            ));
        }
        if let Some(e) = &expect.combat {
            let actual = match game.combat.as_ref().map(|c| c.window) {
                None => "none",
                Some(Window::Attack) => "attack window",
                Some(Window::Defend) => "defend window",
            };
            checks.push(Check::new("combat", e, actual));
        }
        if let Some(e) = &expect.phase {
            let actual = match game.phase {
                Phase::Start => "start",
                Phase::Action => "action",
                Phase::End => "end",
            };
            checks.push(Check::new("phase", e, actual));
        }
        if let Some(e) = expect.turn_player {
            checks.push(Check::new("turn_player", e.get(), game.turn_player.0));
        }
        if let Some(player) = subjects.player {
            let state = game
                .player(player)
                .ok_or_else(|| format!("no player {}", player.0))?;
            if let Some(e) = expect.lost {
                checks.push(Check::new("lost", e, state.lost));
            }
            if let Some(e) = expect.hand {
                checks.push(Check::new("hand", e.get(), game.hand_size(player)));
            }
            if let Some(e) = expect.deck {
                checks.push(Check::new("deck", e.get(), game.deck_size(player)));
            }
            if let Some(e) = expect.ready_resources {
                checks.push(Check::new(
                    "ready_resources",
                    e.get(),
                    game.ready_resources(player).len(),
                ));
            }
            if let Some(e) = expect.priority {
                checks.push(Check::new("priority", e, game.priority == player));
            }
        }
        let Some(id) = subjects.object else {
            return Ok(checks);
        };
        let object = game.store.get(id).ok_or("no such object")?;
        if let Some(e) = expect.damage {
            checks.push(Check::new("damage", e.get(), object.damage));
        }
        if let Some(e) = expect.destroyed {
            checks.push(Check::new("destroyed", e, !object.in_play));
        }
        if let Some(e) = &expect.zone {
            let actual = if object.zone == game.chain_zone() {
                "chain".to_string()
            } else {
                game.zones
                    .zone_name(&game.card_zone(object.zone))
                    .to_string()
            };
            checks.push(Check::new("zone", e, actual));
        }
        if let Some(e) = expect.exists {
            checks.push(Check::new("exists", e, !game.status[id.0 as usize].ceased));
        }
        if let Some(e) = expect.exhausted {
            checks.push(Check::new("exhausted", e, game.exhausted(id)));
        }
        if let Some(e) = expect.atk {
            checks.push(Check::new("atk", e.get(), game.atk(id)));
        }
        if let Some(e) = expect.health {
            checks.push(Check::new("health", e.get(), game.health(id)));
        }
        if let Some(e) = expect.attacking {
            checks.push(Check::new("attacking", e, game.attacking(id)));
        }
        if let Some(e) = expect.defending {
            checks.push(Check::new("defending", e, game.defending(id)));
        }
        for name in expect.keywords.iter().flatten() {
            let k = parse::<Keyword>("keyword", name)?;
            let has = game.has_keyword(id, k);
            checks.push(Check::new(
                "keywords",
                format!("has {name}"),
                if has {
                    format!("has {name}")
                } else {
                    format!("lacks {name}")
                },
            ));
        }
        for name in expect.lacks_keywords.iter().flatten() {
            let k = parse::<Keyword>("keyword", name)?;
            let has = game.has_keyword(id, k);
            checks.push(Check::new(
                "lacks_keywords",
                format!("lacks {name}"),
                if has {
                    format!("has {name}")
                } else {
                    format!("lacks {name}")
                },
            ));
        }
        Ok(checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_engine::scenario::undeclared_expect_fields;

    #[test]
    fn every_expectation_key_has_a_subject() {
        assert!(undeclared_expect_fields::<WowScenarios>().is_empty());
    }

    /// The failures of a scenario with one object of card `card`.
    fn with_card(card: &str) -> Vec<String> {
        let text = format!(
            "game = \"wow-tcg\"\nname = \"n\"\nsource = \"100.1\"\n[[player]]\nid = 1\n[[player]]\nid = 2\n\
             [[object]]\nid = \"a\"\ncard = \"{card}\"\nplayer = 1\n[[expect]]\nobject = \"a\"\ndamage = 0\n"
        );
        grimoire_engine::run_scenario(&WowScenarios::default(), &text)
            .failures
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn unknown_cards_get_a_bounded_did_you_mean() {
        assert_eq!(
            with_card("Gorebely"),
            ["8:1: object \"a\": unknown card \"Gorebely\" (did you mean \"Gorebelly\"?)"]
        );
        let started = std::time::Instant::now();
        let failures = with_card(&"a".repeat(1_000_000));
        assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
        assert_eq!(failures.len(), 1);
        assert!(failures[0].len() < 200, "the name is shortened");
    }
}
