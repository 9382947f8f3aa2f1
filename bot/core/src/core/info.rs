//! Looking, not playing: the board, the game's status, its record and design prices.

use super::present::{
    board, clock_line, clocks_now, private_picture, record_file, secret, terms_text,
};
use super::{block, member, strong, typed, Core, CoreError, Place, Reply, Who};
use crate::picture::Picture;
use crate::store::{GameRow, LinkKind, Status, Word};
use crate::words;
use engine::{Color, Design, Game, Price, Ruleset};
use std::fmt::Write;

impl Core {
    /// The board of the channel's game (or of its last one, once over), from the asker's
    /// side if they play (a finished game from the winner's); at turn `ply` if asked, from
    /// the turns as stored.
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
        if let Some(game) = secret(&row) {
            return self.private_board(who, &row, game, ply);
        }
        let side = row.color_of(who.id).unwrap_or(Color::White);
        let (white, black) = (row.player(Color::White), row.player(Color::Black));
        let turns = row.game.turns();
        if let Some(ply) = ply.filter(|&p| p as usize != turns) {
            let picture = self.picture_at(&row, side, ply).await?;
            let text = words![
                member(white.id),
                " (White) vs ",
                member(black.id),
                format!(" (Black), after turn {ply} of {turns}."),
            ];
            return Ok(vec![Reply::public(text).with_picture(picture)]);
        }
        let mut text = match row.status {
            Status::Active => words![
                member(white.id),
                " (White) vs ",
                member(black.id),
                format!(
                    " (Black), turn {}: {} to move.",
                    row.game.ply(),
                    row.game.to_move()
                ),
            ],
            Status::Finished | Status::Aborted => words![
                "The last game here: ",
                member(white.id),
                " (White) vs ",
                member(black.id),
                format!(
                    " (Black), {}.",
                    row.game
                        .result()
                        .map_or("aborted, without a result".to_string(), |o| o.to_string())
                ),
            ],
        };
        if let Some((ply, notation)) = row.game.last_turn() {
            let _ = write!(text, " Last: {ply}.{notation}");
        }
        let mut reply = Reply::public(text).with_picture(board(&row, side, self.now()));
        if let Some(watch) = self.watch_button(LinkKind::Game, row.id, row.guild).await? {
            let buttons = match row.status {
                Status::Active => self.game_buttons(watch, &row.game),
                _ => vec![watch],
            };
            reply.buttons.extend(buttons);
        }
        Ok(vec![reply])
    }

    /// A fog game's board while it is played: only a player's own view, now, privately.
    fn private_board(
        &self,
        who: &Who,
        row: &GameRow,
        game: &Game,
        ply: Option<u32>,
    ) -> Result<Vec<Reply>, CoreError> {
        let color = row.color_of(who.id).ok_or(CoreError::FogBoard {
            white: row.player(Color::White).id,
            black: row.player(Color::Black).id,
        })?;
        if ply.is_some() {
            return Err(CoreError::FogSecret("earlier positions"));
        }
        let position = game.position();
        let text = words![
            "Your board against ",
            member(row.player(!color).id),
            format!(", turn {}: {} to move.", position.ply(), position.to_move()),
        ];
        let picture = private_picture(&row.players, game, color, clocks_now(row, self.now()));
        Ok(vec![Reply::private(text).with_picture(picture)])
    }

    /// Players, rules, whose turn; in csipgs both economies and open proposals.
    pub(super) async fn status(&self, place: Place) -> Result<Vec<Reply>, CoreError> {
        let row = self.active(place).await?;
        let mut text = words![
            strong(words![
                member(row.player(Color::White).id),
                " (White) vs ",
                member(row.player(Color::Black).id),
                " (Black)",
            ]),
            format!(
                ", {}, {}.\n",
                row.game.rules().text(),
                terms_text(row.time_control, row.rated)
            ),
        ];
        if let Some(line) = clock_line(&row, self.now()) {
            let _ = writeln!(text, "{line}");
        }
        let standing = row.game.standing();
        text.push(standing.before);
        text.push(member(row.player(row.game.to_move()).id));
        let _ = writeln!(text, "{}", standing.after);
        for line in standing.economies {
            let _ = writeln!(text, "{line}");
        }
        for (kind, name, what) in standing.agreed {
            text.push(kind);
            text.push(typed(&name));
            let _ = writeln!(text, "{what}");
        }
        for p in self.store.open_proposals(row.id).await? {
            let _ = write!(text, "Open proposal #{}: {} ", p.id, p.kind.word());
            text.push(typed(&p.name));
            let _ = writeln!(
                text,
                " ({}), waiting for {}'s estimate.",
                p.notation, !p.proposer
            );
        }
        if let Some(offerer) = row.draw_offer {
            let _ = write!(text, "{offerer} offers a draw: ");
            text.push(member(row.player(!offerer).id));
            let _ = writeln!(text, " can accept with /draw.");
        }
        Ok(vec![Reply::public(text.trim_end())])
    }
}

