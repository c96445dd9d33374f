//! The game state the rules act on: objects, their cards, players' mana and the event log.

use std::fmt;
use std::sync::Arc;

use grimoire_engine::{
    ChoiceError, DiceError, EventLog, NotModelled, NotModelledLog, Object, ObjectId, ObjectStore,
    PlayerId, TraitEffectKind, Zone, ZonedArena,
};
use serde::{Serialize, Serializer};

use super::card::Printed;
use super::codex::{implied_traits, stack, x};
use super::limits::{marker_limit, per_marker, signed};
use super::refusal::{Refusal, UnmodelledEffect};
use grimoire_engine::TraitKind;
use smallvec::SmallVec;

use super::content::{
    Attribute, CardId, Condition, DamageType, EffectOp, Timing, Trait, MIN_ARMOR, MIN_CHANNELING,
};

/// Why damage was dealt (reference: "Damage provenance"). Only [`DamageSource::Attack`] is
/// damage "dealt by the attack" (Vampiric, Mana Drain, Rage); condition damage still destroys,
/// and counts as being destroyed by damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DamageSource {
    /// Dealt by an attack.
    Attack,
    /// Direct damage from a condition (Burn, Rot, Bleed, a Tainted marker being placed) or an
    /// overflowing Corrode.
    Condition(#[serde(serialize_with = "by_name")] Condition),
    /// Direct damage from a card's ability (`card_abilities`: Ghoul Rot, Idol of Pestilence),
    /// dealt by this object.
    Ability(ObjectId),
}

/// Serialises a codex value by its card text.
fn by_name<S: Serializer, T: fmt::Display>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// A marker on an object: a condition of the codex or one of the rules' own tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Marker {
    /// A condition marker.
    Condition(#[serde(serialize_with = "by_name")] Condition),
    /// A Guard marker.
    Guard,
    /// A Rage token.
    Rage,
    /// Defense uses spent this round.
    DefenseUsed,
    /// A Dissipate token (the `dissipate` operation).
    Dissipate,
    /// Uses of the card's casting discount spent this round (`cast_discount`).
    DiscountUsed,
    /// Mana on a familiar or spawnpoint: what it channels, spent on the spells it casts
    /// ([`super::casters`]).
    Mana,
}

/// Every state change the rules make.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum GameEvent {
    /// An individual attack was declared.
    AttackDeclared {
        /// The attacker.
        attacker: ObjectId,
        /// The defender.
        defender: ObjectId,
    },
    /// A Dazed attacker missed.
    Missed {
        /// The attacker.
        attacker: ObjectId,
        /// The d12 result.
        roll: i32,
    },
    /// The defender avoided the attack with a Defense.
    Avoided {
        /// The defender.
        defender: ObjectId,
        /// The modified d12 result.
        roll: i32,
    },
    /// Attack dice were rolled.
    DiceRolled {
        /// The attacker.
        attacker: ObjectId,
        /// Number of dice.
        dice: u32,
        /// Normal damage rolled.
        normal: u32,
        /// Critical damage rolled.
        critical: u32,
    },
    /// The effect die was rolled.
    EffectRolled {
        /// The unmodified roll.
        roll: i32,
        /// The roll after modifiers.
        modified: i32,
    },
    /// Damage was placed on an object.
    Damaged {
        /// The object.
        object: ObjectId,
        /// Amount.
        amount: u32,
        /// Why.
        source: DamageSource,
    },
    /// Damage was removed.
    Healed {
        /// The object.
        object: ObjectId,
        /// Amount.
        amount: u32,
    },
    /// A marker count changed.
    Markers {
        /// The object.
        object: ObjectId,
        /// The marker.
        marker: Marker,
        /// The new count.
        count: u32,
    },
    /// The object moved to another zone.
    Moved {
        /// The object.
        object: ObjectId,
        /// The new zone.
        zone: Zone,
    },
    /// The object was destroyed.
    Destroyed {
        /// The object.
        object: ObjectId,
        /// Destroyed because damage placed on it reached its Life (from an attack or a
        /// condition), rather than by losing Life or by another effect.
        by_damage: bool,
    },
    /// Play met a card whose native handler (the `ability`, by name) the engine does not
    /// model yet; logged once per object and handler.
    NotModelled(NotModelled<ObjectId>),
    /// Play met a codex entry still marked `draft = true` (written by `import --scaffold`,
    /// not reviewed): the rules do not know what it does, so they play on without it.
    DraftEntry {
        /// The object that has it.
        object: ObjectId,
        /// The codex category (`Trait`, `Condition`).
        category: &'static str,
        /// The entry's name.
        entry: &'static str,
    },
    /// A player's mana changed.
    Mana {
        /// The player.
        player: PlayerId,
        /// The new amount.
        mana: u32,
    },
}

/// An error from the rules: a missing die in a script, or a request the state cannot serve.
#[derive(Debug, Clone, PartialEq)]
pub enum RulesError {
    /// A die was needed that the scripted dice do not provide.
    Dice(DiceError),
    /// A player's choice could not be made (a scripted answer missing or not offered).
    Choice(ChoiceError),
    /// No such object.
    UnknownObject(ObjectId),
    /// The card prints no attack of that number.
    UnknownAttack {
        /// The card's name.
        card: &'static str,
        /// The number of the attack asked for.
        bar: usize,
    },
    /// The rules refuse the action (see [`Refusal`] for why).
    Illegal(Refusal),
    /// Play reached an effect whose behaviour the engine does not model yet.
    NotModelled(UnmodelledEffect),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Dice(e) => write!(f, "{e}"),
            RulesError::Choice(e) => write!(f, "{e}"),
            RulesError::UnknownObject(id) => write!(f, "no object {}", id.0),
            RulesError::UnknownAttack { card, bar } => {
                write!(f, "{card} has no attack named \"number {bar}\"")
            }
            RulesError::Illegal(why) => write!(f, "illegal: {why}"),
            RulesError::NotModelled(what) => write!(f, "not modelled yet: {what}"),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<DiceError> for RulesError {
    fn from(e: DiceError) -> Self {
        RulesError::Dice(e)
    }
}

impl From<ChoiceError> for RulesError {
    fn from(e: ChoiceError) -> Self {
        RulesError::Choice(e)
    }
}

/// Traits an object has at one moment, with the timestamps they were gained at: few enough to
/// live on the stack.
pub type TraitList = SmallVec<[(Trait, u64); 8]>;

/// Where an effect operation comes from: a codex trait the object has, or a condition on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpSource {
    /// One instance of a trait entry.
    Trait(Trait),
    /// A condition entry.
    Condition(Condition),
}

