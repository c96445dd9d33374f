mod demo {
    grimoire_macros::include_game!("fixtures/demo", gmae = "demo");
}

fn main() {}
