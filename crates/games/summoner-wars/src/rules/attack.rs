//! Attacks (FAQ General Questions; Expanded Rules: Triggered Effects, `[sym] =`, Value
//! Modifiers).
//!
//! 1. Choose: in the Attack Phase the active player chooses up to
//!    `CHOSEN_ATTACKERS_PER_PHASE` attacking units, each once per phase; an `extra_attacker`
//!    unit does not count toward that number, and an extra attack an effect gave a unit
//!    (`extra_attack`, Demand) is not choosing an attacking unit at all. Any card may be attacked, friendly ones too.
//!    Melee units attack a card next to them; ranged units a card up to `RANGED_REACH` spaces
//!    away in a straight line with no card between them.
//! 2. Target chosen: `WhenTargeted` abilities (Divine Shield) roll and lower the attacker's
//!    strength for this attack.
//! 3. Roll one attack die per point of strength (none at 0 or less; more than
//!    `DICE_IN_BOX` is fine), count swords for melee and bows for ranged units, plus every
//!    `symbol_counts_as` substitution (they all apply); a target that `takes_damage_from` a
//!    symbol also takes one per such result.
//! 4. Add damage: cards it destroys are destroyed now, with their "after destroyed" triggers.
//! 5. After the attack: `AfterAttacked` abilities of the target that were triggered while it
//!    was still in play (Riposte) and `AfterAttacking` abilities of the attacker (Exploit)
//!    resolve in the active player's order, even if their card left play meanwhile.

use grimoire_engine::{Board, Ctx, ObjectId, Square};

use super::abilities::{
    abilities, acting_of_kind, acting_on, any_local_acting, holds, strength_against, visit_local,
    Decrease,
};
use super::content::{
    AttackDieFace, AttackType, Block, CardSort, EffectOp, Phase, Recipient, Symbol, Timing,
    RANGED_REACH,
};
use super::damage::{add_damage, in_chosen_order};
use super::dice::{face, shows, ATTACK};
use super::handlers::{fire, Trigger};
use super::instant::is_sort;
use super::movement::blocked;
use super::movement::{line_squares, offer_force};
use super::refusal::Refusal;
use super::state::{grid, Cause, Game, GameEvent, Place, RulesError};

/// How an attack's unit is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chosen {
    /// Chosen as one of the attacking units of the phase.
    Attacker,
    /// Chosen as an extra attacking unit (`extra_attacker`): once per phase, not counted.
    ExtraAttacker,
    /// Resolving an extra attack an effect gave it: not choosing an attacking unit at all.
    ExtraAttack,
}

/// Whether `attacker` has not yet attacked this phase or still has an extra attack: when it
/// has neither, [`check_attack`] refuses its every attack (the legal-action search skips it).
pub fn attack_left(game: &Game, attacker: ObjectId) -> bool {
    game.piece(attacker)
        .is_ok_and(|a| !a.attacked_this_phase || a.extra_attacks > 0)
}

/// Checks, without changing anything, that `attacker` may attack `target` now.
pub fn check_attack(game: &Game, attacker: ObjectId, target: ObjectId) -> Result<(), RulesError> {
    check(game, attacker, target).map(drop)
}

/// Checks that `attacker` may attack `target` now, and how it is used. A unit with an extra
/// attack uses it only when it could not be chosen (already chosen, or the phase's attackers
/// are all chosen).
fn check(game: &Game, attacker: ObjectId, target: ObjectId) -> Result<Chosen, RulesError> {
    Attacker::of(game, attacker)?.check(game, target)
}

/// What [`check`] reads of the attacking unit alone, read once for every card it may attack:
/// `Attacker::of(game, a)?.check(game, target)` is `check(game, a, target)`, refusals and
/// their order included.
pub struct Attacker {
    /// The attacking unit.
    id: ObjectId,
    /// The attacker as a refusal names it.
    unit: super::refusal::Named,
    /// Its square, when it is on the battlefield (what follows is read only then).
    from: Option<Square>,
    /// How it would be used, or why it cannot attack at all.
    chosen: Result<Chosen, Refusal>,
    /// It moved this turn and cannot attack after moving.
    moved_no_attack: bool,
    /// It moved this turn and then attacks only adjacent cards.
    adjacent_after_moving: bool,
    /// Its controller's night: it attacks only adjacent cards.
    night: bool,
    /// The enemy units next to it that it may only attack ([`protectors`]).
    held: smallvec::SmallVec<[ObjectId; 4]>,
    /// Its `reach_per_boost` and `reach_within` sorts with their reach ([`boost_reach`]).
    boost_reach: Vec<(CardSort, u32)>,
    /// How far its ranged attacks reach ([`reach`]).
    reach: u32,
}

