//! The native handlers of Mage Wars: [`fire`] dispatches on the generated [`Handler`].
//!
//! The codex and the cards name a handler for what their data cannot say. A handler is one of
//! three kinds:
//! - **behaviour**: the rules call it through [`fire`] at a [`Trigger`] and it acts (Tainted's
//!   damage, Vampiric healing, Rage tokens, Push, Slam on an Unmovable object, Corrode's
//!   overflow, Poison Fangs' effect-die bonus);
//! - **in the rules**: the behaviour is part of a procedure the rules run anyway (the attack
//!   sequence, immunity, Flying); the method says where ([`Outcome::InRules`]);
//! - **not modelled yet**: every other handler ([`fire`]'s wildcard arm) answers
//!   [`Outcome::NotModelled`]; when play meets such a
//!   card the rules log [`GameEvent::NotModelled`](super::GameEvent::NotModelled) once per
//!   object, so a scenario shows what the engine ignored.

use std::marker::PhantomData;

use grimoire_engine::{Dice, ObjectId};

use super::attack::push;
use super::conditions::TAINTED_DAMAGE;
use super::content::{Condition, EffectOp, Handler, Timing, Trait, TRAIT_META};
use super::refusal::AttackRefusal;
use super::state::{DamageSource, Game, GameEvent, Marker, RulesError};

/// What handlers work on: the game, and the dice when the moment may roll some.
pub struct Table<'d> {
    /// The game.
    pub game: &'d mut Game,
    /// The dice, when the trigger may need rolls.
    pub dice: Option<&'d mut dyn Dice>,
}

/// The moments the rules consult native handlers. The source passed with it is the object
/// whose card or codex entry names the handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The object takes part in an attack (card handlers: the engine reports those it does not
    /// model).
    Met,
    /// A `condition` marker is about to be placed on `target` by `source` (condition
    /// handlers): the handler may replace or prevent it.
    ConditionArriving {
        /// The object receiving it.
        target: ObjectId,
        /// The condition.
        condition: Condition,
    },
    /// A `condition` marker was placed on `target` (condition handlers).
    ConditionPlaced {
        /// The object that received it.
        target: ObjectId,
        /// The condition.
        condition: Condition,
    },
    /// The effect die of `source`'s attack against `defender` is being modified (attack-bar
    /// handlers).
    EffectDie {
        /// The defender.
        defender: ObjectId,
    },
    /// `attacker`'s attack dealt damage to `defender` (handlers of the attack's traits and of
    /// the defender's traits).
    AttackDamaged {
        /// The attacker.
        attacker: ObjectId,
        /// The defender.
        defender: ObjectId,
        /// Damage dealt, up to the defender's remaining health.
        counted: u32,
        /// The first attack of the attack action.
        first: bool,
        /// A creature's own attack (not a barrier, wall or bash).
        by_creature: bool,
    },
    /// An effect-table outcome that leaves no marker (the condition's handler) applies to
    /// `defender`; the source is the attacker.
    EffectOutcome {
        /// The defender.
        defender: ObjectId,
    },
}

/// What a handler did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It acted (or had nothing to do at this trigger).
    Done,
    /// An effect-die modifier.
    Modifier(i32),
    /// The arriving condition is replaced by this one.
    Replace(Condition),
    /// The arriving condition is not placed.
    Prevent,
    /// The behaviour is part of the rules' procedures, at the place named.
    InRules(&'static str),
    /// The engine does not model this handler yet.
    NotModelled(Handler),
}

/// The Mage Wars handlers that act or live in the rules, one function each ([`fire`] calls
/// them).
pub struct MageWarsHandlers<'d>(PhantomData<&'d mut Game>);

/// Runs `handler` of `source` at `trigger`.
pub fn fire<'d>(
    game: &'d mut Game,
    dice: Option<&'d mut dyn Dice>,
    handler: Handler,
    source: ObjectId,
    trigger: Trigger,
) -> Result<Outcome, RulesError> {
    type H<'d> = MageWarsHandlers<'d>;
    let table = &mut Table { game, dice };
    match handler {
        Handler::Tainted => H::tainted(table, source, &trigger),
        Handler::SlamOnUnmovable => H::slam_on_unmovable(table, source, &trigger),
        Handler::CorrodeOverflow => H::corrode_overflow(table, source, &trigger),
        Handler::PoisonFangs => H::poison_fangs(table, source, &trigger),
        Handler::Vampiric => H::vampiric(table, source, &trigger),
        Handler::RageTokens => H::rage_tokens(table, source, &trigger),
        Handler::Push => H::push(table, source, &trigger),
        Handler::Snatch => H::snatch(table, source, &trigger),
        Handler::Resilient => H::resilient(table, source, &trigger),
        Handler::Bleed => H::bleed(table, source, &trigger),
        Handler::Extinguish => H::extinguish(table, source, &trigger),
        Handler::IncorporealDamage => H::incorporeal_damage(table, source, &trigger),
        Handler::ZoneAttack => H::zone_attack(table, source, &trigger),
        Handler::Flying => H::flying(table, source, &trigger),
        Handler::Immunity => H::immunity(table, source, &trigger),
        Handler::Incapacitated => H::incapacitated(table, source, &trigger),
        Handler::TauntObligation => H::taunt_obligation(table, source, &trigger),
        Handler::BloodthirstyObligation => H::bloodthirsty_obligation(table, source, &trigger),
        Handler::Sweeping => H::sweeping(table, source, &trigger),
        Handler::Counterstrike => H::counterstrike(table, source, &trigger),
        Handler::MageRestriction => H::mage_restriction(table, source, &trigger),
        Handler::PassageAttack => H::passage_attack(table, source, &trigger),
        Handler::Extendable => H::extendable(table, source, &trigger),
        Handler::Climbing => H::climbing(table, source, &trigger),
        Handler::Familiar => H::familiar(table, source, &trigger),
        Handler::Spawnpoint => H::spawnpoint(table, source, &trigger),
        _ => Ok(Outcome::NotModelled(handler)),
    }
}

