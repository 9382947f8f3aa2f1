//! The handlers: each finds what its token opens (an unknown token, and every page of a
//! server that turned its pages off, is "not found"), asks the core, and writes the page.
//! Here what every handler shares; a file per page beside it.

mod game;
mod play;
mod player;
mod price;
mod server;
mod tournament;

pub(super) use game::*;
pub(super) use play::*;
pub(super) use player::*;
pub(super) use price::*;
pub(super) use server::*;
pub(super) use tournament::*;

use super::html;
use crate::core::{Content, Core, CoreError};
use crate::store::{Link, LinkKind, Token};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};

/// How a page failed, as its visitor reads it.
pub(super) enum Failed {
    NotFound,
    Bad(Content),
    /// A fog game's board, moves or files, asked for while it is played.
    Hidden,
    /// A game's play page, asked for by someone not playing it (or not signed in).
    NotYours,
    /// A request from the Activity whose session has ended (or never was).
    SignedOut,
    Broken(CoreError),
}

impl From<CoreError> for Failed {
    fn from(error: CoreError) -> Failed {
        match error {
            CoreError::Storage(_) | CoreError::Picture(_) => Failed::Broken(error),
            CoreError::NoSuchPly { .. } => Failed::Bad(error.content()),
            CoreError::FogSecret(_) => Failed::Hidden,
            _ => Failed::NotFound,
        }
    }
}

impl IntoResponse for Failed {
    fn into_response(self) -> Response {
        match self {
            Failed::NotFound => error_page(
                StatusCode::NOT_FOUND,
                "Not found",
                "There is no page here. A link to a game, tournament or server works only while its server shows its pages (/settings web:true on Discord); check that the whole link was copied.",
            ),
            Failed::Hidden => error_page(
                StatusCode::FORBIDDEN,
                "Hidden until the game ends",
                "This is a fog game: its board, its moves, its record and its replay are hidden from everyone but its players until it ends. Its page shows who plays, the clocks and whose turn it is meanwhile.",
            ),
            Failed::Bad(why) => error_page(StatusCode::BAD_REQUEST, "Not a page", why),
            Failed::NotYours => error_page(
                StatusCode::FORBIDDEN,
                "Not your game",
                "Only the game's two players play from this page, signed in with their Discord account. Anyone can watch the game from its page (the link without /play).",
            ),
            Failed::SignedOut => error_page(
                StatusCode::UNAUTHORIZED,
                "Signed out",
                "Your sign-in has ended, so nothing was done: close csipgs's board in Discord and open it again.",
            ),
            Failed::Broken(error) => {
                tracing::error!(error = %error, "a web page failed");
                error_page(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Something went wrong",
                    "The bot could not make this page just now. Try again in a moment.",
                )
            }
        }
    }
}

/// A page saying what went wrong, with its status.
pub(super) fn error_page(status: StatusCode, title: &str, text: impl Into<Content>) -> Response {
    (status, no_store(), Html(html::error(title, &text.into()))).into_response()
}

/// Pages behind a token change, and are nobody else's: never kept by a shared cache.
pub(super) fn no_store() -> [(header::HeaderName, HeaderValue); 1] {
    [(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    )]
}

/// What a token in an address opens, if it is of this kind and its server shows its pages.
pub(super) async fn opened(
    core: &Core,
    token: &str,
    kind: LinkKind,
) -> Result<(Link, Token), Failed> {
    let token: Token = token.parse().map_err(|()| Failed::NotFound)?;
    match core.open_link(token).await? {
        Some(link) if link.kind == kind => Ok((link, token)),
        _ => Err(Failed::NotFound),
    }
}

pub(super) async fn not_found() -> Failed {
    Failed::NotFound
}

pub(super) async fn home() -> Redirect {
    Redirect::to("/price")
}

/// A file to save, under its name.
pub(super) fn download(name: &str, kind: &'static str, bytes: Vec<u8>) -> Response {
    // The names are ours (letters, digits, dashes, dots); quotes are dropped all the same.
    let name: String = name.chars().filter(|c| *c != '"' && *c != '\\').collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .unwrap_or(HeaderValue::from_static("attachment"));
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CONTENT_DISPOSITION, disposition),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-cache"),
            ),
        ],
        bytes,
    )
        .into_response()
}
