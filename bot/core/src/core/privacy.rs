//! /privacy: what the bot keeps about a member and for how long, a copy of all of it, and
//! forgetting them (also the operator's `csipgs forget`). Each answer goes to the asker only.

use super::present::{board, game_over, secret};
use super::request::{Press, PrivacyRequest};
use super::{
    code, strong, Button, ButtonStyle, Content, Core, CoreError, File, Place, Reply, Target, Who,
};
use crate::store::{End, Forgotten, GameRow, StoreError};
use crate::words;
use serde_json::Value;
use std::collections::HashSet;

/// How many times a game's resignation is tried when moves keep changing it meanwhile.
const RESIGN_TRIES: usize = 3;

impl Core {
    pub(super) async fn privacy(
        &self,
        who: &Who,
        place: Place,
        request: PrivacyRequest,
    ) -> Result<Vec<Reply>, CoreError> {
        match request {
            PrivacyRequest::Show => Ok(vec![Reply::private(self.privacy_statement())]),
            PrivacyRequest::Export => self.export(who).await,
            PrivacyRequest::Forget => {
                let id = |confirm| {
                    Press::Forget {
                        member: who.id,
                        confirm,
                    }
                    .id(Core::posted_in(place), &self.seal)
                };
                Ok(vec![Reply::private(words![
                    "Forget you? Your settings, ratings, profile and waiting messages are deleted, \
                     and your name and id in other members' games and standings become an \
                     anonymous label such as \"deleted member #4\". Your games in progress are \
                     resigned first (unrated). This can't be undone; ",
                    code("/privacy export"),
                    " first if you want a copy.",
                ])
                .with_buttons(vec![
                    Button::new(id(true), "Forget me", ButtonStyle::Decline),
                    Button::new(id(false), "Keep my data", ButtonStyle::Neutral),
                ])])
            }
        }
    }

    /// The answer to /privacy forget's question; only the member who asked can give it.
    pub(super) async fn forget_pressed(
        &self,
        who: &Who,
        member: u64,
        confirm: bool,
    ) -> Result<Vec<Reply>, CoreError> {
        if who.id != member {
            return Err(CoreError::NotYourPrivacy(member));
        }
        if !confirm {
            return Ok(vec![Reply::private("Nothing was deleted.").replacing()]);
        }
        let forgotten = self.forget(member).await?;
        tracing::info!(anonymous = %forgotten.label, "a member asked to be forgotten");
        Ok(vec![Reply::private(format!(
            "Done: nothing the bot keeps names you any more. In the games and standings of \
             others you are now \"{}\". If you play again, the bot starts a new record.",
            forgotten.label
        ))
        .replacing()])
    }

    /// Forget a member: their games in progress are resigned (unrated, announced in their
    /// channels), then every stored trace of them is deleted or made anonymous.
    pub async fn forget(&self, member: u64) -> Result<Forgotten, CoreError> {
        for (row, channel) in self.store.member_active_games(member).await? {
            self.resign_forgotten(row, channel, member).await?;
        }
        let direct = direct_target(member)?;
        Ok(self
            .store
            .forget_member(member, &direct, self.now())
            .await?)
    }

    /// Resign `member`'s game because they are forgotten: unrated, so nobody's rating moves.
    async fn resign_forgotten(
        &self,
        mut row: GameRow,
        channel: u64,
        member: u64,
    ) -> Result<(), CoreError> {
        for _ in 0..RESIGN_TRIES {
            let Some(color) = row.color_of(member) else {
                return Ok(());
            };
            let mut ending = row.clone();
            ending.rated = false;
            let Ok(outcome) = ending.end(End::Resign(color), self.now()) else {
                return Ok(());
            };
            let text = words![
                super::member(member),
                " left csipgs and asked for their data to be deleted, so their game is resigned \
                 (unrated). ",
                game_over(&ending, &outcome)
            ];
            let here = Target::Channel { channel };
            let mut replies = vec![Reply::public(text)
                .with_picture(board(&ending, !color, self.now()))
                .to(here)];
            match self.save_game(&ending, None, here, &mut replies).await {
                Err(CoreError::Conflict) => {
                    // A move came first: resign the game as it is now.
                    match self.store.game_with_channel(row.id).await? {
                        Some((fresh, _)) if fresh.status == crate::store::Status::Active => {
                            row = fresh
                        }
                        _ => return Ok(()),
                    }
                }
                other => return other,
            }
        }
        Err(CoreError::Conflict)
    }

