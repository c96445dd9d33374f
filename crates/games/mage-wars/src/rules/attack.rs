//! The attack sequence, in the supplement's order: Declare Attack, Pay Costs, Roll to Miss,
//! Avoid Attack, Roll Dice, Damage and Effects, Additional Strikes, Damage Barrier,
//! Counterstrike, Attack Ends.

use grimoire_engine::{Dice, ObjectId, Zone};

use super::card::ObjectKind;
use super::conditions::place_condition;
use smallvec::SmallVec;

use super::content::{ActionSpeed, AttackBar, AttackKind, Condition, Defense, Handler, Trait};
use super::dice::{roll_attack_die, roll_effect_die};
use super::handlers::{fire, meet, Outcome, Trigger};
use super::modifiers::{
    attack_dice_with, dice_modifiers, effect_die_total, miss_roll, AttackContext, AttackMaker,
    DiceModifiers, FirstAttackBonuses,
};
use super::profile::{bar_has, AttackProfile, BASH};
use super::refusal::{AttackRefusal, Obligation, UnmodelledEffect};
use super::state::{DamageSource, Game, GameEvent, Marker, RulesError};
use super::walls::{self, Border};

/// What an attack action is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackTarget {
    /// One defender.
    Object(ObjectId),
    /// A Sweeping attack: two different defenders in the same zone.
    Sweep(ObjectId, ObjectId),
    /// A zone attack on every object in the zone.
    Zone(Zone),
}

/// How the attack action came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A creature's own attack action.
    Action,
    /// A Counterstrike (never triggers another Counterstrike).
    Counterstrike,
    /// A Damage Barrier attack (no roll to miss, unavoidable).
    DamageBarrier,
    /// A wall's passage attack on a creature crossing it (supplement: Move Action, step 4):
    /// no range, line of sight or guard applies, and it is neither melee nor ranged.
    Passage,
}

/// Options of an attack action.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AttackOptions {
    /// The attacker moved at least one zone just before (Charge +X).
    pub charged: bool,
}

/// Resolves a whole attack action of `attacker` with the attack bar `bar` (its own, or one
/// lent by a spell or equipment it uses). The dice of each individual attack of the action end
/// up in `game.last_dice_rolled`.
pub fn attack_action(
    game: &mut Game,
    dice: &mut dyn Dice,
    attacker: ObjectId,
    bar: &AttackProfile,
    target: AttackTarget,
    options: AttackOptions,
) -> Result<(), RulesError> {
    game.last_dice_rolled.clear();
    // codex: Incapacitated (no actions, attacks included; an Incapacitated Mage casts no
    // attack spells either). Counterstrikes and Damage Barriers are checked where they fire.
    if game.is_incapacitated(attacker) {
        return Err(AttackRefusal::Incapacitated.into());
    }
    check_mandatory_attack(game, attacker, bar, target)?;
    pay_costs(game, attacker, bar)?;
    attack_targets(game, dice, attacker, bar, target, options)?;
    if bar.is_melee() {
        game.melee_attack_made(attacker);
    }
    Ok(())
}

/// The attacks of an attack action against its target(s), once it is declared and paid.
fn attack_targets(
    game: &mut Game,
    dice: &mut dyn Dice,
    attacker: ObjectId,
    bar: &AttackProfile,
    target: AttackTarget,
    options: AttackOptions,
) -> Result<(), RulesError> {
    let mut ledger = ActionLedger::default();
    match target {
        AttackTarget::Object(defender) => {
            if bar.is_zone() {
                return Err(AttackRefusal::ZoneAttack {
                    attack: bar.bar.name,
                }
                .into());
            }
            sequence(
                game,
                dice,
                attacker,
                bar,
                defender,
                Origin::Action,
                options,
                &mut ledger,
            )
        }
        AttackTarget::Sweep(one, two) => {
            if !bar.has(Trait::Sweeping) || one == two {
                return Err(AttackRefusal::NotSweeping {
                    attack: bar.bar.name,
                }
                .into());
            }
            // supplement: Codex, Sweeping: the attacker must be able to attack both targets.
            for defender in [one, two] {
                if out_of_reach(game, attacker, bar, defender) {
                    return Err(AttackRefusal::CannotReachFlying {
                        attack: bar.bar.name,
                    }
                    .into());
                }
            }
            // supplement: Codex, Sweeping: a Flying attacker cannot gain or lose Flying during
            // the action, so its Sweeping melee takes two Flying or two non-Flying targets.
            if bar.is_melee()
                && game.is_flying(attacker)
                && game.is_flying(one) != game.is_flying(two)
            {
                return Err(AttackRefusal::SweepMixedFlying {
                    attack: bar.bar.name,
                }
                .into());
            }
            sequence(
                game,
                dice,
                attacker,
                bar,
                one,
                Origin::Action,
                options,
                &mut ledger,
            )?;
            sequence(
                game,
                dice,
                attacker,
                bar,
                two,
                Origin::Action,
                options,
                &mut ledger,
            )
        }
        AttackTarget::Zone(zone) => zone_attack(game, dice, attacker, bar, zone, options),
    }
}

