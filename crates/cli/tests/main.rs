//! The `grimoire` binary end to end: one test binary, a module per concern.

mod cards_filters;
mod content_errors;
mod coverage;
mod killed_build;
mod gallery;
mod live;
mod output;
mod play_mage_knight;
mod readme;
mod root;
mod support;
