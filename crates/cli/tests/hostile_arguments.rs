//! Fuzzing the command line of the real `grimoire` binary (issue 23): argument vectors built
//! from the real subcommands, options and switches, with hostile values (extreme and negative
//! numbers, empty and 100 kB words, paths that are not UTF-8, `/dev/zero`, directories,
//! missing files).
//!
//! Every run happens in a temporary copy of the content (so `build`, `import` and `gallery`
//! write nowhere else), under a virtual-memory limit. The oracles: no panic (exit status 101 or
//! `panicked at` on stderr), no crash (killed by a signal), no runaway memory (an allocation
//! failure or "out of memory" past the limit), no hang or unbounded work (finished within
//! [`RUN_TIMEOUT`]), an exit status of 0, 1 or 2, and a usage error (status 2) that says
//! something on stderr.
//!
//! Deterministic: a fixed seed (`GRIMOIRE_FUZZ_SEED` overrides it), no failure persistence,
//! [`DEFAULT_CASES`] runs (`GRIMOIRE_FUZZ_CASES` overrides it).

use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use crate::support::{copy_dir, repository};

/// Runs in a CI run: each starts the binary once (well under a second for most commands), so
/// a hundred runs take about half a minute.
const DEFAULT_CASES: u32 = 100;

/// The seed unless `GRIMOIRE_FUZZ_SEED` gives another.
const DEFAULT_SEED: u64 = 23;

/// How long one run may take. The slowest legitimate run a case can ask for (`simulate` of a
/// few games in a debug build) takes about two seconds.
const RUN_TIMEOUT: Duration = Duration::from_secs(20);

/// The virtual memory one run may reserve, in KiB (`ulimit -v`): 2 GiB, far above what any
/// command needs, so reading `/dev/zero` whole or a runaway allocation ends in an allocation
/// failure the oracle sees instead of exhausting the machine.
const MEMORY_LIMIT_KIB: u64 = 2 * 1024 * 1024;

/// What stderr says when a run hit [`MEMORY_LIMIT_KIB`]: Rust's allocation failure, or an I/O
/// error reporting it.
const OUT_OF_MEMORY: [&str; 2] = ["memory allocation of", "out of memory"];

/// The most shrinking time after a failure, in milliseconds.
const MAX_SHRINK_MILLISECONDS: u32 = 60_000;

/// What an argument slot holds.
#[derive(Debug, Clone, Copy)]
enum Value {
    /// A count, a seed, a die or click value.
    Number,
    /// A game name.
    Game,
    /// A card name, a filter, a word.
    Word,
    /// A file or folder the command reads.
    InputPath,
    /// A file or folder the command writes.
    OutputPath,
    /// One of a fixed set of words (a value enum), plus wrong ones.
    Choice(&'static [&'static str]),
}

/// One subcommand: its words, positional arguments, options with a value and switches.
struct Subcommand {
    words: &'static [&'static str],
    positionals: &'static [Value],
    options: &'static [(&'static str, Value)],
    switches: &'static [&'static str],
    /// Options always given (`simulate` plays 1,000 games unless told otherwise).
    required: &'static [(&'static str, Value)],
}

const MESSAGE_FORMATS: &[&str] = &["human", "json", "xml", ""];
const COLORS: &[&str] = &["auto", "always", "never", "sometimes", ""];
const SHELLS: &[&str] = &["bash", "zsh", "fish", "elvish", "powershell", "cmd", ""];

/// Options every command takes.
const GLOBAL_OPTIONS: &[(&str, Value)] = &[
    ("--root", Value::InputPath),
    ("--color", Value::Choice(COLORS)),
];

