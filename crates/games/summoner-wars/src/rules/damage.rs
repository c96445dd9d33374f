//! Damage, boost, destruction and magic (FAQ General Questions; Expanded Rules:
//! "Simultaneous" Effects, Damage Reduction when "Paying Costs").
//!
//! - Damage added by one subeffect to several cards lands on all of them at once; the cards it
//!   destroys are then destroyed one at a time in the order the active player chooses.
//! - A `damage_cap` acting on a card (Law of Sanctity) lowers what one effect adds to it; a
//!   cost paid in damage counts as paid whatever was added.
//! - A destroyed card goes to its owner's discard pile as part of its destruction. Whoever
//!   controls the attack or effect that destroyed an enemy card gains
//!   `MAGIC_PER_ENEMY_DESTROYED` (none for a card they control, none when the cause is a
//!   change of game state, none from a `soulless` destroyer); `bounty` gives the destroyed
//!   card's controller's opponent extra magic whoever destroyed it.
//! - A `return_to_hand_instead` effect (Unrelenting) replaces the destruction of a common: it
//!   is not destroyed, so no magic and no destruction triggers.
//! - After each destruction, `AfterDestroyed` abilities resolve in the active player's order:
//!   boosts of friendly units in reach (Blood Bloom, recipients as they stood at that time),
//!   boosts on any destruction (Blood Fury), taking the destroyed unit's space (Soul Shift).

use grimoire_engine::{Board, Ctx, ObjectId, PlayerId, Square};

use super::abilities::{abilities, acting_on, any_local_acting};
use super::content::{Destruction, EffectOp, Recipient, Timing, MAGIC_PER_ENEMY_DESTROYED};
use super::state::{grid, Cause, Game, GameEvent, Kind, Place, RulesError};

/// Asks the active player to order `items` (labelled) when there are two or more; returns
/// them in the chosen order (FAQ "Simultaneous" Effects).
pub fn in_chosen_order<T>(
    ctx: &mut Ctx<'_, GameEvent>,
    prompt: &str,
    mut items: Vec<(String, T)>,
) -> Result<Vec<T>, RulesError> {
    let mut ordered = Vec::with_capacity(items.len());
    while items.len() > 1 {
        let labels: Vec<String> = items.iter().map(|(label, _)| label.clone()).collect();
        let index = ctx.choose(prompt, &labels)?;
        ordered.push(items.remove(index).1);
    }
    ordered.extend(items.into_iter().map(|(_, item)| item));
    Ok(ordered)
}

/// The most damage one effect may add to `id` now (`damage_cap`), if capped.
fn cap(game: &Game, id: ObjectId) -> Option<u32> {
    acting_on(game, id, Timing::Passive)
        .iter()
        .filter_map(|a| match a.op {
            EffectOp::DamageCap { max, .. } => Some(u32::from(max)),
            _ => None,
        })
        .min()
}

/// Adds damage from one subeffect to every `(card, amount)` at once, then destroys the cards
/// it destroyed in the active player's order. Returns the damage actually added to each.
pub fn add_damage(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    hits: &[(ObjectId, u32)],
    cause: Cause,
) -> Result<Vec<u32>, RulesError> {
    let mut hits = sacrifices(game, ctx, hits)?;
    protections(game, ctx, &mut hits)?;
    let hits = hits.as_slice();
    let mut added = Vec::with_capacity(hits.len());
    for &(id, amount) in hits {
        if !game.is_on_battlefield(id) || amount == 0 {
            added.push(0);
            continue;
        }
        let amount = cap(game, id).map_or(amount, |c| amount.min(c));
        let piece = game.piece_mut(id)?;
        piece.damage = piece.damage.saturating_add(amount);
        ctx.record(GameEvent::DamageAdded { card: id, amount });
        added.push(amount);
    }
    let destroyed: Vec<(String, ObjectId)> = hits
        .iter()
        .map(|&(id, _)| id)
        .filter(|&id| lethal(game, id))
        .map(|id| (game.describe(id), id))
        .collect();
    check_destroyed(game, ctx, destroyed, cause)?;
    Ok(added)
}

