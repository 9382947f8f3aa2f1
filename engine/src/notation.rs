//! Reading Betza's funny notation: `[prefix-]...body`, e.g. `royal-WF`, `Wfc(DNFA)scDsHbmH`;
//! and the names a design goes by (a single FIDE letter), which are read back the same way.

use crate::atom::{Atom, Leap, LeapClass};
use crate::design::{Design, Fide, Mode, Part, Prefix};
use crate::directions::{is_direction_letter, DirSet};
use serde::{Deserialize, Deserializer};
use std::str::FromStr;
use std::sync::OnceLock;

/// The longest design text accepted, in characters.
pub const MAX_DESIGN_LEN: usize = 200;

/// Why a text is not a design. Columns count characters from 1; `column` fields say where
/// the problem starts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // Each variant's message is its documentation; fields are what it names.
pub enum NotationError {
    /// Nothing but blanks.
    #[error("the design is empty: write at least one atom, such as W, N or fR")]
    Empty,
    /// More than [`MAX_DESIGN_LEN`] characters.
    #[error("the design is {0} characters long; designs are at most {MAX_DESIGN_LEN} characters")]
    TooLong(usize),
    /// A capital letter that is no atom.
    #[error("unknown atom '{atom}' at column {column}: the atoms are W F D A H G N L C Z, the riders R B Q and doubled atoms such as NN, and K is WF")]
    UnknownAtom { atom: char, column: usize },
    /// A small letter that is no modifier.
    #[error("modifier '{modifier}' is not part of the notation (column {column}): directions are f b l r s v, m means move only, c capture only, n lame")]
    UnknownModifier { modifier: char, column: usize },
    /// `()` with nothing inside.
    #[error("empty group at column {column}: put atoms inside the parentheses, as in fc(DN)")]
    EmptyGroup { column: usize },
    /// A `(` never closed or a `)` never opened.
    #[error("unbalanced parenthesis at column {column}: every ( needs a matching )")]
    UnbalancedParenthesis { column: usize },
    /// Modifiers with no atom after them.
    #[error("the modifiers '{modifiers}' at column {column} have no atom after them: modifiers go before an atom, as in fcF")]
    DanglingModifiers { modifiers: String, column: usize },
    /// A rider or shorthand (R B Q K) doubled.
    #[error("'{atom}{atom}' at column {column}: {atom} is already a rider or shorthand and can't be doubled")]
    DoubledRider { atom: char, column: usize },
    /// An atom written three times or more in a row.
    #[error("'{atom}{atom}{atom}' at column {column}: an atom can be doubled once to make a rider (as in NN), not more")]
    TripledAtom { atom: char, column: usize },
    /// A character that is no letter or parenthesis.
    #[error("'{character}' at column {column} is not part of the notation: use atoms (capital letters), modifiers (small letters) and parentheses")]
    UnexpectedCharacter { character: char, column: usize },
    /// A word before `-` that is no prefix.
    #[error("unknown prefix '{0}': the prefixes are royal-, relay-, doublemove- and shooting-")]
    UnknownPrefix(String),
    /// The same prefix twice.
    #[error("the prefix '{0}-' is written twice")]
    RepeatedPrefix(String),
    /// Prefixes and nothing after them.
    #[error("nothing follows the prefixes: write the moves after them, as in royal-WF")]
    MissingBody,
}

impl Design {
    /// Parse Betza's notation, where `K` is the non-royal WF.
    pub fn parse(text: &str) -> Result<Design, NotationError> {
        let design = parse_design(text)?;
        // A lone `K` is Betza's WF; kept as written it would read back as the royal king.
        if design.written() == "K" {
            return Ok(Design::new(
                design.canonical(),
                design.prefixes().to_vec(),
                design.parts().to_vec(),
            ));
        }
        Ok(design)
    }

    /// Parse a piece, slot or reserve name: a single FIDE letter names a FIDE design
    /// (`K` the royal king, `P` the pawn); anything else is a design.
    pub fn parse_piece(text: &str) -> Result<Design, NotationError> {
        match Fide::from_letter_str(text.trim()) {
            Some(fide) => Ok(fide.design()),
            None => Design::parse(text),
        }
    }

