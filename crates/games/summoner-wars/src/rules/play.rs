//! Whole games: set-up from two faction decks, who acts, how the game stands and the game in
//! words ([`Playable`] for [`SummonerWarsRules`]).
//!
//! Set-up (docs/decisions.md, "Summoner Wars: set-up"):
//! 1. Each deck's summoner and the cards of its `[layout]` go onto the battlefield, the first
//!    deck's as written (row 1 is its back row), the second deck's turned half a turn (`A1`
//!    becomes `F8`); every other card goes into its owner's draw pile, which is shuffled.
//! 2. Each player rolls a six-sided die; the higher roll goes first, ties roll again.
//! 3. The second player draws `HAND_SIZE` cards; the first player starts with none (they draw
//!    at the end of their first turn). The first player gets `STARTING_MAGIC_FIRST` magic,
//!    the second `STARTING_MAGIC_SECOND`.
//! 4. The first player's first turn starts at the Move Phase and only `FIRST_TURN_MOVERS`
//!    units may be chosen to move.
//!
//! The game is won when a summoner is destroyed; there is no draw. A player can always end the
//! phase, so a game in progress always has a legal action.

use grimoire_engine::{
    Board, Ctx, DieFaces, DieSpec, ObjectId, Outcome, Playable, PlayerId, Square,
};

use super::actions::{Action, SummonerWarsRules};
use super::content::{Card, Phase, HAND_SIZE, STARTING_MAGIC_FIRST, STARTING_MAGIC_SECOND};
use super::refusal::Refusal;
use super::state::{grid, Cause, Game, GameEvent, Piece, Place, RulesError};
use crate::catalog::Catalog;
use crate::deck::{check, layout_square, Deck};

/// A faction deck ready to play: the summoner, every other card with its copies, and the
/// starting layout from the owner's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactionDeck {
    /// The summoner.
    pub summoner: Card,
    /// The other cards and their copies.
    pub cards: Vec<(Card, u32)>,
    /// The starting layout: (column, row from the owner's back row), from 0.
    pub layout: Vec<(Card, (u32, u32))>,
}

impl FactionDeck {
    /// A deck file's deck with the cards of `catalog` (the compiled tables, or the cards on
    /// disk), when it breaks no construction rule and has a layout; else every problem, one
    /// per line, with its line and column.
    pub fn from_deck(deck: &Deck, catalog: &Catalog) -> Result<Self, String> {
        let problems: Vec<String> = check(deck, catalog)
            .iter()
            .map(|v| format!("{}:{}: {} [{}]", v.line, v.column, v.message, v.rule.name()))
            .collect();
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }
        if deck.layout.is_empty() {
            return Err(
                "the deck has no [layout]: a game needs the summoner's starting square and the \
                 cards that start with it"
                    .into(),
            );
        }
        let id = |name: &str| catalog.get(name).expect("checked: a card of the pool");
        Ok(Self {
            summoner: id(&deck.summoner.name),
            cards: deck
                .cards
                .iter()
                .map(|e| (id(&e.name), e.copies as u32))
                .collect(),
            layout: deck
                .layout
                .iter()
                .map(|p| {
                    (
                        id(&p.card.name),
                        layout_square(&p.square).expect("checked: a square of the side"),
                    )
                })
                .collect(),
        })
    }
}

/// The square of a layout position for `player` (player 2's layout is turned half a turn).
fn seat_square(player: PlayerId, (column, row): (u32, u32)) -> Square {
    let g = grid();
    if player == PlayerId(1) {
        Square { column, row }
    } else {
        Square {
            column: g.width - 1 - column,
            row: g.height - 1 - row,
        }
    }
}

/// Shuffles `player`'s draw pile with the dice (Fisher-Yates, one die of `n` sides per card).
pub(super) fn shuffle(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    player: PlayerId,
) -> Result<(), RulesError> {
    let mut pile = game.pile(player, Place::DrawPile);
    for i in (1..pile.len()).rev() {
        // The spec of `DieFaces::numbered("shuffle", i + 1)`, without its face labels.
        let die = DieSpec {
            name: "shuffle",
            faces: i as u32 + 1,
        };
        let j = ctx.dice.roll(die)? as usize;
        pile.swap(i, j);
    }
    for (order, id) in pile.into_iter().enumerate() {
        game.piece_mut(id)?.pile_order = order as i64;
    }
    Ok(())
}

