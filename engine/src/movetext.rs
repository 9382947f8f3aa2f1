//! Turn notation (RULES.md section 6): `Kd2`, `(WD)xe5+`, `N@f3`, `Buy WD, N`, `P=WbRbmHfB`.

use crate::action::{Action, DesignPhase, Turn};
use crate::design::{Design, Prefix};
use crate::notation::NotationError;
use crate::position::Position;
use crate::square::Square;
use std::borrow::Cow;
use std::collections::HashMap;

/// A mark in a record that doesn't match the position: reported, never fatal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning(pub String);

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a text can't be read as a turn (before its legality is considered).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Nothing before the design phase.
    #[error("the turn is empty: write an action such as Kd2, N@f3 or Buy N")]
    Empty,
    /// Not a move, a transfer or a buy.
    #[error(
        "'{0}' is not an action: write a move (Kd2, (WD)xe5), a transfer (N@f3) or a buy (Buy N)"
    )]
    Unreadable(String),
    /// A target that is no square.
    #[error("'{0}' is not a square: write a file a-h and a rank 1-8, such as e4")]
    BadSquare(String),
    /// A piece or design that doesn't parse.
    #[error("'{text}' is not a design: {error}")]
    BadDesign {
        /// The text as written.
        text: String,
        /// What is wrong with it.
        error: NotationError,
    },
    /// A design phase that is neither a buy nor `SLOT=DESIGN`.
    #[error("'{0}' is not a redesign: write SLOT=DESIGN, such as P=WbRbmHfB or (WD)=WF")]
    BadRedesign(String),
    /// Empty parentheses where a piece belongs.
    #[error("'{0}' names no piece: name FIDE pieces by letter (N, K) and others by their design in parentheses, such as (WD)")]
    BadPiece(String),
}

/// A move as written, before it is matched against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The moving piece's design (a pawn when no piece is written).
    pub piece: Design,
    /// The starting file written, 0 for the a-file.
    pub from_file: Option<u8>,
    /// The starting rank written, 0 for rank 1.
    pub from_rank: Option<u8>,
    /// The target square.
    pub to: Square,
    /// Whether an `x` was written.
    pub capture_mark: bool,
    /// A doublemove piece's second move (`-f6`, `-xe5`): its target and whether an `x` was
    /// written before it.
    pub then: Option<(Square, bool)>,
}

/// An action as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrittenAction {
    /// A move such as `Kd2` or `(WD)xe5`.
    Move(WrittenMove),
    /// A transfer such as `N@f3`.
    Transfer {
        /// The reserve piece's design.
        design: Design,
        /// Where it is dropped.
        to: Square,
    },
    /// A buy such as `Buy WD, N`.
    Buy(Vec<Design>),
}

/// A turn as written: the action and the optional design phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenTurn {
    /// The action phase.
    pub action: WrittenAction,
    /// `+` or `#` after the action: any action may leave the opponent's royal in check
    /// (with several royals, even a buy may, when the opponent ignored a check).
    pub check_mark: Option<char>,
    /// The design phase, if written after `;`.
    pub design: Option<DesignPhase>,
}

/// A piece, slot or reserve name: a FIDE letter, or a design in parentheses. As in position
/// strings, a parenthesised design is always Betza's notation, so `(K)` is the non-royal WF.
fn piece(text: &str) -> Result<Design, ReadError> {
    let parenthesised = text.strip_prefix('(').and_then(|t| t.strip_suffix(')'));
    let inner = parenthesised.unwrap_or(text);
    if inner.is_empty() {
        return Err(ReadError::BadPiece(text.to_string()));
    }
    let design = match parenthesised {
        // `(P)` is no Betza design; read it as the pawn it names.
        Some(inner) => Design::parse(inner).or_else(|e| match inner {
            "P" => Design::parse_piece(inner),
            _ => Err(e),
        }),
        None => Design::parse_piece(inner),
    };
    design.map_err(|error| ReadError::BadDesign {
        text: inner.to_string(),
        error,
    })
}

fn square(text: &str) -> Result<Square, ReadError> {
    text.parse()
        .map_err(|_| ReadError::BadSquare(text.to_string()))
}

fn designs(list: &str) -> Result<Vec<Design>, ReadError> {
    list.split(',').map(|d| piece(d.trim())).collect()
}

