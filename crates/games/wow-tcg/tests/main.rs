//! The WoW TCG scenario files (`tests/scenarios/wow-tcg/`), run through the engine's generic
//! runner, the published JSON Schema of their format, the coverage of the effect vocabulary
//! by the rules, and card coverage against play; the words of every refusal (`refusals`).

mod refusals;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use grimoire_engine::{run_scenario, scenario_game, scenario_schema};
use grimoire_wow_tcg::rules::coverage::{card_coverage, coverage_report};
use grimoire_wow_tcg::rules::effects::{op_name, Coverage, OPERATIONS};
use grimoire_wow_tcg::rules::{Printed, WowScenarios};
use grimoire_wow_tcg::{CardId, KEYWORD_META};

/// The published JSON Schema of WoW TCG scenario files (`grimoire scenario schema wow-tcg`).
const SCHEMA: &str = "schemas/wow-tcg.scenario.schema.json";

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn scenario_files() -> Vec<PathBuf> {
    let dir = repo_root().join("tests/scenarios/wow-tcg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} is readable: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn run(text: &str) -> Vec<String> {
    match scenario_game(text) {
        Ok(game) if game == "wow-tcg" => run_scenario(&WowScenarios::default(), text)
            .failures
            .iter()
            .map(ToString::to_string)
            .collect(),
        Ok(game) => vec![format!("not a wow-tcg scenario: game = {game:?}")],
        Err(failure) => vec![failure.to_string()],
    }
}

#[test]
fn every_scenario_passes() {
    let files = scenario_files();
    assert!(
        files.len() >= 50,
        "expected at least 50 scenarios, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("scenario is readable");
        let name = file
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        failures.extend(run(&text).into_iter().map(|f| format!("{name}:{f}")));
    }
    assert!(
        failures.is_empty(),
        "{} scenario failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_scenario_cites_a_rule_number() {
    for file in scenario_files() {
        let text = std::fs::read_to_string(&file).expect("scenario is readable");
        let table: toml::Table = toml::from_str(&text).expect("scenario is TOML");
        let source = table
            .get("source")
            .and_then(toml::Value::as_str)
            .unwrap_or_default();
        assert!(
            source
                .split(|c: char| !c.is_ascii_digit())
                .any(|n| n.len() == 3),
            "{}: `source` cites no rule number: {source:?}",
            file.display()
        );
    }
}

#[test]
fn the_published_schema_is_current() {
    let published = std::fs::read_to_string(repo_root().join(SCHEMA))
        .unwrap_or_else(|e| panic!("{SCHEMA} exists: {e}"));
    let current = serde_json::to_string_pretty(&scenario_schema(&WowScenarios::default()))
        .expect("schema serialises");
    assert!(
        published.trim_end() == current.trim_end(),
        "{SCHEMA} is stale: regenerate it with `grimoire scenario schema wow-tcg > {SCHEMA}`"
    );
}

#[test]
fn every_scenario_matches_the_published_schema() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(repo_root().join(SCHEMA)).expect("schema exists"),
    )
    .expect("schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let mut invalid = Vec::new();
    for file in scenario_files() {
        let text = std::fs::read_to_string(&file).expect("scenario is readable");
        let instance: serde_json::Value = toml::from_str(&text).expect("scenario is TOML");
        for error in validator.iter_errors(&instance) {
            invalid.push(format!("{}: {error}", file.display()));
        }
    }
    assert!(invalid.is_empty(), "{}", invalid.join("\n"));
}

/// The keys of the `[effects]` table of `codex/wow-tcg/game.toml`.
fn declared_operations() -> BTreeSet<String> {
    let text = std::fs::read_to_string(repo_root().join("codex/wow-tcg/game.toml"))
        .expect("game.toml is readable");
    let game: toml::Table = toml::from_str(&text).expect("game.toml parses");
    game.get("effects")
        .and_then(toml::Value::as_table)
        .expect("game.toml has [effects]")
        .keys()
        .cloned()
        .collect()
}

#[test]
fn every_declared_operation_is_interpreted_or_listed_as_not_modelled() {
    let listed: BTreeSet<String> = OPERATIONS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(listed, declared_operations());
    for (name, status) in OPERATIONS {
        if let Coverage::NotModelled { reason } = status {
            assert!(!reason.trim().is_empty(), "{name} needs a reason");
        }
    }
}

/// The glossary keywords of the comprehensive rules (issue 10, part 1).
const GLOSSARY: [&str; 16] = [
    "Bear Form",
    "Cat Form",
    "Dual Wield",
    "Elusive",
    "Ferocity",
    "Instant",
    "Long-Range",
    "Ongoing",
    "Protector",
    "Reward",
    "Stealth",
    "Totem",
    "Trap",
    "Unique",
    "Unlimited",
    "Untargetable",
];

#[test]
fn every_glossary_keyword_says_what_it_does_as_data() {
    for name in GLOSSARY {
        let meta = KEYWORD_META
            .iter()
            .find(|m| m.name == name)
            .unwrap_or_else(|| panic!("the codex has no keyword {name:?}"));
        assert!(
            !meta.effects.is_empty() || !meta.implied.is_empty(),
            "{name} has neither effect operations nor implied keywords"
        );
        assert!(meta.handler.is_none(), "{name} still needs a handler");
        for op in meta.effects {
            assert!(
                OPERATIONS.iter().any(|(n, _)| *n == op_name(op)),
                "{name}: operation {} has no status",
                op_name(op)
            );
        }
    }
}

#[test]
fn legal_actions_offer_what_apply_accepts() {
    use grimoire_engine::{Ctx, EventLog, FirstOption, PlayerId, Rules, ScriptedDice};
    use grimoire_wow_tcg::rules::{Action, Game, Kind, Printed, WowRules};
    use grimoire_wow_tcg::CardId;

    let card =
        |name: &str| Printed::of(CardId::from_name(name).expect("a card of the pool").card());
    let (one, two) = (PlayerId(1), PlayerId(2));
    let mut game = Game::new(&[one, two]);
    game.add_object(card("Gorebelly"), one, 2);
    let boris = game.add_object(card("Boris Brightbeard"), two, 2);
    let bala = game.add_object(card("Bala Silentblade"), one, 2);
    let fury = game.add_object(card("Fury"), one, 1);
    game.add_object(Printed::blank("resource", Kind::Resource), one, 2);
    // Elder Moorf's payment power is its translated ability data (1, once per turn: target
    // ally has +2 ATK this turn).
    let moorf = game.add_object(card("Elder Moorf"), one, 2);

    let actions = WowRules.legal_actions(&game, one);
    assert!(actions.contains(&Action::Pass(one)));
    assert!(actions.contains(&Action::Propose {
        attacker: bala,
        defender: boris
    }));
    assert!(actions.contains(&Action::PlaceResource {
        player: one,
        card: fury,
        face_up: false
    }));
    assert!(
        !actions.contains(&Action::Play {
            player: one,
            card: fury
        }),
        "Fury costs 5 and one resource is ready"
    );
    assert!(actions.contains(&Action::UsePower {
        player: one,
        card: moorf,
        power: 0
    }));
    assert!(WowRules.legal_actions(&game, two).is_empty());
    for action in actions {
        let mut probe = game.clone();
        let (mut dice, mut first, mut log) = (ScriptedDice::new(), FirstOption, EventLog::new());
        let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
        assert!(
            WowRules.apply(&mut probe, &action, &mut ctx).is_ok(),
            "{action:?} was offered but refused"
        );
    }
}

/// Plays `card` from player 1's hand with plenty of resources and lets it resolve; the
/// not-modelled abilities play logged, or `None` when the card could not be played this way
/// (it needs targets or choices).
fn play_alone(card: &str) -> Option<Vec<String>> {
    let text = format!(
        r#"game = "wow-tcg"
name = "coverage"
source = "406.1"

[[player]]
id = 1
resources = 30

[[player]]
id = 2

[[object]]
id = "card"
card = {card:?}
player = 1
zone = "hand"

[[step]]
play = "card"

[[step]]
all_pass = true
"#
    );
    let report = run_scenario(&WowScenarios::default(), &text);
    if !report.failures.is_empty() {
        return None;
    }
    let events = report.events.as_array().cloned().unwrap_or_default();
    Some(
        events
            .iter()
            .filter_map(|e| e.get("NotModelled")?.get("ability")?.as_str())
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn a_covered_card_meets_no_not_modelled_answer_in_play_and_a_handler_is_reported_once() {
    let (mut covered_played, mut handlers_played) = (0, 0);
    for &id in CardId::ALL {
        let coverage = card_coverage(id.card());
        if !matches!(
            coverage.kind,
            "ally" | "ability" | "weapon" | "armor" | "item"
        ) {
            continue;
        }
        let Some(reported) = play_alone(coverage.name) else {
            continue;
        };
        if coverage.covered {
            assert!(
                reported.is_empty(),
                "{} is covered but play reports {reported:?}",
                coverage.name
            );
            covered_played += usize::from(!coverage.abilities.is_empty());
        }
        if let Some(handler) = Printed::of(id.card()).handler {
            assert_eq!(reported, [handler.name()], "{}", coverage.name);
            handlers_played += 1;
        }
    }
    assert!(
        covered_played >= 20,
        "only {covered_played} covered cards with abilities played"
    );
    assert!(
        handlers_played >= 100,
        "only {handlers_played} cards with handlers played"
    );
}

#[test]
fn the_card_report_counts_every_card() {
    let report = coverage_report(grimoire_wow_tcg::catalog::Catalog::compiled());
    assert_eq!(report.total.total, CardId::ALL.len());
    assert!(report.total.covered > 0 && report.total.covered < report.total.total);
}

/// The example decks of `decks/wow-tcg/` (the ones `grimoire simulate wow-tcg` plays).
fn example_decks() -> Vec<grimoire_wow_tcg::deck::Deck> {
    ["alliance-paladin.toml", "horde-warrior.toml"]
        .iter()
        .map(|name| {
            let path = repo_root().join("decks/wow-tcg").join(name);
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{} is readable: {e}", path.display()));
            let deck = grimoire_wow_tcg::deck::Deck::from_toml(&text)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let violations = grimoire_wow_tcg::deck::check(&deck);
            assert!(violations.is_empty(), "{name} is illegal: {violations:?}");
            deck
        })
        .collect()
}

/// Every action of every player with every object of the game, wherever it is: a superset of
/// what `apply` can accept (every card of every zone played, placed face up and down, used,
/// struck with; every pair of objects in play proposed; passes and mulligan decisions).
fn every_candidate(
    game: &grimoire_wow_tcg::rules::Game,
    _: grimoire_engine::PlayerId,
) -> Vec<grimoire_wow_tcg::rules::Action> {
    use grimoire_engine::PlayerId;
    use grimoire_wow_tcg::rules::Action;
    let objects: Vec<_> = game.store.iter().map(|o| o.id).collect();
    let in_play: Vec<_> = game.objects_in_play().collect();
    let mut candidates = Vec::new();
    for player in [PlayerId(1), PlayerId(2)] {
        candidates.push(Action::Pass(player));
        for redraw in [false, true] {
            candidates.push(Action::Mulligan { player, redraw });
        }
        for &card in &objects {
            candidates.push(Action::Play { player, card });
            for face_up in [false, true] {
                candidates.push(Action::PlaceResource {
                    player,
                    card,
                    face_up,
                });
            }
            candidates.push(Action::Strike {
                player,
                weapon: card,
            });
            for power in 0..2 {
                candidates.push(Action::UsePower {
                    player,
                    card,
                    power,
                });
            }
        }
    }
    for &attacker in &in_play {
        for &defender in &in_play {
            candidates.push(Action::Propose { attacker, defender });
        }
    }
    candidates
}

#[test]
fn whole_games_keep_the_contract() {
    use grimoire_engine::{check_contract, ContractCheck};
    use grimoire_wow_tcg::rules::WowRules;
    let report = check_contract(
        &WowRules,
        &example_decks(),
        ContractCheck {
            games: 3,
            seed: 19,
            max_actions: 2_000,
            every: 31,
        },
        &every_candidate,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        report.finished, 3,
        "every game ends by the rules: {report:?}"
    );
    assert!(report.accepted > report.states, "{report:?}");
}

/// The plain copy of where each object is and who controls it (`Game::status`) says what
/// the object's record in the store says, at every step of seeded random games.
#[test]
fn object_status_mirrors_the_store_through_whole_games() {
    use grimoire_engine::{Ctx, EventLog, Playable, RandomChooser, Rules, SeededDice};
    use grimoire_wow_tcg::rules::WowRules;
    let decks = example_decks();
    for seed in 1..=4u64 {
        let (mut dice, mut chooser, mut log) = (
            SeededDice::new(seed),
            RandomChooser::new(seed),
            EventLog::new(),
        );
        let mut ctx = Ctx::new(&mut dice, &mut chooser, &mut log);
        let mut game = WowRules.setup(&decks, &mut ctx).expect("set-up");
        let mut pick = seed;
        for step in 0..3_000 {
            assert_eq!(game.status.len(), game.store.len());
            for (status, object) in game.status.iter().zip(game.store.iter()) {
                assert_eq!(
                    (status.zone, status.in_play, status.controller),
                    (object.zone, object.in_play, object.controller),
                    "seed {seed}, step {step}, object {}",
                    object.id.0
                );
            }
            let Some(player) = WowRules.to_act(&game) else {
                break;
            };
            let legal = WowRules.legal_actions(&game, player);
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let action = &legal[(pick >> 33) as usize % legal.len()];
            WowRules
                .try_apply(&mut game, action, &mut ctx)
                .expect("a legal action is accepted");
        }
        assert!(WowRules.to_act(&game).is_none(), "seed {seed} ends");
    }
}

#[test]
fn every_example_deck_plays_whole_games_to_a_result() {
    use grimoire_engine::{playout, Outcome, PlayoutOptions};
    use grimoire_wow_tcg::rules::WowRules;
    let folder = repo_root().join("decks/wow-tcg");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "{} example decks", files.len());
    let decks: Vec<_> = files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("readable");
            let deck = grimoire_wow_tcg::deck::Deck::from_toml(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(
                grimoire_wow_tcg::deck::check(&deck).is_empty(),
                "{}",
                path.display()
            );
            deck
        })
        .collect();
    // Each deck against the next one, so every deck plays both seats once.
    for (index, deck) in decks.iter().enumerate() {
        let next = &decks[(index + 1) % decks.len()];
        let played = playout(
            &WowRules,
            &[deck.clone(), next.clone()],
            index as u64,
            PlayoutOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", files[index].display()));
        assert!(
            matches!(played.outcome, Outcome::Won(_) | Outcome::Draw),
            "{}: {:?}",
            files[index].display(),
            played.outcome
        );
    }
}

#[test]
fn a_player_whose_deck_runs_out_loses_when_it_must_draw() {
    use grimoire_engine::{playout, Outcome, PlayerId, PlayoutOptions};
    use grimoire_wow_tcg::deck::{Deck, Entry, Format};
    use grimoire_wow_tcg::rules::WowRules;
    use grimoire_wow_tcg::CardId;

    let card = |name: &str| CardId::from_name(name).expect("a card of the pool").card();
    let decks = example_decks();
    // Eight cards: the opening hand and one draw step; the next draw step loses (407.6b).
    let short = Deck {
        format: Format::Constructed,
        hero: card("Graccus"),
        main: vec![Entry {
            card: card("Corin Stallnorth"),
            copies: 8,
        }],
        side: Vec::new(),
    };
    for seed in 0..10 {
        let played = playout(
            &WowRules,
            &[short.clone(), decks[1].clone()],
            seed,
            PlayoutOptions::default(),
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(played.outcome, Outcome::Won(PlayerId(2)), "seed {seed}");
        assert!(played.turns <= 6, "seed {seed}: {} turns", played.turns);
    }
}

/// Every integer key of the scenario format, as a path through the published schema
/// (`object.effects[deal_damage].amount`), with the range the schema gives it.
fn integer_keys() -> std::collections::BTreeMap<String, (i64, i64)> {
    fn walk(
        node: &serde_json::Value,
        path: &str,
        defs: &serde_json::Value,
        out: &mut std::collections::BTreeMap<String, (i64, i64)>,
    ) {
        if let Some(reference) = node.get("$ref").and_then(|r| r.as_str()) {
            let name = reference.trim_start_matches("#/$defs/");
            return walk(&defs[name], path, defs, out);
        }
        for variant in node
            .get("oneOf")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            let tag = variant["properties"]["op"]["const"]
                .as_str()
                .unwrap_or_default();
            walk(variant, &format!("{path}[{tag}]"), defs, out);
        }
        // The generated `EffectOp` schema: one `if op = <tag> then <fields>` per operation.
        for branch in node
            .get("allOf")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            if let Some(tag) = branch["if"]["properties"]["op"]["const"].as_str() {
                walk(&branch["then"], &format!("{path}[{tag}]"), defs, out);
            }
        }
        for variant in node
            .get("anyOf")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            walk(variant, path, defs, out);
        }
        let types = &node["type"];
        let integer = types == "integer"
            || types
                .as_array()
                .is_some_and(|t| t.iter().any(|t| t == "integer"));
        if integer {
            let end = |key: &str| {
                node[key]
                    .as_i64()
                    .unwrap_or_else(|| panic!("{path}: {key}"))
            };
            out.insert(path.to_string(), (end("minimum"), end("maximum")));
        }
        if let Some(items) = node.get("items") {
            walk(items, path, defs, out);
        }
        for (key, property) in node
            .get("properties")
            .and_then(|p| p.as_object())
            .into_iter()
            .flatten()
        {
            // Scripted dice are faces by label or number: the die's own faces, not a count.
            if key != "dice" {
                let path = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                walk(property, &path, defs, out);
            }
        }
    }
    let schema = serde_json::to_value(scenario_schema(&WowScenarios::default())).expect("schema");
    let mut keys = std::collections::BTreeMap::new();
    walk(&schema, "", &schema["$defs"], &mut keys);
    keys
}

