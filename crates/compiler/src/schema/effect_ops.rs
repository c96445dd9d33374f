//! Effect operations of `game.toml` (`[effects.<op>]`): the engine's vocabulary.

use toml::de::DeTable;

use super::{field_defs, summary, GAME_TOML};
use crate::context::{index_fields, Context, Owner, PendingDefault};
use crate::diagnostic::codes;
use crate::ident::{self, Namespace};
use crate::ir::EffectOpDef;
use crate::tree;

pub(super) fn read_effect_ops<'t, 'i>(
    cx: &mut Context<'_>,
    root: &'t DeTable<'i>,
    defaults: &mut Vec<PendingDefault<'t, 'i>>,
) {
    let file = GAME_TOML;
    let Some(ops) = root
        .get("effects")
        .and_then(|n| tree::table(n, "effects", file, &mut cx.sink))
    else {
        return;
    };
    let mut ns = Namespace::default();
    for (key, node) in ops {
        let name = key.get_ref().as_ref();
        let index = cx.game.effect_ops.len();
        ident::check_snake(name, "effect op", file, key.span(), &mut cx.sink);
        let ident = ident::upper_camel(name);
        ns.claim(&ident, name, "effect op", file, key.span(), &mut cx.sink);
        let mut op = EffectOpDef {
            name: name.to_owned(),
            ident,
            summary: None,
            fields: Vec::new(),
        };
        if let Some(table) = tree::table(node, "an effect op", file, &mut cx.sink) {
            tree::check_keys(
                table,
                &["summary", "fields"],
                "an effect op",
                file,
                &mut cx.sink,
            );
            op.summary = summary(cx, table);
            op.fields = field_defs(cx, table, Owner::EffectOp(index), defaults);
            if let Some(f) = op
                .fields
                .iter()
                .find(|f| f.name == grimoire_model::EFFECT_OP_KEY)
            {
                let span = key.span();
                cx.sink.error(
                    codes::BUILTIN_FIELD_REDECLARED,
                    file,
                    span,
                    format!("effect field `{}` is reserved for the op name", f.name),
                );
            }
        }
        cx.op_index.insert(name.to_owned(), index);
        cx.op_fields.push(index_fields(&op.fields));
        cx.game.effect_ops.push(op);
    }
}
