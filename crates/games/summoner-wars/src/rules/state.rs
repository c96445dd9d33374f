//! The state of a game in progress: the battlefield, every card and where it is, the players'
//! magic, whose turn and phase it is; plus the events the rules record and their errors.

use std::fmt;

use grimoire_engine::{
    Board, ChoiceError, DiceError, NotModelled, NotModelledLog, ObjectId, PlayerId, Square,
    SquareGrid,
};
use serde::Serialize;

use super::content::{
    Ability, AttackType, Card, ClassTag, Phase, BOARD_COLUMNS, BUILD_BACK_ROWS,
    CHOSEN_MOVERS_PER_PHASE, FIRST_TURN_MOVERS, ROWS_PER_SIDE,
};
use super::refusal::{Named, Refusal};

/// Where a card is. Only `Battlefield` cards are "on the battlefield"; a card `Under` another
/// card or an event `Attached` to a unit or `Active` is still in play (FAQ Rules Updates).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Place {
    /// On a square of the battlefield.
    Battlefield(#[serde(serialize_with = "square_name")] Square),
    /// Under another card: in play, not on the battlefield, no abilities of its own; it still
    /// modifies the card it is under.
    Under(ObjectId),
    /// An event attached to a unit: its effects modify that unit.
    Attached(ObjectId),
    /// An active event in its owner's play area, until the start of the owner's next turn.
    Active,
    /// In its owner's hand.
    Hand,
    /// In its owner's draw pile (the front is the top).
    DrawPile,
    /// In its owner's discard pile.
    Discard,
    /// Put into a magic pile by an effect (`magic_from_discard`): it counts as 1 magic of the
    /// player who put it there and is out of play.
    MagicPile,
}

fn square_name<S: serde::Serializer>(square: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&grid().position_name(square))
}

/// The battlefield: `BOARD_COLUMNS` columns and two sides of `ROWS_PER_SIDE` rows.
pub fn grid() -> SquareGrid {
    SquareGrid::new(BOARD_COLUMNS as u32, 2 * ROWS_PER_SIDE as u32)
}

/// The kinds of cards, as the card tables name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The player's leader.
    Summoner,
    /// A named unit.
    Champion,
    /// A rank-and-file unit.
    Common,
    /// An event card.
    Event,
    /// A structure card that is not a unit (a gate).
    Structure,
    /// A unit whose class (summoner, champion or common) the sources do not give.
    Unclassed,
}

/// One card in the game: its plain values ([`PieceValues`], read and changed through the
/// piece) and its lists.
#[derive(Debug, PartialEq, Eq)]
pub struct Piece {
    /// Every value but the lists, copied as one block.
    values: PieceValues,
    /// Abilities granted to it by effects (not its base abilities).
    pub granted: List<Ability>,
    /// For an event card, or a card under another card: the named effects it carries (the
    /// 1st edition data names no event effects and no 2nd edition card texts, so the scenario
    /// or the player says which codex entries they are).
    pub carries: List<Ability>,
    /// Class tags printed on the 2nd edition card that the 1st edition data does not record.
    pub unrecorded_classes: List<ClassTag>,
    /// Abilities the 2nd edition card prints that its 1st edition stand-in lacks (a scenario's
    /// `abilities`): they count as printed, so they stay wherever the card goes.
    pub stand_in: List<Ability>,
    /// Abilities an effect gave it until the end of the turn (`grant_ability`).
    pub turn_granted: List<Ability>,
    /// Restraints other units put on it (`restrain`: Grapple, Conceal).
    pub restrained: List<Restraint>,
}

/// The plain values of a [`Piece`] (a piece reads as them: `piece.damage`); one block that
/// copies at once, as states are copied for every action applied and tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceValues {
    /// The card (compiled or live), as updated by the FAQ's errata.
    pub card: Card,
    /// The card as printed (before the FAQ's errata), when the piece reads it so instead of
    /// as updated (set with [`Piece::set_printed`]).
    printed: Option<Card>,
    /// What the base abilities of the card it reads are like (a list a card keeps whole, the
    /// timings of their operations): read once, asked for every question about its abilities.
    base: super::abilities::BaseFacts,
    /// The base abilities of the card it reads ([`Piece::base_abilities`]), read once.
    base_list: &'static [Ability],
    /// Its owner (whose discard pile it goes to).
    pub owner: PlayerId,
    /// Its controller.
    pub controller: PlayerId,
    /// Where it is (read with [`Piece::place`], changed with [`Game::set_place`], which keeps
    /// the game's index of the battlefield).
    place: Place,
    /// Damage tokens.
    pub damage: u32,
    /// Boost tokens.
    pub boost: u32,
    /// A unit whose abilities this unit has (FAQ Granted Abilities: copying), with the
    /// incarnation it had then: once that card leaves the battlefield (or comes back as a new
    /// card) only its base abilities are copied.
    pub copying: Option<(ObjectId, u32)>,
    /// The copy ends at the end of the turn (a copying ability's effect).
    pub copy_ends_with_turn: bool,
    /// Bumped each time the card leaves the battlefield for anywhere but the discard pile or
    /// comes back from the discard pile: it is then a new card (FAQ Playing the Same Card Twice).
    pub incarnation: u32,
    /// Strength until the end of the turn (Charge).
    pub turn_strength: i32,
    /// Chosen as a moving unit this phase.
    pub moved_this_phase: bool,
    /// Chosen as an attacking unit this phase.
    pub attacked_this_phase: bool,
    /// Extra attacks it may resolve this phase (not choosing an attacking unit).
    pub extra_attacks: u32,
    /// Attacked an enemy card this turn.
    pub attacked_enemy_this_turn: bool,
    /// Already forced by an Aerie Gate after being summoned.
    pub forced_by_gate: bool,
    /// Position in a pile (draw pile: lowest is the top).
    pub pile_order: i64,
    /// It has no abilities until the end of the turn (`remove_abilities`, Annul).
    pub no_abilities_this_turn: bool,
    /// Extra ranged reach until the end of the turn (`range_this_turn`).
    pub turn_range: u32,
    /// Chosen as a moving unit (or used an ability instead of moving) this turn.
    pub moved_this_turn: bool,
    /// Spaces it moved this turn.
    pub spaces_moved_this_turn: u32,
    /// Extra movement until the end of the turn (`movement_this_turn`).
    pub turn_movement: i32,
    /// It began its controller's current turn next to an enemy unit.
    pub began_turn_beside_enemy: bool,
    /// Its controller took control of it until the end of the turn (`take_control`).
    pub borrowed: bool,
    /// It destroyed a unit this phase (Wither).
    pub destroyed_unit_this_phase: bool,
    /// How many cards are under it or attached to it (kept by [`Game::set_place`]).
    hosted: u32,
}

