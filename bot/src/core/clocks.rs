//! Clocks: a turn spends the mover's time, a deadline passed loses the game on time (found by
//! the scheduler, or by the late mover's own command), and correspondence players are
//! reminded a day and an hour before their deadline.

use super::play::{board, game_over};
use super::{Core, Reply, Target};
use crate::store::{GameRow, Status, StoreError};
use engine::{Clock, Color};
use render::ClockView;

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
    ) -> Result<Option<Reply>, StoreError> {
        let mover = row.game.to_move();
        let Some(clock) = row.clock.filter(|_| row.status == Status::Active) else {
            return Ok(None);
        };
        if !clock.flagged(mover, now) {
            return Ok(None);
        }
        let mut row = row.clone();
        let Ok(outcome) = row.game.lose_on_time(mover) else {
            return Ok(None);
        };
        row.status = Status::Finished;
        row.draw_offer = None;
        let text = format!(
            "<@{}> ran out of time. {}",
            row.player(mover).id,
            game_over(&row, &outcome)
        );
        let here = Target::Channel { channel };
        let mut announcement = Reply::public(text).with_picture(board(&row, !mover, now));
        if post {
            announcement = announcement.to(here);
        }
        let mut replies = vec![announcement];
        let ended = self.ending(&row, &mut replies).await?;
        let owed = self.owing(row.guild, here, &replies)?;
        self.store
            .save_game(&row, None, &owed, ended.as_ref(), now)
            .await?;
        if ended.is_some_and(|e| e.board.is_some()) {
            self.wake.notify_one();
        }
        Ok(replies.pop())
    }

    /// End every game in this process's servers whose mover's time ran out by `now`
    /// (after a restart too: deadlines are wall-clock times in the database).
    pub(super) async fn settle_overdue(&self, now: i64) -> Result<(), StoreError> {
        for id in self.store.overdue_games(now, &self.shards).await? {
            let Some((row, channel)) = self.store.game_with_channel(id).await? else {
                continue;
            };
            match self.flag_if_overdue(&row, channel, now, true).await {
                // A move or another process got there first: nothing left to do.
                Ok(_) | Err(StoreError::Conflict) => {}
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
            let reminder = Reply::public(format!(
                "<@{player}>, it is your turn ({mover}) and {left} remain on your clock: play before it runs out, or you lose on time."
            ))
            .pinging(player)
            .to(Target::Channel { channel });
            let owed = self.owing(row.guild, Target::Channel { channel }, &[reminder])?;
            self.store.claim_reminder(&row, due, &owed, now).await?;
        }
        Ok(())
    }
}

/// Both sides' clocks as the board shows them at `now`; None without a clock.
pub(super) fn clock_faces(row: &GameRow, now: i64) -> Option<[ClockView; 2]> {
    let mover = row.game.to_move();
    Some(faces(row.clock?, mover, row.status == Status::Active, now))
}

/// Both faces of `clock` at `now`, `mover`'s running while the game is.
pub(super) fn faces(clock: Clock, mover: Color, running: bool, now: i64) -> [ClockView; 2] {
    let left = if running {
        clock.remaining(mover, now)
    } else {
        clock.left
    };
    Color::ALL.map(|color| ClockView {
        remaining: left[color.index()],
        running: running && color == mover,
    })
}

/// "White 4:05, Black 2d 03h (running)" for /game.
pub(super) fn clock_line(row: &GameRow, now: i64) -> Option<String> {
    let faces = clock_faces(row, now)?;
    let sides: Vec<String> = Color::ALL
        .into_iter()
        .map(|color| {
            let face = faces[color.index()];
            let running = if face.running { " (running)" } else { "" };
            format!("{color} {}{running}", render::clock_text(face.remaining))
        })
        .collect();
    Some(format!(
        "Clock ({}): {}.",
        row.time_control,
        sides.join(", ")
    ))
}
