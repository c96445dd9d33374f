//! The checked-in generated files (game crates, schemas, dumps) match the content.

use grimoire_codegen::{generate_common, generate_game, stale_outputs};

use crate::support::repo_root;

#[test]
fn every_generated_file_is_fresh() {
    let root = repo_root();
    let games = grimoire_compiler::discover_games(&root).expect("list the repository's games");
    assert!(!games.is_empty(), "no game found under {}", root.display());
    let mut outputs = generate_common();
    for name in &games {
        let input = grimoire_compiler::load_game(&root, name).expect("read the game's files");
        let game = grimoire_compiler::compile(&input).unwrap_or_else(|diagnostics| {
            panic!("{name} does not compile:\n{}", diagnostics.render(false))
        });
        outputs.extend(generate_game(&game));
    }
    let stale = stale_outputs(&root, &outputs);
    assert!(
        stale.is_empty(),
        "stale generated files (run `cargo xtask codegen`):\n  {}",
        stale.join("\n  ")
    );
}