impl Attacker {
    /// The attacking unit `attacker` as [`check`] reads it, or the refusal [`check`] gives for
    /// every target before it looks at any (no such card, not the Attack Phase, not the active
    /// player's).
    pub fn of(game: &Game, attacker: ObjectId) -> Result<Self, RulesError> {
        let a = game.piece(attacker)?;
        let unit = game.named(attacker);
        if game.phase != Phase::Attack {
            return Err(Refusal::AttackPhase { unit }.into());
        }
        if a.controller != game.active {
            return Err(Refusal::NotActiveControlled { unit }.into());
        }
        let mut prepared = Self {
            id: attacker,
            unit,
            from: a.square(),
            chosen: Ok(Chosen::Attacker),
            moved_no_attack: false,
            adjacent_after_moving: false,
            night: false,
            held: smallvec::SmallVec::new(),
            boost_reach: Vec::new(),
            reach: 0,
        };
        if prepared.from.is_none() {
            return Ok(prepared);
        }
        // One look at the operations acting on it alone (they name no recipient): what
        // `any_local_acting` and `reach` would each find.
        let (mut extra, mut no_attack_after_moving, mut adjacent_after_moving) =
            (false, false, false);
        let mut range_bonus = 0;
        visit_local(game, attacker, Timing::Passive, |a| match a.op {
            EffectOp::ExtraAttacker => extra = true,
            EffectOp::NoAttackAfterMoving => no_attack_after_moving = true,
            EffectOp::AdjacentAttacksAfterMoving => adjacent_after_moving = true,
            EffectOp::ModifyRange { amount } => range_bonus += u32::from(amount),
            _ => {}
        });
        debug_assert_eq!(
            extra,
            any_local_acting(game, attacker, Timing::Passive, |op| {
                matches!(op, EffectOp::ExtraAttacker)
            })
        );
        let allowed = game.player(game.active).attackers_allowed();
        let full = !extra && game.player(game.active).chosen_attackers >= allowed;
        prepared.chosen = if a.attacked_this_phase || full {
            if a.extra_attacks == 0 {
                Err(if a.attacked_this_phase {
                    Refusal::AlreadyAttacked { unit }
                } else {
                    Refusal::AttackersChosen { allowed }
                })
            } else {
                Ok(Chosen::ExtraAttack)
            }
        } else if extra {
            Ok(Chosen::ExtraAttacker)
        } else {
            Ok(Chosen::Attacker)
        };
        prepared.moved_no_attack = a.moved_this_turn && no_attack_after_moving;
        prepared.adjacent_after_moving = a.moved_this_turn && adjacent_after_moving;
        debug_assert_eq!(
            (no_attack_after_moving, adjacent_after_moving),
            (
                any_local_acting(game, attacker, Timing::Passive, |op| {
                    matches!(op, EffectOp::NoAttackAfterMoving)
                }),
                any_local_acting(game, attacker, Timing::Passive, |op| {
                    matches!(op, EffectOp::AdjacentAttacksAfterMoving)
                })
            )
        );
        prepared.night = game.player(a.controller).night_this_turn;
        prepared.held = protectors(game, attacker);
        prepared.boost_reach = boost_reach(game, attacker);
        prepared.reach = RANGED_REACH as u32 + range_bonus + a.turn_range;
        debug_assert_eq!(prepared.reach, reach(game, attacker));
        Ok(prepared)
    }

    /// Whether it may attack cards off its straight lines (it has boost and `reach_per_boost`,
    /// or `reach_within`): the legal-action search then tries every card.
    pub fn reaches_off_line(&self) -> bool {
        !self.boost_reach.is_empty()
    }

    /// How far its ranged attacks reach ([`reach`]).
    pub fn reach(&self) -> u32 {
        self.reach
    }

    /// Checks that it may attack `target` now, and how it is used.
    fn check(&self, game: &Game, target: ObjectId) -> Result<Chosen, RulesError> {
        let (unit, attacker) = (self.unit, self.id);
        let (Some(from), Some(to)) = (self.from, game.piece(target)?.square()) else {
            return Err(Refusal::AttackOffBattlefield.into());
        };
        let chosen = self.chosen.clone()?;
        if self.moved_no_attack {
            return Err(Refusal::MovedNoAttack { unit }.into());
        }
        let adjacent = grid().adjacent(from, to);
        if self.adjacent_after_moving && !adjacent {
            return Err(Refusal::MovedAdjacentOnly { unit }.into());
        }
        if self.night && !adjacent {
            return Err(Refusal::NightAdjacentOnly { unit }.into());
        }
        for r in &game.pieces[attacker.0 as usize].restrained {
            if r.no_attack {
                return Err(Refusal::Restrained { unit }.into());
            }
            if r.spare_source && r.by == target {
                return Err(Refusal::Spared {
                    unit,
                    target: game.named(target),
                }
                .into());
            }
        }
        if !self.held.is_empty() && !self.held.contains(&target) {
            return Err(Refusal::HeldTo {
                unit,
                only: game.named(self.held[0]),
            }
            .into());
        }
        if !adjacent && blocked(game, target, Block::AttackFromAfar) {
            return Err(Refusal::NotFromAfar {
                target: game.named(target),
            }
            .into());
        }
        // `reach_per_boost` and `reach_within`: a card of its sort within as many spaces, with
        // no straight line needed and nothing attacked through.
        if self.boost_reach.iter().any(|&(sort, spaces)| {
            is_sort(game, target, sort) && game.within(attacker, target, spaces)
        }) {
            return Ok(chosen);
        }
        let reach = self.reach;
        match game.pieces[attacker.0 as usize].attack_type() {
            Some(AttackType::Melee) => {
                if !adjacent {
                    return Err(Refusal::MeleeAdjacent { unit }.into());
                }
            }
            Some(AttackType::Ranged) => {
                let Some(distance) = grid().straight_line(from, to) else {
                    return Err(Refusal::NotStraight { unit }.into());
                };
                if distance == 0 || distance > reach {
                    return Err(Refusal::OutOfReach {
                        unit,
                        distance,
                        reach,
                    }
                    .into());
                }
                if let Some(between) = line_squares(from, to)
                    .filter(|&s| s != to)
                    .find_map(|s| game.at(s))
                {
                    return Err(Refusal::ShotBlocked {
                        unit,
                        between: game.named(between),
                    }
                    .into());
                }
            }
            None => return Err(Refusal::NotAUnit { unit }.into()),
        }
        Ok(chosen)
    }

