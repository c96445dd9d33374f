//! The WoW TCG JSON importer against the 61 given set files, the committed pool, and small
//! hand-written files (odd records, reprints, malformed JSON).

use std::fs;
use std::path::{Path, PathBuf};

use grimoire_import::{import_wowtcg_json, ImportError, NewWords, Report};

use crate::support::{location, repo_root, same_as_imported, shared_dir};

/// The given files of `../shared/data/wow-tcg` that `cards/wow-tcg` was imported from, in the
/// order a shell glob gives them (`setlist.json` only names the sets).
const GIVEN: [&str; 61] = [
    "agm", "arc", "bcp", "bic", "blz", "boj", "bsw", "btr", "btt", "bwb", "bwg", "cab", "cat",
    "cbg", "cd1", "cd2", "cd3", "cd4", "cdw", "cfh", "cic", "cit", "coh", "crp", "csc", "cwb",
    "cwg", "ddd", "dks", "dmf", "dsk", "dsm", "dtp", "dws", "ele", "fwv", "hoa", "hol", "hol6",
    "ice", "icr", "mcr", "mct", "mlr", "mlt", "nt", "nxr", "olr", "olt", "ral", "setlist", "sw",
    "tdp", "tja", "tod", "tof", "tok", "tot", "wbr", "wg", "wlk",
];

fn given_files(shared: &Path) -> Vec<PathBuf> {
    let dir = shared.join("data").join("wow-tcg");
    GIVEN
        .iter()
        .map(|stem| dir.join(format!("{stem}.json")))
        .collect()
}

/// Every file under `dir` with its bytes, as paths relative to it, sorted.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    for set_dir in fs::read_dir(dir).expect("readable dir") {
        let set_dir = set_dir.expect("entry").path();
        for file in fs::read_dir(&set_dir).expect("readable set dir") {
            let file = file.expect("entry").path();
            let bytes = fs::read(&file).expect("readable file");
            files.push((
                file.strip_prefix(dir).expect("under dir").to_path_buf(),
                bytes,
            ));
        }
    }
    files.sort();
    files
}

fn import(files: &[PathBuf], out: &Path) -> Report {
    import_wowtcg_json(
        files,
        out,
        &repo_root().join("codex").join("wow-tcg"),
        NewWords::Reject,
    )
    .expect("imports")
}

#[test]
fn every_given_set_imports_with_zero_unmapped_fields_and_is_the_committed_pool() {
    let Some(shared) = shared_dir() else { return };
    let files = given_files(&shared);
    let out = tempfile::tempdir().expect("temp dir");
    let report = import(&files, out.path());
    assert!(report.is_clean(), "unmapped fields:\n{report}");
    let printings = report.cards_written + report.printings_added;
    assert!(report.cards_written > 3_500, "{report}");
    assert!(printings > 4_500, "{printings} printings");
    let fresh = tree(out.path());
    let committed = tree(&repo_root().join("cards").join("wow-tcg"));
    let paths =
        |tree: &[(PathBuf, Vec<u8>)]| tree.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    assert_eq!(
        paths(&fresh),
        paths(&committed),
        "cards/wow-tcg holds other files than a fresh import"
    );
    for ((path, fresh), (_, committed)) in fresh.iter().zip(&committed) {
        assert!(
            same_as_imported(
                &String::from_utf8_lossy(fresh),
                &String::from_utf8_lossy(committed)
            ),
            "{} is stale: re-run `grimoire import wowtcg-json ../shared/data/wow-tcg/*.json --out cards/wow-tcg` on an empty directory",
            path.display()
        );
    }
    let again = import(&files, out.path());
    assert_eq!(
        (again.cards_written, again.printings_added),
        (0, 0),
        "a second import adds nothing"
    );
}

#[test]
fn each_given_set_imports_on_its_own_with_zero_unmapped_fields() {
    let Some(shared) = shared_dir() else { return };
    for file in given_files(&shared) {
        let out = tempfile::tempdir().expect("temp dir");
        let report = import(std::slice::from_ref(&file), out.path());
        assert!(report.is_clean(), "{}:\n{report}", file.display());
    }
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).expect("writable temp file");
    path
}

/// One ally as the data writes it, with `extra` JSON members appended.
fn ally(name: &str, set: &str, number: u32, extra: &str) -> String {
    format!(
        r#"{{"cardid": 1, "name": "{name}", "type": "Ally", "faction": "Horde", "setcode": "{set}",
            "setname": "Test", "no": {number}, "rarity": "c", "cost": 2, "attack": "3",
            "health": 2, "dmgtype": "Melee", "race": "Orc", "class": "Rogue",
            "rules": "<b>Ferocity</b> <i>(Can attack immediately.)</i>", "original": 0{extra}}}"#
    )
}