impl std::ops::Deref for Piece {
    type Target = PieceValues;

    fn deref(&self) -> &PieceValues {
        &self.values
    }
}

impl std::ops::DerefMut for Piece {
    fn deref_mut(&mut self) -> &mut PieceValues {
        &mut self.values
    }
}

impl Clone for Piece {
    fn clone(&self) -> Self {
        Self {
            values: self.values,
            granted: self.granted.clone(),
            carries: self.carries.clone(),
            unrecorded_classes: self.unrecorded_classes.clone(),
            stand_in: self.stand_in.clone(),
            turn_granted: self.turn_granted.clone(),
            restrained: self.restrained.clone(),
        }
    }

    /// Copies `source` into the lists' existing allocations (states are copied for every
    /// action applied and tried).
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.values = source.values;
        self.granted.copy_from(&source.granted);
        self.carries.copy_from(&source.carries);
        self.unrecorded_classes
            .copy_from(&source.unrecorded_classes);
        self.stand_in.copy_from(&source.stand_in);
        self.turn_granted.copy_from(&source.turn_granted);
        self.restrained.copy_from(&source.restrained);
    }
}

/// A short list of a piece's that is empty for most cards: one word in the piece (a card is
/// copied for every action applied and tried), allocated only once something is put in it.
#[derive(Clone, Default)]
// Boxed on purpose: a `Vec` is three words in every piece, the box one.
#[allow(clippy::box_collection)]
pub struct List<T>(Option<Box<Vec<T>>>);

impl<T: fmt::Debug> fmt::Debug for List<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Lists are equal when they hold the same items (an emptied list equals a new one).
impl<T: PartialEq> PartialEq for List<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for List<T> {}

impl<T: Copy> List<T> {
    /// An empty list.
    pub const fn new() -> Self {
        Self(None)
    }

    /// Adds `item` at the end.
    pub fn push(&mut self, item: T) {
        self.0.get_or_insert_with(Box::default).push(item);
    }

    /// Empties the list (keeping its allocation).
    pub fn clear(&mut self) {
        if let Some(list) = &mut self.0 {
            list.clear();
        }
    }

    /// Keeps only the items `keep` accepts.
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        if let Some(list) = &mut self.0 {
            list.retain(keep);
        }
    }

    /// Makes this list a copy of `source`, into its existing allocation.
    #[inline]
    fn copy_from(&mut self, source: &Self) {
        match (&mut self.0, &source.0) {
            (Some(list), _) => {
                list.clear();
                list.extend_from_slice(source);
            }
            (None, Some(items)) if !items.is_empty() => self.0 = Some(items.clone()),
            (None, _) => {}
        }
    }
}

impl<T> std::ops::Deref for List<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.0.as_deref().map_or(&[], |list| list.as_slice())
    }
}

impl<T> From<Vec<T>> for List<T> {
    fn from(items: Vec<T>) -> Self {
        Self((!items.is_empty()).then(|| Box::new(items)))
    }
}

impl<'a, T> IntoIterator for &'a List<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        std::ops::Deref::deref(self).iter()
    }
}

/// A `restrain` on a unit, until the start of `player`'s next turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restraint {
    /// The unit whose ability restrains it.
    pub by: ObjectId,
    /// Whose next turn ends it.
    pub player: PlayerId,
    /// It cannot move.
    pub no_move: bool,
    /// It cannot attack.
    pub no_attack: bool,
    /// It cannot attack `by`.
    pub spare_source: bool,
    /// Damage it takes when the restraint ends, if it is still next to `by`.
    pub damage_if_adjacent: u8,
}

