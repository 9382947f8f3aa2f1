//! Pairing bracket by bracket (articles 3 and 4): the best pairings by the criteria, then
//! among them the one generated first: the moved-down players paired, their opponents,
//! the exchanges and the transpositions, each choice kept only if a best pairing survives.

use super::*;

/// The state of one round's pairing: players in pairing order, who is paired already.
pub(super) struct Pairer {
    pub(super) players: Vec<Entrant>,
    /// The partner of each paired player (None: the bye).
    partner: Vec<Option<Option<usize>>>,
    /// Score levels present, highest first (for the score digits).
    pub(super) levels: Vec<u32>,
    /// The colour the odd pairing numbers get when nothing else decides (5.2.5).
    pub(super) first: Color,
    /// How many stand-ins to try first (None: none).
    first_stand_ins: Option<usize>,
}

/// Vertex roles in the bracket being paired.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// Moved down into the bracket.
    Mdp,
    Resident,
    /// In the scoregroup after the bracket.
    Next,
    Lower,
}

impl Pairer {
    /// How many stand-ins a bracket's graph has at first: four times as many each time
    /// they prove too few.
    pub(super) const STAND_INS: usize = 8;

    pub(super) fn new(players: Vec<Entrant>, first: Color, stand_ins: Option<usize>) -> Pairer {
        let mut levels: Vec<u32> = players.iter().map(|p| p.score).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let n = players.len();
        Pairer {
            players,
            partner: vec![None; n],
            levels,
            first,
            first_stand_ins: stand_ins,
        }
    }

    /// Pair every bracket; returns pairs of player indices (None: the bye).
    pub(super) fn run(
        &mut self,
        progress: &Progress,
    ) -> Result<Vec<(usize, Option<usize>)>, DutchError> {
        let mut mdps: Vec<usize> = Vec::new();
        let scores = self.levels.clone();
        progress.groups.store(scores.len(), Ordering::Relaxed);
        for (g, &score) in scores.iter().enumerate() {
            let residents: Vec<usize> = (0..self.players.len())
                .filter(|&i| self.players[i].score == score && self.partner[i].is_none())
                .collect();
            let next: Vec<usize> = match scores.get(g + 1) {
                Some(&s) => (0..self.players.len())
                    .filter(|&i| self.players[i].score == s)
                    .collect(),
                None => Vec::new(),
            };
            let last = g + 1 == scores.len();
            mdps = self.bracket(&mdps, &residents, &next, last)?;
            progress.paired.store(g + 1, Ordering::Relaxed);
        }
        if !mdps.is_empty() {
            return Err(DutchError::NoPairing);
        }
        let mut pairs = Vec::new();
        for (i, p) in self.partner.iter().enumerate() {
            match p {
                Some(Some(j)) if i < *j => pairs.push((i, Some(*j))),
                Some(None) => pairs.push((i, None)),
                _ => {}
            }
        }
        Ok(pairs)
    }

    /// Pair one bracket; returns its downfloaters.
    pub(super) fn bracket(
        &mut self,
        mdps: &[usize],
        residents: &[usize],
        next: &[usize],
        last: bool,
    ) -> Result<Vec<usize>, DutchError> {
        // Vertices: everyone unpaired, then the bye if their number is odd.
        let open: Vec<usize> = (0..self.players.len())
            .filter(|&i| self.partner[i].is_none())
            .collect();
        let role = |i: usize| {
            if mdps.contains(&i) {
                Role::Mdp
            } else if residents.contains(&i) {
                Role::Resident
            } else if next.contains(&i) {
                Role::Next
            } else {
                Role::Lower
            }
        };
        let roles: Vec<Role> = open.iter().map(|&i| role(i)).collect();
        let bye = (open.len() % 2 == 1).then_some(open.len());
        if mdps.is_empty() && self.first_candidate_is_perfect(residents, &open, &roles, bye) {
            let half = residents.len() / 2;
            for (&a, &b) in residents[..half].iter().zip(&residents[half..]) {
                self.partner[a] = Some(Some(b));
                self.partner[b] = Some(Some(a));
            }
            if residents.len() % 2 == 1 {
                self.partner[residents[residents.len() - 1]] = Some(None);
            }
            return Ok(Vec::new());
        }
        let n = open.len() + usize::from(bye.is_some());
        // The narrowest integers that hold every criterion's digit, each bounded by the
        // whole field (the exchange keys are weighed apart: see `ExchangeKeys`).
        let edges = (n / 2) as u64 + 1;
        let bits = |x: u128| 128 - x.leading_zeros();
        let needed: u32 = fields(&self.digits(&open, &roles, edges))
            .iter()
            .map(|f| bits(u128::from(f.max) * u128::from(edges) + 1))
            .sum::<u32>();
        let width = Width::of(needed);
        // Few stand-ins first, more if they prove too few.
        if let (Some(first), Some(mut graph)) =
            (self.first_stand_ins, self.stand_ins(&open, &roles))
        {
            let mut wanted = first;
            while graph.sinks.fit(wanted, graph.below.len()) {
                let bracket = Bracket {
                    open: &graph.players,
                    roles: &graph.roles,
                    bye: bye.map(|_| graph.players.len()),
                    sinks: &graph.sinks,
                    last,
                    edges,
                };
                if let Ok(Some(mates)) = self.pair_in(width, &bracket) {
                    if self.completes(&bracket, &mates, &graph.below) {
                        return Ok(self.apply(&bracket, &mates));
                    }
                    break;
                }
                wanted = wanted.saturating_mul(4);
            }
        }
        let bracket = Bracket {
            open: &open,
            roles: &roles,
            bye,
            sinks: &Sinks::default(),
            last,
            edges,
        };
        match self.pair_in(width, &bracket)? {
            Some(mates) => Ok(self.apply(&bracket, &mates)),
            None => Err(DutchError::NoPairing),
        }
    }

