//! Maximum-weight perfect matching on a general graph, knowing nothing of chess, for a
//! sequence of closely related questions: "is there still a best matching without these
//! edges?", asked one after another on one graph.
//!
//! The algorithm is Edmonds' primal–dual blossom algorithm in Galil's formulation (stages,
//! each growing alternating trees from every unmatched vertex on the edges of zero slack
//! until one augments; blossoms shrunk and expanded as they form and empty), on an n×n
//! matrix, with integers of `N` 64-bit digits wide enough to stack every criterion of the
//! caller as a digit of one weight (the narrowest that holds them is the fastest).
//!
//! Its state between questions — the matching, the vertex and blossom duals and the nested
//! blossoms — is a warm start. Removing edges keeps the duals feasible, so a removal that
//! touches neither a matched edge nor an edge holding a blossom together leaves the matching
//! optimal, and costs nothing. Otherwise only what the removal broke is undone: the
//! blossoms around the edge are dissolved (their duals moved onto their vertices, which
//! keeps every edge feasible), the matched edges that are no longer tight are dropped, and
//! a few stages re-augment from the vertices left unmatched.
//!
//! Cost: a solve from nothing is O(n³) (at most n/2 stages of O(n²)); a removal that breaks
//! the matching costs O(k·n²) for the k pairs it leaves unmatched, usually one or two.

use bnum::BInt;
use std::collections::HashMap;

/// An edge weight of `N` 64-bit digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wide<const N: usize>(pub BInt<N>);

impl<const N: usize> Wide<N> {
    /// No weight: no edge.
    pub const ZERO: Wide<N> = Wide(BInt::ZERO);

    /// How many bits a weight may use: the solver's duals and slacks need the rest.
    pub const ROOM: u32 = 64 * N as u32 - 16;

    /// A weight that fits one digit.
    pub fn from_u64(n: u64) -> Wide<N> {
        Wide(BInt::from(n))
    }

    /// The part of a weight above a unit: its whole number of `unit`s.
    pub fn above(self, unit: Wide<N>) -> Wide<N> {
        Wide(self.0 / unit.0)
    }

    /// The weight `k` times: one digit product per digit, where a product of two wide
    /// integers takes one per pair of digits.
    pub fn times(self, k: u64) -> Wide<N> {
        Num::of(self).times(k).wide()
    }
}

impl<const N: usize> std::ops::Add for Wide<N> {
    type Output = Wide<N>;
    fn add(self, other: Wide<N>) -> Wide<N> {
        Wide(self.0 + other.0)
    }
}

impl<const N: usize> std::ops::Mul for Wide<N> {
    type Output = Wide<N>;
    fn mul(self, other: Wide<N>) -> Wide<N> {
        Wide(self.0 * other.0)
    }
}

impl<const N: usize> std::ops::AddAssign for Wide<N> {
    fn add_assign(&mut self, other: Wide<N>) {
        self.0 += other.0;
    }
}

/// The solver's own integers: two's complement, least significant digit first, with the
/// few operations its inner loops need inlined (sums, differences, comparisons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Num<const N: usize>([u64; N]);

impl<const N: usize> Num<N> {
    const ZERO: Num<N> = Num([0; N]);

    fn of(w: Wide<N>) -> Num<N> {
        Num(*w.0.to_bits().digits())
    }

    fn wide(self) -> Wide<N> {
        Wide(BInt::from_bits(bnum::BUint::from_digits(self.0)))
    }

    fn one() -> Num<N> {
        let mut d = [0; N];
        d[0] = 1;
        Num(d)
    }

    #[inline(always)]
    fn add(self, other: Num<N>) -> Num<N> {
        let mut out = [0; N];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 | c2;
        }
        Num(out)
    }

    #[inline(always)]
    fn sub(self, other: Num<N>) -> Num<N> {
        let mut out = [0; N];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (d, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *o = d;
            borrow = b1 | b2;
        }
        Num(out)
    }

    fn times(self, k: u64) -> Num<N> {
        let mut out = [0; N];
        let mut carry = 0u128;
        for (o, &d) in out.iter_mut().zip(&self.0) {
            let product = u128::from(d) * u128::from(k) + carry;
            *o = product as u64;
            carry = product >> 64;
        }
        Num(out)
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&d| d == 0)
    }

    #[inline(always)]
    fn is_odd(self) -> bool {
        self.0[0] & 1 == 1
    }

    /// Half of an even number.
    fn half(self) -> Num<N> {
        let mut out = [0; N];
        for (i, o) in out.iter_mut().enumerate() {
            let high = match self.0.get(i + 1) {
                Some(next) => next << 63,
                // The sign stays.
                None => self.0[i] & (1 << 63),
            };
            *o = (self.0[i] >> 1) | high;
        }
        Num(out)
    }
}

impl<const N: usize> PartialOrd for Num<N> {
    fn partial_cmp(&self, other: &Num<N>) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for Num<N> {
    #[inline(always)]
    fn cmp(&self, other: &Num<N>) -> std::cmp::Ordering {
        let top = (self.0[N - 1] as i64).cmp(&(other.0[N - 1] as i64));
        if top != std::cmp::Ordering::Equal {
            return top;
        }
        for i in (0..N - 1).rev() {
            if self.0[i] != other.0[i] {
                return self.0[i].cmp(&other.0[i]);
            }
        }
        std::cmp::Ordering::Equal
    }
}

/// A graph's weights as an n×n matrix (zero: no edge; weights are positive).
#[derive(Clone, Debug)]
pub struct Graph<const N: usize> {
    n: usize,
    weights: Weights<N>,
}

/// Twice each weight (the duals are compared with it), row by row.
#[derive(Clone, Debug)]
enum Weights<const N: usize> {
    /// Each weight in place: the fastest to read, for weights of one or two digits.
    Direct(Vec<Num<N>>),
    /// Each weight as its place in a list of the distinct ones (0: no edge, zero first).
    /// The pairing criteria give few distinct wide weights, so a matrix of places is a
    /// fraction of one of weights (2,000 players: 16 MB, not 192).
    Shared {
        place: Vec<u32>,
        distinct: Vec<Num<N>>,
        known: HashMap<Num<N>, u32>,
    },
}

impl<const N: usize> Graph<N> {
    /// `n` vertices and no edges.
    pub fn new(n: usize) -> Graph<N> {
        let weights = if N <= 2 {
            Weights::Direct(vec![Num::ZERO; n * n])
        } else {
            Weights::Shared {
                place: vec![0; n * n],
                distinct: vec![Num::ZERO],
                known: HashMap::from([(Num::ZERO, 0)]),
            }
        };
        Graph { n, weights }
    }

