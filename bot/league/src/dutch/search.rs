//! The choices of a bracket, one at a time: each kept only if a best pairing survives it.

use super::*;

/// The choices made so far in a bracket (edges removed from its graph), the best total
/// they must keep, and a best matching within them.
pub(super) struct Search<const N: usize> {
    pub(super) matching: Matching<N>,
    /// The best total of the rules, above the hint.
    best: Wide<N>,
    /// The weights' unit of the rules: below it, only a hint of the generation order.
    hint: Wide<N>,
    /// The stand-ins for the players below, if the graph has them (see [`Sinks`]).
    pub(super) sinks: Range<usize>,
    /// Whether the best pairing found may need more stand-ins: the search proves nothing.
    pub(super) unsure: bool,
}

impl<const N: usize> Search<N> {
    /// The search on a whole graph, before any choice.
    pub(super) fn new(
        graph: Graph<N>,
        hint: Wide<N>,
        sinks: Range<usize>,
    ) -> Result<Search<N>, DutchError> {
        Search::solved(Matching::new(graph), hint, sinks)
    }

    /// The search from a matching to solve (perhaps warm).
    pub(super) fn solved(
        mut matching: Matching<N>,
        hint: Wide<N>,
        sinks: Range<usize>,
    ) -> Result<Search<N>, DutchError> {
        matching.solve().map_err(|_| DutchError::NoPairing)?;
        Ok(Search {
            best: matching.total().above(hint),
            unsure: !spare(&matching, &sinks),
            matching,
            hint,
            sinks,
        })
    }

    pub(super) fn mate(&self, v: usize) -> Option<usize> {
        self.matching.mate(v)
    }

    /// Make a choice (remove the edges `choose` names) if a best pairing survives it.
    pub(super) fn attempt(&mut self, choose: impl Fn(&Matching<N>) -> Vec<(usize, usize)>) -> bool {
        let edges = choose(&self.matching);
        let (best, hint) = (self.best, self.hint);
        self.matching
            .try_without(&edges, |total| total.above(hint) == best)
    }

    /// Make the opposite of a choice that failed: a best pairing is within it.
    pub(super) fn force(
        &mut self,
        choose: impl Fn(&Matching<N>) -> Vec<(usize, usize)>,
    ) -> Result<(), DutchError> {
        let edges = choose(&self.matching);
        self.matching
            .without(&edges)
            .map_err(|_| DutchError::NoPairing)
    }

    /// The same search on `vertices` alone, which the matching in hand pairs among
    /// themselves (none of them a stand-in).
    pub(super) fn within(&self, vertices: &[usize]) -> Result<Search<N>, DutchError> {
        Search::solved(self.matching.restricted(vertices), self.hint, 0..0)
    }
}

/// Whether two stand-ins are paired together, so that more of them would change nothing
/// (see [`Sinks`]); true where there are none.
pub(super) fn spare<const N: usize>(m: &Matching<N>, sinks: &Range<usize>) -> bool {
    sinks.is_empty()
        || sinks
            .clone()
            .any(|d| m.mate(d).is_some_and(|e| sinks.contains(&e)))
}

/// The transpositions' choices (4.2): each S1 player in turn takes the first S2 player that
/// still allows a best pairing. `at` maps a bracket vertex to the search's own.
pub(super) fn transpose<const N: usize>(
    search: &mut Search<N>,
    s1: &[usize],
    s2: &[usize],
    at: impl Fn(usize) -> usize,
) {
    for &v in s1 {
        for &u in s2 {
            let (v, u) = (at(v), at(u));
            if search.matching.has_edge(v, u) && search.attempt(|m| pin(m, v, u)) {
                break;
            }
        }
    }
}

/// Pair `v` with `u`: every other edge of both.
pub(super) fn pin<const N: usize>(m: &Matching<N>, v: usize, u: usize) -> Vec<(usize, usize)> {
    let mut edges = keep_only(m, v, |w| w == u);
    edges.extend(keep_only(m, u, |w| w == v));
    edges
}

/// The edges of `v` whose other end fails `keep`.
pub(super) fn keep_only<const N: usize>(
    m: &Matching<N>,
    v: usize,
    keep: impl Fn(usize) -> bool,
) -> Vec<(usize, usize)> {
    (0..m.vertices())
        .filter(|&u| u != v && !keep(u) && m.has_edge(v, u))
        .map(|u| (v, u))
        .collect()
}
