//! Both versions of a card the April 2024 FAQ changed, chosen by date.
//!
//! The generated tables keep a changed card's printed version ([`CardId::printed`]) and its
//! current one ([`CardId::card`]), and the errata between them ([`CardId::errata`]).
//! [`card_as_of`] picks the version in force on a date: before the card's first erratum, the
//! printed card; from the date of its last erratum on, the current card. A card changed on two
//! dates has versions in between that the tables do not keep; for a date between those,
//! [`card_as_of`] answers [`VersionError::Between`] rather than a wrong card. (No Summoner
//! Wars card is changed on two dates: both 2024 layers are dated 2024-04-03.)

use std::fmt;

use crate::{Card, CardId};

/// Why no version of a card can be given for a date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionError {
    /// The date is not written `YYYY-MM-DD`.
    BadDate(String),
    /// The date falls between two errata of the card; that version is not kept.
    Between {
        /// The card.
        card: &'static str,
        /// The date asked for.
        date: String,
    },
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionError::BadDate(date) => {
                write!(f, "`{date}` is not a date: expected YYYY-MM-DD")
            }
            VersionError::Between { card, date } => write!(
                f,
                "{date} falls between two errata of `{card}`; only the printed and the current versions are kept"
            ),
        }
    }
}

impl std::error::Error for VersionError {}

/// The version of `card` in force on `date` (`YYYY-MM-DD`; an erratum applies from its date).
pub fn card_as_of(card: CardId, date: &str) -> Result<Card, VersionError> {
    let bytes = date.as_bytes();
    let well_formed = bytes.len() == 10
        && bytes.iter().enumerate().all(|(at, byte)| match at {
            4 | 7 => *byte == b'-',
            _ => byte.is_ascii_digit(),
        });
    if !well_formed {
        return Err(VersionError::BadDate(date.to_owned()));
    }
    let errata = card.errata();
    let applied = errata.iter().filter(|erratum| erratum.date <= date).count();
    if applied == 0 {
        Ok(card.printed())
    } else if applied == errata.len() {
        Ok(card.card())
    } else {
        Err(VersionError::Between {
            card: card.name(),
            date: date.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_update_reads_as_printed_before_its_date_and_updated_from_it() {
        let sera = CardId::from_name("Sera Eldwyn").expect("in the pool");
        let strength = |date| match card_as_of(sera, date) {
            Ok(Card::Summoner(summoner)) => summoner.strength,
            other => panic!("{other:?}"),
        };
        assert_eq!(strength("2024-04-02"), 2);
        assert_eq!(strength("2024-04-03"), 3);
        assert_eq!(strength("2030-01-01"), 3);
    }

    #[test]
    fn an_unchanged_card_is_the_same_on_every_date() {
        let fencer = CardId::from_name("Fencer").expect("in the pool");
        assert_eq!(card_as_of(fencer, "2000-01-01"), Ok(fencer.card()));
        assert_eq!(card_as_of(fencer, "2030-01-01"), Ok(fencer.card()));
    }

    #[test]
    fn a_malformed_date_is_refused() {
        let fencer = CardId::from_name("Fencer").expect("in the pool");
        for date in ["2024-4-3", "April 2024", "2024/04/03", ""] {
            assert_eq!(
                card_as_of(fencer, date),
                Err(VersionError::BadDate(date.to_owned()))
            );
        }
    }
}
