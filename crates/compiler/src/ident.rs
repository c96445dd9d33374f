//! Rust identifiers derived from content names, and the checks on them.

use std::collections::HashMap;
use std::ops::Range;

use heck::{ToSnakeCase, ToUpperCamelCase};

use crate::diagnostic::{codes, FileId, Sink};

/// Strict and reserved Rust keywords (2021 edition), plus `gen` (2024).
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// True for a Rust keyword.
pub(crate) fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// The UpperCamelCase identifier for a content name: apostrophes are dropped (`Knight's` →
/// `Knights`), a leading digit gets an `N` prefix (`1st Strike` → `N1stStrike`). Empty when the
/// name has no letter or digit.
pub(crate) fn upper_camel(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !matches!(c, '\'' | '\u{2019}'))
        .collect();
    let camel = cleaned.to_upper_camel_case();
    if camel.starts_with(|c: char| c.is_ascii_digit()) {
        format!("N{camel}")
    } else {
        camel
    }
}

/// True when `name` is already snake_case.
pub(crate) fn is_snake_case(name: &str) -> bool {
    !name.is_empty()
        && name.to_snake_case() == name
        && !name.starts_with(|c: char| c.is_ascii_digit())
}

/// Checks a snake_case name written in content (a field, a parameter, a handler).
pub(crate) fn check_snake(
    name: &str,
    what: &str,
    file: FileId,
    span: Range<usize>,
    sink: &mut Sink,
) -> bool {
    if is_keyword(name) {
        sink.error(
            codes::RUST_KEYWORD,
            file,
            span,
            format!("{what} `{name}` is a Rust keyword"),
        )
        .help("rename it, e.g. with a suffix");
        return false;
    }
    if !is_snake_case(name) {
        sink.error(
            codes::BAD_NAME,
            file,
            span,
            format!("{what} `{name}` is not snake_case"),
        )
        .help(format!("write `{}`", name.to_snake_case()));
        return false;
    }
    true
}

/// Checks a derived UpperCamelCase identifier: not empty, not a keyword.
pub(crate) fn check_camel(
    ident: &str,
    name: &str,
    what: &str,
    file: FileId,
    span: Range<usize>,
    sink: &mut Sink,
) -> bool {
    if ident.is_empty() {
        sink.error(
            codes::BAD_NAME,
            file,
            span,
            format!("{what} `{name}` has no letter or digit to make an identifier"),
        );
        return false;
    }
    if is_keyword(ident) {
        sink.error(
            codes::RUST_KEYWORD,
            file,
            span,
            format!("{what} `{name}` becomes the Rust keyword `{ident}`"),
        );
        return false;
    }
    true
}

/// Detects names that become the same identifier within one namespace.
#[derive(Debug, Default)]
pub(crate) struct Namespace<'a> {
    seen: HashMap<String, (&'a str, FileId, Range<usize>)>,
}

impl<'a> Namespace<'a> {
    /// Registers `ident` for `name`; reports a collision with an earlier different name.
    pub(crate) fn claim(
        &mut self,
        ident: &str,
        name: &'a str,
        what: &str,
        file: FileId,
        span: Range<usize>,
        sink: &mut Sink,
    ) {
        match self.seen.get(ident) {
            Some((other, other_file, other_span)) if *other != name => {
                let error = sink.error(
                    codes::IDENT_COLLISION,
                    file,
                    span,
                    format!("{what} `{name}` and `{other}` both become the identifier `{ident}`"),
                );
                if *other_file == file {
                    error.label(other_span.clone(), format!("`{other}` is here"));
                }
                error.help("rename one of them");
            }
            Some(_) => {}
            None => {
                self.seen.insert(ident.to_owned(), (name, file, span));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel_case_identifiers() {
        assert_eq!(upper_camel("Fire-Ball"), "FireBall");
        assert_eq!(upper_camel("Fire Ball"), "FireBall");
        assert_eq!(upper_camel("Knight's Shield"), "KnightsShield");
        assert_eq!(upper_camel("1st Strike"), "N1stStrike");
        assert_eq!(upper_camel("Pet (1)"), "Pet1");
        assert_eq!(upper_camel("***"), "");
    }

    #[test]
    fn snake_case_and_keywords() {
        assert!(is_snake_case("removal_cost"));
        assert!(!is_snake_case("RemovalCost"));
        assert!(!is_snake_case("2nd"));
        assert!(is_keyword("type") && is_keyword("Self") && !is_keyword("kind"));
    }
}
