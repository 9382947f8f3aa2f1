//! What a game's end writes beside it: each player's result and, for a rated game, both new
//! ratings, announced with the change ("alice 1523 -> 1541 (+18)"); a fog game's true board
//! and record.

use crate::core::{typed, Core, Reply, Target};
use crate::store::{
    BoardEnd, BoardResult, Ended, GameRow, Owed, RatingRow, ResultRow, Status, StoreError,
};
use crate::words;
use engine::{Color, EndReason, Outcome};
use league::ratings::{self, Change, Rating, Score};

/// Seconds in a day: a Glicko-2 rating period.
const DAY: i64 = 24 * 3600;

impl Core {
    /// The results and rating changes of a game that has just finished (None otherwise:
    /// aborted games count for nothing); the rating changes are added to the first reply,
    /// and a fog game's end shows its true board and record there.
    pub(in crate::core) async fn ending(
        &self,
        row: &GameRow,
        replies: &mut [Reply],
    ) -> Result<Option<Ended>, StoreError> {
        crate::core::present::reveal(row, replies, self.now());
        let Some(outcome) = row.game.result().filter(|_| row.status == Status::Finished) else {
            return Ok(None);
        };
        let now = self.now();
        // Nobody's rating moves by playing themself.
        let rated = row.rated && row.players[0].id != row.players[1].id;
        let mut ended = Ended::default();
        let mut after: [Option<Rating>; 2] = [None, None];
        if rated {
            let mut before = Vec::new();
            for color in Color::ALL {
                let player = row.player(color);
                let stored = self
                    .store
                    .rating(row.guild, player.id, row.game.family())
                    .await?;
                let rating = match &stored {
                    Some(s) => {
                        let idle = ((now - s.last_played_at).max(0) / DAY) as u32;
                        ratings::idle(s.rating, idle)
                    }
                    None => Rating::NEW,
                };
                before.push((stored, rating));
            }
            let (white, black) = ratings::game(before[0].1, before[1].1, outcome.winner);
            let mut changes = Vec::new();
            for (color, new) in Color::ALL.into_iter().zip([white, black]) {
                let (stored, old) = &before[color.index()];
                let player = row.player(color);
                let score = Score::from_winner(outcome.winner, color);
                let mut standing = stored.clone().unwrap_or(RatingRow {
                    user: player.id,
                    name: player.name.clone(),
                    rating: Rating::NEW,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    last_played_at: now,
                });
                standing.name = player.name.clone();
                standing.rating = new;
                standing.games += 1;
                match score {
                    Score::Win => standing.wins += 1,
                    Score::Draw => standing.draws += 1,
                    Score::Loss => standing.losses += 1,
                }
                standing.last_played_at = now;
                let games_before = stored.as_ref().map(|s| s.games);
                ended.ratings.push((standing, games_before));
                after[color.index()] = Some(new);
                let change = Change {
                    before: *old,
                    after: new,
                };
                changes.push(words![typed(&player.name), format!(" {change}")]);
            }
            if let Some(first) = replies.first_mut() {
                first.text.push("\nRatings: ");
                for (i, change) in changes.into_iter().enumerate() {
                    if i > 0 {
                        first.text.push(", ");
                    }
                    first.text.push(change);
                }
                first.text.push(".");
            }
        }
        for color in Color::ALL {
            let opponent = row.player(!color);
            ended.results.push(ResultRow {
                game: row.id,
                colour: color,
                user: row.player(color).id,
                opponent: opponent.id,
                opponent_name: opponent.name.clone(),
                ruleset: row.game.rules().ruleset_word(),
                score: Score::from_winner(outcome.winner, color),
                reason: outcome.reason.termination().unwrap_or("").to_string(),
                rated,
                rating: after[color.index()],
                ended_at: now,
            });
        }
        ended.board = self.board_end(row, outcome).await?;
        Ok(Some(ended))
    }
}

impl Core {
    /// What an ended game owes the thread the bot opened for it, beside `owed` (the messages
    /// its end owes): archiving, due with the last of them and written after them, so it
    /// comes once everything is said. A server's active threads are then its games in
    /// progress (Discord allows 1,000); the outbox retries a failed archive with backoff, and
    /// nothing waits for it. Someone posting there later reopens the thread for an hour.
    pub(in crate::core) fn archive_owed(
        &self,
        row: &GameRow,
        owed: &[Owed],
    ) -> Result<Option<Owed>, StoreError> {
        let Some(thread) = row
            .thread
            .filter(|_| row.status != Status::Active)
            .map(|t| t.id)
        else {
            return Ok(None);
        };
        let due = owed
            .iter()
            .map(Owed::due_at)
            .max()
            .unwrap_or_else(|| self.now());
        let archive = Target::Archive { thread };
        Owed::new(row.guild, &archive, &Reply::default(), due).map(Some)
    }

    /// For a tournament game, its board's result (and who lost on time, which counts towards
    /// withdrawal).
    async fn board_end(
        &self,
        row: &GameRow,
        outcome: &Outcome,
    ) -> Result<Option<BoardEnd>, StoreError> {
        let Some((tournament, board)) = self.store.board_of_game(row.id).await? else {
            return Ok(None);
        };
        let result = match outcome.winner {
            Some(Color::White) => BoardResult::WhiteWins,
            Some(Color::Black) => BoardResult::BlackWins,
            None => BoardResult::Draw,
        };
        let lost_on_time = match (outcome.reason, outcome.winner) {
            (EndReason::Timeout, Some(winner)) => Some(row.player(!winner).id),
            _ => None,
        };
        Ok(Some(BoardEnd {
            tournament,
            board: board.id,
            result,
            lost_on_time,
        }))
    }
}
