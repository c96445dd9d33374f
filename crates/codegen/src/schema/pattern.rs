//! Regular expressions matching the text of codex references, built from templates.

use grimoire_compiler::ir::{Entry, Game, TemplatePart, Type};

/// Escapes the characters every regex dialect treats specially.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        if "\\.+*?()|[]{}^$".contains(character) {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped
}

/// An anchored pattern matching every text the entry's template accepts.
pub(crate) fn entry_pattern(game: &Game, entry: &Entry) -> String {
    let mut pattern = String::from("^");
    let mut previous_literal = "";
    for part in &entry.template.parts {
        match part {
            TemplatePart::Literal(text) => {
                pattern.push_str(&escape(text));
                previous_literal = text;
            }
            TemplatePart::Slot(index) => {
                let signed = previous_literal.ends_with(['+', '-']);
                pattern.push_str(&slot_pattern(game, &entry.params[*index].ty, signed));
            }
        }
    }
    pattern.push('$');
    pattern
}

fn slot_pattern(game: &Game, ty: &Type, signed_by_template: bool) -> String {
    match ty {
        // The template writes the sign: the digits are the value.
        Type::Int { min, max } if signed_by_template => {
            number_pattern((*min).max(0), *max).unwrap_or_else(|| "[^\\s\\S]".to_string())
        }
        Type::Int { min, max } => {
            let mut alternatives = Vec::new();
            if *min < 0 {
                let magnitudes = number_pattern(1.max(-(*max).min(0)), -*min);
                alternatives.extend(magnitudes.map(|m| format!("-{m}")));
            }
            if let Some(positive) = number_pattern((*min).max(0), *max) {
                alternatives.push(format!("\\+?{positive}"));
            }
            match alternatives.as_slice() {
                [] => "[^\\s\\S]".to_string(),
                [one] => one.clone(),
                _ => format!("(?:{})", alternatives.join("|")),
            }
        }
        Type::Bool => "(?:true|false)".to_string(),
        Type::Enum { index } => {
            let mut names: Vec<&str> = game.enums[*index]
                .variants
                .iter()
                .map(|v| v.name.as_str())
                .collect();
            names.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
            let alternatives: Vec<String> = names.iter().map(|name| escape(name)).collect();
            format!("(?:{})", alternatives.join("|"))
        }
        Type::List { item } => {
            let item = match item.as_ref() {
                Type::List { item: words } => {
                    let word = slot_pattern(game, words, signed_by_template);
                    let separator = escape(grimoire_model::WORD_SEPARATOR);
                    format!("(?:{word})(?:{separator}(?:{word}))*")
                }
                _ => slot_pattern(game, item, signed_by_template),
            };
            let separator = escape(grimoire_model::LIST_SLOT_SEPARATOR);
            format!("(?:{item})(?:{separator}(?:{item}))*")
        }
        Type::Option { item } => format!("(?:{})?", slot_pattern(game, item, signed_by_template)),
        Type::Handler => "[a-z][a-z0-9_]*".to_string(),
        Type::String
        | Type::Text
        | Type::Record { .. }
        | Type::Union { .. }
        | Type::Codex { .. } => ".+?".to_string(),
    }
}

/// A group matching the decimal numbers `low..=high` (no leading zeros), `None` when the
/// range is empty.
fn number_pattern(low: i64, high: i64) -> Option<String> {
    if low > high || high < 0 {
        return None;
    }
    let mut alternatives = Vec::new();
    let mut start = low.max(0);
    // One sub-range per number of digits.
    while start <= high {
        let digits = start.to_string().len() as u32;
        let top = (10_i64.saturating_pow(digits) - 1).min(high);
        same_length(&start.to_string(), &top.to_string(), &mut alternatives);
        start = top + 1;
    }
    Some(format!("(?:{})", alternatives.join("|")))
}

