//! Clocks: a turn spends the mover's time, a deadline passed loses the game on time (found by
//! the scheduler, or by the late mover's own command), and correspondence players are
//! reminded a day and an hour before their deadline.

use super::member;
use super::present::{board, game_over};
use super::{Core, CoreError, Reply, Target};
use crate::store::{End, GameRow, Status, StoreError};
use crate::words;

impl Core {
    /// If the side to move in `row` is out of time at `now`, end the game on time, save it
    /// and return the announcement; None if there is time left. The version-checked save makes
    /// it happen once, whoever notices first. `post` says the outbox posts the announcement
    /// in the channel (the scheduler's way); otherwise the caller answers with it.
    pub(super) async fn flag_if_overdue(
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
        let Ok(outcome) = row.end(End::Timeout(mover)) else {
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

    /// End every game in this process's servers whose mover's time ran out by `now`
    /// (after a restart too: deadlines are wall-clock times in the database).
    pub(super) async fn settle_overdue(&self, now: i64) -> Result<(), CoreError> {
        for id in self.store.overdue_games(now, &self.shards).await? {
            let Some((row, channel)) = self.store.game_with_channel(id).await? else {
                continue;
            };
            match self.flag_if_overdue(&row, channel, now, true).await {
                // A move or another process got there first: nothing left to do.
                Ok(_) | Err(CoreError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Remind the players to move whose reminder is due: each reminder is claimed, so it is
    /// sent once however many processes look.
    pub(super) async fn send_reminders(&self, now: i64) -> Result<(), StoreError> {
        for (id, due) in self.store.reminders_due(now, &self.shards).await? {
            let Some((row, channel)) = self.store.game_with_channel(id).await? else {
                continue;
            };
            let mover = row.game.to_move();
            let Some(deadline) = row.deadline() else {
                continue;
            };
            let left = render::clock_text((deadline - now).max(0) as u64);
            let player = row.player(mover).id;
            let reminder = Reply::public(words![
                member(player),
                format!(", it is your turn ({mover}) and {left} remain on your clock: play before it runs out, or you lose on time."),
            ])
            .pinging(player)
            .to(Target::Channel { channel });
            let owed = self.owed_messages(row.guild, Target::Channel { channel }, &[reminder])?;
            self.store.claim_reminder(&row, due, &owed, now).await?;
        }
        Ok(())
    }
}
