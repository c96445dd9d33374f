//! grimoire-codegen: turns a compiled [`ir::Game`] into checked-in artefacts.
//!
//! - typed Rust tables (`crates/games/<game>/src/generated/*.rs`, or one module for
//!   `build.rs` and the `include_game!` macro),
//! - JSON Schemas for card, errata and codex files (`schemas/<game>.*.schema.json`) and for the
//!   game-independent formats (`schemas/codex.schema.json`, `schemas/game.schema.json`),
//! - a JSON dump of the compiled content (`dumps/<game>.json`: cards as plain JSON objects, one per line).
//!
//! Everything is pure and deterministic: the same IR gives the same bytes. Writing the outputs
//! is [`write_outputs`]: one switch through a journal that [`recover_outputs`] finishes after
//! a kill, so that once recovered the outputs are all of one build.
//!
//! # The generated Rust
//!
//! Static tables only (no per-card functions), in `generated/` files by concern:
//!
//! | file | items |
//! |---|---|
//! | `game.rs` | `GAME_NAME`, `GAME_TITLE`, `GAME_SUMMARY` |
//! | `types.rs` | one enum per game enum (`NAME`, `ALL`, `NAMES`, `name()`, `Display`, `FromStr` with `ParseNameError`, re-exported from `grimoire_runtime`); one struct per record; one enum per tagged union (a struct variant per variant, `NAME`, `TAG`, `VARIANTS`, `variant()`) |
//! | `codex.rs` | `Stacking`; `EffectOp` (one variant per effect op, with `NAMES` and `name()`); per category an enum whose variants carry the typed parameters (`Trait::Piercing(u8)`), a `TraitMeta` table `TRAIT_META` (with `implies`, the precomputed closure `implied`, `handler: Option<Handler>`) reached with `meta()`, `name()` and a `Display` printing the card text; `CodexRef` (a value of any category) |
//! | `parse.rs` | per category `FromStr`, the inverse of `Display` (`"Piercing +2".parse::<Trait>()`): a table of the entries' templates matched by `grimoire_runtime::codex::parse`, whose `ParseCodexError` (category, text and a `ParseCodexReason`: no match, an integer out of range, or a text/list argument no card uses) is re-exported; and `int_param()` (the first integer parameter) |
//! | `tables.rs` | per die a face struct, a `<DIE>_DIE` table, `<DIE>_DIE_NAME` and `<DIE>_DIE_SIDES`; the game's constants (typed constants with their declared type) |
//! | `cards.rs` | one struct and one `static` table per kind (`CREATURES`); `Card` (a reference to a card of any kind, with `name()`, `kind()`, `card_kind()` and an accessor for every field all kinds share); `CardKind` (`ALL`, `NAMES`, `name()`, `FromStr`); `CardId` (numbered in name order) with `COUNT`, `ALL`, `from_index()`, `card()` (through the one-byte-per-card `CARD_KINDS` and the rows computed from it at compile time), `name()`, `from_name()` (binary search), `printed()` and `errata()` |
//! | `handlers.rs` | the `Handler` enum (one variant per native handler, documented with its users; declared in name order: `COUNT`, `ALL`, `from_index()`, `NAMES` (sorted), `name()`, `Display`, `FromStr` by binary search); no per-handler functions: a game's rules `match` on it, a wildcard arm answering "not modelled yet" |
//! | `live.rs` | `Card::from_live` and one reader per kind and record, built from `grimoire_runtime::live` (`LiveValue` and `LiveError` are re-exported) |
//!
//! [`rust_module`] and [`rust_tokens`] give the same items as one module. Every form calls the
//! `grimoire-runtime` crate (as `::grimoire_runtime`), which the crate compiling it depends on.

mod dump;
mod names;
mod output;
mod rust;
mod schema;

pub use grimoire_compiler::ir;
pub use output::{
    orphaned_outputs, recover_outputs, stale_outputs, write_outputs, write_outputs_removing,
    Output, Recovered, JOURNAL, PAUSE_VARIABLE,
};

