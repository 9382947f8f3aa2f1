//! The remainder's exchanges and transpositions weighed on the best pairings alone, in
//! narrow integers, and its first candidate taken at once where it is one of them.

use super::*;

/// The exchange order's first two keys (4.3), to weigh below every rule: fewest players
/// exchanged, then the smallest difference of the exchanged numbers; and below those, a
/// hint towards the candidate generated first (S1\[i\] with S2\[i\], the last of S2
/// floating), so that the matching in hand usually is the one the choices keep and few of
/// them need a solve. Totals are compared above the hint.
pub(super) struct ExchangeKeys {
    /// Each vertex's place in S1 (true) or S2, numbered from 1 across both.
    places: Vec<Option<(bool, u64)>>,
    size: u64,
    /// The players of S1.
    p: u64,
    edges: u64,
    /// The unit of the keys: the hint is below it.
    hint: u64,
}

impl ExchangeKeys {
    pub(super) fn new(s1: &[usize], s2: &[usize], vertices: usize, edges: u64) -> ExchangeKeys {
        let mut places = vec![None; vertices];
        for (i, &v) in s1.iter().chain(s2).enumerate() {
            places[v] = Some((i < s1.len(), i as u64 + 1));
        }
        let size = (s1.len() + s2.len()) as u64 + 1;
        ExchangeKeys {
            places,
            size,
            p: s1.len() as u64,
            edges,
            hint: size * size * edges + 1,
        }
    }

    /// The multiplier of the second key, such that no sum of the first over a pairing
    /// reaches it.
    pub(super) fn stays_unit(&self) -> u64 {
        2 * self.size * self.edges + 1
    }

    /// An edge's keys, as one number, and its hint.
    pub(super) fn of(&self, a: usize, b: usize) -> (u64, u64) {
        let (size, p) = (self.size, self.p);
        let (stays, d, near) = match (self.places[a], self.places[b]) {
            (Some((true, x)), Some((true, y))) => (false, x.max(y), 0),
            (Some((false, x)), Some((false, y))) => (false, size - x.min(y), 0),
            (Some((true, x)), None) | (None, Some((true, x))) => (false, x, 0),
            // S1[i] weighs most with S2[i], less the further apart they are: the heaviest
            // assignment pairs them in order where it can, and a solve's first guess (each
            // vertex with its heaviest edge) already does.
            (Some((true, x)), Some((false, y))) | (Some((false, y)), Some((true, x))) => {
                (true, 0, size * size - x.abs_diff(y - p).pow(2))
            }
            (Some((false, y)), None) | (None, Some((false, y))) => (true, 0, y),
            _ => (true, 0, 0),
        };
        (d + u64::from(stays) * self.stays_unit(), near)
    }

    /// The keys alone on the best pairings by the rules (`face`: the tight edges, each with
    /// the number of blossoms holding a dual around it; see `Matching::best_face`): a
    /// graph of narrow weights, where filling those blossoms weighs above every key.
    /// For [`MAX_PLAYERS`] they take at most 75 bits: the keys and hint 65 (see
    /// `ExchangeKeys::new`), the blossoms nested at most 1,000 deep 10 more.
    pub(super) fn on_face<const N: usize>(
        &self,
        search: &Search<N>,
        face: &[(usize, usize, u32)],
    ) -> Result<Search<2>, DutchError> {
        // Above the most that keys and hints sum to over a pairing.
        let most = Wide::<2>::from_u64(self.size + self.stays_unit() + 2)
            .times(self.hint)
            .times(self.edges)
            + Wide::from_u64(1);
        // Where the face falls apart, only the parts that hold the remainder weigh
        // anything: elsewhere every edge has the same keys, and the matching in hand stays.
        let n = search.matching.vertices();
        let mut parts = Parts::new(n);
        for &(a, b, _) in face {
            parts.join(a, b);
        }
        let mut weighed = vec![false; n];
        for v in (0..n).filter(|&v| self.places[v].is_some()) {
            let root = parts.root(v);
            weighed[root] = true;
        }
        let mut graph = Graph::new(n);
        for &(a, b, depth) in face {
            if !weighed[parts.root(a)] && search.mate(a) != Some(b) {
                continue;
            }
            let (keys, near) = self.of(a, b);
            // One more on every edge, so that none weighs nothing.
            let w = Wide::from_u64(keys + 1).times(self.hint) + Wide::from_u64(near);
            graph.set(a, b, most.times(u64::from(depth)) + w);
        }
        let mut narrow = Search::new(graph, Wide::from_u64(self.hint), search.sinks.clone())?;
        narrow.unsure |= search.unsure;
        Ok(narrow)
    }
}

/// The remainder's first candidate (S1\[i\] with S2\[i\], the rest of S2 floating; 3.2)
/// if it is a best pairing, with the other vertices' mates: then, generated first, it is
/// the pairing (4.2, 4.3), and no exchange or transposition need be weighed. Known when no
/// blossom holds a dual (the best pairings are then the perfect matchings of the face's
/// edges) and the face's edges pair the candidate's floaters and everyone else.
pub(super) fn first_candidate(
    face: &[(usize, usize, u32)],
    s1: &[usize],
    s2: &[usize],
    n: usize,
) -> Option<Vec<Option<usize>>> {
    if face.iter().any(|&(_, _, depth)| depth > 0) {
        return None;
    }
    let mut joined = vec![false; n * n];
    for &(a, b, _) in face {
        joined[a * n + b] = true;
        joined[b * n + a] = true;
    }
    let mut mates = vec![None; n];
    for (&a, &b) in s1.iter().zip(s2) {
        if !joined[a * n + b] {
            return None;
        }
        mates[a] = Some(b);
        mates[b] = Some(a);
    }
    let mut floating = vec![false; n];
    for &v in &s2[s1.len()..] {
        floating[v] = true;
    }
    let rest: Vec<usize> = (0..n).filter(|&v| mates[v].is_none()).collect();
    let completion = complete_pairing(rest.len(), |i, j| {
        let (a, b) = (rest[i], rest[j]);
        joined[a * n + b] && !(floating[a] && floating[b])
    })?;
    for (i, &v) in rest.iter().enumerate() {
        mates[v] = Some(rest[completion[i]]);
    }
    Some(mates)
}

/// The connected parts of a graph, joined an edge at a time (union–find).
pub(super) struct Parts {
    parent: Vec<usize>,
}

impl Parts {
    pub(super) fn new(n: usize) -> Parts {
        Parts {
            parent: (0..n).collect(),
        }
    }

    pub(super) fn root(&mut self, mut v: usize) -> usize {
        while self.parent[v] != v {
            self.parent[v] = self.parent[self.parent[v]];
            v = self.parent[v];
        }
        v
    }

    pub(super) fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.parent[ra] = rb;
    }
}
