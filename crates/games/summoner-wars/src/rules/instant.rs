//! Instant operations: what an `Activated` ability does when a unit uses it, and what an
//! event's `Activated` entries do when it is played (`damage`, `heal`, `strength_this_turn`,
//! `grant_ability`, `remove_abilities`, `steal_magic`, `extra_attack` on the unit itself).
//!
//! Each operation picks its cards by `pick`, `side`, `sort`, `within`, `line` and
//! `with_ability`, measured from the unit carrying the ability or, for an event, from its
//! controller's summoner. `One` asks the controller to choose (no candidate refuses the use:
//! an ability or event with nothing to act on cannot be used), `Each` takes every candidate at
//! once, `ThisUnit` the unit itself.
//!
//! Using an `Activated` ability ([`use_ability`]) checks its phase, its `once_per_turn`, its
//! `requires` and its `cost` in magic; one `uses_attack` is used instead of attacking, by a
//! unit that could be chosen to attack now, and counts as choosing it.

use grimoire_engine::{Board, Ctx, ObjectId, PlayerId};

use super::abilities::abilities;
use super::content::{Ability, CardSort, EffectOp, Phase, Pick, Requirement, Side};
use super::damage::add_damage;
use super::refusal::Refusal;
use super::state::{grid, Cause, Game, GameEvent, Kind, Place, RulesError};

/// Which cards an instant operation may pick.
#[derive(Debug, Clone, Copy)]
struct Selection {
    pick: Pick,
    side: Side,
    sort: CardSort,
    within: u8,
    line: bool,
    with_ability: Option<Ability>,
    max_cost: u32,
}

/// The selection of an instant operation, if it is one.
fn selection(op: &EffectOp) -> Option<Selection> {
    let s = |pick, side, sort, within, line, with_ability| {
        Some(Selection {
            pick,
            side,
            sort,
            within,
            line,
            with_ability,
            max_cost: u32::MAX,
        })
    };
    match *op {
        EffectOp::Damage {
            pick,
            side,
            sort,
            within,
            line,
            with_ability,
            ..
        }
        | EffectOp::Heal {
            pick,
            side,
            sort,
            within,
            line,
            with_ability,
            ..
        }
        | EffectOp::StrengthThisTurn {
            pick,
            side,
            sort,
            within,
            line,
            with_ability,
            ..
        }
        | EffectOp::GrantAbility {
            pick,
            side,
            sort,
            within,
            line,
            with_ability,
            ..
        } => s(pick, side, sort, within, line, with_ability),
        EffectOp::RemoveAbilities {
            pick,
            side,
            sort,
            within,
            line,
        }
        | EffectOp::ReturnToHand {
            pick,
            side,
            sort,
            within,
            line,
        } => s(pick, side, sort, within, line, None),
        EffectOp::MovementThisTurn {
            pick, side, sort, ..
        } => s(pick, side, sort, 0, false, None),
        EffectOp::Restrain {
            pick,
            side,
            sort,
            within,
            ..
        }
        | EffectOp::TakeControl {
            pick,
            side,
            sort,
            within,
        } => s(pick, side, sort, within, false, None),
        EffectOp::GatherAround {
            pick, side, sort, ..
        } => s(pick, side, sort, 0, false, None),
        EffectOp::RelocatePicked {
            pick,
            side,
            sort,
            within,
            ..
        } => s(pick, side, sort, within, false, None),
        EffectOp::DamagePerDiscard { pick, .. } => {
            s(pick, Side::Any, CardSort::Any, 0, false, None)
        }
        EffectOp::DamageAround {
            pick, side, sort, ..
        } => s(pick, side, sort, 0, false, None),
        EffectOp::MoveDamageToSummoner { pick, sort } => {
            s(pick, Side::Friendly, sort, 0, false, None)
        }
        EffectOp::DiscardFromBattlefield {
            pick,
            side,
            sort,
            max_cost,
        } => s(pick, side, sort, 0, false, None).map(|sel| Selection {
            max_cost: max_cost.into(),
            ..sel
        }),
        EffectOp::Shift {
            pick,
            side,
            sort,
            within,
            ..
        } => s(pick, side, sort, within, false, None),
        EffectOp::PlaceBeside {
            pick,
            side,
            sort,
            within,
            line,
            with_ability,
            ..
        } => s(pick, side, sort, within, line, with_ability),
        _ => None,
    }
}