/// Reports, once per object and entry, a draft codex entry (`draft = true`) of `category`.
pub fn report_draft(
    game: &mut Game,
    object: ObjectId,
    category: &'static str,
    entry: &'static str,
) {
    if !game.drafts_reported.contains(&(object, entry)) {
        game.drafts_reported.push((object, entry));
        game.log.push(GameEvent::DraftEntry {
            object,
            category,
            entry,
        });
    }
}

/// Reports, once per object, a card handler the engine does not model (the `Met` trigger),
/// and every draft trait the object has.
#[inline]
pub fn meet(game: &mut Game, object: ObjectId) -> Result<(), RulesError> {
    // Most objects have no card handler, and a codex without draft entries has nothing more
    // to report: one look each.
    let handler = game.cards.get(object.0 as usize).and_then(|c| c.handler);
    if handler.is_none() && !codex_has_draft_traits() {
        return Ok(());
    }
    meet_reported(game, object)
}

/// [`meet`] for an object with a card handler, or while the codex has draft entries.
#[inline(never)]
fn meet_reported(game: &mut Game, object: ObjectId) -> Result<(), RulesError> {
    if codex_has_draft_traits() {
        report_draft_traits(game, object);
    }
    let Some(handler) = game.cards.get(object.0 as usize).and_then(|c| c.handler) else {
        return Ok(());
    };
    if game.reported.reported(object, handler.name()) {
        return Ok(());
    }
    meet_handler(game, object, handler)
}

/// True when some trait entry of the codex is still a draft: only then is an object's trait
/// list worth searching on every attack (worked out once).
fn codex_has_draft_traits() -> bool {
    static ANY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ANY.get_or_init(|| TRAIT_META.iter().any(|meta| meta.draft))
}

/// Reports every draft trait `object` has.
fn report_draft_traits(game: &mut Game, object: ObjectId) {
    let drafts: Vec<&'static str> = game
        .traits(object)
        .iter()
        .map(|(value, _)| value.meta())
        .filter(|meta| meta.draft)
        .map(|meta| meta.name)
        .collect();
    for entry in drafts {
        report_draft(game, object, "Trait", entry);
    }
}

/// Fires the `Met` trigger of `object`'s card handler, the first time play meets it.
fn meet_handler(game: &mut Game, object: ObjectId, handler: Handler) -> Result<(), RulesError> {
    if let Outcome::NotModelled(handler) = fire(game, None, handler, object, Trigger::Met)? {
        if let Some(event) = game.reported.first(object, handler.name()) {
            game.log.push(GameEvent::NotModelled(event));
        }
    }
    Ok(())
}

type Answer = Result<Outcome, RulesError>;

impl<'d> MageWarsHandlers<'d> {
    /// Tainted: the marker deals direct damage as it is placed. Its source is the condition,
    /// not the attack, so it is not damage dealt by the attack (supplement: Codex, Tainted
    /// and Vampiric; ruling 41), but it still destroys by damage (ruling 89).
    fn tainted(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        if let Trigger::ConditionPlaced { target, condition } = *trigger {
            let source = DamageSource::Condition(condition);
            table.game.deal_damage(target, TAINTED_DAMAGE, source);
        }
        Ok(Outcome::Done)
    }

    /// Slam on an Unmovable object: it takes Slam's replacement (its `replace_with` at
    /// `OnActivation`, Daze) straight away.
    fn slam_on_unmovable(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::ConditionArriving { target, condition } = *trigger else {
            return Ok(Outcome::Done);
        };
        if !table.game.has_trait(target, Trait::Unmovable) {
            return Ok(Outcome::Done);
        }
        let replacement = condition.meta().effects.iter().find_map(|op| match *op {
            EffectOp::ReplaceWith {
                condition,
                timing: Timing::OnActivation,
            } => Some(condition),
            _ => None,
        });
        Ok(replacement.map_or(Outcome::Done, Outcome::Replace))
    }

