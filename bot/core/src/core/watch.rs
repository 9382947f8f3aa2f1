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
use crate::family::{AfterError, GameState};
use crate::picture::Picture;
use crate::store::{GameRow, Link, LinkKind, Status, StoreError, Token};
use engine::{Color, Design, Price, Ruleset};
use render::{BoardView, ClockView};
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

/// A game as its page shows it, whatever turn a reader looks at: who plays, the clocks,
/// the state and the moves. The board after a turn is [`PlyView`].
#[derive(Clone, Debug)]
pub struct GamePage {
    pub players: [Seat; 2],
    /// "csipgs chess, classic ruleset"; then the time control and whether it is rated.
    pub rules: String,
    pub terms: String,
    /// "White to move", the result, or "aborted".
    pub state: String,
    pub active: bool,
    /// Both clocks when the page was drawn, White's first, when the game has a time control.
    pub clocks: Option<[ClockView; 2]>,
    /// When the running clock runs out (Unix seconds), while one runs: a page counts down to
    /// it, so a page drawn earlier and sent later still shows the right time.
    pub deadline: Option<i64>,
    /// The turns in record notation; empty while a fog game is played.
    pub turns: Vec<String>,
    /// How many turns have been played.
    pub played: u32,
    /// A fog game still being played: only its public facts are shown.
    pub secret: bool,
    /// Changes whenever the game does.
    pub version: i64,
    /// When it was drawn (Unix seconds, the bot's clock).
    pub now: i64,
}

/// The board after one turn, as a page shows it beside the picture: the view the picture
/// is drawn from (its panels are the page's text), the picture in words and as text.
#[derive(Clone, Debug)]
pub struct PlyView {
    /// The turn it follows (0: the start), of how many played.
    pub ply: u32,
    pub played: u32,
    /// From White's side, without clocks: the page keeps the clocks.
    pub board: BoardView,
    /// A sentence for the picture's alt text.
    pub summary: String,
    /// The whole board as text.
    pub text: String,
}

/// A player as the page names them.
#[derive(Clone, Debug)]
pub struct Seat {
    pub name: String,
    /// Their rating in this server's pool of the game's family, if they have one.
    pub rating: Option<String>,
    pub computer: bool,
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
    /// `replies` (see `add_watch`). The token is stored with the game, in the transaction
    /// that creates it.
    pub(super) fn starting_watch(
        &self,
        shown: bool,
        game: &GameState,
        replies: &mut [Reply],
    ) -> Result<Option<Token>, CoreError> {
        match (&self.public_url, shown) {
            (Some(url), true) => {
                let token = Token::random()?;
                let watch = Button::link("Watch", url.page(LinkKind::Game, token));
                add_watch(replies, game, &self.game_buttons(watch, game));
                Ok(Some(token))
            }
            _ => Ok(None),
        }
    }