/// Mandatory actions (supplement: Mandatory Actions; codex: Bloodthirsty +X, Taunt; the codex
/// entries' native handlers `bloodthirsty_obligation` and `taunt_obligation`): when the
/// attacker's action is declared while it could melee attack an obligated target, the attack
/// must be a melee attack on one of them (the controller chooses among several obligations). A
/// Sweeping attack's first target must be obligated, and its second too while another
/// obligated target is left (ruling 97).
fn check_mandatory_attack(
    game: &Game,
    attacker: ObjectId,
    bar: &AttackProfile,
    target: AttackTarget,
) -> Result<(), RulesError> {
    // Only a taunter or Bloodthirsty +X can oblige (see `obligated_target`).
    let taunted = game.taunter(attacker).is_some();
    if !taunted && game.trait_x(attacker, Trait::Bloodthirsty(0)).is_none() {
        return Ok(());
    }
    let obliged = |id: ObjectId| obligated_target(game, attacker, id);
    if !game.store.iter().any(|o| obliged(o.id)) {
        return Ok(());
    }
    let obeyed = bar.is_melee()
        && match target {
            AttackTarget::Object(defender) => obliged(defender),
            AttackTarget::Sweep(one, two) => {
                let another = game.store.iter().any(|o| o.id != one && obliged(o.id));
                obliged(one) && (obliged(two) || !another)
            }
            AttackTarget::Zone(_) => false,
        };
    if obeyed {
        return Ok(());
    }
    let taunter = game.taunter(attacker).filter(|&t| obliged(t));
    let targets: Vec<(ObjectId, &'static str)> = game
        .store
        .iter()
        .filter(|o| obliged(o.id))
        .map(|o| {
            let name = game.cards.get(o.id.0 as usize).map_or("", |c| c.name);
            (o.id, name)
        })
        .collect();
    let prey = targets.len() > usize::from(taunter.is_some());
    let obligation = match (taunter.is_some(), prey) {
        (true, true) => Obligation::TauntOrBloodthirsty,
        (true, false) => Obligation::Taunt,
        _ => Obligation::Bloodthirsty,
    };
    Err(AttackRefusal::Mandatory {
        attacker,
        obligation,
        targets,
    }
    .into())
}

/// True when `attacker`, choosing its action now, is obliged to melee attack `target`: a
/// damaged Living enemy creature in its zone when it is Bloodthirsty (+0 included, ruling 13),
/// or its taunter in its zone; in both cases only if some melee attack of the attacker could
/// legally target it (an obligation never makes an illegal attack legal, and includes paying
/// the attack's cost).
fn obligated_target(game: &Game, attacker: ObjectId, target: ObjectId) -> bool {
    let (Some(a), Some(t)) = (game.store.get(attacker), game.store.get(target)) else {
        return false;
    };
    if target == attacker || !t.in_play || t.zone != a.zone || game.is_incapacitated(attacker) {
        return false;
    }
    let taunted = game.taunter(attacker) == Some(target);
    let prey = t.controller != a.controller
        && t.damage > 0
        && game.is_living(target)
        && game.is_creature(target)
        && game.trait_x(attacker, Trait::Bloodthirsty(0)).is_some();
    if !(taunted || prey) {
        return false;
    }
    let invisible = game.has_trait(target, Trait::Invisible);
    if invisible || guarded_elsewhere(game, attacker, target) {
        return false;
    }
    let mana = game.mana.get(a.controller.0 as usize).copied().unwrap_or(0);
    let usable = |bar: &AttackBar| {
        let bar = AttackProfile::new(bar);
        bar.is_melee()
            && !bar.is_damage_barrier()
            && !bar.is_zone()
            && bar.cost() <= mana
            && !out_of_reach(game, attacker, &bar, target)
    };
    let own = game.cards.get(attacker.0 as usize);
    let worn = a.attachments.iter().filter_map(|&item| {
        let card = game.cards.get(item.0 as usize)?;
        (card.kind == ObjectKind::Equipment && game.in_play(item)).then_some(card)
    });
    own.into_iter()
        .chain(worn)
        .any(|card| card.attacks.iter().any(usable))
}

/// Step 2, Pay Costs: the attacker's controller pays the attack's mana cost, once per attack
/// action; an attack it cannot pay for cannot be made.
fn pay_costs(game: &mut Game, attacker: ObjectId, bar: &AttackProfile) -> Result<(), RulesError> {
    let player = game.object(attacker)?.controller;
    let cost = bar.cost();
    if cost == 0 {
        return Ok(());
    }
    let mana = game.mana_of(player);
    let left = mana.checked_sub(cost).ok_or(AttackRefusal::CannotPay {
        attack: bar.bar.name,
        cost,
        mana,
    })?;
    game.set_mana(player, left);
    Ok(())
}

/// A zone attack: one roll to miss for the whole zone, then steps 5 and 6 for each object in
/// the zone (in play order), all unavoidable.
fn zone_attack(
    game: &mut Game,
    dice: &mut dyn Dice,
    attacker: ObjectId,
    bar: &AttackProfile,
    zone: Zone,
    options: AttackOptions,
) -> Result<(), RulesError> {
    if !bar.is_zone() {
        return Err(AttackRefusal::NotZoneAttack {
            attack: bar.bar.name,
        }
        .into());
    }
    if let Some(why) = out_of_range(game, attacker, bar, zone, false) {
        return Err(why.into());
    }
    if misses(game, dice, attacker, Origin::Action)? {
        return Ok(());
    }
    let mut ledger = ActionLedger::default();
    for index in 0..game.store.len() {
        let defender = ObjectId(index as u32);
        // codex: Zone Attack: every creature and conjuration in the zone, a conjuration
        // attached to a creature (Tanglevine) included; an attached object is where its
        // carrier is.
        let here = game.in_play(defender)
            && game.standing_zone(defender) == Some(zone)
            && (game.is_creature(defender) || game.is_conjuration(defender));
        // The defender's `attacked` abilities, and an attack spell's `declared` ones, may
        // spare it (Earth Elemental's own Quake Stomp; a spell that spares its caster).
        if !here
            || super::abilities::attacked(game, defender, attacker, bar.bar.kind)
            || (bar.spell && super::abilities::declared(game, bar.abilities, attacker, defender))
        {
            continue;
        }
        game.log
            .push(GameEvent::AttackDeclared { attacker, defender });
        let ctx = AttackContext {
            attacker,
            defender,
            attack: bar,
            maker: AttackMaker::Creature,
            first: ledger.first(),
            granted: ledger.granted,
            charged: options.charged,
            retaliation: false,
        };
        let modifiers = ledger.attack_made(game, &ctx);
        roll_and_apply(game, dice, &ctx, &modifiers)?;
    }
    Ok(())
}

/// `bar` with what the attacker's attached cards add to its melee attacks (the
/// `melee_attacks_gain` of an enchantment such as one granting Vampiric), or `None` when
/// nothing changes it.
fn boosted<'a>(
    game: &Game,
    attacker: ObjectId,
    bar: &AttackProfile<'a>,
) -> Option<AttackProfile<'a>> {
    if !bar.is_melee() {
        return None;
    }
    let mut boosted: Option<AttackProfile<'a>> = None;
    for &child in game.store.get(attacker).map_or(&[][..], |o| &o.attachments) {
        if let (Some(card), true) = (game.cards.get(child.0 as usize), game.in_play(child)) {
            if !card.melee_attacks_gain.is_empty() {
                boosted.get_or_insert(*bar).boost(card.melee_attacks_gain);
            }
        }
    }
    boosted
}

