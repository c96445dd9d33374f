//! Summoner Wars' scenario keys on the engine's generic runner
//! ([`grimoire_engine::scenario`]): what a `[[player]]`, `[[object]]`, `[[step]]` and
//! `[[expect]]` hold, turned into [`Action`]s of [`SummonerWarsRules`] and checks of the
//! state. Schema: `schemas/summoner-wars.scenario.schema.json`.

use grimoire_engine::scenario::{
    Bounded, Check, Names, ObjectEntry, PlayerEntry, Subject, Subjects,
};
use grimoire_engine::{
    Board, Ctx, DieFaces, ObjectId, PlayerId, Rules, ScenarioError, ScenarioGame, Square,
};
use schemars::JsonSchema;
use serde::Deserialize;

use super::abilities::{abilities, movement, strength};
use super::actions::{Action, SummonerWarsRules};
use super::content::{Ability, Phase};
use super::dice::attack_die;
use super::state::{grid, Game, GameEvent, Piece, Place};
use crate::catalog::Catalog;

/// The most damage or boost tokens a scenario puts on (or expects on) a card. The rules set
/// no limit; every printed life is below 10, so a card holds far fewer damage tokens before
/// it is destroyed, and boost counts are in the single digits (docs/decisions.md, "Summoner
/// Wars and Mage Knight: bounds on user numbers").
pub const MAX_TOKENS: i64 = 99;

/// The most magic a scenario gives (or expects of) a player. The magic pile is made of cards,
/// and a game has two decks of a few dozen cards each.
pub const MAX_MAGIC: i64 = 999;

/// The most cards a scenario may expect in a pile: more than a scenario file within the
/// 32 MiB input bound can list.
pub const MAX_PILE: i64 = 1_000_000;

/// The largest strength or movement an expectation may name: printed values are single
/// digits and every modifier adds at most a token count.
pub const MAX_VALUE: i64 = 999;

/// Damage or boost tokens on a card.
pub type Tokens = Bounded<u32, 0, MAX_TOKENS>;
/// Magic in a player's pool.
pub type Magic = Bounded<u32, 0, MAX_MAGIC>;
/// Cards in a pile, or dice in a roll.
pub type Count = Bounded<u32, 0, MAX_PILE>;
/// A strength or a movement in spaces (negative after decreases).
pub type Value = Bounded<i32, { -MAX_VALUE }, MAX_VALUE>;
/// A player: 1 or 2.
pub type Seat = Bounded<u8, 1, 2>;

/// A player's keys besides `id` (players are 1 and 2).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerKeys {
    /// Magic in the player's pool (0 to 999).
    #[serde(default)]
    pub magic: Magic,
    /// Given on the player whose turn it is: the phase it is in (`"Summon"`, `"Move"`,
    /// `"Build"`, `"Attack"`, `"Magic"`). Without it, player 1's Summon Phase.
    #[serde(default)]
    pub phase: Option<String>,
}

/// An object's keys besides `id`. Exactly one of `at`, `zone`, `under` and `attached_to`
/// says where it is.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectKeys {
    /// Card name (a card of the generated tables).
    pub card: String,
    /// Its controller (and owner unless `owner` is given): 1 or 2.
    pub player: Seat,
    /// Its owner, when another player controls it: 1 or 2.
    #[serde(default)]
    pub owner: Option<Seat>,
    /// The card as printed, before the FAQ's card updates and errata.
    #[serde(default)]
    pub printed: bool,
    /// A square of the battlefield (`A1` to `F8`; player 1's side is rows 1-4).
    #[serde(default)]
    pub at: Option<String>,
    /// `"hand"`, `"draw"` (draw pile, in file order from the top), `"discard"` or `"active"`
    /// (an active event in play).
    #[serde(default)]
    pub zone: Option<String>,
    /// The card (object id) it is under.
    #[serde(default)]
    pub under: Option<String>,
    /// The unit (object id) this event is attached to.
    #[serde(default)]
    pub attached_to: Option<String>,
    /// Damage tokens (0 to 99).
    #[serde(default)]
    pub damage: Tokens,
    /// Boost tokens (0 to 99).
    #[serde(default)]
    pub boost: Tokens,
    /// For a unit on the battlefield: abilities granted to it by effects the scenario does not
    /// show; for a unit in a pile (hand, draw or discard pile): the abilities the 2nd edition
    /// card it stands in for prints, kept wherever it goes. For an event or a card `under`
    /// another: the named effects it carries (an event without them carries its card's own
    /// entries).
    #[serde(default)]
    pub abilities: Vec<String>,
    /// Class tags printed on the 2nd edition card that the 1st edition data does not record
    /// (Citadel, Undead, ...).
    #[serde(default)]
    pub classes: Vec<String>,
    /// The unit (object id) whose abilities this unit has (a copying effect).
    #[serde(default)]
    pub copying: Option<String>,
}

