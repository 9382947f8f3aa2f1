//! Looking, not playing: the board, the game's status, its record and design prices.

use super::challenge::{rules_text, terms_text};
use super::clocks::{clock_faces, clock_line};
use super::fog::{private_picture, secret};
use super::play::board;
use super::{Core, CoreError, File, Picture, Place, Reply, Who};
use crate::store::{GameRow, Status, StoreError, Word};
use engine::{price, Color, Design, Players, Position, Ruleset};
use render::BoardView;
use std::fmt::Write;

impl Core {
    /// The board of the channel's game (or of its last one, once over), from the asker's
    /// side if they play; at turn `ply` if asked, from the turns as stored.
    pub(super) async fn board(
        &self,
        who: &Who,
        place: Place,
        ply: Option<u32>,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = self
            .store
            .latest_game(Core::channel(place)?)
            .await?
            .ok_or(CoreError::NoGame)?;
        if secret(&row) {
            return self.private_board(who, &row, ply);
        }
        let side = row.color_of(who.id).unwrap_or(Color::White);
        let (white, black) = (row.player(Color::White), row.player(Color::Black));
        let turns = row.game.turns().len();
        if let Some(ply) = ply.filter(|&p| p as usize != turns) {
            let position = match ply {
                0 => row.game.start().clone(),
                p if p as usize > turns => return Err(CoreError::NoSuchPly { turns }),
                p => {
                    let text = self
                        .store
                        .position_after(row.id, p)
                        .await?
                        .ok_or(CoreError::NoSuchPly { turns })?;
                    Position::parse(&text, row.game.rules().clone())
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?
                }
            };
            let view = BoardView::from_position(&position, [&white.name, &black.name]);
            let text = format!(
                "<@{}> (White) vs <@{}> (Black), after turn {ply} of {turns}.",
                white.id, black.id
            );
            return Ok(vec![
                Reply::public(text).with_picture(Picture::Board(Box::new(view.seen_by(side))))
            ]);
        }
        let position = row.game.position();
        let mut text = match row.status {
            Status::Active => format!(
                "<@{}> (White) vs <@{}> (Black), turn {}: {} to move.",
                white.id,
                black.id,
                position.ply(),
                position.to_move()
            ),
            Status::Finished | Status::Aborted => format!(
                "The last game here: <@{}> (White) vs <@{}> (Black), {}.",
                white.id,
                black.id,
                row.game
                    .result()
                    .map_or("aborted, without a result".to_string(), |o| o.to_string())
            ),
        };
        if let Some(last) = row.game.last_turn() {
            let _ = write!(text, " Last: {}.{}", last.ply, last.notation);
        }
        Ok(vec![Reply::public(text).with_picture(board(
            &row,
            side,
            self.now(),
        ))])
    }

    /// A fog game's board while it is played: only a player's own view, now, privately.
    fn private_board(
        &self,
        who: &Who,
        row: &GameRow,
        ply: Option<u32>,
    ) -> Result<Vec<Reply>, CoreError> {
        let color = row.color_of(who.id).ok_or(CoreError::FogBoard {
            white: row.player(Color::White).id,
            black: row.player(Color::Black).id,
        })?;
        if ply.is_some() {
            return Err(CoreError::FogSecret("earlier positions"));
        }
        let position = row.game.position();
        let text = format!(
            "Your board against <@{}>, turn {}: {} to move.",
            row.player(!color).id,
            position.ply(),
            position.to_move()
        );
        let picture = private_picture(&row.players, &row.game, color, clock_faces(row, self.now()));
        Ok(vec![Reply::private(text).with_picture(picture)])
    }

