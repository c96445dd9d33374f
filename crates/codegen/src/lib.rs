//! grimoire-codegen (work in progress).