fn card_file(out: &Path, set: &str, file: &str) -> toml::Table {
    let text = fs::read_to_string(out.join(set).join(file)).expect("written file");
    text.parse().expect("written TOML parses")
}

#[test]
fn odd_records_become_report_lines_not_panics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let records = [
        ally("Plain Orc", "TST", 1, ""),
        ally(
            "Odd Orc",
            "TST",
            2,
            r#", "dmgtype": "Plasma", "glitter": 7, "Druid": "y""#,
        ),
        ally(
            "Tagged Orc",
            "TST",
            3,
            r#", "subtype": "Pet(1)", "subtype2": "Shiny Thing""#,
        ),
        ally("Big Orc", "TST", 4, r#", "health": 4000"#),
        r#"{"type": "Ally", "setcode": "TST"}"#.to_owned(),
        r#"{"name": "Mystery", "type": "Vehicle", "setcode": "TST"}"#.to_owned(),
        r#"[1, 2]"#.to_owned(),
        r#"{"name": ", !", "type": "Ally", "setcode": "TST"}"#.to_owned(),
    ];
    let file = write(
        dir.path(),
        "tst.json",
        &format!("[{}]", records.join(",\n")),
    );
    let out = dir.path().join("out");
    let report = import(&[file], &out);
    let unmapped: Vec<String> = report.unmapped.iter().map(ToString::to_string).collect();
    let has = |needle: &str| unmapped.iter().any(|line| line.contains(needle));
    assert!(
        has("Odd Orc: dmgtype: `Plasma` is no DamageType"),
        "{report}"
    );
    assert!(has("Odd Orc: glitter: unknown field"), "{report}");
    assert!(has("Odd Orc: Druid: class mark `y`"), "{report}");
    assert!(
        has("Tagged Orc: subtype2: `Shiny Thing` is no type-line tag"),
        "{report}"
    );
    assert!(
        has("Big Orc: health: 4000 is outside the codex range"),
        "{report}"
    );
    assert!(
        has("record 5: record: the record has no `name`"),
        "{report}"
    );
    assert!(
        has("Mystery: record: type `Vehicle` is no card type"),
        "{report}"
    );
    assert!(has("record 7: record: not a JSON object"), "{report}");
    assert!(
        has("record: the name `, !` has no letter or digit"),
        "{report}"
    );
    assert_eq!(report.unmapped.len(), 9, "{report}");
    assert!(report.skipped.is_empty(), "{report}");
    assert_eq!(report.cards_written, 4);
    let allies = card_file(&out, "tst", "allies.toml");
    let cards = allies["card"].as_array().expect("cards");
    let plain = cards[0].as_table().expect("table");
    assert_eq!(
        plain["atk"].as_integer(),
        Some(3),
        "numeric strings are numbers"
    );
    assert_eq!(plain["keywords"].as_array().map(Vec::len), Some(1));
    assert!(!plain.contains_key("handler"), "only a keyword: no handler");
    let tagged = cards[2].as_table().expect("table");
    assert_eq!(tagged["tags"][0].as_str(), Some("Pet (1)"));
    let big = cards[3].as_table().expect("table");
    assert!(
        !big.contains_key("health"),
        "an out-of-range number is not written"
    );
}

#[test]
fn reprints_merge_into_an_existing_pool_and_names_stay_unique() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    let first = write(
        dir.path(),
        "one.json",
        &format!("[{}]", ally("Grunt", "ONE", 5, "")),
    );
    import(&[first], &out);
    let reprint = ally("Grunt", "TWO", 9, r#", "original": 1"#);
    let hero = r#"{"name": "Grunt", "type": "Hero", "setcode": "TWO", "no": 1, "rarity": "r",
        "faction": "Horde", "health": 30, "rules": "Flip: do something unusual."}"#;
    let second = write(dir.path(), "two.json", &format!("[{reprint}, {hero}]"));
    let report = import(&[second], &out);
    assert_eq!(report.printings_added, 1, "{report}");
    assert_eq!(
        report.cards_written, 1,
        "the hero is another card: {report}"
    );
    let allies = card_file(&out, "one", "allies.toml");
    let printings = allies["card"][0]["printings"]
        .as_array()
        .expect("printings");
    assert_eq!(printings.len(), 2);
    assert_eq!(printings[1]["set"].as_str(), Some("two"));
    let heroes = card_file(&out, "two", "heroes.toml");
    let hero = heroes["card"][0].as_table().expect("hero");
    assert_eq!(hero["name"].as_str(), Some("Grunt (Hero)"));
    assert_eq!(hero["printed_name"].as_str(), Some("Grunt"));
    assert_eq!(hero["handler"].as_str(), Some("grunt_hero"));
}

