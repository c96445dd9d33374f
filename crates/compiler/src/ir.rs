//! The compiled, resolved and validated form of one game: what codegen consumes.
//!
//! Every name here is already checked; every reference is an index. Vectors are in a
//! deterministic order that does not depend on the order files were read in:
//! enums, records, kinds, dice, categories and effect ops keep `game.toml` declaration
//! order; codex entries are sorted by name within their category (so neither file names nor
//! how the codex is split into files matter); cards are sorted by name.
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
/// Index into [`Game::unions`].
pub type UnionIdx = usize;

/// A whole compiled game.
#[derive(Debug, Clone, Serialize)]
pub struct Game {
    /// Kebab-case slug, equal to the directory name (`mage-wars`).
    pub name: String,
    /// Display title (`Mage Wars`).
    pub title: String,
    /// Our own short description.
    pub summary: String,
    /// Enums in declaration order.
    pub enums: Vec<EnumDef>,
    /// Records, including the built-in `Printing` record (always index 0).
    pub records: Vec<RecordDef>,
    /// Card kinds in declaration order.
    pub kinds: Vec<KindDef>,
    /// Dice in declaration order.
    pub dice: Vec<DieDef>,
    /// Codex categories in declaration order.
    pub categories: Vec<CategoryDef>,
    /// Effect operations in declaration order.
    pub effect_ops: Vec<EffectOpDef>,
    /// Constants in declaration order.
    pub constants: Vec<Constant>,
    /// Tagged unions (`[unions.Effect]`) in declaration order.
    pub unions: Vec<UnionDef>,
    /// Cards sorted by name.
    pub cards: Vec<Card>,
    /// Errata in application order.
    pub errata: Vec<Erratum>,
    /// Every native handler named by a card or codex entry, sorted by name (byte order) and
    /// deduplicated; the generated `Handler` enum is declared in this order.
    pub handlers: Vec<HandlerUse>,
    /// The optional impls `[game] derive` asks of the generated Rust.
    pub derives: Derives,
    /// Every input file, relative to the repository/content root, sorted.
    pub inputs: Vec<String>,
    /// Warnings of a successful compile (draft codex entries); not part of the outputs.
    #[serde(skip)]
    pub warnings: crate::Diagnostics,
}

/// The optional impls of the generated Rust (`[game] derive = ["serde", "json_schema"]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Derives {
    /// `Serialize` and `Deserialize` for the game's enums, records, unions, codex values,
    /// handlers and effect operations.
    pub serde: bool,
    /// `schemars::JsonSchema` for the same types.
    pub json_schema: bool,
}

/// A Rust identifier derived from a content name, already checked for collisions and keywords.
pub type Ident = String;

/// An enum declared in `game.toml` (`[enums.Color]`).
#[derive(Debug, Clone, Serialize)]
pub struct EnumDef {
    /// Name as written in content.
    pub name: String,
    /// UpperCamelCase type name.
    pub ident: Ident,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Values in declaration order.
    pub variants: Vec<EnumVariant>,
}

/// One value of an enum.
#[derive(Debug, Clone, Serialize)]
pub struct EnumVariant {
    /// As written in content (`"Fire"`, `"Pet (1)"`).
    pub name: String,
    /// UpperCamelCase variant name.
    pub ident: Ident,
    /// Our own short description, if any.
    pub summary: Option<String>,
}

/// A field type, resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Type {
    /// `bool`.
    Bool,
    /// `int(min..=max)`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// `string`: a short string.
    String,
    /// `text`: a longer summary.
    Text,
    /// `handler`: the snake_case name of a native handler (the generated `Handler` enum).
    Handler,
    /// An enum of this game.
    Enum {
        /// Index of the enum, record or category.
        index: EnumIdx,
    },
    /// A record of this game.
    Record {
        /// Index of the enum, record or category.
        index: RecordIdx,
    },
    /// A reference to a codex entry of a category.
    Codex {
        /// Index of the enum, record or category.
        index: CategoryIdx,
    },
    /// A tagged union of this game.
    Union {
        /// Index of the union.
        index: UnionIdx,
    },
    /// `[T]`.
    List {
        /// The item type.
        item: Box<Type>,
    },
    /// `T?`.
    Option {
        /// The item type.
        item: Box<Type>,
    },
}

/// A typed field of a kind, record, category or effect op.
#[derive(Debug, Clone, Serialize)]
pub struct FieldDef {
    /// snake_case, as written in content; also the Rust field name.
    pub name: String,
    /// The field's type.
    pub ty: Type,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Value used when a card omits the field (already validated against `ty`).
    pub default: Option<Value>,
    /// The field's `where`: every codex reference the field holds (at any depth of lists
    /// and options) must name an entry with these values of its category's fields.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter: Option<EntryFilter>,
}

