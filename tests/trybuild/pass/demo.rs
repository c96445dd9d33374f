// A valid game expands to a typed module: cards, codex enums with parameters, lookup by name.
mod demo {
    grimoire_macros::include_game!("fixtures/demo", game = "demo");
}

fn main() {
    use demo::{CardId, Trait};
    let knight = CardId::from_name("Ember Knight").expect("card exists");
    assert_eq!(knight, CardId::EmberKnight);
    assert_eq!(knight.name(), "Ember Knight");
    let _ = Trait::Piercing(2);
}