/// A step's keys besides `dice`, `choices` and `fails_with`: exactly one of them.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepKeys {
    /// Summon a unit from hand: `{ card = "id", at = "C2" }`.
    #[serde(default)]
    pub summon: Option<Placing>,
    /// Build a structure from hand: `{ card = "id", at = "A1" }`.
    #[serde(default)]
    pub build: Option<Placing>,
    /// Move a unit: `{ unit = "id", path = ["C3", "C4"] }`.
    #[serde(default, rename = "move")]
    pub move_unit: Option<MoveStep>,
    /// Attack: `{ attacker = "id", target = "id" }`.
    #[serde(default)]
    pub attack: Option<AttackStep>,
    /// Play an event: `{ card = "id", on = "unit id" }` (`on` for events played on a unit).
    #[serde(default)]
    pub play_event: Option<EventStep>,
    /// Use an activated ability: `{ unit = "id", ability = "Raise The Dead" }`.
    #[serde(default)]
    pub activate: Option<ActivateStep>,
    /// Discard these cards (object ids) from hand for magic, one at a time.
    #[serde(default)]
    pub discard_for_magic: Option<Vec<String>>,
    /// End the current phase (after the Magic Phase, the turn).
    #[serde(default)]
    pub end_phase: Option<bool>,
    /// End phases until this phase of some turn begins (at most one full turn).
    #[serde(default)]
    pub advance_to: Option<String>,
}

/// A card from hand onto a square.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placing {
    /// Object id of the card.
    pub card: String,
    /// The square.
    pub at: String,
}

/// A move.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveStep {
    /// Object id of the unit.
    pub unit: String,
    /// The squares it steps on, in order.
    pub path: Vec<String>,
}

/// An attack.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackStep {
    /// Object id of the attacker.
    pub attacker: String,
    /// Object id of the card attacked.
    pub target: String,
}

/// An event played.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventStep {
    /// Object id of the event in hand.
    pub card: String,
    /// Object id of the unit it is played on.
    #[serde(default)]
    pub on: Option<String>,
}

/// An activated ability used.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActivateStep {
    /// Object id of the unit.
    pub unit: String,
    /// The ability's name.
    pub ability: String,
}

/// Expected values (besides `object` and `player`); only the fields given are checked.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpectKeys {
    /// Damage tokens on the object.
    #[serde(default)]
    pub damage: Option<Tokens>,
    /// Boost tokens on the object.
    #[serde(default)]
    pub boost: Option<Tokens>,
    /// Where the object is: a square, or `"hand"`, `"draw"`, `"discard"`, `"active"`,
    /// `"under"`, `"attached"`.
    #[serde(default)]
    pub at: Option<String>,
    /// Whether the object is in a discard pile.
    #[serde(default)]
    pub destroyed: Option<bool>,
    /// Its strength now.
    #[serde(default)]
    pub strength: Option<Value>,
    /// Spaces it may move now (0: it cannot move).
    #[serde(default)]
    pub movement: Option<Value>,
    /// Exactly the abilities it has now (any order; a `sum` entry once per copy).
    #[serde(default)]
    pub abilities: Option<Vec<String>>,
    /// Its class tags.
    #[serde(default)]
    pub classes: Option<Vec<String>>,
    /// Whether it is a new card since the scenario began (it left the battlefield for
    /// anywhere but the discard pile, or came back from the discard pile).
    #[serde(default)]
    pub new_card: Option<bool>,
    /// The player's magic.
    #[serde(default)]
    pub magic: Option<Magic>,
    /// Cards in the player's hand.
    #[serde(default)]
    pub hand: Option<Count>,
    /// Cards in the player's draw pile.
    #[serde(default)]
    pub draw_pile: Option<Count>,
    /// Dice the last attack rolled (not counting dice other abilities rolled).
    #[serde(default)]
    pub dice_rolled: Option<Count>,
    /// The winner (0: nobody yet).
    #[serde(default)]
    pub winner: Option<Bounded<u8, 0, 2>>,
    /// The current phase.
    #[serde(default)]
    pub phase: Option<String>,
    /// Whose turn it is.
    #[serde(default)]
    pub active_player: Option<Seat>,
}

