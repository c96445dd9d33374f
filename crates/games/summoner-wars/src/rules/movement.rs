//! Moving and forcing (FAQ General Questions, Structure Units, Expanded Rules: Value
//! Modifiers, Moving/Forcing Through).
//!
//! - In the Move Phase the active player chooses up to `CHOSEN_MOVERS_PER_PHASE` units
//!   (`FIRST_TURN_MOVERS` on the first player's first turn), each
//!   once; a unit moves orthogonally up to its movement (`abilities::movement`), never through
//!   cards unless a `move_through` lets it, never through an enemy that blocks
//!   `MoveThroughByEnemies`, and ends on an empty space. A move in one direction may use a
//!   `straight_move_bonus`.
//! - Forcing moves a unit in one direction onto empty spaces; it is not choosing a mover, and
//!   a unit protected by a `Force` block cannot be forced.
//! - Each step of a move or force that takes a unit from next to an enemy `WhenMovedAway`
//!   unit (Engage) to a space farther from it adds that damage at once, before the rest of the
//!   move; a unit destroyed there stops. Exchanging or placing is neither moving nor forcing.
//! - A unit has moved through a card once it entered the card's space; after the move,
//!   `damage_moved_through` (Trample) damages each such card of its kind once.

use grimoire_engine::{Board, Ctx, ObjectId, Square};

use super::abilities::{acting_on, any_acting, movement, Movement};
use super::content::{Block, EffectOp, Passable, Phase, Recipient, Timing};
use super::damage::{add_damage, in_chosen_order};
use super::refusal::Refusal;
use super::state::{grid, Cause, Game, GameEvent, Kind, Place, RulesError};

/// Whether `id` is protected from `what` now (its own blocks and those of friendly units
/// next to it).
pub fn blocked(game: &Game, id: ObjectId, what: Block) -> bool {
    any_acting(
        game,
        id,
        Timing::Passive,
        |op| matches!(op, EffectOp::Block { what: w, .. } if *w == what),
    )
}

/// The direction of a step as (dx, dy), or `None` when the squares are not adjacent.
fn step_direction(from: Square, to: Square) -> Option<(i32, i32)> {
    if !grid().adjacent(from, to) {
        return None;
    }
    Some((
        to.column as i32 - from.column as i32,
        to.row as i32 - from.row as i32,
    ))
}

/// Whether the mover may pass through `other`'s space (`through`: what its movement passes).
pub fn may_pass(game: &Game, mover: ObjectId, other: ObjectId, through: &[Passable]) -> bool {
    let piece = &game.pieces[other.0 as usize];
    let kind_ok = through.iter().any(|p| match p {
        Passable::Cards => true,
        Passable::Structures => piece.is_structure(),
        Passable::Commons => piece.kind() == Kind::Common,
    });
    kind_ok && (game.friendly(mover, other) || !blocked(game, other, Block::MoveThroughByEnemies))
}

/// A unit that may be chosen to move now, as [`check_mover`] found it.
pub struct CheckedMove {
    /// The unit's movement now.
    pub movement: Movement,
    /// Where it starts.
    pub start: Square,
    /// Whether every step of the path goes the same way (set by [`check_path`]).
    pub straight: bool,
}

/// Checks, without changing anything, that `id` may be chosen to move along `path` (the
/// squares it steps on, in order): [`check_mover`], then [`check_path`].
pub fn check_move(game: &Game, id: ObjectId, path: &[Square]) -> Result<CheckedMove, RulesError> {
    let mut mover = check_mover(game, id)?;
    mover.straight = check_path(game, id, &mover, path)?;
    Ok(mover)
}

/// Checks, without changing anything, that `id` may be chosen to move now: its controller's
/// Move Phase, not yet chosen, movers left, a movement above 0.
pub fn check_mover(game: &Game, id: ObjectId) -> Result<CheckedMove, RulesError> {
    let piece = game.piece(id)?;
    if game.phase != Phase::Move {
        return Err(Refusal::MovePhase {
            unit: game.named(id),
        }
        .into());
    }
    if piece.controller != game.active {
        return Err(Refusal::NotActiveControlled {
            unit: game.named(id),
        }
        .into());
    }
    let Some(start) = piece.square() else {
        return Err(Refusal::NotOnBattlefield {
            card: game.named(id),
        }
        .into());
    };
    if piece.moved_this_phase {
        return Err(Refusal::AlreadyMoved {
            unit: game.named(id),
        }
        .into());
    }
    let allowed_movers = game.movers_allowed();
    if game.player(game.active).chosen_movers >= allowed_movers {
        return Err(Refusal::MoversChosen {
            allowed: allowed_movers,
        }
        .into());
    }
    let m = movement(game, id);
    if m.spaces == 0 {
        return Err(Refusal::CannotMove {
            unit: game.named(id),
        }
        .into());
    }
    Ok(CheckedMove {
        movement: m,
        start,
        straight: false,
    })
}

