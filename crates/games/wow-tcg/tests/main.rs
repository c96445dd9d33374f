//! The WoW TCG scenario files (`tests/scenarios/wow-tcg/`), run through the engine's generic
//! runner, the published JSON Schema of their format, the coverage of the effect vocabulary
//! by the rules, and card coverage against play.

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
    use grimoire_wow_tcg::{CardId, Dealer, EffectOp, PowerEffect, Recipient};

    let card = |name: &str| Printed::of(CardId::from_name(name).expect("a card of the pool"));
    let (one, two) = (PlayerId(1), PlayerId(2));
    let mut game = Game::new(&[one, two]);
    game.add_object(card("Gorebelly"), one, 2);
    let boris = game.add_object(card("Boris Brightbeard"), two, 2);
    let bala = game.add_object(card("Bala Silentblade"), one, 2);
    let fury = game.add_object(card("Fury"), one, 1);
    game.add_object(Printed::blank("resource", Kind::Resource), one, 2);
    let mut moorf = card("Elder Moorf");
    moorf.effects.push(EffectOp::PaymentPower {
        cost: 1,
        activate: false,
        once_per_turn: true,
        effect: PowerEffect::ModifyAtk,
        amount: 2,
        damage_type: None,
        to: Recipient::TargetCharacter,
        from: Dealer::ThisCard,
    });
    let moorf = game.add_object(moorf, one, 2);

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
        let coverage = card_coverage(id);
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
        if let Some(handler) = Printed::of(id).handler {
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
    let report = coverage_report();
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

#[test]
fn a_player_whose_deck_runs_out_loses_when_it_must_draw() {
    use grimoire_engine::{playout, Outcome, PlayerId, PlayoutOptions};
    use grimoire_wow_tcg::deck::{Deck, Entry, Format};
    use grimoire_wow_tcg::rules::WowRules;
    use grimoire_wow_tcg::CardId;

    let card = |name: &str| CardId::from_name(name).expect("a card of the pool");
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