/// What an event card does: its `abilities`, or when it lists none the codex entry named like
/// the card (the imported 1st edition card list gives events no effect); nothing for other
/// cards.
pub fn event_entries(card: Card) -> Vec<Ability> {
    match card {
        Card::Event(event) if !event.abilities.is_empty() => event.abilities.to_vec(),
        Card::Event(event) => entry_named(event.name).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// The codex entry named `name`, if there is one: read from the codex once per name and
/// thread (every game sets up its events with it).
fn entry_named(name: &'static str) -> Option<Ability> {
    thread_local! {
        static NAMED: std::cell::RefCell<std::collections::HashMap<&'static str, Option<Ability>>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    NAMED.with_borrow_mut(|named| {
        *named
            .entry(name)
            .or_insert_with(|| name.parse::<Ability>().ok())
    })
}

/// Whether an event played from `piece` is an active event: its card says so, or an entry it
/// carries does (`active_event`).
pub fn is_active_event(piece: &Piece) -> bool {
    matches!(piece.card(), Card::Event(e) if e.active == Some(true))
        || piece.carries.iter().any(|a| a.meta().active_event)
}

impl Piece {
    /// A card owned and controlled by `player`, at `place`.
    pub fn new(card: Card, player: PlayerId, place: Place) -> Self {
        let mut piece = Self {
            values: PieceValues {
                card,
                printed: None,
                owner: player,
                controller: player,
                place,
                damage: 0,
                boost: 0,
                copying: None,
                copy_ends_with_turn: false,
                incarnation: 0,
                turn_strength: 0,
                moved_this_phase: false,
                attacked_this_phase: false,
                extra_attacks: 0,
                attacked_enemy_this_turn: false,
                forced_by_gate: false,
                pile_order: 0,
                no_abilities_this_turn: false,
                turn_range: 0,
                moved_this_turn: false,
                spaces_moved_this_turn: 0,
                turn_movement: 0,
                began_turn_beside_enemy: false,
                borrowed: false,
                destroyed_unit_this_phase: false,
                hosted: 0,
                base: super::abilities::BaseFacts::NONE,
                base_list: &[],
            },
            granted: List::new(),
            carries: event_entries(card).into(),
            unrecorded_classes: List::new(),
            stand_in: List::new(),
            turn_granted: List::new(),
            restrained: List::new(),
        };
        piece.base_list = piece.base_abilities();
        piece.base = super::abilities::BaseFacts::of(piece.base_list);
        piece
    }

    /// Makes the piece read its card as printed (`Some`, before the FAQ's errata) or as
    /// updated (`None`).
    pub fn set_printed(&mut self, printed: Option<Card>) {
        self.printed = printed;
        self.base_list = self.base_abilities();
        self.base = super::abilities::BaseFacts::of(self.base_list);
    }

    /// Its base abilities as read when it was made or last read as printed or updated (what
    /// [`Piece::base_abilities`] reads while its card stays the same).
    pub fn base_list(&self) -> &'static [Ability] {
        debug_assert_eq!(
            self.base_list,
            self.base_abilities(),
            "a piece's base abilities are out of step with its card"
        );
        self.base_list
    }

    /// Whether some card is under it or attached to it (see [`Game::hosts`]).
    pub fn hosts_any(&self) -> bool {
        self.hosted > 0
    }

    /// What its base abilities are like (see [`BaseFacts`](super::abilities::BaseFacts)).
    pub fn base_facts(&self) -> super::abilities::BaseFacts {
        self.base
    }

    /// The card as this piece reads it (printed or updated).
    pub fn card(&self) -> Card {
        self.printed.unwrap_or(self.card)
    }

    /// The card's kind.
    pub fn kind(&self) -> Kind {
        match self.card() {
            Card::Summoner(_) => Kind::Summoner,
            Card::Champion(_) => Kind::Champion,
            Card::Common(_) => Kind::Common,
            Card::Event(_) => Kind::Event,
            Card::Structure(_) => Kind::Structure,
            Card::UnclassedUnit(_) => Kind::Unclassed,
        }
    }

    /// Whether it is a unit (summoner, champion or common).
    pub fn is_unit(&self) -> bool {
        matches!(
            self.kind(),
            Kind::Summoner | Kind::Champion | Kind::Common | Kind::Unclassed
        )
    }

    /// Whether "structure" is printed on it (a structure card, or a structure unit).
    pub fn is_structure(&self) -> bool {
        match self.card() {
            Card::Summoner(c) => c.structure,
            Card::Champion(c) => c.structure,
            Card::Common(c) => c.structure,
            Card::UnclassedUnit(c) => c.structure,
            Card::Event(_) => false,
            Card::Structure(_) => true,
        }
    }

    /// Whether it is a gate.
    pub fn is_gate(&self) -> bool {
        matches!(self.card(), Card::Structure(s) if s.gate)
    }

    /// Printed strength (0 for cards that are not units).
    pub fn printed_strength(&self) -> i32 {
        match self.card() {
            Card::Summoner(c) => c.strength.into(),
            Card::Champion(c) => c.strength.into(),
            Card::Common(c) => c.strength.into(),
            Card::UnclassedUnit(c) => c.strength.unwrap_or(0).into(),
            Card::Event(_) | Card::Structure(_) => 0,
        }
    }

    /// How it attacks, for units.
    pub fn attack_type(&self) -> Option<AttackType> {
        match self.card() {
            Card::Summoner(c) => Some(c.attack_type),
            Card::Champion(c) => Some(c.attack_type),
            Card::Common(c) => Some(c.attack_type),
            Card::UnclassedUnit(c) => c.attack_type,
            Card::Event(_) | Card::Structure(_) => None,
        }
    }

    /// Printed life, when the card has one.
    pub fn life(&self) -> Option<u32> {
        match self.card() {
            Card::Summoner(c) => Some(c.life.into()),
            Card::Champion(c) => Some(c.life.into()),
            Card::Common(c) => Some(c.life.into()),
            Card::UnclassedUnit(c) => c.life.map(Into::into),
            Card::Event(_) => None,
            Card::Structure(c) => c.life.map(Into::into),
        }
    }

    /// Printed class tags (kept even when abilities are lost).
    pub fn classes(&self) -> Vec<ClassTag> {
        let printed = self.printed_classes();
        let mut all = printed.to_vec();
        all.extend(
            self.unrecorded_classes
                .iter()
                .filter(|c| !printed.contains(c)),
        );
        all
    }

    /// Whether it has the class tag `class` ([`Piece::classes`] without gathering them).
    pub fn has_class(&self, class: ClassTag) -> bool {
        self.printed_classes().contains(&class) || self.unrecorded_classes.contains(&class)
    }

    /// The class tags printed on its card.
    fn printed_classes(&self) -> &'static [ClassTag] {
        match self.card() {
            Card::Summoner(c) => c.classes,
            Card::Champion(c) => c.classes,
            Card::Common(c) => c.classes,
            Card::UnclassedUnit(c) => c.classes,
            Card::Event(_) | Card::Structure(_) => &[],
        }
    }

    /// Base abilities: the ones printed on the card.
    pub fn base_abilities(&self) -> &'static [Ability] {
        match self.card() {
            Card::Summoner(c) => c.abilities,
            Card::Champion(c) => c.abilities,
            Card::Common(c) => c.abilities,
            Card::UnclassedUnit(c) => c.abilities,
            Card::Event(_) => &[],
            Card::Structure(c) => c.abilities,
        }
    }

    /// Magic paid to summon, build or play it.
    pub fn cost(&self) -> u32 {
        match self.card() {
            Card::Summoner(_) => 0,
            Card::Champion(c) => c.cost.into(),
            Card::Common(c) => c.cost.into(),
            Card::UnclassedUnit(c) => c.cost.unwrap_or(0).into(),
            Card::Event(c) => c.cost.unwrap_or(0).into(),
            Card::Structure(c) => c.cost.unwrap_or(0).into(),
        }
    }

    /// Where it is.
    pub fn place(&self) -> Place {
        self.place
    }

    /// Its square, when it is on the battlefield.
    pub fn square(&self) -> Option<Square> {
        match self.place {
            Place::Battlefield(square) => Some(square),
            _ => None,
        }
    }
}

