//! The compiled, resolved and validated form of one game: what codegen consumes.
//!
//! Every name here is already checked; every reference is an index. Vectors are in a
//! deterministic order that does not depend on the order files were read in:
//! enums, records, kinds, dice, categories and effect ops keep `game.toml` declaration
//! order; codex entries keep (file name, position in file) order; cards are sorted by name.
//!
//! **Architecture Invariant:** nothing in this module names a game's words.

use serde::Serialize;

/// Index into [`Game::enums`].
pub type EnumIdx = usize;
/// Index into [`Game::records`].
pub type RecordIdx = usize;
/// Index into [`Game::categories`].
pub type CategoryIdx = usize;
/// Index into [`Game::kinds`].
pub type KindIdx = usize;

/// A whole compiled game.
#[derive(Debug, Clone, Serialize)]
pub struct Game {
    /// Kebab-case slug, equal to the directory name (`mage-wars`).
    pub name: String,
    /// Display title (`Mage Wars`).
    pub title: String,
    /// Our own short description.
    pub summary: String,
    pub enums: Vec<EnumDef>,
    /// Records, including the built-in `Printing` record (always index 0).
    pub records: Vec<RecordDef>,
    pub kinds: Vec<KindDef>,
    pub dice: Vec<DieDef>,
    pub categories: Vec<CategoryDef>,
    pub effect_ops: Vec<EffectOpDef>,
    pub constants: Vec<Constant>,
    /// Cards sorted by name.
    pub cards: Vec<Card>,
    /// Errata in application order.
    pub errata: Vec<Erratum>,
    /// Every native handler named by a card or codex entry, sorted and deduplicated.
    pub handlers: Vec<HandlerUse>,
    /// Every input file, relative to the repository/content root, sorted.
    pub inputs: Vec<String>,
}

/// A Rust identifier derived from a content name, already checked for collisions and keywords.
pub type Ident = String;

#[derive(Debug, Clone, Serialize)]
pub struct EnumDef {
    pub name: String,
    /// UpperCamelCase type name.
    pub ident: Ident,
    pub summary: Option<String>,
    pub variants: Vec<EnumVariant>,
}

#[derive(Debug, Clone, Serialize)]
pub struct EnumVariant {
    /// As written in content (`"Fire"`, `"Pet (1)"`).
    pub name: String,
    /// UpperCamelCase variant name.
    pub ident: Ident,
    pub summary: Option<String>,
}

/// A field type, resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Type {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    String,
    Text,
    Enum {
        index: EnumIdx,
    },
    Record {
        index: RecordIdx,
    },
    /// A reference to a codex entry of a category.
    Codex {
        index: CategoryIdx,
    },
    List {
        item: Box<Type>,
    },
    Option {
        item: Box<Type>,
    },
}

