//! Every action the player to act may take: [`legal_actions`].
//!
//! Each kind of action has one check that changes nothing (`check_summon`, `check_build`,
//! `check_move`, `check_attack`, `check_discard`, `check_event`), and `apply` runs the same
//! check before it changes anything. Listing an action is that check on cheaply prefiltered
//! candidates: the empty squares next to the player's gates (summoning), in the back rows or
//! next to the summoner (building), every path of the unit's movement that passes only cards
//! it may pass (moving), the cards within reach (attacking), the
//! cards in hand (discarding). Only what a handler may still refuse after the check (an event
//! with a handler or one-shot effects, an activated ability) is tried on a copy of the state.
//! Ending the phase is always open.

use std::cell::RefCell;

use grimoire_engine::{Ctx, ObjectId, PlayerId, SeededDice, Square};

use super::abilities::abilities;
use super::actions::{apply_in_place, Action, Path};
use super::attack::{check_attack, Attacker};
use super::content::{AttackType, Phase, Timing, BOARD_COLUMNS, ROWS_PER_SIDE};
use super::handlers::card_handler;
use super::movement::{check_mover, check_path, may_pass, CheckedMove};
use super::state::{grid, Game, GameEvent, Kind, Place};
use super::summon::{check_build, check_discard, check_event, check_summon, renewed_hope};

/// Every action `player` may take now: nothing unless they are the active player of a game
/// not yet won; else ending the phase, and every summon, build, move (every path), attack,
/// discard, event (on no card or on each card on the battlefield) and activated ability the
/// rules accept now.
pub fn legal_actions(game: &Game, player: PlayerId) -> Vec<Action> {
    super::memo::with_memo(game, |game| listed(game, player))
}

fn listed(game: &Game, player: PlayerId) -> Vec<Action> {
    if player != game.active || game.winner.is_some() {
        return Vec::new();
    }
    // Room for most lists at once, still a small allocation (a Move Phase may list more).
    let mut actions = Vec::with_capacity(32);
    actions.push(Action::EndPhase);
    let board = Field::of(game);
    let mut hand: smallvec::SmallVec<[ObjectId; 16]> = smallvec::SmallVec::new();
    game.pile_into(player, Place::Hand, &mut hand);
    if game.phase == Phase::Summon || renewed_hope(game, player) {
        summons(game, &board, &hand, &mut actions);
    }
    if game.end_of_turn {
        return actions;
    }
    match game.phase {
        Phase::Build => builds(game, &board, &hand, &mut actions),
        Phase::Move => moves(game, &board, &mut actions),
        Phase::Attack => attacks(game, &board, &mut actions),
        Phase::Magic => actions.extend(
            hand.iter()
                .filter(|&&card| check_discard(game, card).is_ok())
                .map(|&card| Action::DiscardForMagic { card }),
        ),
        Phase::Summon => {}
    }
    events(game, &board, &hand, &mut actions);
    activations(game, &board, &mut actions);
    actions
}

/// The squares of the battlefield.
const SQUARES: usize = (BOARD_COLUMNS * 2 * ROWS_PER_SIDE) as usize;

/// The columns of the battlefield.
const WIDTH: usize = BOARD_COLUMNS as usize;

/// No square (in [`NEIGHBOURS`]).
const NONE: u8 = u8::MAX;

/// The slots (row-major indices) of the squares next to each square, in the order
/// [`Field::around`] lists them (up, right, down, left); [`NONE`] off the battlefield.
static NEIGHBOURS: [[u8; 4]; SQUARES] = {
    let mut table = [[NONE; 4]; SQUARES];
    let height = SQUARES / WIDTH;
    let mut slot = 0;
    while slot < SQUARES {
        let (column, row) = (slot % WIDTH, slot / WIDTH);
        if row + 1 < height {
            table[slot][0] = (slot + WIDTH) as u8;
        }
        if column + 1 < WIDTH {
            table[slot][1] = (slot + 1) as u8;
        }
        if row > 0 {
            table[slot][2] = (slot - WIDTH) as u8;
        }
        if column > 0 {
            table[slot][3] = (slot - 1) as u8;
        }
        slot += 1;
    }
    table
};

/// The square of a slot.
fn square_at(slot: usize) -> Square {
    Square {
        column: (slot % WIDTH) as u32,
        row: (slot / WIDTH) as u32,
    }
}

/// Who stands where, read once (kept on the stack: one is read for every list).
struct Field {
    /// The card on each square (row-major).
    at: [Option<ObjectId>; SQUARES],
    /// The cards on the battlefield, in id order.
    cards: smallvec::SmallVec<[ObjectId; 32]>,
    width: u32,
    height: u32,
}

