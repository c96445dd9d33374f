mod demo {
    grimoire_macros::include_game!("trybuild/content/unknown-kind", game = "demo");
}

fn main() {}
