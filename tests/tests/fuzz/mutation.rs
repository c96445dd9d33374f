//! The mutations the fuzz harness applies to a seed file, and the proptest strategy choosing
//! them.
//!
//! Every mutation works on bytes, so one set serves TOML, JSON and XML. Positions are
//! proptest [`Index`]es (a fraction of whatever the file holds), so a mutation stays meaningful
//! for any seed and shrinks toward the start of the file.

use proptest::prelude::*;
use proptest::sample::Index;

/// Numbers a reader must range-check: zero, a negative, just past `i32`, the largest `u32`
/// and `i64`, past `u64`, a huge float and not-a-number (as TOML and as other formats write it).
pub const EXTREME_NUMBERS: [&str; 10] = [
    "0",
    "-1",
    "2147483648",
    "4294967295",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1e308",
    "nan",
    "NaN",
];

/// Length of the string [`Mutation::LongString`] writes (past 65,535, the end of 16-bit lengths).
pub const LONG_STRING_CHARS: usize = 70_000;

/// Depth of the arrays [`Mutation::DeepNesting`] writes (far past any recursion a parser
/// allows itself).
pub const NESTING_DEPTH: usize = 10_000;

/// How many copies of a block [`Mutation::DuplicateBlock`] adds.
pub const BLOCK_COPIES: usize = 1_000;

/// The most bytes [`Mutation::DuplicateBlock`] adds (fewer copies of a large block), so a
/// mutated file stays far within the 32 MiB every reader accepts and a debug build reads it
/// within the case timeout.
pub const MAX_DUPLICATED_BYTES: usize = 1024 * 1024;

/// One change to a file's bytes.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// Replaces the chosen run of digits (with its sign) by one of [`EXTREME_NUMBERS`].
    ExtremeNumber {
        /// Which number of the file.
        number: Index,
        /// Which extreme.
        extreme: Index,
    },
    /// XORs one byte with `mask`.
    FlipByte {
        /// Which byte.
        at: Index,
        /// The bits flipped (never 0).
        mask: u8,
    },
    /// Deletes `count` lines from the chosen one.
    DeleteLines {
        /// The first line deleted.
        at: Index,
        /// How many lines.
        count: usize,
    },
    /// Writes `count` lines from the chosen one a second time, right after themselves.
    DuplicateLines {
        /// The first line duplicated.
        at: Index,
        /// How many lines.
        count: usize,
    },
    /// Cuts the file at the chosen byte.
    Truncate {
        /// Where the file ends now.
        at: Index,
    },
    /// Inserts bytes that are not UTF-8 at the chosen byte.
    InvalidUtf8 {
        /// Where.
        at: Index,
        /// Which invalid sequence.
        sequence: Index,
    },
    /// Turns every line end into a bare CR (old Mac line endings).
    BareCarriageReturns,
    /// Replaces the text of the chosen quoted string by [`LONG_STRING_CHARS`] characters.
    LongString {
        /// Which quoted string of the file.
        string: Index,
    },
    /// Replaces the chosen number by arrays nested [`NESTING_DEPTH`] deep.
    DeepNesting {
        /// Which number of the file.
        number: Index,
    },
    /// Repeats the block starting at the chosen line (a TOML table, a JSON object, an XML
    /// element: up to the next line opening the same way at the same indentation)
    /// [`BLOCK_COPIES`] times.
    DuplicateBlock {
        /// Which block-opening line.
        opening: Index,
    },
}

/// Byte sequences that are never UTF-8: a lone continuation byte, a truncated two-byte
/// sequence, an overlong encoding, a surrogate, a byte that never occurs, a lone lead byte.
const INVALID_UTF8: [&[u8]; 6] = [
    b"\x80",
    b"\xC3",
    b"\xC0\xAF",
    b"\xED\xA0\x80",
    b"\xFF",
    b"\xF4\x90\x80\x80",
];

/// A mutation, each kind equally likely.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), any::<Index>())
            .prop_map(|(number, extreme)| Mutation::ExtremeNumber { number, extreme }),
        (any::<Index>(), 1..=255u8).prop_map(|(at, mask)| Mutation::FlipByte { at, mask }),
        (any::<Index>(), 1..=8usize).prop_map(|(at, count)| Mutation::DeleteLines { at, count }),
        (any::<Index>(), 1..=8usize).prop_map(|(at, count)| Mutation::DuplicateLines { at, count }),
        any::<Index>().prop_map(|at| Mutation::Truncate { at }),
        (any::<Index>(), any::<Index>())
            .prop_map(|(at, sequence)| Mutation::InvalidUtf8 { at, sequence }),
        Just(Mutation::BareCarriageReturns),
        any::<Index>().prop_map(|string| Mutation::LongString { string }),
        any::<Index>().prop_map(|number| Mutation::DeepNesting { number }),
        any::<Index>().prop_map(|opening| Mutation::DuplicateBlock { opening }),
    ]
}