/// The game state.
#[derive(Debug, Default)]
pub struct Game {
    /// The arena: zones `A1`-`D3` (object zones are its [`grimoire_engine::Zone`] numbers),
    /// distances counted across zone sides (see docs/decisions.md, "Range is counted
    /// orthogonally").
    pub arena: ZonedArena,
    /// Objects with their markers and trait effects.
    pub store: ObjectStore<Trait, Marker, Zone>,
    /// Printed card of each object (index = object id), shared between copies of the state
    /// (it never changes once the object exists).
    pub cards: Vec<Arc<Printed>>,
    /// Mana of each player (index = player number).
    pub mana: Vec<u32>,
    /// Everything that happened: the rules record every state change here. Outside
    /// [`super::actions::MageWarsRules::apply`] this is the game's own log (direct calls such
    /// as `attack_action` append to it); during `apply` it is the contract's `ctx.log`, lent
    /// to the game for the action (the two are swapped, no copy), so an action's events end up
    /// in `ctx.log` and this log is back as it was afterwards.
    pub log: EventLog<GameEvent>,
    /// Attack dice of each individual attack of the last attack action.
    pub last_dice_rolled: Vec<u32>,
    /// Conditions received from Damage Barriers and Counterstrikes during the current action,
    /// kept at the end of the Action Phase (supplement: Attack Procedure).
    pub(crate) kept_until_next_action: Vec<(ObjectId, Condition)>,
    /// Objects destroyed by damage reaching their Life (supplement: Goblin Bomber, Tainted).
    pub destroyed_by_damage: Vec<ObjectId>,
    /// Who placed each taunt-like marker: (taunted creature, condition, taunter).
    pub(crate) taunts: Vec<(ObjectId, Condition, ObjectId)>,
    /// Card handlers play met that the engine does not model, already logged.
    pub(crate) reported: NotModelledLog<ObjectId>,
    /// Draft codex entries play met, already logged: (object, entry name).
    pub(crate) drafts_reported: Vec<(ObjectId, &'static str)>,
    /// Trait grants that end at the end of the round: (object, timestamp of the grant).
    pub(crate) until_end_of_round: Vec<(ObjectId, u64)>,
    /// Trait grants that end when their object's next melee attack action ends (or with the
    /// round): (object, timestamp of the grant).
    pub(crate) until_next_melee_attack: Vec<(ObjectId, u64)>,
    /// Attack traits the next melee attack action of an object gains this round.
    pub(crate) next_melee_attack_gains: Vec<(ObjectId, &'static [Trait])>,
    /// Melee attack taxes paid this round: (attacker, the card whose `melee_attack_tax` it
    /// paid); a tax due once a round is not asked again.
    pub(crate) taxes_paid: Vec<(ObjectId, ObjectId)>,
    /// The traits auras give now ([`super::abilities::refresh_auras`]).
    pub(crate) auras: Vec<super::abilities::AuraGrant>,
    /// Cards in play, face up, with a `while_in_play` `attack_bonus` ability
    /// ([`super::abilities::refresh_auras`] keeps the list; attacks read it).
    pub(crate) attack_bonus_sources: Vec<ObjectId>,
    /// Each object's traits as [`Game::traits`] computes them, kept until its traits or
    /// conditions change; shared between copies of the state until one of them changes it.
    views: Vec<Arc<TraitView>>,
}

impl Clone for Game {
    fn clone(&self) -> Self {
        let mut copy = Game::default();
        copy.clone_from(self);
        copy
    }

    /// Copies `source` field by field into the existing allocations (a state is copied for
    /// every action applied and for every attack `legal_actions` tries). Every field is named,
    /// so a field added to `Game` and not copied here does not compile.
    fn clone_from(&mut self, source: &Self) {
        let Self {
            arena,
            store,
            cards,
            mana,
            log,
            last_dice_rolled,
            kept_until_next_action,
            destroyed_by_damage,
            taunts,
            reported,
            drafts_reported,
            until_end_of_round,
            until_next_melee_attack,
            next_melee_attack_gains,
            taxes_paid,
            auras,
            attack_bonus_sources,
            views,
        } = source;
        self.arena = *arena;
        self.store.clone_from(store);
        grimoire_engine::clone_shared_from(&mut self.cards, cards);
        self.mana.clone_from(mana);
        self.log.clone_from(log);
        self.last_dice_rolled.clone_from(last_dice_rolled);
        self.kept_until_next_action
            .clone_from(kept_until_next_action);
        self.destroyed_by_damage.clone_from(destroyed_by_damage);
        self.taunts.clone_from(taunts);
        self.reported.clone_from(reported);
        self.drafts_reported.clone_from(drafts_reported);
        self.until_end_of_round.clone_from(until_end_of_round);
        self.until_next_melee_attack
            .clone_from(until_next_melee_attack);
        self.next_melee_attack_gains
            .clone_from(next_melee_attack_gains);
        self.taxes_paid.clone_from(taxes_paid);
        self.auras.clone_from(auras);
        self.attack_bonus_sources.clone_from(attack_bonus_sources);
        grimoire_engine::clone_shared_from(&mut self.views, views);
    }
}

/// An object's traits now, sorted by codex entry and timestamp, with the set of entries
/// present (for entries numbered below 128).
#[derive(Debug, Clone, Default)]
struct TraitView {
    sorted: TraitList,
    /// Every effect operation acting on the object, as [`Game::for_each_op`] visits them:
    /// `(source, operation, X, count)` for each trait entry's (X combined over its
    /// instances, count 1), then for each condition's (X 0, count its markers). Conditions
    /// change only through [`Game::set_markers`], which works the view out again.
    ops: SmallVec<[(OpSource, &'static EffectOp, i32, u32); 4]>,
    present: u128,
    /// Armor, Life and Channeling from the printed card and the traits (see
    /// [`Game::attribute`]).
    attributes: [u32; 3],
}

impl TraitView {
    /// True when an instance of the codex entry `index` may be present.
    #[inline(always)]
    fn may_have(&self, index: usize) -> bool {
        index >= 128 || self.present & (1 << index) != 0
    }

    /// True when the view holds exactly `wanted`: one bit test answers for an entry it does
    /// not hold (the usual case), the list is searched only for one it does.
    #[inline(always)]
    fn has(&self, wanted: Trait) -> bool {
        self.may_have(wanted.index()) && self.holds(wanted)
    }

    /// Searches the list for `wanted`.
    #[inline(never)]
    fn holds(&self, wanted: Trait) -> bool {
        self.sorted.iter().any(|(t, _)| *t == wanted)
    }
}

impl Game {
    /// An empty game.
    pub fn new() -> Self {
        Self::default()
    }

    /// Puts a card of the generated tables into play for `player` in `zone`.
    pub fn add_card(&mut self, card: CardId, player: PlayerId, zone: Zone) -> ObjectId {
        self.add_object(Printed::of(card), player, zone)
    }

    /// Puts an object with this printed data into play for `player` in `zone`.
    pub fn add_object(&mut self, card: Printed, player: PlayerId, zone: Zone) -> ObjectId {
        let id = self.store.insert(player, zone, card.traits.clone());
        self.cards.push(Arc::new(card));
        self.refresh_traits(id);
        if self.mana.len() <= player.0 as usize {
            self.mana.resize(player.0 as usize + 1, 0);
        }
        let tokens = self.dissipate_tokens(id);
        if tokens > 0 {
            self.set_markers(id, Marker::Dissipate, tokens);
        }
        id
    }

    /// The Dissipate tokens an object comes into play with: the `dissipate` operations of its
    /// traits, X times `per_x`.
    pub fn dissipate_tokens(&self, id: ObjectId) -> u32 {
        let mut tokens: i32 = 0;
        self.for_each_op(id, |_, op, x, _| {
            if let EffectOp::Dissipate { per_x } = *op {
                tokens = tokens.saturating_add(i32::from(per_x).saturating_mul(x));
            }
        });
        tokens.max(0) as u32
    }

    /// The object, or an error.
    #[inline]
    pub fn object(&self, id: ObjectId) -> Result<&Object<Trait, Marker, Zone>, RulesError> {
        // The error is made only when it is returned: dropping an unused one is a call.
        match self.store.get(id) {
            Some(object) => Ok(object),
            None => Err(RulesError::UnknownObject(id)),
        }
    }

    /// The printed card of an object.
    #[inline]
    pub fn card(&self, id: ObjectId) -> Result<&Printed, RulesError> {
        match self.cards.get(id.0 as usize) {
            Some(card) => Ok(card),
            None => Err(RulesError::UnknownObject(id)),
        }
    }

    /// Attaches `child` (an enchantment or equipment) to `parent`, which gains the traits the
    /// child's card grants and loses those it removes, timestamped now; for a previous parent
    /// these effects end.
    pub fn attach(&mut self, child: ObjectId, parent: ObjectId) {
        let Some(card) = self.cards.get(child.0 as usize) else {
            return;
        };
        let (grants, removes) = (card.grants, card.removes);
        let effects = grants
            .iter()
            .map(|t| (t, TraitEffectKind::Grant))
            .chain(removes.iter().map(|t| (t, TraitEffectKind::Remove)));
        if let Some(old) = self.store.get(child).and_then(|c| c.attached_to) {
            self.end_attachment_effects(child, old);
        }
        self.store.attach(child, parent);
        for (value, kind) in effects {
            self.change_trait(parent, *value, kind);
        }
        self.traits_changed(parent);
    }

    /// The traits `child`'s card grants to (or removes from) `parent` stop applying: the child
    /// moved away or left play.
    fn end_attachment_effects(&mut self, child: ObjectId, parent: ObjectId) {
        let Some(card) = self.cards.get(child.0 as usize) else {
            return;
        };
        let (grants, removes) = (card.grants, card.removes);
        let effects = grants
            .iter()
            .map(|t| (t, TraitEffectKind::Grant))
            .chain(removes.iter().map(|t| (t, TraitEffectKind::Remove)));
        for (value, kind) in effects {
            self.store
                .end_trait_effect(parent, |e| e.kind == kind && e.value == *value);
        }
        self.traits_changed(parent);
    }

    /// Grants (or removes) a trait with a fresh timestamp.
    pub fn change_trait(&mut self, id: ObjectId, value: Trait, kind: TraitEffectKind) {
        self.store.add_trait_effect(id, value, kind);
        self.refresh_traits(id);
    }

    /// Grants `value` to the object until the end of the round ([`Game::end_of_round`]).
    pub fn grant_until_end_of_round(&mut self, id: ObjectId, value: Trait) {
        self.change_until_end_of_round(id, value, TraitEffectKind::Grant);
    }

    /// Grants `value` to the object until its next melee attack action ends, or the end of
    /// the round ([`Game::melee_attack_made`], [`Game::end_of_round`]).
    pub fn grant_until_next_melee_attack(&mut self, id: ObjectId, value: Trait) {
        let timestamp = self
            .store
            .add_trait_effect(id, value, TraitEffectKind::Grant);
        self.until_next_melee_attack.push((id, timestamp));
        self.refresh_traits(id);
    }

    /// The next melee attack action of `id` this round gains `traits`.
    pub fn gain_on_next_melee_attack(&mut self, id: ObjectId, traits: &'static [Trait]) {
        self.next_melee_attack_gains.push((id, traits));
    }

    /// `id` made a melee attack action: what lasted until then ends.
    #[inline]
    pub fn melee_attack_made(&mut self, id: ObjectId) {
        // Nothing promised or lasting until then (the usual case): nothing to do.
        if !self.next_melee_attack_gains.is_empty() || !self.until_next_melee_attack.is_empty() {
            self.melee_attack_ends(id);
        }
    }

    /// What [`Game::melee_attack_made`] ends, once there may be something.
    #[inline(never)]
    fn melee_attack_ends(&mut self, id: ObjectId) {
        self.next_melee_attack_gains.retain(|(o, _)| *o != id);
        // Nothing to end: no list is built.
        if !self.until_next_melee_attack.iter().any(|(o, _)| *o == id) {
            return;
        }
        let (ending, kept) = std::mem::take(&mut self.until_next_melee_attack)
            .into_iter()
            .partition(|(o, _)| *o == id);
        self.until_next_melee_attack = kept;
        self.end_timed_grants(ending);
    }

    /// Ends the trait effects of these (object, timestamp) grants.
    fn end_timed_grants(&mut self, grants: Vec<(ObjectId, u64)>) {
        for (id, timestamp) in grants {
            self.store
                .end_trait_effect(id, |effect| effect.timestamp == timestamp);
            self.refresh_traits(id);
        }
    }

    /// Grants `value` to the object with a fresh timestamp, which it returns (an aura's grant,
    /// ended by [`Game::end_grant`]).
    pub(crate) fn grant(&mut self, id: ObjectId, value: Trait) -> u64 {
        let timestamp = self
            .store
            .add_trait_effect(id, value, TraitEffectKind::Grant);
        self.refresh_traits(id);
        timestamp
    }

    /// Ends the grant made at `timestamp` on the object.
    pub(crate) fn end_grant(&mut self, id: ObjectId, timestamp: u64) {
        self.end_timed_grants(vec![(id, timestamp)]);
    }

    /// Grants or removes `value` on the object until the end of the round
    /// ([`Game::end_of_round`]), with a fresh timestamp.
    pub fn change_until_end_of_round(&mut self, id: ObjectId, value: Trait, kind: TraitEffectKind) {
        let timestamp = self.store.add_trait_effect(id, value, kind);
        self.until_end_of_round.push((id, timestamp));
        self.refresh_traits(id);
    }

    /// The end of the round: objects whose card abilities last one round are destroyed, and
    /// the grants and next-melee-attack gains that last until then end.
    pub fn end_of_round(&mut self) {
        super::abilities::end_of_round(self);
        let mut ending = std::mem::take(&mut self.until_end_of_round);
        ending.append(&mut self.until_next_melee_attack);
        self.end_timed_grants(ending);
        self.next_melee_attack_gains.clear();
        self.taxes_paid.clear();
    }

    /// Every trait the object has now with the timestamp it was gained at: its own (printed
    /// or granted, see [`Object::for_each_trait`]), what they imply (codex `implied`, at the
    /// same timestamp), and the states its conditions impose (`impose`, at timestamp 0);
    /// sorted by codex entry, then timestamp.
    pub fn traits(&self, id: ObjectId) -> TraitList {
        self.with_view(id, |view| view.sorted.clone())
    }

    /// Runs `f` on the object's trait view.
    #[inline]
    fn with_view<R>(&self, id: ObjectId, f: impl FnOnce(&TraitView) -> R) -> R {
        match self.views.get(id.0 as usize) {
            Some(view) => f(view),
            None => self.with_uncached_view(id, f),
        }
    }

    /// [`Game::with_view`] for an object without a kept view (no such object).
    #[cold]
    #[inline(never)]
    fn with_uncached_view<R>(&self, id: ObjectId, f: impl FnOnce(&TraitView) -> R) -> R {
        f(&self.compute_view(id))
    }

    /// The view of an object that has none kept (no such object).
    #[cold]
    #[inline(never)]
    fn uncached_view(&self, id: ObjectId) -> TraitView {
        self.compute_view(id)
    }

    /// Works the object's trait view out again: call after any change to its traits (printed,
    /// granted, removed) or its conditions.
    fn refresh_traits(&mut self, id: ObjectId) {
        let view = self.compute_view(id);
        let index = id.0 as usize;
        if self.views.len() <= index {
            self.views.resize(index + 1, Arc::default());
        }
        self.views[index] = Arc::new(view);
    }

    fn compute_view(&self, id: ObjectId) -> TraitView {
        let mut list = TraitList::new();
        let Some(o) = self.store.get(id) else {
            return TraitView::default();
        };
        o.for_each_trait(|t, ts| {
            list.push((*t, ts));
            list.extend(implied_traits(t).map(|i| (i, ts)));
        });
        for &(marker, _) in &o.markers {
            let Marker::Condition(condition) = marker else {
                continue;
            };
            for op in condition.meta().effects {
                if let EffectOp::Impose { state } = *op {
                    list.push((state, 0));
                    list.extend(implied_traits(&state).map(|i| (i, 0)));
                }
            }
        }
        list.sort_by_key(|(t, ts)| (t.index(), *ts));
        let present = list
            .iter()
            .map(|(t, _)| t.index())
            .filter(|&i| i < 128)
            .fold(0u128, |bits, i| bits | (1 << i));
        let attributes = match self.cards.get(id.0 as usize) {
            Some(card) => [Attribute::Armor, Attribute::Life, Attribute::Channeling]
                .map(|attribute| attribute_of(card, &list, attribute)),
            None => [0; 3],
        };
        let mut ops = SmallVec::new();
        let mut rest = &list[..];
        while let Some(((first, _), _)) = rest.split_first() {
            let run = rest
                .iter()
                .position(|(t, _)| !t.same_kind(first))
                .unwrap_or(rest.len());
            let meta = first.meta();
            if !meta.effects.is_empty() {
                let combined = stack(meta.stacking, rest[..run].iter().map(|(t, _)| x(t)));
                for op in meta.effects {
                    ops.push((OpSource::Trait(*first), op, combined.unwrap_or(0), 1));
                }
            }
            rest = &rest[run..];
        }
        for &(marker, count) in &o.markers {
            if let Marker::Condition(condition) = marker {
                for op in condition.meta().effects {
                    ops.push((OpSource::Condition(condition), op, 0, count));
                }
            }
        }
        TraitView {
            sorted: list,
            ops,
            present,
            attributes,
        }
    }

    /// Calls `visit` with each trait of the object (see [`Game::traits`]), without copying
    /// the list.
    #[inline]
    pub fn for_each_trait(&self, id: ObjectId, mut visit: impl FnMut(&Trait)) {
        self.with_view(id, |view| view.sorted.iter().for_each(|(t, _)| visit(t)));
    }

    /// True when the object has a trait matching `pred` (see [`Game::traits`]).
    pub fn has(&self, id: ObjectId, pred: impl Fn(&Trait) -> bool) -> bool {
        self.with_view(id, |view| view.sorted.iter().any(|(t, _)| pred(t)))
    }

    /// True when the object has exactly this trait (see [`Game::traits`]).
    #[inline(always)]
    pub fn has_trait(&self, id: ObjectId, wanted: Trait) -> bool {
        match self.views.get(id.0 as usize) {
            Some(view) => view.has(wanted),
            None => self.uncached_view(id).has(wanted),
        }
    }

    /// X of the object's instances of the codex entry of `entry` (any parameter), combined by
    /// the entry's `stacking`; `None` when it has none.
    #[inline]
    pub fn trait_x(&self, id: ObjectId, entry: Trait) -> Option<i32> {
        if self
            .views
            .get(id.0 as usize)
            .is_some_and(|view| !view.may_have(entry.index()))
        {
            return None;
        }
        self.trait_x_listed(id, entry)
    }

    /// [`Game::trait_x`] once the entry may be present.
    #[inline(never)]
    fn trait_x_listed(&self, id: ObjectId, entry: Trait) -> Option<i32> {
        self.with_view(id, |view| {
            if !view.may_have(entry.index()) {
                return None;
            }
            let mut same: SmallVec<[(u64, i32); 4]> = view
                .sorted
                .iter()
                .filter(|(t, _)| t.same_kind(&entry))
                .map(|(t, ts)| (*ts, x(t)))
                .collect();
            same.sort_by_key(|(ts, _)| *ts);
            stack(entry.meta().stacking, same.into_iter().map(|(_, x)| x))
        })
    }

    /// Calls `visit(source, op, x, count)` for every effect operation acting on the object:
    /// each codex entry among its traits once (`source` is [`OpSource::Trait`] with one of its
    /// instances), with X combined over its instances by the entry's `stacking` and `count` 1;
    /// each condition it holds with X 0 and `count` its markers.
    #[inline]
    pub fn for_each_op(&self, id: ObjectId, mut visit: impl FnMut(OpSource, &EffectOp, i32, u32)) {
        // Listed with the view (see `compute_view`): an object without operations (most)
        // costs one look.
        match self.views.get(id.0 as usize) {
            Some(view) => {
                for &(source, op, x, count) in &view.ops {
                    visit(source, op, x, count);
                }
            }
            None => self.with_uncached_view(id, |view| {
                for &(source, op, x, count) in &view.ops {
                    visit(source, op, x, count);
                }
            }),
        }
    }

    /// True when some effect operation acts on the object (see [`Game::for_each_op`]).
    #[inline]
    pub fn has_ops(&self, id: ObjectId) -> bool {
        self.with_view(id, |view| !view.ops.is_empty())
    }

    /// Number of `condition` markers on the object.
    #[inline]
    pub fn conditions(&self, id: ObjectId, condition: Condition) -> u32 {
        self.store
            .get(id)
            .map_or(0, |o| o.marker_count(&Marker::Condition(condition)))
    }

    /// An attribute from the printed value and the `attribute_modifier` operations of the
    /// object's traits (X combined by each entry's `stacking`; an operation with `locked` pins
    /// the value at its `fixed`), never below the floors of `game.toml` (`MIN_ARMOR`,
    /// `MIN_CHANNELING`). Life gained after the object got Finite Life does not count (codex:
    /// Finite Life); Channeling modifiers give nothing to an object without Channeling.
    #[inline]
    pub fn attribute(&self, id: ObjectId, attribute: Attribute) -> u32 {
        self.with_view(id, |view| view.attributes[attribute_slot(attribute)])
    }

    /// What the object's conditions add to an attribute: `per_x * 0 + fixed` per marker of
    /// each condition with an `attribute_modifier` operation (Corrode: Armor -1 each).
    #[inline]
    pub fn condition_modifier(&self, id: ObjectId, attribute: Attribute) -> i32 {
        let mut total: i32 = 0;
        self.for_each_op(id, |source, op, _, count| {
            if let (
                OpSource::Condition(_),
                EffectOp::AttributeModifier {
                    attribute: a,
                    fixed,
                    ..
                },
            ) = (source, *op)
            {
                if a == attribute {
                    total = total.saturating_add(per_marker(i32::from(fixed), count));
                }
            }
        });
        total
    }

    /// Armor before conditions: printed armor and its trait modifiers (No Armor, which
    /// Incorporeal implies, locks it at 0).
    #[inline]
    pub fn armor_before_conditions(&self, id: ObjectId) -> u32 {
        self.attribute(id, Attribute::Armor)
    }

    /// Current armor: conditions (Corrode) lower it too, never below the floor.
    #[inline]
    pub fn armor(&self, id: ObjectId) -> u32 {
        let armor = signed(self.armor_before_conditions(id))
            .saturating_add(self.condition_modifier(id, Attribute::Armor));
        armor.max(attribute_floor(Attribute::Armor)) as u32
    }

    /// Current Life (see [`Game::attribute`]).
    #[inline]
    pub fn life(&self, id: ObjectId) -> u32 {
        self.attribute(id, Attribute::Life)
    }

    /// Current Channeling: the printed value with Channeling +/- X (see [`Game::attribute`]).
    pub fn channeling(&self, id: ObjectId) -> u32 {
        self.attribute(id, Attribute::Channeling)
    }

    /// Change to the object's defense rolls: the sum of its `defense_modifier` operations
    /// (Restrained -2; Daze -2 per marker).
    #[inline]
    pub fn defense_modifier(&self, id: ObjectId) -> i32 {
        let mut total: i32 = 0;
        self.for_each_op(id, |_, op, _, count| {
            if let EffectOp::DefenseModifier { amount } = *op {
                total = total.saturating_add(per_marker(i32::from(amount), count));
            }
        });
        total
    }

    /// True for Living objects: creatures that are not Nonliving, and conjurations with
    /// Living (codex: Living, Nonliving; the defaults come from `game.toml`).
    #[inline]
    pub fn is_living(&self, id: ObjectId) -> bool {
        self.has_trait(id, Trait::Living) && !self.has_trait(id, Trait::Nonliving)
    }

    /// The zone an object stands in: an attached object's is its carrier's (zone attacks and
    /// zone-wide abilities reach it there).
    pub fn standing_zone(&self, id: ObjectId) -> Option<Zone> {
        let object = self.store.get(id)?;
        object
            .attached_to
            .and_then(|carrier| self.zone_of(carrier))
            .or(Some(object.zone))
    }

    /// The zone an object is in (equipment and enchantments: their own recorded zone).
    #[inline]
    pub fn zone_of(&self, id: ObjectId) -> Option<Zone> {
        self.store.get(id).map(|o| o.zone)
    }

    /// True when the object flies: it has Flying and is not Restrained, Rooted or
    /// Incapacitated (each makes it lose Flying) nor guarding (codex: Flying, Guard).
    #[inline]
    pub fn is_flying(&self, id: ObjectId) -> bool {
        self.with_view(id, |view| {
            view.has(Trait::Flying)
                && !view.has(Trait::Restrained)
                && !view.has(Trait::Rooted)
                && !view.has(Trait::Incapacitated)
        }) && !self.is_guarding(id)
    }

    /// True while the object has a Guard marker.
    #[inline]
    pub fn is_guarding(&self, id: ObjectId) -> bool {
        self.store
            .get(id)
            .is_some_and(|o| o.marker_count(&Marker::Guard) > 0)
    }

    /// True for creatures (Mages included).
    #[inline]
    pub fn is_creature(&self, id: ObjectId) -> bool {
        self.cards
            .get(id.0 as usize)
            .is_some_and(|card| card.is_creature())
    }

    /// True for conjurations.
    #[inline]
    pub fn is_conjuration(&self, id: ObjectId) -> bool {
        self.cards
            .get(id.0 as usize)
            .is_some_and(|card| card.is_conjuration())
    }

    /// True when the object has Finite Life (itself or implied, as by Nonliving).
    pub fn has_finite_life(&self, id: ObjectId) -> bool {
        self.has_trait(id, Trait::FiniteLife)
    }

    /// True when the object is immune to `damage` (itself or implied, as Nonliving implies
    /// Poison Immunity).
    #[inline]
    pub fn is_immune(&self, id: ObjectId, damage: DamageType) -> bool {
        self.has_trait(id, Trait::Immunity(damage))
    }

    /// True when the object is Incapacitated (a trait, or imposed by a condition).
    #[inline(always)]
    pub fn is_incapacitated(&self, id: ObjectId) -> bool {
        self.has_trait(id, Trait::Incapacitated)
    }

    /// True when the object is Restrained (a trait, or imposed by a condition).
    #[inline]
    pub fn is_restrained(&self, id: ObjectId) -> bool {
        self.has_trait(id, Trait::Restrained)
    }

    /// True while the object is in play.
    #[inline]
    pub fn in_play(&self, id: ObjectId) -> bool {
        self.store.get(id).is_some_and(|o| o.in_play)
    }

    /// Sets a marker count and logs it; a condition keeps at most its
    /// [`marker_limit`] of markers (one for `stacking = "once"`).
    #[inline]
    pub fn set_markers(&mut self, id: ObjectId, marker: Marker, count: u32) {
        let count = match marker {
            Marker::Condition(condition) => count.min(marker_limit(condition)),
            _ => count,
        };
        // Only an object whose count changes is written to (and so copied, when a copy of the
        // state shares it).
        let changes = self
            .store
            .get(id)
            .is_some_and(|o| o.marker_count(&marker) != count);
        if changes {
            self.change_markers(id, marker, count);
        }
    }

    /// [`Game::set_markers`] once the count changes.
    #[inline(never)]
    fn change_markers(&mut self, id: ObjectId, marker: Marker, count: u32) {
        if let Some(o) = self.store.get_mut(id) {
            o.set_markers(&marker, count);
            self.log.push(GameEvent::Markers {
                object: id,
                marker,
                count,
            });
            if let Marker::Condition(_) = marker {
                self.refresh_traits(id);
            }
        }
    }

    /// Sets a player's mana and logs it.
    pub fn set_mana(&mut self, player: PlayerId, mana: u32) {
        let index = player.0 as usize;
        if self.mana.len() <= index {
            self.mana.resize(index + 1, 0);
        }
        self.mana[index] = mana;
        self.log.push(GameEvent::Mana { player, mana });
    }

    /// A player's mana.
    #[inline]
    pub fn mana_of(&self, player: PlayerId) -> u32 {
        self.mana.get(player.0 as usize).copied().unwrap_or(0)
    }

    /// Places damage (none on an Indestructible object), applies the conditions that react to
    /// damage (`replace_with` at `OnDamage`: Sleep becomes Daze), and destroys the object when
    /// its damage reaches its Life. Returns the damage placed.
    pub fn deal_damage(&mut self, id: ObjectId, amount: u32, source: DamageSource) -> u32 {
        if amount == 0 || !self.in_play(id) || self.has_trait(id, Trait::Indestructible) {
            return 0;
        }
        if let Some(o) = self.store.get_mut(id) {
            o.damage = o.damage.saturating_add(amount);
        }
        self.log.push(GameEvent::Damaged {
            object: id,
            amount,
            source,
        });
        self.replace_conditions(id, Timing::OnDamage);
        self.check_destroyed_by(id, true);
        amount
    }

    /// Applies every `replace_with` operation at `timing` of the object's conditions: all
    /// markers of the condition turn into one marker of the replacement (Sleep, Slam → Daze).
    #[inline]
    pub fn replace_conditions(&mut self, id: ObjectId, timing: Timing) {
        // Only conditions are replaced: an object without any (most) has nothing to do.
        let conditions = self.store.get(id).is_some_and(|o| {
            o.markers
                .iter()
                .any(|(m, _)| matches!(m, Marker::Condition(_)))
        });
        if conditions {
            self.replace_held_conditions(id, timing);
        }
    }

    /// [`Game::replace_conditions`] for an object holding conditions.
    #[inline(never)]
    fn replace_held_conditions(&mut self, id: ObjectId, timing: Timing) {
        let Some(o) = self.store.get(id) else {
            return;
        };
        let mut replacements: SmallVec<[(Condition, Condition); 2]> = SmallVec::new();
        for &(marker, _) in &o.markers {
            if let Marker::Condition(condition) = marker {
                for op in condition.meta().effects {
                    if let EffectOp::ReplaceWith {
                        condition: new,
                        timing: t,
                    } = *op
                    {
                        if t == timing {
                            replacements.push((condition, new));
                        }
                    }
                }
            }
        }
        for (old, new) in replacements {
            self.set_markers(id, Marker::Condition(old), 0);
            let count = self.conditions(id, new);
            self.set_markers(id, Marker::Condition(new), count.saturating_add(1));
        }
    }

    /// Removes up to `amount` damage (healing); Finite Life prevents it. Each Bleed marker is
    /// removed by preventing 1 point of that healing (supplement: Bleed; the codex entry's
    /// native handler `bleed`). Returns the amount removed. Healing removes one Rage token.
    pub fn heal(&mut self, id: ObjectId, amount: u32) -> u32 {
        if self.has_finite_life(id) || !self.in_play(id) {
            return 0;
        }
        let damage = self.store.get(id).map_or(0, |o| o.damage);
        let healing = amount.min(damage);
        let bleeds = self.conditions(id, Condition::Bleed);
        let prevented = healing.min(bleeds);
        if prevented > 0 {
            self.set_markers(id, Marker::Condition(Condition::Bleed), bleeds - prevented);
        }
        let Some(o) = self.store.get_mut(id) else {
            return 0;
        };
        let healed = healing - prevented;
        o.damage -= healed;
        if healed > 0 {
            self.log.push(GameEvent::Healed {
                object: id,
                amount: healed,
            });
            let rage = self
                .store
                .get(id)
                .map_or(0, |o| o.marker_count(&Marker::Rage));
            let no_damage = self.store.get(id).is_some_and(|o| o.damage == 0);
            self.set_markers(
                id,
                Marker::Rage,
                if no_damage { 0 } else { rage.saturating_sub(1) },
            );
        }
        healed
    }

    /// Destroys the object if its damage has reached its Life after its Life dropped (not
    /// destroyed by damage: ruling 59).
    pub fn check_destroyed(&mut self, id: ObjectId) {
        self.check_destroyed_by(id, false);
    }

    /// Destroys the object if its damage has reached its Life; `by_damage` when damage was just
    /// placed on it.
    #[inline]
    fn check_destroyed_by(&mut self, id: ObjectId, by_damage: bool) {
        let life = self.life(id);
        let reached = self
            .store
            .get(id)
            .is_some_and(|o| life > 0 && o.damage >= life);
        if reached {
            self.destroy_by(id, by_damage);
        }
    }

    /// Destroys the object (not by damage).
    pub fn destroy(&mut self, id: ObjectId) {
        self.destroy_by(id, false);
    }

    fn destroy_by(&mut self, id: ObjectId, by_damage: bool) {
        let mut parent = None;
        if let Some(o) = self.store.get_mut(id) {
            if o.in_play {
                o.in_play = false;
                parent = o.attached_to;
                self.log.push(GameEvent::Destroyed {
                    object: id,
                    by_damage,
                });
                if by_damage {
                    self.destroyed_by_damage.push(id);
                }
            }
        }
        // A destroyed enchantment or equipment no longer grants or removes traits.
        if let Some(parent) = parent {
            self.end_attachment_effects(id, parent);
        }
    }

    /// True when the object was destroyed by damage reaching its Life.
    pub fn was_destroyed_by_damage(&self, id: ObjectId) -> bool {
        self.destroyed_by_damage.contains(&id)
    }

    /// The creature that placed a taunt marker (a condition with a `remove_all` at
    /// `OnTaunterActivation`, such as Taunt) on `id`, while it has one.
    #[inline]
    pub fn taunter(&self, id: ObjectId) -> Option<ObjectId> {
        self.taunts
            .iter()
            .find(|(taunted, condition, _)| *taunted == id && self.conditions(id, *condition) > 0)
            .map(|&(_, _, taunter)| taunter)
    }

    /// Places a taunt marker `condition` on `id` naming `taunter` (codex: Taunt). It counts
    /// once: a new taunter replaces the previous one. A creature cannot taunt itself.
    pub fn taunt(&mut self, id: ObjectId, condition: Condition, taunter: ObjectId) {
        if id == taunter {
            return;
        }
        self.taunts
            .retain(|(taunted, c, _)| !(*taunted == id && *c == condition));
        self.taunts.push((id, condition, taunter));
        self.set_markers(id, Marker::Condition(condition), 1);
    }

    /// Removes the `condition` markers from `id` and forgets who placed them.
    pub fn remove_condition(&mut self, id: ObjectId, condition: Condition) {
        self.taunts
            .retain(|(taunted, c, _)| !(*taunted == id && *c == condition));
        self.set_markers(id, Marker::Condition(condition), 0);
    }

    /// Moves the object to `zone`.
    pub fn move_to(&mut self, id: ObjectId, zone: Zone) {
        if let Some(o) = self.store.get_mut(id) {
            o.zone = zone;
            self.log.push(GameEvent::Moved { object: id, zone });
        }
    }

    /// Applies what follows a change of traits: excess Corrode falls off and the object is
    /// destroyed if its damage now reaches its Life.
    pub fn traits_changed(&mut self, id: ObjectId) {
        self.refresh_traits(id);
        self.drop_excess_corrode(id);
        self.check_destroyed(id);
    }

    /// Removes armor-lowering condition markers beyond the armor they can reduce
    /// (supplement: Corrode).
    pub fn drop_excess_corrode(&mut self, id: ObjectId) {
        let armor = self.armor_before_conditions(id);
        if self.conditions(id, Condition::Corrode) > armor {
            self.set_markers(id, Marker::Condition(Condition::Corrode), armor);
        }
    }
}

/// An attribute from the printed card and the object's traits (`sorted` as in a trait view);
/// see [`Game::attribute`].
fn attribute_of(card: &Printed, sorted: &[(Trait, u64)], attribute: Attribute) -> u32 {
    let printed = match attribute {
        Attribute::Armor => card.armor,
        Attribute::Life => card.life,
        Attribute::Channeling => card.channeling,
    };
    if attribute == Attribute::Channeling && printed == 0 {
        return 0;
    }
    let (total, locked) = {
        let finite_since = sorted
            .iter()
            .filter(|(t, _)| *t == Trait::FiniteLife)
            .map(|(_, ts)| *ts)
            .min();
        let mut total = i32::from(printed);
        let mut locked = None;
        let mut rest = sorted;
        while let Some(((first, _), _)) = rest.split_first() {
            let run = rest
                .iter()
                .position(|(t, _)| !t.same_kind(first))
                .unwrap_or(rest.len());
            let meta = first.meta();
            for op in meta.effects {
                let EffectOp::AttributeModifier {
                    attribute: a,
                    per_x,
                    fixed,
                    locked: lock,
                } = *op
                else {
                    continue;
                };
                if a != attribute {
                    continue;
                }
                if lock {
                    locked = Some(i32::from(fixed));
                    continue;
                }
                let counted = rest[..run].iter().filter(|(t, ts)| {
                    let gain = i32::from(per_x) * x(t) > 0;
                    let after_finite = finite_since.is_some_and(|since| *ts >= since);
                    !(attribute == Attribute::Life && gain && after_finite)
                });
                if let Some(x) = stack(meta.stacking, counted.map(|(t, _)| x(t))) {
                    total = total
                        .saturating_add(i32::from(per_x).saturating_mul(x))
                        .saturating_add(i32::from(fixed));
                }
            }
            rest = &rest[run..];
        }
        (total, locked)
    };
    locked.unwrap_or(total).max(attribute_floor(attribute)) as u32
}

/// The position of an attribute in a trait view's `attributes`.
fn attribute_slot(attribute: Attribute) -> usize {
    match attribute {
        Attribute::Armor => 0,
        Attribute::Life => 1,
        Attribute::Channeling => 2,
    }
}

/// The lowest value of an attribute (`game.toml`: `MIN_ARMOR`, `MIN_CHANNELING`).
fn attribute_floor(attribute: Attribute) -> i32 {
    match attribute {
        Attribute::Armor => MIN_ARMOR as i32,
        Attribute::Channeling => MIN_CHANNELING as i32,
        Attribute::Life => 0,
    }
}
