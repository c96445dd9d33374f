//! `grimoire_build::Config`: what a downstream build script gets (the crate
//! `tests/build-api` exercises the real `build.rs` path).

use std::path::Path;

use crate::support::repo_root;

fn demo_root() -> std::path::PathBuf {
    repo_root().join("tests/fixtures/demo")
}

#[test]
fn writes_one_module_per_game() {
    let out = tempfile::tempdir().unwrap();
    let written = grimoire_build::Config::new()
        .out_dir(out.path())
        .emit_rerun_if_changed(false)
        .compile(demo_root())
        .unwrap();
    assert_eq!(written, vec![out.path().join("demo.rs")]);
    let module = std::fs::read_to_string(out.path().join("demo.rs")).unwrap();
    assert!(
        module.contains("@generated"),
        "module lacks the @generated marker"
    );
    assert!(module.contains("EmberKnight"));
}

#[test]
fn content_errors_write_nothing_and_carry_locations() {
    let out = tempfile::tempdir().unwrap();
    let error = grimoire_build::Config::new()
        .out_dir(out.path())
        .emit_rerun_if_changed(false)
        .compile(repo_root().join("tests/trybuild/content/unknown-kind"))
        .unwrap_err();
    assert!(matches!(error, grimoire_build::Error::Content(_)));
    let message = error.to_string();
    assert!(
        message.contains("cards/demo/core/units.toml:3:"),
        "no location in:\n{message}"
    );
    assert!(
        !out.path().join("demo.rs").exists(),
        "a failed compile wrote output"
    );
}

#[test]
fn a_root_without_games_is_a_clear_error() {
    let out = tempfile::tempdir().unwrap();
    let error = grimoire_build::Config::new()
        .out_dir(out.path())
        .emit_rerun_if_changed(false)
        .compile(Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
        .unwrap_err();
    assert!(error.to_string().contains("no game found"), "{error}");
}
