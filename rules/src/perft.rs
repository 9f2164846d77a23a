//! Perft with a per-move breakdown ("divide"), for any [`Game`].

use super::Game;

/// One root move and the number of leaf nodes below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivideEntry {
    /// The root move in the game's protocol notation (ICCS `h2e2`, UCI `e2e4`).
    pub mv: String,
    /// Leaf nodes of the tree below it, `depth - 1` plies deep.
    pub nodes: u64,
}

/// The perft breakdown of a position: one entry per legal root move, sorted by move text, and the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divide {
    /// One entry per legal root move, sorted by move text; none at depth 0.
    pub entries: Vec<DivideEntry>,
    /// perft(`depth`): the entries' nodes summed, or 1 at depth 0.
    pub nodes: u64,
}

/// Splits perft(`depth`) by root move. At depth 0 there are no entries and one node (the position).
pub fn divide<G: Game>(position: &G, depth: u32) -> Divide {
    if depth == 0 {
        return Divide {
            entries: Vec::new(),
            nodes: 1,
        };
    }
    let mut entries: Vec<DivideEntry> = position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            let text = position.move_text(mv);
            child.play(mv);
            DivideEntry {
                mv: text,
                nodes: child.perft(depth - 1),
            }
        })
        .collect();
    entries.sort_by(|a, b| a.mv.cmp(&b.mv));
    let nodes = entries.iter().map(|e| e.nodes).sum();
    Divide { entries, nodes }
}
