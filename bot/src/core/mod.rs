//! The command core: every command, rule and message of the bot, once. Discord and the
//! terminal both turn what a member typed into a `Request` and show the `Reply`s.

mod challenge;
mod complete;
mod error;
mod info;
mod play;
mod proposals;
pub mod reply;
mod text;

pub use challenge::CHALLENGE_SECONDS;
pub use complete::{Choice, Field};
pub use error::CoreError;
pub use reply::{Button, ButtonStyle, File, Picture, Reply};

use crate::store::{Channel, ColourChoice, GameRow, Player, ProposalKind, Store, StoreError};
use engine::{Color, Options, Ruleset};
use std::sync::Arc;

/// The member who sent a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub id: u64,
    pub name: String,
    /// Has Manage Messages in the channel: may abort any game there.
    pub moderator: bool,
}

impl Who {
    pub fn player(&self) -> Player {
        Player {
            id: self.id,
            name: self.name.clone(),
        }
    }
}

/// Where a command was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Channel(Channel),
    /// A direct message: only /price, /help and /rules work here.
    Direct,
}

/// A command with its options, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Challenge {
        opponent: Player,
        opponent_is_bot: bool,
        ruleset: Ruleset,
        options: Options,
        colour: ColourChoice,
    },
    /// A press of a challenge's Accept or Decline button.
    Answer {
        challenge: i64,
        accept: bool,
    },
    Move {
        text: String,
        redesign: Option<String>,
    },
    Transfer {
        piece: String,
        square: String,
        redesign: Option<String>,
    },
    Buy {
        design: String,
        redesign: Option<String>,
    },
    Turn {
        text: String,
    },
    Propose {
        kind: ProposalKind,
        name: String,
        notation: String,
        estimate: String,
    },
    Estimate {
        proposal: i64,
        value: String,
    },
    Price {
        design: String,
        ruleset: Option<Ruleset>,
    },
    Board,
    Game,
    History,
    Resign,
    Draw,
    Abort,
    Help,
    Rules,
}

impl Request {
    /// The challenge a reply's buttons answer, if it has them.
    pub fn challenge_of(reply: &Reply) -> Option<i64> {
        reply
            .buttons
            .iter()
            .find_map(|b| match Request::from_button(&b.id) {
                Some(Request::Answer { challenge, .. }) => Some(challenge),
                _ => None,
            })
    }

    /// The request a button stands for (its id came from a `Reply` of ours).
    pub fn from_button(id: &str) -> Option<Request> {
        let (action, challenge) = id.strip_prefix("challenge:")?.split_once(':')?;
        let accept = match action {
            "accept" => true,
            "decline" => false,
            _ => return None,
        };
        Some(Request::Answer {
            challenge: challenge.parse().ok()?,
            accept,
        })
    }
}

/// One command for /help: its name, options and description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandHelp {
    pub name: String,
    /// Options in order, optional ones in brackets.
    pub options: Vec<String>,
    pub description: String,
}

/// The time in whole seconds since 1970; tests set their own.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    })
}

pub struct Core {
    store: Store,
    clock: Clock,
    commands: Vec<CommandHelp>,
}

impl Core {
    pub fn new(store: Store, clock: Clock, commands: Vec<CommandHelp>) -> Core {
        Core {
            store,
            clock,
            commands,
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    /// Carry out a command. Errors come back as a reply only the asker sees.
    pub async fn handle(&self, who: &Who, place: Place, request: Request) -> Vec<Reply> {
        match self.dispatch(who, place, request).await {
            Ok(replies) => replies,
            Err(e) => {
                if let CoreError::Storage(cause) = &e {
                    tracing::error!(error = %cause, "storage failed");
                }
                vec![Reply::private(e.sentence())]
            }
        }
    }

    async fn dispatch(
        &self,
        who: &Who,
        place: Place,
        request: Request,
    ) -> Result<Vec<Reply>, CoreError> {
        match request {
            Request::Challenge {
                opponent,
                opponent_is_bot,
                ruleset,
                options,
                colour,
            } => {
                self.challenge(
                    who,
                    place,
                    opponent,
                    opponent_is_bot,
                    ruleset,
                    options,
                    colour,
                )
                .await
            }
            Request::Answer { challenge, accept } => self.answer(who, challenge, accept).await,
            Request::Move { text, redesign } => {
                self.take_turn(who, place, with_redesign(text, redesign))
                    .await
            }
            Request::Transfer {
                piece,
                square,
                redesign,
            } => {
                let text = format!("{}@{}", piece_name(&piece), square.trim());
                self.take_turn(who, place, with_redesign(text, redesign))
                    .await
            }
            Request::Buy { design, redesign } => {
                let text = format!("Buy {}", design.trim());
                self.take_turn(who, place, with_redesign(text, redesign))
                    .await
            }
            Request::Turn { text } => self.take_turn(who, place, text).await,
            Request::Propose {
                kind,
                name,
                notation,
                estimate,
            } => {
                self.propose(who, place, kind, &name, &notation, &estimate)
                    .await
            }
            Request::Estimate { proposal, value } => {
                self.estimate(who, place, proposal, &value).await
            }
            Request::Price { design, ruleset } => self.price(place, &design, ruleset).await,
            Request::Board => self.board(who, place).await,
            Request::Game => self.status(place).await,
            Request::History => self.history(place).await,
            Request::Resign => self.resign(who, place).await,
            Request::Draw => self.draw(who, place).await,
            Request::Abort => self.abort(who, place).await,
            Request::Help => Ok(vec![Reply::private(text::help(&self.commands))]),
            Request::Rules => Ok(vec![Reply::private(text::RULES)]),
        }
    }

    /// The channel a game command was sent in.
    fn channel(place: Place) -> Result<Channel, CoreError> {
        match place {
            Place::Channel(c) => Ok(c),
            Place::Direct => Err(CoreError::NotInServer),
        }
    }

    async fn active(&self, place: Place) -> Result<GameRow, CoreError> {
        self.store
            .active_game(Core::channel(place)?)
            .await?
            .ok_or(CoreError::NoGame)
    }

    /// The asker's colour in the channel's game, if they play in it.
    fn color(row: &GameRow, who: &Who) -> Result<Color, CoreError> {
        row.color_of(who.id).ok_or(CoreError::NotAPlayer {
            white: row.player(Color::White).id,
            black: row.player(Color::Black).id,
        })
    }

    /// Save a changed game; a change that lost the race to another command says so.
    async fn save(&self, row: &GameRow, turn_by: Option<u64>) -> Result<(), CoreError> {
        match self.store.save_game(row, turn_by, self.now()).await {
            Err(StoreError::Conflict) => Err(CoreError::Conflict),
            other => Ok(other?),
        }
    }
}

/// A turn's text with the design phase added.
fn with_redesign(action: String, redesign: Option<String>) -> String {
    match redesign.as_deref().map(str::trim) {
        Some(r) if !r.is_empty() => format!("{}; {r}", action.trim()),
        _ => action,
    }
}

/// A reserve piece as named in a transfer: a FIDE letter, or a design in parentheses.
fn piece_name(piece: &str) -> String {
    let inner = piece.trim();
    let inner = inner
        .strip_prefix('(')
        .and_then(|p| p.strip_suffix(')'))
        .unwrap_or(inner);
    if inner.len() == 1 {
        inner.to_string()
    } else {
        format!("({inner})")
    }
}

#[cfg(test)]
mod tests;
