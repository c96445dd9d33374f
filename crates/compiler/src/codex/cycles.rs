//! Cycles in the `implies` graph of codex entries.

use std::collections::HashMap;
use std::ops::Range;

use super::EntrySource;
use crate::context::Context;
use crate::diagnostic::{codes, FileId, Sink};

/// Reports each cycle in the `implies` graph once.
pub(super) fn check_cycles(
    cx: &Context<'_>,
    sink: &mut Sink,
    sources: &[EntrySource<'_, '_>],
    spans: &HashMap<(usize, usize), Vec<Range<usize>>>,
) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Active,
        Done,
    }
    let mut marks: HashMap<(usize, usize), Mark> = HashMap::new();
    let files: HashMap<(usize, usize), FileId> = sources
        .iter()
        .map(|s| ((s.category, s.entry), s.file))
        .collect();
    for source in sources {
        let start = (source.category, source.entry);
        if marks.get(&start).copied().unwrap_or(Mark::New) != Mark::New {
            continue;
        }
        // Iterative depth-first search: (node, next edge to visit).
        let mut stack: Vec<((usize, usize), usize)> = vec![(start, 0)];
        marks.insert(start, Mark::Active);
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let implies = &cx.game.categories[node.0].entries[node.1].implies;
            if *next >= implies.len() {
                marks.insert(node, Mark::Done);
                stack.pop();
                continue;
            }
            let edge = *next;
            *next += 1;
            let target = (implies[edge].category, implies[edge].entry);
            match marks.get(&target).copied().unwrap_or(Mark::New) {
                Mark::New => {
                    marks.insert(target, Mark::Active);
                    stack.push((target, 0));
                }
                Mark::Active => {
                    let from = stack.iter().position(|(n, _)| *n == target).unwrap_or(0);
                    let names: Vec<&str> = stack[from..]
                        .iter()
                        .map(|(n, _)| cx.game.categories[n.0].entries[n.1].name.as_str())
                        .chain(std::iter::once(
                            cx.game.categories[target.0].entries[target.1].name.as_str(),
                        ))
                        .collect();
                    let span = spans
                        .get(&node)
                        .and_then(|s| s.get(edge))
                        .cloned()
                        .unwrap_or_default();
                    let file = files.get(&node).copied().unwrap_or_default();
                    sink.error(
                        codes::IMPLIES_CYCLE,
                        file,
                        span,
                        format!("`implies` forms a cycle: {}", names.join(" -> ")),
                    );
                }
                Mark::Done => {}
            }
        }
    }
}
