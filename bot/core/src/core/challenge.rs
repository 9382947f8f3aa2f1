//! Challenges: posted with buttons (Accept and Decline for the challenged member, or Accept
//! for anyone when nobody is named; Cancel for the challenger), open for ten minutes. An
//! accepted challenge opens a thread for its game where the server wants one.

use super::present::{clock_views, expired, message_of, opening, terms_text, withdrawn};
use super::seal::Seal;
use super::spec::{GameSpec, GameTerms, Terms};
use super::{
    member, named_channel, Anchor, Button, ButtonStyle, ChallengeAnswer, ChallengeRequest, Content,
    Core, CoreError, Place, Press, Reply, Target, Who,
};
use crate::store::{
    ChallengeRow, ChallengeStatus, Channel, ColourChoice, NewGame, Status, StoreError,
};
use crate::words;
use engine::{Clock, Color};

/// How long a challenge can be accepted, in seconds.
pub const CHALLENGE_SECONDS: i64 = 600;

impl Core {
    pub(super) async fn challenge(
        &self,
        who: &Who,
        place: Place,
        request: ChallengeRequest,
    ) -> Result<Vec<Reply>, CoreError> {
        let channel = Core::channel(place)?;
        if let Some(opponent) = &request.opponent {
            if opponent.id == who.id {
                return Err(CoreError::ChallengeSelf);
            }
            if request.computer {
                let computer = opponent.clone();
                return self.play_computer(who, place, computer, request).await;
            }
            if request.opponent_is_bot {
                return Err(CoreError::ChallengeBot);
            }
        }
        if request.level.is_some() {
            return Err(CoreError::LevelWithoutComputer);
        }
        let Terms {
            terms:
                GameTerms {
                    rules,
                    control: time_control,
                    rated,
                },
            ..
        } = self.terms(place, &request).await?;
        let colour = request.colour.unwrap_or(ColourChoice::Random);
        let now = self.now();
        let challenge = ChallengeRow {
            id: 0,
            channel,
            challenger: who.player(),
            opponent: request.opponent.clone(),
            rules,
            colour,
            expires_at: now + CHALLENGE_SECONDS,
            message: None,
            time_control,
            rated,
        };
        let here = Target::Channel {
            channel: channel.channel,
        };
        let quota = self.quotas.challenges(who.id);
        let (_, replies) = self
            .write_owing(channel.guild, here, async |owing| {
                let store = &self.store;
                store
                    .insert_challenge(
                        &challenge,
                        quota,
                        |id, replaced| {
                            let mut message = challenge_message(&challenge, id, &self.seal);
                            // The member was pinged by the challenge this one replaces: once
                            // is enough.
                            if replaced.iter().any(|old| {
                                old.opponent.is_some() && old.opponent == challenge.opponent
                            }) {
                                message.pings.clear();
                            }
                            let withdrawn = replaced
                                .iter()
                                .map(|old| withdrawn(old.challenger.id).to(message_of(old)));
                            owing.owe(std::iter::once(message).chain(withdrawn).collect())
                        },
                        now,
                    )
                    .await
            })
            .await?;
        Ok(replies)
    }

    /// /rematch: the last game's players, the same rules, time control and rating, colours
    /// swapped; the asker challenges the other.
    pub(super) async fn rematch(&self, who: &Who, place: Place) -> Result<Vec<Reply>, CoreError> {
        let channel = Core::channel(place)?;
        let last = self
            .store
            .latest_game(channel)
            .await?
            .ok_or(CoreError::NoRematch)?;
        if last.status == Status::Active {
            return Err(CoreError::busy(&last.players));
        }
        let Some(color) = last.color_of(who.id) else {
            return Err(CoreError::NotInRematch {
                white: last.player(Color::White).id,
                black: last.player(Color::Black).id,
            });
        };
        let request = ChallengeRequest {
            opponent: Some(last.player(!color).clone()),
            colour: Some(match color {
                Color::White => ColourChoice::Black,
                Color::Black => ColourChoice::White,
            }),
            game: GameSpec::repeating(&last.game.rules(), last.time_control, last.rated),
            computer: last.computer.is_some(),
            level: last.computer.map(|c| c.level.number()),
            ..ChallengeRequest::default()
        };
        self.challenge(who, place, request).await
    }

