//! The native handlers of Summoner Wars: [`run`] dispatches on the generated [`Handler`].
//!
//! An ability names a handler only for what its effect operations cannot say. A handler
//! either acts at its [`Trigger`] (Exploit, Raise the Dead, Call Protection, Aerie Gate) or
//! answers [`Outcome::NotModelled`] ([`run`]'s wildcard arm): the 1st edition data records only
//! the names of those abilities,
//! and the FAQ does not describe them. When play meets such an ability the rules log
//! [`GameEvent::NotModelled`] once per card and ability, so a scenario shows what the engine
//! ignored. [`coverage::handler_coverage`](super::coverage::handler_coverage) says which
//! handlers act; the crate's tests check it against [`run`].

use std::marker::PhantomData;

use grimoire_engine::{Board, Ctx, ObjectId};

use super::abilities::abilities;
use super::content::Block;
use super::content::{ClassTag, Handler};
use super::damage::{add_damage, destroy, in_chosen_order, leave_battlefield};
use super::movement::{blocked, empty_neighbours, force};
use super::state::{grid, Cause, Game, GameEvent, Place, RulesError};

/// What handlers work on: the game and the action's context (dice, choices, log).
pub struct Table<'a, 'l> {
    /// The game.
    pub game: &'a mut Game,
    /// Dice, choices and the log.
    pub ctx: &'a mut Ctx<'l, GameEvent>,
}

/// The moments the rules consult native handlers; the source is the card whose ability
/// names the handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The card takes part in an attack (abilities not modelled yet are reported).
    Met,
    /// Its attack against `target` has fully resolved (`AfterAttacking`).
    AfterAttacks {
        /// The attacked card.
        target: ObjectId,
    },
    /// The end of its controller's Attack Phase.
    EndOfAttackPhase,
    /// `unit` was summoned (gates: next to it).
    AfterSummoned {
        /// The summoned unit.
        unit: ObjectId,
    },
    /// Its controller activates the ability.
    Activated,
    /// The start of its controller's phase (the ability's timing says which).
    StartOfPhase,
}

/// What a handler did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It acted (or chose not to, where it "may").
    Done,
    /// This trigger is not one it acts at.
    NotTriggered,
    /// Its behaviour is part of a procedure the rules run anyway (the doc comment says where).
    InRules,
    /// Its behaviour is not modelled yet.
    NotModelled,
}

/// The handlers that act, one function each ([`run`] calls them).
pub struct Native<'a, 'l>(PhantomData<(&'a (), &'l ())>);

/// Runs `handler` for `source` at `trigger`; logs a handler that is not modelled yet.
pub fn run(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    handler: Handler,
    source: ObjectId,
    trigger: Trigger,
) -> Result<Outcome, RulesError> {
    let outcome = {
        let mut table = Table { game, ctx };
        match handler {
            Handler::AerieGate => Native::aerie_gate(&mut table, source, &trigger)?,
            Handler::CallProtection => Native::call_protection(&mut table, source, &trigger)?,
            Handler::CopyAbilities => Native::copy_abilities(&mut table, source, &trigger)?,
            Handler::Exploit => Native::exploit(&mut table, source, &trigger)?,
            Handler::ExchangePlaces => Native::exchange_places(&mut table, source, &trigger)?,
            Handler::Purge => Native::purge(&mut table, source, &trigger)?,
            Handler::Stronghold => Native::stronghold(&mut table, source, &trigger)?,
            Handler::RaiseTheDead => Native::raise_the_dead(&mut table, source, &trigger)?,
            Handler::RenewedHope => Native::renewed_hope(&mut table, source, &trigger)?,
            Handler::Warn => Native::warn(&mut table, source, &trigger)?,
            _ => Outcome::NotModelled,
        }
    };
    if outcome == Outcome::NotModelled {
        report_not_modelled(game, ctx, source, handler.name());
    }
    Ok(outcome)
}

