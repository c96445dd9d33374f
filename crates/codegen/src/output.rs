//! Switching generated files as one, finishing a switch a killed run left, and finding stale
//! and orphaned outputs.
//!
//! A file system renames one file at a time, so a set of outputs spread over several
//! directories cannot be replaced by one rename. [`write_outputs`] switches them through a
//! journal, [`JOURNAL`], in the root it writes under:
//!
//! 1. The journal is written in its `staging` state. It lists one entry per output that
//!    changes: the target, the staged file that will replace it beside it (none when the
//!    target is removed) and the backup name the old target moves to (none when there is no
//!    old target).
//! 2. Every new file is written to its staged name and synced.
//! 3. The journal is rewritten in its `forward` state: the commit point. Before it, every
//!    target still holds its old file; from it on, the switch is decided.
//! 4. Each old target is renamed to its backup and each staged file to its target.
//! 5. The directories are synced, the backups removed, then the journal.
//!
//! The journal itself is always written to [`JOURNAL`]`.tmp`, synced and renamed over
//! [`JOURNAL`], so it holds one state or the next, never half of one.
//!
//! [`recover_outputs`] finishes what a killed run left: a `staging` journal is rolled back
//! (the staged files are removed; no target was touched), a `forward` one is rolled forward
//! (each step can be repeated; when a staged file has vanished it is rolled back instead), a
//! `back` one is rolled back (each backup renamed over its target, targets that did not
//! exist before removed). A run that fails in the middle of the switch (a rename refused)
//! records `back` and rolls back itself. Every write starts with recovery.
//!
//! The guarantee: once [`recover_outputs`] has returned (every write, and the `grimoire` and
//! `cargo xtask codegen` commands, call it first), the outputs are every old file or every
//! new file of the last run, byte for byte, and no staged, backup or journal file is left.
//! A reader that does not recover may see a mix while a run is switching or after one was
//! killed in the middle of its switch.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path relative to the repository root, with `/` separators.
    pub path: String,
    /// The file's full contents.
    pub contents: String,
}

/// The journal of a switch in progress, in the root [`write_outputs`] writes under.
pub const JOURNAL: &str = ".grimoire-build.journal";

/// Where a new state of the journal is written before it is renamed over [`JOURNAL`].
const JOURNAL_NEXT: &str = ".grimoire-build.journal.tmp";

/// The prefix of the files new outputs are staged in, beside their targets.
const STAGED_PREFIX: &str = ".grimoire-staged-";

/// The prefix of the names old outputs move to while the switch is in progress.
const BACKUP_PREFIX: &str = ".grimoire-backup-";

/// For tests only: when set to a number of milliseconds, every step of a write (each journal
/// state, each staged file, each rename and removal) is followed by a pause that long, so a
/// test can kill a build in the middle of its switch.
pub const PAUSE_VARIABLE: &str = "GRIMOIRE_TEST_PAUSE_BETWEEN_STEPS_MS";

/// The journal format this version reads and writes.
const JOURNAL_VERSION: u32 = 1;

/// The journal of one switch.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Journal {
    version: u32,
    state: State,
    entries: Vec<Entry>,
}

/// How far a switch got, and so which way recovery goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum State {
    /// New files are being staged; no target has been touched.
    Staging,
    /// Every new file is staged: the switch is decided and goes forward.
    Forward,
    /// The switch is being undone.
    Back,
}

/// One target of a switch. Paths are relative to the root, with `/` separators.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    target: String,
    /// The new file, or `None` when the target is removed.
    staged: Option<String>,
    /// Where the old target goes, or `None` when there was no old target.
    backup: Option<String>,
}

/// What [`recover_outputs`] did with a switch a killed or failed run left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recovered {
    /// The switch had been decided and was finished: these outputs now hold that run's files.
    Finished(Vec<String>),
    /// The switch had not been decided, or had failed, and was undone: these outputs hold
    /// their previous files again.
    RolledBack(Vec<String>),
}

impl fmt::Display for Recovered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recovered::Finished(paths) => write!(
                f,
                "finished the switch of an interrupted build: {} output(s) replaced or removed",
                paths.len()
            ),
            Recovered::RolledBack(paths) => write!(
                f,
                "rolled back an interrupted build: {} output(s) kept as they were",
                paths.len()
            ),
        }
    }
}