#[test]
fn malformed_json_stops_the_import_with_its_position_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = write(
        dir.path(),
        "good.json",
        &format!("[{}]", ally("Grunt", "ONE", 5, "")),
    );
    let bad = write(dir.path(), "bad.json", "[\n  {\"name\": \"Broken\",,}\n]");
    let out = dir.path().join("out");
    let error = import_wowtcg_json(
        &[good, bad],
        &out,
        &repo_root().join("codex").join("wow-tcg"),
        NewWords::Reject,
    )
    .expect_err("malformed");
    assert!(matches!(error, ImportError::Json { .. }));
    assert!(error.to_string().contains("bad.json"), "{error}");
    assert!(error.to_string().contains("bad.json:2:21: "), "{error}");
    assert!(!out.exists(), "nothing written");
}

fn wow_codex() -> PathBuf {
    repo_root().join("codex").join("wow-tcg")
}

#[test]
fn a_card_the_game_would_not_compile_with_is_rejected_at_its_record() {
    let Some(shared) = shared_dir() else { return };
    let text = fs::read_to_string(shared.join("data/wow-tcg/hoa.json")).expect("hoa.json");
    // The second record, renamed to a word that is no card name the generated code can hold.
    let second = text.find("},{").expect("two records") + 2;
    let name_at = second + text[second..].find("\"name\":\"").expect("a name") + 8;
    let name_end = name_at + text[name_at..].find('"').expect("name end");
    let mutated = format!("{}Self{}", &text[..name_at], &text[name_end..]);
    let dir = tempfile::tempdir().expect("temp dir");
    let set = write(dir.path(), "hoa.json", &mutated);
    let out = dir.path().join("out");
    let report = import_wowtcg_json(
        std::slice::from_ref(&set),
        &out,
        &wow_codex(),
        NewWords::Reject,
    )
    .expect("imports the rest");
    assert_eq!(report.rejected.len(), 1, "{report}");
    let shown = report.rejected[0].to_string();
    let expected = format!("{}:{}: ", set.display(), location(&mutated, second));
    assert!(
        shown.starts_with(&expected),
        "{shown} (expected {expected})"
    );
    assert!(shown.contains("Rust keyword"), "{shown}");
    let written = fs::read_to_string(out.join("hoa").join("abilities.toml")).unwrap_or_default()
        + &fs::read_to_string(out.join("hoa").join("allies.toml")).unwrap_or_default();
    assert!(
        !written.contains("name = \"Self\""),
        "the card is not written"
    );
}

#[test]
fn an_import_that_fails_while_writing_leaves_nothing_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let set = write(
        dir.path(),
        "two-sets.json",
        &format!(
            "[{}, {}]",
            ally("Grunt", "ONE", 1, ""),
            ally("Peon", "TWO", 2, "")
        ),
    );
    let out = dir.path().join("out");
    fs::create_dir_all(&out).expect("out");
    // A file where the second set's folder must go: its folder cannot be made.
    fs::write(out.join("two"), "not a folder").expect("blocker");
    let error = import_wowtcg_json(&[set], &out, &wow_codex(), NewWords::Reject)
        .expect_err("the second set cannot be written");
    assert!(matches!(error, ImportError::Io { .. }), "{error:?}");
    assert!(error.to_string().contains("two"), "{error}");
    let left: Vec<_> = fs::read_dir(&out)
        .expect("out")
        .map(|entry| entry.expect("entry").file_name())
        .collect();
    assert_eq!(left, ["two"], "the first set's folder is removed again");
}

#[test]
fn json_errors_at_a_line_start_have_column_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = write(dir.path(), "cut.json", "[\n");
    let out = dir.path().join("out");
    let error =
        import_wowtcg_json(&[bad], &out, &wow_codex(), NewWords::Reject).expect_err("cut short");
    assert!(error.to_string().contains("cut.json:2:1: "), "{error}");
    let object = write(dir.path(), "object.json", "\n\n  \"text\"");
    let error = import_wowtcg_json(&[object], &out, &wow_codex(), NewWords::Reject)
        .expect_err("not records");
    assert!(error.to_string().contains("object.json:3:3: "), "{error}");
    assert!(!out.exists(), "nothing written");
}
