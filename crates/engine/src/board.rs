//! Where objects are: one [`Board`] trait over four kinds of table.
//!
//! - [`ZonedArena`]: a grid of named zones (`"B2"`), distance in zones counted orthogonally;
//! - [`SquareGrid`]: a grid of squares, orthogonal adjacency, distance in spaces;
//! - [`OpenTable`]: free positions in inches with a facing, Euclidean distance;
//! - [`CardZones`]: named zones per player (hand, deck, play...), no distance.
//!
//! Positions are parsed from and printed to scenario text by the board, so scenario files of
//! every game write positions the same way the game's players do.

use std::fmt;

use crate::store::PlayerId;

/// A position that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    /// The text given.
    pub text: String,
    /// What a position of this board looks like.
    pub expected: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad position {:?}: expected {}",
            self.text, self.expected
        )
    }
}

impl std::error::Error for BoardError {}

/// A kind of table positions live on.
pub trait Board {
    /// One position.
    type Position: Clone + PartialEq + fmt::Debug;
    /// A distance between two positions (zones, spaces, inches).
    type Distance: Copy + PartialOrd + fmt::Debug;

    /// Parses a position as scenario files write it.
    fn parse_position(&self, text: &str) -> Result<Self::Position, BoardError>;
    /// Writes a position as scenario files write it (inverse of [`Board::parse_position`]).
    fn position_name(&self, position: &Self::Position) -> String;
    /// The distance between two positions, or `None` when the board has no distance between
    /// them (card zones).
    fn distance(&self, a: &Self::Position, b: &Self::Position) -> Option<Self::Distance>;
}

fn column_row(text: &str, columns: u32, rows: u32) -> Option<(u32, u32)> {
    let text = text.trim();
    let mut chars = text.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let column = letter.to_ascii_uppercase() as u32 - 'A' as u32;
    let row: u32 = chars.as_str().parse().ok()?;
    (column < columns && (1..=rows).contains(&row)).then(|| (column, row - 1))
}

fn column_row_name(column: u32, row: u32) -> String {
    let letter = char::from(b'A' + (column % 26) as u8);
    format!("{letter}{}", row + 1)
}

/// A zone of a [`ZonedArena`]: zones are numbered row by row from 0 (`A1` is 0, `B1` is 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Zone(pub u32);

/// A grid of zones named by column letter and row number (`"B2"`). Zones are adjacent only
/// across a side, so a diagonal zone is two zones away. Mage Wars: 4 columns (A-D) × 3 rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZonedArena {
    /// Number of columns (letters, at most 26).
    pub columns: u32,
    /// Number of rows (numbers from 1).
    pub rows: u32,
}

impl Default for ZonedArena {
    /// The Mage Wars arena: columns A-D, rows 1-3.
    fn default() -> Self {
        Self {
            columns: 4,
            rows: 3,
        }
    }
}

impl ZonedArena {
    /// An arena of `columns` × `rows` zones.
    pub fn new(columns: u32, rows: u32) -> Self {
        Self { columns, rows }
    }

    /// A zone's (column, row), both from 0.
    pub fn zone_position(&self, zone: Zone) -> (u32, u32) {
        (zone.0 % self.columns, zone.0 / self.columns)
    }

    /// The zone at (column, row), both from 0, if it is in the arena.
    pub fn zone_at(&self, column: u32, row: u32) -> Option<Zone> {
        (column < self.columns && row < self.rows).then_some(Zone(row * self.columns + column))
    }

    /// Zones between two zones, counted across sides.
    pub fn zone_distance(&self, a: Zone, b: Zone) -> u32 {
        // The same zone (a melee attack, most range checks) needs no division.
        if a == b && self.columns != 0 {
            return 0;
        }
        let ((ca, ra), (cb, rb)) = (self.zone_position(a), self.zone_position(b));
        ca.abs_diff(cb) + ra.abs_diff(rb)
    }

    /// Whether two zones share a side.
    pub fn adjacent(&self, a: Zone, b: Zone) -> bool {
        self.zone_distance(a, b) == 1
    }

    /// Every zone, in number order.
    pub fn zones(&self) -> impl Iterator<Item = Zone> {
        (0..self.columns * self.rows).map(Zone)
    }

    /// The zones sharing a side with `zone`.
    pub fn neighbours(&self, zone: Zone) -> Vec<Zone> {
        self.zones().filter(|z| self.adjacent(zone, *z)).collect()
    }
}

impl Board for ZonedArena {
    type Position = Zone;
    type Distance = u32;

    fn parse_position(&self, text: &str) -> Result<Zone, BoardError> {
        column_row(text, self.columns, self.rows)
            .and_then(|(c, r)| self.zone_at(c, r))
            .ok_or_else(|| BoardError {
                text: text.to_string(),
                expected: format!(
                    "a zone A1 to {}",
                    column_row_name(self.columns - 1, self.rows - 1)
                ),
            })
    }