/// What the attacks of one attack action have made so far.
#[derive(Debug, Default)]
struct ActionLedger {
    /// Individual attacks made (missed and avoided ones included).
    attacks: u32,
    /// The first-attack-only bonuses received so far.
    granted: FirstAttackBonuses,
}

impl ActionLedger {
    fn first(&self) -> bool {
        self.attacks == 0
    }

    /// Records an attack made with `ctx`'s bonuses.
    fn attack_made(&mut self, game: &Game, ctx: &AttackContext) -> DiceModifiers {
        self.attacks += 1;
        let modifiers = dice_modifiers(game, ctx);
        self.granted = self.granted.max(modifiers.first_attack());
        modifiers
    }
}

/// Steps 1 to 10 against one defender.
#[allow(clippy::too_many_arguments)]
fn sequence(
    game: &mut Game,
    dice: &mut dyn Dice,
    attacker: ObjectId,
    bar: &AttackProfile,
    defender: ObjectId,
    origin: Origin,
    options: AttackOptions,
    ledger: &mut ActionLedger,
) -> Result<(), RulesError> {
    // Only a melee attacker with something attached can be boosted by what it wears.
    let wears = bar.is_melee()
        && game
            .store
            .get(attacker)
            .is_some_and(|o| !o.attachments.is_empty());
    let mut boosted_bar = if wears {
        boosted(game, attacker, bar)
    } else {
        None
    };
    // An attack action's melee attacks gain what a spell promised its next melee attack
    // (Perfect Strike); a Counterstrike or Damage Barrier does not.
    if origin == Origin::Action && bar.is_melee() {
        for &(_, traits) in game
            .next_melee_attack_gains
            .iter()
            .filter(|(o, _)| *o == attacker)
        {
            boosted_bar.get_or_insert(*bar).boost(traits);
        }
    }
    let bar = boosted_bar.as_ref().unwrap_or(bar);
    if !game.in_play(defender) {
        return Err(AttackRefusal::DefenderNotInPlay(defender).into());
    }
    let invisible = game.has_trait(defender, Trait::Invisible);
    if origin == Origin::Action && invisible && defender != attacker {
        return Err(AttackRefusal::Invisible(defender).into());
    }
    // Whether the defender flies, for the range and reach checks below (nothing changes it
    // in between).
    let defender_flying = origin == Origin::Action && game.is_flying(defender);
    if origin == Origin::Action {
        let zone = game.zone_of(defender);
        if let Some(why) =
            zone.and_then(|zone| out_of_range(game, attacker, bar, zone, defender_flying))
        {
            return Err(why.into());
        }
    }
    // An attack spell's `declared` abilities act now (supplement: Card Clarifications, Geyser:
    // a burning target loses every Burn and the attack ends, even against Hydro Immunity).
    if origin == Origin::Action
        && bar.spell
        && super::abilities::declared(game, bar.abilities, attacker, defender)
    {
        game.log
            .push(GameEvent::AttackDeclared { attacker, defender });
        return Ok(());
    }
    // The defender's own `attacked` abilities may cancel the attack against it.
    if origin == Origin::Action
        && super::abilities::attacked(game, defender, attacker, bar.bar.kind)
    {
        game.log
            .push(GameEvent::AttackDeclared { attacker, defender });
        return Ok(());
    }
    // codex: Immunity: an object cannot be targeted by spells of the type it is immune to;
    // supplement: Codex, Extinguish makes the exception for an Extinguish attack.
    if origin == Origin::Action
        && bar.spell
        && !bar.has(Trait::Extinguish)
        && bar
            .bar
            .damage_type
            .is_some_and(|d| game.is_immune(defender, d))
    {
        return Err(AttackRefusal::Immune {
            attack: bar.bar.name,
            defender,
        }
        .into());
    }
    // `out_of_reach`, with the defender's flight known unless a spell's `declared` abilities
    // may have changed it since.
    let cannot_reach = if bar.spell {
        out_of_reach(game, attacker, bar, defender)
    } else {
        bar.is_melee() && !bar.has(Trait::Reach) && defender_flying && !game.is_flying(attacker)
    };
    if origin == Origin::Action && cannot_reach {
        return Err(AttackRefusal::CannotReachFlying {
            attack: bar.bar.name,
        }
        .into());
    }
    if origin == Origin::Action && bar.is_melee() && guarded_elsewhere(game, attacker, defender) {
        return Err(AttackRefusal::Guarded(defender).into());
    }
    // Taxes on melee attacks against what the defender wears (Suppression Cloak), paid with
    // the attack's costs; an attack that cannot pay them cannot be declared.
    if origin == Origin::Action && bar.is_melee() {
        super::abilities::pay_melee_attack_taxes(game, attacker, defender, bar.bar.name)?;
    }
    // Cards whose handlers the engine does not model are reported as they take part.
    meet(game, attacker)?;
    meet(game, defender)?;
    // 1. Declare Attack: a melee attack removes the defender's Guard marker.
    let was_guarding = game.is_guarding(defender);
    game.log
        .push(GameEvent::AttackDeclared { attacker, defender });
    if bar.is_melee() {
        game.set_markers(defender, Marker::Guard, 0);
    }
    // 2. Pay Costs: paid once for the whole attack action (see `pay_costs`).
    let maker = if matches!(origin, Origin::DamageBarrier | Origin::Passage) {
        AttackMaker::NotACreature
    } else {
        AttackMaker::Creature
    };
    let mut hit = false;
    for _strike in 0..bar.strikes() {
        if !game.in_play(defender) || !game.in_play(attacker) {
            break;
        }
        let ctx = AttackContext {
            attacker,
            defender,
            attack: bar,
            maker,
            first: ledger.first(),
            granted: ledger.granted,
            charged: options.charged,
            retaliation: origin != Origin::Action,
        };
        // The attack is made, hit or not: its bonuses count as received.
        let modifiers = ledger.attack_made(game, &ctx);
        // 3. Roll to Miss, 4. Avoid Attack.
        if misses(game, dice, attacker, origin)? || avoids(game, dice, defender, bar, origin)? {
            continue;
        }
        // 5. Roll Dice, 6. Damage and Effects.
        roll_and_apply(game, dice, &ctx, &modifiers)?;
        hit = true;
        // 7. Additional Strikes: back to step 3.
    }
    if !bar.is_melee()
        || attacker == defender
        || origin != Origin::Action && origin != Origin::Counterstrike
    {
        return Ok(());
    }
    // 8. Damage Barrier: only against an enemy whose attack hit.
    let enemies = game.object(attacker)?.controller != game.object(defender)?.controller;
    if hit && enemies && game.in_play(attacker) {
        if let Some((barrier, index)) = damage_barrier_of(game, defender) {
            let barrier_bar = AttackProfile::new(&game.card(barrier)?.attacks[index]);
            let mut barrier_ledger = ActionLedger::default();
            let saved = std::mem::take(&mut game.last_dice_rolled);
            let result = sequence(
                game,
                dice,
                barrier,
                &barrier_bar,
                attacker,
                Origin::DamageBarrier,
                AttackOptions::default(),
                &mut barrier_ledger,
            );
            game.last_dice_rolled = saved;
            result?;
        }
    }
    // 9. Counterstrike: never answers a Counterstrike; a destroyed or incapacitated defender
    // cannot make it, nor one no longer in the attacker's zone (pushed away by the attack):
    // a counterstrike is a melee attack.
    let same_zone = game.zone_of(defender) == game.zone_of(attacker);
    if origin == Origin::Action
        && game.in_play(defender)
        && game.in_play(attacker)
        && same_zone
        && !game.is_incapacitated(defender)
    {
        let attacks = game.card(defender)?.attacks;
        let melee = |bar: &AttackBar| bar.kind == AttackKind::Melee;
        let mut counter = None;
        for bar in attacks {
            if melee(bar) && bar_has(bar, Trait::Counterstrike) {
                counter = Some(bar);
                break;
            }
        }
        // codex: Restrained: a Restrained Guard keeps the Counterstrike a Guard gets (only
        // Protect the Zone is lost, see `guarded_elsewhere`).
        if counter.is_none() && was_guarding {
            counter = attacks
                .iter()
                .find(|bar| melee(bar) && bar.speed == Some(ActionSpeed::Quick));
        }
        let counter = counter.map(AttackProfile::new);
        if let Some(counter) = counter {
            let mut counter_ledger = ActionLedger::default();
            let saved = std::mem::take(&mut game.last_dice_rolled);
            sequence(
                game,
                dice,
                defender,
                &counter,
                attacker,
                Origin::Counterstrike,
                AttackOptions::default(),
                &mut counter_ledger,
            )?;
            game.last_dice_rolled = saved;
        }
    }
    // 10. Attack Ends.
    Ok(())
}

