//! Moves as written: Standard Algebraic Notation, with what the variants add.
//!
//! - Two-stage moves name the cell between, as the seed asks ("Notation in these variants
//!   should specify the intermediate cell"): `d2-d3-d4`, `d2xc3xd4`, `Nb1-c3-e4` (`x` before
//!   a cell where something was taken). A plain double step in a game without a double-step
//!   variant stays `d4`.
//! - Castling is `O-O` / `O-O-O` when king and rook stand as in FIDE chess, otherwise `O-`
//!   and the partner's square (`O-a5`, `O-c3`).
//! - A push (Push-pull train) is written with `>` for `x`: `R>d5`.
//! - A king's power follows the move: `Kd2/c3=N`.
//!
//! Reading accepts SAN, these forms, and long algebraic (`e2e4`, `e7e8q`, `d2c3d4`).

use super::moves::{Move, Special};
use super::position::Position;
use crate::{Fide, Square};
use thiserror::Error;

/// Why a written move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SanError {
    /// Not a move at all.
    #[error("'{0}' is not written as a move: use SAN as in a PGN (e4, Nf3, exd5, O-O, e8=Q), long algebraic (e2e4), or name the cell between for a two-stage move (d2-d3-d4)")]
    Syntax(String),
    /// No legal move fits.
    #[error("{0} is not a legal move in this position{1}")]
    Illegal(String, Hint),
    /// More than one legal move fits.
    #[error("'{0}' could be {1}: write the one you mean")]
    Ambiguous(String, String),
}

fn letter(role: Fide) -> String {
    if role == Fide::Pawn {
        String::new()
    } else {
        role.letter().to_string()
    }
}

/// A move in long algebraic form: `e2e4`, `e7e8q`, `d2c3d4` for two stages, `d1>d5` for a
/// push.
pub fn long(m: &Move) -> String {
    let mut s = m.from.name();
    if m.special == Special::Push {
        s.push('>');
    }
    if let Some(via) = m.via {
        s.push_str(&via.name());
    }
    s.push_str(&m.to.name());
    if let Some(p) = m.promotion {
        s.push(p.letter().to_ascii_lowercase());
    }
    if let Some((at, role)) = m.power {
        s.push('/');
        s.push_str(&at.name());
        s.push(role.letter().to_ascii_lowercase());
    }
    s
}

/// A legal move in SAN, with `+` or `#`.
pub fn write(pos: &Position, m: &Move) -> String {
    write_among(pos, m, &pos.legal_moves())
}

