//! The pictures of a game: its board from either side (a fog player's from their own view),
//! with the players' names and clocks.

use crate::family::GameState;
use crate::picture::Picture;
use crate::store::{GameRow, Player, Status};
use engine::{Clock, Color, EndReason, Game};
use render::{BoardView, ClockView, CsipgsBoardView};

/// A game's whole board as the given side sees it, with the last action, any check, the
/// result and the clocks.
pub(crate) fn picture(
    players: &[Player; 2],
    game: &GameState,
    side: Color,
    clocks: Option<[ClockView; 2]>,
) -> Picture {
    with_clocks(game.board_view(names(players)).seen_by(side), clocks)
}

/// The players' names as pictures show them, White's first.
pub(crate) fn names(players: &[Player; 2]) -> [&str; 2] {
    [players[0].name.as_str(), players[1].name.as_str()]
}

/// A board picture with the clocks.
pub(crate) fn with_clocks(view: BoardView, clocks: Option<[ClockView; 2]>) -> Picture {
    Picture::Board(Box::new(view.with_clocks(clocks)))
}

/// The stored game's board with the clocks at `now`: as `side` sees it while it is played
/// (or once aborted); once finished, from the winner's side (White's after a draw), whoever
/// asks, so the picture of a result is the same for everyone and shows the winning side
/// at the bottom.
pub(crate) fn board(row: &GameRow, side: Color, now: i64) -> Picture {
    let side = match row.game.result().filter(|_| row.status == Status::Finished) {
        Some(outcome) => outcome.winner.unwrap_or(Color::White),
        None => side,
    };
    picture(&row.players, &row.game, side, clocks_now(row, now))
}

/// Both sides' clocks as the board shows them at `now`; None without a clock. A side that
/// lost on time reads 0:00 on every picture of the game: the stored clock keeps what it had
/// when its last turn began, and that is the time it ran out of.
pub(crate) fn clocks_now(row: &GameRow, now: i64) -> Option<[ClockView; 2]> {
    let mover = row.game.to_move();
    let mut faces = clock_views(row.clock?, mover, row.status == Status::Active, now);
    let flagged = row
        .game
        .result()
        .filter(|o| o.reason == EndReason::Timeout)
        .and_then(|o| o.winner)
        .map(|winner| !winner);
    if let Some(loser) = flagged {
        faces[loser.index()].remaining = 0;
    }
    Some(faces)
}

/// Both faces of `clock` at `now`, `mover`'s running while the game is.
pub(crate) fn clock_views(clock: Clock, mover: Color, running: bool, now: i64) -> [ClockView; 2] {
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
pub(crate) fn clock_line(row: &GameRow, now: i64) -> Option<String> {
    let faces = clocks_now(row, now)?;
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

/// One player's board in a fog game, drawn from what that player may know alone.
pub(crate) fn private_picture(
    players: &[Player; 2],
    game: &Game,
    color: Color,
    clocks: Option<[ClockView; 2]>,
) -> Picture {
    let view = CsipgsBoardView::from_view(&game.view(color), names(players));
    with_clocks(view.into(), clocks)
}

/// What `/replay` says over its GIF: the players, the turns and the result, and when the game
/// was too long to show whole, which of its `positions` the GIF shows (`shown` of them,
/// `every` turns apart, the last always among them).
pub(crate) fn replay_caption(
    row: &GameRow,
    every: usize,
    shown: usize,
    positions: usize,
) -> crate::core::Content {
    use crate::core::member;
    let result = row
        .game
        .result()
        .map_or(String::from(", still being played"), |o| format!(", {o}"));
    let mut text = crate::words![
        member(row.player(Color::White).id),
        " (White) vs ",
        member(row.player(Color::Black).id),
        format!(" (Black): {} turn(s){result}.", row.game.turns()),
    ];
    if shown < positions {
        text.push(match shown {
            1 => " Too long to show whole: the final position only.".to_string(),
            _ => format!(
                " Too long to show whole: every {} turn from the start ({shown} of {positions} positions, the last among them).",
                ordinal(every)
            ),
        });
    }
    text
}

/// 2nd, 3rd, 4th, 11th, 21st.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
