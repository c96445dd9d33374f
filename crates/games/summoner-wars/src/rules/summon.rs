//! Summoning, building, playing events and discarding for magic (FAQ Rules Updates, Structure
//! Units, Expanded Rules: Effects, Interacting with Cards not on the Battlefield).
//!
//! - Summon Phase: a unit (champion or common, structure units too) from hand onto an empty
//!   space next to a gate its controller controls, paying its cost (a cost of 0 is still
//!   paid). With Renewed Hope active: in any phase of the turn, and next to the summoner too. Then `AfterSummoned` card handlers of that player's gates next to it (Aerie Gate:
//!   "after you summon a unit adjacent to this gate") resolve.
//! - Build Phase: a structure (a structure card or a structure unit) from hand onto an empty
//!   space in its controller's back `BUILD_BACK_ROWS` rows or next to their summoner.
//! - Events: played from hand during their controller's turn, paying their cost; an active
//!   event cannot be played while its controller has an active event of the same name in play.
//!   An event played on a unit resolves its one-shot effects there (`Activated` entries:
//!   Demand's extra attack) and stays attached to the unit when it carries lasting ones.
//! - Magic Phase: cards discarded from hand give 1 magic each, one card at a time.

use grimoire_engine::{Ctx, ObjectId, Square};

use super::content::{EffectOp, Handler, Phase};
use super::damage::in_chosen_order;
use super::handlers::{card_handler, run, Trigger};
use super::refusal::Refusal;
use super::state::{grid, Game, GameEvent, Kind, Place, RulesError};

/// Checks that `card` is in the active player's hand; returns its name.
fn from_hand(game: &Game, card: ObjectId) -> Result<&'static str, RulesError> {
    let piece = game.piece(card)?;
    if piece.place() != Place::Hand || piece.owner != game.active {
        return Err(Refusal::NotInHand {
            card: piece.card.name(),
        }
        .into());
    }
    Ok(piece.card.name())
}

/// Checks that the active player has `cost` magic.
fn can_pay(game: &Game, name: &'static str, cost: u32) -> Result<(), RulesError> {
    let player = game.active;
    let magic = game.player(player).magic;
    if magic < cost {
        return Err(Refusal::CannotPay {
            card: name,
            cost,
            player,
            magic,
        }
        .into());
    }
    Ok(())
}

/// Pays `cost` magic for the active player.
fn pay(game: &mut Game, name: &'static str, cost: u32) -> Result<(), RulesError> {
    can_pay(game, name, cost)?;
    let player = game.active;
    game.player_mut(player).magic -= cost;
    Ok(())
}

/// Checks that `at` is empty.
fn empty(game: &Game, at: Square) -> Result<(), RulesError> {
    match game.at(at) {
        Some(other) => Err(Refusal::Taken {
            at,
            other: game.named(other),
        }
        .into()),
        None => Ok(()),
    }
}

/// Checks, without changing anything, that `card` may be summoned onto `at` now; returns the
/// gates next to `at` its controller controls.
pub fn check_summon(game: &Game, card: ObjectId, at: Square) -> Result<Vec<ObjectId>, RulesError> {
    let name = from_hand(game, card)?;
    let player = game.active;
    let hope = renewed_hope(game, player);
    if game.phase != Phase::Summon && !hope {
        return Err(Refusal::SummonPhase { card: name }.into());
    }
    let piece = game.piece(card)?;
    if !matches!(
        piece.kind(),
        Kind::Champion | Kind::Common | Kind::Unclassed
    ) {
        return Err(Refusal::NotSummonable { card: name }.into());
    }
    empty(game, at)?;
    let beside_summoner = hope
        && game
            .summoner_of(player)
            .and_then(|s| game.piece(s).ok()?.square())
            .is_some_and(|s| grid().adjacent(s, at));
    let gates: Vec<ObjectId> = game
        .cards_around(at)
        .into_iter()
        .filter(|&g| {
            let p = &game.pieces[g.0 as usize];
            p.is_gate() && p.controller == player
        })
        .collect();
    if gates.is_empty() && !beside_summoner && summon_beside(game, card, at).is_none() {
        return Err(Refusal::NoGate { at, player }.into());
    }
    can_pay(game, name, piece.cost())?;
    Ok(gates)
}

/// The `summon_next_to` ability (Born of Fire, Shadow Step) that lets `card` be summoned onto
/// `at`: next to a friendly unit of its class (classes survive Freeze), and not yet used this
/// turn when it is once per turn (for its controller's summoner: one use per player).
fn summon_beside(game: &Game, card: ObjectId, at: Square) -> Option<super::content::Ability> {
    let player = game.active;
    let key = game.summoner_of(player).unwrap_or(card);
    super::abilities::abilities(game, card)
        .into_iter()
        .find(|ability| {
            let meta = ability.meta();
            if meta.once_per_turn && game.used_this_turn.contains(&(key, meta.name)) {
                return false;
            }
            meta.effects.iter().any(|op| match *op {
                super::content::EffectOp::SummonNextTo { class } => {
                    game.cards_around(at).into_iter().any(|u| {
                        let p = &game.pieces[u.0 as usize];
                        u != card
                            && p.controller == player
                            && p.is_unit()
                            && class.is_none_or(|c| p.has_class(c))
                    })
                }
                _ => false,
            })
        })
}

