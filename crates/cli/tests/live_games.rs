//! Summoner Wars, WoW TCG and Mage Knight play with the content on disk, like Mage Wars
//! (`live.rs`): a card added or a value edited in a copy of the content is seen by `deck
//! check` / `army check`, `scenario run`, `calc` and `play` without a rebuild, names ignore
//! case, and a card using vocabulary the binary lacks says exactly what to run.

use std::path::Path;

use crate::support::{content_copy, grimoire_in, repository, summary};

/// What every "needs a rebuild" message ends with.
const REBUILD: &str = "run `grimoire build`, then `cargo install --path crates/cli`";

/// Writes `text` to `path` under `root`.
fn write(root: &Path, path: &str, text: &str) {
    std::fs::write(root.join(path), text).expect("file written");
}

/// Appends `text` to the file `path` under `root`.
fn append(root: &Path, path: &str, text: &str) {
    let mut old = std::fs::read_to_string(root.join(path)).expect("file read");
    old.push_str(text);
    write(root, path, &old);
}

/// Replaces the first `from` after `anchor` in the file `path` under `root` with `to`.
fn edit_after(root: &Path, path: &str, anchor: &str, from: &str, to: &str) {
    let text = std::fs::read_to_string(root.join(path)).expect("file read");
    let start = text.find(anchor).expect("the anchor is in the file");
    let at = start
        + text[start..]
            .find(from)
            .expect("the value follows the anchor");
    let edited = format!("{}{to}{}", &text[..at], &text[at + from.len()..]);
    write(root, path, &edited);
}

/// `grimoire ARGS` in `root`: exit code, stdout and stderr.
fn run(root: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    summary(&grimoire_in(root, args))
}

/// `grimoire check GAME` passes: the content itself is fine, only this build is older.
fn content_is_fine(root: &Path, game: &str) {
    let (code, _, stderr) = run(root, &["check", game]);
    assert_eq!(code, Some(0), "the content itself is fine: {stderr}");
}

// ---- Summoner Wars ---------------------------------------------------------------------

const SW_CARD: &str = "cards/summoner-wars/first-edition/live-test.toml";

const SW_NEW_CARD: &str = r#"
[[card]]
name = "Live Test Lancer"
kind = "common"
faction = "Phoenix Elves"
edition = "First"
cost = 1
strength = 3
attack_type = "Melee"
range = 1
life = 4
"#;

const SW_DECK: &str = r#"summoner = "Prince Elien"

[cards]
"Fencer" = 6
"live test lancer" = 2

[layout]
C1 = "prince elien"
C2 = "LIVE TEST LANCER"
"#;

fn summoner_wars_copy() -> tempfile::TempDir {
    let copy = content_copy("summoner-wars");
    write(copy.path(), SW_CARD, SW_NEW_CARD);
    write(copy.path(), "deck.toml", SW_DECK);
    copy
}

