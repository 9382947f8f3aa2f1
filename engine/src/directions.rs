//! Direction sets: which of a leap's directions a part may use, in the mover's own frame.
//!
//! Bits, by class (vectors for White; Black turns everything round):
//! - orthogonal: 0 forward, 1 backward, 2 left, 3 right;
//! - diagonal: 0 forward-left, 1 forward-right, 2 backward-left, 3 backward-right;
//! - oblique (short s, long l): 0 (-s,+l) 1 (+s,+l) forward narrow, 2 (-l,+s) 3 (+l,+s) forward
//!   wide, 4 (-l,-s) 5 (+l,-s) backward wide, 6 (-s,-l) 7 (+s,-l) backward narrow.

use crate::atom::{Leap, LeapClass};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DirSet(pub u8);

impl DirSet {
    pub fn all(class: LeapClass) -> DirSet {
        match class {
            LeapClass::Oblique => DirSet(0xFF),
            _ => DirSet(0x0F),
        }
    }

    pub fn is_all(self, class: LeapClass) -> bool {
        self == DirSet::all(class)
    }

    pub fn contains(self, bit: usize) -> bool {
        self.0 & (1 << bit) != 0
    }

    pub fn union(self, other: DirSet) -> DirSet {
        DirSet(self.0 | other.0)
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set a direction token names for a class, or None if the token has no meaning there.
    pub fn of_token(token: &str, class: LeapClass) -> Option<DirSet> {
        use LeapClass::*;
        let bits = match (class, token) {
            (Orthogonal, "f") => 0b0001,
            (Orthogonal, "b") => 0b0010,
            (Orthogonal, "l") => 0b0100,
            (Orthogonal, "r") => 0b1000,
            (Orthogonal, "s") => 0b1100,
            (Orthogonal, "v") => 0b0011,
            (Diagonal, "f") => 0b0011,
            (Diagonal, "b") => 0b1100,
            (Diagonal, "l") => 0b0101,
            (Diagonal, "r") => 0b1010,
            (Diagonal, "s" | "v") => 0b1111,
            (Diagonal, "fl") => 0b0001,
            (Diagonal, "fr") => 0b0010,
            (Diagonal, "bl") => 0b0100,
            (Diagonal, "br") => 0b1000,
            (Oblique, "f") => 0b0000_1111,
            (Oblique, "b") => 0b1111_0000,
            (Oblique, "l") => 0b0101_0101,
            (Oblique, "r") => 0b1010_1010,
            (Oblique, "s") => 0b0011_1100,
            (Oblique, "v") => 0b1100_0011,
            (Oblique, "ff") => 0b0000_0011,
            (Oblique, "fs") => 0b0000_1100,
            (Oblique, "bs") => 0b0011_0000,
            (Oblique, "bb") => 0b1100_0000,
            _ => return None,
        };
        Some(DirSet(bits))
    }

    /// Read a run of direction letters as the class reads it: vertical-first pairs where the
    /// class has them, every other letter on its own, and the union of all.
    pub fn from_letters(letters: &str, class: LeapClass) -> DirSet {
        let chars: Vec<char> = letters.chars().collect();
        let mut set = DirSet(0);
        let mut i = 0;
        while i < chars.len() {
            let pair: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let (token, width) = match DirSet::of_token(&pair, class) {
                Some(s) if pair.len() == 2 => (s, 2),
                _ => (
                    DirSet::of_token(&chars[i].to_string(), class).unwrap_or(DirSet(0)),
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
        let mut best: Option<String> = None;
        for mask in 1u32..(1 << usable.len()) {
            let mut set = DirSet(0);
            let mut text = String::new();
            for (i, (t, s)) in usable.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    set = set.union(*s);
                    text.push_str(t);
                }
            }
            if set == self && best.as_ref().is_none_or(|b| text.len() < b.len()) {
                best = Some(text);
            }
        }
        best.unwrap_or_default()
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

pub fn is_direction_letter(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r' | 's' | 'v')
}