    /// Players, rules, whose turn, both economies and open proposals.
    pub(super) async fn status(&self, place: Place) -> Result<Vec<Reply>, CoreError> {
        let row = self.active(place).await?;
        let open = self.store.open_proposals(row.id).await?;
        let position = row.game.position();
        let rules = row.game.rules();
        let mut text = format!(
            "**<@{}> (White) vs <@{}> (Black)**, {}, {}.\n",
            row.player(Color::White).id,
            row.player(Color::Black).id,
            rules_text(rules),
            terms_text(row.time_control, row.rated)
        );
        if let Some(line) = clock_line(&row, self.now()) {
            let _ = writeln!(text, "{line}");
        }
        let to_move = position.to_move();
        let _ = writeln!(
            text,
            "Turn {}: {to_move} to move (<@{}>), who gets {} zorkmid(s) this turn.",
            position.ply(),
            row.player(to_move).id,
            rules.ruleset.income(position.ply())
        );
        for color in Color::ALL {
            let _ = writeln!(text, "{}", economy(position, color));
        }
        for a in &rules.proposals.atoms {
            let _ = writeln!(
                text,
                "Proposed atom {} ({}) costs {}.",
                a.name,
                a.form.notation(),
                a.cost
            );
        }
        for m in &rules.proposals.modifiers {
            let _ = writeln!(
                text,
                "Proposed modifier {} ({}) multiplies by {}.",
                m.name, m.modifier, m.multiplier
            );
        }
        for p in &open {
            let _ = writeln!(
                text,
                "Open proposal #{}: {} {} ({}), waiting for {}'s estimate.",
                p.id,
                p.kind.word(),
                p.name,
                p.notation,
                !p.proposer
            );
        }
        if let Some(offerer) = row.draw_offer {
            let _ = writeln!(
                text,
                "{offerer} offers a draw: <@{}> can accept with /draw.",
                row.player(!offerer).id
            );
        }
        Ok(vec![Reply::public(text.trim_end())])
    }

    /// The record file of the channel's game, or of its last game if none is active; a fog
    /// game's only once it has ended.
    pub(super) async fn history(&self, place: Place) -> Result<Vec<Reply>, CoreError> {
        let row = self
            .store
            .latest_game(Core::channel(place)?)
            .await?
            .ok_or(CoreError::NoGame)?;
        if secret(&row) {
            return Err(CoreError::FogSecret("record"));
        }
        let state = match (row.status, row.game.result()) {
            (Status::Aborted, _) => "aborted".to_string(),
            (_, Some(outcome)) => outcome.to_string(),
            (_, None) => "in progress".to_string(),
        };
        let mut reply = Reply::public(format!(
            "The record of <@{}> (White) vs <@{}> (Black): {} turns, {state}.",
            row.player(Color::White).id,
            row.player(Color::Black).id,
            row.game.turns().len()
        ));
        reply.files.push(record_file(&row));
        Ok(vec![reply])
    }

    /// A design's price and breakdown with its diagram. In a game's channel the game's
    /// ruleset and agreed proposals count.
    pub(super) async fn price(
        &self,
        place: Place,
        text: &str,
        ruleset: Option<Ruleset>,
    ) -> Result<Vec<Reply>, CoreError> {
        // A lone letter is the FIDE piece (P is the pawn), as in `csipgs price`.
        let design = Design::parse_lookup(text.trim()).map_err(|error| CoreError::BadDesign {
            text: text.trim().to_string(),
            error,
        })?;
        let game: Option<GameRow> = match place {
            Place::Channel(channel) | Place::Thread(channel) => {
                self.store.active_game(channel).await?
            }
            Place::Direct => None,
        };
        let rules = game
            .as_ref()
            .map(|g| g.game.rules().clone())
            .filter(|r| ruleset.is_none_or(|wanted| wanted == r.ruleset))
            .unwrap_or_else(|| ruleset.unwrap_or_default().into());
        let price = price(&design, rules.ruleset.price_table(), &rules.proposals)?;
        // A code block keeps the breakdown's columns aligned.
        let text = format!(
            "```\n{}\n```",
            crate::price_text::price_text(&price).trim_end()
        );
        Ok(vec![Reply::public(text).with_picture(Picture::Design {
            design,
            price: Box::new(price),
        })])
    }
}

/// "White: 3 zorkmids; reserve (WD), N x2; designs P 2, N 3, ...".
fn economy(position: &Position, color: Color) -> String {
    let reserve: Vec<String> = position
        .reserve(color)
        .iter()
        .map(|(d, n)| match n {
            1 => Position::piece_label(d),
            _ => format!("{} x{n}", Position::piece_label(d)),
        })
        .collect();
    let designs: Vec<String> = position
        .slots(color)
        .iter()
        .map(|d| match position.cost(d) {
            Some(cost) => format!("{} {cost}", d.piece_name()),
            None => d.piece_name(),
        })
        .collect();
    format!(
        "{color}: {} zorkmid(s); reserve {}; designs {}.",
        position.treasury(color),
        if reserve.is_empty() {
            "empty".to_string()
        } else {
            reserve.join(", ")
        },
        designs.join(", ")
    )
}

/// A game's record as a file.
pub(super) fn record_file(row: &GameRow) -> File {
    let players = Players {
        white: row.player(Color::White).name.clone(),
        black: row.player(Color::Black).name.clone(),
    };
    File {
        name: format!("csipgs-game-{}.txt", row.id),
        bytes: row.game.record_text(&players).into_bytes(),
    }
}