/// Summons a unit from hand onto `at`.
pub fn summon(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    card: ObjectId,
    at: Square,
) -> Result<(), RulesError> {
    let gates = super::memo::with_memo(game, |game| check_summon(game, card, at))?;
    let name = game.piece(card)?.card.name();
    let player = game.active;
    if gates.is_empty() {
        if let Some(ability) = summon_beside(game, card, at) {
            if ability.meta().once_per_turn {
                let key = game.summoner_of(player).unwrap_or(card);
                game.used_this_turn.push((key, ability.meta().name));
            }
        }
    }
    pay(game, name, game.piece(card)?.cost())?;
    game.set_place(card, Place::Battlefield(at))?;
    ctx.record(GameEvent::Entered {
        card,
        how: "summoned",
    });
    shadow_summon(game, ctx, card, &gates)?;
    let triggered: Vec<(String, (ObjectId, super::content::Handler))> = game
        .on_battlefield()
        .filter(|&g| game.adjacent(g, card) && game.pieces[g.0 as usize].controller == player)
        .filter_map(|g| card_handler(game, g).map(|h| (game.describe(g), (g, h))))
        .collect();
    for (gate, handler) in in_chosen_order(ctx, "order of triggered effects", triggered)? {
        run(
            game,
            ctx,
            handler,
            gate,
            Trigger::AfterSummoned { unit: card },
        )?;
    }
    Ok(())
}

/// `WhenSummoned` damage to the summoning gate (Shadow Summon): mandatory; with several gates
/// next to the unit its controller chooses which one it was summoned next to. Placing a unit
/// by an effect is not summoning, so it never happens then.
fn shadow_summon(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    unit: ObjectId,
    gates: &[ObjectId],
) -> Result<(), RulesError> {
    for a in super::abilities::own_ops(game, unit, super::content::Timing::WhenSummoned) {
        if let super::content::EffectOp::AddDamage {
            amount,
            to: super::content::Recipient::SummoningGate,
            ..
        } = a.op
        {
            let Some(&first) = gates.first() else {
                continue;
            };
            let gate = if gates.len() > 1 {
                let names: Vec<String> = gates.iter().map(|&g| game.describe(g)).collect();
                gates[ctx.choose("gate it was summoned next to", &names)?]
            } else {
                first
            };
            ctx.record(GameEvent::AbilityResolved {
                ability: a.ability.meta().name,
                card: unit,
            });
            let player = game.piece(unit)?.controller;
            super::damage::add_damage(
                game,
                ctx,
                &[(gate, amount.into())],
                super::state::Cause::Effect {
                    source: Some(unit),
                    player,
                },
            )?;
        }
    }
    Ok(())
}

/// Whether `player` has an active event whose card handler is Renewed Hope's: summoning in
/// any phase of their turn, and next to their summoner.
pub fn renewed_hope(game: &Game, player: grimoire_engine::PlayerId) -> bool {
    game.any_active_event()
        && game.outside_piles().any(|event| {
            let e = &game.pieces[event.0 as usize];
            e.place() == Place::Active
                && e.controller == player
                && card_handler(game, event) == Some(Handler::RenewedHope)
        })
}

/// Checks, without changing anything, that `card` may be built onto `at` now.
pub fn check_build(game: &Game, card: ObjectId, at: Square) -> Result<(), RulesError> {
    let name = from_hand(game, card)?;
    if game.phase != Phase::Build {
        return Err(Refusal::BuildPhase { card: name }.into());
    }
    if !game.piece(card)?.is_structure() {
        return Err(Refusal::NotStructure { card: name }.into());
    }
    empty(game, at)?;
    let player = game.active;
    let beside_summoner = game
        .summoner_of(player)
        .and_then(|s| game.piece(s).ok()?.square())
        .is_some_and(|s| grid().adjacent(s, at));
    if !game.in_back_rows(player, at) && !beside_summoner {
        return Err(Refusal::BuildWhere { at, player }.into());
    }
    can_pay(game, name, game.piece(card)?.cost())
}

/// Builds a structure from hand onto `at`.
pub fn build(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    card: ObjectId,
    at: Square,
) -> Result<(), RulesError> {
    check_build(game, card, at)?;
    let name = game.piece(card)?.card.name();
    pay(game, name, game.piece(card)?.cost())?;
    game.set_place(card, Place::Battlefield(at))?;
    ctx.record(GameEvent::Entered { card, how: "built" });
    Ok(())
}

