//! Scenario files: a board set-up, steps (attacks, phases) with scripted dice, and
//! expectations checked after the steps that precede them in the file. See
//! `docs/scenarios.md` for the format.

use std::collections::BTreeMap;

use grimoire_engine::{ObjectId, PlayerId, ScriptedDice, TraitEffectKind, TraitKind};
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

use super::attack::{attack_action, AttackOptions, AttackTarget};
use super::card::Printed;
use super::content::{AttackBar, CardId, Condition, Trait};
use super::dice::{attack_face, effect_face, ATTACK, EFFECT};
use super::phases::{activate, channeling_phase, end_action_phase, upkeep_phase};
use super::profile::AttackProfile;
use super::state::{parse_zone, zone_name, Game, Marker};

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

/// The card of the generated tables with this name.
fn find_card(name: &str) -> Result<CardId, String> {
    CardId::from_name(name).ok_or_else(|| format!("unknown card {name:?}"))
}

/// A scenario file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The game (`"mage-wars"`).
    pub game: String,
    /// What the scenario shows.
    pub name: String,
    /// Where the expected behaviour comes from (codex entry, supplement section, ruling).
    pub source: String,
    /// Players' starting mana.
    #[serde(default, rename = "player")]
    pub players: Vec<PlayerSetup>,
    /// Objects in play at the start.
    #[serde(default, rename = "object")]
    pub objects: Vec<ObjectSetup>,
    /// Steps, in order.
    #[serde(default, rename = "step")]
    #[schemars(with = "Vec<Step>")]
    pub steps: Vec<Spanned<Step>>,
    /// Expectations, each checked after the steps written before it.
    #[serde(default, rename = "expect")]
    #[schemars(with = "Vec<Expect>")]
    pub expects: Vec<Spanned<Expect>>,
}

/// A player's set-up.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// Player number.
    pub id: u8,
    /// Starting mana.
    #[serde(default)]
    pub mana: u32,
}

/// An object in play at the start.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectSetup {
    /// Name used by steps and expectations.
    pub id: String,
    /// Card name.
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

/// One step.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// An attack action.
    #[serde(default)]
    pub attack: Option<AttackStep>,
    /// A phase: `"upkeep"` or `"channeling"`.
    #[serde(default)]
    pub phase: Option<String>,
    /// A creature is activated (object id).
    #[serde(default)]
    pub activate: Option<String>,
    /// A creature's Action Phase ends (object id).
    #[serde(default)]
    pub end_action: Option<String>,
    /// Attack die faces in rolling order: `0`, `1`, `2`, `1*`, `2*`.
    #[serde(default)]
    pub dice: Vec<String>,
    /// Effect die (d12) results in rolling order: Daze, Defense and effect rolls.
    #[serde(default)]
    #[schemars(with = "Option<EffectDiceSchema>")]
    pub effect_die: Option<EffectDice>,
    /// Trait changes on an object during play.
    #[serde(default)]
    pub change_traits: Option<TraitChange>,
    /// An enchantment or equipment is attached to an object (or moved to it): its grants and
    /// removals start there, with the latest timestamp, and end on its previous object.
    #[serde(default)]
    pub attach: Option<AttachStep>,
    /// The step must fail with an error containing this text (an illegal attack).
    #[serde(default)]
    pub fails_with: Option<String>,
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

/// One d12 result or a list of them.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum EffectDice {
    /// One result.
    One(u32),
    /// Several results in rolling order.
    Many(Vec<u32>),
}

