//! Reads an OCTGN `*.set.xml` file into plain cards: a name and its properties.

use quick_xml::escape::EscapeError;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// One `<set>` element.
#[derive(Debug, Clone)]
pub struct RawSet {
    /// The set's `name` attribute, such as `Forcemaster vs Warlord`.
    pub name: String,
    /// The cards, in file order.
    pub cards: Vec<RawCard>,
    /// Byte offset of the `<set>` element in the text.
    pub offset: usize,
}

/// Why a set file could not be read, and the byte offset in the text where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    /// Byte offset of the problem in the text given to [`parse_set`].
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

/// One `<card>` element.
#[derive(Debug, Clone)]
pub struct RawCard {
    /// The card's `name` attribute.
    pub name: String,
    /// `<property name=… value=…/>` pairs, in file order, values unescaped.
    pub properties: Vec<(String, String)>,
    /// `<alternate>` faces that carry properties of their own.
    pub alternates_with_properties: Vec<String>,
    /// Byte offset of the `<card>` element in the text.
    pub offset: usize,
}

impl RawCard {
    /// The value of a property, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The value of a property, trimmed, when present and not blank.
    pub fn non_empty(&self, name: &str) -> Option<&str> {
        self.get(name)
            .map(str::trim)
            .filter(|value| !value.is_empty())
    }
}

/// Parses the text of a set file. The error has the byte offset of the problem in `text`.
pub fn parse_set(text: &str) -> Result<RawSet, XmlError> {
    // A byte order mark some editors write is not part of the XML.
    let bom = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    parse_set_after(&text[bom..]).map_err(|error| XmlError {
        offset: error.offset + bom,
        ..error
    })
}