/// Every subcommand of `grimoire` (from `grimoire help`), with its arguments.
const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        words: &["check"],
        positionals: &[Value::Game, Value::Word],
        options: &[("--message-format", Value::Choice(MESSAGE_FORMATS))],
        switches: &[],
        required: &[],
    },
    Subcommand {
        words: &["build"],
        positionals: &[Value::Game],
        options: &[("--message-format", Value::Choice(MESSAGE_FORMATS))],
        switches: &["--check"],
        required: &[],
    },
    Subcommand {
        words: &["import", "octgn"],
        positionals: &[Value::InputPath, Value::InputPath],
        options: &[("--game", Value::Game), ("--out", Value::OutputPath)],
        switches: &["--strict", "--scaffold"],
        required: &[],
    },
    Subcommand {
        words: &["import", "mk-dials"],
        positionals: &[Value::InputPath],
        options: &[("--out", Value::OutputPath), ("--codex", Value::InputPath)],
        switches: &["--strict"],
        required: &[],
    },
    Subcommand {
        words: &["import", "summoner-wars"],
        positionals: &[Value::InputPath],
        options: &[("--out", Value::OutputPath), ("--codex", Value::InputPath)],
        switches: &["--strict"],
        required: &[],
    },
    Subcommand {
        words: &["import", "wowtcg-json"],
        positionals: &[Value::InputPath, Value::InputPath],
        options: &[("--out", Value::OutputPath)],
        switches: &["--strict"],
        required: &[],
    },
    Subcommand {
        words: &["spellbook", "check"],
        positionals: &[Value::InputPath],
        options: &[("--game", Value::Game)],
        switches: &[],
        required: &[],
    },
    Subcommand {
        words: &["deck", "check"],
        positionals: &[Value::InputPath],
        options: &[("--game", Value::Game)],
        switches: &[],
        required: &[],
    },
    Subcommand {
        words: &["army", "check"],
        positionals: &[Value::InputPath],
        options: &[("--game", Value::Game)],
        switches: &[],
        required: &[],
    },
    Subcommand {
        words: &["scenario", "run"],
        positionals: &[Value::InputPath, Value::InputPath],
        options: &[],
        switches: &["--log"],
        required: &[],
    },
    Subcommand {
        words: &["scenario", "schema"],
        positionals: &[Value::Game],
        options: &[],
        switches: &[],
        required: &[],
    },
    Subcommand {
        words: &["calc"],
        positionals: &[Value::Game],
        options: &[
            ("--dice", Value::Number),
            ("--armor", Value::Number),
            ("--piercing", Value::Number),
            ("--life", Value::Number),
            ("--effects", Value::Word),
            ("--effect-modifier", Value::Number),
            ("--attacker", Value::Word),
            ("--attacker-click", Value::Number),
            ("--defender-click", Value::Number),
            ("--attack", Value::Word),
            ("--defender", Value::Word),
            ("--defender-damage", Value::Number),
            ("--defender-traits", Value::Word),
            ("--defender-conditions", Value::Word),
            ("--defense-used", Value::Number),
        ],
        switches: &["--incorporeal", "--ethereal", "--ranged", "--json"],
        required: &[],
    },
    Subcommand {
        words: &["games"],
        positionals: &[],
        options: &[],
        switches: &[],
        required: &[],
    },
    Subcommand {
        words: &["cards", "list"],
        positionals: &[],
        options: &[
            ("--game", Value::Game),
            ("--kind", Value::Word),
            ("--school", Value::Word),
            ("--trait", Value::Word),
            ("--cost", Value::Number),
            ("--where", Value::Word),
        ],
        switches: &["--json"],
        required: &[],
    },
    Subcommand {
        words: &["cards", "show"],
        positionals: &[Value::Word],
        options: &[("--game", Value::Game)],
        switches: &["--json"],
        required: &[],
    },
    Subcommand {
        words: &["cards", "search"],
        positionals: &[Value::Word, Value::Word],
        options: &[
            ("--game", Value::Game),
            ("--kind", Value::Word),
            ("--cost", Value::Number),
            ("--where", Value::Word),
        ],
        switches: &["--json"],
        required: &[],
    },
    Subcommand {
        words: &["cards", "coverage"],
        positionals: &[Value::Game],
        options: &[("--set", Value::Word), ("--kind", Value::Word)],
        switches: &["--all", "--json"],
        required: &[],
    },
    Subcommand {
        words: &["play"],
        positionals: &[Value::Game],
        options: &[
            ("--deck", Value::InputPath),
            ("--seed", Value::Number),
            ("--max-actions", Value::Number),
        ],
        switches: &["--json"],
        required: &[],
    },
    Subcommand {
        words: &["simulate"],
        positionals: &[Value::Game],
        options: &[
            ("--deck", Value::InputPath),
            ("--jobs", Value::Number),
            ("--seed", Value::Number),
            ("--max-actions", Value::Number),
            ("--report", Value::OutputPath),
        ],
        switches: &["--json"],
        required: &[("--games", Value::Number)],
    },
    Subcommand {
        words: &["gallery"],
        positionals: &[Value::Game],
        options: &[("--out", Value::OutputPath)],
        switches: &[],
        required: &[],
    },
    Subcommand {
        words: &["completions"],
        positionals: &[Value::Choice(SHELLS)],
        options: &[],
        switches: &[],
        required: &[],
    },
];

