//! `import wowtcg-json --scaffold`: a set with words the codex does not know imports, its words
//! become drafts, and the game compiles with draft warnings only; a failed import writes
//! nothing, cards and codex alike.

use std::fs;
use std::path::{Path, PathBuf};

use crate::{import_wowtcg_json, NameKind, NewWords};

/// A set with a new race (`Fel Orc`), a new type-line tag (`City`), a new faction (`Both`)
/// and a known card beside them.
const NEW_WORDS: &str = r#"[
  {"name": "Bloodfang Grunt", "type": "Ally", "faction": "Horde", "setcode": "NEW", "no": 1,
   "cost": 3, "attack": 3, "dmgtype": "Melee", "health": 3, "race": "Fel Orc", "class": "Warrior",
   "rarity": "c", "rules": ""},
  {"name": "Twin Banner Square", "type": "Location", "faction": "Both", "setcode": "NEW", "no": 2,
   "cost": 2, "subtype": "City", "rarity": "r", "rules": ""},
  {"name": "Plain Footman", "type": "Ally", "faction": "Alliance", "setcode": "NEW", "no": 3,
   "cost": 1, "attack": 1, "dmgtype": "Melee", "health": 1, "race": "Human", "class": "Warrior",
   "rarity": "c", "rules": ""}
]"#;

/// A content root with a copy of the repository's WoW TCG codex and an empty card folder.
fn content_root() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let codex = dir.path().join("codex").join("wow-tcg");
    fs::create_dir_all(&codex).expect("codex dir");
    let repo_codex = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../codex/wow-tcg");
    for entry in fs::read_dir(&repo_codex).expect("codex") {
        let path = entry.expect("entry").path();
        fs::copy(&path, codex.join(path.file_name().expect("name"))).expect("copy");
    }
    let cards = dir.path().join("cards").join("wow-tcg");
    (dir, codex, cards)
}

fn snapshot(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut files: Vec<(PathBuf, String)> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.is_file())
                .map(|path| {
                    let text = fs::read_to_string(&path).expect("readable");
                    (path, text)
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn without_scaffold_the_new_words_are_unmapped() {
    let (dir, codex, cards) = content_root();
    let set = dir.path().join("new.json");
    fs::write(&set, NEW_WORDS).expect("write");
    let report = import_wowtcg_json(&[set], &cards, &codex, NewWords::Reject).expect("imports");
    let unmapped: Vec<String> = report.unmapped.iter().map(|f| f.message.clone()).collect();
    for word in ["Fel Orc", "City", "Both"] {
        assert!(
            unmapped.iter().any(|m| m.contains(word)),
            "{word} is unmapped: {unmapped:?}"
        );
    }
    assert!(report.scaffolded.is_empty());
}

#[test]
fn scaffold_adds_drafts_and_the_game_compiles_with_warnings_only() {
    let (dir, codex, cards) = content_root();
    let set = dir.path().join("new.json");
    fs::write(&set, NEW_WORDS).expect("write");
    let report = import_wowtcg_json(&[set], &cards, &codex, NewWords::Scaffold).expect("imports");
    assert!(report.unmapped.is_empty(), "{report}");
    assert!(report.rejected.is_empty(), "{report}");
    assert_eq!(report.cards_written, 3, "{report}");
    let mut words: Vec<(String, String)> = report
        .new_names
        .iter()
        .map(|name| {
            let kind = match &name.kind {
                NameKind::EnumValue(enum_name) => enum_name.clone(),
                NameKind::CodexEntry { category, .. } => category.clone(),
            };
            (kind, name.name.clone())
        })
        .collect();
    words.sort();
    assert_eq!(
        words,
        [
            ("Faction".to_owned(), "Both".to_owned()),
            ("Race".to_owned(), "Fel Orc".to_owned()),
            ("TypeTag".to_owned(), "City".to_owned()),
        ]
    );
    assert_eq!(report.draft_warnings, 1, "one draft codex entry: City");
    let game_toml = fs::read_to_string(codex.join("game.toml")).expect("game.toml");
    assert!(game_toml.contains("name = \"Fel Orc\""), "race added");
    assert!(game_toml.contains("name = \"Both\""), "faction added");
    let tags = fs::read_to_string(codex.join("tags.toml")).expect("tags.toml");
    assert!(tags.contains("name = \"City\"\n") && tags.contains("draft = true"));
    // The content root now compiles: errors none, one warning per draft.
    let input = grimoire_compiler::load_game(dir.path(), "wow-tcg").expect("loads");
    let game = grimoire_compiler::compile(&input)
        .unwrap_or_else(|d| panic!("errors after --scaffold:\n{}", d.render(false)));
    assert_eq!(game.warnings.len(), 1, "{}", game.warnings.render(false));
    // A second import of the same set knows the words: nothing new, nothing unmapped.
    let again = dir.path().join("again.json");
    fs::write(&again, NEW_WORDS).expect("write");
    let second = import_wowtcg_json(&[again], &cards, &codex, NewWords::Reject).expect("again");
    assert!(second.unmapped.is_empty(), "{second}");
}

#[test]
fn a_failed_scaffold_import_writes_nothing() {
    let (dir, codex, cards) = content_root();
    let before = snapshot(&codex);
    let good = dir.path().join("new.json");
    fs::write(&good, NEW_WORDS).expect("write");
    let cut = dir.path().join("cut.json");
    fs::write(&cut, "[{\"name\": \"Half").expect("write");
    let error = import_wowtcg_json(&[good.clone(), cut], &cards, &codex, NewWords::Scaffold)
        .expect_err("a malformed file stops the import");
    assert!(error.to_string().contains("cut.json:1:"), "{error}");
    assert!(!cards.exists(), "no card written");
    assert_eq!(snapshot(&codex), before, "no codex file changed");
    // A card folder that cannot be made (a file is in its place) fails the write of cards
    // and drafts together: the codex is left as it was.
    fs::create_dir_all(&cards).expect("cards dir");
    fs::write(cards.join("new"), "not a folder").expect("write");
    let error = import_wowtcg_json(&[good], &cards, &codex, NewWords::Scaffold)
        .expect_err("the set folder cannot be made");
    assert!(error.to_string().contains("new"), "{error}");
    assert_eq!(snapshot(&codex), before, "no codex file changed");
    assert_eq!(
        fs::read_dir(&cards).expect("cards").count(),
        1,
        "only the blocking file is there"
    );
}