fn parse_set_after(text: &str) -> Result<RawSet, XmlError> {
    let mut reader = Reader::from_str(text);
    reader.config_mut().trim_text(true);
    let mut set_name = None;
    let mut set_offset = 0;
    let mut cards = Vec::new();
    let mut current: Option<RawCard> = None;
    let mut alternate_depth = 0usize;
    let mut alternate_has_properties = false;
    // Open elements, to tell a complete file from one cut off after a closing tag.
    let mut open_elements: Vec<String> = Vec::new();
    loop {
        let start = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader.read_event().map_err(|error| XmlError {
            offset: usize::try_from(reader.error_position()).unwrap_or(usize::MAX),
            message: error.to_string(),
        })?;
        // The element starts at its `<`, after the whitespace trimmed before it.
        let element_at = start
            + text
                .get(start..)
                .map_or(0, |rest| rest.len() - rest.trim_start().len());
        match &event {
            Event::Start(element) => {
                open_elements.push(String::from_utf8_lossy(element.name().as_ref()).into_owned())
            }
            Event::End(_) => {
                open_elements.pop();
            }
            _ => {}
        }
        match event {
            Event::Start(element) | Event::Empty(element) if element.name().as_ref() == b"set" => {
                set_name = Some(attribute(&element, "name", text, element_at)?.unwrap_or_default());
                set_offset = element_at;
            }
            Event::Start(element) if element.name().as_ref() == b"card" => {
                current = Some(new_card(&element, text, element_at)?);
            }
            Event::Empty(element) if element.name().as_ref() == b"card" => {
                cards.push(new_card(&element, text, element_at)?);
            }
            Event::Start(element) if element.name().as_ref() == b"alternate" => {
                alternate_depth += 1;
                alternate_has_properties = false;
            }
            Event::End(element) if element.name().as_ref() == b"alternate" => {
                alternate_depth = alternate_depth.saturating_sub(1);
                if let (Some(card), true) = (current.as_mut(), alternate_has_properties) {
                    card.alternates_with_properties.push(card.name.clone());
                }
            }
            Event::Empty(element) if element.name().as_ref() == b"property" => {
                if alternate_depth > 0 {
                    alternate_has_properties = true;
                } else if let Some(card) = current.as_mut() {
                    let name = attribute(&element, "name", text, element_at)?.unwrap_or_default();
                    let value = attribute(&element, "value", text, element_at)?.unwrap_or_default();
                    card.properties.push((name, value));
                }
            }
            Event::End(element) if element.name().as_ref() == b"card" => {
                if let Some(card) = current.take() {
                    cards.push(card);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let at_end = |message: String| XmlError {
        offset: text.len(),
        message,
    };
    if current.is_some() {
        return Err(at_end(
            "the file ends inside a <card> element (truncated?)".to_owned(),
        ));
    }
    if let Some(innermost) = open_elements.last() {
        return Err(at_end(format!(
            "the file ends inside <{innermost}> (truncated?): expected {}",
            open_elements
                .iter()
                .rev()
                .map(|name| format!("</{name}>"))
                .collect::<Vec<_>>()
                .join("")
        )));
    }
    let name = set_name.ok_or_else(|| XmlError {
        offset: 0,
        message: "no <set> element: not an OCTGN set file".to_owned(),
    })?;
    if name.trim().is_empty() {
        return Err(XmlError {
            offset: set_offset,
            message:
                "the <set> element has no `name` attribute: the set's folder is named after it"
                    .to_owned(),
        });
    }
    Ok(RawSet {
        name,
        cards,
        offset: set_offset,
    })
}

fn new_card(element: &BytesStart<'_>, text: &str, offset: usize) -> Result<RawCard, XmlError> {
    let name = attribute(element, "name", text, offset)?.ok_or_else(|| XmlError {
        offset,
        message: "a <card> has no name attribute".to_owned(),
    })?;
    // Names are printed text: stray tabs or doubled spaces in the data are not part of them.
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok(RawCard {
        name,
        properties: Vec::new(),
        alternates_with_properties: Vec::new(),
        offset,
    })
}

/// The unescaped value of attribute `wanted` of `element`, which starts at byte `element_at`
/// of `text`. A bad entity is located at its `&`.
fn attribute(
    element: &BytesStart<'_>,
    wanted: &str,
    text: &str,
    element_at: usize,
) -> Result<Option<String>, XmlError> {
    for attribute in element.attributes() {
        let attribute = attribute.map_err(|error| XmlError {
            offset: element_at,
            message: error.to_string(),
        })?;
        if attribute.key.as_ref() != wanted.as_bytes() {
            continue;
        }
        // The raw value borrows from `text`: its address gives its offset there.
        let value_at = (attribute.value.as_ptr() as usize)
            .checked_sub(text.as_ptr() as usize)
            .filter(|offset| *offset <= text.len())
            .unwrap_or(element_at);
        let value = attribute.unescape_value().map_err(|error| {
            let (within, message) = match &error {
                quick_xml::Error::Escape(EscapeError::UnrecognizedEntity(range, name)) => {
                    (range.start, format!("unknown entity `&{name};`"))
                }
                quick_xml::Error::Escape(EscapeError::UnterminatedEntity(range)) => {
                    (range.start, "an `&` without a closing `;`".to_owned())
                }
                other => (0, other.to_string()),
            };
            XmlError {
                offset: value_at + within.saturating_sub(1),
                message,
            }
        })?;
        return Ok(Some(value.into_owned()));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cards_properties_and_alternates() {
        let set = parse_set(
            r#"<?xml version="1.0"?><set name="Core"><cards>
            <card id="1" name="Raven&apos;s Eye"><property name="Type" value="Creature" />
            <alternate name="x" type="2"><property name="Type" value="Creature" /></alternate></card>
            <card id="2" name="Plain"><alternate name="Plain" type="2" /></card>
            </cards></set>"#,
        )
        .expect("well-formed");
        assert_eq!(set.name, "Core");
        assert_eq!(set.cards.len(), 2);
        assert_eq!(set.cards[0].name, "Raven's Eye");
        assert_eq!(set.cards[0].get("Type"), Some("Creature"));
        assert_eq!(set.cards[0].properties.len(), 1);
        assert_eq!(set.cards[0].alternates_with_properties.len(), 1);
        assert!(set.cards[1].alternates_with_properties.is_empty());
    }

    #[test]
    fn malformed_xml_is_an_error() {
        let error =
            parse_set("<set name=\"A\"><cards><card name=\"x\"></set>").expect_err("malformed");
        assert!(!error.message.is_empty(), "{error:?}");
        assert!(parse_set("<other/>").is_err());
    }

    #[test]
    fn a_file_cut_off_between_cards_is_an_error() {
        let error = parse_set(
            r#"<set name="A"><cards><card name="x"><property name="Type" value="Attack" /></card>"#,
        )
        .expect_err("truncated");
        assert!(
            error.message.contains("truncated") && error.message.contains("</cards></set>"),
            "{error:?}"
        );
    }

    #[test]
    fn an_unknown_entity_is_located_at_its_ampersand() {
        let text = "<set name=\"A\"><cards>\n  <card name=\"x\">\n    <property name=\"Type\" value=\"At&bogus;\" /></card></cards></set>";
        let error = parse_set(text).expect_err("unknown entity");
        assert_eq!(
            &text[error.offset..error.offset + 7],
            "&bogus;",
            "{error:?}"
        );
        assert!(error.message.contains("`&bogus;`"), "{error:?}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let set = parse_set("\u{feff}<set name=\"A\"><cards></cards></set>").expect("a set");
        assert_eq!(set.name, "A");
    }

    #[test]
    fn a_set_without_a_name_is_an_error() {
        let error = parse_set("<set><cards></cards></set>").expect_err("no name");
        assert!(error.message.contains("name"), "{error:?}");
        assert!(parse_set(r#"<set name=" "><cards></cards></set>"#).is_err());
    }
}
