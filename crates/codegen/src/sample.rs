//! A small hand-built game IR exercising every generated feature, for unit tests.

use grimoire_compiler::ir::*;

fn origin(file: &str, line: u32) -> Origin {
    Origin {
        file: file.to_string(),
        line,
    }
}

fn field(name: &str, ty: Type, default: Option<Value>) -> FieldDef {
    FieldDef {
        name: name.to_string(),
        ty,
        summary: Some(format!("The {name}.")),
        default,
        filter: None,
    }
}

fn text(value: &str) -> Value {
    Value::Str(value.to_string())
}

fn codex(entry: usize, args: Vec<Value>, text: &str) -> Value {
    Value::Codex(CodexRef {
        category: 0,
        entry,
        args,
        text: text.to_string(),
    })
}

fn entry(name: &str, template: Template, params: Vec<ParamDef>) -> Entry {
    Entry {
        name: name.to_string(),
        ident: name.replace(' ', ""),
        template,
        params,
        summary: Some(format!("What {name} does.")),
        stacking: Stacking::Once,
        cancels: vec![],
        implies: vec![],
        implied: vec![],
        handler: None,
        effects: vec![],
        draft: false,
        fields: vec![Value::None],
        origin: origin("codex/sample/traits.toml", 1),
    }
}

fn builtin_fields() -> Vec<FieldDef> {
    vec![
        field("name", Type::String, None),
        field(
            "summary",
            Type::Option {
                item: Box::new(Type::Text),
            },
            Some(Value::None),
        ),
        field(
            "handler",
            Type::Option {
                item: Box::new(Type::Handler),
            },
            Some(Value::None),
        ),
        field(
            "printings",
            Type::List {
                item: Box::new(Type::Record { index: 0 }),
            },
            None,
        ),
    ]
}

fn printing(set: &str, number: &str) -> Value {
    Value::List(vec![Value::Record {
        index: 0,
        fields: vec![text(set), text(number)],
    }])
}

