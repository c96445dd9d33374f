//! The OCTGN importer against the real Mage Wars set files, the committed pool, and small
//! hand-written sets (reprints, unmapped fields, malformed XML).

use std::fs;
use std::path::{Path, PathBuf};

use grimoire_import::{import_octgn, ImportError, NewWords, Report};

use crate::support::{files_under, location, repo_root, shared_dir, OCTGN_SET_FILES};

/// Imports Mage Wars sets into `out`, checking the cards against the repository's codex.
fn import(sets: &[PathBuf], out: &Path) -> Result<Report, ImportError> {
    let codex = repo_root().join("codex").join("mage-wars");
    import_octgn("mage-wars", sets, out, &codex, NewWords::Reject)
}

fn set_paths(shared: &Path) -> Vec<PathBuf> {
    let data = shared.join("data").join("octgn-mage-wars");
    OCTGN_SET_FILES.iter().map(|file| data.join(file)).collect()
}

#[test]
fn every_set_imports_with_zero_unmapped_fields() {
    let Some(shared) = shared_dir() else { return };
    for path in set_paths(&shared) {
        let out = tempfile::tempdir().expect("temp dir");
        let report = import(std::slice::from_ref(&path), out.path()).expect("imports");
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
    let report = import(&set_paths(&shared), out.path()).expect("imports");
    assert_eq!(report.cards_written, 595, "{report}");
    assert_eq!(report.printings_added, 97, "{report}");
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
            crate::support::same_as_imported(&fresh, &committed),
            "{} differs from a fresh import; run `cargo xtask import-octgn`",
            file.display()
        );
    }
    // Folders the import writes must hold exactly what it writes; other folders (errata,
    // hand-written sets) are the authors' own.
    let imported_sets: Vec<&std::ffi::OsStr> = imported
        .iter()
        .filter_map(|file| file.iter().next())
        .collect();
    let committed_sets: Vec<PathBuf> = files_under(&pool)
        .into_iter()
        .filter(|file| {
            file.iter()
                .next()
                .is_some_and(|set| imported_sets.contains(&set))
        })
        .collect();
    assert_eq!(
        committed_sets, imported,
        "the imported set folders hold files the import does not write"
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

    let report = import(std::slice::from_ref(&first), out.path()).expect("first import");
    assert_eq!(report.cards_written, 1);
    let report = import(&[same, changed], out.path()).expect("reprints");
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

    let again = import(&[first], out.path()).expect("re-import");
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
    let report = import(&[path], out.path()).expect("imports");
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
    let error = import(&[path], out.path()).expect_err("malformed XML must fail");
    assert!(matches!(error, ImportError::Xml { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("broken.set.xml") && message.contains("malformed"),
        "{message}"
    );

    let missing =
        import(&[sets.path().join("absent.set.xml")], out.path()).expect_err("missing file");
    assert!(matches!(missing, ImportError::Input(_)), "{missing:?}");
}

/// Copies `codex/mage-wars` and `cards/mage-wars` of the repository into a fresh content root.
fn content_copy() -> tempfile::TempDir {
    fn copy_dir(from: &Path, to: &Path) {
        fs::create_dir_all(to).expect("create dir");
        for entry in fs::read_dir(from).expect("readable dir") {
            let path = entry.expect("entry").path();
            let target = to.join(path.file_name().expect("file name"));
            if path.is_dir() {
                copy_dir(&path, &target);
            } else {
                fs::copy(&path, &target).expect("copy file");
            }
        }
    }
    let root = tempfile::tempdir().expect("temp dir");
    for part in ["codex", "cards"] {
        copy_dir(
            &repo_root().join(part).join("mage-wars"),
            &root.path().join(part).join("mage-wars"),
        );
    }
    root
}

/// A hand-written creature in a set folder no import wrote.
const HAND_WRITTEN_CREATURE: &str = r#"#:schema ../../../schemas/mage-wars.cards.schema.json
[[card]]
name = "Hand-Made Golem"
kind = "creature"
printings = [{ set = "my-set" }]
schools = [{ school = "Earth", level = 2 }]
cost = 9
action = "Full"
range = { min = 0, max = 0 }
target = "Zone"
life = 10
armor = 2
"#;

#[test]
fn a_hand_written_set_is_welcome_beside_the_imported_ones() {
    let Some(shared) = shared_dir() else { return };
    let root = content_copy();
    let cards = root.path().join("cards").join("mage-wars");
    let my_set = cards.join("my-set").join("creatures.toml");
    fs::create_dir_all(my_set.parent().expect("folder")).expect("my-set folder");
    fs::write(&my_set, HAND_WRITTEN_CREATURE).expect("write my-set");

    let input = grimoire_compiler::load_game(root.path(), "mage-wars").expect("loads");
    let game = grimoire_compiler::compile(&input)
        .unwrap_or_else(|diagnostics| panic!("does not compile:\n{}", diagnostics.render(false)));
    assert!(game.cards.iter().any(|card| card.name == "Hand-Made Golem"));
    assert_eq!(game.cards.len(), 595 + 1);

    // Re-importing every set next to it adds nothing and leaves the hand-written file alone.
    let report = import(&set_paths(&shared), &cards).expect("re-import");
    assert_eq!(
        (report.cards_written, report.printings_added),
        (0, 0),
        "{report}"
    );
    assert_eq!(
        fs::read_to_string(&my_set).expect("still there"),
        HAND_WRITTEN_CREATURE
    );
    assert!(grimoire_import::find_new_names(root.path(), "mage-wars")
        .expect("compiles")
        .is_empty());
}

/// A set whose cards use words the codex has never seen: a subtype, an object trait with a
/// number, a plain trait, a condition on an effect table, an equipment location and a new
/// conjuration form.
fn expansion_with_new_words() -> String {
    r#"<card id="X1" name="Glimmer Moth">
        <property name="Type" value="Creature" /><property name="Subtype" value="Moth" />
        <property name="Cost" value="6" /><property name="Action" value="Full" />
        <property name="Range" value="0-0" /><property name="Target" value="Zone" />
        <property name="School" value="Nature" /><property name="Level" value="1" />
        <property name="Stats" value="Armor=0, Life=5" />
        <property name="Traits" value="Flying, Shimmer 2, Dustborne" />
        <property name="cAttacks" value="name=Dust Wing;action type=Quick;range type=Melee;range=(0,0);dice=2;effects={8+: ['Glitter', 'Glitter']}" />
        <property name="AttackBar" value="Dust Wing:&#xD;&#xA;[Quick] [Melee] [Dice=2] [8+ = 2 Glitter]" />
        <property name="CardID" value="X1" /></card>
      <card id="X2" name="Moth Lantern">
        <property name="Type" value="Equipment" /><property name="Cost" value="4" />
        <property name="Action" value="Quick" /><property name="Range" value="0-2" />
        <property name="Target" value="Mage" /><property name="School" value="Nature" />
        <property name="Level" value="1" /><property name="Stats" value="Location=Lantern Hook" />
        <property name="CardID" value="X2" /></card>
      <card id="X3" name="Moth Meadow">
        <property name="Type" value="Conjuration-Meadow" /><property name="Cost" value="5" />
        <property name="Action" value="Quick" /><property name="Range" value="0-1" />
        <property name="Target" value="Zone" /><property name="School" value="Nature" />
        <property name="Level" value="1" /><property name="CardID" value="X3" /></card>"#
        .to_owned()
}

#[test]
fn scaffold_turns_new_words_into_drafts_that_compile_with_warnings() {
    let root = content_copy();
    let sets = tempfile::tempdir().expect("temp dir");
    let set = write_set(
        sets.path(),
        "moths.set.xml",
        "Moths of Etheria",
        &expansion_with_new_words(),
    );
    let cards = root.path().join("cards").join("mage-wars");
    let codex = root.path().join("codex").join("mage-wars");
    let report =
        import_octgn("mage-wars", &[set], &cards, &codex, NewWords::Keep).expect("imports");
    assert!(report.is_clean(), "{report}");
    assert!(report.rejected.is_empty(), "{report}");

    let names = grimoire_import::find_new_names(root.path(), "mage-wars").expect("reads");
    let shown: Vec<String> = names.iter().map(ToString::to_string).collect();
    let expected = [
        "ConjurationForm value `Meadow`",
        "EquipmentSlot value `Lantern Hook`",
        "Subtype value `Moth`",
        "Condition `Glitter`",
        "Trait `Dustborne`",
        "Trait `Shimmer {x}`",
    ];
    for word in expected {
        assert!(
            shown.iter().any(|line| line.starts_with(word)),
            "`{word}` not reported: {shown:#?}"
        );
    }
    assert_eq!(names.len(), expected.len(), "{shown:#?}");
    let moth = shown
        .iter()
        .find(|line| line.starts_with("Subtype value `Moth`"))
        .expect("reported");
    assert!(
        moth.contains("moths-of-etheria/creatures.toml:") && moth.contains("(Glimmer Moth)"),
        "{moth}"
    );

    grimoire_import::scaffold(root.path(), "mage-wars", &names).expect("scaffolds");
    let input = grimoire_compiler::load_game(root.path(), "mage-wars").expect("loads");
    let game = grimoire_compiler::compile(&input).unwrap_or_else(|diagnostics| {
        panic!("not clean after --scaffold:\n{}", diagnostics.render(false))
    });
    // One warning per draft codex entry; enum values need no review mark.
    assert_eq!(game.warnings.len(), 3, "{}", game.warnings.render(false));
    let rendered = game.warnings.render(false);
    assert!(rendered.contains("warning[W0001]"), "{rendered}");
    assert!(rendered.contains("`Shimmer` is a draft"), "{rendered}");
    let drafts: Vec<&str> = game
        .categories
        .iter()
        .flat_map(|category| &category.entries)
        .filter(|entry| entry.draft)
        .map(|entry| entry.name.as_str())
        .collect();
    assert_eq!(drafts.len(), 3, "{drafts:?}");
    assert!(grimoire_import::find_new_names(root.path(), "mage-wars")
        .expect("compiles")
        .is_empty());
}

#[test]
fn a_truncated_set_file_fails_and_writes_nothing() {
    let sets = tempfile::tempdir().expect("temp dir");
    let whole = write_set(sets.path(), "t.set.xml", "Cut Short", &bolt("T01", 6, ""));
    let text = fs::read_to_string(&whole).expect("read");
    let cut = &text[..text.find("</cards>").expect("closing tag")];
    fs::write(&whole, cut).expect("truncate");
    let out = tempfile::tempdir().expect("temp dir");
    let error = import(&[whole], out.path()).expect_err("truncated");
    assert!(matches!(error, ImportError::Xml { .. }), "{error:?}");
    assert!(error.to_string().contains("truncated"), "{error}");
    assert_eq!(fs::read_dir(out.path()).expect("out").count(), 0);
}

#[test]
fn a_set_without_a_name_fails_instead_of_writing_into_out() {
    let sets = tempfile::tempdir().expect("temp dir");
    let path = sets.path().join("nameless.set.xml");
    fs::write(
        &path,
        format!(
            "<?xml version=\"1.0\"?>\n<set><cards>{}</cards></set>\n",
            bolt("N01", 6, "")
        ),
    )
    .expect("write");
    let out = tempfile::tempdir().expect("temp dir");
    let error = import(&[path], out.path()).expect_err("no name");
    assert!(error.to_string().contains("name"), "{error}");
    assert_eq!(fs::read_dir(out.path()).expect("out").count(), 0);
}

#[test]
fn a_creature_without_cost_is_unmapped_not_skipped_as_a_figure() {
    let sets = tempfile::tempdir().expect("temp dir");
    let creature = r#"<card id="C1" name="Costless Brute">
        <property name="Type" value="Creature" /><property name="Subtype" value="Mage" />
        <property name="Action" value="Full" /><property name="Range" value="0-0" />
        <property name="Target" value="Zone" /><property name="School" value="War" />
        <property name="Level" value="1" /><property name="Stats" value="Armor=1, Life=5" /></card>"#;
    let path = write_set(sets.path(), "c.set.xml", "Costless", creature);
    let out = tempfile::tempdir().expect("temp dir");
    let report = import(&[path], out.path()).expect("imports");
    assert!(report.skipped.is_empty(), "{report}");
    assert!(!report.is_clean(), "--strict must fail: {report}");
    assert!(
        report
            .unmapped
            .iter()
            .any(|finding| finding.card == "Costless Brute" && finding.field == "Cost"),
        "{report}"
    );
}

/// The real core set with `edit` applied to the first `<card>` (Blinding Flash), written to a
/// temporary folder; `None` without `../shared`.
fn mutated_core_set(edit: impl Fn(&str) -> String) -> Option<(tempfile::TempDir, PathBuf)> {
    let shared = shared_dir()?;
    let text =
        fs::read_to_string(shared.join("data/octgn-mage-wars/core.set.xml")).expect("core set");
    let card_start = text.find("<card ").expect("a card");
    let card_end = card_start + text[card_start..].find("</card>").expect("card end");
    let mutated = format!(
        "{}{}{}",
        &text[..card_start],
        edit(&text[card_start..card_end]),
        &text[card_end..]
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("core.set.xml");
    fs::write(&path, mutated).expect("write mutated set");
    Some((dir, path))
}

/// `file:line:column` of byte `offset` of the file at `path`.
fn line_column(path: &Path, offset: usize) -> String {
    let text = fs::read_to_string(path).expect("readable");
    format!("{}:{}", path.display(), location(&text, offset))
}

/// Whether the pool in `out` compiles with the repository's Mage Wars codex.
fn compiles(out: &Path) -> Result<(), String> {
    let root = tempfile::tempdir().expect("temp dir");
    let codex = repo_root().join("codex").join("mage-wars");
    let game = root.path().join("codex").join("mage-wars");
    fs::create_dir_all(&game).expect("codex dir");
    for entry in fs::read_dir(&codex).expect("codex") {
        let path = entry.expect("entry").path();
        fs::copy(&path, game.join(path.file_name().expect("name"))).expect("copy");
    }
    let cards = root.path().join("cards").join("mage-wars");
    fs::create_dir_all(&cards).expect("cards dir");
    for set in fs::read_dir(out).expect("out") {
        let set = set.expect("entry").path();
        let target = cards.join(set.file_name().expect("name"));
        fs::create_dir_all(&target).expect("set dir");
        for file in fs::read_dir(&set).expect("set") {
            let file = file.expect("entry").path();
            fs::copy(&file, target.join(file.file_name().expect("name"))).expect("copy");
        }
    }
    let input = grimoire_compiler::load_game(root.path(), "mage-wars").expect("loads");
    grimoire_compiler::compile(&input)
        .map(|_| ())
        .map_err(|diagnostics| diagnostics.render(false))
}

/// A change to a card element: what it is, the edit, and the compiler's reason expected.
type Mutation = (&'static str, fn(&str) -> String, &'static str);

#[test]
fn cards_the_game_would_not_compile_with_are_rejected_at_their_card_element() {
    let mutations: [Mutation; 4] = [
        (
            "a school that is no school",
            |card| card.replace("value=\"Holy\"", "value=\"Garbage\""),
            "`Garbage` is not a value of enum `School`",
        ),
        (
            "a deleted level",
            |card| card.replace("<property name=\"Level\" value=\"2\" />", ""),
            "missing the required field `schools`",
        ),
        (
            "a cost past any number",
            |card| {
                card.replace(
                    "name=\"Cost\" value=\"7\"",
                    "name=\"Cost\" value=\"99999999999999999999\"",
                )
            },
            "missing the required field `cost`",
        ),
        (
            "a cost past the codex's range",
            |card| card.replace("name=\"Cost\" value=\"7\"", "name=\"Cost\" value=\"4000\""),
            "4000 is out of range: expected int(0..=40)",
        ),
    ];
    for (what, edit, reason) in mutations {
        let Some((_dir, set)) = mutated_core_set(edit) else {
            return;
        };
        let out = tempfile::tempdir().expect("temp dir");
        let report = import(std::slice::from_ref(&set), out.path()).expect("imports");
        assert_eq!(report.rejected.len(), 1, "{what}: {report}");
        let rejected = &report.rejected[0];
        let shown = rejected.to_string();
        let text = fs::read_to_string(&set).expect("readable");
        let card_at = text.find("<card ").expect("a card");
        assert!(
            shown.starts_with(&format!("{}: ", line_column(&set, card_at))),
            "{what}: not at the card element: {shown}"
        );
        assert!(
            shown.contains("Blinding Flash") && shown.contains(reason),
            "{what}: {shown}"
        );
        if what == "a cost past any number" {
            let unmapped = report
                .unmapped
                .iter()
                .map(ToString::to_string)
                .find(|finding| finding.contains("Cost"))
                .unwrap_or_default();
            assert!(
                unmapped.starts_with(&line_column(&set, card_at))
                    && unmapped.contains("out of range"),
                "{unmapped}"
            );
        }
        assert_eq!(report.cards_written, 173, "{what}: {report}");
        compiles(out.path()).unwrap_or_else(|errors| panic!("{what}: written cards:\n{errors}"));
    }
}

#[test]
fn errors_of_a_set_file_name_the_file_line_and_column() {
    let Some((_dir, set)) = mutated_core_set(|card| {
        card.replacen(
            "value=\"Blinding Flash\"",
            "value=\"Blinding &bogus; Flash\"",
            1,
        )
    }) else {
        return;
    };
    let out = tempfile::tempdir().expect("temp dir");
    let error = import(std::slice::from_ref(&set), out.path()).expect_err("unknown entity");
    let text = fs::read_to_string(&set).expect("readable");
    let entity_at = text.find("&bogus;").expect("entity");
    let shown = error.to_string();
    assert!(
        shown.starts_with(&format!("{}: ", line_column(&set, entity_at))),
        "{shown}"
    );
    assert!(!shown.contains("1..6"), "no byte range: {shown}");

    let not_utf8 = set.with_file_name("latin1.set.xml");
    let mut bytes = text.into_bytes();
    let at = String::from_utf8_lossy(&bytes)
        .find("Blinding")
        .expect("a card name");
    bytes[at] = 0xff;
    fs::write(&not_utf8, &bytes).expect("write");
    let error = import(std::slice::from_ref(&not_utf8), out.path()).expect_err("not UTF-8");
    let shown = error.to_string();
    let expected = location(&String::from_utf8_lossy(&bytes[..at]), at);
    assert!(
        shown.starts_with(&format!("{}:{expected}: ", not_utf8.display())),
        "{shown}"
    );
    assert_eq!(fs::read_dir(out.path()).expect("out").count(), 0);
}

#[cfg(unix)]
#[test]
fn an_endless_stream_as_a_set_file_ends_with_a_clear_error() {
    for device in ["/dev/zero", "/dev/urandom"] {
        let device = Path::new(device);
        if !device.exists() {
            continue;
        }
        let out = tempfile::tempdir().expect("temp dir");
        let error = import(&[device.to_path_buf()], out.path()).expect_err("endless");
        assert!(matches!(error, ImportError::Input(_)), "{error:?}");
        assert!(error.to_string().contains("larger than 32 MiB"), "{error}");
    }
}