/// Runs every handler of `id`'s abilities (and its card's own handler) at `trigger`.
///
/// When the card takes part in an attack or a move ([`Trigger::Met`]), abilities with neither
/// effect operations nor a handler (the many the sources name without rules text) are logged
/// as not modelled.
pub fn fire(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
    trigger: Trigger,
) -> Result<(), RulesError> {
    if trigger == Trigger::Met {
        for ability in abilities(game, id) {
            let meta = ability.meta();
            if meta.handler.is_none() && meta.effects.is_empty() {
                report_not_modelled(game, ctx, id, meta.name);
            }
        }
    }
    let mut handlers: Vec<Handler> = abilities(game, id)
        .iter()
        .filter_map(|a| a.meta().handler)
        .collect();
    if let Some(h) = card_handler(game, id) {
        handlers.push(h);
    }
    for handler in handlers {
        run(game, ctx, handler, id, trigger)?;
    }
    Ok(())
}

/// Logs, the first time play meets it on `card`, an ability the engine does not model.
fn report_not_modelled(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    card: ObjectId,
    ability: &'static str,
) {
    if let Some(event) = game.not_modelled.first(card, ability) {
        ctx.record(GameEvent::NotModelled(event));
    }
}

/// The handler printed on the card itself (a gate's), if any.
pub fn card_handler(game: &Game, id: ObjectId) -> Option<Handler> {
    use super::content::Card;
    match game.piece(id).ok()?.card() {
        Card::Summoner(c) => c.handler,
        Card::Champion(c) => c.handler,
        Card::Common(c) => c.handler,
        Card::Event(c) => c.handler,
        Card::Structure(c) => c.handler,
        Card::UnclassedUnit(c) => c.handler,
    }
}

/// Asks a question whose only answer may be forced: with one option, it is taken without
/// asking (mandatory effects with a single legal choice).
fn pick(
    ctx: &mut Ctx<'_, GameEvent>,
    prompt: &str,
    options: &[String],
) -> Result<usize, RulesError> {
    if options.len() == 1 {
        return Ok(0);
    }
    Ok(ctx.choose(prompt, options)?)
}

/// Places `unit` on an empty square next to `anchor`, chosen by the active player. Placing is
/// neither moving nor forcing. Returns whether it was placed.
fn place_next_to(
    table: &mut Table<'_, '_>,
    unit: ObjectId,
    anchor: ObjectId,
    prompt: &str,
) -> Result<bool, RulesError> {
    let Some(square) = table.game.piece(anchor)?.square() else {
        return Ok(false);
    };
    let squares = empty_neighbours(table.game, square);
    if squares.is_empty() {
        return Ok(false);
    }
    let names: Vec<String> = squares.iter().map(|s| grid().position_name(s)).collect();
    let chosen = squares[pick(table.ctx, prompt, &names)?];
    table.game.set_place(unit, Place::Battlefield(chosen))?;
    table.ctx.record(GameEvent::Entered {
        card: unit,
        how: "placed",
    });
    Ok(true)
}

/// "You may place a card from your hand on the bottom of your draw pile": asks, and does it.
/// Returns whether a card was placed (the optional cost was paid).
fn bottom_a_card(
    table: &mut Table<'_, '_>,
    source: ObjectId,
    ability: &'static str,
) -> Result<bool, RulesError> {
    let player = table.game.piece(source)?.controller;
    let hand = table.game.pile(player, Place::Hand);
    let mut options = vec!["no".to_string()];
    options.extend(hand.iter().map(|&c| table.game.describe(c)));
    let prompt = format!("{ability}: card to put on the bottom of the draw pile");
    let answer = table.ctx.choose(&prompt, &options)?;
    if answer == 0 {
        return Ok(false);
    }
    let bottom = table
        .game
        .pile(player, Place::DrawPile)
        .iter()
        .map(|&c| table.game.pieces[c.0 as usize].pile_order)
        .max()
        .map_or(0, |m| m + 1);
    table.game.set_place(hand[answer - 1], Place::DrawPile)?;
    table.game.piece_mut(hand[answer - 1])?.pile_order = bottom;
    table.ctx.record(GameEvent::AbilityResolved {
        ability,
        card: source,
    });
    Ok(true)
}

