//! A card as the rules see it: a generated card flattened into one shape, or a simple object a
//! scenario defines (a generic ally for a ruling that names no real card).

use super::content::{
    self, AbilityCondition, AbilityCost, AbilityDuration, AbilityEffect, AbilityTrigger, Card,
    CardAbility, Count, DamageType, EffectOp, Handler, Keyword, PowerEffect, Recipient,
    TargetFilter, TargetKind, TargetSide, TriggerCheck, TriggerEvent, TypeTag,
};

/// The card type (300.1), plus face-down resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Kind {
    /// A hero (301).
    Hero,
    /// An ally (302).
    Ally,
    /// A weapon (303).
    Weapon,
    /// An armor (304).
    Armor,
    /// An item (305).
    Item,
    /// An ability (306).
    Ability,
    /// A quest (307).
    Quest,
    /// A location (later sets).
    Location,
    /// An achievement (later sets).
    Achievement,
    /// A face-down resource card: blank (408.1b).
    Resource,
}

impl Kind {
    /// Reads a kind as scenarios write it (`"ally"`).
    pub fn parse(text: &str) -> Option<Kind> {
        Some(match text {
            "hero" => Kind::Hero,
            "ally" => Kind::Ally,
            "weapon" => Kind::Weapon,
            "armor" => Kind::Armor,
            "item" => Kind::Item,
            "ability" => Kind::Ability,
            "quest" => Kind::Quest,
            "location" => Kind::Location,
            "achievement" => Kind::Achievement,
            "resource" => Kind::Resource,
            _ => return None,
        })
    }

    /// Weapons, armor and items (300.1).
    pub fn is_equipment(self) -> bool {
        matches!(self, Kind::Weapon | Kind::Armor | Kind::Item)
    }
}

/// What the rules read from a card.
#[derive(Debug, Clone, PartialEq)]
pub struct Printed {
    /// The card's name (a token's tag when it has none, 402.2).
    pub name: String,
    /// Its type.
    pub kind: Kind,
    /// Resource cost (201); 0 for quests and tokens.
    pub cost: u32,
    /// ATK (205); heroes have none printed (0).
    pub atk: i32,
    /// Health (206); 0 for non-characters.
    pub health: i32,
    /// Armor DEF (304.1).
    pub defense: u32,
    /// The damage type of its ATK (205.1), if printed.
    pub damage_type: Option<DamageType>,
    /// A weapon's strike cost (303.1).
    pub strike_cost: u32,
    /// Printed keywords.
    pub keywords: Vec<Keyword>,
    /// Type-line tags.
    pub tags: Vec<TypeTag>,
    /// Effect operations of the card itself (scenario-defined objects; cards of the pool say
    /// theirs through keywords, tags and a handler).
    pub effects: Vec<EffectOp>,
    /// What each target of the operation at the same index of `effects` must be (706.1), from
    /// the typed ability it was lowered from; missing or empty: any targetable character.
    pub effect_targets: Vec<Vec<TargetRule>>,
    /// The mode of the operation at the same index of `effects` (707.1b: the option of a
    /// "Choose one:" ability card it was lowered from, from 1); missing or 0: no mode.
    pub effect_modes: Vec<u8>,
    /// How many operations at the end of `effects` were lowered from the card's typed
    /// abilities (`card_abilities`).
    pub from_abilities: usize,
    /// The card's typed abilities of a shape the rules do not play (see [`lower`]).
    pub unplayed_abilities: usize,
    /// The card's named handler, if any (not interpreted yet: see `coverage::handler_coverage`).
    pub handler: Option<Handler>,
    /// A token (402.2): ceases to exist outside play.
    pub token: bool,
}

impl Printed {
    /// A blank card of `kind` named `name`.
    pub fn blank(name: &str, kind: Kind) -> Self {
        Self {
            name: name.to_string(),
            kind,
            cost: 0,
            atk: 0,
            health: 0,
            defense: 0,
            damage_type: None,
            strike_cost: 0,
            keywords: Vec::new(),
            tags: Vec::new(),
            effects: Vec::new(),
            effect_targets: Vec::new(),
            effect_modes: Vec::new(),
            from_abilities: 0,
            unplayed_abilities: 0,
            handler: None,
            token: false,
        }
    }

