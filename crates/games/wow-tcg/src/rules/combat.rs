//! Combat (600-603): proposal legality, the combat step with its attack window, the protect
//! point, the defend window with weapon strikes, and combat conclusion with simultaneous
//! combat damage packets.

use grimoire_engine::{Ctx, ObjectId, PlayerId};

use super::card::Kind;
use super::chain::{self, check_main_timing, check_priority, pay_resources};
use super::checks::trigger;
use super::content::{AttackLimit, EffectOp, Recipient, TriggerEvent};
use super::packets::{deliver, option_names, Packet};
use super::refusal::{CombatRefusal, MainAction};
use super::state::{AtkChange, Combat, Game, GameEvent, LinkKind, RulesError, Window};

/// Whether `attacker` may be proposed to attack `defender` now (601.2).
pub fn proposal_legal(
    game: &Game,
    attacker: ObjectId,
    defender: ObjectId,
) -> Result<(), RulesError> {
    proposal_legal_with(game, attacker, defender, &attack_restrictions(game))
}

/// A `cannot_attack` operation of a card in play (601.2a): its holder, the holder's
/// controller, whom it stops and which defenders it forbids.
#[derive(Debug, Clone, Copy)]
pub struct AttackRestriction {
    holder: ObjectId,
    controller: PlayerId,
    to: Recipient,
    limit: AttackLimit,
}

/// The `cannot_attack` operations of the cards in play now, holders in id order: listed once
/// for the many proposals `legal_actions` judges.
pub fn attack_restrictions(game: &Game) -> Vec<AttackRestriction> {
    let mut restrictions = Vec::new();
    for holder in game.objects_in_play() {
        let controller = game.controller(holder);
        game.for_each_op(holder, |_, op| {
            if let EffectOp::CannotAttack { to, limit } = *op {
                restrictions.push(AttackRestriction {
                    holder,
                    controller,
                    to,
                    limit,
                });
            }
        });
    }
    restrictions
}

/// [`proposal_legal`] with the `restrictions` of the cards in play (from
/// [`attack_restrictions`] of this state).
pub fn proposal_legal_with(
    game: &Game,
    attacker: ObjectId,
    defender: ObjectId,
    restrictions: &[AttackRestriction],
) -> Result<(), RulesError> {
    let name = |o| game.named(o);
    if !game.in_play(attacker) || !game.is_character(attacker) {
        return Err(CombatRefusal::NotCharacterInPlay(name(attacker)).into());
    }
    if !game.in_play(defender) || !game.is_character(defender) {
        return Err(CombatRefusal::NotCharacterInPlay(name(defender)).into());
    }
    if attacker == defender {
        return Err(CombatRefusal::AttacksItself.into());
    }
    if game.controller(attacker) != game.turn_player {
        return Err(CombatRefusal::NotTurnPlayers(name(attacker)).into());
    }
    if game.is_totem(attacker) {
        return Err(CombatRefusal::Totem(name(attacker)).into());
    }
    if game.exhausted(attacker) {
        return Err(CombatRefusal::AttackerExhausted(name(attacker)).into());
    }
    let arrived = game.card(attacker).kind == Kind::Ally
        && game.status[attacker.0 as usize].joined_turn >= game.turn;
    if arrived && !game.has_op(attacker, |op| matches!(op, EffectOp::AttacksOnArrival)) {
        return Err(CombatRefusal::NoFerocity(name(attacker)).into());
    }
    if game.controller(defender) == game.turn_player {
        return Err(CombatRefusal::NotOpponents(name(defender)).into());
    }
    if game.has_op(defender, |op| matches!(op, EffectOp::CannotBeDefender)) {
        return Err(CombatRefusal::Elusive(name(defender)).into());
    }
    if !can_attack(game, attacker, defender, restrictions) {
        return Err(CombatRefusal::CannotAttack {
            attacker: name(attacker),
            defender: name(defender),
        }
        .into());
    }
    Ok(())
}

/// Whether no `cannot_attack` restriction of a card in play stops `attacker` from attacking
/// `defender` (601.2a: a legal attacker must be able to attack the proposed defender).
fn can_attack(
    game: &Game,
    attacker: ObjectId,
    defender: ObjectId,
    restrictions: &[AttackRestriction],
) -> bool {
    let hero = game.card(defender).kind == Kind::Hero;
    !restrictions.iter().any(|r| {
        let forbids = match r.limit {
            AttackLimit::Any => true,
            AttackLimit::Heroes => hero,
            AttackLimit::Allies => !hero,
        };
        forbids && game.is_recipient(r.to, r.holder, r.controller, attacker)
    })
}

