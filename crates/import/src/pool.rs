//! The output directory: existing card files, reprint merging, and writing.
//!
//! Every `*.toml` under `<out>/<set>/` is read first. A card whose name is already there gets
//! the new printing added (and differences in its data are reported) instead of a duplicate;
//! new cards go to `<out>/<set-slug>/<kind file>.toml`.
//!
//! Before anything is written, [`Pool::check`] compiles the would-be output with the game's
//! codex ([`crate::check`]): a card this import added or changed that the compiler rejects is
//! taken out again (a new card removed, an existing card restored) and reported at its place
//! in the import's source. [`Pool::write`] then switches all files or none.

use std::collections::BTreeMap;
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::{Table, Value};

use crate::error::ImportError;
use crate::report::{Finding, Report};
use crate::source::Located;
use crate::NewWords;

/// One card file held in memory.
#[derive(Debug)]
struct PoolFile {
    path: PathBuf,
    table: Table,
    changed: bool,
    /// The file's text as read, for a file that was already there.
    original: Option<String>,
}

/// A card this import added, or a card already there that it gave a printing.
#[derive(Debug, Clone)]
struct Touched {
    /// The set the import read it for.
    set: String,
    /// Where the import's source has it.
    origin: Option<Located>,
    /// The card as it was before this import; `None` for a card the import added.
    before: Option<Table>,
    /// How many printings this import added to it.
    printings: usize,
}

/// All card files of the output directory.
#[derive(Debug)]
pub struct Pool {
    out: PathBuf,
    header: String,
    files: Vec<PoolFile>,
    /// Card name → (file index, position in its `card` array).
    by_name: BTreeMap<String, (usize, usize)>,
    /// The cards this import added or changed, by name.
    touched: BTreeMap<String, Touched>,
}

/// A card file as it would be written, with where each card's `[[card]]` table is in it.
#[derive(Debug)]
pub struct RenderedFile {
    /// The file's path.
    pub path: PathBuf,
    /// The whole text, header included.
    pub text: String,
    /// Per card, in `card` array order: its name and the byte range of its table in `text`.
    pub cards: CardRanges,
}

/// What happened to a card handed to [`Pool::add`].
#[derive(Debug, PartialEq, Eq)]
pub enum Added {
    /// A new card was written.
    New,
    /// A printing was added to a card already there.
    Printing,
    /// The card already had this printing; nothing changed.
    Present,
}

impl Pool {
    /// Reads every card file under `out` (which may not exist yet). `header` is written at the
    /// top of every file.
    pub fn load(out: &Path, header: &str) -> Result<Self, ImportError> {
        let mut pool = Self {
            out: out.to_path_buf(),
            header: header.to_owned(),
            files: Vec::new(),
            by_name: BTreeMap::new(),
            touched: BTreeMap::new(),
        };
        if !out.is_dir() {
            return Ok(pool);
        }
        for set_dir in sorted_entries(out)?
            .into_iter()
            .filter(|path| path.is_dir())
        {
            for path in sorted_entries(&set_dir)? {
                if path.extension().is_some_and(|ext| ext == "toml") {
                    pool.load_file(path)?;
                }
            }
        }
        Ok(pool)
    }

    fn load_file(&mut self, path: PathBuf) -> Result<(), ImportError> {
        let text = crate::source::read_source(&path)?;
        let table: Table =
            text.parse()
                .map_err(|error: toml::de::Error| ImportError::ExistingToml {
                    path: path.clone(),
                    at: grimoire_input::Location::of_offset(
                        &text,
                        error.span().map_or(0, |span| span.start),
                    ),
                    message: error.message().to_owned(),
                })?;
        self.files.push(PoolFile {
            path,
            table,
            changed: false,
            original: Some(text),
        });
        self.index_file(self.files.len() - 1);
        Ok(())
    }