    /// A card of the generated types (compiled or live). Later kinds map onto the v1 types
    /// they play as: a master hero and an ability ally enter play as allies; locations and
    /// achievements are neither characters nor equipment.
    pub fn of(card: Card) -> Self {
        let kind = match card {
            Card::Hero(_) => Kind::Hero,
            Card::Ally(_) | Card::MasterHero(_) | Card::AbilityAlly(_) => Kind::Ally,
            Card::Weapon(_) => Kind::Weapon,
            Card::Armor(_) => Kind::Armor,
            Card::Item(_) => Kind::Item,
            Card::Ability(_) => Kind::Ability,
            Card::Quest(_) => Kind::Quest,
            Card::Location(_) => Kind::Location,
            Card::Achievement(_) => Kind::Achievement,
        };
        let mut p = Self::blank(card.name(), kind);
        p.cost = card.cost().map_or(0, u32::from);
        p.atk = card.atk().map_or(0, i32::from);
        p.health = card.health().map_or(0, i32::from);
        p.defense = card.defense().map_or(0, u32::from);
        p.damage_type = card.damage_type();
        p.strike_cost = card.strike_cost().map_or(0, u32::from);
        p.tags = card.tags().to_vec();
        p.keywords = card.keywords().to_vec();
        p.handler = card.handler();
        if let Card::Ability(ability) = card {
            if ability.ongoing {
                p.effects.push(EffectOp::StaysInPlay);
                p.effect_targets.push(Vec::new());
            }
        }
        let ongoing = matches!(card, Card::Ability(ability) if ability.ongoing);
        for ability in card.card_abilities() {
            // The part of an ongoing ability that applies as it resolves (306.2) is not told
            // apart from its continuous part by the operations: not played, unless it
            // attaches (306.3b: the card's link attaches it, then its continuous powers apply).
            let attaches = ability
                .effects
                .iter()
                .any(|e| matches!(e, AbilityEffect::Attach { .. }));
            let lowered = if ongoing && ability.trigger == AbilityTrigger::OnPlay && !attaches {
                None
            } else {
                lower(ability, kind)
            };
            match lowered {
                Some(lowered) => {
                    p.from_abilities += lowered.len();
                    for (op, rules, mode) in lowered {
                        // Modes are kept at the indices of their operations.
                        p.effect_modes.resize(p.effects.len(), 0);
                        p.effects.push(op);
                        p.effect_targets.push(rules);
                        p.effect_modes.push(mode);
                    }
                }
                None => p.unplayed_abilities += 1,
            }
        }
        p
    }

    /// Takes out the operations lowered from the card's typed abilities (a scenario giving an
    /// object's `effects` itself).
    pub fn without_ability_ops(&mut self) {
        let keep = self.effects.len().saturating_sub(self.from_abilities);
        self.effects.truncate(keep);
        self.effect_targets.truncate(keep);
        self.effect_modes.truncate(keep);
        self.from_abilities = 0;
    }
}

/// What a target of a typed ability must be (706.1): a kind of card and whose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetRule {
    /// A hero, an ally (Totems are targeted as though they were allies, glossary) or either;
    /// or a card in play of another type (300.2): an ability, equipment, a weapon, ...
    pub kind: TargetKind,
    /// Other kinds it may be instead (`target armor or weapon`).
    pub also: [Option<TargetKind>; 2],
    /// Anyone's, the chooser's own or an opponent's.
    pub side: TargetSide,
    /// It must have damage on it.
    pub damaged: bool,
    /// It must be exhausted.
    pub exhausted: bool,
    /// Its cost must be at most this.
    pub cost_at_most: Option<u8>,
    /// It must be attacking.
    pub attacking: bool,
    /// It must be defending.
    pub defending: bool,
    /// It is a card on the chain (300.2: "target ability card"), not in play.
    pub on_chain: bool,
}

impl TargetRule {
    /// Every kind of card it may be.
    pub fn kinds(&self) -> impl Iterator<Item = TargetKind> + '_ {
        std::iter::once(self.kind).chain(self.also.iter().flatten().copied())
    }

    /// Whether it can only be a character (a hero, an ally or either) in play.
    pub fn characters_only(&self) -> bool {
        !self.on_chain
            && self.kinds().all(|k| {
                matches!(
                    k,
                    TargetKind::Hero | TargetKind::Ally | TargetKind::Character
                )
            })
    }

    /// Whether it can never be a hero (so that destroying it or putting it into a hand never
    /// asks that of a hero).
    pub fn never_hero(&self) -> bool {
        !self.on_chain
            && self.kinds().all(|k| {
                !matches!(
                    k,
                    TargetKind::Hero | TargetKind::Character | TargetKind::AnyCard
                )
            })
    }

    /// Whether it can only be a character or equipment (cards that exhaust and ready).
    pub fn exhaustible(&self) -> bool {
        !self.on_chain
            && self
                .kinds()
                .all(|k| !matches!(k, TargetKind::AbilityCard | TargetKind::AnyCard))
    }
}

