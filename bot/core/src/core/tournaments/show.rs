//! What a tournament shows: its settings and players, the server's list, the standings (a
//! table picture and text), a round's boards, and the FIDE TRF file.

use super::{format_name, plain, status_name, tiebreak_format, title, Field};
use crate::core::present::{page_of, terms_text};
use crate::core::{
    member, named_channel, strong, typed, Choice, Content, Core, CoreError, File, Listing, Picture,
    Place, Reply, Span,
};
use crate::store::{TournamentFormat, TournamentRow, TournamentState, TournamentStatus, Word};
use crate::words;
use league::model::{Bye, PlayerNo};
use league::{standings, trf};
use render::{Column, TableView};
use std::fmt::Write;

/// How many finished or cancelled tournaments /tournament list shows.
const LIST_ENDED: i64 = 5;

impl Core {
    /// /tournament list: the server's tournaments taking sign-ups or running, then the last
    /// few that ended; those in channels the asker can see, a page at a time. Only the asker
    /// sees the answer: it follows what they can see.
    pub(super) async fn list_tournaments(
        &self,
        place: Place,
        listing: Listing,
    ) -> Result<Vec<Reply>, CoreError> {
        let guild = Core::channel(place)?.guild;
        let mut all = self.store.guild_tournaments(guild, LIST_ENDED).await?;
        all.retain(|row| listing.sight.sees(row.channel.channel));
        if all.is_empty() {
            return Ok(vec![Reply::private(
                "This server has no tournaments yet: /tournament create makes one.",
            )]);
        }
        let mut text = words![strong(words!["Tournaments"]), "\n"];
        let (shown, footer) = page_of(all, listing.page, "tournament list")?;
        for row in shown {
            let state = progress(&row);
            let _ = write!(text, "#{} ", row.id);
            text.push(typed(&row.name));
            let _ = write!(text, ": {}, {state}, in ", format_name(row.format));
            text.push(named_channel(row.channel.channel));
            text.push("\n");
        }
        text.push(footer);
        Ok(vec![Reply::private(text.trim_end())])
    }

    /// The server's tournaments as autocomplete suggestions: the number, named.
    pub(in crate::core) async fn tournament_choices(&self, place: Place) -> Vec<Choice> {
        let Ok(channel) = Core::channel(place) else {
            return Vec::new();
        };
        let rows = self
            .store
            .guild_tournaments(channel.guild, LIST_ENDED)
            .await;
        rows.unwrap_or_default()
            .into_iter()
            .map(|row| Choice {
                label: format!("#{} {} ({})", row.id, row.name, format_name(row.format)),
                value: row.id.to_string(),
            })
            .collect()
    }

    /// /tournament pairings: a round's boards with their threads and results.
    pub(super) async fn pairings_text(
        &self,
        state: &TournamentState,
        round: Option<u16>,
    ) -> Result<Content, CoreError> {
        let row = &state.row;
        let round = round.unwrap_or(row.round);
        if round == 0 || round > row.round {
            return Err(CoreError::NoSuchRound {
                name: plain(row),
                round,
                paired: row.round,
            });
        }
        self.round_text(state, round, false).await
    }

    /// A round's boards: players (with their points before it, if `points`), where the game
    /// is played and how it ended; then the byes.
    pub(super) async fn round_text(
        &self,
        state: &TournamentState,
        round: u16,
        points: bool,
    ) -> Result<Content, CoreError> {
        let field = Field::of(state);
        let score = |user: u64| -> String {
            if !points {
                return String::new();
            }
            let Some(index) = field.users.iter().position(|&u| u == user) else {
                return String::new();
            };
            let before: u32 = field.tournament.players[index]
                .rounds
                .iter()
                .take(usize::from(round) - 1)
                .map(|r| r.points().0)
                .sum();
            format!(" ({})", league::model::Points(before))
        };
        let mut text = words![title(&state.row), format!(", round {round}:\n")];
        for b in state.boards.iter().filter(|b| b.round == round) {
            let place = match b.game {
                Some(game) => match self.store.game_with_channel(game).await? {
                    Some((_, thread)) => words![" in ", named_channel(thread)],
                    None => Content::default(),
                },
                None => Content::default(),
            };
            let result = match b.result {
                Some(r) => words![": ", strong(words![r.word()])],
                None => Content::default(),
            };
            text.push(format!("Board {}: ", b.board));
            text.push(member(b.white));
            text.push(format!("{} - ", score(b.white)));
            text.push(member(b.black));
            text.push(score(b.black));
            text.push(place);
            text.push(result);
            text.push("\n");
        }
        for bye in state.byes.iter().filter(|b| b.round == round) {
            text.push(member(bye.user));
            let _ = writeln!(text, ": {}", bye_text(bye.kind, state.row.format));
        }
        Ok(text.trim_end())
    }
}