/// A field's `where` (`{ type = "Ability?", where = { slot = "Speed" } }`): which entries of a
/// category its codex references may name.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EntryFilter {
    /// The category whose references are constrained.
    pub category: CategoryIdx,
    /// (index of one of the category's fields, the value an entry must have there); an
    /// optional field's value must be present and equal.
    pub conditions: Vec<(usize, Value)>,
}

impl EntryFilter {
    /// Whether `entry` (of [`EntryFilter::category`]) meets every condition.
    pub fn allows(&self, entry: &Entry) -> bool {
        self.conditions
            .iter()
            .all(|(field, wanted)| Self::meets(entry.fields.get(*field), wanted))
    }

    /// Whether an entry's field value `has` meets one condition: equal, or present and equal
    /// for an optional field.
    pub fn meets(has: Option<&Value>, wanted: &Value) -> bool {
        match has {
            Some(Value::Some(inner)) => inner.as_ref() == wanted,
            Some(value) => value == wanted,
            None => false,
        }
    }
}

/// A record: a nested structured value (`[records.Attack]`).
#[derive(Debug, Clone, Serialize)]
pub struct RecordDef {
    /// Name as written in content.
    pub name: String,
    /// UpperCamelCase Rust identifier.
    pub ident: Ident,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Fields in declaration order.
    pub fields: Vec<FieldDef>,
}

/// A tagged union (`[unions.Effect]`): a value is one of its variants, named by the `tag` key,
/// with that variant's fields. Variants may hold the union itself through lists, so ability
/// vocabularies nest (`choose_one = { options = "[Effect]" }`).
#[derive(Debug, Clone, Serialize)]
pub struct UnionDef {
    /// Name as written in content (`Effect`).
    pub name: String,
    /// UpperCamelCase Rust identifier.
    pub ident: Ident,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// The key naming the variant in a value (`type` unless declared).
    pub tag: String,
    /// Variants in declaration order.
    pub variants: Vec<UnionVariant>,
}

/// One variant of a union.
#[derive(Debug, Clone, Serialize)]
pub struct UnionVariant {
    /// snake_case, as content writes it in the tag (`deal_damage`).
    pub name: String,
    /// UpperCamelCase Rust variant name.
    pub ident: Ident,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Fields in declaration order (none: a unit variant).
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
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Every field, in order (see above).
    pub fields: Vec<FieldDef>,
}

/// A die (`[dice.attack]`).
#[derive(Debug, Clone, Serialize)]
pub struct DieDef {
    /// Name as written in content.
    pub name: String,
    /// UpperCamelCase Rust identifier.
    pub ident: Ident,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Faces in order.
    pub faces: Vec<DieFace>,
}

/// One face of a die.
#[derive(Debug, Clone, Serialize)]
pub struct DieFace {
    /// What the face shows (`"1*"`).
    pub label: String,
    /// Named integer values of the face, in the order the first face declares them.
    /// A numbered die (`sides = N`) has faces labelled "1".."N" with one value `value`.
    pub values: Vec<(String, i64)>,
}

/// A codex category (`[categories.Trait]`) with its entries.
#[derive(Debug, Clone, Serialize)]
pub struct CategoryDef {
    /// Type name as declared (`Trait`).
    pub name: String,
    /// UpperCamelCase Rust identifier.
    pub ident: Ident,
    /// The top-level key in codex files (`traits`).
    pub file_key: String,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Extra metadata fields the category declares.
    pub fields: Vec<FieldDef>,
    /// Entries sorted by name.
    pub entries: Vec<Entry>,
}

/// How several instances of one codex entry on the same object combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stacking {
    /// Values add up.
    Sum,
    /// Only the highest value counts.
    Highest,
    /// Counts once, however often it is gained.
    Once,
    /// The newest instance replaces the older.
    Replace,
}

/// One codex entry.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    /// Name as written in content.
    pub name: String,
    /// UpperCamelCase Rust identifier.
    pub ident: Ident,
    /// How cards write a reference to it.
    pub template: Template,
    /// Typed parameters, one per template slot.
    pub params: Vec<ParamDef>,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// How several instances combine.
    pub stacking: Stacking,
    /// Entries of the same category this one cancels (indices into the category's entries).
    pub cancels: Vec<usize>,
    /// Resolved references this entry implies directly.
    pub implies: Vec<CodexRef>,
    /// The transitive closure of `implies`: breadth-first in declaration order, deduplicated,
    /// never the entry itself.
    pub implied: Vec<CodexRef>,
    /// A native handler name (snake_case), if any.
    pub handler: Option<String>,
    /// Effects the entry applies.
    pub effects: Vec<Effect>,
    /// Written by `import --scaffold` and not reviewed yet (`draft = true`): it compiles with
    /// a warning, and the rules report it when they meet it in play.
    pub draft: bool,
    /// Values of the category's extra fields, in the category's field order.
    pub fields: Vec<Value>,
    /// Source file (relative) and 1-based line, for docs and diagnostics.
    pub origin: Origin,
}