/// Writes `outputs` under `root`, only those whose bytes changed, and returns the paths
/// written. The same as [`write_outputs_removing`] with nothing to remove.
pub fn write_outputs(root: &Path, outputs: &[Output]) -> io::Result<Vec<String>> {
    write_outputs_removing(root, outputs, &[])
}

/// Writes `outputs` under `root` (only those whose bytes changed) and removes the files
/// `removed` names (paths relative to `root`, those that exist), all as one switch through
/// the journal (see the module documentation), and returns the paths written.
///
/// It first finishes a switch a killed run left ([`recover_outputs`]) and removes staged and
/// backup files left in the output directories. A directory where an output goes is an
/// error before anything is written. A failure before the switch is decided (a
/// full disk, a read-only directory) leaves every previous output untouched; a failure in the
/// middle of the switch rolls it back. An error names the path it failed on.
pub fn write_outputs_removing(
    root: &Path,
    outputs: &[Output],
    removed: &[String],
) -> io::Result<Vec<String>> {
    for path in outputs
        .iter()
        .map(|output| &output.path)
        .chain(removed.iter())
    {
        relative(root, path)?;
    }
    recover_outputs(root)?;
    let mut directories: BTreeSet<PathBuf> = BTreeSet::new();
    for path in outputs.iter().map(|output| &output.path).chain(removed) {
        if let Some(directory) = root.join(path).parent() {
            directories.insert(directory.to_path_buf());
        }
    }
    for directory in &directories {
        remove_stale_temporaries(directory);
    }
    let changed: Vec<&Output> = outputs
        .iter()
        .filter(|output| {
            fs::read(root.join(&output.path))
                .map_or(true, |bytes| bytes != output.contents.as_bytes())
        })
        .collect();
    let mut entries = Vec::with_capacity(changed.len() + removed.len());
    for output in &changed {
        let target = root.join(&output.path);
        if target.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: a directory is where this output goes",
                    target.display()
                ),
            ));
        }
        entries.push(Entry {
            target: output.path.clone(),
            staged: Some(beside(&output.path, STAGED_PREFIX)),
            backup: present(&target)?.then(|| beside(&output.path, BACKUP_PREFIX)),
        });
    }
    for path in removed {
        if present(&root.join(path))? {
            entries.push(Entry {
                target: path.clone(),
                staged: None,
                backup: Some(beside(path, BACKUP_PREFIX)),
            });
        }
    }
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    fs::create_dir_all(root).map_err(|error| located(root, error))?;
    let mut journal = Journal {
        version: JOURNAL_VERSION,
        state: State::Staging,
        entries,
    };
    write_journal(root, &journal)?;
    if let Err(error) = stage_all(root, &changed, &journal) {
        return Err(undo(root, &mut journal, error));
    }
    journal.state = State::Forward;
    if let Err(error) = write_journal(root, &journal).and_then(|()| switch(root, &journal)) {
        return Err(undo(root, &mut journal, error));
    }
    finish(root, &journal).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!("{error} (every output was switched; the next build removes what is left)"),
        )
    })?;
    Ok(changed.iter().map(|output| output.path.clone()).collect())
}

/// Undoes the write that failed with `error` and returns the error to report. When the switch
/// may have been decided, `back` is recorded first: staged files may be removed only while the
/// journal on disk does not say `forward`, or recovery would take a removed staged file for
/// one already switched. When undoing fails too, the journal stays for the next run.
fn undo(root: &Path, journal: &mut Journal, error: io::Error) -> io::Error {
    let decided = journal.state == State::Forward;
    let mut undone = || {
        if decided {
            journal.state = State::Back;
            write_journal(root, journal)?;
        }
        roll_back(root, journal)?;
        finish(root, journal)
    };
    match undone() {
        Ok(()) => io::Error::new(
            error.kind(),
            format!("{error} (every previous output was kept)"),
        ),
        Err(second) => io::Error::new(
            error.kind(),
            format!(
                "{error}; undoing the build failed too ({second}); the next build finishes or \
                 undoes it from {}",
                root.join(JOURNAL).display()
            ),
        ),
    }
}

