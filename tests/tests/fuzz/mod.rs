//! Mutation fuzzing of every reader of user input (issue 23): card and codex files, scenario
//! files, deck-like files and the importers' data files.
//!
//! Each reader is a campaign: seed files from the repository (or `../shared/data`), one to
//! three [`mutation`]s chosen by proptest, the mutated file run through the same library
//! functions the CLI calls, on a worker thread. The oracles:
//! - no panic: a panic fails the case (its message and location are the failure);
//! - no hang: a case not finished within [`CASE_TIMEOUT`] fails;
//! - no runaway memory: the process's peak resident memory stays under [`MAX_PEAK_RSS_BYTES`];
//! - located errors: of the inputs a reader rejects, the share whose every message carries
//!   `file:line:col` must reach the reader's own threshold (a named constant next to it);
//! - a reader's own oracle, reported as [`Outcome::Broken`] (an importer's output must compile,
//!   or the import must fail writing nothing).
//!
//! Runs are deterministic: a fixed seed ([`DEFAULT_SEED`], or `GRIMOIRE_FUZZ_SEED`), no failure
//! persistence, and a case count per reader small enough for CI (`GRIMOIRE_FUZZ_CASES` sets
//! every reader's count; `cargo xtask fuzz` runs longer campaigns). A failing case is shrunk and
//! its mutated file written to `target/fuzz-failures/<reader>/` for replay.

mod cards;
mod decks;
mod importers;
mod mutation;
mod scenarios;

use std::cell::RefCell;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, Once};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use mutation::Mutation;

/// The seed of every campaign unless `GRIMOIRE_FUZZ_SEED` gives another.
pub const DEFAULT_SEED: u64 = 23;

/// How long one case may run before it counts as a hang. Every seed file is read in well
/// under a second in a debug build, so ten seconds leaves room for a loaded machine.
pub const CASE_TIMEOUT: Duration = Duration::from_secs(10);

/// The most resident memory the test process may ever have used (its peak, `VmHWM` on Linux).
/// The whole test binary stays far below one GiB; four GiB means a reader ran away.
pub const MAX_PEAK_RSS_BYTES: u64 = 4 * 1024 * 1024 * 1024;

/// The target share of located errors among rejected inputs; each reader names its
/// own threshold, equal to this unless stated otherwise.
pub const LOCATED_RATE_TARGET: f64 = 0.95;

/// The most shrinking steps after a failure (a hang costs [`CASE_TIMEOUT`] per step).
const MAX_SHRINK_ITERATIONS: u32 = 256;

/// The most time spent shrinking one failure, in milliseconds.
const MAX_SHRINK_MILLISECONDS: u32 = 90_000;

/// What a reader made of one input.
#[derive(Debug)]
pub enum Outcome {
    /// The input was accepted.
    Accepted,
    /// The input was rejected with these messages, each as the user sees it (naming the file).
    Rejected(Vec<String>),
    /// The reader broke an oracle of its own; the case fails with this message.
    Broken(String),
}

/// A file a campaign mutates: its path relative to where the reader expects it, and its bytes.
#[derive(Debug, Clone)]
pub struct SeedFile {
    /// Path relative to the seed's folder (a content root, a scenario folder, ...).
    pub relative: PathBuf,
    /// The original bytes.
    pub bytes: Vec<u8>,
}

/// How a reader runs one mutated file: the seed it came from and the mutated bytes.
pub type ReadFn = dyn Fn(&SeedFile, &[u8]) -> Outcome + Send + Sync;

/// One reader under fuzzing.
pub struct Campaign {
    /// Names the reader in messages and in `target/fuzz-failures/`.
    pub name: &'static str,
    /// The seed corpus (never empty).
    pub seeds: Vec<SeedFile>,
    /// Cases in a CI run (`GRIMOIRE_FUZZ_CASES` overrides it).
    pub cases: u32,
    /// The least share of rejected inputs whose every message is located.
    pub min_located_rate: f64,
    /// Runs one mutated file.
    pub read: Arc<ReadFn>,
}

