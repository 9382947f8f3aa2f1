//! Reading Betza's funny notation: `[prefix-]...body`, e.g. `royal-WF`, `Wfc(DNFA)scDsHbmH`.

use crate::atom::{Atom, Leap};
use crate::design::{Design, Mode, Part, Prefix};
use crate::directions::{is_direction_letter, DirSet};

/// The longest design text accepted, in characters.
pub const MAX_DESIGN_LEN: usize = 200;

/// Why a text is not a design. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("the design is empty: write at least one atom, such as W, N or fR")]
    Empty,
    #[error("the design is {0} characters long; designs are at most 200 characters")]
    TooLong(usize),
    #[error("unknown atom '{atom}' at column {column}: the atoms are W F D A H G N L C Z, the riders R B Q and doubled atoms such as NN, and K is WF")]
    UnknownAtom { atom: char, column: usize },
    #[error("modifier '{modifier}' is not part of the notation (column {column}): directions are f b l r s v, m means move only, c capture only, n lame")]
    UnknownModifier { modifier: char, column: usize },
    #[error("empty group at column {column}: put atoms inside the parentheses, as in fc(DN)")]
    EmptyGroup { column: usize },
    #[error("unbalanced parenthesis at column {column}: every ( needs a matching )")]
    UnbalancedParenthesis { column: usize },
    #[error("the modifiers '{modifiers}' at column {column} have no atom after them: modifiers go before an atom, as in fcF")]
    DanglingModifiers { modifiers: String, column: usize },
    #[error("'{atom}{atom}' at column {column}: {atom} is already a rider or shorthand and can't be doubled")]
    DoubledRider { atom: char, column: usize },
    #[error("'{atom}{atom}{atom}' at column {column}: an atom can be doubled once to make a rider (as in NN), not more")]
    TripledAtom { atom: char, column: usize },
    #[error("'{character}' at column {column} is not part of the notation: use atoms (capital letters), modifiers (small letters) and parentheses")]
    UnexpectedCharacter { character: char, column: usize },
    #[error("unknown prefix '{0}': the prefixes are royal-, relay-, doublemove- and shooting-")]
    UnknownPrefix(String),
    #[error("the prefix '{0}-' is written twice")]
    RepeatedPrefix(String),
    #[error("nothing follows the prefixes: write the moves after them, as in royal-WF")]
    MissingBody,
}

pub(crate) fn parse_design(text: &str) -> Result<Design, NotationError> {
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
        let prefix =
            Prefix::from_word(word).ok_or_else(|| NotationError::UnknownPrefix(word.to_string()))?;
        if prefixes.contains(&prefix) {
            return Err(NotationError::RepeatedPrefix(word.to_string()));
        }
        prefixes.push(prefix);
        body = rest;
    }
    if body.is_empty() {
        return Err(NotationError::MissingBody);
    }
    let offset = trimmed[..trimmed.len() - body.len()].chars().count();
    let mut reader = Reader {
        chars: body.chars().collect(),
        pos: 0,
        offset,
    };
    let parts = reader.items("", None)?;
    if parts.is_empty() {
        return Err(NotationError::Empty);
    }
    Ok(Design::new(trimmed.to_string(), prefixes, parts))
}

struct Reader {
    chars: Vec<char>,
    pos: usize,
    /// Characters before the body (prefixes), so columns count from the whole text.
    offset: usize,
}

impl Reader {
    fn column(&self, pos: usize) -> usize {
        self.offset + pos + 1
    }

    /// Items until the end, or until the `)` closing a group opened at `open`.
    fn items(&mut self, outer: &str, open: Option<usize>) -> Result<Vec<Part>, NotationError> {
        let mut parts = Vec::new();
        loop {
            let mods_start = self.pos;
            let mods = self.modifiers()?;
            let Some(&c) = self.chars.get(self.pos) else {
                if !mods.is_empty() {
                    return Err(self.dangling(mods, mods_start));
                }
                return match open {
                    Some(at) => Err(NotationError::UnbalancedParenthesis {
                        column: self.column(at),
                    }),
                    None => Ok(parts),
                };
            };
            let all_mods = format!("{outer} {mods}");
            match c {
                ')' if !mods.is_empty() => return Err(self.dangling(mods, mods_start)),
                ')' => {
                    return match open {
                        Some(_) => {
                            self.pos += 1;
                            Ok(parts)
                        }
                        None => Err(NotationError::UnbalancedParenthesis {
                            column: self.column(self.pos),
                        }),
                    };
                }
                '(' => {
                    let at = self.pos;
                    self.pos += 1;
                    if self.chars.get(self.pos) == Some(&')') {
                        return Err(NotationError::EmptyGroup {
                            column: self.column(at),
                        });
                    }
                    parts.extend(self.items(&all_mods, Some(at))?);
                }
                c if c.is_ascii_uppercase() => {
                    for atom in self.atoms()? {
                        parts.push(part(atom, &all_mods));
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

    fn dangling(&self, modifiers: String, at: usize) -> NotationError {
        NotationError::DanglingModifiers {
            modifiers,
            column: self.column(at),
        }
    }

    fn modifiers(&mut self) -> Result<String, NotationError> {
        let mut mods = String::new();
        while let Some(&c) = self.chars.get(self.pos) {
            if !c.is_ascii_lowercase() {
                break;
            }
            if !(is_direction_letter(c) || matches!(c, 'm' | 'c' | 'n')) {
                return Err(NotationError::UnknownModifier {
                    modifier: c,
                    column: self.column(self.pos),
                });
            }
            mods.push(c);
            self.pos += 1;
        }
        Ok(mods)
    }

    /// One atom letter, doubled or not, and the atoms it stands for.
    fn atoms(&mut self) -> Result<Vec<Atom>, NotationError> {
        let at = self.pos;
        let c = self.chars[at];
        let next = |k: usize| self.chars.get(at + k) == Some(&c);
        let column = self.column(at);
        if matches!(c, 'R' | 'B' | 'Q' | 'K') {
            if next(1) {
                return Err(NotationError::DoubledRider { atom: c, column });
            }
            self.pos += 1;
            return Ok(match c {
                'R' => vec![Atom::rider(Leap::W)],
                'B' => vec![Atom::rider(Leap::F)],
                'Q' => vec![Atom::rider(Leap::W), Atom::rider(Leap::F)],
                _ => vec![Atom::leaper(Leap::W), Atom::leaper(Leap::F)],
            });
        }
        let leap = Leap::from_letter(c).ok_or(NotationError::UnknownAtom { atom: c, column })?;
        if next(1) && next(2) {
            return Err(NotationError::TripledAtom { atom: c, column });
        }
        let rider = next(1);
        self.pos += if rider { 2 } else { 1 };
        Ok(vec![Atom { leap, rider }])
    }
}

/// An atom with the modifier letters that apply to it (outer groups' first, space-separated
/// so letters of different levels never pair up).
fn part(atom: Atom, mods: &str) -> Part {
    let has = |c| mods.contains(c);
    let mode = match (has('m'), has('c')) {
        (true, false) => Mode::MoveOnly,
        (false, true) => Mode::CaptureOnly,
        _ => Mode::Both,
    };
    let class = atom.leap.class();
    let letters: String = mods
        .chars()
        .map(|c| if is_direction_letter(c) { c } else { ' ' })
        .collect();
    let dirs = if letters.trim().is_empty() {
        DirSet::all(class)
    } else {
        DirSet::from_letters(&letters, class)
    };
    Part {
        atom,
        dirs,
        mode,
        lame: has('n'),
    }
}