    /// The weight of the edge between `a` and `b` (zero: none).
    pub fn weight(&self, a: usize, b: usize) -> Wide<N> {
        self.doubled(a, b).half().wide()
    }

    /// Whether `a` and `b` are joined.
    #[inline(always)]
    pub fn has_edge(&self, a: usize, b: usize) -> bool {
        match &self.weights {
            Weights::Direct(w) => !w[a * self.n + b].is_zero(),
            Weights::Shared { place, .. } => place[a * self.n + b] != 0,
        }
    }

    /// Join `a` and `b` with weight `w` (zero: remove the edge).
    pub fn set(&mut self, a: usize, b: usize, w: Wide<N>) {
        self.set_doubled(a, b, Num::of(w + w));
    }

    fn set_doubled(&mut self, a: usize, b: usize, doubled: Num<N>) {
        let (ab, ba) = (a * self.n + b, b * self.n + a);
        match &mut self.weights {
            Weights::Direct(w) => {
                w[ab] = doubled;
                w[ba] = doubled;
            }
            Weights::Shared {
                place,
                distinct,
                known,
            } => {
                let next = distinct.len() as u32;
                let at = *known.entry(doubled).or_insert(next);
                if at == next {
                    distinct.push(doubled);
                }
                place[ab] = at;
                place[ba] = at;
            }
        }
    }

    #[inline(always)]
    fn doubled(&self, a: usize, b: usize) -> Num<N> {
        match &self.weights {
            Weights::Direct(w) => w[a * self.n + b],
            Weights::Shared {
                place, distinct, ..
            } => distinct[place[a * self.n + b] as usize],
        }
    }

    fn clear(&mut self, a: usize, b: usize) {
        self.set_doubled(a, b, Num::ZERO);
    }

    /// Every weight, row by row (for comparing graphs).
    #[cfg(test)]
    fn matrix(&self) -> Vec<Num<N>> {
        (0..self.n * self.n)
            .map(|i| self.doubled(i / self.n, i % self.n))
            .collect()
    }
}

/// The graph has no perfect matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no perfect matching")]
pub struct NoPerfectMatching;

const NONE: usize = usize::MAX;
const NO_EDGE: (usize, usize) = (NONE, NONE);

/// Labels of the alternating trees (of a top-level blossom, or of a vertex inside a
/// T-blossom: reached from outside it), and the breadcrumb of the search for a new
/// blossom's base.
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
const CRUMB: u8 = 4;

/// What survives between solves. Vertices are 0..n, blossoms n..2n; a duals' slack on
/// an edge between top-level blossoms is `dual[a] + dual[b] - 2w`, and each blossom's dual
/// counts twice on the edges inside it.
#[derive(Clone, Debug)]
struct State<const N: usize> {
    mate: Vec<usize>,
    dual: Vec<Num<N>>,
    /// The top-level blossom of each vertex.
    top: Vec<usize>,
    parent: Vec<usize>,
    /// The base vertex of each blossom in use (NONE: the blossom number is free).
    base: Vec<usize>,
    /// A blossom's sub-blossoms round its cycle, the base's first.
    children: Vec<Vec<usize>>,
    /// `links[b][i]`: the edge from `children[b][i]` to the next one, as (vertex in it,
    /// vertex in the next).
    links: Vec<Vec<(usize, usize)>>,
    unused: Vec<usize>,
}

/// The scratch of one stage.
#[derive(Clone, Debug)]
struct Work<const N: usize> {
    label: Vec<u8>,
    /// The edge a blossom (or a vertex inside a T-blossom) was labelled through, as
    /// (vertex outside, vertex inside).
    label_edge: Vec<(usize, usize)>,
    /// For a free vertex, its least-slack edge to an S-vertex; for a top-level S-blossom,
    /// its least-slack edge to another.
    best: Vec<(usize, usize)>,
    /// The slack of each best edge, kept up to date as the duals change (cheaper than
    /// computing it again at each comparison).
    best_slack: Vec<Num<N>>,
    /// For an S-blossom, its least-slack edge to each other S-blossom, once known.
    best_list: Vec<Option<Vec<(usize, usize)>>>,
    queue: Vec<usize>,
}

/// A maximum-weight perfect matching of a graph, kept optimal while edges are removed.
#[derive(Clone, Debug)]
pub struct Matching<const N: usize> {
    graph: Graph<N>,
    state: State<N>,
    work: Work<N>,
}

impl<const N: usize> Work<N> {
    /// Make `edge` the best of `slot` if its slack is less.
    #[inline(always)]
    fn offer(&mut self, slot: usize, edge: (usize, usize), slack: Num<N>) {
        if self.best[slot] == NO_EDGE || slack < self.best_slack[slot] {
            self.best[slot] = edge;
            self.best_slack[slot] = slack;
        }
    }
}

impl<const N: usize> Matching<N> {
    /// The matching of a graph, not yet solved: tight edges matched greedily under duals
    /// of each vertex's heaviest edge.
    pub fn new(graph: Graph<N>) -> Matching<N> {
        let n = graph.n;
        let mut dual = vec![Num::ZERO; 2 * n];
        for (v, d) in dual.iter_mut().take(n).enumerate() {
            for u in 0..n {
                let w = graph.doubled(v, u).half();
                if w > *d {
                    *d = w;
                }
            }
        }
        let mut mate = vec![NONE; n];
        for v in 0..n {
            if mate[v] != NONE {
                continue;
            }
            let least = (0..n)
                .filter(|&u| graph.has_edge(v, u))
                .map(|u| graph.doubled(v, u).sub(dual[u]))
                .max();
            if let Some(least) = least {
                dual[v] = least;
            }
            let tight = (0..n).find(|&u| {
                u != v
                    && mate[u] == NONE
                    && graph.has_edge(v, u)
                    && dual[v].add(dual[u]) == graph.doubled(v, u)
            });
            if let Some(u) = tight {
                mate[v] = u;
                mate[u] = v;
            }
        }
        Matching::from_parts(graph, mate, dual)
    }