    /// Parse a design as typed in a price lookup or a movement diagram (RULES.md section 6):
    /// the FIDE letters `P N B R Q` alone name their designs (a bare `P` is the pawn
    /// `fcFfmW`), a bare `K` is Betza's `WF` (a price lookup prices moves, not royalty), and
    /// anything else is a design.
    pub fn parse_lookup(text: &str) -> Result<Design, NotationError> {
        match Fide::from_letter_str(text.trim()) {
            Some(Fide::King) | None => Design::parse(text),
            Some(fide) => Ok(fide.design()),
        }
    }

    /// The FIDE design this is, if any: such pieces are named by a single letter.
    pub fn fide(&self) -> Option<Fide> {
        Fide::ALL
            .into_iter()
            .find(|&f| Fide::designs()[f as usize] == *self)
    }

    /// The name a piece, slot or reserve entry of this design goes by: its FIDE letter, or
    /// its design as written.
    pub fn piece_name(&self) -> String {
        match self.fide() {
            Some(f) => f.letter().to_string(),
            None => self.written().to_string(),
        }
    }
}

impl Fide {
    /// The design, parsed once per process.
    pub fn design(self) -> Design {
        Fide::designs()[self as usize].clone()
    }

    fn designs() -> &'static [Design; 6] {
        static DESIGNS: OnceLock<[Design; 6]> = OnceLock::new();
        DESIGNS.get_or_init(|| {
            Fide::ALL.map(|f| Design::parse(f.notation()).expect("FIDE designs are valid notation"))
        })
    }

    fn from_letter_str(s: &str) -> Option<Fide> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => Fide::from_letter(c),
            _ => None,
        }
    }
}

impl FromStr for Design {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Design, NotationError> {
        Design::parse(s)
    }
}

impl<'de> Deserialize<'de> for Design {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Design, D::Error> {
        let text = String::deserialize(d)?;
        Design::parse(&text).map_err(serde::de::Error::custom)
    }
}

fn parse_design(text: &str) -> Result<Design, NotationError> {
    let trimmed = text.trim();
    let len = trimmed.chars().count();
    if len == 0 {
        return Err(NotationError::Empty);
    }
    if len > MAX_DESIGN_LEN {
        return Err(NotationError::TooLong(len));
    }
    let mut prefixes = Vec::new();
    let mut body = trimmed;
    while let Some((word, rest)) = body.split_once('-') {
        let prefix = Prefix::from_word(word)
            .ok_or_else(|| NotationError::UnknownPrefix(word.to_string()))?;
        if prefixes.contains(&prefix) {
            return Err(NotationError::RepeatedPrefix(word.to_string()));
        }
        prefixes.push(prefix);
        body = rest;
    }
    if body.is_empty() {
        return Err(NotationError::MissingBody);
    }
    let mut reader = Reader {
        text: trimmed,
        pos: trimmed.len() - body.len(),
        parts: Vec::with_capacity(body.len()),
    };
    reader.items(Mods::default(), None)?;
    if reader.parts.is_empty() {
        return Err(NotationError::Empty);
    }
    Ok(Design::new(trimmed.to_string(), prefixes, reader.parts))
}

/// The modifiers that apply to an atom: its own and those of the groups around it.
#[derive(Clone, Copy, Default)]
struct Mods {
    /// Whether any direction letter was written (none means all directions).
    directed: bool,
    /// The directions written, as read for each class: orthogonal, diagonal, oblique.
    dirs: [DirSet; 3],
    moves: bool,
    captures: bool,
    lame: bool,
}

impl Mods {
    /// One run of modifier letters, inside `outer`. A group's letters and its members' are
    /// read separately, so letters of different levels never pair up.
    fn within(self, run: &str) -> Mods {
        if run.is_empty() {
            return self;
        }
        let read = |class| self.dirs[class_index(class)].union(DirSet::from_letters(run, class));
        Mods {
            directed: self.directed || run.chars().any(is_direction_letter),
            dirs: [
                read(LeapClass::Orthogonal),
                read(LeapClass::Diagonal),
                read(LeapClass::Oblique),
            ],
            moves: self.moves || run.contains('m'),
            captures: self.captures || run.contains('c'),
            lame: self.lame || run.contains('n'),
        }
    }

    fn part(self, atom: Atom) -> Part {
        let class = atom.leap.class();
        Part {
            atom,
            dirs: if self.directed {
                self.dirs[class_index(class)]
            } else {
                DirSet::all(class)
            },
            mode: match (self.moves, self.captures) {
                (true, false) => Mode::MoveOnly,
                (false, true) => Mode::CaptureOnly,
                _ => Mode::Both,
            },
            lame: self.lame,
        }
    }
}