    /// [`check_attack`] of this attacker against `target`.
    pub fn check_target(&self, game: &Game, target: ObjectId) -> Result<(), RulesError> {
        self.check(game, target).map(drop)
    }
}

/// How far `attacker` reaches with a ranged attack: `RANGED_REACH` and every `modify_range`.
pub fn reach(game: &Game, attacker: ObjectId) -> u32 {
    let bonus: u32 = acting_of_kind(game, attacker, Timing::Passive, |op| {
        matches!(op, EffectOp::ModifyRange { .. })
    })
    .iter()
    .map(|a| match a.op {
        EffectOp::ModifyRange { amount } => u32::from(amount),
        _ => 0,
    })
    .sum();
    let turn = game.piece(attacker).map_or(0, |p| p.turn_range);
    RANGED_REACH as u32 + bonus + turn
}

/// Enemy units next to `attacker` whose `must_be_attacked` holds it (Protector): it may attack
/// only one of them.
fn protectors(game: &Game, attacker: ObjectId) -> smallvec::SmallVec<[ObjectId; 4]> {
    game.neighbours(attacker)
        .into_iter()
        .filter(|&p| {
            !game.friendly(p, attacker)
                && abilities(game, p).iter().any(|a| {
                    a.meta().effects.iter().any(|op| {
                        matches!(*op, EffectOp::MustBeAttacked { sort } if is_sort(game, attacker, sort))
                    })
                })
        })
        .collect()
}

/// The `reach_per_boost` sorts of `attacker` with the reach its boost gives (Psychic Strike).
fn boost_reach(game: &Game, attacker: ObjectId) -> Vec<(CardSort, u32)> {
    let boost = game.piece(attacker).map_or(0, |p| p.boost);
    if boost == 0 {
        return fixed_reach(game, attacker);
    }
    abilities(game, attacker)
        .iter()
        .flat_map(|a| a.meta().effects)
        .filter_map(|op| match *op {
            EffectOp::ReachPerBoost { sort } => Some((sort, boost)),
            _ => None,
        })
        .chain(fixed_reach(game, attacker))
        .collect()
}

/// The `reach_within` sorts and spaces of `attacker` (Explosive Shell).
fn fixed_reach(game: &Game, attacker: ObjectId) -> Vec<(CardSort, u32)> {
    abilities(game, attacker)
        .iter()
        .flat_map(|a| a.meta().effects)
        .filter_map(|op| match *op {
            EffectOp::ReachWithin { spaces, sort } => Some((sort, u32::from(spaces))),
            _ => None,
        })
        .collect()
}

/// Footwork: after the target is chosen, the attacker's `exchange_with_target` may swap the
/// two cards' places (neither moving nor forcing).
fn after_targeted(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
) -> Result<(), RulesError> {
    for a in acting_on(game, attacker, Timing::AfterTargeted) {
        if a.op != EffectOp::ExchangeWithTarget {
            continue;
        }
        let (Some(from), Some(to)) = (game.piece(attacker)?.square(), game.piece(target)?.square())
        else {
            return Ok(());
        };
        let prompt = format!(
            "{}: exchange places with {}?",
            a.ability.meta().name,
            game.describe(target)
        );
        if ctx.choose(&prompt, &["no".to_string(), "yes".to_string()])? == 0 {
            continue;
        }
        game.set_place(attacker, Place::Battlefield(to))?;
        game.set_place(target, Place::Battlefield(from))?;
        ctx.record(GameEvent::AbilityResolved {
            ability: a.ability.meta().name,
            card: attacker,
        });
    }
    Ok(())
}

