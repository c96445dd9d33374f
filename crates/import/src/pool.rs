//! The output directory: existing card files, reprint merging, and writing.
//!
//! Every `*.toml` under `<out>/<set>/` is read first. A card whose name is already there gets
//! the new printing added (and differences in its data are reported) instead of a duplicate;
//! new cards go to `<out>/<set-slug>/<kind file>.toml`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use toml::{Table, Value};

use crate::error::ImportError;
use crate::report::Finding;

/// One card file held in memory.
#[derive(Debug)]
struct PoolFile {
    path: PathBuf,
    table: Table,
    changed: bool,
}

/// All card files of the output directory.
#[derive(Debug)]
pub struct Pool {
    out: PathBuf,
    header: String,
    files: Vec<PoolFile>,
    /// Card name → (file index, position in its `card` array).
    by_name: BTreeMap<String, (usize, usize)>,
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
        let text = fs::read_to_string(&path).map_err(|source| ImportError::Io {
            path: path.clone(),
            source,
        })?;
        let table: Table =
            text.parse()
                .map_err(|error: toml::de::Error| ImportError::ExistingToml {
                    path: path.clone(),
                    message: error.to_string(),
                })?;
        let index = self.files.len();
        if let Some(Value::Array(cards)) = table.get("card") {
            for (position, card) in cards.iter().enumerate() {
                if let Some(name) = card.get("name").and_then(Value::as_str) {
                    self.by_name.insert(name.to_owned(), (index, position));
                }
            }
        }
        self.files.push(PoolFile {
            path,
            table,
            changed: false,
        });
        Ok(())
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

    /// Adds a card of set `set` that belongs in file `file_stem` of that set's folder. Returns
    /// what happened and, for a reprint whose data differ, a description of the differences.
    pub fn add(
        &mut self,
        set: &str,
        file_stem: &str,
        source: &str,
        card: Table,
    ) -> (Added, Option<String>) {
        let name = card
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        if let Some(&(file, position)) = self.by_name.get(&name) {
            return self.add_printing(file, position, card);
        }
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

    /// Writes every new or changed file; returns the paths written.
    ///
    /// Every file is rendered before any is written, so a card that cannot be serialized
    /// leaves the directory untouched; each file is written to a temporary file next to it
    /// and renamed into place, so no file is ever left half-written.
    pub fn write(&self) -> Result<Vec<PathBuf>, ImportError> {
        let mut rendered = Vec::new();
        for file in self.files.iter().filter(|file| file.changed) {
            let body = render_file(&file.table).map_err(|message| ImportError::Serialize {
                card: file.path.display().to_string(),
                message,
            })?;
            rendered.push((&file.path, format!("{}{body}", self.header)));
        }
        let mut written = Vec::new();
        for (path, text) in rendered {
            let io_error = |path: &Path| {
                let path = path.to_path_buf();
                move |source| ImportError::Io { path, source }
            };
            if let Some(dir) = path.parent() {
                fs::create_dir_all(dir).map_err(io_error(dir))?;
            }
            let temporary = path.with_extension("toml.tmp");
            fs::write(&temporary, text).map_err(io_error(&temporary))?;
            fs::rename(&temporary, path).map_err(io_error(path))?;
            written.push(path.clone());
        }
        Ok(written)
    }
}

/// Card keys written as `[[card.<key>]]` sub-tables instead of inline values.
const SUB_TABLE_KEYS: [&str; 1] = ["attacks"];

/// Card keys whose list is written one item per line (a Mage Knight warrior's dial).
const ONE_ITEM_PER_LINE_KEYS: [&str; 1] = ["dial"];

/// Writes a card file: top-level values, then one `[[card]]` table per card whose values are
/// inline (small records such as `range = { min = 0, max = 2 }`), except attack bars, which get
/// `[[card.attacks]]` tables of their own.
fn render_file(table: &Table) -> Result<String, String> {
    let mut out = String::new();
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
        out.push_str("\n[[card]]\n");
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
    }
    Ok(out)
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

/// Card keys an author writes by hand on imported cards (typed ability data,
/// docs/formats.md): no importer writes them, so a reprint never differs in them.
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
pub fn reprint_note(set: &str, card: &str, message: String) -> Finding {
    Finding {
        set: set.to_owned(),
        card: card.to_owned(),
        field: "printings".to_owned(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authored_ability_data_is_no_difference_of_a_reprint() {
        let old: Table = "name = \"Bolt\"\ncost = 2\ncard_abilities = [{ effects = [] }]"
            .parse()
            .expect("toml");
        let new: Table = "name = \"Bolt\"\ncost = 3".parse().expect("toml");
        assert_eq!(differing_fields(&old, &new), ["cost"]);
    }
}
