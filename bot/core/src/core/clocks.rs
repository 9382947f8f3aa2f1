//! The scheduler's clock work: games whose mover's time ran out are lost on time (see
//! `games::flag`), and correspondence players are reminded a day and an hour before their
//! deadline.

use super::member;
use super::{Core, CoreError, Place, Reply, Target};
use crate::words;

impl Core {
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

    /// End the game played in `place` if its mover's time ran out, for an adapter without
    /// the scheduler (the terminal), which asks before each command: its announcement.
    pub async fn flag_overdue_in(&self, place: Place) -> Result<Option<Reply>, CoreError> {
        let channel = Core::channel(place)?;
        let Some(row) = self.store.active_game(channel).await? else {
            return Ok(None);
        };
        self.flag_if_overdue(&row, channel.channel, self.now(), false)
            .await
    }

    /// Remind the players to move whose reminder is due: each reminder is claimed, so it is
    /// sent once however many processes look.
    pub(super) async fn send_reminders(&self, now: i64) -> Result<(), CoreError> {
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
            let mut replies = [reminder];
            let here = Target::Channel { channel };
            self.write_owed(row.guild, here, &mut replies, |owed| async move {
                self.store.claim_reminder(&row, due, &owed, now).await
            })
            .await?;
        }
        Ok(())
    }
}
