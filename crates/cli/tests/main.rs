//! The `grimoire` binary end to end: one test binary, a module per concern.

mod cards_filters;
mod content_errors;
mod coverage;
mod example_decks;
mod gallery;
mod hostile_arguments;
mod killed_build;
mod live;
mod live_games;
mod mage_wars_play;
mod names_ignore_case;
mod output;
mod play_mage_knight;
mod play_summoner_wars;
mod readme;
mod root;
mod simulate_matrix;
mod support;
mod wow_games;