/// One player's resources and per-phase counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Magic in the player's pool.
    pub magic: u32,
    /// Units chosen as moving units this phase (extra units excluded).
    pub chosen_movers: u32,
    /// Units chosen as attacking units this phase (extra units excluded).
    pub chosen_attackers: u32,
    /// Events the player played this turn.
    pub events_played_this_turn: u32,
    /// `hinder_opponent` night for the player's next turn, and for this one.
    pub night_next_turn: bool,
    /// During this turn the player's units move at most 1 space and attack only neighbours.
    pub night_this_turn: bool,
    /// `hinder_opponent` stasis for the player's next turn.
    pub stasis_next_turn: bool,
    /// During this turn the player gains no magic.
    pub stasis_this_turn: bool,
    /// Until the end of the turn the player's activated abilities cost this much less.
    pub ability_discount: u32,
    /// Until the end of the turn the player chooses at most this many attacking units in a
    /// phase (0: no limit beyond the rules').
    pub attackers_limit: u32,
}

impl PlayerState {
    /// How many attacking units the player may still choose in total this phase.
    pub fn attackers_allowed(&self) -> u32 {
        let rule = super::content::CHOSEN_ATTACKERS_PER_PHASE as u32;
        if self.attackers_limit == 0 {
            rule
        } else {
            rule.min(self.attackers_limit)
        }
    }
}

/// A game in progress.
#[derive(Debug)]
pub struct Game {
    /// Every card, indexed by `ObjectId`.
    pub pieces: Vec<Piece>,
    /// Player 1 and player 2.
    pub players: [PlayerState; 2],
    /// Whose turn it is.
    pub active: PlayerId,
    /// The current phase.
    pub phase: Phase,
    /// Set when a summoner is destroyed: the other player.
    pub winner: Option<PlayerId>,
    /// The end of the active player's turn, after drawing, while Renewed Hope lets them
    /// summon: no other action may be initiated.
    pub end_of_turn: bool,
    /// Dice rolled by the last attack (face labels), for scenarios.
    pub last_roll: Vec<&'static str>,
    /// The abilities not modelled yet that play has reported, per card.
    pub not_modelled: NotModelledLog<ObjectId>,
    /// The turn, counting from 1 (each player's turn counts).
    pub turn: u32,
    /// The first player's first turn: it starts at the Move Phase and only
    /// `FIRST_TURN_MOVERS` units may be chosen to move (set-up sets it; the next turn clears it).
    pub short_first_turn: bool,
    /// Once-per-turn abilities used this turn: the card and the ability's name.
    pub used_this_turn: Vec<(ObjectId, &'static str)>,
    /// Who is where, kept by [`Game::add`] and [`Game::set_place`].
    whereabouts: Whereabouts,
}

/// The cards next to one card, in id order (one on each side at most, more only while a unit
/// passes through a card).
pub type Neighbours = smallvec::SmallVec<[ObjectId; 4]>;

/// The squares of the battlefield.
pub const SQUARES: usize = (BOARD_COLUMNS * 2 * ROWS_PER_SIDE) as usize;

/// An index of where the cards are, kept with every change of a card's place so that the
/// rules need not look at every card to find one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Whereabouts {
    /// The card on each square of the battlefield (row-major); while a card passes through a
    /// square another card is on, the one with the lower id (what a look at every card finds
    /// first).
    board: [Option<ObjectId>; SQUARES],
    /// How many cards on the battlefield share their square with a card of a lower id (units
    /// passing through): while none do, `board` names every card on the battlefield.
    stacked: u32,
    /// How many cards are active events (`Place::Active`).
    active: u32,
    /// The cards on the battlefield, one bit per id (while no id is `MASKED` or more).
    battlefield: Mask,
    /// The cards in a hand, a draw pile or a discard pile (of either owner), by [`pile_slot`].
    piles: [Mask; 3],
    /// Some card has an id of `MASKED` or more: the masks are not kept and the rules look at
    /// every card instead.
    wide: bool,
}

/// A set of card ids, one bit per id below [`MASKED`].
type Mask = u128;

/// The ids the masks of [`Whereabouts`] can hold.
const MASKED: u32 = Mask::BITS;

/// The index of a hand, draw pile or discard pile in [`Whereabouts::piles`].
fn pile_slot(place: Place) -> Option<usize> {
    match place {
        Place::Hand => Some(0),
        Place::DrawPile => Some(1),
        Place::Discard => Some(2),
        _ => None,
    }
}

