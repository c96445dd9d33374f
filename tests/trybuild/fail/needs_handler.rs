// The engine implements no handler, but the content needs `ember_burst`.
mod demo {
    grimoire_macros::include_game!("trybuild/content/needs-handler", game = "demo", handlers = []);
}

fn main() {}