/// Checks, without changing anything, the path of a mover [`check_mover`] accepted:
/// orthogonal steps within its movement (a square may be entered again, FAQ Savanna Elves:
/// Trample), only through cards it may pass, ending on an empty space (its own start counts
/// as empty). Returns whether every step goes the same way.
pub fn check_path(
    game: &Game,
    id: ObjectId,
    mover: &CheckedMove,
    path: &[Square],
) -> Result<bool, RulesError> {
    if path.is_empty() {
        return Err(Refusal::EmptyPath.into());
    }
    let m = &mover.movement;
    let mut first = None;
    let mut straight = true;
    let mut previous = mover.start;
    for &square in path {
        let Some(d) = step_direction(previous, square) else {
            return Err(Refusal::NotNextTo { square, previous }.into());
        };
        straight &= *first.get_or_insert(d) == d;
        previous = square;
    }
    let allowed = if straight {
        m.spaces + m.straight_extra
    } else {
        m.spaces
    };
    if path.len() as i32 > allowed {
        return Err(Refusal::TooFar {
            unit: game.named(id),
            allowed,
            spaces: path.len(),
        }
        .into());
    }
    for (i, &square) in path.iter().enumerate() {
        if let Some(other) = game.at(square).filter(|&o| o != id) {
            if i + 1 == path.len() {
                return Err(Refusal::Occupied { at: square }.into());
            }
            if !may_pass(game, id, other, &m.through) {
                return Err(Refusal::CannotPass {
                    unit: game.named(id),
                    other: game.named(other),
                }
                .into());
            }
        }
    }
    Ok(straight)
}

/// Chooses and moves a unit along `path` (the squares it steps on, in order).
pub fn move_unit(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
    path: &[Square],
) -> Result<(), RulesError> {
    let CheckedMove {
        movement: m,
        start,
        straight,
    } = super::memo::with_memo(game, |game| check_move(game, id, path))?;
    super::handlers::fire(game, ctx, id, super::handlers::Trigger::Met)?;
    let first_mover = game.player(game.active).chosen_movers == 0;
    {
        let controller = game.active;
        let piece = game.piece_mut(id)?;
        piece.moved_this_phase = true;
        piece.moved_this_turn = true;
        piece.spaces_moved_this_turn = piece
            .spaces_moved_this_turn
            .saturating_add(path.len() as u32);
        game.player_mut(controller).chosen_movers += 1;
    }
    let mut passed: Vec<ObjectId> = Vec::new();
    let mut from = start;
    for &square in path {
        if let Some(other) = game.at(square).filter(|&o| o != id) {
            if !passed.contains(&other) {
                passed.push(other);
            }
        }
        if !step(game, ctx, id, from, square)? {
            return Ok(());
        }
        from = square;
    }
    ctx.record(GameEvent::Moved {
        card: id,
        to: from,
        forced: false,
    });
    if straight && m.straight_strength > 0 && path.len() as u32 >= m.straight_strength_after {
        let piece = game.piece_mut(id)?;
        piece.turn_strength = piece.turn_strength.saturating_add(m.straight_strength);
    }
    // `sole_mover` (Sneak): a move using its bonus makes it the phase's only moving unit.
    if first_mover {
        let bonus: i32 = super::abilities::abilities(game, id)
            .iter()
            .flat_map(|a| a.meta().effects)
            .map(|op| match *op {
                EffectOp::SoleMover { amount } => i32::from(amount),
                _ => 0,
            })
            .sum();
        if bonus > 0 && path.len() as i32 > m.spaces - bonus {
            let allowed = game.movers_allowed();
            let player = game.active;
            game.player_mut(player).chosen_movers = allowed;
        }
    }
    moved_through_damage(game, ctx, id, &passed)?;
    spend_boost_to_move(game, ctx, id)?;
    follow(game, ctx, id, start)
}