/// Card ids in id order: the bits of a mask, or (when the masks are not kept) every card a
/// test keeps.
#[derive(Clone)]
pub enum Ids<'a> {
    /// The ids of a mask's bits.
    Bits(Mask),
    /// Every card from `next` on that `keep` accepts.
    Scan {
        /// The cards.
        pieces: &'a [Piece],
        /// The next id to look at.
        next: u32,
        /// Whether a card is one of them.
        keep: fn(&Piece) -> bool,
    },
}

impl Iterator for Ids<'_> {
    type Item = ObjectId;

    #[inline]
    fn next(&mut self) -> Option<ObjectId> {
        match self {
            Ids::Bits(bits) => {
                if *bits == 0 {
                    return None;
                }
                let id = bits.trailing_zeros();
                *bits &= *bits - 1;
                Some(ObjectId(id))
            }
            Ids::Scan { pieces, next, keep } => {
                while let Some(piece) = pieces.get(*next as usize) {
                    *next += 1;
                    if keep(piece) {
                        return Some(ObjectId(*next - 1));
                    }
                }
                None
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Ids::Bits(bits) => {
                let n = bits.count_ones() as usize;
                (n, Some(n))
            }
            Ids::Scan { pieces, next, .. } => {
                (0, Some(pieces.len().saturating_sub(*next as usize)))
            }
        }
    }
}

impl Whereabouts {
    /// Nobody anywhere.
    const EMPTY: Self = Self {
        board: [None; SQUARES],
        stacked: 0,
        active: 0,
        battlefield: 0,
        piles: [0; 3],
        wide: false,
    };

    /// The mask `place` is kept in, if any.
    fn mask(&mut self, place: Place) -> Option<&mut Mask> {
        match place {
            Place::Battlefield(_) => Some(&mut self.battlefield),
            _ => pile_slot(place).map(|i| &mut self.piles[i]),
        }
    }

    /// Records in the masks that `id` is at `place` (`present`) or left it.
    fn mark(&mut self, id: ObjectId, place: Place, present: bool) {
        if id.0 >= MASKED {
            self.wide = true;
            return;
        }
        if let Some(mask) = self.mask(place) {
            let bit = 1 << id.0;
            if present {
                *mask |= bit;
            } else {
                *mask &= !bit;
            }
        }
    }

    /// The index of `square` in `board`.
    fn slot(square: Square) -> usize {
        (square.row * BOARD_COLUMNS as u32 + square.column) as usize
    }

    /// Records that `id` left `place`; `pieces` are the cards with their places now.
    fn leave(&mut self, id: ObjectId, place: Place, pieces: &[Piece]) {
        self.mark(id, place, false);
        if place == Place::Active {
            self.active -= 1;
        }
        if let Place::Battlefield(s) = place {
            let slot = &mut self.board[Self::slot(s)];
            if self.stacked == 0 {
                // It was alone on its square.
                *slot = None;
            } else if *slot == Some(id) {
                // Another card may still be on it (a unit passing through).
                *slot = pieces
                    .iter()
                    .position(|p| p.place == place)
                    .map(|i| ObjectId(i as u32));
                if slot.is_some() {
                    self.stacked -= 1;
                }
            } else if slot.is_some() {
                // A card with a lower id stays.
                self.stacked -= 1;
            }
        }
    }

    /// Records that `id` is now at `place`.
    fn enter(&mut self, id: ObjectId, place: Place) {
        self.mark(id, place, true);
        if place == Place::Active {
            self.active += 1;
        }
        if let Place::Battlefield(s) = place {
            let slot = &mut self.board[Self::slot(s)];
            match *slot {
                None => *slot = Some(id),
                Some(other) => {
                    self.stacked += 1;
                    if id < other {
                        *slot = Some(id);
                    }
                }
            }
        }
    }
}

impl Clone for Game {
    fn clone(&self) -> Self {
        Self {
            pieces: self.pieces.clone(),
            players: self.players.clone(),
            last_roll: self.last_roll.clone(),
            not_modelled: self.not_modelled.clone(),
            used_this_turn: self.used_this_turn.clone(),
            ..*self
        }
    }

    /// Copies `source` field by field, into the existing allocations (states are copied for
    /// every action applied and tried).
    fn clone_from(&mut self, source: &Self) {
        let Self {
            pieces,
            players,
            active,
            phase,
            winner,
            end_of_turn,
            last_roll,
            not_modelled,
            turn,
            short_first_turn,
            used_this_turn,
            whereabouts,
        } = source;
        self.pieces.clone_from(pieces);
        self.players.clone_from(players);
        self.active = *active;
        self.phase = *phase;
        self.winner = *winner;
        self.end_of_turn = *end_of_turn;
        self.last_roll.clone_from(last_roll);
        self.not_modelled.clone_from(not_modelled);
        self.turn = *turn;
        self.short_first_turn = *short_first_turn;
        self.used_this_turn.clone_from(used_this_turn);
        self.whereabouts = *whereabouts;
    }
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    /// An empty battlefield; player 1's turn, Summon Phase.
    pub fn new() -> Self {
        Self {
            pieces: Vec::new(),
            players: [PlayerState::default(), PlayerState::default()],
            active: PlayerId(1),
            phase: Phase::Summon,
            winner: None,
            end_of_turn: false,
            last_roll: Vec::new(),
            not_modelled: NotModelledLog::default(),
            turn: 1,
            short_first_turn: false,
            used_this_turn: Vec::new(),
            whereabouts: Whereabouts::EMPTY,
        }
    }

    /// How many units the active player may choose to move this phase.
    pub fn movers_allowed(&self) -> u32 {
        super::memo::movers_allowed(self, || self.count_movers_allowed())
    }

