//! The Mage Knight crate's one test binary: scenarios and the exact calculator.

mod calc;
mod coverage;
mod rules;
mod scenarios;
