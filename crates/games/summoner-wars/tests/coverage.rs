//! Every effect operation `codex/summoner-wars/game.toml` declares has a status in
//! `rules::effects::OPERATIONS`, and every operation the codex uses is interpreted.

use std::collections::BTreeSet;

use grimoire_summoner_wars::rules::effects::{Coverage, OPERATIONS};
use grimoire_summoner_wars::{EffectOp, ABILITY_META};

use crate::repo_root;

fn declared() -> BTreeSet<String> {
    let text = std::fs::read_to_string(repo_root().join("codex/summoner-wars/game.toml"))
        .expect("game.toml is readable");
    let game: toml::Table = toml::from_str(&text).expect("game.toml parses");
    game["effects"]
        .as_table()
        .expect("[effects]")
        .keys()
        .cloned()
        .collect()
}

/// The snake_case name of an operation (its `game.toml` key).
fn op_name(op: &EffectOp) -> String {
    let debug = format!("{op:?}");
    let variant = debug.split([' ', '{', '(']).next().unwrap_or_default();
    let mut name = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                name.push('_');
            }
            name.extend(c.to_lowercase());
        } else {
            name.push(c);
        }
    }
    name
}

#[test]
fn every_declared_operation_has_a_status() {
    let listed: BTreeSet<String> = OPERATIONS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(listed, declared());
}

#[test]
fn every_operation_the_codex_uses_is_interpreted() {
    for meta in ABILITY_META.iter() {
        for op in meta.effects {
            let name = op_name(op);
            let status = OPERATIONS.iter().find(|(n, _)| *n == name);
            assert!(
                matches!(status, Some((_, Coverage::Interpreted(_)))),
                "{} uses {name}, which the rules do not interpret",
                meta.name
            );
        }
    }
}
