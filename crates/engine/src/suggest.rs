//! "Did you mean": the known names closest to a name nobody knows.
//!
//! The one suggestion rule of every command and game (card, attack, object, phase, warrior,
//! deck and scenario names). Case is ignored; a known name is suggested when it is within a
//! third of the typed name's length in edits (at least one; a swap of two neighbours counts as
//! one), or when one name contains the other (`Bear` → `Black Bear`). The work is bounded: a
//! typed name longer than [`MAX_TYPED_CHARS`] gets no suggestion (nobody mistypes a name that
//! long, and the edit distance would cost its length times every candidate's).

/// Typed names longer than this (in characters) get no suggestion.
pub const MAX_TYPED_CHARS: usize = 200;

/// The candidates close enough to `typed` to be a likely typo, best first (ties by name),
/// with their score (lower is closer).
fn scored<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<(usize, &'a str)> {
    let typed = typed.trim().to_lowercase();
    let length = typed.chars().count();
    if typed.is_empty() || length > MAX_TYPED_CHARS {
        return Vec::new();
    }
    let budget = (length / 3).max(1);
    let mut close: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|candidate| {
            let lower = candidate.to_lowercase();
            let contained = lower.contains(&typed) || typed.contains(&lower);
            // Names whose lengths differ by more than the budget cannot be within it.
            let apart = lower.chars().count().abs_diff(length);
            if apart > budget && !contained {
                return None;
            }
            let distance = strsim::osa_distance(&typed, &lower);
            let score = if distance <= budget {
                distance
            } else if contained {
                budget + distance
            } else {
                return None;
            };
            Some((score, candidate))
        })
        .collect();
    close.sort_unstable();
    close
}

/// The value of the known name equal to `typed` ignoring case (ASCII and Unicode lower case):
/// how every command and game matches the names a player types.
pub fn find_ignoring_case<'a, T>(
    typed: &str,
    known: impl IntoIterator<Item = (&'a str, T)>,
) -> Option<T> {
    let typed = typed.trim();
    let lower = typed.to_lowercase();
    let mut folded = None;
    for (name, value) in known {
        if name == typed {
            return Some(value);
        }
        if folded.is_none() && name.to_lowercase() == lower {
            folded = Some(value);
        }
    }
    folded
}

/// The candidate closest to `typed`, if one is close enough to be a likely typo.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    scored(typed, candidates).first().map(|&(_, name)| name)
}

/// Up to `n` candidates close to `typed`, closest first.
pub fn ranked<'a>(
    typed: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    n: usize,
) -> Vec<&'a str> {
    let mut names: Vec<&str> = scored(typed, candidates)
        .into_iter()
        .map(|(_, name)| name)
        .collect();
    names.dedup();
    names.truncate(n);
    names
}

/// ` (did you mean "X"?)` when a candidate is close, else the empty string: ready to append
/// to an error message.
pub fn did_you_mean<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(typed, candidates)
        .map(|name| format!(" (did you mean {name:?}?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_and_parts_find_their_name() {
        let names = ["Black Bear", "Bitterwood Fox", "Goblin Builder"];
        assert_eq!(closest("blak bear", names), Some("Black Bear"));
        assert_eq!(closest("Bear", names), Some("Black Bear"));
        assert_eq!(closest("Zombie Titan", names), None);
        assert_eq!(
            did_you_mean("Bitterwod Fox", names),
            " (did you mean \"Bitterwood Fox\"?)"
        );
        assert_eq!(did_you_mean("", names), "");
    }

    #[test]
    fn names_match_ignoring_case_and_exact_wins() {
        let known = [("Black Bear", 1), ("black bear", 2), ("Fox", 3)];
        assert_eq!(find_ignoring_case("black bear", known), Some(2));
        assert_eq!(find_ignoring_case("BLACK BEAR", known), Some(1));
        assert_eq!(find_ignoring_case(" fox ", known), Some(3));
        assert_eq!(find_ignoring_case("wolf", known), None);
    }

    #[test]
    fn ranked_lists_the_close_names_best_first() {
        let names = ["Cave Archer", "Cave Archers", "Elf Archer", "Orc Raider"];
        assert_eq!(
            ranked("cave archr", names, 3),
            vec!["Cave Archer", "Cave Archers"]
        );
        assert_eq!(ranked("cave archr", names, 1), vec!["Cave Archer"]);
    }

    #[test]
    fn very_long_names_get_no_suggestion_and_cost_nothing() {
        let long = "a".repeat(1_000_000);
        let names = ["a", "aa"];
        assert_eq!(closest(&long, names), None);
    }
}
