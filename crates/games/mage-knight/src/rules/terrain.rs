//! Terrain (rules p.18-19, "Terrain"): what the battlefield's features do to movement and to
//! lines of fire.
//!
//! Movement: blocking terrain, chasms and deep water cannot be crossed or overlapped; a move
//! that starts with its base over any hindering terrain or shallow water has its speed halved (rounded up); a move that starts
//! with part of its base over clear terrain ends as soon as its base is completely inside
//! hindering terrain; a move ends as soon as its centre dot occupies an elevated feature it did
//! not start on. A warrior that flies (Flight) ignores terrain while moving but cannot end with
//! its base over blocking terrain. Paths are judged every [`PATH_STEP`] inches.
//!
//! Lines of fire (ranged attacks only): blocking terrain blocks; an elevated feature blocks unless
//! the attacker or the target occupies it; hindering and concealing terrain give the target +1
//! defense when the line crosses it (not counting what lies beneath the attacker's base) or the
//! target occupies it, and the height advantage gives +1 to an elevated target of an attacker
//! that is not elevated. A target with Stealth cannot be fired at through hindering or
//! concealing terrain; an Aquatic target occupying water terrain gets +2 defense against ranged
//! attacks, and an Aquatic warrior moves through water as through clear terrain (rules p.33,
//! the special abilities). Soaring, abrupt elevation, access points and constructed terrain are not
//! modelled (docs/decisions.md, "Mage Knight: battlefields").

use grimoire_engine::TablePoint;

use super::content::Handler;
use super::geometry;
use super::refusal::{FireBlock, MoveRefusal};
use super::state::{Game, RulesError, WarriorId};
use crate::map::{Terrain, TerrainKind};

/// How finely a movement path is walked for the hindering and elevated stopping rules (inches).
pub const PATH_STEP: f64 = 0.05;

/// The defense modifier the hindering terrain modifier and the height advantage give.
const TERRAIN_DEFENSE_MODIFIER: i32 = 1;

/// The defense an Aquatic warrior occupying water terrain gets against ranged attacks.
const AQUATIC_DEFENSE_MODIFIER: i32 = 2;

/// Whether `warrior` shows an ability with the native handler `handler` now.
fn shows(state: &Game, warrior: WarriorId, handler: Handler) -> bool {
    state
        .warrior(warrior)
        .is_ok_and(|w| w.shows(|a| a.meta().handler == Some(handler)))
}

/// Whether movement treats terrain of `kind` as clear for a warrior: water for an Aquatic one.
fn clear_for(kind: TerrainKind, aquatic: bool) -> bool {
    aquatic && matches!(kind, TerrainKind::ShallowWater | TerrainKind::DeepWater)
}

/// Whether `warrior` is Aquatic now.
pub fn aquatic(state: &Game, warrior: WarriorId) -> bool {
    shows(state, warrior, Handler::Aquatic)
}

/// The speed a move from `start` may use: halved (rounded up) when the base starts over
/// hindering terrain, unless it flies.
pub fn move_speed(
    state: &Game,
    start: &TablePoint,
    speed: f64,
    (flies, aquatic): (bool, bool),
) -> f64 {
    let r = geometry::base_radius();
    let hindered = !flies
        && state.terrain.iter().any(|t| {
            t.kind.hinders_movement() && !clear_for(t.kind, aquatic) && t.overlaps_base(start, r)
        });
    if hindered {
        (speed / 2.0).ceil()
    } else {
        speed
    }
}

/// The terrain feature a base at `p` may not stand on (blocking for movement) that it would
/// overlap, if any; water blocks no Aquatic warrior.
pub fn blocked_at<'g>(state: &'g Game, p: &TablePoint, aquatic: bool) -> Option<&'g Terrain> {
    let r = geometry::base_radius();
    state
        .terrain
        .iter()
        .find(|t| t.kind.blocks_movement() && !clear_for(t.kind, aquatic) && t.overlaps_base(p, r))
}