/// Schema of [`EffectDice`].
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum EffectDiceSchema {
    One(#[schemars(range(min = 1, max = 12))] u32),
    Many(Vec<u32>),
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

/// Expected values after the steps before it. Only the fields given are checked.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Object id the object fields refer to.
    #[serde(default)]
    pub object: Option<String>,
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
    /// Exactly these condition markers (others must be absent).
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
    /// Traits it must not have.
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
    /// Attack dice of each individual attack of the last step's attack action (0 for an
    /// attack that missed or was avoided).
    #[serde(default)]
    pub dice_rolled: Option<Vec<u32>>,
    /// Player the `mana` field refers to.
    #[serde(default)]
    pub player: Option<u8>,
    /// That player's mana.
    #[serde(default)]
    pub mana: Option<u32>,
}

/// The JSON Schema of scenario files.
pub fn scenario_schema() -> schemars::Schema {
    schemars::schema_for!(Scenario)
}

/// The attack bar named `name` that fits the target: an "OR" attack or a card with two bars
/// of the same name offers a zone, a Sweeping and a single-target version.
fn choose_attack<'a>(
    attacks: &'a [AttackBar],
    name: &str,
    target: AttackTarget,
) -> Option<&'a AttackBar> {
    let named = || attacks.iter().filter(|a| a.name.eq_ignore_ascii_case(name));
    let fits = |a: &&AttackBar| {
        let a = AttackProfile::new(a);
        match target {
            AttackTarget::Zone(_) => a.is_zone(),
            AttackTarget::Sweep(..) => a.has(Trait::Sweeping),
            AttackTarget::Object(_) => !a.is_zone(),
        }
    };
    named().find(fits).or_else(|| named().next())
}

/// Parses a scenario file.
pub fn parse_scenario(text: &str) -> Result<Scenario, String> {
    toml::from_str(text).map_err(|e| e.to_string())
}

/// What running a scenario produced.
#[derive(Debug)]
pub struct ScenarioRun {
    /// Every failed expectation and every set-up or step error; empty when it passed.
    pub failures: Vec<String>,
    /// The event log of the whole run, as JSON.
    pub events: serde_json::Value,
}

/// Runs a scenario; returns every failed expectation (and every set-up or step error) as a
/// message. An empty list means it passed.
pub fn run_scenario(scenario: &Scenario) -> Vec<String> {
    run_scenario_logged(scenario).failures
}

/// Runs a scenario and keeps its event log.
pub fn run_scenario_logged(scenario: &Scenario) -> ScenarioRun {
    let mut run = Runner {
        game: Game::new(),
        ids: Vec::new(),
        failures: Vec::new(),
    };
    if scenario.game != "mage-wars" {
        run.failures
            .push(format!("game {:?} is not mage-wars", scenario.game));
    } else if let Err(e) = run.set_up(scenario) {
        run.failures.push(e);
    } else {
        run.play(scenario);
    }
    ScenarioRun {
        failures: run.failures,
        events: run.game.log.to_json(),
    }
}

struct Runner {
    game: Game,
    ids: Vec<String>,
    failures: Vec<String>,
}

impl Runner {
    /// Runs the steps, checking each expectation after the steps written before it.
    fn play(&mut self, scenario: &Scenario) {
        let mut steps_done = 0;
        for expect in &scenario.expects {
            while steps_done < scenario.steps.len()
                && scenario.steps[steps_done].span().start < expect.span().start
            {
                if let Err(e) = self.checked_step(scenario.steps[steps_done].get_ref()) {
                    self.failures.push(format!("step {}: {e}", steps_done + 1));
                    return;
                }
                steps_done += 1;
            }
            self.check(expect.get_ref(), steps_done);
        }
        for (index, step) in scenario.steps.iter().enumerate().skip(steps_done) {
            if let Err(e) = self.checked_step(step.get_ref()) {
                self.failures.push(format!("step {}: {e}", index + 1));
                return;
            }
        }
    }

    fn object(&self, id: &str) -> Result<ObjectId, String> {
        self.ids
            .iter()
            .position(|known| known == id)
            .map(|i| ObjectId(i as u32))
            .ok_or_else(|| format!("no object with id {id:?}"))
    }

