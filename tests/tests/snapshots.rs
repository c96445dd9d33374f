//! Snapshots of the Rust generated for the `tiny` fixture, a game that uses every feature:
//! enums, records, optional and list fields, codex references with parameters, errata,
//! handlers, effects, dice and constants.

use grimoire_codegen::{generate_game, ir::Game};

use crate::support::repo_root;

/// The compiled `tests/fixtures/tiny` game.
pub fn tiny_game() -> Game {
    let root = repo_root().join("tests/fixtures/tiny");
    let input = grimoire_compiler::load_game(&root, "tiny").expect("read the tiny fixture");
    grimoire_compiler::compile(&input).unwrap_or_else(|diagnostics| {
        panic!("tiny does not compile:\n{}", diagnostics.render(false))
    })
}

#[test]
fn generated_rust_files_match_their_snapshots() {
    let outputs = generate_game(&tiny_game());
    let rust: Vec<_> = outputs
        .iter()
        .filter(|output| output.path.ends_with(".rs"))
        .collect();
    assert!(
        rust.len() >= 5,
        "expected mod.rs and one file per concern, got {}",
        rust.len()
    );
    for output in rust {
        let file = output.path.rsplit('/').next().unwrap_or(&output.path);
        insta::assert_snapshot!(format!("tiny_{}", file.replace('.', "_")), output.contents);
    }
}

#[test]
fn single_module_matches_its_snapshot() {
    insta::assert_snapshot!(
        "tiny_single_module",
        grimoire_codegen::rust_module(&tiny_game())
    );
}

#[test]
fn card_schema_matches_its_snapshot() {
    let outputs = generate_game(&tiny_game());
    let schema = outputs
        .iter()
        .find(|output| output.path == "schemas/tiny.cards.schema.json")
        .expect("a card schema for tiny");
    insta::assert_snapshot!("tiny_cards_schema", schema.contents);
}

/// The same generated module, compiled into this test binary.
mod tiny {
    grimoire_macros::include_game!("fixtures/tiny", game = "tiny");
}

/// The texts of the codex references in field `field` of the IR card `name`.
fn ir_codex_texts(game: &Game, name: &str, field: &str, printed: bool) -> Vec<String> {
    use grimoire_codegen::ir::Value;
    let card = game
        .cards
        .iter()
        .find(|card| card.name == name)
        .expect("card in the IR");
    let position = game.kinds[card.kind]
        .fields
        .iter()
        .position(|definition| definition.name == field)
        .expect("field of the kind");
    let values = if printed {
        card.printed.as_ref().expect("printed version")
    } else {
        &card.fields
    };
    let Value::List(items) = &values[position] else {
        panic!("{field} is not a list")
    };
    items
        .iter()
        .map(|item| match item {
            Value::Codex(reference) => reference.text.clone(),
            other => panic!("not a codex value: {other:?}"),
        })
        .collect()
}

fn displayed(traits: &[tiny::Trait]) -> Vec<String> {
    traits.iter().map(ToString::to_string).collect()
}

#[test]
fn codex_values_display_as_the_card_text() {
    let game = tiny_game();
    for unit in &tiny::UNITS {
        assert_eq!(
            displayed(unit.traits),
            ir_codex_texts(&game, unit.name, "traits", false)
        );
    }
    let knight = tiny::CardId::EmberKnight;
    let tiny::Card::Unit(printed) = knight.printed() else {
        panic!("Ember Knight is a unit")
    };
    assert_eq!(
        displayed(printed.traits),
        ir_codex_texts(&game, "Ember Knight", "traits", true)
    );
    assert_eq!(tiny::Trait::Flame(2).to_string(), "Flame +2");
    assert_eq!(tiny::Trait::Piercing(3).to_string(), "Piercing +3");
}

