//! Saving a changed game: the turn's news, the watch link, what its end writes, and the
//! scheduler and the computer woken for what the save makes due.

use crate::core::present::{fog_game, for_computer, turn_replies, turn_reply, your_turn};
use crate::core::watch::add_watch;
use crate::core::{Core, CoreError, Place, Reply, Target};
use crate::store::{GameRow, LinkKind};
use engine::Played;

impl Core {
    /// After a turn is played on a loaded game (by a member or the computer): the clock,
    /// the draw offer and the status follow, and the turn's announcements are made.
    pub(in crate::core) async fn turn_played(
        &self,
        row: &mut GameRow,
        played: &Played,
        place: Place,
        now: i64,
    ) -> Result<Vec<Reply>, CoreError> {
        let color = played.color;
        let channel = Core::channel(place)?.channel;
        row.clock = row.clock.map(|c| c.after_turn(color, now));
        row.after_turn();
        let mut replies = if let Some(game) = fog_game(&row.game) {
            // The opponent's board by DM tells them it is their turn.
            turn_replies(row, game, played, channel, now)
        } else {
            let mut replies = vec![turn_reply(row, played, now)];
            let next = row.player(!color).id;
            if !row.game.is_over() && self.store.notify(next).await? {
                replies.push(your_turn(row, place, next));
            }
            replies
        };
        // The computer reads no messages.
        replies.retain(|r| !for_computer(row, r));
        Ok(replies)
    }

    /// Save a changed game in the command's channel; see `save_game`.
    pub(in crate::core) async fn save(
        &self,
        place: Place,
        row: &GameRow,
        turn_by: Option<u64>,
        replies: &mut [Reply],
    ) -> Result<(), CoreError> {
        let here = Target::Channel {
            channel: Core::channel(place)?.channel,
        };
        self.save_game(row, turn_by, here, replies).await
    }

    /// Save a changed game with the public replies that announce it (owed until delivered,
    /// to `here` unless they go elsewhere), and for a game that has just ended what follows
    /// from its end (see `ending`). A change that lost the race to another command is
    /// `CoreError::Conflict`.
    pub(in crate::core) async fn save_game(
        &self,
        row: &GameRow,
        turn_by: Option<u64>,
        here: Target,
        replies: &mut [Reply],
    ) -> Result<(), CoreError> {
        if let Some(watch) = self.watch_button(LinkKind::Game, row.id, row.guild).await? {
            add_watch(replies, &row.game, &self.game_buttons(watch, &row.game));
        }
        let ended = self.ending(row, replies).await?;
        let result = ended.as_ref();
        let now = self.now();
        self.write_owed(row.guild, here, replies, |mut owed| async move {
            owed.extend(self.archive_owed(row, &owed)?);
            self.store.save_game(row, turn_by, &owed, result, now).await
        })
        .await?;
        // A finished tournament board may leave a round to pair now.
        if ended.is_some_and(|e| e.board.is_some()) {
            self.wake.notify_one();
        }
        self.wake_for(row);
        Ok(())
    }

    /// Wake whoever a written game makes due: the scheduler, which may be asleep past the
    /// game's deadline, and the computer, for a turn it now owes (whatever made it so).
    pub(in crate::core) fn wake_for(&self, row: &GameRow) {
        if row.deadline().is_some() {
            self.wake.notify_one();
        }
        if row.computer_to_move() {
            self.thinking.wake();
        }
    }
}