    /// The buttons of a game's messages in a server that shows its pages: Watch, and while
    /// it is played, Play where the chat client opens a player's board inside itself.
    pub(super) fn game_buttons(&self, watch: Button, game: &GameState) -> Vec<Button> {
        let mut buttons = vec![watch];
        if self.launch && game.result().is_none() {
            buttons.push(Button::launch());
        }
        buttons
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
    pub(super) async fn linked_game(&self, link: Link) -> Result<GameRow, CoreError> {
        Ok(self.linked_game_in(link).await?.0)
    }

    /// The stored game a link opens, with its channel.
    pub(super) async fn linked_game_in(&self, link: Link) -> Result<(GameRow, u64), CoreError> {
        match link.kind {
            LinkKind::Game => Ok(self
                .store
                .game_with_channel(link.object)
                .await?
                .filter(|(row, _)| row.guild == link.guild)
                .ok_or(CoreError::NoGame)?),
            _ => Err(CoreError::NoGame),
        }
    }

    /// A game's page: its players, clocks, state and moves.
    pub async fn game_page(&self, link: Link) -> Result<GamePage, CoreError> {
        let row = self.linked_game(link).await?;
        self.page_of(&row).await
    }

    /// A game's page and its board after turn `ply` (the last when None; none while a fog
    /// game is played), from one reading of the game.
    pub async fn game_page_at(
        &self,
        link: Link,
        ply: Option<u32>,
    ) -> Result<(GamePage, Option<PlyView>), CoreError> {
        let row = self.linked_game(link).await?;
        let page = self.page_of(&row).await?;
        let shown = match (page.secret, ply) {
            (true, None) => None,
            (_, ply) => Some(self.ply_of(&row, ply.unwrap_or(page.played)).await?),
        };
        Ok((page, shown))
    }

    pub(super) async fn page_of(&self, row: &GameRow) -> Result<GamePage, CoreError> {
        let played = u32::try_from(row.game.turns()).unwrap_or(u32::MAX);
        let hidden = secret(row).is_some();
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
        let state = state_words(row);
        let active = row.status == Status::Active;
        Ok(GamePage {
            players: players.try_into().map_err(|_| CoreError::NoGame)?,
            rules: row.game.rules().text(),
            terms: terms_text(row.time_control, row.rated),
            state,
            active,
            clocks: clocks_now(row, self.now()),
            deadline: row
                .clock
                .filter(|_| active)
                .map(|c| c.deadline(row.game.to_move())),
            turns: match hidden {
                true => Vec::new(),
                false => row.game.turn_list(),
            },
            played,
            secret: hidden,
            version: row.version,
            now: self.now(),
        })
    }

    /// A game's board after turn `ply` (0: the start), as its page shows it; not while a
    /// fog game is played.
    pub async fn game_ply(&self, link: Link, ply: u32) -> Result<PlyView, CoreError> {
        let row = self.linked_game(link).await?;
        self.ply_of(&row, ply).await
    }

    async fn ply_of(&self, row: &GameRow, ply: u32) -> Result<PlyView, CoreError> {
        if secret(row).is_some() {
            return Err(CoreError::FogSecret("board"));
        }
        let board = self.view_at(row, ply).await?;
        let played = u32::try_from(row.game.turns()).unwrap_or(u32::MAX);
        let picture = Picture::Board(Box::new(board.clone()));
        Ok(PlyView {
            ply,
            played,
            summary: format!(
                "The board {}. {}",
                after_words(ply, played),
                crate::picture::describe(&picture)
            ),
            text: render::text_board(&board),
            board,
        })
    }

    /// A game's board alone (PNG, no panels, no clocks) after turn `ply`, from `side`, as
    /// the pages show it: it never changes once that turn is played. Not while a fog game
    /// is played.
    pub async fn game_board(
        &self,
        link: Link,
        ply: u32,
        side: Color,
    ) -> Result<Vec<u8>, CoreError> {
        let row = self.linked_game(link).await?;
        if secret(&row).is_some() {
            return Err(CoreError::FogSecret("board"));
        }
        let view = self.view_at(&row, ply).await?.seen_by(side);
        self.painters
            .run(move || render::board_alone(&view, &render::Style::default()))
            .await
            .map_err(CoreError::Picture)
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
        if ply as usize == row.game.turns() {
            return Ok(board(row, side, self.now()));
        }
        let view = self.view_at(row, ply).await?;
        Ok(Picture::Board(Box::new(view.seen_by(side))))
    }

    /// The board after turn `ply` from White's side, without clocks: the board now at the
    /// last turn (with the result), else the position stored after that turn.
    async fn view_at(&self, row: &GameRow, ply: u32) -> Result<BoardView, CoreError> {
        let turns = row.game.turns();
        if ply as usize == turns {
            return Ok(row.game.board_view(names(&row.players)));
        }
        if ply as usize > turns {
            return Err(CoreError::NoSuchPly { turns });
        }
        let stored = match ply {
            0 => None,
            _ => self.store.position_after(row.id, ply).await?,
        };
        row.game
            .board_after(ply, stored.as_deref(), names(&row.players))
            .map_err(|e| match e {
                AfterError::Missing => CoreError::NoSuchPly { turns },
                AfterError::Corrupt(e) => StoreError::Corrupt(e).into(),
            })
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

/// Give the game's buttons (`Core::game_buttons`) to every message about the game that
/// everyone in its channel sees: those with its board, and, in a fog game, whose board
/// nobody but its players sees, those without a picture (its start and each turn's
/// announcement).
pub(super) fn add_watch(replies: &mut [Reply], game: &GameState, buttons: &[Button]) {
    let fog = game.fog();
    for reply in replies.iter_mut().filter(|r| public(r)) {
        let shown = match &reply.picture {
            Some(Picture::Board(_)) => true,
            None => fog,
            Some(_) => false,
        };
        if shown {
            reply.buttons.extend_from_slice(buttons);
        }
    }
}

fn public(reply: &Reply) -> bool {
    !reply.ephemeral && !matches!(reply.elsewhere, Some(Target::Direct { .. }))
}

/// A game's state as its pages say it: "White to move", the result, or "aborted".
pub(super) fn state_words(row: &GameRow) -> String {
    match (row.status, row.game.result()) {
        (Status::Aborted, _) => "aborted".to_string(),
        (_, Some(outcome)) => outcome.to_string(),
        (_, None) => format!("{} to move", row.game.to_move()),
    }
}

/// When a board stands, in words: "at the start", "after turn 3 of 5", "after turn 5, the
/// last".
pub fn after_words(ply: u32, played: u32) -> String {
    match ply {
        0 => "at the start".to_string(),
        n if n == played => format!("after turn {n}, the last"),
        n => format!("after turn {n} of {played}"),
    }
}