/// Every output of one game: `crates/games/<g>/src/generated/*.rs`,
/// `schemas/<g>.cards.schema.json`, `schemas/<g>.errata.schema.json`,
/// `schemas/<g>.codex.schema.json` and `dumps/<g>.json`.
pub fn generate_game(game: &ir::Game) -> Vec<Output> {
    // The Rust files and the dump both grow with the number of cards: make them side by side.
    // The Rust stays on the calling thread: inside a proc macro, `proc_macro2` tokens made on
    // another thread cannot meet the compiler's own.
    let (rust_files, dump) = std::thread::scope(|scope| {
        let dump = scope.spawn(|| dump::dump(game));
        let rust_files = rust::split_files(game);
        // The dump writes plain strings and numbers; a panic there is a bug worth surfacing.
        (
            rust_files,
            dump.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    });
    let mut outputs: Vec<Output> = rust_files
        .into_iter()
        .map(|(file, contents)| Output {
            path: format!("crates/games/{}/src/generated/{file}", game.name),
            contents,
        })
        .collect();
    outputs.push(Output {
        path: format!("schemas/{}.cards.schema.json", game.name),
        contents: json_text(&schema::cards_schema(game)),
    });
    outputs.push(Output {
        path: format!("schemas/{}.errata.schema.json", game.name),
        contents: json_text(&schema::errata_schema(game)),
    });
    outputs.push(Output {
        path: format!("schemas/{}.codex.schema.json", game.name),
        contents: json_text(&schema::codex_schema(game)),
    });
    outputs.push(Output {
        path: format!("dumps/{}.json", game.name),
        contents: dump,
    });
    outputs
}

/// Game-independent outputs: `schemas/codex.schema.json` (codex files) and
/// `schemas/game.schema.json` (`game.toml`).
pub fn generate_common() -> Vec<Output> {
    vec![
        Output {
            path: "schemas/codex.schema.json".to_string(),
            contents: json_text(&schema::codex_file_schema()),
        },
        Output {
            path: "schemas/game.schema.json".to_string(),
            contents: json_text(&schema::game_file_schema()),
        },
    ]
}

/// One self-contained Rust module (all generated items, no inner attributes) as a string,
/// for `build.rs` users to `include!`.
pub fn rust_module(game: &ir::Game) -> String {
    format!("{}{}", rust::header(game), rust::module_text(game))
}

/// The same items as [`rust_module`] as tokens, for the `include_game!` proc macro.
pub fn rust_tokens(game: &ir::Game) -> proc_macro2::TokenStream {
    // The module text is generated Rust, which always lexes.
    rust::module_text(game).parse().unwrap_or_default()
}

/// A fingerprint of everything but the cards: `game.toml` (enums, records, kinds, dice,
/// effect operations, constants) and the codex, without source locations. The generated
/// `VOCABULARY_FINGERPRINT` holds it, so a program reading cards edited after it was built
/// can tell whether the vocabulary it was built with is still the content's (FNV-1a over the
/// JSON form: the same on every machine).
pub fn vocabulary_fingerprint(game: &ir::Game) -> u64 {
    let mut value = serde_json::json!([
        game.enums,
        game.records,
        game.kinds,
        game.dice,
        game.categories,
        game.effect_ops,
        game.constants,
        game.unions,
    ]);
    strip_origins(&mut value);
    let text = value.to_string();
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn strip_origins(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.remove("origin");
            map.values_mut().for_each(strip_origins);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_origins),
        _ => {}
    }
}

fn json_text(value: &impl serde::Serialize) -> String {
    // Serialising plain data (strings, numbers, vectors, derived structs) cannot fail.
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod sample;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_rust_parses_and_is_deterministic() {
        let game = sample::game();
        let first = generate_game(&game);
        assert_eq!(first, generate_game(&game));
        for output in first.iter().filter(|output| output.path.ends_with(".rs")) {
            assert!(output
                .contents
                .starts_with("// @generated by grimoire-codegen from"));
            syn::parse_file(&output.contents)
                .unwrap_or_else(|error| panic!("{} does not parse: {error}", output.path));
        }
        let module = rust_module(&game);
        syn::parse_file(&module).expect("the single module parses");
        assert!(
            !module.contains("//!"),
            "the single module has no inner doc comments"
        );
    }

    #[test]
    fn asked_for_derives_add_a_file_of_impls_and_nothing_otherwise() {
        let plain = sample::game();
        let paths = |game: &ir::Game| -> Vec<String> {
            generate_game(game).into_iter().map(|o| o.path).collect()
        };
        assert!(!paths(&plain).iter().any(|p| p.ends_with("derives.rs")));
        assert!(!rust_module(&plain).contains("::serde::"));
        let mut game = sample::game();
        game.derives = ir::Derives {
            serde: true,
            json_schema: true,
        };
        let outputs = generate_game(&game);
        let derives = outputs
            .iter()
            .find(|o| o.path.ends_with("generated/derives.rs"))
            .expect("a derives.rs");
        syn::parse_file(&derives.contents).expect("derives.rs parses");
        for item in [
            "impl ::serde::Serialize for Element",
            "impl<'de> ::serde::Deserialize<'de> for Element",
            "impl ::serde::Serialize for Handler",
            "impl ::schemars::JsonSchema for Element",
            "impl ::schemars::JsonSchema for EffectOp",
        ] {
            assert!(derives.contents.contains(item), "no `{item}`");
        }
        let live = outputs
            .iter()
            .find(|o| o.path.ends_with("generated/live.rs"))
            .expect("a live.rs");
        assert!(live
            .contents
            .contains("impl<'de> ::serde::Deserialize<'de> for EffectOp"));
        let module = rust_module(&game);
        syn::parse_file(&module).expect("the single module with derives parses");
    }

    #[test]
    fn outputs_cover_rust_schemas_and_dump() {
        let paths: Vec<String> = generate_game(&sample::game())
            .into_iter()
            .map(|output| output.path)
            .collect();
        for expected in [
            "crates/games/sample/src/generated/mod.rs",
            "crates/games/sample/src/generated/cards.rs",
            "schemas/sample.cards.schema.json",
            "schemas/sample.errata.schema.json",
            "dumps/sample.json",
        ] {
            assert!(
                paths.iter().any(|path| path == expected),
                "missing {expected} in {paths:?}"
            );
        }
    }

    #[test]
    fn write_outputs_skips_unchanged_files_and_stale_outputs_finds_changes() {
        let root = tempfile::tempdir().expect("temp dir");
        let outputs = vec![Output {
            path: "a/b.txt".into(),
            contents: "one".into(),
        }];
        assert_eq!(
            stale_outputs(root.path(), &outputs),
            vec!["a/b.txt".to_string()]
        );
        assert_eq!(
            write_outputs(root.path(), &outputs).expect("write"),
            vec!["a/b.txt".to_string()]
        );
        assert!(write_outputs(root.path(), &outputs)
            .expect("rewrite")
            .is_empty());
        assert!(stale_outputs(root.path(), &outputs).is_empty());
        let entries: Vec<_> = std::fs::read_dir(root.path().join("a"))
            .expect("dir")
            .collect();
        assert_eq!(entries.len(), 1, "a temporary file was left behind");
    }
}
