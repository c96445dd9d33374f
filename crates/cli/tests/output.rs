//! A closed or full stdout never panics: a broken pipe ends quietly, any other write error
//! is reported with exit status 2.

use crate::support::{grimoire_in, repository, summary};

/// The commands that print to stdout, each on content that makes it print.
fn printing_commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["games"],
        vec!["check", "mage-wars"],
        vec!["build", "--check"],
        vec!["cards", "list"],
        vec!["cards", "coverage", "wow-tcg"],
        vec!["completions", "bash"],
        vec!["scenario", "run", "tests/scenarios/mage-wars"],
        vec!["scenario", "schema", "mage-wars"],
        vec![
            "spellbook",
            "check",
            "--game",
            "mage-wars",
            "tests/spellbooks/over-budget.toml",
        ],
        vec!["calc", "mage-wars", "--dice", "3", "--armor", "1"],
    ]
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_quietly() {
    for args in printing_commands() {
        // The reader (`true`) has exited before grimoire writes: every write is EPIPE.
        let script = format!(
            "{{ sleep 0.3; \"$0\" {} ; echo \"status $?\" >&2; }} | true",
            args.join(" ")
        );
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg(env!("CARGO_BIN_EXE_grimoire"))
            .current_dir(repository())
            .env("NO_COLOR", "1")
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("status 101"), "{args:?}: {stderr}");
        assert!(!stderr.contains("cannot write"), "{args:?}: {stderr}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    for args in printing_commands() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_grimoire"))
            .args(&args)
            .current_dir(repository())
            .stdout(full)
            .output()
            .expect("grimoire runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("error: cannot write to stdout"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_missing_scenario_file_is_a_usage_error() {
    let (code, _, stderr) = summary(&grimoire_in(
        &repository(),
        &[
            "scenario",
            "run",
            "tests/scenarios/mage-wars/no-such-file.toml",
        ],
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("no-such-file.toml"), "{stderr}");
}

/// `import octgn` of a one-card set, writing into a fresh folder each time.
#[cfg(target_os = "linux")]
#[test]
fn import_survives_a_closed_or_full_stdout() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = dir.path().join("test.set.xml");
    std::fs::write(
        &set,
        r#"<?xml version="1.0"?>
<set name="Test Set"><cards><card id="T01" name="Test Bolt">
<property name="Type" value="Attack" /><property name="Subtype" value="Lightning" />
<property name="Cost" value="6" /><property name="Action" value="Quick" />
<property name="Range" value="0-2" /><property name="Target" value="Creature" />
<property name="School" value="Air" /><property name="Level" value="1" />
<property name="cAttacks" value="name=Test Bolt;range type=Ranged;range=(0,2);dice=3" />
<property name="CardID" value="T01" /></card></cards></set>
"#,
    )
    .expect("set file");
    let set = set.to_string_lossy().into_owned();
    let out = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let script = format!(
        "{{ sleep 0.3; \"$0\" import octgn --game mage-wars '{set}' --out '{}'; echo \"status $?\" >&2; }} | true",
        out("piped")
    );
    let piped = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_grimoire"))
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&piped.stderr);
    assert!(stderr.contains("status 0"), "{stderr}");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args([
            "import",
            "octgn",
            "--game",
            "mage-wars",
            &set,
            "--out",
            &out("full"),
        ])
        .stdout(full)
        .output()
        .expect("grimoire runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("error: cannot write to stdout"), "{stderr}");
}
