//! Diagnostics: every error the compiler reports, with a stable code, a location and help.
//!
//! The compiler collects pending errors while it works (a file index and a byte span, no
//! line/column arithmetic on the happy path) and turns them into [`Diagnostic`]s once, at the
//! end of a failed run.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::{Files, SimpleFiles};
use codespan_reporting::term;
use serde::Serialize;

use crate::SourceFile;

/// The stable error codes. Each constant's doc says what it means.
pub mod codes {
    /// The file is not valid TOML.
    pub const TOML_SYNTAX: &str = "E0001";
    /// A value has the wrong TOML type (a string where an integer is expected, ...).
    pub const WRONG_TYPE: &str = "E0002";
    /// A key that the table does not declare.
    pub const UNKNOWN_KEY: &str = "E0003";
    /// A required key is missing.
    pub const MISSING_FIELD: &str = "E0004";
    /// An integer outside its declared range.
    pub const OUT_OF_RANGE: &str = "E0005";
    /// A string that is not one of the enum's values.
    pub const UNKNOWN_ENUM_VALUE: &str = "E0006";
    /// A card names a kind that `game.toml` does not declare.
    pub const UNKNOWN_KIND: &str = "E0007";
    /// A codex reference that matches no entry's template.
    pub const UNKNOWN_CODEX_REF: &str = "E0008";
    /// A codex reference whose parameter text does not parse as the parameter's type.
    pub const BAD_PARAMETER: &str = "E0009";
    /// A codex reference whose integer parameter is outside the parameter's range.
    pub const PARAMETER_OUT_OF_RANGE: &str = "E0010";
    /// Two cards with the same name.
    pub const DUPLICATE_CARD: &str = "E0011";
    /// Two codex entries of one category with the same name.
    pub const DUPLICATE_ENTRY: &str = "E0012";
    /// Two names that become the same Rust identifier.
    pub const IDENT_COLLISION: &str = "E0013";
    /// A name that becomes a Rust keyword.
    pub const RUST_KEYWORD: &str = "E0014";
    /// An erratum for a card that does not exist.
    pub const ERRATUM_UNKNOWN_CARD: &str = "E0015";
    /// An erratum removes an item the card does not have.
    pub const ERRATUM_ABSENT_ITEM: &str = "E0016";
    /// Codex entries that imply each other in a cycle.
    pub const IMPLIES_CYCLE: &str = "E0017";
    /// `cancels` names an entry the category does not have.
    pub const UNKNOWN_ENTRY: &str = "E0018";
    /// A type name that is no enum, record or category of the game.
    pub const UNKNOWN_TYPE: &str = "E0019";
    /// A malformed type expression.
    pub const BAD_TYPE_EXPRESSION: &str = "E0020";
    /// A template slot without a matching `params` entry.
    pub const SLOT_WITHOUT_PARAM: &str = "E0021";
    /// A `params` entry without a matching template slot.
    pub const PARAM_WITHOUT_SLOT: &str = "E0022";
    /// An effect names an operation, or a union value a variant, that `game.toml` does not
    /// declare.
    pub const UNKNOWN_EFFECT_OP: &str = "E0023";
    /// A constant that is not an integer, string, boolean or a non-empty list of one of those.
    pub const BAD_CONSTANT: &str = "E0024";
    /// `extends` names a record that does not exist.
    pub const UNKNOWN_RECORD: &str = "E0025";
    /// Two templates of one category can match the same text.
    pub const AMBIGUOUS_TEMPLATES: &str = "E0026";
    /// A kind declares a field that every card already has.
    pub const BUILTIN_FIELD_REDECLARED: &str = "E0027";
    /// A malformed template (unclosed brace, adjacent slots, unsupported parameter type).
    pub const BAD_TEMPLATE: &str = "E0028";
    /// A name that breaks a naming rule (case, empty identifier, game name).
    pub const BAD_NAME: &str = "E0029";
    /// A kind field that its `extends` record already declares.
    pub const DUPLICATE_FIELD: &str = "E0030";
    /// An erratum that cannot apply (changes `name`/`kind`, adds to a non-list field, ...).
    pub const BAD_ERRATUM: &str = "E0031";
    /// A malformed die.
    pub const BAD_DIE: &str = "E0032";
    /// A record or union that contains itself by value (directly or through other records and
    /// unions), which no finite type can hold; lists are fine.
    pub const RECURSIVE_RECORD: &str = "E0033";
    /// A file that is not UTF-8 text.
    pub const NOT_UTF8: &str = "E0034";
    /// A date that is not a real calendar day (`2026-02-30`).
    pub const BAD_DATE: &str = "E0035";
    /// A codex reference naming an entry that the field's `where` does not allow (an ability
    /// on a dial slot its entry is not printed in).
    pub const REFERENCE_NOT_ALLOWED: &str = "E0036";
    /// A malformed `where` (on a field whose type holds no codex reference, or empty).
    pub const BAD_FILTER: &str = "E0037";
    /// More card kinds than a game may declare ([`crate::MAX_KINDS`]).
    pub const TOO_MANY_KINDS: &str = "E0038";
    /// Warning: a codex entry marked `draft = true` (written by `import --scaffold`, not
    /// reviewed yet).
    pub const DRAFT_ENTRY: &str = "W0001";
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The content does not compile.
    #[default]
    Error,
    /// The content compiles, but something needs a look (a draft entry).
    Warning,
}

