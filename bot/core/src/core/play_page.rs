//! A seated player's board on the web: what they may see of their game, and, on their turn,
//! every legal turn as clicks. A turn sent from the page is the same request as `/move` in
//! the game's channel, through the same core: the same refusals, announcements, outbox and
//! clocks, so a game can be played half in Discord and half in the browser.

use super::present::{names, secret};
use super::{page_path, Button, ButtonStyle, Core, CoreError, Place, Reply, Request, Who};
use crate::family::Click;
use crate::store::{Channel, GameRow, Link, LinkKind, ProposalKind, Status, Token};
use engine::Color;
use render::{BoardView, CsipgsBoardView};

/// What a seated player's page shows them.
#[derive(Clone, Debug)]
pub struct PlayPage {
    /// The public page: players, clocks, state and moves (none while a fog game is played).
    pub page: super::GamePage,
    /// The member's side, at the bottom of their board.
    pub seat: Color,
    /// It is the member's turn in a game still played.
    pub yours: bool,
    /// The board as the member sees it (in a fog game, only their own view), with both
    /// players' treasuries, reserves and designs, which the rules keep public.
    pub board: BoardView,
    /// On their turn, every legal turn as clicks; in a fog game, every turn they may be
    /// offered on the board as they know it (`GameState::clicks`), which tells nothing
    /// hidden, and the moderator refuses what the hidden board doesn't allow.
    pub clicks: Vec<Click>,
    /// A csipgs game still played: the page offers the design builder.
    pub designs: bool,
    /// A csipgs game still played between two members whose rules take proposals: new
    /// atoms and modifiers may be proposed, and these proposals are open.
    pub proposals: Option<Vec<Bid>>,
    /// The game's rules let its players agree a draw (kurnia and progressive don't).
    pub drawable: bool,
    /// The game may still be aborted by its players: neither has moved, and it is no
    /// tournament's.
    pub abortable: bool,
}

/// An open proposal as a player's page shows it: never either sealed estimate, only whether
/// the member has given theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bid {
    pub id: i64,
    pub kind: ProposalKind,
    pub name: String,
    pub notation: String,
    pub proposer: Color,
    /// The member's estimate is in; the page waits for the other's.
    pub given: bool,
}

/// The board as the player of `seat` may see it: in a fog game still played, their own view.
fn seen(row: &GameRow, seat: Color) -> BoardView {
    let names = names(&row.players);
    match secret(row) {
        Some(game) => CsipgsBoardView::from_view(&game.view(seat), names).into(),
        None => row.game.board_view(names),
    }
}

/// One of a member's games as the Activity lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ActivityGame {
    /// Its play page's path.
    pub path: String,
    /// "White vs Black".
    pub title: String,
    /// It is the member's turn.
    pub yours: bool,
    /// It is played in the channel the Activity was opened in.
    pub here: bool,
}

/// What the Activity opened in a channel shows a member.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ActivityGames {
    /// Their games still played whose servers show their pages, the one in this channel
    /// first.
    pub games: Vec<ActivityGame>,
    /// The watchers' page of the game played in this channel, when it isn't theirs.
    pub watch: Option<String>,
}

/// How long a sign-in link works.
const SIGNIN_LINK_SECONDS: i64 = 24 * 3600;

impl Core {
    /// For a player asking about their game, where the bot lets them play in the browser:
    /// a private one-time link that signs them in and opens their board. It is theirs alone,
    /// so it is never posted where others read.
    pub(super) async fn play_offer(
        &self,
        who: &Who,
        place: Place,
    ) -> Result<Vec<Reply>, CoreError> {
        let Some(url) = self.public_url.as_ref().filter(|_| self.web_play) else {
            return Ok(Vec::new());
        };
        let Ok(row) = self.active(place).await else {
            return Ok(Vec::new());
        };
        if row.color_of(who.id).is_none() || self.play_path(row.id).await?.is_none() {
            return Ok(Vec::new());
        }
        let token = Token::random()?;
        let expires = self.now() + SIGNIN_LINK_SECONDS;
        self.store
            .signin_link(token, who.id, &who.name, row.id, expires)
            .await?;
        let mut offer = Reply::private(
            "Play this game in your browser, by clicking: the button signs you in with this link once, within a day. It is yours alone: don't share it.",
        );
        offer.buttons.push(Button {
            id: String::new(),
            label: "Play in the browser".into(),
            style: ButtonStyle::Neutral,
            link: Some(format!("{url}/in/{token}")),
        });
        Ok(vec![offer])
    }

    /// The path of a game's play page, if its server shows its pages.
    pub async fn play_path(&self, game: i64) -> Result<Option<String>, CoreError> {
        match self.store.game_with_channel(game).await? {
            Some((row, _)) => self.play_path_of(&row).await,
            None => Ok(None),
        }
    }

