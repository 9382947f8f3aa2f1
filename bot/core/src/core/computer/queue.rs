//! Which owed computer turn is searched next: the order of the computer's time.
//!
//! Searches are few (one per spare core) and turns can be many, so the order decides both
//! fairness and clocks. Two rules, the first overriding the second:
//!
//! 1. **A clock about to run out goes first.** A turn whose deadline is within
//!    [`URGENT_WITHIN`] of now is urgent; urgent turns are served before all others,
//!    earliest deadline first, whoever owns them. (The computer task also cuts short the
//!    searches running while an urgent turn waits for a slot, so the wait is a few
//!    milliseconds, and the urgent search's budget comes from the little its clock has
//!    left: the queue never makes a computer lose on time.)
//! 2. **Otherwise, equal shares.** Turns belong to an [`Owner`], the member playing the
//!    computer in one server. Each owner's count of searches started is kept, and the next
//!    turn is the head of the owner with the fewest: round robin across owners, so one
//!    member's 30 games wait behind another's one, not in front of it. An owner who had
//!    nothing waiting comes back at the fewest count of the owners still waiting (start-time
//!    fair queueing's virtual time), neither owed a burst for the time away nor behind for
//!    what was served before. Between owners at an equal count, and within an owner, the
//!    earliest deadline goes first; games without a clock come after those with one, in the
//!    order their turns became owed.
//!
//! The type is pure: the caller says what is owed and what time it is, and pops.

use std::collections::{HashMap, HashSet};

/// A turn whose clock runs out within this many seconds is served before every other.
/// It covers what serving it takes once it is first in line: cutting the running searches
/// short (milliseconds), a shallow search, the save, and the clock's whole seconds.
pub const URGENT_WITHIN: i64 = 5;

/// Whose turn it is, for sharing the computer's time: a member playing it in one server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Owner {
    pub guild: u64,
    pub member: u64,
}

/// A computer turn waiting for a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    pub game: i64,
    pub owner: Owner,
    /// When the computer's clock runs out (seconds since 1970); None without a clock.
    pub deadline: Option<i64>,
    /// When the turn became owed.
    pub since: i64,
}

impl Owed {
    fn urgent(&self, now: i64) -> bool {
        self.deadline
            .is_some_and(|d| d <= now.saturating_add(URGENT_WITHIN))
    }
}

/// The owed turns waiting for a search, and each waiting owner's share so far.
#[derive(Debug, Default)]
pub struct Queue {
    waiting: HashMap<i64, Owed>,
    /// Searches started for each owner with a turn waiting.
    started: HashMap<Owner, u64>,
}

impl Queue {
    /// What is owed now, replacing what was: turns played or no longer owed leave, new ones
    /// join. Owners keep their counts while they have a turn waiting.
    pub fn refresh(&mut self, owed: impl IntoIterator<Item = Owed>) {
        self.waiting = owed.into_iter().map(|o| (o.game, o)).collect();
        let waiting: HashSet<Owner> = self.waiting.values().map(|o| o.owner).collect();
        self.started.retain(|owner, _| waiting.contains(owner));
        let floor = self.started.values().copied().min().unwrap_or(0);
        for owner in waiting {
            self.started.entry(owner).or_insert(floor);
        }
    }

    /// Take the turn to search next at `now`, counting it to its owner's share.
    pub fn pop(&mut self, now: i64) -> Option<Owed> {
        let next = *self.waiting.values().min_by_key(|o| self.rank(o, now))?;
        self.waiting.remove(&next.game);
        *self.started.entry(next.owner).or_default() += 1;
        Some(next)
    }

    /// Whether a turn waits whose clock is about to run out.
    pub fn urgent(&self, now: i64) -> bool {
        self.waiting.values().any(|o| o.urgent(now))
    }

