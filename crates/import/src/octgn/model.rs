//! The card data the importer writes, shaped like `codex/mage-wars/game.toml` declares it.
//!
//! Field order here is the order in the written TOML. Fields that a kind does not have stay
//! `None` (or empty) and are not written.

use serde::Serialize;

/// Where a card was printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Printing {
    /// The set folder's slug.
    pub set: String,
    /// The collector number, when the data gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
}

/// One school of a spell with its level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SchoolLevel {
    /// The school's name.
    pub school: String,
    /// The level in that school.
    pub level: i64,
}

/// A school restricted to one spell type (training such as "Holy creatures").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SchoolAndType {
    /// The school's name.
    pub school: String,
    /// The spell type's name.
    pub spell_type: String,
}

/// A distance in zones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Range {
    /// The nearest zone, counting the caster's own as 0.
    pub min: i64,
    /// The farthest zone.
    pub max: i64,
}

/// A defense printed on a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Defense {
    /// The effect-die roll that avoids the attack.
    pub roll: i64,
    /// Uses per round; `None` when unlimited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uses: Option<i64>,
    /// Whether it cannot be used against ranged attacks.
    #[serde(skip_serializing_if = "is_false")]
    pub no_ranged: bool,
}

/// One row of an effect die table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EffectRow {
    /// Lowest roll of the row.
    pub min: i64,
    /// Highest roll; `None` means "and higher".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// Condition names applied, repeated for several markers.
    pub apply: Vec<String>,
}

/// One side of an OR on an attack bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TraitSet {
    /// Canonical trait texts of this alternative.
    pub traits: Vec<String>,
}

/// An attack bar.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Attack {
    /// The attack's name.
    pub name: String,
    /// Quick or Full, when it is an action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<String>,
    /// Melee, Ranged or Neither.
    pub kind: String,
    /// Action (default), DamageBarrier or PassageAttack.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<String>,
    /// Range in zones, for ranged attacks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
    /// Number of attack dice.
    #[serde(skip_serializing_if = "is_zero")]
    pub dice: i64,
    /// Extra dice per point of X.
    #[serde(skip_serializing_if = "is_zero")]
    pub dice_per_x: i64,
    /// The damage type, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
    /// Canonical attack trait texts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
    /// The effect die table.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<EffectRow>,
    /// Trait sets printed with OR: the attacker uses one of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<TraitSet>,
    /// Mana paid to attack.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    /// Extra mana per point of X.
    #[serde(skip_serializing_if = "is_zero")]
    pub cost_per_x: i64,
    /// Native handler for behaviour beyond the codex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handler: Option<String>,
}

/// A card, any kind. Only the fields of its kind are set.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Card {
    /// Unique name.
    pub name: String,
    /// The kind key (`creature`, `mage`, ...).
    pub kind: String,
    /// Native handler for behaviour the structured fields cannot express.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handler: Option<String>,
    /// Where it was printed.
    pub printings: Vec<Printing>,
    /// A Mage's class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// A spell's schools and levels.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub schools: Vec<SchoolLevel>,
    /// `Any` for spells of one school among several (`All` is the default and not written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub school_rule: Option<String>,
    /// Subtypes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub subtypes: Vec<String>,
    /// A Mage's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<i64>,
    /// Mana to cast.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    /// Extra mana per point of X.
    #[serde(skip_serializing_if = "is_zero")]
    pub cost_per_x: i64,
    /// An enchantment's reveal cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reveal_cost: Option<i64>,
    /// Extra reveal mana per point of X.
    #[serde(skip_serializing_if = "is_zero")]
    pub reveal_cost_per_x: i64,
    /// Quick or Full casting.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// Casting range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
    /// The target line as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// An equipment's location.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    /// How a conjuration sits in the arena (`Wall`, `Terrain`); `None` for an object in a zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// Life.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub life: Option<i64>,
    /// Armor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub armor: Option<i64>,
    /// Channeling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub channeling: Option<i64>,
    /// Whether the channeling value is printed as X.
    #[serde(skip_serializing_if = "is_false")]
    pub channeling_x: bool,
    /// A defense.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense: Option<Defense>,
    /// A Mage's starting mana.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starting_mana: Option<i64>,
    /// A Mage's spellbook points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spellbook_points: Option<i64>,
    /// Schools a Mage is trained in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trained_schools: Vec<String>,
    /// Schools a Mage is trained in up to a level.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub partial_training: Vec<SchoolLevel>,
    /// Subtypes a Mage is trained in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trained_subtypes: Vec<String>,
    /// School and type pairs a Mage is trained in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trained_combinations: Vec<SchoolAndType>,
    /// Schools that cost a Mage triple.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opposed_schools: Vec<String>,
    /// Spell types that cost a Mage triple.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opposed_types: Vec<String>,
    /// Object traits whose spells cost a Mage triple.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opposed_traits: Vec<String>,
    /// Canonical trait texts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
    /// Traits an enchantment or equipment gives the object it is attached to.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<String>,
    /// Traits an enchantment or equipment makes the object it is attached to lose.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removes: Vec<String>,
    /// Traits an enchantment or equipment gives the melee attacks of the creature it is
    /// attached to.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub melee_attacks_gain: Vec<String>,
    /// Attack bars.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<Attack>,
}

fn is_zero(value: &i64) -> bool {
    *value == 0
}

fn is_false(value: &bool) -> bool {
    !*value
}