    /// Pair a bracket with the narrowest weights that hold its digits.
    pub(super) fn pair_in(
        &self,
        width: Width,
        bracket: &Bracket,
    ) -> Result<Option<Vec<Option<usize>>>, DutchError> {
        match width {
            Width::W2 => self.bracket_in::<2>(bracket),
            Width::W3 => self.bracket_in::<3>(bracket),
            Width::W4 => self.bracket_in::<4>(bracket),
            Width::W5 => self.bracket_in::<5>(bracket),
            Width::W6 => self.bracket_in::<6>(bracket),
            Width::W8 => self.bracket_in::<8>(bracket),
            Width::W16 => self.bracket_in::<16>(bracket),
        }
    }

    /// Record a bracket's pairs (and the bye, in the last); returns its downfloaters.
    pub(super) fn apply(&mut self, bracket: &Bracket, mates: &[Option<usize>]) -> Vec<usize> {
        let (open, roles) = (bracket.open, bracket.roles);
        let in_bracket = |r: Role| matches!(r, Role::Mdp | Role::Resident);
        let mut floaters = Vec::new();
        for v in 0..open.len() {
            if !in_bracket(roles[v]) {
                continue;
            }
            match mates[v] {
                Some(m) if m < open.len() && in_bracket(roles[m]) => {
                    self.partner[open[v]] = Some(Some(open[m]));
                }
                Some(m) if Some(m) == bracket.bye && bracket.last => {
                    self.partner[open[v]] = Some(None)
                }
                _ => floaters.push(open[v]),
            }
        }
        floaters
    }

    /// Whether the bracket's first candidate (S1\[i\] against S2\[i\]; 3.2) pairs every
    /// resident and gives every player their colour, while the players below can still all
    /// be paired. Then nothing can beat it on any criterion and, coming first, it is the
    /// pairing: no matching is needed. This is round 1 of any field (one scoregroup without
    /// colours), where a matching over a thousand players would take seconds.
    ///
    /// With a bye to give, only the last bracket qualifies, when the bye may go to any of
    /// its players alike [C5, C9]: then the first candidate leaves it to the last of S2.
    /// Elsewhere the bracket's pairing would decide who can be given the bye below.
    pub(super) fn first_candidate_is_perfect(
        &self,
        residents: &[usize],
        open: &[usize],
        roles: &[Role],
        bye: Option<usize>,
    ) -> bool {
        if residents.is_empty() {
            return false;
        }
        if bye.is_some() {
            let last = &self.players[residents[residents.len() - 1]];
            let alike = residents.iter().all(|&r| {
                let p = &self.players[r];
                p.bye_ok && p.unplayed == last.unplayed
            });
            // The bracket must be everyone left: then nobody below waits to be paired.
            if open.len() != residents.len() || !alike {
                return false;
            }
        } else if residents.len() % 2 == 1 {
            return false;
        }
        let half = residents.len() / 2;
        let perfect = residents[..half]
            .iter()
            .zip(&residents[half..])
            .all(|(&a, &b)| {
                let (pa, pb) = (&self.players[a], &self.players[b]);
                pa.compatible(pb) && (pa.preference.is_none() || pa.preference != pb.preference)
            });
        if !perfect {
            return false;
        }
        // Completion [C4]: everyone else must still pair among themselves (there is no bye
        // to give here unless there is nobody else).
        let rest: Vec<usize> = (0..open.len())
            .filter(|&v| roles[v] != Role::Resident)
            .collect();
        let player = |i: usize| &self.players[open[rest[i]]];
        complete_pairing(rest.len(), |i, j| player(i).compatible(player(j))).is_some()
    }

