//! Generation is deterministic (input order does not matter) and writing is atomic.

use std::path::Path;

use grimoire_codegen::{generate_common, generate_game, write_outputs, Output};

use crate::support::repo_root;

/// Every output of the game `name` under `root`, after `reorder` shuffled its input files.
fn outputs_with(
    root: &Path,
    name: &str,
    reorder: impl Fn(&mut grimoire_compiler::GameInput),
) -> Vec<Output> {
    let mut input = grimoire_compiler::load_game(root, name).expect("read the game's files");
    reorder(&mut input);
    let game = grimoire_compiler::compile(&input).unwrap_or_else(|diagnostics| {
        panic!("{name} does not compile:\n{}", diagnostics.render(false))
    });
    generate_game(&game)
}

/// A deterministic shuffle: interleave from both ends.
fn interleave<T>(items: &mut Vec<T>) {
    let mut rest: std::collections::VecDeque<T> = items.drain(..).collect();
    let mut from_back = true;
    while let Some(item) = if from_back {
        rest.pop_back()
    } else {
        rest.pop_front()
    } {
        items.push(item);
        from_back = !from_back;
    }
}

fn assert_order_independent(root: &Path, name: &str) {
    let baseline = outputs_with(root, name, |_| {});
    let reversed = outputs_with(root, name, |input| {
        input.codex.reverse();
        input.cards.reverse();
        input.errata.reverse();
    });
    let shuffled = outputs_with(root, name, |input| {
        interleave(&mut input.codex);
        interleave(&mut input.cards);
        interleave(&mut input.errata);
    });
    for (label, other) in [("reversed", reversed), ("shuffled", shuffled)] {
        assert_eq!(baseline.len(), other.len());
        for (expected, actual) in baseline.iter().zip(&other) {
            assert_eq!(expected.path, actual.path);
            assert!(
                expected.contents == actual.contents,
                "{name}: {} differs with {label} input order",
                expected.path
            );
        }
    }
}

#[test]
fn tiny_outputs_do_not_depend_on_input_file_order() {
    assert_order_independent(&repo_root().join("tests/fixtures/tiny"), "tiny");
}

#[test]
fn repository_games_do_not_depend_on_input_file_order() {
    let root = repo_root();
    for name in grimoire_compiler::discover_games(&root).expect("list the games") {
        assert_order_independent(&root, &name);
    }
}

#[test]
fn generating_twice_gives_identical_common_outputs() {
    assert_eq!(generate_common(), generate_common());
}

/// Copies the tiny fixture into `target`.
fn copy_tree(source: &Path, target: &Path) {
    std::fs::create_dir_all(target).unwrap();
    for entry in std::fs::read_dir(source).unwrap() {
        let entry = entry.unwrap();
        let destination = target.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &destination);
        } else {
            std::fs::copy(entry.path(), &destination).unwrap();
        }
    }
}

/// Compiles the tiny game under `content` and writes its outputs under `out`, as
/// `cargo xtask codegen` does: nothing is written unless the compile succeeds.
fn regenerate(content: &Path, out: &Path) -> Result<Vec<String>, String> {
    let input = grimoire_compiler::load_game(content, "tiny").map_err(|e| e.to_string())?;
    let game = grimoire_compiler::compile(&input).map_err(|d| d.render(false))?;
    write_outputs(out, &generate_game(&game)).map_err(|e| e.to_string())
}

/// Every file under `dir`, relative, sorted, with its bytes.
fn snapshot_tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push((relative, std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn a_failed_compile_leaves_previous_outputs_untouched() {
    let content = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    copy_tree(&repo_root().join("tests/fixtures/tiny"), content.path());
    let written = regenerate(content.path(), out.path()).expect("the fixture compiles");
    assert!(!written.is_empty());
    let before = snapshot_tree(out.path());

    let units = content.path().join("cards/tiny/core/units.toml");
    let broken = std::fs::read_to_string(&units)
        .unwrap()
        .replace("power = 3", "power = 99");
    std::fs::write(&units, broken).unwrap();
    assert!(
        regenerate(content.path(), out.path()).is_err(),
        "an out-of-range power compiled"
    );
    assert_eq!(
        snapshot_tree(out.path()),
        before,
        "a failed compile changed the outputs"
    );
}

#[test]
fn rewriting_identical_outputs_writes_nothing_and_leaves_no_temp_files() {
    let content = repo_root().join("tests/fixtures/tiny");
    let out = tempfile::tempdir().unwrap();
    let first = regenerate(&content, out.path()).expect("the fixture compiles");
    let expected: Vec<String> = {
        let input = grimoire_compiler::load_game(&content, "tiny").unwrap();
        let game = grimoire_compiler::compile(&input).unwrap();
        generate_game(&game)
            .into_iter()
            .map(|output| output.path)
            .collect()
    };
    assert_eq!(first, expected);
    assert_eq!(
        regenerate(&content, out.path()).unwrap(),
        Vec::<String>::new()
    );
    let mut on_disk: Vec<String> = snapshot_tree(out.path())
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    let mut expected = expected;
    on_disk.sort();
    expected.sort();
    assert_eq!(
        on_disk, expected,
        "stray files (temporary files?) were left behind"
    );
}

#[test]
fn a_failed_write_keeps_the_old_file_whole() {
    let out = tempfile::tempdir().unwrap();
    let good = Output {
        path: "a/kept.txt".into(),
        contents: "old".into(),
    };
    write_outputs(out.path(), &[good]).unwrap();
    // A directory where a file should go makes the rename fail after the temp file exists.
    std::fs::create_dir_all(out.path().join("a/blocked.txt/inner")).unwrap();
    let outputs = [
        Output {
            path: "a/blocked.txt".into(),
            contents: "new".into(),
        },
        Output {
            path: "a/kept.txt".into(),
            contents: "new".into(),
        },
    ];
    assert!(write_outputs(out.path(), &outputs).is_err());
    assert_eq!(
        std::fs::read_to_string(out.path().join("a/kept.txt")).unwrap(),
        "old"
    );
    let names: Vec<_> = std::fs::read_dir(out.path().join("a"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut names = names;
    names.sort();
    assert_eq!(
        names,
        vec!["blocked.txt".to_string(), "kept.txt".to_string()],
        "a temporary file was left"
    );
}
