//! The fixed vocabulary of Grimoire's source formats (see `docs/formats.md`): the keys every
//! game shares. The compiler checks content against these lists; schema writers and tools can
//! use the same lists instead of copying them.
//!
//! **Architecture Invariant:** nothing here names a game's words.

/// Top-level tables of `game.toml`.
pub const GAME_TOML_SECTIONS: &[&str] = &[
    "game",
    "enums",
    "records",
    "kinds",
    "dice",
    "categories",
    "effects",
    "constants",
    "unions",
];

/// Keys of a union declaration (`[unions.Effect]`); `variants` is required.
pub const UNION_KEYS: &[&str] = &["summary", "tag", "variants"];

/// Keys of one variant of a union (`[unions.Effect.variants.draw]`).
pub const UNION_VARIANT_KEYS: &[&str] = &["summary", "fields"];

/// The key that names a union value's variant when the union declares no `tag`
/// (`{ type = "draw", count = 2 }`).
pub const DEFAULT_UNION_TAG: &str = "type";

/// Keys of the `[game]` table: [`GAME_REQUIRED_KEYS`] and the optional `derive`.
pub const GAME_KEYS: &[&str] = &["name", "title", "summary", "derive"];

/// The keys every `[game]` table has.
pub const GAME_REQUIRED_KEYS: &[&str] = &["name", "title", "summary"];

/// What `[game] derive = [...]` may ask of the generated Rust: `serde` (the game's enums,
/// records, unions, codex values and effect operations implement `Serialize` and
/// `Deserialize`, read as content writes them) and `json_schema` (they implement
/// `schemars::JsonSchema` with the content's own schema). The crate compiling the generated
/// code then depends on `serde`, `schemars` and `grimoire-runtime` with the same features.
pub const DERIVES: &[&str] = &["serde", "json_schema"];

/// Keys of a field declared as a table (`{ type, summary, default, where }`); `where` limits
/// the codex entries the field's references may name by the entries' own field values.
pub const FIELD_SPEC_KEYS: &[&str] = &["type", "summary", "default", "where"];

/// Keys of a typed constant (`NAME = { type, value, summary }`); `type` and `value` are required.
pub const TYPED_CONSTANT_KEYS: &[&str] = &["type", "value", "summary"];

/// The type-expression keyword of a native handler name (`handler`, `handler?`).
pub const HANDLER_TYPE: &str = "handler";

/// Fields every card has, in order (`kind` selects the kind and is not stored); kinds may not
/// redeclare them.
pub const BUILTIN_CARD_FIELDS: &[&str] = &["name", "kind", "summary", "handler", "printings"];

/// Name of the built-in record of card printings (`{ set, number }`).
pub const PRINTING_RECORD: &str = "Printing";

/// Keys every codex entry may have; a category's extra fields come on top.
pub const CODEX_ENTRY_KEYS: &[&str] = &[
    "name", "template", "params", "summary", "stacking", "cancels", "implies", "handler",
    "effects", "draft",
];

/// Values of a codex entry's `stacking` (the default is `once`).
pub const STACKING_RULES: &[&str] = &["sum", "highest", "once", "replace"];

/// Separator of the items of a list slot in a codex reference (`+2 vs Tall OR Small`).
pub const LIST_SLOT_SEPARATOR: &str = " OR ";

/// Separator of the enum values of one alternative of a nested-list slot (`[[E]]`), as in
/// `+1 vs Big Red OR Small`: alternatives are split on [`LIST_SLOT_SEPARATOR`], then each is read
/// as enum values separated by this, longest value first.
pub const WORD_SEPARATOR: &str = " ";

/// Top-level keys of a card file.
pub const CARD_FILE_KEYS: &[&str] = &["source", "card"];

/// Top-level keys of an errata file.
pub const ERRATA_FILE_KEYS: &[&str] = &["date", "source", "erratum"];

/// Keys of one `[[erratum]]`.
pub const ERRATUM_KEYS: &[&str] = &["card", "summary", "set", "add", "remove"];

/// Key naming the operation of an effect (`{ op = "...", ... }`).
pub const EFFECT_OP_KEY: &str = "op";

/// Name of the folder under `cards/<game>/` that holds errata layers instead of a set.
pub const ERRATA_FOLDER: &str = "errata";
