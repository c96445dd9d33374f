//! grimoire-build (work in progress).
