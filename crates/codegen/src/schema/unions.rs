//! The schema of a tagged union (`[unions.Effect]`): `oneOf` its variants, each a closed table
//! whose tag key is the variant's name, plus the bare names of variants that need no field.

use grimoire_compiler::ir::{Game, Type, UnionDef, UnionVariant};
use serde_json::{json, Map, Value};

use super::game::{describe, object_schema, value_docs};

/// The `union.<Name>` definition of `def`.
pub(super) fn union_schema(game: &Game, def: &UnionDef) -> Value {
    let mut branches = Vec::new();
    let bare: Vec<&UnionVariant> = def
        .variants
        .iter()
        .filter(|variant| variant.fields.iter().all(has_default))
        .collect();
    if !bare.is_empty() {
        let names: Vec<&str> = bare.iter().map(|variant| variant.name.as_str()).collect();
        let mut names = json!({ "enum": names });
        value_docs(
            &mut names,
            bare.iter().map(|variant| variant.summary.as_deref()),
        );
        describe(
            &mut names,
            Some("A variant that needs no field, written as its bare name."),
        );
        branches.push(names);
    }
    for variant in &def.variants {
        let mut tag = json!({ "const": variant.name });
        describe(&mut tag, variant.summary.as_deref());
        let mut properties = Map::new();
        properties.insert(def.tag.clone(), tag);
        let mut branch = object_schema(game, &variant.fields, properties);
        if let Some(required) = branch.get_mut("required").and_then(Value::as_array_mut) {
            required.insert(0, json!(def.tag));
        }
        let summary = variant.summary.as_deref().unwrap_or(&variant.name);
        describe(
            &mut branch,
            Some(&format!("{} = \"{}\": {summary}", def.tag, variant.name)),
        );
        branches.push(branch);
    }
    let names: Vec<&str> = def.variants.iter().map(|v| v.name.as_str()).collect();
    let mut schema = json!({
        "oneOf": branches,
        "x-taplo": { "initKeys": [def.tag] },
    });
    let summary = format!(
        "{}`{}` names the variant: {}.",
        def.summary
            .as_deref()
            .map(|s| format!("{s} "))
            .unwrap_or_default(),
        def.tag,
        names.join(", ")
    );
    describe(&mut schema, Some(&summary));
    schema
}

/// True when a value may leave the field out.
fn has_default(field: &grimoire_compiler::ir::FieldDef) -> bool {
    field.default.is_some() || matches!(field.ty, Type::Option { .. })
}
