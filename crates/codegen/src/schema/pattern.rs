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
        Type::Int { .. } if signed_by_template => "[0-9]+".to_string(),
        Type::Int { .. } => "[+-]?[0-9]+".to_string(),
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
        Type::String | Type::Text | Type::Record { .. } | Type::Codex { .. } => ".+?".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_regex_metacharacters_only() {
        assert_eq!(escape("Pet (1) +x"), "Pet \\(1\\) \\+x");
        assert_eq!(escape("Flying/Nonliving"), "Flying/Nonliving");
    }
}