/// The effect operations one typed ability plays as, each with the rules of its targets; `None`
/// when the ability has a shape the rules do not play (then its card is not covered). The
/// shapes, each exactly what the engine's operations already do:
///
/// - `on_play` on an ability card, no costs, no condition: its effects (damage, healing,
///   drawing, exhausting, readying, destroying an ally; ATK changes and keywords with
///   `this_turn`) apply as the card's link resolves (709);
/// - `activate`: one effect, paid with resources, exhausting the card (701) and/or destroying
///   it, possibly
///   once per turn or only on its controller's turn: a `payment_power`;
/// - `activate` on a hero whose cost flips it (`flip_this`, 301.2): a `payment_power` usable
///   while the hero is face up;
/// - `reward` on a quest: one effect naming no target, paid with resources, possibly only on
///   its controller's turn: a `payment_power` with `completes_quest` (702);
/// - `triggered`: one damage, healing or drawing effect, no costs: a triggered power (703);
///   one exhausting, readying or ally-destroying effect, or an ATK gain `this_turn`: a
///   `triggered_power` doing what the matching payment power effect does;
/// - `on_play` with an `attach` effect (target 1): the card enters play attached to its target
///   (306.3b), also on an ongoing ability (the text before `Ongoing:` is its attach
///   description);
/// - `ongoing` (`while_in_play`, no costs, no targets): continuous ATK changes of characters it
///   names (with the `recipient_attacking` / `recipient_defending` conditions), health changes
///   (`modify_health`) and keywords of
///   one card it names (`YourHero`, `AttachedCharacter`, `ThisCard`), which apply while the
///   card is in play (714.3e).
///
/// Targets are characters of a kind and side, with the filters `damaged`, `exhausted` and
/// `cost_at_most` (checked as they are chosen and as the link resolves, 706.1, 709.2a);
/// `TargetCharacter` recipients name one of them.
///
/// A `choose_one` ability card (707.1b) lowers each option as one mode, with the one target
/// it names: each operation comes with its mode's number (from 1; 0 outside modal cards).
pub fn lower(ability: &CardAbility, kind: Kind) -> Option<Vec<(EffectOp, Vec<TargetRule>, u8)>> {
    // 707.1b: a modal ability card ("Choose one:"): each option is a mode with its own
    // targets, lowered as if it were the card's only effect; its operations carry its number.
    if let [AbilityEffect::ChooseOne { options }] = ability.effects {
        if ability.trigger != AbilityTrigger::OnPlay || options.len() < 2 || options.len() > 9 {
            return None;
        }
        let mut used = vec![false; ability.targets.len()];
        let mut all = Vec::new();
        for (mode, option) in (1u8..).zip(options.iter()) {
            let (effect, index) = renumbered(option);
            let targets = match index {
                Some(i) => {
                    *used.get_mut(i.checked_sub(1)?)? = true;
                    vec![*ability.targets.get(i - 1)?]
                }
                None => Vec::new(),
            };
            let ops = lower_parts(ability, kind, &[effect], &targets)?;
            all.extend(ops.into_iter().map(|(op, rules)| (op, rules, mode)));
        }
        // Every target is some mode's.
        return used.iter().all(|&u| u).then_some(all);
    }
    let ops = lower_parts(ability, kind, ability.effects, ability.targets)?;
    Some(ops.into_iter().map(|(op, rules)| (op, rules, 0)).collect())
}

/// An option of a modal ability with the target it names renumbered as its mode's first, and
/// that target's number among the ability's (`None`: it names none).
fn renumbered(option: &AbilityEffect) -> (AbilityEffect, Option<usize>) {
    let mut effect = *option;
    let index = match &mut effect {
        AbilityEffect::DealDamage { to, target, .. }
        | AbilityEffect::Heal { to, target, .. }
        | AbilityEffect::Destroy { to, target }
        | AbilityEffect::Exhaust { to, target }
        | AbilityEffect::Ready { to, target }
        | AbilityEffect::GrantKeyword { to, target, .. }
        | AbilityEffect::ModifyAtk { to, target, .. } => {
            (*to == Recipient::TargetCharacter).then(|| std::mem::replace(target, 1))
        }
        AbilityEffect::KeepExhausted { target }
        | AbilityEffect::Interrupt { target }
        | AbilityEffect::ReturnToHand { target }
        | AbilityEffect::RemoveFromGame { target }
        | AbilityEffect::Attach { target } => Some(std::mem::replace(target, 1)),
        _ => None,
    };
    (effect, index.map(usize::from))
}

