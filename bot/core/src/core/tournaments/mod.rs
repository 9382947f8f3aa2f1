//! Tournaments in the bot: the commands, and the steps the scheduler takes to run one from
//! sign-up to final standings. The pairing rules, tie-breaks and TRF files are the pure
//! `league` crate; this module loads a tournament's tables, builds the pairing
//! model from them, calls the rules and stores what they return.
//!
//! Layout: `options` (/tournament create's options), `signup` (create, join, leave,
//! withdraw), `director` (/td), `advance` (the scheduler's steps: start, pair, open the
//! games, post the pairings, finish), `show` (info, list, standings, pairings, export), `page`
//! (the tournament's web page), and
//! here finding a tournament and its pairing model.

mod advance;
mod director;
mod options;
mod page;
mod show;
mod signup;

pub use options::OptionError;
pub use page::TournamentPage;

use super::text::literal;
use super::{strong, typed, Content, Core, CoreError, Place, Reply, TournamentRequest, Who};
use crate::store::{
    BoardResult, TournamentFormat, TournamentRow, TournamentState, TournamentStatus,
};
use crate::words;
use engine::Color;
use league::model::{Bye, GameResult, Player as Entry, PlayerNo, Round, Tournament};
use league::tiebreak::Format;

impl Core {
    pub(super) async fn tournament_command(
        &self,
        who: &Who,
        place: Place,
        request: TournamentRequest,
    ) -> Result<Vec<Reply>, CoreError> {
        match request {
            TournamentRequest::Create(spec) => self.create_tournament(who, place, spec).await,
            TournamentRequest::Join { tournament } => self.join(who, place, tournament).await,
            TournamentRequest::Leave { tournament } => {
                let state = self.pick(place, tournament).await?;
                self.leave(&state, who.id, None).await
            }
            TournamentRequest::Withdraw { tournament } => {
                let state = self.pick(place, tournament).await?;
                self.withdraw_player(&state, who.id).await
            }
            TournamentRequest::Info { tournament } => {
                let state = self.pick(place, tournament).await?;
                Ok(vec![Reply::public(show::info(&state))])
            }
            TournamentRequest::List(listing) => self.list_tournaments(place, listing).await,
            TournamentRequest::Standings { tournament } => {
                let state = self.pick(place, tournament).await?;
                Ok(vec![show::standings_reply(&state, "Standings")?])
            }
            TournamentRequest::Pairings { tournament, round } => {
                let state = self.pick(place, tournament).await?;
                Ok(vec![Reply::public(
                    self.pairings_text(&state, round).await?,
                )])
            }
            TournamentRequest::Export { tournament } => {
                let state = self.pick(place, tournament).await?;
                Ok(vec![show::export(&state)?])
            }
        }
    }

    /// The tournament a command is about: the one named by number (in this server), else the
    /// one whose game is played in this thread, else the channel's.
    async fn pick(&self, place: Place, given: Option<i64>) -> Result<TournamentState, CoreError> {
        let channel = Core::channel(place)?;
        let id = match given {
            Some(id) => id,
            None => {
                let of_game = match place {
                    Place::Thread { .. } => match self.store.latest_game(channel).await? {
                        Some(game) => self.store.board_of_game(game.id).await?.map(|(t, _)| t),
                        None => None,
                    },
                    _ => None,
                };
                match of_game {
                    Some(id) => id,
                    None => self
                        .store
                        .channel_tournament(channel)
                        .await?
                        .ok_or(CoreError::NoTournament)?,
                }
            }
        };
        match self.store.tournament(id).await? {
            Some(state) if state.row.channel.guild == channel.guild => Ok(state),
            _ => Err(CoreError::UnknownTournament(id)),
        }
    }
}

/// "#3 Winter Cup", standing out.
fn title(row: &TournamentRow) -> Content {
    words![strong(words![format!("#{} ", row.id), typed(&row.name)])]
}