#[test]
fn cards_are_found_by_name_with_current_and_printed_versions() {
    assert_eq!(tiny::CardId::ALL.len(), 4);
    for id in tiny::CardId::ALL {
        assert_eq!(tiny::CardId::from_name(id.name()), Some(*id));
        assert_eq!(id.card().name(), id.name());
    }
    assert_eq!(tiny::CardId::from_name("ember knight"), None);
    let knight = tiny::CardId::EmberKnight;
    let (tiny::Card::Unit(current), tiny::Card::Unit(printed)) = (knight.card(), knight.printed())
    else {
        panic!("Ember Knight is a unit")
    };
    assert_eq!((current.mana, printed.mana), (4, 3));
    assert_eq!(knight.errata().len(), 1);
    assert_eq!(knight.errata()[0].date, "2020-05-01");
    let boil = tiny::CardId::Boil;
    assert_eq!(boil.printed(), boil.card());
    assert!(boil.errata().is_empty());
    let tiny::Card::Spell(spell) = boil.card() else {
        panic!("Boil is a spell")
    };
    assert_eq!(spell.level, Some(260u16));
    assert_eq!(
        spell.elements,
        &[tiny::Element::Fire, tiny::Element::DeepWater]
    );
    let tiny::Card::Unit(sprite) = tiny::CardId::AshSprite.card() else {
        panic!("a unit")
    };
    assert_eq!(sprite.printings.len(), 2);
    assert_eq!(sprite.printings[0].number, Some("P1"));
}

#[test]
fn enums_codex_metadata_dice_and_constants_are_typed() {
    assert_eq!(
        tiny::Element::ALL,
        [tiny::Element::Fire, tiny::Element::DeepWater]
    );
    assert_eq!(
        "Deep Water".parse::<tiny::Element>(),
        Ok(tiny::Element::DeepWater)
    );
    assert!("Air".parse::<tiny::Element>().is_err());
    let bane = tiny::Trait::Bane {
        x: 1,
        targets: &[tiny::Element::Fire],
    };
    assert_eq!(bane.name(), "Bane");
    assert_eq!(bane.meta().stacking, tiny::Stacking::Highest);
    assert_eq!(
        bane.meta().implies,
        &[tiny::CodexRef::Trait(tiny::Trait::Swift)]
    );
    // The closure: Bane implies Swift, which implies Fast and Piercing +1; breadth-first.
    assert_eq!(
        bane.meta().implied,
        &[
            tiny::CodexRef::Trait(tiny::Trait::Swift),
            tiny::CodexRef::Trait(tiny::Trait::Fast),
            tiny::CodexRef::Trait(tiny::Trait::Piercing(1)),
        ]
    );
    assert!(tiny::Trait::Fast.meta().implied.is_empty());
    assert_eq!(tiny::Trait::Fast.meta().cancels, &["Slow"]);
    assert_eq!(tiny::Trait::Fast.meta().handler, Some(tiny::Handler::Haste));
    let hunter = tiny::Trait::Hunter(&[
        &[tiny::Element::DeepWater, tiny::Element::Fire],
        &[tiny::Element::Fire],
    ]);
    assert_eq!(hunter.to_string(), "Hunts Deep Water Fire OR Fire");
    let tiny::Card::Unit(knight) = tiny::CardId::EmberKnight.card() else {
        panic!("a unit")
    };
    assert!(knight.traits.contains(&hunter));
    assert_eq!(knight.attacks[0].handler, Some(tiny::Handler::SearingEdge));
    assert_eq!(knight.attacks[1].handler, None);
    assert_eq!(
        tiny::STARTING_TRAITS,
        &[tiny::Trait::Fast, tiny::Trait::Piercing(1)]
    );
    assert_eq!(tiny::MAX_POWER, 9u8);
    assert_eq!(tiny::ATTACK_DIE_NAME, "attack");
    assert_eq!(tiny::ATTACK_DIE_SIDES, tiny::ATTACK_DIE.len());
    assert_eq!(tiny::EFFECT_DIE[11].value, 12u8);
    assert_eq!(
        tiny::Trait::Flame(-1).meta().element,
        Some(tiny::Element::Fire)
    );
    assert_eq!(
        tiny::Trait::Immunity(tiny::Element::Fire).meta().effects,
        &[tiny::EffectOp::Heal {
            amount: 2,
            revive: true
        }]
    );
    assert_eq!(tiny::ATTACK_DIE.len(), 6);
    assert_eq!(tiny::ATTACK_DIE[4].critical, 2);
    assert_eq!(tiny::EFFECT_DIE.len(), 12);
    assert_eq!(tiny::HAND_SIZE, 5);
    assert_eq!(tiny::CURVE, &[1, 2, -3]);
    assert_eq!(tiny::SETS, &["core", "promo"]);
}