/// Whether `op` is an instant operation this module resolves.
pub fn is_instant(op: &EffectOp) -> bool {
    selection(op).is_some()
        || matches!(
            op,
            EffectOp::StealMagic { .. }
                | EffectOp::ExtraAttack { .. }
                | EffectOp::RangeThisTurn { .. }
                | EffectOp::Search { .. }
                | EffectOp::HinderOpponent { .. }
                | EffectOp::DiscountAbilities { .. }
                | EffectOp::MagicFromDiscard { .. }
                | EffectOp::Draw { .. }
                | EffectOp::SummonFree { .. }
                | EffectOp::FetchBeside { .. }
                | EffectOp::RelocateStructures { .. }
                | EffectOp::LimitAttackers { .. }
        )
}

/// Whether a card of `sort` is this card.
fn sort_matches(game: &Game, id: ObjectId, sort: CardSort) -> bool {
    let piece = &game.pieces[id.0 as usize];
    match sort {
        CardSort::Any => true,
        CardSort::Unit => piece.is_unit() && !piece.is_structure(),
        CardSort::CommonOrChampion => matches!(piece.kind(), Kind::Common | Kind::Champion),
        CardSort::Common => piece.kind() == Kind::Common,
        CardSort::Champion => piece.kind() == Kind::Champion,
        CardSort::Summoner => piece.kind() == Kind::Summoner,
        CardSort::Structure => piece.is_structure(),
        CardSort::Event => piece.kind() == Kind::Event,
        CardSort::StructureUnit => piece.is_unit() && piece.is_structure(),
    }
}

/// Whether card `id` is of `sort` (used by other rules: Prune's protected card, Psychic
/// Strike's targets).
pub fn is_sort(game: &Game, id: ObjectId, sort: CardSort) -> bool {
    game.piece(id).is_ok() && sort_matches(game, id, sort)
}

/// The card distances are measured from: the unit carrying the ability, or the event's
/// controller's summoner.
fn origin(game: &Game, source: ObjectId) -> Option<ObjectId> {
    let piece = game.piece(source).ok()?;
    if piece.kind() == Kind::Event {
        game.summoner_of(piece.controller)
    } else {
        Some(source)
    }
}

/// The cards `selection` may pick for `source` controlled by `player`.
fn candidates(game: &Game, source: ObjectId, player: PlayerId, sel: &Selection) -> Vec<ObjectId> {
    if sel.pick == Pick::ThisUnit {
        return if game.is_on_battlefield(source) {
            vec![source]
        } else {
            Vec::new()
        };
    }
    let from = origin(game, source);
    game.on_battlefield()
        .filter(|&c| {
            let piece = &game.pieces[c.0 as usize];
            let side = match sel.side {
                Side::Any => true,
                Side::Friendly => piece.controller == player,
                Side::Enemy => piece.controller != player,
            };
            let reach = match (sel.within, from) {
                (0, _) => true,
                (spaces, Some(o)) => {
                    game.within(o, c, spaces.into())
                        && (!sel.line || {
                            let (a, b) = (game.pieces[o.0 as usize].square(), piece.square());
                            matches!((a, b), (Some(a), Some(b)) if grid().straight_line(a, b).is_some())
                        })
                }
                (_, None) => false,
            };
            side && reach
                && piece.cost() <= sel.max_cost
                && sort_matches(game, c, sel.sort)
                && sel
                    .with_ability
                    .is_none_or(|a| abilities(game, c).contains(&a))
        })
        .collect()
}

/// Whether `requirement` holds for `player`.
pub fn requirement_holds(game: &Game, player: PlayerId, requirement: Requirement) -> bool {
    let units = |p: PlayerId| {
        game.on_battlefield()
            .filter(|&u| {
                let piece = &game.pieces[u.0 as usize];
                piece.controller == p && piece.is_unit()
            })
            .count()
    };
    let (mine, theirs) = (units(player), units(Game::opponent(player)));
    match requirement {
        Requirement::FewerUnits => mine < theirs,
        Requirement::MoreUnits => mine > theirs,
    }
}

/// Whether `player` can pay what `op` costs for the card `c` (healing a champion costs
/// magic).
fn affordable(game: &Game, player: PlayerId, op: &EffectOp, c: ObjectId) -> bool {
    match *op {
        EffectOp::Heal { champion_cost, .. } if champion_cost > 0 => {
            game.piece(c).is_ok_and(|p| p.kind() != Kind::Champion)
                || game.player(player).magic >= u32::from(champion_cost)
        }
        _ => true,
    }
}