/// Protect the Zone (supplement: Guarding): with an enemy Guard in the defender's zone, a melee
/// attack must target an enemy Guard, unless the attacker attacks itself or something attached
/// to it, is Elusive (Invisible includes Elusive), or the Guard is Restrained or a Pest (either
/// may be ignored; codex: Restrained, Pest).
fn guarded_elsewhere(game: &Game, attacker: ObjectId, defender: ObjectId) -> bool {
    let (Some(a), Some(d)) = (game.store.get(attacker), game.store.get(defender)) else {
        return false;
    };
    let own = defender == attacker || d.attached_to == Some(attacker);
    // Invisible implies Elusive (codex).
    if own || d.marker_count(&Marker::Guard) > 0 || game.has_trait(attacker, Trait::Elusive) {
        return false;
    }
    game.store.iter().any(|o| {
        o.in_play
            && o.zone == d.zone
            && o.controller != a.controller
            && o.marker_count(&Marker::Guard) > 0
            && !game.is_restrained(o.id)
            && !game.has_trait(o.id, Trait::Pest)
    })
}

/// Why a target in `zone` is out of the attack's range or sight, if it is: melee attacks
/// reach only the attacker's zone (a wall: from either zone it borders), other attacks their
/// range (min-max zones) and need line of sight. In the same zone a ranged
/// attack may target a Flying object, and a Flying attacker may attack, whatever the minimum
/// range (supplement: All About Attacks, Flying).
fn out_of_range(
    game: &Game,
    attacker: ObjectId,
    bar: &AttackProfile,
    zone: Zone,
    target_flying: bool,
) -> Option<AttackRefusal> {
    let from = game.zone_of(attacker)?;
    let (min, max) = if bar.is_melee() {
        (0, 0)
    } else {
        let range = bar.range?;
        (u32::from(range.min), u32::from(range.max))
    };
    let distance = walls::distance(&game.arena, from, zone);
    let flying_in_zone = || distance == 0 && (target_flying || game.is_flying(attacker));
    if distance > max || (distance < min && !flying_in_zone()) {
        return Some(AttackRefusal::OutOfRange {
            attack: bar.bar.name,
            min,
            max,
            distance,
        });
    }
    // codex: LoS, Indirect: a ranged or zone attack needs line of sight to its target's
    // place (a wall's: the center of its border); a melee attack reaches its own zone.
    let sees = bar.is_melee() || bar.has(Trait::Indirect) || walls::line_of_sight(game, from, zone);
    (!sees).then_some(AttackRefusal::NoLineOfSight {
        attack: bar.bar.name,
    })
}