    /// `play_path` of a game already read.
    async fn play_path_of(&self, row: &GameRow) -> Result<Option<String>, CoreError> {
        let token = self
            .store
            .shown_token(LinkKind::Game, row.id, row.guild)
            .await?;
        Ok(token.map(|token| format!("{}/play", page_path(LinkKind::Game, token))))
    }

    /// What the Activity opened in `channel` shows `member`: their games, and the game
    /// played there if it isn't theirs, to watch.
    pub async fn activity_games(
        &self,
        member: u64,
        channel: Option<Channel>,
    ) -> Result<ActivityGames, CoreError> {
        let mut games = Vec::new();
        for (row, played_in) in self.store.member_active_games(member).await? {
            let Some(path) = self.play_path_of(&row).await? else {
                continue;
            };
            games.push(ActivityGame {
                path,
                title: format!(
                    "{} vs {}",
                    row.player(Color::White).name,
                    row.player(Color::Black).name
                ),
                yours: row.color_of(member) == Some(row.game.to_move()),
                here: channel.is_some_and(|c| c.guild == row.guild && c.channel == played_in),
            });
        }
        games.sort_by_key(|g| !g.here);
        let mut watch = None;
        if let Some(channel) = channel.filter(|_| !games.iter().any(|g| g.here)) {
            if let Ok(row) = self.active(Place::Channel(channel)).await {
                let token = self
                    .store
                    .shown_token(LinkKind::Game, row.id, row.guild)
                    .await?;
                watch = token.map(|token| page_path(LinkKind::Game, token));
            }
        }
        Ok(ActivityGames { games, watch })
    }

    /// The seat `member` has in the game `link` opens: refused to anyone else.
    async fn seated(&self, link: Link, member: u64) -> Result<(GameRow, Color), CoreError> {
        let (row, seat, _) = self.seated_in(link, member).await?;
        Ok((row, seat))
    }

    /// `seated`, with the game's channel.
    async fn seated_in(&self, link: Link, member: u64) -> Result<(GameRow, Color, u64), CoreError> {
        let (row, channel) = self.linked_game_in(link).await?;
        let seat = row.color_of(member).ok_or(CoreError::NotAPlayer {
            white: row.player(Color::White).id,
            black: row.player(Color::Black).id,
        })?;
        Ok((row, seat, channel))
    }

    /// The page `member` plays their game from.
    pub async fn play_page(&self, link: Link, member: u64) -> Result<PlayPage, CoreError> {
        let (row, seat) = self.seated(link, member).await?;
        let page = self.page_of(&row).await?;
        let yours = row.status == Status::Active && row.game.to_move() == seat;
        let clicks = match yours {
            true => row.game.clicks(),
            false => Vec::new(),
        };
        let designs = row.status == Status::Active && row.game.csipgs().is_some();
        let proposing = row
            .game
            .csipgs()
            .is_some_and(|g| g.rules().proposals_allowed());
        let proposals = match designs && proposing && row.computer.is_none() {
            false => None,
            true => Some(
                self.store
                    .open_proposals(row.id)
                    .await?
                    .into_iter()
                    .map(|p| Bid {
                        id: p.id,
                        kind: p.kind,
                        given: p.estimates[seat.index()].is_some(),
                        name: p.name,
                        notation: p.notation,
                        proposer: p.proposer,
                    })
                    .collect(),
            ),
        };
        let active = row.status == Status::Active;
        let abortable =
            active && row.game.turns() < 2 && self.store.board_of_game(row.id).await?.is_none();
        Ok(PlayPage {
            page,
            seat,
            yours,
            board: seen(&row, seat),
            clicks,
            designs,
            proposals,
            drawable: active && row.game.draws_allowed().is_ok(),
            abortable,
        })
    }

    /// The board `member` sees of their game now, from their side (PNG, the board alone, no
    /// clocks): in a fog game still played, only their own view.
    pub async fn play_board(&self, link: Link, member: u64) -> Result<Vec<u8>, CoreError> {
        let (row, seat) = self.seated(link, member).await?;
        let view = seen(&row, seat).seen_by(seat);
        self.painters
            .run(move || render::board_alone(&view, &render::Style::default()))
            .await
            .map_err(CoreError::Picture)
    }

    /// What `who` sent from their game's page (a turn, a draw offer, a resignation, one of
    /// its answers' buttons), as that command in the game's channel. Nobody answers for the
    /// page in Discord, so what it announces is delivered to the channel at once, by this
    /// request (a scheduler delivering every page's turns one by one would keep 200 games
    /// waiting on each other).
    pub async fn play_request(
        &self,
        link: Link,
        who: &Who,
        request: Request,
    ) -> Result<Vec<Reply>, CoreError> {
        let (row, _, channel) = self.seated_in(link, who.id).await?;
        let place = Place::Channel(Channel {
            guild: row.guild,
            channel,
        });
        let replies = self.handle(who, place, request).await;
        for reply in replies.iter().filter(|r| !r.ephemeral) {
            self.deliver_now(reply).await;
        }
        Ok(replies)
    }
}