/// Resolves the instant operations of `ability` of `source` (a unit, or an event being
/// played) for `player`, in order. Errors when a `One` pick has no candidate.
pub fn resolve(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    source: ObjectId,
    player: PlayerId,
    ability: Ability,
) -> Result<(), RulesError> {
    let name = ability.meta().name;
    let from_event = game.piece(source)?.kind() == Kind::Event;
    let mut previous: Vec<ObjectId> = Vec::new();
    for op in ability.meta().effects.iter().filter(|op| is_instant(op)) {
        if from_event && matches!(op, EffectOp::ExtraAttack { .. }) {
            // An event's extra attack goes to the unit it is played on (summon::play_event).
            continue;
        }
        let picked = match selection(op) {
            Some(sel) if sel.pick == Pick::Previous => previous
                .iter()
                .copied()
                .filter(|&c| game.is_on_battlefield(c))
                .collect(),
            Some(sel) => {
                // Only cards the player can pay for are offered (the contract: every option a
                // rule offers is one `apply` accepts).
                let all: Vec<ObjectId> = candidates(game, source, player, &sel)
                    .into_iter()
                    .filter(|&c| affordable(game, player, op, c))
                    .collect();
                match sel.pick {
                    Pick::One => {
                        if all.is_empty() {
                            return Err(Refusal::NothingToPick { ability: name }.into());
                        }
                        let labels: Vec<String> = all.iter().map(|&c| game.describe(c)).collect();
                        let index = if labels.len() == 1 {
                            0
                        } else {
                            ctx.choose(&format!("{name}: pick a card"), &labels)?
                        };
                        vec![all[index]]
                    }
                    Pick::UpToTwo | Pick::UpToThree | Pick::AnyNumber => {
                        let most = match (sel.pick, *op) {
                            (Pick::UpToTwo, _) => 2,
                            (Pick::UpToThree, _) => 3,
                            (_, EffectOp::Damage { cost_each, .. }) if cost_each > 0 => {
                                (game.player(player).magic / u32::from(cost_each)) as usize
                            }
                            _ => usize::MAX,
                        };
                        let mut left = all;
                        let mut chosen = Vec::new();
                        while chosen.len() < most && !left.is_empty() {
                            let mut labels = vec!["none".to_string()];
                            labels.extend(left.iter().map(|&c| game.describe(c)));
                            let index = ctx.choose(&format!("{name}: pick a card"), &labels)?;
                            if index == 0 {
                                break;
                            }
                            chosen.push(left.remove(index - 1));
                        }
                        chosen
                    }
                    Pick::Each | Pick::ThisUnit | Pick::Previous => all,
                }
            }
            None => Vec::new(),
        };
        ctx.record(GameEvent::AbilityResolved {
            ability: name,
            card: source,
        });
        apply(game, ctx, source, player, op, &picked)?;
        if !picked.is_empty() {
            previous = picked;
        }
    }
    Ok(())
}

/// Whether [`resolve`] of `entries` in turn (an ability used by `source`, or the entries of an
/// event `source` played) for `player` would refuse, judged on the state before they resolve:
/// `Some(refused)` when only their first operation can refuse, for want of a card to pick
/// (a `One` pick; its cards do not depend on the magic paid or the bookkeeping of using or
/// playing them); `None` when a later pick, a cost in magic or a handler could refuse too, so
/// only trying them tells.
pub(super) fn first_pick_refuses(
    game: &Game,
    source: ObjectId,
    player: PlayerId,
    entries: &[Ability],
    from_event: bool,
) -> Option<bool> {
    let mut first = None;
    let mut seen = false;
    for &ability in entries {
        if ability.meta().handler.is_some() {
            return None;
        }
        let ops = ability.meta().effects.iter().filter(|op| is_instant(op));
        for op in ops {
            if from_event && matches!(op, EffectOp::ExtraAttack { .. }) {
                continue;
            }
            let costs = match *op {
                EffectOp::Damage { cost_each, .. } => cost_each > 0,
                EffectOp::Heal { champion_cost, .. } => champion_cost > 0,
                _ => false,
            };
            if costs {
                return None;
            }
            let sel = selection(op).filter(|sel| sel.pick == Pick::One);
            if let Some(sel) = sel {
                if seen {
                    return None;
                }
                first = Some(sel);
            }
            seen = true;
        }
    }
    Some(first.is_some_and(|sel| candidates(game, source, player, &sel).is_empty()))
}