/// A melee attack without Reach by an attacker without Flying cannot attack a Flying creature
/// (codex: Flying, Reach).
pub(crate) fn out_of_reach(
    game: &Game,
    attacker: ObjectId,
    bar: &AttackProfile,
    defender: ObjectId,
) -> bool {
    bar.is_melee()
        && !bar.has(Trait::Reach)
        && game.is_flying(defender)
        && !game.is_flying(attacker)
}

/// The Damage Barrier protecting `defender`: the first attached object with a Damage Barrier
/// attack (an object can have only one working barrier).
#[inline(always)]
fn damage_barrier_of(game: &Game, defender: ObjectId) -> Option<(ObjectId, usize)> {
    // Nothing attached (most defenders): no barrier.
    if game
        .store
        .get(defender)
        .is_none_or(|o| o.attachments.is_empty())
    {
        return None;
    }
    attached_damage_barrier(game, defender)
}

/// [`damage_barrier_of`] for a defender with something attached.
#[inline(never)]
fn attached_damage_barrier(game: &Game, defender: ObjectId) -> Option<(ObjectId, usize)> {
    let object = game.store.get(defender)?;
    object.attachments.iter().find_map(|&child| {
        let card = game.cards.get(child.0 as usize)?;
        let index = card
            .attacks
            .iter()
            .position(|a| AttackProfile::new(a).is_damage_barrier())?;
        game.in_play(child).then_some((child, index))
    })
}

/// Step 3: an attacker with a `miss_roll` operation (Daze) rolls the effect die once and
/// misses below its `hit_on`.
fn misses(
    game: &mut Game,
    dice: &mut dyn Dice,
    attacker: ObjectId,
    origin: Origin,
) -> Result<bool, RulesError> {
    let Some(hit_on) = miss_roll(game, attacker).filter(|_| origin != Origin::DamageBarrier) else {
        return Ok(false);
    };
    let roll = roll_effect_die(dice)?;
    if roll >= hit_on {
        return Ok(false);
    }
    game.log.push(GameEvent::Missed { attacker, roll });
    game.last_dice_rolled.push(0);
    Ok(true)
}