/// One to three mutations, applied in order (shrinking drops them one at a time).
pub fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 1..=3)
}

/// `bytes` with every mutation applied in order.
pub fn apply_all(bytes: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    mutations
        .iter()
        .fold(bytes.to_vec(), |bytes, mutation| mutation.apply(&bytes))
}

impl Mutation {
    /// `bytes` with this mutation applied; unchanged when the file has nothing it applies to
    /// (no number, no quoted string, an empty file).
    pub fn apply(&self, bytes: &[u8]) -> Vec<u8> {
        match self {
            Mutation::ExtremeNumber { number, extreme } => {
                let extreme = extreme.get(&EXTREME_NUMBERS);
                replace_chosen(bytes, &numbers(bytes), number, extreme.as_bytes())
            }
            Mutation::FlipByte { at, mask } => {
                let mut bytes = bytes.to_vec();
                if !bytes.is_empty() {
                    let at = at.index(bytes.len());
                    bytes[at] ^= mask;
                }
                bytes
            }
            Mutation::DeleteLines { at, count } => {
                let lines = lines(bytes);
                let (start, end) = line_range(&lines, at, *count);
                [&bytes[..start], &bytes[end..]].concat()
            }
            Mutation::DuplicateLines { at, count } => {
                let lines = lines(bytes);
                let (start, end) = line_range(&lines, at, *count);
                [&bytes[..end], &bytes[start..end], &bytes[end..]].concat()
            }
            Mutation::Truncate { at } => bytes[..at.index(bytes.len() + 1)].to_vec(),
            Mutation::InvalidUtf8 { at, sequence } => {
                let at = at.index(bytes.len() + 1);
                [&bytes[..at], *sequence.get(&INVALID_UTF8), &bytes[at..]].concat()
            }
            Mutation::BareCarriageReturns => bare_carriage_returns(bytes),
            Mutation::LongString { string } => {
                let long = "x".repeat(LONG_STRING_CHARS);
                replace_chosen(bytes, &quoted_strings(bytes), string, long.as_bytes())
            }
            Mutation::DeepNesting { number } => {
                let nested = format!("{}{}", "[".repeat(NESTING_DEPTH), "]".repeat(NESTING_DEPTH));
                replace_chosen(bytes, &numbers(bytes), number, nested.as_bytes())
            }
            Mutation::DuplicateBlock { opening } => duplicate_block(bytes, opening),
        }
    }
}

/// `bytes` with the range `chosen` picks from `ranges` replaced by `with`.
fn replace_chosen(bytes: &[u8], ranges: &[(usize, usize)], chosen: &Index, with: &[u8]) -> Vec<u8> {
    if ranges.is_empty() {
        return bytes.to_vec();
    }
    let (start, end) = *chosen.get(ranges);
    [&bytes[..start], with, &bytes[end..]].concat()
}

/// Byte ranges of every run of ASCII digits, with a `-` right before it.
fn numbers(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at].is_ascii_digit() {
            let start = if at > 0 && bytes[at - 1] == b'-' {
                at - 1
            } else {
                at
            };
            let end = at
                + bytes[at..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
            ranges.push((start, end));
            at = end;
        } else {
            at += 1;
        }
    }
    ranges
}

/// Byte ranges of the text inside every `"..."` on one line (escapes are not followed: a
/// mutation may as well land in a broken string).
fn quoted_strings(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut open = None;
    for (at, byte) in bytes.iter().enumerate() {
        match (byte, open) {
            (b'"', None) => open = Some(at + 1),
            (b'"', Some(start)) => {
                ranges.push((start, at));
                open = None;
            }
            (b'\n', _) => open = None,
            _ => {}
        }
    }
    ranges
}

/// The byte offset where every line starts, then the length of the file.
fn lines(bytes: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(at, _)| at + 1)
            .filter(|start| *start < bytes.len()),
    );
    starts.push(bytes.len());
    starts
}

/// The byte range of `count` lines from the chosen one (`lines` as [`lines`] gives them).
fn line_range(lines: &[usize], at: &Index, count: usize) -> (usize, usize) {
    let line_count = lines.len() - 1;
    let first = at.index(line_count.max(1)).min(line_count);
    let last = (first + count).min(line_count);
    (lines[first], lines[last])
}