/// Finishes a switch a killed run left under `root`: rolls it forward when it was decided
/// and can be finished, back otherwise (see the module documentation). `None` when there was
/// no journal. Afterwards the outputs are every old or every new file of that run and no
/// staged, backup or journal file is left. An error names the path it failed on; the journal
/// then stays, for the next attempt.
pub fn recover_outputs(root: &Path) -> io::Result<Option<Recovered>> {
    let next = root.join(JOURNAL_NEXT);
    match fs::remove_file(&next) {
        Ok(()) => {}
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(located(&next, error)),
    }
    let path = root.join(JOURNAL);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(located(&path, error)),
    };
    let mut journal: Journal = serde_json::from_str(&text).map_err(|error| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{}: not a build journal this version can finish ({error}); \
                 the outputs may mix two builds: delete it and build again",
                path.display()
            ),
        )
    })?;
    if journal.version != JOURNAL_VERSION {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{}: journal version {} (this build reads {JOURNAL_VERSION}); \
                 the outputs may mix two builds: delete it and build again",
                path.display(),
                journal.version
            ),
        ));
    }
    check_entries(root, &journal)?;
    let forward = journal.state == State::Forward && can_finish(root, &journal)?;
    if forward {
        switch(root, &journal)?;
    } else {
        if journal.state == State::Forward {
            journal.state = State::Back;
            write_journal(root, &journal)?;
        }
        roll_back(root, &journal)?;
    }
    finish(root, &journal)?;
    let targets = journal.entries.into_iter().map(|e| e.target).collect();
    Ok(Some(if forward {
        Recovered::Finished(targets)
    } else {
        Recovered::RolledBack(targets)
    }))
}

/// The paths whose bytes on disk under `root` differ from `outputs` (stale or missing).
pub fn stale_outputs(root: &Path, outputs: &[Output]) -> Vec<String> {
    outputs
        .iter()
        .filter(|output| {
            fs::read(root.join(&output.path))
                .map_or(true, |bytes| bytes != output.contents.as_bytes())
        })
        .map(|output| output.path.clone())
        .collect()
}

/// Files in the directories codegen owns (the `src/generated/` directory of each game crate
/// among `outputs`) that no output produces any more, sorted. Staged, backup and temporary
/// files are not outputs and not listed.
pub fn orphaned_outputs(root: &Path, outputs: &[Output]) -> Vec<String> {
    let produced: BTreeSet<&str> = outputs.iter().map(|output| output.path.as_str()).collect();
    let directories: BTreeSet<&str> = outputs
        .iter()
        .filter(|output| output.path.contains("/src/generated/"))
        .filter_map(|output| output.path.rsplit_once('/').map(|(directory, _)| directory))
        .collect();
    let mut orphans = Vec::new();
    for directory in directories {
        let Ok(entries) = fs::read_dir(root.join(directory)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = format!("{directory}/{name}");
            if entry.path().is_file() && !is_temporary(&name) && !produced.contains(path.as_str()) {
                orphans.push(path);
            }
        }
    }
    orphans.sort();
    orphans
}

/// Writes every changed output to its staged name, synced, then syncs their directories.
fn stage_all(root: &Path, changed: &[&Output], journal: &Journal) -> io::Result<()> {
    let mut directories = BTreeSet::new();
    for (output, entry) in changed.iter().zip(&journal.entries) {
        let Some(staged) = &entry.staged else {
            continue;
        };
        let staged = root.join(staged);
        let directory = staged.parent().unwrap_or(root).to_path_buf();
        fs::create_dir_all(&directory).map_err(|error| located(&directory, error))?;
        write_synced(&staged, output.contents.as_bytes())?;
        directories.insert(directory);
        pause();
    }
    for directory in &directories {
        sync_directory(directory)?;
    }
    Ok(())
}

