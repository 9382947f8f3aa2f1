//! A flag: the side to move is out of time, and the game is lost on time, once, whoever
//! notices first (the scheduler, or the late mover's own command).

use crate::core::present::{board, game_over};
use crate::core::{member, Core, CoreError, Reply, Target};
use crate::store::{End, GameRow, Status};
use crate::words;

impl Core {
    /// If the side to move in `row` is out of time at `now`, end the game on time, save it
    /// and return the announcement; None if there is time left. The version-checked save makes
    /// it happen once, whoever notices first. `post` says the outbox posts the announcement
    /// in the channel (the scheduler's way); otherwise the caller answers with it.
    pub(in crate::core) async fn flag_if_overdue(
        &self,
        row: &GameRow,
        channel: u64,
        now: i64,
        post: bool,
    ) -> Result<Option<Reply>, CoreError> {
        let mover = row.game.to_move();
        let Some(clock) = row.clock.filter(|_| row.status == Status::Active) else {
            return Ok(None);
        };
        if !clock.flagged(mover, now) {
            return Ok(None);
        }
        let mut row = row.clone();
        let Ok(outcome) = row.end(End::Timeout(mover), now) else {
            return Ok(None);
        };
        let text = words![
            member(row.player(mover).id),
            " ran out of time. ",
            game_over(&row, &outcome)
        ];
        let here = Target::Channel { channel };
        let mut announcement = Reply::public(text).with_picture(board(&row, !mover, now));
        if post {
            announcement = announcement.to(here);
        }
        let mut replies = vec![announcement];
        self.save_game(&row, None, here, &mut replies).await?;
        Ok(replies.pop())
    }
}