/// Draws `count` cards from the top of `player`'s draw pile.
fn draw(game: &mut Game, player: PlayerId, count: usize) -> Result<u32, RulesError> {
    let drawn: Vec<ObjectId> = game
        .pile(player, Place::DrawPile)
        .into_iter()
        .take(count)
        .collect();
    for &card in &drawn {
        game.set_place(card, Place::Hand)?;
    }
    Ok(drawn.len() as u32)
}

impl Playable for SummonerWarsRules {
    type Deck = FactionDeck;

    fn setup(
        &self,
        decks: &[FactionDeck],
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<Game, RulesError> {
        let [first_deck, second_deck] = decks else {
            return Err(Refusal::DeckCount { decks: decks.len() }.into());
        };
        let mut game = Game::new();
        for (seat, deck) in [(PlayerId(1), first_deck), (PlayerId(2), second_deck)] {
            let mut ids: Vec<(Card, ObjectId)> = Vec::new();
            for (card, copies) in
                std::iter::once((deck.summoner, 1)).chain(deck.cards.iter().copied())
            {
                for _ in 0..copies {
                    let id = game.add(Piece::new(card, seat, Place::DrawPile));
                    ids.push((card, id));
                }
            }
            for &(card, at) in &deck.layout {
                let square = seat_square(seat, at);
                if let Some(other) = game.at(square) {
                    return Err(Refusal::LayoutTwice {
                        at: square,
                        other: game.named(other),
                    }
                    .into());
                }
                let Some(index) = ids.iter().position(|&(c, _)| c == card) else {
                    return Err(Refusal::LayoutExtra { card: card.name() }.into());
                };
                let (_, id) = ids.remove(index);
                game.set_place(id, Place::Battlefield(square))?;
                ctx.record(GameEvent::Entered {
                    card: id,
                    how: "placed",
                });
            }
            if game.summoner_of(seat).is_none() {
                return Err(Refusal::LayoutNoSummoner { player: seat }.into());
            }
            shuffle(&mut game, ctx, seat)?;
        }
        let die = DieFaces::numbered("first player", 6);
        let mut rolls = Vec::new();
        let first = loop {
            let (one, two) = (
                ctx.dice.roll(die.spec())? + 1,
                ctx.dice.roll(die.spec())? + 1,
            );
            rolls.push((one, two));
            if one != two {
                break if one > two { PlayerId(1) } else { PlayerId(2) };
            }
        };
        ctx.record(GameEvent::FirstPlayer {
            player: first,
            rolls,
        });
        let second = Game::opponent(first);
        for (player, hand, magic) in [
            (first, 0, STARTING_MAGIC_FIRST),
            (second, HAND_SIZE as usize, STARTING_MAGIC_SECOND),
        ] {
            let hand = draw(&mut game, player, hand)?;
            game.player_mut(player).magic = magic as u32;
            ctx.record(GameEvent::Ready {
                player,
                hand,
                magic: magic as u32,
            });
        }
        game.active = first;
        game.phase = Phase::Move;
        game.short_first_turn = true;
        ctx.record(GameEvent::TurnStarted { player: first });
        ctx.record(GameEvent::PhaseStarted {
            phase: Phase::Move.name(),
        });
        Ok(game)
    }

    fn to_act(&self, game: &Game) -> Option<PlayerId> {
        game.winner.is_none().then_some(game.active)
    }

    fn outcome(&self, game: &Game) -> Outcome {
        match game.winner {
            Some(player) => Outcome::Won(player),
            None => Outcome::Playing,
        }
    }

    fn turn(&self, game: &Game) -> u32 {
        game.turn
    }

    fn card_played(&self, game: &Game, action: &Action) -> Option<String> {
        match action {
            Action::Summon { card, .. }
            | Action::Build { card, .. }
            | Action::PlayEvent { card, .. } => {
                Some(game.piece(*card).ok()?.card.name().to_string())
            }
            _ => None,
        }
    }

    fn describe_action(&self, game: &Game, action: &Action) -> String {
        let name = |id: &ObjectId| game.describe(*id);
        let square = |s: &Square| grid().position_name(s);
        match action {
            Action::Summon { card, at } => format!("summons {} onto {}", name(card), square(at)),
            Action::Build { card, at } => format!("builds {} on {}", name(card), square(at)),
            Action::Move { unit, path } => format!(
                "moves {} via {}",
                name(unit),
                path.iter().map(square).collect::<Vec<_>>().join(", ")
            ),
            Action::Attack { attacker, target } => {
                format!("attacks {} with {}", name(target), name(attacker))
            }
            Action::PlayEvent { card, on: None } => format!("plays {}", name(card)),
            Action::PlayEvent { card, on: Some(on) } => {
                format!("plays {} on {}", name(card), name(on))
            }
            Action::Activate { unit, ability } => format!("uses {ability} of {}", name(unit)),
            Action::DiscardForMagic { card } => format!("discards {} for magic", name(card)),
            Action::EndPhase if game.end_of_turn => "ends the turn".into(),
            Action::EndPhase if game.phase == Phase::Magic => {
                "ends the Magic Phase and the turn".into()
            }
            Action::EndPhase => format!("ends the {} Phase", game.phase.name()),
        }
    }

    fn describe_event(&self, game: &Game, event: &GameEvent) -> String {
        let card = |id: &ObjectId| game.describe(*id);
        let name = |id: &ObjectId| game.piece(*id).map_or("?", |p| p.card.name());
        match event {
            GameEvent::TurnStarted { player } => format!("player {}'s turn begins", player.0),
            GameEvent::PhaseStarted { phase } if phase.contains(' ') => format!("{phase} begins"),
            GameEvent::PhaseStarted { phase } => format!("the {phase} Phase begins"),
            GameEvent::Drew { player, count } => {
                format!("player {} draws {count} card(s)", player.0)
            }
            GameEvent::Entered { card: id, how } => format!("{} is {how}", card(id)),
            GameEvent::Moved {
                card: id,
                to,
                forced,
            } => {
                format!(
                    "{} {} to {}",
                    name(id),
                    if *forced { "is forced" } else { "moves" },
                    grid().position_name(to)
                )
            }
            GameEvent::Attacked {
                attacker,
                target,
                dice,
                damage,
            } => format!(
                "{} attacks {}: rolls {}, {damage} damage",
                card(attacker),
                card(target),
                dice.join(" ")
            ),
            GameEvent::DamageAdded { card: id, amount } => {
                format!("{} takes {amount} damage", card(id))
            }
            GameEvent::BoostAdded { card: id, amount } => {
                format!("{} gets {amount} boost", card(id))
            }
            GameEvent::Destroyed { card: id, cause } => match cause {
                Cause::Attack { .. } => format!("{} is destroyed by the attack", name(id)),
                Cause::Effect { .. } => format!("{} is destroyed by an effect", name(id)),
                Cause::GameState => format!("{} is destroyed", name(id)),
            },
            GameEvent::ReturnedToHand { card: id } => {
                format!("{} returns to its owner's hand", name(id))
            }
            GameEvent::Discarded { card: id } => format!("{} is discarded", name(id)),
            GameEvent::MagicGained { player, amount } => {
                format!("player {} gains {amount} magic", player.0)
            }
            GameEvent::EventPlayed { card: id } => format!("{} is played", name(id)),
            GameEvent::AbilityResolved { ability, card: id } => {
                format!("{ability} of {}", card(id))
            }
            GameEvent::NotModelled(n) => format!(
                "{} of {} is not modelled yet (ignored)",
                n.ability,
                game.describe(n.object)
            ),
            GameEvent::FirstPlayer { player, rolls } => format!(
                "players roll for the first turn ({}): player {} goes first",
                rolls
                    .iter()
                    .map(|(a, b)| format!("{a} against {b}"))
                    .collect::<Vec<_>>()
                    .join(", then "),
                player.0
            ),
            GameEvent::Ready {
                player,
                hand,
                magic,
            } => format!(
                "player {} starts with {hand} card(s) in hand and {magic} magic",
                player.0
            ),
            GameEvent::Won { player } => format!("player {} wins", player.0),
        }
    }

    /// [`SummonerWarsRules::apply`] itself: it already leaves `game` and `ctx.log` as they
    /// were when it fails, so no second copy of the state is made.
    fn try_apply(
        &self,
        game: &mut Game,
        action: &Action,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), RulesError> {
        grimoire_engine::Rules::apply(self, game, action, ctx)
    }
}