/// Resolves an attack of `attacker` against `target`.
pub fn attack(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
) -> Result<(), RulesError> {
    let chosen = super::memo::with_memo(game, |game| check(game, attacker, target))?;
    let player = game.active;
    {
        let enemy = !game.friendly(attacker, target);
        let a = game.piece_mut(attacker)?;
        a.attacked_enemy_this_turn |= enemy;
        match chosen {
            Chosen::ExtraAttack => a.extra_attacks -= 1,
            Chosen::ExtraAttacker => a.attacked_this_phase = true,
            Chosen::Attacker => {
                a.attacked_this_phase = true;
                game.player_mut(player).chosen_attackers += 1;
            }
        }
    }
    for id in [attacker, target] {
        fire(game, ctx, id, Trigger::Met)?;
    }
    let decreases = when_targeted(game, ctx, attacker, target)?;
    after_targeted(game, ctx, attacker, target)?;
    let stone = structures_for_strength(game, ctx, attacker)?;
    let dice = strength_against(game, attacker, Some(target), &decreases)
        .saturating_add(stone)
        .max(0);
    let precise = game.piece(target)?.is_unit()
        && !game.piece(target)?.is_structure()
        && any_local_acting(game, attacker, Timing::Passive, |op| {
            matches!(op, EffectOp::Precise)
        });
    let mut faces = Vec::with_capacity(dice as usize);
    if !precise {
        for _ in 0..dice {
            faces.push(face(ctx.roll(ATTACK)?));
        }
        reroll_and_ignore(game, ctx, attacker, target, &mut faces)?;
    }
    let hit_symbol = match game.piece(attacker)?.attack_type() {
        Some(AttackType::Ranged) => Symbol::Bow,
        _ => Symbol::Sword,
    };
    let symbol = |op: &EffectOp| matches!(op, EffectOp::SymbolCountsAs { .. });
    let substitutions: Vec<EffectOp> = acting_on(game, attacker, Timing::WhenAttacking)
        .into_iter()
        .chain(acting_of_kind(game, attacker, Timing::Passive, symbol))
        .chain(acting_on(game, attacker, Timing::WhileUnder))
        .map(|a| a.op)
        .filter(|op| match op {
            EffectOp::SymbolCountsAs {
                beside_summoner, ..
            } => !beside_summoner || beside_own_summoner(game, attacker),
            _ => false,
        })
        .collect();
    let results = |symbol: Symbol| -> u32 {
        let rolled: u32 = faces.iter().map(|f| shows(f, symbol)).sum();
        let added: u32 = substitutions
            .iter()
            .map(|op| match *op {
                EffectOp::SymbolCountsAs {
                    symbol: from,
                    counts_as,
                    count,
                    ..
                } if counts_as == symbol => {
                    u32::from(count) * faces.iter().map(|f| shows(f, from)).sum::<u32>()
                }
                _ => 0,
            })
            .sum();
        rolled + added
    };
    let mut damage = if precise {
        dice as u32
    } else {
        results(hit_symbol)
    };
    if !game.friendly(attacker, target) {
        let caps = acting_of_kind(game, target, Timing::Passive, |op| {
            matches!(op, EffectOp::AttackDamageCap { .. })
        });
        for a in caps {
            if let EffectOp::AttackDamageCap { max, condition } = a.op {
                if holds(game, target, None, condition) {
                    damage = damage.min(max.into());
                }
            }
        }
    }
    if !precise {
        let (min_pips, all_must_hit) = defences(game, attacker, target);
        let missed = faces.iter().any(|f| shows(f, hit_symbol) == 0);
        if all_must_hit && missed {
            damage = 0;
        } else if min_pips > 0 {
            // Only dice with enough pips count: the same count over the kept faces.
            let kept: Vec<&AttackDieFace> = faces
                .iter()
                .copied()
                .filter(|f| f.pips >= min_pips)
                .collect();
            damage = damage.min(
                kept.iter().map(|f| shows(f, hit_symbol)).sum::<u32>()
                    + substitutions
                        .iter()
                        .map(|op| match *op {
                            EffectOp::SymbolCountsAs {
                                symbol: from,
                                counts_as,
                                count,
                                ..
                            } if counts_as == hit_symbol => {
                                u32::from(count) * kept.iter().map(|f| shows(f, from)).sum::<u32>()
                            }
                            _ => 0,
                        })
                        .sum::<u32>(),
            );
        }
    }
    let extra = acting_of_kind(game, target, Timing::Passive, |op| {
        matches!(op, EffectOp::TakesDamageFrom { .. })
    });
    for a in extra {
        if let EffectOp::TakesDamageFrom { symbol } = a.op {
            damage += results(symbol);
        }
    }
    game.last_roll = faces.iter().map(|f| f.label).collect();
    ctx.record(GameEvent::Attacked {
        attacker,
        target,
        dice: game.last_roll.clone(),
        damage,
    });
    if damage > 0 && cancelled(game, ctx, attacker, target)? {
        damage = 0;
    }
    if damage > 0 && scavenged_cancel(game, ctx, attacker, target)? {
        damage = 0;
    }
    let target_square = game.piece(target)?.square();
    let recoil = any_local_acting(game, attacker, Timing::WhenAttacking, |op| {
        matches!(op, EffectOp::Recoil)
    });
    let mut hits = vec![(target, damage)];
    if recoil {
        hits.push((attacker, damage));
    }
    // `splash` (Hammer Quake): the same damage to every other card within reach, at once.
    let splash = acting_on(game, attacker, Timing::WhenAttacking)
        .iter()
        .filter_map(|a| match a.op {
            EffectOp::Splash { within } => Some(u32::from(within)),
            _ => None,
        })
        .max();
    if let Some(within) = splash {
        for other in game.on_battlefield().collect::<Vec<_>>() {
            if other != target && game.within(attacker, other, within) {
                hits.push((other, damage));
            }
        }
    }
    let added = add_damage(game, ctx, &hits, Cause::Attack { attacker, player })?;
    // `heal_after_attack` (Rock Eater): damage added to a card of its sort heals the attacker.
    if added.first().is_some_and(|&n| n > 0) && game.is_on_battlefield(attacker) {
        let heals = acting_of_kind(game, attacker, Timing::Passive, |op| {
            matches!(op, EffectOp::HealAfterAttack { .. })
        });
        for a in heals {
            if let EffectOp::HealAfterAttack { amount, sort } = a.op {
                if is_sort(game, target, sort) {
                    let piece = game.piece_mut(attacker)?;
                    piece.damage = piece.damage.saturating_sub(amount.into());
                }
            }
        }
    }
    let hurt = added.first().copied().unwrap_or(0) > 0;
    after_attack(game, ctx, attacker, target, target_square, &faces, hurt)?;
    attack_again(game, ctx, attacker, target, &faces, hurt)?;
    super::movement::spend_boost_to_move(game, ctx, attacker)
}