    /// Pair one bracket with weights of `N` 64-bit digits: each vertex's mate, or None if
    /// the stand-ins were too few to tell.
    pub(super) fn bracket_in<const N: usize>(
        &self,
        bracket: &Bracket,
    ) -> Result<Option<Vec<Option<usize>>>, DutchError> {
        let (open, roles, bye) = (bracket.open, bracket.roles, bracket.bye);
        let n = bracket.vertices();
        let sinks = bracket.sink_range();
        let in_bracket = |r: Role| matches!(r, Role::Mdp | Role::Resident);
        let unit = Wide::from_u64(1);
        let mut search = Search::new(self.criteria::<N>(bracket, false), unit, sinks.clone())?;
        // [C9] counts only where the bracket downfloats exactly one player and that player
        // gets the bye (its note): how many float is settled by [C6] above it.
        let floating = (0..open.len())
            .filter(|&v| in_bracket(roles[v]))
            .filter(|&v| {
                search
                    .mate(v)
                    .is_none_or(|m| m >= open.len() || !in_bracket(roles[m]))
            })
            .count();
        let byed = (0..open.len()).any(|v| in_bracket(roles[v]) && search.mate(v) == bye);
        if floating == 1 && byed {
            search = Search::new(self.criteria::<N>(bracket, true), unit, sinks.clone())?;
        }
        if search.unsure {
            return Ok(None);
        }
        let paired_here = |search: &Search<N>, v: usize| {
            search
                .mate(v)
                .is_some_and(|m| m < open.len() && in_bracket(roles[m]) && in_bracket(roles[v]))
        };
        // Which moved-down players are paired: the earliest valid set (4.4).
        let m1 = (0..open.len())
            .filter(|&v| roles[v] == Role::Mdp && paired_here(&search, v))
            .count();
        let floats = |u: usize| u >= open.len() || !in_bracket(roles[u]);
        let mut chosen = Vec::new();
        for v in (0..open.len()).filter(|&v| roles[v] == Role::Mdp) {
            if chosen.len() < m1
                && search
                    .attempt(|m| keep_only(m, v, |u| u < open.len() && roles[u] == Role::Resident))
            {
                chosen.push(v);
            } else {
                search.force(|m| keep_only(m, v, floats))?;
            }
        }
        // Their opponents: the first transposition of the residents (4.2).
        let residents: Vec<usize> = (0..open.len())
            .filter(|&v| roles[v] == Role::Resident)
            .collect();
        let mut taken = Vec::new();
        for &v in &chosen {
            for &r in &residents {
                if !taken.contains(&r) && search.attempt(|m| pin(m, v, r)) {
                    taken.push(r);
                    break;
                }
            }
        }
        // The remainder: re-weighed with the exchange criteria below all others (4.3).
        let remainder: Vec<usize> = residents
            .iter()
            .copied()
            .filter(|r| !taken.contains(r))
            .collect();
        let pairs_in_remainder = remainder
            .iter()
            .filter(|&&v| search.mate(v).is_some_and(|m| remainder.contains(&m)))
            .count()
            / 2;
        let (s1, s2) = remainder.split_at(pairs_in_remainder);
        let keys = ExchangeKeys::new(s1, s2, n, bracket.edges);
        // The rules are settled: the exchange keys are weighed on the best pairings alone
        // (as the duals describe them), in narrow integers.
        // The duals always prove the matching in hand best; were they not to, no pairing
        // is claimed.
        let face = search.matching.best_face().ok_or(DutchError::NoPairing)?;
        if let Some(mates) = first_candidate(&face, s1, s2, n) {
            return Ok(Some(mates));
        }
        let narrow = keys.on_face(&search, &face)?;
        self.exchange(bracket, narrow, s1, s2, &remainder)
    }