/// Patterns for the numbers between two digit strings of the same length.
fn same_length(low: &str, high: &str, out: &mut Vec<String>) {
    let (l, h) = (low.as_bytes(), high.as_bytes());
    if l.len() == 1 {
        out.push(digit_class(l[0], h[0]));
        return;
    }
    let rest = l.len() - 1;
    if l[0] == h[0] {
        let mut inner = Vec::new();
        same_length(&low[1..], &high[1..], &mut inner);
        let first = char::from(l[0]);
        out.extend(inner.into_iter().map(|tail| format!("{first}{tail}")));
        return;
    }
    let nines = "9".repeat(rest);
    let zeros = "0".repeat(rest);
    // low .. first digit of low followed by nines
    let mut inner = Vec::new();
    same_length(&low[1..], &nines, &mut inner);
    out.extend(
        inner
            .into_iter()
            .map(|tail| format!("{}{tail}", char::from(l[0]))),
    );
    // whole decades in between
    if h[0] > l[0] + 1 {
        out.push(format!(
            "{}[0-9]{{{rest}}}",
            digit_class(l[0] + 1, h[0] - 1)
        ));
    }
    // first digit of high followed by zeros .. high
    let mut inner = Vec::new();
    same_length(&zeros, &high[1..], &mut inner);
    out.extend(
        inner
            .into_iter()
            .map(|tail| format!("{}{tail}", char::from(h[0]))),
    );
}

fn digit_class(low: u8, high: u8) -> String {
    if low == high {
        char::from(low).to_string()
    } else {
        format!("[{}-{}]", char::from(low), char::from(high))
    }
}

#[cfg(test)]
mod tests {
    use super::escape;
    use super::number_pattern;

    fn matches(pattern: &str, text: &str) -> bool {
        // A tiny check through the anchored pattern: try every number as text.
        let regex = format!("^{pattern}$");
        regex_lite_match(&regex, text)
    }

    /// Matches with the JSON Schema validator the tests already use for schemas would be
    /// heavier; alternatives here are plain, so expand them by brute force instead.
    fn regex_lite_match(regex: &str, text: &str) -> bool {
        expand(&regex[1..regex.len() - 1]).contains(&text.to_string())
    }

    /// Every string an alternation of digit classes, literals and `[0-9]{n}` produces.
    fn expand(pattern: &str) -> Vec<String> {
        let inner = pattern
            .strip_prefix("(?:")
            .and_then(|p| p.strip_suffix(')'))
            .unwrap_or(pattern);
        inner.split('|').flat_map(expand_sequence).collect()
    }

    fn expand_sequence(sequence: &str) -> Vec<String> {
        let mut results = vec![String::new()];
        let bytes = sequence.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let choices: Vec<char> = if bytes[i] == b'[' {
                let (low, high) = (bytes[i + 1], bytes[i + 3]);
                i += 5;
                let mut repeat = 1;
                if bytes.get(i) == Some(&b'{') {
                    let close = sequence[i..].find('}').expect("}") + i;
                    repeat = sequence[i + 1..close].parse().expect("count");
                    i = close + 1;
                }
                let set: Vec<char> = (low..=high).map(char::from).collect();
                for _ in 1..repeat {
                    results = results
                        .iter()
                        .flat_map(|r| set.iter().map(move |c| format!("{r}{c}")))
                        .collect();
                }
                set
            } else {
                i += 1;
                vec![char::from(bytes[i - 1])]
            };
            results = results
                .iter()
                .flat_map(|r| choices.iter().map(move |c| format!("{r}{c}")))
                .collect();
        }
        results
    }

    #[test]
    fn number_patterns_match_exactly_their_range() {
        for (low, high) in [
            (0, 9),
            (1, 10),
            (1, 3),
            (5, 250),
            (0, 1000),
            (37, 37),
            (19, 201),
        ] {
            let pattern = number_pattern(low, high).expect("a range");
            for n in 0..1200 {
                assert_eq!(
                    matches(&pattern, &n.to_string()),
                    (low..=high).contains(&n),
                    "{n} against {low}..={high}: {pattern}"
                );
            }
        }
        assert_eq!(number_pattern(3, 2), None);
    }

    #[test]
    fn escapes_regex_metacharacters_only() {
        assert_eq!(escape("Pet (1) +x"), "Pet \\(1\\) \\+x");
        assert_eq!(escape("Flying/Nonliving"), "Flying/Nonliving");
    }
}