/// Step 4: the defender may use a Defense (d12 plus its `defense_modifier` operations: -2 per
/// Daze, -2 when Restrained) unless the attack is Unavoidable or the defender is
/// Incapacitated; each Defense has uses per round.
fn avoids(
    game: &mut Game,
    dice: &mut dyn Dice,
    defender: ObjectId,
    bar: &AttackProfile,
    origin: Origin,
) -> Result<bool, RulesError> {
    if origin == Origin::DamageBarrier {
        return Ok(false);
    }
    let Some((source, defense, used)) = usable_defense(game, defender, bar) else {
        return Ok(false);
    };
    let roll = roll_effect_die(dice)?.saturating_add(game.defense_modifier(defender));
    game.set_markers(source, Marker::DefenseUsed, used.saturating_add(1));
    if roll < i32::from(defense.roll) {
        return Ok(false);
    }
    game.log.push(GameEvent::Avoided { defender, roll });
    game.last_dice_rolled.push(0);
    Ok(true)
}

/// The Defense the defender can use against `bar` now, as [`ready_defense`] finds it: none
/// against an Unavoidable attack or while the defender is Incapacitated (codex: Unavoidable,
/// Incapacitated).
#[inline]
pub(crate) fn usable_defense(
    game: &Game,
    defender: ObjectId,
    bar: &AttackProfile,
) -> Option<(ObjectId, Defense, u32)> {
    if bar.is_unavoidable() || game.is_incapacitated(defender) {
        return None;
    }
    ready_defense(game, defender, bar)
}

/// The Defense the defender uses against `bar`, with the object that provides it and its uses
/// so far this round: its own or one an attached card gives (equipment or enchantment; codex:
/// Defense), whichever ready one
/// needs the lowest roll (its own on a tie). A Defense marked No Ranged cannot be used against
/// ranged attacks; each source counts its own uses.
#[inline]
fn ready_defense(
    game: &Game,
    defender: ObjectId,
    bar: &AttackProfile,
) -> Option<(ObjectId, Defense, u32)> {
    let ready = |source: ObjectId| {
        let defense = game.cards.get(source.0 as usize)?.defense?;
        let used = game
            .store
            .get(source)
            .map_or(0, |o| o.marker_count(&Marker::DefenseUsed));
        let spent = defense.uses.is_some_and(|limit| used >= u32::from(limit));
        let barred = defense.no_ranged && bar.is_ranged();
        (!spent && !barred).then_some((source, defense, used))
    };
    let mut best = ready(defender);
    let worn = game.store.get(defender).map_or(0, |o| o.attachments.len());
    for index in 0..worn {
        let Some(&child) = game
            .store
            .get(defender)
            .and_then(|o| o.attachments.get(index))
        else {
            break;
        };
        if let Some(candidate) = ready(child).filter(|_| game.in_play(child)) {
            if best.is_none_or(|(_, current, _)| candidate.1.roll < current.roll) {
                best = Some(candidate);
            }
        }
    }
    best
}

/// Steps 5 and 6: roll the attack dice, deal damage, roll the effect die and apply effects.
/// `modifiers` were worked out as the attack was made (before the miss and defense rolls,
/// which do not change them).
fn roll_and_apply(
    game: &mut Game,
    dice: &mut dyn Dice,
    ctx: &AttackContext,
    modifiers: &DiceModifiers,
) -> Result<(), RulesError> {
    let (attacker, defender, bar) = (ctx.attacker, ctx.defender, ctx.attack);
    let count = attack_dice_with(game, ctx, modifiers);
    // Incorporeal (native handler `incorporeal_damage`): only the 1s of a non-Ethereal attack
    // damage it, and such an attack gives it no effects.
    let incorporeal = game.has_trait(defender, Trait::Incorporeal);
    let ones_only = incorporeal && !bar.has(Trait::Ethereal);
    let all_critical = bar.has(Trait::CriticalDamage);
    let (mut normal, mut critical) = (0, 0);
    for _ in 0..count {
        let face = roll_attack_die(dice)?;
        if ones_only {
            critical += u32::from(face.normal + face.critical == 1);
        } else if face.critical > 0 || all_critical {
            critical += face.normal + face.critical;
        } else {
            normal += face.normal;
        }
    }
    game.last_dice_rolled.push(count);
    game.log.push(GameEvent::DiceRolled {
        attacker,
        dice: count,
        normal,
        critical,
    });
    // Resilient (native handler `resilient`): critical damage counts as normal damage, so
    // Armor reduces it.
    if !ones_only && game.has_trait(defender, Trait::Resilient) {
        (normal, critical) = (normal + critical, 0);
    }
    // Extinguish (native handler `extinguish`): all Burns go once the attack is resolved.
    let extinguish = bar.has(Trait::Extinguish);
    let immune = bar
        .bar
        .damage_type
        .is_some_and(|d| game.is_immune(defender, d));
    if immune {
        if extinguish {
            game.set_markers(defender, Marker::Condition(Condition::Burn), 0);
        }
        return Ok(());
    }
    let armor = if ones_only {
        0
    } else {
        game.armor(defender).saturating_sub(modifiers.piercing(bar))
    };
    let damage = if bar.has(Trait::NoDamage) {
        0
    } else {
        normal.saturating_sub(armor) + critical
    };
    let remaining = game
        .life(defender)
        .saturating_sub(game.store.get(defender).map_or(0, |o| o.damage));
    let dealt = game.deal_damage(defender, damage, DamageSource::Attack);
    if dealt > 0 {
        after_damage(game, dice, ctx, dealt.min(remaining))?;
    }
    if bar.bar.effects.is_empty() || !game.in_play(defender) || ones_only {
        if extinguish {
            game.set_markers(defender, Marker::Condition(Condition::Burn), 0);
        }
        return Ok(());
    }
    let roll = roll_effect_die(dice)?;
    let modified = roll.saturating_add(effect_die_total(game, ctx)?);
    if extinguish {
        game.set_markers(defender, Marker::Condition(Condition::Burn), 0);
    }
    game.log.push(GameEvent::EffectRolled { roll, modified });
    // The row whose range holds the modified roll; a roll above every row takes the highest.
    let rows = bar.bar.effects;
    let row = rows
        .iter()
        .find(|row| {
            modified >= i32::from(row.min) && row.max.is_none_or(|max| modified <= i32::from(max))
        })
        .or_else(|| {
            rows.iter()
                .filter(|row| modified >= i32::from(row.min))
                .max_by_key(|row| row.min)
        });
    let Some(row) = row else {
        return Ok(());
    };
    for &outcome in row.apply {
        apply_outcome(game, dice, ctx, outcome)?;
    }
    Ok(())
}