/// Counts of one campaign's cases.
#[derive(Debug, Default)]
struct Tally {
    accepted: u32,
    rejected: u32,
    located: u32,
    /// A few rejections without a location, to show in the failure message.
    unlocated_examples: Vec<String>,
}

/// How many unlocated rejections a failed threshold shows.
const UNLOCATED_EXAMPLES: usize = 5;

impl Campaign {
    /// Runs the campaign; panics with the minimal failing input, or when too few rejections
    /// were located.
    pub fn run(self) {
        install_panic_recorder();
        assert!(!self.seeds.is_empty(), "{}: no seed files", self.name);
        let cases = env_number("GRIMOIRE_FUZZ_CASES").map_or(self.cases, |n| n as u32);
        let seed = env_number("GRIMOIRE_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
        let config = Config {
            cases,
            failure_persistence: None,
            max_shrink_iters: MAX_SHRINK_ITERATIONS,
            max_shrink_time: MAX_SHRINK_MILLISECONDS,
            ..Config::default()
        };
        let mut runner = TestRunner::new_with_rng(config, rng_for(self.name, seed));
        let tally = Mutex::new(Tally::default());
        // After a hang the worker thread still runs and cannot be stopped: every later case
        // passes untried, so shrinking keeps the hanging input and no further thread competes
        // for the machine.
        let hung = AtomicBool::new(false);
        let started = Instant::now();
        let strategy = (any::<Index>(), mutation::mutations());
        let result = runner.run(&strategy, |(seed_index, mutations)| {
            if hung.load(Ordering::SeqCst) {
                return Ok(());
            }
            let seed_file = seed_index.get(&self.seeds);
            let bytes = mutation::apply_all(&seed_file.bytes, &mutations);
            let outcome = run_case(self.name, &self.read, seed_file, bytes).map_err(|failure| {
                if let CaseFailure::Hang(_) = failure {
                    hung.store(true, Ordering::SeqCst);
                }
                TestCaseError::fail(failure.to_string())
            })?;
            let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
            match outcome {
                Outcome::Accepted => tally.accepted += 1,
                Outcome::Rejected(messages) => {
                    tally.rejected += 1;
                    match messages.iter().find(|m| !is_located(m)) {
                        None if !messages.is_empty() => tally.located += 1,
                        unlocated => {
                            if tally.unlocated_examples.len() < UNLOCATED_EXAMPLES {
                                let example = unlocated.map_or("(no message)", String::as_str);
                                tally.unlocated_examples.push(shorten(example));
                            }
                        }
                    }
                }
                Outcome::Broken(message) => return Err(TestCaseError::fail(message)),
            }
            Ok(())
        });
        if let Err(error) = result {
            self.report_failure(error, seed);
        }
        let tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
        eprintln!(
            "fuzz {}: {cases} cases (seed {seed}) in {:.1} s, {} accepted, {} rejected, {} of them located",
            self.name,
            started.elapsed().as_secs_f64(),
            tally.accepted,
            tally.rejected,
            tally.located
        );
        if tally.rejected > 0 {
            let rate = f64::from(tally.located) / f64::from(tally.rejected);
            assert!(
                rate >= self.min_located_rate,
                "{}: {:.1}% of {} rejected inputs had every error located as file:line:col, \
                 below the {:.0}% required; unlocated, for example:\n  {}",
                self.name,
                rate * 100.0,
                tally.rejected,
                self.min_located_rate * 100.0,
                tally.unlocated_examples.join("\n  ")
            );
        }
    }

    /// Writes the minimal failing file for replay and panics describing the failure.
    fn report_failure(&self, error: TestError<(Index, Vec<Mutation>)>, seed: u64) -> ! {
        let (reason, (seed_index, mutations)) = match error {
            TestError::Fail(reason, input) => (reason.to_string(), input),
            TestError::Abort(reason) => panic!("{}: campaign aborted: {reason}", self.name),
        };
        let seed_file = seed_index.get(&self.seeds);
        let bytes = mutation::apply_all(&seed_file.bytes, &mutations);
        let replay = failure_path(self.name, &seed_file.relative);
        let saved = replay
            .parent()
            .map(std::fs::create_dir_all)
            .and_then(Result::ok)
            .and_then(|()| std::fs::write(&replay, &bytes).ok())
            .map_or_else(
                || "(could not save it)".to_string(),
                |()| replay.display().to_string(),
            );
        panic!(
            "fuzz {} (seed {seed}) failed: {reason}\n  seed file: {}\n  mutations: {mutations:?}\n  \
             mutated file ({} bytes): {saved}",
            self.name,
            seed_file.relative.display(),
            bytes.len()
        );
    }
}

/// Why a case failed.
#[derive(Debug)]
enum CaseFailure {
    /// The reader did not finish within [`CASE_TIMEOUT`].
    Hang(String),
    /// A panic (with its location), runaway memory, or no answer from the worker.
    Crash(String),
}

impl fmt::Display for CaseFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseFailure::Hang(message) | CaseFailure::Crash(message) => f.write_str(message),
        }
    }
}