/// Checks, without changing anything, that the event `card` may be played (on `on`) now,
/// up to paying for it; what its effects then do may still refuse it.
pub fn check_event(game: &Game, card: ObjectId, on: Option<ObjectId>) -> Result<(), RulesError> {
    let name = from_hand(game, card)?;
    let piece = game.piece(card)?;
    if piece.kind() != Kind::Event {
        return Err(Refusal::NotEvent { card: name }.into());
    }
    let active = super::state::is_active_event(piece);
    let player = game.active;
    if active
        && game.outside_piles().any(|other| {
            let o = &game.pieces[other.0 as usize];
            o.place() == Place::Active && o.controller == player && o.card == piece.card
        })
    {
        return Err(Refusal::ActiveInPlay { player, card: name }.into());
    }
    for ability in &piece.carries {
        if let Some(requirement) = ability.meta().requires {
            if !super::instant::requirement_holds(game, player, requirement) {
                return Err(Refusal::Needs {
                    what: name,
                    requirement,
                }
                .into());
            }
        }
    }
    let reaction = piece.carries.iter().any(|a| {
        a.meta().effects.iter().any(|op| {
            matches!(
                op,
                EffectOp::CancelDamageFromHand { .. }
                    | EffectOp::ClaimMagicFromHand { .. }
                    | EffectOp::CancelEventFromHand
            )
        })
    });
    if reaction {
        return Err(Refusal::ReactionOnly { card: name }.into());
    }
    if active && on.is_some() {
        return Err(Refusal::ActiveNotOn { card: name }.into());
    }
    if let Some(target) = on {
        if !game.is_on_battlefield(target) {
            return Err(Refusal::NotOnBattlefield {
                card: game.named(target),
            }
            .into());
        }
    }
    can_pay(game, name, piece.cost())
}

/// Plays an event from hand, attached to `on` when it carries effects for a unit.
pub fn play_event(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    card: ObjectId,
    on: Option<ObjectId>,
) -> Result<(), RulesError> {
    check_event(game, card, on)?;
    let name = game.piece(card)?.card.name();
    let active = super::state::is_active_event(game.piece(card)?);
    pay(game, name, game.piece(card)?.cost())?;
    // `cancel_event_from_hand` (Abolish): the opponent may cancel the event.
    let opponent = Game::opponent(game.active);
    let abolish = game.pile(opponent, Place::Hand).into_iter().find(|&c| {
        game.pieces[c.0 as usize]
            .carries
            .iter()
            .any(|a| a.meta().effects.contains(&EffectOp::CancelEventFromHand))
    });
    if let Some(abolish) = abolish {
        let prompt = format!(
            "player {}: play {} to cancel {}?",
            opponent.0,
            game.describe(abolish),
            game.describe(card)
        );
        if ctx.choose(&prompt, &["no".to_string(), "yes".to_string()])? == 1 {
            game.set_place(abolish, Place::Discard)?;
            game.set_place(card, Place::Discard)?;
            ctx.record(GameEvent::EventPlayed { card });
            ctx.record(GameEvent::EventPlayed { card: abolish });
            let player = game.active;
            game.player_mut(player).events_played_this_turn += 1;
            return Ok(());
        }
    }
    let carries = game.piece(card)?.carries.clone();
    let one_shot =
        |a: &super::content::Ability| a.meta().timing == Some(super::content::Timing::Activated);
    if let Some(target) = on {
        for ability in carries.iter().filter(|a| one_shot(a)) {
            for op in ability.meta().effects {
                if let super::content::EffectOp::ExtraAttack { count } = *op {
                    game.piece_mut(target)?.extra_attacks += u32::from(count);
                }
            }
        }
    }
    let lasting = carries.iter().any(|a| !one_shot(a));
    let place = match (on, active) {
        (Some(target), _) if lasting => Place::Attached(target),
        (Some(_), false) => Place::Discard,
        (Some(_), true) => Place::Active,
        (None, true) => Place::Active,
        (None, false) => Place::Discard,
    };
    game.set_place(card, place)?;
    ctx.record(GameEvent::EventPlayed { card });
    let player = game.active;
    game.player_mut(player).events_played_this_turn += 1;
    let mut handlers: Vec<Handler> = card_handler(game, card).into_iter().collect();
    handlers.extend(
        carries
            .iter()
            .filter(|a| one_shot(a))
            .filter_map(|a| a.meta().handler),
    );
    for handler in handlers {
        run(game, ctx, handler, card, Trigger::Activated)?;
    }
    for ability in super::instant::event_entries(game, card) {
        super::instant::resolve(game, ctx, card, player, ability)?;
    }
    Ok(())
}

/// Checks, without changing anything, that `card` may be discarded for magic now.
pub fn check_discard(game: &Game, card: ObjectId) -> Result<(), RulesError> {
    if game.phase != Phase::Magic {
        return Err(Refusal::DiscardPhase.into());
    }
    from_hand(game, card).map(drop)
}

/// Discards a card from hand for 1 magic, in the Magic Phase (one card at a time: discarding
/// several is doing it once per card).
pub fn discard_for_magic(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    card: ObjectId,
) -> Result<(), RulesError> {
    check_discard(game, card)?;
    game.set_place(card, Place::Discard)?;
    super::damage::gain_magic(game, ctx, game.active, 1);
    Ok(())
}