/// [`lower`] for the given effects and targets of `ability` (all of them, or one mode's).
fn lower_parts(
    ability: &CardAbility,
    kind: Kind,
    effects: &[AbilityEffect],
    targets: &[content::AbilityTarget],
) -> Option<Vec<(EffectOp, Vec<TargetRule>)>> {
    if targets.len() > 3 {
        return None;
    }
    // "May" is played for triggered powers only (a `triggered_power` with `optional`).
    if ability.optional && !matches!(ability.trigger, AbilityTrigger::Triggered { .. }) {
        return None;
    }
    // A continuous ATK change reads a condition while its recipient attacks or defends; a
    // triggered power, the if-condition of a double-check power (703.2).
    let triggered = matches!(ability.trigger, AbilityTrigger::Triggered { .. });
    let mut check = TriggerCheck::Always;
    let (while_attacking, while_defending) = match ability.condition {
        None => (false, false),
        Some(AbilityCondition::RecipientAttacking) => (true, false),
        Some(AbilityCondition::RecipientDefending) => (false, true),
        Some(AbilityCondition::Controls { card }) if triggered => {
            check = match card {
                TargetKind::Equipment => TriggerCheck::ControlsEquipment,
                TargetKind::AbilityCard => TriggerCheck::ControlsAbility,
                _ => return None,
            };
            (false, false)
        }
        Some(AbilityCondition::NoReadyResources) if triggered => {
            check = TriggerCheck::NoReadyResources;
            (false, false)
        }
        Some(_) => return None,
    };
    if (while_attacking || while_defending) && ability.trigger != AbilityTrigger::Ongoing {
        return None;
    }
    let mut rules = Vec::new();
    for target in targets {
        if target.card == TargetKind::AnyCard || target.also.len() > 2 {
            return None;
        }
        let mut also = [None; 2];
        for (slot, kind) in also.iter_mut().zip(target.also) {
            if *kind == TargetKind::AnyCard {
                return None;
            }
            *slot = Some(*kind);
        }
        let mut rule = TargetRule {
            kind: target.card,
            also,
            side: target.side,
            damaged: false,
            exhausted: false,
            cost_at_most: None,
            attacking: false,
            defending: false,
            on_chain: false,
        };
        for filter in target.filters {
            match *filter {
                TargetFilter::Damaged => rule.damaged = true,
                TargetFilter::Exhausted => rule.exhausted = true,
                TargetFilter::Attacking => rule.attacking = true,
                TargetFilter::Defending => rule.defending = true,
                TargetFilter::OnChain => rule.on_chain = true,
                TargetFilter::CostAtMost { amount } if rule.cost_at_most.is_none() => {
                    rule.cost_at_most = Some(amount);
                }
                _ => return None,
            }
        }
        rules.push(rule);
    }
    // A damage, healing, ATK or keyword effect names a target only if it is a character.
    let names_target = |to: Recipient, target: u8| {
        to != Recipient::TargetCharacter
            || (target >= 1
                && usize::from(target) <= rules.len()
                && rules[usize::from(target) - 1].characters_only())
    };
    // Every target must be named by some effect, or it would be chosen for nothing.
    let named = |index: usize| {
        effects.iter().any(|effect| match *effect {
            AbilityEffect::DealDamage { to, target, .. }
            | AbilityEffect::Heal { to, target, .. }
            | AbilityEffect::GrantKeyword { to, target, .. }
            | AbilityEffect::ModifyAtk { to, target, .. } => {
                to == Recipient::TargetCharacter && usize::from(target) == index
            }
            AbilityEffect::Exhaust { to, target }
            | AbilityEffect::Destroy { to, target }
            | AbilityEffect::Ready { to, target } => {
                to == Recipient::TargetCharacter && usize::from(target) == index
            }
            AbilityEffect::KeepExhausted { target }
            | AbilityEffect::Interrupt { target }
            | AbilityEffect::ReturnToHand { target }
            | AbilityEffect::RemoveFromGame { target }
            | AbilityEffect::Attach { target } => usize::from(target) == index,
            _ => false,
        })
    };
    if !(1..=rules.len()).all(named) {
        return None;
    }
    let this_turn = ability.duration == AbilityDuration::ThisTurn;
    // Destroying and putting into a hand are played for a target that is never a hero.
    let never_hero = rules.len() == 1 && rules[0].never_hero();
    // Interrupting: a card on the chain (711).
    let on_chain = rules.len() == 1 && rules[0].on_chain;
    // Exhausting and readying: a character or equipment.
    let exhaustible = !rules.is_empty() && rules[0].exhaustible();
    // Only characters are attached to or kept exhausted.
    let characters = !rules.is_empty() && rules.iter().all(TargetRule::characters_only);
    let instant = ability.duration == AbilityDuration::Instant;
    // A group that is destroyed or exhausted without targeting; destroying names allies only.
    let ally_group = |to: Recipient| {
        matches!(
            to,
            Recipient::EachAlly | Recipient::OpposingAllies | Recipient::YourAllies
        )
    };
    let group = |to: Recipient| {
        ally_group(to)
            || matches!(
                to,
                Recipient::OpposingCharacters | Recipient::EachCharacter | Recipient::OpposingHero
            )
    };
    match ability.trigger {
        AbilityTrigger::OnPlay => {
            if kind != Kind::Ability
                || !ability.cost.is_empty()
                || ability.once_per_turn
                || ability.own_turn
            {
                return None;
            }
            let mut ops = Vec::new();
            for effect in effects {
                let op = match *effect {
                    // 306.3b: the card's link attaches it to its (first) target.
                    AbilityEffect::Attach { target } if target == 1 && characters && instant => {
                        EffectOp::Attaches
                    }
                    AbilityEffect::DealDamage {
                        amount,
                        damage_type,
                        from,
                        to,
                        target,
                    } if names_target(to, target) && instant => EffectOp::DealDamage {
                        amount,
                        damage_type,
                        to,
                        from,
                        combat: false,
                        target,
                    },
                    AbilityEffect::Heal {
                        amount,
                        from,
                        to,
                        target,
                    } if names_target(to, target) && target == 1 && instant => {
                        EffectOp::HealDamage { amount, to, from }
                    }
                    AbilityEffect::Draw { count } if instant => EffectOp::DrawCards { count },
                    AbilityEffect::Destroy {
                        to: Recipient::TargetCharacter,
                        target,
                    } if target == 1 && never_hero && instant => EffectOp::Destroy {
                        to: Recipient::TargetCharacter,
                    },
                    AbilityEffect::Destroy { to, .. } if ally_group(to) && instant => {
                        EffectOp::Destroy { to }
                    }
                    AbilityEffect::Interrupt { target } if target == 1 && on_chain && instant => {
                        EffectOp::Interrupt {
                            to: Recipient::TargetCharacter,
                        }
                    }
                    AbilityEffect::ReturnToHand { target }
                        if target == 1 && never_hero && instant =>
                    {
                        EffectOp::ReturnToHand {
                            to: Recipient::TargetCharacter,
                        }
                    }
                    AbilityEffect::RemoveFromGame { target }
                        if target == 1 && never_hero && instant =>
                    {
                        EffectOp::RemoveFromGame {
                            to: Recipient::TargetCharacter,
                        }
                    }
                    AbilityEffect::Exhaust {
                        to: Recipient::TargetCharacter,
                        target,
                    } if target == 1 && exhaustible && instant => EffectOp::Exhaust {
                        to: Recipient::TargetCharacter,
                    },
                    AbilityEffect::Exhaust { to, .. } if group(to) && instant => {
                        EffectOp::Exhaust { to }
                    }
                    AbilityEffect::Ready {
                        to: Recipient::TargetCharacter,
                        target,
                    } if target == 1 && exhaustible && instant => EffectOp::Ready {
                        to: Recipient::TargetCharacter,
                    },
                    AbilityEffect::KeepExhausted { target }
                        if target == 1 && characters && instant =>
                    {
                        EffectOp::KeepExhausted {
                            to: Recipient::TargetCharacter,
                        }
                    }
                    AbilityEffect::ModifyAtk { amount, to, target }
                        if names_target(to, target) && target == 1 && this_turn =>
                    {
                        EffectOp::ModifyAtk {
                            amount: bounded_atk(amount)?,
                            per_x: 0,
                            to,
                            while_attacking: false,
                            while_defending: false,
                            own_turn: false,
                            for_each: Count::Once,
                        }
                    }
                    AbilityEffect::GrantKeyword {
                        keyword,
                        to,
                        target,
                    } if names_target(to, target) && target == 1 && this_turn => {
                        EffectOp::GrantKeyword {
                            keyword,
                            to,
                            this_combat: false,
                        }
                    }
                    _ => return None,
                };
                ops.push((op, rules.clone()));
            }
            (!ops.is_empty()).then_some(ops)
        }
        AbilityTrigger::Activate | AbilityTrigger::Reward => {
            let [effect] = effects else {
                return None;
            };
            // A quest's Reward (702): a completion power, paid like a payment power.
            let completes_quest = ability.trigger == AbilityTrigger::Reward;
            if completes_quest && kind != Kind::Quest {
                return None;
            }
            let mut cost = None;
            let mut activate = false;
            let mut destroy_this = false;
            let mut exhaust_hero = false;
            let mut flip_this = false;
            for paid in ability.cost {
                match *paid {
                    // 301.2: a hero's power flips it face down.
                    AbilityCost::FlipThis if !flip_this && kind == Kind::Hero => flip_this = true,
                    AbilityCost::Resources { amount } if cost.is_none() => cost = Some(amount),
                    AbilityCost::ExhaustThis if !activate => activate = true,
                    AbilityCost::DestroyThis if !destroy_this => destroy_this = true,
                    // A hero's own power exhausting itself is its [Activate], not this cost.
                    AbilityCost::ExhaustHero if !exhaust_hero && kind != Kind::Hero => {
                        exhaust_hero = true;
                    }
                    _ => return None,
                }
            }
            // The keyword a `GrantKeyword` effect gives this turn.
            let mut keyword = None;
            let (effect, amount, damage_type, to, from) = match *effect {
                AbilityEffect::GrantKeyword {
                    keyword: granted,
                    to,
                    target,
                } if target == 1 && names_target(to, target) && this_turn => {
                    keyword = Some(granted);
                    (
                        PowerEffect::GrantKeyword,
                        0,
                        None,
                        to,
                        content::Dealer::ThisCard,
                    )
                }
                AbilityEffect::DealDamage {
                    amount,
                    damage_type,
                    from,
                    to,
                    target,
                } if target == 1 && names_target(to, target) && instant => {
                    (PowerEffect::DealDamage, amount, damage_type, to, from)
                }
                AbilityEffect::Heal {
                    amount,
                    from,
                    to,
                    target,
                } if target == 1 && names_target(to, target) && instant => {
                    (PowerEffect::HealDamage, amount, None, to, from)
                }
                AbilityEffect::ModifyAtk { amount, to, target }
                    if target == 1 && names_target(to, target) && this_turn =>
                {
                    let amount = u8::try_from(amount).ok().filter(|&a| a > 0 && a <= 10)?;
                    (
                        PowerEffect::ModifyAtk,
                        amount,
                        None,
                        to,
                        content::Dealer::ThisCard,
                    )
                }
                AbilityEffect::Exhaust {
                    to: Recipient::TargetCharacter,
                    target,
                } if target == 1 && exhaustible && instant => (
                    PowerEffect::Exhaust,
                    0,
                    None,
                    Recipient::TargetCharacter,
                    content::Dealer::ThisCard,
                ),
                AbilityEffect::Exhaust { to, .. } if group(to) && instant => {
                    (PowerEffect::Exhaust, 0, None, to, content::Dealer::ThisCard)
                }
                AbilityEffect::Ready {
                    to: Recipient::TargetCharacter,
                    target,
                } if target == 1 && exhaustible && instant => (
                    PowerEffect::Ready,
                    0,
                    None,
                    Recipient::TargetCharacter,
                    content::Dealer::ThisCard,
                ),
                // A card in play readying itself.
                AbilityEffect::Ready {
                    to: Recipient::ThisCard,
                    ..
                } if instant && kind != Kind::Ability => (
                    PowerEffect::Ready,
                    0,
                    None,
                    Recipient::ThisCard,
                    content::Dealer::ThisCard,
                ),
                AbilityEffect::Destroy {
                    to: Recipient::TargetCharacter,
                    target,
                } if target == 1 && never_hero && instant => (
                    PowerEffect::Destroy,
                    0,
                    None,
                    Recipient::TargetCharacter,
                    content::Dealer::ThisCard,
                ),
                AbilityEffect::Destroy { to, .. } if ally_group(to) && instant => {
                    (PowerEffect::Destroy, 0, None, to, content::Dealer::ThisCard)
                }
                AbilityEffect::Interrupt { target } if target == 1 && on_chain && instant => (
                    PowerEffect::Interrupt,
                    0,
                    None,
                    Recipient::TargetCharacter,
                    content::Dealer::ThisCard,
                ),
                AbilityEffect::ReturnToHand { target } if target == 1 && never_hero && instant => (
                    PowerEffect::ReturnToHand,
                    0,
                    None,
                    Recipient::TargetCharacter,
                    content::Dealer::ThisCard,
                ),
                AbilityEffect::RemoveFromGame { target }
                    if target == 1 && never_hero && instant =>
                {
                    (
                        PowerEffect::RemoveFromGame,
                        0,
                        None,
                        Recipient::TargetCharacter,
                        content::Dealer::ThisCard,
                    )
                }
                AbilityEffect::Draw { count } if rules.is_empty() && instant => (
                    PowerEffect::DrawCards,
                    count,
                    None,
                    Recipient::YourHero,
                    content::Dealer::ThisCard,
                ),
                _ => return None,
            };
            if rules.len() > 1 || amount > 20 {
                return None;
            }
            // The quest turns face down as its Reward is added (702.3): a Reward names no
            // target and costs nothing but resources.
            let targets_nothing = rules.is_empty() && to != Recipient::TargetCharacter;
            if completes_quest
                && (!targets_nothing || activate || destroy_this || exhaust_hero || flip_this)
            {
                return None;
            }
            Some(vec![(
                EffectOp::PaymentPower {
                    cost: cost.unwrap_or(0),
                    activate,
                    once_per_turn: ability.once_per_turn,
                    own_turn: ability.own_turn,
                    destroy_this,
                    exhaust_hero,
                    flip_this,
                    completes_quest,
                    effect,
                    amount,
                    damage_type,
                    to,
                    from,
                    keyword,
                },
                rules,
            )])
        }
        AbilityTrigger::Triggered { event } => {
            let [effect] = effects else {
                return None;
            };
            if !ability.cost.is_empty()
                || ability.once_per_turn
                || ability.own_turn
                || rules.len() > 1
            {
                return None;
            }
            // The effect of a `triggered_power`: what a payment power's effect would do.
            let optional = ability.optional;
            let as_power = optional || check != TriggerCheck::Always;
            let this_combat = ability.duration == AbilityDuration::ThisCombat
                && matches!(event, TriggerEvent::ThisStrikes | TriggerEvent::ThisAttacks);
            let dealt = |effect: PowerEffect,
                         amount: u8,
                         damage_type: Option<DamageType>,
                         to: Recipient,
                         from: content::Dealer| EffectOp::TriggeredPower {
                when: event,
                effect,
                amount,
                per_x: 0,
                damage_type,
                to,
                from,
                optional,
                keyword: None,
                this_combat: false,
                check,
            };
            let power = |effect: PowerEffect, amount: u8, to: Recipient| {
                dealt(effect, amount, None, to, content::Dealer::ThisCard)
            };
            let op = match *effect {
                AbilityEffect::ModifyAtk { amount, to, target }
                    if target == 1 && names_target(to, target) && this_turn =>
                {
                    let amount = u8::try_from(amount).ok().filter(|&a| a > 0 && a <= 10)?;
                    power(PowerEffect::ModifyAtk, amount, to)
                }
                // "This combat" only for a trigger inside a combat (603.3a ends it).
                AbilityEffect::GrantKeyword {
                    keyword,
                    to,
                    target,
                } if target == 1 && names_target(to, target) && (this_turn || this_combat) => {
                    EffectOp::TriggeredPower {
                        when: event,
                        effect: PowerEffect::GrantKeyword,
                        amount: 0,
                        per_x: 0,
                        damage_type: None,
                        to,
                        from: content::Dealer::ThisCard,
                        optional,
                        keyword: Some(keyword),
                        this_combat,
                        check,
                    }
                }
                _ if !instant => return None,
                AbilityEffect::Exhaust {
                    to: Recipient::TargetCharacter,
                    target,
                } if target == 1 && exhaustible => {
                    power(PowerEffect::Exhaust, 0, Recipient::TargetCharacter)
                }
                AbilityEffect::Exhaust { to, .. } if group(to) => {
                    power(PowerEffect::Exhaust, 0, to)
                }
                AbilityEffect::Ready {
                    to: Recipient::TargetCharacter,
                    target,
                } if target == 1 && exhaustible => {
                    power(PowerEffect::Ready, 0, Recipient::TargetCharacter)
                }
                AbilityEffect::Ready {
                    to: Recipient::ThisCard,
                    ..
                } if kind != Kind::Ability => power(PowerEffect::Ready, 0, Recipient::ThisCard),
                AbilityEffect::Destroy {
                    to: Recipient::TargetCharacter,
                    target,
                } if target == 1 && never_hero => {
                    power(PowerEffect::Destroy, 0, Recipient::TargetCharacter)
                }
                AbilityEffect::Destroy { to, .. } if ally_group(to) => {
                    power(PowerEffect::Destroy, 0, to)
                }
                AbilityEffect::Interrupt { target } if target == 1 && on_chain => {
                    power(PowerEffect::Interrupt, 0, Recipient::TargetCharacter)
                }
                AbilityEffect::ReturnToHand { target } if target == 1 && never_hero => {
                    power(PowerEffect::ReturnToHand, 0, Recipient::TargetCharacter)
                }
                AbilityEffect::RemoveFromGame { target } if target == 1 && never_hero => {
                    power(PowerEffect::RemoveFromGame, 0, Recipient::TargetCharacter)
                }
                // A "may" or double-check damage, healing or drawing power: a
                // `triggered_power` with its effect.
                AbilityEffect::DealDamage {
                    amount,
                    damage_type,
                    from,
                    to,
                    target,
                } if as_power && target == 1 && names_target(to, target) && amount <= 20 => {
                    dealt(PowerEffect::DealDamage, amount, damage_type, to, from)
                }
                AbilityEffect::Heal {
                    amount,
                    from,
                    to,
                    target,
                } if as_power && target == 1 && names_target(to, target) && amount <= 20 => {
                    dealt(PowerEffect::HealDamage, amount, None, to, from)
                }
                AbilityEffect::Draw { count } if as_power && rules.is_empty() => {
                    power(PowerEffect::DrawCards, count, Recipient::YourHero)
                }
                _ if as_power => return None,
                AbilityEffect::DealDamage {
                    amount,
                    damage_type,
                    from,
                    to,
                    target,
                } if target == 1 && names_target(to, target) => EffectOp::TriggeredDamage {
                    when: event,
                    amount,
                    damage_type,
                    to,
                    from,
                },
                AbilityEffect::Heal {
                    amount,
                    from,
                    to,
                    target,
                } if target == 1 && names_target(to, target) => EffectOp::TriggeredHeal {
                    when: event,
                    amount,
                    to,
                    from,
                    min_hand: 0,
                },
                AbilityEffect::Draw { count } if rules.is_empty() => {
                    EffectOp::TriggeredDraw { when: event, count }
                }
                _ => return None,
            };
            Some(vec![(op, rules)])
        }
        AbilityTrigger::Ongoing => {
            // A continuous power of a card in play (an attached or ongoing ability, an ally,
            // equipment): ATK changes and keywords of characters it names without targeting.
            if kind == Kind::Hero
                || !ability.cost.is_empty()
                || !rules.is_empty()
                || ability.once_per_turn
                || ability.own_turn
                || ability.duration != AbilityDuration::WhileInPlay
            {
                return None;
            }
            let mut ops = Vec::new();
            for effect in effects {
                let op = match *effect {
                    AbilityEffect::ModifyAtk { amount, to, .. }
                        if to != Recipient::TargetCharacter =>
                    {
                        EffectOp::ModifyAtk {
                            amount: bounded_atk(amount)?,
                            per_x: 0,
                            to,
                            while_attacking,
                            while_defending,
                            own_turn: false,
                            for_each: Count::Once,
                        }
                    }
                    AbilityEffect::ModifyHealth { amount, to }
                        if to != Recipient::TargetCharacter
                            && amount != 0
                            && !while_attacking
                            && !while_defending =>
                    {
                        EffectOp::ModifyHealth { amount, to }
                    }
                    // Keywords for a recipient `state::for_each_continuous_keyword` reads: one
                    // card, or the controller's allies or weapons.
                    AbilityEffect::GrantKeyword { keyword, to, .. }
                        if continuous_keyword_recipient(to)
                            && !while_attacking
                            && !while_defending =>
                    {
                        EffectOp::GrantKeyword {
                            keyword,
                            to,
                            this_combat: false,
                        }
                    }
                    // 707.1e: a reduction of its controller's strike costs.
                    AbilityEffect::StrikeCostReduction { amount }
                        if !while_attacking && !while_defending =>
                    {
                        EffectOp::StrikeCostReduction { amount }
                    }
                    // 710.2: a card's own "enters play exhausted".
                    AbilityEffect::EntersPlayExhausted
                        if kind != Kind::Hero && !while_attacking && !while_defending =>
                    {
                        EffectOp::EntersPlayExhausted
                    }
                    // A restriction on attacking of one card it names (601.2a).
                    AbilityEffect::CannotAttack { limit, to }
                        if matches!(
                            to,
                            Recipient::YourHero
                                | Recipient::AttachedCharacter
                                | Recipient::ThisCard
                        ) && !while_attacking
                            && !while_defending =>
                    {
                        EffectOp::CannotAttack { to, limit }
                    }
                    _ => return None,
                };
                ops.push((op, Vec::new()));
            }
            (!ops.is_empty()).then_some(ops)
        }
        AbilityTrigger::Flip => None,
    }
}

/// Whether a `grant_keyword` to `to` is one `Game::for_each_continuous_keyword` reads as a
/// continuous power: one card (`YourHero`, `AttachedCharacter`, `ThisCard`) or a printed group
/// of its controller (allies, other allies, weapons).
pub fn continuous_keyword_recipient(to: Recipient) -> bool {
    matches!(
        to,
        Recipient::YourHero
            | Recipient::AttachedCharacter
            | Recipient::ThisCard
            | Recipient::YourAllies
            | Recipient::YourOtherAllies
            | Recipient::YourWeapons
    )
}

/// An ATK change the `modify_atk` operation can hold (-10..=10, not 0).
fn bounded_atk(amount: i8) -> Option<i8> {
    (amount != 0 && (-10..=10).contains(&amount)).then_some(amount)
}
