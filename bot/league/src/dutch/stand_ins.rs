//! Stand-ins for the players below the next scoregroup, so that a bracket's graph need not
//! hold a whole large field.

use super::*;

/// Stand-ins for the players below the next scoregroup, so that a bracket's graph need not
/// hold them all. Those players count only as partners [C4] (and for the bye [C5]): every
/// edge to them weighs the same, whoever they are. So the graph keeps the bracket and the
/// next scoregroup, and a few interchangeable stand-ins, joined to each other and to every
/// player with someone below to meet. Its best pairing is the real one when
/// - two stand-ins are paired together: more of them would change nothing (the best weight
///   with k pairs is concave in k). Every best pairing then takes as many stand-ins (the
///   pairs the graph keeps are counted by [C6] and [C8]), so the search's answer to each
///   choice is the whole graph's too; and
/// - the players below can all be paired, with those the stand-ins took.
///
/// Otherwise more stand-ins are tried, and in the end the whole graph.
#[derive(Default)]
pub(super) struct Sinks {
    count: usize,
    /// For each player of the graph: whether someone below may meet them.
    pub(super) reach: Vec<bool>,
    /// The lowest score below of a player who may have the bye.
    pub(super) bye_score: Option<u32>,
}

impl Sinks {
    /// How many stand-ins the graph has.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// Take `wanted` stand-ins for `below` players, or one more for the parity that leaves
    /// the graph's vertices even; false if that is no fewer than the players themselves.
    pub(super) fn fit(&mut self, wanted: usize, below: usize) -> bool {
        self.count = wanted.min(below);
        if (below - self.count) % 2 == 1 {
            self.count += 1;
        }
        self.count < below
    }
}

/// A bracket's graph with stand-ins: the players it keeps, their roles, the players the
/// stand-ins stand for, and the stand-ins.
pub(super) struct StandIns {
    pub(super) players: Vec<usize>,
    pub(super) roles: Vec<Role>,
    pub(super) below: Vec<usize>,
    pub(super) sinks: Sinks,
}

impl Pairer {
    /// The players a bracket's graph needs (with their roles), the players below, and
    /// stand-ins for those (see [`Sinks`]; how many is `Sinks::fit`'s), if there are any.
    pub(super) fn stand_ins(&self, open: &[usize], roles: &[Role]) -> Option<StandIns> {
        let (few, lower): (Vec<usize>, Vec<usize>) =
            (0..open.len()).partition(|&v| roles[v] != Role::Lower);
        if lower.is_empty() {
            return None;
        }
        let reach = few
            .iter()
            .map(|&v| {
                let p = &self.players[open[v]];
                lower.iter().any(|&l| p.compatible(&self.players[open[l]]))
            })
            .collect();
        let bye_score = lower
            .iter()
            .map(|&l| &self.players[open[l]])
            .filter(|p| p.bye_ok)
            .map(|p| p.score)
            .min();
        Some(StandIns {
            players: few.iter().map(|&v| open[v]).collect(),
            roles: few.iter().map(|&v| roles[v]).collect(),
            below: lower.iter().map(|&v| open[v]).collect(),
            sinks: Sinks {
                count: 0,
                reach,
                bye_score,
            },
        })
    }

    /// Whether the players below can all be paired, with those of the bracket's graph the
    /// stand-ins took (and the bye, given to one of the lowest who may have it): then the
    /// pairing found with stand-ins is a real one, and as good as it was with them.
    /// A pairing is looked for greedily, then by alternating paths (which may miss one in a
    /// graph with odd cycles: then the whole graph is solved instead).
    pub(super) fn completes(
        &self,
        bracket: &Bracket,
        mates: &[Option<usize>],
        lower: &[usize],
    ) -> bool {
        let sunk = |v: usize| mates[v].is_some_and(|m| bracket.sink_range().contains(&m));
        let taken: Vec<usize> = (0..bracket.open.len())
            .filter(|&v| sunk(v))
            .map(|v| bracket.open[v])
            .collect();
        let byed = bracket.bye.is_some_and(sunk);
        // Vertices: the players taken, those below, then the bye.
        let people: Vec<&Entrant> = taken
            .iter()
            .chain(lower)
            .map(|&i| &self.players[i])
            .collect();
        let n = people.len() + usize::from(byed);
        let joined = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            if b == people.len() {
                return a >= taken.len()
                    && people[a].bye_ok
                    && Some(people[a].score) == bracket.sinks.bye_score;
            }
            b >= taken.len() && people[a].compatible(people[b])
        };
        complete_pairing(n, joined).is_some()
    }
}

/// A pairing of all `n` vertices, joined where `joined` says (each one's mate): found
/// greedily, then by alternating paths from each vertex left over. Such a path found is
/// always a real one; one may be missed where the graph has odd cycles, so None means only
/// "not found".
pub(super) fn complete_pairing(
    n: usize,
    joined: impl Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    if n % 2 == 1 {
        return None;
    }
    let adjacent: Vec<Vec<usize>> = (0..n)
        .map(|a| (0..n).filter(|&b| b != a && joined(a, b)).collect())
        .collect();
    let mut mate = vec![usize::MAX; n];
    // The fewest choices first.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| adjacent[v].len());
    for &v in &order {
        if mate[v] == usize::MAX {
            if let Some(&u) = adjacent[v].iter().find(|&&u| mate[u] == usize::MAX) {
                mate[v] = u;
                mate[u] = v;
            }
        }
    }
    for &root in &order {
        if mate[root] != usize::MAX {
            continue;
        }
        // Breadth first from `root`: `via[u]` is the vertex at even distance that reached
        // the matched vertex `u`.
        let mut via = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        seen[root] = true;
        let mut queue = std::collections::VecDeque::from([root]);
        let mut end = None;
        'search: while let Some(v) = queue.pop_front() {
            for &u in &adjacent[v] {
                if seen[u] {
                    continue;
                }
                seen[u] = true;
                via[u] = v;
                if mate[u] == usize::MAX {
                    end = Some(u);
                    break 'search;
                }
                let w = mate[u];
                if !seen[w] {
                    seen[w] = true;
                    queue.push_back(w);
                }
            }
        }
        let mut u = end?;
        // Flip the path back to the root.
        loop {
            let v = via[u];
            let next = mate[v];
            mate[u] = v;
            mate[v] = u;
            if v == root {
                break;
            }
            u = next;
        }
    }
    Some(mate)
}
