//! Challenges: posted with Accept and Decline buttons that only the challenged member may
//! press, open for ten minutes, one game per channel.

use super::play::board;
use super::{Button, ButtonStyle, Core, CoreError, Place, Reply, Who};
use crate::store::{ChallengeRow, ColourChoice, Player, StoreError};
use engine::{Color, Game, Options, Rules, Ruleset};
use std::hash::{BuildHasher, Hasher};

/// How long a challenge can be accepted, in seconds.
pub const CHALLENGE_SECONDS: i64 = 600;

impl Core {
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn challenge(
        &self,
        who: &Who,
        place: Place,
        opponent: Player,
        opponent_is_bot: bool,
        ruleset: Ruleset,
        options: Options,
        colour: ColourChoice,
    ) -> Result<Vec<Reply>, CoreError> {
        let channel = Core::channel(place)?;
        if opponent.id == who.id {
            return Err(CoreError::ChallengeSelf);
        }
        if opponent_is_bot {
            return Err(CoreError::ChallengeBot);
        }
        if let Some(game) = self.store.active_game(channel).await? {
            return Err(busy(&game.players));
        }
        let rules = Rules::new(ruleset, options);
        let now = self.now();
        let challenge = ChallengeRow {
            id: 0,
            channel,
            challenger: who.player(),
            opponent: opponent.clone(),
            rules: rules.clone(),
            colour,
            expires_at: now + CHALLENGE_SECONDS,
        };
        let id = self.store.insert_challenge(&challenge, now).await?;
        let side = match colour {
            ColourChoice::White => "White".to_string(),
            ColourChoice::Black => "Black".to_string(),
            ColourChoice::Random => "a colour drawn at random".to_string(),
        };
        let text = format!(
            "<@{}>: <@{}> challenges you to a game of csipgs chess, {}. <@{}> plays {side}. Accept within {} minutes.",
            opponent.id,
            who.id,
            rules_text(&rules),
            who.id,
            CHALLENGE_SECONDS / 60
        );
        let mut reply = Reply::public(text).pinging(opponent.id);
        reply.buttons = vec![
            Button {
                id: format!("challenge:accept:{id}"),
                label: "Accept".to_string(),
                style: ButtonStyle::Accept,
            },
            Button {
                id: format!("challenge:decline:{id}"),
                label: "Decline".to_string(),
                style: ButtonStyle::Decline,
            },
        ];
        Ok(vec![reply])
    }

    /// A press of Accept or Decline. A public reply replaces the challenge message.
    pub(super) async fn answer(
        &self,
        who: &Who,
        challenge: i64,
        accept: bool,
    ) -> Result<Vec<Reply>, CoreError> {
        let found = self
            .store
            .challenge(challenge)
            .await?
            .ok_or(CoreError::ChallengeGone)?;
        if found.opponent.id != who.id {
            return Err(CoreError::NotChallenged(found.opponent.id));
        }
        let now = self.now();
        if now > found.expires_at {
            self.store.close_challenge(challenge, true).await?;
            return Ok(vec![expired(found.challenger.id)]);
        }
        if !accept {
            if !self.store.close_challenge(challenge, false).await? {
                return Err(CoreError::ChallengeGone);
            }
            return Ok(vec![Reply::public(format!(
                "<@{}> declined the challenge of <@{}>.",
                who.id, found.challenger.id
            ))]);
        }
        let challenger_white = match found.colour {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => coin(),
        };
        let players = if challenger_white {
            [found.challenger.clone(), found.opponent.clone()]
        } else {
            [found.opponent.clone(), found.challenger.clone()]
        };
        let game = Game::new(found.rules.clone());
        let row = match self
            .store
            .accept_challenge(&found, players, game, now)
            .await
        {
            Ok(row) => row,
            Err(StoreError::Conflict) => return Err(CoreError::ChallengeGone),
            Err(StoreError::ChannelBusy) => {
                let active = self.store.active_game(found.channel).await?;
                return Err(active.map_or(CoreError::ChallengeGone, |g| busy(&g.players)));
            }
            Err(e) => return Err(e.into()),
        };
        let white = row.player(Color::White).id;
        let text = format!(
            "Game on! <@{white}> (White) vs <@{}> (Black), {}. Take turns with /move, /transfer, /buy or /turn; /help lists every command. White to move: <@{white}>.",
            row.player(Color::Black).id,
            rules_text(row.game.rules()),
        );
        Ok(vec![Reply::public(text)
            .pinging(white)
            .with_picture(board(&row, Color::White))])
    }
}

impl Core {
    /// Close a challenge whose time is up; the reply replaces the challenge message. None if
    /// it was answered meanwhile.
    pub async fn expire(&self, challenge: i64) -> Option<Reply> {
        let found = self.store.challenge(challenge).await.ok()??;
        match self.store.close_challenge(challenge, true).await {
            Ok(true) => Some(expired(found.challenger.id)),
            _ => None,
        }
    }
}

fn expired(challenger: u64) -> Reply {
    Reply::public(format!(
        "This challenge expired. <@{challenger}>, challenge again with /challenge."
    ))
}

fn busy(players: &[Player; 2]) -> CoreError {
    CoreError::ChannelBusy {
        white: players[0].id,
        black: players[1].id,
    }
}

/// "classic rules with power, proposals".
pub(super) fn rules_text(rules: &Rules) -> String {
    let o = &rules.options;
    let on: Vec<&str> = [
        (o.power, "power"),
        (o.proposals, "proposals"),
        (o.unofficial, "unofficial prefixes"),
        (o.plunder, "plunder"),
        (o.fog, "fog"),
    ]
    .into_iter()
    .filter_map(|(set, name)| set.then_some(name))
    .collect();
    if on.is_empty() {
        format!("{} rules", rules.ruleset)
    } else {
        format!("{} rules with {}", rules.ruleset, on.join(", "))
    }
}

/// A fair coin from the standard library's randomly seeded hasher.
fn coin() -> bool {
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
        & 1
        == 0
}