/// After an attack dealt damage (`counted` is the damage up to the defender's remaining
/// health): the native handlers of the attack's traits (Vampiric) and of the defender's
/// traits (Rage +X) at [`Trigger::AttackDamaged`], then the attack's `mana_drain` operation.
fn after_damage(
    game: &mut Game,
    dice: &mut dyn Dice,
    ctx: &AttackContext,
    counted: u32,
) -> Result<(), RulesError> {
    let (attacker, defender) = (ctx.attacker, ctx.defender);
    let trigger = Trigger::AttackDamaged {
        attacker,
        defender,
        counted,
        first: ctx.first,
        by_creature: ctx.maker == AttackMaker::Creature,
    };
    let mut handlers: SmallVec<[(Handler, ObjectId); 4]> = SmallVec::new();
    // An attack without traits (the usual melee attack) has no handlers to look for.
    if ctx.attack.has_traits() {
        for t in ctx.attack.traits() {
            if let Some(h) = t.meta().handler {
                if !handlers.iter().any(|(known, _)| *known == h) {
                    handlers.push((h, attacker));
                }
            }
        }
    }
    game.for_each_trait(defender, |t| {
        if let Some(h) = t.meta().handler {
            if !handlers.iter().any(|(known, _)| *known == h) {
                handlers.push((h, defender));
            }
        }
    });
    for (handler, source) in handlers {
        fire(game, Some(&mut *dice), handler, source, trigger)?;
    }
    if let Some((amount, transfer)) = ctx.attack.mana_drain() {
        let enemy = game.store.get(attacker).map(|o| o.controller)
            != game.store.get(defender).map(|o| o.controller);
        if ctx.first && enemy && game.is_creature(defender) {
            drain_mana(game, ctx, amount, transfer);
        }
    }
    Ok(())
}

/// Mana Drain: the defender's controller loses up to `amount` mana; with `transfer` the
/// attacker's controller gains what was lost (codex: Mana Drain +X, Mana Transfer +X).
fn drain_mana(game: &mut Game, ctx: &AttackContext, amount: u32, transfer: bool) {
    let owner = |id| game.store.get(id).map(|o| o.controller);
    let (Some(victim), Some(drainer)) = (owner(ctx.defender), owner(ctx.attacker)) else {
        return;
    };
    let available = game.mana_of(victim);
    let lost = available.min(amount);
    if lost == 0 {
        return;
    }
    game.set_mana(victim, available - lost);
    if transfer {
        let gained = game.mana_of(drainer) + lost;
        game.set_mana(drainer, gained);
    }
}

/// Applies one outcome of the effect table to the defender: a condition marker, or an
/// outcome that leaves none (`marker = false`) and whose native handler acts (Push).
fn apply_outcome(
    game: &mut Game,
    dice: &mut dyn Dice,
    ctx: &AttackContext,
    outcome: Condition,
) -> Result<(), RulesError> {
    if outcome.meta().marker {
        place_condition(
            game,
            ctx.defender,
            outcome,
            Some(ctx.attacker),
            ctx.retaliation,
        )?;
        return Ok(());
    }
    let Some(handler) = outcome.meta().handler else {
        return Err(RulesError::NotModelled(UnmodelledEffect {
            effect: outcome,
            handler: None,
        }));
    };
    let trigger = Trigger::EffectOutcome {
        defender: ctx.defender,
    };
    match fire(game, Some(dice), handler, ctx.attacker, trigger)? {
        Outcome::NotModelled(_) | Outcome::InRules(_) => {
            Err(RulesError::NotModelled(UnmodelledEffect {
                effect: outcome,
                handler: Some(handler),
            }))
        }
        _ => Ok(()),
    }
}