/// Rolls a decided switch forward: each old target to its backup, each staged file to its
/// target. Every step can be repeated after a kill.
fn switch(root: &Path, journal: &Journal) -> io::Result<()> {
    for entry in &journal.entries {
        let target = root.join(&entry.target);
        match &entry.staged {
            Some(staged) => {
                let staged = root.join(staged);
                if present(&staged)? {
                    if let Some(backup) = &entry.backup {
                        if present(&target)? {
                            rename(&target, &root.join(backup))?;
                        }
                    }
                    rename(&staged, &target)?;
                } else if !present(&target)? {
                    return Err(io::Error::new(
                        io::ErrorKind::NotFound,
                        format!(
                            "{}: neither the output nor its staged file {} exists",
                            target.display(),
                            staged.display()
                        ),
                    ));
                }
            }
            None => {
                if let Some(backup) = &entry.backup {
                    if present(&target)? {
                        rename(&target, &root.join(backup))?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether a decided switch can still go forward: every staged file is either still there or
/// already its target.
fn can_finish(root: &Path, journal: &Journal) -> io::Result<bool> {
    for entry in &journal.entries {
        if let Some(staged) = &entry.staged {
            if !present(&root.join(staged))? && !present(&root.join(&entry.target))? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Undoes a switch: every backup goes back over its target, and a target that did not exist
/// before and was switched in is removed. Every step can be repeated after a kill.
fn roll_back(root: &Path, journal: &Journal) -> io::Result<()> {
    for entry in journal.entries.iter().rev() {
        let target = root.join(&entry.target);
        match (&entry.backup, &entry.staged) {
            (Some(backup), _) => {
                let backup = root.join(backup);
                if present(&backup)? {
                    rename(&backup, &target)?;
                }
            }
            (None, Some(staged)) => {
                if !present(&root.join(staged))? && present(&target)? {
                    fs::remove_file(&target).map_err(|error| located(&target, error))?;
                    pause();
                }
            }
            (None, None) => {}
        }
    }
    Ok(())
}

/// Syncs the directories of a switch, removes the staged and backup files it left, then the
/// journal.
fn finish(root: &Path, journal: &Journal) -> io::Result<()> {
    let mut directories = BTreeSet::new();
    for entry in &journal.entries {
        if let Some(directory) = root.join(&entry.target).parent() {
            directories.insert(directory.to_path_buf());
        }
    }
    for directory in &directories {
        if present(directory)? {
            sync_directory(directory)?;
        }
    }
    for entry in &journal.entries {
        for leftover in entry.staged.iter().chain(&entry.backup) {
            let leftover = root.join(leftover);
            if present(&leftover)? {
                fs::remove_file(&leftover).map_err(|error| located(&leftover, error))?;
                pause();
            }
        }
    }
    let path = root.join(JOURNAL);
    fs::remove_file(&path).map_err(|error| located(&path, error))?;
    sync_directory(root)
}

/// Writes the journal's new state beside it, synced, and renames it over [`JOURNAL`].
fn write_journal(root: &Path, journal: &Journal) -> io::Result<()> {
    let path = root.join(JOURNAL);
    let text = serde_json::to_string_pretty(journal)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))
        .map_err(|error| located(&path, error))?;
    let next = root.join(JOURNAL_NEXT);
    write_synced(&next, text.as_bytes())?;
    fs::rename(&next, &path).map_err(|error| located(&path, error))?;
    sync_directory(root)?;
    pause();
    Ok(())
}

/// Checks that every path of a journal read from disk stays under `root` and that staged and
/// backup files carry their prefixes, so recovery never moves or removes anything else.
fn check_entries(root: &Path, journal: &Journal) -> io::Result<()> {
    for entry in &journal.entries {
        relative(root, &entry.target)?;
        for (name, prefix) in [
            (&entry.staged, STAGED_PREFIX),
            (&entry.backup, BACKUP_PREFIX),
        ] {
            if let Some(name) = name {
                relative(root, name)?;
                if !file_name(name).starts_with(prefix) {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "{}: `{name}` is not a name this journal can use",
                            root.join(JOURNAL).display()
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// An error unless `path` is relative and stays under `root` (no `..`, no root or prefix).
fn relative(root: &Path, path: &str) -> io::Result<()> {
    let plain = !path.is_empty()
        && Path::new(path)
            .components()
            .all(|component| matches!(component, Component::Normal(_)));
    if plain {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: outputs are written under {} by a relative path",
                path,
                root.display()
            ),
        ))
    }
}

/// `dir/file` → `dir/<prefix>file`.
fn beside(path: &str, prefix: &str) -> String {
    match path.rsplit_once('/') {
        Some((directory, file)) => format!("{directory}/{prefix}{file}"),
        None => format!("{prefix}{path}"),
    }
}

/// The last component of a `/`-separated path.
fn file_name(path: &str) -> &str {
    path.rsplit_once('/').map_or(path, |(_, file)| file)
}

/// Whether `path` exists (without following a symbolic link); an error other than "not
/// found" (or "a parent is not a directory") is an error naming the path.
fn present(path: &Path) -> io::Result<bool> {
    match fs::symlink_metadata(path) {
        Ok(_) => Ok(true),
        Err(error)
            if matches!(
                error.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Ok(false)
        }
        Err(error) => Err(located(path, error)),
    }
}

/// Renames `from` to `to` (replacing `to`), naming both paths on error.
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!("{} -> {}: {error}", from.display(), to.display()),
        )
    })?;
    pause();
    Ok(())
}

/// Writes `bytes` to `path` (created or truncated) and syncs it.
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    fs::File::create(path)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        })
        .map_err(|error| located(path, error))
}

/// Makes the renames and removals in `directory` durable. Only Unix can open a directory to
/// sync it; elsewhere renames are left to the file system.
fn sync_directory(directory: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        fs::File::open(directory)
            .and_then(|file| file.sync_all())
            .map_err(|error| located(directory, error))?;
    }
    #[cfg(not(unix))]
    let _ = directory;
    Ok(())
}

/// The test-only pause of [`PAUSE_VARIABLE`], if set.
fn pause() {
    if let Some(milliseconds) = std::env::var(PAUSE_VARIABLE)
        .ok()
        .and_then(|value| value.parse::<u64>().ok())
    {
        std::thread::sleep(Duration::from_millis(milliseconds));
    }
}

/// `error` with `path` in its message.
fn located(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// Whether a file name is one of ours or an earlier version's temporary files: staged and
/// backup files and `.tmp` with six characters (the `tempfile` default, used before).
fn is_temporary(name: &str) -> bool {
    let legacy = name.len() == 10
        && name.starts_with(".tmp")
        && name[4..].chars().all(|c| c.is_ascii_alphanumeric());
    name.starts_with(STAGED_PREFIX) || name.starts_with(BACKUP_PREFIX) || legacy
}

/// Removes the temporary files an interrupted run left in `directory`. Output directories
/// hold only generated files, so nothing else has those names. Called only after recovery,
/// when no journal refers to them.
fn remove_stale_temporaries(directory: &Path) {
    let Ok(entries) = fs::read_dir(directory) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if is_temporary(&name.to_string_lossy()) && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn output(path: &str, contents: &str) -> Output {
        Output {
            path: path.into(),
            contents: contents.into(),
        }
    }

    fn read(root: &Path, path: &str) -> Option<String> {
        fs::read_to_string(root.join(path)).ok()
    }

    /// Every file under `root`, sorted.
    fn files(root: &Path) -> Vec<String> {
        fn walk(root: &Path, directory: &Path, found: &mut Vec<String>) {
            for entry in fs::read_dir(directory).expect("read dir").flatten() {
                if entry.path().is_dir() {
                    walk(root, &entry.path(), found);
                } else {
                    let path = entry.path();
                    let relative = path.strip_prefix(root).expect("under root");
                    found.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        let mut found = Vec::new();
        walk(root, root, &mut found);
        found.sort();
        found
    }

    #[test]
    fn a_failed_write_replaces_nothing_and_names_the_path() {
        let root = tempfile::tempdir().expect("temp dir");
        let first = [output("a/one.txt", "old"), output("b/two.txt", "old")];
        write_outputs(root.path(), &first).expect("first write");
        // `b` becomes a file, so nothing can be staged under it; `a/one.txt` is staged first.
        fs::remove_dir_all(root.path().join("b")).expect("remove b");
        fs::write(root.path().join("b"), "in the way").expect("block b");
        let second = [output("a/one.txt", "new"), output("b/two.txt", "new")];
        let error = write_outputs(root.path(), &second).unwrap_err();
        let blocked = root.path().join("b").display().to_string();
        assert!(error.to_string().contains(&blocked), "{error}");
        assert_eq!(
            read(root.path(), "a/one.txt").as_deref(),
            Some("old"),
            "a half-written build replaced an output"
        );
        assert_eq!(files(root.path()), ["a/one.txt", "b"]);
    }

    #[test]
    fn temporaries_of_a_killed_build_are_removed() {
        let root = tempfile::tempdir().expect("temp dir");
        fs::create_dir_all(root.path().join("a")).expect("a");
        for stale in [".tmpAb12Cd", ".grimoire-staged-x1y2", ".grimoire-backup-b"] {
            fs::write(root.path().join("a").join(stale), "partial").expect("stale");
        }
        fs::write(root.path().join("a/.tmpnotours.txt"), "keep").expect("other");
        write_outputs(root.path(), &[output("a/one.txt", "new")]).expect("write");
        assert_eq!(files(root.path()), ["a/.tmpnotours.txt", "a/one.txt"]);
    }

    #[test]
    fn removed_files_are_part_of_the_switch() {
        let root = tempfile::tempdir().expect("temp dir");
        let first = [
            output("g/src/generated/a.rs", "a"),
            output("g/src/generated/b.rs", "b"),
        ];
        write_outputs(root.path(), &first).expect("first write");
        let second = [output("g/src/generated/a.rs", "a2")];
        let orphans = orphaned_outputs(root.path(), &second);
        assert_eq!(orphans, ["g/src/generated/b.rs"]);
        let written = write_outputs_removing(root.path(), &second, &orphans).expect("write");
        assert_eq!(written, ["g/src/generated/a.rs"]);
        assert_eq!(files(root.path()), ["g/src/generated/a.rs"]);
        assert_eq!(
            read(root.path(), "g/src/generated/a.rs").as_deref(),
            Some("a2")
        );
    }

    /// Writes a journal by hand, as a run killed at some step would have left it.
    fn leave_journal(root: &Path, state: State, entries: Vec<Entry>) {
        let journal = Journal {
            version: JOURNAL_VERSION,
            state,
            entries,
        };
        write_journal(root, &journal).expect("journal");
    }

    fn entry(target: &str, staged: bool, backup: bool) -> Entry {
        Entry {
            target: target.into(),
            staged: staged.then(|| beside(target, STAGED_PREFIX)),
            backup: backup.then(|| beside(target, BACKUP_PREFIX)),
        }
    }

    /// `a/one.txt` and `a/gone.txt` old, `a/two.txt` new; killed after the first target was
    /// switched and the removed one moved away.
    fn killed_mid_switch(root: &Path) {
        fs::create_dir_all(root.join("a")).expect("a");
        fs::write(root.join("a/.grimoire-backup-one.txt"), "old one").expect("backup");
        fs::write(root.join("a/one.txt"), "new one").expect("switched");
        fs::write(root.join("a/two.txt"), "old two").expect("old");
        fs::write(root.join("a/.grimoire-staged-two.txt"), "new two").expect("staged");
        fs::write(root.join("a/.grimoire-staged-three.txt"), "new three").expect("staged");
        fs::write(root.join("a/.grimoire-backup-gone.txt"), "old gone").expect("moved away");
        leave_journal(
            root,
            State::Forward,
            vec![
                entry("a/one.txt", true, true),
                entry("a/gone.txt", false, true),
                entry("a/two.txt", true, true),
                entry("a/three.txt", true, false),
            ],
        );
    }

    #[test]
    fn a_decided_switch_is_finished() {
        let root = tempfile::tempdir().expect("temp dir");
        killed_mid_switch(root.path());
        let recovered = recover_outputs(root.path()).expect("recover");
        assert!(matches!(recovered, Some(Recovered::Finished(ref paths)) if paths.len() == 4));
        assert_eq!(
            files(root.path()),
            ["a/one.txt", "a/three.txt", "a/two.txt"]
        );
        for (path, text) in [
            ("one", "new one"),
            ("two", "new two"),
            ("three", "new three"),
        ] {
            assert_eq!(
                read(root.path(), &format!("a/{path}.txt")).as_deref(),
                Some(text)
            );
        }
        assert_eq!(recover_outputs(root.path()).expect("again"), None);
    }

    #[test]
    fn a_switch_that_cannot_be_finished_is_rolled_back() {
        let root = tempfile::tempdir().expect("temp dir");
        killed_mid_switch(root.path());
        // The staged file of `two` vanished: forward is impossible, so back it goes.
        fs::remove_file(root.path().join("a/.grimoire-staged-two.txt")).expect("remove");
        fs::remove_file(root.path().join("a/two.txt")).expect("remove");
        fs::write(root.path().join("a/.grimoire-backup-two.txt"), "old two").expect("moved");
        let recovered = recover_outputs(root.path()).expect("recover");
        assert!(
            matches!(recovered, Some(Recovered::RolledBack(_))),
            "{recovered:?}"
        );
        assert_eq!(files(root.path()), ["a/gone.txt", "a/one.txt", "a/two.txt"]);
        for (path, text) in [("one", "old one"), ("two", "old two"), ("gone", "old gone")] {
            assert_eq!(
                read(root.path(), &format!("a/{path}.txt")).as_deref(),
                Some(text)
            );
        }
    }

    #[test]
    fn a_run_that_fails_mid_switch_restores_every_old_output() {
        let root = tempfile::tempdir().expect("temp dir");
        killed_mid_switch(root.path());
        let text = fs::read_to_string(root.path().join(JOURNAL)).expect("journal");
        let mut journal: Journal = serde_json::from_str(&text).expect("journal");
        let refused = io::Error::new(io::ErrorKind::PermissionDenied, "a/two.txt: refused");
        let error = undo(root.path(), &mut journal, refused);
        assert_eq!(error.kind(), io::ErrorKind::PermissionDenied);
        assert!(
            error.to_string().contains("a/two.txt: refused")
                && error.to_string().contains("every previous output was kept"),
            "{error}"
        );
        assert_eq!(files(root.path()), ["a/gone.txt", "a/one.txt", "a/two.txt"]);
        for (path, text) in [("one", "old one"), ("two", "old two"), ("gone", "old gone")] {
            assert_eq!(
                read(root.path(), &format!("a/{path}.txt")).as_deref(),
                Some(text)
            );
        }
    }

    #[test]
    fn an_undecided_switch_is_rolled_back() {
        let root = tempfile::tempdir().expect("temp dir");
        fs::create_dir_all(root.path().join("a")).expect("a");
        fs::write(root.path().join("a/one.txt"), "old one").expect("old");
        fs::write(root.path().join("a/.grimoire-staged-one.txt"), "new o").expect("half staged");
        fs::write(root.path().join(JOURNAL_NEXT), "{\"vers").expect("half a journal");
        leave_journal(
            root.path(),
            State::Staging,
            vec![
                entry("a/one.txt", true, true),
                entry("a/two.txt", true, false),
            ],
        );
        fs::write(root.path().join(JOURNAL_NEXT), "{\"vers").expect("half a journal");
        let recovered = recover_outputs(root.path()).expect("recover");
        assert!(
            matches!(recovered, Some(Recovered::RolledBack(_))),
            "{recovered:?}"
        );
        assert_eq!(files(root.path()), ["a/one.txt"]);
        assert_eq!(read(root.path(), "a/one.txt").as_deref(), Some("old one"));
    }

    #[test]
    fn a_journal_that_names_other_files_is_refused() {
        let root = tempfile::tempdir().expect("temp dir");
        fs::write(root.path().join("keep.txt"), "mine").expect("file");
        let mut escaping = entry("../outside.txt", true, false);
        escaping.target = "../outside.txt".into();
        leave_journal(root.path(), State::Back, vec![escaping]);
        let error = recover_outputs(root.path()).unwrap_err();
        assert!(error.to_string().contains("../outside.txt"), "{error}");
        leave_journal(
            root.path(),
            State::Back,
            vec![Entry {
                target: "a.txt".into(),
                staged: Some("keep.txt".into()),
                backup: None,
            }],
        );
        let error = recover_outputs(root.path()).unwrap_err();
        assert!(error.to_string().contains("keep.txt"), "{error}");
        fs::write(root.path().join(JOURNAL), "not json").expect("garbage");
        let error = recover_outputs(root.path()).unwrap_err();
        assert!(error.to_string().contains(JOURNAL), "{error}");
        assert_eq!(read(root.path(), "keep.txt").as_deref(), Some("mine"));
    }
}
