//! What the web pages show, as plain data the web adapter (the binary's `web`) writes as HTML: a
//! game at any ply, a server's leaderboards and games in progress, a design's price; the
//! tournament page is `tournaments/page.rs`. A fog game still being played shows only its
//! public facts. Nothing here changes a game: the only write is a page's link, made the
//! first time it is needed.

use super::info::priced;
use super::parse::{parse, Given, ParseError};
use super::present::{board, clocks_now, names, record_file, secret, terms_text};
use super::Request;
use super::{Button, Core, CoreError, File, Reply, Target};
use crate::family::AfterError;
use crate::picture::Picture;
use crate::store::{GameRow, Link, LinkKind, Status, StoreError, Token};
use engine::{Color, Design, Price, Ruleset};
use render::ClockView;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// Where members' browsers reach the pages (`public_url`): the links the bot posts start so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("public_url must be the address browsers reach the pages at, such as https://csipgs.example or https://example.org/chess (http or https, no query), not '{0}'")]
pub struct PublicUrlError(String);

impl FromStr for PublicUrl {
    type Err = PublicUrlError;

    fn from_str(text: &str) -> Result<PublicUrl, PublicUrlError> {
        let bad = || PublicUrlError(text.to_string());
        let url = text.trim().trim_end_matches('/');
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
            .ok_or_else(bad)?;
        let host = rest.split('/').next().unwrap_or("");
        let plain = |c: char| c.is_ascii_graphic() && !"?#@\\\"'<>`".contains(c);
        if host.is_empty() || !rest.chars().all(plain) {
            return Err(bad());
        }
        Ok(PublicUrl(url.to_string()))
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PublicUrl {
    /// The address of a page.
    pub fn page(&self, kind: LinkKind, token: Token) -> String {
        format!("{}{}", self.0, page_path(kind, token))
    }
}

/// A page's path, as the web pages route it.
pub fn page_path(kind: LinkKind, token: Token) -> String {
    let letter = match kind {
        LinkKind::Game => "g",
        LinkKind::Tournament => "t",
        LinkKind::Server => "s",
    };
    format!("/{letter}/{token}")
}

/// A game as its page shows it.
#[derive(Clone, Debug)]
pub struct GamePage {
    pub players: [Seat; 2],
    /// "csipgs chess, classic ruleset"; then the time control and whether it is rated.
    pub rules: String,
    pub terms: String,
    /// "White to move", the result, or "aborted".
    pub state: String,
    pub active: bool,
    /// Both clocks now, White's first, when the game has a time control.
    pub clocks: Option<[ClockView; 2]>,
    /// The turns in record notation; empty while a fog game is played.
    pub turns: Vec<String>,
    /// How many turns have been played, and the ply shown (0: the start).
    pub played: u32,
    pub shown: u32,
    /// The board at the ply shown, as words; None while a fog game is played.
    pub board: Option<BoardText>,
    /// A fog game still being played: only its public facts are shown.
    pub secret: bool,
    /// Changes whenever the game does: the board picture of the last ply is asked for with it.
    pub version: i64,
}

/// A player as the page names them.
#[derive(Clone, Debug)]
pub struct Seat {
    pub name: String,
    /// Their rating in this server's pool of the game's family, if they have one.
    pub rating: Option<String>,
    pub computer: bool,
}

/// A board as words: a sentence for the picture's alt text, and the whole board as text.
#[derive(Clone, Debug)]
pub struct BoardText {
    pub summary: String,
    pub text: String,
}

/// A design's price, exactly as `/price` and `csipgs price` give it.
#[derive(Clone, Debug)]
pub struct PricePage {
    pub design: Design,
    pub price: Price,
    pub ruleset: Ruleset,
    pub breakdown: String,
}

impl Core {
    /// What a page's token opens, if its server shows its pages.
    pub async fn open_link(&self, token: Token) -> Result<Option<Link>, CoreError> {
        Ok(self.store.open_link(token).await?)
    }

    /// A "Watch" button opening an object's page, when pages are served and its server
    /// shows them.
    pub(super) async fn watch_button(
        &self,
        kind: LinkKind,
        object: i64,
        guild: u64,
    ) -> Result<Option<Button>, CoreError> {
        let Some(url) = &self.public_url else {
            return Ok(None);
        };
        let token = self.store.shown_token(kind, object, guild).await?;
        Ok(token.map(|token| Button::link("Watch", url.page(kind, token))))
    }

    /// For a game about to start in a server that shows its pages (`shown`), when pages are
    /// served: its page's token, with the "Watch" button added to its first board's
    /// `replies`. The token is stored with the game, in the transaction that creates it.
    pub(super) fn starting_watch(
        &self,
        shown: bool,
        replies: &mut [Reply],
    ) -> Result<Option<Token>, CoreError> {
        match (&self.public_url, shown) {
            (Some(url), true) => {
                let token = Token::random()?;
                add_watch(
                    replies,
                    &Button::link("Watch", url.page(LinkKind::Game, token)),
                );
                Ok(Some(token))
            }
            _ => Ok(None),
        }
    }

    /// The path of an object's page (made the first time it is needed).
    pub(super) async fn page_path(
        &self,
        kind: LinkKind,
        object: i64,
        guild: u64,
    ) -> Result<String, CoreError> {
        let token = self.store.web_token(kind, object, guild).await?;
        Ok(page_path(kind, token))
    }

    /// The stored game a link opens.
    async fn linked_game(&self, link: Link) -> Result<GameRow, CoreError> {
        match link.kind {
            LinkKind::Game => Ok(self
                .store
                .game_with_channel(link.object)
                .await?
                .map(|(row, _)| row)
                .filter(|row| row.guild == link.guild)
                .ok_or(CoreError::NoGame)?),
            _ => Err(CoreError::NoGame),
        }
    }

    /// A game's page at `ply` (the last when None).
    pub async fn game_page(&self, link: Link, ply: Option<u32>) -> Result<GamePage, CoreError> {
        let row = self.linked_game(link).await?;
        let played = u32::try_from(row.game.turns()).unwrap_or(u32::MAX);
        let hidden = secret(&row).is_some();
        let shown = ply.unwrap_or(played);
        if shown > played || (hidden && shown != played) {
            return Err(CoreError::NoSuchPly {
                turns: played as usize,
            });
        }
        let family = row.game.family();
        let mut players = Vec::with_capacity(2);
        for color in [Color::White, Color::Black] {
            let player = row.player(color);
            let rating = self.store.rating(row.guild, player.id, family).await?;
            players.push(Seat {
                name: player.name.clone(),
                rating: rating.map(|r| r.rating.to_string()),
                computer: row.computer.is_some_and(|c| c.color == color),
            });
        }
        let board = match hidden {
            true => None,
            false => {
                let picture = self.picture_at(&row, Color::White, shown).await?;
                Some(board_text(&picture, shown, played))
            }
        };
        let state = match (row.status, row.game.result()) {
            (Status::Aborted, _) => "aborted".to_string(),
            (_, Some(outcome)) => outcome.to_string(),
            (_, None) => format!("{} to move", row.game.to_move()),
        };
        let turns = match hidden {
            true => Vec::new(),
            false => row.game.turn_list(),
        };
        Ok(GamePage {
            players: players.try_into().map_err(|_| CoreError::NoGame)?,
            rules: row.game.rules().text(),
            terms: terms_text(row.time_control, row.rated),
            state,
            active: row.status == Status::Active,
            clocks: clocks_now(&row, self.now()),
            turns,
            played,
            shown,
            board,
            secret: hidden,
            version: row.version,
        })
    }

    /// The board picture (PNG) of a game at `ply`, as `/board` draws it, and the version of
    /// the game it shows: the game's own when `ply` is its last (clocks and result change
    /// without a turn), else 0, as an earlier turn never changes. Not while a fog game is
    /// played.
    pub async fn game_board(&self, link: Link, ply: u32) -> Result<(Vec<u8>, i64), CoreError> {
        let row = self.linked_game(link).await?;
        if secret(&row).is_some() {
            return Err(CoreError::FogSecret("board"));
        }
        let picture = self.picture_at(&row, Color::White, ply).await?;
        let png = self
            .painters
            .encode(picture)
            .await
            .map_err(CoreError::Picture)?;
        let last = ply as usize == row.game.turns();
        Ok((png, if last { row.version } else { 0 }))
    }

    /// A game's record file (csipgs record or PGN); not while a fog game is played.
    pub async fn game_record(&self, link: Link) -> Result<File, CoreError> {
        let row = self.linked_game(link).await?;
        if secret(&row).is_some() {
            return Err(CoreError::FogSecret("record"));
        }
        Ok(record_file(&row))
    }

    /// A game's replay (GIF), the one `/replay` sends; not while a fog game is played.
    pub async fn game_replay(&self, link: Link) -> Result<Arc<Vec<u8>>, CoreError> {
        let row = self.linked_game(link).await?;
        if secret(&row).is_some() {
            return Err(CoreError::FogSecret("replay"));
        }
        Ok(self.made_replay(&row).await?.gif.clone())
    }

    /// The picture of a game after turn `ply` from `side`: the position as stored after that
    /// turn, or, at the last, the board now with its clocks.
    pub(super) async fn picture_at(
        &self,
        row: &GameRow,
        side: Color,
        ply: u32,
    ) -> Result<Picture, CoreError> {
        let turns = row.game.turns();
        if ply as usize == turns {
            return Ok(board(row, side, self.now()));
        }
        if ply as usize > turns {
            return Err(CoreError::NoSuchPly { turns });
        }
        let stored = match ply {
            0 => None,
            _ => self.store.position_after(row.id, ply).await?,
        };
        let view = row
            .game
            .board_after(ply, stored.as_deref(), names(&row.players))
            .map_err(|e| match e {
                AfterError::Missing => CoreError::NoSuchPly { turns },
                AfterError::Corrupt(e) => StoreError::Corrupt(e).into(),
            })?;
        Ok(Picture::Board(Box::new(view.seen_by(side))))
    }

    /// A design's price under a ruleset (classic if none is given), as `csipgs price`
    /// gives it: the page reads /price's options from its address, through the same parser
    /// and within the same bounds as the command.
    pub fn price_page(given: &[(&str, Given)]) -> Result<PricePage, CoreError> {
        let Request::Price { design, ruleset } = parse("price", given)? else {
            return Err(ParseError::UnknownCommand("price".into()).into());
        };
        let (text, ruleset) = (design.as_str(), ruleset.unwrap_or_default());
        let (design, price) = priced(text, &ruleset.into())?;
        Ok(PricePage {
            breakdown: crate::price_text::price_text(&price, text)
                .trim_end()
                .to_string(),
            design,
            price,
            ruleset,
        })
    }
}

/// Give every message with the game's board that everyone in its channel sees the "Watch"
/// button.
pub(super) fn add_watch(replies: &mut [Reply], watch: &Button) {
    for reply in replies.iter_mut().filter(|r| shows_the_board(r)) {
        reply.buttons.push(watch.clone());
    }
}

fn shows_the_board(reply: &Reply) -> bool {
    !reply.ephemeral
        && !matches!(reply.elsewhere, Some(Target::Direct { .. }))
        && matches!(reply.picture, Some(Picture::Board(_)))
}

/// A board picture in words: its alt text (the same words as the board's Discord attachment,
/// after when it stands) and the board as text.
fn board_text(picture: &Picture, shown: u32, played: u32) -> BoardText {
    let text = match picture {
        Picture::Board(view) => render::text_board(view),
        _ => String::new(),
    };
    let when = match shown {
        0 => "at the start".to_string(),
        n if n == played => format!("after turn {n}, the last"),
        n => format!("after turn {n} of {played}"),
    };
    BoardText {
        summary: format!("The board {when}. {}", crate::picture::describe(picture)),
        text,
    }
}