/// The sample game: one enum, a record, a kind, a die, a category with unit, tuple and
/// struct variants, an effect op, constants, two cards (one with errata) and a handler.
pub(crate) fn game() -> Game {
    let element = Type::Enum { index: 0 };
    let piercing = entry(
        "Piercing",
        Template {
            source: "Piercing +{x}".into(),
            parts: vec![
                TemplatePart::Literal("Piercing +".into()),
                TemplatePart::Slot(0),
            ],
        },
        vec![ParamDef {
            name: "x".into(),
            ty: Type::Int { min: 0, max: 5 },
        }],
    );
    let mut fast = entry(
        "Fast",
        Template {
            source: "Fast".into(),
            parts: vec![TemplatePart::Literal("Fast".into())],
        },
        vec![],
    );
    fast.handler = Some("haste".into());
    fast.effects = vec![Effect {
        op: 0,
        fields: vec![Value::Int(-1)],
    }];
    let mut bonus = entry(
        "Bonus",
        Template {
            source: "{x} vs {type}".into(),
            parts: vec![
                TemplatePart::Slot(0),
                TemplatePart::Literal(" vs ".into()),
                TemplatePart::Slot(1),
            ],
        },
        vec![
            ParamDef {
                name: "x".into(),
                ty: Type::Int { min: -3, max: 3 },
            },
            ParamDef {
                name: "type".into(),
                ty: Type::List {
                    item: Box::new(element.clone()),
                },
            },
        ],
    );
    bonus.cancels = vec![1];
    bonus.implies = vec![CodexRef {
        category: 0,
        entry: 1,
        args: vec![],
        text: "Fast".into(),
    }];
    bonus.stacking = Stacking::Sum;
    let card_fields = |power: i64, traits: Vec<Value>| {
        vec![
            text("Ember Knight"),
            Value::None,
            Value::Some(Box::new(Value::Handler("haste".into()))),
            printing("core", "C1"),
            Value::Int(power),
            Value::Enum {
                index: 0,
                variant: 0,
            },
            Value::List(traits),
        ]
    };
    Game {
        name: "sample".into(),
        title: "Sample".into(),
        summary: "A sample game.".into(),
        enums: vec![EnumDef {
            name: "Element".into(),
            ident: "Element".into(),
            summary: None,
            variants: ["Fire", "Deep Water"]
                .iter()
                .map(|name| EnumVariant {
                    name: name.to_string(),
                    ident: name.replace(' ', ""),
                    summary: None,
                })
                .collect(),
        }],
        records: vec![RecordDef {
            name: "Printing".into(),
            ident: "Printing".into(),
            summary: None,
            fields: vec![
                field("set", Type::String, None),
                field("number", Type::String, None),
            ],
        }],
        kinds: vec![KindDef {
            name: "unit".into(),
            ident: "Unit".into(),
            summary: Some("A unit.".into()),
            fields: builtin_fields()
                .into_iter()
                .chain([
                    field("power", Type::Int { min: -2, max: 9 }, None),
                    field("element", element.clone(), None),
                    field(
                        "traits",
                        Type::List {
                            item: Box::new(Type::Codex { index: 0 }),
                        },
                        Some(Value::List(vec![])),
                    ),
                ])
                .collect(),
        }],
        dice: vec![DieDef {
            name: "attack".into(),
            ident: "Attack".into(),
            summary: None,
            faces: vec![
                DieFace {
                    label: "0".into(),
                    values: vec![("normal".into(), 0)],
                },
                DieFace {
                    label: "2".into(),
                    values: vec![("normal".into(), 2)],
                },
            ],
        }],
        categories: vec![CategoryDef {
            name: "Trait".into(),
            ident: "Trait".into(),
            file_key: "traits".into(),
            summary: Some("Unit traits.".into()),
            fields: vec![field(
                "family",
                Type::Option {
                    item: Box::new(element),
                },
                Some(Value::None),
            )],
            entries: vec![piercing, fast, bonus],
        }],
        effect_ops: vec![EffectOpDef {
            name: "speed".into(),
            ident: "Speed".into(),
            summary: None,
            fields: vec![field("amount", Type::Int { min: -2, max: 2 }, None)],
        }],
        constants: vec![
            Constant {
                name: "HAND_SIZE".into(),
                summary: None,
                value: ConstValue::Int(5),
            },
            Constant {
                name: "SETS".into(),
                summary: None,
                value: ConstValue::StrList(vec!["core".into()]),
            },
        ],
        unions: vec![],
        cards: vec![Card {
            name: "Ember Knight".into(),
            ident: "EmberKnight".into(),
            kind: 0,
            fields: card_fields(
                3,
                vec![
                    codex(0, vec![Value::Int(2)], "Piercing +2"),
                    codex(
                        2,
                        vec![
                            Value::Int(-1),
                            Value::List(vec![Value::Enum {
                                index: 0,
                                variant: 1,
                            }]),
                        ],
                        "-1 vs Deep Water",
                    ),
                ],
            ),
            printed: Some(card_fields(4, vec![])),
            errata: vec![0],
            origin: origin("cards/sample/core/units.toml", 1),
        }],
        errata: vec![Erratum {
            card: "Ember Knight".into(),
            date: "2020-01-01".into(),
            source: "FAQ".into(),
            summary: Some("Power down.".into()),
            origin: origin("cards/sample/errata/2020.toml", 3),
        }],
        handlers: vec![HandlerUse {
            name: "haste".into(),
            ident: "Haste".into(),
            used_by: vec!["Ember Knight".into(), "Fast".into()],
        }],
        derives: Default::default(),
        inputs: vec![
            "cards/sample/core/units.toml".into(),
            "codex/sample/game.toml".into(),
            "codex/sample/traits.toml".into(),
        ],
        warnings: Default::default(),
    }
}
