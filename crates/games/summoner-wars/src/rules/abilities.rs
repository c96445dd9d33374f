//! What abilities a card has, and the passive values they make (FAQ Expanded Rules: Granted
//! Abilities, Under Effects, Value Modifiers).
//!
//! - A card off the battlefield has only its base abilities; a unit on it has its base
//!   abilities, the abilities granted to it (by effects or by events attached to it) and, when
//!   it copies another unit, that unit's abilities (live while the other unit is on the
//!   battlefield, its base abilities once it left). An attached `lose_abilities` effect
//!   (Freeze) removes them all; classes stay.
//! - A card holds one copy of an ability (`stacking = "once"`); a `sum` entry (a non-ability
//!   bonus such as a Hellforged Weapon's strength) counts each time it is given.
//! - Cards under a unit have no abilities of their own, but each one's printed effects modify
//!   the unit it is under, each instance separately (two Ice Smiths, two substitutions).

use grimoire_engine::ObjectId;

use super::content::{
    Ability, Condition, Count, EffectOp, Passable, Recipient, Stacking, Timing, MOVE_SPACES,
};
use super::state::{Game, Kind, Place};

/// The farthest another unit's ability reaches a friendly unit (`FriendlyCommonWithin`).
const REACH: u32 = 4;

/// How deep copying may chain (a copy of a copy...) before it stops: a guard against cycles.
const COPY_DEPTH: u32 = 4;

/// One effect operation acting on a unit, with the card it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acting {
    /// The card whose ability or effect it is.
    pub source: ObjectId,
    /// The ability or event effect.
    pub ability: Ability,
    /// The operation.
    pub op: EffectOp,
}

/// A card's abilities: most cards have exactly the ones printed on their card, kept as the
/// card table's own list; others a list built for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AbilityList {
    /// The card table's list (printed abilities, no copy dropped).
    Printed(&'static [Ability]),
    /// A list built from printed, granted, attached and copied abilities.
    Built(Vec<Ability>),
}

impl std::ops::Deref for AbilityList {
    type Target = [Ability];

    fn deref(&self) -> &[Ability] {
        match self {
            AbilityList::Printed(list) => list,
            AbilityList::Built(list) => list,
        }
    }
}

impl IntoIterator for AbilityList {
    type Item = Ability;
    type IntoIter = AbilityIter;

    fn into_iter(self) -> AbilityIter {
        match self {
            AbilityList::Printed(list) => AbilityIter::Printed(list.iter()),
            AbilityList::Built(list) => AbilityIter::Built(list.into_iter()),
        }
    }
}

impl<'a> IntoIterator for &'a AbilityList {
    type Item = &'a Ability;
    type IntoIter = std::slice::Iter<'a, Ability>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The abilities of an [`AbilityList`], by value.
pub enum AbilityIter {
    /// Over a card table's list.
    Printed(std::slice::Iter<'static, Ability>),
    /// Over a built list.
    Built(std::vec::IntoIter<Ability>),
}

impl Iterator for AbilityIter {
    type Item = Ability;

    fn next(&mut self) -> Option<Ability> {
        match self {
            AbilityIter::Printed(iter) => iter.next().copied(),
            AbilityIter::Built(iter) => iter.next(),
        }
    }
}

/// The abilities `id` has now, one entry per copy that counts (see the module docs).
pub fn abilities(game: &Game, id: ObjectId) -> AbilityList {
    if let Some(list) = game
        .pieces
        .get(id.0 as usize)
        .and_then(|p| card_list(game, id, p))
    {
        return AbilityList::Printed(list);
    }
    super::memo::abilities(game, id, || abilities_at_depth(game, id, 0))
}

/// The abilities of `piece` when they are a card table's list as it is (no ability, or only
/// the printed ones, none added from elsewhere and none dropped); `None` when they must be
/// built. A list that is not empty is the piece's base abilities.
fn card_list(game: &Game, id: ObjectId, piece: &super::state::Piece) -> Option<&'static [Ability]> {
    if piece.square().is_none() {
        return piece.stand_in.is_empty().then(|| piece.base_list());
    }
    if piece.no_abilities_this_turn {
        return Some(&[]);
    }
    let base = piece.base_list();
    debug_assert_eq!(
        piece.hosts_any(),
        game.hosts(id),
        "the count of hosted cards is out of step"
    );
    debug_assert_eq!(
        piece.base_facts(),
        BaseFacts::of(base),
        "a piece's base facts are out of step with its card"
    );
    (piece.stand_in.is_empty()
        && piece.granted.is_empty()
        && piece.turn_granted.is_empty()
        && piece.copying.is_none()
        && !piece.hosts_any()
        && piece.base_facts().whole)
        .then_some(base)
}

/// Whether `id` has no ability of its own with an operation landing on itself at `timing`
/// and nothing under it, read from its card's [`BaseFacts`] when its abilities are a card
/// table's list; `false` when that takes building its abilities to tell.
fn quiet_itself(game: &Game, id: ObjectId, timing: Timing) -> bool {
    let Some(piece) = game.pieces.get(id.0 as usize) else {
        return false;
    };
    card_list(game, id, piece)
        .is_some_and(|list| list.is_empty() || piece.base_facts().own & timing_bit(timing) == 0)
        && !game.hosts(id)
}

/// What a card's base abilities are like, read once per piece ([`Piece::base_facts`]): the
/// questions asked about every card's abilities for every action answer from them when the
/// card has only its base abilities.
///
/// [`Piece::base_facts`]: super::state::Piece::base_facts
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BaseFacts {
    /// The list is one a card keeps whole: every entry an ability a card has, no second copy
    /// of one that does not stack.
    pub whole: bool,
    /// The timings (one bit each) of its abilities with an operation landing on the card
    /// itself (recipient `ThisUnit`).
    pub own: u32,
    /// The timings of its abilities with an operation reaching other units.
    pub reach: u32,
    /// The timings of its abilities with an operation reaching every unit (`AllUnits`).
    pub all_units: u32,
    /// One of its abilities lowers life (`modify_life` below 0).
    pub lowers_life: bool,
}

impl BaseFacts {
    /// The facts of no ability.
    pub const NONE: Self = Self {
        whole: true,
        own: 0,
        reach: 0,
        all_units: 0,
        lowers_life: false,
    };