/// Read a turn: `ACTION` or `ACTION; DESIGN-PHASE`.
pub fn read_turn(text: &str) -> Result<WrittenTurn, ReadError> {
    let (action, design) = match text.split_once(';') {
        Some((a, d)) => (a.trim(), Some(d.trim())),
        None => (text.trim(), None),
    };
    if action.is_empty() {
        return Err(ReadError::Empty);
    }
    let action = action.trim_end_matches(['!', '?']);
    let check_mark = action.chars().last().filter(|c| matches!(c, '+' | '#'));
    let action = action.trim_end_matches(['+', '#']).trim_end();
    let design = match design {
        None | Some("") => None,
        Some(d) => Some(read_design_phase(d)?),
    };
    Ok(WrittenTurn {
        action: read_action(action)?,
        check_mark,
        design,
    })
}

fn buy_list(text: &str) -> Option<&str> {
    let head = text.get(..4)?;
    head.eq_ignore_ascii_case("buy ").then(|| text[4..].trim())
}

fn read_design_phase(text: &str) -> Result<DesignPhase, ReadError> {
    if let Some(list) = buy_list(text) {
        return Ok(DesignPhase::Buy(designs(list)?));
    }
    let (slot, design) = text
        .split_once('=')
        .ok_or_else(|| ReadError::BadRedesign(text.to_string()))?;
    Ok(DesignPhase::Redesign {
        slot: piece(slot.trim())?,
        design: piece(design.trim())?,
    })
}

fn read_action(text: &str) -> Result<WrittenAction, ReadError> {
    if let Some(list) = buy_list(text) {
        return Ok(WrittenAction::Buy(designs(list)?));
    }
    if let Some((p, sq)) = text.split_once('@') {
        return Ok(WrittenAction::Transfer {
            design: piece(p.trim())?,
            to: square(sq.trim())?,
        });
    }
    read_move(text).map(WrittenAction::Move)
}

fn read_move(text: &str) -> Result<WrittenMove, ReadError> {
    let unreadable = || ReadError::Unreadable(text.to_string());
    // The piece: a design in parentheses, a FIDE letter, or nothing for a pawn (`exd5`).
    let (design, rest) = if text.starts_with('(') {
        let mut depth = 0;
        let close = text
            .char_indices()
            .find(|&(_, c)| {
                depth += (c == '(') as i32 - (c == ')') as i32;
                depth == 0
            })
            .map(|(i, _)| i)
            .ok_or_else(unreadable)?;
        (piece(&text[..=close])?, &text[close + 1..])
    } else {
        match text.chars().next() {
            Some(c) if c.is_ascii_uppercase() => (piece(&c.to_string())?, &text[1..]),
            Some('a'..='h') => (piece("P")?, text),
            _ => return Err(unreadable()),
        }
    };
    if !rest.is_ascii() || rest.len() < 2 {
        return Err(unreadable());
    }
    // A doublemove piece's action: the first move, then `-` and the second target. For any
    // other piece a `-` is long notation's separator (`Ke1-d2`).
    let (rest, then) = match rest.rsplit_once('-') {
        Some((first, second)) if design.has_prefix(Prefix::DoubleMove) && first.len() >= 2 => {
            let (second, mark) = match second.strip_prefix('x') {
                Some(s) => (s, true),
                None => (second, false),
            };
            (first, Some((square(second)?, mark)))
        }
        _ => (rest, None),
    };
    let (head, target) = rest.split_at(rest.len() - 2);
    let to = square(target)?;
    let head = head.trim_end_matches('-');
    let (head, capture_mark) = match head.strip_suffix('x') {
        Some(h) => (h, true),
        None => (head, false),
    };
    let (mut from_file, mut from_rank) = (None, None);
    for c in head.chars() {
        match c {
            'a'..='h' if from_file.is_none() && from_rank.is_none() => {
                from_file = Some(c as u8 - b'a')
            }
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            _ => return Err(unreadable()),
        }
    }
    Ok(WrittenMove {
        piece: design,
        from_file,
        from_rank,
        to,
        capture_mark,
        then,
    })
}