impl Core {
    /// The record file of the channel's game, or of its last game if none is active; a fog
    /// game's only once it has ended.
    pub(super) async fn history(&self, place: Place) -> Result<Vec<Reply>, CoreError> {
        let row = self
            .store
            .latest_game(Core::channel(place)?)
            .await?
            .ok_or(CoreError::NoGame)?;
        if secret(&row).is_some() {
            return Err(CoreError::FogSecret("record"));
        }
        let state = match (row.status, row.game.result()) {
            (Status::Aborted, _) => "aborted".to_string(),
            (_, Some(outcome)) => outcome.to_string(),
            (_, None) => "in progress".to_string(),
        };
        let mut reply = Reply::public(words![
            "The record of ",
            member(row.player(Color::White).id),
            " (White) vs ",
            member(row.player(Color::Black).id),
            format!(" (Black): {} turns, {state}.", row.game.turns()),
        ]);
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
        let game: Option<GameRow> = match place {
            Place::Channel(channel)
            | Place::Thread {
                thread: channel, ..
            } => self.store.active_game(channel).await?,
            Place::Direct => None,
        };
        let rules = game
            .as_ref()
            .and_then(|g| g.game.csipgs())
            .map(|g| g.rules().clone())
            .filter(|r| ruleset.is_none_or(|wanted| wanted == r.ruleset))
            .unwrap_or_else(|| ruleset.unwrap_or_default().into());
        // A lone letter is the FIDE piece (P is the pawn), as in `csipgs price`.
        let (design, price) = priced(text, &rules)?;
        // A block keeps the breakdown's columns aligned.
        let text = block(crate::price_text::price_text(&price, text).trim_end());
        Ok(vec![Reply::public(text).with_picture(Picture::Design {
            design,
            price: Box::new(price),
        })])
    }
}

/// A design as typed (a lone letter is the FIDE piece).
pub(super) fn typed_design(text: &str) -> Result<Design, CoreError> {
    let text = text.trim();
    Design::parse_lookup(text).map_err(|error| CoreError::BadDesign {
        text: text.to_string(),
        error,
    })
}

/// A design as typed, and its price under `rules`.
pub(super) fn priced(text: &str, rules: &engine::Rules) -> Result<(Design, Price), CoreError> {
    let design = typed_design(text)?;
    let price = engine::price(&design, rules.ruleset.price_table(), &rules.proposals)?;
    Ok((design, price))
}

/// The design a message names, for "Price this design": the first one in `code`, else the
/// first word that reads as a design, a word of one letter (like "A" starting a sentence)
/// only when nothing longer is. Record notation around it is dropped: `(WD)xe5` names WD,
/// `Q=WbRbmHfB` names WbRbmHfB.
pub(super) fn design_in(text: &str) -> Option<String> {
    let max = usize::from(super::bounds::DESIGN_MAX);
    let reads = |word: &&str| {
        word.len() <= max
            && word.chars().any(|c| c.is_ascii_uppercase())
            && Design::parse_lookup(word).is_ok()
    };
    let coded = text.split('`').skip(1).step_by(2).map(str::trim);
    if let Some(found) = coded.clone().find(reads) {
        return Some(found.to_string());
    }
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",;=!?\"'*_~|".contains(c))
        .map(|w| {
            let w = w.trim_matches(|c: char| ".:[]".contains(c));
            // "(WD)xe5" or "(WD)": the design inside the brackets.
            match w.strip_prefix('(').and_then(|w| w.split_once(')')) {
                Some((inside, _)) => inside,
                None => w,
            }
        })
        .filter(|w| !w.is_empty())
        .collect();
    let long = words
        .iter()
        .copied()
        .filter(|w| w.chars().count() > 1)
        .find(reads);
    long.or_else(|| words.iter().copied().find(reads))
        .map(str::to_string)
}

#[cfg(test)]
mod design_in_tests {
    use super::design_in;

    #[test]
    fn a_message_names_its_design() {
        for (message, design) in [
            ("try `WbRbmHfB` next game", Some("WbRbmHfB")),
            ("A nice one: WbRbmHfB!", Some("WbRbmHfB")),
            ("I played (WD)xe5+ and won", Some("WD")),
            ("redesign Q=fc(DNFA) now", Some("fc(DNFA)")),
            ("A", Some("A")),
            ("hello there, how are you?", None),
            ("`hello` but also NN", Some("NN")),
            ("", None),
        ] {
            assert_eq!(design_in(message).as_deref(), design, "{message}");
        }
    }
}