/// Whether a move of `warrior` along `path` (its first point the start) is allowed by the
/// terrain, for a warrior that flies or is Aquatic (water is clear terrain for it) or neither.
pub fn check_path(
    state: &Game,
    warrior: WarriorId,
    path: &[TablePoint],
    (flies, aquatic): (bool, bool),
) -> Result<(), RulesError> {
    let r = geometry::base_radius();
    let (Some(start), Some(end)) = (path.first(), path.last()) else {
        return Ok(());
    };
    if let Some(t) = blocked_at(state, end, aquatic) {
        return Err(MoveRefusal::EndsOverTerrain {
            warrior: state.named(warrior),
            terrain: t.into(),
        }
        .into());
    }
    if flies {
        return Ok(());
    }
    for t in state
        .terrain
        .iter()
        .filter(|t| t.kind.blocks_movement() && !clear_for(t.kind, aquatic))
    {
        if path.windows(2).any(|p| t.crossed_by(&p[0], &p[1])) {
            return Err(MoveRefusal::CrossesTerrain {
                warrior: state.named(warrior),
                terrain: t.into(),
            }
            .into());
        }
    }
    let hinders = |t: &Terrain| t.kind.hinders_movement() && !clear_for(t.kind, aquatic);
    // Only hindering and elevated features stop a move part-way: without any, the walk along
    // the path has nothing to find.
    if !state.terrain.iter().any(|t| hinders(t) || t.elevated) {
        return Ok(());
    }
    let starts_over_clear = !state
        .terrain
        .iter()
        .any(|t| hinders(t) && t.contains_base(start, r));
    let started_on: Vec<bool> = state
        .terrain
        .iter()
        .map(|t| t.elevated && t.occupied_by(start))
        .collect();
    let total: f64 = path
        .windows(2)
        .map(|p| geometry::distance(&p[0], &p[1]))
        .sum();
    let mut walked = 0.0;
    for leg in path.windows(2) {
        let length = geometry::distance(&leg[0], &leg[1]);
        let steps = (length / PATH_STEP).ceil().max(1.0);
        let mut i = 1.0;
        while i <= steps {
            let f = i / steps;
            let p = TablePoint {
                x: leg[0].x + (leg[1].x - leg[0].x) * f,
                y: leg[0].y + (leg[1].y - leg[0].y) * f,
                facing: 0.0,
            };
            let here = walked + length * f;
            let left = total - here;
            if left > PATH_STEP + geometry::LENGTH_SLACK {
                if let Some(t) = state
                    .terrain
                    .iter()
                    .find(|t| starts_over_clear && hinders(t) && t.contains_base(&p, r))
                {
                    return Err(MoveRefusal::StopsInHindering {
                        warrior: state.named(warrior),
                        terrain: t.into(),
                        at: here,
                    }
                    .into());
                }
                if let Some(t) = state.terrain.iter().enumerate().find_map(|(i, t)| {
                    (t.elevated && !started_on[i] && t.occupied_by(&p)).then_some(t)
                }) {
                    return Err(MoveRefusal::StopsOnElevated {
                        warrior: state.named(warrior),
                        terrain: t.into(),
                        at: here,
                    }
                    .into());
                }
            }
            i += 1.0;
        }
        walked += length;
    }
    Ok(())
}

/// The line of fire from an attacker at `from` to the warrior `target` through the terrain:
/// the defense modifier it gives the target, or why it is blocked.
pub fn line_of_fire(state: &Game, from: &TablePoint, target: WarriorId) -> Result<i32, FireBlock> {
    let to = &state.warrior(target).map_or(*from, |w| w.position);
    let r = geometry::base_radius();
    let occupies = |t: &Terrain, p: &TablePoint| t.occupied_by(p);
    for t in &state.terrain {
        if t.kind.blocks_fire() && t.crossed_by(from, to) {
            return Err(FireBlock::Crosses(t.into()));
        }
        if t.elevated && !occupies(t, from) && !occupies(t, to) && t.crossed_by(from, to) {
            return Err(FireBlock::Elevated(t.into()));
        }
    }
    let attacker_elevated = state
        .terrain
        .iter()
        .any(|t| t.elevated && occupies(t, from));
    let target_elevated = state.terrain.iter().any(|t| t.elevated && occupies(t, to));
    let in_hindering = |p: &TablePoint| {
        state
            .terrain
            .iter()
            .any(|t| t.kind.hinders_fire() && occupies(t, p))
    };
    // The line from where it leaves the attacker's base: hindering terrain beneath the
    // attacker's own base does not count.
    let length = geometry::distance(from, to);
    let leave = if length > r {
        TablePoint {
            x: from.x + (to.x - from.x) * r / length,
            y: from.y + (to.y - from.y) * r / length,
            facing: 0.0,
        }
    } else {
        *to
    };
    let either_elevated = attacker_elevated || target_elevated;
    let either_in_hindering = in_hindering(from) || in_hindering(to);
    let crosses_hindering = state.terrain.iter().any(|t| {
        t.kind.hinders_fire()
            && t.crossed_by(&leave, to)
            && (!either_elevated || either_in_hindering || t.elevated)
    });
    let mut modifier = 0;
    if crosses_hindering || in_hindering(to) {
        // Stealth (optional): such a line of fire is blocked.
        if shows(state, target, Handler::Stealth) {
            return Err(FireBlock::Stealth);
        }
        modifier += TERRAIN_DEFENSE_MODIFIER;
    }
    let in_water = state.terrain.iter().any(|t| {
        matches!(t.kind, TerrainKind::ShallowWater | TerrainKind::DeepWater) && occupies(t, to)
    });
    if in_water && aquatic(state, target) {
        modifier += AQUATIC_DEFENSE_MODIFIER;
    }
    if target_elevated && !attacker_elevated {
        modifier += TERRAIN_DEFENSE_MODIFIER;
    }
    Ok(modifier)
}