/// What a round without a game gave a player.
pub(super) fn bye_text(kind: Bye, format: TournamentFormat) -> &'static str {
    match kind {
        Bye::Pairing | Bye::Full => "bye, 1 point",
        Bye::Half => "missed the round, half a point",
        Bye::Zero if format == TournamentFormat::Swiss => "missed the round, no points",
        Bye::Zero => "no game this round",
    }
}

/// A tournament's progress: "taking sign-ups", "round 2 of 5", "finished".
pub(super) fn progress(row: &TournamentRow) -> String {
    match row.status {
        TournamentStatus::Signup => "taking sign-ups".to_string(),
        TournamentStatus::Running => format!("round {} of {}", row.round, row.rounds),
        status => status_name(status).trim_start_matches("been ").to_string(),
    }
}

/// /tournament info: settings, progress and players.
pub(super) fn info(state: &TournamentState) -> Content {
    let row = &state.row;
    let progress = match row.status {
        TournamentStatus::Signup => match row.starts_at {
            Some(at) => words!["taking sign-ups; it starts ", Span::Relative(at)],
            None => words!["taking sign-ups; an organiser starts it with /td start"],
        },
        TournamentStatus::Running => words![format!("round {} of {}", row.round, row.rounds)],
        TournamentStatus::Finished => words!["finished: /tournament standings shows the result"],
        TournamentStatus::Cancelled => words!["cancelled"],
    };
    let rounds = match (row.format, row.rounds) {
        (TournamentFormat::Swiss, r) => format!(", {r} rounds"),
        (_, 0) => String::new(),
        (_, r) => format!(", {r} rounds"),
    };
    let tiebreaks: Vec<&str> = row.tiebreaks.iter().map(|t| t.code()).collect();
    let mut text = words![
        title(row),
        format!(
            ": {}{rounds}{}, {}, {}. Tie-breaks: {}. Organiser: ",
            format_name(row.format),
            if row.all_at_once {
                ", every game at once"
            } else {
                ""
            },
            row.rules.text(),
            terms_text(row.time_control, row.rated),
            if tiebreaks.is_empty() {
                "none".to_string()
            } else {
                tiebreaks.join(", ")
            },
        ),
        member(row.creator),
        ". Status: ",
        progress,
        format!(
            ".\nPlayers ({} of at most {}):",
            state.players.len(),
            row.max_players
        ),
    ];
    let mut players: Vec<_> = state.players.iter().collect();
    players.sort_by_key(|p| p.number.unwrap_or(u16::MAX));
    for p in players {
        let number = p.number.map_or(String::new(), |n| format!("{n}. "));
        let rating = match p.rating {
            0 => String::new(),
            r => format!(" ({r})"),
        };
        let withdrawn = if p.withdrawn_round.is_some() {
            " (withdrawn)"
        } else {
            ""
        };
        let _ = write!(text, "\n{number}");
        text.push(member(p.player.id));
        let _ = write!(text, "{rating}{withdrawn}");
    }
    text
}

