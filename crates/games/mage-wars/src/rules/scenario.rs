//! Mage Wars' scenario keys on the engine's generic runner ([`grimoire_engine::scenario`]):
//! [`MageWarsScenarios`] says what a `[[player]]`, `[[object]]`, `[[step]]` and `[[expect]]`
//! of a Mage Wars scenario hold, turns steps into [`Action`]s of [`MageWarsRules`] and
//! compares expectations with the state. See `docs/scenarios.md` for the format.

use std::collections::BTreeMap;

use grimoire_engine::scenario::{Check, Names, ObjectEntry, PlayerEntry, Subject, Subjects};
use grimoire_engine::{
    Board, Ctx, DieFaces, ObjectId, PlayerId, Rules, ScenarioError, ScenarioGame, TraitEffectKind,
    TraitKind,
};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::actions::{Action, BarSource, MageWarsRules};
use super::attack::AttackTarget;
use super::card::Printed;
use super::catalog::Catalog;
use super::content::{AttackBar, Condition, Trait};
use super::dice::{attack_die, effect_die, EFFECT};
use super::limits::{
    check_markers, AtMost, MAX_DAMAGE, MAX_MANA, MAX_OBJECTS, MAX_STACKED_MARKERS, MAX_TOKENS,
    MAX_TRAITS,
};
use super::profile::AttackProfile;
use super::state::{Game, GameEvent, Marker};
use super::walls::Border;

/// Reads a trait as cards write it (`"Armor +2"`), or says which text is not one.
fn parse_trait(text: &str) -> Result<Trait, String> {
    text.trim()
        .parse::<Trait>()
        .map_err(|_| format!("unknown trait {text:?}"))
}

/// Reads a condition name, or says which name is not one.
fn parse_condition(text: &str) -> Result<Condition, String> {
    text.trim()
        .parse::<Condition>()
        .map_err(|_| format!("unknown condition {text:?}"))
}

/// Any count an expectation may compare: the whole range of the engine's counters.
pub type Count = AtMost<{ u32::MAX as i64 }>;

/// An object's condition markers, `{ Corrode = 2 }`: each name a condition of the codex, each
/// count within what the codex lets the condition stack to
/// ([`marker_limit`](super::limits::marker_limit)); a wrong name or count is refused where it
/// is written.
#[derive(Debug, Clone, Default)]
pub struct Conditions(pub Vec<(Condition, u32)>);

impl<'de> Deserialize<'de> for Conditions {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ConditionsVisitor)
    }
}

/// Reads [`Conditions`] key by key, so each error is at its key or value.
struct ConditionsVisitor;

impl<'de> Visitor<'de> for ConditionsVisitor {
    type Value = Conditions;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a table of condition names and marker counts")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Conditions, A::Error> {
        let mut conditions = Vec::new();
        while let Some(condition) = map.next_key_seed(ConditionName)? {
            let count = map.next_value_seed(MarkerCount(condition))?;
            conditions.push((condition, count));
        }
        Ok(Conditions(conditions))
    }
}

/// A condition name as a key of `conditions`.
struct ConditionName;

impl<'de> DeserializeSeed<'de> for ConditionName {
    type Value = Condition;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Condition, D::Error> {
        let name = String::deserialize(deserializer)?;
        parse_condition(&name).map_err(de::Error::custom)
    }
}

/// The marker count of one condition, within
/// [`marker_limit`](super::limits::marker_limit).
struct MarkerCount(Condition);

impl<'de> DeserializeSeed<'de> for MarkerCount {
    type Value = u32;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<u32, D::Error> {
        let count = Count::deserialize(deserializer)?.get();
        check_markers(self.0, count).map_err(de::Error::custom)
    }
}

/// Written back as the table it was read from (for the schema's `default`).
impl Serialize for Conditions {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(c, n)| (c.name(), n)))
    }
}

impl JsonSchema for Conditions {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Conditions".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        <BTreeMap<String, AtMost<{ MAX_STACKED_MARKERS as i64 }>>>::json_schema(generator)
    }
}

/// Refuses a list of more than [`MAX_TRAITS`] traits: each trait recomputes the object's
/// traits, so an endless list would be quadratic work.
fn check_trait_count(key: &str, traits: &[String]) -> Result<(), String> {
    if traits.len() > MAX_TRAITS {
        return Err(format!(
            "`{key}` names {} traits; a list holds at most {MAX_TRAITS}",
            traits.len()
        ));
    }
    Ok(())
}

/// A player's keys besides `id`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerKeys {
    /// Starting mana.
    #[serde(default)]
    pub mana: AtMost<{ MAX_MANA as i64 }>,
}

