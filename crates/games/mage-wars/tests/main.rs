//! The crate's test binary: whole games of Mage Wars (`play`) and the rules checked against
//! the exact calculator, with the allocation-free hot path (`rules`), and the words of every
//! refusal (`refusals`).

mod play;
mod refusals;
mod rules;