/// Runs one case on a worker thread: `Err` says why it failed.
fn run_case(
    name: &str,
    read: &Arc<ReadFn>,
    seed_file: &SeedFile,
    bytes: Vec<u8>,
) -> Result<Outcome, CaseFailure> {
    let (sender, receiver) = mpsc::channel();
    let read = Arc::clone(read);
    let seed_file = seed_file.clone();
    let worker = std::thread::Builder::new()
        .name(format!("fuzz-{name}"))
        .spawn(move || {
            let result = panic::catch_unwind(AssertUnwindSafe(|| read(&seed_file, &bytes)));
            let _ = sender.send(result.map_err(|payload| {
                LAST_PANIC
                    .with(|last| last.borrow_mut().take())
                    .unwrap_or_else(|| panic_text(payload.as_ref()))
            }));
        })
        .map_err(|e| CaseFailure::Crash(format!("cannot start a worker thread: {e}")))?;
    let outcome = match receiver.recv_timeout(CASE_TIMEOUT) {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(panic)) => return Err(CaseFailure::Crash(format!("panic: {panic}"))),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            return Err(CaseFailure::Hang(format!(
                "hang: not finished after {CASE_TIMEOUT:?} (not shrunk)"
            )))
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            return Err(CaseFailure::Crash(
                "the worker thread ended without an answer".to_string(),
            ))
        }
    };
    let _ = worker.join();
    if let Some(peak) = peak_resident_bytes().filter(|peak| *peak > MAX_PEAK_RSS_BYTES) {
        return Err(CaseFailure::Crash(format!(
            "runaway memory: the process's peak resident memory reached {} MiB",
            peak / (1024 * 1024)
        )));
    }
    Ok(outcome)
}

thread_local! {
    /// The last panic of a fuzz worker thread, with its location, as the panic hook saw it.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that records panics of fuzz worker threads (named `fuzz-...`)
/// with their location instead of printing them, and leaves every other panic to the hook
/// before it.
fn install_panic_recorder() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let in_worker = std::thread::current()
                .name()
                .is_some_and(|name| name.starts_with("fuzz-"));
            if in_worker {
                LAST_PANIC.with(|last| *last.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}

/// The message of a panic payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".to_string())
}

/// The process's peak resident memory (`VmHWM`), where the system tells it.
fn peak_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kibibytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kibibytes * 1024)
}

