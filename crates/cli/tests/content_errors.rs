//! Content errors are located diagnostics and never stop the other files or games.

use crate::support::{grimoire_in, mage_wars_copy, repository, summary};

/// A copy of the Mage Wars content plus the demo fixture game.
fn two_games() -> tempfile::TempDir {
    let copy = mage_wars_copy();
    for part in ["codex/demo", "cards/demo/core"] {
        let from = repository().join("tests/fixtures/demo").join(part);
        let to = copy.path().join(part);
        std::fs::create_dir_all(&to).expect("dir");
        for entry in std::fs::read_dir(from).expect("fixture").flatten() {
            if entry.path().is_file() {
                std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy");
            }
        }
    }
    copy
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

#[test]
fn a_file_that_is_not_utf8_is_located_and_the_rest_is_still_checked() {
    let copy = two_games();
    let set = copy.path().join("cards/mage-wars/broken");
    std::fs::create_dir_all(&set).expect("set");
    let mut bytes = b"[[card]]\nname = \"Caf".to_vec();
    bytes.push(0xE9); // Latin-1 e-acute
    bytes.extend_from_slice(b"\"\nkind = \"creature\"\n");
    std::fs::write(set.join("latin1.toml"), bytes).expect("latin-1 file");
    let creatures = copy.path().join("cards/mage-wars/core/creatures.toml");
    let text = std::fs::read_to_string(&creatures).expect("creatures");
    std::fs::write(&creatures, text.replacen("life = 14", "life = \"many\"", 1)).expect("edit");
    let (code, stdout, stderr) = summary(&grimoire_in(
        copy.path(),
        &["check", "--message-format", "json"],
    ));
    assert_eq!(code, Some(1), "{stderr}");
    let diagnostics = json_lines(&stdout);
    let not_utf8 = diagnostics
        .iter()
        .find(|d| d["code"] == "E0034")
        .unwrap_or_else(|| panic!("no E0034 in {stdout}"));
    assert_eq!(not_utf8["file"], "cards/mage-wars/broken/latin1.toml");
    assert_eq!(
        (not_utf8["line"].as_u64(), not_utf8["column"].as_u64()),
        (Some(2), Some(12))
    );
    assert!(
        not_utf8["message"]
            .as_str()
            .unwrap_or("")
            .contains("byte 0xE9 at byte offset 20"),
        "{not_utf8}"
    );
    assert!(
        diagnostics
            .iter()
            .any(|d| d["file"] == "cards/mage-wars/core/creatures.toml"),
        "the other files were not checked: {stdout}"
    );
    let (_, stdout, _) = summary(&grimoire_in(copy.path(), &["check"]));
    assert!(
        stdout.contains("demo: ok"),
        "the other game was not checked: {stdout}"
    );
}

#[test]
fn an_impossible_errata_date_is_an_error() {
    let copy = mage_wars_copy();
    let errata = copy.path().join("cards/mage-wars/errata");
    std::fs::create_dir_all(&errata).expect("errata dir");
    std::fs::write(
        errata.join("2026-02-30-test.toml"),
        "date = \"2026-02-30\"\nsource = \"test\"\n",
    )
    .expect("errata file");
    let (code, stdout, _) = summary(&grimoire_in(
        copy.path(),
        &["check", "mage-wars", "--message-format", "json"],
    ));
    assert_eq!(code, Some(1), "{stdout}");
    let diagnostics = json_lines(&stdout);
    let bad = diagnostics
        .iter()
        .find(|d| d["code"] == "E0035")
        .unwrap_or_else(|| panic!("no E0035 in {stdout}"));
    assert_eq!(bad["line"], 1);
    assert!(bad["message"].as_str().unwrap_or("").contains("2026-02-30"));
}

#[test]
fn a_duplicate_card_points_at_the_first_definition_in_another_file() {
    let copy = mage_wars_copy();
    let set = copy.path().join("cards/mage-wars/again");
    std::fs::create_dir_all(&set).expect("set");
    let creatures =
        std::fs::read_to_string(copy.path().join("cards/mage-wars/core/creatures.toml"))
            .expect("creatures");
    let start = creatures
        .find("[[card]]\nname = \"Dark Pact Slayer\"")
        .expect("card");
    let end = creatures[start + 1..]
        .find("[[card]]\n")
        .map_or(creatures.len(), |e| e + start + 1);
    std::fs::write(set.join("creatures.toml"), &creatures[start..end]).expect("duplicate");
    let (code, stdout, _) = summary(&grimoire_in(
        copy.path(),
        &["check", "mage-wars", "--message-format", "json"],
    ));
    assert_eq!(code, Some(1));
    let duplicate = json_lines(&stdout)
        .into_iter()
        .find(|d| d["code"] == "E0011")
        .unwrap_or_else(|| panic!("no E0011 in {stdout}"));
    let label = &duplicate["labels"][0];
    assert_eq!(label["message"], "first declared here");
    let (first, second) = (
        label["file"].as_str().unwrap_or(""),
        duplicate["file"].as_str().unwrap_or(""),
    );
    assert_ne!(first, second, "{duplicate}");
    let (_, _, stderr) = summary(&grimoire_in(copy.path(), &["check", "mage-wars"]));
    assert!(stderr.contains("first declared here"), "{stderr}");
}

#[test]
fn a_card_file_with_bare_cr_line_endings_is_read_as_lines() {
    let copy = mage_wars_copy();
    let attacks = copy.path().join("cards/mage-wars/core/attacks.toml");
    let text = std::fs::read_to_string(&attacks).expect("attacks");
    std::fs::write(&attacks, text.replace('\n', "\r")).expect("bare CR");
    let (code, stdout, stderr) = summary(&grimoire_in(copy.path(), &["check", "mage-wars"]));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("mage-wars: ok"), "{stdout}");
    // An error in it is located on its line, as an editor shows it.
    let broken = text.replacen("cost = 7", "cost = \"seven\"", 1);
    let line = broken[..broken.find("\"seven\"").expect("edited")]
        .matches('\n')
        .count()
        + 1;
    std::fs::write(&attacks, broken.replace('\n', "\r")).expect("bare CR");
    let (code, stdout, stderr) = summary(&grimoire_in(
        copy.path(),
        &["check", "mage-wars", "--message-format", "json"],
    ));
    assert_eq!(code, Some(1), "{stderr}");
    let diagnostics = json_lines(&stdout);
    assert_eq!(diagnostics.len(), 1, "{stdout}");
    assert_eq!(
        (
            diagnostics[0]["line"].as_u64(),
            diagnostics[0]["column"].as_u64()
        ),
        (Some(line as u64), Some(8)),
        "{stdout}"
    );
}
