//! Mage Wars' scenario keys on the engine's generic runner ([`grimoire_engine::scenario`]):
//! [`MageWarsScenarios`] says what a `[[player]]`, `[[object]]`, `[[step]]` and `[[expect]]`
//! of a Mage Wars scenario hold, turns steps into [`Action`]s of [`MageWarsRules`] and
//! compares expectations with the state. See `docs/scenarios.md` for the format.

use std::collections::BTreeMap;

use grimoire_engine::scenario::{Check, Names, ObjectEntry, PlayerEntry, Subject, Subjects};
use grimoire_engine::{
    Board, Ctx, DieFaces, ObjectId, PlayerId, Rules, ScenarioGame, TraitEffectKind, TraitKind, Zone,
};
use schemars::JsonSchema;
use serde::Deserialize;

use super::actions::{Action, BarSource, MageWarsRules};
use super::attack::AttackTarget;
use super::card::Printed;
use super::catalog::Catalog;
use super::content::{AttackBar, Condition, Trait};
use super::dice::{attack_die, effect_die, EFFECT};
use super::profile::AttackProfile;
use super::state::{Game, GameEvent, Marker};

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

/// A player's keys besides `id`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerKeys {
    /// Starting mana.
    #[serde(default)]
    pub mana: u32,
}

/// An object's keys besides `id` (the name steps and expectations use).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectKeys {
    /// Card name (a card of the generated tables).
    pub card: String,
    /// Controlling player.
    pub player: u8,
    /// Arena zone, columns A-D and rows 1-3 (e.g. `B2`).
    pub zone: String,
    /// Damage already marked.
    #[serde(default)]
    pub damage: u32,
    /// Condition markers, by name.
    #[serde(default)]
    pub conditions: BTreeMap<String, u32>,
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
    pub rage: u32,
    /// Has a Guard marker.
    #[serde(default)]
    pub guard: bool,
    /// Has a Taunt marker placed by this object (id): the creature it must melee attack.
    #[serde(default)]
    pub taunted_by: Option<String>,
}

/// A step's keys besides `dice`, `choices` and `fails_with`. A step holds at least one of
/// them; several run in this order: attack, phase, change_traits, attach, activate,
/// end_action.
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
    pub damage: Option<u32>,
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
    pub conditions: Option<BTreeMap<String, u32>>,
    /// Current armor.
    #[serde(default)]
    pub armor: Option<u32>,
    /// Current Life.
    #[serde(default)]
    pub life: Option<u32>,
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
    pub rage: Option<u32>,
    /// Dissipate tokens (Dissipate X).
    #[serde(default)]
    pub dissipate: Option<u32>,
    /// Attack dice of each individual attack of the last step's attack action (0 for an
    /// attack that missed or was avoided).
    #[serde(default)]
    pub dice_rolled: Option<Vec<u32>>,
    /// The player's mana.
    #[serde(default)]
    pub mana: Option<u32>,
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
                AttackTarget::Zone(game.arena.parse_position(z).map_err(|e| e.to_string())?.0)
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
        }
        if let Some(change) = &step.change_traits {
            let parse = |texts: &[String]| {
                texts
                    .iter()
                    .map(|t| parse_trait(t))
                    .collect::<Result<Vec<_>, _>>()
            };
            actions.push(Action::ChangeTraits {
                object: names.object(&change.object)?,
                grant: parse(&change.grant)?,
                lose: parse(&change.lose)?,
                revoke: parse(&change.revoke)?,
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
        if let Some(id) = &step.end_action {
            actions.push(Action::EndActionPhase(names.object(id)?));
        }
        if actions.is_empty() {
            return Err(
                "this step does nothing: give one of attack, phase, activate, \
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
        ("dice_rolled", Subject::Game),
        ("mana", Subject::Player),
    ];

    type Rules = MageWarsRules;
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

    fn new_state(&self, players: &[&PlayerEntry<PlayerKeys>]) -> Result<Game, String> {
        let mut game = Game::new();
        for player in players {
            game.set_mana(player.id, player.game.mana);
        }
        Ok(game)
    }

    fn add_object(
        &self,
        game: &mut Game,
        object: &ObjectEntry<ObjectKeys>,
    ) -> Result<ObjectId, String> {
        let keys = &object.game;
        let card = Printed::from_card(self.catalog.find(&keys.card)?);
        let zone = game
            .arena
            .parse_position(&keys.zone)
            .map_err(|e| e.to_string())?;
        let id = game.add_object(card, PlayerId(keys.player), zone.0);
        for text in &keys.traits {
            game.change_trait(id, parse_trait(text)?, TraitEffectKind::Grant);
        }
        for text in &keys.removed_traits {
            game.change_trait(id, parse_trait(text)?, TraitEffectKind::Remove);
        }
        for (name, &count) in &keys.conditions {
            let condition = parse_condition(name)?;
            if condition == Condition::Taunt {
                return Err(
                    "a Taunt marker is set with `taunted_by`, which names its taunter".into(),
                );
            }
            game.set_markers(id, Marker::Condition(condition), count);
        }
        game.set_markers(id, Marker::Rage, keys.rage);
        game.set_markers(id, Marker::Guard, u32::from(keys.guard));
        if let Some(o) = game.store.get_mut(id) {
            o.damage = keys.damage;
        }
        Ok(id)
    }

    fn link_object(
        &self,
        game: &mut Game,
        id: ObjectId,
        object: &ObjectEntry<ObjectKeys>,
        names: &Names,
    ) -> Result<(), String> {
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
        Ok(())
    }

    fn run_step(
        &self,
        game: &mut Game,
        step: &StepKeys,
        names: &Names,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), String> {
        for action in self.actions(game, step, names)? {
            self.rules
                .apply(game, &action, ctx)
                .map_err(|e| e.to_string())?;
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
    ) -> Result<Vec<Check>, String> {
        let mut checks = Vec::new();
        if let Some(expected) = &expect.dice_rolled {
            checks.push(Check::new(
                "dice_rolled",
                format!("{expected:?}"),
                format!("{:?}", game.last_dice_rolled),
            ));
        }
        if let (Some(player), Some(mana)) = (subjects.player, expect.mana) {
            checks.push(Check::new("mana", mana, game.mana_of(player)));
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
        let text = |v: Option<u32>| v.map(|v| v.to_string());
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
            game.arena.position_name(&Zone(object.zone)),
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
        if let Some(expected) = &expect.conditions {
            let mut named = BTreeMap::new();
            for (name, &count) in expected.iter().filter(|(_, n)| **n > 0) {
                named.insert(parse_condition(name)?.name().to_string(), count);
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