    /// Puts the cards of file `index` into `by_name`.
    fn index_file(&mut self, index: usize) {
        if let Some(Value::Array(cards)) = self.files[index].table.get("card") {
            for (position, card) in cards.iter().enumerate() {
                if let Some(name) = card.get("name").and_then(Value::as_str) {
                    self.by_name.insert(name.to_owned(), (index, position));
                }
            }
        }
    }

    /// The card named `name`, if the pool has one.
    pub fn card(&self, name: &str) -> Option<&Table> {
        let &(file, position) = self.by_name.get(name)?;
        self.files[file]
            .table
            .get("card")?
            .get(position)?
            .as_table()
    }

    /// Every card of the pool, file by file.
    pub fn cards(&self) -> impl Iterator<Item = &Table> {
        self.files
            .iter()
            .filter_map(|file| file.table.get("card").and_then(Value::as_array))
            .flatten()
            .filter_map(Value::as_table)
    }

    /// Adds a card of set `set` that belongs in file `file_stem` of that set's folder; `origin`
    /// is where the import's source has it. Returns what happened and, for a reprint whose data
    /// differ, a description of the differences.
    pub fn add(
        &mut self,
        set: &str,
        file_stem: &str,
        source: &str,
        card: Table,
        origin: Option<Located>,
    ) -> (Added, Option<String>) {
        let name = card
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        if let Some(&(file, position)) = self.by_name.get(&name) {
            let before = self.card(&name).cloned();
            let result = self.add_printing(file, position, card);
            if result.0 == Added::Printing {
                self.touched
                    .entry(name)
                    .or_insert_with(|| Touched {
                        set: set.to_owned(),
                        origin,
                        before,
                        printings: 0,
                    })
                    .printings += 1;
            }
            return result;
        }
        let touched = Touched {
            set: set.to_owned(),
            origin,
            before: None,
            printings: 0,
        };
        self.touched.insert(name.clone(), touched);
        let path = self.out.join(set).join(format!("{file_stem}.toml"));
        let file = match self.files.iter().position(|existing| existing.path == path) {
            Some(file) => file,
            None => {
                let mut table = Table::new();
                table.insert("source".to_owned(), Value::String(source.to_owned()));
                table.insert("card".to_owned(), Value::Array(Vec::new()));
                self.files.push(PoolFile {
                    path,
                    table,
                    changed: true,
                    original: None,
                });
                self.files.len() - 1
            }
        };
        let pool_file = &mut self.files[file];
        pool_file.changed = true;
        let cards = pool_file
            .table
            .entry("card")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(cards) = cards {
            cards.push(Value::Table(card));
            self.by_name.insert(name, (file, cards.len() - 1));
        }
        (Added::New, None)
    }

    fn add_printing(
        &mut self,
        file: usize,
        position: usize,
        card: Table,
    ) -> (Added, Option<String>) {
        let pool_file = &mut self.files[file];
        let shown_path = pool_file
            .path
            .strip_prefix(&self.out)
            .unwrap_or(&pool_file.path)
            .display()
            .to_string();
        let Some(Value::Table(existing)) = pool_file
            .table
            .get_mut("card")
            .and_then(|cards| cards.get_mut(position))
        else {
            return (Added::Present, None);
        };
        let differences = differing_fields(existing, &card);
        let difference = (!differences.is_empty()).then(|| {
            format!(
                "reprint differs from the card in {} in: {}",
                shown_path,
                differences.join(", ")
            )
        });
        let new_printings = match card.get("printings") {
            Some(Value::Array(printings)) => printings.clone(),
            _ => Vec::new(),
        };
        let printings = existing
            .entry("printings")
            .or_insert_with(|| Value::Array(Vec::new()));
        let mut added = Added::Present;
        if let Value::Array(printings) = printings {
            for printing in new_printings {
                let same_set = printings
                    .iter()
                    .any(|old| old.get("set") == printing.get("set"));
                if !same_set {
                    printings.push(printing);
                    added = Added::Printing;
                }
            }
        }
        if added == Added::Printing {
            pool_file.changed = true;
        }
        (added, difference)
    }