/// The concrete hostile values of each kind, some of them files in the run's folder.
struct Pools {
    numbers: Vec<OsString>,
    games: Vec<OsString>,
    words: Vec<OsString>,
    input_paths: Vec<OsString>,
    output_paths: Vec<OsString>,
}

/// A word of 100 kB (below Linux's 128 KiB limit on one argument).
fn long_word() -> OsString {
    "x".repeat(100_000).into()
}

/// Bytes that are not UTF-8, as an argument.
fn not_utf8(prefix: &str) -> OsString {
    OsString::from_vec([prefix.as_bytes(), b"\xff\xfe"].concat())
}

impl Pools {
    /// The values, with the files and folders they name made under `dir` (the run's folder).
    fn new(dir: &Path) -> Pools {
        let strings = |values: &[&str]| values.iter().map(OsString::from).collect::<Vec<_>>();
        let mut numbers = strings(&[
            "0",
            "-1",
            "1",
            "3",
            "2147483648",
            "4294967295",
            "9223372036854775807",
            "18446744073709551616",
            "1e308",
            "NaN",
            "",
        ]);
        numbers.push(not_utf8("1"));
        let mut games = strings(&["mage-wars", "summoner-wars", "wow-tcg", "mage-knight", ""]);
        games.extend([long_word(), not_utf8("mage-wars")]);
        let mut words = strings(&["", "Warlock", "Fire", "-1", "--", "=", "cost=-1", "a=b"]);
        words.extend([long_word(), not_utf8("War")]);

        let existing = dir.join("existing-output");
        fs::create_dir_all(&existing).expect("create a folder");
        fs::write(existing.join("keep.txt"), "kept").expect("write a file");
        let plain_file = dir.join("plain-file.txt");
        fs::write(&plain_file, "not a folder").expect("write a file");
        let odd_name = dir.join(PathBuf::from(not_utf8("odd-")));
        fs::write(&odd_name, "mage = \"Warlock\"\n").expect("write a file");
        let repo_files = [
            "decks/mage-wars/warlock.toml",
            "decks/wow-tcg/horde-warrior.toml",
            "decks/summoner-wars/phoenix-elves.toml",
            "decks/mage-knight/orc-raiders-300.toml",
            "codex/mage-knight",
        ];
        let mut input_paths: Vec<OsString> = repo_files
            .iter()
            .map(|file| dir.join(file).into_os_string())
            .collect();
        input_paths.extend(
            [
                PathBuf::from("/dev/zero"),
                PathBuf::from("/dev/null"),
                dir.to_path_buf(),
                dir.join("missing.toml"),
                plain_file.clone(),
                odd_name,
                dir.join(PathBuf::from(long_word())),
            ]
            .map(PathBuf::into_os_string),
        );
        input_paths.push(OsString::new());
        let output_paths = [
            dir.join("new-output"),
            existing,
            plain_file,
            PathBuf::from("/dev/null"),
            PathBuf::from("/dev/zero"),
            dir.join(PathBuf::from(not_utf8("out-"))),
            dir.join(PathBuf::from(long_word())),
        ]
        .map(PathBuf::into_os_string)
        .into_iter()
        .chain([OsString::new()])
        .collect();
        Pools {
            numbers,
            games,
            words,
            input_paths,
            output_paths,
        }
    }

