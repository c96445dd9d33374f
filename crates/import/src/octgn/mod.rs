//! OCTGN Mage Wars set files (`*.set.xml`): reading and mapping to card data.

mod attack;
mod bar_text;
mod card;
mod fields;
mod mage;
pub mod model;
pub mod xml;

pub use card::{map_card, Mapped};
pub use fields::{canonical_trait, TraitText};