    fn position_name(&self, zone: &Zone) -> String {
        let (column, row) = self.zone_position(*zone);
        column_row_name(column, row)
    }

    fn distance(&self, a: &Zone, b: &Zone) -> Option<u32> {
        Some(self.zone_distance(*a, *b))
    }
}

/// A square of a [`SquareGrid`]: column and row from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square {
    /// Column from 0 (letter `A` in text).
    pub column: u32,
    /// Row from 0 (number 1 in text).
    pub row: u32,
}

/// A grid of squares named like `"C4"` (column letter, row from 1). Movement is orthogonal, so
/// the distance is in spaces counted orthogonally; ranged attacks count spaces in a straight
/// line ([`SquareGrid::straight_line`]). Summoner Wars: 6 columns × 8 rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareGrid {
    /// Number of columns (at most 26).
    pub width: u32,
    /// Number of rows.
    pub height: u32,
}

impl SquareGrid {
    /// A grid of `width` × `height` squares.
    pub fn new(width: u32, height: u32) -> Self {
        Self { width, height }
    }

    /// Whether two squares share a side.
    pub fn adjacent(&self, a: Square, b: Square) -> bool {
        a.column.abs_diff(b.column) + a.row.abs_diff(b.row) == 1
    }

    /// Spaces between two squares in the same row or column; `None` when they are not in a
    /// straight line.
    pub fn straight_line(&self, a: Square, b: Square) -> Option<u32> {
        if a.column == b.column {
            Some(a.row.abs_diff(b.row))
        } else if a.row == b.row {
            Some(a.column.abs_diff(b.column))
        } else {
            None
        }
    }
}

impl Board for SquareGrid {
    type Position = Square;
    type Distance = u32;

    fn parse_position(&self, text: &str) -> Result<Square, BoardError> {
        column_row(text, self.width, self.height)
            .map(|(column, row)| Square { column, row })
            .ok_or_else(|| BoardError {
                text: text.to_string(),
                expected: format!(
                    "a square A1 to {}",
                    column_row_name(self.width - 1, self.height - 1)
                ),
            })
    }

    fn position_name(&self, square: &Square) -> String {
        column_row_name(square.column, square.row)
    }

    fn distance(&self, a: &Square, b: &Square) -> Option<u32> {
        Some(a.column.abs_diff(b.column) + a.row.abs_diff(b.row))
    }
}

/// A place on an [`OpenTable`]: inches from the table's corner and a facing in degrees
/// (0 along +x, counter-clockwise).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TablePoint {
    /// Inches along x.
    pub x: f64,
    /// Inches along y.
    pub y: f64,
    /// Facing in degrees, in `0..360`.
    pub facing: f64,
}

impl fmt::Display for TablePoint {
    /// The text form [`OpenTable`] parses: `"x, y"`, with `" @ facing"` unless it is 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.facing == 0.0 {
            write!(f, "{}, {}", self.x, self.y)
        } else {
            write!(f, "{}, {} @ {}", self.x, self.y, self.facing)
        }
    }
}

impl serde::Serialize for TablePoint {
    /// As its text form, the one scenario files write.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// An open table top: positions in inches, Euclidean distance, facings. Text form:
/// `"x, y"` or `"x, y @ facing"` (e.g. `"3.5, 2 @ 90"`), with `x` and `y` within
/// [`MAX_TABLE_INCHES`] of the corner and the facing within one turn either way.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OpenTable;

/// How far from the table's corner a position may be, in inches either way. Mage Knight's
/// standard battlefield is 3' by 3' (36") and players may agree on another size; a thousand
/// inches (about 83 feet) is more than any table while keeping every distance and path far
/// from floating-point overflow.
pub const MAX_TABLE_INCHES: f64 = 1000.0;

impl OpenTable {
    /// The bearing from `from` to `to` in degrees (`0..360`, 0 along +x).
    pub fn bearing(&self, from: &TablePoint, to: &TablePoint) -> f64 {
        (to.y - from.y)
            .atan2(to.x - from.x)
            .to_degrees()
            .rem_euclid(360.0)
    }

    /// Whether `to` is within the arc of `arc` degrees centred on `from`'s facing.
    pub fn in_arc(&self, from: &TablePoint, to: &TablePoint, arc: f64) -> bool {
        let off = (self.bearing(from, to) - from.facing).rem_euclid(360.0);
        let off = off.min(360.0 - off);
        off <= arc / 2.0 + 1e-9
    }
}

impl Board for OpenTable {
    type Position = TablePoint;
    type Distance = f64;

