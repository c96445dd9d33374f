//! Dice of `game.toml`: faces with named values, or numbered sides.

use toml::de::DeTable;

use super::{summary, GAME_TOML};
use crate::context::Context;
use crate::diagnostic::codes;
use crate::ident::{self, Namespace};
use crate::ir::{DieDef, DieFace};
use crate::tree::{self, Node};

pub(super) fn read_dice(cx: &mut Context<'_>, root: &DeTable<'_>) {
    let file = GAME_TOML;
    let Some(dice) = root
        .get("dice")
        .and_then(|n| tree::table(n, "dice", file, &mut cx.sink))
    else {
        return;
    };
    let mut ns = Namespace::default();
    for (key, node) in dice {
        let name = key.get_ref().as_ref();
        let ident = ident::upper_camel(name);
        if ident::check_camel(&ident, name, "die", file, key.span(), &mut cx.sink) {
            ns.claim(&ident, name, "die", file, key.span(), &mut cx.sink);
        }
        let Some(table) = tree::table(node, "a die", file, &mut cx.sink) else {
            continue;
        };
        tree::check_keys(
            table,
            &["summary", "faces", "sides"],
            "a die",
            file,
            &mut cx.sink,
        );
        let summary = summary(cx, table);
        let faces = match (table.get("faces"), table.get("sides")) {
            (Some(faces), None) => read_faces(cx, faces),
            (None, Some(sides)) => match tree::integer(sides, "sides", file, &mut cx.sink) {
                Some(n) if (1..=1000).contains(&n) => (1..=n)
                    .map(|v| DieFace {
                        label: v.to_string(),
                        values: vec![("value".to_owned(), v)],
                    })
                    .collect(),
                Some(_) => {
                    cx.sink.error(
                        codes::BAD_DIE,
                        file,
                        sides.span(),
                        "a die has 1 to 1000 sides",
                    );
                    Vec::new()
                }
                None => Vec::new(),
            },
            _ => {
                cx.sink.error(
                    codes::BAD_DIE,
                    file,
                    key.span(),
                    format!("die `{name}` needs exactly one of `faces` and `sides`"),
                );
                Vec::new()
            }
        };
        cx.game.dice.push(DieDef {
            name: name.to_owned(),
            ident,
            summary,
            faces,
        });
    }
}

fn read_faces(cx: &mut Context<'_>, node: &Node<'_>) -> Vec<DieFace> {
    let file = GAME_TOML;
    let mut faces: Vec<DieFace> = Vec::new();
    for face in tree::array(node, "die faces", file, &mut cx.sink).unwrap_or_default() {
        let Some(table) = tree::table(face, "a die face", file, &mut cx.sink) else {
            continue;
        };
        let mut label = None;
        let mut values = Vec::new();
        for (key, value) in table {
            match key.get_ref().as_ref() {
                "label" => {
                    label =
                        tree::string(value, "a face label", file, &mut cx.sink).map(str::to_owned)
                }
                name => {
                    if let Some(v) = tree::integer(value, "a face value", file, &mut cx.sink) {
                        values.push((name.to_owned(), v));
                    }
                }
            }
        }
        let Some(label) = label else {
            cx.sink.error(
                codes::BAD_DIE,
                file,
                face.span(),
                "a die face needs a `label`",
            );
            continue;
        };
        if let Some(first) = faces.first() {
            let names = |vs: &[(String, i64)]| {
                let mut n: Vec<String> = vs.iter().map(|(k, _)| k.clone()).collect();
                n.sort();
                n
            };
            if names(&first.values) != names(&values) {
                cx.sink.error(
                    codes::BAD_DIE,
                    file,
                    face.span(),
                    "every face of a die must name the same values as the first face",
                );
                continue;
            }
            values.sort_by_key(|(k, _)| first.values.iter().position(|(f, _)| f == k));
        }
        faces.push(DieFace { label, values });
    }
    if faces.is_empty() {
        cx.sink.error(
            codes::BAD_DIE,
            file,
            node.span(),
            "a die needs at least one face",
        );
    }
    faces
}