    fn count_movers_allowed(&self) -> u32 {
        if self.short_first_turn {
            FIRST_TURN_MOVERS as u32
        } else {
            // `extra_mover` (Scout Ability) of the active player's units.
            let extra = self
                .on_battlefield()
                .filter(|&u| self.pieces[u.0 as usize].controller == self.active)
                .flat_map(|u| {
                    let passive = super::content::Timing::Passive;
                    super::abilities::acting_of_kind(self, u, passive, |op| {
                        matches!(op, super::content::EffectOp::ExtraMover { .. })
                    })
                    .into_iter()
                    .map(move |a| (u, a))
                })
                .filter(|(u, a)| {
                    matches!(a.op, super::content::EffectOp::ExtraMover { condition }
                        if a.source == *u && super::abilities::holds(self, *u, None, condition))
                })
                .count();
            CHOSEN_MOVERS_PER_PHASE as u32 + extra as u32
        }
    }

    /// Adds a card and returns its id.
    pub fn add(&mut self, piece: Piece) -> ObjectId {
        let id = ObjectId(self.pieces.len() as u32);
        self.whereabouts.enter(id, piece.place);
        let place = piece.place;
        self.pieces.push(piece);
        self.host(place, 1);
        id
    }

    /// Counts a card coming to (`1`) or leaving (`-1`) `place` on the card it is under or
    /// attached to.
    fn host(&mut self, place: Place, change: i32) {
        if let Place::Under(host) | Place::Attached(host) = place {
            if let Some(host) = self.pieces.get_mut(host.0 as usize) {
                host.hosted = host.hosted.wrapping_add_signed(change);
            }
        }
    }

    /// Puts the card `id` at `place` (the one way a card's place changes).
    pub fn set_place(&mut self, id: ObjectId, place: Place) -> Result<(), RulesError> {
        let Some(piece) = self.pieces.get_mut(id.0 as usize) else {
            return Err(RulesError::UnknownObject(id));
        };
        let before = std::mem::replace(&mut piece.place, place);
        self.whereabouts.leave(id, before, &self.pieces);
        self.whereabouts.enter(id, place);
        self.host(before, -1);
        self.host(place, 1);
        Ok(())
    }

    /// Whether some card is an active event (`Place::Active`), of either player.
    pub fn any_active_event(&self) -> bool {
        let active = self.whereabouts.active > 0;
        debug_assert_eq!(
            active,
            self.pieces.iter().any(|p| p.place == Place::Active),
            "the count of active events is out of step"
        );
        active
    }

    /// Whether some card is under `id` or attached to it.
    pub fn hosts(&self, id: ObjectId) -> bool {
        let hosted = self.pieces.get(id.0 as usize).map_or(0, |p| p.hosted);
        debug_assert_eq!(
            hosted as usize,
            self.pieces
                .iter()
                .filter(|p| matches!(p.place, Place::Under(h) | Place::Attached(h) if h == id))
                .count(),
            "the count of cards under or attached to a card is out of step"
        );
        hosted > 0
    }

    /// The piece `id` (ids come from [`Game::add`]).
    pub fn piece(&self, id: ObjectId) -> Result<&Piece, RulesError> {
        // Matched rather than `ok_or`, which would build (and drop) the error every time.
        match self.pieces.get(id.0 as usize) {
            Some(piece) => Ok(piece),
            None => Err(RulesError::UnknownObject(id)),
        }
    }

    /// The piece `id`, mutably.
    pub fn piece_mut(&mut self, id: ObjectId) -> Result<&mut Piece, RulesError> {
        match self.pieces.get_mut(id.0 as usize) {
            Some(piece) => Ok(piece),
            None => Err(RulesError::UnknownObject(id)),
        }
    }

    /// Every id, in order.
    pub fn ids(&self) -> impl Iterator<Item = ObjectId> {
        (0..self.pieces.len() as u32).map(ObjectId)
    }

    /// The player's resources (players are 1 and 2).
    pub fn player(&self, player: PlayerId) -> &PlayerState {
        &self.players[player_index(player)]
    }

    /// The player's resources, mutably.
    pub fn player_mut(&mut self, player: PlayerId) -> &mut PlayerState {
        &mut self.players[player_index(player)]
    }

    /// The card on `square`, if any.
    pub fn at(&self, square: Square) -> Option<ObjectId> {
        let found = self.whereabouts.board[Whereabouts::slot(square)];
        debug_assert_eq!(
            found,
            self.ids()
                .find(|id| self.pieces[id.0 as usize].place == Place::Battlefield(square)),
            "the index of the battlefield is out of step"
        );
        found
    }

    /// The card on each square of the battlefield (row-major), when no two cards share a
    /// square (a unit passing through a card); `None` while some do.
    pub fn board(&self) -> Option<&[Option<ObjectId>; SQUARES]> {
        (self.whereabouts.stacked == 0).then_some(&self.whereabouts.board)
    }