    fn parse_position(&self, text: &str) -> Result<TablePoint, BoardError> {
        let error = || BoardError {
            text: text.to_string(),
            expected: format!(
                "inches \"x, y\" or \"x, y @ facing\", x and y from -{MAX_TABLE_INCHES} to \
                 {MAX_TABLE_INCHES}, the facing from -360 to 360 degrees"
            ),
        };
        let (place, facing) = match text.split_once('@') {
            Some((place, facing)) => (place, facing.trim().parse::<f64>().map_err(|_| error())?),
            None => (text, 0.0),
        };
        let (x, y) = place.split_once(',').ok_or_else(error)?;
        let x: f64 = x.trim().parse().map_err(|_| error())?;
        let y: f64 = y.trim().parse().map_err(|_| error())?;
        let on_table = |v: f64| (-MAX_TABLE_INCHES..=MAX_TABLE_INCHES).contains(&v);
        if !(on_table(x) && on_table(y) && (-360.0..=360.0).contains(&facing)) {
            return Err(error());
        }
        Ok(TablePoint {
            x,
            y,
            facing: facing.rem_euclid(360.0),
        })
    }

    fn position_name(&self, p: &TablePoint) -> String {
        p.to_string()
    }

    fn distance(&self, a: &TablePoint, b: &TablePoint) -> Option<f64> {
        Some(planar_length(a.x - b.x, a.y - b.y))
    }
}

/// The length of the vector (`dx`, `dy`) on a table: `sqrt(dx² + dy²)`. Table distances are
/// at most a few hundred inches, far from the overflow `f64::hypot` guards against at several
/// times the cost (it was a quarter of Mage Knight's random playouts); the two differ by an
/// ulp or so, far inside the slack every rule compares lengths with.
pub fn planar_length(dx: f64, dy: f64) -> f64 {
    (dx * dx + dy * dy).sqrt()
}

/// The shortest distance from `p` to the segment `a`-`b` on a table.
pub fn distance_to_segment(p: &TablePoint, a: &TablePoint, b: &TablePoint) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length2 = dx * dx + dy * dy;
    let t = if length2 == 0.0 {
        0.0
    } else {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / length2).clamp(0.0, 1.0)
    };
    planar_length(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

/// A zone of [`CardZones`]: a zone name's index, and its owner for per-player zones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardZone {
    /// Owner of a per-player zone; `None` for a shared zone.
    pub player: Option<PlayerId>,
    /// Index of the zone's name in [`CardZones::per_player`] or [`CardZones::shared`].
    pub zone: usize,
}

/// Named card zones, no distance (card games such as WoW TCG). Per-player zones are written
/// `"<player>:<zone>"` (`"1:hand"`), shared zones by name alone (`"chain"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardZones {
    /// Zones every player has (hand, deck, graveyard, play...).
    pub per_player: Vec<String>,
    /// Zones shared by all players.
    pub shared: Vec<String>,
}

