//! `calc`, `scenario run` and `spellbook check` play with the content on disk: a card added
//! or changed in TOML is used without rebuilding the binary, and content this build cannot
//! take says that it needs a rebuild.

use std::path::Path;

use crate::support::{grimoire_in, mage_wars_copy, summary};

/// A creature that exists only on disk (never compiled into the binary), in a hand-written set.
const NEW_CARD: &str = r#"
[[card]]
name = "Live Test Brute"
kind = "creature"
schools = [{ school = "War", level = 2 }]
subtypes = ["Soldier"]
cost = 9
action = "Full"
range = { min = 0, max = 0 }
target = "Zone"
life = 10
armor = 1

[[card.attacks]]
name = "Big Club"
speed = "Quick"
kind = "Melee"
range = { min = 0, max = 0 }
dice = 7
"#;

fn with_new_card() -> tempfile::TempDir {
    let copy = mage_wars_copy();
    let set = copy.path().join("cards/mage-wars/live-test");
    std::fs::create_dir_all(&set).expect("set dir");
    std::fs::write(set.join("creatures.toml"), NEW_CARD).expect("card file");
    copy
}

fn calc_json(root: &Path, attacker: &str, attack: &str, defender: &str) -> serde_json::Value {
    let (code, stdout, stderr) = summary(&grimoire_in(
        root,
        &[
            "calc",
            "mage-wars",
            "--attacker",
            attacker,
            "--attack",
            attack,
            "--defender",
            defender,
            "--json",
        ],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    serde_json::from_str(&stdout).expect("JSON")
}

#[test]
fn calc_uses_a_card_added_after_the_build_ignoring_case() {
    let copy = with_new_card();
    let json = calc_json(
        copy.path(),
        "live test brute",
        "big club",
        "DARK PACT SLAYER",
    );
    assert_eq!(json["dice"], 7);
    assert_eq!(json["armor"], 2);
}

#[test]
fn calc_sees_an_edited_value_and_root_can_be_given() {
    let copy = mage_wars_copy();
    let creatures = copy.path().join("cards/mage-wars/core/creatures.toml");
    let text = std::fs::read_to_string(&creatures).expect("creatures");
    let edited = text.replacen(
        "name = \"Hellsword\"\nspeed = \"Quick\"\nkind = \"Melee\"\nrange = { min = 0, max = 0 }\ndice = 4",
        "name = \"Hellsword\"\nspeed = \"Quick\"\nkind = \"Melee\"\nrange = { min = 0, max = 0 }\ndice = 6",
        1,
    );
    assert_ne!(text, edited, "the edit applies");
    std::fs::write(&creatures, edited).expect("edit");
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let root = copy.path().to_string_lossy().into_owned();
    let (code, stdout, stderr) = summary(&grimoire_in(
        elsewhere.path(),
        &[
            "--root",
            &root,
            "calc",
            "mage-wars",
            "--attacker",
            "Dark Pact Slayer",
            "--attack",
            "Hellsword",
            "--defender",
            "Knight of Westlock",
            "--json",
        ],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["dice"], 6);
}

#[test]
fn unknown_cards_and_attacks_get_a_did_you_mean() {
    let copy = with_new_card();
    let run = |attacker: &str, attack: &str| {
        summary(&grimoire_in(
            copy.path(),
            &[
                "calc",
                "mage-wars",
                "--attacker",
                attacker,
                "--attack",
                attack,
                "--defender",
                "Dark Pact Slayer",
            ],
        ))
    };
    let (code, _, stderr) = run("Live Test Brut", "Big Club");
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("unknown card \"Live Test Brut\" (did you mean \"Live Test Brute\"?)"),
        "{stderr}"
    );
    let (_, _, stderr) = run("Live Test Brute", "Big Clubb");
    assert!(
        stderr.contains("(did you mean \"Big Club\"?) (its attacks: Big Club)"),
        "{stderr}"
    );
}

#[test]
fn scenarios_and_spellbooks_use_the_live_cards() {
    let copy = with_new_card();
    let scenario = copy.path().join("brute.toml");
    std::fs::write(
        &scenario,
        r#"game = "mage-wars"
name = "A card added after the build attacks"
source = "test: live content"

[[object]]
id = "brute"
card = "Live Test Brute"
player = 1
zone = "B2"

[[object]]
id = "slayer"
card = "Dark Pact Slayer"
player = 2
zone = "B2"

[[step]]
attack = { attacker = "brute", target = "slayer", attack = "Big Club" }
dice = { attack = ["2", "2", "2", "2", "2", "2", "2"] }

[[expect]]
object = "slayer"
damage = 12
"#,
    )
    .expect("scenario");
    let (code, stdout, stderr) = summary(&grimoire_in(
        copy.path(),
        &["scenario", "run", "brute.toml"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let book = copy.path().join("book.toml");
    std::fs::write(
        &book,
        "mage = \"Warlord\"\n\n[cards]\n\"live test brute\" = 2\n",
    )
    .expect("book");
    let (code, stdout, stderr) = summary(&grimoire_in(
        copy.path(),
        &["spellbook", "check", "--game", "mage-wars", "book.toml"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    // War 2, trained by the Warlord: 2 points a copy.
    assert!(
        stdout.contains("Live Test Brute   2 x  2 =   4"),
        "{stdout}"
    );
}

#[test]
fn an_unknown_object_in_a_scenario_gets_a_did_you_mean_with_its_line() {
    let copy = mage_wars_copy();
    std::fs::write(
        copy.path().join("typo.toml"),
        r#"game = "mage-wars"
name = "typo"
source = "test"

[[object]]
id = "wolf"
card = "Timber Wolf"
player = 1
zone = "B2"

[[step]]
activate = "wolff"
"#,
    )
    .expect("scenario");
    let (code, stdout, _) = summary(&grimoire_in(copy.path(), &["scenario", "run", "typo.toml"]));
    assert_eq!(code, Some(1));
    assert!(stdout.contains("typo.toml:11:"), "{stdout}");
    assert!(stdout.contains("(did you mean \"wolf\"?)"), "{stdout}");
}

#[test]
fn a_changed_codex_warns_that_behaviour_needs_a_rebuild() {
    let copy = mage_wars_copy();
    let traits = copy.path().join("codex/mage-wars/traits.toml");
    let text = std::fs::read_to_string(&traits).expect("traits");
    std::fs::write(
        &traits,
        text.replacen(
            "May take two move actions",
            "May take two (edited) move actions",
            1,
        ),
    )
    .expect("edit");
    let (code, _, stderr) = summary(&grimoire_in(
        copy.path(),
        &[
            "calc",
            "mage-wars",
            "--attacker",
            "Dark Pact Slayer",
            "--attack",
            "Hellsword",
            "--defender",
            "Knight of Westlock",
        ],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("changed since this program was built"),
        "{stderr}"
    );
}

#[test]
fn cards_lists_shows_and_searches_every_game() {
    let root = crate::support::repository();
    let (code, stdout, stderr) = summary(&grimoire_in(
        &root,
        &[
            "cards",
            "list",
            "--game",
            "mage-wars",
            "--kind",
            "creature",
            "--school",
            "nature",
            "--json",
        ],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    let cards: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON line"))
        .collect();
    assert!(cards.len() > 3, "{stdout}");
    assert!(cards.iter().all(|card| card["kind"] == "creature"));
    let (code, stdout, _) = summary(&grimoire_in(&root, &["cards", "show", "dark pact slayer"]));
    assert_eq!(code, Some(0));
    assert!(
        stdout.starts_with("Dark Pact Slayer (creature of mage-wars, cards/mage-wars/"),
        "{stdout}"
    );
    let (_, stdout, _) = summary(&grimoire_in(&root, &["cards", "list"]));
    for game in ["mage-wars", "wow-tcg", "summoner-wars", "mage-knight"] {
        assert!(stdout.contains(game), "{game} missing from {stdout}");
    }
    let (code, stdout, _) = summary(&grimoire_in(
        &root,
        &["cards", "search", "hellsword", "--json"],
    ));
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
}

#[test]
fn an_unknown_spellbook_card_is_located_with_a_did_you_mean() {
    let copy = mage_wars_copy();
    std::fs::write(
        copy.path().join("book.toml"),
        "mage = \"Warlock\"\n\n[cards]\n\"Firebal\" = 1\n\"heal\" = 2\n",
    )
    .expect("book");
    let (code, stdout, _) = summary(&grimoire_in(
        copy.path(),
        &["spellbook", "check", "--game", "mage-wars", "book.toml"],
    ));
    assert_eq!(code, Some(1));
    assert!(
        stdout
            .contains("error: book.toml:4:1: unknown card `Firebal` (did you mean \"Fireball\"?)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Heal      2 x  6 =  12"),
        "case-insensitive: {stdout}"
    );
}

#[test]
fn a_card_with_a_trait_added_after_the_build_says_it_needs_a_rebuild() {
    let copy = with_new_card();
    let traits = copy.path().join("codex/mage-wars/traits.toml");
    let mut codex = std::fs::read_to_string(&traits).expect("traits");
    codex.push_str(
        "\n[[traits]]\nname = \"Moonlit\"\nsummary = \"A trait added after the build.\"\nstacking = \"once\"\n",
    );
    std::fs::write(&traits, codex).expect("codex");
    let card = copy.path().join("cards/mage-wars/live-test/creatures.toml");
    let text = std::fs::read_to_string(&card).expect("card");
    std::fs::write(
        &card,
        text.replace("armor = 1\n", "armor = 1\ntraits = [\"Moonlit\"]\n"),
    )
    .expect("card");
    let (code, _, stderr) = summary(&grimoire_in(copy.path(), &["check", "mage-wars"]));
    assert_eq!(code, Some(0), "the content itself is fine: {stderr}");
    let (code, _, stderr) = summary(&grimoire_in(
        copy.path(),
        &[
            "calc",
            "mage-wars",
            "--attacker",
            "live test brute",
            "--attack",
            "Big Club",
            "--defender",
            "Dark Pact Slayer",
        ],
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "card \"live test brute\" needs a rebuild of this program: creature \"Live Test Brute\".traits[0]: `Moonlit` is not a Trait"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("cargo install --path crates/cli"),
        "{stderr}"
    );
}

#[test]
fn cards_filters_by_trait_cost_and_any_field() {
    let root = crate::support::repository();
    let names = |args: &[&str]| -> Vec<String> {
        let mut argv = vec!["cards", "list", "--json"];
        argv.extend_from_slice(args);
        let (code, stdout, stderr) = summary(&grimoire_in(&root, &argv));
        assert_eq!(code, Some(0), "{stderr}");
        stdout
            .lines()
            .map(|line| {
                let card: serde_json::Value = serde_json::from_str(line).expect("JSON line");
                card["name"].as_str().unwrap_or_default().to_string()
            })
            .collect()
    };
    let flame = names(&["--game", "mage-wars", "--trait", "flame"]);
    assert!(flame.contains(&"Dark Pact Slayer".to_string()), "{flame:?}");
    let cheap_demons = names(&[
        "--game",
        "mage-wars",
        "--where",
        "subtypes=Demon",
        "--cost",
        "..13",
    ]);
    assert!(
        cheap_demons.contains(&"Dark Pact Slayer".to_string()),
        "{cheap_demons:?}"
    );
    assert!(names(&[
        "--game",
        "mage-wars",
        "--where",
        "subtypes=Demon",
        "--cost",
        "..12"
    ])
    .iter()
    .all(|name| name != "Dark Pact Slayer"));
    let (code, _, stderr) = summary(&grimoire_in(
        &root,
        &["cards", "list", "--game", "mage-war"],
    ));
    assert_eq!(code, Some(2));
    assert!(stderr.contains("(did you mean \"mage-wars\"?)"), "{stderr}");
}