impl Position {
    /// The name a piece goes by in records: its FIDE letter or its design in parentheses.
    pub fn piece_label(design: &Design) -> String {
        match design.fide() {
            Some(f) => f.letter().to_string(),
            None => format!("({design})"),
        }
    }

    /// An action in record notation, with `+` or `#` if it gives check or mate. To write
    /// every move of a position, [`Position::notated_moves`] is linear where calling this
    /// per move is quadratic.
    pub fn notate(&self, action: &Action) -> String {
        self.notate_among(action, &self.rivals(action))
    }

    /// The squares from which the same action could start, for one action: the legal list
    /// is generated only when the piece has a twin.
    fn rivals(&self, action: &Action) -> Vec<Square> {
        match action {
            Action::Move { from, .. } | Action::DoubleMove { from, .. } if self.has_twin(*from) => {
                Rivals::of(&self.move_actions()).of_action(action).to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// Every legal move and double move of the side to move with its notation, each as
    /// [`Position::notate`] writes it alone, in the order of the legal list. The list is
    /// generated once and grouped by what disambiguation needs, so writing it is linear in
    /// its length; the notation is written as the iterator advances, so a caller short of
    /// time can stop and keep what it has.
    pub fn notated_moves(&self) -> NotatedMoves<'_> {
        NotatedMoves::new(Cow::Borrowed(self))
    }

    /// An action in record notation given its `rivals` (see [`Rivals`]), with its mark.
    fn notate_among(&self, action: &Action, rivals: &[Square]) -> String {
        let mut text = self.notate_plain(action, rivals);
        let mut after = self.clone();
        after.apply_action(action);
        text.push_str(after.check_mark());
        text
    }

    /// `+` when the side to move has a royal in check, `#` when that is also the end; never
    /// in a fog game, which has no check.
    pub(crate) fn check_mark(&self) -> &'static str {
        if self.checks_shown().is_empty() {
            ""
        } else if self.has_legal_action() {
            "+"
        } else {
            "#"
        }
    }

    fn notate_plain(&self, action: &Action, rivals: &[Square]) -> String {
        match action {
            Action::Move { from, to } => self.notate_step(*from, *to, rivals),
            Action::DoubleMove { from, via, to } => {
                let mut text = self.notate_step(*from, *via, rivals);
                let mut after = self.clone();
                after.shift(*from, *via);
                text.push('-');
                if after.piece_at(*to).is_some_and(|(c, _)| c != self.to_move) {
                    text.push('x');
                }
                text.push_str(&to.name());
                text
            }
            Action::Transfer { design, to } => format!("{}@{to}", Position::piece_label(design)),
            Action::Buy(designs) => format!("Buy {}", design_list(designs)),
        }
    }

    /// Whether another piece of the mover's stands on the board with the same design as the
    /// one on `from`: only then can a move need telling apart.
    fn has_twin(&self, from: Square) -> bool {
        let design = self.piece_at(from).map(|p| p.1);
        self.occupied(self.to_move)
            .any(|f| f != from && self.piece_at(f).map(|p| p.1) == design)
    }

    /// One move as written: the piece, what tells it from `rivals` (the squares from which
    /// a piece could make the same action), `x` for a capture, the target.
    fn notate_step(&self, from: Square, to: Square, rivals: &[Square]) -> String {
        let (_, design) = self.piece_at(from).expect("a piece moves");
        let mut text = Position::piece_label(design);
        text.push_str(&self.disambiguation(from, rivals));
        if self.piece_at(to).is_some() {
            text.push('x');
        }
        text.push_str(&to.name());
        text
    }

    /// What a move's notation adds after the piece to tell it from the other pieces of the
    /// same design that could make the same action from `rivals`: nothing, the starting file
    /// if that is enough, else the starting rank, else both. The writer and the "ambiguous"
    /// hint both use it, so a hint is always a move the reader accepts.
    fn disambiguation(&self, from: Square, rivals: &[Square]) -> String {
        let Some((_, design)) = self.piece_at(from) else {
            return String::new();
        };
        let rivals: Vec<Square> = rivals
            .iter()
            .copied()
            .filter(|&f| f != from && self.piece_at(f).map(|p| p.1) == Some(design))
            .collect();
        let file = (b'a' + from.file()) as char;
        let rank = (b'1' + from.rank()) as char;
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.file() != from.file()) {
            file.to_string()
        } else if rivals.iter().all(|r| r.rank() != from.rank()) {
            rank.to_string()
        } else {
            from.name()
        }
    }

