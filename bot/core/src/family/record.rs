//! A game's record file: csipgs's own record format, or PGN for a FIDE-family game (with
//! its Variant tag, so other chess programs know the rules).

use super::GameState;
use engine::fide::Pgn;
use engine::Players;

/// What a record says about a game besides its moves.
#[derive(Clone, Debug)]
pub struct Record<'a> {
    /// White first.
    pub players: [&'a str; 2],
    /// When the game started, in seconds since 1970.
    pub started_at: i64,
    /// The PGN Event: the tournament, or the kind of game.
    pub event: &'a str,
}

impl GameState {
    /// The record's file name for game `id`.
    pub fn record_name(&self, id: i64) -> String {
        match self {
            GameState::Csipgs(_) => format!("csipgs-game-{id}.txt"),
            GameState::Fide(_) => format!("chess-game-{id}.pgn"),
        }
    }

    /// The record's text.
    pub fn record_text(&self, record: &Record) -> String {
        let [white, black] = record.players;
        match self {
            GameState::Csipgs(game) => game.record_text(&Players {
                white: white.to_string(),
                black: black.to_string(),
            }),
            GameState::Fide(game) => Pgn::new(game.clone())
                .tag("Event", record.event)
                .tag("Date", pgn_date(record.started_at))
                .tag("White", white)
                .tag("Black", black)
                .text(),
        }
    }
}

/// A moment as a PGN Date, `YYYY.MM.DD` (UTC); PGN's unknown date outside the calendar
/// (years -9999 to 9999).
fn pgn_date(seconds: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(seconds) {
        Ok(t) => format!("{:04}.{:02}.{:02}", t.year(), u8::from(t.month()), t.day()),
        Err(_) => "????.??.??".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::pgn_date;

    #[test]
    fn dates_are_pgn_dates() {
        assert_eq!(pgn_date(0), "1970.01.01");
        // 2024-02-29 12:00 UTC, a leap day.
        assert_eq!(pgn_date(1_709_208_000), "2024.02.29");
        assert_eq!(pgn_date(-1), "1969.12.31");
        assert_eq!(pgn_date(i64::MAX), "????.??.??");
    }
}
