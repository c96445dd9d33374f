//! The checked-in generated files (game crates, schemas, dumps) match the content.

use grimoire_codegen::{generate_common, generate_game, stale_outputs, Output};

use crate::support::repo_root;

/// Every output `cargo xtask codegen` writes for the repository.
fn repository_outputs() -> Vec<Output> {
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
    outputs
}

#[test]
fn every_generated_file_is_fresh() {
    let stale = stale_outputs(&repo_root(), &repository_outputs());
    assert!(
        stale.is_empty(),
        "stale generated files (run `cargo xtask codegen`):\n  {}",
        stale.join("\n  ")
    );
}

#[test]
fn generated_directories_hold_only_generated_files() {
    let root = repo_root();
    let outputs = repository_outputs();
    let mut leftovers = Vec::new();
    let games_dir = root.join("crates/games");
    for game in std::fs::read_dir(&games_dir).expect("crates/games exists") {
        let generated = game.expect("readable entry").path().join("src/generated");
        let Ok(entries) = std::fs::read_dir(&generated) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("readable entry").path();
            let relative = path.strip_prefix(&root).expect("under the root");
            let relative = relative.to_string_lossy().replace('\\', "/");
            if !outputs.iter().any(|output| output.path == relative) {
                leftovers.push(relative);
            }
        }
    }
    assert!(
        leftovers.is_empty(),
        "files no longer generated (run `cargo xtask codegen`, which removes them):\n  {}",
        leftovers.join("\n  ")
    );
}

/// The generated Rust reads exactly as prettyplease prints it: the per-card items, which
/// codegen lays out itself for speed, included.
#[test]
fn generated_rust_is_exactly_what_prettyplease_prints() {
    let mut checked = 0;
    for output in repository_outputs() {
        if !output.path.ends_with(".rs") {
            continue;
        }
        let body = output
            .contents
            .split_once('\n')
            .map_or("", |(_, body)| body);
        let file = syn::parse_file(body)
            .unwrap_or_else(|error| panic!("{} does not parse: {error}", output.path));
        let printed = prettyplease::unparse(&file);
        if printed != body {
            let line = printed
                .lines()
                .zip(body.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!(
                "{} differs from prettyplease's output at line {}:\n  prettyplease: {:?}\n  generated:    {:?}",
                output.path,
                line + 2,
                printed.lines().nth(line),
                body.lines().nth(line)
            );
        }
        checked += 1;
    }
    assert!(
        checked >= 4 * 6,
        "only {checked} generated Rust files checked"
    );
}

/// Every game crate inlines its generated items on its docs front page (a glob re-export of
/// a public module is otherwise shown as one opaque `pub use generated::*;` line).
#[test]
fn game_crates_show_their_generated_items_on_the_front_page() {
    let root = repo_root();
    for game in grimoire_compiler::discover_games(&root).expect("games") {
        let lib = root.join("crates/games").join(&game).join("src/lib.rs");
        let Ok(text) = std::fs::read_to_string(&lib) else {
            continue;
        };
        let reexport = text
            .find("pub use generated::*;")
            .unwrap_or_else(|| panic!("{}: no `pub use generated::*;`", lib.display()));
        let before = text[..reexport].trim_end();
        assert!(
            before.ends_with("#[doc(inline)]"),
            "{}: `pub use generated::*;` needs `#[doc(inline)]`",
            lib.display()
        );
    }
}