/// Rules as a game writes them: a `match` on the generated `Handler`, the wildcard arm
/// answering "not modelled yet".
fn dispatch(
    handler: tiny::Handler,
    state: &mut Vec<(&'static str, tiny::CardId)>,
    source: tiny::CardId,
) -> Option<usize> {
    match handler {
        tiny::Handler::TideCall => {
            state.push(("tide_call", source));
            Some(state.len())
        }
        _ => None,
    }
}

#[test]
fn handlers_are_typed_and_looked_up_by_name() {
    use tiny::Handler;
    assert_eq!(
        Handler::ALL,
        [Handler::Haste, Handler::SearingEdge, Handler::TideCall]
    );
    assert_eq!(Handler::TideCall.name(), "tide_call");
    assert_eq!(Handler::SearingEdge.to_string(), "searing_edge");
    assert_eq!("haste".parse::<Handler>(), Ok(Handler::Haste));
    let unknown = "unknown".parse::<Handler>().expect_err("no such handler");
    assert_eq!(unknown.to_string(), "`unknown` is not a Handler name");
    let tiny::Card::Unit(caller) = tiny::CardId::TideCaller.card() else {
        panic!("a unit")
    };
    let handler = caller.handler.expect("Tide Caller names a handler");
    let mut state = Vec::new();
    assert_eq!(
        dispatch(handler, &mut state, tiny::CardId::TideCaller),
        Some(1)
    );
    assert_eq!(
        dispatch(Handler::Haste, &mut state, tiny::CardId::TideCaller),
        None
    );
    assert_eq!(state, [("tide_call", tiny::CardId::TideCaller)]);
    // The name table is sorted, and every handler is found by its own name.
    assert!(Handler::NAMES.windows(2).all(|pair| pair[0] < pair[1]));
    for handler in Handler::ALL {
        assert_eq!(handler.name().parse::<Handler>(), Ok(handler));
    }
}

#[test]
fn card_kinds_and_common_fields_are_typed() {
    use tiny::CardKind;
    let card = tiny::CardId::TideCaller.card();
    assert_eq!(card.card_kind(), CardKind::Unit);
    assert_eq!(card.kind(), "unit");
    assert_eq!(CardKind::ALL.map(CardKind::name), CardKind::NAMES);
    for kind in CardKind::ALL {
        assert_eq!(kind.name().parse::<CardKind>(), Ok(kind));
        assert_eq!(kind.to_string(), kind.name());
    }
    let unknown = "creature"
        .parse::<CardKind>()
        .expect_err("not a kind of tiny");
    assert_eq!(unknown.to_string(), "`creature` is not a CardKind name");
    let tiny::Card::Unit(unit) = card else {
        panic!("a unit")
    };
    // `mana` comes from the `Cost` record every kind extends.
    assert_eq!(card.mana(), unit.mana);
    assert_eq!(card.summary(), unit.summary);
    assert_eq!(tiny::EffectOp::NAMES, ["dice_modifier", "heal"]);
    let heal = tiny::EffectOp::Heal {
        amount: 2,
        revive: true,
    };
    assert_eq!(heal.name(), "heal");
}

/// Renders a codex reference the way the generated `Display` does: the template's literals,
/// `int` slots with a sign when signed and not signed by the template, list items joined by
/// ` OR `.
fn render_like_display(game: &Game, reference: &grimoire_codegen::ir::CodexRef) -> String {
    use grimoire_codegen::ir::{TemplatePart, Type, Value};
    fn argument(game: &Game, ty: &Type, value: &Value, signed_by_template: bool) -> String {
        match (ty, value) {
            (Type::Int { min, .. }, Value::Int(number)) if *min < 0 && !signed_by_template => {
                format!("{number:+}")
            }
            (Type::List { item }, Value::List(items)) => items
                .iter()
                .map(|value| match (item.as_ref(), value) {
                    // `[[E]]`: each alternative is enum values separated by spaces.
                    (Type::List { item: word }, Value::List(words)) => words
                        .iter()
                        .map(|value| argument(game, word, value, signed_by_template))
                        .collect::<Vec<_>>()
                        .join(" "),
                    _ => argument(game, item, value, signed_by_template),
                })
                .collect::<Vec<_>>()
                .join(" OR "),
            (_, Value::Int(number)) => number.to_string(),
            (_, Value::Str(text)) => text.clone(),
            (_, Value::Bool(flag)) => flag.to_string(),
            (_, Value::Enum { index, variant }) => {
                game.enums[*index].variants[*variant].name.clone()
            }
            (_, Value::Codex(inner)) => render_like_display(game, inner),
            (_, other) => format!("{other:?}"),
        }
    }
    let entry = &game.categories[reference.category].entries[reference.entry];
    let mut text = String::new();
    let mut previous_literal = "";
    for part in &entry.template.parts {
        match part {
            TemplatePart::Literal(literal) => {
                text.push_str(literal);
                previous_literal = literal;
            }
            TemplatePart::Slot(index) => {
                let signed = previous_literal.ends_with(['+', '-']);
                let ty = &entry.params[*index].ty;
                text.push_str(&argument(game, ty, &reference.args[*index], signed));
            }
        }
    }
    text
}

/// Every codex reference in `value`.
fn references<'a>(
    value: &'a grimoire_codegen::ir::Value,
    found: &mut Vec<&'a grimoire_codegen::ir::CodexRef>,
) {
    use grimoire_codegen::ir::Value;
    match value {
        Value::Codex(reference) => {
            found.push(reference);
            reference.args.iter().for_each(|arg| references(arg, found));
        }
        Value::List(items) => items.iter().for_each(|item| references(item, found)),
        Value::Record { fields, .. } | Value::Union { fields, .. } => {
            fields.iter().for_each(|field| references(field, found));
        }
        Value::Some(inner) => references(inner, found),
        _ => {}
    }
}

