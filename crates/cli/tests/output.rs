//! A closed or full stdout or stderr never panics: a broken pipe ends quietly, any other
//! write error is reported with exit status 2. Files and arguments no user means (a
//! directory, a named pipe, an endless device, a 70,000-character card name) end with a
//! clear error or work, never with a panic or a hang.

use std::path::Path;
use std::process::{Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::{grimoire_in, mage_wars_copy, repository, summary};

/// A copy of the Mage Wars content with a card file of `cards` broken cards, each with an
/// error of its own (a key the card kind does not have).
fn mage_wars_with_broken_cards(cards: usize) -> tempfile::TempDir {
    let copy = mage_wars_copy();
    let set = copy.path().join("cards/mage-wars/broken");
    std::fs::create_dir_all(&set).expect("set");
    let text: String = (0..cards)
        .map(|n| format!("[[card]]\nname = \"Broken {n}\"\nkind = \"attack\"\nbogus_{n} = 1\n\n"))
        .collect();
    std::fs::write(set.join("broken.toml"), text).expect("broken cards");
    copy
}

/// Runs `grimoire args` in `dir` with `stderr` as given and stdout discarded; its status.
fn status_with_stderr(dir: &Path, args: &[&str], stderr: Stdio) -> ExitStatus {
    Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(stderr)
        .status()
        .expect("grimoire runs")
}

/// Runs `grimoire args` in `dir`, killing it after `deadline` (a hang is a failure, not a
/// test that never ends).
fn grimoire_within(dir: &Path, args: &[&str], deadline: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grimoire runs");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("grimoire {args:?} still ran after {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("output")
}

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

#[test]
fn a_closed_stderr_ends_quietly_with_the_commands_status() {
    let content = mage_wars_with_broken_cards(300);
    let mut child = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(["check", "mage-wars"])
        .current_dir(content.path())
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grimoire runs");
    // Close the read end before grimoire has compiled anything: every write to stderr fails
    // with a broken pipe.
    drop(child.stderr.take());
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(1), "{status}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_is_exit_status_2_not_a_panic() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let content = mage_wars_with_broken_cards(3);
    let status = status_with_stderr(content.path(), &["check", "mage-wars"], full().into());
    assert_eq!(status.code(), Some(2), "{status}");
    let missing = status_with_stderr(
        &repository(),
        &["scenario", "run", "no-such-scenario.toml"],
        full().into(),
    );
    assert_eq!(missing.code(), Some(2), "{missing}");
    let both = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .arg("games")
        .stdout(full())
        .stderr(full())
        .status()
        .expect("grimoire runs");
    assert_eq!(both.code(), Some(2), "{both}");
}

#[test]
fn repeated_diagnostics_are_printed_once_with_a_count() {
    let copy = mage_wars_copy();
    let set = copy.path().join("cards/mage-wars/broken");
    std::fs::create_dir_all(&set).expect("set");
    // 500 cards with the same wrong value: one message, 500 places.
    let text: String = (0..500)
        .map(|n| format!("[[card]]\nname = \"Broken {n}\"\nkind = \"spell book\"\n\n"))
        .collect();
    std::fs::write(set.join("broken.toml"), text).expect("broken cards");
    let (code, _, stderr) = summary(&grimoire_in(copy.path(), &["check", "mage-wars"]));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("... and 499 more like this"), "{stderr}");
    assert!(stderr.len() < 5_000, "{} bytes: {stderr}", stderr.len());
    assert!(stderr.contains("mage-wars: 500 error(s)"), "{stderr}");
}

#[test]
fn a_card_name_longer_than_any_format_width_is_listed() {
    let copy = mage_wars_copy();
    let set = copy.path().join("cards/mage-wars/long");
    std::fs::create_dir_all(&set).expect("set");
    let attacks = std::fs::read_to_string(copy.path().join("cards/mage-wars/core/attacks.toml"))
        .expect("attacks");
    let start = attacks
        .find("[[card]]\nname = \"Blinding Flash\"")
        .expect("card");
    let end = attacks[start + 1..]
        .find("[[card]]\n")
        .map_or(attacks.len(), |e| e + start + 1);
    let name = format!("Long{}", "g".repeat(70_000));
    let card = attacks[start..end].replacen("Blinding Flash", &name, 1);
    std::fs::write(set.join("attacks.toml"), card).expect("long card");
    for command in [
        vec!["list", "--game", "mage-wars", "--kind", "attack"],
        // The long card is a copy of Blinding Flash, a Light attack.
        vec!["search", "--game", "mage-wars", "light"],
    ] {
        let mut args = vec!["cards"];
        args.extend(&command);
        let (code, stdout, stderr) = summary(&grimoire_in(copy.path(), &args));
        assert_eq!(code, Some(0), "{command:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{command:?}: {stderr}");
        assert!(
            stdout.contains(&name),
            "{command:?}: the long name is not listed"
        );
        // Columns stop widening at a bound: no row is padded to the long name's length.
        let short_row = stdout
            .lines()
            .find(|line| line.starts_with("Chain Lightning"))
            .unwrap_or_else(|| panic!("{command:?}: no Chain Lightning row"));
        assert!(
            short_row.len() < 200,
            "{command:?}: {} bytes",
            short_row.len()
        );
    }
}

/// Paths that are no file a user means: each is a clear error with exit status 2, quickly.
#[cfg(unix)]
#[test]
fn a_directory_a_named_pipe_or_an_endless_device_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("fifo.toml");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let folder = dir.path().join("folder.toml");
    std::fs::create_dir(&folder).expect("folder");
    let fifo = fifo.to_string_lossy().into_owned();
    let folder = folder.to_string_lossy().into_owned();
    let cases: [(&str, &str); 3] = [
        (&fifo, "named pipe"),
        (&folder, "directory"),
        ("/dev/zero", "larger than 32 MiB"),
    ];
    for (path, reason) in cases {
        let commands: Vec<Vec<&str>> = vec![
            vec!["scenario", "run", path],
            vec!["deck", "check", "--game", "summoner-wars", path],
            vec!["deck", "check", "--game", "wow-tcg", path],
            vec!["play", "mage-wars", "--deck", path, "--deck", path],
        ];
        for args in commands {
            if args[0] == "scenario" && path == folder {
                continue; // a directory of scenarios is what `scenario run` takes
            }
            let output = grimoire_within(&repository(), &args, Duration::from_secs(120));
            let (code, _, stderr) = summary(&output);
            assert_eq!(code, Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(reason), "{args:?}: {stderr}");
            assert!(stderr.contains(path), "{args:?}: {stderr}");
        }
    }
}

