//! Generated tables for wow-tcg (work in progress).