/// The standings as a table picture and as text, under `heading`.
pub(super) fn standings_reply(state: &TournamentState, heading: &str) -> Result<Reply, CoreError> {
    let row = &state.row;
    if row.status == TournamentStatus::Signup {
        return Err(CoreError::TournamentState {
            name: plain(row),
            status: status_name(row.status),
            what: "it has standings once round 1 is paired",
        });
    }
    let field = Field::of(state);
    let lines = standings::standings(
        &field.tournament,
        tiebreak_format(row.format),
        &row.tiebreaks,
    )?;
    let mut columns = vec![
        Column::right("#"),
        Column::left("Player"),
        Column::right("Pts"),
    ];
    columns.extend(row.tiebreaks.iter().map(|t| Column::right(t.code())));
    let after = standings_moment(state);
    let mut text = words![
        strong(words![format!("{heading}, #{} ", row.id), typed(&row.name)]),
        format!("{after}:\n"),
    ];
    let mut rows = Vec::new();
    for line in &lines {
        let player = &field.tournament.players[usize::from(line.player.0) - 1];
        let withdrawn = if player.withdrawn { " (withdrawn)" } else { "" };
        let mut cells = vec![
            line.place.to_string(),
            format!("{}{withdrawn}", player.name),
            line.points.to_string(),
        ];
        cells.extend(line.values.iter().map(|v| v.to_string()));
        let breaks: Vec<String> = row
            .tiebreaks
            .iter()
            .zip(&line.values)
            .map(|(t, v)| format!("{} {v}", t.code()))
            .collect();
        let _ = write!(text, "{}. ", line.place);
        text.push(member(field.user(line.player)));
        let _ = writeln!(text, "{withdrawn} {} ({})", line.points, breaks.join(", "));
        rows.push(cells);
    }
    let table = TableView {
        title: format!("{}: {heading}{after}", row.name),
        columns,
        rows,
    };
    Ok(Reply::public(text.trim_end()).with_picture(Picture::Table(Box::new(table))))
}

/// When the standings stand: after the last round of the run from round 1 whose every
/// board has its result, and with any results of later rounds counted too. A round paired
/// but unplayed is not "after" it, so this never names a round still being played.
fn standings_moment(state: &TournamentState) -> String {
    let complete = |round: u16| {
        state
            .boards
            .iter()
            .filter(|b| b.round == round)
            .all(|b| b.result.is_some())
    };
    let done = (1..=state.row.round)
        .take_while(|&r| complete(r))
        .last()
        .unwrap_or(0);
    let later = state
        .boards
        .iter()
        .filter(|b| b.round > done && b.result.is_some())
        .count();
    let results = |n: usize| match n {
        1 => "1 result".to_string(),
        n => format!("{n} results"),
    };
    match (done, later) {
        (0, 0) => " before any result".to_string(),
        (0, n) => format!(" with {} in", results(n)),
        (r, 0) => format!(" after round {r}"),
        (r, n) => format!(" after round {r} and {} of later rounds", results(n)),
    }
}

/// The players in first place once every tie-break has been applied.
pub(super) fn winners(state: &TournamentState) -> Result<Vec<PlayerNo>, CoreError> {
    let field = Field::of(state);
    let lines = standings::standings(
        &field.tournament,
        tiebreak_format(state.row.format),
        &state.row.tiebreaks,
    )?;
    Ok(lines
        .iter()
        .filter(|l| l.place.first == 1)
        .map(|l| l.player)
        .collect())
}

/// /tournament export: the tournament as a TRF-2026 file (TRF16 programs read it too).
pub(super) fn export(state: &TournamentState) -> Result<Reply, CoreError> {
    let row = &state.row;
    if row.status == TournamentStatus::Signup {
        return Err(CoreError::TournamentState {
            name: plain(row),
            status: status_name(row.status),
            what: "its players get their pairing numbers, and a TRF file, at the start",
        });
    }
    let field = Field::of(state);
    let slug: String = row
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug.trim_matches('-');
    let name = match slug.is_empty() {
        true => format!("tournament-{}.trf", row.id),
        false => format!("tournament-{}-{slug}.trf", row.id),
    };
    let mut reply = Reply::public(words![
        title(row),
        " as a FIDE TRF file (TRF-2026; TRF16 programs read it too). ",
        crate::core::code(format!("csipgs pair {name}")),
        ", bbpPairings or JaVaFo pair its next round from it.",
    ]);
    reply.files.push(File {
        name,
        bytes: trf::write(&field.tournament).into_bytes(),
        description: format!(
            "#{} {} as a FIDE TRF file: its players, their games round by round and scores.",
            row.id, row.name
        ),
    });
    Ok(reply)
}