/// Applies one instant operation to the picked cards.
fn apply(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    source: ObjectId,
    player: PlayerId,
    op: &EffectOp,
    picked: &[ObjectId],
) -> Result<(), RulesError> {
    match *op {
        EffectOp::Damage {
            amount,
            roll_at_least,
            cost_each,
            roll_each: true,
            ..
        } if roll_at_least > 0 => {
            let cost = u32::from(cost_each) * picked.len() as u32;
            if game.player(player).magic < cost {
                return Err(Refusal::Costs { magic: cost }.into());
            }
            game.player_mut(player).magic -= cost;
            let mut hits = Vec::new();
            for &c in picked {
                if super::dice::face(ctx.roll(super::dice::ATTACK)?).pips >= roll_at_least {
                    hits.push((c, u32::from(amount)));
                }
            }
            add_damage(
                game,
                ctx,
                &hits,
                Cause::Effect {
                    source: Some(source),
                    player,
                },
            )?;
        }
        EffectOp::Damage {
            amount,
            roll_at_least,
            cost_each,
            ..
        } => {
            let cost = u32::from(cost_each) * picked.len() as u32;
            if game.player(player).magic < cost {
                return Err(Refusal::Costs { magic: cost }.into());
            }
            game.player_mut(player).magic -= cost;
            if roll_at_least > 0 {
                let rolled = super::dice::face(ctx.roll(super::dice::ATTACK)?);
                if rolled.pips < roll_at_least {
                    return Ok(());
                }
            }
            let hits: Vec<(ObjectId, u32)> = picked.iter().map(|&c| (c, amount.into())).collect();
            add_damage(
                game,
                ctx,
                &hits,
                Cause::Effect {
                    source: Some(source),
                    player,
                },
            )?;
        }
        EffectOp::Heal {
            amount,
            champion_cost,
            ..
        } => {
            for &c in picked {
                if game.piece(c)?.kind() == Kind::Champion && champion_cost > 0 {
                    let cost = u32::from(champion_cost);
                    if game.player(player).magic < cost {
                        return Err(Refusal::HealChampionCosts { magic: cost }.into());
                    }
                    game.player_mut(player).magic -= cost;
                }
                let piece = game.piece_mut(c)?;
                piece.damage = piece.damage.saturating_sub(amount.into());
            }
        }
        EffectOp::StrengthThisTurn { amount, .. } => {
            for &c in picked {
                let piece = game.piece_mut(c)?;
                piece.turn_strength = piece.turn_strength.saturating_add(amount.into());
            }
        }
        EffectOp::GrantAbility { ability, .. } => {
            for &c in picked {
                let piece = game.piece_mut(c)?;
                if !piece.turn_granted.contains(&ability) {
                    piece.turn_granted.push(ability);
                }
            }
        }
        EffectOp::RemoveAbilities { .. } => {
            for &c in picked {
                game.piece_mut(c)?.no_abilities_this_turn = true;
            }
        }
        EffectOp::ReturnToHand { .. } => {
            for &c in picked {
                super::damage::leave_battlefield(game, c, Place::Hand)?;
                let piece = game.piece_mut(c)?;
                piece.controller = piece.owner;
                ctx.record(GameEvent::ReturnedToHand { card: c });
            }
        }
        EffectOp::PlaceBeside { bring, .. } => {
            for &c in picked {
                let (moving, anchor) = if bring {
                    (c, source_anchor(game, source))
                } else {
                    (source, Some(c))
                };
                let Some(anchor) = anchor else { continue };
                place_next_to(game, ctx, moving, anchor)?;
            }
        }
        EffectOp::MoveDamageToSummoner { .. } => {
            let Some(summoner) = game.summoner_of(player) else {
                return Ok(());
            };
            for &c in picked.iter().filter(|&&c| c != summoner) {
                let damage = game.piece(c)?.damage;
                let options: Vec<String> = (0..=damage).map(|n| n.to_string()).collect();
                let moved = if damage == 0 {
                    0
                } else {
                    ctx.choose("damage to move to the summoner", &options)? as u32
                };
                game.piece_mut(c)?.damage -= moved;
                let s = game.piece_mut(summoner)?;
                s.damage = s.damage.saturating_add(moved);
            }
            // The summoner may now have as much damage as its life: destroyed by the change
            // of game state (actions::apply_in_place checks it after every action).
        }
        EffectOp::DiscardFromBattlefield { .. } => {
            for &c in picked {
                super::damage::leave_battlefield(game, c, Place::Discard)?;
                let piece = game.piece_mut(c)?;
                piece.controller = piece.owner;
                ctx.record(GameEvent::Discarded { card: c });
            }
        }
        EffectOp::HinderOpponent { night, stasis } => {
            let p = game.player_mut(Game::opponent(player));
            p.night_next_turn |= night;
            p.stasis_next_turn |= stasis;
        }
        EffectOp::MagicFromDiscard {
            count,
            opponents,
            with_ability,
        } => {
            let whose = if opponents {
                Game::opponent(player)
            } else {
                player
            };
            // The top of the discard pile is the card put there last.
            let mut pile = game.pile(whose, Place::Discard);
            pile.reverse();
            let taken: Vec<ObjectId> = pile
                .into_iter()
                .filter(|&c| {
                    with_ability.is_none_or(|a| {
                        super::abilities::printed(&game.pieces[c.0 as usize]).contains(&a)
                    })
                })
                .take(count.into())
                .collect();
            for &c in &taken {
                game.set_place(c, Place::MagicPile)?;
            }
            super::damage::gain_magic(game, ctx, player, taken.len() as u32);
        }
        EffectOp::Restrain {
            no_move,
            no_attack,
            spare_source,
            damage_if_adjacent,
            ..
        } => {
            for &c in picked {
                game.piece_mut(c)?.restrained.push(super::state::Restraint {
                    by: source,
                    player,
                    no_move,
                    no_attack,
                    spare_source,
                    damage_if_adjacent,
                });
            }
        }
        EffectOp::TakeControl { .. } => {
            for &c in picked {
                let piece = game.piece_mut(c)?;
                if piece.controller != player {
                    piece.controller = player;
                    piece.borrowed = true;
                }
            }
        }
        EffectOp::GatherAround {
            summoner_first,
            count,
            gather_side,
            gather_sort,
            reach,
            ..
        } => {
            let Some(&anchor) = picked.first() else {
                return Ok(());
            };
            if summoner_first {
                if let Some(summoner) = game.summoner_of(player).filter(|&s| s != anchor) {
                    place_next_to(game, ctx, summoner, anchor)?;
                }
            }
            let mut left: Vec<ObjectId> = game
                .on_battlefield()
                .filter(|&c| {
                    let p = &game.pieces[c.0 as usize];
                    let side = match gather_side {
                        Side::Any => true,
                        Side::Friendly => p.controller == player,
                        Side::Enemy => p.controller != player,
                    };
                    c != anchor
                        && p.kind() != Kind::Summoner
                        && side
                        && sort_matches(game, c, gather_sort)
                        && (reach == 0 || game.within(anchor, c, reach.into()))
                })
                .collect();
            for _ in 0..count {
                if left.is_empty() {
                    break;
                }
                let mut options = vec!["none".to_string()];
                options.extend(left.iter().map(|&c| game.describe(c)));
                let answer = ctx.choose("card to place next to it", &options)?;
                if answer == 0 {
                    break;
                }
                let c = left.remove(answer - 1);
                place_next_to(game, ctx, c, anchor)?;
            }
        }
        EffectOp::RelocateStructures { heal } => {
            let walls: Vec<ObjectId> = game
                .on_battlefield()
                .filter(|&w| {
                    game.pieces[w.0 as usize].controller == player
                        && game.pieces[w.0 as usize].is_structure()
                })
                .collect();
            for w in walls {
                let g = grid();
                let squares: Vec<grimoire_engine::Square> = (0..g.height)
                    .flat_map(|row| {
                        (0..g.width).map(move |column| grimoire_engine::Square { column, row })
                    })
                    .filter(|s| game.at(*s).is_none() && game.on_side_of(player, *s))
                    .collect();
                let mut options = vec!["stay".to_string()];
                options.extend(squares.iter().map(|s| g.position_name(s)));
                let answer = ctx.choose(&format!("place {} on", game.describe(w)), &options)?;
                if answer > 0 {
                    game.set_place(w, Place::Battlefield(squares[answer - 1]))?;
                }
                let piece = game.piece_mut(w)?;
                piece.damage = piece.damage.saturating_sub(heal.into());
            }
        }
        EffectOp::RelocatePicked { spaces, .. } => {
            for &c in picked {
                let g = grid();
                let Some(from) = game.piece(source)?.square() else {
                    return Ok(());
                };
                let squares: Vec<grimoire_engine::Square> = (0..g.height)
                    .flat_map(|row| {
                        (0..g.width).map(move |column| grimoire_engine::Square { column, row })
                    })
                    .filter(|s| {
                        game.at(*s).is_none()
                            && game.on_side_of(player, *s)
                            && g.distance(&from, s).is_some_and(|d| d <= spaces.into())
                    })
                    .collect();
                if squares.is_empty() {
                    continue;
                }
                let names: Vec<String> = squares.iter().map(|s| g.position_name(s)).collect();
                let index = if names.len() == 1 {
                    0
                } else {
                    ctx.choose(&format!("place {} on", game.describe(c)), &names)?
                };
                game.set_place(c, Place::Battlefield(squares[index]))?;
            }
        }
        EffectOp::MovementThisTurn { amount, .. } => {
            for &c in picked {
                let piece = game.piece_mut(c)?;
                piece.turn_movement = piece.turn_movement.saturating_add(amount.into());
            }
        }
        EffectOp::DamagePerDiscard { max, .. } => {
            let mut discarded = 0u32;
            while discarded < u32::from(max) {
                let hand = game.pile(player, Place::Hand);
                if hand.is_empty() {
                    break;
                }
                let mut options = vec!["stop".to_string()];
                options.extend(hand.iter().map(|&c| game.describe(c)));
                let answer = ctx.choose("card to discard for 1 more damage", &options)?;
                if answer == 0 {
                    break;
                }
                game.set_place(hand[answer - 1], Place::Discard)?;
                discarded += 1;
            }
            let hits: Vec<(ObjectId, u32)> = picked.iter().map(|&c| (c, discarded)).collect();
            add_damage(
                game,
                ctx,
                &hits,
                Cause::Effect {
                    source: Some(source),
                    player,
                },
            )?;
        }
        EffectOp::DamageAround { amount, .. } => {
            let mut hits: Vec<(ObjectId, u32)> = Vec::new();
            for &c in picked {
                for other in std::iter::once(c).chain(game.neighbours(c)) {
                    let unit_or_picked = other == c || game.pieces[other.0 as usize].is_unit();
                    if unit_or_picked && !hits.iter().any(|(h, _)| *h == other) {
                        hits.push((other, amount.into()));
                    }
                }
            }
            add_damage(
                game,
                ctx,
                &hits,
                Cause::Effect {
                    source: Some(source),
                    player,
                },
            )?;
        }
        EffectOp::Draw { count } => {
            let drawn: Vec<ObjectId> = game
                .pile(player, Place::DrawPile)
                .into_iter()
                .take(count.into())
                .collect();
            for &c in &drawn {
                game.set_place(c, Place::Hand)?;
            }
            if !drawn.is_empty() {
                ctx.record(GameEvent::Drew {
                    player,
                    count: drawn.len() as u32,
                });
            }
        }
        EffectOp::SummonFree { count, sort } => {
            for _ in 0..count {
                let hand: Vec<ObjectId> = game
                    .pile(player, Place::Hand)
                    .into_iter()
                    .filter(|&c| {
                        let p = &game.pieces[c.0 as usize];
                        matches!(p.kind(), Kind::Champion | Kind::Common | Kind::Unclassed)
                            && sort_matches(game, c, sort)
                    })
                    .collect();
                let squares: Vec<grimoire_engine::Square> = {
                    let mut out = Vec::new();
                    for gate in game.on_battlefield() {
                        let p = &game.pieces[gate.0 as usize];
                        if p.is_gate() && p.controller == player {
                            if let Some(at) = p.square() {
                                for s in super::movement::empty_neighbours(game, at) {
                                    if !out.contains(&s) {
                                        out.push(s);
                                    }
                                }
                            }
                        }
                    }
                    out
                };
                if hand.is_empty() || squares.is_empty() {
                    break;
                }
                let mut options = vec!["none".to_string()];
                options.extend(hand.iter().map(|&c| game.describe(c)));
                let answer = ctx.choose("unit to summon for free", &options)?;
                if answer == 0 {
                    break;
                }
                let card = hand[answer - 1];
                let names: Vec<String> = squares.iter().map(|s| grid().position_name(s)).collect();
                let at = if names.len() == 1 {
                    0
                } else {
                    ctx.choose(&format!("summon {} on", game.describe(card)), &names)?
                };
                game.set_place(card, Place::Battlefield(squares[at]))?;
                ctx.record(GameEvent::Entered {
                    card,
                    how: "summoned",
                });
            }
        }
        EffectOp::FetchBeside { with_ability } => {
            if game.pieces[source.0 as usize].kind() == Kind::Event {
                return Ok(());
            }
            let found: Vec<ObjectId> = [Place::Hand, Place::DrawPile]
                .into_iter()
                .flat_map(|p| game.pile(player, p))
                .filter(|&c| {
                    super::abilities::printed(&game.pieces[c.0 as usize]).contains(&with_ability)
                })
                .collect();
            if !found.is_empty() {
                let labels: Vec<String> = found.iter().map(|&c| game.describe(c)).collect();
                let index = if labels.len() == 1 {
                    0
                } else {
                    ctx.choose("card to place", &labels)?
                };
                // With no empty space next to the unit the card stays where it was.
                place_next_to(game, ctx, found[index], source)?;
            }
            super::play::shuffle(game, ctx, player)?;
        }
        EffectOp::LimitAttackers { count } => {
            let p = game.player_mut(player);
            p.attackers_limit = if p.attackers_limit == 0 {
                count.into()
            } else {
                p.attackers_limit.min(count.into())
            };
        }
        EffectOp::DiscountAbilities { amount } => {
            let p = game.player_mut(player);
            p.ability_discount = p.ability_discount.saturating_add(amount.into());
        }
        EffectOp::Shift { spaces, .. } => {
            for &c in picked {
                let Some(at) = game.piece(c)?.square() else {
                    continue;
                };
                let g = grid();
                let squares: Vec<grimoire_engine::Square> = (0..g.height)
                    .flat_map(|row| {
                        (0..g.width).map(move |column| grimoire_engine::Square { column, row })
                    })
                    .filter(|s| {
                        game.at(*s).is_none()
                            && g.distance(&at, s)
                                .is_some_and(|d| d >= 1 && d <= spaces.into())
                    })
                    .collect();
                if squares.is_empty() {
                    continue;
                }
                let mut options = vec!["stay".to_string()];
                options.extend(squares.iter().map(|s| g.position_name(s)));
                let answer = ctx.choose(&format!("place {} on", game.describe(c)), &options)?;
                if answer > 0 {
                    game.set_place(c, Place::Battlefield(squares[answer - 1]))?;
                }
            }
        }
        EffectOp::RangeThisTurn { amount }
            if game.pieces[source.0 as usize].kind() != Kind::Event =>
        {
            let piece = game.piece_mut(source)?;
            piece.turn_range = piece.turn_range.saturating_add(amount.into());
        }
        EffectOp::Search { sort, from_discard } => {
            let mut piles = vec![Place::DrawPile];
            if from_discard {
                piles.push(Place::Discard);
            }
            let found: Vec<ObjectId> = piles
                .into_iter()
                .flat_map(|p| game.pile(player, p))
                .filter(|&c| sort_matches(game, c, sort))
                .collect();
            if !found.is_empty() {
                let labels: Vec<String> = found
                    .iter()
                    .map(|&c| {
                        let from = match game.pieces[c.0 as usize].place() {
                            Place::Discard => "discard pile",
                            _ => "draw pile",
                        };
                        format!("{} ({from})", game.describe(c))
                    })
                    .collect();
                let index = if labels.len() == 1 {
                    0
                } else {
                    ctx.choose("card to take into hand", &labels)?
                };
                game.set_place(found[index], Place::Hand)?;
                ctx.record(GameEvent::Drew { player, count: 1 });
            }
            super::play::shuffle(game, ctx, player)?;
        }
        EffectOp::StealMagic { amount } => {
            let opponent = Game::opponent(player);
            let taken = game.player(opponent).magic.min(amount.into());
            game.player_mut(opponent).magic -= taken;
            super::damage::gain_magic(game, ctx, player, taken);
        }
        EffectOp::ExtraAttack { count } if game.pieces[source.0 as usize].kind() != Kind::Event => {
            game.piece_mut(source)?.extra_attacks += u32::from(count);
        }
        _ => {}
    }
    Ok(())
}

