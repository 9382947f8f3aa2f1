//! Designs: a piece's parts and whole-piece prefixes, compared by meaning.

use crate::atom::{Atom, Leap, LeapClass};
use crate::color::Color;
use crate::directions::{vectors, DirSet};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};

/// Whether a part may move to an empty square, capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mode {
    /// Moves to empty squares and captures (no `m` or `c`, or both).
    Both,
    /// `m`: only to empty squares.
    MoveOnly,
    /// `c`: only onto enemy pieces.
    CaptureOnly,
}

impl Mode {
    /// Whether the part may go to an empty square.
    pub fn can_move(self) -> bool {
        self != Mode::CaptureOnly
    }

    /// Whether the part may capture.
    pub fn can_capture(self) -> bool {
        self != Mode::MoveOnly
    }
    fn letter(self) -> &'static str {
        match self {
            Mode::Both => "",
            Mode::MoveOnly => "m",
            Mode::CaptureOnly => "c",
        }
    }
}

/// Whole-piece prefixes. `royal` is official; the others only in games that enable them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Prefix {
    /// `royal-` (x4): the piece can be checked and mated.
    Royal,
    /// `relay-` (x2, unofficial): pieces it protects may make its moves.
    Relay,
    /// `doublemove-` (x6, unofficial): two moves in one action.
    DoubleMove,
    /// `shooting-` (x3, unofficial): captures without moving.
    Shooting,
}

impl Prefix {
    /// Every prefix, in the order canonical designs write them.
    pub const ALL: [Prefix; 4] = [
        Prefix::Royal,
        Prefix::Relay,
        Prefix::DoubleMove,
        Prefix::Shooting,
    ];

    /// The word written before the `-`.
    pub fn word(self) -> &'static str {
        match self {
            Prefix::Royal => "royal",
            Prefix::Relay => "relay",
            Prefix::DoubleMove => "doublemove",
            Prefix::Shooting => "shooting",
        }
    }

    /// The prefix a word names, if any.
    pub fn from_word(word: &str) -> Option<Prefix> {
        Prefix::ALL.into_iter().find(|p| p.word() == word)
    }

    /// Whether every game allows it (only `royal`); the others need the unofficial option.
    pub fn is_official(self) -> bool {
        self == Prefix::Royal
    }
}

/// One power of a design: an atom with its directions, move/capture mode and lameness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Part {
    /// The leap and whether it rides.
    pub atom: Atom,
    /// The directions it may go, in the mover's frame.
    pub dirs: DirSet,
    /// Move, capture or both.
    pub mode: Mode,
    /// `n`: blocked by a piece on a square the leap passes.
    pub lame: bool,
}

impl Part {
    /// The direction family of the part's leap.
    pub fn class(&self) -> LeapClass {
        self.atom.leap.class()
    }

    /// The part in canonical notation: directions, then m/c, then n, then the atom.
    pub fn notation(&self) -> String {
        let mut s = String::with_capacity(8);
        self.write_notation(&mut s);
        s
    }

    fn write_notation(&self, s: &mut String) {
        s.push_str(self.dirs.letters_str(self.class()));
        s.push_str(self.mode.letter());
        if self.lame {
            s.push('n');
        }
        s.push_str(self.atom.notation_str());
    }

    /// Whether the part is written as its bare atom, with no modifier letters.
    fn is_bare(&self) -> bool {
        self.dirs.is_all(self.class()) && self.mode == Mode::Both && !self.lame
    }

    /// The concrete steps of this part for a side: Black's directions turn round.
    pub fn steps(&self, color: Color) -> impl Iterator<Item = Step> + '_ {
        let sign = if color == Color::White { 1 } else { -1 };
        vectors(self.atom.leap)
            .into_iter()
            .filter(|(bit, _, _)| self.dirs.contains(*bit))
            .map(move |(_, dx, dy)| Step {
                dx: dx * sign,
                dy: dy * sign,
                rider: self.atom.rider,
                lame: self.lame,
                mode: self.mode,
            })
    }
}

/// A concrete step on the board: a leap vector, taken once or ridden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Files moved, towards the h-file when positive.
    pub dx: i8,
    /// Ranks moved, towards rank 8 when positive.
    pub dy: i8,
    /// Whether the step repeats until blocked.
    pub rider: bool,
    /// Whether a piece on a square it passes blocks it.
    pub lame: bool,
    /// Move, capture or both.
    pub mode: Mode,
}

/// A piece design such as `WbRbmHfB`. Two designs are equal when they have the same parts
/// and prefixes, whatever order or shorthand they were written in; the written form is kept
/// for display, because records and positions show designs as their players wrote them.
#[derive(Clone, Debug)]
pub struct Design {
    written: String,
    prefixes: Vec<Prefix>,
    parts: Vec<Part>,
}

impl Design {
    /// Build a design from its parts; `written` is how it is shown. A part written twice is
    /// one part: it adds no move.
    pub(crate) fn new(written: String, mut prefixes: Vec<Prefix>, mut parts: Vec<Part>) -> Design {
        prefixes.sort();
        parts.sort();
        parts.dedup();
        Design {
            written,
            prefixes,
            parts,
        }
    }

    /// As written, with the player's spelling and order.
    pub fn written(&self) -> &str {
        &self.written
    }