    /// Every card file as it would be written: changed files rendered, the others as read.
    pub fn render(&self) -> Result<Vec<RenderedFile>, ImportError> {
        let mut rendered = Vec::new();
        for file in &self.files {
            if file.changed {
                let (body, cards) =
                    render_file(&file.table).map_err(|message| ImportError::Serialize {
                        card: file.path.display().to_string(),
                        message,
                    })?;
                let offset = self.header.len();
                rendered.push(RenderedFile {
                    path: file.path.clone(),
                    text: format!("{}{body}", self.header),
                    cards: cards
                        .into_iter()
                        .map(|(name, range)| (name, range.start + offset..range.end + offset))
                        .collect(),
                });
            } else if let Some(original) = &file.original {
                rendered.push(RenderedFile {
                    path: file.path.clone(),
                    text: original.clone(),
                    cards: Vec::new(),
                });
            }
        }
        Ok(rendered)
    }

    /// Compiles the pool as it would be written with the game's codex and takes out every card
    /// this import added or changed that the compiler rejects, unless every error about it is
    /// one that `accept` accepts (`--scaffold`'s new words). Each card taken out is a
    /// [`Report::rejected`] finding at its place in the source, and no longer counted as
    /// written.
    pub fn check(
        &mut self,
        codex: &crate::check::GameCodex,
        accept: impl Fn(&grimoire_compiler::Diagnostic) -> bool,
        report: &mut Report,
    ) -> Result<(), ImportError> {
        // Every round takes out at least one card, so this ends.
        loop {
            let rendered = self.render()?;
            let failing = codex.card_errors(&rendered)?;
            let mut taken_out = false;
            for (name, errors) in failing {
                if !self.touched.contains_key(&name) || errors.iter().all(&accept) {
                    continue;
                }
                let Some(touched) = self.touched.remove(&name) else {
                    continue;
                };
                let reasons: Vec<String> = errors
                    .iter()
                    .map(|error| format!("{} {}", error.code, error.message))
                    .collect();
                let what = if touched.before.is_some() {
                    "the printing is not added"
                } else {
                    "the card is not written"
                };
                if touched.before.is_none() {
                    report.cards_written = report.cards_written.saturating_sub(1);
                }
                report.printings_added = report.printings_added.saturating_sub(touched.printings);
                report.rejected.push(Finding {
                    set: touched.set.clone(),
                    card: name.clone(),
                    field: "card".to_owned(),
                    message: format!(
                        "the game would not compile with it ({}); {what}",
                        reasons.join("; ")
                    ),
                    at: touched.origin.clone(),
                });
                self.take_out(&name, touched.before);
                // Removing a card moves the ones after it: index again before the next.
                self.refresh();
                taken_out = true;
            }
            if !taken_out {
                return Ok(());
            }
        }
    }

    /// Removes card `name` (added by this import), or puts back its version `before`.
    fn take_out(&mut self, name: &str, before: Option<Table>) {
        let Some(&(file, position)) = self.by_name.get(name) else {
            return;
        };
        let Some(Value::Array(cards)) = self.files[file].table.get_mut("card") else {
            return;
        };
        match before {
            Some(before) => {
                if let Some(card) = cards.get_mut(position) {
                    *card = Value::Table(before);
                }
            }
            None if position < cards.len() => {
                cards.remove(position);
            }
            None => {}
        }
    }