/// The card a `bring` placement puts cards next to: the unit itself, or an event's
/// controller's summoner.
fn source_anchor(game: &Game, source: ObjectId) -> Option<ObjectId> {
    origin(game, source).filter(|&o| game.is_on_battlefield(o))
}

/// Places `unit` on an empty space next to `anchor`, chosen by the controller (placing is
/// neither moving nor forcing); nothing when there is no such space.
fn place_next_to(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    unit: ObjectId,
    anchor: ObjectId,
) -> Result<(), RulesError> {
    let Some(at) = game.piece(anchor)?.square() else {
        return Ok(());
    };
    if unit == anchor {
        return Ok(());
    }
    let squares = super::movement::empty_neighbours(game, at);
    if squares.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = squares.iter().map(|s| grid().position_name(s)).collect();
    let index = if names.len() == 1 {
        0
    } else {
        ctx.choose(&format!("place {} on", game.describe(unit)), &names)?
    };
    game.set_place(unit, Place::Battlefield(squares[index]))?;
    ctx.record(GameEvent::Entered {
        card: unit,
        how: "placed",
    });
    Ok(())
}

/// Whether the ability has instant operations (an `Activated` ability the rules play by its
/// operations rather than by a handler).
pub fn has_instant_ops(ability: Ability) -> bool {
    ability.meta().effects.iter().any(is_instant)
}

