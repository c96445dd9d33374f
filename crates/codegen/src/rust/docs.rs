//! Doc-comment attributes for generated items.

use proc_macro2::TokenStream;
use quote::quote;

/// A `#[doc]` attribute with `summary`, or `fallback` when there is none.
pub(crate) fn or(summary: Option<&str>, fallback: &str) -> TokenStream {
    text(summary.unwrap_or(fallback))
}

/// A `#[doc]` attribute with `text` (a leading space so it renders as `/// text`). Content
/// prose is not Markdown: brackets and angle brackets are escaped so rustdoc neither
/// links nor parses HTML, and lines are trimmed.
pub(crate) fn text(text: &str) -> TokenStream {
    let lines = lines(text);
    quote!(#(#[doc = #lines])*)
}

/// The values of the `#[doc]` attributes [`text`] makes, one per line of `text`.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines()
        .map(|line| format!(" {}", escape_markdown(line)))
}

fn escape_markdown(line: &str) -> String {
    let mut escaped = String::with_capacity(line.len());
    for character in line.chars() {
        if matches!(character, '<' | '>' | '[' | ']') {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::escape_markdown;

    #[test]
    fn escapes_links_and_html() {
        assert_eq!(
            escape_markdown("cards/<game>/ [x]"),
            "cards/\\<game\\>/ \\[x\\]"
        );
    }
}
