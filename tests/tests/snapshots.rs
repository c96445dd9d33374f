//! Snapshots of the Rust generated for the `tiny` fixture, a game that uses every feature:
//! enums, records, optional and list fields, codex references with parameters, errata,
//! handlers, effects, dice and constants.

use grimoire_codegen::{generate_game, ir::Game};

use crate::support::repo_root;

/// The compiled `tests/fixtures/tiny` game.
pub fn tiny_game() -> Game {
    let root = repo_root().join("tests/fixtures/tiny");
    let input = grimoire_compiler::load_game(&root, "tiny").expect("read the tiny fixture");
    grimoire_compiler::compile(&input).unwrap_or_else(|diagnostics| {
        panic!("tiny does not compile:\n{}", diagnostics.render(false))
    })
}

#[test]
fn generated_rust_files_match_their_snapshots() {
    let outputs = generate_game(&tiny_game());
    let rust: Vec<_> = outputs
        .iter()
        .filter(|output| output.path.ends_with(".rs"))
        .collect();
    assert!(
        rust.len() >= 5,
        "expected mod.rs and one file per concern, got {}",
        rust.len()
    );
    for output in rust {
        let file = output.path.rsplit('/').next().unwrap_or(&output.path);
        insta::assert_snapshot!(format!("tiny_{}", file.replace('.', "_")), output.contents);
    }
}

#[test]
fn single_module_matches_its_snapshot() {
    insta::assert_snapshot!(
        "tiny_single_module",
        grimoire_codegen::rust_module(&tiny_game())
    );
}

#[test]
fn card_schema_matches_its_snapshot() {
    let outputs = generate_game(&tiny_game());
    let schema = outputs
        .iter()
        .find(|output| output.path == "schemas/tiny.cards.schema.json")
        .expect("a card schema for tiny");
    insta::assert_snapshot!("tiny_cards_schema", schema.contents);
}
