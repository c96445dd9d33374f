//! The OCTGN importer against the real Mage Wars set files, the committed pool, and small
//! hand-written sets (reprints, unmapped fields, malformed XML).

use std::fs;
use std::path::{Path, PathBuf};

use grimoire_import::{import_octgn, ImportError};

use crate::support::{repo_root, shared_dir};

/// The set files in the order `cargo xtask import-octgn` imports them.
const SET_FILES: [&str; 4] = [
    "core.set.xml",
    "conquest-of-kumanjaro.set.xml",
    "forcemaster-vs-warlord.set.xml",
    "mages.set.xml",
];

fn set_paths(shared: &Path) -> Vec<PathBuf> {
    let data = shared.join("data").join("octgn-mage-wars");
    SET_FILES.iter().map(|file| data.join(file)).collect()
}

/// Every file under `dir`, as paths relative to it, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for set_dir in fs::read_dir(dir).expect("readable dir") {
        let set_dir = set_dir.expect("entry").path();
        for file in fs::read_dir(&set_dir).expect("readable set dir") {
            let file = file.expect("entry").path();
            files.push(file.strip_prefix(dir).expect("under dir").to_path_buf());
        }
    }
    files.sort();
    files
}

#[test]
fn every_set_imports_with_zero_unmapped_fields() {
    let Some(shared) = shared_dir() else { return };
    for path in set_paths(&shared) {
        let out = tempfile::tempdir().expect("temp dir");
        let report =
            import_octgn("mage-wars", std::slice::from_ref(&path), out.path()).expect("imports");
        assert!(
            report.unmapped.is_empty(),
            "{}: unmapped fields:\n{report}",
            path.display()
        );
        assert!(
            report.cards_written > 0,
            "{}: no card written",
            path.display()
        );
    }
}

#[test]
fn reimport_is_identical_to_the_committed_pool() {
    let Some(shared) = shared_dir() else { return };
    let out = tempfile::tempdir().expect("temp dir");
    let report = import_octgn("mage-wars", &set_paths(&shared), out.path()).expect("imports");
    assert_eq!(report.cards_written, 292, "{report}");
    assert_eq!(report.printings_added, 7, "{report}");
    let pool = repo_root().join("cards").join("mage-wars");
    let imported = files_under(out.path());
    for file in &imported {
        let fresh = fs::read_to_string(out.path().join(file)).expect("fresh file");
        let committed = fs::read_to_string(pool.join(file)).unwrap_or_else(|_| {
            panic!(
                "{} is missing from cards/mage-wars; run `cargo xtask import-octgn`",
                file.display()
            )
        });
        assert!(
            fresh == committed,
            "{} differs from a fresh import; run `cargo xtask import-octgn`",
            file.display()
        );
    }
    let committed_sets: Vec<PathBuf> = files_under(&pool)
        .into_iter()
        .filter(|file| !file.starts_with("errata"))
        .collect();
    assert_eq!(
        committed_sets, imported,
        "the committed set folders hold files the import does not write"
    );
}

#[test]
fn imported_pool_and_errata_compile_clean() {
    let root = repo_root();
    let input = grimoire_compiler::load_game(&root, "mage-wars").expect("mage-wars loads");
    if let Err(diagnostics) = grimoire_compiler::compile(&input) {
        panic!("mage-wars does not compile:\n{}", diagnostics.render(false));
    }
}

fn write_set(dir: &Path, file: &str, set_name: &str, cards: &str) -> PathBuf {
    let path = dir.join(file);
    let text =
        format!("<?xml version=\"1.0\"?>\n<set name=\"{set_name}\"><cards>{cards}</cards></set>\n");
    fs::write(&path, text).expect("write set");
    path
}