    /// Cards on the battlefield, in id order.
    pub fn on_battlefield(&self) -> Ids<'_> {
        let w = &self.whereabouts;
        let ids = if w.wide {
            Ids::Scan {
                pieces: &self.pieces,
                next: 0,
                keep: |p| matches!(p.place, Place::Battlefield(_)),
            }
        } else {
            Ids::Bits(w.battlefield)
        };
        debug_assert!(
            ids.clone().eq(self
                .ids()
                .filter(|id| matches!(self.pieces[id.0 as usize].place, Place::Battlefield(_)))),
            "the index of the cards on the battlefield is out of step"
        );
        ids
    }

    /// Cards in no hand, draw pile or discard pile (on the battlefield, under or attached to
    /// a card, active events, in a magic pile), in id order.
    pub fn outside_piles(&self) -> Ids<'_> {
        self.by_pile(false)
    }

    /// Cards in a hand, a draw pile or a discard pile (of either owner), in id order.
    pub fn in_piles(&self) -> Ids<'_> {
        self.by_pile(true)
    }

    /// [`Game::in_piles`] (`true`) or [`Game::outside_piles`] (`false`).
    fn by_pile(&self, in_piles: bool) -> Ids<'_> {
        let w = &self.whereabouts;
        let keep: fn(&Piece) -> bool = if in_piles {
            |p| pile_slot(p.place).is_some()
        } else {
            |p| pile_slot(p.place).is_none()
        };
        let ids = if w.wide {
            Ids::Scan {
                pieces: &self.pieces,
                next: 0,
                keep,
            }
        } else {
            let piles = w.piles[0] | w.piles[1] | w.piles[2];
            let all = if self.pieces.len() as u32 >= MASKED {
                Mask::MAX
            } else {
                (1 << self.pieces.len()) - 1
            };
            Ids::Bits(if in_piles { piles } else { all & !piles })
        };
        debug_assert!(
            ids.clone()
                .eq(self.ids().filter(|id| keep(&self.pieces[id.0 as usize]))),
            "the index of the piles is out of step"
        );
        ids
    }

    /// Whether the card is on the battlefield.
    pub fn is_on_battlefield(&self, id: ObjectId) -> bool {
        self.square_of(id).is_some()
    }

    /// The square of the card `id`, when it is on the battlefield.
    fn square_of(&self, id: ObjectId) -> Option<Square> {
        self.pieces.get(id.0 as usize)?.square()
    }

    /// Spaces between two cards on the battlefield (`None` if either is not on it). A card is
    /// never "within X spaces" of itself (FAQ Wayfarers, Shadow Elves, Tundra Orcs).
    pub fn spaces_between(&self, a: ObjectId, b: ObjectId) -> Option<u32> {
        let (a, b) = (self.square_of(a)?, self.square_of(b)?);
        grid().distance(&a, &b)
    }

    /// Whether `other` is within `spaces` of `id` (never itself).
    pub fn within(&self, id: ObjectId, other: ObjectId, spaces: u32) -> bool {
        id != other && self.spaces_between(id, other).is_some_and(|d| d <= spaces)
    }

    /// Whether two cards on the battlefield are next to each other.
    pub fn adjacent(&self, a: ObjectId, b: ObjectId) -> bool {
        self.spaces_between(a, b) == Some(1)
    }

    /// Cards on the battlefield next to `id`.
    pub fn neighbours(&self, id: ObjectId) -> Neighbours {
        match self.square_of(id) {
            Some(at) => self.cards_around(at),
            None => Neighbours::new(),
        }
    }

    /// Cards on the battlefield on the squares next to `at`, in id order.
    pub fn cards_around(&self, at: Square) -> Neighbours {
        let mut found = Neighbours::new();
        let g = grid();
        let scan = || {
            self.ids().filter(move |&other| {
                self.pieces[other.0 as usize]
                    .square()
                    .is_some_and(|s| g.distance(&at, &s) == Some(1))
            })
        };
        if self.whereabouts.stacked > 0 {
            // A unit is passing through a card: the index names only one of them.
            found.extend(scan());
            return found;
        }
        let (column, row) = (at.column, at.row);
        let board = &self.whereabouts.board;
        let slot = |column: u32, row: u32| board[Whereabouts::slot(Square { column, row })];
        let beside = [
            if column > 0 {
                slot(column - 1, row)
            } else {
                None
            },
            if column + 1 < g.width {
                slot(column + 1, row)
            } else {
                None
            },
            if row > 0 { slot(column, row - 1) } else { None },
            if row + 1 < g.height {
                slot(column, row + 1)
            } else {
                None
            },
        ];
        for id in beside.into_iter().flatten() {
            // In id order as it goes (at most four).
            let at = found
                .iter()
                .position(|&other| other > id)
                .unwrap_or(found.len());
            found.insert(at, id);
        }
        debug_assert!(
            found.iter().copied().eq(scan()),
            "the cards found around a square by the index differ from a scan"
        );
        found
    }

    /// Whether two cards are friendly (same controller; a card is friendly to itself).
    pub fn friendly(&self, a: ObjectId, b: ObjectId) -> bool {
        match (self.pieces.get(a.0 as usize), self.pieces.get(b.0 as usize)) {
            (Some(a), Some(b)) => a.controller == b.controller,
            _ => false,
        }
    }

    /// The player's summoner on the battlefield.
    pub fn summoner_of(&self, player: PlayerId) -> Option<ObjectId> {
        self.on_battlefield().find(|&id| {
            let piece = &self.pieces[id.0 as usize];
            piece.controller == player && piece.kind() == Kind::Summoner
        })
    }

    /// The other player.
    pub fn opponent(player: PlayerId) -> PlayerId {
        if player == PlayerId(1) {
            PlayerId(2)
        } else {
            PlayerId(1)
        }
    }

    /// Whether `square` is on `player`'s side (the `ROWS_PER_SIDE` rows closest to them;
    /// player 1 sits at row 1, player 2 at the last row).
    pub fn on_side_of(&self, player: PlayerId, square: Square) -> bool {
        let rows = ROWS_PER_SIDE as u32;
        if player == PlayerId(1) {
            square.row < rows
        } else {
            square.row >= rows
        }
    }

    /// Whether `square` is in `player`'s back `BUILD_BACK_ROWS` rows.
    pub fn in_back_rows(&self, player: PlayerId, square: Square) -> bool {
        let back = BUILD_BACK_ROWS as u32;
        if player == PlayerId(1) {
            square.row < back
        } else {
            square.row >= grid().height - back
        }
    }

    /// A readable name for a card in questions and messages: "Fencer at C3".
    pub fn describe(&self, id: ObjectId) -> String {
        self.named(id).to_string()
    }

    /// The card `id` as a refusal names it: its name and its square on the battlefield.
    pub fn named(&self, id: ObjectId) -> Named {
        let piece = self.piece(id).ok();
        Named {
            id,
            name: piece.map(|p| p.card.name()),
            at: piece.and_then(Piece::square),
        }
    }

    /// Cards of `player` in `place` (hand, draw pile, discard pile), in pile order (the top
    /// of the draw pile first).
    pub fn pile(&self, player: PlayerId, place: Place) -> Vec<ObjectId> {
        let mut cards: Vec<ObjectId> = Vec::new();
        self.pile_into(player, place, &mut cards);
        cards
    }

    /// [`Game::pile`] appended to `cards` (which then holds them in pile order after what it
    /// held).
    pub fn pile_into<E: Extend<ObjectId> + std::ops::DerefMut<Target = [ObjectId]>>(
        &self,
        player: PlayerId,
        place: Place,
        cards: &mut E,
    ) {
        let start = cards.len();
        let mine = |id: &ObjectId| {
            let p = &self.pieces[id.0 as usize];
            p.owner == player && p.place == place
        };
        match pile_slot(place) {
            Some(slot) if !self.whereabouts.wide => {
                cards.extend(Ids::Bits(self.whereabouts.piles[slot]).filter(mine));
            }
            _ => cards.extend(self.ids().filter(mine)),
        }
        cards[start..].sort_by_key(|id| self.pieces[id.0 as usize].pile_order);
    }
}