/// Summoner Wars scenarios on the generic runner.
#[derive(Debug, Clone, Copy)]
pub struct SummonerWarsScenarios {
    /// The cards objects name (the compiled tables by default).
    pub catalog: &'static Catalog,
}

impl Default for SummonerWarsScenarios {
    fn default() -> Self {
        Self::with_catalog(Catalog::compiled())
    }
}

impl SummonerWarsScenarios {
    /// Scenarios over the cards of `catalog` (live cards read from the content on disk).
    pub fn with_catalog(catalog: &'static Catalog) -> Self {
        Self { catalog }
    }
}

fn parse_ability(name: &str) -> Result<Ability, String> {
    name.parse::<Ability>()
        .map_err(|_| format!("unknown ability {name:?}"))
}

fn parse_phase(name: &str) -> Result<Phase, String> {
    Phase::ALL
        .iter()
        .copied()
        .find(|p| p.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
            format!("unknown phase {name:?} (phases: {})", names.join(", "))
        })
}

fn parse_square(text: &str) -> Result<Square, String> {
    grid().parse_position(text).map_err(|e| e.to_string())
}

fn seat(number: Seat) -> PlayerId {
    PlayerId(number.get())
}

fn player(number: u8) -> Result<PlayerId, String> {
    match number {
        1 | 2 => Ok(PlayerId(number)),
        _ => Err(format!("players are 1 and 2, not {number}")),
    }
}

/// How an expectation writes where a card is.
fn place_name(place: Place) -> String {
    match place {
        Place::Battlefield(square) => grid().position_name(&square),
        Place::Under(_) => "under".into(),
        Place::Attached(_) => "attached".into(),
        Place::Active => "active".into(),
        Place::Hand => "hand".into(),
        Place::DrawPile => "draw".into(),
        Place::Discard => "discard".into(),
        Place::MagicPile => "magic".into(),
    }
}

fn sorted(mut list: Vec<String>) -> String {
    list.sort();
    format!("[{}]", list.join(", "))
}

impl SummonerWarsScenarios {
    fn action(&self, step: &StepKeys, names: &Names) -> Result<Vec<Action>, String> {
        let given = [
            step.summon.is_some(),
            step.build.is_some(),
            step.move_unit.is_some(),
            step.attack.is_some(),
            step.play_event.is_some(),
            step.activate.is_some(),
            step.discard_for_magic.is_some(),
            step.end_phase == Some(true),
            step.advance_to.is_some(),
        ]
        .iter()
        .filter(|g| **g)
        .count();
        if given != 1 {
            return Err(format!(
                "a step does exactly one thing (summon, build, move, attack, play_event, \
                 activate, discard_for_magic, end_phase or advance_to); this one gives {given}"
            ));
        }
        let action = if let Some(s) = &step.summon {
            Action::Summon {
                card: names.object(&s.card)?,
                at: parse_square(&s.at)?,
            }
        } else if let Some(s) = &step.build {
            Action::Build {
                card: names.object(&s.card)?,
                at: parse_square(&s.at)?,
            }
        } else if let Some(m) = &step.move_unit {
            Action::Move {
                unit: names.object(&m.unit)?,
                path: m
                    .path
                    .iter()
                    .map(|s| parse_square(s))
                    .collect::<Result<_, _>>()?,
            }
        } else if let Some(a) = &step.attack {
            Action::Attack {
                attacker: names.object(&a.attacker)?,
                target: names.object(&a.target)?,
            }
        } else if let Some(e) = &step.play_event {
            Action::PlayEvent {
                card: names.object(&e.card)?,
                on: e.on.as_deref().map(|o| names.object(o)).transpose()?,
            }
        } else if let Some(a) = &step.activate {
            Action::Activate {
                unit: names.object(&a.unit)?,
                ability: a.ability.clone(),
            }
        } else if let Some(cards) = &step.discard_for_magic {
            // Discarding several cards is discarding them one at a time.
            if cards.is_empty() {
                return Err("discard_for_magic names at least one card".into());
            }
            return cards
                .iter()
                .map(|c| {
                    Ok(Action::DiscardForMagic {
                        card: names.object(c)?,
                    })
                })
                .collect();
        } else {
            Action::EndPhase
        };
        Ok(vec![action])
    }
}

