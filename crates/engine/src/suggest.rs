//! "Did you mean": the known name closest to a name nobody knows.
//!
//! Used for card, attack, object and phase names a player typed. Case is ignored; a known
//! name is suggested when it is within a third of the typed name's length in edits (a swap
//! of two neighbours counts as one), or when
//! one name contains the other (`Bear` → `Black Bear`).

/// The candidate closest to `typed`, if one is close enough to be a likely typo.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.trim().to_lowercase();
    if typed.is_empty() {
        return None;
    }
    let budget = (typed.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter_map(|candidate| {
            let lower = candidate.to_lowercase();
            let distance = strsim::osa_distance(&typed, &lower);
            let contained = lower.contains(&typed) || typed.contains(&lower);
            let score = if distance <= budget {
                distance
            } else if contained {
                budget + distance
            } else {
                return None;
            };
            Some((score, candidate))
        })
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, candidate)| candidate)
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
}