    fn set_up(&mut self, scenario: &Scenario) -> Result<(), String> {
        for object in &scenario.objects {
            let card = Printed::of(find_card(&object.card)?);
            let zone =
                parse_zone(&object.zone).ok_or_else(|| format!("bad zone {:?}", object.zone))?;
            let id = self.game.add_object(card, PlayerId(object.player), zone);
            self.ids.push(object.id.clone());
            for text in &object.traits {
                self.game
                    .change_trait(id, parse_trait(text)?, TraitEffectKind::Grant);
            }
            for text in &object.removed_traits {
                self.game
                    .change_trait(id, parse_trait(text)?, TraitEffectKind::Remove);
            }
            for (name, &count) in &object.conditions {
                let condition = parse_condition(name)?;
                if condition == Condition::Taunt {
                    return Err(format!(
                        "{}: a Taunt marker is set with `taunted_by`, which names its taunter",
                        object.id
                    ));
                }
                self.game
                    .set_markers(id, Marker::Condition(condition), count);
            }
            self.game.set_markers(id, Marker::Rage, object.rage);
            self.game
                .set_markers(id, Marker::Guard, u32::from(object.guard));
            if let Some(o) = self.game.store.get_mut(id) {
                o.damage = object.damage;
            }
        }
        for (object, id) in scenario.objects.iter().zip(0u32..) {
            if let Some(parent) = &object.attached_to {
                let parent = self.object(parent)?;
                self.game.attach(ObjectId(id), parent);
            }
            if let Some(taunter) = &object.taunted_by {
                let taunter = self.object(taunter)?;
                if taunter == ObjectId(id) {
                    return Err(format!("{}: a creature cannot Taunt itself", object.id));
                }
                self.game.taunt(ObjectId(id), Condition::Taunt, taunter);
            }
        }
        for player in &scenario.players {
            self.game.set_mana(PlayerId(player.id), player.mana);
        }
        self.game.log.clear();
        Ok(())
    }

    /// Runs a step and compares its outcome with its `fails_with`.
    fn checked_step(&mut self, step: &Step) -> Result<(), String> {
        match (self.step(step), &step.fails_with) {
            (Ok(()), None) => Ok(()),
            (Err(e), Some(expected)) if e.contains(expected.as_str()) => Ok(()),
            (Err(e), _) => Err(e),
            (Ok(()), Some(expected)) => Err(format!(
                "expected the step to fail with {expected:?}, but it succeeded"
            )),
        }
    }

    fn step(&mut self, step: &Step) -> Result<(), String> {
        let mut dice = ScriptedDice::new();
        let faces: Vec<u32> = step
            .dice
            .iter()
            .map(|f| attack_face(f).ok_or_else(|| format!("bad die face {f:?}")))
            .collect::<Result<_, _>>()?;
        dice.push(ATTACK.name, faces);
        let effect: Vec<u32> = match &step.effect_die {
            None => vec![],
            Some(EffectDice::One(roll)) => vec![*roll],
            Some(EffectDice::Many(rolls)) => rolls.clone(),
        };
        let effect: Vec<u32> = effect
            .into_iter()
            .map(|r| effect_face(r).ok_or_else(|| format!("effect die result {r} is not 1-12")))
            .collect::<Result<_, _>>()?;
        dice.push(EFFECT.name, effect);
        if let Some(attack) = &step.attack {
            self.attack(attack, &mut dice)?;
        }
        match step.phase.as_deref() {
            None => {}
            Some("upkeep") => upkeep_phase(&mut self.game, &mut dice).map_err(|e| e.to_string())?,
            Some("channeling") => channeling_phase(&mut self.game),
            Some(other) => return Err(format!("unknown phase {other:?}")),
        }
        if let Some(change) = &step.change_traits {
            self.change_traits(change)?;
        }
        if let Some(attach) = &step.attach {
            let (child, parent) = (self.object(&attach.object)?, self.object(&attach.to)?);
            if child == parent {
                return Err(format!("{} cannot be attached to itself", attach.object));
            }
            self.game.attach(child, parent);
        }
        if let Some(id) = &step.activate {
            let id = self.object(id)?;
            activate(&mut self.game, id);
        }
        if let Some(id) = &step.end_action {
            let id = self.object(id)?;
            end_action_phase(&mut self.game, &mut dice, id).map_err(|e| e.to_string())?;
        }
        // Unused attack dice mean the scenario expects another roll than the rules made. An
        // unused effect-die result is allowed: it may be scripted for an effect table the
        // attack turns out not to have.
        let unused = dice.unused(ATTACK.name);
        if unused > 0 {
            return Err(format!(
                "{unused} scripted attack die face(s) were never rolled"
            ));
        }
        Ok(())
    }