/// An object's keys besides `id` (the name steps and expectations use).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectKeys {
    /// Card name (a card of the generated tables).
    pub card: String,
    /// Controlling player.
    pub player: AtMost<{ u8::MAX as i64 }>,
    /// Arena zone, columns A-D and rows 1-3 (e.g. `B2`); a wall's zone border, the two zones
    /// it separates (e.g. `B1|C1`).
    pub zone: String,
    /// Damage already marked.
    #[serde(default)]
    pub damage: AtMost<{ MAX_DAMAGE as i64 }>,
    /// Condition markers, by name: at most 1 of one that does not stack, 99 of one that does.
    #[serde(default)]
    pub conditions: Conditions,
    /// Traits granted on top of the card's (e.g. `"Lightning +2"`).
    #[serde(default)]
    pub traits: Vec<String>,
    /// Traits the object loses.
    #[serde(default)]
    pub removed_traits: Vec<String>,
    /// Object (by id) this one is attached to (enchantments and equipment).
    #[serde(default)]
    pub attached_to: Option<String>,
    /// Rage tokens.
    #[serde(default)]
    pub rage: AtMost<{ MAX_TOKENS as i64 }>,
    /// Has a Guard marker.
    #[serde(default)]
    pub guard: bool,
    /// Has a Taunt marker placed by this object (id): the creature it must melee attack.
    #[serde(default)]
    pub taunted_by: Option<String>,
}

/// A step's keys besides `dice`, `choices` and `fails_with`. A step holds at least one of
/// them; several run in this order: attack, phase, cast, reveal, change_traits, attach, activate,
/// move, end_action.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepKeys {
    /// An attack action.
    #[serde(default)]
    pub attack: Option<AttackStep>,
    /// A phase.
    #[serde(default)]
    pub phase: Option<Phase>,
    /// A creature is activated (object id).
    #[serde(default)]
    pub activate: Option<String>,
    /// A creature's Action Phase ends (object id).
    #[serde(default)]
    pub end_action: Option<String>,
    /// A creature moves to an adjacent zone, meeting the walls on the border it crosses.
    #[serde(default, rename = "move")]
    pub r#move: Option<MoveStep>,
    /// An incantation resolves: its caster casts it on an object or in a zone.
    #[serde(default)]
    pub cast: Option<CastStep>,
    /// An enchantment attached face up (object id) is revealed: its reveal abilities act.
    #[serde(default)]
    pub reveal: Option<String>,
    /// Trait changes on an object during play.
    #[serde(default)]
    pub change_traits: Option<TraitChange>,
    /// An enchantment or equipment is attached to an object (or moved to it): its grants and
    /// removals start there, with the latest timestamp, and end on its previous object.
    #[serde(default)]
    pub attach: Option<AttachStep>,
}

/// A phase a step runs.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Upkeep: conditions' upkeep damage, Regenerate, Upkeep +X, Rage clean-up, Defense uses.
    Upkeep,
    /// Channeling: each controller gains its objects' Channeling in mana.
    Channeling,
    /// The end of the round: what lasts one round ends.
    #[serde(rename = "end_of_round")]
    EndOfRound,
}

/// `cast = { card = "Ignite", caster = "mage", target = "wolf" }` (or `zone = "B2"`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CastStep {
    /// The incantation (a card of the tables).
    pub card: String,
    /// The Mage casting it (object id).
    pub caster: String,
    /// The object it targets (object id).
    #[serde(default)]
    pub target: Option<String>,
    /// The zone it targets, for a spell that targets a zone; without it and a target, the
    /// caster's zone.
    #[serde(default)]
    pub zone: Option<String>,
}

/// `move = { creature = "wolf", to = "C1" }`: the move's wall step (supplement: Move Action,
/// step 4) and the move itself.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveStep {
    /// The moving creature (object id).
    pub creature: String,
    /// The adjacent zone it moves to.
    pub to: String,
}

/// `attach = { object = "wings", to = "wolf" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttachStep {
    /// The enchantment or equipment (object id).
    pub object: String,
    /// The object it is attached to (object id).
    pub to: String,
}

/// Trait changes on one object: effects that start or end.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TraitChange {
    /// Object id.
    pub object: String,
    /// Traits it gains (a new effect, latest timestamp).
    #[serde(default)]
    pub grant: Vec<String>,
    /// Traits it loses (a new effect: "loses X").
    #[serde(default)]
    pub lose: Vec<String>,
    /// Earlier grants that end (the enchantment or equipment giving them left play).
    #[serde(default)]
    pub revoke: Vec<String>,
}

/// An attack action.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackStep {
    /// Attacking object id.
    pub attacker: String,
    /// Attack bar name.
    pub attack: String,
    /// Card whose attack bar is used (an attack spell or equipment). Without it the bar is
    /// looked up on the attacker's card, its attached equipment, then the card named `attack`.
    #[serde(default)]
    pub from_card: Option<String>,
    /// Target object id.
    #[serde(default)]
    pub target: Option<String>,
    /// Two target ids for a Sweeping attack.
    #[serde(default)]
    pub targets: Vec<String>,
    /// Target zone of a zone attack.
    #[serde(default)]
    pub zone: Option<String>,
    /// The attacker moved at least one zone just before (Charge +X).
    #[serde(default)]
    pub charged: bool,
}