#[test]
fn a_deck_that_is_not_utf8_is_located_at_the_first_bad_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deck = dir.path().join("deck.toml");
    let mut bytes =
        std::fs::read(repository().join("decks/summoner-wars/phoenix-elves.toml")).expect("deck");
    let at = bytes.iter().position(|&b| b == b'\n').expect("a line") + 1;
    bytes.insert(at + 2, 0xFF);
    std::fs::write(&deck, bytes).expect("deck");
    let deck = deck.to_string_lossy().into_owned();
    for args in [
        vec!["deck", "check", "--game", "summoner-wars", &deck],
        vec!["play", "summoner-wars", "--deck", &deck, "--deck", &deck],
    ] {
        let (code, _, stderr) = summary(&grimoire_in(&repository(), &args));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "{deck}:2:3: the file is not UTF-8 text (byte 0xff)"
            )),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_scenario_with_many_failures_prints_the_first_twenty() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = dir.path().join("many.toml");
    let mut text = String::from("game = \"mage-wars\"\nname = \"many\"\nsource = \"test\"\n");
    for n in 0..200 {
        text += &format!("\n[[expect]]\nunknown_key_{n} = 1\n");
    }
    std::fs::write(&scenario, text).expect("scenario");
    let output = grimoire_in(
        &repository(),
        &["scenario", "run", &scenario.to_string_lossy()],
    );
    let (code, stdout, stderr) = summary(&output);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    let shown = stdout.lines().filter(|l| l.contains("many.toml:")).count();
    assert_eq!(shown, 20, "{stdout}");
    assert!(stdout.contains("... and "), "{stdout}");
}

/// Scenario directories linked into themselves are read once, not followed forever.
#[cfg(unix)]
#[test]
fn scenario_directories_linked_in_a_loop_end() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenarios = dir.path().join("scenarios");
    std::fs::create_dir(&scenarios).expect("dir");
    for link in ["a", "b", "c"] {
        std::os::unix::fs::symlink(&scenarios, scenarios.join(link)).expect("link");
    }
    let output = grimoire_within(
        &repository(),
        &["scenario", "run", &scenarios.to_string_lossy()],
        Duration::from_secs(60),
    );
    let (code, stdout, stderr) = summary(&output);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("0 passed, 0 failed"), "{stdout}");
}

#[test]
fn play_and_simulate_numbers_outside_their_range_are_usage_errors() {
    for (args, message) in [
        (
            vec!["simulate", "summoner-wars", "--games", "0"],
            "0 is not in 1..=1000000",
        ),
        (
            vec!["simulate", "summoner-wars", "--jobs", "5000"],
            "5000 is not in 1..=1024",
        ),
        (
            vec!["simulate", "summoner-wars", "--max-actions", "0"],
            "0 is not in 1..=1000000",
        ),
        (
            vec!["play", "summoner-wars", "--max-actions", "4294967295"],
            "4294967295 is not in 1..=1000000",
        ),
    ] {
        let (code, _, stderr) = summary(&grimoire_in(&repository(), &args));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn content_that_does_not_compile_is_reported_once_per_run_not_per_scenario() {
    let content = mage_wars_with_broken_cards(3);
    let scenarios = repository().join("tests/scenarios/mage-wars");
    let files: Vec<String> = [
        "activation-removes-guard.toml",
        "zone-attack-hits-every-object.toml",
    ]
    .iter()
    .map(|name| scenarios.join(name).to_string_lossy().into_owned())
    .collect();
    let root = content.path().to_string_lossy().into_owned();
    let (code, stdout, stderr) = summary(&grimoire_in(
        &repository(),
        &["scenario", "run", "--root", &root, &files[0], &files[1]],
    ));
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    let all = format!("{stdout}{stderr}");
    assert_eq!(all.matches("broken/broken.toml:4:1").count(), 1, "{all}");
    assert!(stdout.contains("0 passed, 2 failed"), "{stdout}");
}
