//! Every command finds the content root from a subdirectory, like cargo finds `Cargo.toml`.

use crate::support::{grimoire_in, repository, summary};

#[test]
fn check_runs_from_a_subdirectory() {
    let (code, stdout, stderr) = summary(&grimoire_in(
        &repository().join("cards/mage-wars"),
        &["check", "mage-wars"],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("mage-wars: ok"), "{stdout}");
}

#[test]
fn outside_any_content_root_the_error_says_to_pass_root() {
    let lone = tempfile::tempdir().expect("temp dir");
    let (code, _, stderr) = summary(&grimoire_in(lone.path(), &["check"]));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("pass --root"), "{stderr}");
}

#[test]
fn build_check_reports_stale_outputs_and_writes_nothing() {
    let (code, stdout, stderr) = summary(&grimoire_in(&repository(), &["build", "--check"]));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("outputs up to date"), "{stdout}");
    let copy = crate::support::mage_wars_copy();
    let (code, _, stderr) = summary(&grimoire_in(
        copy.path(),
        &["build", "--check", "mage-wars"],
    ));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("stale: dumps/mage-wars.json"), "{stderr}");
    assert!(!copy.path().join("dumps").exists(), "--check wrote outputs");
}

#[test]
fn build_reports_content_errors_as_json_lines() {
    let copy = crate::support::mage_wars_copy();
    let creatures = copy.path().join("cards/mage-wars/core/creatures.toml");
    let text = std::fs::read_to_string(&creatures).expect("creatures");
    std::fs::write(&creatures, text.replacen("life = 14", "life = \"many\"", 1)).expect("edit");
    let (code, stdout, _) = summary(&grimoire_in(
        copy.path(),
        &["build", "mage-wars", "--message-format", "json"],
    ));
    assert_eq!(code, Some(1));
    let first: serde_json::Value =
        serde_json::from_str(stdout.lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["file"], "cards/mage-wars/core/creatures.toml");
    assert!(
        !copy.path().join("dumps").exists(),
        "a failed build wrote outputs"
    );
}

#[test]
fn no_color_and_color_never_turn_colour_off() {
    let copy = crate::support::mage_wars_copy();
    let creatures = copy.path().join("cards/mage-wars/core/creatures.toml");
    let text = std::fs::read_to_string(&creatures).expect("creatures");
    std::fs::write(&creatures, text.replacen("life = 14", "life = \"many\"", 1)).expect("edit");
    let run = |args: &[&str], no_color: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grimoire"));
        command.args(args).current_dir(copy.path());
        if no_color {
            command.env("NO_COLOR", "1");
        } else {
            command.env_remove("NO_COLOR");
        }
        String::from_utf8_lossy(&command.output().expect("runs").stderr).into_owned()
    };
    assert!(run(&["check", "--color", "always"], false).contains('\u{1b}'));
    assert!(!run(&["check", "--color", "never"], false).contains('\u{1b}'));
    assert!(!run(&["check"], true).contains('\u{1b}'));
}

#[test]
fn completions_cover_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, stdout, stderr) = summary(&grimoire_in(&repository(), &["completions", shell]));
        assert_eq!(code, Some(0), "{stderr}");
        for word in [
            "grimoire",
            "cards",
            "scenario",
            "spellbook",
            "root",
            "color",
        ] {
            assert!(stdout.contains(word), "{shell}: {word} missing");
        }
    }
}