    /// A matching in hand (`mate`, each edge tight under `dual`, which is feasible on every
    /// edge), without blossoms.
    fn from_parts(graph: Graph<N>, mate: Vec<usize>, dual: Vec<Num<N>>) -> Matching<N> {
        let n = graph.n;
        let mut base = vec![NONE; 2 * n];
        for (v, b) in base.iter_mut().take(n).enumerate() {
            *b = v;
        }
        Matching {
            graph,
            state: State {
                mate,
                dual,
                top: (0..n).collect(),
                parent: vec![NONE; 2 * n],
                base,
                children: vec![Vec::new(); 2 * n],
                links: vec![Vec::new(); 2 * n],
                unused: (n..2 * n).rev().collect(),
            },
            work: Work {
                label: vec![FREE; 2 * n],
                label_edge: vec![NO_EDGE; 2 * n],
                best: vec![NO_EDGE; 2 * n],
                best_slack: vec![Num::ZERO; 2 * n],
                best_list: vec![None; 2 * n],
                queue: Vec::new(),
            },
        }
    }

    /// The matching on `vertices` alone, which it pairs among themselves, as a warm start
    /// for their own graph: each blossom's dual moved onto its vertices (every edge stays
    /// feasible, those inside as tight as they were), and the matched edges then no longer
    /// tight left unmatched, so that a solve has only those few to pair again.
    pub fn restricted(&self, vertices: &[usize]) -> Matching<N> {
        let k = vertices.len();
        let mut graph = Graph::new(k);
        let mut at = vec![NONE; self.graph.n];
        for (i, &v) in vertices.iter().enumerate() {
            at[v] = i;
            for (j, &u) in vertices.iter().enumerate().take(i) {
                graph.set_doubled(i, j, self.graph.doubled(v, u));
            }
        }
        let st = &self.state;
        let mut dual = vec![Num::ZERO; 2 * k];
        for (i, &v) in vertices.iter().enumerate() {
            dual[i] = self
                .ancestors(v)
                .iter()
                .fold(st.dual[v], |d, &b| d.add(st.dual[b]));
        }
        let mut mate = vec![NONE; k];
        for (i, &v) in vertices.iter().enumerate() {
            let m = st.mate[v];
            if m != NONE && at[m] != NONE {
                let j = at[m];
                if dual[i].add(dual[j]) == graph.doubled(i, j) {
                    mate[i] = j;
                }
            }
        }
        Matching::from_parts(graph, mate, dual)
    }

    /// How many vertices the graph has (a matching's length would be ambiguous: vertices or
    /// pairs).
    pub fn vertices(&self) -> usize {
        self.graph.n
    }

    /// Whether `a` and `b` are still joined (removals take edges away).
    pub fn has_edge(&self, a: usize, b: usize) -> bool {
        self.graph.has_edge(a, b)
    }

    /// The weight of the edge between `a` and `b` (zero: none).
    pub fn weight(&self, a: usize, b: usize) -> Wide<N> {
        self.graph.weight(a, b)
    }

    /// The vertex `v` is matched with, if any.
    pub fn mate(&self, v: usize) -> Option<usize> {
        Some(self.state.mate[v]).filter(|&m| m != NONE)
    }

    /// The matching's total weight.
    pub fn total(&self) -> Wide<N> {
        let mut doubled = Num::ZERO;
        for (v, &m) in self.state.mate.iter().enumerate() {
            if m != NONE && v < m {
                doubled = doubled.add(self.graph.doubled(v, m));
            }
        }
        doubled.half().wide()
    }