    /// A press of a challenge's Accept, Decline or Cancel button. The public answer replaces
    /// the challenge message.
    pub(super) async fn answer(
        &self,
        who: &Who,
        place: Place,
        challenge: i64,
        answer: ChallengeAnswer,
    ) -> Result<Vec<Reply>, CoreError> {
        let found = self
            .store
            .challenge(challenge)
            .await?
            .ok_or(CoreError::ChallengeGone)?;
        // The id says where it was posted, but a forger writes the id: the challenge's own
        // channel decides.
        if Core::posted_in(place) != Some(found.channel) {
            return Err(CoreError::PressedElsewhere);
        }
        let by_challenger = found.challenger.id == who.id;
        let named = found.opponent.as_ref().map(|p| p.id);
        let now = self.now();
        match answer {
            ChallengeAnswer::Accept => {
                if by_challenger {
                    return Err(CoreError::OwnChallenge);
                }
                if let Some(id) = named.filter(|&id| id != who.id) {
                    return Err(CoreError::NotChallenged(id));
                }
            }
            ChallengeAnswer::Decline if !by_challenger => match named {
                Some(id) if id == who.id => {}
                Some(id) => return Err(CoreError::NotChallenged(id)),
                None => return Err(CoreError::NotChallenger(found.challenger.id)),
            },
            ChallengeAnswer::Decline | ChallengeAnswer::Cancel => {
                if !by_challenger {
                    return Err(CoreError::NotChallenger(found.challenger.id));
                }
            }
        }
        if now > found.expires_at {
            return self
                .close(
                    &found,
                    ChallengeStatus::Expired,
                    expired(found.challenger.id),
                )
                .await;
        }
        match answer {
            ChallengeAnswer::Accept => self.accept(who, place, found, now).await,
            ChallengeAnswer::Decline if !by_challenger => {
                let text = words![
                    member(who.id),
                    " declined the challenge of ",
                    member(found.challenger.id),
                    ".",
                ];
                self.close(
                    &found,
                    ChallengeStatus::Declined,
                    Reply::public(text).replacing(),
                )
                .await
            }
            ChallengeAnswer::Decline | ChallengeAnswer::Cancel => {
                let text = words![member(who.id), " withdrew the challenge."];
                self.close(
                    &found,
                    ChallengeStatus::Cancelled,
                    Reply::public(text).replacing(),
                )
                .await
            }
        }
    }

    /// Close a challenge with a notice that replaces its message.
    async fn close(
        &self,
        found: &ChallengeRow,
        status: ChallengeStatus,
        notice: Reply,
    ) -> Result<Vec<Reply>, CoreError> {
        let mut replies = vec![notice];
        let now = self.now();
        self.write_owed(
            found.channel.guild,
            message_of(found),
            &mut replies,
            |owed| async move {
                let closed = self.store.close_challenge(found.id, status, &owed, now);
                closed.await?.ok_or(CoreError::ChallengeGone)
            },
        )
        .await?;
        Ok(replies)
    }

