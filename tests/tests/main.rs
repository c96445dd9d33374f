//! The workspace test binary: one binary for all cross-crate tests, to keep CI builds lean.
//! Each module is owned by one concern; see ARCHITECTURE.md.

mod support;

mod army_mage_knight;
mod bad_input;
mod build_api;
mod codegen_fresh;
mod codex_coverage;
mod codex_parse;
mod deck_wowtcg;
mod determinism;
mod effect_coverage;
mod fuzz;
mod import_mk_dials;
mod import_octgn;
mod import_summoner_wars;
mod import_wowtcg;
mod macros;
mod real_cards;
mod scenarios;
mod schema_validation;
mod snapshots;
mod spellbook;
mod summoner_wars_content;
