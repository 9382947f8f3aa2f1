//! Atoms: the leaps a piece is built from, how a leap is named, and what an atom costs
//! by the official table (RULES.md section 4).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The shape of a leap, independent of direction: `(short, long)` with `short <= long`.
/// W is (0,1), F (1,1), N (1,2), Z (2,3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Leap {
    /// The shorter coordinate, 0 for orthogonal leaps.
    pub short: u8,
    /// The longer coordinate, at least 1.
    pub long: u8,
}

/// The direction family of a leap, which decides its direction letters and multipliers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeapClass {
    /// Along a file or rank: W, D, H.
    Orthogonal,
    /// Along a diagonal: F, A, G.
    Diagonal,
    /// Neither: N, L, Z.
    Oblique,
}

impl Leap {
    /// The wazir, one square orthogonally.
    pub const W: Leap = Leap { short: 0, long: 1 };
    /// The dabbaba, two squares orthogonally.
    pub const D: Leap = Leap { short: 0, long: 2 };
    /// The threeleaper, three squares orthogonally.
    pub const H: Leap = Leap { short: 0, long: 3 };
    /// The ferz, one square diagonally.
    pub const F: Leap = Leap { short: 1, long: 1 };
    /// The alfil, two squares diagonally.
    pub const A: Leap = Leap { short: 2, long: 2 };
    /// The tripper, three squares diagonally.
    pub const G: Leap = Leap { short: 3, long: 3 };
    /// The knight, (1,2).
    pub const N: Leap = Leap { short: 1, long: 2 };
    /// The camel, (1,3).
    pub const L: Leap = Leap { short: 1, long: 3 };
    /// The zebra, (2,3).
    pub const Z: Leap = Leap { short: 2, long: 3 };

    /// Which direction family the leap belongs to.
    pub fn class(self) -> LeapClass {
        if self.short == 0 {
            LeapClass::Orthogonal
        } else if self.short == self.long {
            LeapClass::Diagonal
        } else {
            LeapClass::Oblique
        }
    }

    /// A leap keeps the square colour when its two coordinates add up to an even number.
    pub fn keeps_colour(self) -> bool {
        (self.short + self.long).is_multiple_of(2)
    }

    /// The atom letter of Betza's notation for this leap.
    pub fn letter(self) -> char {
        match (self.short, self.long) {
            (0, 1) => 'W',
            (0, 2) => 'D',
            (0, 3) => 'H',
            (1, 1) => 'F',
            (2, 2) => 'A',
            (3, 3) => 'G',
            (1, 2) => 'N',
            (1, 3) => 'L',
            _ => 'Z',
        }
    }

    /// The leap an atom letter stands for (`C` is the camel, another name for `L`).
    pub fn from_letter(c: char) -> Option<Leap> {
        Some(match c {
            'W' => Leap::W,
            'D' => Leap::D,
            'H' => Leap::H,
            'F' => Leap::F,
            'A' => Leap::A,
            'G' => Leap::G,
            'N' => Leap::N,
            'L' | 'C' => Leap::L,
            'Z' => Leap::Z,
            _ => return None,
        })
    }
}

/// A leap taken once (a leaper) or repeated in a line until blocked (a rider).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Atom {
    /// The leap taken.
    pub leap: Leap,
    /// Whether the leap repeats along its line until blocked.
    pub rider: bool,
}

impl Atom {
    /// The leap taken once.
    pub const fn leaper(leap: Leap) -> Atom {
        Atom { leap, rider: false }
    }

    /// The leap repeated until blocked.
    pub const fn rider(leap: Leap) -> Atom {
        Atom { leap, rider: true }
    }

    /// Notation for the atom alone: `W`, `R` (= WW), `B` (= FF), `NN`, `DD`.
    pub fn notation(self) -> String {
        self.notation_str().to_string()
    }

    /// As [`Atom::notation`], without allocating.
    pub fn notation_str(self) -> &'static str {
        match (self.rider, self.leap.letter()) {
            (false, 'W') => "W",
            (false, 'D') => "D",
            (false, 'H') => "H",
            (false, 'F') => "F",
            (false, 'A') => "A",
            (false, 'G') => "G",
            (false, 'N') => "N",
            (false, 'L') => "L",
            (false, _) => "Z",
            (true, 'W') => "R",
            (true, 'D') => "DD",
            (true, 'H') => "HH",
            (true, 'F') => "B",
            (true, 'A') => "AA",
            (true, 'G') => "GG",
            (true, 'N') => "NN",
            (true, 'L') => "LL",
            (true, _) => "ZZ",
        }
    }
}

/// The official base cost of an atom, if it has one.
pub fn standard_cost(atom: Atom) -> Option<Decimal> {
    // Written with no trailing zeros, so breakdowns show 5, not 5.0.
    let d = |n: i64| Decimal::new(n, 1);
    let leap = atom.leap;
    match (atom.rider, leap) {
        (false, Leap::W | Leap::D | Leap::H | Leap::F | Leap::A | Leap::G) => Some(d(15)),
        (false, Leap::N) => Some(Decimal::from(3)),
        (false, Leap::L) => Some(d(33)),
        (true, Leap::W) => Some(Decimal::from(5)),
        (true, Leap::F) => Some(d(33)),
        (true, Leap::N) => Some(d(55)),
        _ => None,
    }
}
