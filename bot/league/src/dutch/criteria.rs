//! The criteria as one weight per edge: each a digit, from the completion requirement
//! [C4] down to the float score differences [C21], wide enough that no sum of lower
//! digits reaches a higher one.

use super::*;

/// One field of the stacked weight: its largest value on one edge.
pub(super) struct Field {
    pub(super) max: u64,
}

/// The stacked weight's layout: each field's multiplier, most important last.
pub(super) struct Layout<const N: usize> {
    multipliers: Vec<Wide<N>>,
}

impl<const N: usize> Layout<N> {
    /// Multipliers such that no sum over `edges` edges of the lower fields reaches one unit
    /// of a higher one.
    pub(super) fn new(fields: &[Field], edges: u64) -> Layout<N> {
        let mut multipliers = Vec::with_capacity(fields.len());
        let mut m = Wide::from_u64(1);
        for f in fields {
            multipliers.push(m);
            m = m * (Wide::from_u64(f.max) * Wide::from_u64(edges) + Wide::from_u64(1));
        }
        Layout { multipliers }
    }

    pub(super) fn weight(&self, values: &[u64]) -> Wide<N> {
        let mut w = Wide::ZERO;
        for (v, m) in values.iter().zip(&self.multipliers) {
            if *v != 0 {
                w += m.times(*v);
            }
        }
        w
    }
}

/// Score digits for one bracket: a higher score is a larger power of `base`, so that any
/// number of players at one score outweighs all those below it. The top six scores of the
/// bracket and the one after it are told apart (below those a score difference no longer
/// decides anything in practice, and the digits must fit a u64).
pub(super) struct Digits {
    scores: Vec<u32>,
    base: u64,
    /// The power of the highest score: one less than the scores told apart.
    depth: u32,
}

impl Digits {
    pub(super) const MAX_DEPTH: usize = 5;

    pub(super) fn new(mut scores: Vec<u32>, edges: u64) -> Digits {
        scores.sort_unstable_by(|a, b| b.cmp(a));
        scores.dedup();
        let depth = scores.len().saturating_sub(1).min(Digits::MAX_DEPTH) as u32;
        Digits {
            scores,
            base: edges + 1,
            depth,
        }
    }

    pub(super) fn of(&self, score: u32) -> u64 {
        let index = self
            .scores
            .iter()
            .position(|&s| s == score)
            .unwrap_or(usize::MAX);
        let power = (self.depth as usize).saturating_sub(index);
        self.base.pow(power as u32)
    }

    /// The largest digit.
    pub(super) fn top(&self) -> u64 {
        self.base.pow(self.depth)
    }

    /// A digit above every score's: a downfloater's score difference, which counts as
    /// greater than any paired player's.
    pub(super) fn beyond(&self) -> u64 {
        self.top() * self.base
    }
}

/// The criteria's fields, least important first: the float score differences [C18–C21],
/// floats [C14–C17], colours [C10–C13], the bye's unplayed rounds [C9], the next bracket's
/// scores and pairs [C8], scores paired [C7], pairs [C6], the bye's score [C5] and the edge
/// itself [C4].
pub(super) fn fields(digits: &Digits) -> Vec<Field> {
    let mut fields: Vec<Field> = Vec::with_capacity(19);
    // Float score differences [C18–C21], by level.
    for _ in 0..4 {
        fields.push(Field {
            max: digits.beyond(),
        });
    }
    // Floats [C14–C17].
    for _ in 0..4 {
        fields.push(Field { max: 2 });
    }
    // Colours [C10–C13].
    for _ in 0..4 {
        fields.push(Field { max: 2 });
    }
    // The bye's unplayed rounds [C9].
    fields.push(Field { max: 64 });
    // Next bracket: scores, then pairs [C8].
    fields.push(Field {
        max: 2 * digits.top(),
    });
    fields.push(Field { max: 1 });
    // Scores paired [C7] and pairs [C6].
    fields.push(Field {
        max: 2 * digits.top(),
    });
    fields.push(Field { max: 1 });
    // The bye's score [C5], then the edge itself [C4].
    fields.push(Field { max: 128 });
    fields.push(Field { max: 1 });
    fields
}

