//! The `grimoire` binary end to end: one test binary, a module per concern.

mod content_errors;
mod live;
mod output;
mod play_summoner_wars;
mod readme;
mod root;
mod support;
