//! grimoire-build (in progress: waits for the compiler API).
