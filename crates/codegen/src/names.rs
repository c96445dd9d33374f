//! Rust names derived from content names: identifiers, table names and integer types.

use heck::ToShoutySnakeCase;
use proc_macro2::{Ident, Span};

/// An identifier for an already checked UpperCamelCase content name (types, variants).
pub(crate) fn type_ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// A field, parameter or method identifier for a snake_case name; keywords become raw
/// identifiers (`r#type`), and the few that cannot be raw get a trailing underscore.
pub(crate) fn field_ident(name: &str) -> Ident {
    if syn::parse_str::<syn::Ident>(name).is_ok() {
        return Ident::new(name, Span::call_site());
    }
    match name {
        "self" | "Self" | "super" | "crate" | "_" => {
            Ident::new(&format!("{name}_"), Span::call_site())
        }
        _ => Ident::new_raw(name, Span::call_site()),
    }
}

/// A SCREAMING_SNAKE_CASE identifier for a static or constant named after `name`.
pub(crate) fn static_ident(name: &str) -> Ident {
    Ident::new(&name.to_shouty_snake_case(), Span::call_site())
}

/// The static table name of a card kind: the plural of its struct name (`CREATURES`).
pub(crate) fn plural_static_ident(ident: &str) -> Ident {
    let shouty = ident.to_shouty_snake_case();
    let plural = if shouty.ends_with('Y')
        && !shouty.ends_with("AY")
        && !shouty.ends_with("EY")
        && !shouty.ends_with("OY")
    {
        format!("{}IES", &shouty[..shouty.len() - 1])
    } else if ["S", "X", "CH", "SH", "RO"]
        .iter()
        .any(|end| shouty.ends_with(end))
    {
        format!("{shouty}ES")
    } else {
        format!("{shouty}S")
    };
    Ident::new(&plural, Span::call_site())
}

/// The smallest Rust integer type holding every value of `min..=max`.
pub(crate) fn int_type(min: i64, max: i64) -> Ident {
    const CANDIDATES: [(&str, i64, i64); 6] = [
        ("u8", 0, u8::MAX as i64),
        ("i8", i8::MIN as i64, i8::MAX as i64),
        ("u16", 0, u16::MAX as i64),
        ("i16", i16::MIN as i64, i16::MAX as i64),
        ("u32", 0, u32::MAX as i64),
        ("i32", i32::MIN as i64, i32::MAX as i64),
    ];
    let name = CANDIDATES
        .iter()
        .find(|(_, low, high)| min >= *low && max <= *high)
        .map_or("i64", |(name, _, _)| name);
    Ident::new(name, Span::call_site())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_smallest_integer_type() {
        assert_eq!(int_type(0, 255).to_string(), "u8");
        assert_eq!(int_type(-1, 1).to_string(), "i8");
        assert_eq!(int_type(0, 256).to_string(), "u16");
        assert_eq!(int_type(-200, 5).to_string(), "i16");
        assert_eq!(int_type(0, 70_000).to_string(), "u32");
        assert_eq!(int_type(-70_000, 0).to_string(), "i32");
        assert_eq!(int_type(0, i64::MAX).to_string(), "i64");
    }

    #[test]
    fn keywords_become_raw_identifiers() {
        assert_eq!(field_ident("type").to_string(), "r#type");
        assert_eq!(field_ident("self").to_string(), "self_");
        assert_eq!(field_ident("life").to_string(), "life");
    }

    #[test]
    fn table_names_are_plural() {
        assert_eq!(plural_static_ident("Creature").to_string(), "CREATURES");
        assert_eq!(plural_static_ident("Ally").to_string(), "ALLIES");
        assert_eq!(plural_static_ident("Class").to_string(), "CLASSES");
        assert_eq!(plural_static_ident("Day").to_string(), "DAYS");
        assert_eq!(plural_static_ident("Hero").to_string(), "HEROES");
    }
}