/// Proposes a combat (601.1): adds a proposal effect to the chain.
pub fn propose(
    game: &mut Game,
    player: PlayerId,
    attacker: ObjectId,
    defender: ObjectId,
) -> Result<(), RulesError> {
    check_priority(game, player)?;
    check_main_timing(game, player, MainAction::ProposeCombat)?;
    proposal_legal(game, attacker, defender)?;
    chain::add_effect(game, player, LinkKind::Proposal { attacker, defender });
    Ok(())
}

/// The proposal resolved: the combat step starts (602.1).
pub fn start(game: &mut Game, attacker: ObjectId, defender: ObjectId) -> Result<(), RulesError> {
    game.set_exhausted(attacker, true);
    game.combat = Some(Combat {
        attacker: Some(attacker),
        defender: Some(defender),
        protector: None,
        window: Window::Attack,
        struck: Vec::new(),
        strike_types: Vec::new(),
    });
    game.record(GameEvent::CombatStarted { attacker, defender });
    trigger(game, attacker, TriggerEvent::ThisAttacks);
    game.priority = game.turn_player;
    game.passes = 0;
    Ok(())
}

/// Closes the attack window (protect point, then the defend window) or the defend window
/// (combat conclusion).
pub fn close_window(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    let Some(combat) = game.combat.as_ref() else {
        return Ok(());
    };
    match combat.window {
        Window::Attack => {
            protect_point(game, ctx)?;
            if let Some(c) = game.combat.as_mut() {
                c.window = Window::Defend;
            }
            game.priority = game.turn_player;
            Ok(())
        }
        Window::Defend => conclude(game, ctx),
    }
}

/// The protect point (602.2): each player friendly to the proposed defender, in turn order,
/// may exhaust a ready, non-attacking character of its party that can protect; only one
/// character protects (602.2b), and none while the attacker has stealth (602.2a).
fn protect_point(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    let Some(Combat {
        attacker: Some(attacker),
        defender: Some(defender),
        ..
    }) = game.combat.clone()
    else {
        return Ok(());
    };
    if game.has_op(attacker, |op| {
        matches!(op, EffectOp::NoProtectWhileAttacking)
    }) {
        return Ok(());
    }
    let defending_player = game.controller(defender);
    for player in game.players_from_turn() {
        if player != defending_player {
            continue;
        }
        let protectors: Vec<ObjectId> = game
            .objects_in_play()
            .filter(|&o| {
                o != defender
                    && o != attacker
                    && game.controller(o) == player
                    && game.is_character(o)
                    && !game.exhausted(o)
                    && game.has_op(o, |op| matches!(op, EffectOp::CanProtect))
            })
            .collect();
        if protectors.is_empty() {
            continue;
        }
        let mut options = vec!["no one".to_string()];
        options.extend(option_names(game, &protectors));
        let pick = ctx.choose(
            &format!(
                "player {}: protect {} with which character",
                player.0,
                game.label(defender)
            ),
            &options,
        )?;
        if pick > 0 {
            let protector = protectors[pick - 1];
            game.set_exhausted(protector, true);
            if let Some(c) = game.combat.as_mut() {
                c.defender = Some(protector);
                c.protector = Some(protector);
            }
            game.record(GameEvent::Protected(protector));
            return Ok(());
        }
    }
    Ok(())
}

/// Strikes with a weapon (303.2, 602.4): during the defend window, with the striker's hero in
/// combat; one weapon per combat, or two Melee weapons with dual wield (303.2d); exhausts the
/// weapon and pays its strike cost.
pub fn strike(game: &mut Game, player: PlayerId, weapon: ObjectId) -> Result<(), RulesError> {
    check_priority(game, player)?;
    let Some(combat) = game.combat.clone() else {
        return Err(CombatRefusal::NoCombat.into());
    };
    if combat.window != Window::Defend {
        return Err(CombatRefusal::NoDefendWindow.into());
    }
    let hero = game.player(player).and_then(|p| p.hero);
    let in_combat = hero.is_some() && (combat.attacker == hero || combat.defender == hero);
    if !in_combat {
        return Err(CombatRefusal::HeroNotInCombat(player).into());
    }
    if !game.in_play(weapon)
        || game.card(weapon).kind != Kind::Weapon
        || game.controller(weapon) != player
    {
        return Err(CombatRefusal::NotOwnWeapon {
            weapon: game.named(weapon),
            player,
        }
        .into());
    }
    if game.exhausted(weapon) {
        return Err(CombatRefusal::WeaponExhausted(game.named(weapon)).into());
    }
    let mut weapons: Vec<ObjectId> = combat
        .struck
        .iter()
        .filter(|(p, _)| *p == player)
        .map(|(_, w)| *w)
        .collect();
    weapons.dedup();
    if !weapons.contains(&weapon) {
        weapons.push(weapon);
        let hero = hero.unwrap_or(weapon);
        let mut allowed = weapons.len() == 1;
        game.for_each_op(hero, |_, op| {
            if let EffectOp::WeaponStrikes {
                weapons: limit,
                damage_type,
            } = *op
            {
                allowed |= weapons.len() <= usize::from(limit)
                    && weapons
                        .iter()
                        .all(|&w| game.card(w).damage_type == Some(damage_type));
            }
        });
        if !allowed {
            return Err(CombatRefusal::AlreadyStruck(player).into());
        }
    }
    pay_resources(game, player, strike_cost(game, player, weapon))?;
    game.set_exhausted(weapon, true);
    if let Some(c) = game.combat.as_mut() {
        c.struck.push((player, weapon));
    }
    chain::add_effect(game, player, LinkKind::Strike(weapon));
    // "When you strike with this weapon" powers trigger as the strike effect is added (705.3).
    game.trigger(weapon, TriggerEvent::ThisStrikes);
    Ok(())
}

