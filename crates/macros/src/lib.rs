//! grimoire-macros (in progress: waits for the compiler API).