impl ScenarioGame for SummonerWarsScenarios {
    const NAME: &'static str = "summoner-wars";
    const EXPECT_FIELDS: &'static [(&'static str, Subject)] = &[
        ("damage", Subject::Object),
        ("boost", Subject::Object),
        ("at", Subject::Object),
        ("destroyed", Subject::Object),
        ("strength", Subject::Object),
        ("movement", Subject::Object),
        ("abilities", Subject::Object),
        ("classes", Subject::Object),
        ("new_card", Subject::Object),
        ("magic", Subject::Player),
        ("hand", Subject::Player),
        ("draw_pile", Subject::Player),
        ("dice_rolled", Subject::Game),
        ("winner", Subject::Game),
        ("phase", Subject::Game),
        ("active_player", Subject::Game),
    ];

    type Rules = SummonerWarsRules;
    type Handle = ObjectId;
    type Player = PlayerKeys;
    type Object = ObjectKeys;
    type Step = StepKeys;
    type Expect = ExpectKeys;

    /// The attack die of `game.toml`.
    fn dice(&self) -> Vec<DieFaces> {
        vec![attack_die()]
    }

    fn new_state(&self, players: &[&PlayerEntry<PlayerKeys>]) -> Result<Game, ScenarioError> {
        let mut game = Game::new();
        let mut turn = None;
        for entry in players {
            let id = player(entry.id.0)?;
            game.player_mut(id).magic = entry.game.magic.get();
            if let Some(phase) = &entry.game.phase {
                if turn.is_some() {
                    return Err("only the active player gives `phase`".into());
                }
                turn = Some((id, parse_phase(phase)?));
            }
        }
        if let Some((active, phase)) = turn {
            game.active = active;
            game.phase = phase;
        }
        Ok(game)
    }

    fn add_object(
        &self,
        game: &mut Game,
        object: &ObjectEntry<ObjectKeys>,
    ) -> Result<ObjectId, ScenarioError> {
        let keys = &object.game;
        let controller = seat(keys.player);
        let places = [
            keys.at.is_some(),
            keys.zone.is_some(),
            keys.under.is_some(),
            keys.attached_to.is_some(),
        ];
        if places.iter().filter(|p| **p).count() != 1 {
            return Err("give exactly one of `at`, `zone`, `under` and `attached_to`".into());
        }
        let place = match (&keys.at, keys.zone.as_deref()) {
            (Some(square), _) => {
                let square = parse_square(square)?;
                if let Some(other) = game.at(square) {
                    return Err(format!(
                        "{} is taken by {}",
                        square_text(square),
                        game.describe(other)
                    )
                    .into());
                }
                Place::Battlefield(square)
            }
            (None, Some("hand")) => Place::Hand,
            (None, Some("draw")) => Place::DrawPile,
            (None, Some("discard")) => Place::Discard,
            (None, Some("active")) => Place::Active,
            (None, Some(other)) => {
                return Err(
                    format!("unknown zone {other:?} (zones: hand, draw, discard, active)").into(),
                )
            }
            // Linked once every object exists.
            (None, None) => Place::Hand,
        };
        let card = self.catalog.find(&keys.card)?;
        let mut piece = Piece::new(card, controller, place);
        if keys.printed {
            piece.set_printed(self.catalog.printed(card.name()));
        }
        piece.pile_order = game.pieces.len() as i64;
        if let Some(owner) = keys.owner {
            piece.owner = seat(owner);
        }
        piece.damage = keys.damage.get();
        piece.boost = keys.boost.get();
        let named = keys
            .abilities
            .iter()
            .map(|a| parse_ability(a))
            .collect::<Result<Vec<_>, _>>()?;
        piece.unrecorded_classes = keys
            .classes
            .iter()
            .map(|c| {
                c.parse::<super::content::ClassTag>()
                    .map_err(|_| format!("unknown class {c:?}"))
            })
            .collect::<Result<Vec<_>, _>>()?
            .into();
        if piece.kind() == super::state::Kind::Event || keys.under.is_some() {
            // Without `abilities`, an event carries its own card's entries.
            if !named.is_empty() {
                piece.carries = named.into();
            }
        } else if piece.square().is_some() {
            piece.granted = named.into();
        } else {
            // Off the battlefield a stand-in card's abilities are the ones it prints.
            piece.stand_in = named.into();
        }
        Ok(game.add(piece))
    }

    fn link_object(
        &self,
        game: &mut Game,
        id: ObjectId,
        object: &ObjectEntry<ObjectKeys>,
        names: &Names,
    ) -> Result<(), ScenarioError> {
        let keys = &object.game;
        if let Some(host) = &keys.under {
            game.set_place(id, Place::Under(names.object(host)?))
                .map_err(|e| e.to_string())?;
        }
        if let Some(host) = &keys.attached_to {
            game.set_place(id, Place::Attached(names.object(host)?))
                .map_err(|e| e.to_string())?;
        }
        let piece = game.piece_mut(id).map_err(|e| e.to_string())?;
        if let Some(target) = &keys.copying {
            piece.copying = Some((names.object(target)?, 0));
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
        let rules = SummonerWarsRules;
        if let Some(phase) = &step.advance_to {
            if step.end_phase.is_some() {
                return Err("give `advance_to` or `end_phase`, not both".into());
            }
            let phase = parse_phase(phase)?;
            for _ in 0..=Phase::ALL.len() {
                rules
                    .apply(game, &Action::EndPhase, ctx)
                    .map_err(ScenarioError::refused)?;
                if game.phase == phase {
                    return Ok(());
                }
            }
            return Err(format!("{} did not come within a turn", phase.name()).into());
        }
        for action in self.action(step, names)? {
            rules
                .apply(game, &action, ctx)
                .map_err(ScenarioError::refused)?;
        }
        Ok(())
    }

    fn unknown_names(&self, expect: &ExpectKeys) -> Vec<(&'static str, String)> {
        let mut unknown = Vec::new();
        for name in expect.abilities.iter().flatten() {
            if parse_ability(name).is_err() {
                unknown.push(("abilities", name.clone()));
            }
        }
        for name in expect.classes.iter().flatten() {
            if name.parse::<super::content::ClassTag>().is_err() {
                unknown.push(("classes", name.clone()));
            }
        }
        if let Some(phase) = &expect.phase {
            if parse_phase(phase).is_err() {
                unknown.push(("phase", phase.clone()));
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
        if let Some(id) = subjects.object {
            let piece = game.piece(id).map_err(|e| e.to_string())?;
            if let Some(v) = expect.damage {
                checks.push(Check::new("damage", v, piece.damage));
            }
            if let Some(v) = expect.boost {
                checks.push(Check::new("boost", v, piece.boost));
            }
            if let Some(v) = &expect.at {
                checks.push(Check::new("at", v, place_name(piece.place())));
            }
            if let Some(v) = expect.destroyed {
                checks.push(Check::new("destroyed", v, piece.place() == Place::Discard));
            }
            if let Some(v) = expect.strength {
                checks.push(Check::new("strength", v, strength(game, id, &[])));
            }
            if let Some(v) = expect.movement {
                checks.push(Check::new("movement", v, movement(game, id).spaces));
            }
            if let Some(v) = &expect.abilities {
                let actual = abilities(game, id)
                    .iter()
                    .map(|a| a.meta().name.to_string())
                    .collect();
                checks.push(Check::new("abilities", sorted(v.clone()), sorted(actual)));
            }
            if let Some(v) = &expect.classes {
                let actual = piece
                    .classes()
                    .iter()
                    .map(|c| c.meta().name.to_string())
                    .collect();
                checks.push(Check::new("classes", sorted(v.clone()), sorted(actual)));
            }
            if let Some(v) = expect.new_card {
                checks.push(Check::new("new_card", v, piece.incarnation > 0));
            }
        }
        if let Some(p) = subjects.player {
            let p = player(p.0)?;
            if let Some(v) = expect.magic {
                checks.push(Check::new("magic", v, game.player(p).magic));
            }
            if let Some(v) = expect.hand {
                checks.push(Check::new("hand", v, game.pile(p, Place::Hand).len()));
            }
            if let Some(v) = expect.draw_pile {
                checks.push(Check::new(
                    "draw_pile",
                    v,
                    game.pile(p, Place::DrawPile).len(),
                ));
            }
        }
        if let Some(v) = expect.dice_rolled {
            checks.push(Check::new("dice_rolled", v, game.last_roll.len()));
        }
        if let Some(v) = expect.winner {
            checks.push(Check::new("winner", v, game.winner.map_or(0, |w| w.0)));
        }
        if let Some(v) = &expect.phase {
            checks.push(Check::new("phase", v, game.phase.name()));
        }
        if let Some(v) = expect.active_player {
            checks.push(Check::new("active_player", v, game.active.0));
        }
        Ok(checks)
    }
}

fn square_text(square: Square) -> String {
    grid().position_name(&square)
}
