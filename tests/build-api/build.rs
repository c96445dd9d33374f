fn main() {
    // The content root holds codex/demo and cards/demo; the module lands in $OUT_DIR/demo.rs.
    if let Err(error) = grimoire_build::compile("../fixtures/demo") {
        panic!("{error}");
    }
}