/// A move in SAN, given the position's legal moves (for a caller that has them already).
pub(super) fn write_among(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let mut s = bare(pos, m, legal);
    if let Some(after) = pos.play(m) {
        if after.in_check() {
            s.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
    }
    s
}

fn bare(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let board = &pos.board;
    let role = board.role(m.from).unwrap_or(Fide::Pawn);
    let theirs = board.by_color(!pos.turn);
    let mark = |s: Square| if theirs.contains(s) { 'x' } else { '-' };
    let mut s = match (m.special, m.via) {
        (Special::Castle { partner }, _) => {
            let fide_like = m.from.file() == 4
                && partner.rank() == m.from.rank()
                && board.role(partner) == Some(Fide::Rook);
            match partner.file() {
                7 if fide_like => "O-O".to_string(),
                0 if fide_like => "O-O-O".to_string(),
                _ => format!("O-{}", partner.name()),
            }
        }
        (_, Some(via)) => {
            let plain_double = role == Fide::Pawn
                && pos.variants.double_step().is_none()
                && m.from.file() == m.to.file();
            if plain_double {
                m.to.name()
            } else {
                format!(
                    "{}{}{}{}{}{}",
                    letter(role),
                    m.from.name(),
                    mark(via),
                    via.name(),
                    if theirs.contains(m.to) { 'x' } else { '-' },
                    m.to.name()
                )
            }
        }
        (special, None) => {
            let capture = special == Special::EnPassant || theirs.contains(m.to);
            let sep = match special {
                Special::Push => ">",
                _ if capture => "x",
                _ => "",
            };
            if role == Fide::Pawn {
                let file = if capture {
                    ((b'a' + m.from.file()) as char).to_string()
                } else {
                    String::new()
                };
                format!("{file}{sep}{}", m.to.name())
            } else {
                format!(
                    "{}{}{sep}{}",
                    letter(role),
                    disambiguation(pos, m, role, legal),
                    m.to.name()
                )
            }
        }
    };
    if let Some(p) = m.promotion {
        s.push('=');
        s.push(p.letter());
    }
    if let Some((at, r)) = m.power {
        s.push_str(&format!("/{}={}", at.name(), r.letter()));
    }
    s
}

fn disambiguation(pos: &Position, m: &Move, role: Fide, legal: &[Move]) -> String {
    let push = m.special == Special::Push;
    let others: Vec<Square> = legal
        .iter()
        .filter(|o| {
            o.to == m.to
                && o.from != m.from
                && o.via.is_none()
                && (o.special == Special::Push) == push
                && !matches!(o.special, Special::Castle { .. })
                && pos.board.role(o.from) == Some(role)
        })
        .map(|o| o.from)
        .collect();
    if others.is_empty() {
        String::new()
    } else if others.iter().all(|o| o.file() != m.from.file()) {
        ((b'a' + m.from.file()) as char).to_string()
    } else if others.iter().all(|o| o.rank() != m.from.rank()) {
        (m.from.rank() + 1).to_string()
    } else {
        m.from.name()
    }
}

/// The legal move a text names.
pub fn parse(pos: &Position, text: &str) -> Result<Move, SanError> {
    parse_among(pos, text, &pos.legal_moves())
}

/// The move a text names among the position's legal moves.
pub(super) fn parse_among(pos: &Position, text: &str, legal: &[Move]) -> Result<Move, SanError> {
    let trimmed = text.trim();
    let clean: String = trimmed
        .trim_end_matches(['+', '#', '!', '?'])
        .replace('0', "O");
    if clean.is_empty() {
        return Err(SanError::Syntax(trimmed.to_string()));
    }
    let exact: Vec<&Move> = legal
        .iter()
        .filter(|m| bare(pos, m, legal) == clean)
        .collect();
    if let [m] = exact.as_slice() {
        return Ok(**m);
    }
    let form = Form::read(&clean).ok_or_else(|| SanError::Syntax(trimmed.to_string()))?;
    let fits: Vec<&Move> = legal.iter().filter(|m| form.fits(pos, m)).collect();
    // A short form ("d4") means a one-stage move if there is one.
    let single: Vec<&Move> = fits.iter().copied().filter(|m| m.via.is_none()).collect();
    let chosen = if single.is_empty() || form.via.is_some() {
        fits
    } else {
        single
    };
    match chosen.as_slice() {
        [] => Err(SanError::Illegal(
            trimmed.to_string(),
            Hint::for_form(pos, &form, legal),
        )),
        [m] => Ok(**m),
        many => Err(SanError::Ambiguous(
            trimmed.to_string(),
            many.iter()
                .map(|m| bare(pos, m, legal))
                .collect::<Vec<_>>()
                .join(" or "),
        )),
    }
}

/// After an illegal move, what the same kind of piece may play instead (variants change how
/// pieces move, a pawn's double step above all), or nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The piece named, "pawn" when none is.
    piece: &'static str,
    moves: Vec<String>,
}

impl Hint {
    /// The most moves a hint names.
    const MAX: usize = 8;

    fn for_form(pos: &Position, form: &Form, legal: &[Move]) -> Hint {
        let role = match form.castle {
            Some(_) => Fide::King,
            None => form.role.unwrap_or(Fide::Pawn),
        };
        let mut moves: Vec<String> = legal
            .iter()
            .filter(|m| pos.board.role(m.from) == Some(role))
            .filter(|m| !matches!(m.special, Special::Castle { .. }))
            .map(|m| bare(pos, m, legal))
            .collect();
        moves.sort();
        moves.dedup();
        Hint {
            piece: role.name(),
            moves,
        }
    }
}

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let piece = self.piece;
        match self.moves.len() {
            0 => write!(f, "; no {piece} can move"),
            n if n <= Hint::MAX => write!(f, "; {piece} moves: {}", self.moves.join(", ")),
            n => write!(
                f,
                "; {piece} moves: {} and {} more",
                self.moves[..Hint::MAX].join(", "),
                n - Hint::MAX
            ),
        }
    }
}