/// A scenario writing `value` at the key `path` (`{V}` marks it), the rest of it valid.
fn scenario_with(path: &str, value: &str) -> Option<String> {
    let (table, key) = path.split_once('.')?;
    let mut player = "id = 1".to_string();
    let mut object = "player = 2\nhealth = 5".to_string();
    let mut step = "deal = { source = \"hero\", to = [\"ally\"], amount = 1 }".to_string();
    let mut expect = "object = \"ally\"\ndamage = 1".to_string();
    let op_fields = |op: &str| -> Vec<(&str, &str)> {
        let to = ("to", "\"ThisCard\"");
        match op {
            "deal_damage" | "heal_damage" | "modify_atk" | "modify_health" | "prevent_damage" => {
                vec![("amount", "1"), to]
            }
            "draw_cards" => vec![("count", "1")],
            "replace_damage" => vec![("who", "\"ThisCard\""), ("side", "\"IsDealt\"")],
            "triggered_damage" | "triggered_heal" => {
                vec![("when", "\"ThisAttacks\""), ("amount", "1"), to]
            }
            "payment_power" => vec![("effect", "\"DealDamage\""), to],
            "triggered_power" => vec![
                ("when", "\"ThisAttacks\""),
                ("effect", "\"DealDamage\""),
                to,
            ],
            "triggered_draw" => vec![("when", "\"ThisAttacks\""), ("count", "1")],
            _ => Vec::new(),
        }
    };
    match (table, key) {
        ("player", "id") => player = "id = {V}".into(),
        ("player", key) => player = format!("id = 1\n{key} = {{V}}"),
        ("object", "player") => object = "player = {V}".into(),
        ("object", "bubbles.amount") => object = "player = 2\nbubbles = [{ amount = {V} }]".into(),
        ("object", key) if key.starts_with("effects[") => {
            let (op, field) = key.trim_start_matches("effects[").split_once("].")?;
            let mut fields: Vec<(&str, String)> = op_fields(op)
                .into_iter()
                .filter(|(name, _)| *name != field)
                .map(|(name, v)| (name, v.to_string()))
                .collect();
            fields.push((field, "{V}".to_string()));
            let written: Vec<String> = fields.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            object = format!(
                "player = 2\neffects = [{{ op = \"{op}\", {} }}]",
                written.join(", ")
            );
        }
        ("object", key) => object = format!("player = 2\n{key} = {{V}}"),
        ("step", "pass" | "start_turn") => step = format!("{key} = {{V}}"),
        ("step", "power") => step = "use = \"ally\"\npower = {V}".into(),
        ("step", "deal.amount") => {
            step = "deal = { source = \"hero\", to = [\"ally\"], amount = {V} }".into()
        }
        ("step", "heal.amount") => {
            step = "heal = { source = \"hero\", to = \"ally\", amount = {V} }".into()
        }
        ("step", "put_damage.amount") => {
            step = "put_damage = { to = \"ally\", amount = {V} }".into()
        }
        ("step", "draw.player") => step = "draw = { player = {V} }".into(),
        ("step", "draw.count") => step = "draw = { player = 1, count = {V} }".into(),
        ("expect", "player") => expect = "player = {V}\nhand = 0".into(),
        ("expect", "turn_player") => expect = "turn_player = {V}".into(),
        ("expect", "damage" | "atk" | "health") => {
            expect = format!("object = \"ally\"\n{key} = {{V}}")
        }
        ("expect", "hand" | "deck" | "ready_resources") => {
            expect = format!("player = 1\n{key} = {{V}}")
        }
        _ => return None,
    }
    let text = format!(
        "game = \"wow-tcg\"\nname = \"extremes\"\nsource = \"405.2, 206.1: every number in range\"\n\
         [[player]]\n{player}\n[[player]]\nid = 2\n\
         [[object]]\nid = \"hero\"\ncard = \"Boris Brightbeard\"\nplayer = 1\n\
         [[object]]\nid = \"ally\"\nname = \"Ally\"\nkind = \"ally\"\n{object}\n\
         [[step]]\n{step}\n[[expect]]\n{expect}\n"
    );
    Some(text.replace("{V}", value))
}

