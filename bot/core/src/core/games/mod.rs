//! What every command that starts, changes or ends a game shares: a new game and its thread,
//! saving a turn with the news it makes, a flag when time runs out, what a game's end writes,
//! and waking the computer for a turn it owes. The command files (play, challenge, the
//! computer, tournaments, privacy) call these, and none of them calls another.

mod ending;
mod flag;
mod save;
mod start;