    /// The value `pick` chooses of `kind`.
    fn value(&self, kind: Value, pick: &Index) -> OsString {
        match kind {
            Value::Number => pick.get(&self.numbers).clone(),
            Value::Game => pick.get(&self.games).clone(),
            Value::Word => pick.get(&self.words).clone(),
            Value::InputPath => pick.get(&self.input_paths).clone(),
            Value::OutputPath => pick.get(&self.output_paths).clone(),
            Value::Choice(words) => OsString::from(pick.get(words)),
        }
    }
}

/// How many argument slots a plan decides on (more than any subcommand has).
const SLOTS: usize = 24;

/// Out of 256, how often a positional argument is given (most are required: leaving one out
/// only reaches clap's usage error).
const POSITIONAL_ODDS: u8 = 220;

/// Out of 256, how often an option or switch is given (few at once, so that a run often gets
/// past argument parsing with one hostile value).
const OPTION_ODDS: u8 = 64;

/// The random part of one run: which subcommand, and for each of its slots (positionals,
/// options, switches, then the global options) a roll deciding whether it is given (against
/// [`POSITIONAL_ODDS`] or [`OPTION_ODDS`]) and which value it takes.
#[derive(Debug, Clone)]
struct Plan {
    subcommand: Index,
    slots: Vec<(u8, Index)>,
}

fn plan() -> impl Strategy<Value = Plan> {
    (
        any::<Index>(),
        prop::collection::vec((any::<u8>(), any::<Index>()), SLOTS),
    )
        .prop_map(|(subcommand, slots)| Plan { subcommand, slots })
}

impl Plan {
    /// The argument vector.
    fn arguments(&self, pools: &Pools) -> Vec<OsString> {
        let command = self.subcommand.get(SUBCOMMANDS);
        let mut slots = self.slots.iter();
        let mut next = || {
            slots
                .next()
                .cloned()
                .expect("SLOTS covers every argument of every subcommand")
        };
        let mut arguments: Vec<OsString> = command.words.iter().map(OsString::from).collect();
        for kind in command.positionals {
            let (roll, pick) = next();
            if roll < POSITIONAL_ODDS {
                arguments.push(pools.value(*kind, &pick));
            }
        }
        for (name, kind) in command.options.iter().chain(GLOBAL_OPTIONS) {
            let (roll, pick) = next();
            if roll < OPTION_ODDS {
                arguments.extend([OsString::from(name), pools.value(*kind, &pick)]);
            }
        }
        for switch in command.switches {
            if next().0 < OPTION_ODDS {
                arguments.push(OsString::from(switch));
            }
        }
        for (name, kind) in command.required {
            let (_, pick) = next();
            arguments.extend([OsString::from(name), pools.value(*kind, &pick)]);
        }
        arguments
    }
}