/// Checks, without changing anything, that `unit` may use `ability` (an `Activated` ability
/// with instant operations) now.
pub fn check_use(game: &Game, unit: ObjectId, ability: Ability) -> Result<(), RulesError> {
    let meta = ability.meta();
    let name = meta.name;
    let piece = game.piece(unit)?;
    if let Some(phase) = meta.phase {
        if game.phase != phase {
            return Err(Refusal::AbilityPhase {
                ability: name,
                phase,
            }
            .into());
        }
    }
    if meta.once_per_turn && game.used_this_turn.contains(&(unit, name)) {
        return Err(Refusal::UsedThisTurn { ability: name }.into());
    }
    let uses = game
        .used_this_turn
        .iter()
        .filter(|&&used| used == (unit, name))
        .count();
    if meta.uses_per_turn > 0 && uses >= usize::from(meta.uses_per_turn) {
        return Err(Refusal::UsedTimes {
            ability: name,
            times: meta.uses_per_turn,
        }
        .into());
    }
    if let Some(requirement) = meta.requires {
        if !requirement_holds(game, piece.controller, requirement) {
            return Err(Refusal::Needs {
                what: name,
                requirement,
            }
            .into());
        }
    }
    if meta.uses_move {
        if game.phase != Phase::Move {
            return Err(Refusal::InsteadOfMoving { ability: name }.into());
        }
        super::movement::check_mover(game, unit)?;
    }
    if meta.uses_attack {
        if game.phase != Phase::Attack {
            return Err(Refusal::InsteadOfAttacking { ability: name }.into());
        }
        if piece.attacked_this_phase {
            return Err(Refusal::AlreadyAttacked {
                unit: game.named(unit),
            }
            .into());
        }
        let allowed = game.player(piece.controller).attackers_allowed();
        if game.player(piece.controller).chosen_attackers >= allowed {
            return Err(Refusal::AttackersChosen { allowed }.into());
        }
    }
    if game.player(piece.controller).magic < cost_now(game, piece.controller, ability) {
        return Err(Refusal::AbilityCosts {
            ability: name,
            magic: meta.cost,
        }
        .into());
    }
    Ok(())
}