/// `follow` (Escort): after a friendly common or champion moved away from `start`, each unit
/// with it that was next to `start` may be placed next to the mover.
fn follow(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    mover: ObjectId,
    start: Square,
) -> Result<(), RulesError> {
    let Some(at) = game.piece(mover)?.square() else {
        return Ok(());
    };
    if !matches!(game.piece(mover)?.kind(), Kind::Common | Kind::Champion) {
        return Ok(());
    }
    let escorts: Vec<ObjectId> = game
        .on_battlefield()
        .filter(|&e| {
            e != mover
                && game.friendly(e, mover)
                && game.pieces[e.0 as usize]
                    .square()
                    .is_some_and(|s| grid().adjacent(s, start))
                && super::abilities::abilities(game, e)
                    .iter()
                    .any(|a| a.meta().effects.contains(&EffectOp::Follow))
        })
        .collect();
    for escort in escorts {
        let squares = empty_neighbours(game, at);
        if squares.is_empty() {
            return Ok(());
        }
        let mut options = vec!["no".to_string()];
        options.extend(squares.iter().map(|s| grid().position_name(s)));
        let prompt = format!(
            "{}: place it next to {} on",
            game.describe(escort),
            game.describe(mover)
        );
        let answer = ctx.choose(&prompt, &options)?;
        if answer == 0 {
            continue;
        }
        game.set_place(escort, Place::Battlefield(squares[answer - 1]))?;
        ctx.record(GameEvent::AbilityResolved {
            ability: super::abilities::name_of(
                game,
                escort,
                |op| matches!(op, EffectOp::Follow),
                "follow",
            ),
            card: escort,
        });
    }
    Ok(())
}

/// `spend_boost_to_move` (Swift Potion), after the unit moved or attacked: its controller may
/// remove 1 boost from it to place it on an empty space up to `spaces` away (placing is not
/// moving: no Engage).
pub fn spend_boost_to_move(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
) -> Result<(), RulesError> {
    let spaces = super::abilities::abilities(game, id)
        .iter()
        .flat_map(|a| a.meta().effects.iter().map(move |op| (a.meta().name, *op)))
        .find_map(|(name, op)| match op {
            EffectOp::SpendBoostToMove { spaces } => Some((name, u32::from(spaces))),
            _ => None,
        });
    let (Some((ability, spaces)), Some(at)) = (spaces, game.piece(id)?.square()) else {
        return Ok(());
    };
    if game.piece(id)?.boost == 0 {
        return Ok(());
    }
    let g = grid();
    let squares: Vec<Square> = (0..g.height)
        .flat_map(|row| (0..g.width).map(move |column| Square { column, row }))
        .filter(|s| {
            game.at(*s).is_none() && g.distance(&at, s).is_some_and(|d| d >= 1 && d <= spaces)
        })
        .collect();
    if squares.is_empty() {
        return Ok(());
    }
    let mut options = vec!["no".to_string()];
    options.extend(squares.iter().map(|s| g.position_name(s)));
    let prompt = format!(
        "{ability} of {}: spend 1 boost to be placed on",
        game.describe(id)
    );
    let answer = ctx.choose(&prompt, &options)?;
    if answer == 0 {
        return Ok(());
    }
    game.piece_mut(id)?.boost -= 1;
    game.set_place(id, Place::Battlefield(squares[answer - 1]))?;
    ctx.record(GameEvent::AbilityResolved { ability, card: id });
    Ok(())
}

/// `damage_moved_through` of the mover against each card it passed through.
fn moved_through_damage(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
    passed: &[ObjectId],
) -> Result<(), RulesError> {
    let player = game.piece(id)?.controller;
    let acting = acting_on(game, id, Timing::WhenMoving)
        .into_iter()
        .chain(acting_on(game, id, Timing::AfterMoving));
    for a in acting {
        if let EffectOp::DamageMovedThrough { amount, what } = a.op {
            let hits: Vec<(ObjectId, u32)> = passed
                .iter()
                .filter(|&&o| {
                    let p = &game.pieces[o.0 as usize];
                    match what {
                        Passable::Cards => true,
                        Passable::Structures => p.is_structure(),
                        Passable::Commons => p.kind() == Kind::Common,
                    }
                })
                .map(|&o| (o, u32::from(amount)))
                .collect();
            if !hits.is_empty() {
                ctx.record(GameEvent::AbilityResolved {
                    ability: a.ability.meta().name,
                    card: id,
                });
                add_damage(
                    game,
                    ctx,
                    &hits,
                    Cause::Effect {
                        source: Some(id),
                        player,
                    },
                )?;
            }
        }
    }
    Ok(())
}

/// One step of a move or force from `from` to `to`, with its Engage damage. Returns whether
/// the unit is still on the battlefield.
fn step(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
    from: Square,
    to: Square,
) -> Result<bool, RulesError> {
    game.set_place(id, Place::Battlefield(to))?;
    let mut engaging = Vec::new();
    for other in game
        .on_battlefield()
        .filter(|&o| o != id && !game.friendly(o, id))
    {
        let Some(there) = game.pieces[other.0 as usize].square() else {
            continue;
        };
        let before = grid().distance(&there, &from).unwrap_or(0);
        let after = grid().distance(&there, &to).unwrap_or(0);
        if before != 1 || after <= before {
            continue;
        }
        for a in super::abilities::own_ops(game, other, Timing::WhenMovedAway) {
            if let (
                true,
                EffectOp::AddDamage {
                    amount,
                    to: Recipient::MovingUnit,
                    ..
                },
            ) = (a.source == other, a.op)
            {
                engaging.push((
                    format!("{} of {}", a.ability.meta().name, game.describe(other)),
                    (other, a.ability.meta().name, u32::from(amount)),
                ));
            }
        }
    }
    for (other, ability, amount) in in_chosen_order(ctx, "order of triggered effects", engaging)? {
        if !game.is_on_battlefield(id) {
            break;
        }
        ctx.record(GameEvent::AbilityResolved {
            ability,
            card: other,
        });
        let player = game.piece(other)?.controller;
        add_damage(
            game,
            ctx,
            &[(id, amount)],
            Cause::Effect {
                source: Some(other),
                player,
            },
        )?;
    }
    Ok(game.is_on_battlefield(id))
}