    /// After cards were taken out: the name index again, and which files still change (a file
    /// that was there changes when it holds a card this import touched; a new file when it
    /// holds any card).
    fn refresh(&mut self) {
        self.by_name.clear();
        for index in 0..self.files.len() {
            self.index_file(index);
        }
        for file in &mut self.files {
            let names = file
                .table
                .get("card")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|card| card.get("name").and_then(Value::as_str));
            file.changed = if file.original.is_some() {
                names
                    .into_iter()
                    .any(|name| self.touched.contains_key(name))
            } else {
                names.count() > 0
            };
        }
    }

    /// Writes every new or changed file, all or nothing; returns the paths written.
    ///
    /// Every file is rendered, then staged as a temporary file beside its target (with any
    /// folder it needs) and the previous contents of the targets are read, before any target
    /// changes; then the staged files are renamed onto their targets. When anything fails,
    /// what was staged or switched is undone: previous files are put back, new files and the
    /// folders made for them are removed, and the error names the path.
    pub fn write(&self) -> Result<Vec<PathBuf>, ImportError> {
        self.write_with(&[])
    }

    /// [`Pool::write`], switching `extra` files (whole texts by path, such as `--scaffold`'s
    /// codex drafts) in the same all-or-nothing step.
    pub fn write_with(&self, extra: &[(PathBuf, String)]) -> Result<Vec<PathBuf>, ImportError> {
        let mut rendered: Vec<(PathBuf, String)> = self
            .render()?
            .into_iter()
            .filter(|file| self.is_changed(&file.path))
            .map(|file| (file.path, file.text))
            .collect();
        rendered.extend(extra.iter().cloned());
        let mut switch = Switch::default();
        let result = switch.stage(&rendered).and_then(|()| switch.switch_all());
        if result.is_err() {
            switch.undo();
        }
        result.map(|()| rendered.into_iter().map(|(path, _)| path).collect())
    }

    /// The end every importer shares: checks the pool against `codex` (a card whose only
    /// errors are new words is kept unless `new_words` rejects it), works out the drafts for
    /// the new words when `new_words` is [`NewWords::Scaffold`] (filling the report's
    /// `new_names`, `scaffolded` and warnings), then writes cards and drafts all or nothing.
    /// When the game would not compile even with the drafts, nothing is written.
    pub fn finish(
        &mut self,
        codex: &crate::check::GameCodex,
        new_words: NewWords,
        report: &mut Report,
    ) -> Result<Vec<PathBuf>, ImportError> {
        let accept = |error: &grimoire_compiler::Diagnostic| {
            new_words != NewWords::Reject && crate::vocabulary::is_new_word(error)
        };
        self.check(codex, accept, report)?;
        let plan = if new_words == NewWords::Scaffold {
            crate::vocabulary::plan_scaffold(codex, &self.render()?)?
        } else {
            crate::vocabulary::ScaffoldPlan::default()
        };
        let written = self.write_with(&plan.edits)?;
        if new_words == NewWords::Scaffold {
            report.new_names = plan.names;
            report.scaffolded = plan.edits.into_iter().map(|(path, _)| path).collect();
            report.scaffold_warnings = plan.warnings;
            report.draft_warnings = plan.warning_count;
        }
        Ok(written)
    }

    fn is_changed(&self, path: &Path) -> bool {
        self.files
            .iter()
            .any(|file| file.changed && file.path == path)
    }
}

/// The files one [`Pool::write`] switches, and how to undo each step.
#[derive(Default)]
struct Switch {
    /// Folders made for new files, outermost first.
    made_folders: Vec<PathBuf>,
    /// (target, staged temporary file, the target's previous bytes if it existed).
    staged: Vec<(PathBuf, PathBuf, Option<Vec<u8>>)>,
    /// How many staged files were renamed onto their targets.
    switched: usize,
}

impl Switch {
    fn stage(&mut self, files: &[(PathBuf, String)]) -> Result<(), ImportError> {
        for (path, text) in files {
            if let Some(folder) = path.parent() {
                self.make_folder(folder)?;
            }
            let previous = if path.is_file() {
                Some(fs::read(path).map_err(io_error(path))?)
            } else {
                None
            };
            let temporary = path.with_extension("toml.tmp");
            fs::write(&temporary, text).map_err(io_error(&temporary))?;
            self.staged.push((path.clone(), temporary, previous));
        }
        Ok(())
    }