    /// The next moment, after `now`, a waiting turn turns urgent.
    pub fn turns_urgent_at(&self, now: i64) -> Option<i64> {
        self.waiting
            .values()
            .filter_map(|o| o.deadline)
            .map(|d| d.saturating_sub(URGENT_WITHIN))
            .filter(|&at| at > now)
            .min()
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// How many turns wait.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Lower goes first: urgent turns by deadline, then the least served owner's turns by
    /// deadline (none last), then by when they became owed; the game's id settles ties so
    /// the order never depends on the map's.
    fn rank(&self, owed: &Owed, now: i64) -> (bool, u64, i64, i64, i64) {
        let deadline = owed.deadline.unwrap_or(i64::MAX);
        let share = match owed.urgent(now) {
            true => 0,
            false => self.started.get(&owed.owner).copied().unwrap_or(0),
        };
        (!owed.urgent(now), share, deadline, owed.since, owed.game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_000_000;

    fn owner(member: u64) -> Owner {
        Owner { guild: 10, member }
    }

    fn untimed(game: i64, member: u64) -> Owed {
        Owed {
            game,
            owner: owner(member),
            deadline: None,
            since: NOW - 100 + game,
        }
    }

    fn timed(game: i64, member: u64, deadline: i64) -> Owed {
        Owed {
            deadline: Some(deadline),
            ..untimed(game, member)
        }
    }

    /// The games in the order they would be served at `now`, if nothing new arrived.
    fn order(queue: &mut Queue, now: i64) -> Vec<i64> {
        std::iter::from_fn(|| queue.pop(now).map(|o| o.game)).collect()
    }

    /// Member 1 owes 30 turns (all owed before member 2's), member 2 one.
    fn thirty_and_one() -> Vec<Owed> {
        (1..=30)
            .map(|game| untimed(game, 1))
            .chain([untimed(100, 2)])
            .collect()
    }

    #[test]
    fn one_members_thirty_games_do_not_delay_anothers_one() {
        let mut queue = Queue::default();
        queue.refresh(thirty_and_one());
        let order = order(&mut queue, NOW);
        // Equal shares: each member's first turn, then the rest of member 1's.
        assert_eq!(order[..2], [1, 100]);
        assert_eq!(order[2..], (2..=30).collect::<Vec<_>>()[..]);
    }

    #[test]
    fn a_member_who_arrives_late_is_served_within_a_turn() {
        let mut queue = Queue::default();
        let first: Vec<Owed> = (1..=30).map(|game| untimed(game, 1)).collect();
        queue.refresh(first.clone());
        // Member 1 has had ten searches before member 2's turn is owed.
        let served: Vec<i64> = (0..10)
            .filter_map(|_| queue.pop(NOW))
            .map(|o| o.game)
            .collect();
        let left: Vec<Owed> = first
            .into_iter()
            .filter(|o| !served.contains(&o.game))
            .collect();
        queue.refresh(left.iter().copied().chain([untimed(100, 2)]));
        let order = order(&mut queue, NOW);
        let position = order.iter().position(|&g| g == 100).unwrap();
        assert!(
            position <= 1,
            "member 2's turn is number {position}: {order:?}"
        );
    }

    #[test]
    fn shares_alternate_while_both_members_owe() {
        let mut queue = Queue::default();
        let mut owed: Vec<Owed> = (1..=6).map(|g| untimed(g, 1)).collect();
        owed.extend((11..=13).map(|g| untimed(g, 2)));
        owed.push(untimed(21, 3));
        queue.refresh(owed);
        let order = order(&mut queue, NOW);
        assert_eq!(order, [1, 11, 21, 2, 12, 3, 13, 4, 5, 6]);
    }

    #[test]
    fn servers_share_like_members() {
        let mut queue = Queue::default();
        let elsewhere = Owed {
            owner: Owner {
                guild: 11,
                member: 1,
            },
            ..untimed(50, 1)
        };
        queue.refresh((1..=5).map(|g| untimed(g, 1)).chain([elsewhere]));
        assert_eq!(order(&mut queue, NOW)[..2], [1, 50]);
    }

    #[test]
    fn a_clock_about_to_run_out_goes_first() {
        let mut queue = Queue::default();
        let mut owed = thirty_and_one();
        owed.push(timed(200, 3, NOW + 600));
        owed.push(timed(201, 3, NOW + URGENT_WITHIN));
        queue.refresh(owed);
        assert!(queue.urgent(NOW));
        assert_eq!(queue.pop(NOW).map(|o| o.game), Some(201));
        assert!(!queue.urgent(NOW));
        // The other clock waits its share, but turns urgent in time and then goes first.
        assert_eq!(queue.turns_urgent_at(NOW), Some(NOW + 600 - URGENT_WITHIN));
        let later = NOW + 600 - URGENT_WITHIN;
        assert!(queue.urgent(later));
        assert_eq!(queue.pop(later).map(|o| o.game), Some(200));
    }

    #[test]
    fn urgent_turns_go_by_deadline_whoever_owns_them() {
        let mut queue = Queue::default();
        queue.refresh([
            timed(1, 1, NOW + 3),
            timed(2, 1, NOW + 1),
            timed(3, 2, NOW + 2),
            untimed(4, 3),
        ]);
        assert_eq!(order(&mut queue, NOW), [2, 3, 1, 4]);
    }

    #[test]
    fn deadlines_first_within_and_across_equal_shares() {
        let mut queue = Queue::default();
        queue.refresh([
            untimed(1, 1),
            timed(2, 1, NOW + 7200),
            timed(3, 1, NOW + 3600),
            timed(4, 2, NOW + 86_400),
            untimed(5, 2),
        ]);
        // Member 1's head is its earliest deadline, and it is earlier than member 2's.
        assert_eq!(order(&mut queue, NOW), [3, 4, 2, 5, 1]);
    }

    #[test]
    fn a_refresh_drops_what_is_no_longer_owed() {
        let mut queue = Queue::default();
        queue.refresh([untimed(1, 1), untimed(2, 2)]);
        queue.refresh([untimed(2, 2)]);
        assert_eq!(order(&mut queue, NOW), [2]);
        assert!(queue.is_empty());
        assert_eq!(queue.pop(NOW), None);
    }
}
