//! The generated `FromStr` of every codex category reads back what `Display` writes: every
//! codex value the cards of every game use round-trips, as typed values (Mage Wars' traits and
//! conditions, read from the card tables) and as the text the compiler resolved (all games);
//! and texts that are no value fail with the reason.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use grimoire_codegen::ir::{Game, Value};
use grimoire_mage_wars::{Card, CardId, Condition, ParseCodexReason, Trait};

use crate::support::repo_root;

fn compile(name: &str) -> Game {
    let root = repo_root();
    let input = grimoire_compiler::load_game(&root, name).expect("read the game's files");
    grimoire_compiler::compile(&input)
        .unwrap_or_else(|diagnostics| panic!("{name}:\n{}", diagnostics.render(false)))
}

/// `value` printed and parsed back is `value`.
fn round_trip<T>(value: T)
where
    T: Display + FromStr + PartialEq + Debug,
    T::Err: Debug,
{
    let text = value.to_string();
    match text.parse::<T>() {
        Ok(parsed) => assert_eq!(parsed, value, "`{text}` reads back as another value"),
        Err(error) => panic!("`{text}` ({value:?}) does not read back: {error:?}"),
    }
}

/// `text` parses to a value that prints as `text`, is entry `entry` of its category and has
/// `int` as its first integer parameter; the value round-trips.
fn check_text<T>(
    text: &str,
    entry: usize,
    int: Option<i64>,
    index: fn(&T) -> usize,
    int_param: fn(&T) -> Option<i64>,
) where
    T: Display + FromStr + PartialEq + Debug,
    T::Err: Debug,
{
    let value: T = text
        .parse()
        .unwrap_or_else(|error| panic!("`{text}` does not parse: {error:?}"));
    assert_eq!(value.to_string(), text, "{value:?}");
    assert_eq!(index(&value), entry, "`{text}` parsed as {value:?}");
    assert_eq!(int_param(&value), int, "`{text}` parsed as {value:?}");
    round_trip(value);
}