impl Field {
    fn of(game: &Game) -> Self {
        let g = grid();
        debug_assert_eq!((g.width * g.height) as usize, SQUARES);
        let mut cards: smallvec::SmallVec<[ObjectId; 32]> = smallvec::SmallVec::new();
        for id in game.on_battlefield() {
            cards.push(id);
        }
        // The battlefield's index when it names every card; else the last card on a square
        // counts, as a look at every card in id order finds.
        let at = game.board().copied().unwrap_or_else(|| {
            let mut at = [None; SQUARES];
            for &id in &cards {
                let s = game.pieces[id.0 as usize]
                    .square()
                    .expect("on the battlefield");
                at[(s.row * g.width + s.column) as usize] = Some(id);
            }
            at
        });
        Self {
            at,
            cards,
            width: g.width,
            height: g.height,
        }
    }

    fn at(&self, s: Square) -> Option<ObjectId> {
        self.at[(s.row * self.width + s.column) as usize]
    }

    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height)
            .flat_map(move |row| (0..self.width).map(move |column| Square { column, row }))
    }

    /// The squares next to `s` (up, right, down, left).
    fn around(&self, s: Square) -> impl Iterator<Item = Square> + '_ {
        NEIGHBOURS[self.slot(s)]
            .into_iter()
            .filter(|&n| n != NONE)
            .map(|n| square_at(n.into()))
    }

    /// The row-major index of `s`.
    fn slot(&self, s: Square) -> usize {
        debug_assert_eq!(self.width as usize, WIDTH);
        (s.row * self.width + s.column) as usize
    }

    fn mine<'a>(&'a self, game: &'a Game) -> impl Iterator<Item = ObjectId> + 'a {
        self.cards
            .iter()
            .copied()
            .filter(move |id| game.pieces[id.0 as usize].controller == game.active)
    }
}

/// Cards in hand whose cost the active player can pay.
fn affordable<'a>(game: &'a Game, hand: &'a [ObjectId]) -> impl Iterator<Item = ObjectId> + 'a {
    let magic = game.player(game.active).magic;
    hand.iter()
        .copied()
        .filter(move |c| game.pieces[c.0 as usize].cost() <= magic)
}

fn summons(game: &Game, board: &Field, hand: &[ObjectId], actions: &mut Vec<Action>) {
    // Empty squares next to a gate the player controls, or next to their summoner (Renewed
    // Hope): `check_summon` decides which of them count.
    let mut squares: Vec<Square> = Vec::with_capacity(16);
    for id in board.mine(game) {
        let piece = &game.pieces[id.0 as usize];
        // Next to any friendly card: `summon_next_to` (Born of Fire, Shadow Step) lets a
        // card be summoned beside units too.
        {
            let from = piece.square().expect("on the battlefield");
            for s in board.around(from) {
                if board.at(s).is_none() && !squares.contains(&s) {
                    squares.push(s);
                }
            }
        }
    }
    squares.sort_by_key(|s| (s.row, s.column));
    for card in affordable(game, hand) {
        if !matches!(
            game.pieces[card.0 as usize].kind(),
            Kind::Champion | Kind::Common | Kind::Unclassed
        ) {
            continue;
        }
        for &at in &squares {
            if check_summon(game, card, at).is_ok() {
                actions.push(Action::Summon { card, at });
            }
        }
    }
}

fn builds(game: &Game, board: &Field, hand: &[ObjectId], actions: &mut Vec<Action>) {
    for card in affordable(game, hand) {
        if !game.pieces[card.0 as usize].is_structure() {
            continue;
        }
        for at in board.squares().filter(|&s| board.at(s).is_none()) {
            if check_build(game, card, at).is_ok() {
                actions.push(Action::Build { card, at });
            }
        }
    }
}

fn moves(game: &Game, board: &Field, actions: &mut Vec<Action>) {
    if game.player(game.active).chosen_movers >= game.movers_allowed() {
        return;
    }
    for unit in board.mine(game) {
        let Ok(mover) = check_mover(game, unit) else {
            continue;
        };
        let m = &mover.movement;
        let longest = m.spaces.max(m.spaces + m.straight_extra) as usize;
        let mut walk = Walk {
            game,
            board,
            unit,
            mover: &mover,
            path: Vec::with_capacity(longest),
            actions,
            passable: smallvec::SmallVec::new(),
            spaces: i64::from(m.spaces),
            straight_spaces: i64::from(m.spaces + m.straight_extra),
        };
        walk.from(board.slot(mover.start), longest, None);
    }
}