impl CardZones {
    /// Card zones with these per-player and shared zone names.
    pub fn new(per_player: &[&str], shared: &[&str]) -> Self {
        Self {
            per_player: per_player.iter().map(|s| s.to_string()).collect(),
            shared: shared.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// The name of a zone (without its player).
    pub fn zone_name(&self, zone: &CardZone) -> &str {
        let names = if zone.player.is_some() {
            &self.per_player
        } else {
            &self.shared
        };
        names.get(zone.zone).map_or("?", String::as_str)
    }
}

impl Board for CardZones {
    type Position = CardZone;
    type Distance = u32;

    fn parse_position(&self, text: &str) -> Result<CardZone, BoardError> {
        let error = || BoardError {
            text: text.to_string(),
            expected: format!(
                "\"<player>:<zone>\" with zone one of {} or a shared zone among {}",
                self.per_player.join(", "),
                if self.shared.is_empty() {
                    "(none)".to_string()
                } else {
                    self.shared.join(", ")
                }
            ),
        };
        let text_trimmed = text.trim();
        match text_trimmed.split_once(':') {
            Some((player, zone)) => {
                let player: u8 = player.trim().parse().map_err(|_| error())?;
                let zone = self
                    .per_player
                    .iter()
                    .position(|z| z.eq_ignore_ascii_case(zone.trim()))
                    .ok_or_else(error)?;
                Ok(CardZone {
                    player: Some(PlayerId(player)),
                    zone,
                })
            }
            None => {
                let zone = self
                    .shared
                    .iter()
                    .position(|z| z.eq_ignore_ascii_case(text_trimmed))
                    .ok_or_else(error)?;
                Ok(CardZone { player: None, zone })
            }
        }
    }

    fn position_name(&self, zone: &CardZone) -> String {
        match zone.player {
            Some(player) => format!("{}:{}", player.0, self.zone_name(zone)),
            None => self.zone_name(zone).to_string(),
        }
    }

    fn distance(&self, _: &CardZone, _: &CardZone) -> Option<u32> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoned_arena_matches_mage_wars_zone_numbers() {
        let arena = ZonedArena::default();
        assert_eq!(arena.parse_position("A1"), Ok(Zone(0)));
        assert_eq!(arena.parse_position("b2"), Ok(Zone(5)));
        assert_eq!(arena.parse_position(" D3 "), Ok(Zone(11)));
        for bad in ["E1", "A4", "A0", "", "2B", "B"] {
            assert!(arena.parse_position(bad).is_err(), "{bad}");
        }
        assert_eq!(arena.position_name(&Zone(5)), "B2");
        for zone in arena.zones() {
            assert_eq!(arena.parse_position(&arena.position_name(&zone)), Ok(zone));
        }
        assert_eq!(arena.zone_position(Zone(6)), (2, 1));
        assert_eq!(arena.zone_at(3, 2), Some(Zone(11)));
        assert_eq!(arena.zone_at(4, 0), None);
    }

    #[test]
    fn zoned_arena_counts_zones_orthogonally() {
        let arena = ZonedArena::default();
        let zone = |t| arena.parse_position(t).unwrap();
        assert_eq!(arena.distance(&zone("A1"), &zone("A1")), Some(0));
        assert_eq!(arena.distance(&zone("A1"), &zone("B2")), Some(2));
        assert_eq!(arena.distance(&zone("A1"), &zone("D3")), Some(5));
        assert!(arena.adjacent(zone("B2"), zone("B1")));
        assert!(!arena.adjacent(zone("B2"), zone("C3")));
        assert_eq!(arena.neighbours(zone("A1")), vec![zone("B1"), zone("A2")]);
        let bad = arena.parse_position("E9").unwrap_err();
        assert_eq!(
            bad.to_string(),
            "bad position \"E9\": expected a zone A1 to D3"
        );
    }

    #[test]
    fn square_grid_distances() {
        let grid = SquareGrid::new(6, 8);
        let sq = |t| grid.parse_position(t).unwrap();
        assert_eq!(sq("C4"), Square { column: 2, row: 3 });
        assert_eq!(grid.position_name(&sq("F8")), "F8");
        assert!(grid.parse_position("G1").is_err());
        assert!(grid.parse_position("A9").is_err());
        assert_eq!(grid.distance(&sq("A1"), &sq("C3")), Some(4));
        assert_eq!(grid.straight_line(sq("A1"), sq("A4")), Some(3));
        assert_eq!(grid.straight_line(sq("A1"), sq("B2")), None);
        assert!(grid.adjacent(sq("A1"), sq("A2")));
        assert!(!grid.adjacent(sq("A1"), sq("B2")));
    }

    #[test]
    fn open_table_measures_inches_and_arcs() {
        let table = OpenTable;
        let a = table.parse_position("0, 0 @ 90").unwrap();
        let b = table.parse_position("3, 4").unwrap();
        assert_eq!(table.distance(&a, &b), Some(5.0));
        assert_eq!(table.position_name(&a), "0, 0 @ 90");
        assert_eq!(table.position_name(&b), "3, 4");
        assert_eq!(table.parse_position("1,2 @ -90").unwrap().facing, 270.0);
        assert!(table.parse_position("1").is_err());
        assert!(table.parse_position("x, 2").is_err());
        assert!(table.parse_position("inf, 2").is_err());
        for off_the_table in [
            "1e308, 2",
            "0, -1000.5",
            "NaN, 0",
            "0, 0 @ 1e300",
            "0, 0 @ -361",
        ] {
            let error = table
                .parse_position(off_the_table)
                .expect_err(off_the_table);
            assert!(error.to_string().contains("from -1000 to 1000"), "{error}");
        }
        assert!(table.parse_position("-1000, 1000 @ -360").is_ok());
        let ahead = table.parse_position("0, 5").unwrap();
        let behind = table.parse_position("0, -5").unwrap();
        assert!((table.bearing(&a, &ahead) - 90.0).abs() < 1e-9);
        assert!(table.in_arc(&a, &ahead, 90.0));
        assert!(!table.in_arc(&a, &behind, 180.0));
        assert!(table.in_arc(&a, &b, 180.0));
    }

    #[test]
    fn card_zones_have_owners_and_no_distance() {
        let zones = CardZones::new(&["hand", "deck", "play"], &["chain"]);
        let hand = zones.parse_position("1:hand").unwrap();
        assert_eq!(
            hand,
            CardZone {
                player: Some(PlayerId(1)),
                zone: 0
            }
        );
        assert_eq!(zones.position_name(&hand), "1:hand");
        let chain = zones.parse_position("Chain").unwrap();
        assert_eq!(zones.position_name(&chain), "chain");
        assert_eq!(zones.distance(&hand, &chain), None);
        assert!(zones.parse_position("1:library").is_err());
        assert!(zones.parse_position("x:hand").is_err());
        assert!(zones.parse_position("hand").is_err());
    }
}
