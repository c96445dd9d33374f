//! The compiler's working state: the game being built, its name tables and the error sink.

use std::collections::HashMap;

use toml::de::DeTable;

use crate::diagnostic::{FileId, Sink};
use crate::ir::{FieldDef, Game, Type};
use crate::template::Matcher;
use crate::tree::Node;
use crate::SourceFile;

/// Which declaration a field list belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Owner {
    Record(usize),
    /// A kind's own fields (before the built-in and `extends` fields are prepended).
    Kind(usize),
    Category(usize),
    EffectOp(usize),
    /// A union's variant: (union, variant).
    UnionVariant(usize, usize),
}

/// A field default (or a field's `where`) waiting for the codex to be loaded before it can be
/// checked.
pub(crate) struct PendingDefault<'t, 'i> {
    pub owner: Owner,
    pub field: usize,
    pub node: &'t Node<'i>,
    /// `true`: `node` is the field's `where` table, not its default.
    pub filter: bool,
}

/// A reference to a constrained field (`where`) read before the codex entries' own fields
/// were: checked once they are (`finish_entries`).
pub(crate) struct DeferredFilter {
    pub filter: crate::ir::EntryFilter,
    /// The constrained field's name and the fields beside it (for the help).
    pub field: String,
    pub siblings: Vec<FieldDef>,
    pub reference: crate::ir::CodexRef,
    pub file: FileId,
    pub span: std::ops::Range<usize>,
}

/// Field names of a field list, for lookup by key.
pub(crate) type FieldIndex = HashMap<String, usize>;

/// Builds a [`FieldIndex`].
pub(crate) fn index_fields(fields: &[FieldDef]) -> FieldIndex {
    fields
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.clone(), i))
        .collect()
}

/// Everything the passes share.
pub(crate) struct Context<'a> {
    pub files: Vec<&'a SourceFile>,
    pub sink: Sink,
    pub game: Game,
    /// Enum, record and category names → their type.
    pub type_names: HashMap<String, Type>,
    /// Per enum: (value, variant index), longest value first.
    pub enum_values: Vec<Vec<(String, usize)>>,
    /// Per enum: value → variant index.
    pub enum_index: Vec<HashMap<String, usize>>,
    pub record_fields: Vec<FieldIndex>,
    pub kind_index: HashMap<String, usize>,
    pub kind_fields: Vec<FieldIndex>,
    /// Per kind: the `extends` record, if any.
    pub kind_extends: Vec<Option<usize>>,
    pub category_fields: Vec<FieldIndex>,
    pub op_index: HashMap<String, usize>,
    pub op_fields: Vec<FieldIndex>,
    /// Per union: variant name → variant index.
    pub union_variants: Vec<HashMap<String, usize>>,
    /// Per union, per variant: its fields by name.
    pub union_fields: Vec<Vec<FieldIndex>>,
    /// Per category: its templates.
    pub matchers: Vec<Matcher>,
    /// Per category: entry name → entry index.
    pub entry_names: Vec<HashMap<String, usize>>,
    /// Whether the codex entries' own fields are read, so `where` filters can be checked.
    pub entries_ready: bool,
    /// `where` checks met before `entries_ready`.
    pub deferred: std::sync::Mutex<Vec<DeferredFilter>>,
}

impl<'a> Context<'a> {
    /// A fresh context for `files` (index 0 is `game.toml`).
    pub(crate) fn new(files: Vec<&'a SourceFile>, game: Game) -> Self {
        Context {
            files,
            sink: Sink::default(),
            game,
            type_names: HashMap::new(),
            enum_values: Vec::new(),
            enum_index: Vec::new(),
            record_fields: Vec::new(),
            kind_index: HashMap::new(),
            kind_fields: Vec::new(),
            kind_extends: Vec::new(),
            category_fields: Vec::new(),
            op_index: HashMap::new(),
            op_fields: Vec::new(),
            union_variants: Vec::new(),
            union_fields: Vec::new(),
            matchers: Vec::new(),
            entry_names: Vec::new(),
            entries_ready: false,
            deferred: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The display path of a file.
    pub(crate) fn path(&self, file: FileId) -> &str {
        &self.files[file].path
    }
}

/// Turns increasing byte offsets of one file into 1-based lines without rescanning.
pub(crate) struct LineCursor<'t> {
    text: &'t [u8],
    offset: usize,
    line: u32,
}

impl<'t> LineCursor<'t> {
    /// A cursor at the start of `text`.
    pub(crate) fn new(text: &'t str) -> Self {
        LineCursor {
            text: text.as_bytes(),
            offset: 0,
            line: 1,
        }
    }

    /// The line of `offset`; cheap when offsets increase between calls.
    pub(crate) fn line(&mut self, offset: usize) -> u32 {
        let offset = offset.min(self.text.len());
        if offset < self.offset {
            self.offset = 0;
            self.line = 1;
        }
        let newlines = self.text[self.offset..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.line = self
            .line
            .saturating_add(u32::try_from(newlines).unwrap_or(u32::MAX));
        self.offset = offset;
        self.line
    }
}

/// A parsed file.
pub(crate) type Parsed<'i> = Option<DeTable<'i>>;
