//! Walls (codex: Blocks LoS, Passage Blocked, Passage Attacks, Extendable, Indirect, LoS;
//! supplement: Walls, Move Action step 4, Targeting, Extendable).
//!
//! A wall stands on a zone border, never inside a zone. Its object's zone is the border's
//! *place*: a zone number past the arena's zones ([`Border::place`]), so nothing that looks
//! for the objects of a zone finds it (a zone attack does not reach walls; a wall cannot be
//! guarded), while range to it is counted to the nearer of the two zones it borders.
//!
//! Line of sight runs from the center of one zone to the center of a zone, or of the border a
//! wall stands on; a wall with Blocks LoS blocks it when the line crosses the wall, and walls
//! with Blocks LoS meeting at a corner block a line through that corner that passes between
//! them (docs/decisions.md, "Mage Wars: walls").

use grimoire_engine::{Dice, ObjectId, Zone, ZonedArena};

use super::content::{AttackTiming, Trait};
use super::state::{Game, RulesError};

/// A zone border: two zones of the arena sharing a side (the arena's outer edge is no border
/// a wall can be cast on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Border {
    /// The zone with the lower number (west or north of the other).
    pub low: Zone,
    /// The zone east or south of `low`.
    pub high: Zone,
}

/// A point of the arena in half-zone units: zone (column, row) has its center at
/// (2·column + 1, 2·row + 1) and its corners at even coordinates.
type Point = (i64, i64);

impl Border {
    /// The border between `a` and `b`, when they share a side.
    pub fn between(arena: &ZonedArena, a: Zone, b: Zone) -> Option<Self> {
        let cells = arena.columns * arena.rows;
        if a.0 >= cells || b.0 >= cells || !arena.adjacent(a, b) {
            return None;
        }
        Some(Border {
            low: a.min(b),
            high: a.max(b),
        })
    }

    /// Every border of the arena, in place order.
    pub fn all(arena: &ZonedArena) -> impl Iterator<Item = Border> + '_ {
        arena.zones().flat_map(move |zone| {
            let (column, row) = arena.zone_position(zone);
            [
                arena.zone_at(column + 1, row),
                arena.zone_at(column, row + 1),
            ]
            .into_iter()
            .flatten()
            .filter_map(move |next| Border::between(arena, zone, next))
        })
    }

    /// The border's place: the zone number an object standing on it has, past the arena's
    /// zones (two per zone: toward the east, then toward the south).
    pub fn place(self, arena: &ZonedArena) -> Zone {
        let cells = arena.columns * arena.rows;
        let south = u32::from(self.high.0 - self.low.0 != 1);
        Zone(cells + 2 * self.low.0 + south)
    }

    /// The border whose place is `place`, if it is one.
    pub fn at(arena: &ZonedArena, place: Zone) -> Option<Self> {
        let cells = arena.columns * arena.rows;
        let index = place.0.checked_sub(cells)?;
        let low = Zone(index / 2);
        let (column, row) = arena.zone_position(low);
        let high = if index % 2 == 0 {
            arena.zone_at(column + 1, row)?
        } else {
            arena.zone_at(column, row + 1)?
        };
        Border::between(arena, low, high)
    }

    /// Reads `B1|C1` (the two zones, either order).
    pub fn parse(arena: &ZonedArena, text: &str) -> Result<Self, String> {
        use grimoire_engine::Board;
        let (a, b) = text.split_once('|').ok_or_else(|| {
            format!("`{text}` is not a zone border: write the two zones it separates, `B1|C1`")
        })?;
        let zone = |t: &str| arena.parse_position(t.trim()).map_err(|e| e.to_string());
        let (a, b) = (zone(a)?, zone(b)?);
        Border::between(arena, a, b).ok_or_else(|| {
            format!("`{text}` is not a zone border: the two zones do not share a side")
        })
    }

    /// `B1|C1`.
    pub fn name(self, arena: &ZonedArena) -> String {
        use grimoire_engine::Board;
        format!(
            "{}|{}",
            arena.position_name(&self.low),
            arena.position_name(&self.high)
        )
    }

    /// The border's two ends, in half-zone units.
    fn ends(self, arena: &ZonedArena) -> (Point, Point) {
        let (column, row) = arena.zone_position(self.low);
        let (c, r) = (i64::from(column) * 2, i64::from(row) * 2);
        if self.high.0 - self.low.0 == 1 {
            ((c + 2, r), (c + 2, r + 2))
        } else {
            ((c, r + 2), (c + 2, r + 2))
        }
    }

    /// The border's center, in half-zone units.
    fn center(self, arena: &ZonedArena) -> Point {
        let ((x1, y1), (x2, y2)) = self.ends(arena);
        ((x1 + x2) / 2, (y1 + y2) / 2)
    }

    /// Whether `other` is another border sharing an end with this one (Extendable's second
    /// wall goes on a border "connected to" the first).
    pub fn connected(self, other: Border, arena: &ZonedArena) -> bool {
        let (a1, a2) = self.ends(arena);
        let (b1, b2) = other.ends(arena);
        self != other && (a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2)
    }
}

