//! A line layout for the generated data items, byte-identical to prettyplease's output.
//!
//! Card rows and per-card tables are most of a generated file. Parsing them with `syn` and
//! printing them with prettyplease costs about 150 µs a card, which would make a
//! 100,000-card game take longer to print than to compile. This module prints them directly:
//! callers describe each item as the same stream of boxes, breaks and words that prettyplease
//! emits for it (see the builder methods, one per syntax form), and [`Layout::finish_item`]
//! decides where lines break with the classic Oppen algorithm under prettyplease's settings
//! (margin 89, minimum space 60, indent 4, struct literals wider than 34 columns always
//! broken). The `layout_matches_prettyplease` tests and the generated-file tests check that
//! prettyplease leaves the output unchanged.

/// Right margin of a line.
const MARGIN: i64 = 89;
/// Space left on a line, however deep the indentation.
const MIN_SPACE: i64 = 60;
/// Indentation step.
const INDENT: i32 = 4;
/// A struct literal whose contents are wider than this is always broken over lines.
const STRUCT_MAX_WIDTH: i64 = 34;
/// The size of a forced line break; anything spanning it never fits on a line.
const INFINITY: i64 = 0xffff;

#[derive(Debug, Clone, Copy)]
enum Token {
    /// Text `start..end` of [`Layout::text`].
    Word { start: usize, end: usize },
    /// A possible line break: `blank` spaces when it does not break, a newline indented by
    /// the enclosing box's indentation plus `offset` when it does.
    Break {
        blank: i64,
        offset: i32,
        /// A comma printed before the newline when the break breaks.
        comma_if_broken: bool,
        /// Never breaks.
        never: bool,
    },
    /// A box: its breaks break together (`consistent`) or one by one.
    Begin { offset: i32, consistent: bool },
    /// The end of a box; `max_width` forces the box to break when its contents are wider.
    End { max_width: Option<i64> },
}

/// How an open box is being printed.
#[derive(Debug, Clone, Copy)]
enum Frame {
    Fits,
    Broken { indent: i32, consistent: bool },
}

/// Builds the token stream of one item after another and prints each when it is complete.
#[derive(Debug, Default)]
pub(crate) struct Layout {
    tokens: Vec<Token>,
    text: String,
    sizes: Vec<i64>,
}

impl Layout {
    /// Appends literal text.
    pub(crate) fn word(&mut self, word: &str) {
        let start = self.text.len();
        self.text.push_str(word);
        self.tokens.push(Token::Word {
            start,
            end: self.text.len(),
        });
    }

    /// Appends text written by `write` (numbers, escaped strings) without a temporary string.
    pub(crate) fn word_with(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(&mut self.text);
        self.tokens.push(Token::Word {
            start,
            end: self.text.len(),
        });
    }

    fn brk(&mut self, blank: i64, comma_if_broken: bool) {
        self.tokens.push(Token::Break {
            blank,
            offset: 0,
            comma_if_broken,
            never: false,
        });
    }

    /// A break printed as nothing when the line fits.
    pub(crate) fn zerobreak(&mut self) {
        self.brk(0, false);
    }

    /// A break printed as a space when the line fits.
    pub(crate) fn space(&mut self) {
        self.brk(1, false);
    }

    /// A break that never breaks (after `=` in an item).
    pub(crate) fn neverbreak(&mut self) {
        self.tokens.push(Token::Break {
            blank: 0,
            offset: 0,
            comma_if_broken: false,
            never: true,
        });
    }

    /// After the last element of a list: a comma only when the list is broken over lines;
    /// between elements: a comma and a space.
    pub(crate) fn trailing_comma(&mut self, is_last: bool) {
        if is_last {
            self.brk(0, true);
        } else {
            self.word(",");
            self.space();
        }
    }

    /// Like [`Layout::trailing_comma`], but a space when the last element fits on the line.
    pub(crate) fn trailing_comma_or_space(&mut self, is_last: bool) {
        if is_last {
            self.brk(1, true);
        } else {
            self.word(",");
            self.space();
        }
    }

    /// Opens a box whose breaks all break together.
    pub(crate) fn cbox(&mut self, offset: i32) {
        self.tokens.push(Token::Begin {
            offset,
            consistent: true,
        });
    }

    /// Opens a box whose breaks break one at a time.
    pub(crate) fn ibox(&mut self, offset: i32) {
        self.tokens.push(Token::Begin {
            offset,
            consistent: false,
        });
    }