fn bolt(number: &str, cost: u32, extra: &str) -> String {
    format!(
        r#"<card id="{number}" name="Test Bolt">
        <property name="Type" value="Attack" /><property name="Subtype" value="Lightning" />
        <property name="Cost" value="{cost}" /><property name="Action" value="Quick" />
        <property name="Range" value="0-2" /><property name="Target" value="Creature" />
        <property name="School" value="Air" /><property name="Level" value="1" />
        <property name="cAttacks" value="name=Test Bolt;range type=Ranged;range=(0,2);dice=3;Piercing +X=1" />
        <property name="AttackBar" value="[Ranged] [Dice=3] [Piercing +1]" />
        <property name="CardID" value="{number}" />{extra}</card>"#
    )
}

#[test]
fn a_reprint_adds_a_printing_instead_of_a_duplicate() {
    let sets = tempfile::tempdir().expect("temp dir");
    let first = write_set(sets.path(), "a.set.xml", "First Set", &bolt("A01", 6, ""));
    let same = write_set(sets.path(), "b.set.xml", "Second Set", &bolt("B07", 6, ""));
    let changed = write_set(sets.path(), "c.set.xml", "Third Set", &bolt("C03", 7, ""));
    let out = tempfile::tempdir().expect("temp dir");

    let report =
        import_octgn("mage-wars", std::slice::from_ref(&first), out.path()).expect("first import");
    assert_eq!(report.cards_written, 1);
    let report = import_octgn("mage-wars", &[same, changed], out.path()).expect("reprints");
    assert_eq!(
        (report.cards_written, report.printings_added),
        (0, 2),
        "{report}"
    );
    assert_eq!(
        report.notes.len(),
        1,
        "only the third set's data differ: {report}"
    );
    assert!(report.notes[0].message.contains("cost"), "{report}");
    assert!(
        !out.path().join("second-set").exists(),
        "no folder for a set that only reprints"
    );

    let text =
        fs::read_to_string(out.path().join("first-set").join("attacks.toml")).expect("card file");
    assert_eq!(text.matches("[[card]]").count(), 1, "{text}");
    assert!(
        text.contains(r#"{ set = "second-set", number = "B07" }"#),
        "{text}"
    );
    assert!(
        text.contains(r#"{ set = "third-set", number = "C03" }"#),
        "{text}"
    );
    assert!(text.contains(r#"traits = ["Piercing +1"]"#), "{text}");

    let again = import_octgn("mage-wars", &[first], out.path()).expect("re-import");
    assert_eq!(
        (again.cards_written, again.printings_added),
        (0, 0),
        "a card keeps one printing per set"
    );
}

#[test]
fn unknown_properties_are_reported_per_card_and_field() {
    let sets = tempfile::tempdir().expect("temp dir");
    let extra = r#"<property name="Flavor" value="tingly" />"#;
    let path = write_set(sets.path(), "odd.set.xml", "Odd", &bolt("O01", 6, extra));
    let out = tempfile::tempdir().expect("temp dir");
    let report = import_octgn("mage-wars", &[path], out.path()).expect("imports");
    assert_eq!(report.unmapped.len(), 1, "{report}");
    let finding = &report.unmapped[0];
    assert_eq!(
        (
            finding.set.as_str(),
            finding.card.as_str(),
            finding.field.as_str()
        ),
        ("odd", "Test Bolt", "Flavor")
    );
    assert!(!report.is_clean());
}

#[test]
fn malformed_xml_is_a_clear_error() {
    let sets = tempfile::tempdir().expect("temp dir");
    let path = sets.path().join("broken.set.xml");
    fs::write(&path, "<set name=\"Broken\"><cards><card name=\"x\"><property name=\"Type\" value=\"Attack\" /></set>")
        .expect("write");
    let out = tempfile::tempdir().expect("temp dir");
    let error =
        import_octgn("mage-wars", &[path], out.path()).expect_err("malformed XML must fail");
    assert!(matches!(error, ImportError::Xml { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("broken.set.xml") && message.contains("malformed"),
        "{message}"
    );

    let missing = import_octgn(
        "mage-wars",
        &[sets.path().join("absent.set.xml")],
        out.path(),
    )
    .expect_err("missing file");
    assert!(matches!(missing, ImportError::Io { .. }), "{missing:?}");
}
