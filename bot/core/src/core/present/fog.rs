//! Moderated (fog) games as members see them (RULES.md section 8). While one is played the
//! channel hears only the public facts of each turn (who acted, and whether by a move, a
//! transfer or a buy); each player's board, drawn from that player's own view, goes to
//! them alone; the record and the true board are shown once the game ends.

use super::announce::{game_over, record_file};
use super::pictures::{board, clocks_now, picture, private_picture};
use crate::core::{member, named_channel, strong, Content, Local, Picture, Reply, Span, Target};
use crate::family::GameState;
use crate::store::{GameRow, Player, Status};
use crate::words;
use engine::{Action, Color, DesignPhase, Game, Played, Position, Turn};
use render::ClockView;

/// The row's game if it is a fog game still being played: its board and record are secret.
pub(crate) fn secret(row: &GameRow) -> Option<&Game> {
    fog_game(&row.game).filter(|_| row.status == Status::Active)
}

/// The game if it is a fog game.
pub(crate) fn fog_game(game: &GameState) -> Option<&Game> {
    game.csipgs().filter(|g| g.rules().options.fog)
}

/// Dress a new game's announcement: the board from White's side; in a fog game no board,
/// but word that each player gets their own view by DM. Returns those DMs.
pub(crate) fn opening(
    announcement: &mut Reply,
    players: &[Player; 2],
    game: &GameState,
    channel: u64,
    clocks: Option<[ClockView; 2]>,
) -> Vec<Reply> {
    let Some(game) = fog_game(game) else {
        announcement.picture = Some(picture(players, game, Color::White, clocks));
        return Vec::new();
    };
    announcement.text.push(words![
        " In this fog game the board stays hidden here: each of you ",
        Span::Local(Local::OwnView),
        ".",
    ]);
    Color::ALL
        .into_iter()
        .map(|color| {
            let text = words![
                "Your board in the fog game in ",
                named_channel(channel),
                " against ",
                member(players[(!color).index()].id),
                format!(
                    ": you play {color} and see only what your pieces see. {} to move.",
                    game.position().to_move()
                ),
            ];
            let picture = private_picture(players, game, color, clocks);
            direct(text, picture, players[color.index()].id)
        })
        .collect()
}

/// What a turn of a fog game says: in public who acted and how, never where; to the mover
/// privately their turn as written with their board; to the opponent, if the game goes on,
/// their board by DM.
pub(crate) fn turn_replies(
    row: &GameRow,
    game: &Game,
    played: &Played,
    channel: u64,
    now: i64,
) -> Vec<Reply> {
    let mover = row.player(played.color).id;
    let color = played.color;
    let deed = game
        .last_turn()
        .map_or_else(|| "took a turn".to_string(), |t| public_deed(&t.turn));
    let told = words![member(mover), format!(" ({color}) {deed}.")];
    let clocks = clocks_now(row, now);
    let mut confirm = words!["You played ", strong(words![played.notation.clone()]), "."];
    for warning in &played.warnings {
        confirm.push(format!(" (Note: {warning}.)"));
    }
    let mut replies = vec![];
    match &played.outcome {
        // The end shows the true board and the record (see `reveal`).
        Some(outcome) => replies.push(Reply::public(words![
            told.clone(),
            " ",
            game_over(row, outcome)
        ])),
        None => {
            let next = row.player(!color).id;
            replies.push(
                Reply::public(words![
                    told.clone(),
                    format!(" {} to move: ", !color),
                    member(next),
                    "."
                ])
                .pinging(next),
            );
        }
    }
    replies.push(Reply::private(confirm).with_picture(private_picture(
        &row.players,
        game,
        color,
        clocks,
    )));
    if played.outcome.is_none() {
        let next = row.player(!color).id;
        let text = words![
            told,
            " Your turn in ",
            named_channel(channel),
            format!(" ({}, turn {}).", !color, game.position().ply()),
        ];
        let picture = private_picture(&row.players, game, !color, clocks);
        replies.push(direct(text, picture, next));
    }
    replies
}

/// A turn the hidden board refused (RULES.md section 8): `refusal`, which names nothing
/// hidden, to the mover alone, who keeps the turn; and to the channel that they tried, so
/// the opponent knows the board was probed.
pub(crate) fn hidden_refusal(row: &GameRow, color: Color, refusal: Content) -> Vec<Reply> {
    let mover = row.player(color).id;
    vec![
        Reply::private(refusal),
        Reply::public(words![
            member(mover),
            format!(" ({color}) tried a turn the board does not allow."),
        ]),
    ]
}

/// A private board by DM; held for the member's next command if they take no DMs.
fn direct(text: Content, picture: Picture, user: u64) -> Reply {
    Reply {
        held_if_no_dms: true,
        ..Reply::public(text)
            .with_picture(picture)
            .to(Target::Direct { user })
    }
}

/// What everyone may know of a turn: whether it moved, transferred or bought (reserves and
/// designs are public, so what was bought, transferred or redesigned is named; squares never).
fn public_deed(turn: &Turn) -> String {
    let mut text = match &turn.action {
        Action::Move { .. } | Action::DoubleMove { .. } => "made a move".to_string(),
        Action::Transfer { design, .. } => {
            format!("transferred a piece ({})", Position::piece_label(design))
        }
        Action::Buy(designs) => format!("bought {}", pieces(designs)),
    };
    match &turn.design {
        None => {}
        Some(DesignPhase::Redesign { slot, design }) => text.push_str(&format!(
            " and redesigned {}={}",
            slot.piece_name(),
            design.piece_name()
        )),
        Some(DesignPhase::Buy(designs)) => {
            text.push_str(&format!(" and bought {}", pieces(designs)))
        }
    }
    text
}

/// "a piece (WD)" or "pieces (WD, N)".
fn pieces(designs: &[engine::Design]) -> String {
    let names: Vec<String> = designs.iter().map(|d| d.piece_name()).collect();
    match names.len() {
        1 => format!("a piece ({})", names[0]),
        _ => format!("pieces ({})", names.join(", ")),
    }
}

/// A fog game that has just ended shows everything: the first public reply gets the true
/// board (every public picture of an ended game is the whole board) and the full record.
pub(crate) fn reveal(row: &GameRow, replies: &mut [Reply], now: i64) {
    if !row.game.fog() || row.status == Status::Active {
        return;
    }
    if let Some(first) = replies.iter_mut().find(|r| !r.ephemeral) {
        // A resignation or a flag shows the whole board already. A finished game's board is
        // drawn from the winner's side whatever side is asked for.
        first
            .picture
            .get_or_insert_with(|| board(row, Color::White, now));
        first.files.push(record_file(row));
    }
}
