//! The engine contract and the generic scenario runner, proved on a toy game ("Duel").

mod game;

use game::{Action, Duel, DuelRules, Event, State};
use grimoire_engine::scenario::{undeclared_expect_fields, ScenarioRun};
use grimoire_engine::{
    run_scenario, run_scenario_dir, scenario_game, scenario_schema, EventLog, FirstOption,
    ObjectId, PlayerId, Rules, SeededDice, Zone, ZonedArena,
};

const HEAD: &str = r#"game = "duel"
name = "a strike"
source = "toy rules: strike"

[[player]]
id = 1
mana = 3

[[player]]
id = 2

[[object]]
id = "knight"
player = 1
zone = "B2"
life = 10

[[object]]
id = "fox"
player = 2
zone = "B2"
life = 5
"#;

/// Lines in HEAD (so positions below can be written as HEAD_LINES + n).
fn head_lines() -> usize {
    HEAD.lines().count()
}

fn run(tail: &str) -> ScenarioRun {
    run_scenario(&Duel::default(), &format!("{HEAD}{tail}"))
}

fn messages(run: &ScenarioRun) -> Vec<String> {
    run.failures.iter().map(ToString::to_string).collect()
}

#[test]
fn a_passing_run_checks_each_expectation_after_the_steps_above_it() {
    let run = run(r#"
[[expect]]
object = "fox"
damage = 0

[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["2", "1*"], effect = [7] }

[[expect]]
object = "fox"
damage = 3
conditions = ["Dazed"]

[[expect]]
rolled = 3

[[step]]
move = { who = "knight", to = "B1" }

[[expect]]
object = "knight"
zone = "B1"

[[expect]]
player = 1
mana = 3
"#);
    assert_eq!(messages(&run), Vec::<String>::new());
    assert!(run.passed());
    assert_eq!(
        run.events,
        serde_json::json!([
            { "Rolled": { "total": 3 } },
            { "Damaged": { "object": 1, "amount": 3 } },
            { "Dazed": { "object": 1 } },
            { "Moved": { "object": 0, "to": "B1" } }
        ])
    );
}

#[test]
fn a_failed_expectation_gives_line_column_expected_and_actual() {
    let run = run(r#"
[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = [2, "0"], effect = [1] }

[[expect]]
object = "fox"
damage = 3
"#);
    let line = head_lines() + 8;
    assert_eq!(
        messages(&run),
        vec![format!("{line}:1: fox damage: expected 3, actual 2")]
    );
    assert_eq!(
        run.report("duel.toml")[0],
        format!("duel.toml:{line}:1: fox damage: expected 3, actual 2")
    );
}

#[test]
fn later_steps_do_not_run_before_an_expectation_written_above_them() {
    let run = run(r#"
[[expect]]
object = "fox"
damage = 2

[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["2", "0"], effect = [1] }
"#);
    assert_eq!(
        messages(&run),
        vec![format!(
            "{}:1: fox damage: expected 2, actual 0",
            head_lines() + 4
        )]
    );
}

#[test]
fn a_toml_syntax_error_has_its_position() {
    let run = run_scenario(
        &Duel::default(),
        "game = \"duel\"\nname = \"x\nsource = \"y\"\n",
    );
    assert_eq!(run.failures.len(), 1);
    assert_eq!((run.failures[0].line, run.failures[0].column), (2, 10));
}

#[test]
fn unknown_keys_are_errors_at_the_key() {
    let step = run(r#"
[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["2", "0"], effect = [1] }
strik = 1

[[expect]]
object = "fox"
damge = 3
"#);
    let msgs = messages(&step);
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert!(
        msgs[0].starts_with(&format!("{}:1: unknown field `strik`", head_lines() + 5)),
        "{msgs:?}"
    );
    assert!(
        msgs[1].starts_with(&format!("{}:1: unknown field `damge`", head_lines() + 9)),
        "{msgs:?}"
    );

    let top = run_scenario(
        &Duel::default(),
        "game = \"duel\"\nname = \"x\"\nsource = \"y\"\nsauce = 1\n",
    );
    assert_eq!(
        messages(&top),
        vec!["4:1: unknown key `sauce` (expected one of game, name, source, player, object, step, expect)"]
    );
    let object =
        run("\n[[object]]\nid = \"owl\"\nplayer = 1\nzone = \"A1\"\nlife = 2\nflying = true\n");
    assert!(
        messages(&object)[0]
            .starts_with(&format!("{}:1: unknown field `flying`", head_lines() + 7)),
        "{:?}",
        messages(&object)
    );
}

#[test]
fn the_common_keys_are_required_and_honest() {
    let no_source = run_scenario(&Duel::default(), "game = \"duel\"\nname = \"x\"\n");
    assert_eq!(
        messages(&no_source),
        vec!["1:1: missing `source = \"...\"`"]
    );
    let empty = run_scenario(
        &Duel::default(),
        "game = \"duel\"\nname = \"x\"\nsource = \" \"\n",
    );
    assert_eq!(
        messages(&empty),
        vec!["3:10: `source` is empty: name the rule, codex entry or ruling the scenario encodes"]
    );
    let other = run_scenario(
        &Duel::default(),
        "game = \"chess\"\nname = \"x\"\nsource = \"y\"\n",
    );
    assert_eq!(
        messages(&other),
        vec!["1:8: this scenario is for \"chess\", not \"duel\""]
    );
    assert_eq!(
        scenario_game("game = \"chess\"\nname = 1\n").unwrap(),
        "chess"
    );
    assert_eq!(
        scenario_game("name = 1\n").unwrap_err().to_string(),
        "1:1: missing `game = \"...\"`"
    );
}

#[test]
fn an_expectation_that_checks_nothing_is_an_error() {
    let l = head_lines();
    let run = run(r#"
[[expect]]
object = "fox"

[[expect]]
damage = 1

[[expect]]
player = 1
rolled = 0

[[expect]]
object = "fox"
conditions = ["Dazzled"]
"#);
    assert_eq!(
        messages(&run),
        vec![
            format!(
                "{}:1: this [[expect]] checks nothing: give at least one field to check",
                l + 2
            ),
            format!(
                "{}:1: `damage` is about an object: say which with `object = \"...\"`",
                l + 6
            ),
            format!(
                "{}:1: `player` is given but no field of this [[expect]] is about a player",
                l + 9
            ),
            format!(
                "{}:1: `conditions`: unknown name \"Dazzled\" in duel",
                l + 14
            ),
        ]
    );
}

#[test]
fn scripted_dice_that_run_out_or_go_unused_are_errors() {
    let l = head_lines();
    let short = run(r#"
[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["2"], effect = [1] }
"#);
    assert_eq!(
        messages(&short),
        vec![format!(
            "{}:1: step 1: the rules needed another attack roll number 2 but the script provides only 1",
            l + 2
        )]
    );
    let long = run(r#"
[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["2", "2", "1"], effect = [1, 5] }
"#);
    assert_eq!(
        messages(&long),
        vec![format!(
            "{}:1: step 1: 1 scripted attack die face(s) were never rolled; 1 scripted effect die face(s) were never rolled",
            l + 2
        )]
    );
    let bad = run(r#"
[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["3*"], d6 = [1] }
"#);
    assert_eq!(
        messages(&bad),
        vec![
            format!(
                "{}:1: \"3*\" is not a face of the attack die (faces: 0, 1, 2, 1*, 2*, 0)",
                l + 4
            ),
            format!(
                "{}:1: the game has no die named \"d6\" (dice: attack, effect)",
                l + 4
            ),
        ]
    );
}

const TWO_ENEMIES: &str = r#"
[[object]]
id = "wolf"
player = 2
zone = "B2"
life = 6
"#;

#[test]
fn scripted_choices_answer_the_rules_questions() {
    let l = head_lines() + TWO_ENEMIES.lines().count();
    let chosen = run(&format!(
        r#"{TWO_ENEMIES}
[[step]]
strike = {{ attacker = "knight" }}
dice = {{ attack = ["2", "2"], effect = [1] }}
choices = ["wolf"]

[[expect]]
object = "wolf"
damage = 4
"#
    ));
    assert!(chosen.passed(), "{:?}", messages(&chosen));
    let missing = run(&format!(
        "{TWO_ENEMIES}\n[[step]]\nstrike = {{ attacker = \"knight\" }}\ndice = {{ attack = [\"2\", \"2\"], effect = [1] }}\n"
    ));
    assert_eq!(
        messages(&missing),
        vec![format!(
            "{}:1: step 1: the rules asked \"target to strike\" (choice number 1, options: fox, wolf) but the script provides only 0",
            l + 2
        )]
    );
    let wrong = run(&format!(
        "{TWO_ENEMIES}\n[[step]]\nstrike = {{ attacker = \"knight\" }}\nchoices = [\"bear\"]\n"
    ));
    assert_eq!(
        messages(&wrong),
        vec![format!(
            "{}:1: step 1: the rules asked \"target to strike\" offering fox, wolf but the script answers \"bear\"",
            l + 2
        )]
    );
    let unused = run(r#"
[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["2", "2"], effect = [1] }
choices = ["fox"]
"#);
    assert_eq!(
        messages(&unused),
        vec![format!(
            "{}:1: step 1: scripted choice(s) \"fox\" were never asked for",
            head_lines() + 2
        )]
    );
}

#[test]
fn fails_with_expects_the_step_to_fail_with_that_text() {
    let l = head_lines();
    let far = "\n[[step]]\nmove = { who = \"knight\", to = \"A2\" }\n";
    let ok = run(&format!(
        "{far}\n[[step]]\nstrike = {{ attacker = \"knight\", target = \"fox\" }}\nfails_with = \"out of range\"\n\n[[expect]]\nobject = \"fox\"\ndamage = 0\n"
    ));
    assert!(ok.passed(), "{:?}", messages(&ok));
    let succeeded =
        run("\n[[step]]\nmove = { who = \"knight\", to = \"B1\" }\nfails_with = \"one zone\"\n");
    assert_eq!(
        messages(&succeeded),
        vec![format!(
            "{}:1: step 1: expected the step to fail with \"one zone\", but it succeeded",
            l + 4
        )]
    );
    let other = run(
        "\n[[step]]\nmove = { who = \"knight\", to = \"D3\" }\nfails_with = \"out of range\"\n",
    );
    assert_eq!(
        messages(&other),
        vec![format!(
            "{}:1: step 1: expected the step to fail with \"out of range\", but it failed with: a champion moves one zone at a time",
            l + 4
        )]
    );
    let unexpected = run("\n[[step]]\nmove = { who = \"knight\", to = \"D3\" }\n");
    assert_eq!(
        messages(&unexpected),
        vec![format!(
            "{}:1: step 1: a champion moves one zone at a time",
            l + 2
        )]
    );
}

#[test]
fn fails_with_is_met_only_by_a_rules_refusal_never_by_a_wrong_step() {
    let l = head_lines();
    // The text matches the scenario error, but a misnamed object is the file's mistake: an
    // expected refusal must come from the rules.
    let misnamed = run(
        "\n[[step]]\nmove = { who = \"knigt\", to = \"B1\" }\nfails_with = \"no object named\"\n",
    );
    let messages = messages(&misnamed);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with(&format!(
            "{}:1: step 1: expected the rules to refuse the step with \"no object named\", but the step itself is wrong: no object named \"knigt\"",
            l + 4
        )),
        "{messages:?}"
    );
}

#[test]
fn set_up_errors_point_at_the_object() {
    let l = head_lines();
    let bad_zone = run("\n[[object]]\nid = \"owl\"\nplayer = 1\nzone = \"E5\"\nlife = 2\n");
    assert_eq!(
        messages(&bad_zone),
        vec![format!(
            "{}:1: object \"owl\": bad position \"E5\": expected a zone A1 to D3",
            l + 2
        )]
    );
    let twice = run_scenario(
        &Duel::default(),
        &format!("{HEAD}\n[[object]]\nid = \"fox\"\nplayer = 1\nzone = \"A1\"\nlife = 2\n"),
    );
    assert_eq!(
        messages(&twice),
        vec![format!("{}:1: two objects are named \"fox\"", l + 3)]
    );
    let unknown = run_scenario(
        &Duel::default(),
        &format!("{HEAD}\n[[expect]]\nobject = \"owl\"\ndamage = 0\n"),
    );
    assert_eq!(
        messages(&unknown),
        vec![format!(
            "{}:1: no object named \"owl\" (objects: knight, fox)",
            l + 3
        )]
    );
}

#[test]
fn the_schema_has_the_common_structure_and_the_games_keys() {
    let schema = serde_json::to_value(scenario_schema(&Duel::default())).unwrap();
    assert_eq!(schema["properties"]["game"]["const"], "duel");
    assert_eq!(schema["additionalProperties"], false);
    let required = schema["required"].as_array().unwrap();
    assert!(required.contains(&"source".into()));
    let text = schema.to_string();
    for key in [
        "strike",
        "fails_with",
        "choices",
        "conditions",
        "mana",
        "zone",
        "1*",
    ] {
        assert!(
            text.contains(&format!("\"{key}\"")),
            "{key} missing from {text}"
        );
    }
    let defs = schema["$defs"].as_object().unwrap();
    let step = defs
        .values()
        .find(|d| d["properties"].get("fails_with").is_some())
        .unwrap();
    assert_eq!(step["properties"]["dice"]["additionalProperties"], false);
    assert!(step["properties"]["dice"]["properties"]
        .get("effect")
        .is_some());
    assert!(undeclared_expect_fields::<Duel>().is_empty());
}

#[test]
fn the_contract_lists_legal_actions_and_applies_them_seeded() {
    let rules = DuelRules::default();
    let arena = ZonedArena::default();
    let champion = |name: &str, owner, zone| game::Champion {
        name: name.into(),
        owner: PlayerId(owner),
        zone: Zone(zone),
        life: 40,
        damage: 0,
        conditions: vec![],
    };
    let state = State {
        arena,
        champions: vec![
            champion("a", 1, 0),
            champion("b", 2, 0),
            champion("c", 2, 11),
        ],
        mana: vec![],
        last_rolled: 0,
        active: PlayerId(1),
        turn: 1,
        actions_left: 5,
    };
    let actions = rules.legal_actions(&state, PlayerId(1));
    assert_eq!(
        actions,
        vec![
            Action::Strike {
                attacker: ObjectId(0),
                target: None
            },
            Action::Strike {
                attacker: ObjectId(0),
                target: Some(ObjectId(1))
            },
            Action::Move {
                who: ObjectId(0),
                to: Zone(1)
            },
            Action::Move {
                who: ObjectId(0),
                to: Zone(4)
            },
            Action::EndTurn,
        ]
    );
    assert_eq!(rules.legal_actions(&state, PlayerId(2)), vec![]);
    let play = |seed| {
        let mut state = state.clone();
        let mut dice = SeededDice::new(seed);
        let mut log: EventLog<Event> = EventLog::new();
        let mut first = FirstOption;
        let mut ctx = grimoire_engine::Ctx::new(&mut dice, &mut first, &mut log);
        for _ in 0..5 {
            rules
                .apply(
                    &mut state,
                    &Action::Strike {
                        attacker: ObjectId(0),
                        target: None,
                    },
                    &mut ctx,
                )
                .unwrap();
        }
        (state.champions[1].damage, log.events().to_vec())
    };
    assert_eq!(play(9), play(9));
    let err = rules
        .apply(
            &mut state.clone(),
            &Action::Strike {
                attacker: ObjectId(0),
                target: Some(ObjectId(2)),
            },
            &mut grimoire_engine::Ctx::new(
                &mut SeededDice::new(1),
                &mut FirstOption,
                &mut EventLog::new(),
            ),
        )
        .unwrap_err();
    assert_eq!(err.to_string(), "the target is out of range");
}

/// Duel with a buggy scenario side: it checks nothing and forgets to declare `rolled`.
#[derive(Default)]
struct LazyDuel(Duel);

impl grimoire_engine::ScenarioGame for LazyDuel {
    const NAME: &'static str = "duel";
    const EXPECT_FIELDS: &'static [(&'static str, grimoire_engine::scenario::Subject)] =
        &[("damage", grimoire_engine::scenario::Subject::Object)];
    type Rules = DuelRules;
    type Handle = grimoire_engine::ObjectId;
    type Player = game::PlayerKeys;
    type Object = game::ObjectKeys;
    type Step = game::StepKeys;
    type Expect = game::ExpectKeys;

    fn dice(&self) -> Vec<grimoire_engine::DieFaces> {
        self.0.dice()
    }
    fn new_state(
        &self,
        players: &[&grimoire_engine::scenario::PlayerEntry<game::PlayerKeys>],
    ) -> Result<State, grimoire_engine::ScenarioError> {
        self.0.new_state(players)
    }
    fn add_object(
        &self,
        state: &mut State,
        object: &grimoire_engine::scenario::ObjectEntry<game::ObjectKeys>,
    ) -> Result<ObjectId, grimoire_engine::ScenarioError> {
        self.0.add_object(state, object)
    }
    fn run_step(
        &self,
        state: &mut State,
        step: &game::StepKeys,
        names: &grimoire_engine::scenario::Names,
        ctx: &mut grimoire_engine::Ctx<'_, Event>,
    ) -> Result<(), grimoire_engine::ScenarioError> {
        self.0.run_step(state, step, names, ctx)
    }
    fn unknown_names(&self, _: &game::ExpectKeys) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    fn check(
        &self,
        _: &State,
        _: &game::ExpectKeys,
        _: grimoire_engine::scenario::Subjects,
        _: &grimoire_engine::scenario::Names,
    ) -> Result<Vec<grimoire_engine::scenario::Check>, grimoire_engine::ScenarioError> {
        Ok(Vec::new())
    }
}

#[test]
fn a_game_that_checks_nothing_or_leaves_a_key_undeclared_is_caught() {
    let lazy = LazyDuel::default();
    let text =
        format!("{HEAD}\n[[expect]]\nobject = \"fox\"\ndamage = 9\n\n[[expect]]\nrolled = 0\n");
    let run = run_scenario(&lazy, &text);
    let l = head_lines();
    assert_eq!(
        messages(&run),
        vec![format!(
            "{}:1: `rolled` has no declared subject in the duel scenario keys",
            l + 7
        )]
    );
    let run = run_scenario(
        &lazy,
        &format!("{HEAD}\n[[expect]]\nobject = \"fox\"\ndamage = 9\n"),
    );
    assert_eq!(
        messages(&run),
        vec![format!(
            "{}:1: `damage` was given but duel checked nothing for it",
            l + 4
        )]
    );
    let mut undeclared = undeclared_expect_fields::<LazyDuel>();
    undeclared.sort();
    assert_eq!(
        undeclared,
        ["conditions", "destroyed", "mana", "rolled", "zone"]
    );
}

#[test]
fn scenario_files_validate_against_the_games_schema() {
    let schema = serde_json::to_value(scenario_schema(&Duel::default())).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let document = |tail: &str| -> serde_json::Value {
        toml::from_str(&format!("{HEAD}{tail}")).expect("TOML")
    };
    let good = document(
        r#"
[[step]]
strike = { attacker = "knight", target = "fox" }
dice = { attack = ["2", "1*"], effect = [7] }
choices = []

[[expect]]
object = "fox"
damage = 3
"#,
    );
    let errors: Vec<String> = validator
        .iter_errors(&good)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    for bad in [
        "\n[[step]]\nstrik = 1\n",
        "\n[[step]]\ndice = { attack = [\"3*\"] }\n",
        "\n[[step]]\ndice = { d6 = [1] }\n",
        "\n[[expect]]\nobject = \"fox\"\ndamge = 3\n",
        "\n[[object]]\nid = \"owl\"\nplayer = 1\nzone = \"A1\"\nlife = 2\nflying = true\n",
    ] {
        assert!(!validator.is_valid(&document(bad)), "{bad} validated");
    }
    let other_game = document("").as_object().cloned().map(|mut o| {
        o.insert("game".into(), "chess".into());
        serde_json::Value::Object(o)
    });
    assert!(!validator.is_valid(&other_game.unwrap()));
}

fn decks() -> Vec<game::Deck> {
    vec![
        vec![("Ash".to_string(), 12), ("Birch".to_string(), 9)],
        vec![("Cedar".to_string(), 10), ("Dogwood".to_string(), 11)],
    ]
}

#[test]
fn whole_games_play_from_decks_to_an_outcome() {
    let rules = DuelRules::default();
    let options = grimoire_engine::PlayoutOptions {
        max_actions: 5_000,
        record_log: true,
    };
    let a = grimoire_engine::playout(&rules, &decks(), 11, options).unwrap();
    let b = grimoire_engine::playout(&rules, &decks(), 11, options).unwrap();
    assert!(a.outcome.is_over() && !a.capped, "{:?}", a.outcome);
    assert_eq!((a.actions, a.outcome), (b.actions, b.outcome));
    assert_eq!(a.log, b.log, "the same seed replays the same game");
    assert!(a.log[1].action.is_some() && a.log[0].action.is_none());
    assert!(a
        .log
        .iter()
        .any(|l| l.events.iter().any(|e| e.contains("damage"))));

    let summary = grimoire_engine::simulate(
        &rules,
        &decks(),
        grimoire_engine::SimulationOptions {
            games: 200,
            seed: 3,
            jobs: 2,
            playout: grimoire_engine::PlayoutOptions::default(),
        },
        &|| {},
    );
    assert!(summary.failures.is_empty(), "{:?}", summary.failures);
    let finished = summary.wins[0].count + summary.wins[1].count + summary.draws.count;
    assert_eq!(finished + summary.capped, 200);
    assert!(summary.wins[0].count > 0 && summary.wins[1].count > 0);
    let one_thread = grimoire_engine::simulate(
        &rules,
        &decks(),
        grimoire_engine::SimulationOptions {
            games: 200,
            seed: 3,
            jobs: 1,
            playout: grimoire_engine::PlayoutOptions::default(),
        },
        &|| {},
    );
    assert_eq!(
        serde_json::to_string(&summary).unwrap(),
        serde_json::to_string(&one_thread).unwrap(),
        "results do not depend on the number of threads"
    );
}

#[test]
fn the_contract_check_finds_complete_legal_actions_and_no_partial_state() {
    let rules = DuelRules::default();
    // Every strike, move and end of turn of every champion, whoever owns it.
    let candidates = |state: &State, _: PlayerId| {
        let ids: Vec<ObjectId> = (0..state.champions.len() as u32).map(ObjectId).collect();
        let mut all = vec![Action::EndTurn];
        for &a in &ids {
            all.push(Action::Strike {
                attacker: a,
                target: None,
            });
            all.extend(ids.iter().map(|&t| Action::Strike {
                attacker: a,
                target: Some(t),
            }));
            all.extend(state.arena.zones().map(|to| Action::Move { who: a, to }));
        }
        all
    };
    let check = grimoire_engine::ContractCheck {
        games: 20,
        seed: 1,
        max_actions: 400,
        every: 3,
    };
    let report = grimoire_engine::check_contract(&rules, &decks(), check, &candidates).unwrap();
    assert!(report.accepted > 100 && report.states > 100, "{report:?}");
    assert!(report.finished > 0);

    // A game whose legal actions forget ending the turn is caught.
    struct Forgetful(DuelRules);
    impl Rules for Forgetful {
        type State = State;
        type Action = Action;
        type Event = Event;
        type Error = game::DuelError;
        fn legal_actions(&self, s: &State, p: PlayerId) -> Vec<Action> {
            let mut actions = self.0.legal_actions(s, p);
            if actions.len() > 1 {
                actions.retain(|a| *a != Action::EndTurn);
            }
            actions
        }
        fn apply(
            &self,
            s: &mut State,
            a: &Action,
            c: &mut grimoire_engine::Ctx<'_, Event>,
        ) -> Result<(), game::DuelError> {
            self.0.apply(s, a, c)
        }
    }
    impl grimoire_engine::Playable for Forgetful {
        type Deck = game::Deck;
        fn setup(
            &self,
            d: &[game::Deck],
            c: &mut grimoire_engine::Ctx<'_, Event>,
        ) -> Result<State, game::DuelError> {
            self.0.setup(d, c)
        }
        fn to_act(&self, s: &State) -> Option<PlayerId> {
            self.0.to_act(s)
        }
        fn outcome(&self, s: &State) -> grimoire_engine::Outcome {
            self.0.outcome(s)
        }
        fn turn(&self, s: &State) -> u32 {
            self.0.turn(s)
        }
        fn card_played(&self, s: &State, a: &Action) -> Option<String> {
            self.0.card_played(s, a)
        }
        fn describe_action(&self, s: &State, a: &Action) -> String {
            self.0.describe_action(s, a)
        }
        fn describe_event(&self, s: &State, e: &Event) -> String {
            self.0.describe_event(s, e)
        }
    }
    let err = grimoire_engine::check_contract(
        &Forgetful(DuelRules::default()),
        &decks(),
        check,
        &candidates,
    )
    .unwrap_err();
    assert!(
        err.contains("EndTurn") && err.contains("does not list it"),
        "{err}"
    );
}

#[test]
fn playouts_are_timed_per_game_and_per_action() {
    let timing =
        grimoire_engine::time_playouts(&DuelRules::default(), &decks(), 20, 1, 10_000).unwrap();
    assert_eq!(timing.games, 20);
    assert!(timing.actions > 20 && timing.games_per_second > 0.0);
    assert!(timing.legal_actions_us > 0.0 && timing.apply_us > 0.0);
}

#[test]
fn a_scenario_directory_reads_bare_cr_files_as_lines_and_locates_bytes_that_are_not_utf8() {
    let dir = tempfile::tempdir().expect("temp dir");
    let passing = format!("{HEAD}\n[[expect]]\nobject = \"fox\"\ndamage = 0\n");
    std::fs::write(
        dir.path().join("a-bare-cr.toml"),
        passing.replace('\n', "\r"),
    )
    .expect("write");
    let run = run_scenario_dir(&Duel::default(), dir.path()).expect("readable");
    assert_eq!((run.files, run.failures), (1, Vec::<String>::new()));
    std::fs::write(
        dir.path().join("b-latin1.toml"),
        b"game = \"duel\"\nname = \"caf\xe9\"\n",
    )
    .expect("write");
    let error = run_scenario_dir(&Duel::default(), dir.path()).expect_err("not UTF-8");
    assert!(
        error.contains("b-latin1.toml:2:12: the file is not UTF-8 text (byte 0xe9)"),
        "{error}"
    );
}

#[test]
fn a_round_robin_pairs_every_deck_with_both_seats_and_replays_by_its_seeds() {
    use grimoire_engine::{game_seed, matchups::half_seed, playout, Outcome, PlayerId};
    let rules = DuelRules::default();
    let strong = vec![("Oak".to_string(), 30), ("Yew".to_string(), 30)];
    let mut decks = decks();
    decks.push(strong);
    let labels: Vec<String> = ["first", "second", "strong"].map(String::from).to_vec();
    let options = |jobs| grimoire_engine::SimulationOptions {
        games: 41,
        seed: 5,
        jobs,
        playout: grimoire_engine::PlayoutOptions::default(),
    };
    let matchups =
        grimoire_engine::simulate_matchups(&rules, &labels, &decks, options(2), &|| {}).unwrap();
    let pairs: Vec<(usize, usize)> = matchups
        .pairings
        .iter()
        .map(|p| (p.first, p.second))
        .collect();
    assert_eq!(pairs, [(0, 1), (0, 2), (1, 2)]);
    for pairing in &matchups.pairings {
        assert!(pairing.failures.is_empty(), "{:?}", pairing.failures);
        let finished = pairing.first_wins.count + pairing.second_wins.count + pairing.draws.count;
        assert_eq!(finished, pairing.first_wins.of);
        assert_eq!(finished + pairing.capped, 41);
    }
    // Row against column and column against row share their games and, with the draws,
    // add up to them.
    for (row, column) in [(2, 0), (0, 1), (1, 2)] {
        let there = matchups.win_rate(row, column).unwrap();
        let back = matchups.win_rate(column, row).unwrap();
        let draws = matchups.pairing(row, column).unwrap().draws.count;
        assert_eq!(there.of, back.of);
        assert_eq!(there.count + back.count + draws, there.of);
    }
    assert!(matchups.win_rate(1, 1).is_none());
    let overall_of: u64 = matchups.pairings.iter().map(|p| 2 * p.first_wins.of).sum();
    assert_eq!(
        matchups.overall.iter().map(|r| r.of).sum::<u64>(),
        overall_of
    );

    // Pairing 0 replayed game by game from the documented seeds gives the same counts.
    let (mut first_wins, mut seat_wins) = (0, 0);
    for (half, count, seating) in [
        (0, 21, vec![decks[0].clone(), decks[1].clone()]),
        (1, 20, vec![decks[1].clone(), decks[0].clone()]),
    ] {
        for i in 0..count {
            let seed = game_seed(half_seed(5, 0, half), i);
            let played = playout(&rules, &seating, seed, Default::default()).unwrap();
            if played.outcome == Outcome::Won(PlayerId(1)) {
                seat_wins += 1;
            }
            let deck_zero_seat = if half == 0 { 1 } else { 2 };
            if played.outcome == Outcome::Won(PlayerId(deck_zero_seat)) {
                first_wins += 1;
            }
        }
    }
    assert_eq!(matchups.pairings[0].first_wins.count, first_wins);
    assert_eq!(matchups.pairings[0].first_seat_wins.count, seat_wins);

    let one_thread =
        grimoire_engine::simulate_matchups(&rules, &labels, &decks, options(1), &|| {}).unwrap();
    assert_eq!(
        serde_json::to_string(&matchups).unwrap(),
        serde_json::to_string(&one_thread).unwrap(),
        "results do not depend on the number of threads"
    );
    let too_few =
        grimoire_engine::simulate_matchups(&rules, &labels[..1], &decks[..1], options(1), &|| {});
    assert_eq!(
        too_few.unwrap_err(),
        grimoire_engine::MatchupsError::TooFewDecks { decks: 1 }
    );
}
