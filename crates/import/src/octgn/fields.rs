//! Parsers for the small value formats of OCTGN Mage Wars properties.

use super::model::{Defense, Range, SchoolLevel};

/// Why `text` is no number: a whole number too large for any card value, or no number at all.
pub fn why_not_a_number(text: &str) -> String {
    let digits = text.trim().trim_start_matches(['+', '-']);
    if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
        format!(
            "`{text}` is out of range: a card value is at most {}",
            i64::MAX
        )
    } else {
        format!("`{text}` is not a number")
    }
}

/// A mana amount printed as a number, `X` or `2X`: fixed part and amount per point of X.
pub fn parse_mana(text: &str) -> Option<(i64, i64)> {
    let text = text.trim();
    if let Some(multiplier) = text.strip_suffix('X') {
        let per_x = if multiplier.is_empty() {
            1
        } else {
            multiplier.parse().ok()?
        };
        return Some((0, per_x));
    }
    text.parse().ok().map(|fixed| (fixed, 0))
}

/// A range such as `0-2` (a spell's) or `(0,2)` (an attack's).
pub fn parse_range(text: &str) -> Option<Range> {
    let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (min, max) = inner.split_once('-').or_else(|| inner.split_once(','))?;
    let range = Range {
        min: min.trim().parse().ok()?,
        max: max.trim().parse().ok()?,
    };
    (range.min <= range.max).then_some(range)
}

/// Schools and levels such as `Dark+Fire` with `2+1` (all schools) or `Arcane/Nature` with
/// `1/1` (one of them). Returns the schools and whether the choice rule is "any".
///
/// A spell of any one of several schools has one level whatever the school, so a shorter level
/// list whose levels are all equal gives every school that level (`Fire/Air/Water` with `2/2`).
pub fn parse_schools(school: &str, level: &str) -> Result<(Vec<SchoolLevel>, bool), String> {
    let any = school.contains('/');
    let separator = if any { '/' } else { '+' };
    let schools: Vec<&str> = school.split(separator).map(str::trim).collect();
    let mut levels: Vec<&str> = level.split(['+', '/']).map(str::trim).collect();
    let one_level = levels
        .first()
        .filter(|first| levels.iter().all(|l| l == *first));
    if let (true, Some(&shared)) = (any && levels.len() < schools.len(), one_level) {
        levels = vec![shared; schools.len()];
    }
    if schools.len() != levels.len() {
        return Err(format!(
            "{} schools but {} levels (`{school}` / `{level}`)",
            schools.len(),
            levels.len()
        ));
    }
    let mut out = Vec::with_capacity(schools.len());
    for (school, level) in schools.iter().zip(&levels) {
        let level = level
            .parse()
            .map_err(|_| format!("level `{level}` is not a number"))?;
        if school.is_empty() {
            return Err("empty school name".to_owned());
        }
        out.push(SchoolLevel {
            school: (*school).to_owned(),
            level,
        });
    }
    Ok((out, any))
}

/// A defense such as `8+ 1x`, `6+ inf`, `8+ 1x No Ranged` (optionally prefixed `Defense=`).
pub fn parse_defense(text: &str) -> Option<Defense> {
    let text = text.trim().trim_start_matches("Defense=");
    let mut words = text.split_whitespace();
    let roll = words.next()?.strip_suffix('+')?.parse().ok()?;
    let uses_word = words.next()?;
    let uses = match uses_word {
        "inf" => None,
        other => Some(other.strip_suffix('x')?.parse().ok()?),
    };
    let rest: Vec<&str> = words.collect();
    let no_ranged = match rest.as_slice() {
        [] => false,
        ["No", "Ranged"] => true,
        _ => return None,
    };
    Some(Defense {
        roll,
        uses,
        no_ranged,
    })
}

/// Spellings of one equipment location that the data uses besides the schema's.
const SLOT_SPELLINGS: [(&str, &str); 2] = [("Chest", "Chest Piece"), ("Chestpiece", "Chest Piece")];