/// The defences of `target` against an enemy `attacker`: the highest `hard_to_hit` pips a
/// friendly unit gives it (its own, or one watching friendly cards of a sort within reach),
/// and whether it has `all_dice_must_hit`.
fn defences(game: &Game, attacker: ObjectId, target: ObjectId) -> (u8, bool) {
    if game.friendly(attacker, target) {
        return (0, false);
    }
    let mut min_pips = 0;
    for source in game.on_battlefield() {
        if !game.friendly(source, target) {
            continue;
        }
        for ability in abilities(game, source) {
            for op in ability.meta().effects {
                if let EffectOp::WallMelding { min_pips: pips } = *op {
                    // The structure next to the unit, and friendly units next to it.
                    let covered = game.neighbours(source).into_iter().any(|wall| {
                        game.friendly(wall, source)
                            && game.pieces[wall.0 as usize].is_structure()
                            && (wall == target || game.adjacent(wall, target))
                    });
                    if covered {
                        min_pips = min_pips.max(pips);
                    }
                }
                if let EffectOp::HardToHit {
                    min_pips: pips,
                    sort,
                    within,
                    condition,
                } = *op
                {
                    let covers = if within == 0 {
                        source == target
                    } else {
                        game.within(source, target, within.into()) && is_sort(game, target, sort)
                    };
                    if covers && holds(game, source, None, condition) {
                        min_pips = min_pips.max(pips);
                    }
                }
            }
        }
    }
    // Active events of the target's controller protecting cards of a sort (Strengthen
    // Structures).
    for event in game.outside_piles() {
        let piece = &game.pieces[event.0 as usize];
        if piece.place() != Place::Active || !game.friendly(event, target) {
            continue;
        }
        for ability in &piece.carries {
            for op in ability.meta().effects {
                if let EffectOp::HardToHit {
                    min_pips: pips,
                    sort,
                    ..
                } = *op
                {
                    if is_sort(game, target, sort) {
                        min_pips = min_pips.max(pips);
                    }
                }
            }
        }
    }
    let all = any_local_acting(game, target, Timing::Passive, |op| {
        matches!(op, EffectOp::AllDiceMustHit)
    });
    (min_pips, all)
}