    fn change_traits(&mut self, change: &TraitChange) -> Result<(), String> {
        let id = self.object(&change.object)?;
        for text in &change.grant {
            self.game
                .change_trait(id, parse_trait(text)?, TraitEffectKind::Grant);
        }
        for text in &change.lose {
            self.game
                .change_trait(id, parse_trait(text)?, TraitEffectKind::Remove);
        }
        for text in &change.revoke {
            let value = parse_trait(text)?;
            let ended = self
                .game
                .store
                .end_trait_effect(id, |e| e.kind == TraitEffectKind::Grant && e.value == value);
            if !ended {
                return Err(format!(
                    "{} has no granted {text:?} to revoke",
                    change.object
                ));
            }
        }
        self.game.traits_changed(id);
        Ok(())
    }

    fn attack(&mut self, step: &AttackStep, dice: &mut ScriptedDice) -> Result<(), String> {
        let attacker = self.object(&step.attacker)?;
        let target = match (&step.target, step.targets.as_slice(), &step.zone) {
            (Some(t), [], None) => AttackTarget::Object(self.object(t)?),
            (None, [a, b], None) => AttackTarget::Sweep(self.object(a)?, self.object(b)?),
            (None, [], Some(z)) => {
                AttackTarget::Zone(parse_zone(z).ok_or_else(|| format!("bad zone {z:?}"))?)
            }
            _ => return Err("an attack needs exactly one of target, targets (two) or zone".into()),
        };
        let card = match &step.from_card {
            Some(name) => Printed::of(find_card(name)?),
            None => self.attack_source(attacker, &step.attack)?,
        };
        let bar = choose_attack(card.attacks, &step.attack, target).ok_or_else(|| {
            let known: Vec<&str> = card.attacks.iter().map(|a| a.name).collect();
            format!(
                "{} has no attack named {:?} for this target (its attacks: {})",
                card.name,
                step.attack,
                known.join(", ")
            )
        })?;
        let profile = if card.is_attack_spell() {
            AttackProfile::spell(bar, card.spell_range)
        } else {
            AttackProfile::new(bar)
        };
        let options = AttackOptions {
            charged: step.charged,
        };
        attack_action(&mut self.game, dice, attacker, &profile, target, options)
            .map_err(|e| e.to_string())
    }

    /// The card whose attack bar `attack` names, when the step gives no `from_card`: the
    /// attacker's own card, else equipment attached to it (a weapon's bar), else the card of
    /// that name (an attack spell the attacker casts). Falls back to the attacker's card, so
    /// an unknown name is reported against it.
    fn attack_source(&self, attacker: ObjectId, attack: &str) -> Result<Printed, String> {
        let has_bar = |card: &Printed| {
            card.attacks
                .iter()
                .any(|bar| bar.name.eq_ignore_ascii_case(attack))
        };
        let own = self.game.card(attacker).map_err(|e| e.to_string())?;
        if has_bar(own) {
            return Ok(own.clone());
        }
        let attachments = self
            .game
            .object(attacker)
            .map(|o| o.attachments.clone())
            .unwrap_or_default();
        for attached in attachments {
            if let Ok(card) = self.game.card(attached) {
                if has_bar(card) {
                    return Ok(card.clone());
                }
            }
        }
        match CardId::from_name(attack).map(Printed::of) {
            Some(spell) if has_bar(&spell) => Ok(spell),
            _ => Ok(own.clone()),
        }
    }