    /// A turn in record notation, given the position after it (which decides `+` and `#`: a
    /// redesign or a buy in the design phase moves no piece, so the mark is the action's).
    pub(crate) fn notate_turn(&self, turn: &Turn, after: &Position) -> String {
        let mut text = self.notate_plain(&turn.action, &self.rivals(&turn.action));
        text.push_str(after.check_mark());
        match &turn.design {
            None => {}
            Some(DesignPhase::Redesign { slot, design }) => {
                text.push_str(&format!("; {}={}", slot.piece_name(), design.piece_name()))
            }
            Some(DesignPhase::Buy(designs)) => {
                text.push_str(&format!("; Buy {}", design_list(designs)))
            }
        }
        text
    }

    /// The mover's name for a colour's royal on a square: "king on e1" or "royal (WD) on d4".
    pub(crate) fn royal_name(&self, sq: Square) -> String {
        match self.piece_at(sq) {
            Some((_, d)) if d.fide().is_some() => format!("king on {sq}"),
            Some((_, d)) => format!("royal ({d}) on {sq}"),
            None => format!("royal piece on {sq}"),
        }
    }
}

/// The starting squares of a list's moves, grouped by what a move is told apart by: its
/// target, and a double move's first target too. A move's rivals are the starting squares of
/// its group (its own among them; `disambiguation` keeps only pieces of its design). Built
/// once per list, so writing the list costs one look-up per move, not a regeneration.
struct Rivals(HashMap<(Option<Square>, Square), Vec<Square>>);

impl Rivals {
    fn of(actions: &[Action]) -> Rivals {
        let mut groups: HashMap<_, Vec<Square>> = HashMap::new();
        for action in actions {
            if let Some((key, from)) = Rivals::key(action) {
                groups.entry(key).or_default().push(from);
            }
        }
        Rivals(groups)
    }

    /// The group an action belongs to, and where it starts; none for transfers and buys,
    /// which need no telling apart.
    fn key(action: &Action) -> Option<((Option<Square>, Square), Square)> {
        match *action {
            Action::Move { from, to } => Some(((None, to), from)),
            Action::DoubleMove { from, via, to } => Some(((Some(via), to), from)),
            Action::Transfer { .. } | Action::Buy(_) => None,
        }
    }

    /// The squares from which the same action could start.
    fn of_action(&self, action: &Action) -> &[Square] {
        Rivals::key(action)
            .and_then(|(key, _)| self.0.get(&key))
            .map_or(&[], Vec::as_slice)
    }
}

/// Every move and double move of a position with its notation, written as the iterator
/// advances: see [`Position::notated_moves`].
pub struct NotatedMoves<'a> {
    position: Cow<'a, Position>,
    rivals: Rivals,
    actions: std::vec::IntoIter<Action>,
}

impl<'a> NotatedMoves<'a> {
    /// The moves of `position`, generated now and written later; a fog player's known
    /// board is made for the occasion, so it comes owned.
    pub(crate) fn new(position: Cow<'a, Position>) -> NotatedMoves<'a> {
        let actions = position.move_actions();
        NotatedMoves {
            rivals: Rivals::of(&actions),
            actions: actions.into_iter(),
            position,
        }
    }

    /// No moves: the game is over.
    pub(crate) fn none(position: &'a Position) -> NotatedMoves<'a> {
        NotatedMoves {
            rivals: Rivals(HashMap::new()),
            actions: Vec::new().into_iter(),
            position: Cow::Borrowed(position),
        }
    }
}

impl Iterator for NotatedMoves<'_> {
    type Item = (Action, String);

    fn next(&mut self) -> Option<(Action, String)> {
        let action = self.actions.next()?;
        let text = self
            .position
            .notate_among(&action, self.rivals.of_action(&action));
        Some((action, text))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.actions.size_hint()
    }
}

impl ExactSizeIterator for NotatedMoves<'_> {}

pub(crate) fn design_list(designs: &[Design]) -> String {
    designs
        .iter()
        .map(|d| d.piece_name())
        .collect::<Vec<_>>()
        .join(", ")
}