/// A zone's center, in half-zone units.
fn zone_center(arena: &ZonedArena, zone: Zone) -> Point {
    let (column, row) = arena.zone_position(zone);
    (i64::from(column) * 2 + 1, i64::from(row) * 2 + 1)
}

/// Zones from `from` to a place: a zone, or a border counted to the nearer zone it borders
/// (supplement: Walls, a target wall is in range when one of its zones is).
pub fn distance(arena: &ZonedArena, from: Zone, place: Zone) -> u32 {
    let from = match Border::at(arena, from) {
        Some(border) => border.low,
        None => from,
    };
    match Border::at(arena, place) {
        Some(border) => arena
            .zone_distance(from, border.low)
            .min(arena.zone_distance(from, border.high)),
        None => arena.zone_distance(from, place),
    }
}

/// Whether `object` is a wall (a conjuration of the Wall form).
pub fn is_wall(game: &Game, object: ObjectId) -> bool {
    game.card(object).is_ok_and(|card| card.wall)
}

/// The walls in play on `border`.
pub fn walls_on(game: &Game, border: Border) -> Vec<ObjectId> {
    let place = border.place(&game.arena);
    game.store
        .iter()
        .filter(|o| o.in_play && o.zone == place)
        .map(|o| o.id)
        .collect()
}

/// Orientation of `c` against the line `a`→`b`: positive on the left, negative on the right.
fn side(a: Point, b: Point, c: Point) -> i64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether the line from `from` to `to` is blocked by the walls with Blocks LoS standing on
/// `blocking`: it crosses one of them, or passes through a corner where such walls lie on
/// both of its sides.
fn blocked(arena: &ZonedArena, from: Point, to: Point, blocking: &[Border]) -> bool {
    let mut corners: Vec<(Point, i64)> = Vec::new();
    for border in blocking {
        let (p, q) = border.ends(arena);
        let (sp, sq) = (side(from, to, p), side(from, to, q));
        let (sa, sb) = (side(p, q, from), side(p, q, to));
        if sp * sq < 0 && sa * sb < 0 {
            return true;
        }
        // A line through one end of the wall, strictly between `from` and `to`.
        for (end, other_side) in [(p, sq), (q, sp)] {
            let on_line = side(from, to, end) == 0;
            let between = (end.0 - from.0) * (end.0 - to.0) + (end.1 - from.1) * (end.1 - to.1) < 0;
            if on_line && between && other_side != 0 {
                corners.push((end, other_side.signum()));
            }
        }
    }
    corners.iter().any(|&(corner, sign)| {
        corners
            .iter()
            .any(|&(other, other_sign)| other == corner && other_sign == -sign)
    })
}

/// The borders that walls with Blocks LoS stand on, other than `except`.
fn blocking_borders(game: &Game, except: Option<Border>) -> Vec<Border> {
    let arena = game.arena;
    game.store
        .iter()
        .filter(|o| o.in_play)
        .filter_map(|o| Border::at(&arena, o.zone).map(|b| (o.id, b)))
        .filter(|&(id, b)| Some(b) != except && game.has_trait(id, Trait::BlocksLoS))
        .map(|(_, b)| b)
        .collect()
}

/// Whether there is line of sight from the zone `from` to `place` (a zone, or a border's
/// center), ignoring the walls on `except` (an Extendable wall's first wall does not block
/// the placing of its second).
pub fn line_of_sight_except(game: &Game, from: Zone, place: Zone, except: Option<Border>) -> bool {
    let arena = game.arena;
    let target = match Border::at(&arena, place) {
        Some(border) => border.center(&arena),
        None => zone_center(&arena, place),
    };
    let origin = match Border::at(&arena, from) {
        Some(border) => border.center(&arena),
        None => zone_center(&arena, from),
    };
    if origin == target {
        return true;
    }
    let walls = blocking_borders(game, except);
    walls.is_empty() || !blocked(&arena, origin, target, &walls)
}

/// Whether there is line of sight from the zone `from` to `place` (codex: LoS, Blocks LoS).
pub fn line_of_sight(game: &Game, from: Zone, place: Zone) -> bool {
    line_of_sight_except(game, from, place, None)
}

/// Whether a Passage Blocked wall stops `creature` crossing `border`: walls do not stop a
/// Flying creature (supplement: Walls, only the arena's outer walls are high enough).
pub fn passage_blocked(game: &Game, creature: ObjectId, border: Border) -> bool {
    !game.is_flying(creature)
        && walls_on(game, border)
            .into_iter()
            .any(|wall| game.has_trait(wall, Trait::PassageBlocked))
}

/// Whether `creature` may climb over the walls that block passage across `border`: it has
/// Climbing and each of them is Corporeal (codex: Climbing). Climbing takes a full action
/// ([`super::movement::check_move`]).
pub fn climbs(game: &Game, creature: ObjectId, border: Border) -> bool {
    game.has_trait(creature, Trait::Climbing)
        && walls_on(game, border).into_iter().all(|wall| {
            !game.has_trait(wall, Trait::PassageBlocked) || game.has_trait(wall, Trait::Corporeal)
        })
}