    /// Corrode: a marker that would take Armor below zero becomes one direct damage instead.
    fn corrode_overflow(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::ConditionArriving { target, condition } = *trigger else {
            return Ok(Outcome::Done);
        };
        if table.game.armor(target) > 0 {
            return Ok(Outcome::Done);
        }
        let source = DamageSource::Condition(condition);
        table.game.deal_damage(target, 1, source);
        Ok(Outcome::Prevent)
    }

    /// Poison Fangs: +4 on the effect die against a Restrained or Incapacitated defender
    /// (supplement: Codex, Tainted).
    fn poison_fangs(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::EffectDie { defender } = *trigger else {
            return Ok(Outcome::Done);
        };
        let game = &table.game;
        let held = game.is_restrained(defender) || game.is_incapacitated(defender);
        Ok(Outcome::Modifier(if held { 4 } else { 0 }))
    }

    /// Vampiric: damage to a Living creature heals the attacker by half of it, rounded up,
    /// counting only damage up to the target's remaining health; first attack only.
    fn vampiric(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        if let Trigger::AttackDamaged {
            attacker,
            defender,
            counted,
            first: true,
            ..
        } = *trigger
        {
            if table.game.is_living(defender) {
                table.game.heal(attacker, counted.div_ceil(2));
            }
        }
        Ok(Outcome::Done)
    }

    /// Rage +X: a token, up to X, each time an enemy creature's attack damages the object.
    fn rage_tokens(table: &mut Table<'d>, source: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::AttackDamaged {
            attacker,
            defender,
            by_creature: true,
            ..
        } = *trigger
        else {
            return Ok(Outcome::Done);
        };
        let game = &mut *table.game;
        let controller = |id| game.store.get(id).map(|o| o.controller);
        let enemy = controller(attacker) != controller(defender);
        let cap = game.trait_x(source, Trait::Rage(0)).unwrap_or(0).max(0) as u32;
        if defender == source && enemy && cap > 0 && game.in_play(defender) {
            let tokens = game
                .store
                .get(defender)
                .map_or(0, |o| o.marker_count(&Marker::Rage));
            game.set_markers(defender, Marker::Rage, tokens.saturating_add(1).min(cap));
        }
        Ok(Outcome::Done)
    }

    /// Push: one zone away from the attacker, or a bash against the arena's edge.
    fn push(table: &mut Table<'d>, source: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::EffectOutcome { defender } = *trigger else {
            return Ok(Outcome::Done);
        };
        let Some(dice) = table.dice.as_deref_mut() else {
            return Err(AttackRefusal::PushWithoutDice.into());
        };
        push(table.game, dice, source, defender)?;
        Ok(Outcome::Done)
    }

    /// Snatch: the defender is pulled one zone toward the attacker.
    fn snatch(table: &mut Table<'d>, source: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::EffectOutcome { defender } = *trigger else {
            return Ok(Outcome::Done);
        };
        super::attack::snatch(table.game, source, defender)?;
        Ok(Outcome::Done)
    }

    fn resilient(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: roll_and_apply, critical damage counted as normal against it",
        ))
    }

    fn bleed(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "state: Game::heal, each point of healing prevented removes a Bleed",
        ))
    }

    fn extinguish(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "modifiers and attack: dice and effect die per Burn, then Burns removed",
        ))
    }

    fn incorporeal_damage(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: only 1s damage it, no effects without Ethereal",
        ))
    }

    fn zone_attack(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: zone_attack, one miss roll, every object in the zone",
        ))
    }

    fn flying(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "state: Game::is_flying; attack: reach and range",
        ))
    }

    fn immunity(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "state: Game::is_immune; attack damage, conditions by family",
        ))
    }

    fn incapacitated(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: no defense, no counterstrike; conditions: guard removed",
        ))
    }

    fn taunt_obligation(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules("attack: check_mandatory_attack"))
    }

    fn bloodthirsty_obligation(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules("attack: check_mandatory_attack"))
    }

    fn sweeping(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: attack_action, a second different target in the zone (AttackTarget::Sweep)",
        ))
    }

    fn counterstrike(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: the counterstrike step of a melee attack on the defender",
        ))
    }

    fn climbing(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "movement: check_move, a full action over a Corporeal wall that blocks passage",
        ))
    }

    fn familiar(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "casters: a spell planned for it, cast with its own action in its Action Phase",
        ))
    }

    fn spawnpoint(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "casters: a spell planned for it, cast in the Deployment Phase",
        ))
    }

    fn extendable(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "cast: a second copy on a connected border, for the wall's cost plus its Level",
        ))
    }

    fn passage_attack(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "walls: cross, the wall attacks a creature crossing it before it moves",
        ))
    }

    /// The spellbook check keeps a spell out of every other Mage's spellbook, and the engine
    /// has no effect that gives control of a spell to another player.
    fn mage_restriction(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "spellbook: class and school restrictions (no control change exists in play)",
        ))
    }
}