    /// The facts of the list `list`.
    pub fn of(list: &[Ability]) -> Self {
        let facts = facts();
        let mut own = 0;
        for ability in list {
            let meta = ability.meta();
            if meta
                .effects
                .iter()
                .any(|op| recipient(op) == Recipient::ThisUnit)
            {
                own |= timing_bit(meta.timing.unwrap_or(Timing::Passive));
            }
        }
        Self {
            whole: kept_whole(list),
            own,
            reach: list.iter().fold(0, |m, a| m | facts.reaching[a.index()]),
            all_units: list.iter().fold(0, |m, a| m | facts.all_units[a.index()]),
            lowers_life: list.iter().any(|a| lowers_life(*a)),
        }
    }
}

/// Whether one of the ability's operations lowers life (`modify_life` below 0).
pub(super) fn lowers_life(ability: Ability) -> bool {
    ability
        .meta()
        .effects
        .iter()
        .any(|op| matches!(*op, EffectOp::ModifyLife { amount, .. } if amount < 0))
}

/// Whether `list` is what adding each of its entries in turn keeps (every entry an ability a
/// card has, no second copy of one that does not stack).
pub(super) fn kept_whole(list: &[Ability]) -> bool {
    list.iter().enumerate().all(|(i, &ability)| {
        grants_abilities(ability)
            && (ability.meta().stacking == Stacking::Sum || !list[..i].contains(&ability))
    })
}

fn abilities_at_depth(game: &Game, id: ObjectId, depth: u32) -> AbilityList {
    let Ok(piece) = game.piece(id) else {
        return AbilityList::Printed(&[]);
    };
    if let Some(list) = card_list(game, id, piece) {
        return AbilityList::Printed(list);
    }
    if piece.square().is_none() {
        return AbilityList::Built(printed(piece));
    }
    // One pass over the cards for the events attached to it (most units have none).
    let mut attached: Vec<&super::state::Piece> = Vec::new();
    let linked = if game.hosts(id) {
        &game.pieces[..]
    } else {
        &[]
    };
    for event in linked.iter().filter(|p| p.place() == Place::Attached(id)) {
        if event.carries.iter().any(|a| !grants_abilities(*a)) {
            return AbilityList::Printed(&[]);
        }
        attached.push(event);
    }
    let mut list: Vec<Ability> = Vec::new();
    let add = |ability: Ability, list: &mut Vec<Ability>| {
        if grants_abilities(ability)
            && (ability.meta().stacking == Stacking::Sum || !list.contains(&ability))
        {
            list.push(ability);
        }
    };
    for &ability in piece
        .base_abilities()
        .iter()
        .chain(&piece.stand_in)
        .chain(&piece.granted)
        .chain(&piece.turn_granted)
    {
        add(ability, &mut list);
    }
    for event in attached {
        for &ability in &event.carries {
            add(ability, &mut list);
        }
    }
    if let Some((target, incarnation)) = piece.copying {
        let live = game.is_on_battlefield(target)
            && game
                .piece(target)
                .is_ok_and(|t| t.incarnation == incarnation);
        let copied = if live && depth < COPY_DEPTH {
            abilities_at_depth(game, target, depth + 1)
        } else {
            AbilityList::Printed(game.piece(target).map_or(&[], |t| t.base_abilities()))
        };
        for ability in copied {
            add(ability, &mut list);
        }
    }
    AbilityList::Built(list)
}

/// A card's printed abilities: its card's, and those of the 2nd edition card it stands in for.
pub fn printed(piece: &super::state::Piece) -> Vec<Ability> {
    let mut list = piece.base_abilities().to_vec();
    for &ability in &piece.stand_in {
        if !list.contains(&ability) {
            list.push(ability);
        }
    }
    list
}

/// Whether an entry is an ability a card has (not an effect acting on the card from outside,
/// like Freeze's loss of abilities).
fn grants_abilities(ability: Ability) -> bool {
    facts().grants[ability.index()]
}

/// Whether an event attached to the unit takes its abilities away.
pub fn has_lost_abilities(game: &Game, id: ObjectId) -> bool {
    attached_to(game, id).into_iter().any(|event| {
        game.pieces[event.0 as usize]
            .carries
            .iter()
            .any(|a| !grants_abilities(*a))
    })
}

/// Events attached to `id`.
pub fn attached_to(game: &Game, id: ObjectId) -> Vec<ObjectId> {
    if !game.hosts(id) {
        return Vec::new();
    }
    game.outside_piles()
        .filter(|other| game.pieces[other.0 as usize].place() == Place::Attached(id))
        .collect()
}

/// Cards under `id`.
pub fn under(game: &Game, id: ObjectId) -> Vec<ObjectId> {
    if !game.hosts(id) {
        return Vec::new();
    }
    game.outside_piles()
        .filter(|other| game.pieces[other.0 as usize].place() == Place::Under(id))
        .collect()
}

/// The recipient an operation names, if it has one (`ThisUnit` for those without).
pub fn recipient(op: &EffectOp) -> Recipient {
    match *op {
        EffectOp::ModifyMovement { to, .. }
        | EffectOp::AddDamage { to, .. }
        | EffectOp::AddBoost { to, .. }
        | EffectOp::ModifyStrength { to, .. }
        | EffectOp::DamageCap { to, .. }
        | EffectOp::Block { to, .. }
        | EffectOp::Force { to, .. } => to,
        _ => Recipient::ThisUnit,
    }
}

/// Every effect operation with timing `timing` acting on unit `id` now: its own abilities,
/// the printed effects of cards under it, abilities of other units that reach it
/// (`AdjacentFriendly`, `AdjacentDamagedFriendly`, `AllUnits`) and active events' effects
/// that reach every unit.
pub fn acting_on(game: &Game, id: ObjectId, timing: Timing) -> Vec<Acting> {
    // Most cards have nothing of their own at a timing: what reaches them from other cards is
    // read from the operations broadcast (few, shared by every question on the state).
    if quiet_itself(game, id, timing) {
        return reached_by_others(game, id, timing, Vec::new());
    }
    super::memo::acting(game, id, timing, || compute_acting_on(game, id, timing))
}

/// The entries of [`acting_on`] whose source is `id` itself, in the same order: the operations
/// of its own abilities with timing `timing` that land on it. Cards under it, other units and
/// active events are not looked at.
pub fn own_acting(game: &Game, id: ObjectId, timing: Timing) -> Vec<Acting> {
    let mut out = Vec::new();
    visit_own(game, id, timing, |a| out.push(a));
    out
}

/// `visit` of each entry of [`own_acting`], in order, without gathering them.
fn visit_own(game: &Game, id: ObjectId, timing: Timing, mut visit: impl FnMut(Acting)) {
    if quiet_itself(game, id, timing) {
        return;
    }
    let timed = |a: Ability| a.meta().timing.unwrap_or(Timing::Passive) == timing;
    for ability in abilities(game, id).into_iter().filter(|a| timed(*a)) {
        for op in ability.meta().effects {
            if recipient(op) == Recipient::ThisUnit {
                visit(Acting {
                    source: id,
                    ability,
                    op: *op,
                });
            }
        }
    }
}

/// `visit` of each entry of [`local_acting`], in order, without gathering them.
pub fn visit_local(game: &Game, id: ObjectId, timing: Timing, mut visit: impl FnMut(Acting)) {
    visit_own(game, id, timing, &mut visit);
    if !game.hosts(id) {
        return;
    }
    let timed = |a: Ability| a.meta().timing.unwrap_or(Timing::Passive) == timing;
    for below in under(game, id) {
        let piece = &game.pieces[below.0 as usize];
        let printed = piece.base_abilities().iter().chain(&piece.carries);
        for &ability in printed.filter(|a| timed(**a)) {
            for op in ability.meta().effects {
                if recipient(op) == Recipient::ThisUnit {
                    visit(Acting {
                        source: below,
                        ability,
                        op: *op,
                    });
                }
            }
        }
    }
}

/// The entries of [`acting_on`] that come from `id` itself and the cards under it, in the same
/// order: every entry whose operation's recipient is `ThisUnit`. Other units and active events
/// reach `id` only by a recipient naming other units, so for an operation without a recipient
/// (Soulless, Precise, `life_per_boost`...) this is all of `acting_on`.
pub fn local_acting(game: &Game, id: ObjectId, timing: Timing) -> Vec<Acting> {
    let mut out = Vec::new();
    visit_local(game, id, timing, |a| out.push(a));
    out
}

/// `visit` of each entry of [`acting_on`], in order, gathered on the stack rather than
/// remembered (for a question asked once about a card: its movement, a block).
pub fn acting_on_each(game: &Game, id: ObjectId, timing: Timing, mut visit: impl FnMut(Acting)) {
    let mut found = ActingList::new();
    acting_on_into(game, id, timing, &mut found);
    for a in found {
        visit(a);
    }
}

/// The entries of [`acting_on`] with timing `timing`, in order, added to `found` (kept on the
/// stack while few) rather than remembered.
fn acting_on_into(game: &Game, id: ObjectId, timing: Timing, found: &mut ActingList) {
    let start = found.len();
    visit_local(game, id, timing, |a| found.push(a));
    visit_reached(game, id, timing, |a| found.push(a));
    debug_assert_eq!(
        &found[start..],
        &acting_on(game, id, timing)[..],
        "the entries acting on a card, visited, differ from acting_on"
    );
}

/// Operations acting on a card, gathered on the stack while few.
type ActingList = smallvec::SmallVec<[Acting; 8]>;

fn compute_acting_on(game: &Game, id: ObjectId, timing: Timing) -> Vec<Acting> {
    reached_by_others(game, id, timing, local_acting(game, id, timing))
}

/// `out` (what acts on `id` from itself and the cards under it) followed by the operations of
/// other cards that reach `id` with timing `timing`.
fn reached_by_others(
    game: &Game,
    id: ObjectId,
    timing: Timing,
    mut out: Vec<Acting>,
) -> Vec<Acting> {
    visit_reached(game, id, timing, |a| out.push(a));
    out
}

/// `visit` of each operation of other cards that reaches `id` with timing `timing`, in order
/// (`visit` must not ask the memo anything).
fn visit_reached(game: &Game, id: ObjectId, timing: Timing, mut visit: impl FnMut(Acting)) {
    let Some(me) = game.pieces.get(id.0 as usize) else {
        return;
    };
    if me.square().is_none() {
        return;
    }
    // Only a friendly neighbour, or a card with an ability reaching every unit, can act on
    // `id`.
    with_broadcast(game, timing, |broadcast| {
        let Some(broadcast) = broadcast else {
            return;
        };
        for acting in &broadcast.units {
            let other = acting.source;
            if other == id {
                continue;
            }
            let shares =
                broadcast.everyone || (game.friendly(id, other) && game.within(id, other, REACH));
            if !shares {
                continue;
            }
            let reaches = match recipient(&acting.op) {
                Recipient::FriendlyAdjacent => game.adjacent(id, other) && game.friendly(id, other),
                Recipient::AdjacentDamagedFriendly => {
                    game.adjacent(id, other) && game.friendly(id, other) && me.damage > 0
                }
                Recipient::AllUnits => true,
                Recipient::FriendlyCommonWithin => match acting.op {
                    EffectOp::ModifyStrength { within, .. } => {
                        game.friendly(id, other)
                            && me.kind() == Kind::Common
                            && game.within(other, id, within.into())
                    }
                    _ => false,
                },
                _ => false,
            };
            if reaches {
                visit(*acting);
            }
        }
        for acting in &broadcast.events {
            visit(*acting);
        }
    });
}

/// The operations with one timing that may act on units other than their own card.
#[derive(Debug, Default)]
pub(super) struct Broadcast {
    /// Some card in play has an ability reaching every unit (on its own, granted or carried
    /// entries): then every unit's abilities are looked at for every unit, not only those of
    /// friendly units within `REACH`.
    everyone: bool,
    /// The operations of units on the battlefield (in id order) whose recipient is other units
    /// (`FriendlyAdjacent`, `AdjacentDamagedFriendly`, `AllUnits`, `FriendlyCommonWithin`).
    units: Vec<Acting>,
    /// The operations of active events (in id order) reaching every unit.
    events: Vec<Acting>,
}

/// What the codex says about each ability and each timing, read once from its tables.
struct Facts {
    /// By ability: it is an ability a card has ([`grants_abilities`]).
    grants: Vec<bool>,
    /// By ability: [`timing_bit`] of its timing when it has an operation with recipient
    /// `AllUnits` (it reaches every unit), else 0.
    all_units: Vec<u32>,
    /// Every timing some ability has in `all_units`, one bit each.
    all_units_timings: u32,
    /// By ability: [`timing_bit`] of its timing when it has an operation whose recipient is
    /// other units (`FriendlyAdjacent`, `AdjacentDamagedFriendly`, `AllUnits`,
    /// `FriendlyCommonWithin`), else 0.
    reaching: Vec<u32>,
    /// By timing: some ability of that timing is `reaching`.
    timing_reaches: [bool; Timing::ALL.len()],
}

/// Whether an operation's recipient is other units.
fn reaches_others(op: &EffectOp) -> bool {
    matches!(
        recipient(op),
        Recipient::FriendlyAdjacent
            | Recipient::AdjacentDamagedFriendly
            | Recipient::AllUnits
            | Recipient::FriendlyCommonWithin
    )
}

/// One bit per timing, for the masks of [`Facts`].
fn timing_bit(timing: Timing) -> u32 {
    1 << timing as u32
}

/// The [`Facts`] of the codex tables.
fn facts() -> &'static Facts {
    static FACTS: std::sync::OnceLock<Facts> = std::sync::OnceLock::new();
    FACTS.get_or_init(|| {
        let metas = &super::content::ABILITY_META;
        let mut timing_reaches = [false; Timing::ALL.len()];
        let bit = |meta: &super::content::AbilityMeta, has: bool| {
            if has {
                timing_bit(meta.timing.unwrap_or(Timing::Passive))
            } else {
                0
            }
        };
        let reaching: Vec<u32> = metas
            .iter()
            .map(|meta| bit(meta, meta.effects.iter().any(reaches_others)))
            .collect();
        for (meta, &reaches) in metas.iter().zip(&reaching) {
            if reaches != 0 {
                timing_reaches[meta.timing.unwrap_or(Timing::Passive) as usize] = true;
            }
        }
        let all_units: Vec<u32> = metas
            .iter()
            .map(|meta| {
                let all = meta
                    .effects
                    .iter()
                    .any(|op| recipient(op) == Recipient::AllUnits);
                bit(meta, all)
            })
            .collect();
        Facts {
            grants: metas
                .iter()
                .map(|meta| {
                    !meta
                        .effects
                        .iter()
                        .any(|op| matches!(op, EffectOp::LoseAbilities))
                })
                .collect(),
            all_units_timings: all_units.iter().fold(0, |timings, bit| timings | bit),
            all_units,
            reaching,
            timing_reaches,
        }
    })
}