/// An equipment location as the data writes it, in the schema's spelling.
pub fn parse_slot(text: &str) -> Option<String> {
    let text = text.trim();
    if let Some((_, schema)) = SLOT_SPELLINGS.iter().find(|(data, _)| *data == text) {
        return Some((*schema).to_owned());
    }
    if let Some((first, second)) = text.split_once('/') {
        return Some(format!("{} or {}", first.trim(), second.trim()));
    }
    if let Some((first, second)) = text.split_once('+') {
        return Some(format!("{} and {}", first.trim(), second.trim()));
    }
    (!text.is_empty()).then(|| text.to_owned())
}

/// A comma-separated list, trimmed, blanks dropped.
pub fn split_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::to_owned)
        .collect()
}

/// `Key=Value, Key=Value` pairs such as the `Stats` property.
pub fn parse_pairs(text: &str) -> Vec<(String, String)> {
    text.split(',')
        .filter_map(|pair| pair.split_once('='))
        .map(|(key, value)| (key.trim().to_owned(), value.trim().to_owned()))
        .collect()
}

/// How a trait-like text reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TraitText {
    /// A keyword in canonical form, such as `+2 vs Nonliving OR Dark Creatures`.
    Keyword(String),
    /// A sentence of rules text: behaviour for a native handler, never copied.
    Prose,
}

/// Words that may appear in lower case inside a keyword.
const KEYWORD_CONNECTORS: [&str; 4] = ["vs", "vs.", "or", "of"];

/// Misspellings found in the OCTGN data, with the word the cards print. Each is a typo of a
/// word the same data spells correctly elsewhere.
pub const MISSPELLINGS: [(&str, &str); 4] = [
    ("Disspiate", "Dissipate"),
    ("Retribition", "Retribution"),
    ("Mage Cast", "Magecast"),
    ("Vs.", "vs"),
];

/// `text` with the misspellings of [`MISSPELLINGS`] corrected, and whether any was.
pub fn correct_spelling(text: &str) -> (String, bool) {
    let mut corrected = text.to_owned();
    for (wrong, right) in MISSPELLINGS {
        corrected = corrected.replace(wrong, right);
    }
    let changed = corrected != text;
    (corrected, changed)
}

/// Splits a word glued to a signed number (`Tough-3`, `Bloodthirsty+1`) into the keyword form
/// `Tough -3`; signs that open a word (`+2 vs ...`, `-X`) are left alone.
fn space_glued_sign(word: &str) -> String {
    match word.find(['+', '-']) {
        Some(at)
            if at > 0
                && word[..at].chars().all(char::is_alphabetic)
                && !word[at + 1..].is_empty()
                && word[at + 1..]
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == 'X') =>
        {
            format!("{} {}", &word[..at], &word[at..])
        }
        _ => word.to_owned(),
    }
}