/// Runs `grimoire` with `arguments` in `dir` and applies the oracles: its exit status, or
/// `Err` saying which oracle failed.
fn run(dir: &Path, arguments: &[OsString]) -> Result<i32, String> {
    let stdout = dir.join("run-stdout.txt");
    let stderr = dir.join("run-stderr.txt");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_grimoire"))
        .args(arguments)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("GRIMOIRE_TEST_PAUSE_BETWEEN_STEPS_MS")
        .stdin(Stdio::null())
        .stdout(fs::File::create(&stdout).map_err(|e| e.to_string())?)
        .stderr(fs::File::create(&stderr).map_err(|e| e.to_string())?)
        .spawn()
        .map_err(|e| format!("cannot start grimoire: {e}"))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > RUN_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "hang: not finished after {RUN_TIMEOUT:?} (not shrunk)"
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let errors = String::from_utf8_lossy(&fs::read(&stderr).unwrap_or_default()).into_owned();
    let excerpt: String = errors.chars().take(600).collect();
    match status.code() {
        None => Err(format!("killed by a signal ({status}); stderr: {excerpt}")),
        Some(101) => Err(format!("panic (status 101): {excerpt}")),
        Some(_) if errors.contains("panicked at") => Err(format!("panic: {excerpt}")),
        Some(_) if OUT_OF_MEMORY.iter().any(|words| errors.contains(words)) => {
            Err(format!("runaway memory: {excerpt}"))
        }
        Some(2) if errors.trim().is_empty() => {
            Err("exit status 2 without a word on stderr".to_string())
        }
        Some(code @ 0..=2) => Ok(code),
        Some(other) => Err(format!("exit status {other}; stderr: {excerpt}")),
    }
}

/// A number from the environment variable `name`, when set (a typo is an error, not a default).
fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value:?} is not a whole number")),
    )
}

/// Arguments as a reader sees them: long values shortened.
fn shown(arguments: &[OsString]) -> String {
    arguments
        .iter()
        .map(|argument| {
            let text = argument.to_string_lossy();
            if text.chars().count() > 60 {
                format!(
                    "{:?}...({} bytes)",
                    text.chars().take(20).collect::<String>(),
                    argument.len()
                )
            } else {
                format!("{text:?}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn hostile_argument_vectors_never_panic_hang_or_crash() {
    let dir = tempfile::tempdir().expect("temp dir");
    for part in ["codex", "cards", "decks"] {
        copy_dir(&repository().join(part), &dir.path().join(part));
    }
    let pools = Pools::new(dir.path());
    let seed = env_number("GRIMOIRE_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let cases = env_number("GRIMOIRE_FUZZ_CASES").map_or(DEFAULT_CASES, |n| n as u32);
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_time: MAX_SHRINK_MILLISECONDS,
        ..Config::default()
    };
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(
        config,
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    // A hang is not shrunk: each try would cost the whole timeout.
    let hung = std::sync::atomic::AtomicBool::new(false);
    let statuses = std::sync::Mutex::new([0u32; 3]);
    let started = Instant::now();
    let result = runner.run(&plan(), |plan| {
        if hung.load(std::sync::atomic::Ordering::SeqCst) {
            return Ok(());
        }
        let arguments = plan.arguments(&pools);
        let code = run(dir.path(), &arguments).map_err(|reason| {
            if reason.starts_with("hang") {
                hung.store(true, std::sync::atomic::Ordering::SeqCst);
            }
            TestCaseError::fail(reason)
        })?;
        if let Ok(mut statuses) = statuses.lock() {
            statuses[code as usize] += 1;
        }
        Ok(())
    });
    let [ok, failed, refused] = statuses.into_inner().unwrap_or_default();
    eprintln!(
        "hostile arguments: {cases} runs (seed {seed}) in {:.1} s: exit 0 {ok}, 1 {failed}, 2 {refused}",
        started.elapsed().as_secs_f64()
    );
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, plan)) => panic!(
            "grimoire {} (seed {seed}): {reason}",
            shown(&plan.arguments(&pools))
        ),
        Err(TestError::Abort(reason)) => panic!("aborted: {reason}"),
    }
}

#[test]
fn every_subcommand_of_the_help_is_fuzzed() {
    let help = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .arg("help")
        .output()
        .expect("grimoire runs");
    let help = String::from_utf8_lossy(&help.stdout);
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(!listed.is_empty(), "no subcommands in:\n{help}");
    for name in listed {
        assert!(
            SUBCOMMANDS.iter().any(|command| command.words[0] == name),
            "`grimoire {name}` has no entry in SUBCOMMANDS"
        );
    }
}
