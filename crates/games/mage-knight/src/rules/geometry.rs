//! Table geometry in inches: round bases, base contact, front and rear arcs, range and line of
//! fire, on the engine's [`OpenTable`].
//!
//! Every base is a circle of [`content::BASE_DIAMETER_HUNDREDTHS`] (the rules give no size; see
//! `docs/decisions.md`). A warrior's front arc is the part of its base within half its front-arc
//! angle either side of its facing; the rest of the base is its rear arc (the rules name only
//! these two portions). Contact and arcs are judged at the point where two bases touch, which
//! lies on the line between their centre dots; a line of fire is the segment between centre
//! dots, so it leaves the attacker and enters the target on the same line.

use grimoire_engine::board::distance_to_segment;
use grimoire_engine::{Board, OpenTable, TablePoint};

use super::content;

/// How far apart two bases may be and still count as touching (measuring slack, inches).
pub const CONTACT_SLACK: f64 = 0.01;
/// Slack for comparisons of lengths against ranges and speeds (inches).
pub const LENGTH_SLACK: f64 = 1e-9;

/// The radius of a base in inches.
pub fn base_radius() -> f64 {
    f64::from(content::BASE_DIAMETER_HUNDREDTHS) / 200.0
}

/// The distance between two centre dots (horizontal only, as the rules measure).
pub fn distance(a: &TablePoint, b: &TablePoint) -> f64 {
    OpenTable.distance(a, b).unwrap_or(f64::INFINITY)
}

/// Whether two bases touch.
pub fn in_contact(a: &TablePoint, b: &TablePoint) -> bool {
    within(a, b, 2.0 * base_radius() + CONTACT_SLACK)
}

/// Whether two bases would overlap (closer than touching).
pub fn overlaps(a: &TablePoint, b: &TablePoint) -> bool {
    let reach = 2.0 * base_radius();
    !beyond(a, b, reach) && distance(a, b) < reach - CONTACT_SLACK
}

/// Whether `a` and `b` are at most `reach` apart ([`distance`] `<= reach`).
fn within(a: &TablePoint, b: &TablePoint, reach: f64) -> bool {
    !beyond(a, b, reach + CONTACT_SLACK) && distance(a, b) <= reach
}

/// Whether `a` and `b` are certainly farther apart than `reach`: their squared distance is at
/// least `reach` squared, so no square root is taken for points far apart. Callers compare the
/// distance against a length at least [`CONTACT_SLACK`] inside `reach`, far beyond rounding.
fn beyond(a: &TablePoint, b: &TablePoint, reach: f64) -> bool {
    let (dx, dy) = (a.x - b.x, a.y - b.y);
    dx * dx + dy * dy >= reach * reach
}

/// Whether the direction from `from` toward `to` leaves `from`'s base through its front arc of
/// `arc` degrees.
pub fn through_front_arc(from: &TablePoint, to: &TablePoint, arc: f64) -> bool {
    arc >= 360.0 || OpenTable.in_arc(from, to, arc)
}

/// Whether the direction toward `toward` enters `target`'s base through its rear arc (a target
/// with a 360-degree front arc has no rear arc).
pub fn through_rear_arc(target: &TablePoint, toward: &TablePoint, target_arc: f64) -> bool {
    !through_front_arc(target, toward, target_arc)
}

/// Whether the line of fire from `a` to `b` crosses a base centred at `other` (touching its edge
/// is not crossing it).
pub fn crosses_base(a: &TablePoint, b: &TablePoint, other: &TablePoint) -> bool {
    // A centre more than a radius outside the box around the segment is farther than that
    // from it: no need to measure (the slack keeps the answer the measure's).
    let r = base_radius();
    if other.x < a.x.min(b.x) - r
        || other.x > a.x.max(b.x) + r
        || other.y < a.y.min(b.y) - r
        || other.y > a.y.max(b.y) + r
    {
        return false;
    }
    distance_to_segment(other, a, b) < r - CONTACT_SLACK
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64, facing: f64) -> TablePoint {
        TablePoint { x, y, facing }
    }

    #[test]
    fn bases_touch_at_one_diameter() {
        let d = 2.0 * base_radius();
        assert!(in_contact(&at(0.0, 0.0, 0.0), &at(d, 0.0, 0.0)));
        assert!(!in_contact(&at(0.0, 0.0, 0.0), &at(d + 0.1, 0.0, 0.0)));
        assert!(overlaps(&at(0.0, 0.0, 0.0), &at(d / 2.0, 0.0, 0.0)));
    }

    #[test]
    fn arcs_split_the_base_in_two() {
        let me = at(0.0, 0.0, 0.0);
        assert!(through_front_arc(&me, &at(1.0, 0.9, 0.0), 90.0));
        assert!(!through_front_arc(&me, &at(1.0, 1.1, 0.0), 90.0));
        assert!(through_rear_arc(&me, &at(-1.0, 0.0, 0.0), 180.0));
        assert!(!through_rear_arc(&me, &at(-1.0, 0.0, 0.0), 360.0));
    }

    #[test]
    fn a_base_on_the_line_blocks_it() {
        let (a, b) = (at(0.0, 0.0, 0.0), at(10.0, 0.0, 0.0));
        assert!(crosses_base(&a, &b, &at(5.0, 0.5, 0.0)));
        assert!(!crosses_base(&a, &b, &at(5.0, base_radius() + 0.05, 0.0)));
    }
}