    /// One fixed spelling for every equal design: prefixes in a fixed order, then parts
    /// sorted, each with the shortest direction letters. A bare atom right after the same
    /// letter goes in parentheses, since `fN` then `N` written together would read as the
    /// rider `fNN`, and `N` then `NN` as no design at all.
    pub fn canonical(&self) -> String {
        let mut s = String::with_capacity(4 * self.parts.len() + 8);
        for p in &self.prefixes {
            s.push_str(p.word());
            s.push('-');
        }
        write_parts(&mut s, &self.parts);
        s
    }

    /// A design of these parts and no prefix, written in their order (as a design builder
    /// adds them); a part written twice is one part.
    pub fn from_parts(parts: Vec<Part>) -> Design {
        let mut written = String::with_capacity(4 * parts.len());
        write_parts(&mut written, &parts);
        Design::new(written, Vec::new(), parts)
    }

    /// The parts, sorted, each once.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The whole-piece prefixes, sorted.
    pub fn prefixes(&self) -> &[Prefix] {
        &self.prefixes
    }

    /// Its first prefix that only the unofficial option allows, if any.
    pub fn unofficial_prefix(&self) -> Option<Prefix> {
        self.prefixes.iter().copied().find(|p| !p.is_official())
    }

    /// Whether the design has this prefix.
    pub fn has_prefix(&self, prefix: Prefix) -> bool {
        self.prefixes.contains(&prefix)
    }

    /// Whether the design is `royal-`: a piece that can be checked and mated.
    pub fn is_royal(&self) -> bool {
        self.has_prefix(Prefix::Royal)
    }

    /// Every move keeps the square colour.
    pub fn is_colourbound(&self) -> bool {
        self.parts.iter().all(|p| p.atom.leap.keeps_colour())
    }

    /// The concrete steps of every part for a side.
    pub fn steps(&self, color: Color) -> impl Iterator<Item = Step> + '_ {
        self.parts.iter().flat_map(move |p| p.steps(color))
    }

    /// The longest single leap coordinate, which decides how big a diagram must be.
    pub fn reach(&self) -> u8 {
        self.parts
            .iter()
            .map(|p| p.atom.leap.long)
            .max()
            .unwrap_or(1)
    }
}

/// Parts one after another, a bare atom right after its own letter in parentheses (see
/// [`Design::canonical`]).
fn write_parts(s: &mut String, parts: &[Part]) {
    for part in parts {
        let letter = part.atom.notation_str().chars().next();
        if part.is_bare() && s.ends_with(|c| Some(c) == letter) {
            s.push('(');
            part.write_notation(s);
            s.push(')');
        } else {
            part.write_notation(s);
        }
    }
}

impl PartialEq for Design {
    fn eq(&self, other: &Design) -> bool {
        self.prefixes == other.prefixes && self.parts == other.parts
    }
}

impl Eq for Design {}

impl Hash for Design {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.prefixes.hash(state);
        self.parts.hash(state);
    }
}

impl fmt::Display for Design {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)
    }
}

impl Serialize for Design {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.written)
    }
}

/// The six FIDE designs every game starts with, in slot order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // The six pieces of chess, named as chess names them.
pub enum Fide {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Fide {
    /// The six, in slot order: P N B R Q K.
    pub const ALL: [Fide; 6] = [
        Fide::Pawn,
        Fide::Knight,
        Fide::Bishop,
        Fide::Rook,
        Fide::Queen,
        Fide::King,
    ];

    /// Its name in English: "pawn", "knight", ...
    pub fn name(self) -> &'static str {
        match self {
            Fide::Pawn => "pawn",
            Fide::Knight => "knight",
            Fide::Bishop => "bishop",
            Fide::Rook => "rook",
            Fide::Queen => "queen",
            Fide::King => "king",
        }
    }

    /// The upper-case letter that names it.
    pub fn letter(self) -> char {
        match self {
            Fide::Pawn => 'P',
            Fide::Knight => 'N',
            Fide::Bishop => 'B',
            Fide::Rook => 'R',
            Fide::Queen => 'Q',
            Fide::King => 'K',
        }
    }

    /// The piece a letter names, in either case.
    pub fn from_letter(c: char) -> Option<Fide> {
        Fide::ALL
            .into_iter()
            .find(|f| f.letter() == c.to_ascii_uppercase())
    }

    /// Its design in Betza's notation.
    pub fn notation(self) -> &'static str {
        match self {
            Fide::Pawn => "fcFfmW",
            Fide::Knight => "N",
            Fide::Bishop => "B",
            Fide::Rook => "R",
            Fide::Queen => "BR",
            Fide::King => "royal-WF",
        }
    }
}

impl Leap {
    /// The squares a lame leap passes, as offsets from its start for the White vector
    /// (dx, dy): straight along the long axis first, then diagonally, as the Xiangqi horse
    /// and elephant go. The leap is blocked if any of them is occupied.
    pub fn lame_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
        let (ax, ay) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let straight = (ax - ay).abs();
        let mut path = Vec::new();
        let (mut x, mut y) = (0i8, 0i8);
        for _ in 0..straight {
            if ax > ay {
                x += sx;
            } else {
                y += sy;
            }
            path.push((x, y));
        }
        while (x, y) != (dx, dy) {
            x += sx;
            y += sy;
            if (x, y) != (dx, dy) {
                path.push((x, y));
            }
        }
        path.pop_if(|&mut p| p == (dx, dy));
        path
    }
}
