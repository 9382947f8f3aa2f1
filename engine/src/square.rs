//! Squares of the board, named `a1` to `h8`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A square of the 8x8 board: a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at a file and rank, both counted from 0; None off the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then_some(Square(rank * 8 + file))
    }

    /// The square with this index (a1 = 0, h8 = 63).
    ///
    /// # Panics
    ///
    /// If `index` is 64 or more: callers hold indices of the board's own squares.
    pub fn from_index(index: usize) -> Square {
        assert!(index < 64, "square index {index} is off the board");
        Square(index as u8)
    }

    /// Every square, a1 first, then b1, ..., h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The square's index, 0 to 63 (a1 = 0, b1 = 1, h8 = 63).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for the a-file.
    pub fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 for rank 1.
    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The square (dx, dy) away, if it is on the board.
    pub fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let f = self.file() as i8 + dx;
        let r = self.rank() as i8 + dy;
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square((r * 8 + f) as u8))
    }

    /// Whether the square is a light one (a1 is dark).
    pub fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// The up-to-8 neighbouring squares.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        (-1i8..=1)
            .flat_map(|dx| (-1i8..=1).map(move |dy| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .filter_map(move |(dx, dy)| self.offset(dx, dy))
    }

    /// The square's name, such as `e4`.
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A text that names no square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square: write a file a-h and a rank 1-8, such as e4")]
pub struct SquareError(pub String);

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let b = s.trim().as_bytes();
        match b {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(SquareError(s.to_string())),
        }
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