/// Expected values (besides `object` and `player`); only the fields given are checked.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpectKeys {
    /// Damage on the object.
    #[serde(default)]
    pub damage: Option<Count>,
    /// Whether it has been destroyed.
    #[serde(default)]
    pub destroyed: Option<bool>,
    /// Whether it was destroyed by damage reaching its Life, from an attack or a condition
    /// (false while in play or when destroyed otherwise, such as by losing Life).
    #[serde(default)]
    pub destroyed_by_damage: Option<bool>,
    /// The object (id) whose Taunt marker it has, or `""` for none.
    #[serde(default)]
    pub taunted_by: Option<String>,
    /// Exactly these condition markers (others must be absent; `{}` means none).
    #[serde(default)]
    pub conditions: Option<BTreeMap<String, Count>>,
    /// Current armor.
    #[serde(default)]
    pub armor: Option<Count>,
    /// Current Life.
    #[serde(default)]
    pub life: Option<Count>,
    /// Traits it must have.
    #[serde(default)]
    pub traits: Option<Vec<String>>,
    /// Traits it must not have (with any parameter: `"Armor +1"` rules out every Armor +X).
    #[serde(default)]
    pub lacks_traits: Option<Vec<String>>,
    /// Zone it is in.
    #[serde(default)]
    pub zone: Option<String>,
    /// Has a Guard marker.
    #[serde(default)]
    pub guard: Option<bool>,
    /// Rage tokens.
    #[serde(default)]
    pub rage: Option<Count>,
    /// Dissipate tokens (Dissipate X).
    #[serde(default)]
    pub dissipate: Option<Count>,
    /// Mana on the object (a familiar's or spawnpoint's own mana).
    #[serde(default)]
    pub mana_on: Option<Count>,
    /// Attack dice of each individual attack of the last step's attack action (0 for an
    /// attack that missed or was avoided).
    #[serde(default)]
    pub dice_rolled: Option<Vec<Count>>,
    /// The player's mana.
    #[serde(default)]
    pub mana: Option<Count>,
}

/// Mage Wars' side of the generic scenario runner.
#[derive(Debug, Clone, Copy)]
pub struct MageWarsScenarios {
    /// The rules the steps are applied with.
    pub rules: MageWarsRules,
    /// The cards `card` and `from_card` name: the compiled tables, or live cards.
    pub catalog: &'static Catalog,
}

impl Default for MageWarsScenarios {
    fn default() -> Self {
        MageWarsScenarios::with_catalog(Catalog::compiled())
    }
}

impl MageWarsScenarios {
    /// Scenarios over the cards of `catalog` (live cards read from the content on disk).
    pub fn with_catalog(catalog: &'static Catalog) -> Self {
        MageWarsScenarios {
            rules: MageWarsRules,
            catalog,
        }
    }

    /// The attack action an attack step describes.
    fn attack(&self, game: &Game, step: &AttackStep, names: &Names) -> Result<Action, String> {
        let attacker = names.object(&step.attacker)?;
        let target = match (&step.target, step.targets.as_slice(), &step.zone) {
            (Some(t), [], None) => AttackTarget::Object(names.object(t)?),
            (None, [a, b], None) => AttackTarget::Sweep(names.object(a)?, names.object(b)?),
            (None, [], Some(z)) => {
                AttackTarget::Zone(game.arena.parse_position(z).map_err(|e| e.to_string())?)
            }
            _ => return Err("an attack needs exactly one of target, targets (two) or zone".into()),
        };
        let (source, card) = match &step.from_card {
            Some(name) => {
                let card = self.catalog.find(name)?;
                (BarSource::Card(card), Printed::from_card(card))
            }
            None => attack_source(self.catalog, game, attacker, &step.attack)?,
        };
        let bar = choose_attack(card.attacks, &step.attack, target).ok_or_else(|| {
            let known: Vec<&str> = card.attacks.iter().map(|a| a.name).collect();
            format!(
                "{} has no attack named {:?} for this target{} (its attacks: {})",
                card.name,
                step.attack,
                grimoire_engine::suggest::did_you_mean(&step.attack, known.iter().copied()),
                known.join(", ")
            )
        })?;
        Ok(Action::Attack {
            attacker,
            source,
            bar,
            target,
            charged: step.charged,
        })
    }

