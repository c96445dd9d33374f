//! A downstream crate using `grimoire_build::compile` from its build script: the typed tables
//! of the `demo` fixture game are included from `OUT_DIR`.

include!(concat!(env!("OUT_DIR"), "/demo.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tables_are_typed_and_searchable() {
        assert_eq!(CardId::from_name("Tide Caller"), Some(CardId::TideCaller));
        assert_eq!(CardId::from_name("Nobody"), None);
        assert_eq!(CardId::EmberKnight.name(), "Ember Knight");
        assert_eq!(CardId::ALL.len(), 2);
    }
}