/// Whether `message` carries a location: `:LINE:COLUMN` with both numbers at least 1.
pub fn is_located(message: &str) -> bool {
    let bytes = message.as_bytes();
    let number_at = |start: usize| {
        let digits = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let text = &message[start..start + digits];
        let positive = text.parse::<u64>().is_ok_and(|n| n >= 1);
        (digits, positive)
    };
    (0..bytes.len()).any(|at| {
        if bytes[at] != b':' {
            return false;
        }
        let (line_digits, line_ok) = number_at(at + 1);
        let colon = at + 1 + line_digits;
        line_ok && bytes.get(colon) == Some(&b':') && number_at(colon + 1).1
    })
}

/// `message` cut to a readable length, keeping its start.
fn shorten(message: &str) -> String {
    const MAX_CHARS: usize = 300;
    if message.chars().count() <= MAX_CHARS {
        return message.to_string();
    }
    let cut: String = message.chars().take(MAX_CHARS).collect();
    format!("{cut}...")
}

/// The campaign's random generator: the seed mixed with the reader's name, so readers do not
/// all draw the same mutations.
fn rng_for(name: &str, seed: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    // FNV-1a of the name.
    let name_hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    bytes[8..16].copy_from_slice(&name_hash.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

/// A number from the environment variable `name`, when it is set; panics when it is set but
/// not a number, so a typo never turns into a silent default.
fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value:?} is not a whole number")),
    )
}

/// Where the minimal failing file of `reader` is saved.
fn failure_path(reader: &str, relative: &Path) -> PathBuf {
    let file_name = relative
        .file_name()
        .map_or_else(|| "input".into(), |n| n.to_os_string());
    crate::support::repo_root()
        .join("target")
        .join("fuzz-failures")
        .join(reader)
        .join(file_name)
}

/// Every file under `dir` (recursively) whose name ends with `extension`, as seeds relative to
/// `relative_to`, in path order.
pub fn seed_files(dir: &Path, extension: &str, relative_to: &Path) -> Vec<SeedFile> {
    let mut paths = Vec::new();
    collect_files(dir, extension, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| SeedFile {
            relative: path
                .strip_prefix(relative_to)
                .expect("seed files lie under their root")
                .to_path_buf(),
            bytes: std::fs::read(&path)
                .unwrap_or_else(|e| panic!("cannot read seed {}: {e}", path.display())),
        })
        .collect()
}

fn collect_files(dir: &Path, extension: &str, paths: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for path in entries.map(|entry| entry.expect("directory entry").path()) {
        if path.is_dir() {
            collect_files(&path, extension, paths);
        } else if path.to_string_lossy().ends_with(extension) {
            paths.push(path);
        }
    }
}

/// Copies the directory tree `from` to `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// Writes a case's bytes to `dir/<the seed's file name>` and returns that path.
pub fn write_case(dir: &Path, seed: &SeedFile, bytes: &[u8]) -> PathBuf {
    let path = dir.join(seed.relative.file_name().expect("seed files have names"));
    std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_is_a_positive_line_and_column() {
        assert!(is_located("deck.toml:3:7: unknown card"));
        assert!(is_located("error: a/b.toml:12:1: x"));
        assert!(!is_located("deck.toml:0:0: unknown card"));
        assert!(!is_located(
            "deck.toml: TOML parse error at line 3, column 7"
        ));
        assert!(!is_located(
            "3:7: no file, but the colon before the line is missing"
        ));
        assert!(!is_located("rule 100.4: too many copies"));
    }

    #[test]
    fn a_panicking_reader_fails_with_its_location() {
        install_panic_recorder();
        let read: Arc<ReadFn> = Arc::new(|_, _| panic!("boom"));
        let seed = SeedFile {
            relative: "x.toml".into(),
            bytes: Vec::new(),
        };
        let error = run_case("self-test", &read, &seed, Vec::new())
            .unwrap_err()
            .to_string();
        assert!(error.contains("boom"), "{error}");
        assert!(error.contains("mod.rs:"), "the panic's location: {error}");
    }
}
