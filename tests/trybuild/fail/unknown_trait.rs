mod demo {
    grimoire_macros::include_game!("trybuild/content/unknown-trait", game = "demo");
}

fn main() {}