/// After the attack, on the attacker: `extra_attack` of an `AfterAttacking` ability (Swift
/// Strike, within its `once_per_turn`) and `after_attack_rolls` (Hasty: discarded after a miss,
/// an extra attack on a die of the given pips).
fn attack_again(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
    faces: &[&'static AttackDieFace],
    hurt: bool,
) -> Result<(), RulesError> {
    if !game.is_on_battlefield(attacker) {
        return Ok(());
    }
    for ability in abilities(game, attacker) {
        let meta = ability.meta();
        if meta.timing != Some(Timing::AfterAttacking) {
            continue;
        }
        for op in meta.effects {
            match *op {
                EffectOp::ExtraAttack { count } => {
                    if meta.once_per_turn && game.used_this_turn.contains(&(attacker, meta.name)) {
                        continue;
                    }
                    if meta.once_per_turn {
                        game.used_this_turn.push((attacker, meta.name));
                    }
                    game.piece_mut(attacker)?.extra_attacks += u32::from(count);
                    ctx.record(GameEvent::AbilityResolved {
                        ability: meta.name,
                        card: attacker,
                    });
                }
                EffectOp::AttackEachAdjacent => {
                    let others = game
                        .neighbours(attacker)
                        .into_iter()
                        .filter(|&n| n != target && game.pieces[n.0 as usize].is_unit())
                        .count();
                    game.piece_mut(attacker)?.extra_attacks += others as u32;
                }
                EffectOp::AfterAttackRolls {
                    discard_if_missed,
                    extra_attack_on,
                } => {
                    if discard_if_missed && !hurt {
                        ctx.record(GameEvent::AbilityResolved {
                            ability: meta.name,
                            card: attacker,
                        });
                        super::damage::leave_battlefield(game, attacker, Place::Discard)?;
                        return Ok(());
                    }
                    if extra_attack_on > 0 && faces.iter().any(|f| f.pips == extra_attack_on) {
                        game.piece_mut(attacker)?.extra_attacks += 1;
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// `structures_for_strength` (Strength Of The Stone): its controller may add 1 damage to each
/// friendly structure (at once) for +1 strength per structure for this attack.
fn structures_for_strength(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
) -> Result<i32, RulesError> {
    let Some(a) = acting_on(game, attacker, Timing::WhenAttacking)
        .into_iter()
        .find(|a| a.op == EffectOp::StructuresForStrength)
    else {
        return Ok(0);
    };
    let walls: Vec<ObjectId> = game
        .on_battlefield()
        .filter(|&w| game.friendly(w, attacker) && game.pieces[w.0 as usize].is_structure())
        .collect();
    if walls.is_empty() {
        return Ok(0);
    }
    let name = a.ability.meta().name;
    let prompt = format!(
        "{name}: add 1 damage to each friendly structure for +{} strength?",
        walls.len()
    );
    if ctx.choose(&prompt, &["no".to_string(), "yes".to_string()])? == 0 {
        return Ok(0);
    }
    ctx.record(GameEvent::AbilityResolved {
        ability: name,
        card: attacker,
    });
    let player = game.piece(attacker)?.controller;
    let hits: Vec<(ObjectId, u32)> = walls.iter().map(|&w| (w, 1)).collect();
    add_damage(
        game,
        ctx,
        &hits,
        Cause::Effect {
            source: Some(attacker),
            player,
        },
    )?;
    Ok(i32::try_from(walls.len()).unwrap_or(i32::MAX))
}

/// `scavenge`: when an enemy attack would damage the unit, a card under it may be discarded to
/// cancel that damage.
fn scavenged_cancel(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
) -> Result<bool, RulesError> {
    if game.friendly(attacker, target)
        || !any_local_acting(game, target, Timing::Passive, |op| {
            matches!(op, EffectOp::Scavenge)
        })
    {
        return Ok(false);
    }
    let below = super::abilities::under(game, target);
    if below.is_empty() {
        return Ok(false);
    }
    let mut options = vec!["no".to_string()];
    options.extend(below.iter().map(|&c| game.describe(c)));
    let answer = ctx.choose(
        "Scavenge: card under it to discard to cancel the damage",
        &options,
    )?;
    if answer == 0 {
        return Ok(false);
    }
    game.set_place(below[answer - 1], Place::Discard)?;
    ctx.record(GameEvent::AbilityResolved {
        ability: super::abilities::name_of(
            game,
            target,
            |op| matches!(op, EffectOp::Scavenge),
            "scavenge",
        ),
        card: target,
    });
    Ok(true)
}

/// A once-per-turn ability of `holder`'s controller's units with operation `matches`, not used
/// this turn: the unit and the ability's name.
fn unused_watch(
    game: &Game,
    player: grimoire_engine::PlayerId,
    matches: impl Fn(&EffectOp) -> bool,
) -> Option<(ObjectId, &'static str, EffectOp)> {
    game.on_battlefield()
        .filter(|&u| game.pieces[u.0 as usize].controller == player)
        .flat_map(|u| abilities(game, u).into_iter().map(move |a| (u, a)))
        .flat_map(|(u, a)| {
            a.meta()
                .effects
                .iter()
                .map(move |op| (u, a.meta().name, *op))
        })
        .find(|(u, name, op)| matches(op) && !game.used_this_turn.contains(&(*u, *name)))
}

/// After the roll: `reroll_one` (Lucky) of the attacker's side may roll one die again, then
/// `ignore_one_die` (Shadow Dancer) of an enemy target may have one die ignored; each once per
/// turn.
fn reroll_and_ignore(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
    faces: &mut Vec<&'static AttackDieFace>,
) -> Result<(), RulesError> {
    let dice_labels = |faces: &[&'static AttackDieFace]| -> Vec<String> {
        let mut options = vec!["none".to_string()];
        options.extend(
            faces
                .iter()
                .enumerate()
                .map(|(i, f)| format!("die {}: {}", i + 1, f.label)),
        );
        options
    };
    let player = game.piece(attacker)?.controller;
    if let Some((unit, name, _)) =
        unused_watch(game, player, |op| matches!(op, EffectOp::RerollOne))
    {
        if !faces.is_empty() {
            let answer = ctx.choose(&format!("{name}: die to roll again"), &dice_labels(faces))?;
            if answer > 0 {
                game.used_this_turn.push((unit, name));
                faces[answer - 1] = face(ctx.roll(ATTACK)?);
                ctx.record(GameEvent::AbilityResolved {
                    ability: name,
                    card: unit,
                });
            }
        }
    }
    if !game.friendly(attacker, target) && !faces.is_empty() {
        let own = abilities(game, target).into_iter().find(|a| {
            a.meta().effects.contains(&EffectOp::IgnoreOneDie)
                && !game.used_this_turn.contains(&(target, a.meta().name))
        });
        if let Some(ability) = own {
            let name = ability.meta().name;
            // Only the first attack on it in a turn.
            game.used_this_turn.push((target, name));
            let answer = ctx.choose(&format!("{name}: die to ignore"), &dice_labels(faces))?;
            if answer > 0 {
                faces.remove(answer - 1);
                ctx.record(GameEvent::AbilityResolved {
                    ability: name,
                    card: target,
                });
            }
        }
    }
    Ok(())
}

/// `cancel_attack_damage` (Magic Barrier) of the target's side: once per turn, paying its cost,
/// the damage an enemy attack would add to the target is cancelled.
fn cancelled(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
) -> Result<bool, RulesError> {
    if game.friendly(attacker, target) {
        return Ok(false);
    }
    let player = game.piece(target)?.controller;
    let Some((unit, name, op)) = unused_watch(game, player, |op| {
        matches!(op, EffectOp::CancelAttackDamage { .. })
    }) else {
        return Ok(false);
    };
    let EffectOp::CancelAttackDamage { cost } = op else {
        return Ok(false);
    };
    if game.player(player).magic < u32::from(cost) {
        return Ok(false);
    }
    let prompt = format!(
        "{name}: pay {cost} magic to cancel the damage to {}?",
        game.describe(target)
    );
    if ctx.choose(&prompt, &["no".to_string(), "yes".to_string()])? == 0 {
        return Ok(false);
    }
    game.player_mut(player).magic -= u32::from(cost);
    game.used_this_turn.push((unit, name));
    ctx.record(GameEvent::AbilityResolved {
        ability: name,
        card: unit,
    });
    Ok(true)
}

/// Whether `id` is next to its controller's summoner.
fn beside_own_summoner(game: &Game, id: ObjectId) -> bool {
    let controller = game.pieces[id.0 as usize].controller;
    game.summoner_of(controller)
        .is_some_and(|summoner| game.adjacent(id, summoner))
}

/// `WhenTargeted` abilities of units watching the target: each rolls its dice and lowers the
/// attacker's strength for this attack (Divine Shield: enemy attacks on friendly units of its
/// class within reach).
fn when_targeted(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
) -> Result<Vec<Decrease>, RulesError> {
    let mut watching = Vec::new();
    for source in game.on_battlefield().collect::<Vec<_>>() {
        for a in acting_on(game, source, Timing::WhenTargeted) {
            if let EffectOp::RollReduceStrength {
                dice,
                within,
                class,
                minimum,
            } = a.op
            {
                let target_piece = &game.pieces[target.0 as usize];
                let applies = a.source == source
                    && game.friendly(source, target)
                    && !game.friendly(source, attacker)
                    && class.is_none_or(|c| target_piece.classes().contains(&c))
                    && game.within(source, target, within.into());
                if applies {
                    watching.push((
                        format!("{} of {}", a.ability.meta().name, game.describe(source)),
                        (source, a.ability.meta().name, dice, minimum),
                    ));
                }
            }
        }
    }
    let mut decreases = Vec::new();
    for (source, ability, dice, minimum) in
        in_chosen_order(ctx, "order of triggered effects", watching)?
    {
        let mut specials = 0;
        for _ in 0..dice {
            specials += shows(face(ctx.roll(ATTACK)?), Symbol::Special);
        }
        ctx.record(GameEvent::AbilityResolved {
            ability,
            card: source,
        });
        decreases.push(Decrease {
            amount: specials as i32,
            minimum: Some(minimum.into()),
        });
    }
    Ok(decreases)
}

/// One "after the attack" triggered effect.
enum After {
    /// `source` adds `amount` damage to the attacker.
    DamageAttacker {
        source: ObjectId,
        ability: &'static str,
        amount: u32,
        /// A die must show at least these pips first (0: no roll).
        roll: u8,
    },
    /// The attacked card, still on the battlefield, takes `amount` more damage.
    DamageTarget { ability: &'static str, amount: u32 },
    /// The attacker takes `amount` damage and the attacked unit is placed next to it.
    PunishMiss { ability: &'static str, amount: u32 },
    /// The attacked unit, unhurt, may exchange places with a unit next to it.
    ExchangeUnhurt { ability: &'static str },
    /// The destroyed target's owner discards `count` cards from hand.
    OwnerDiscards { ability: &'static str, count: u32 },
    /// The attacker's `AfterAttacking` handler.
    Handler { ability: super::content::Ability },
    /// The attacked unit is forced up to `spaces` (a "may" when `optional`).
    ForceTarget {
        ability: &'static str,
        spaces: u32,
        optional: bool,
    },
    /// Every unit next to the attacked card's square takes `amount` damage at once.
    DamageAround {
        ability: &'static str,
        square: Square,
        amount: u32,
    },
}

/// Collects the after-attack triggers (see the module docs) and resolves them in the active
/// player's order.
fn after_attack(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    attacker: ObjectId,
    target: ObjectId,
    target_square: Option<Square>,
    faces: &[&'static AttackDieFace],
    hurt: bool,
) -> Result<(), RulesError> {
    let mut pending = Vec::new();
    if game.is_on_battlefield(target) {
        for a in super::abilities::own_ops(game, target, Timing::AfterAttacked) {
            if let EffectOp::PunishMiss { amount } = a.op {
                let hit = match game.piece(attacker)?.attack_type() {
                    Some(AttackType::Ranged) => Symbol::Bow,
                    _ => Symbol::Sword,
                };
                let missed = faces.iter().any(|f| shows(f, hit) == 0);
                let eligible = matches!(
                    game.piece(attacker)?.kind(),
                    super::state::Kind::Common | super::state::Kind::Champion
                ) && !game.friendly(attacker, target);
                if a.source == target && missed && eligible {
                    pending.push((
                        format!("{} of {}", a.ability.meta().name, game.describe(target)),
                        After::PunishMiss {
                            ability: a.ability.meta().name,
                            amount: amount.into(),
                        },
                    ));
                }
            }
            if a.op == EffectOp::ExchangeIfUnhurt && !hurt && a.source == target {
                pending.push((
                    format!("{} of {}", a.ability.meta().name, game.describe(target)),
                    After::ExchangeUnhurt {
                        ability: a.ability.meta().name,
                    },
                ));
            }
            if let EffectOp::AddDamage {
                amount,
                to: Recipient::Attacker,
                only_adjacent,
                roll_at_least,
            } = a.op
            {
                if a.source == target && (!only_adjacent || game.adjacent(attacker, target)) {
                    pending.push((
                        format!("{} of {}", a.ability.meta().name, game.describe(target)),
                        After::DamageAttacker {
                            source: target,
                            ability: a.ability.meta().name,
                            amount: amount.into(),
                            roll: roll_at_least,
                        },
                    ));
                }
            }
        }
    }
    if let (true, Some(square)) = (game.is_on_battlefield(attacker), target_square) {
        for a in super::abilities::own_ops(game, attacker, Timing::AfterAttacking) {
            if let EffectOp::Force {
                spaces,
                to: Recipient::Target,
                optional,
            } = a.op
            {
                if game.is_on_battlefield(target) {
                    pending.push((
                        format!("{} of {}", a.ability.meta().name, game.describe(attacker)),
                        After::ForceTarget {
                            ability: a.ability.meta().name,
                            spaces: spaces.into(),
                            optional,
                        },
                    ));
                }
            }
            if let EffectOp::AddDamage {
                amount,
                to: Recipient::Target,
                ..
            } = a.op
            {
                if game.is_on_battlefield(target) {
                    pending.push((
                        format!("{} of {}", a.ability.meta().name, game.describe(attacker)),
                        After::DamageTarget {
                            ability: a.ability.meta().name,
                            amount: amount.into(),
                        },
                    ));
                }
            }
            if let EffectOp::TargetOwnerDiscards { count } = a.op {
                if !game.is_on_battlefield(target) && game.piece(target)?.place() == Place::Discard
                {
                    pending.push((
                        format!("{} of {}", a.ability.meta().name, game.describe(attacker)),
                        After::OwnerDiscards {
                            ability: a.ability.meta().name,
                            count: count.into(),
                        },
                    ));
                }
            }
            if let EffectOp::DamageAroundTarget { per } = a.op {
                let amount = faces.iter().map(|f| shows(f, per)).sum();
                pending.push((
                    format!("{} of {}", a.ability.meta().name, game.describe(attacker)),
                    After::DamageAround {
                        ability: a.ability.meta().name,
                        square,
                        amount,
                    },
                ));
            }
        }
    }
    if game.is_on_battlefield(attacker) {
        for ability in super::abilities::abilities(game, attacker) {
            if ability.meta().timing == Some(Timing::AfterAttacking)
                && ability.meta().handler.is_some()
            {
                pending.push((
                    format!("{} of {}", ability.meta().name, game.describe(attacker)),
                    After::Handler { ability },
                ));
            }
        }
    }
    for after in in_chosen_order(ctx, "order of triggered effects", pending)? {
        match after {
            After::DamageAttacker {
                source,
                ability,
                amount,
                roll,
            } => {
                if roll > 0 && face(ctx.roll(ATTACK)?).pips < roll {
                    continue;
                }
                ctx.record(GameEvent::AbilityResolved {
                    ability,
                    card: source,
                });
                let player = game.piece(source)?.controller;
                add_damage(
                    game,
                    ctx,
                    &[(attacker, amount)],
                    Cause::Effect {
                        source: Some(source),
                        player,
                    },
                )?;
            }
            After::PunishMiss { ability, amount } => {
                if !game.is_on_battlefield(target) {
                    continue;
                }
                ctx.record(GameEvent::AbilityResolved {
                    ability,
                    card: target,
                });
                let player = game.piece(target)?.controller;
                add_damage(
                    game,
                    ctx,
                    &[(attacker, amount)],
                    Cause::Effect {
                        source: Some(target),
                        player,
                    },
                )?;
                if let Some(at) = game.piece(attacker)?.square() {
                    let squares = super::movement::empty_neighbours(game, at);
                    if !squares.is_empty() && game.is_on_battlefield(target) {
                        let names: Vec<String> =
                            squares.iter().map(|s| grid().position_name(s)).collect();
                        let index = if names.len() == 1 {
                            0
                        } else {
                            ctx.choose(&format!("{ability}: place it on"), &names)?
                        };
                        game.set_place(target, Place::Battlefield(squares[index]))?;
                    }
                }
            }
            After::ExchangeUnhurt { ability } => {
                if !game.is_on_battlefield(target) {
                    continue;
                }
                let others: Vec<ObjectId> = game
                    .neighbours(target)
                    .into_iter()
                    .filter(|&n| game.pieces[n.0 as usize].is_unit())
                    .collect();
                if others.is_empty() {
                    continue;
                }
                let mut options = vec!["no".to_string()];
                options.extend(others.iter().map(|&o| game.describe(o)));
                let prompt = format!("{ability}: exchange places with");
                let answer = ctx.choose(&prompt, &options)?;
                if answer == 0 {
                    continue;
                }
                let other = others[answer - 1];
                let (a, b) = (game.piece(target)?.place(), game.piece(other)?.place());
                game.set_place(target, b)?;
                game.set_place(other, a)?;
                ctx.record(GameEvent::AbilityResolved {
                    ability,
                    card: target,
                });
            }
            After::OwnerDiscards { ability, count } => {
                ctx.record(GameEvent::AbilityResolved {
                    ability,
                    card: attacker,
                });
                let owner = game.piece(target)?.owner;
                for _ in 0..count {
                    let hand = game.pile(owner, Place::Hand);
                    if hand.is_empty() {
                        break;
                    }
                    let labels: Vec<String> = hand.iter().map(|&c| game.describe(c)).collect();
                    let index = if labels.len() == 1 {
                        0
                    } else {
                        ctx.choose(&format!("{ability}: card to discard"), &labels)?
                    };
                    game.set_place(hand[index], Place::Discard)?;
                }
            }
            After::DamageTarget { ability, amount } => {
                ctx.record(GameEvent::AbilityResolved {
                    ability,
                    card: attacker,
                });
                let player = game.piece(attacker)?.controller;
                add_damage(
                    game,
                    ctx,
                    &[(target, amount)],
                    Cause::Effect {
                        source: Some(attacker),
                        player,
                    },
                )?;
            }
            After::ForceTarget {
                ability,
                spaces,
                optional,
            } => offer_force(game, ctx, attacker, target, ability, spaces, optional)?,
            After::DamageAround {
                ability,
                square,
                amount,
            } => {
                ctx.record(GameEvent::AbilityResolved {
                    ability,
                    card: attacker,
                });
                let hits: Vec<(ObjectId, u32)> = game
                    .on_battlefield()
                    .filter(|&u| {
                        game.pieces[u.0 as usize]
                            .square()
                            .is_some_and(|s| grid().adjacent(s, square))
                    })
                    .map(|u| (u, amount))
                    .collect();
                let player = game.piece(attacker)?.controller;
                add_damage(
                    game,
                    ctx,
                    &hits,
                    Cause::Effect {
                        source: Some(attacker),
                        player,
                    },
                )?;
            }
            After::Handler { ability } => {
                if let Some(handler) = ability.meta().handler {
                    super::handlers::run(
                        game,
                        ctx,
                        handler,
                        attacker,
                        Trigger::AfterAttacks { target },
                    )?;
                }
            }
        }
    }
    Ok(())
}