/// The name errors use: "#3 Winter Cup" without the emphasis.
fn plain(row: &TournamentRow) -> String {
    format!("#{} {}", row.id, literal(&row.name))
}

fn format_name(format: TournamentFormat) -> &'static str {
    match format {
        TournamentFormat::RoundRobin => "round robin",
        TournamentFormat::DoubleRoundRobin => "double round robin",
        TournamentFormat::Swiss => "Swiss",
    }
}

fn status_name(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::Signup => "not started",
        TournamentStatus::Running => "started",
        TournamentStatus::Finished => "finished",
        TournamentStatus::Cancelled => "been cancelled",
    }
}

/// Which tie-break rules apply to the format.
fn tiebreak_format(format: TournamentFormat) -> Format {
    match format {
        TournamentFormat::Swiss => Format::Swiss,
        _ => Format::RoundRobin,
    }
}

/// A board's result from one side.
fn result_for(result: BoardResult, colour: Color) -> GameResult {
    let white = match result {
        BoardResult::WhiteWins => GameResult::Win,
        BoardResult::BlackWins => GameResult::Loss,
        BoardResult::Draw => GameResult::Draw,
        BoardResult::WhiteByForfeit => GameResult::ForfeitWin,
        BoardResult::BlackByForfeit | BoardResult::DoubleForfeit => GameResult::ForfeitLoss,
    };
    match (colour, result) {
        (Color::White, _) => white,
        (Color::Black, BoardResult::DoubleForfeit) => GameResult::ForfeitLoss,
        (Color::Black, _) => white.reversed(),
    }
}

/// The pairing model of a started tournament: its numbered players with every round paired
/// so far, and who each number is.
pub(super) struct Field {
    pub tournament: Tournament,
    /// The member of each pairing number: `users[0]` is number 1.
    pub users: Vec<u64>,
}

impl Field {
    pub fn of(state: &TournamentState) -> Field {
        let mut numbered: Vec<_> = state
            .players
            .iter()
            .filter_map(|p| p.number.map(|n| (n, p)))
            .collect();
        numbered.sort_by_key(|(n, _)| *n);
        let users: Vec<u64> = numbered.iter().map(|(_, p)| p.player.id).collect();
        let number_of = |user: u64| {
            users
                .iter()
                .position(|&u| u == user)
                .map(|i| PlayerNo(i as u16 + 1))
        };
        let paired = state.row.round;
        let players = numbered
            .iter()
            .map(|(number, p)| {
                let user = p.player.id;
                let rounds = (1..=paired)
                    .map(|round| {
                        let board = state
                            .boards
                            .iter()
                            .find(|b| b.round == round && (b.white == user || b.black == user));
                        if let Some(b) = board {
                            let colour = if b.white == user {
                                Color::White
                            } else {
                                Color::Black
                            };
                            let other = if colour == Color::White {
                                b.black
                            } else {
                                b.white
                            };
                            return Round::Game {
                                opponent: number_of(other).unwrap_or(PlayerNo(0)),
                                colour,
                                result: b.result.map(|r| result_for(r, colour)),
                            };
                        }
                        let bye = state
                            .byes
                            .iter()
                            .find(|b| b.round == round && b.user == user)
                            .map_or(Bye::Zero, |b| b.kind);
                        Round::Bye(bye)
                    })
                    .collect();
                Entry {
                    number: PlayerNo(*number),
                    name: p.player.name.clone(),
                    rating: p.rating,
                    rounds,
                    withdrawn: p.withdrawn_round.is_some_and(|w| w <= paired + 1),
                }
            })
            .collect();
        Field {
            tournament: Tournament {
                name: state.row.name.clone(),
                rounds: state.row.rounds,
                first_colour: state.row.first_colour,
                players,
                planned: Vec::new(),
            },
            users,
        }
    }

    /// The member with this pairing number.
    pub fn user(&self, number: PlayerNo) -> u64 {
        self.users[usize::from(number.0) - 1]
    }
}