impl Pairer {
    /// The score digits of a bracket: its players' scores and the next scoregroup's.
    pub(super) fn digits(&self, open: &[usize], roles: &[Role], edges: u64) -> Digits {
        Digits::new(
            (0..open.len())
                .filter(|&v| roles[v] != Role::Lower)
                .map(|v| self.players[open[v]].score)
                .collect(),
            edges,
        )
    }

    /// The criteria weights of the bracket [C4–C21], most important first.
    pub(super) fn criteria<const N: usize>(&self, bracket: &Bracket, c9: bool) -> Graph<N> {
        let (open, roles, bye, last) = (bracket.open, bracket.roles, bracket.bye, bracket.last);
        let n = bracket.vertices();
        let edges = bracket.edges;
        let digits = self.digits(open, roles, edges);
        let fields = fields(&digits);
        let layout = Layout::new(&fields, edges);
        let score_digit = |score: u32| digits.of(score);
        let mut graph = Graph::new(n);
        let in_bracket = |r: Role| matches!(r, Role::Mdp | Role::Resident);
        let top = fields.len() - 1;
        let mut v = vec![0u64; fields.len()];
        for a in 0..open.len() {
            for b in a + 1..open.len() {
                let (pa, pb) = (&self.players[open[a]], &self.players[open[b]]);
                if !pa.compatible(pb) {
                    continue;
                }
                let (ra, rb) = (roles[a], roles[b]);
                v.fill(0);
                v[top] = 1;
                let here = in_bracket(ra) && in_bracket(rb);
                if here && ra == Role::Mdp && rb == Role::Mdp {
                    // Moved-down players are paired with residents, never together.
                    continue;
                }
                if here {
                    v[top - 2] = 1;
                    v[top - 3] = score_digit(pa.score) + score_digit(pb.score);
                    self.colour_fields(pa, pb, &mut v[8..12]);
                    float_fields(pa, pb, ra, rb, &mut v[0..8], &digits);
                } else if !last {
                    let next_pair = matches!(
                        (ra, rb),
                        (Role::Next, Role::Next)
                            | (Role::Mdp | Role::Resident, Role::Next)
                            | (Role::Next, Role::Mdp | Role::Resident)
                    );
                    if next_pair {
                        v[top - 4] = 1;
                        v[top - 5] = score_digit(pa.score) + score_digit(pb.score);
                    }
                }
                graph.set(a, b, layout.weight(&v));
            }
        }
        let bye_weight = |score: u32, unplayed: Option<u32>| {
            let max_score = self.levels.first().copied().unwrap_or(0);
            let mut v = vec![0u64; fields.len()];
            v[top] = 1;
            v[top - 1] = u64::from(max_score - score).min(127) + 1;
            if let Some(unplayed) = unplayed {
                v[12] = 63u64.saturating_sub(u64::from(unplayed));
            }
            layout.weight(&v)
        };
        if let Some(bye) = bye {
            for a in 0..open.len() {
                let p = &self.players[open[a]];
                if p.bye_ok {
                    let unplayed = (c9 && in_bracket(roles[a])).then_some(p.unplayed);
                    graph.set(a, bye, bye_weight(p.score, unplayed));
                }
            }
        }
        // The stand-ins weigh as the players below: an edge to them counts only as an edge
        // [C4], and the bye to them is the bye to the lowest who may have it [C5].
        let sinks = bracket.sink_range();
        let mut only_edge = vec![0u64; fields.len()];
        only_edge[top] = 1;
        let edge = layout.weight(&only_edge);
        for d in sinks.clone() {
            for (a, _) in bracket.sinks.reach.iter().enumerate().filter(|(_, r)| **r) {
                graph.set(a, d, edge);
            }
            for e in d + 1..sinks.end {
                graph.set(d, e, edge);
            }
            if let (Some(bye), Some(score)) = (bye, bracket.sinks.bye_score) {
                graph.set(bye, d, bye_weight(score, None));
            }
        }
        graph
    }