    /// The exchanges and transpositions of a bracket's remainder (4.3, 4.2), on a search
    /// that weighs the exchange keys below the rules.
    pub(super) fn exchange<const M: usize>(
        &self,
        bracket: &Bracket,
        mut search: Search<M>,
        s1: &[usize],
        s2: &[usize],
        remainder: &[usize],
    ) -> Result<Option<Vec<Option<usize>>>, DutchError> {
        let open = bracket.open;
        let n = bracket.vertices();
        let sinks = bracket.sink_range();
        // Exchanges: the highest players moved from S1 to S2, the lowest from S2 to S1.
        // How many move is fixed by the rules (the exchange count is one of them).
        // Each vertex's half of the remainder: S1 (true) or S2.
        let mut half = vec![None; n];
        for &v in s1 {
            half[v] = Some(true);
        }
        for &v in s2 {
            half[v] = Some(false);
        }
        let out = |u: usize| u >= open.len() || half[u].is_none();
        let in_s1 = |u: usize| half[u] == Some(true);
        let in_s2 = |u: usize| half[u] == Some(false);
        let exchanges = s1
            .iter()
            .filter(|&&b| search.mate(b).is_none_or(|m| out(m) || (in_s1(m) && m < b)))
            .count();
        let mut moved_down = Vec::new();
        for &b in s1.iter().rev() {
            let lower_s1 = |u: usize| in_s1(u) && u < b;
            if moved_down.len() < exchanges
                && search.attempt(|m| keep_only(m, b, |u| out(u) || lower_s1(u)))
            {
                moved_down.push(b);
            } else {
                search.force(|m| keep_only(m, b, |u| !out(u) && !lower_s1(u)))?;
            }
        }
        let mut moved_up = Vec::new();
        for &a in s2 {
            if moved_up.len() == moved_down.len() {
                break;
            }
            let higher_s2 = |u: usize| in_s2(u) && u > a;
            if search.attempt(|m| keep_only(m, a, higher_s2)) {
                moved_up.push(a);
            } else {
                search.force(|m| keep_only(m, a, |u| !higher_s2(u)))?;
            }
        }
        for &v in &moved_down {
            half[v] = Some(false);
        }
        for &v in &moved_up {
            half[v] = Some(true);
        }
        let (s1x, s2x): (Vec<usize>, Vec<usize>) =
            remainder.iter().partition(|&&v| half[v] == Some(true));
        // Transpositions: each S1 player in turn takes the first S2 player that still
        // allows a best pairing.
        let mut mates: Vec<Option<usize>> = (0..n).map(|v| search.mate(v)).collect();
        if s1x.len() == s2x.len() && remainder.len() < n {
            // Nobody floats from the remainder, so its pairing touches nothing else: the
            // choices are made on the remainder alone, a far smaller graph.
            let mut local = search.within(remainder)?;
            let mut at = vec![0; n];
            for (i, &v) in remainder.iter().enumerate() {
                at[v] = i;
            }
            transpose(&mut local, &s1x, &s2x, |v| at[v]);
            for (i, &v) in remainder.iter().enumerate() {
                mates[v] = local.mate(i).map(|j| remainder[j]);
            }
        } else {
            transpose(&mut search, &s1x, &s2x, |v| v);
            mates = (0..n).map(|v| search.mate(v)).collect();
        }
        if search.unsure && !sinks.is_empty() {
            return Ok(None);
        }
        Ok(Some(mates))
    }
}

/// One bracket's graph: its vertices are `open`'s players, then the bye, then the
/// stand-ins.
pub(super) struct Bracket<'a> {
    pub(super) open: &'a [usize],
    pub(super) roles: &'a [Role],
    pub(super) bye: Option<usize>,
    pub(super) sinks: &'a Sinks,
    pub(super) last: bool,
    /// The most edges a pairing of the whole field has: the weights' digits are sized for
    /// it, so that a graph with stand-ins weighs pairings as the whole one would.
    pub(super) edges: u64,
}

impl Bracket<'_> {
    pub(super) fn vertices(&self) -> usize {
        self.open.len() + usize::from(self.bye.is_some()) + self.sinks.count()
    }

    pub(super) fn sink_range(&self) -> Range<usize> {
        let first = self.open.len() + usize::from(self.bye.is_some());
        first..first + self.sinks.count()
    }
}

/// The narrowest weights that hold a bracket's digits, in 64-bit digits.
#[derive(Clone, Copy)]
pub(super) enum Width {
    W2,
    W3,
    W4,
    W5,
    W6,
    W8,
    W16,
}

impl Width {
    pub(super) fn of(bits: u32) -> Width {
        if bits <= Wide::<2>::ROOM {
            Width::W2
        } else if bits <= Wide::<3>::ROOM {
            Width::W3
        } else if bits <= Wide::<4>::ROOM {
            Width::W4
        } else if bits <= Wide::<5>::ROOM {
            Width::W5
        } else if bits <= Wide::<6>::ROOM {
            Width::W6
        } else if bits <= Wide::<8>::ROOM {
            Width::W8
        } else {
            Width::W16
        }
    }
}