/// A typed template parameter of a codex entry.
#[derive(Debug, Clone, Serialize)]
pub struct ParamDef {
    /// The slot name (`x` in `{x}`).
    pub name: String,
    /// The parameter's type.
    pub ty: Type,
}

/// A template split into literal text and parameter slots.
#[derive(Debug, Clone, Serialize)]
pub struct Template {
    /// As written (`"Piercing +{x}"`).
    pub source: String,
    /// Literal text and slots, in order.
    pub parts: Vec<TemplatePart>,
}

/// A piece of a template.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TemplatePart {
    /// Fixed text.
    Literal(String),
    /// Index into the entry's `params`.
    Slot(usize),
}

/// An effect operation declared in `game.toml` (`[effects.dice_modifier]`).
#[derive(Debug, Clone, Serialize)]
pub struct EffectOpDef {
    /// Name as written in content.
    pub name: String,
    /// UpperCamelCase Rust identifier.
    pub ident: Ident,
    /// Our own short description, if any.
    pub summary: Option<String>,
    /// Fields in declaration order.
    pub fields: Vec<FieldDef>,
}

/// One effect of a codex entry: an op with its field values.
#[derive(Debug, Clone, Serialize)]
pub struct Effect {
    /// Index into [`Game::effect_ops`].
    pub op: usize,
    /// Field values in the op's field order.
    pub fields: Vec<Value>,
}

/// A named constant from `[constants]`.
#[derive(Debug, Clone, Serialize)]
pub struct Constant {
    /// SCREAMING_SNAKE_CASE as written.
    pub name: String,
    /// Our own short description, if any (typed constants only).
    pub summary: Option<String>,
    /// The value.
    pub value: ConstValue,
}

/// The value of a constant.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ConstValue {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// A list of integers.
    IntList(Vec<i64>),
    /// A list of strings.
    StrList(Vec<String>),
    /// A constant declared `{ type = "...", value = ... }`: a value checked against its type
    /// exactly like a card field.
    Typed {
        /// The declared type.
        ty: Type,
        /// The validated value.
        value: Value,
    },
}

/// A validated value of some [`Type`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Value {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string or text.
    Str(String),
    /// A native handler, by its snake_case name.
    Handler(String),
    /// An enum value.
    Enum {
        /// Index of the enum or record.
        index: EnumIdx,
        /// Index of the variant.
        variant: usize,
    },
    /// Field values in the record's field order.
    Record {
        /// Index of the enum or record.
        index: RecordIdx,
        /// Field values in the record's field order.
        fields: Vec<Value>,
    },
    /// A codex reference.
    Codex(CodexRef),
    /// A value of a tagged union: one variant with its field values.
    Union {
        /// Index of the union.
        index: UnionIdx,
        /// Index of the variant.
        variant: usize,
        /// Field values in the variant's field order.
        fields: Vec<Value>,
    },
    /// A list.
    List(Vec<Value>),
    /// An absent optional value.
    None,
    /// A present optional value.
    Some(Box<Value>),
}

/// A resolved reference to a codex entry with its arguments (`"Sharp +2"`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CodexRef {
    /// The category.
    pub category: CategoryIdx,
    /// Index into the category's entries.
    pub entry: usize,
    /// Argument values in the entry's `params` order.
    pub args: Vec<Value>,
    /// The text as written (`"Flame -2"`), normalised.
    pub text: String,
}

/// One card, validated against its kind.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    /// The card's name, unique within the game.
    pub name: String,
    /// UpperCamelCase `CardId` variant.
    pub ident: Ident,
    /// The card's kind.
    pub kind: KindIdx,
    /// Current values (after errata), in the kind's field order.
    pub fields: Vec<Value>,
    /// Printed values when errata changed the card, else `None`.
    pub printed: Option<Vec<Value>>,
    /// Indices into [`Game::errata`] that changed this card, in application order.
    pub errata: Vec<usize>,
    /// Where the card is declared.
    pub origin: Origin,
}

/// One applied erratum.
#[derive(Debug, Clone, Serialize)]
pub struct Erratum {
    /// Name of the card it changes.
    pub card: String,
    /// Date of the errata layer (`YYYY-MM-DD`).
    pub date: String,
    /// Where the erratum comes from.
    pub source: String,
    /// What changed, in our own words.
    pub summary: Option<String>,
    /// Where the erratum is declared.
    pub origin: Origin,
}

/// A native handler and who uses it.
#[derive(Debug, Clone, Serialize)]
pub struct HandlerUse {
    /// snake_case handler name; becomes a method of the generated handler trait.
    pub name: String,
    /// UpperCamelCase variant of the generated `Handler` enum.
    pub ident: Ident,
    /// Names of the cards and codex entries that use it, sorted.
    pub used_by: Vec<String>,
}

/// Where something was declared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// File path relative to the content root.
    pub file: String,
    /// 1-based line.
    pub line: u32,
}
