//! The hostile-number check every game's scenario tests run: a numeric key written with an
//! extreme value must either run or fail where it is written, never panic, hang or fail
//! somewhere else.

use super::{run_scenario, ScenarioGame};

/// The numbers a hostile scenario writes to probe a numeric key: zero, minus one, just past
/// `i32` and `u32`, both ends of `i64` and one past it, and the floats TOML reads.
pub const EXTREME_NUMBERS: [&str; 10] = [
    "0",
    "-1",
    "2147483648",
    "4294967295",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "1e308",
    "nan",
    "-inf",
];

/// Runs `template` with its one `VALUE` replaced by each of [`EXTREME_NUMBERS`] and returns a
/// message for every failure located neither on the value's line nor on the header (`[[...]]`)
/// of the entry holding it. An empty result means every value ran or was refused where it is
/// written; a panic propagates to the caller.
///
/// # Panics
/// When `template` has no `VALUE`.
pub fn failures_away_from_the_value<G: ScenarioGame>(game: &G, template: &str) -> Vec<String> {
    let value_line = template
        .lines()
        .position(|line| line.contains("VALUE"))
        .expect("the template has a VALUE")
        + 1;
    let entry_line = template
        .lines()
        .take(value_line)
        .collect::<Vec<_>>()
        .iter()
        .rposition(|line| line.starts_with("[["))
        .map_or(value_line, |index| index + 1);
    let mut away = Vec::new();
    for value in EXTREME_NUMBERS {
        let text = template.replace("VALUE", value);
        for failure in run_scenario(game, &text).failures {
            if failure.line != value_line && failure.line != entry_line {
                away.push(format!(
                    "{value}: a failure away from the value (line {value_line}): {failure}\n{text}"
                ));
            }
        }
    }
    away
}
