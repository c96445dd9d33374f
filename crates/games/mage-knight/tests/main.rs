//! The Mage Knight crate's one test binary: scenarios and the exact calculator.

mod calc;
mod coverage;
mod maps;
mod play;
mod rules;
mod scenarios;
