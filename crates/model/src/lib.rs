//! grimoire-model (work in progress).
