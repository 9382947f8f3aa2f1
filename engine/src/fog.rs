//! Moderated (fog) games (RULES.md section 8): the impassable squares placed at the start,
//! what each player sees, and a player's [`View`], the only thing their pictures and
//! messages are made from.

use crate::action::{Action, Turn};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::Design;
use crate::game::{CheckedTurn, Game, Outcome, TurnError};
use crate::money::Zorkmids;
use crate::movetext::NotatedMoves;
use crate::position::Position;
use crate::ruleset::{Options, Ruleset};
use crate::square::Square;
use std::borrow::Cow;

/// How many impassable squares the moderator places on ranks 3 and 4; each gets its mirror
/// image on ranks 6 and 5, so a fog board has twice as many.
pub const TERRAIN_PAIRS: usize = 3;

impl Position {
    /// Place a fog game's impassable squares (RULES.md section 8): [`TERRAIN_PAIRS`] squares
    /// on ranks 3 and 4 picked by `seed`, and their mirror images through the centre, never
    /// on a piece and never on or next to a royal piece. The same seed gives the same layout.
    pub fn place_terrain(&mut self, seed: u64) {
        let royal_zone: Bitboard = (self.royals[0] | self.royals[1])
            .flat_map(|r| r.neighbours().chain([r]))
            .collect();
        let shunned = self.blockers() | royal_zone;
        let mut free: Vec<Square> = Square::all()
            .filter(|sq| (2..4).contains(&sq.rank()))
            .filter(|&sq| !shunned.contains(sq) && !shunned.contains(mirror(sq)))
            .collect();
        let mut state = seed;
        for _ in 0..TERRAIN_PAIRS.min(free.len()) {
            let pick = free.swap_remove((splitmix64(&mut state) % free.len() as u64) as usize);
            self.terrain.set(pick);
            self.terrain.set(mirror(pick));
        }
        self.refresh_general();
    }

    /// The squares `color` sees (RULES.md section 8): where its pieces stand, every square
    /// one of them could move to or capture on with one move ignoring check, on a ride also
    /// the piece or impassable square that stops it, and every square next to its royals.
    pub fn seen(&self, color: Color) -> Bitboard {
        let mut seen = self.occupied(color);
        for royal in self.royals(color) {
            seen |= royal.neighbours().collect::<Bitboard>();
        }
        let blockers = self.blockers();
        for from in self.occupied(color) {
            seen |= self.single_targets(from);
            for tables in self.powers(from) {
                for ray in &tables.rays {
                    seen |= ray.reach(from, blockers) & blockers;
                }
                seen |= tables.lame_ride_stoppers(from, blockers);
            }
        }
        seen
    }
}

impl Game {
    /// What `color` may know of a fog game (RULES.md section 8). In other games every
    /// square is seen, so a view shows the whole board.
    pub fn view(&self, color: Color) -> View {
        View::new(self, color, self.remembered(color))
    }

    /// The actions the side to move can be offered (for autocomplete and menus) without
    /// learning anything hidden. Elsewhere these are the legal actions. In a fog game they
    /// are worked out on the board as the mover knows it (see [`Game::offered_moves`]), with
    /// every transfer and buy the moderator would refuse only because a royal piece is
    /// attacked.
    pub fn offered_actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        let pos = self.position();
        if !self.rules().options.fog {
            return pos.legal_actions();
        }
        // Moves as the mover knows the board; no notation is needed here.
        let mut actions = self.known_board().move_actions();
        let free = pos
            .royals(pos.to_move())
            .flat_map(|r| r.neighbours())
            .collect::<Bitboard>()
            & !pos.blockers();
        for (design, _) in pos.reserve(pos.to_move()) {
            actions.extend(free.map(|to| Action::Transfer {
                design: design.clone(),
                to,
            }));
        }
        if !self.rules().options.power {
            actions.extend(pos.affordable().into_iter().map(Action::Buy));
        }
        actions
    }

    /// [`Game::offered_actions`], each written as the mover may write it: in a fog game on
    /// the board as they know it, so no check mark, capture or telling apart gives away a
    /// piece they don't see.
    pub fn offered_turns(&self) -> Vec<(Action, String)> {
        let board = match self.rules().options.fog {
            true => Cow::Owned(self.known_board()),
            false => Cow::Borrowed(self.position()),
        };
        self.offered_actions()
            .into_iter()
            .map(|action| {
                let text = board.notate(&action);
                (action, text)
            })
            .collect()
    }

    /// The side to move's moves and double moves with their notation, as the mover may
    /// know them. In a fog game a double move's second step can reach squares the mover
    /// doesn't see, so they are worked out on the known board: the mover's pieces, the enemy
    /// pieces it sees, the terrain it remembers, nothing else (a move that hidden pieces
    /// would block is offered, and the moderator refuses it when played).
    ///
    /// Notation is written as the list is read, in linear time: see
    /// [`Position::notated_moves`].
    pub fn offered_moves(&self) -> NotatedMoves<'_> {
        if self.is_over() {
            return NotatedMoves::none(self.position());
        }
        if self.rules().options.fog {
            NotatedMoves::new(Cow::Owned(self.known_board()))
        } else {
            self.position().notated_moves()
        }
    }

    /// The moderator's answer to a turn the side to move wrote (RULES.md section 8), given
    /// what the true board says of it. The turn is read again on the board as the mover
    /// knows it ([`Game::known_board`]), and a refusal stands as it is only where it
    /// follows from that board alone: the same refusal on both. A notation ambiguous on the
    /// known board is refused as ambiguous there, whatever hidden pieces block, so its
    /// examples name only what the mover sees. Any other refusal has a hidden cause and
    /// becomes [`TurnError::HiddenBoard`], which names nothing. A turn the true board
    /// allows is played, even one the known board would not (a capture of a hidden piece).
    pub(crate) fn moderate(
        &self,
        text: &str,
        truth: Result<CheckedTurn, TurnError>,
    ) -> Result<CheckedTurn, TurnError> {
        let seen = Game::reading(self.known_board()).read_on_board(text);
        match (truth, seen) {
            // The moderator says which royal is attacked, even by a piece the mover can't see.
            (Err(e @ (TurnError::BuyAttacked(_) | TurnError::TransferBesideAttacked(_))), _) => {
                Err(e)
            }
            (_, Err(e @ TurnError::Ambiguous { .. })) => Err(e),
            // Marks are judged on the known board too: a warning that the turn captures or
            // gives check would tell of a piece the mover can't see.
            (Ok((turn, next, _)), seen) => {
                Ok((turn, next, seen.map(|(_, _, w)| w).unwrap_or_default()))
            }
            (Err(e), Err(s)) if e == s => Err(e),
            (Err(_), _) => Err(TurnError::HiddenBoard),
        }
    }

    /// A turn of the side to move written on the board it knows: neither a disambiguation
    /// nor a capture mark tells of a hidden piece (fog games show no check marks).
    pub(crate) fn notate_known(&self, turn: &Turn) -> String {
        let known = self.known_board();
        known.notate_turn(turn, &known)
    }

    /// The position as the side to move knows it: pieces only on the squares it sees,
    /// terrain only where it has seen some.
    pub(crate) fn known_board(&self) -> Position {
        let view = self.view(self.position().to_move());
        let mut known = self.position().clone();
        for sq in Square::all().filter(|&sq| !view.seen.contains(sq)) {
            known.remove(sq);
        }
        known.terrain = view.terrain;
        known.refresh_general();
        known
    }
}

