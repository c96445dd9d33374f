//! The generated JSON Schemas accept every content file in the repository and reject
//! hand-written bad documents.

use std::path::{Path, PathBuf};

use grimoire_codegen::{generate_common, generate_game, Output};
use serde_json::{json, Value};

use crate::support::repo_root;

fn toml_as_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let value: toml::Value =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::to_value(value).expect("TOML values convert to JSON")
}

fn schema_named(outputs: &[Output], path: &str) -> jsonschema::Validator {
    let output = outputs
        .iter()
        .find(|output| output.path == path)
        .unwrap_or_else(|| panic!("no output {path}"));
    let schema: Value = serde_json::from_str(&output.contents).expect("schemas are JSON");
    jsonschema::validator_for(&schema)
        .unwrap_or_else(|e| panic!("{path} is not a valid schema: {e}"))
}

/// The problems `validator` finds in `document`, one line each.
fn problems(validator: &jsonschema::Validator, document: &Value) -> Vec<String> {
    validator
        .iter_errors(document)
        .map(|error| format!("{} at {}", error, error.instance_path))
        .collect()
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return files;
    };
    for entry in entries {
        let path = entry.expect("readable directory").path();
        if path.is_dir() {
            files.extend(toml_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "toml") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Validates every card, errata and codex file of every game under `root`; returns how many.
fn validate_content(root: &Path) -> usize {
    let common = generate_common();
    let codex_schema = schema_named(&common, "schemas/codex.schema.json");
    let game_schema = schema_named(&common, "schemas/game.schema.json");
    let mut failures = Vec::new();
    let mut checked = 0;
    for name in grimoire_compiler::discover_games(root).expect("list the games") {
        let input = grimoire_compiler::load_game(root, &name).expect("read the game");
        let game = grimoire_compiler::compile(&input)
            .unwrap_or_else(|d| panic!("{name} does not compile:\n{}", d.render(false)));
        let outputs = generate_game(&game);
        let cards = schema_named(&outputs, &format!("schemas/{name}.cards.schema.json"));
        let errata = schema_named(&outputs, &format!("schemas/{name}.errata.schema.json"));
        let game_codex = schema_named(&outputs, &format!("schemas/{name}.codex.schema.json"));
        let card_dir = root.join("cards").join(&name);
        let codex_dir = root.join("codex").join(&name);
        let files = toml_files(&card_dir)
            .into_iter()
            .chain(toml_files(&codex_dir));
        for file in files {
            let validators: Vec<&jsonschema::Validator> =
                if file.starts_with(card_dir.join("errata")) {
                    vec![&errata]
                } else if file.starts_with(&card_dir) {
                    vec![&cards]
                } else if file.file_name().is_some_and(|n| n == "game.toml") {
                    vec![&game_schema]
                } else {
                    vec![&codex_schema, &game_codex]
                };
            checked += 1;
            let document = toml_as_json(&file);
            for validator in validators {
                for problem in problems(validator, &document) {
                    let relative = file.strip_prefix(root).unwrap_or(&file);
                    failures.push(format!("{}: {problem}", relative.display()));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "schema violations:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn every_repository_content_file_validates() {
    assert!(
        validate_content(&repo_root()) > 0,
        "no content file was checked"
    );
}

#[test]
fn every_tiny_fixture_file_validates() {
    assert_eq!(
        validate_content(&repo_root().join("tests/fixtures/tiny")),
        6
    );
}

fn tiny_validators() -> (jsonschema::Validator, jsonschema::Validator) {
    let outputs = generate_game(&crate::snapshots::tiny_game());
    (
        schema_named(&outputs, "schemas/tiny.cards.schema.json"),
        schema_named(&outputs, "schemas/tiny.errata.schema.json"),
    )
}

fn one_card(card: Value) -> Value {
    json!({ "source": "test", "card": [card] })
}

fn good_unit() -> Value {
    json!({
        "name": "Test Unit", "kind": "unit", "mana": 1, "power": 2, "element": "Fire",
        "traits": ["Piercing +2", "Flame -1", "Flame +3", "+2 vs Fire OR Deep Water", "Deep Water Immunity", "Fast"],
        "attacks": [{ "name": "Bite", "speed": "Quick", "dice": 3, "range": 1 }],
    })
}

#[test]
fn a_good_card_is_accepted() {
    let (cards, _) = tiny_validators();
    assert_eq!(
        problems(&cards, &one_card(good_unit())),
        Vec::<String>::new()
    );
}

#[test]
fn bad_cards_are_rejected() {
    let (cards, _) = tiny_validators();
    let with = |key: &str, value: Value| {
        let mut card = good_unit();
        card[key] = value;
        one_card(card)
    };
    let without = |key: &str| {
        let mut card = good_unit();
        card.as_object_mut().unwrap().remove(key);
        one_card(card)
    };
    let bad_documents = [
        ("unknown field", with("lifee", json!(3))),
        ("unknown kind", with("kind", json!("hero"))),
        ("field of another kind", with("elements", json!(["Fire"]))),
        ("integer above the range", with("power", json!(10))),
        ("integer below the range", with("power", json!(-3))),
        ("wrong scalar type", with("mana", json!("one"))),
        ("unknown enum value", with("element", json!("Air"))),
        ("misspelt codex entry", with("traits", json!(["Fats"]))),
        (
            "bad codex parameter",
            with("traits", json!(["Piercing +many"])),
        ),
        (
            "unknown list item enum",
            with("traits", json!(["+1 vs Fire OR Air"])),
        ),
        ("list given a scalar", with("traits", json!("Fast"))),
        (
            "bad nested record",
            with(
                "attacks",
                json!([{ "name": "Bite", "speed": "Slowly", "dice": 3 }]),
            ),
        ),
        (
            "record missing a field",
            with("attacks", json!([{ "name": "Bite", "dice": 3 }])),
        ),
        ("missing required field", without("power")),
        ("missing name", without("name")),
        ("missing kind", without("kind")),
        (
            "unknown top-level key",
            json!({ "source": "x", "card": [], "cards": [] }),
        ),
    ];
    for (label, document) in bad_documents {
        assert!(
            !problems(&cards, &document).is_empty(),
            "the card schema accepted: {label}"
        );
    }
}

#[test]
fn bad_errata_are_rejected() {
    let (_, errata) = tiny_validators();
    let good = json!({
        "date": "2021-01-02", "source": "FAQ",
        "erratum": [{ "card": "Boil", "summary": "Cheaper.", "set": { "mana": 3 }, "add": { "traits": ["Fast"] } }],
    });
    assert_eq!(problems(&errata, &good), Vec::<String>::new());
    let bad_documents = [
        ("missing date", json!({ "source": "FAQ", "erratum": [] })),
        (
            "malformed date",
            json!({ "date": "Jan 2021", "source": "FAQ", "erratum": [] }),
        ),
        (
            "unknown card",
            json!({ "date": "2021-01-02", "source": "FAQ", "erratum": [{ "card": "Nobody" }] }),
        ),
        (
            "add to a scalar field",
            json!({ "date": "2021-01-02", "source": "FAQ", "erratum": [{ "card": "Boil", "add": { "mana": 1 } }] }),
        ),
        (
            "set out of range",
            json!({ "date": "2021-01-02", "source": "FAQ", "erratum": [{ "card": "Boil", "set": { "mana": 99 } }] }),
        ),
        (
            "unknown operation",
            json!({ "date": "2021-01-02", "source": "FAQ", "erratum": [{ "card": "Boil", "replace": {} }] }),
        ),
    ];
    for (label, document) in bad_documents {
        assert!(
            !problems(&errata, &document).is_empty(),
            "the errata schema accepted: {label}"
        );
    }
}

#[test]
fn bad_codex_entries_are_rejected() {
    let outputs = generate_game(&crate::snapshots::tiny_game());
    let codex = schema_named(&outputs, "schemas/tiny.codex.schema.json");
    let with = |key: &str, value: Value| {
        let mut entry = json!({
            "name": "Sturdy", "summary": "Hard to move.", "stacking": "once",
            "cancels": ["Fast"], "implies": ["Slow", "Piercing +1"], "element": "Fire",
            "effects": [{ "op": "heal", "amount": 1 }],
        });
        entry[key] = value;
        json!({ "traits": [entry] })
    };
    assert_eq!(
        problems(&codex, &with("summary", json!("Hard to move."))),
        Vec::<String>::new()
    );
    let bad_documents = [
        ("unknown key", with("colour", json!("red"))),
        ("unknown stacking", with("stacking", json!("max"))),
        (
            "cancels an unknown entry",
            with("cancels", json!(["Quick"])),
        ),
        (
            "implies unmatched text",
            with("implies", json!(["Piercing +x"])),
        ),
        (
            "extra field of the wrong enum",
            with("element", json!("Air")),
        ),
        (
            "unknown effect op",
            with("effects", json!([{ "op": "explode" }])),
        ),
        (
            "effect field out of range",
            with("effects", json!([{ "op": "heal", "amount": 9 }])),
        ),
        (
            "effect missing a field",
            with("effects", json!([{ "op": "heal" }])),
        ),
        ("unknown category key", json!({ "trait": [] })),
    ];
    for (label, document) in bad_documents {
        assert!(
            !problems(&codex, &document).is_empty(),
            "the codex schema accepted: {label}"
        );
    }
}

#[test]
fn codex_parameters_keep_their_ranges_in_the_schema() {
    let (cards, _) = tiny_validators();
    let with_trait = |text: &str| {
        let mut unit = good_unit();
        unit["traits"] = json!([text]);
        problems(&cards, &one_card(unit))
    };
    assert_eq!(with_trait("Piercing +5"), Vec::<String>::new());
    assert_eq!(with_trait("Piercing +0"), Vec::<String>::new());
    assert!(
        !with_trait("Piercing +6").is_empty(),
        "Piercing +6 is outside 0..=5"
    );
    assert!(
        !with_trait("Piercing +15").is_empty(),
        "Piercing +15 is outside 0..=5"
    );
    assert!(
        !with_trait("Piercing +05").is_empty(),
        "leading zeros are not card text"
    );
}

#[test]
fn a_card_without_a_kind_is_reported_once() {
    let (cards, _) = tiny_validators();
    let mut unit = good_unit();
    unit.as_object_mut().expect("a table").remove("kind");
    let found = problems(&cards, &one_card(unit));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("kind"), "{found:?}");
}

#[test]
fn editors_get_value_docs_and_defaults() {
    let outputs = generate_game(&crate::snapshots::tiny_game());
    let output = outputs
        .iter()
        .find(|output| output.path == "schemas/tiny.cards.schema.json")
        .expect("cards schema");
    let schema: Value = serde_json::from_str(&output.contents).expect("JSON");
    assert_eq!(
        schema["$defs"]["enum.Element"]["x-taplo"]["docs"]["enumValues"],
        json!([null, "A two-word value."])
    );
    let armor = schema["$defs"]
        .as_object()
        .expect("defs")
        .iter()
        .find_map(|(name, def)| {
            name.starts_with("kind.")
                .then(|| def["properties"].get("armor"))
                .flatten()
        })
        .expect("a kind with armor");
    assert_eq!(armor["default"], 0);
}

/// The `.taplo.toml` at the repository root maps every game's card, errata and codex files
/// (and `game.toml`) to their schemas, so editors need no `#:schema` line; a `#:schema` line a
/// file does have names the schema of its kind of file.
#[test]
fn editors_find_the_schema_of_every_content_file() {
    let root = repo_root();
    let taplo: toml::Value =
        toml::from_str(&std::fs::read_to_string(root.join(".taplo.toml")).expect(".taplo.toml"))
            .expect(".taplo.toml is TOML");
    let rules = taplo["rule"].as_array().expect("[[rule]]s");
    let schema_of = |path: &str| -> Option<String> {
        rules.iter().find_map(|rule| {
            let globs = |key: &str| -> Vec<String> {
                rule.get(key)
                    .and_then(toml::Value::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|g| g.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let hit = |glob: &String| glob_matches(glob, path);
            (globs("include").iter().any(hit) && !globs("exclude").iter().any(hit))
                .then(|| rule["schema"]["path"].as_str().map(String::from))
                .flatten()
        })
    };
    for game in grimoire_compiler::discover_games(&root).expect("games") {
        let expected = |file: &Path| -> String {
            let relative = file.strip_prefix(&root).expect("under the root");
            let text = relative.to_string_lossy().replace('\\', "/");
            if text.starts_with(&format!("cards/{game}/errata/")) {
                format!("schemas/{game}.errata.schema.json")
            } else if text.starts_with("cards/") {
                format!("schemas/{game}.cards.schema.json")
            } else if text.ends_with("/game.toml") {
                "schemas/game.schema.json".to_string()
            } else {
                format!("schemas/{game}.codex.schema.json")
            }
        };
        let files = toml_files(&root.join("cards").join(&game))
            .into_iter()
            .chain(toml_files(&root.join("codex").join(&game)));
        for file in files {
            let relative = file.strip_prefix(&root).expect("under the root");
            let relative_text = relative.to_string_lossy().replace('\\', "/");
            let want = expected(&file);
            assert_eq!(
                schema_of(&relative_text).as_deref(),
                Some(want.as_str()),
                "{relative_text}"
            );
            assert!(root.join(&want).is_file(), "{want} is missing");
            let text = std::fs::read_to_string(&file).expect("readable");
            if let Some(directive) = text.lines().find_map(|l| l.strip_prefix("#:schema ")) {
                let target = file.parent().expect("a folder").join(directive.trim());
                assert_eq!(
                    target.canonicalize().ok(),
                    root.join(&want).canonicalize().ok(),
                    "{relative_text}: #:schema {directive}"
                );
            }
        }
    }
}

/// Matches taplo-style globs: `**` any folders, `*` any characters but `/`.
fn glob_matches(glob: &str, path: &str) -> bool {
    fn go(g: &[u8], p: &[u8]) -> bool {
        match g {
            [] => p.is_empty(),
            [b'*', b'*', b'/', rest @ ..] => {
                (0..=p.len()).any(|i| (i == 0 || p[i - 1] == b'/') && go(rest, &p[i..]))
            }
            [b'*', rest @ ..] => (0..=p.len())
                .take_while(|&i| i == 0 || p[i - 1] != b'/')
                .any(|i| go(rest, &p[i..])),
            [c, rest @ ..] => p.first() == Some(c) && go(rest, &p[1..]),
        }
    }
    go(glob.as_bytes(), path.as_bytes())
}

#[test]
fn a_field_with_where_offers_only_the_entries_that_fit() {
    let root = repo_root();
    let input = grimoire_compiler::load_game(&root, "mage-knight").expect("mage-knight loads");
    let game = grimoire_compiler::compile(&input).unwrap_or_else(|d| panic!("{}", d.render(false)));
    let cards = schema_named(
        &generate_game(&game),
        "schemas/mage-knight.cards.schema.json",
    );
    let warrior = |speed_ability: &str| {
        json!({ "card": [{
            "name": "Test Warrior", "kind": "warrior", "expansion": "Unlimited", "rank": "Weak",
            "point_value": 10, "factions": [], "range": 0, "dead_clicks": 3,
            "dial": [{ "speed": 8, "attack": 8, "defense": 14, "damage": 2,
                       "speed_ability": speed_ability }],
        }]})
    };
    assert_eq!(problems(&cards, &warrior("Flight")), Vec::<String>::new());
    assert!(
        !problems(&cards, &warrior("Toughness")).is_empty(),
        "Toughness is a defense ability, not a speed one"
    );
}
