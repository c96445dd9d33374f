//! `include_game!` compile tests (trybuild): a valid game expands to a usable typed module,
//! and content mistakes become compile errors that carry the TOML location.

#[test]
fn include_game_expands_and_reports_content_errors() {
    // trybuild compiles the cases from a scratch crate; point the macro at this crate so the
    // relative content roots resolve.
    std::env::set_var("GRIMOIRE_MACROS_BASE_DIR", env!("CARGO_MANIFEST_DIR"));
    let cases = trybuild::TestCases::new();
    cases.pass("trybuild/pass/*.rs");
    cases.compile_fail("trybuild/fail/*.rs");
}