/// The point reflection through the board's centre: a3 <-> h6.
pub fn mirror(sq: Square) -> Square {
    Square::new(7 - sq.file(), 7 - sq.rank()).expect("the mirror of a square is a square")
}

/// A small, fixed pseudo-random step (SplitMix64): the layout only has to follow from the
/// seed the bot stores, so no generator crate is needed in the engine.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one player of a fog game may know (RULES.md section 8): the squares they see and
/// what stands there, the impassable squares they have ever seen, and the public facts.
/// Pictures and messages for that player are built from this alone, so nothing hidden can
/// reach them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Whose view this is.
    pub color: Color,
    /// The squares seen now.
    pub seen: Bitboard,
    /// The pieces on seen squares, a1 first.
    pub pieces: Vec<(Square, Color, Design)>,
    /// Impassable squares this player has seen at some time in the game.
    pub terrain: Bitboard,
    /// The side whose turn is next.
    pub to_move: Color,
    /// The ply of the turn about to be played.
    pub ply: u32,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The options the game was agreed with (public, like the ruleset).
    pub options: Options,
    /// Both treasuries, by [`Color::index`] (public: Betza's right to know).
    pub treasuries: [Zorkmids; 2],
    /// Both reserves, by [`Color::index`].
    pub reserves: [Vec<(Design, u32)>; 2],
    /// Both sides' six designs with their costs, by [`Color::index`].
    pub slots: [Vec<(Design, Option<Zorkmids>)>; 2],
    /// The squares this player's own latest action touched.
    pub last_action: Vec<Square>,
    /// The result, once the game is over.
    pub result: Option<Outcome>,
}

impl View {
    /// The view of `color` in `game`, given the terrain it remembers.
    fn new(game: &Game, color: Color, remembered: Bitboard) -> View {
        let pos = game.position();
        let seen = if pos.rules().options.fog {
            pos.seen(color)
        } else {
            Bitboard::FULL
        };
        View {
            color,
            seen,
            pieces: pos
                .pieces()
                .filter(|(sq, _, _)| seen.contains(*sq))
                .map(|(sq, c, d)| (sq, c, d.clone()))
                .collect(),
            terrain: remembered | (seen & pos.terrain()),
            to_move: pos.to_move(),
            ply: pos.ply(),
            ruleset: pos.rules().ruleset,
            options: pos.rules().options,
            treasuries: [pos.treasury(Color::White), pos.treasury(Color::Black)],
            reserves: Color::ALL.map(|c| pos.reserve(c)),
            slots: Color::ALL.map(|c| {
                pos.slots(c)
                    .into_iter()
                    .map(|d| (d.clone(), pos.cost(d)))
                    .collect()
            }),
            last_action: game
                .turns()
                .iter()
                .rev()
                .find(|t| t.color == color)
                .map(|t| t.turn.action.squares())
                .unwrap_or_default(),
            result: game.result().copied(),
        }
    }
}