    /// The resolution a cast step describes.
    fn cast(&self, game: &Game, step: &CastStep, names: &Names) -> Result<Action, String> {
        let card = self.catalog.find(&step.card)?;
        let caster = names.object(&step.caster)?;
        let target = step
            .target
            .as_deref()
            .map(|t| names.object(t))
            .transpose()?;
        let zone = match (&step.zone, target) {
            (Some(_), Some(_)) => {
                return Err("a cast step gives a target or a zone, not both".into())
            }
            (Some(z), None) => game.arena.parse_position(z).map_err(|e| e.to_string())?,
            (None, Some(t)) => game.object(t).map_err(|e| e.to_string())?.zone,
            (None, None) => game.object(caster).map_err(|e| e.to_string())?.zone,
        };
        Ok(Action::Resolve {
            card,
            caster,
            target,
            zone,
        })
    }

    /// The actions a step describes, in the order they run.
    fn actions(&self, game: &Game, step: &StepKeys, names: &Names) -> Result<Vec<Action>, String> {
        let mut actions = Vec::new();
        if let Some(attack) = &step.attack {
            actions.push(self.attack(game, attack, names)?);
        }
        match step.phase {
            None => {}
            Some(Phase::Upkeep) => actions.push(Action::Upkeep),
            Some(Phase::Channeling) => actions.push(Action::Channeling),
            Some(Phase::EndOfRound) => actions.push(Action::EndOfRound),
        }
        if let Some(cast) = &step.cast {
            actions.push(self.cast(game, cast, names)?);
        }
        if let Some(id) = &step.reveal {
            actions.push(Action::Reveal(names.object(id)?));
        }
        if let Some(change) = &step.change_traits {
            let parse = |key: &str, texts: &[String]| {
                check_trait_count(key, texts)?;
                texts
                    .iter()
                    .map(|t| parse_trait(t))
                    .collect::<Result<Vec<_>, _>>()
            };
            actions.push(Action::ChangeTraits {
                object: names.object(&change.object)?,
                grant: parse("grant", &change.grant)?,
                lose: parse("lose", &change.lose)?,
                revoke: parse("revoke", &change.revoke)?,
            });
        }
        if let Some(attach) = &step.attach {
            actions.push(Action::Attach {
                object: names.object(&attach.object)?,
                to: names.object(&attach.to)?,
            });
        }
        if let Some(id) = &step.activate {
            actions.push(Action::Activate(names.object(id)?));
        }
        if let Some(step) = &step.r#move {
            let to = game
                .arena
                .parse_position(&step.to)
                .map_err(|e| e.to_string())?;
            actions.push(Action::Move {
                creature: names.object(&step.creature)?,
                to,
            });
        }
        if let Some(id) = &step.end_action {
            actions.push(Action::EndActionPhase(names.object(id)?));
        }
        if actions.is_empty() {
            return Err(
                "this step does nothing: give one of attack, phase, activate, move, \
                        end_action, change_traits or attach"
                    .into(),
            );
        }
        Ok(actions)
    }
}

/// The index of the attack bar named `name` that fits the target: an "OR" attack or a card
/// with two bars of the same name offers a zone, a Sweeping and a single-target version.
fn choose_attack(attacks: &[AttackBar], name: &str, target: AttackTarget) -> Option<usize> {
    let named = || {
        attacks
            .iter()
            .enumerate()
            .filter(|(_, a)| a.name.eq_ignore_ascii_case(name))
    };
    let fits = |(_, a): &(usize, &AttackBar)| {
        let a = AttackProfile::new(a);
        match target {
            AttackTarget::Zone(_) => a.is_zone(),
            AttackTarget::Sweep(..) => a.has(Trait::Sweeping),
            AttackTarget::Object(_) => !a.is_zone(),
        }
    };
    named()
        .find(fits)
        .or_else(|| named().next())
        .map(|(index, _)| index)
}

/// The card whose attack bar `attack` names, when the step gives no `from_card`: the
/// attacker's own card, else an object attached to it (a weapon's bar), else the card of that
/// name (an attack spell the attacker casts). Falls back to the attacker's card, so an unknown
/// name is reported against it.
fn attack_source(
    catalog: &Catalog,
    game: &Game,
    attacker: ObjectId,
    attack: &str,
) -> Result<(BarSource, Printed), String> {
    let has_bar = |card: &Printed| {
        card.attacks
            .iter()
            .any(|bar| bar.name.eq_ignore_ascii_case(attack))
    };
    let own = game.card(attacker).map_err(|e| e.to_string())?;
    if has_bar(own) {
        return Ok((BarSource::Object(attacker), own.clone()));
    }
    let attachments = game
        .object(attacker)
        .map(|o| o.attachments.clone())
        .unwrap_or_default();
    for attached in attachments {
        if let Ok(card) = game.card(attached) {
            if has_bar(card) {
                return Ok((BarSource::Object(attached), card.clone()));
            }
        }
    }
    match catalog.get(attack) {
        Some(card) if has_bar(&Printed::from_card(card)) => {
            Ok((BarSource::Card(card), Printed::from_card(card)))
        }
        _ => Ok((BarSource::Object(attacker), own.clone())),
    }
}