/// `read` of the operations with timing `timing` that may act on other units
/// ([`Broadcast`]), read in place rather than copied by every question on the same state;
/// `None` when there are none (no codex ability of that timing reaches other units, or no card
/// in play has one). `read` must not ask the memo anything.
fn with_broadcast(game: &Game, timing: Timing, read: impl FnOnce(Option<&Broadcast>)) {
    // No ability of this timing reaches another unit: nothing can be broadcast (every entry
    // a card can have, printed, granted or carried, is one of the codex's abilities).
    let facts = facts();
    if !facts.timing_reaches[timing as usize] {
        return read(None);
    }
    let compute = || {
        let bit = timing_bit(timing);
        let timed = |a: Ability| a.meta().timing.unwrap_or(Timing::Passive) == timing;
        let reaching = |op: &EffectOp| {
            matches!(
                recipient(op),
                Recipient::FriendlyAdjacent
                    | Recipient::AdjacentDamagedFriendly
                    | Recipient::AllUnits
                    | Recipient::FriendlyCommonWithin
            )
        };
        let of_timing =
            |mask: &[u32], list: &[Ability]| list.iter().any(|a| mask[a.index()] & bit != 0);
        let mut everyone = false;
        let mut events = Vec::new();
        let mut units = Vec::new();
        // One pass in id order over the cards in play.
        for id in game.outside_piles() {
            let p = &game.pieces[id.0 as usize];
            let place = p.place();
            // Only a timing some ability reaches every unit with can make it `everyone`.
            everyone = everyone
                || (facts.all_units_timings & bit != 0)
                    && (p.base_facts().all_units & bit != 0
                        || of_timing(&facts.all_units, &p.granted)
                        || of_timing(&facts.all_units, &p.carries));
            match place {
                Place::Active => {
                    for &ability in p.carries.iter().filter(|a| timed(**a)) {
                        for op in ability.meta().effects {
                            if recipient(op) == Recipient::AllUnits {
                                events.push(Acting {
                                    source: id,
                                    ability,
                                    op: *op,
                                });
                            }
                        }
                    }
                }
                Place::Battlefield(_) => {
                    // A unit's abilities come from its own lists, attached events and the unit
                    // it copies: one without the latter two (nothing attached or under it) and
                    // no reaching operation in its lists has none to give.
                    let may_reach = p.copying.is_some()
                        || game.hosts(id)
                        || p.base_facts().reach & bit != 0
                        || of_timing(&facts.reaching, &p.stand_in)
                        || of_timing(&facts.reaching, &p.granted)
                        || of_timing(&facts.reaching, &p.turn_granted);
                    if !may_reach {
                        continue;
                    }
                    for ability in abilities(game, id).into_iter().filter(|a| timed(*a)) {
                        for op in ability.meta().effects.iter().filter(|op| reaching(op)) {
                            units.push(Acting {
                                source: id,
                                ability,
                                op: *op,
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        (!units.is_empty() || !events.is_empty()).then_some(Broadcast {
            everyone,
            units,
            events,
        })
    };
    super::memo::with_broadcast(game, timing, compute, read)
}

/// The operations of `id`'s own abilities with timing `timing`, whoever they land on
/// (triggered abilities: Engage's damage lands on the moving unit, Riposte's on the
/// attacker).
pub fn own_ops(game: &Game, id: ObjectId, timing: Timing) -> Vec<Acting> {
    abilities(game, id)
        .into_iter()
        .filter(|a| a.meta().timing == Some(timing))
        .flat_map(|ability| {
            ability.meta().effects.iter().map(move |op| Acting {
                source: id,
                ability,
                op: *op,
            })
        })
        .collect()
}

/// Strength decreases with an absolute minimum that last for one attack (Divine Shield).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decrease {
    /// How much lower.
    pub amount: i32,
    /// The absolute minimum, if any.
    pub minimum: Option<i32>,
}

/// A unit's strength now (FAQ Value Modifiers): printed strength and turn bonuses, then every
/// increase (each `strength_per_boost` capped on its own), then decreases with an absolute
/// minimum, then other decreases. `extra` are decreases of the current attack.
pub fn strength(game: &Game, id: ObjectId, extra: &[Decrease]) -> i32 {
    strength_against(game, id, None, extra)
}

/// Whether `condition` holds for unit `id`, attacking `target` when there is one (target
/// conditions never hold outside an attack).
pub fn holds(game: &Game, id: ObjectId, target: Option<ObjectId>, condition: Condition) -> bool {
    let Ok(piece) = game.piece(id) else {
        return false;
    };
    let target_piece = target.and_then(|t| game.piece(t).ok());
    match condition {
        Condition::Always => true,
        Condition::TargetAdjacent => target.is_some_and(|t| game.adjacent(id, t)),
        Condition::TargetIsStructure => target_piece.is_some_and(|t| t.is_structure()),
        Condition::TargetCostsMoreThanOne => target_piece.is_some_and(|t| t.cost() > 1),
        Condition::TargetDamagedUnit => target_piece
            .is_some_and(|t| matches!(t.kind(), Kind::Common | Kind::Champion) && t.damage > 0),
        Condition::OnEnemySide => piece
            .square()
            .is_some_and(|s| game.on_side_of(Game::opponent(piece.controller), s)),
        Condition::OnOwnSide => piece
            .square()
            .is_some_and(|s| game.on_side_of(piece.controller, s)),
        Condition::DrawPileEmpty => game.pile(piece.controller, Place::DrawPile).is_empty(),
        Condition::LifeLeftBelowFive => {
            life(game, id).is_some_and(|l| i64::from(l) - i64::from(piece.damage) < 5)
        }
        Condition::BesideEnemy => game
            .neighbours(id)
            .into_iter()
            .any(|n| !game.friendly(id, n) && game.pieces[n.0 as usize].is_unit()),
        Condition::HoldsCardUnder => !under(game, id).is_empty(),
        Condition::TargetBesideFriendlyInsight => target.is_some_and(|t| {
            !game.friendly(id, t)
                && game.pieces[t.0 as usize].is_unit()
                && game
                    .neighbours(t)
                    .into_iter()
                    .any(|n| game.friendly(id, n) && abilities(game, n).contains(&Ability::Insight))
        }),
        Condition::AdjacentTargetAfterStartBesideEnemy => {
            piece.began_turn_beside_enemy && target.is_some_and(|t| game.adjacent(id, t))
        }
        Condition::BesideWeakEnemyStructure => game.neighbours(id).into_iter().any(|n| {
            let p = &game.pieces[n.0 as usize];
            !game.friendly(id, n)
                && p.is_structure()
                && life(game, n).is_some_and(|l| i64::from(l) - i64::from(p.damage) < 4)
        }),
        Condition::BesideFriendlyStructure => game
            .neighbours(id)
            .into_iter()
            .any(|n| game.friendly(id, n) && game.pieces[n.0 as usize].is_structure()),
        Condition::PlayedEventThisTurn => game.player(piece.controller).events_played_this_turn > 0,
    }
}

/// How many times a `per` modifier of unit `id` counts.
fn count(game: &Game, id: ObjectId, per: Count) -> i32 {
    let Ok(piece) = game.piece(id) else {
        return 0;
    };
    let n = match per {
        Count::Once => 1,
        Count::AdjacentFriendlyUnits => game
            .neighbours(id)
            .into_iter()
            .filter(|&n| game.friendly(id, n) && game.pieces[n.0 as usize].is_unit())
            .count(),
        Count::AdjacentSameCard => game
            .neighbours(id)
            .into_iter()
            .filter(|&n| game.pieces[n.0 as usize].card == piece.card)
            .count(),
        Count::PairsOfMagic => (game.player(piece.controller).magic / 2) as usize,
        Count::SpacesMovedThisTurn => piece.spaces_moved_this_turn as usize,
    };
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// A unit's strength attacking `target` (or outside an attack with `None`), by the order of
/// [`strength`]; `modify_strength` with a `condition` counts only while it holds.
pub fn strength_against(
    game: &Game,
    id: ObjectId,
    target: Option<ObjectId>,
    extra: &[Decrease],
) -> i32 {
    let Ok(piece) = game.piece(id) else {
        return 0;
    };
    let mut value = piece.printed_strength().saturating_add(piece.turn_strength);
    let mut decreases: Vec<Decrease> = extra.to_vec();
    for acting in acting_on(game, id, Timing::Passive) {
        match acting.op {
            EffectOp::ModifyStrength {
                amount,
                minimum,
                condition,
                per,
                max,
                ..
            } => {
                // The condition is read for the unit whose strength it is.
                if !holds(game, id, target, condition) {
                    continue;
                }
                let mut amount = i32::from(amount).saturating_mul(count(game, id, per));
                if max > 0 {
                    amount = amount.min(i32::from(max));
                }
                if amount >= 0 {
                    value = value.saturating_add(amount);
                } else {
                    decreases.push(Decrease {
                        amount: -amount,
                        minimum: minimum.map(i32::from),
                    });
                }
            }
            EffectOp::StrengthPerBoost { max } => {
                value = value.saturating_add(i32::from(max).min(boost_count(piece)));
            }
            _ => {}
        }
    }
    for d in decreases.iter().filter(|d| d.minimum.is_some()) {
        let minimum = d.minimum.unwrap_or(i32::MIN);
        if value > minimum {
            value = value.saturating_sub(d.amount).max(minimum);
        }
    }
    for d in decreases.iter().filter(|d| d.minimum.is_none()) {
        value = value.saturating_sub(d.amount);
    }
    value
}

/// The boost tokens on a card, as a strength or life bonus (saturating at `i32::MAX`).
fn boost_count(piece: &super::state::Piece) -> i32 {
    i32::try_from(piece.boost).unwrap_or(i32::MAX)
}

/// A card's life now: printed life plus `life_per_boost` (each capped on its own) and
/// `modify_life` acting on it; `None` for cards without life.
pub fn life(game: &Game, id: ObjectId) -> Option<u32> {
    // Both operations act only on their own card: with none of its own, the printed life.
    if quiet_itself(game, id, Timing::Passive) {
        let printed = game.pieces[id.0 as usize].life()?;
        return Some(i32::try_from(printed).unwrap_or(i32::MAX).max(0) as u32);
    }
    super::memo::life(game, id, || compute_life(game, id))
}

fn compute_life(game: &Game, id: ObjectId) -> Option<u32> {
    let piece = game.piece(id).ok()?;
    let mut value = i32::try_from(piece.life()?).unwrap_or(i32::MAX);
    // Neither operation names a recipient: they act only on their own unit.
    for acting in local_acting(game, id, Timing::Passive) {
        match acting.op {
            EffectOp::LifePerBoost { max } => {
                value = value.saturating_add(i32::from(max).min(boost_count(piece)));
            }
            EffectOp::ModifyLife { amount, .. } => value = value.saturating_add(i32::from(amount)),
            _ => {}
        }
    }
    Some(value.max(0) as u32)
}

/// Whether an operation is one [`movement`] reads.
fn shapes_movement(op: &EffectOp) -> bool {
    matches!(
        op,
        EffectOp::ModifyMovement { .. }
            | EffectOp::SoleMover { .. }
            | EffectOp::Immobile { .. }
            | EffectOp::MoveThrough { .. }
            | EffectOp::StraightMoveBonus { .. }
            | EffectOp::Mobile
    )
}

/// Whether some codex ability with timing `timing` has an operation [`movement`] reads (every
/// operation acting on a unit comes from an ability or event entry of the codex with that
/// timing).
fn timing_shapes_movement(timing: Timing) -> bool {
    static SHAPES: std::sync::OnceLock<[bool; Timing::ALL.len()]> = std::sync::OnceLock::new();
    SHAPES.get_or_init(|| {
        let mut shapes = [false; Timing::ALL.len()];
        for meta in &super::content::ABILITY_META {
            if meta.effects.iter().any(shapes_movement) {
                shapes[meta.timing.unwrap_or(Timing::Passive) as usize] = true;
            }
        }
        shapes
    })[timing as usize]
}

/// How a unit may move this turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    /// Spaces it may move (0: it cannot move).
    pub spaces: i32,
    /// Extra spaces for a move in one direction (Charge).
    pub straight_extra: i32,
    /// Moving this many spaces in one direction gives `straight_strength` (0: never).
    pub straight_strength_after: u32,
    /// Strength until the end of the turn after such a move.
    pub straight_strength: i32,
    /// Cards it may move through.
    pub through: Vec<Passable>,
}

/// A unit's movement now: `MOVE_SPACES` plus every movement modifier (they stack); a
/// structure moves only with `mobile`. Units never move 0 spaces.
pub fn movement(game: &Game, id: ObjectId) -> Movement {
    let mut m = Movement {
        spaces: MOVE_SPACES as i32,
        straight_extra: 0,
        straight_strength_after: 0,
        straight_strength: 0,
        through: Vec::new(),
    };
    let Ok(piece) = game.piece(id) else {
        m.spaces = 0;
        return m;
    };
    m.spaces += piece.turn_movement;
    let restrained = piece.restrained.iter().any(|r| r.no_move);
    let mut mobile = false;
    let mut immobile = false;
    // A timing no codex ability reads movement with adds nothing below: it is not looked at.
    let mut acting = ActingList::new();
    for timing in [Timing::Passive, Timing::WhenMoving, Timing::AfterMoving] {
        if timing_shapes_movement(timing) {
            acting_on_into(game, id, timing, &mut acting);
        }
    }
    for a in acting {
        match a.op {
            EffectOp::ModifyMovement {
                amount, condition, ..
            } if holds(game, id, None, condition) => {
                m.spaces += i32::from(amount);
            }
            EffectOp::SoleMover { amount }
                if game.player(piece.controller).chosen_movers == 0 && !piece.moved_this_phase =>
            {
                m.spaces += i32::from(amount);
            }
            EffectOp::Immobile { condition } if holds(game, id, None, condition) => {
                immobile = true;
            }
            EffectOp::MoveThrough { what } => m.through.push(what),
            EffectOp::StraightMoveBonus {
                extra,
                strength_after_spaces,
                strength,
            } => {
                m.straight_extra += i32::from(extra);
                m.straight_strength_after = strength_after_spaces.into();
                m.straight_strength += i32::from(strength);
            }
            EffectOp::Mobile => mobile = true,
            _ => {}
        }
    }
    if !piece.is_unit() || (piece.is_structure() && !mobile) || piece.kind() == Kind::Event {
        m.spaces = 0;
        m.straight_extra = 0;
    }
    // `pin` (Valiant Defender) of an enemy next to it.
    let pinned = game.neighbours(id).into_iter().any(|n| {
        !game.friendly(id, n)
            && abilities(game, n).iter().any(|a| {
                a.meta().effects.iter().any(|op| {
                    matches!(*op, EffectOp::Pin { sort } if super::instant::is_sort(game, id, sort))
                })
            })
    });
    if game.player(piece.controller).night_this_turn {
        m.spaces = m.spaces.min(1);
        m.straight_extra = 0;
    }
    if m.spaces <= 0 || immobile || pinned || restrained {
        m.spaces = 0;
        m.straight_extra = 0;
    }
    m
}

/// The name of an ability of `id` with an operation that `matches` (to say which ability
/// acted), or `fallback`.
pub fn name_of(
    game: &Game,
    id: ObjectId,
    matches: impl Fn(&EffectOp) -> bool,
    fallback: &'static str,
) -> &'static str {
    abilities(game, id)
        .into_iter()
        .find(|a| a.meta().effects.iter().any(&matches))
        .map_or(fallback, |a| a.meta().name)
}

/// Whether an operation `matches` acts on `id` with some timing (used for yes/no questions
/// such as blocks).
pub fn any_acting(
    game: &Game,
    id: ObjectId,
    timing: Timing,
    matches: impl Fn(&EffectOp) -> bool,
) -> bool {
    let mut found = false;
    acting_on_each(game, id, timing, |a| found |= matches(&a.op));
    found
}

/// The entries of [`acting_on`] whose operation is of the kind `kind` picks, for kinds of
/// operation without a recipient (they act only on their own unit): only `id` and the cards
/// under it are looked at ([`local_acting`]; debug builds check the answer against all of
/// [`acting_on`]).
pub fn acting_of_kind(
    game: &Game,
    id: ObjectId,
    timing: Timing,
    kind: impl Fn(&EffectOp) -> bool,
) -> Vec<Acting> {
    let mut found = Vec::new();
    visit_local(game, id, timing, |a| {
        if kind(&a.op) {
            found.push(a);
        }
    });
    debug_assert_eq!(
        found,
        acting_on(game, id, timing)
            .into_iter()
            .filter(|a| kind(&a.op))
            .collect::<Vec<_>>(),
        "acting_of_kind asked about an operation that reaches other units"
    );
    found
}

/// Whether an operation `matches` acts on `id` with timing `timing`, for operations without
/// a recipient (Soulless, Precise, Recoil...): those act only on their own unit, so only `id`
/// and the cards under it are looked at ([`local_acting`]; debug builds check the answer
/// against all of [`acting_on`]).
pub fn any_local_acting(
    game: &Game,
    id: ObjectId,
    timing: Timing,
    matches: impl Fn(&EffectOp) -> bool,
) -> bool {
    let mut found = false;
    visit_local(game, id, timing, |a| found |= matches(&a.op));
    debug_assert_eq!(
        found,
        acting_on(game, id, timing).iter().any(|a| matches(&a.op)),
        "any_acting asked about an operation that reaches other units"
    );
    found
}