fn class_index(class: LeapClass) -> usize {
    match class {
        LeapClass::Orthogonal => 0,
        LeapClass::Diagonal => 1,
        LeapClass::Oblique => 2,
    }
}

struct Reader<'a> {
    /// The whole design text, so columns count from its start.
    text: &'a str,
    /// Byte position of the next character: only ASCII is ever stepped over.
    pos: usize,
    parts: Vec<Part>,
}

impl<'a> Reader<'a> {
    fn column(&self, pos: usize) -> usize {
        self.text[..pos].chars().count() + 1
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Items until the end, or until the `)` closing a group opened at `open`.
    fn items(&mut self, outer: Mods, open: Option<usize>) -> Result<(), NotationError> {
        loop {
            let mods_start = self.pos;
            let run = self.modifiers()?;
            let Some(c) = self.peek() else {
                if !run.is_empty() {
                    return Err(self.dangling(run, mods_start));
                }
                return match open {
                    Some(at) => Err(NotationError::UnbalancedParenthesis {
                        column: self.column(at),
                    }),
                    None => Ok(()),
                };
            };
            let mods = outer.within(run);
            match c {
                ')' if !run.is_empty() => return Err(self.dangling(run, mods_start)),
                ')' => {
                    return match open {
                        Some(_) => {
                            self.pos += 1;
                            Ok(())
                        }
                        None => Err(NotationError::UnbalancedParenthesis {
                            column: self.column(self.pos),
                        }),
                    };
                }
                '(' => {
                    let at = self.pos;
                    self.pos += 1;
                    if self.peek() == Some(')') {
                        return Err(NotationError::EmptyGroup {
                            column: self.column(at),
                        });
                    }
                    self.items(mods, Some(at))?;
                }
                c if c.is_ascii_uppercase() => {
                    let (atoms, count) = self.atoms(c)?;
                    for &atom in &atoms[..count] {
                        self.parts.push(mods.part(atom));
                    }
                }
                c => {
                    return Err(NotationError::UnexpectedCharacter {
                        character: c,
                        column: self.column(self.pos),
                    })
                }
            }
        }
    }

    fn dangling(&self, modifiers: &str, at: usize) -> NotationError {
        NotationError::DanglingModifiers {
            modifiers: modifiers.to_string(),
            column: self.column(at),
        }
    }

    /// The run of modifier letters at the reading position.
    fn modifiers(&mut self) -> Result<&'a str, NotationError> {
        let start = self.pos;
        while let Some(c) = self.peek().filter(char::is_ascii_lowercase) {
            if !(is_direction_letter(c) || matches!(c, 'm' | 'c' | 'n')) {
                return Err(NotationError::UnknownModifier {
                    modifier: c,
                    column: self.column(self.pos),
                });
            }
            self.pos += 1;
        }
        let text = self.text;
        Ok(&text[start..self.pos])
    }

    /// One atom letter, doubled or not, and the atoms it stands for (two for Q and K).
    fn atoms(&mut self, c: char) -> Result<([Atom; 2], usize), NotationError> {
        let at = self.pos;
        let next = |k: usize| self.text.as_bytes().get(at + k) == Some(&(c as u8));
        let single = |atom| ([atom, atom], 1);
        if matches!(c, 'R' | 'B' | 'Q' | 'K') {
            if next(1) {
                return Err(NotationError::DoubledRider {
                    atom: c,
                    column: self.column(at),
                });
            }
            self.pos += 1;
            return Ok(match c {
                'R' => single(Atom::rider(Leap::W)),
                'B' => single(Atom::rider(Leap::F)),
                'Q' => ([Atom::rider(Leap::W), Atom::rider(Leap::F)], 2),
                _ => ([Atom::leaper(Leap::W), Atom::leaper(Leap::F)], 2),
            });
        }
        let leap = Leap::from_letter(c).ok_or_else(|| NotationError::UnknownAtom {
            atom: c,
            column: self.column(at),
        })?;
        if next(1) && next(2) {
            return Err(NotationError::TripledAtom {
                atom: c,
                column: self.column(at),
            });
        }
        let rider = next(1);
        self.pos += if rider { 2 } else { 1 };
        Ok(single(Atom { leap, rider }))
    }
}