/// What a handler answers.
type Answer = Result<Outcome, RulesError>;

impl<'a, 'l: 'a> Native<'a, 'l> {
    /// After its controller summons a unit next to this gate, they may force that unit 1
    /// space, unless an Aerie Gate already forced it (minor erratum).
    fn aerie_gate(table: &mut Table<'a, 'l>, gate: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::AfterSummoned { unit } = *trigger else {
            return Ok(Outcome::NotTriggered);
        };
        let game = &*table.game;
        if !game.friendly(gate, unit)
            || !game.adjacent(gate, unit)
            || game.piece(unit)?.forced_by_gate
        {
            return Ok(Outcome::NotTriggered);
        }
        let Some(at) = game.piece(unit)?.square() else {
            return Ok(Outcome::NotTriggered);
        };
        let squares = empty_neighbours(game, at);
        if squares.is_empty() || blocked(game, unit, Block::Force) {
            return Ok(Outcome::NotTriggered);
        }
        let mut options = vec!["no".to_string()];
        options.extend(squares.iter().map(|s| grid().position_name(s)));
        let prompt = format!("Aerie Gate: force {} to", game.describe(unit));
        let answer = table.ctx.choose(&prompt, &options)?;
        if answer == 0 {
            return Ok(Outcome::Done);
        }
        table.ctx.record(GameEvent::AbilityResolved {
            ability: "Aerie Gate",
            card: gate,
        });
        if force(table.game, table.ctx, unit, squares[answer - 1], 1)? {
            table.game.piece_mut(unit)?.forced_by_gate = true;
        }
        Ok(Outcome::Done)
    }

    /// At the end of its controller's Attack Phase, if this unit attacked an enemy card this
    /// turn, it may target a friendly unit and place it next to itself.
    fn call_protection(table: &mut Table<'a, 'l>, source: ObjectId, trigger: &Trigger) -> Answer {
        if *trigger != Trigger::EndOfAttackPhase {
            return Ok(Outcome::NotTriggered);
        }
        let game = &*table.game;
        if !game.piece(source)?.attacked_enemy_this_turn || !game.is_on_battlefield(source) {
            return Ok(Outcome::NotTriggered);
        }
        let friends: Vec<ObjectId> = game
            .on_battlefield()
            .filter(|&f| {
                f != source && game.friendly(f, source) && game.pieces[f.0 as usize].is_unit()
            })
            .collect();
        if friends.is_empty() {
            return Ok(Outcome::Done);
        }
        let mut options = vec!["none".to_string()];
        options.extend(friends.iter().map(|&f| game.describe(f)));
        let answer = table
            .ctx
            .choose("Call Protection: friendly unit to place", &options)?;
        if answer == 0 {
            return Ok(Outcome::Done);
        }
        let target = friends[answer - 1];
        table.ctx.record(GameEvent::AbilityResolved {
            ability: "Call Protection",
            card: source,
        });
        place_next_to(table, target, source, "Call Protection: place it on")?;
        Ok(Outcome::Done)
    }

    /// Mimic (start of the Move Phase) and Master of the Art (activated): this unit has a
    /// target unit's abilities until the end of the turn, tracking them while the target stays
    /// on the battlefield, its base abilities once it leaves (FAQ Granted Abilities).
    fn copy_abilities(table: &mut Table<'a, 'l>, source: ObjectId, trigger: &Trigger) -> Answer {
        if !matches!(trigger, Trigger::Activated | Trigger::StartOfPhase) {
            return Ok(Outcome::NotTriggered);
        }
        let game = &*table.game;
        let others: Vec<ObjectId> = game
            .on_battlefield()
            .filter(|&o| o != source && game.pieces[o.0 as usize].is_unit())
            .collect();
        if others.is_empty() {
            return Ok(Outcome::Done);
        }
        let mut options = vec!["none".to_string()];
        options.extend(others.iter().map(|&o| game.describe(o)));
        let answer = table.ctx.choose("unit whose abilities to have", &options)?;
        if answer == 0 {
            return Ok(Outcome::Done);
        }
        let target = others[answer - 1];
        let incarnation = table.game.piece(target)?.incarnation;
        let piece = table.game.piece_mut(source)?;
        piece.copying = Some((target, incarnation));
        piece.copy_ends_with_turn = true;
        table.ctx.record(GameEvent::AbilityResolved {
            ability: "copy abilities",
            card: source,
        });
        Ok(Outcome::Done)
    }

    /// After this unit attacks, its controller may put a card from hand on the bottom of the
    /// draw pile; if they do, they must add 1 damage to a unit next to this unit if there is
    /// one (even a friendly one).
    fn exploit(table: &mut Table<'a, 'l>, source: ObjectId, trigger: &Trigger) -> Answer {
        if !matches!(trigger, Trigger::AfterAttacks { .. }) {
            return Ok(Outcome::NotTriggered);
        }
        let player = table.game.piece(source)?.controller;
        if !bottom_a_card(table, source, "Exploit")? {
            return Ok(Outcome::Done);
        }
        if !table.game.is_on_battlefield(source) {
            return Ok(Outcome::Done);
        }
        let neighbours: Vec<ObjectId> = table
            .game
            .neighbours(source)
            .into_iter()
            .filter(|&n| table.game.pieces[n.0 as usize].is_unit())
            .collect();
        if neighbours.is_empty() {
            return Ok(Outcome::Done);
        }
        let names: Vec<String> = neighbours.iter().map(|&n| table.game.describe(n)).collect();
        let target = neighbours[pick(table.ctx, "Exploit: unit to damage", &names)?];
        add_damage(
            table.game,
            table.ctx,
            &[(target, 1)],
            Cause::Effect {
                source: Some(source),
                player,
            },
        )?;
        Ok(Outcome::Done)
    }

    /// Activated: this unit exchanges places with a unit next to it (friendly or enemy; a unit
    /// that cannot be moved through, such as a Stalwart one, still can be exchanged with).
    /// Exchanging places is neither moving nor forcing: no Engage, no movement limits.
    fn exchange_places(table: &mut Table<'a, 'l>, source: ObjectId, trigger: &Trigger) -> Answer {
        if *trigger != Trigger::Activated {
            return Ok(Outcome::NotTriggered);
        }
        let game = &*table.game;
        let others: Vec<ObjectId> = game
            .neighbours(source)
            .into_iter()
            .filter(|&o| game.pieces[o.0 as usize].is_unit())
            .collect();
        if others.is_empty() {
            return Ok(Outcome::Done);
        }
        let names: Vec<String> = others.iter().map(|&o| game.describe(o)).collect();
        let other = others[table.ctx.choose("exchange places with", &names)?];
        let (Some(here), Some(there)) = (
            table.game.piece(source)?.square(),
            table.game.piece(other)?.square(),
        ) else {
            return Ok(Outcome::Done);
        };
        table.game.set_place(source, Place::Battlefield(there))?;
        table.game.set_place(other, Place::Battlefield(here))?;
        table.ctx.record(GameEvent::AbilityResolved {
            ability: "exchange places",
            card: source,
        });
        Ok(Outcome::Done)
    }

    /// Activated: add 2 damage to this unit as the cost (it counts as paid even if an effect
    /// such as Law of Sanctity lowers the damage), then take an Undead unit from the
    /// controller's discard pile and place it next to this unit, if there is one and room.
    /// Purge, sentence by sentence (FAQ Fallen Kingdom): its player targets any number of
    /// friendly units; then, one target at a time in their chosen order, that target may add 2
    /// damage to a unit next to it (destructions and their triggers, such as Soul Shift,
    /// resolve at once); then the targets still on the battlefield are destroyed one at a
    /// time in their chosen order.
    fn purge(table: &mut Table<'a, 'l>, event: ObjectId, trigger: &Trigger) -> Answer {
        if *trigger != Trigger::Activated {
            return Ok(Outcome::NotTriggered);
        }
        let player = table.game.piece(event)?.controller;
        let mut targets: Vec<ObjectId> = Vec::new();
        loop {
            let game = &*table.game;
            let open: Vec<ObjectId> = game
                .on_battlefield()
                .filter(|&u| {
                    let p = &game.pieces[u.0 as usize];
                    p.is_unit() && p.controller == player && !targets.contains(&u)
                })
                .collect();
            if open.is_empty() {
                break;
            }
            let mut options = vec!["done".to_string()];
            options.extend(open.iter().map(|&u| game.describe(u)));
            let answer = table.ctx.choose("Purge: target", &options)?;
            if answer == 0 {
                break;
            }
            targets.push(open[answer - 1]);
        }
        table.ctx.record(GameEvent::AbilityResolved {
            ability: "Purge",
            card: event,
        });
        let labelled = targets
            .iter()
            .map(|&t| (table.game.describe(t), t))
            .collect();
        for target in in_chosen_order(table.ctx, "order of Purge damage", labelled)? {
            if !table.game.is_on_battlefield(target) {
                continue;
            }
            let neighbours: Vec<ObjectId> = table
                .game
                .neighbours(target)
                .into_iter()
                .filter(|&n| table.game.pieces[n.0 as usize].is_unit())
                .collect();
            if neighbours.is_empty() {
                continue;
            }
            let mut options = vec!["no".to_string()];
            options.extend(neighbours.iter().map(|&n| table.game.describe(n)));
            let prompt = format!(
                "Purge: unit next to {} to add 2 damage to",
                table.game.describe(target)
            );
            let answer = table.ctx.choose(&prompt, &options)?;
            if answer == 0 {
                continue;
            }
            add_damage(
                table.game,
                table.ctx,
                &[(neighbours[answer - 1], 2)],
                Cause::Effect {
                    source: Some(event),
                    player,
                },
            )?;
        }
        let remaining: Vec<(String, ObjectId)> = targets
            .iter()
            .filter(|&&t| table.game.is_on_battlefield(t))
            .map(|&t| (table.game.describe(t), t))
            .collect();
        for target in in_chosen_order(table.ctx, "order of destruction", remaining)? {
            destroy(
                table.game,
                table.ctx,
                target,
                Cause::Effect {
                    source: Some(event),
                    player,
                },
            )?;
        }
        Ok(Outcome::Done)
    }

    /// Stronghold (FAQ Mountain Vargath): target a friendly gate; the summoner must be placed
    /// next to it if it can be, before up to 2 other friendly units are placed next to it.
    /// Placing is neither moving nor forcing.
    fn stronghold(table: &mut Table<'a, 'l>, event: ObjectId, trigger: &Trigger) -> Answer {
        if *trigger != Trigger::Activated {
            return Ok(Outcome::NotTriggered);
        }
        let player = table.game.piece(event)?.controller;
        let game = &*table.game;
        let gates: Vec<ObjectId> = game
            .on_battlefield()
            .filter(|&g| {
                game.pieces[g.0 as usize].is_gate()
                    && game.pieces[g.0 as usize].controller == player
            })
            .collect();
        if gates.is_empty() {
            return Ok(Outcome::Done);
        }
        let names: Vec<String> = gates.iter().map(|&g| game.describe(g)).collect();
        let gate = gates[pick(table.ctx, "Stronghold: target gate", &names)?];
        table.ctx.record(GameEvent::AbilityResolved {
            ability: "Stronghold",
            card: event,
        });
        if let Some(summoner) = table.game.summoner_of(player) {
            if !table.game.adjacent(summoner, gate) {
                place_next_to(table, summoner, gate, "Stronghold: place your summoner on")?;
            }
        }
        for _ in 0..2 {
            let game = &*table.game;
            let others: Vec<ObjectId> = game
                .on_battlefield()
                .filter(|&u| {
                    let p = &game.pieces[u.0 as usize];
                    p.is_unit()
                        && p.controller == player
                        && p.kind() != super::state::Kind::Summoner
                        && !game.adjacent(u, gate)
                })
                .collect();
            let Some(at) = game.piece(gate)?.square() else {
                break;
            };
            if others.is_empty() || empty_neighbours(game, at).is_empty() {
                break;
            }
            let mut options = vec!["done".to_string()];
            options.extend(others.iter().map(|&u| game.describe(u)));
            let answer = table
                .ctx
                .choose("Stronghold: another unit to place", &options)?;
            if answer == 0 {
                break;
            }
            place_next_to(table, others[answer - 1], gate, "Stronghold: place it on")?;
        }
        Ok(Outcome::Done)
    }

    fn raise_the_dead(table: &mut Table<'a, 'l>, source: ObjectId, trigger: &Trigger) -> Answer {
        if *trigger != Trigger::Activated {
            return Ok(Outcome::NotTriggered);
        }
        let player = table.game.piece(source)?.controller;
        add_damage(
            table.game,
            table.ctx,
            &[(source, 2)],
            Cause::Effect {
                source: Some(source),
                player,
            },
        )?;
        table.ctx.record(GameEvent::AbilityResolved {
            ability: "Raise The Dead",
            card: source,
        });
        let undead: Vec<ObjectId> = table
            .game
            .pile(player, Place::Discard)
            .into_iter()
            .filter(|&c| {
                let p = &table.game.pieces[c.0 as usize];
                p.is_unit() && p.classes().contains(&ClassTag::Undead)
            })
            .collect();
        if undead.is_empty() || !table.game.is_on_battlefield(source) {
            return Ok(Outcome::Done);
        }
        let names: Vec<String> = undead.iter().map(|&c| table.game.describe(c)).collect();
        let chosen = undead[pick(table.ctx, "Raise The Dead: Undead unit to place", &names)?];
        let keep_place = table.game.piece(chosen)?.place();
        leave_battlefield(table.game, chosen, keep_place)?;
        place_next_to(table, chosen, source, "Raise The Dead: place it on")?;
        Ok(Outcome::Done)
    }

    /// In the rules: while its controller has Renewed Hope active, `summon::summon` allows
    /// summoning in any phase of their turn and next to their summoner, and `phases` opens a
    /// summoning window at the end of their turn, after the draw.
    fn renewed_hope(_: &mut Table<'a, 'l>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules)
    }

    /// After this unit attacks, its controller may put a card from hand on the bottom of the
    /// draw pile; if they do, they must force their summoner 1 space if it can be forced.
    fn warn(table: &mut Table<'a, 'l>, source: ObjectId, trigger: &Trigger) -> Answer {
        if !matches!(trigger, Trigger::AfterAttacks { .. }) {
            return Ok(Outcome::NotTriggered);
        }
        if !bottom_a_card(table, source, "Warn")? {
            return Ok(Outcome::Done);
        }
        let player = table.game.piece(source)?.controller;
        let Some(summoner) = table.game.summoner_of(player) else {
            return Ok(Outcome::Done);
        };
        let Some(at) = table.game.piece(summoner)?.square() else {
            return Ok(Outcome::Done);
        };
        let squares = empty_neighbours(table.game, at);
        if squares.is_empty() || blocked(table.game, summoner, Block::Force) {
            return Ok(Outcome::Done);
        }
        let names: Vec<String> = squares.iter().map(|s| grid().position_name(s)).collect();
        let to = squares[pick(table.ctx, "Warn: force your summoner to", &names)?];
        force(table.game, table.ctx, summoner, to, 1)?;
        Ok(Outcome::Done)
    }
}