/// Push (codex: Push; supplement: Push): one zone away from the source along the line from
/// source to target (on a diagonal, the first of the two cardinal directions that stays in
/// the arena); from the same zone, the first direction (north, east, south, west) that stays in
/// the arena. Pushed into the arena's edge, which blocks passage, the target is bashed instead:
/// an unavoidable attack of 3 dice. Unmovable objects ignore Push.
pub(crate) fn push(
    game: &mut Game,
    dice: &mut dyn Dice,
    source: ObjectId,
    target: ObjectId,
) -> Result<(), RulesError> {
    if game.has_trait(target, Trait::Unmovable) {
        return Ok(());
    }
    let arena = game.arena;
    let (w, h) = (arena.columns as i32, arena.rows as i32);
    let (fx, fy) = arena.zone_position(game.object(source)?.zone);
    let (tx, ty) = arena.zone_position(game.object(target)?.zone);
    let (fx, fy, tx, ty) = (fx as i32, fy as i32, tx as i32, ty as i32);
    let inside = |(dx, dy): (i32, i32)| (0..w).contains(&(tx + dx)) && (0..h).contains(&(ty + dy));
    let (ax, ay) = ((tx - fx).signum(), (ty - fy).signum());
    let step = if (ax, ay) == (0, 0) {
        [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .into_iter()
            .find(|&d| inside(d))
    } else {
        [(ax, 0), (0, ay)]
            .into_iter()
            .filter(|&d| d != (0, 0))
            .find(|&d| inside(d))
    };
    let Some(zone) = step.and_then(|(dx, dy)| arena.zone_at((tx + dx) as u32, (ty + dy) as u32))
    else {
        return bash(game, dice, source, target);
    };
    // Walls on the way: a Passage Blocked wall bashes the creature, a Passage Attacks wall
    // attacks it first; a Flying creature passes over both (supplement: Walls, Push).
    let from = game.object(target)?.zone;
    if let Some(border) = Border::between(&arena, from, zone) {
        if walls::passage_blocked(game, target, border) {
            return bash(game, dice, source, target);
        }
        walls::cross(game, dice, target, border)?;
        if !game.in_play(target) || game.has_trait(target, Trait::Unmovable) {
            return Ok(());
        }
    }
    game.move_to(target, zone);
    Ok(())
}

/// Snatch (supplement: Kraken, "Snatched and Pushed to the Kraken's zone"): the target moves one
/// zone toward the source, along the line between them (on a diagonal, the column first); a
/// target already in the source's zone, or Unmovable, stays.
pub(crate) fn snatch(
    game: &mut Game,
    source: ObjectId,
    target: ObjectId,
) -> Result<(), RulesError> {
    if game.has_trait(target, Trait::Unmovable) {
        return Ok(());
    }
    let arena = game.arena;
    let (fx, fy) = arena.zone_position(game.object(source)?.zone);
    let (tx, ty) = arena.zone_position(game.object(target)?.zone);
    let (dx, dy) = (
        (fx as i64 - tx as i64).signum(),
        (fy as i64 - ty as i64).signum(),
    );
    let step = if dx != 0 { (dx, 0) } else { (0, dy) };
    if step == (0, 0) {
        return Ok(());
    }
    let (nx, ny) = (tx as i64 + step.0, ty as i64 + step.1);
    if let Some(zone) = arena.zone_at(nx as u32, ny as u32) {
        game.move_to(target, zone);
    }
    Ok(())
}

/// A wall's passage attack (its bar `bar`) on `creature`, which is crossing the wall
/// ([`super::walls::cross`]). It is an attack of its own, made by no creature: no range,
/// line of sight or guard applies, and the creature may use a Defense unless the attack is
/// Unavoidable (supplement: Card Clarifications, Wall of Pikes).
pub(crate) fn passage_attack(
    game: &mut Game,
    dice: &mut dyn Dice,
    wall: ObjectId,
    bar: usize,
    creature: ObjectId,
) -> Result<(), RulesError> {
    let profile = AttackProfile::new(&game.card(wall)?.attacks[bar]);
    let mut ledger = ActionLedger::default();
    let saved = std::mem::take(&mut game.last_dice_rolled);
    let result = sequence(
        game,
        dice,
        wall,
        &profile,
        creature,
        Origin::Passage,
        AttackOptions::default(),
        &mut ledger,
    );
    game.last_dice_rolled = saved;
    result
}

/// A bash against a wall that blocks passage: the [`BASH`] attack, reduced by armor as usual
/// (codex: Push, Bashed).
fn bash(
    game: &mut Game,
    dice: &mut dyn Dice,
    source: ObjectId,
    target: ObjectId,
) -> Result<(), RulesError> {
    let wall = AttackProfile::new(&BASH);
    let ctx = AttackContext {
        attacker: source,
        defender: target,
        attack: &wall,
        maker: AttackMaker::NotACreature,
        first: false,
        granted: FirstAttackBonuses::default(),
        charged: false,
        retaliation: false,
    };
    let saved = std::mem::take(&mut game.last_dice_rolled);
    let modifiers = dice_modifiers(game, &ctx);
    let result = roll_and_apply(game, dice, &ctx, &modifiers);
    game.last_dice_rolled = saved;
    result
}