/// What `player` pays to strike with `weapon` (303.1): its strike cost less the strike cost
/// reductions of the cards in play the player controls, added up, and never below 0 (707.1e).
pub fn strike_cost(game: &Game, player: PlayerId, weapon: ObjectId) -> u32 {
    let mut reduction = 0u32;
    for holder in game.objects_in_play() {
        if game.controller(holder) != player {
            continue;
        }
        game.for_each_op(holder, |_, op| {
            if let EffectOp::StrikeCostReduction { amount } = *op {
                reduction = reduction.saturating_add(u32::from(amount));
            }
        });
    }
    game.card(weapon).strike_cost.saturating_sub(reduction)
}

/// A strike effect resolves (303.2a): the hero gets +X ATK (the weapon's ATK now) and the
/// weapon's damage type for this combat.
pub fn resolve_strike(game: &mut Game, player: PlayerId, weapon: ObjectId) {
    let Some(hero) = game.player(player).and_then(|p| p.hero) else {
        return;
    };
    let amount = game.atk(weapon);
    game.atk_changes.push(AtkChange {
        to: hero,
        amount,
        while_attacking: false,
        while_defending: false,
        this_combat: true,
        group: None,
    });
    if let (Some(t), Some(c)) = (game.card(weapon).damage_type, game.combat.as_mut()) {
        c.strike_types.push((hero, t));
    }
}

/// Combat conclusion (603): with both an attacker and a defender left, each deals a packet
/// of combat damage equal to its ATK to the other, simultaneously; a long-range attacker
/// takes none (603.1a). Then the combat ends and "this combat" modifiers expire (603.3).
fn conclude(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    let combat = game.combat.clone().unwrap_or(Combat {
        attacker: None,
        defender: None,
        protector: None,
        window: Window::Defend,
        struck: Vec::new(),
        strike_types: Vec::new(),
    });
    if let (Some(attacker), Some(defender)) = (combat.attacker, combat.defender) {
        let mut packets = Vec::new();
        let weapons_of = |character: ObjectId| -> Vec<ObjectId> {
            let player = game.controller(character);
            let mut ws: Vec<ObjectId> =
                if game.player(player).and_then(|p| p.hero) == Some(character) {
                    combat
                        .struck
                        .iter()
                        .filter(|(p, _)| *p == player)
                        .map(|(_, w)| *w)
                        .collect()
                } else {
                    Vec::new()
                };
            ws.dedup();
            ws
        };
        let atk = game.atk(attacker);
        if atk >= 1 {
            let mut p = Packet::damage(
                atk as u32,
                attacker,
                game.controller(attacker),
                defender,
                Some(game.combat_damage_type(attacker)),
                true,
            );
            p.weapons = weapons_of(attacker);
            packets.push(p);
        }
        let long_range = game.has_op(attacker, |op| {
            matches!(op, EffectOp::NoDefenderDamageWhileAttacking)
        });
        let def_atk = game.atk(defender);
        if !long_range && def_atk >= 1 {
            let mut p = Packet::damage(
                def_atk as u32,
                defender,
                game.controller(defender),
                attacker,
                Some(game.combat_damage_type(defender)),
                true,
            );
            p.weapons = weapons_of(defender);
            packets.push(p);
        }
        let delivered = deliver(game, packets, ctx)?;
        for d in delivered.iter().filter(|d| d.amount > 0) {
            trigger(
                game,
                d.packet.destination,
                TriggerEvent::ThisDealtCombatDamage,
            );
        }
    }
    game.combat = None;
    game.atk_changes.retain(|c| !c.this_combat);
    game.granted.retain(|g| !g.this_combat);
    game.priority = game.turn_player;
    game.passes = 0;
    Ok(())
}
