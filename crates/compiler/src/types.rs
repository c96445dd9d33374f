//! Type expressions (`int(0..=6)`, `[Tag]`, `Range?`): parsing, resolution and display.

use std::collections::HashMap;

use crate::ir::{Game, Type};

/// A parsed, not yet resolved, type expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TypeExpr<'a> {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    String,
    Text,
    Handler,
    /// An enum, record or category name.
    Named(&'a str),
    List(Box<TypeExpr<'a>>),
    Option(Box<TypeExpr<'a>>),
}

/// Parses a type expression; the error says what is malformed.
pub(crate) fn parse(source: &str) -> Result<TypeExpr<'_>, String> {
    if source.chars().any(char::is_whitespace) {
        return Err("type expressions may not contain whitespace".into());
    }
    parse_inner(source)
}

fn parse_inner(source: &str) -> Result<TypeExpr<'_>, String> {
    if let Some(inner) = source.strip_suffix('?') {
        let item = parse_inner(inner)?;
        if matches!(item, TypeExpr::Option(_)) {
            return Err("`??`: an optional type cannot be optional again".into());
        }
        return Ok(TypeExpr::Option(Box::new(item)));
    }
    if let Some(rest) = source.strip_prefix('[') {
        let inner = rest
            .strip_suffix(']')
            .ok_or_else(|| format!("`{source}`: a list type is written `[T]`"))?;
        if inner.is_empty() {
            return Err("`[]`: a list type needs an item type".into());
        }
        return Ok(TypeExpr::List(Box::new(parse_inner(inner)?)));
    }
    if let Some(rest) = source.strip_prefix("int(") {
        let range = rest
            .strip_suffix(')')
            .ok_or_else(|| format!("`{source}`: an integer type is written `int(A..=B)`"))?;
        let (min, max) = range
            .split_once("..=")
            .ok_or_else(|| format!("`{source}`: an integer range is written `A..=B`"))?;
        let min: i64 = min
            .parse()
            .map_err(|_| format!("`{source}`: `{min}` is not an integer"))?;
        let max: i64 = max
            .parse()
            .map_err(|_| format!("`{source}`: `{max}` is not an integer"))?;
        if min > max {
            return Err(format!("`{source}`: the range is empty ({min} > {max})"));
        }
        return Ok(TypeExpr::Int { min, max });
    }
    match source {
        "bool" => Ok(TypeExpr::Bool),
        "string" => Ok(TypeExpr::String),
        "text" => Ok(TypeExpr::Text),
        grimoire_model::HANDLER_TYPE => Ok(TypeExpr::Handler),
        "int" => Err("`int` needs a range: `int(A..=B)`".into()),
        "" => Err("empty type expression".into()),
        name if is_type_name(name) => Ok(TypeExpr::Named(name)),
        _ => Err(format!("`{source}` is not a type expression")),
    }
}

fn is_type_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Resolves names through `names`; `Err` carries the unknown name.
pub(crate) fn resolve<'a>(
    expr: &TypeExpr<'a>,
    names: &HashMap<String, Type>,
) -> Result<Type, &'a str> {
    Ok(match expr {
        TypeExpr::Bool => Type::Bool,
        TypeExpr::Int { min, max } => Type::Int {
            min: *min,
            max: *max,
        },
        TypeExpr::String => Type::String,
        TypeExpr::Text => Type::Text,
        TypeExpr::Handler => Type::Handler,
        TypeExpr::Named(name) => names.get(*name).cloned().ok_or(*name)?,
        TypeExpr::List(item) => Type::List {
            item: Box::new(resolve(item, names)?),
        },
        TypeExpr::Option(item) => Type::Option {
            item: Box::new(resolve(item, names)?),
        },
    })
}

/// The type as it would be written in `game.toml`.
pub(crate) fn describe(ty: &Type, game: &Game) -> String {
    match ty {
        Type::Bool => "bool".into(),
        Type::Int { min, max } => format!("int({min}..={max})"),
        Type::String => "string".into(),
        Type::Text => "text".into(),
        Type::Handler => "handler".into(),
        Type::Enum { index } => game.enums[*index].name.clone(),
        Type::Record { index } => game.records[*index].name.clone(),
        Type::Codex { index } => game.categories[*index].name.clone(),
        Type::Union { index } => game.unions[*index].name.clone(),
        Type::List { item } => format!("[{}]", describe(item, game)),
        Type::Option { item } => format!("{}?", describe(item, game)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(parse("bool"), Ok(TypeExpr::Bool));
        assert_eq!(
            parse("int(-3..=12)"),
            Ok(TypeExpr::Int { min: -3, max: 12 })
        );
        assert_eq!(
            parse("[Color]?"),
            Ok(TypeExpr::Option(Box::new(TypeExpr::List(Box::new(
                TypeExpr::Named("Color")
            )))))
        );
        assert_eq!(
            parse("handler?"),
            Ok(TypeExpr::Option(Box::new(TypeExpr::Handler)))
        );
        assert_eq!(
            parse("[[Color]]"),
            Ok(TypeExpr::List(Box::new(TypeExpr::List(Box::new(
                TypeExpr::Named("Color")
            )))))
        );
        assert_eq!(
            parse("[text]"),
            Ok(TypeExpr::List(Box::new(TypeExpr::Text)))
        );
    }

    #[test]
    fn rejects_malformed_expressions() {
        for bad in [
            "int",
            "int(3..=1)",
            "int(0..5)",
            "[Tag",
            "Tag??",
            "int( 0..=1)",
            "9Lives",
            "",
            "[]",
        ] {
            assert!(parse(bad).is_err(), "{bad} should not parse");
        }
    }

    #[test]
    fn resolution_reports_the_unknown_name() {
        let names = HashMap::from([("Color".to_string(), Type::Enum { index: 0 })]);
        let list = parse("[Color]").unwrap_or(TypeExpr::Bool);
        assert_eq!(
            resolve(&list, &names),
            Ok(Type::List {
                item: Box::new(Type::Enum { index: 0 })
            })
        );
        let unknown = parse("Schol?").unwrap_or(TypeExpr::Bool);
        assert_eq!(resolve(&unknown, &names), Err("Schol"));
    }
}