    /// Closes the innermost open box.
    pub(crate) fn end(&mut self) {
        self.tokens.push(Token::End { max_width: None });
    }

    /// Moves the indentation of the last break by `offset` (the break before a closing
    /// bracket goes back one level).
    pub(crate) fn outdent_last_break(&mut self) {
        if let Some(Token::Break { offset, .. }) = self.tokens.last_mut() {
            *offset -= INDENT;
        }
    }

    /// A struct literal: `path { field: value, ... }`; `fields` writes each field with
    /// [`Layout::field`].
    pub(crate) fn struct_literal(
        &mut self,
        path: &str,
        fields: usize,
        mut field: impl FnMut(&mut Self, usize),
    ) {
        self.cbox(INDENT);
        self.ibox(-INDENT);
        self.word(path);
        self.end();
        self.word(" {");
        if fields > 0 {
            self.space();
            for index in 0..fields {
                field(self, index);
                self.trailing_comma_or_space(index + 1 == fields);
            }
            self.outdent_last_break();
        }
        self.tokens.push(Token::End {
            max_width: Some(STRUCT_MAX_WIDTH),
        });
        self.word("}");
    }

    /// One `name: value` field of a struct literal.
    pub(crate) fn field(&mut self, name: &str, value: impl FnOnce(&mut Self)) {
        self.word(name);
        self.word(": ");
        self.ibox(0);
        value(self);
        self.end();
    }

    /// An array literal `[a, b]` of `len` elements; `simple` when every element is a plain
    /// non-negative integer or boolean literal (prettyplease fills such arrays line by line).
    pub(crate) fn array(
        &mut self,
        len: usize,
        simple: bool,
        mut element: impl FnMut(&mut Self, usize),
    ) {
        if len == 0 {
            self.word("[]");
        } else if simple {
            self.cbox(INDENT);
            self.word("[");
            self.zerobreak();
            self.ibox(0);
            for index in 0..len {
                element(self, index);
                if index + 1 < len {
                    self.word(",");
                    self.space();
                }
            }
            self.end();
            self.trailing_comma(true);
            self.outdent_last_break();
            self.word("]");
            self.end();
        } else {
            self.word("[");
            self.cbox(INDENT);
            self.zerobreak();
            for index in 0..len {
                element(self, index);
                self.trailing_comma(index + 1 == len);
            }
            self.outdent_last_break();
            self.end();
            self.word("]");
        }
    }

    /// A call with one argument, `path(arg)`; `blocklike` when the argument is a struct
    /// literal, array or tuple, which prettyplease prints without a box of its own.
    pub(crate) fn call(&mut self, path: &str, blocklike: bool, arg: impl FnOnce(&mut Self)) {
        self.word(path);
        self.word("(");
        if blocklike {
            arg(self);
        } else {
            self.cbox(INDENT);
            self.zerobreak();
            arg(self);
            self.trailing_comma(true);
            self.outdent_last_break();
            self.end();
        }
        self.word(")");
    }

    /// A tuple `(a, b)` of at least two elements.
    pub(crate) fn tuple(&mut self, len: usize, mut element: impl FnMut(&mut Self, usize)) {
        self.word("(");
        self.cbox(INDENT);
        self.zerobreak();
        for index in 0..len {
            element(self, index);
            self.trailing_comma(index + 1 == len);
        }
        self.outdent_last_break();
        self.end();
        self.word(")");
    }

    /// An item `head = value;` where `head` is everything before ` = ` (`pub static X: T`).
    pub(crate) fn item(&mut self, head: &str, value: impl FnOnce(&mut Self)) {
        self.cbox(0);
        self.word(head);
        self.word(" = ");
        self.neverbreak();
        value(self);
        self.word(";");
        self.end();
    }

    /// Prints the item built so far at `indent` (the indentation of its enclosing block) into
    /// `out`, followed by a newline, and clears the builder for the next item.
    pub(crate) fn finish_item(&mut self, indent: i32, out: &mut String) {
        self.measure();
        self.print(indent, out);
        out.push('\n');
        self.tokens.clear();
        self.text.clear();
    }