    /// Colour digits for a pair in the bracket [C10–C13]: 1 where the criterion holds.
    ///
    /// [C10] and [C11] count a player only when the pairing denies them their absolute
    /// preference (A.6.a) and the colour they get breaks the limit. A history already past
    /// a limit (left by a manual or imported pairing: a difference of -4, or +2 with Black
    /// twice running) is no fault of this round's pairing: read literally ("topscorers or
    /// their opponents who get a colour difference beyond ±2"), a player at -4 would count
    /// even when given White, and the criterion would keep topscorers from them without
    /// changing anyone's colours. The criteria rank pairings by what they do to players, and
    /// the reference program (bbpPairings) reads them so: only a pair with the same absolute
    /// preference costs anything.
    pub(super) fn colour_fields(&self, a: &Entrant, b: &Entrant, v: &mut [u64]) {
        let same = a.preference.is_some() && a.preference == b.preference;
        // [C13] a strong preference lost to the other player's strong or absolute one (two
        // absolute preferences are [C10]/[C11]'s: a strong preference is never absolute,
        // A.6.b), [C12] any preferences.
        v[0] = u64::from(!(same && a.strength.min(b.strength) == Strength::Strong));
        v[1] = u64::from(!same);
        let (hi, lo) = if (a.score, std::cmp::Reverse(a.no)) >= (b.score, std::cmp::Reverse(b.no)) {
            (a, b)
        } else {
            (b, a)
        };
        let hi_white = a_gets_white(hi, lo, self.first);
        let after = |p: &Entrant, white: bool| {
            let c = if white { Color::White } else { Color::Black };
            if p.preference == Some(c) {
                return (false, false);
            }
            let d = p.difference + if white { 1 } else { -1 };
            let n = p.colours.len();
            let three = n >= 2 && p.colours[n - 1] == c && p.colours[n - 2] == c;
            (d.abs() > 2, three)
        };
        let (hd, h3) = after(hi, hi_white);
        let (ld, l3) = after(lo, !hi_white);
        let top = hi.topscorer || lo.topscorer;
        // [C11] three in a row, [C10] colour difference beyond 2, for topscorers' games.
        v[2] = 2 - u64::from(top && h3) - u64::from(top && l3);
        v[3] = 2 - u64::from(top && hd) - u64::from(top && ld);
    }
}

/// Float digits for a pair in the bracket [C14–C21]: higher is better.
pub(super) fn float_fields(
    a: &Entrant,
    b: &Entrant,
    ra: Role,
    rb: Role,
    v: &mut [u64],
    digits: &Digits,
) {
    // An MDP's score difference grows with its score: the residents share one.
    let penalty = |mdp: &Entrant| digits.of(mdp.score);
    // (mdp, its resident opponent), if this is an MDP-pairing.
    let mdp_pair = match (ra, rb) {
        (Role::Mdp, Role::Resident) => Some((a, b)),
        (Role::Resident, Role::Mdp) => Some((b, a)),
        _ => None,
    };
    // [C14], [C16]: residents with a downfloat before who do not float now.
    for (slot, back) in [(7, 0), (5, 1)] {
        v[slot] = [(a, ra), (b, rb)]
            .iter()
            .filter(|(p, r)| *r == Role::Resident && p.floats[back] == Float::Down)
            .count() as u64;
    }
    // [C15], [C17]: MDP opponents with an upfloat before.
    for (slot, back) in [(6, 0), (4, 1)] {
        v[slot] = match mdp_pair {
            Some((_, r)) if r.floats[back] == Float::Up => 0,
            _ => 1,
        };
    }
    // [C18], [C20]: MDPs with a downfloat before, paired (smaller differences better).
    // [C19], [C21]: their opponents with an upfloat before.
    let full = digits.beyond();
    for (slot, back) in [(3, 0), (1, 1)] {
        v[slot] = match mdp_pair {
            Some((m, _)) if m.floats[back] == Float::Down => full - penalty(m),
            _ => 0,
        };
    }
    for (slot, back) in [(2, 0), (0, 1)] {
        v[slot] = match mdp_pair {
            Some((m, r)) if r.floats[back] == Float::Up => full - penalty(m),
            _ => full,
        };
    }
}
