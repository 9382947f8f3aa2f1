//! The two sides.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Not;

/// A side. White moves first and "forward" is towards rank 8 for White, rank 1 for Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Moves first; pieces shown in upper case or parentheses.
    White,
    /// Pieces shown in lower case or brackets.
    Black,
}

impl Color {
    /// White, then Black.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: the index of per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// "White" or "Black".
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The position string's letter for the side to move.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a side: write white or black (or w, b)")]
pub struct UnknownColor(pub String);

impl std::str::FromStr for Color {
    type Err = UnknownColor;

    /// `white` or `black`, any case, or the letters `w` and `b`.
    fn from_str(text: &str) -> Result<Color, UnknownColor> {
        match text.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(UnknownColor(text.to_string())),
        }
    }
}