impl ScenarioGame for MageWarsScenarios {
    const NAME: &'static str = "mage-wars";
    const EXPECT_FIELDS: &'static [(&'static str, Subject)] = &[
        ("damage", Subject::Object),
        ("destroyed", Subject::Object),
        ("destroyed_by_damage", Subject::Object),
        ("taunted_by", Subject::Object),
        ("conditions", Subject::Object),
        ("armor", Subject::Object),
        ("life", Subject::Object),
        ("traits", Subject::Object),
        ("lacks_traits", Subject::Object),
        ("zone", Subject::Object),
        ("guard", Subject::Object),
        ("rage", Subject::Object),
        ("dissipate", Subject::Object),
        ("mana_on", Subject::Object),
        ("dice_rolled", Subject::Game),
        ("mana", Subject::Player),
    ];

    type Rules = MageWarsRules;
    type Handle = ObjectId;
    type Player = PlayerKeys;
    type Object = ObjectKeys;
    type Step = StepKeys;
    type Expect = ExpectKeys;

    /// The attack die and the effect die of `game.toml`, from the generated die tables.
    fn dice(&self) -> Vec<DieFaces> {
        vec![attack_die(), effect_die()]
    }

    /// An effect-die result may be scripted for an effect table the attack turns out not to
    /// roll on; unused attack dice are an error.
    fn unused_faces_allowed(&self, die: &str) -> bool {
        die == EFFECT.name
    }

    fn new_state(&self, players: &[&PlayerEntry<PlayerKeys>]) -> Result<Game, ScenarioError> {
        let mut game = Game::new();
        for player in players {
            game.set_mana(player.id, player.game.mana.get());
        }
        Ok(game)
    }

    fn add_object(
        &self,
        game: &mut Game,
        object: &ObjectEntry<ObjectKeys>,
    ) -> Result<ObjectId, ScenarioError> {
        let keys = &object.game;
        if game.store.len() >= MAX_OBJECTS {
            return Err(format!("a scenario puts at most {MAX_OBJECTS} objects into play").into());
        }
        for (key, list) in [
            ("traits", &keys.traits),
            ("removed_traits", &keys.removed_traits),
        ] {
            check_trait_count(key, list)?;
        }
        let card = Printed::from_card(self.catalog.find(&keys.card)?);
        // A wall stands on a zone border (`B1|C1`), every other object in a zone.
        let zone = if card.wall {
            Border::parse(&game.arena, &keys.zone)?.place(&game.arena)
        } else if keys.zone.contains('|') {
            return Err(format!(
                "`{}` is a zone border, and only a wall stands on one: give {} a zone",
                keys.zone, keys.card
            )
            .into());
        } else {
            game.arena
                .parse_position(&keys.zone)
                .map_err(|e| e.to_string())?
        };
        // The bound of the key's type keeps the number within a player id.
        let player = u8::try_from(keys.player.get()).unwrap_or(u8::MAX);
        let id = game.add_object(card, PlayerId(player), zone);
        for text in &keys.traits {
            game.change_trait(id, parse_trait(text)?, TraitEffectKind::Grant);
        }
        for text in &keys.removed_traits {
            game.change_trait(id, parse_trait(text)?, TraitEffectKind::Remove);
        }
        for &(condition, count) in &keys.conditions.0 {
            if condition == Condition::Taunt {
                return Err(
                    "a Taunt marker is set with `taunted_by`, which names its taunter".into(),
                );
            }
            game.set_markers(id, Marker::Condition(condition), count);
        }
        game.set_markers(id, Marker::Rage, keys.rage.get());
        game.set_markers(id, Marker::Guard, u32::from(keys.guard));
        if let Some(o) = game.store.get_mut(id) {
            o.damage = keys.damage.get();
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
            game.attach(id, names.object(parent)?);
        }
        if let Some(taunter) = &object.game.taunted_by {
            let taunter = names.object(taunter)?;
            if taunter == id {
                return Err("a creature cannot Taunt itself".into());
            }
            game.taunt(id, Condition::Taunt, taunter);
        }
        // What cards in play give while they are (auras, attack bonuses) holds from the start:
        // brought up to date as each object is linked, so the last link sees them all.
        super::abilities::refresh_auras(game, &[]);
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
            self.rules
                .apply(game, &action, ctx)
                .map_err(ScenarioError::refused)?;
        }
        Ok(())
    }

    fn unknown_names(&self, expect: &ExpectKeys) -> Vec<(&'static str, String)> {
        let mut unknown = Vec::new();
        for (key, texts) in [
            ("traits", &expect.traits),
            ("lacks_traits", &expect.lacks_traits),
        ] {
            for text in texts.iter().flatten() {
                if parse_trait(text).is_err() {
                    unknown.push((key, text.clone()));
                }
            }
        }
        for name in expect.conditions.iter().flat_map(BTreeMap::keys) {
            if parse_condition(name).is_err() {
                unknown.push(("conditions", name.clone()));
            }
        }
        unknown
    }

    fn check(
        &self,
        game: &Game,
        expect: &ExpectKeys,
        subjects: Subjects,
        names: &Names,
    ) -> Result<Vec<Check>, ScenarioError> {
        let mut checks = Vec::new();
        if let Some(expected) = &expect.dice_rolled {
            let expected: Vec<u32> = expected.iter().map(|n| n.get()).collect();
            checks.push(Check::new(
                "dice_rolled",
                format!("{expected:?}"),
                format!("{:?}", game.last_dice_rolled),
            ));
        }
        if let (Some(player), Some(mana)) = (subjects.player, expect.mana) {
            checks.push(Check::new("mana", mana.get(), game.mana_of(player)));
        }
        let Some(id) = subjects.object else {
            return Ok(checks);
        };
        let object = game.object(id).map_err(|e| e.to_string())?;
        let mut check = |field: &'static str, expected: Option<String>, actual: String| {
            if let Some(expected) = expected {
                checks.push(Check::new(field, expected, actual));
            }
        };
        let text = |v: Option<Count>| v.map(|v| v.get().to_string());
        let flag = |v: Option<bool>| v.map(|v| v.to_string());
        check("damage", text(expect.damage), object.damage.to_string());
        check(
            "destroyed",
            flag(expect.destroyed),
            (!object.in_play).to_string(),
        );
        check(
            "destroyed_by_damage",
            flag(expect.destroyed_by_damage),
            game.was_destroyed_by_damage(id).to_string(),
        );
        let taunter = game
            .taunter(id)
            .and_then(|t| names.name_of(t))
            .unwrap_or_default();
        check("taunted_by", expect.taunted_by.clone(), taunter.to_string());
        check("armor", text(expect.armor), game.armor(id).to_string());
        check("life", text(expect.life), game.life(id).to_string());
        check(
            "zone",
            expect.zone.clone(),
            game.arena.position_name(&object.zone),
        );
        check(
            "guard",
            flag(expect.guard),
            (object.marker_count(&Marker::Guard) > 0).to_string(),
        );
        check(
            "rage",
            text(expect.rage),
            object.marker_count(&Marker::Rage).to_string(),
        );
        check(
            "dissipate",
            text(expect.dissipate),
            object.marker_count(&Marker::Dissipate).to_string(),
        );
        check(
            "mana_on",
            text(expect.mana_on),
            object.marker_count(&Marker::Mana).to_string(),
        );
        if let Some(expected) = &expect.conditions {
            let mut named = BTreeMap::new();
            for (name, &count) in expected.iter().filter(|(_, n)| n.get() > 0) {
                named.insert(parse_condition(name)?.name().to_string(), count.get());
            }
            let actual: BTreeMap<String, u32> = object
                .markers
                .iter()
                .filter_map(|&(marker, count)| match marker {
                    Marker::Condition(c) => Some((c.name().to_string(), count)),
                    _ => None,
                })
                .collect();
            check(
                "conditions",
                Some(format!("{named:?}")),
                format!("{actual:?}"),
            );
        }
        let traits = game.traits(id);
        for text in expect.traits.iter().flatten() {
            let wanted = parse_trait(text)?;
            let has = traits.iter().any(|(t, _)| *t == wanted);
            let expected = format!("has {:?}", wanted.to_string());
            let actual = if has {
                expected.clone()
            } else {
                format!("lacks {:?}", wanted.to_string())
            };
            check("traits", Some(expected), actual);
        }
        for text in expect.lacks_traits.iter().flatten() {
            let unwanted = parse_trait(text)?;
            let expected = format!("lacks {:?}", unwanted.to_string());
            let actual = match traits.iter().find(|(t, _)| t.same_kind(&unwanted)) {
                Some((t, _)) => format!("has {:?}", t.to_string()),
                None => expected.clone(),
            };
            check("lacks_traits", Some(expected), actual);
        }
        Ok(checks)
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::CONDITION_META;
    use super::super::limits::marker_limit;
    use super::*;
    use grimoire_engine::run_scenario;
    use grimoire_engine::scenario::undeclared_expect_fields;

    #[test]
    fn every_expectation_key_has_a_subject() {
        assert!(undeclared_expect_fields::<MageWarsScenarios>().is_empty());
    }

    const HEAD: &str = r#"game = "mage-wars"
