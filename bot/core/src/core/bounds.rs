//! Every bound on what a member may type or ask for, once. The catalogue registers them with
//! Discord, the request parser checks them for every adapter, and the commands that act on
//! a value (a tournament's rounds and players) read the same numbers. Nothing here imports
//! the rest of the core, so every file may import it.

/// A design is at most what the engine's notation reads.
pub const DESIGN_MAX: u16 = {
    assert!(engine::notation::MAX_DESIGN_LEN <= u16::MAX as usize);
    engine::notation::MAX_DESIGN_LEN as u16
};
/// A move names a design or two, with room for the move around them.
pub const MOVE_MAX: u16 = 250;
/// A reserve piece to transfer: a design, in parentheses or not.
pub const PIECE_MAX: u16 = DESIGN_MAX + 2;
/// A square, with room for stray spaces.
pub const SQUARE_MAX: u16 = 8;
/// A design phase (`SLOT=DESIGN`, or two of them).
pub const REDESIGN_MAX: u16 = 420;
/// A whole turn, or the designs a progressive buy names.
pub const TURN_MAX: u16 = 1000;
/// A time control is a few characters: `15m+10s`, `3d`.
pub const TIME_MAX: u16 = 20;
/// Every variant's name once, comma-separated, fits.
pub const VARIANTS_MAX: u16 = 400;
/// Proposal names are shown in every /game: short.
pub const PROPOSAL_NAME_MAX: u16 = 40;
/// A proposal's notation (`Z`, `nN`, `runner`) or an estimate (`2.5`).
pub const PROPOSAL_TEXT_MAX: u16 = 20;
/// A game's turns, for /board ply: (far more than any game plays).
pub const PLY_MAX: i64 = 100_000;
/// A listing's pages (each shows ten entries).
pub const PAGE_MAX: i64 = 1000;
/// A tournament's rounds and boards: a double round robin of the most players has 998
/// rounds, and 250 boards a round.
pub const ROUND_MAX: i64 = 1000;
/// The most rounds a Swiss may have.
pub const MAX_ROUNDS: u16 = 30;
/// The most players a tournament may take: every game is a thread, and a Discord server
/// keeps at most 1,000 active threads.
pub const MAX_PLAYERS: u16 = 500;
/// A tournament's name shows in every announcement and thread: short.
pub const TOURNAMENT_NAME_MAX: u16 = 60;
/// `2026-12-01 18:00`, `<t:1764612000>` or `2h`.
pub const START_MAX: u16 = 30;
/// A few tie-break acronyms: `BH-C1, BH, SB, WIN`.
pub const TIEBREAKS_MAX: u16 = 40;
/// A numbered row (a proposal, a tournament): the largest whole number Discord carries
/// exactly.
pub const NUMBER_MAX: i64 = (1 << 53) - 1;
/// The computer's levels.
pub const LEVEL_MIN: i64 = engine::computer::Level::MIN.number() as i64;
pub const LEVEL_MAX: i64 = engine::computer::Level::MAX.number() as i64;