#[derive(Debug, Clone, Serialize)]
pub struct FieldDef {
    /// snake_case, as written in content; also the Rust field name.
    pub name: String,
    pub ty: Type,
    pub summary: Option<String>,
    /// Value used when a card omits the field (already validated against `ty`).
    pub default: Option<Value>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RecordDef {
    pub name: String,
    pub ident: Ident,
    pub summary: Option<String>,
    pub fields: Vec<FieldDef>,
}

/// A card kind. `fields` lists every field in order: the built-in ones (`name`, `summary`,
/// `handler`, `printings`; `kind` is implied by the kind itself and not stored), then those of
/// the `extends` record, then the kind's own.
#[derive(Debug, Clone, Serialize)]
pub struct KindDef {
    /// As written in content (`creature`).
    pub name: String,
    /// UpperCamelCase struct name (`Creature`).
    pub ident: Ident,
    pub summary: Option<String>,
    pub fields: Vec<FieldDef>,
}

#[derive(Debug, Clone, Serialize)]
pub struct DieDef {
    pub name: String,
    pub ident: Ident,
    pub summary: Option<String>,
    pub faces: Vec<DieFace>,
}

#[derive(Debug, Clone, Serialize)]
pub struct DieFace {
    pub label: String,
    /// Named integer values of the face, in the order the first face declares them.
    /// A numbered die (`sides = N`) has faces labelled "1".."N" with one value `value`.
    pub values: Vec<(String, i64)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CategoryDef {
    /// Type name as declared (`Trait`).
    pub name: String,
    pub ident: Ident,
    /// The top-level key in codex files (`traits`).
    pub file_key: String,
    pub summary: Option<String>,
    /// Extra metadata fields the category declares.
    pub fields: Vec<FieldDef>,
    pub entries: Vec<Entry>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stacking {
    Sum,
    Highest,
    Once,
    Replace,
}

#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub name: String,
    pub ident: Ident,
    pub template: Template,
    pub params: Vec<ParamDef>,
    pub summary: Option<String>,
    pub stacking: Stacking,
    /// Entries of the same category this one cancels (indices into the category's entries).
    pub cancels: Vec<usize>,
    /// Resolved references this entry implies.
    pub implies: Vec<CodexRef>,
    pub handler: Option<String>,
    pub effects: Vec<Effect>,
    /// Values of the category's extra fields, in the category's field order.
    pub fields: Vec<Value>,
    /// Source file (relative) and 1-based line, for docs and diagnostics.
    pub origin: Origin,
}

#[derive(Debug, Clone, Serialize)]
pub struct ParamDef {
    pub name: String,
    pub ty: Type,
}

/// A template split into literal text and parameter slots.
#[derive(Debug, Clone, Serialize)]
pub struct Template {
    /// As written (`"Piercing +{x}"`).
    pub source: String,
    pub parts: Vec<TemplatePart>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TemplatePart {
    Literal(String),
    /// Index into the entry's `params`.
    Slot(usize),
}

#[derive(Debug, Clone, Serialize)]
pub struct EffectOpDef {
    pub name: String,
    pub ident: Ident,
    pub summary: Option<String>,
    pub fields: Vec<FieldDef>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Effect {
    /// Index into [`Game::effect_ops`].
    pub op: usize,
    /// Field values in the op's field order.
    pub fields: Vec<Value>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Constant {
    /// SCREAMING_SNAKE_CASE as written.
    pub name: String,
    pub value: ConstValue,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ConstValue {
    Bool(bool),
    Int(i64),
    Str(String),
    IntList(Vec<i64>),
    StrList(Vec<String>),
}

/// A validated value of some [`Type`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Value {
    Bool(bool),
    Int(i64),
    Str(String),
    Enum {
        index: EnumIdx,
        variant: usize,
    },
    /// Field values in the record's field order.
    Record {
        index: RecordIdx,
        fields: Vec<Value>,
    },
    Codex(CodexRef),
    List(Vec<Value>),
    /// An absent optional value.
    None,
    /// A present optional value.
    Some(Box<Value>),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CodexRef {
    pub category: CategoryIdx,
    pub entry: usize,
    /// Argument values in the entry's `params` order.
    pub args: Vec<Value>,
    /// The text as written (`"Flame -2"`), normalised.
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Card {
    pub name: String,
    /// UpperCamelCase `CardId` variant.
    pub ident: Ident,
    pub kind: KindIdx,
    /// Current values (after errata), in the kind's field order.
    pub fields: Vec<Value>,
    /// Printed values when errata changed the card, else `None`.
    pub printed: Option<Vec<Value>>,
    /// Indices into [`Game::errata`] that changed this card, in application order.
    pub errata: Vec<usize>,
    pub origin: Origin,
}

#[derive(Debug, Clone, Serialize)]
pub struct Erratum {
    pub card: String,
    pub date: String,
    pub source: String,
    pub summary: Option<String>,
    pub origin: Origin,
}

#[derive(Debug, Clone, Serialize)]
pub struct HandlerUse {
    /// snake_case handler name; becomes a method of the generated handler trait.
    pub name: String,
    /// Names of the cards and codex entries that use it, sorted.
    pub used_by: Vec<String>,
}

/// Where something was declared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Origin {
    pub file: String,
    pub line: u32,
}
