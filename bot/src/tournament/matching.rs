//! Maximum-weight matching on a general graph, knowing nothing of chess: a thin wrapper over
//! the `integer-blossom` crate (the primal–dual blossom algorithm, O(n³)) with integers wide
//! enough to stack every pairing criterion as a digit of one number. The width is a choice
//! of the caller (`N` 64-bit digits): the narrowest that holds its weights is the fastest.

use bnum::BInt;
use integer_blossom::{max_weight_matching, Weight};

/// An edge weight of `N` 64-bit digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wide<const N: usize>(pub BInt<N>);

impl<const N: usize> Wide<N> {
    pub const ZERO: Wide<N> = Wide(BInt::ZERO);

    /// How many bits a weight may use, leaving room for the solver's doubling.
    pub const ROOM: u32 = 64 * N as u32 - 4;

    pub fn from_u64(n: u64) -> Wide<N> {
        Wide(BInt::from(n))
    }

    /// The part of a weight above a unit: its whole number of `unit`s.
    pub fn above(self, unit: Wide<N>) -> Wide<N> {
        Wide(self.0 / unit.0)
    }
}

impl<const N: usize> std::ops::Add for Wide<N> {
    type Output = Wide<N>;
    fn add(self, other: Wide<N>) -> Wide<N> {
        Wide(self.0 + other.0)
    }
}

impl<const N: usize> std::ops::Sub for Wide<N> {
    type Output = Wide<N>;
    fn sub(self, other: Wide<N>) -> Wide<N> {
        Wide(self.0 - other.0)
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

impl<const N: usize> std::ops::SubAssign for Wide<N> {
    fn sub_assign(&mut self, other: Wide<N>) {
        self.0 -= other.0;
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Wide<N> = Wide(BInt::ZERO);
    const ONE: Wide<N> = Wide(BInt::ONE);
    fn inf() -> Wide<N> {
        Wide(BInt::MAX / BInt::from(4u8))
    }
    // Shifts, not a long multiplication and division: the solver doubles a weight in
    // every slack it computes. It halves only slacks and blossom duals, never negative.
    fn double(self) -> Wide<N> {
        Wide(self.0 << 1)
    }
    fn half(self) -> Wide<N> {
        Wide(self.0 >> 1)
    }
}

/// A complete graph's weights as a row-major n×n matrix (zero: no edge).
#[derive(Clone, Debug)]
pub struct Graph<const N: usize> {
    n: usize,
    weights: Vec<Wide<N>>,
}

impl<const N: usize> Graph<N> {
    pub fn new(n: usize) -> Graph<N> {
        Graph {
            n,
            weights: vec![Wide::ZERO; n * n],
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn weight(&self, a: usize, b: usize) -> Wide<N> {
        self.weights[a * self.n + b]
    }

    pub fn set(&mut self, a: usize, b: usize, w: Wide<N>) {
        self.weights[a * self.n + b] = w;
        self.weights[b * self.n + a] = w;
    }

    /// The heaviest matching: each vertex's mate, and the total weight.
    pub fn solve(&self) -> (Vec<Option<usize>>, Wide<N>) {
        let mates = max_weight_matching(&self.weights, self.n);
        let mut total = Wide::ZERO;
        for (a, mate) in mates.iter().enumerate() {
            if let Some(b) = *mate {
                if a < b {
                    total += self.weight(a, b);
                }
            }
        }
        (mates, total)
    }
}