    /// Computes each box's and break's size: the width from it to the next break outside
    /// it (or to the end of the item), including any forced break in between.
    fn measure(&mut self) {
        self.sizes.clear();
        self.sizes.resize(self.tokens.len(), 0);
        // Width of everything before each token, forced breaks of wide structs included.
        let mut position: i64 = 0;
        // Boxes and breaks whose size is not known yet, with their start positions; an
        // `None` marks a closed box whose contents are still pending.
        let mut pending: Vec<(Option<usize>, i64)> = Vec::new();
        // Start positions of the open boxes.
        let mut open: Vec<i64> = Vec::new();
        for index in 0..self.tokens.len() {
            match self.tokens[index] {
                Token::Word { start, end } => position += (end - start) as i64,
                Token::Begin { .. } => {
                    pending.push((Some(index), position));
                    open.push(position);
                }
                Token::End { max_width } => {
                    let start = open.pop().unwrap_or(0);
                    if max_width.is_some_and(|max| position - start > max) {
                        position += INFINITY;
                    }
                    pending.push((None, position));
                }
                Token::Break { blank, .. } => {
                    self.resolve_to_break(&mut pending, position);
                    pending.push((Some(index), position));
                    position += blank;
                }
            }
        }
        for (entry, start) in pending {
            if let Some(index) = entry {
                self.sizes[index] = position - start;
            }
        }
    }

    /// A break was reached at `position`: the previous break of the same box and every box
    /// closed since (with the breaks still pending inside it) end their span here.
    fn resolve_to_break(&mut self, pending: &mut Vec<(Option<usize>, i64)>, position: i64) {
        let mut depth = 0usize;
        while let Some(&(entry, start)) = pending.last() {
            match entry {
                None => {
                    pending.pop();
                    depth += 1;
                }
                Some(index) => match self.tokens[index] {
                    Token::Begin { .. } => {
                        if depth == 0 {
                            break;
                        }
                        pending.pop();
                        self.sizes[index] = position - start;
                        depth -= 1;
                    }
                    _ => {
                        pending.pop();
                        self.sizes[index] = position - start;
                        if depth == 0 {
                            break;
                        }
                    }
                },
            }
        }
    }

    fn print(&self, base_indent: i32, out: &mut String) {
        let mut frames: Vec<Frame> = vec![Frame::Broken {
            indent: base_indent,
            consistent: true,
        }];
        let mut indent = base_indent;
        let mut space = (MARGIN - i64::from(base_indent)).max(MIN_SPACE);
        let mut pending_spaces = usize::try_from(base_indent).unwrap_or(0);
        for (token, &size) in self.tokens.iter().zip(&self.sizes) {
            match *token {
                Token::Word { start, end } => {
                    push_spaces(out, pending_spaces);
                    pending_spaces = 0;
                    out.push_str(&self.text[start..end]);
                    space -= (end - start) as i64;
                }
                Token::Begin { offset, consistent } => {
                    if size > space {
                        frames.push(Frame::Broken { indent, consistent });
                        indent += offset;
                    } else {
                        frames.push(Frame::Fits);
                    }
                }
                Token::End { .. } => {
                    if let Some(Frame::Broken { indent: saved, .. }) = frames.pop() {
                        indent = saved;
                    }
                }
                Token::Break {
                    blank,
                    offset,
                    comma_if_broken,
                    never,
                } => {
                    let fits = never
                        || match frames.last() {
                            Some(Frame::Fits) => true,
                            Some(Frame::Broken {
                                consistent: true, ..
                            }) => false,
                            _ => size <= space,
                        };
                    if fits {
                        pending_spaces += usize::try_from(blank).unwrap_or(0);
                        space -= blank;
                    } else {
                        if comma_if_broken {
                            push_spaces(out, pending_spaces);
                            out.push(',');
                        }
                        out.push('\n');
                        let line_indent = indent + offset;
                        pending_spaces = usize::try_from(line_indent).unwrap_or(0);
                        space = (MARGIN - i64::from(line_indent)).max(MIN_SPACE);
                    }
                }
            }
        }
    }
}

/// Appends `count` spaces.
fn push_spaces(out: &mut String, count: usize) {
    const SPACES: &str = "                                                                ";
    let mut left = count;
    while left > 0 {
        let chunk = left.min(SPACES.len());
        out.push_str(&SPACES[..chunk]);
        left -= chunk;
    }
}

#[cfg(test)]
mod tests {
    use super::Layout;
    use proptest::prelude::*;

    /// The expression forms the generated data uses.
    #[derive(Debug, Clone)]
    enum Expr {
        Int(i64),
        Str(String),
        Path(String),
        Struct(String, Vec<(String, Expr)>),
        /// `&[...]`
        Slice(Vec<Expr>),
        Call(String, Box<Expr>),
        Tuple(Vec<Expr>),
    }