/// A written move taken apart: piece letter, squares named, marks.
#[derive(Debug, Default)]
struct Form {
    role: Option<Fide>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    via: Option<Square>,
    to: Option<Square>,
    push: bool,
    promotion: Option<Fide>,
    power: Option<(Square, Fide)>,
    castle: Option<Castle>,
}

#[derive(Debug)]
enum Castle {
    King,
    Queen,
    With(Square),
}

impl Form {
    fn read(text: &str) -> Option<Form> {
        let mut form = Form::default();
        match text {
            "O-O" => form.castle = Some(Castle::King),
            "O-O-O" => form.castle = Some(Castle::Queen),
            _ if text.starts_with("O-") => {
                form.castle = Some(Castle::With(text[2..].parse().ok()?))
            }
            _ => {}
        }
        if form.castle.is_some() {
            return Some(form);
        }
        let (main, power) = match text.split_once('/') {
            Some((main, power)) => (main, Some(power)),
            None => (text, None),
        };
        if let Some(power) = power {
            let role = power.chars().last()?;
            let at = power[..power.len() - role.len_utf8()].trim_end_matches('=');
            let role = Fide::from_letter(role)?;
            form.power = Some((at.parse().ok()?, role));
        }
        let mut chars: Vec<char> = main.chars().collect();
        if let Some(&c) = chars.first() {
            if "NBRQK".contains(c) {
                form.role = Fide::from_letter(c);
                chars.remove(0);
            }
        }
        // A promotion at the end: "=Q", "Q" or "q" after a square.
        if chars.len() >= 3 {
            let last = chars[chars.len() - 1];
            let before = chars[chars.len() - 2];
            if "NBRQnbrq".contains(last) && (before == '=' || before.is_ascii_digit()) {
                form.promotion = Fide::from_letter(last);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
        let mut squares = Vec::new();
        let mut loose = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            if ('a'..='h').contains(&c) && next.is_some_and(|n| ('1'..='8').contains(&n)) {
                squares.push(Square::new(c as u8 - b'a', next? as u8 - b'1')?);
                i += 2;
                continue;
            }
            match c {
                'x' | '-' => {}
                '>' => form.push = true,
                'a'..='h' | '1'..='8' => loose.push(c),
                _ => return None,
            }
            i += 1;
        }
        match (squares.as_slice(), loose.as_slice()) {
            ([to], loose) => {
                form.to = Some(*to);
                for &c in loose {
                    if c.is_ascii_digit() {
                        form.from_rank = Some(c as u8 - b'1');
                    } else {
                        form.from_file = Some(c as u8 - b'a');
                    }
                }
            }
            ([from, to], []) => {
                form.from_file = Some(from.file());
                form.from_rank = Some(from.rank());
                form.to = Some(*to);
            }
            ([from, via, to], []) => {
                form.from_file = Some(from.file());
                form.from_rank = Some(from.rank());
                form.via = Some(*via);
                form.to = Some(*to);
            }
            _ => return None,
        }
        Some(form)
    }

    fn fits(&self, pos: &Position, m: &Move) -> bool {
        let board = &pos.board;
        if let Some(castle) = &self.castle {
            let Special::Castle { partner } = m.special else {
                return false;
            };
            return match castle {
                Castle::King => partner.file() == 7 && partner.rank() == m.from.rank(),
                Castle::Queen => partner.file() == 0 && partner.rank() == m.from.rank(),
                Castle::With(s) => partner == *s,
            };
        }
        let role = board.role(m.from);
        let long_form = self.from_file.is_some() && self.from_rank.is_some();
        let role_fits = match self.role {
            Some(r) => role == Some(r),
            None => long_form || role == Some(Fide::Pawn),
        };
        let castle_as_king_move = matches!(m.special, Special::Castle { .. });
        role_fits
            && Some(m.to) == self.to
            && self.from_file.is_none_or(|f| f == m.from.file())
            && self.from_rank.is_none_or(|r| r == m.from.rank())
            && self.via.is_none_or(|v| m.via == Some(v))
            && (m.special == Special::Push) == self.push
            && (!castle_as_king_move || long_form)
            && m.promotion == self.promotion
            && m.power == self.power
    }
}