    /// Everything kept about the asker, as a JSON file only they receive; a fog game they
    /// are still playing without its hidden board (see `withhold_fog`).
    async fn export(&self, who: &Who) -> Result<Vec<Reply>, CoreError> {
        let mut kept = self
            .store
            .export_member(who.id, &direct_target(who.id)?)
            .await?;
        // Read after the export, so a fog game that started meanwhile is among them.
        let hidden: HashSet<i64> = self
            .store
            .member_active_games(who.id)
            .await?
            .into_iter()
            .filter(|(row, _)| secret(row).is_some())
            .map(|(row, _)| row.id)
            .collect();
        let withheld = withhold_fog(&mut kept, &hidden);
        let counts: Vec<String> = kept
            .as_object()
            .map(|tables| {
                tables
                    .iter()
                    .map(|(table, rows)| {
                        let n = rows.as_array().map_or(0, Vec::len);
                        format!("{table} {n}")
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut document = serde_json::json!({
            "member": who.id.to_string(),
            "exported_at": self.now(),
            "about": "Every row csipgs keeps that names you, by table; ids are Discord ids, times are seconds since 1970. Messages still owed to others that mention you are included without their pictures, which are the recipient's.",
            "tables": kept,
        });
        if withheld > 0 {
            document["withheld"] = Value::from(format!(
                "{withheld} fog game(s) you are still playing: their positions (games.state, turns.position) are left out, since they show the board you may not see; export again once the game ends to get them whole."
            ));
        }
        let bytes =
            serde_json::to_vec_pretty(&document).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let summary = if counts.is_empty() {
            "The bot keeps nothing about you.".to_string()
        } else {
            format!(
                "Everything the bot keeps about you, as JSON (rows by table: {}).",
                counts.join(", ")
            )
        };
        let mut reply = Reply::private(summary.clone());
        reply.files.push(File {
            name: format!("csipgs-data-{}.json", who.id),
            bytes,
            description: summary,
        });
        Ok(vec![reply])
    }

    /// What /privacy says: what is kept, for how long, and how to remove it. The README's
    /// privacy statement says the same for operators to publish.
    fn privacy_statement(&self) -> Content {
        let r = &self.retention;
        let kept = format!(
            "\n\
             - Your Discord id and your name as it was then, in each game you play (with every \
             move), your challenges, ratings, results and tournament entries, in the server \
             where they happened. They are kept so that games can be replayed and standings \
             and ratings stay right.\n\
             - Your /notify setting.\n\
             - Messages to you that could not be delivered: a fog game's private boards wait \
             for your next command when you take no DMs, and are deleted {held} after you \
             last played a game in that server. Other messages are dropped after a day of tries.\n\
             - Answered, withdrawn and expired challenges are deleted after {challenges}.\n\
             - When the bot is removed from a server, everything of that server is deleted \
             {left} later (unless it is added back before).\n\
             No message you write is kept except the moves and names you give commands.\n\n",
            held = r.held_messages,
            challenges = r.closed_challenges,
            left = r.left_servers,
        );
        words![
            strong(words!["What csipgs keeps about you"]),
            kept,
            strong(words!["Your choices"]),
            "\n- ",
            code("/privacy export"),
            ": a file with everything kept about you, sent to you only.\n- ",
            code("/privacy forget"),
            ": deletes your settings, ratings, profile and waiting messages, and replaces your \
             name and id in others' games and standings with an anonymous label such as \
             \"deleted member #4\". Your games in progress are resigned first (unrated). The \
             bot's operator can do the same for a request by mail.",
        ]
    }
}

/// Blank the positions of the fog games in `hidden` (games in progress): the game's state
/// and each turn's position show the whole board. Returns how many games were withheld.
fn withhold_fog(kept: &mut Value, hidden: &HashSet<i64>) -> usize {
    let mut withheld = HashSet::new();
    for (table, id, column) in [("games", "id", "state"), ("turns", "game_id", "position")] {
        let Some(rows) = kept.get_mut(table).and_then(Value::as_array_mut) else {
            continue;
        };
        for row in rows {
            let Some(game) = row.get(id).and_then(Value::as_i64) else {
                continue;
            };
            if hidden.contains(&game) {
                row[column] = Value::Null;
                withheld.insert(game);
            }
        }
    }
    withheld.len()
}

/// A direct message to `member`, as the outbox stores its target.
fn direct_target(member: u64) -> Result<String, StoreError> {
    serde_json::to_string(&Target::Direct { user: member })
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}