/// The search for one unit's moves: every path of its movement, one step at a time.
struct Walk<'a> {
    game: &'a Game,
    board: &'a Field,
    unit: ObjectId,
    mover: &'a CheckedMove,
    /// The squares stepped on so far.
    path: Vec<Square>,
    /// Where each accepted move is listed.
    actions: &'a mut Vec<Action>,
    /// Whether the unit may pass each card met so far ([`may_pass`]).
    passable: smallvec::SmallVec<[(ObjectId, bool); 8]>,
    /// Spaces it may move.
    spaces: i64,
    /// Spaces it may move in one straight line.
    straight_spaces: i64,
}

impl Walk<'_> {
    /// Every path from `from` (the end of `path`) of at most `left` more steps into empty
    /// squares (the unit's own start counts as empty) or cards the unit may pass; a path that
    /// ends on an empty square is listed when `check_path` accepts it, in the order found.
    ///
    /// `direction` is the way every step so far went, while they all went the same way. The
    /// path is built to pass only what `check_path` lets it pass, so of that check only the
    /// length is left: up to the movement, more in one straight line (debug builds run the
    /// whole check too).
    ///
    /// Squares are slots of [`NEIGHBOURS`]; `direction` is the index of the step's way there.
    fn from(&mut self, from: usize, left: usize, direction: Option<usize>) {
        if left == 0 {
            return;
        }
        for (step, next) in NEIGHBOURS[from].into_iter().enumerate() {
            if next == NONE {
                continue;
            }
            let next = usize::from(next);
            let occupant = self.board.at[next].filter(|&o| o != self.unit);
            if occupant.is_some_and(|o| !self.may_pass(o)) {
                continue;
            }
            self.path.push(square_at(next));
            let straight = match direction {
                None => self.path.len() == 1,
                Some(d) => d == step,
            };
            let allowed = if straight {
                self.straight_spaces
            } else {
                self.spaces
            };
            let fits = self.path.len() as i64 <= allowed;
            debug_assert_eq!(
                occupant.is_none() && fits,
                occupant.is_none()
                    && check_path(self.game, self.unit, self.mover, &self.path).is_ok(),
                "a path judged by its length disagrees with check_path"
            );
            if occupant.is_none() && fits {
                self.actions.push(Action::Move {
                    unit: self.unit,
                    path: Path::from_slice(&self.path),
                });
            }
            self.from(next, left - 1, straight.then_some(step));
            self.path.pop();
        }
    }

    /// [`may_pass`] for the unit and its movement, asked once per card.
    fn may_pass(&mut self, other: ObjectId) -> bool {
        if let Some(&(_, known)) = self.passable.iter().find(|(o, _)| *o == other) {
            return known;
        }
        let through = &self.mover.movement.through;
        let passes = may_pass(self.game, self.unit, other, through);
        self.passable.push((other, passes));
        passes
    }
}

fn attacks(game: &Game, board: &Field, actions: &mut Vec<Action>) {
    let g = grid();
    for attacker in board.mine(game) {
        let piece = &game.pieces[attacker.0 as usize];
        if !piece.is_unit() || !super::attack::attack_left(game, attacker) {
            continue;
        }
        let from = piece.square().expect("on the battlefield");
        // What refuses every target refuses each: nothing to list.
        let Ok(prepared) = Attacker::of(game, attacker) else {
            continue;
        };
        let anywhere = prepared.reaches_off_line();
        // Without reach off its lines a melee unit attacks only its neighbours; others reach
        // along a straight line.
        let melee = piece.attack_type() == Some(AttackType::Melee);
        let far = if anywhere || melee {
            1
        } else {
            prepared.reach()
        };
        for &target in &board.cards {
            let to = game.pieces[target.0 as usize]
                .square()
                .expect("on the battlefield");
            let near = anywhere
                || g.straight_line(from, to)
                    .is_some_and(|d| d >= 1 && d <= far);
            let ok = near && prepared.check_target(game, target).is_ok();
            debug_assert_eq!(
                ok,
                near && check_attack(game, attacker, target).is_ok(),
                "an attacker read once judges {target:?} otherwise than check_attack"
            );
            if ok {
                actions.push(Action::Attack { attacker, target });
            }
        }
    }
}

