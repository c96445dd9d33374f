mod demo {
    grimoire_macros::include_game!("trybuild/content/wrong-parameter", game = "demo");
}

fn main() {}