    fn make_folder(&mut self, folder: &Path) -> Result<(), ImportError> {
        let missing: Vec<&Path> = folder
            .ancestors()
            .take_while(|ancestor| !ancestor.as_os_str().is_empty() && !ancestor.exists())
            .collect();
        for ancestor in missing.into_iter().rev() {
            fs::create_dir(ancestor).map_err(io_error(ancestor))?;
            self.made_folders.push(ancestor.to_path_buf());
        }
        Ok(())
    }

    fn switch_all(&mut self) -> Result<(), ImportError> {
        for (target, temporary, _) in &self.staged {
            fs::rename(temporary, target).map_err(io_error(target))?;
            self.switched += 1;
        }
        Ok(())
    }

    /// Puts back what was switched and removes what was staged or made (best effort: the
    /// error that caused the undo is the one reported).
    fn undo(&mut self) {
        for (index, (target, temporary, previous)) in self.staged.iter().enumerate() {
            if index < self.switched {
                match previous {
                    Some(bytes) => {
                        if fs::write(temporary, bytes).is_ok() {
                            let _ = fs::rename(temporary, target);
                        }
                    }
                    None => {
                        let _ = fs::remove_file(target);
                    }
                }
            }
            let _ = fs::remove_file(temporary);
        }
        for folder in self.made_folders.iter().rev() {
            let _ = fs::remove_dir(folder);
        }
    }
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> ImportError {
    let path = path.to_path_buf();
    move |source| ImportError::Io { path, source }
}

/// Each card of a rendered file: its name and the byte range of its `[[card]]` table.
type CardRanges = Vec<(String, Range<usize>)>;

/// Card keys written as `[[card.<key>]]` sub-tables instead of inline values.
const SUB_TABLE_KEYS: [&str; 1] = ["attacks"];

/// Card keys whose list is written one item per line (a Mage Knight warrior's dial, typed
/// abilities).
const ONE_ITEM_PER_LINE_KEYS: [&str; 2] = ["dial", "card_abilities"];

/// Writes a card file: top-level values, then one `[[card]]` table per card whose values are
/// inline (small records such as `range = { min = 0, max = 2 }`), except attack bars, which get
/// `[[card.attacks]]` tables of their own.
/// Also returns each card's name and the byte range of its table in the text.
fn render_file(table: &Table) -> Result<(String, CardRanges), String> {
    let mut out = String::new();
    let mut ranges = Vec::new();
    for (key, value) in table.iter().filter(|(key, _)| *key != "card") {
        out.push_str(&format!("{key} = {}\n", inline(value)?));
    }
    let cards = match table.get("card") {
        Some(Value::Array(cards)) => cards.as_slice(),
        _ => &[],
    };
    for card in cards {
        let Value::Table(card) = card else {
            return Err("a card is not a table".to_owned());
        };
        out.push('\n');
        let start = out.len();
        out.push_str("[[card]]\n");
        render_values(card, &mut out)?;
        for sub_key in SUB_TABLE_KEYS {
            let Some(Value::Array(items)) = card.get(sub_key) else {
                continue;
            };
            for item in items {
                let Value::Table(item) = item else {
                    return Err(format!("a `{sub_key}` item is not a table"));
                };
                out.push_str(&format!("\n[[card.{sub_key}]]\n"));
                render_values(item, &mut out)?;
            }
        }
        let name = card
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        ranges.push((name, start..out.len()));
    }
    Ok((out, ranges))
}

fn render_values(table: &Table, out: &mut String) -> Result<(), String> {
    for (key, value) in table
        .iter()
        .filter(|(key, _)| !SUB_TABLE_KEYS.contains(&key.as_str()))
    {
        match value {
            Value::Array(items) if ONE_ITEM_PER_LINE_KEYS.contains(&key.as_str()) => {
                out.push_str(&format!("{key} = [\n"));
                for item in items {
                    out.push_str(&format!("  {},\n", inline(item)?));
                }
                out.push_str("]\n");
            }
            _ => out.push_str(&format!("{key} = {}\n", inline(value)?)),
        }
    }
    Ok(())
}

/// A value as inline TOML.
fn inline(value: &Value) -> Result<String, String> {
    use serde::Serialize;
    let mut text = String::new();
    value
        .serialize(toml::ser::ValueSerializer::new(&mut text))
        .map_err(|error| error.to_string())?;
    Ok(text)
}

/// Card keys that are typed ability data (docs/formats.md): written by hand, or by the WoW TCG
/// translator from a card's text; a reprint is never noted as differing in them (the card
/// keeps its own).
const AUTHORED_FIELDS: [&str; 1] = ["card_abilities"];

/// Keys whose values differ between two versions of a card, printings and authored fields
/// aside.
fn differing_fields(old: &Table, new: &Table) -> Vec<String> {
    let mut keys: Vec<&String> = old
        .keys()
        .chain(new.keys())
        .filter(|key| *key != "printings" && !AUTHORED_FIELDS.contains(&key.as_str()))
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|key| old.get(*key) != new.get(*key))
        .cloned()
        .collect()
}

fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    let io_error = |source| ImportError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries = Vec::new();
    for entry in fs::read_dir(dir).map_err(io_error)? {
        entries.push(entry.map_err(io_error)?.path());
    }
    entries.sort();
    Ok(entries)
}

/// A finding about a reprint, for the report.
pub fn reprint_note(set: &str, card: &str, message: String, at: Option<Located>) -> Finding {
    Finding {
        set: set.to_owned(),
        card: card.to_owned(),
        field: "printings".to_owned(),
        message,
        at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(name: &str) -> Table {
        let mut card = Table::new();
        card.insert("name".to_owned(), Value::String(name.to_owned()));
        card
    }

    #[test]
    fn a_broken_card_file_in_out_is_an_error_at_its_line_and_column() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("set").join("cards.toml");
        fs::create_dir_all(file.parent().expect("folder")).expect("folder");
        fs::write(&file, "[[card]]\nname = \"Old\"\ncost = = 3\n").expect("broken file");
        let error = Pool::load(dir.path(), "").expect_err("broken TOML");
        let shown = error.to_string();
        assert!(
            shown.starts_with(&format!("{}:3:8: ", file.display())),
            "{shown}"
        );
    }

    #[test]
    fn a_failed_switch_puts_back_every_file_it_replaced() {
        let dir = tempfile::tempdir().expect("temp dir");
        let first = dir.path().join("one").join("cards.toml");
        fs::create_dir_all(first.parent().expect("folder")).expect("folder");
        fs::write(&first, "[[card]]\nname = \"Old\"\n").expect("old file");
        let mut pool = Pool::load(dir.path(), "").expect("pool");
        pool.add("one", "cards", "test", card("New"), None);
        pool.add("two", "cards", "test", card("Other"), None);
        // The second target becomes a folder after the pool was read: its rename fails.
        let second = dir.path().join("two").join("cards.toml");
        fs::create_dir_all(second.join("blocker")).expect("blocking folder");
        let error = pool
            .write()
            .expect_err("the second file cannot be switched");
        assert!(error.to_string().contains("two"), "{error}");
        assert_eq!(
            fs::read_to_string(&first).expect("first file"),
            "[[card]]\nname = \"Old\"\n",
            "the first file is put back"
        );
        let leftovers: Vec<PathBuf> = [
            first.with_extension("toml.tmp"),
            second.with_extension("toml.tmp"),
        ]
        .into_iter()
        .filter(|path| path.exists())
        .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }

    #[test]
    fn authored_ability_data_is_no_difference_of_a_reprint() {
        let old: Table = "name = \"Bolt\"\ncost = 2\ncard_abilities = [{ effects = [] }]"
            .parse()
            .expect("toml");
        let new: Table = "name = \"Bolt\"\ncost = 3".parse().expect("toml");
        assert_eq!(differing_fields(&old, &new), ["cost"]);
    }
}