/// Every LF and CR LF as a bare CR.
fn bare_carriage_returns(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for (at, byte) in bytes.iter().enumerate() {
        match byte {
            b'\n' if at > 0 && bytes[at - 1] == b'\r' => {}
            b'\n' => out.push(b'\r'),
            other => out.push(*other),
        }
    }
    out
}

/// The block opening at the chosen line repeated [`BLOCK_COPIES`] times (fewer when that
/// would add more than [`MAX_DUPLICATED_BYTES`]); a line opens a block when its first
/// non-blank byte is `[`, `{` or `<` (and not `</`).
fn duplicate_block(bytes: &[u8], opening: &Index) -> Vec<u8> {
    let starts = lines(bytes);
    let line = |n: usize| &bytes[starts[n]..starts[n + 1]];
    let indent = |text: &[u8]| {
        text.iter()
            .take_while(|b| **b == b' ' || **b == b'\t')
            .count()
    };
    let opener = |text: &[u8]| {
        let rest = &text[indent(text)..];
        match rest.first() {
            Some(b'<') if rest.get(1) == Some(&b'/') => None,
            Some(first @ (b'[' | b'{' | b'<')) => Some(*first),
            _ => None,
        }
    };
    let openings: Vec<usize> = (0..starts.len() - 1)
        .filter(|n| opener(line(*n)).is_some())
        .collect();
    if openings.is_empty() {
        return bytes.to_vec();
    }
    let first = *opening.get(&openings);
    let (kind, depth) = (opener(line(first)), indent(line(first)));
    let end = (first + 1..starts.len() - 1)
        .find(|n| opener(line(*n)) == kind && indent(line(*n)) == depth)
        .map_or(bytes.len(), |n| starts[n]);
    let block = &bytes[starts[first]..end];
    let copies = BLOCK_COPIES
        .min(MAX_DUPLICATED_BYTES / block.len().max(1))
        .max(1);
    let mut out = Vec::with_capacity(bytes.len() + block.len() * copies);
    out.extend_from_slice(&bytes[..end]);
    for _ in 0..copies {
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&bytes[end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    /// An `Index` that picks item `n` of `len`.
    fn index_of(n: usize, len: usize) -> Index {
        let mut runner = TestRunner::deterministic();
        loop {
            let index = any::<Index>()
                .new_tree(&mut runner)
                .expect("an index")
                .current();
            if index.index(len) == n {
                return index;
            }
        }
    }

    #[test]
    fn an_extreme_number_replaces_a_signed_number() {
        let text = b"a = -3\nb = 7\n";
        let mutated = Mutation::ExtremeNumber {
            number: index_of(0, 2),
            extreme: index_of(2, EXTREME_NUMBERS.len()),
        }
        .apply(text);
        assert_eq!(mutated, b"a = 2147483648\nb = 7\n");
    }

    #[test]
    fn a_long_string_replaces_the_text_between_quotes() {
        let mutated = Mutation::LongString {
            string: index_of(0, 1),
        }
        .apply(b"name = \"Ab\"\n");
        assert_eq!(mutated.len(), b"name = \"\"\n".len() + LONG_STRING_CHARS);
        assert!(mutated.starts_with(b"name = \"xxx"));
    }

    #[test]
    fn a_duplicated_table_repeats_up_to_the_next_table() {
        let text = b"[a]\nx = 1\n[b]\ny = 2\n";
        let mutated = Mutation::DuplicateBlock {
            opening: index_of(0, 2),
        }
        .apply(text);
        let expected = format!("{}[b]\ny = 2\n", "[a]\nx = 1\n".repeat(BLOCK_COPIES + 1));
        assert_eq!(String::from_utf8(mutated).unwrap(), expected);
    }

    #[test]
    fn deleting_and_duplicating_lines_keep_the_other_lines() {
        let text = b"one\ntwo\nthree\n";
        let deleted = Mutation::DeleteLines {
            at: index_of(1, 3),
            count: 1,
        }
        .apply(text);
        assert_eq!(deleted, b"one\nthree\n");
        let duplicated = Mutation::DuplicateLines {
            at: index_of(2, 3),
            count: 5,
        }
        .apply(text);
        assert_eq!(duplicated, b"one\ntwo\nthree\nthree\n");
    }

    #[test]
    fn bare_carriage_returns_replace_every_line_end() {
        assert_eq!(
            Mutation::BareCarriageReturns.apply(b"a\r\nb\nc"),
            b"a\rb\rc"
        );
    }

    #[test]
    fn mutations_of_an_empty_file_do_not_panic() {
        let mut runner = TestRunner::deterministic();
        for _ in 0..200 {
            let mutation = mutation().new_tree(&mut runner).unwrap().current();
            mutation.apply(b"");
            mutation.apply(b"\n");
        }
    }
}