/// Classifies one trait text and writes keywords canonically: no trailing period, `vs.` as
/// `vs`, alternatives joined by ` OR `, `LOS` as `LoS`.
pub fn canonical_trait(text: &str) -> TraitText {
    let (text, _) = correct_spelling(text.trim().trim_end_matches('.').trim());
    let spaced: Vec<String> = text.split_whitespace().map(space_glued_sign).collect();
    let spaced = spaced.join(" ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let keyword_like = !words.is_empty()
        && words.len() <= 6
        && words.iter().all(|word| {
            let first = word.chars().next().unwrap_or(' ');
            first.is_uppercase()
                || first.is_ascii_digit()
                || matches!(first, '+' | '-')
                || KEYWORD_CONNECTORS.contains(word)
        });
    if !keyword_like {
        return TraitText::Prose;
    }
    let canonical: Vec<&str> = words
        .iter()
        .map(|word| match *word {
            "vs." => "vs",
            "or" => "OR",
            "LOS" => "LoS",
            other => other,
        })
        .collect();
    TraitText::Keyword(canonical.join(" "))
}

/// A handler name for a card or attack: lower snake case of its name, apostrophes dropped.
pub fn handler_name(name: &str) -> String {
    use heck::ToSnakeCase;
    name.replace(['\'', '"'], "").to_snake_case()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mana_forms() {
        assert_eq!(parse_mana("8"), Some((8, 0)));
        assert_eq!(parse_mana("X"), Some((0, 1)));
        assert_eq!(parse_mana("2X"), Some((0, 2)));
        assert_eq!(parse_mana("two"), None);
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("0-2"), Some(Range { min: 0, max: 2 }));
        assert_eq!(parse_range("(1,2)"), Some(Range { min: 1, max: 2 }));
        assert_eq!(parse_range("2-1"), None);
    }

    #[test]
    fn multi_school_forms() {
        let (schools, any) = parse_schools("Dark+Fire", "2+1").expect("valid");
        assert!(!any);
        assert_eq!(
            schools[1],
            SchoolLevel {
                school: "Fire".into(),
                level: 1
            }
        );
        let (schools, any) = parse_schools("Arcane/Nature", "1/1").expect("valid");
        assert!(any);
        assert_eq!(schools.len(), 2);
        assert!(parse_schools("Dark+Fire", "2").is_err());
        let (schools, any) = parse_schools("Fire/Air/Water", "2/2").expect("one level for any");
        assert!(any);
        assert_eq!(schools.len(), 3);
        assert!(schools.iter().all(|s| s.level == 2));
        assert!(parse_schools("Fire/Air/Water", "2/3").is_err());
    }

    #[test]
    fn defenses() {
        assert_eq!(
            parse_defense("8+ 1x"),
            Some(Defense {
                roll: 8,
                uses: Some(1),
                no_ranged: false
            })
        );
        assert_eq!(
            parse_defense("6+ inf"),
            Some(Defense {
                roll: 6,
                uses: None,
                no_ranged: false
            })
        );
        assert_eq!(
            parse_defense("Defense=7+ 1x No Ranged"),
            Some(Defense {
                roll: 7,
                uses: Some(1),
                no_ranged: true
            })
        );
        assert_eq!(parse_defense("often"), None);
    }

    #[test]
    fn slots() {
        assert_eq!(
            parse_slot("Weapon/Shield").as_deref(),
            Some("Weapon or Shield")
        );
        assert_eq!(
            parse_slot("Weapon+Shield").as_deref(),
            Some("Weapon and Shield")
        );
        assert_eq!(parse_slot("Chest Piece").as_deref(), Some("Chest Piece"));
        assert_eq!(parse_slot("Chestpiece").as_deref(), Some("Chest Piece"));
    }

    #[test]
    fn traits_are_canonical_or_prose() {
        let keyword = |text: &str| TraitText::Keyword(text.to_owned());
        assert_eq!(
            canonical_trait("+2 vs. Nonliving Creatures"),
            keyword("+2 vs Nonliving Creatures")
        );
        assert_eq!(
            canonical_trait("+1 vs. Nonliving or Dark Creatures"),
            keyword("+1 vs Nonliving OR Dark Creatures")
        );
        assert_eq!(canonical_trait(" Flame -2."), keyword("Flame -2"));
        assert_eq!(canonical_trait("Blocks LOS"), keyword("Blocks LoS"));
        assert_eq!(canonical_trait("Tough-3"), keyword("Tough -3"));
        assert_eq!(
            canonical_trait("Bloodthirsty+1"),
            keyword("Bloodthirsty +1")
        );
        assert_eq!(canonical_trait("Armor -X"), keyword("Armor -X"));
        assert_eq!(canonical_trait("Disspiate 1"), keyword("Dissipate 1"));
        assert_eq!(
            canonical_trait("+2 Vs. Nonliving Creatures"),
            keyword("+2 vs Nonliving Creatures")
        );
        assert_eq!(canonical_trait("Once per round"), TraitText::Prose);
        assert_eq!(
            canonical_trait("you may remove up to 2 damage"),
            TraitText::Prose
        );
    }

    #[test]
    fn handler_names() {
        assert_eq!(handler_name("Wizard's Tower"), "wizards_tower");
        assert_eq!(
            handler_name("Mohktari, Great Tree of Life"),
            "mohktari_great_tree_of_life"
        );
    }
}
