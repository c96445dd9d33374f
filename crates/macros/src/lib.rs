//! grimoire-macros (work in progress).