impl Severity {
    /// `error` or `warning`, as diagnostics print it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
        }
    }
}

/// A secondary location attached to a diagnostic (the first definition of a duplicate, ...),
/// in the diagnostic's file or another one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    /// Path of the label's file, relative to the content root.
    pub file: String,
    /// Byte range in that file.
    pub span: Range<usize>,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column (in characters) of the span's start.
    pub column: usize,
    /// What this location shows.
    pub message: String,
}

/// A label not yet located by line and column.
#[derive(Debug)]
struct PendingLabel {
    file: FileId,
    span: Range<usize>,
    message: String,
}

/// One error, located in one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable code, one of [`codes`].
    pub code: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong and what was expected.
    pub message: String,
    /// Path of the file, relative to the content root.
    pub file: String,
    /// Byte range of the offending text.
    pub span: Range<usize>,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column (in characters) of the span's start.
    pub column: usize,
    /// 1-based line of the span's end.
    pub end_line: usize,
    /// 1-based column (in characters) of the span's end.
    pub end_column: usize,
    /// Secondary locations.
    pub labels: Vec<Label>,
    /// A suggestion, e.g. `did you mean `Sharp +2`?`.
    pub help: Option<String>,
}

/// All diagnostics of a failed run (or the warnings of a successful one), plus the sources
/// they point into.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics {
    /// The errors, sorted by file, position and code.
    pub items: Vec<Diagnostic>,
    sources: Vec<SourceFile>,
}

