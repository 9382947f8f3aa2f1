//! The words of a game's life: how it is announced, each turn, the result, the terms of a
//! challenge, and where news of a challenge goes.

use super::pictures::{board, names};
use crate::core::{member, named_channel, strong, Content, Core, File, Place, Reply, Target};
use crate::family::Record;
use crate::store::{ChallengeRow, GameRow, Player};
use crate::words;
use engine::{Color, Outcome, Played, TimeControl};

/// The result line, with both players named.
pub(crate) fn game_over(row: &GameRow, outcome: &Outcome) -> Content {
    words![
        strong(words![format!("Game over: {outcome}.")]),
        " Good game, ",
        member(row.player(Color::White).id),
        " and ",
        member(row.player(Color::Black).id),
        "!",
    ]
}

/// Who did what, check, and whose turn it is (that player is pinged), with the board.
pub(crate) fn turn_reply(row: &GameRow, played: &Played, now: i64) -> Reply {
    let mover = row.player(played.color);
    let mut text = words![
        member(mover.id),
        format!(" ({}) played ", played.color),
        strong(words![played.notation.clone()]),
        ".",
    ];
    for warning in &played.warnings {
        text.push(format!(" (Note: {warning}.)"));
    }
    let next = !played.color;
    let reply = match &played.outcome {
        Some(outcome) => {
            text.push(" ");
            text.push(game_over(row, outcome));
            Reply::public(text)
        }
        None => {
            if !played.check.is_empty() {
                text.push(" Check!");
            }
            let player = row.player(next).id;
            text.push(format!(" {next} to move: "));
            text.push(member(player));
            text.push(".");
            Reply::public(text).pinging(player)
        }
    };
    reply.with_picture(board(row, next, now))
}

/// The DM to a member who asked (/notify on) to be told when it is their turn.
pub(crate) fn your_turn(row: &GameRow, place: Place, player: u64) -> Reply {
    let channel = Core::channel(place).map_or(0, |c| c.channel);
    let opponent = row
        .color_of(player)
        .map_or(0, |color| row.player(!color).id);
    Reply::public(words![
        "Your turn in ",
        named_channel(channel),
        " against ",
        member(opponent),
        format!(
            " (turn {}). Stop these messages with /notify on:false.",
            row.game.ply()
        ),
    ])
    .to(Target::Direct { user: player })
}

/// "3d per turn, rated", "15m+10s, unrated", "no clock, rated".
pub(crate) fn terms_text(control: TimeControl, rated: bool) -> String {
    let clock = match control {
        TimeControl::Unlimited => "no clock".to_string(),
        TimeControl::Live { .. } => format!("{control} clock"),
        TimeControl::Correspondence { .. } => format!("{control} per turn"),
    };
    format!("{clock}, {}", if rated { "rated" } else { "unrated" })
}

/// Where a challenge's answer goes when the interaction can't carry it: its own message if
/// known, else a new message in its channel.
pub(crate) fn message_of(found: &ChallengeRow) -> Target {
    match found.message {
        Some((channel, message)) => Target::Edit { channel, message },
        None => Target::Channel {
            channel: found.channel.channel,
        },
    }
}

/// The news that replaces an expired challenge's message.
pub(crate) fn expired(challenger: u64) -> Reply {
    Reply::public(words![
        "This challenge expired. ",
        member(challenger),
        ", challenge again with /challenge.",
    ])
    .replacing()
}

/// The news that replaces a challenge's message when a newer one from the same challenger
/// (to the same member, or in the same channel) takes its place.
pub(crate) fn withdrawn(challenger: u64) -> Reply {
    Reply::public(words![
        member(challenger),
        " withdrew this challenge: a newer one takes its place.",
    ])
    .replacing()
}

/// A game's record as a file.
pub(crate) fn record_file(row: &GameRow) -> File {
    let record = Record {
        players: names(&row.players),
        started_at: row.started_at,
        event: if row.rated {
            "Rated game"
        } else {
            "Casual game"
        },
    };
    let [white, black] = names(&row.players);
    File {
        name: row.game.record_name(row.id),
        bytes: row.game.record_text(&record).into_bytes(),
        description: format!(
            "The game record of {white} (White) against {black} (Black), as text: its tags, \
             then every turn in order."
        ),
    }
}

/// Whether a reply is meant for the computer alone (a DM to it): it reads none.
pub(crate) fn for_computer(row: &GameRow, reply: &Reply) -> bool {
    row.computer
        .is_some_and(|c| for_player(c.color, &row.players, reply))
}

/// Whether a reply is a DM to the player of `color`.
pub(crate) fn for_player(color: Color, players: &[Player; 2], reply: &Reply) -> bool {
    matches!(reply.elsewhere, Some(Target::Direct { user }) if user == players[color.index()].id)
}