#[test]
fn summoner_wars_deck_check_scenarios_and_play_use_the_cards_on_disk() {
    let copy = summoner_wars_copy();
    let root = copy.path();
    let (code, stdout, stderr) = run(
        root,
        &["deck", "check", "--game", "summoner-wars", "deck.toml"],
    );
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("ok: the deck is legal"), "{stdout}");

    // Fencer edited from 1 life to 5: it survives the three swords and Ripostes.
    edit_after(
        root,
        "cards/summoner-wars/first-edition/commons.toml",
        "name = \"Fencer\"",
        "life = 1",
        "life = 5",
    );
    write(
        root,
        "attack.toml",
        r#"game = "summoner-wars"
name = "A common added after the build attacks an edited Fencer"
source = "test: live content"

[[player]]
id = 1
phase = "Attack"

[[object]]
id = "lancer"
card = "live test lancer"
player = 1
at = "C3"

[[object]]
id = "fencer"
card = "FENCER"
player = 2
at = "C4"

[[step]]
attack = { attacker = "lancer", target = "fencer" }
dice = { attack = ["sword", "sword", "sword"] }

[[expect]]
object = "fencer"
damage = 3

[[expect]]
object = "lancer"
damage = 1
"#,
    );
    let (code, stdout, stderr) = run(root, &["scenario", "run", "attack.toml"]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");

    let other = repository().join("decks/summoner-wars/shadow-elves.toml");
    let (code, stdout, stderr) = run(
        root,
        &[
            "play",
            "summoner-wars",
            "--seed",
            "1",
            "--deck",
            "deck.toml",
            "--deck",
            other.to_str().expect("a UTF-8 path"),
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Live Test Lancer"), "{stdout}");
}

#[test]
fn a_summoner_wars_card_with_a_new_ability_says_what_to_run() {
    let copy = summoner_wars_copy();
    let root = copy.path();
    append(
        root,
        "codex/summoner-wars/abilities.toml",
        "\n[[abilities]]\nname = \"Moonlit Step\"\nsummary = \"An ability added after the build.\"\nstacking = \"once\"\ntiming = \"Passive\"\neditions = [\"First\"]\n",
    );
    append(root, SW_CARD, "abilities = [\"Moonlit Step\"]\n");
    content_is_fine(root, "summoner-wars");
    let (code, stdout, stderr) = run(
        root,
        &["deck", "check", "--game", "summoner-wars", "deck.toml"],
    );
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!(
            "deck.toml:5:1: error[known-card]: card \"live test lancer\" needs a rebuild of this program: common \"Live Test Lancer\".abilities[0]: `Moonlit Step` is not a Ability; {REBUILD}"
        )),
        "{stdout}"
    );
    assert!(
        stderr.contains(&format!(
            "warning: the summoner-wars codex or game.toml under {} changed since this program was built",
            root.display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains(REBUILD), "{stderr}");
}

// ---- WoW TCG ---------------------------------------------------------------------------

const WOW_CARD: &str = "cards/wow-tcg/tdp/live-test.toml";

const WOW_NEW_CARD: &str = r#"
[[card]]
name = "Live Test Grunt"
kind = "ally"
faction = "Horde"
cost = 1
atk = 4
damage_type = "Melee"
health = 3
race = "Orc"
class = "Warrior"
rarity = "Common"
"#;

fn wow_copy() -> tempfile::TempDir {
    let copy = content_copy("wow-tcg");
    write(copy.path(), WOW_CARD, WOW_NEW_CARD);
    let deck = std::fs::read_to_string(repository().join("decks/wow-tcg/horde-warrior.toml"))
        .expect("example deck");
    write(
        copy.path(),
        "deck.toml",
        &deck.replace("[main]\n", "[main]\n\"live test grunt\" = 4\n"),
    );
    copy
}

#[test]
fn wow_deck_check_scenarios_and_play_use_the_cards_on_disk() {
    let copy = wow_copy();
    let root = copy.path();
    let check = || run(root, &["deck", "check", "--game", "wow-tcg", "deck.toml"]);
    let (code, stdout, stderr) = check();
    assert_eq!(code, Some(0), "{stdout}{stderr}");

    write(
        root,
        "attack.toml",
        r#"game = "wow-tcg"
name = "An ally added after the build attacks"
source = "test: live content"

[[player]]
id = 1

[[player]]
id = 2

[[object]]
id = "gorebelly"
card = "Gorebelly"
player = 1

[[object]]
id = "boris"
card = "Boris Brightbeard"
player = 2

[[object]]
id = "grunt"
card = "LIVE TEST GRUNT"
player = 1

[[step]]
propose = { attacker = "grunt", defender = "boris" }

[[step]]
all_pass = true

[[step]]
all_pass = true

[[step]]
all_pass = true

[[expect]]
packets = ["grunt -> boris: 4 melee combat"]
"#,
    );
    let (code, stdout, stderr) = run(root, &["scenario", "run", "attack.toml"]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");

    write(
        root,
        "grunts.toml",
        "format = \"sealed\"\nhero = \"gorebelly\"\n\n[main]\n\"live test grunt\" = 30\n",
    );
    let other = repository().join("decks/wow-tcg/alliance-paladin.toml");
    let (code, stdout, stderr) = run(
        root,
        &[
            "play",
            "wow-tcg",
            "--seed",
            "1",
            "--deck",
            "grunts.toml",
            "--deck",
            other.to_str().expect("a UTF-8 path"),
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Live Test Grunt"), "{stdout}");

    // Scout Omerrta edited into an Alliance card: Gorebelly's deck may no longer hold it.
    edit_after(
        root,
        "cards/wow-tcg/tdp/allies.toml",
        "name = \"Scout Omerrta\"",
        "faction = \"Horde\"",
        "faction = \"Alliance\"",
    );
    let (code, stdout, stderr) = check();
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("Scout Omerrta"), "{stdout}");
}

#[test]
fn a_wow_card_with_a_new_keyword_says_what_to_run() {
    let copy = wow_copy();
    let root = copy.path();
    append(
        root,
        "codex/wow-tcg/keywords.toml",
        "\n[[keywords]]\nname = \"Moonlit\"\nsummary = \"A keyword added after the build.\"\nstacking = \"once\"\n",
    );
    append(root, WOW_CARD, "keywords = [\"Moonlit\"]\n");
    content_is_fine(root, "wow-tcg");
    let (code, stdout, stderr) = run(root, &["deck", "check", "--game", "wow-tcg", "deck.toml"]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!(
            "card \"live test grunt\" needs a rebuild of this program: ally \"Live Test Grunt\".keywords[0]: `Moonlit` is not a Keyword; {REBUILD}"
        )),
        "{stderr}"
    );
}

// ---- Mage Knight -----------------------------------------------------------------------

const MK_CARD: &str = "cards/mage-knight/rebellion/live-test.toml";

const MK_NEW_CARD: &str = r#"
[[card]]
name = "Live Test Golem"
kind = "warrior"
expansion = "Rebellion"
rank = "Standard"
point_value = 40
factions = ["Orc Raiders"]
base_type = "Infantry"
range = 0
dial = [
  { speed = 6, attack = 11, defense = 15, damage = 3 },
  { speed = 5, attack = 10, defense = 14, damage = 2 },
  { speed = 4, attack = 9, defense = 13, damage = 1 },
]
dead_clicks = 3
"#;

fn mage_knight_copy() -> tempfile::TempDir {
    let copy = content_copy("mage-knight");
    write(copy.path(), MK_CARD, MK_NEW_CARD);
    write(
        copy.path(),
        "army.toml",
        "game = \"mage-knight\"\nbuild_total = 100\nfaction = \"Orc Raiders\"\n\n[warriors]\n\"live test golem\" = 2\n",
    );
    copy
}

#[test]
fn mage_knight_army_check_calc_scenarios_and_play_use_the_warriors_on_disk() {
    let copy = mage_knight_copy();
    let root = copy.path();
    let (code, stdout, stderr) = run(
        root,
        &["army", "check", "--game", "mage-knight", "army.toml"],
    );
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("ok: the army is legal"), "{stdout}");

    // Alessi Ost's first click edited from defense 15 to 17.
    edit_after(
        root,
        "cards/mage-knight/rebellion/warriors.toml",
        "name = \"Alessi Ost\"",
        "defense = 15",
        "defense = 17",
    );
    let (code, stdout, stderr) = run(
        root,
        &[
            "calc",
            "mage-knight",
            "--attacker",
            "LIVE TEST GOLEM",
            "--defender",
            "alessi ost",
            "--json",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["attacker"], "Live Test Golem");
    assert_eq!(json["attack_value"], 11);
    assert_eq!(json["defense_value"], 17);

    write(
        root,
        "attack.toml",
        r#"game = "mage-knight"
name = "A warrior added after the build hits an edited defense exactly"
source = "test: live content"

[[player]]
id = 1
actions = 2

[[player]]
id = 2
actions = 2

[[object]]
id = "golem"
warrior = "live test golem"
player = 1
at = "0, 0 @ 0"

[[object]]
id = "alessi"
warrior = "Alessi Ost"
player = 2
at = "1.25, 0 @ 180"

[[step]]
close = { attacker = "golem", target = "alessi" }
dice = { d6 = [3, 3] }

[[expect]]
object = "alessi"
hit = true
click = 3
"#,
    );
    let (code, stdout, stderr) = run(root, &["scenario", "run", "attack.toml"]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");

    let (code, stdout, stderr) = run(
        root,
        &[
            "play",
            "mage-knight",
            "--seed",
            "1",
            "--deck",
            "army.toml",
            "--deck",
            "army.toml",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Live Test Golem"), "{stdout}");
}

#[test]
fn a_mage_knight_warrior_with_a_new_ability_says_what_to_run() {
    let copy = mage_knight_copy();
    let root = copy.path();
    append(
        root,
        "codex/mage-knight/abilities.toml",
        "\n[[abilities]]\nname = \"Moon Strike\"\nsummary = \"An ability added after the build.\"\nslot = \"Attack\"\noptional = false\n",
    );
    edit_after(
        root,
        MK_CARD,
        "dial = [",
        "damage = 3 }",
        "damage = 3, attack_ability = \"Moon Strike\" }",
    );
    content_is_fine(root, "mage-knight");
    let (code, stdout, stderr) = run(
        root,
        &["army", "check", "--game", "mage-knight", "army.toml"],
    );
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!(
            "army.toml:6:1: card \"live test golem\" needs a rebuild of this program: warrior \"Live Test Golem\".dial[0].attack_ability: `Moon Strike` is not a SpecialAbility; {REBUILD}"
        )),
        "{stderr}"
    );
    let (code, _, stderr) = run(
        root,
        &[
            "calc",
            "mage-knight",
            "--attacker",
            "live test golem",
            "--defender",
            "Alessi Ost",
        ],
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("needs a rebuild of this program") && stderr.contains(REBUILD),
        "{stderr}"
    );
}