/// Move Action step 4, Walls: `creature` crossing `border` meets each wall on it with
/// Passage Attacks, which attacks it with its passage attack bar; a Flying creature passes
/// over (supplement: Walls, Push). The caller then decides whether the creature still moves
/// ([`still_moves`] for a move; a Pushed creature moves unless it left play or became
/// Unmovable).
pub fn cross(
    game: &mut Game,
    dice: &mut dyn Dice,
    creature: ObjectId,
    border: Border,
) -> Result<(), RulesError> {
    if game.is_flying(creature) {
        return Ok(());
    }
    for wall in walls_on(game, border) {
        if !game.has_trait(wall, Trait::PassageAttacks) || !game.in_play(creature) {
            continue;
        }
        let bar = game
            .card(wall)?
            .attacks
            .iter()
            .position(|a| a.timing == AttackTiming::PassageAttack);
        if let Some(bar) = bar {
            super::attack::passage_attack(game, dice, wall, bar, creature)?;
        }
    }
    Ok(())
}

/// Whether `creature` can still complete a move it began: it is in play and neither
/// Restrained nor Incapacitated, and no effect made it Unmovable (supplement: Move Action and
/// Walls, a creature made unable to move stops there).
pub fn still_moves(game: &Game, creature: ObjectId) -> bool {
    game.in_play(creature)
        && !game.is_restrained(creature)
        && !game.is_incapacitated(creature)
        && !game.has_trait(creature, Trait::Unmovable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena() -> ZonedArena {
        ZonedArena::default()
    }

    fn zone(name: &str) -> Zone {
        use grimoire_engine::Board;
        arena().parse_position(name).unwrap()
    }

    fn border(a: &str, b: &str) -> Border {
        Border::between(&arena(), zone(a), zone(b)).unwrap()
    }

    #[test]
    fn the_arena_has_seventeen_borders_each_with_its_own_place() {
        let arena = arena();
        let borders: Vec<Border> = Border::all(&arena).collect();
        // 3 rows of 3 east-west borders, 4 columns of 2 north-south borders.
        assert_eq!(borders.len(), 17);
        for b in &borders {
            assert_eq!(Border::at(&arena, b.place(&arena)), Some(*b));
            assert!(b.place(&arena).0 >= 12);
            assert_eq!(Border::parse(&arena, &b.name(&arena)), Ok(*b));
        }
        assert_eq!(Border::at(&arena, zone("B2")), None);
        assert!(Border::between(&arena, zone("A1"), zone("B2")).is_none());
        assert!(Border::parse(&arena, "A1|C1").is_err());
        assert!(Border::parse(&arena, "A1").is_err());
    }

    #[test]
    fn range_to_a_border_counts_to_its_nearer_zone() {
        let arena = arena();
        let wall = border("B1", "C1").place(&arena);
        assert_eq!(distance(&arena, zone("B1"), wall), 0);
        assert_eq!(distance(&arena, zone("C1"), wall), 0);
        assert_eq!(distance(&arena, zone("A1"), wall), 1);
        assert_eq!(distance(&arena, zone("D3"), wall), 3);
        assert_eq!(distance(&arena, zone("A1"), zone("D3")), 5);
    }

    #[test]
    fn borders_sharing_an_end_are_connected() {
        let arena = arena();
        let first = border("B1", "C1");
        assert!(first.connected(border("B1", "B2"), &arena));
        assert!(first.connected(border("C1", "C2"), &arena));
        assert!(first.connected(border("B2", "C2"), &arena));
        assert!(!first.connected(first, &arena));
        assert!(!first.connected(border("A1", "B1"), &arena));
        assert!(!first.connected(border("B3", "C3"), &arena));
    }

    #[test]
    fn a_line_is_blocked_by_a_wall_it_crosses_or_a_corner_it_passes_between() {
        let arena = arena();
        let from = zone_center(&arena, zone("A1"));
        let straight = zone_center(&arena, zone("C1"));
        let diagonal = zone_center(&arena, zone("B2"));
        assert!(blocked(&arena, from, straight, &[border("B1", "C1")]));
        assert!(!blocked(&arena, from, straight, &[border("B2", "C2")]));
        // Through the corner of A1, B1, A2 and B2: one wall touching it does not block...
        assert!(!blocked(&arena, from, diagonal, &[border("A1", "B1")]));
        // ...nor two on the same side of the line, but two on both sides do: a straight
        // wall, or a corner closed around A1.
        assert!(!blocked(
            &arena,
            from,
            diagonal,
            &[border("A1", "B1"), border("B1", "B2")]
        ));
        assert!(blocked(
            &arena,
            from,
            diagonal,
            &[border("A1", "B1"), border("A2", "B2")]
        ));
        assert!(blocked(
            &arena,
            from,
            diagonal,
            &[border("A1", "B1"), border("A1", "A2")]
        ));
    }
}