/// `sacrifice_for` (Prune): before any damage of the subeffect is added, each card about to
/// take damage that a friendly neighbour sacrifices itself for takes none, and the neighbour
/// (its controller's choice among several) is destroyed by itself: nobody gains magic.
fn sacrifices(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    hits: &[(ObjectId, u32)],
) -> Result<Vec<(ObjectId, u32)>, RulesError> {
    let mut hits = hits.to_vec();
    for hit in hits.iter_mut() {
        let (id, amount) = *hit;
        if amount == 0 || !game.is_on_battlefield(id) {
            continue;
        }
        let savers: Vec<(String, (ObjectId, &'static str))> = game
            .neighbours(id)
            .into_iter()
            .filter(|&s| game.friendly(s, id))
            .filter_map(|s| {
                super::abilities::own_ops(game, s, Timing::WouldBeDamaged)
                    .into_iter()
                    .find(|a| {
                        matches!(a.op, EffectOp::SacrificeFor { sort } if super::instant::is_sort(game, id, sort))
                    })
                    .map(|a| (game.describe(s), (s, a.ability.meta().name)))
            })
            .collect();
        if savers.is_empty() {
            continue;
        }
        let labels: Vec<String> = savers.iter().map(|(l, _)| l.clone()).collect();
        let index = if labels.len() == 1 {
            0
        } else {
            ctx.choose("card that is destroyed instead", &labels)?
        };
        let (saver, ability) = savers[index].1;
        ctx.record(GameEvent::AbilityResolved {
            ability,
            card: saver,
        });
        let player = game.piece(saver)?.controller;
        destroy(
            game,
            ctx,
            saver,
            Cause::Effect {
                source: Some(saver),
                player,
            },
        )?;
        hit.1 = 0;
    }
    Ok(hits)
}

/// Reaction events in `player`'s hand carrying `matches`, with the cost they name.
fn reactions_in_hand(
    game: &Game,
    player: PlayerId,
    matches: impl Fn(&EffectOp) -> Option<u32>,
) -> Vec<(ObjectId, u32)> {
    game.pile(player, Place::Hand)
        .into_iter()
        .filter_map(|c| {
            game.pieces[c.0 as usize]
                .carries
                .iter()
                .flat_map(|a| a.meta().effects)
                .find_map(&matches)
                .map(|cost| (c, cost))
        })
        .collect()
}

/// `claim_magic_from_hand` (Shadows): when an opponent destroys `id`, its controller may play
/// the event from hand to gain the magic instead. Returns who gains it then.
fn claim_from_hand(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
    player: PlayerId,
) -> Result<Option<PlayerId>, RulesError> {
    let events = reactions_in_hand(game, player, |op| match *op {
        EffectOp::ClaimMagicFromHand { sort } if super::instant::is_sort(game, id, sort) => Some(0),
        _ => None,
    });
    let Some(&(event, _)) = events.first() else {
        return Ok(None);
    };
    let prompt = format!(
        "play {} to gain the magic for {}?",
        game.describe(event),
        game.describe(id)
    );
    if ctx.choose(&prompt, &["no".to_string(), "yes".to_string()])? == 0 {
        return Ok(None);
    }
    game.set_place(event, Place::Discard)?;
    ctx.record(GameEvent::EventPlayed { card: event });
    Ok(Some(player))
}

/// `cancel_damage_from_hand` (Divine Protection): before damage is added to a card, its
/// controller may play such an event from hand, paying its cost, to cancel that damage.
fn protections(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    hits: &mut [(ObjectId, u32)],
) -> Result<(), RulesError> {
    for hit in hits.iter_mut() {
        let (id, amount) = *hit;
        if amount == 0 || !game.is_on_battlefield(id) {
            continue;
        }
        let player = game.piece(id)?.controller;
        let events = reactions_in_hand(game, player, |op| match *op {
            EffectOp::CancelDamageFromHand { sort, cost }
                if super::instant::is_sort(game, id, sort) =>
            {
                Some(u32::from(cost))
            }
            _ => None,
        });
        let Some(&(event, cost)) = events.first() else {
            continue;
        };
        if game.player(player).magic < cost {
            continue;
        }
        let prompt = format!(
            "play {} to cancel {amount} damage to {}?",
            game.describe(event),
            game.describe(id)
        );
        if ctx.choose(&prompt, &["no".to_string(), "yes".to_string()])? == 0 {
            continue;
        }
        game.player_mut(player).magic -= cost;
        game.set_place(event, Place::Discard)?;
        ctx.record(GameEvent::EventPlayed { card: event });
        hit.1 = 0;
    }
    Ok(())
}

/// Whether a card on the battlefield has as much damage as its life.
fn lethal(game: &Game, id: ObjectId) -> bool {
    game.piece(id).is_ok_and(|p| {
        p.square().is_some()
            && super::abilities::life(game, id).is_some_and(|life| p.damage >= life)
    })
}

/// Whether some card's life may be lowered: a card in play, or a card whose base abilities a
/// unit copies, lists an operation lowering life (`modify_life` below 0).
fn life_may_drop(game: &Game) -> bool {
    let lowering = |op: &EffectOp| matches!(*op, EffectOp::ModifyLife { amount, .. } if amount < 0);
    // Every entry a card can have is one of the codex's abilities: when none of them lowers
    // life, no card's can.
    static CODEX_LOWERS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let codex_lowers = *CODEX_LOWERS.get_or_init(|| {
        super::content::ABILITY_META
            .iter()
            .any(|meta| meta.effects.iter().any(lowering))
    });
    if !codex_lowers {
        return false;
    }
    let lowers = |a: &super::content::Ability| super::abilities::lowers_life(*a);
    let copies_lowering = |p: &super::state::Piece| {
        p.copying
            .is_some_and(|(target, _)| game.piece(target).is_ok_and(|t| t.base_facts().lowers_life))
    };
    game.outside_piles().any(|id| {
        let p = &game.pieces[id.0 as usize];
        p.base_facts().lowers_life
            || p.stand_in
                .iter()
                .chain(&p.granted)
                .chain(&p.turn_granted)
                .chain(&p.carries)
                .any(lowers)
            || copies_lowering(p)
    }) || game
        .in_piles()
        .any(|id| copies_lowering(&game.pieces[id.0 as usize]))
}

/// Destroys the given cards one at a time, in the active player's order.
fn check_destroyed(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    destroyed: Vec<(String, ObjectId)>,
    cause: Cause,
) -> Result<(), RulesError> {
    for id in in_chosen_order(ctx, "order of destruction", destroyed)? {
        destroy(game, ctx, id, cause)?;
    }
    Ok(())
}

/// Cards whose damage now equals or exceeds their life because their life went down: they
/// are destroyed by a change of game state (nobody gains magic).
pub fn check_state(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    // Without damage, only a life lowered to 0 is lethal; unless some life may be lowered, a
    // card's life is at least its printed life: less damage than that is not lethal.
    let may_drop = life_may_drop(game);
    let suspect = |game: &Game, id: ObjectId| {
        let piece = &game.pieces[id.0 as usize];
        (piece.damage > 0 || may_drop || piece.life().is_some_and(|l| l == 0))
            && (may_drop || piece.life().is_some_and(|l| piece.damage >= l))
    };
    // Most states have no card to look at closer: no memo is set up for them.
    if !game.on_battlefield().any(|id| suspect(game, id)) {
        return Ok(());
    }
    let destroyed: Vec<(String, ObjectId)> = super::memo::with_memo(game, |game| {
        game.on_battlefield()
            .filter(|&id| suspect(game, id) && lethal(game, id))
            .map(|id| (game.describe(id), id))
            .collect()
    });
    check_destroyed(game, ctx, destroyed, Cause::GameState)
}

/// Adds boost to every card at once.
pub fn add_boost(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    cards: &[ObjectId],
    amount: u32,
) -> Result<(), RulesError> {
    for &id in cards {
        if game.is_on_battlefield(id) {
            let piece = game.piece_mut(id)?;
            piece.boost = piece.boost.saturating_add(amount);
            ctx.record(GameEvent::BoostAdded { card: id, amount });
        }
    }
    Ok(())
}

/// Gives a player magic.
pub fn gain_magic(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>, player: PlayerId, amount: u32) {
    if amount > 0 && !game.player(player).stasis_this_turn {
        let pool = &mut game.player_mut(player).magic;
        *pool = pool.saturating_add(amount);
        ctx.record(GameEvent::MagicGained { player, amount });
    }
}

/// A card leaves the battlefield for `place`: it loses its tokens and per-turn state, cards
/// under it and events attached to it go to their owners' discard piles, and it becomes a new
/// card (FAQ Playing the Same Card Twice).
pub fn leave_battlefield(game: &mut Game, id: ObjectId, place: Place) -> Result<(), RulesError> {
    let followers: Vec<ObjectId> = game
        .outside_piles()
        .filter(|o| {
            matches!(game.pieces[o.0 as usize].place(), Place::Under(h) | Place::Attached(h) if h == id)
        })
        .collect();
    for follower in followers {
        game.set_place(follower, Place::Discard)?;
        let piece = game.piece_mut(follower)?;
        piece.incarnation = piece.incarnation.saturating_add(1);
    }
    game.set_place(id, place)?;
    let piece = game.piece_mut(id)?;
    piece.damage = 0;
    piece.boost = 0;
    piece.granted.clear();
    piece.turn_granted.clear();
    piece.no_abilities_this_turn = false;
    piece.turn_range = 0;
    piece.moved_this_turn = false;
    piece.spaces_moved_this_turn = 0;
    piece.turn_movement = 0;
    piece.began_turn_beside_enemy = false;
    piece.restrained.clear();
    piece.borrowed = false;
    piece.destroyed_unit_this_phase = false;
    piece.copying = None;
    piece.copy_ends_with_turn = false;
    piece.turn_strength = 0;
    piece.moved_this_phase = false;
    piece.attacked_this_phase = false;
    piece.extra_attacks = 0;
    piece.attacked_enemy_this_turn = false;
    piece.forced_by_gate = false;
    piece.incarnation = piece.incarnation.saturating_add(1);
    Ok(())
}

/// Whether an active event of `player` replaces the destruction of their commons.
fn returns_to_hand(game: &Game, id: ObjectId) -> bool {
    let Ok(piece) = game.piece(id) else {
        return false;
    };
    piece.kind() == Kind::Common
        && game.any_active_event()
        && game.outside_piles().any(|event| {
            let e = &game.pieces[event.0 as usize];
            e.place() == Place::Active
                && e.controller == piece.controller
                && e.carries.iter().any(|a| {
                    a.meta()
                        .effects
                        .iter()
                        .any(|op| matches!(op, EffectOp::ReturnToHandInstead))
                })
        })
}

/// A pending "after destroyed" trigger of `source`'s ability.
struct AfterDestroyed {
    source: ObjectId,
    ability: &'static str,
    what: AfterDestroyedEffect,
}

/// What an "after destroyed" trigger does.
enum AfterDestroyedEffect {
    /// Boost `recipients` by `amount` (Blood Bloom, Blood Fury).
    Boost {
        recipients: Vec<ObjectId>,
        amount: u32,
    },
    /// The source may be placed on `square`, the destroyed unit's space (Soul Shift).
    TakePlace { square: Square },
    /// Every card next to `square` takes `amount` damage at once (Explosive Shell).
    DamageAround { square: Square, amount: u32 },
    /// The destroyer may be placed on `square` and attack once more (Shadow Arrows).
    Advance { square: Square },
    /// The top `count` cards of the destroyer's controller's discard pile go into their magic
    /// pile (Channel Magic).
    ChannelMagic { count: usize },
    /// A card with ability `with` from `player`'s discard pile is placed on `square`
    /// (`place_from_discard`); `destroyed` is the card just destroyed, which had `had`.
    FromDiscard {
        with: super::content::Ability,
        optional: bool,
        square: Square,
        player: PlayerId,
        destroyed: ObjectId,
        had: Vec<super::content::Ability>,
    },
}

/// Destroys one card (see the module docs).
pub fn destroy(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
    cause: Cause,
) -> Result<(), RulesError> {
    if !game.is_on_battlefield(id) {
        return Ok(());
    }
    if returns_to_hand(game, id) {
        leave_battlefield(game, id, Place::Hand)?;
        ctx.record(GameEvent::ReturnedToHand { card: id });
        return Ok(());
    }
    let piece = game.piece(id)?.clone();
    let bounty: u32 = abilities(game, id)
        .iter()
        .flat_map(|a| a.meta().effects)
        .filter_map(|op| match op {
            EffectOp::Bounty { amount } => Some(u32::from(*amount)),
            _ => None,
        })
        .sum();
    let mut triggers = nearby_destruction_triggers(game, id);
    let had = abilities(game, id);
    if let Some(square) = piece.square() {
        let destroyer = match cause {
            Cause::Attack { attacker, .. } => Some(attacker),
            Cause::Effect { source, .. } => source,
            Cause::GameState => None,
        };
        let mut holders: Vec<(ObjectId, super::abilities::AbilityList, Destruction)> =
            vec![(id, had.clone(), Destruction::ThisUnit)];
        if let Some(d) = destroyer.filter(|&d| d != id && game.is_on_battlefield(d)) {
            holders.push((d, abilities(game, d), Destruction::DestroyedByThisUnit));
        }
        if let Some(d) = destroyer.filter(|&d| d != id && game.is_on_battlefield(d)) {
            for ability in abilities(game, d) {
                let meta = ability.meta();
                if meta.once_per_turn && game.used_this_turn.contains(&(d, meta.name)) {
                    continue;
                }
                for op in meta.effects {
                    let what = match *op {
                        EffectOp::AdvanceAfterDestroying if piece.is_unit() => {
                            AfterDestroyedEffect::Advance { square }
                        }
                        EffectOp::DamageAroundDestroyed { amount } => {
                            AfterDestroyedEffect::DamageAround {
                                square,
                                amount: amount.into(),
                            }
                        }
                        EffectOp::MagicFromDiscard { count, .. }
                            if meta.timing == Some(Timing::AfterDestroyed)
                                && !game.friendly(d, id) =>
                        {
                            AfterDestroyedEffect::ChannelMagic {
                                count: count.into(),
                            }
                        }
                        _ => continue,
                    };
                    triggers.push(AfterDestroyed {
                        source: d,
                        ability: meta.name,
                        what,
                    });
                }
            }
        }
        for (holder, list, whose) in holders {
            for ability in list {
                for op in ability.meta().effects {
                    if let EffectOp::PlaceFromDiscard {
                        with,
                        after,
                        optional,
                    } = *op
                    {
                        if after == whose {
                            triggers.push(AfterDestroyed {
                                source: holder,
                                ability: ability.meta().name,
                                what: AfterDestroyedEffect::FromDiscard {
                                    with,
                                    optional,
                                    square,
                                    player: game.pieces[holder.0 as usize].controller,
                                    destroyed: id,
                                    had: had.to_vec(),
                                },
                            });
                        }
                    }
                }
            }
        }
    }
    // `claim_destroyed` (Shard Of The Father Gem) of a unit near a destroyed unit.
    let claimer = piece
        .is_unit()
        .then(|| {
            game.on_battlefield().find(|&s| {
                s != id
                    && game.within(s, id, 3)
                    && abilities(game, s).iter().any(|a| {
                        a.meta().effects.iter().any(|op| {
                            matches!(*op, EffectOp::ClaimDestroyed { within } if game.within(s, id, within.into()))
                        })
                    })
            })
        })
        .flatten();
    leave_battlefield(game, id, Place::Discard)?;
    ctx.record(GameEvent::Destroyed { card: id, cause });
    let destroyer = match cause {
        Cause::Attack { attacker, player } => Some((Some(attacker), player)),
        Cause::Effect { source, player } => Some((source, player)),
        Cause::GameState => None,
    };
    if let Some((source, _)) = destroyer {
        if let Some(s) = source.filter(|&s| game.is_on_battlefield(s) && piece.is_unit()) {
            game.piece_mut(s)?.destroyed_unit_this_phase = true;
        }
    }
    // `scavenge`: an enemy card the destroyer has Scavenge for goes under it (no magic).
    let scavenger = destroyer.and_then(|(source, _)| source).filter(|&s| {
        game.is_on_battlefield(s)
            && !game.friendly(s, id)
            && any_local_acting(game, s, Timing::Passive, |op| {
                matches!(op, EffectOp::Scavenge)
            })
    });
    if let Some(s) = claimer {
        let player = game.piece(s)?.controller;
        game.set_place(id, Place::MagicPile)?;
        ctx.record(GameEvent::AbilityResolved {
            ability: super::abilities::name_of(
                game,
                s,
                |op| matches!(op, EffectOp::ClaimDestroyed { .. }),
                "claim_destroyed",
            ),
            card: s,
        });
        gain_magic(game, ctx, player, MAGIC_PER_ENEMY_DESTROYED as u32);
    } else if let Some(s) = scavenger {
        game.set_place(id, Place::Under(s))?;
        ctx.record(GameEvent::AbilityResolved {
            ability: super::abilities::name_of(
                game,
                s,
                |op| matches!(op, EffectOp::Scavenge),
                "scavenge",
            ),
            card: s,
        });
    } else if let Some((source, player)) = destroyer {
        let soulless = source.is_some_and(|s| {
            any_local_acting(game, s, Timing::Passive, |op| {
                matches!(op, EffectOp::Soulless)
            })
        });
        if player != piece.controller && !soulless {
            let gainer = claim_from_hand(game, ctx, id, piece.controller)?.unwrap_or(player);
            gain_magic(game, ctx, gainer, MAGIC_PER_ENEMY_DESTROYED as u32);
        }
    }
    gain_magic(game, ctx, Game::opponent(piece.controller), bounty);
    if piece.kind() == Kind::Summoner && game.winner.is_none() {
        let winner = Game::opponent(piece.controller);
        game.winner = Some(winner);
        ctx.record(GameEvent::Won { player: winner });
    }
    let labelled = triggers
        .into_iter()
        .map(|t| (format!("{} of {}", t.ability, game.describe(t.source)), t))
        .collect();
    for trigger in in_chosen_order(ctx, "order of triggered effects", labelled)? {
        match trigger.what {
            AfterDestroyedEffect::Boost { recipients, amount } => {
                ctx.record(GameEvent::AbilityResolved {
                    ability: trigger.ability,
                    card: trigger.source,
                });
                add_boost(game, ctx, &recipients, amount)?;
            }
            AfterDestroyedEffect::TakePlace { square } => {
                take_place(game, ctx, trigger.source, trigger.ability, square)?;
            }
            AfterDestroyedEffect::Advance { square } => {
                let before = game.piece(trigger.source)?.place();
                take_place(game, ctx, trigger.source, trigger.ability, square)?;
                if game.piece(trigger.source)?.place() != before {
                    game.used_this_turn.push((trigger.source, trigger.ability));
                    game.piece_mut(trigger.source)?.extra_attacks += 1;
                }
            }
            AfterDestroyedEffect::DamageAround { square, amount } => {
                ctx.record(GameEvent::AbilityResolved {
                    ability: trigger.ability,
                    card: trigger.source,
                });
                let hits: Vec<(ObjectId, u32)> = game
                    .on_battlefield()
                    .filter(|&c| {
                        game.pieces[c.0 as usize]
                            .square()
                            .is_some_and(|s| grid().adjacent(s, square))
                    })
                    .map(|c| (c, amount))
                    .collect();
                let player = game.piece(trigger.source)?.controller;
                add_damage(
                    game,
                    ctx,
                    &hits,
                    Cause::Effect {
                        source: Some(trigger.source),
                        player,
                    },
                )?;
            }
            AfterDestroyedEffect::ChannelMagic { count } => {
                let player = game.piece(trigger.source)?.controller;
                let mut pile = game.pile(player, Place::Discard);
                pile.reverse();
                let taken: Vec<ObjectId> = pile.into_iter().take(count).collect();
                for &c in &taken {
                    game.set_place(c, Place::MagicPile)?;
                }
                ctx.record(GameEvent::AbilityResolved {
                    ability: trigger.ability,
                    card: trigger.source,
                });
                gain_magic(game, ctx, player, taken.len() as u32);
            }
            AfterDestroyedEffect::FromDiscard {
                with,
                optional,
                square,
                player,
                destroyed,
                had,
            } => {
                let pick = FromDiscardPick {
                    ability: trigger.ability,
                    with,
                    optional,
                    square,
                    player,
                    destroyed,
                    had,
                };
                place_from_discard(game, ctx, pick)?;
            }
        }
    }
    Ok(())
}

/// The `AfterDestroyed` triggers set off by the destruction of `id`: boosts of friendly units
/// within reach (Blood Bloom), with their recipients as they stand now ("at that time"), and
/// boosts of units that gain one whenever another unit is destroyed (Blood Fury).
fn nearby_destruction_triggers(game: &Game, id: ObjectId) -> Vec<AfterDestroyed> {
    let mut out = Vec::new();
    for source in game.on_battlefield().filter(|&s| s != id) {
        for a in super::abilities::own_ops(game, source, Timing::AfterDestroyed) {
            let what = match a.op {
                EffectOp::TakeDestroyedPlace { within } => {
                    match game.piece(id).ok().and_then(|p| p.square()) {
                        Some(square) if game.within(source, id, within.into()) => {
                            AfterDestroyedEffect::TakePlace { square }
                        }
                        _ => continue,
                    }
                }
                EffectOp::AddBoost { amount, to, within } => {
                    let reach = u32::from(within);
                    let recipients = match to {
                        Recipient::ThisUnit => vec![source],
                        Recipient::FriendlyWithin
                            if game.friendly(source, id) && game.within(source, id, reach) =>
                        {
                            game.on_battlefield()
                                .filter(|&r| {
                                    r != id
                                        && game.friendly(r, source)
                                        && game.within(source, r, reach)
                                })
                                .collect()
                        }
                        _ => continue,
                    };
                    AfterDestroyedEffect::Boost {
                        recipients,
                        amount: amount.into(),
                    }
                }
                _ => continue,
            };
            out.push(AfterDestroyed {
                source,
                ability: a.ability.meta().name,
                what,
            });
        }
    }
    out
}

/// What a `place_from_discard` trigger places, and where.
struct FromDiscardPick {
    ability: &'static str,
    with: super::content::Ability,
    optional: bool,
    square: Square,
    player: PlayerId,
    destroyed: ObjectId,
    had: Vec<super::content::Ability>,
}

/// `place_from_discard` (Fungal Transformation, Infect): if the space is empty, a card of
/// `player`'s discard pile that prints `with` (the card just destroyed counts with the
/// abilities it had) is placed there, as a new card; "may" when `optional`, else mandatory
/// (FAQ: concealed information is used as fully as possible).
fn place_from_discard(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    pick: FromDiscardPick,
) -> Result<(), RulesError> {
    if game.at(pick.square).is_some() {
        return Ok(());
    }
    let candidates: Vec<ObjectId> = game
        .pile(pick.player, Place::Discard)
        .into_iter()
        .filter(|&c| {
            let piece = &game.pieces[c.0 as usize];
            piece.is_unit()
                && (super::abilities::printed(piece).contains(&pick.with)
                    || (c == pick.destroyed && pick.had.contains(&pick.with)))
        })
        .collect();
    if candidates.is_empty() {
        return Ok(());
    }
    let mut options: Vec<String> = Vec::new();
    if pick.optional {
        options.push("no".to_string());
    }
    options.extend(candidates.iter().map(|&c| game.describe(c)));
    let prompt = format!(
        "{}: card to place on {}",
        pick.ability,
        grid().position_name(&pick.square)
    );
    let answer = if options.len() == 1 {
        0
    } else {
        ctx.choose(&prompt, &options)?
    };
    let index = if pick.optional {
        if answer == 0 {
            return Ok(());
        }
        answer - 1
    } else {
        answer
    };
    let card = candidates[index];
    game.set_place(card, Place::Battlefield(pick.square))?;
    let piece = game.piece_mut(card)?;
    piece.controller = pick.player;
    piece.incarnation = piece.incarnation.saturating_add(1);
    ctx.record(GameEvent::AbilityResolved {
        ability: pick.ability,
        card,
    });
    ctx.record(GameEvent::Entered {
        card,
        how: "placed",
    });
    Ok(())
}

/// Soul Shift: if `source` is still on the battlefield and `square` is empty, its controller
/// may place it there. Placing is neither moving nor forcing (no Engage).
fn take_place(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    source: ObjectId,
    ability: &'static str,
    square: Square,
) -> Result<(), RulesError> {
    if !game.is_on_battlefield(source) || game.at(square).is_some() {
        return Ok(());
    }
    let prompt = format!(
        "{ability} of {}: take the place at {}?",
        game.describe(source),
        grid().position_name(&square)
    );
    if ctx.choose(&prompt, &["no".to_string(), "yes".to_string()])? == 0 {
        return Ok(());
    }
    game.set_place(source, Place::Battlefield(square))?;
    ctx.record(GameEvent::AbilityResolved {
        ability,
        card: source,
    });
    Ok(())
}