#[test]
fn repository_codex_texts_print_like_the_generated_display() {
    let root = repo_root();
    let mut checked = 0;
    for name in grimoire_compiler::discover_games(&root).expect("list the games") {
        let input = grimoire_compiler::load_game(&root, &name).expect("read the game");
        let game = grimoire_compiler::compile(&input)
            .unwrap_or_else(|d| panic!("{name} does not compile:\n{}", d.render(false)));
        let mut found = Vec::new();
        for card in &game.cards {
            card.fields
                .iter()
                .chain(card.printed.iter().flatten())
                .for_each(|v| references(v, &mut found));
        }
        for reference in found {
            assert_eq!(
                render_like_display(&game, reference),
                reference.text,
                "in {name}"
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no codex reference found on any card");
}

#[test]
fn the_display_model_matches_the_generated_display_on_tiny() {
    let game = tiny_game();
    for unit in &tiny::UNITS {
        let card = game
            .cards
            .iter()
            .find(|card| card.name == unit.name)
            .expect("card in the IR");
        let mut found = Vec::new();
        card.fields
            .iter()
            .for_each(|value| references(value, &mut found));
        let modelled: Vec<String> = found
            .iter()
            .map(|r| render_like_display(&game, r))
            .collect();
        let generated: Vec<String> = unit
            .traits
            .iter()
            .map(ToString::to_string)
            .chain(
                unit.attacks
                    .iter()
                    .flat_map(|attack| attack.traits.iter().map(ToString::to_string)),
            )
            .chain(ability_traits(unit.abilities))
            .collect();
        let mut modelled_sorted = modelled.clone();
        let mut generated_sorted = generated.clone();
        modelled_sorted.sort();
        generated_sorted.sort();
        assert_eq!(modelled_sorted, generated_sorted, "{}", unit.name);
    }
}

#[test]
fn the_macro_expands_escaped_strings_printed_on_worker_threads() {
    // Card rows are printed on worker threads, where a proc macro may not use `proc_macro2`;
    // a summary with a quote and an apostrophe needs escaping there.
    let tiny::Card::Spell(boil) = tiny::CardId::Boil.card() else {
        panic!("Boil is a spell")
    };
    assert_eq!(
        boil.summary,
        Some("Area fire damage: the caster's \"boil\" zone.")
    );
}

/// Every trait named inside typed abilities: granted by effects at any depth, or tested by a
/// filter. Walking the generated enums is what a game's rules would do.
fn ability_traits(abilities: &[tiny::Ability]) -> Vec<String> {
    fn effect(step: &tiny::Effect, out: &mut Vec<String>) {
        match step {
            tiny::Effect::Grant { traits } => out.extend(traits.iter().map(ToString::to_string)),
            tiny::Effect::ChooseOne { options } => options.iter().for_each(|e| effect(e, out)),
            tiny::Effect::IfYouDo { first, then } => {
                first.iter().chain(*then).for_each(|e| effect(e, out));
            }
            tiny::Effect::Damage { .. } | tiny::Effect::Draw { .. } => {}
        }
    }
    fn filter(filter: &tiny::Filter, out: &mut Vec<String>) {
        if let tiny::Filter::WithTrait { which } = filter {
            out.push(which.to_string());
        }
    }
    let mut out = Vec::new();
    for ability in abilities {
        ability.effects.iter().for_each(|e| effect(e, &mut out));
        ability.condition.iter().for_each(|f| filter(f, &mut out));
        if let Some(target) = &ability.target {
            target.filters.iter().for_each(|f| filter(f, &mut out));
        }
    }
    out
}

#[test]
fn abilities_are_typed_data_nested_through_static_slices() {
    use tiny::{Ability, Duration, Effect, Element, Filter, Side, Target, Trigger};
    let tiny::Card::Spell(boil) = tiny::CardId::Boil.card() else {
        panic!("Boil is a spell")
    };
    let expected = Ability {
        trigger: Trigger::Played,
        cost: 1,
        target: Some(Target {
            side: Side::Enemy,
            count: 2,
            filters: &[Filter::Element {
                element: Element::DeepWater,
            }],
        }),
        condition: None,
        // The declared default, written in game.toml as the bare variant name.
        duration: Duration::Instant,
        effects: &[
            Effect::Damage { amount: 2 },
            Effect::ChooseOne {
                options: &[
                    // `cards` left out: its default.
                    Effect::Draw { cards: 1 },
                    Effect::IfYouDo {
                        first: &[Effect::Damage { amount: 1 }],
                        then: &[Effect::Draw { cards: 2 }],
                    },
                ],
            },
        ],
    };
    assert_eq!(boil.abilities, [expected]);
    assert_eq!(Effect::TAG, "op");
    assert_eq!(expected.effects[1].variant(), "choose_one");
    assert_eq!(Filter::VARIANTS, ["element", "with_trait", "damaged"]);
    let tiny::Card::Unit(caller) = tiny::CardId::TideCaller.card() else {
        panic!("Tide Caller is a unit")
    };
    assert_eq!(ability_traits(caller.abilities), ["Fast"]);
    assert_eq!(caller.abilities[0].duration, Duration::Rounds { count: 1 });
}

/// An IR value in the live form `Card::from_live` reads (what the CLI builds from content on
/// disk): union values as tables whose tag names the variant.
fn live_value(game: &Game, value: &grimoire_codegen::ir::Value) -> tiny::LiveValue {
    use grimoire_codegen::ir::Value;
    use tiny::LiveValue;
    let table = |defs: &[grimoire_codegen::ir::FieldDef], values: &[Value]| {
        defs.iter()
            .zip(values)
            .filter(|(_, value)| **value != Value::None)
            .map(|(def, value)| (def.name.clone(), live_value(game, value)))
            .collect::<Vec<_>>()
    };
    match value {
        Value::Bool(flag) => LiveValue::Bool(*flag),
        Value::Int(number) => LiveValue::Int(*number),
        Value::Str(text) | Value::Handler(text) => LiveValue::Str(text.clone()),
        Value::Enum { index, variant } => {
            LiveValue::Str(game.enums[*index].variants[*variant].name.clone())
        }
        Value::Record { index, fields } => {
            LiveValue::Table(table(&game.records[*index].fields, fields))
        }
        Value::Union {
            index,
            variant,
            fields,
        } => {
            let union = &game.unions[*index];
            let variant = &union.variants[*variant];
            let mut entries = vec![(union.tag.clone(), LiveValue::Str(variant.name.clone()))];
            entries.extend(table(&variant.fields, fields));
            LiveValue::Table(entries)
        }
        Value::Codex(reference) => LiveValue::Str(reference.text.clone()),
        Value::List(items) => LiveValue::List(items.iter().map(|v| live_value(game, v)).collect()),
        Value::None => LiveValue::Null,
        Value::Some(inner) => live_value(game, inner),
    }
}

#[test]
fn live_cards_read_their_abilities_like_the_compiled_tables() {
    let game = tiny_game();
    for card in &game.cards {
        let kind = &game.kinds[card.kind];
        let mut fields = vec![
            ("name".to_string(), tiny::LiveValue::Str(card.name.clone())),
            ("kind".to_string(), tiny::LiveValue::Str(kind.name.clone())),
        ];
        for (def, value) in kind.fields.iter().zip(&card.fields).skip(1) {
            if *value != grimoire_codegen::ir::Value::None {
                fields.push((def.name.clone(), live_value(&game, value)));
            }
        }
        let live = tiny::Card::from_live(&tiny::LiveValue::Table(fields))
            .unwrap_or_else(|error| panic!("{}: {error}", card.name));
        let id = tiny::CardId::from_name(&card.name).expect("compiled card");
        assert_eq!(live, id.card(), "{}", card.name);
    }
    // A variant this build does not know is an error naming where it is.
    let boil = game
        .cards
        .iter()
        .find(|card| card.name == "Boil")
        .expect("Boil");
    let kind = &game.kinds[boil.kind];
    let mut fields = vec![
        ("name".to_string(), tiny::LiveValue::Str("Odd".into())),
        ("kind".to_string(), tiny::LiveValue::Str(kind.name.clone())),
    ];
    for (def, value) in kind.fields.iter().zip(&boil.fields).skip(1) {
        let value = if def.name == "abilities" {
            tiny::LiveValue::List(vec![tiny::LiveValue::Table(vec![
                ("trigger".into(), tiny::LiveValue::Str("played".into())),
                ("cost".into(), tiny::LiveValue::Int(0)),
                ("duration".into(), tiny::LiveValue::Str("instant".into())),
                (
                    "effects".into(),
                    tiny::LiveValue::List(vec![tiny::LiveValue::Table(vec![(
                        "op".into(),
                        tiny::LiveValue::Str("teleport".into()),
                    )])]),
                ),
            ])])
        } else {
            live_value(&game, value)
        };
        fields.push((def.name.clone(), value));
    }
    let unknown = tiny::LiveValue::Table(fields);
    let error = tiny::Card::from_live(&unknown).expect_err("unknown variant");
    assert_eq!(error.path, "spell \"Odd\".abilities[0].effects[0]");
    assert!(error.message.contains("`teleport`"), "{}", error.message);
}

#[test]
fn tiny_generated_rust_is_exactly_what_prettyplease_prints() {
    for output in generate_game(&tiny_game()) {
        if !output.path.ends_with(".rs") {
            continue;
        }
        let body = output
            .contents
            .split_once('\n')
            .map_or("", |(_, body)| body);
        let file = syn::parse_file(body).unwrap_or_else(|e| panic!("{}: {e}", output.path));
        let printed = prettyplease::unparse(&file);
        let differs = printed.lines().zip(body.lines()).find(|(a, b)| a != b);
        assert_eq!(differs, None, "{}", output.path);
        assert_eq!(printed.len(), body.len(), "{}", output.path);
    }
}