impl Diagnostics {
    /// Number of errors.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when there is no error (never the case for a failed compile).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Iterates over the errors.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// Renders the errors rustc-style (`error[E0012]: ...`, ` --> file:line:col`, the source
    /// line, a caret under the span, `= help: ...`), with ANSI colors when `color` is set.
    ///
    /// The text stays proportionate to what a reader can use: diagnostics with the same
    /// severity, code, message and help are shown once, at the first place, with "... and N
    /// more like this" and where the first [`MAX_REPEATS_LOCATED`] of them are; a source line longer than [`MAX_SHOWN_LINE_BYTES`] is not printed (the
    /// location is); after [`MAX_RENDERED`] diagnostics the rest are only counted.
    /// [`Diagnostics::to_json_lines`] lists every one.
    pub fn render(&self, color: bool) -> String {
        let mut files = SimpleFiles::new();
        let ids: Vec<usize> = self
            .sources
            .iter()
            .map(|s| files.add(s.path.as_str(), s.text.as_str()))
            .collect();
        let config = term::Config {
            chars: term::Chars::ascii(),
            ..term::Config::default()
        };
        let groups = repeat_groups(&self.items);
        let mut out = Vec::new();
        for group in groups.iter().take(MAX_RENDERED) {
            let diagnostic = &self.items[group.first];
            let Some(file) = self.sources.iter().position(|s| s.path == diagnostic.file) else {
                continue;
            };
            let mut labels = vec![cs::Label::primary(ids[file], diagnostic.span.clone())];
            labels.extend(diagnostic.labels.iter().filter_map(|l| {
                let file = self.sources.iter().position(|s| s.path == l.file)?;
                Some(cs::Label::secondary(ids[file], l.span.clone()).with_message(&l.message))
            }));
            let mut notes = Vec::new();
            if let Some(length) = too_long_line(&files, &labels) {
                // Printing the line would print the whole (possibly megabytes long) line for
                // every diagnostic in it: say where instead.
                labels.clear();
                notes.push(format!(
                    "--> {}:{}:{} (the line is {} bytes long, too long to show)",
                    diagnostic.file,
                    diagnostic.line,
                    diagnostic.column,
                    with_thousands(length)
                ));
            }
            notes.extend(diagnostic.help.iter().map(|h| format!("help: {h}")));
            if group.repeats > 0 {
                notes.push(self.repeats_note(group));
            }
            let severity = match diagnostic.severity {
                Severity::Error => cs::Severity::Error,
                Severity::Warning => cs::Severity::Warning,
            };
            let rendered = cs::Diagnostic::new(severity)
                .with_code(diagnostic.code)
                .with_message(&diagnostic.message)
                .with_labels(labels)
                .with_notes(notes);
            // Emitting into memory only fails when a span is outside its file; spans come from
            // the same text, so a failure only loses this one rendering.
            if color {
                let mut writer = term::termcolor::Ansi::new(&mut out);
                let _ = term::emit(&mut writer, &config, &files, &rendered);
            } else {
                let mut writer = term::termcolor::NoColor::new(&mut out);
                let _ = term::emit(&mut writer, &config, &files, &rendered);
            }
        }
        if groups.len() > MAX_RENDERED {
            let hidden: usize = groups[MAX_RENDERED..]
                .iter()
                .map(|group| group.repeats + 1)
                .sum();
            out.extend_from_slice(
                format!(
                    "... and {} more diagnostic(s) not shown\n\n",
                    with_thousands(hidden)
                )
                .as_bytes(),
            );
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// "... and N more like this:" with the places of the first [`MAX_REPEATS_LOCATED`].
    fn repeats_note(&self, group: &RepeatGroup) -> String {
        let mut note = format!("... and {} more like this:", with_thousands(group.repeats));
        for &index in &group.located {
            let repeat = &self.items[index];
            note += &format!("\n--> {}:{}:{}", repeat.file, repeat.line, repeat.column);
        }
        if group.repeats > group.located.len() {
            note += &format!(
                "\n(and {} more places)",
                with_thousands(group.repeats - group.located.len())
            );
        }
        note
    }

    /// One JSON object per line: file, line, column, end_line, end_column, code, severity,
    /// message, help, labels (secondary locations: file, line, column, message).
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for d in &self.items {
            let line = serde_json::json!({
                "file": d.file,
                "line": d.line,
                "column": d.column,
                "end_line": d.end_line,
                "end_column": d.end_column,
                "code": d.code,
                "severity": d.severity.as_str(),
                "message": d.message,
                "help": d.help,
                "labels": d.labels.iter().map(|l| serde_json::json!({
                    "file": l.file,
                    "line": l.line,
                    "column": l.column,
                    "message": l.message,
                })).collect::<Vec<_>>(),
            });
            out.push_str(&line.to_string());
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Diagnostics {}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// Index of a file in the compiler's file list.
pub(crate) type FileId = usize;

/// An error not yet located by line and column.
#[derive(Debug)]
pub(crate) struct Pending {
    code: &'static str,
    severity: Severity,
    file: FileId,
    span: Range<usize>,
    message: String,
    help: Option<String>,
    labels: Vec<PendingLabel>,
}

impl Pending {
    /// Attaches a help line.
    pub(crate) fn help(&mut self, help: impl Into<String>) -> &mut Self {
        self.help = Some(help.into());
        self
    }

    /// Attaches a help line when there is one.
    pub(crate) fn maybe_help(&mut self, help: Option<String>) -> &mut Self {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    /// Attaches a secondary location in the same file.
    pub(crate) fn label(&mut self, span: Range<usize>, message: impl Into<String>) -> &mut Self {
        let file = self.file;
        self.label_in(file, span, message)
    }

    /// Attaches a secondary location in `file`.
    pub(crate) fn label_in(
        &mut self,
        file: FileId,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> &mut Self {
        self.labels.push(PendingLabel {
            file,
            span,
            message: message.into(),
        });
        self
    }
}

/// Collects errors during a run.
#[derive(Debug, Default)]
pub(crate) struct Sink {
    pending: Vec<Pending>,
    /// Warnings: they never make a run fail.
    warnings: Vec<Pending>,
}

impl Sink {
    /// Records an error at `span` of `file`.
    pub(crate) fn error(
        &mut self,
        code: &'static str,
        file: FileId,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> &mut Pending {
        self.pending.push(Pending {
            code,
            severity: Severity::Error,
            file,
            span,
            message: message.into(),
            help: None,
            labels: Vec::new(),
        });
        let last = self.pending.len() - 1;
        &mut self.pending[last]
    }

    /// Records a warning at `span` of `file`.
    pub(crate) fn warning(
        &mut self,
        code: &'static str,
        file: FileId,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> &mut Pending {
        self.warnings.push(Pending {
            code,
            severity: Severity::Warning,
            file,
            span,
            message: message.into(),
            help: None,
            labels: Vec::new(),
        });
        let last = self.warnings.len() - 1;
        &mut self.warnings[last]
    }

    /// Takes the warnings out, as a sink of their own to [`Sink::finish`].
    pub(crate) fn take_warnings(&mut self) -> Sink {
        Sink {
            pending: std::mem::take(&mut self.warnings),
            warnings: Vec::new(),
        }
    }

    /// Takes over another sink's errors and warnings.
    pub(crate) fn extend(&mut self, other: Sink) {
        self.pending.extend(other.pending);
        self.warnings.extend(other.warnings);
    }

    /// True when no error was recorded.
    pub(crate) fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// Locates every error in `files` and sorts them by file path, position and code.
    pub(crate) fn finish(self, files: &[&SourceFile]) -> Diagnostics {
        let mut used: Vec<FileId> = self
            .pending
            .iter()
            .flat_map(|p| std::iter::once(p.file).chain(p.labels.iter().map(|l| l.file)))
            .collect();
        used.sort_unstable();
        used.dedup();
        let line_starts: Vec<Vec<usize>> =
            used.iter().map(|&f| line_starts(&files[f].text)).collect();
        let mut items: Vec<Diagnostic> = self
            .pending
            .into_iter()
            .map(|p| {
                let source = files[p.file];
                let starts = &line_starts[used.binary_search(&p.file).unwrap_or(0)];
                let text = source.text.as_str();
                let start = clamp_to_char(text, p.span.start);
                let end = clamp_to_char(text, p.span.end.max(start));
                let (line, column) = locate(text, starts, start);
                let (end_line, end_column) = locate(text, starts, end);
                let labels = p
                    .labels
                    .into_iter()
                    .map(|label| {
                        let source = files[label.file];
                        let starts = &line_starts[used.binary_search(&label.file).unwrap_or(0)];
                        let text = source.text.as_str();
                        let start = clamp_to_char(text, label.span.start);
                        let end = clamp_to_char(text, label.span.end.max(start));
                        let (line, column) = locate(text, starts, start);
                        Label {
                            file: source.path.clone(),
                            span: start..end,
                            line,
                            column,
                            message: label.message,
                        }
                    })
                    .collect();
                Diagnostic {
                    code: p.code,
                    severity: p.severity,
                    message: p.message,
                    file: source.path.clone(),
                    span: start..end,
                    line,
                    column,
                    end_line,
                    end_column,
                    labels,
                    help: p.help,
                }
            })
            .collect();
        items.sort_by(|a, b| {
            (a.file.as_str(), a.span.start, a.code, &a.message).cmp(&(
                b.file.as_str(),
                b.span.start,
                b.code,
                &b.message,
            ))
        });
        items.dedup();
        let sources = used.iter().map(|&f| files[f].clone()).collect();
        Diagnostics { items, sources }
    }
}

/// The most distinct diagnostics [`Diagnostics::render`] shows; the rest are counted.
pub const MAX_RENDERED: usize = 1_000;

/// The longest source line, in bytes, [`Diagnostics::render`] prints under a diagnostic.
pub const MAX_SHOWN_LINE_BYTES: usize = 1_000;

/// The places of repeats a rendered diagnostic lists; further repeats are only counted.
pub const MAX_REPEATS_LOCATED: usize = 10;

/// Diagnostics with one severity, code, message and help.
struct RepeatGroup {
    /// The index of the first, the one rendered.
    first: usize,
    /// How many more there are.
    repeats: usize,
    /// The indices of the first [`MAX_REPEATS_LOCATED`] repeats.
    located: Vec<usize>,
}

/// The diagnostics grouped by severity, code, message and help, in the order of each group's
/// first.
fn repeat_groups(items: &[Diagnostic]) -> Vec<RepeatGroup> {
    let mut groups: Vec<RepeatGroup> = Vec::new();
    let mut group_of: HashMap<(Severity, &str, &str, Option<&str>), usize> = HashMap::new();
    for (index, item) in items.iter().enumerate() {
        let key = (
            item.severity,
            item.code,
            item.message.as_str(),
            item.help.as_deref(),
        );
        match group_of.get(&key) {
            Some(&known) => {
                let group = &mut groups[known];
                group.repeats += 1;
                if group.located.len() < MAX_REPEATS_LOCATED {
                    group.located.push(index);
                }
            }
            None => {
                group_of.insert(key, groups.len());
                groups.push(RepeatGroup {
                    first: index,
                    repeats: 0,
                    located: Vec::new(),
                });
            }
        }
    }
    groups
}

/// The length of the longest line codespan would print for `labels` (each label's first
/// lines and its last line), when it is over [`MAX_SHOWN_LINE_BYTES`].
fn too_long_line(files: &SimpleFiles<&str, &str>, labels: &[cs::Label<usize>]) -> Option<usize> {
    let shown_lines = |label: &cs::Label<usize>| -> Vec<usize> {
        let first = files.line_index(label.file_id, label.range.start).ok();
        let last = files.line_index(label.file_id, label.range.end).ok();
        match (first, last) {
            (Some(first), Some(last)) => (first..=last.min(first + CONTEXT_LINES))
                .chain(std::iter::once(last))
                .collect(),
            _ => Vec::new(),
        }
    };
    labels
        .iter()
        .flat_map(|label| {
            shown_lines(label).into_iter().filter_map(|line| {
                let range = files.line_range(label.file_id, line).ok()?;
                let source = files.source(label.file_id).ok()?;
                Some(source.get(range)?.trim_end_matches('\n').len())
            })
        })
        .filter(|&length| length > MAX_SHOWN_LINE_BYTES)
        .max()
}

/// Lines codespan shows after the first line of a multi-line label (its
/// `start_context_lines`).
const CONTEXT_LINES: usize = 3;

/// `n` with a comma between each group of three digits (`4,211`), as counts in messages are
/// written.
pub fn with_thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

fn clamp_to_char(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// 1-based line and character column of byte offset `at`.
fn locate(text: &str, starts: &[usize], at: usize) -> (usize, usize) {
    let line = starts.partition_point(|&s| s <= at).max(1);
    let column = text[starts[line - 1]..at].chars().count() + 1;
    (line, column)
}

/// The candidate closest to `word` by edit distance, when it is close enough to be a
/// plausible typo.
pub(crate) fn closest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, c)| (d, c))
        .map(|(_, c)| c)
}

/// `did you mean `x`?` for the closest candidate.
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    closest(word, candidates).map(|c| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes() {
        let file = SourceFile {
            path: "cards/x.toml".into(),
            text: "a = 1\nnamé = \"é\" bad\n".into(),
        };
        let mut sink = Sink::default();
        let at = file.text.find("bad").unwrap_or_default();
        sink.error(codes::TOML_SYNTAX, 0, at..at + 3, "boom")
            .help("fix it");
        let diagnostics = sink.finish(&[&file]);
        let d = &diagnostics.items[0];
        assert_eq!((d.line, d.column, d.end_line, d.end_column), (2, 12, 2, 15));
        let rendered = diagnostics.render(false);
        assert!(rendered.contains("error[E0001]: boom"), "{rendered}");
        assert!(rendered.contains("--> cards/x.toml:2:12"), "{rendered}");
        assert!(rendered.contains("^^^"), "{rendered}");
        assert!(rendered.contains("= help: fix it"), "{rendered}");
    }

    /// A sink's diagnostics over `file`, one per `(offset, message)`.
    fn diagnostics_at(file: &SourceFile, errors: &[(usize, String)]) -> Diagnostics {
        let mut sink = Sink::default();
        for (at, message) in errors {
            sink.error(codes::TOML_SYNTAX, 0, *at..*at + 1, message.clone());
        }
        sink.finish(&[file])
    }

    #[test]
    fn repeated_diagnostics_are_shown_once_with_a_count() {
        let file = SourceFile {
            path: "cards/x.toml".into(),
            text: "a\r\n".repeat(5_000),
        };
        let errors: Vec<(usize, String)> = (0..4_212)
            .map(|n| (n, "carriage return must be followed by newline".to_owned()))
            .chain([(3, "something else".to_owned())])
            .collect();
        let diagnostics = diagnostics_at(&file, &errors);
        assert_eq!(diagnostics.len(), 4_213);
        let rendered = diagnostics.render(false);
        assert_eq!(rendered.matches("error[E0001]").count(), 2, "{rendered}");
        assert!(
            rendered.contains("... and 4,211 more like this:"),
            "{rendered}"
        );
        // The first repeats are located, the rest counted.
        assert!(rendered.contains("--> cards/x.toml:1:2\n"), "{rendered}");
        assert!(rendered.contains("(and 4,201 more places)"), "{rendered}");
        assert!(!rendered.contains("cards/x.toml:1:13\n"), "{rendered}");
        assert!(rendered.contains("something else"), "{rendered}");
    }

    #[test]
    fn a_line_too_long_to_show_is_located_but_not_printed() {
        let file = SourceFile {
            path: "cards/x.toml".into(),
            text: format!("ok = 1\n{}\n", "y".repeat(50_000)),
        };
        let errors: Vec<(usize, String)> = (0..100)
            .map(|n| (7 + n * 100, format!("problem {n}")))
            .collect();
        let rendered = diagnostics_at(&file, &errors).render(false);
        assert!(rendered.len() < 20_000, "{} bytes", rendered.len());
        assert!(
            rendered
                .contains("--> cards/x.toml:2:1 (the line is 50,000 bytes long, too long to show)"),
            "{rendered}"
        );
        assert_eq!(rendered.matches("problem").count(), 100);
    }

    #[test]
    fn diagnostics_past_the_bound_are_counted_not_shown() {
        let file = SourceFile {
            path: "cards/x.toml".into(),
            text: "z".repeat(2_000),
        };
        let errors: Vec<(usize, String)> = (0..MAX_RENDERED + 5)
            .map(|n| (n, format!("problem {n}")))
            .chain([(1_999, format!("problem {}", MAX_RENDERED + 4))])
            .collect();
        let rendered = diagnostics_at(&file, &errors).render(false);
        assert_eq!(rendered.matches("error[E0001]").count(), MAX_RENDERED);
        assert!(
            rendered.contains("... and 6 more diagnostic(s) not shown"),
            "{rendered}"
        );
    }

    #[test]
    fn counts_group_their_digits() {
        assert_eq!(with_thousands(0), "0");
        assert_eq!(with_thousands(999), "999");
        assert_eq!(with_thousands(4_211), "4,211");
        assert_eq!(with_thousands(12_345_678), "12,345,678");
    }

    #[test]
    fn suggestions_need_a_close_candidate() {
        assert_eq!(closest("powr", ["power", "element"]), Some("power"));
        assert_eq!(closest("zzzz", ["power", "element"]), None);
    }
}