fn events(game: &Game, board: &Field, hand: &[ObjectId], actions: &mut Vec<Action>) {
    for card in affordable(game, hand) {
        let piece = &game.pieces[card.0 as usize];
        if piece.kind() != Kind::Event {
            continue;
        }
        // An event whose card handler or one-shot effects act may still be refused by them:
        // those are tried on a copy.
        let acts = card_handler(game, card).is_some()
            || piece
                .carries
                .iter()
                .any(|a| a.meta().timing == Some(Timing::Activated) || a.meta().requires.is_some());
        // An event that neither stays attached nor is active, and gives no extra attack,
        // leaves the same state whatever card it is played on: one trial answers for all.
        let one_shot = |a: &super::content::Ability| a.meta().timing == Some(Timing::Activated);
        let same_anywhere = !super::state::is_active_event(piece)
            && piece.carries.iter().all(one_shot)
            && !piece.carries.iter().any(|a| {
                a.meta()
                    .effects
                    .iter()
                    .any(|op| matches!(op, super::content::EffectOp::ExtraAttack { .. }))
            });
        // Without a handler, whether its entries find a card to pick is judged without
        // playing it when only their first operation can refuse (an event that stays attached
        // could change what they pick, so it is tried).
        let plain = card_handler(game, card).is_none()
            && piece
                .carries
                .iter()
                .all(|a| one_shot(a) && a.meta().handler.is_none());
        let judged = if acts && plain {
            let entries = super::instant::event_entries(game, card);
            super::instant::first_pick_refuses(game, card, game.active, &entries, true)
                .map(|refused| !refused)
        } else {
            None
        };
        let mut shared: Option<bool> = None;
        // `check_event` on a card of the battlefield adds to its checks on no card only that
        // an active event is played on no card: it is run once.
        let playable = check_event(game, card, None).is_ok();
        let active = super::state::is_active_event(piece);
        for on in std::iter::once(None).chain(board.cards.iter().map(|&c| Some(c))) {
            let checked = playable && (on.is_none() || !active);
            debug_assert_eq!(checked, check_event(game, card, on).is_ok());
            if !checked {
                continue;
            }
            let action = Action::PlayEvent { card, on };
            let ok = !acts
                || match judged {
                    Some(ok) => confirmed(game, &action, ok),
                    None if same_anywhere => *shared.get_or_insert_with(|| accepted(game, &action)),
                    None => accepted(game, &action),
                };
            if ok {
                actions.push(action);
            }
        }
    }
}

fn activations(game: &Game, board: &Field, actions: &mut Vec<Action>) {
    for unit in board.mine(game) {
        if game.pieces[unit.0 as usize].kind() == Kind::Event {
            continue;
        }
        let own = abilities(game, unit);
        for &ability in &own {
            let meta = ability.meta();
            let acts = meta.handler.is_some() || super::instant::has_instant_ops(ability);
            if meta.timing == Some(Timing::Activated) && acts {
                // Using it uses the unit's first ability of that name; when that one acts
                // by its operations alone, `use_ability` begins with `check_use`, so what
                // that refuses is not tried.
                let used = own
                    .iter()
                    .copied()
                    .find(|a| a.meta().name == meta.name)
                    .unwrap_or(ability);
                let instant = used.meta().timing == Some(Timing::Activated)
                    && used.meta().handler.is_none()
                    && super::instant::has_instant_ops(used);
                if instant && super::instant::check_use(game, unit, used).is_err() {
                    continue;
                }
                let action = Action::Activate {
                    unit,
                    ability: meta.name.to_string(),
                };
                // After `check_use`, only its operations can refuse: judged without using it
                // when only the first one can (a card to pick), else tried.
                let judged = instant
                    .then(|| {
                        super::instant::first_pick_refuses(game, unit, game.active, &[used], false)
                    })
                    .flatten();
                let ok = match judged {
                    Some(refused) => confirmed(game, &action, !refused),
                    None => accepted(game, &action),
                };
                if ok {
                    actions.push(action);
                }
            }
        }
    }
}

/// `ok`, what the rules say about `action` without trying it; debug builds try it too and
/// check that they agree.
fn confirmed(game: &Game, action: &Action, ok: bool) -> bool {
    debug_assert_eq!(
        ok,
        accepted(game, action),
        "{action:?} judged without trying it disagrees with trying it"
    );
    ok
}

/// Whether the rules accept `action`, tried on a copy (dice seeded, first options).
fn accepted(game: &Game, action: &Action) -> bool {
    let step = |game: &mut Game, ctx: &mut Ctx<'_, GameEvent>| apply_in_place(game, action, ctx);
    grimoire_engine::succeeds_on_kept(&SCRATCH, game, &mut SeededDice::new(0), step)
}

thread_local! {
    /// The copy actions are tried on, reused from one trial to the next.
    static SCRATCH: RefCell<Game> = RefCell::new(Game::new());
}
