//! The `grimoire` binary end to end: one test binary, a module per concern.

mod content_errors;
mod live;
mod output;
mod readme;
mod root;
mod support;
mod wow_games;