    impl Expr {
        fn source(&self) -> String {
            let list = |items: &[Expr]| {
                items
                    .iter()
                    .map(Expr::source)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            match self {
                Expr::Int(n) => n.to_string(),
                Expr::Str(s) => format!("{s:?}"),
                Expr::Path(p) => p.clone(),
                Expr::Struct(path, fields) => {
                    let fields: Vec<String> = fields
                        .iter()
                        .map(|(name, value)| format!("{name}: {}", value.source()))
                        .collect();
                    format!("{path} {{ {} }}", fields.join(", "))
                }
                Expr::Slice(items) => format!("&[{}]", list(items)),
                Expr::Call(path, arg) => format!("{path}({})", arg.source()),
                Expr::Tuple(items) => format!("({})", list(items)),
            }
        }

        fn lay_out(&self, l: &mut Layout) {
            match self {
                Expr::Int(n) => {
                    if *n < 0 {
                        l.word("-");
                    }
                    l.word(&n.unsigned_abs().to_string());
                }
                Expr::Str(s) => l.word(&format!("{s:?}")),
                Expr::Path(p) => l.word(p),
                Expr::Struct(path, fields) => l.struct_literal(path, fields.len(), |l, i| {
                    l.field(&fields[i].0, |l| fields[i].1.lay_out(l));
                }),
                Expr::Slice(items) => {
                    let simple = items.iter().all(|e| matches!(e, Expr::Int(n) if *n >= 0));
                    l.word("&");
                    l.array(items.len(), simple, |l, i| items[i].lay_out(l));
                }
                Expr::Call(path, arg) => {
                    let blocklike = matches!(**arg, Expr::Struct(..) | Expr::Tuple(..));
                    l.call(path, blocklike, |l| arg.lay_out(l));
                }
                Expr::Tuple(items) => l.tuple(items.len(), |l, i| items[i].lay_out(l)),
            }
        }
    }

    fn expr() -> impl Strategy<Value = Expr> {
        let name = "T[a-z]{0,12}(::V[a-z]{0,10})?";
        let leaf = prop_oneof![
            (-20i64..300).prop_map(Expr::Int),
            "[a-z ]{0,40}".prop_map(Expr::Str),
            name.prop_map(Expr::Path),
        ];
        leaf.prop_recursive(4, 48, 6, move |inner| {
            prop_oneof![
                (
                    name,
                    prop::collection::vec(("f_[a-z_]{0,9}", inner.clone()), 0..5)
                )
                    .prop_map(|(path, fields)| Expr::Struct(path, fields)),
                prop::collection::vec(inner.clone(), 0..6).prop_map(Expr::Slice),
                (name, inner.clone()).prop_map(|(path, arg)| Expr::Call(path, Box::new(arg))),
                prop::collection::vec(inner, 2..4).prop_map(Expr::Tuple),
            ]
        })
    }

    /// The layout of `pub static X: T = expr;` inside a module, and prettyplease's.
    fn both(expr: &Expr) -> (String, String) {
        let source = format!("mod m {{\n    pub static X: T = {};\n}}\n", expr.source());
        let file = syn::parse_file(&source).expect("test source parses");
        let expected = prettyplease::unparse(&file);
        let mut layout = Layout::default();
        let mut actual = String::from("mod m {\n");
        layout.item("pub static X: T", |l| expr.lay_out(l));
        layout.finish_item(4, &mut actual);
        actual.push_str("}\n");
        (actual, expected)
    }

    #[test]
    fn wide_structs_break_and_narrow_ones_stay_on_one_line() {
        let narrow = Expr::Struct(
            "Range".into(),
            vec![("min".into(), Expr::Int(0)), ("max".into(), Expr::Int(-1))],
        );
        let (actual, expected) = both(&narrow);
        assert_eq!(actual, expected);
        assert!(actual.contains("Range { min: 0, max: -1 };"), "{actual}");
        let wide = Expr::Slice(vec![Expr::Struct(
            "Printing".into(),
            vec![
                ("set".into(), Expr::Str("core".into())),
                (
                    "number".into(),
                    Expr::Call("Some".into(), Box::new(Expr::Str("MW1C03".into()))),
                ),
            ],
        )]);
        let (actual, expected) = both(&wide);
        assert_eq!(actual, expected);
        assert!(
            actual.contains("        Printing {\n            set: \"core\","),
            "{actual}"
        );
    }

    proptest! {
        #[test]
        fn layout_matches_prettyplease(expr in expr()) {
            let (actual, expected) = both(&expr);
            prop_assert_eq!(actual, expected);
        }
    }
}
