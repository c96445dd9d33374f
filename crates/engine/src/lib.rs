//! grimoire-engine (work in progress).