    async fn accept(
        &self,
        who: &Who,
        place: Place,
        found: ChallengeRow,
        now: i64,
    ) -> Result<Vec<Reply>, CoreError> {
        let opponent = found.opponent.clone().unwrap_or_else(|| who.player());
        let challenger_white = match found.colour {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => self.roll() & 1 == 0,
        };
        let players = if challenger_white {
            [found.challenger.clone(), opponent]
        } else {
            [opponent, found.challenger.clone()]
        };
        let settings = self.store.guild_settings(found.channel.guild).await?;
        let thread = match self.threaded(place, settings.threads) {
            true => self.open_thread(found.channel, &players).await,
            false => None,
        };
        let game_channel = Channel {
            guild: found.channel.guild,
            channel: thread.unwrap_or(found.channel.channel),
        };
        let game = self.new_game(&found.rules);
        let (white, black) = (players[0].id, players[1].id);
        let clocks = Clock::start(found.time_control, now)
            .map(|clock| clock_views(clock, Color::White, true, now));
        let rules = found.rules.text();
        let started = |text: Content| Reply::public(text).pinging(white);
        let players_rules = words![
            member(white),
            " (White) vs ",
            member(black),
            format!(" (Black), {rules}"),
        ];
        let how = words![
            players_rules.clone(),
            format!(". {} White to move: ", found.rules.how_to_play()),
            member(white),
            ".",
        ];
        let replies = match thread {
            Some(thread) => vec![
                Reply::public(words![
                    "Game on! ",
                    players_rules,
                    ", in ",
                    named_channel(thread),
                    "."
                ])
                .replacing(),
                started(how).to(Target::Channel { channel: thread }),
            ],
            None => vec![started(words!["Game on! ", how]).replacing()],
        };
        let mut replies = replies;
        if let Some(last) = replies.last_mut() {
            let boards = opening(last, &players, &game, game_channel.channel, clocks);
            replies.extend(boards);
        }
        let watch = self.starting_watch(settings.web, &game, &mut replies)?;
        let new = NewGame {
            players,
            game,
            watch,
        };
        let row = self
            .write_owed(
                found.channel.guild,
                message_of(&found),
                &mut replies,
                |owed| async move {
                    let accepted =
                        self.store
                            .accept_challenge(&found, game_channel, new, &owed, now);
                    match accepted.await {
                        Err(StoreError::Conflict) => Err(CoreError::ChallengeGone),
                        Err(StoreError::ChannelBusy) => Err(self
                            .channel_busy(game_channel, CoreError::ChallengeGone)
                            .await),
                        written => Ok(written?),
                    }
                },
            )
            .await?;
        self.wake_for(&row);
        Ok(replies)
    }
}

/// The challenge as posted, with its buttons.
fn challenge_message(challenge: &ChallengeRow, id: i64, seal: &Seal) -> Reply {
    let challenger = challenge.challenger.id;
    let side = match challenge.colour {
        ColourChoice::White => "White",
        ColourChoice::Black => "Black",
        ColourChoice::Random => "a colour drawn at random",
    };
    let rules = format!(
        "{}, {}",
        challenge.rules.text(),
        terms_text(challenge.time_control, challenge.rated)
    );
    let game = challenge.rules.game_name();
    let minutes = CHALLENGE_SECONDS / 60;
    let press = |answer| {
        Press::Challenge {
            challenge: id,
            answer,
        }
        .id(Some(challenge.channel), seal)
    };
    let accept = Button::new(
        press(ChallengeAnswer::Accept),
        "Accept",
        ButtonStyle::Accept,
    );
    let cancel = Button::new(
        press(ChallengeAnswer::Cancel),
        "Cancel",
        ButtonStyle::Neutral,
    );
    let mut reply = match &challenge.opponent {
        Some(opponent) => Reply::public(words![
            member(opponent.id),
            ": ",
            member(challenger),
            format!(" challenges you to {game}, {rules}. "),
            member(challenger),
            format!(" plays {side}. Accept within {minutes} minutes."),
        ])
        .pinging(opponent.id)
        .with_buttons(vec![
            accept,
            Button::new(
                press(ChallengeAnswer::Decline),
                "Decline",
                ButtonStyle::Decline,
            ),
            cancel,
        ]),
        None => Reply::public(words![
            member(challenger),
            format!(" challenges anyone here to {game}, {rules}. "),
            member(challenger),
            format!(" plays {side}. Press Accept within {minutes} minutes to play."),
        ])
        .with_buttons(vec![accept, cancel]),
    };
    reply.anchor = Some(Anchor::Challenge(id));
    reply
}