/// The index of a player (1 or 2) in [`Game::players`].
fn player_index(player: PlayerId) -> usize {
    if player == PlayerId(2) {
        1
    } else {
        0
    }
}

/// Why a card was destroyed, for magic (FAQ General Questions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Cause {
    /// Damage from an attack by `attacker`, controlled by `player`.
    Attack {
        /// The attacking unit.
        attacker: ObjectId,
        /// Its controller.
        player: PlayerId,
    },
    /// Damage from an effect controlled by `player`, from `source` where there is one.
    Effect {
        /// The card whose effect it is.
        source: Option<ObjectId>,
        /// Who controls the effect.
        player: PlayerId,
    },
    /// A change of game state (life lowered, a card destroying itself): nobody gains magic.
    GameState,
}

/// One recorded change of state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    /// A new turn began.
    TurnStarted {
        /// Whose turn.
        player: PlayerId,
    },
    /// A phase began.
    PhaseStarted {
        /// The phase.
        phase: &'static str,
    },
    /// A player drew cards at the end of the turn.
    Drew {
        /// Who drew.
        player: PlayerId,
        /// How many.
        count: u32,
    },
    /// A card entered the battlefield by summoning, building or placing.
    Entered {
        /// The card.
        card: ObjectId,
        /// How ("summoned", "built", "placed").
        how: &'static str,
    },
    /// A unit moved or was forced from one square to another.
    Moved {
        /// The unit.
        card: ObjectId,
        /// Where to.
        #[serde(serialize_with = "square_name")]
        to: Square,
        /// Whether it was forced.
        forced: bool,
    },
    /// An attack rolled dice.
    Attacked {
        /// The attacker.
        attacker: ObjectId,
        /// The target.
        target: ObjectId,
        /// Faces rolled.
        dice: Vec<&'static str>,
        /// Damage the attack adds.
        damage: u32,
    },
    /// Damage tokens were added (after any cap).
    DamageAdded {
        /// The card.
        card: ObjectId,
        /// How many.
        amount: u32,
    },
    /// Boost tokens were added.
    BoostAdded {
        /// The card.
        card: ObjectId,
        /// How many.
        amount: u32,
    },
    /// A card was destroyed.
    Destroyed {
        /// The card.
        card: ObjectId,
        /// Why.
        cause: Cause,
    },
    /// A unit that would be destroyed went back to its controller's hand instead.
    ReturnedToHand {
        /// The card.
        card: ObjectId,
    },
    /// A player gained magic.
    MagicGained {
        /// Who.
        player: PlayerId,
        /// How much.
        amount: u32,
    },
    /// A card left the battlefield for its owner's discard pile by an effect.
    Discarded {
        /// The card.
        card: ObjectId,
    },
    /// An event was played.
    EventPlayed {
        /// The event.
        card: ObjectId,
    },
    /// A triggered or activated ability resolved.
    AbilityResolved {
        /// The ability.
        ability: &'static str,
        /// The card it belongs to.
        card: ObjectId,
    },
    /// Play met an ability the engine does not model yet; it was ignored (logged once per
    /// card and ability).
    NotModelled(NotModelled<ObjectId>),
    /// Set-up: each player rolled a die for who goes first (ties rolled again).
    FirstPlayer {
        /// Who goes first.
        player: PlayerId,
        /// Every roll, player 1's and player 2's, in order.
        rolls: Vec<(u32, u32)>,
    },
    /// Set-up: a player's draw pile was shuffled and their starting hand and magic given.
    Ready {
        /// Who.
        player: PlayerId,
        /// Cards in the starting hand.
        hand: u32,
        /// Starting magic.
        magic: u32,
    },
    /// A summoner was destroyed: the game is over.
    Won {
        /// The winner.
        player: PlayerId,
    },
}

/// Why an action could not be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// A die was needed that the scripted dice do not provide.
    Dice(DiceError),
    /// A player's choice could not be made.
    Choice(ChoiceError),
    /// No such object.
    UnknownObject(ObjectId),
    /// The action breaks a rule: which one, with what it names.
    Illegal(Refusal),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Dice(e) => write!(f, "{e}"),
            RulesError::Choice(e) => write!(f, "{e}"),
            RulesError::UnknownObject(id) => write!(f, "no object {}", id.0),
            RulesError::Illegal(refusal) => write!(f, "illegal: {refusal}"),
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

impl From<Refusal> for RulesError {
    fn from(refusal: Refusal) -> Self {
        RulesError::Illegal(refusal)
    }
}
