//! Direction sets: which of a leap's directions a part may use, in the mover's own frame.
//!
//! Bits, by class (vectors for White; Black turns everything round):
//! - orthogonal: 0 forward, 1 backward, 2 left, 3 right;
//! - diagonal: 0 forward-left, 1 forward-right, 2 backward-left, 3 backward-right;
//! - oblique (short s, long l): 0 (-s,+l) 1 (+s,+l) forward narrow, 2 (-l,+s) 3 (+l,+s) forward
//!   wide, 4 (-l,-s) 5 (+l,-s) backward wide, 6 (-s,-l) 7 (+s,-l) backward narrow.

use crate::atom::{Leap, LeapClass};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A set of a leap's directions, one bit each as the module doc numbers them.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct DirSet(pub u8);

impl DirSet {
    /// Every direction of a class: 4 bits, or 8 for oblique leaps.
    pub fn all(class: LeapClass) -> DirSet {
        match class {
            LeapClass::Oblique => DirSet(0xFF),
            _ => DirSet(0x0F),
        }
    }

    /// Whether the set is every direction of the class.
    pub fn is_all(self, class: LeapClass) -> bool {
        self == DirSet::all(class)
    }

    /// Whether the direction with this bit number is in the set.
    pub fn contains(self, bit: usize) -> bool {
        self.0 & (1 << bit) != 0
    }

    /// The directions in either set.
    pub fn union(self, other: DirSet) -> DirSet {
        DirSet(self.0 | other.0)
    }

    /// How many directions the set has.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no direction.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set a direction token names for a class, or None if the token has no meaning there.
    pub fn of_token(token: &str, class: LeapClass) -> Option<DirSet> {
        DirSet::of_token_bytes(token.as_bytes(), class)
    }

    fn of_token_bytes(token: &[u8], class: LeapClass) -> Option<DirSet> {
        use LeapClass::*;
        let bits = match (class, token) {
            (Orthogonal, b"f") => 0b0001,
            (Orthogonal, b"b") => 0b0010,
            (Orthogonal, b"l") => 0b0100,
            (Orthogonal, b"r") => 0b1000,
            (Orthogonal, b"s") => 0b1100,
            (Orthogonal, b"v") => 0b0011,
            (Diagonal, b"f") => 0b0011,
            (Diagonal, b"b") => 0b1100,
            (Diagonal, b"l") => 0b0101,
            (Diagonal, b"r") => 0b1010,
            (Diagonal, b"s" | b"v") => 0b1111,
            (Diagonal, b"fl") => 0b0001,
            (Diagonal, b"fr") => 0b0010,
            (Diagonal, b"bl") => 0b0100,
            (Diagonal, b"br") => 0b1000,
            (Oblique, b"f") => 0b0000_1111,
            (Oblique, b"b") => 0b1111_0000,
            (Oblique, b"l") => 0b0101_0101,
            (Oblique, b"r") => 0b1010_1010,
            (Oblique, b"s") => 0b0011_1100,
            (Oblique, b"v") => 0b1100_0011,
            (Oblique, b"ff") => 0b0000_0011,
            (Oblique, b"fs") => 0b0000_1100,
            (Oblique, b"bs") => 0b0011_0000,
            (Oblique, b"bb") => 0b1100_0000,
            _ => return None,
        };
        Some(DirSet(bits))
    }

    /// Read a run of direction letters as the class reads it: vertical-first pairs where the
    /// class has them, every other letter on its own, and the union of all. Characters that are
    /// no direction letter name no direction but still separate pairs.
    pub fn from_letters(letters: &str, class: LeapClass) -> DirSet {
        let bytes = letters.as_bytes();
        let mut set = DirSet(0);
        let mut i = 0;
        while i < bytes.len() {
            let pair = bytes
                .get(i..i + 2)
                .and_then(|p| DirSet::of_token_bytes(p, class));
            let (token, width) = match pair {
                Some(s) => (s, 2),
                None => (
                    DirSet::of_token_bytes(&bytes[i..=i], class).unwrap_or(DirSet(0)),
                    1,
                ),
            };
            set = set.union(token);
            i += width;
        }
        set
    }

    /// The shortest letters that read back as exactly this set ("" for all directions).
    pub fn letters(self, class: LeapClass) -> String {
        self.letters_str(class).to_string()
    }

    /// As [`DirSet::letters`], from a table worked out once per process: canonical forms are
    /// written on every price, so the search below must not run each time.
    pub fn letters_str(self, class: LeapClass) -> &'static str {
        static TABLES: OnceLock<[Vec<String>; 3]> = OnceLock::new();
        let tables = TABLES.get_or_init(|| {
            let table = |class: LeapClass| -> Vec<String> {
                let sets = if class == LeapClass::Oblique { 256 } else { 16 };
                (0..sets)
                    .map(|bits| DirSet(bits as u8).search_letters(class))
                    .collect()
            };
            [
                table(LeapClass::Orthogonal),
                table(LeapClass::Diagonal),
                table(LeapClass::Oblique),
            ]
        });
        let index = match class {
            LeapClass::Orthogonal => 0,
            LeapClass::Diagonal => 1,
            LeapClass::Oblique => 2,
        };
        tables[index]
            .get(usize::from(self.0))
            .map_or("", String::as_str)
    }

    /// Try every combination of tokens that fit inside the set and keep the shortest.
    fn search_letters(self, class: LeapClass) -> String {
        if self.is_all(class) {
            return String::new();
        }
        // Singles that never start a pair come first, pairs next, and f/b last, so that
        // writing them side by side can't form a pair by accident.
        let tokens: &[&str] = match class {
            LeapClass::Orthogonal => &["s", "v", "l", "r", "f", "b"],
            LeapClass::Diagonal => &["l", "r", "fl", "fr", "bl", "br", "f", "b"],
            LeapClass::Oblique => &["s", "v", "l", "r", "ff", "fs", "bs", "bb", "f", "b"],
        };
        let usable: Vec<(&str, DirSet)> = tokens
            .iter()
            .filter_map(|t| DirSet::of_token(t, class).map(|s| (*t, s)))
            .filter(|(_, s)| s.0 & !self.0 == 0)
            .collect();
        let mut best: Option<(usize, u32)> = None;
        for mask in 1u32..(1 << usable.len()) {
            let chosen = || {
                usable
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
            };
            let set = chosen().fold(DirSet(0), |acc, (_, (_, s))| acc.union(*s));
            let len = chosen().map(|(_, (t, _))| t.len()).sum();
            if set == self && best.is_none_or(|(l, _)| len < l) {
                best = Some((len, mask));
            }
        }
        let Some((_, mask)) = best else {
            return String::new();
        };
        usable
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, (t, _))| *t)
            .collect()
    }
}

/// The vector of each direction bit for a leap, as White sees it.
pub fn vectors(leap: Leap) -> Vec<(usize, i8, i8)> {
    let s = leap.short as i8;
    let l = leap.long as i8;
    match leap.class() {
        LeapClass::Orthogonal => vec![(0, 0, l), (1, 0, -l), (2, -l, 0), (3, l, 0)],
        LeapClass::Diagonal => vec![(0, -s, s), (1, s, s), (2, -s, -s), (3, s, -s)],
        LeapClass::Oblique => vec![
            (0, -s, l),
            (1, s, l),
            (2, -l, s),
            (3, l, s),
            (4, -l, -s),
            (5, l, -s),
            (6, -s, -l),
            (7, s, -l),
        ],
    }
}

/// Whether a letter is one of the direction modifiers `f b l r s v`.
pub fn is_direction_letter(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r' | 's' | 'v')
}