/// Forces `id` onto `to`, a square in a straight line from it at most `spaces` away, through
/// empty spaces. Returns `Ok(false)` when it cannot be forced there (the effect is then
/// disregarded); a unit with a `Force` block is never forced.
pub fn force(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    id: ObjectId,
    to: Square,
    spaces: u32,
) -> Result<bool, RulesError> {
    let Some(start) = game.piece(id)?.square() else {
        return Ok(false);
    };
    if blocked(game, id, Block::Force) || !game.piece(id)?.is_unit() {
        return Ok(false);
    }
    let Some(distance) = grid().straight_line(start, to) else {
        return Ok(false);
    };
    if distance == 0 || distance > spaces {
        return Ok(false);
    }
    let squares = line(start, to);
    if squares.iter().any(|&s| game.at(s).is_some()) {
        return Ok(false);
    }
    let mut from = start;
    for square in squares {
        if !step(game, ctx, id, from, square)? {
            return Ok(true);
        }
        from = square;
    }
    ctx.record(GameEvent::Moved {
        card: id,
        to,
        forced: true,
    });
    Ok(true)
}

/// The squares after `from` up to and including `to`, along a row or column.
pub fn line(from: Square, to: Square) -> Vec<Square> {
    line_squares(from, to).collect()
}

/// The squares of [`line`], one at a time.
pub fn line_squares(from: Square, to: Square) -> impl Iterator<Item = Square> {
    let dx = (to.column as i32 - from.column as i32).signum();
    let dy = (to.row as i32 - from.row as i32).signum();
    let end = (to.column as i32, to.row as i32);
    let mut at = (from.column as i32, from.row as i32);
    std::iter::from_fn(move || {
        if at == end {
            return None;
        }
        at = (at.0 + dx, at.1 + dy);
        Some(Square {
            column: at.0 as u32,
            row: at.1 as u32,
        })
    })
}

/// Empty squares next to `square`.
pub fn empty_neighbours(game: &Game, square: Square) -> Vec<Square> {
    let g = grid();
    let mut out = Vec::new();
    for (dc, dr) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
        let (c, r) = (square.column as i32 + dc, square.row as i32 + dr);
        if c < 0 || r < 0 || c >= g.width as i32 || r >= g.height as i32 {
            continue;
        }
        let s = Square {
            column: c as u32,
            row: r as u32,
        };
        if game.at(s).is_none() {
            out.push(s);
        }
    }
    out
}

/// `source`'s ability forces `target` (Forceful Attack, Ram): its controller picks an empty
/// square in a straight line up to `spaces` away, through empty squares; a "may" offers "no".
pub fn offer_force(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    source: ObjectId,
    target: ObjectId,
    ability: &'static str,
    spaces: u32,
    optional: bool,
) -> Result<(), RulesError> {
    let Some(from) = game.piece(target)?.square() else {
        return Ok(());
    };
    if blocked(game, target, Block::Force) {
        return Ok(());
    }
    let g = grid();
    let squares: Vec<Square> = (0..g.height)
        .flat_map(|row| (0..g.width).map(move |column| Square { column, row }))
        .filter(|&s| {
            g.straight_line(from, s)
                .is_some_and(|d| d >= 1 && d <= spaces)
                && line(from, s).iter().all(|&step| game.at(step).is_none())
        })
        .collect();
    if squares.is_empty() {
        return Ok(());
    }
    let mut options: Vec<String> = Vec::new();
    if optional {
        options.push("no".into());
    }
    options.extend(squares.iter().map(|s| g.position_name(s)));
    let prompt = format!("{ability}: force {} to", game.describe(target));
    let answer = if options.len() == 1 {
        0
    } else {
        ctx.choose(&prompt, &options)?
    };
    let index = if optional {
        match answer.checked_sub(1) {
            Some(i) => i,
            None => return Ok(()),
        }
    } else {
        answer
    };
    ctx.record(GameEvent::AbilityResolved {
        ability,
        card: source,
    });
    force(game, ctx, target, squares[index], spaces)?;
    Ok(())
}