    /// The heaviest perfect matchings, described by the duals (complementary slackness):
    /// they are the perfect matchings of the edges whose duals are tight that fill every
    /// blossom holding a dual (half its vertices, rounded down, paired inside it). Returns
    /// each tight edge with the number of such blossoms around both its ends. Asked of a
    /// solved matching; None if the duals do not prove it optimal.
    pub fn best_face(&self) -> Option<Vec<(usize, usize, u32)>> {
        let n = self.graph.n;
        let st = &self.state;
        // Each vertex's blossoms that hold a dual, outermost last.
        let around: Vec<Vec<usize>> = (0..n)
            .map(|v| {
                self.ancestors(v)
                    .into_iter()
                    .filter(|&b| !st.dual[b].is_zero())
                    .collect()
            })
            .collect();
        let mut face = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if !self.graph.has_edge(a, b) {
                    continue;
                }
                // Outermost first, the common blossoms are a common suffix.
                let mut slack = self.slack((a, b));
                let mut depth = 0;
                for (&c, _) in around[a]
                    .iter()
                    .rev()
                    .zip(around[b].iter().rev())
                    .take_while(|(x, y)| x == y)
                {
                    slack = slack.add(st.dual[c]).add(st.dual[c]);
                    depth += 1;
                }
                if slack.is_zero() {
                    face.push((a, b, depth));
                } else if st.mate[a] == b {
                    return None;
                }
            }
        }
        Some(face)
    }

    /// Make the matching a maximum-weight perfect one.
    pub fn solve(&mut self) -> Result<(), NoPerfectMatching> {
        if self.graph.n % 2 == 1 {
            return Err(NoPerfectMatching);
        }
        self.align_parities();
        while self.state.mate.contains(&NONE) {
            self.stage()?;
        }
        Ok(())
    }

    /// Remove `edges` if the best perfect matching without them still passes `keep` (which
    /// the matching in hand passes); otherwise leave everything as it was.
    pub fn try_without(
        &mut self,
        edges: &[(usize, usize)],
        keep: impl FnOnce(Wide<N>) -> bool,
    ) -> bool {
        let broken = self.broken(edges);
        if broken.is_empty() {
            for &(a, b) in edges {
                self.graph.clear(a, b);
            }
            return true;
        }
        let saved = self.state.clone();
        let weights: Vec<Num<N>> = edges
            .iter()
            .map(|&(a, b)| self.graph.doubled(a, b))
            .collect();
        self.remove(edges, &broken);
        if self.solve().is_ok() && keep(self.total()) {
            return true;
        }
        for (&(a, b), &w) in edges.iter().zip(&weights) {
            self.graph.set_doubled(a, b, w);
        }
        self.state = saved;
        false
    }

    /// Remove `edges` and re-solve.
    pub fn without(&mut self, edges: &[(usize, usize)]) -> Result<(), NoPerfectMatching> {
        let broken = self.broken(edges);
        self.remove(edges, &broken);
        if broken.is_empty() {
            return Ok(());
        }
        self.solve()
    }

    fn remove(&mut self, edges: &[(usize, usize)], broken: &[(usize, usize)]) {
        for &(a, b) in edges {
            self.graph.clear(a, b);
        }
        for &(a, b) in broken {
            self.unbind(a, b);
        }
    }

    /// The edges among `edges` that the matching or a blossom stands on.
    fn broken(&self, edges: &[(usize, usize)]) -> Vec<(usize, usize)> {
        let mut held: (usize, Vec<usize>) = (NONE, Vec::new());
        let mut broken = Vec::new();
        for &(a, b) in edges {
            if held.0 != a {
                held = (a, self.held_by(a));
            }
            if held.1.contains(&b) {
                broken.push((a, b));
            }
        }
        broken
    }

    /// The vertices whose edge with `v` is matched or links the sub-blossoms of a blossom
    /// around `v`.
    fn held_by(&self, v: usize) -> Vec<usize> {
        let st = &self.state;
        let mut out = vec![st.mate[v]];
        let mut b = st.parent[v];
        while b != NONE {
            for &(x, y) in &st.links[b] {
                if x == v {
                    out.push(y);
                } else if y == v {
                    out.push(x);
                }
            }
            b = st.parent[b];
        }
        out
    }

    /// Make the matching stand without edge `(a, b)`: dissolve the blossoms that hold both
    /// ends, and unmatch the edge.
    fn unbind(&mut self, a: usize, b: usize) {
        let chain = self.ancestors(a);
        let around_b = self.ancestors(b);
        if let Some(lowest) = chain.iter().position(|c| around_b.contains(c)) {
            for &c in chain[lowest..].iter().rev() {
                self.dissolve(c);
            }
        }
        if self.state.mate[a] == b {
            self.state.mate[a] = NONE;
            self.state.mate[b] = NONE;
        }
    }

    fn ancestors(&self, v: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut b = self.state.parent[v];
        while b != NONE {
            out.push(b);
            b = self.state.parent[b];
        }
        out
    }

    /// Dissolve top-level blossom `b` into its sub-blossoms, its dual moved onto its
    /// vertices (every edge stays feasible, those inside as tight as they were); its base's
    /// matched edge is no longer tight if that dual was positive, so it is unmatched.
    fn dissolve(&mut self, b: usize) {
        let z = self.state.dual[b];
        let leaves = self.leaves(b);
        if !z.is_zero() {
            for &v in &leaves {
                self.state.dual[v] = self.state.dual[v].add(z);
            }
            let base = self.state.base[b];
            let m = self.state.mate[base];
            if m != NONE {
                self.state.mate[base] = NONE;
                self.state.mate[m] = NONE;
            }
        }
        for c in std::mem::take(&mut self.state.children[b]) {
            self.state.parent[c] = NONE;
            self.set_top(c, c);
        }
        self.release(b);
    }

    fn release(&mut self, b: usize) {
        let st = &mut self.state;
        st.children[b].clear();
        st.links[b].clear();
        st.base[b] = NONE;
        st.dual[b] = Num::ZERO;
        st.unused.push(b);
    }

    /// Give every unmatched vertex the parity of the first, so that the slack between two
    /// S-vertices is always even (S-vertices share their tree root's parity through the
    /// tight edges that label them) and its half exact.
    fn align_parities(&mut self) {
        let n = self.graph.n;
        let Some(first) = (0..n).find(|&v| self.state.mate[v] == NONE) else {
            return;
        };
        let parity = self.state.dual[first].is_odd();
        for v in first + 1..n {
            if self.state.mate[v] == NONE && self.state.dual[v].is_odd() != parity {
                self.flip_parity(v);
            }
        }
    }

    /// Add one to the duals of an unmatched vertex's top-level blossom, taking one from the
    /// blossom's own dual (the edges inside keep their slack, those leaving it gain one).
    fn flip_parity(&mut self, v: usize) {
        loop {
            let t = self.state.top[v];
            if t == v {
                self.state.dual[v] = self.state.dual[v].add(Num::one());
                return;
            }
            if !self.state.dual[t].is_zero() {
                for u in self.leaves(t) {
                    self.state.dual[u] = self.state.dual[u].add(Num::one());
                }
                self.state.dual[t] = self.state.dual[t].sub(Num::one());
                return;
            }
            self.dissolve(t);
        }
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.push_leaves(b, &mut out);
        out
    }

    fn push_leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.graph.n {
            out.push(b);
        } else {
            for &c in &self.state.children[b] {
                self.push_leaves(c, out);
            }
        }
    }

    fn set_top(&mut self, b: usize, top: usize) {
        if b < self.graph.n {
            self.state.top[b] = top;
        } else {
            for i in 0..self.state.children[b].len() {
                let c = self.state.children[b][i];
                self.set_top(c, top);
            }
        }
    }

    #[inline(always)]
    fn slack(&self, (a, b): (usize, usize)) -> Num<N> {
        let d = &self.state.dual;
        d[a].add(d[b]).sub(self.graph.doubled(a, b))
    }

    /// One stage: grow alternating trees from every unmatched vertex until an augmenting
    /// path of tight edges is found, and augment.
    fn stage(&mut self) -> Result<(), NoPerfectMatching> {
        let n = self.graph.n;
        let w = &mut self.work;
        w.label.fill(FREE);
        w.label_edge.fill(NO_EDGE);
        w.best.fill(NO_EDGE);
        w.best_list.fill(None);
        w.queue.clear();
        for v in 0..n {
            if self.state.mate[v] == NONE && self.work.label[self.state.top[v]] == FREE {
                self.assign_label(v, S, NO_EDGE);
            }
        }
        loop {
            while let Some(v) = self.work.queue.pop() {
                if self.scan(v) {
                    self.expand_empty_blossoms();
                    return Ok(());
                }
            }
            self.adjust_duals()?;
        }
    }

    /// Look along the edges of S-vertex `v`; returns whether the matching augmented.
    fn scan(&mut self, v: usize) -> bool {
        let n = self.graph.n;
        for u in 0..n {
            if !self.graph.has_edge(v, u) {
                continue;
            }
            let (bv, bu) = (self.state.top[v], self.state.top[u]);
            if bv == bu {
                continue;
            }
            let slack = self.slack((v, u));
            if slack.is_zero() {
                match self.work.label[bu] {
                    FREE => self.assign_label(u, T, (v, u)),
                    S => {
                        let base = self.scan_blossom(v, u);
                        if base == NONE {
                            self.augment(v, u);
                            return true;
                        }
                        self.add_blossom(base, v, u);
                    }
                    _ => {
                        if self.work.label[u] == FREE {
                            self.work.label[u] = T;
                            self.work.label_edge[u] = (v, u);
                        }
                    }
                }
            } else if self.work.label[bu] == S {
                self.work.offer(bv, (v, u), slack);
            } else if self.work.label[u] == FREE {
                self.work.offer(u, (v, u), slack);
            }
        }
        false
    }

    fn assign_label(&mut self, v: usize, label: u8, edge: (usize, usize)) {
        let b = self.state.top[v];
        let w = &mut self.work;
        w.label[v] = label;
        w.label[b] = label;
        w.label_edge[v] = edge;
        w.label_edge[b] = edge;
        w.best[v] = NO_EDGE;
        w.best[b] = NO_EDGE;
        if label == S {
            let leaves = self.leaves(b);
            self.work.queue.extend(leaves);
        } else {
            let base = self.state.base[b];
            let m = self.state.mate[base];
            self.assign_label(m, S, (base, m));
        }
    }

    /// Trace back from the two ends of a tight edge between S-blossoms: the base of the
    /// blossom it closes, or NONE if the trees differ (an augmenting path).
    fn scan_blossom(&mut self, v: usize, u: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut u) = (v, u);
        while v != NONE {
            let b = self.state.top[v];
            if self.work.label[b] & CRUMB != 0 {
                base = self.state.base[b];
                break;
            }
            path.push(b);
            self.work.label[b] = S | CRUMB;
            v = match self.work.label_edge[b] {
                NO_EDGE => NONE,
                (t, _) => self.work.label_edge[self.state.top[t]].0,
            };
            if u != NONE {
                std::mem::swap(&mut v, &mut u);
            }
        }
        for b in path {
            self.work.label[b] = S;
        }
        base
    }

    /// Shrink the cycle closed by tight edge (v, u) through `base` into a new S-blossom.
    fn add_blossom(&mut self, base: usize, v: usize, u: usize) {
        let st = &mut self.state;
        let w = &mut self.work;
        let bb = st.top[base];
        let b = st.unused.pop().expect("at most n/2 blossoms");
        st.base[b] = base;
        st.parent[b] = NONE;
        st.parent[bb] = b;
        let mut children = Vec::new();
        let mut links = Vec::new();
        let mut bv = st.top[v];
        while bv != bb {
            st.parent[bv] = b;
            children.push(bv);
            links.push(w.label_edge[bv]);
            bv = st.top[w.label_edge[bv].0];
        }
        children.push(bb);
        children.reverse();
        links.reverse();
        links.push((v, u));
        let mut bu = st.top[u];
        while bu != bb {
            st.parent[bu] = b;
            children.push(bu);
            let (outside, inside) = w.label_edge[bu];
            links.push((inside, outside));
            bu = st.top[outside];
        }
        w.label[b] = S;
        w.label_edge[b] = w.label_edge[bb];
        st.dual[b] = Num::ZERO;
        st.children[b] = children;
        st.links[b] = links;
        for x in self.leaves(b) {
            if self.work.label[self.state.top[x]] == T {
                self.work.queue.push(x);
            }
            self.state.top[x] = b;
        }
        self.collect_best_edges(b);
    }

    /// A new S-blossom's least-slack edges to the other S-blossoms, from its sub-blossoms'.
    fn collect_best_edges(&mut self, b: usize) {
        let n = self.graph.n;
        let mut best_to = vec![(NO_EDGE, Num::ZERO); 2 * n];
        for i in 0..self.state.children[b].len() {
            let c = self.state.children[b][i];
            let edges = match self.work.best_list[c].take() {
                Some(list) => list,
                None => self
                    .leaves(c)
                    .into_iter()
                    .flat_map(|x| (0..n).map(move |y| (x, y)))
                    .filter(|&(x, y)| self.graph.has_edge(x, y))
                    .collect(),
            };
            for (x, y) in edges {
                let (x, y) = if self.state.top[y] == b {
                    (y, x)
                } else {
                    (x, y)
                };
                let by = self.state.top[y];
                if by != b && self.work.label[by] == S {
                    let slack = self.slack((x, y));
                    if best_to[by].0 == NO_EDGE || slack < best_to[by].1 {
                        best_to[by] = ((x, y), slack);
                    }
                }
            }
            self.work.best[c] = NO_EDGE;
        }
        self.work.best[b] = NO_EDGE;
        let mut list = Vec::new();
        for (edge, slack) in best_to {
            if edge != NO_EDGE {
                self.work.offer(b, edge, slack);
                list.push(edge);
            }
        }
        self.work.best_list[b] = Some(list);
    }

    /// Change the duals by the largest step that keeps them feasible, and act on the edge
    /// that becomes tight or the T-blossom whose dual reaches zero.
    fn adjust_duals(&mut self) -> Result<(), NoPerfectMatching> {
        let n = self.graph.n;
        enum Step {
            Grow((usize, usize)),
            Close((usize, usize)),
            Expand(usize),
        }
        let mut delta: Option<(Num<N>, Step)> = None;
        let st = &self.state;
        let w = &self.work;
        for v in 0..n {
            if w.label[st.top[v]] == FREE && w.best[v] != NO_EDGE {
                let d = w.best_slack[v];
                if delta.as_ref().is_none_or(|(m, _)| d < *m) {
                    delta = Some((d, Step::Grow(w.best[v])));
                }
            }
        }
        for b in 0..2 * n {
            if st.base[b] != NONE && st.parent[b] == NONE && w.label[b] == S && w.best[b] != NO_EDGE
            {
                let slack = w.best_slack[b];
                debug_assert!(!slack.is_odd());
                let d = slack.half();
                if delta.as_ref().is_none_or(|(m, _)| d < *m) {
                    delta = Some((d, Step::Close(w.best[b])));
                }
            }
        }
        for b in n..2 * n {
            if st.base[b] != NONE && st.parent[b] == NONE && w.label[b] == T {
                let d = st.dual[b];
                if delta.as_ref().is_none_or(|(m, _)| d < *m) {
                    delta = Some((d, Step::Expand(b)));
                }
            }
        }
        let Some((d, step)) = delta else {
            return Err(NoPerfectMatching);
        };
        let st = &mut self.state;
        let w = &mut self.work;
        // Best edges from free vertices to S-vertices lose the step, those between
        // S-blossoms twice (those of vertices inside T-blossoms keep theirs).
        for v in 0..n {
            match w.label[st.top[v]] {
                S => st.dual[v] = st.dual[v].sub(d),
                T => st.dual[v] = st.dual[v].add(d),
                _ => w.best_slack[v] = w.best_slack[v].sub(d),
            }
        }
        let twice = d.add(d);
        for b in 0..2 * n {
            if st.base[b] != NONE && st.parent[b] == NONE {
                match w.label[b] {
                    S => {
                        if b >= n {
                            st.dual[b] = st.dual[b].add(d);
                        }
                        w.best_slack[b] = w.best_slack[b].sub(twice);
                    }
                    T if b >= n => st.dual[b] = st.dual[b].sub(d),
                    _ => {}
                }
            }
        }
        match step {
            Step::Grow((a, b)) => {
                let s = if self.work.label[self.state.top[a]] == S {
                    a
                } else {
                    b
                };
                self.work.queue.push(s);
            }
            Step::Close((a, _)) => self.work.queue.push(a),
            Step::Expand(b) => self.expand(b, false),
        }
        Ok(())
    }

    /// After an augmentation: expand the S-blossoms whose dual is zero.
    fn expand_empty_blossoms(&mut self) {
        let n = self.graph.n;
        for b in n..2 * n {
            if self.state.base[b] != NONE
                && self.state.parent[b] == NONE
                && self.work.label[b] == S
                && self.state.dual[b].is_zero()
            {
                self.expand(b, true);
            }
        }
    }

    /// Expand top-level blossom `b` into its sub-blossoms: at the end of a stage (those
    /// with a zero dual too), or a T-blossom within one, whose sub-blossoms on the even path
    /// from its entry to its base are relabelled.
    fn expand(&mut self, b: usize, end_of_stage: bool) {
        let n = self.graph.n;
        let children = self.state.children[b].clone();
        for &c in &children {
            self.state.parent[c] = NONE;
            if c >= n && end_of_stage && self.state.dual[c].is_zero() {
                self.expand(c, end_of_stage);
            } else {
                self.set_top(c, c);
            }
        }
        if !end_of_stage && self.work.label[b] == T {
            self.relabel_expanded(b, &children);
        }
        self.work.label[b] = FREE;
        self.work.label_edge[b] = NO_EDGE;
        self.work.best[b] = NO_EDGE;
        self.work.best_list[b] = None;
        self.release(b);
    }

    fn relabel_expanded(&mut self, b: usize, children: &[usize]) {
        let k = children.len() as isize;
        let links = self.state.links[b].clone();
        let at = |j: isize| j.rem_euclid(k) as usize;
        let entry = self.state.top[self.work.label_edge[b].1];
        let start = children.iter().position(|&c| c == entry).unwrap_or(0) as isize;
        // The even way round to the base.
        let (mut j, step) = if start % 2 == 1 {
            (start - k, 1)
        } else {
            (start, -1)
        };
        // The link from child j towards the next child that way, as (in j, in next).
        let toward = |j: isize| {
            if step == 1 {
                links[at(j)]
            } else {
                let (x, y) = links[at(j - 1)];
                (y, x)
            }
        };
        let mut p = self.work.label_edge[b];
        while j != 0 {
            let far = toward(j).1;
            self.work.label[p.1] = FREE;
            self.work.label[far] = FREE;
            self.assign_label(p.1, T, p);
            j += step;
            p = toward(j);
            j += step;
        }
        let bv = children[0];
        self.work.label[p.1] = T;
        self.work.label[bv] = T;
        self.work.label_edge[p.1] = p;
        self.work.label_edge[bv] = p;
        self.work.best[bv] = NO_EDGE;
        j += step;
        while children[at(j)] != entry {
            let bv = children[at(j)];
            j += step;
            if self.work.label[bv] == S {
                continue;
            }
            let reached = self
                .leaves(bv)
                .into_iter()
                .find(|&v| self.work.label[v] != FREE);
            if let Some(v) = reached {
                self.work.label[v] = FREE;
                let base_mate = self.state.mate[self.state.base[bv]];
                self.work.label[base_mate] = FREE;
                self.assign_label(v, T, self.work.label_edge[v]);
            }
        }
    }

    /// Flip the matching along the path through tight edge (v, u) between two trees.
    fn augment(&mut self, v: usize, u: usize) {
        for (s, j) in [(v, u), (u, v)] {
            let (mut s, mut j) = (s, j);
            loop {
                let bs = self.state.top[s];
                if bs >= self.graph.n {
                    self.augment_blossom(bs, s);
                }
                self.state.mate[s] = j;
                let (t, _) = self.work.label_edge[bs];
                if t == NONE {
                    break;
                }
                let bt = self.state.top[t];
                let (next_s, next_j) = self.work.label_edge[bt];
                if bt >= self.graph.n {
                    self.augment_blossom(bt, next_j);
                }
                self.state.mate[next_j] = next_s;
                (s, j) = (next_s, next_j);
            }
        }
    }

    /// Rematch blossom `b`'s cycle so that its vertex `v` becomes its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let n = self.graph.n;
        let mut t = v;
        while self.state.parent[t] != b {
            t = self.state.parent[t];
        }
        if t >= n {
            self.augment_blossom(t, v);
        }
        let k = self.state.children[b].len() as isize;
        let at = |j: isize| j.rem_euclid(k) as usize;
        let i = self.state.children[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let (mut j, step) = if i % 2 == 1 {
            (i as isize - k, 1)
        } else {
            (i as isize, -1)
        };
        while j != 0 {
            j += step;
            let first = self.state.children[b][at(j)];
            let (x, y) = if step == 1 {
                self.state.links[b][at(j)]
            } else {
                let (x, y) = self.state.links[b][at(j - 1)];
                (y, x)
            };
            if first >= n {
                self.augment_blossom(first, x);
            }
            j += step;
            let second = self.state.children[b][at(j)];
            if second >= n {
                self.augment_blossom(second, y);
            }
            self.state.mate[x] = y;
            self.state.mate[y] = x;
        }
        self.state.children[b].rotate_left(i);
        self.state.links[b].rotate_left(i);
        self.state.base[b] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::dice::Dice;

    /// Every perfect matching's best total, by trying them all (None: there is none).
    fn brute_force<const N: usize>(g: &Graph<N>) -> Option<Wide<N>> {
        fn best<const N: usize>(g: &Graph<N>, free: &mut Vec<usize>) -> Option<Wide<N>> {
            let Some(v) = free.pop() else {
                return Some(Wide::ZERO);
            };
            let mut top = None;
            for i in 0..free.len() {
                let u = free[i];
                if !g.has_edge(v, u) {
                    continue;
                }
                free.swap_remove(i);
                if let Some(rest) = best(g, free) {
                    let total = rest + g.weight(v, u);
                    top = top.max(Some(total));
                }
                free.push(u);
                let last = free.len() - 1;
                free.swap(i, last);
            }
            free.push(v);
            top
        }
        best(g, &mut (0..g.n).collect())
    }

    fn random_graph<const N: usize>(dice: &mut Dice, n: usize, density: u64) -> Graph<N> {
        let mut g = Graph::new(n);
        // Few distinct weights: ties, as the pairing criteria have.
        let spread = 1 + dice.roll(20);
        for a in 0..n {
            for b in a + 1..n {
                if dice.roll(100) < density {
                    g.set(a, b, Wide::from_u64(1 + dice.roll(spread)));
                }
            }
        }
        g
    }

    /// The solver's totals against every perfect matching's, on small random graphs.
    #[test]
    fn finds_the_heaviest_perfect_matching() {
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let n = 2 * (1 + dice.roll(6) as usize);
            let density = 30 + dice.roll(71);
            let g = random_graph::<1>(&mut dice, n, density);
            let expected = brute_force(&g);
            let mut m = Matching::new(g.clone());
            match m.solve() {
                Ok(()) => {
                    assert_eq!(Some(m.total()), expected, "{g:?}");
                    for v in 0..n {
                        let u = m.mate(v).unwrap();
                        assert_eq!(m.mate(u), Some(v));
                        assert!(g.has_edge(v, u));
                    }
                }
                Err(NoPerfectMatching) => assert_eq!(expected, None, "{g:?}"),
            }
        }
    }

    #[test]
    fn multiplies_by_a_digit_as_by_a_wide_integer() {
        let mut dice = Dice(0xbb67_ae85_84ca_a73b);
        for _ in 0..1000 {
            let w = Wide::<4>::from_u64(dice.roll(u64::MAX)) * Wide::from_u64(dice.roll(u64::MAX));
            let k = dice.roll(u64::MAX);
            assert_eq!(w.times(k), w * Wide::from_u64(k));
        }
    }

    /// The solver's totals against an independent blossom solver's, on graphs too large to
    /// try every matching: its maximum-weight matching, with every weight raised above what
    /// any other edges add up to, is perfect exactly when one exists, and then a heaviest.
    #[test]
    fn agrees_with_another_solver() {
        let mut dice = Dice(0x5851_f42d_4c95_7f2d);
        for _ in 0..200 {
            let n = 2 * (5 + dice.roll(30) as usize);
            let density = 5 + dice.roll(96);
            let g = random_graph::<1>(&mut dice, n, density);
            let lift = 21 * (n as i64 / 2 + 1);
            let mut lifted = vec![0i64; n * n];
            for a in 0..n {
                for b in 0..n {
                    if a != b && g.has_edge(a, b) {
                        lifted[a * n + b] = lift + g.doubled(a, b).0[0] as i64 / 2;
                    }
                }
            }
            let theirs = integer_blossom::max_weight_matching(&lifted, n);
            let mut ours = Matching::new(g);
            match ours.solve() {
                Ok(()) => {
                    assert!(theirs.iter().all(Option::is_some));
                    let total: i64 = (0..n)
                        .filter_map(|a| theirs[a].filter(|&b| a < b).map(|b| lifted[a * n + b]))
                        .sum();
                    let expected = Wide::from_u64((total - lift * n as i64 / 2) as u64);
                    assert_eq!(ours.total(), expected);
                }
                Err(NoPerfectMatching) => assert!(theirs.iter().any(Option::is_none)),
            }
        }
    }

    /// Edges removed one vertex at a time, as the pairing's choices remove them: the warm
    /// start finds what a solve from nothing finds, and a refused removal changes nothing.
    #[test]
    fn keeps_the_heaviest_matching_as_edges_go() {
        let mut dice = Dice(0x2545_f491_4f6c_dd1d);
        for _ in 0..300 {
            let n = 2 * (2 + dice.roll(5) as usize);
            let density = 60 + dice.roll(41);
            let g = random_graph::<2>(&mut dice, n, density);
            let mut m = Matching::new(g);
            if m.solve().is_err() {
                continue;
            }
            for _ in 0..6 {
                let v = dice.roll(n as u64) as usize;
                let cut: Vec<(usize, usize)> = (0..n)
                    .filter(|&u| u != v && m.has_edge(v, u) && dice.roll(3) == 0)
                    .map(|u| (v, u))
                    .collect();
                let before = (m.total(), m.graph.clone());
                let mut without = m.graph.clone();
                for &(a, b) in &cut {
                    without.clear(a, b);
                }
                let fresh = brute_force(&without);
                let kept = m.try_without(&cut, |total| total == before.0);
                assert_eq!(kept, fresh == Some(before.0));
                if kept {
                    assert_eq!(m.total(), before.0);
                } else {
                    assert_eq!(m.total(), before.0);
                    assert_eq!(m.graph.matrix(), before.1.matrix());
                    if fresh.is_some() {
                        m.without(&cut).unwrap();
                        assert_eq!(Some(m.total()), fresh);
                    }
                }
                for u in 0..n {
                    let mate = m.mate(u).unwrap();
                    assert!(m.has_edge(u, mate));
                }
            }
        }
    }

    /// A graph re-weighed as the pairing's exchange order re-weighs one (scaled and shifted,
    /// but for the edges of a few vertices): the warm start from the old solution finds
    /// what a solve from nothing finds.
    #[test]
    fn the_best_face_holds_exactly_the_heaviest_matchings() {
        // Weighing a second key on the face alone (its blossoms filled first) finds the
        // same matching as weighing both keys on the whole graph.
        let mut dice = Dice(0x6a09_e667_f3bc_c909);
        let mut checked = 0;
        for _ in 0..300 {
            let n = 2 * (2 + dice.roll(4) as usize);
            let density = 50 + dice.roll(51);
            let g = random_graph::<2>(&mut dice, n, density);
            let mut m = Matching::new(g.clone());
            if m.solve().is_err() {
                continue;
            }
            let face = m
                .best_face()
                .expect("a solved matching's duals prove it best");
            let key: Vec<u64> = (0..n * n).map(|_| 1 + dice.roll(20)).collect();
            let key = |a: usize, b: usize| key[a.min(b) * n + a.max(b)];
            let mut both = Graph::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    if g.has_edge(a, b) {
                        both.set(
                            a,
                            b,
                            g.weight(a, b) * Wide::from_u64(1000) + Wide::from_u64(key(a, b)),
                        );
                    }
                }
            }
            let mut on_face = Graph::new(n);
            for &(a, b, depth) in &face {
                on_face.set(
                    a,
                    b,
                    Wide::from_u64(1_000_000 * u64::from(depth) + key(a, b)),
                );
            }
            let expected = brute_force(&both).unwrap().0 % BInt::from(1000u64);
            let mut found = Matching::new(on_face);
            found.solve().unwrap();
            assert_eq!(found.total().0 % BInt::from(1_000_000u64), expected);
            checked += 1;
        }
        assert!(checked > 100);
    }

    /// Larger graphs, as the pairing's: the same total as a solve from nothing after each
    /// removal.
    #[test]
    fn warm_and_cold_solves_agree_on_larger_graphs() {
        let mut dice = Dice(0x1234_5678_9abc_def1);
        for _ in 0..20 {
            let n = 2 * (10 + dice.roll(30) as usize);
            let density = 50 + dice.roll(51);
            let g = random_graph::<2>(&mut dice, n, density);
            let mut m = Matching::new(g);
            if m.solve().is_err() {
                continue;
            }
            for _ in 0..20 {
                let v = dice.roll(n as u64) as usize;
                let cut: Vec<(usize, usize)> = (0..n)
                    .filter(|&u| u != v && m.has_edge(v, u) && dice.roll(2) == 0)
                    .map(|u| (v, u))
                    .collect();
                let mut without = m.graph.clone();
                for &(a, b) in &cut {
                    without.clear(a, b);
                }
                let mut cold = Matching::new(without);
                let fresh = cold.solve().ok().map(|()| cold.total());
                match m.without(&cut) {
                    Ok(()) => assert_eq!(Some(m.total()), fresh),
                    Err(NoPerfectMatching) => {
                        assert_eq!(fresh, None);
                        break;
                    }
                }
            }
        }
    }
}
