//! Positions in source text, for errors that point into a file a player wrote (scenarios,
//! decks, armies).

/// The 1-based line and column (in characters) of byte `offset` in `text`. An offset past the
/// end or inside a character counts from the character boundary before it.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_count_characters_from_one() {
        let text = "a = 1\nnamé = \"x\"\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        // `=` after the four characters of `namé` (five bytes) and a space.
        assert_eq!(line_column(text, 12), (2, 6));
        // Inside `é` and past the end do not panic.
        assert_eq!(line_column(text, 10), (2, 4));
        assert_eq!(line_column(text, 999), (3, 1));
    }
}