    fn check(&mut self, expect: &Expect, steps_done: usize) {
        let at = format!("after step {steps_done}");
        let results = match self.compare(expect) {
            Ok(results) => results,
            Err(e) => return self.failures.push(format!("{at}: {e}")),
        };
        for (what, expected, actual) in results {
            if expected != actual {
                self.failures.push(format!(
                    "{at}: {what}: expected {expected}, actual {actual}"
                ));
            }
        }
    }

    /// (what, expected, actual) for every field the expectation gives.
    fn compare(&self, expect: &Expect) -> Result<Vec<(String, String, String)>, String> {
        let game = &self.game;
        let mut results: Vec<(String, String, String)> = Vec::new();
        if let Some(expected) = &expect.dice_rolled {
            results.push((
                "dice_rolled".into(),
                format!("{expected:?}"),
                format!("{:?}", game.last_dice_rolled),
            ));
        }
        if let (Some(player), Some(mana)) = (expect.player, expect.mana) {
            let actual = game.mana.get(player as usize).copied().unwrap_or(0);
            results.push((
                format!("player {player} mana"),
                mana.to_string(),
                actual.to_string(),
            ));
        }
        let Some(name) = &expect.object else {
            return Ok(results);
        };
        let id = self.object(name)?;
        let object = game
            .store
            .get(id)
            .ok_or_else(|| format!("no object {name:?}"))?;
        let mut compare = |what: &str, expected: Option<String>, actual: String| {
            if let Some(expected) = expected {
                results.push((format!("{name} {what}"), expected, actual));
            }
        };
        compare(
            "damage",
            expect.damage.map(|d| d.to_string()),
            object.damage.to_string(),
        );
        compare(
            "destroyed",
            expect.destroyed.map(|d| d.to_string()),
            (!object.in_play).to_string(),
        );
        compare(
            "destroyed by damage",
            expect.destroyed_by_damage.map(|d| d.to_string()),
            game.was_destroyed_by_damage(id).to_string(),
        );
        let taunter = game
            .taunter(id)
            .and_then(|t| self.ids.get(t.0 as usize).cloned())
            .unwrap_or_default();
        compare("taunted by", expect.taunted_by.clone(), taunter);
        compare(
            "armor",
            expect.armor.map(|a| a.to_string()),
            game.armor(id).to_string(),
        );
        compare(
            "life",
            expect.life.map(|l| l.to_string()),
            game.life(id).to_string(),
        );
        compare("zone", expect.zone.clone(), zone_name(object.zone));
        compare(
            "guard",
            expect.guard.map(|g| g.to_string()),
            (object.marker_count(&Marker::Guard) > 0).to_string(),
        );
        compare(
            "rage",
            expect.rage.map(|r| r.to_string()),
            object.marker_count(&Marker::Rage).to_string(),
        );
        let actual_conditions: BTreeMap<String, u32> = object
            .markers
            .iter()
            .filter_map(|&(marker, count)| match marker {
                Marker::Condition(c) => Some((c.name().to_string(), count)),
                _ => None,
            })
            .collect();
        let expected_conditions = match &expect.conditions {
            None => None,
            Some(m) => {
                let mut named = BTreeMap::new();
                for (k, n) in m.iter().filter(|(_, n)| **n > 0) {
                    named.insert(parse_condition(k)?.name().to_string(), *n);
                }
                Some(named)
            }
        };
        compare(
            "conditions",
            expected_conditions.map(|m| format!("{m:?}")),
            format!("{actual_conditions:?}"),
        );
        let traits = game.traits(id);
        for wanted in expect.traits.iter().flatten() {
            let wanted_trait = parse_trait(wanted)?;
            let has = traits.iter().any(|(t, _)| *t == wanted_trait);
            compare(
                &format!("has trait {wanted:?}"),
                Some("true".into()),
                has.to_string(),
            );
        }
        for unwanted in expect.lacks_traits.iter().flatten() {
            let unwanted_trait = parse_trait(unwanted)?;
            let has = traits.iter().any(|(t, _)| t.same_kind(&unwanted_trait));
            compare(
                &format!("has trait {unwanted:?}"),
                Some("false".into()),
                has.to_string(),
            );
        }
        Ok(results)
    }
}
