//! A tournament's web page: its settings, the standings (the table `/tournament standings`
//! draws), every round's boards with links to their games' pages, and its TRF file.

use super::format_name;
use super::show::{bye_text, export, progress, standings_reply};
use crate::core::present::terms_text;
use crate::core::server_page::TournamentLine;
use crate::core::watch::page_path;
use crate::core::{Core, CoreError, File, Picture};
use crate::store::{Link, LinkKind, TournamentState, TournamentStatus, Word};
use league::tiebreak::TieBreak;
use render::TableView;

/// A tournament as its page shows it.
#[derive(Clone, Debug)]
pub struct TournamentPage {
    pub name: String,
    /// "Swiss, 5 rounds, csipgs chess, classic ruleset, 10+5, rated".
    pub about: String,
    /// "round 2 of 5"
    pub progress: String,
    /// Once round 1 is paired.
    pub standings: Option<TableView>,
    /// What each column of the standings after the place and the player means: its header,
    /// then its meaning in plain words. Empty without standings.
    pub legend: Vec<(String, String)>,
    /// The path of the tournament's TRF file, once it has standings (its players get their
    /// numbers at the start).
    pub trf: Option<String>,
    /// Latest first.
    pub rounds: Vec<RoundPage>,
    /// Before it starts: who has signed up.
    pub entrants: Vec<String>,
}

/// One round's boards and byes.
#[derive(Clone, Debug)]
pub struct RoundPage {
    pub number: u16,
    pub boards: Vec<BoardLine>,
    /// The player, and what the round gave them.
    pub byes: Vec<(String, &'static str)>,
}

/// A board: the players, its result, and its game's page once the game has started.
#[derive(Clone, Debug)]
pub struct BoardLine {
    pub board: u16,
    pub white: String,
    pub black: String,
    pub result: Option<&'static str>,
    pub game: Option<String>,
}

/// What the standings' points column counts.
const POINTS: &str = "points: 1 for a win, ½ for a draw, and what a round without a game gave";

/// A tie-break's column in plain words, as FIDE's tie-break regulations (C.07) define it.
fn meaning(tiebreak: TieBreak) -> String {
    let what = match tiebreak {
        TieBreak::Buchholz => "the sum of the opponents' points",
        TieBreak::BuchholzCut1 => "Buchholz without the lowest of those opponents' points",
        TieBreak::SonnebornBerger => {
            "the points of each opponent beaten, and half the points of each drawn with"
        }
        TieBreak::DirectEncounter => "the points scored in the games between the players tied",
        TieBreak::Wins => "the rounds won, with a game or by a bye or forfeit worth a win",
    };
    format!("{}: {what}", tiebreak.name())
}

impl Core {
    /// The tournament a link opens.
    async fn linked_tournament(&self, link: Link) -> Result<TournamentState, CoreError> {
        match link.kind {
            LinkKind::Tournament => match self.store.tournament(link.object).await? {
                Some(state) if state.row.channel.guild == link.guild => Ok(state),
                _ => Err(CoreError::UnknownTournament(link.object)),
            },
            _ => Err(CoreError::UnknownTournament(link.object)),
        }
    }

    /// A tournament's page.
    pub async fn tournament_page(&self, link: Link) -> Result<TournamentPage, CoreError> {
        let state = self.linked_tournament(link).await?;
        let row = &state.row;
        let name_of = |user: u64| {
            state
                .players
                .iter()
                .find(|p| p.player.id == user)
                .map_or_else(|| "?".to_string(), |p| p.player.name.clone())
        };
        let standings = match row.status {
            TournamentStatus::Signup => None,
            _ => match standings_reply(&state, "Standings")?.picture {
                Some(Picture::Table(table)) => Some(*table),
                _ => None,
            },
        };
        let (legend, trf) = match standings {
            Some(_) => {
                let points = ("Pts".to_string(), POINTS.to_string());
                let breaks = row
                    .tiebreaks
                    .iter()
                    .map(|&t| (t.code().to_string(), meaning(t)));
                let path = self
                    .page_path(LinkKind::Tournament, row.id, link.guild)
                    .await?;
                (
                    std::iter::once(points).chain(breaks).collect(),
                    Some(format!("{path}/trf")),
                )
            }
            None => (Vec::new(), None),
        };
        let mut rounds = Vec::new();
        for number in (1..=row.round).rev() {
            let mut boards = Vec::new();
            for b in state.boards.iter().filter(|b| b.round == number) {
                let game = match b.game {
                    Some(game) => Some(self.page_path(LinkKind::Game, game, link.guild).await?),
                    None => None,
                };
                boards.push(BoardLine {
                    board: b.board,
                    white: name_of(b.white),
                    black: name_of(b.black),
                    result: b.result.map(|r| r.word()),
                    game,
                });
            }
            let byes = state
                .byes
                .iter()
                .filter(|b| b.round == number)
                .map(|b| (name_of(b.user), bye_text(b.kind, row.format)))
                .collect();
            rounds.push(RoundPage {
                number,
                boards,
                byes,
            });
        }
        let entrants = match row.status {
            TournamentStatus::Signup => state
                .players
                .iter()
                .map(|p| p.player.name.clone())
                .collect(),
            _ => Vec::new(),
        };
        let rounds_text = match row.rounds {
            0 => String::new(),
            n => format!(", {n} rounds"),
        };
        Ok(TournamentPage {
            name: row.name.clone(),
            about: format!(
                "{}{rounds_text}, {}, {}",
                format_name(row.format),
                row.rules.text(),
                terms_text(row.time_control, row.rated)
            ),
            progress: progress(row),
            standings,
            legend,
            trf,
            rounds,
            entrants,
        })
    }

    /// A tournament's TRF file, as `/tournament export` sends it.
    pub async fn tournament_trf(&self, link: Link) -> Result<File, CoreError> {
        let state = self.linked_tournament(link).await?;
        export(&state)?
            .files
            .pop()
            .ok_or(CoreError::UnknownTournament(link.object))
    }

    /// A server's tournaments taking sign-ups or running, then the last few that ended,
    /// with their pages' paths.
    pub(in crate::core) async fn tournament_lines(
        &self,
        guild: u64,
    ) -> Result<Vec<TournamentLine>, CoreError> {
        let mut lines = Vec::new();
        for row in self.store.guild_tournaments(guild, 5).await? {
            let token = self
                .store
                .web_token(LinkKind::Tournament, row.id, guild)
                .await?;
            lines.push(TournamentLine {
                name: row.name.clone(),
                state: progress(&row),
                path: page_path(LinkKind::Tournament, token),
            });
        }
        Ok(lines)
    }
}
