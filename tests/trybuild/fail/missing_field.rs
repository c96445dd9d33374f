mod demo {
    grimoire_macros::include_game!("trybuild/content/missing-field", game = "demo");
}

fn main() {}