/// Every codex reference in the cards of `game` (current and printed values): its category's
/// name, entry, first integer argument and text.
fn card_references(game: &Game) -> Vec<(String, usize, Option<i64>, String)> {
    fn walk(game: &Game, value: &Value, out: &mut Vec<(String, usize, Option<i64>, String)>) {
        match value {
            Value::Codex(reference) => {
                let category = &game.categories[reference.category];
                let int = reference.args.iter().find_map(|arg| match arg {
                    Value::Int(number) => Some(*number),
                    _ => None,
                });
                out.push((
                    category.name.clone(),
                    reference.entry,
                    int,
                    reference.text.clone(),
                ));
                reference.args.iter().for_each(|arg| walk(game, arg, out));
            }
            Value::List(items)
            | Value::Record { fields: items, .. }
            | Value::Union { fields: items, .. } => {
                items.iter().for_each(|item| walk(game, item, out));
            }
            Value::Some(inner) => walk(game, inner, out),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for card in &game.cards {
        for value in card.fields.iter().chain(card.printed.iter().flatten()) {
            walk(game, value, &mut out);
        }
    }
    out
}

macro_rules! check_game {
    ($game:literal, $krate:ident, [$($category:ident),* $(,)?]) => {{
        let game = compile($game);
        let references = card_references(&game);
        assert!(!references.is_empty(), "{} cards use no codex value", $game);
        for (category, entry, int, text) in &references {
            match category.as_str() {
                $(stringify!($category) => check_text::<$krate::$category>(
                    text, *entry, *int, $krate::$category::index, $krate::$category::int_param,
                ),)*
                other => panic!("{}: category {other} is not checked here", $game),
            }
        }
        references.len()
    }};
}

#[test]
fn every_codex_text_on_every_card_of_every_game_reads_back() {
    let checked = check_game!("mage-wars", grimoire_mage_wars, [Trait, Condition, Term])
        + check_game!("mage-knight", grimoire_mage_knight, [SpecialAbility])
        + check_game!("summoner-wars", grimoire_summoner_wars, [Ability, ClassTag])
        + check_game!("wow-tcg", grimoire_wow_tcg, [Keyword, TypeTag]);
    assert!(checked > 500, "only {checked} codex references checked");
}

/// Every trait and condition of a Mage Wars card, from the typed tables.
fn mage_wars_values(card: Card) -> (Vec<Trait>, Vec<Condition>) {
    let (lists, attacks): (Vec<&[Trait]>, _) = match card {
        Card::Mage(c) => (vec![c.traits, c.opposed_traits], c.attacks),
        Card::Creature(c) => (vec![c.traits], c.attacks),
        Card::Conjuration(c) => (vec![c.traits], c.attacks),
        Card::Enchantment(c) => (
            vec![c.traits, c.grants, c.removes, c.melee_attacks_gain],
            c.attacks,
        ),
        Card::Equipment(c) => (
            vec![c.traits, c.grants, c.removes, c.melee_attacks_gain],
            c.attacks,
        ),
        Card::Incantation(c) => (vec![c.traits], c.attacks),
        Card::Attack(c) => (vec![c.traits], c.attacks),
        Card::Marker(c) => (vec![c.traits], &[][..]),
    };
    let mut traits: Vec<Trait> = lists.into_iter().flatten().copied().collect();
    let mut conditions = Vec::new();
    for bar in attacks {
        traits.extend(bar.traits);
        traits.extend(bar.alternatives.iter().flat_map(|set| set.traits));
        conditions.extend(bar.effects.iter().flat_map(|row| row.apply));
    }
    (traits, conditions)
}

#[test]
fn every_mage_wars_trait_and_condition_round_trips_as_a_typed_value() {
    let (mut traits, mut conditions) = (0, 0);
    for id in CardId::ALL {
        for card in [id.card(), id.printed()] {
            let (card_traits, card_conditions) = mage_wars_values(card);
            traits += card_traits.len();
            conditions += card_conditions.len();
            card_traits.into_iter().for_each(round_trip);
            card_conditions.into_iter().for_each(round_trip);
        }
    }
    assert!(
        traits > 300 && conditions > 20,
        "{traits} traits, {conditions} conditions"
    );
}

#[test]
fn mage_wars_texts_parse_to_typed_values() {
    use grimoire_mage_wars::DamageType;
    assert_eq!("Piercing +2".parse(), Ok(Trait::Piercing(2)));
    assert_eq!("piercing +2".parse(), Ok(Trait::Piercing(2)));
    assert_eq!(
        "Flame -2".parse(),
        Ok(Trait::DamageType {
            damage_type: DamageType::Flame,
            x: -2
        })
    );
    assert_eq!(
        "Flame +2".parse(),
        Ok(Trait::DamageType {
            damage_type: DamageType::Flame,
            x: 2
        })
    );
    assert_eq!("flame +2".parse::<Trait>(), "Flame +2".parse::<Trait>());
    assert_eq!(
        "Flame Immunity".parse(),
        Ok(Trait::Immunity(DamageType::Flame))
    );
    assert_eq!(
        "Armor -1".parse::<Trait>().map(|t| t.int_param()),
        Ok(Some(-1))
    );
    assert_eq!(Trait::Piercing(3).int_param(), Some(3));
    assert_eq!(
        "Flame Immunity".parse::<Trait>().map(|t| t.int_param()),
        Ok(None)
    );
    assert_eq!("Burn".parse(), Ok(Condition::Burn));
}

#[test]
fn texts_that_are_no_value_fail_with_the_reason() {
    let error = "Teleport".parse::<Trait>().expect_err("no such trait");
    assert_eq!((error.category, error.text.as_str()), ("Trait", "Teleport"));
    assert_eq!(error.reason, ParseCodexReason::NoMatch);
    assert_eq!(error.to_string(), "`Teleport` is not a Trait");

    let error = "Piercing +12".parse::<Trait>().expect_err("out of range");
    assert_eq!(
        error.reason,
        ParseCodexReason::OutOfRange {
            entry: "Piercing",
            param: "x",
            value: 12,
            min: 0,
            max: 9
        }
    );
    assert_eq!(
        error.to_string(),
        "`Piercing +12` is not a Trait: x of Piercing is 12, outside 0..=9"
    );
    assert!("Life +21".parse::<Trait>().is_err());
    assert!(
        "Piercing +-2".parse::<Trait>().is_err(),
        "the template writes the sign"
    );
    assert!("Piercing 2".parse::<Trait>().is_err());
    assert!("Piercing +2 ".parse::<Trait>().is_err());
    assert!(
        "Fire Immunity".parse::<Trait>().is_err(),
        "no such damage type"
    );
    assert!("".parse::<Condition>().is_err());

    let error = "Ancient Mage Only"
        .parse::<Trait>()
        .expect_err("no card names it");
    assert!(
        matches!(&error.reason, ParseCodexReason::UnknownValue { entry: "Mage Only", param: "who", found } if found == "Ancient Mage"),
        "{error:?}"
    );
}
