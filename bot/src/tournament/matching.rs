//! Maximum-weight matching on a general graph, knowing nothing of chess: a thin wrapper over
//! the `integer-blossom` crate (the primal–dual blossom algorithm, O(n³)) with weights wide
//! enough to stack every pairing criterion as a digit of one number.

use bnum::types::I1024;
use integer_blossom::{max_weight_matching, Weight};

/// An edge weight: a 1024-bit integer, room for the Dutch system's stacked criteria.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wide(pub I1024);

impl Wide {
    pub const ZERO: Wide = Wide(I1024::ZERO);

    pub fn from_u64(n: u64) -> Wide {
        Wide(I1024::from(n))
    }

    /// The part of a weight above a unit: its whole number of `unit`s.
    pub fn above(self, unit: Wide) -> Wide {
        Wide(self.0 / unit.0)
    }
}

impl std::ops::Add for Wide {
    type Output = Wide;
    fn add(self, other: Wide) -> Wide {
        Wide(self.0 + other.0)
    }
}

impl std::ops::Sub for Wide {
    type Output = Wide;
    fn sub(self, other: Wide) -> Wide {
        Wide(self.0 - other.0)
    }
}

impl std::ops::Mul for Wide {
    type Output = Wide;
    fn mul(self, other: Wide) -> Wide {
        Wide(self.0 * other.0)
    }
}

impl std::ops::AddAssign for Wide {
    fn add_assign(&mut self, other: Wide) {
        self.0 += other.0;
    }
}

impl std::ops::SubAssign for Wide {
    fn sub_assign(&mut self, other: Wide) {
        self.0 -= other.0;
    }
}

impl Weight for Wide {
    const ZERO: Wide = Wide(I1024::ZERO);
    const ONE: Wide = Wide(I1024::ONE);
    fn inf() -> Wide {
        Wide(I1024::MAX / I1024::from(4u8))
    }
    fn double(self) -> Wide {
        Wide(self.0 * I1024::from(2u8))
    }
    fn half(self) -> Wide {
        Wide(self.0 / I1024::from(2u8))
    }
}

/// A complete graph's weights as a row-major n×n matrix (zero: no edge).
#[derive(Clone, Debug)]
pub struct Graph {
    n: usize,
    weights: Vec<Wide>,
}

impl Graph {
    pub fn new(n: usize) -> Graph {
        Graph {
            n,
            weights: vec![Wide::ZERO; n * n],
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn weight(&self, a: usize, b: usize) -> Wide {
        self.weights[a * self.n + b]
    }

    pub fn set(&mut self, a: usize, b: usize, w: Wide) {
        self.weights[a * self.n + b] = w;
        self.weights[b * self.n + a] = w;
    }

    /// The heaviest matching: each vertex's mate, and the total weight.
    pub fn solve(&self) -> (Vec<Option<usize>>, Wide) {
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
