//! Set-up of a whole game from two spellbooks: each Mage in its starting zone with its starting
//! mana, the spellbook as the spells its player may plan and cast, and the initiative of the
//! first round (docs/decisions.md, "Mage Wars: set-up").

use grimoire_engine::{Ctx, PlayerId, Zone};

use super::card::Printed;
use super::catalog::Catalog;
use super::content::Card;
use super::dice::roll_effect_die;
use super::play::{Match, PlayEvent, Seat, Step};
use super::refusal::SetupRefusal;
use super::round::begin_round;
use super::state::{Game, RulesError};

/// One player's spellbook as play reads it: the Mage card and the spells with their copies.
#[derive(Debug, Clone, PartialEq)]
pub struct Spellbook {
    /// The Mage card.
    pub mage: Card,
    /// Each spell of the spellbook with its number of copies, in the order given.
    pub spells: Vec<(Card, u32)>,
}

impl Spellbook {
    /// A spellbook from the names a spellbook file writes: `mage` is a Mage card's name or a
    /// Mage class (the first Mage of that class by name), `cards` names spells with copies.
    /// Names match ignoring case; an unknown name is an error with a "did you mean".
    pub fn from_names<'a>(
        mage: &str,
        cards: impl IntoIterator<Item = (&'a str, u32)>,
        catalog: &Catalog,
    ) -> Result<Spellbook, String> {
        let by_name = match catalog.get(mage) {
            Some(card @ Card::Mage(_)) => Some(card),
            _ => None,
        };
        let mage = by_name
            .or_else(|| {
                catalog.cards().iter().copied().find(|card| match card {
                    Card::Mage(m) => m.class.to_string().eq_ignore_ascii_case(mage.trim()),
                    _ => false,
                })
            })
            .ok_or_else(|| format!("no Mage card or Mage class named {mage:?}"))?;
        let mut spells = Vec::new();
        for (name, copies) in cards {
            let card = catalog.find(name)?;
            if matches!(card, Card::Mage(_) | Card::Marker(_)) {
                return Err(format!("{} is not a spell", card.name()));
            }
            if copies > 0 {
                spells.push((card, copies));
            }
        }
        Ok(Spellbook { mage, spells })
    }
}

/// The starting zones of the two Mages: opposite corners of the arena, the first player's in
/// `A1` and the second's in the far corner (`D3` on the 4×3 arena).
pub fn starting_zones(game: &Game) -> [Zone; 2] {
    let arena = game.arena;
    let first = arena.zone_at(0, 0).unwrap_or(Zone(0));
    let last = arena
        .zone_at(arena.columns - 1, arena.rows - 1)
        .unwrap_or(first);
    [first, last]
}

/// Sets a game up: Mages in their starting zones with their starting mana (never below 0),
/// the initiative of round 1 (both players roll the effect die, rerolling ties; the winner
/// keeps it or gives it away through `ctx.choices`), then round 1 begins.
pub fn setup(books: &[Spellbook], ctx: &mut Ctx<'_, PlayEvent>) -> Result<Match, RulesError> {
    if books.len() != 2 {
        return Err(SetupRefusal::Players {
            spellbooks: books.len(),
        }
        .into());
    }
    let mut game = Game::new();
    let zones = starting_zones(&game);
    let mut seats = Vec::new();
    let mut sources = Vec::new();
    for (index, book) in books.iter().enumerate() {
        let Card::Mage(card) = book.mage else {
            return Err(SetupRefusal::NotAMage {
                card: book.mage.name(),
            }
            .into());
        };
        let player = PlayerId(index as u8 + 1);
        let mage = game.add_object(Printed::from_card(book.mage), player, zones[index]);
        sources.push(book.mage);
        game.set_mana(player, card.starting_mana.max(0) as u32);
        ctx.record(PlayEvent::Entered {
            player,
            object: mage,
            zone: zones[index],
        });
        seats.push(Seat {
            player,
            mage,
            spellbook: book.spells.clone(),
            planned: Vec::new(),
            assigned: Vec::new(),
            quickcast: false,
        });
    }
    game.log.clear();
    let initiative = first_initiative(ctx)?;
    let mut state = Match {
        game,
        seats,
        sources,
        round: 0,
        initiative,
        step: Step::Planning { player: initiative },
        ready: Vec::new(),
        hidden: Vec::new(),
        ended: None,
    };
    let mut events = Vec::new();
    begin_round(&mut state, &mut *ctx.dice, &mut events)?;
    for event in events {
        ctx.record(event);
    }
    Ok(state)
}

/// Round 1's initiative: each player rolls the effect die (ties roll again); the winner may
/// let the other player have it.
fn first_initiative(ctx: &mut Ctx<'_, PlayEvent>) -> Result<PlayerId, RulesError> {
    let mut winner = PlayerId(1);
    for _ in 0..64 {
        let (one, two) = (roll_effect_die(ctx.dice)?, roll_effect_die(ctx.dice)?);
        if one != two {
            winner = PlayerId(if one > two { 1 } else { 2 });
            break;
        }
    }
    let other = PlayerId(3 - winner.0);
    let options = vec![
        format!("player {} takes the initiative", winner.0),
        format!(
            "player {} gives the initiative to player {}",
            winner.0, other.0
        ),
    ];
    let prompt = format!("player {} won the initiative roll", winner.0);
    let chosen = ctx.choose(&prompt, &options)?;
    Ok(if chosen == 0 { winner } else { other })
}