/// What `ability` costs `player` now: its `cost` less their `discount_abilities`.
fn cost_now(game: &Game, player: PlayerId, ability: Ability) -> u32 {
    u32::from(ability.meta().cost).saturating_sub(game.player(player).ability_discount)
}

/// Uses `ability` of `unit` (see the module docs).
pub fn use_ability(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    unit: ObjectId,
    ability: Ability,
) -> Result<(), RulesError> {
    check_use(game, unit, ability)?;
    let meta = ability.meta();
    let player = game.piece(unit)?.controller;
    let cost = cost_now(game, player, ability);
    game.player_mut(player).magic -= cost;
    if meta.once_per_turn || meta.uses_per_turn > 0 {
        game.used_this_turn.push((unit, meta.name));
    }
    if meta.uses_move {
        let piece = game.piece_mut(unit)?;
        piece.moved_this_phase = true;
        piece.moved_this_turn = true;
        game.player_mut(player).chosen_movers += 1;
    }
    if meta.uses_attack {
        game.piece_mut(unit)?.attacked_this_phase = true;
        game.player_mut(player).chosen_attackers += 1;
    }
    resolve(game, ctx, unit, player, ability)
}

/// Instant operations acting when an event is played: its own `Activated` entries.
pub fn event_entries(game: &Game, card: ObjectId) -> Vec<Ability> {
    game.piece(card)
        .map(|p| {
            p.carries
                .iter()
                .copied()
                .filter(|a| {
                    a.meta().timing == Some(super::content::Timing::Activated)
                        && has_instant_ops(*a)
                })
                .collect()
        })
        .unwrap_or_default()
}