/// What running a scenario text gave: its failures, or why it did not finish.
fn run_guarded(text: String) -> Result<Vec<grimoire_engine::scenario::Failure>, String> {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let run = std::panic::catch_unwind(|| run_scenario(&WowScenarios::default(), &text));
        let _ = sender.send(
            run.map(|run| run.failures)
                .map_err(|_| "panicked".to_string()),
        );
    });
    receiver
        .recv_timeout(std::time::Duration::from_secs(60))
        .unwrap_or_else(|_| Err("did not finish within 60 s".into()))
}

#[test]
fn extreme_values_of_every_numeric_key_run_or_fail_where_they_are_written() {
    let keys = integer_keys();
    assert!(keys.len() >= 40, "{keys:?}");
    let extremes = [
        "0",
        "-1",
        "2147483648",
        "4294967295",
        "9223372036854775808",
        "9223372036854775807",
    ];
    let mut problems = Vec::new();
    for (path, &(low, high)) in &keys {
        let Some(template) = scenario_with(path, "{V}") else {
            problems.push(format!("{path}: no scenario writes this key"));
            continue;
        };
        let line = template[..template.find("{V}").expect("marked")]
            .matches('\n')
            .count()
            + 1;
        let ends = [low.to_string(), high.to_string()];
        for value in extremes
            .iter()
            .copied()
            .chain(ends.iter().map(String::as_str))
        {
            let text = template.replace("{V}", value);
            let failures = match run_guarded(text) {
                Ok(failures) => failures,
                Err(why) => {
                    problems.push(format!("{path} = {value}: {why}"));
                    continue;
                }
            };
            let in_range = value
                .parse::<i64>()
                .is_ok_and(|v| (low..=high).contains(&v));
            if in_range {
                continue;
            }
            let at_the_key = failures.iter().find(|f| f.line == line);
            match at_the_key {
                None => problems.push(format!(
                    "{path} = {value}: no failure at line {line}: {failures:?}"
                )),
                Some(failure) if value.parse::<i64>().is_ok() => {
                    // The runner's own keys (`id`, an expectation's `player`) are u8s.
                    let runners = ["player.id", "expect.player"].contains(&path.as_str());
                    let named = failure.message.contains(&format!("{low} to {high}"))
                        || (runners && failure.message.contains("expected u8"));
                    if !named {
                        problems.push(format!(
                            "{path} = {value}: the range is not named: {failure}"
                        ));
                    }
                }
                Some(_) => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The range of an `int(a..=b)` field type of `game.toml` (plain or `{ type = ... }`).
fn codex_range(field: &toml::Value) -> Option<(i64, i64)> {
    let written = field
        .as_str()
        .or_else(|| field.get("type").and_then(toml::Value::as_str))?;
    let inner = written.strip_prefix("int(")?.split(')').next()?;
    let (low, high) = inner.split_once("..=")?;
    Some((low.parse().ok()?, high.parse().ok()?))
}

#[test]
fn scenario_ranges_are_the_codex_ranges() {
    let text = std::fs::read_to_string(repo_root().join("codex/wow-tcg/game.toml"))
        .expect("game.toml is readable");
    let game: toml::Table = toml::from_str(&text).expect("game.toml parses");
    let keys = integer_keys();
    let mut compared = 0;
    for (path, range) in &keys {
        let codex = if let Some(rest) = path.strip_prefix("object.effects[") {
            let (op, field) = rest.split_once("].").expect("op and field");
            &game["effects"][op]["fields"][field]
        } else if [
            "object.cost",
            "object.health",
            "object.defense",
            "object.strike_cost",
        ]
        .contains(&path.as_str())
        {
            &game["records"]["CardParts"]["fields"][path.trim_start_matches("object.")]
        } else if path == "object.bubbles.amount" {
            &game["effects"]["prevent_damage"]["fields"]["amount"]
        } else {
            continue;
        };
        assert_eq!(codex_range(codex), Some(*range), "{path}");
        compared += 1;
    }
    assert!(compared >= 18, "{compared} ranges compared");
}

/// Every typed ability of the pool is one the rules play: the importer's translator writes
/// only what `rules::card::lower` plays, so a card it translated and took the handler from is
/// never left with text nothing plays.
#[test]
fn every_translated_ability_is_played() {
    let mut unplayed: Vec<&str> = Vec::new();
    let mut translated = 0;
    for &id in CardId::ALL {
        let card = id.card();
        if card.card_abilities().is_empty() {
            continue;
        }
        translated += 1;
        if Printed::of(id.card()).unplayed_abilities > 0 {
            unplayed.push(card.name());
        }
    }
    assert_eq!(unplayed, Vec::<&str>::new());
    assert!(translated > 80, "{translated} cards carry typed abilities");
}

/// The generated serde impls (`derive = ["serde", "json_schema"]` in `game.toml`) write every
/// typed ability of the pool and every effect operation of the codex as content writes them,
/// and read them back to the same value, through TOML and JSON alike; the generated
/// `JsonSchema` accepts what they write.
#[test]
fn every_typed_ability_and_effect_reads_back_from_what_serde_writes() {
    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct Wrapper<T> {
        value: T,
    }
    fn round_trip<T>(value: T) -> T
    where
        T: serde::Serialize + for<'de> serde::Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        let wrapped = Wrapper { value };
        let toml_text = toml::to_string(&wrapped).expect("writes TOML");
        let from_toml: Wrapper<T> =
            toml::from_str(&toml_text).unwrap_or_else(|e| panic!("reads back {toml_text}: {e}"));
        assert_eq!(from_toml, wrapped, "{toml_text}");
        let json = serde_json::to_string(&wrapped).expect("writes JSON");
        let from_json: Wrapper<T> =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("reads back {json}: {e}"));
        assert_eq!(from_json, wrapped, "{json}");
        wrapped.value
    }
    let schema = schemars::schema_for!(grimoire_wow_tcg::CardAbility).to_value();
    let validator = jsonschema::validator_for(&schema).expect("the ability schema compiles");
    let mut abilities = 0;
    for &id in CardId::ALL {
        for ability in id.card().card_abilities() {
            let json = serde_json::to_value(ability).expect("writes JSON");
            assert!(
                validator.is_valid(&json),
                "{} does not match its schema: {json}",
                id.name()
            );
            round_trip(*ability);
            abilities += 1;
        }
    }
    let mut effects = 0;
    for meta in KEYWORD_META.iter() {
        for effect in meta.effects {
            round_trip(*effect);
            effects += 1;
        }
    }
    assert!(
        abilities > 50 && effects > 20,
        "{abilities} abilities, {effects} effects"
    );
}