name = "honesty"
source = "docs/scenarios.md: honesty"

[[object]]
id = "fox"
card = "Bitterwood Fox"
player = 2
zone = "B2"
"#;

    fn failures(tail: &str) -> Vec<String> {
        run_scenario(&MageWarsScenarios::default(), &format!("{HEAD}{tail}"))
            .failures
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn unknown_trait_and_condition_names_are_errors_at_their_key() {
        let line = HEAD.lines().count();
        assert_eq!(
            failures(
                "\n[[expect]]\nobject = \"fox\"\ntraits = [\"Flyin\"]\nlacks_traits = [\"Armor +2\"]\nconditions = { Brun = 1 }\n"
            ),
            vec![
                format!("{}:1: `traits`: unknown name \"Flyin\" in mage-wars", line + 4),
                format!(
                    "{}:1: `conditions`: unknown name \"Brun\" in mage-wars",
                    line + 6
                ),
            ]
        );
    }

    #[test]
    fn every_expectation_field_checks_something() {
        let all = "\n[[expect]]\nobject = \"fox\"\ndamage = 0\ndestroyed = false\n\
                   destroyed_by_damage = false\ntaunted_by = \"\"\nconditions = {}\narmor = 0\n\
                   life = 5\ntraits = [\"Living\"]\nlacks_traits = [\"Flying\"]\nzone = \"B2\"\n\
                   guard = false\nrage = 0\n\n[[expect]]\ndice_rolled = []\n\n[[expect]]\n\
                   player = 2\nmana = 0\n";
        let failures = failures(all);
        assert!(
            failures.iter().all(|f| !f.contains("checked nothing")),
            "{failures:?}"
        );
    }

    /// The extreme numbers the reader must refuse or run: zero, one below, the ends of 32
    /// and 64 bits, one past 64 bits, and huge floats.
    const EXTREMES: &[&str] = &[
        "0",
        "-1",
        "1",
        "99",
        "100",
        "999",
        "1000",
        "2147483648",
        "4294967295",
        "4294967296",
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "1e308",
        "-1e308",
        "inf",
        "nan",
        "0.5",
    ];

    /// A scenario with one key set to `value`: `{value}` in `template` is replaced, and the
    /// line holding it is returned with the text.
    fn with_value(template: &str, value: &str) -> (String, usize) {
        let text = template.replace("{value}", value);
        let line = template
            .lines()
            .position(|l| l.contains("{value}"))
            .expect("the template holds {value}")
            + 1;
        (text, line)
    }

    /// Runs `text` on another thread; the failures, or a panic or a run over ten seconds as a
    /// test failure.
    fn run_bounded(text: String) -> Vec<grimoire_engine::scenario::Failure> {
        let (sender, receiver) = std::sync::mpsc::channel();
        let shown = text.clone();
        std::thread::spawn(move || {
            let run = run_scenario(&MageWarsScenarios::default(), &text);
            let _ = sender.send(run.failures);
        });
        receiver
            .recv_timeout(std::time::Duration::from_secs(10))
            .unwrap_or_else(|e| panic!("panicked or hung ({e}) on:\n{shown}"))
    }

    /// Every numeric key of the Mage Wars scenario format, as `(template, allowed)`: the key's
    /// value is `{value}` and `allowed` is the range the reader takes.
    fn numeric_keys() -> Vec<(String, std::ops::RangeInclusive<i128>)> {
        let object = |key: &str| {
            format!(
                "{HEAD}\n[[object]]\nid = \"wolf\"\ncard = \"Timber Wolf\"\nplayer = 1\n\
                 zone = \"B2\"\n{key}\n\n[[step]]\nphase = \"channeling\"\n\n\
                 [[step]]\nattack = {{ attacker = \"wolf\", attack = \"Bite\", target = \"fox\" }}\n\
                 dice = {{ attack = [2, 2, 2], effect = [7] }}\n\n[[step]]\nphase = \"upkeep\"\n\n\
                 [[expect]]\nobject = \"wolf\"\ndestroyed = false\n"
            )
        };
        let expect = |subject: &str, key: &str| format!("{HEAD}\n[[expect]]\n{subject}\n{key}\n");
        let u32_range = 0..=i128::from(u32::MAX);
        let mut keys = vec![
            (
                format!("{HEAD}\n[[player]]\nid = 1\nmana = {{value}}\n\n[[step]]\nphase = \"channeling\"\n"),
                0..=i128::from(MAX_MANA),
            ),
            (
                HEAD.replace("player = 2", "player = {value}"),
                0..=i128::from(u8::MAX),
            ),
            (object("damage = {value}"), 0..=i128::from(MAX_DAMAGE)),
            (object("rage = {value}"), 0..=i128::from(MAX_TOKENS)),
        ];
        for meta in &CONDITION_META {
            let Ok(condition) = meta.name.parse::<Condition>() else {
                continue;
            };
            if condition == Condition::Taunt {
                continue;
            }
            keys.push((
                object(&format!("conditions = {{ \"{}\" = {{value}} }}", meta.name)),
                0..=i128::from(marker_limit(condition)),
            ));
        }
        for key in ["damage", "armor", "life", "rage", "dissipate", "mana_on"] {
            keys.push((
                expect("object = \"fox\"", &format!("{key} = {{value}}")),
                u32_range.clone(),
            ));
        }
        keys.push((
            expect("object = \"fox\"", "conditions = { Burn = {value} }"),
            u32_range.clone(),
        ));
        keys.push((expect("", "dice_rolled = [{value}]"), u32_range.clone()));
        keys.push((expect("player = 2", "mana = {value}"), u32_range));
        keys
    }

    #[test]
    fn every_numeric_key_takes_extreme_values_without_panic_or_hang() {
        for (template, allowed) in numeric_keys() {
            for value in EXTREMES {
                let (text, line) = with_value(&template, value);
                let failures = run_bounded(text.clone());
                let in_range = value
                    .parse::<i128>()
                    .is_ok_and(|number| allowed.contains(&number));
                if in_range {
                    assert!(
                        failures.iter().all(|f| !f.message.contains("out of range")),
                        "{value} is in range:\n{text}\n{failures:?}"
                    );
                } else {
                    assert!(
                        failures.iter().any(|f| f.line == line
                            && f.column > 1
                            && (f.message.contains("out of range")
                                || f.message.contains("expected an integer from 0 to"))),
                        "{value} must be refused at line {line} with its range:\n{text}\n{failures:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_runner_s_own_numeric_keys_take_extreme_values_without_panic_or_hang() {
        // `[[player]] id`, `[[expect]] player` and scripted dice faces are read by the
        // engine's runner; with Mage Wars' keys they must still run or fail where written.
        let templates = [
            format!("{HEAD}\n[[player]]\nid = {{value}}\nmana = 3\n"),
            format!("{HEAD}\n[[expect]]\nplayer = {{value}}\nmana = 0\n"),
            format!(
                "{HEAD}\n[[object]]\nid = \"wolf\"\ncard = \"Timber Wolf\"\nplayer = 1\n\
                 zone = \"B2\"\n\n[[step]]\nattack = {{ attacker = \"wolf\", attack = \"Bite\", \
                 target = \"fox\" }}\ndice = {{ attack = [{{value}}, 0, 0], effect = [{{value}}] }}\n"
            ),
        ];
        for template in templates {
            for value in EXTREMES {
                let (text, line) = with_value(&template, value);
                let failures = run_bounded(text.clone());
                let fits_u8 = value.parse::<u8>().is_ok();
                if !fits_u8 {
                    assert!(
                        failures
                            .iter()
                            .any(|f| f.line == line || f.line + 1 == line),
                        "{value} must fail at line {line}:\n{text}\n{failures:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn markers_past_the_bound_are_refused_where_they_are_written() {
        // Corrode = 2147483648 panicked with an overflow, and Bleed or Rot = 2147483648 made
        // the upkeep step loop for every marker.
        let failures = failures(
            "\n[[object]]\nid = \"wolf\"\ncard = \"Timber Wolf\"\nplayer = 1\nzone = \"B2\"\n\
             conditions = { Corrode = 2147483648, Rot = 100 }\n",
        );
        let line = HEAD.lines().count() + 7;
        assert_eq!(
            failures,
            vec![format!(
                "{line}:26: 2147483648 Corrode markers is out of range: it must be in 0..=99, \
                 more than any object holds"
            )]
        );
    }

    #[test]
    fn the_most_markers_of_every_condition_run_an_upkeep_and_an_attack() {
        for meta in &CONDITION_META {
            let Ok(condition) = meta.name.parse::<Condition>() else {
                continue;
            };
            if condition == Condition::Taunt {
                continue;
            }
            let text = format!(
                "{HEAD}\n[[object]]\nid = \"wolf\"\ncard = \"Timber Wolf\"\nplayer = 1\n\
                 zone = \"B2\"\ndamage = 999\nrage = 99\nconditions = {{ \"{}\" = {} }}\n\n\
                 [[step]]\nphase = \"upkeep\"\n",
                meta.name,
                marker_limit(condition)
            );
            // Burn rolls a die per marker, which the script does not give: a located failure.
            for failure in run_bounded(text.clone()) {
                assert!(failure.line > 1, "{failure:?}\n{text}");
            }
        }
    }

    #[test]
    fn a_step_that_does_nothing_is_an_error() {
        let failures = failures("\n[[step]]\ndice = { effect = [7] }\n");
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(
            failures[0].contains("this step does nothing"),
            "{failures:?}"
        );
    }
}
