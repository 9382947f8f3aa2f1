//! A seated player's page, `/g/<token>/play`: their board, and their turn by clicks (or typed,
//! without the script). Signed in with Discord only; only the game's two players; a turn is
//! sent with the page's sealed form token, so no other site can make a player's browser play.

use super::{no_store, opened, Failed};
use crate::core::{page_path, parse, CoreError, Given, Pick, Reply, Request, Who};
use crate::store::{Link, LinkKind, Session, Token};
use crate::web::signin::{form_holds, form_token, session_of};
use crate::web::{html, Web};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;

/// Where a member plays: the game a token opens, its page's path, and the member signed in
/// (with their cookie); or the way to sign in and come back here.
struct Seat {
    link: Link,
    base: String,
    session: Token,
    member: Session,
}

async fn seat(
    web: &Web,
    token: &str,
    headers: &HeaderMap,
) -> Result<Result<Seat, Response>, Failed> {
    if web.signin.is_none() {
        return Err(Failed::NotFound);
    }
    let (link, token) = opened(&web.core, token, LinkKind::Game).await?;
    let base = page_path(LinkKind::Game, token);
    Ok(match session_of(web, headers).await? {
        Some((session, member)) => Ok(Seat {
            link,
            base,
            session,
            member,
        }),
        None => Err(Redirect::to(&format!("/signin?next={base}/play")).into_response()),
    })
}

/// What the core says to a member who isn't seated, as the page's answer.
fn refused(error: CoreError) -> Failed {
    match error {
        CoreError::NotAPlayer { .. } => Failed::NotYours,
        other => other.into(),
    }
}

pub(in crate::web) async fn play(
    State(web): State<Web>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Failed> {
    let seat = match seat(&web, &token, &headers).await? {
        Ok(seat) => seat,
        Err(to_signin) => return Ok(to_signin),
    };
    shown(&web, &seat, &[]).await
}

/// The member's page, with what their last turn was answered.
async fn shown(web: &Web, seat: &Seat, said: &[Reply]) -> Result<Response, Failed> {
    let page = web
        .core
        .play_page(seat.link, seat.member.member)
        .await
        .map_err(refused)?;
    let form = form_token(&web.seal, seat.session);
    let body = html::play(&page, &seat.base, &form, said);
    // The game's stream: the page comes back (by GET) when a turn is played elsewhere.
    let events = page.page.active.then(|| format!("{}/events", seat.base));
    let title = format!(
        "{} vs {}",
        page.page.players[0].name, page.page.players[1].name
    );
    Ok((
        no_store(),
        Html(html::page(&title, events.as_deref(), body)),
    )
        .into_response())
}

pub(in crate::web) async fn play_board(
    State(web): State<Web>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Game).await?;
    let Some((_, session)) = session_of(&web, &headers).await? else {
        return Err(Failed::NotYours);
    };
    let png = web
        .core
        .play_board(link, session.member)
        .await
        .map_err(refused)?;
    // The member's own view (in a fog game, all they may see): never kept by any cache.
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "private, no-store"),
        ],
        png,
    )
        .into_response())
}

/// What a player's page sends: its form token, what to do (`act`), and its fields. `act` is
/// `command` (a command of the game's, named in `command`, with its options as fields, read
/// by the one parser every adapter reads commands with), `press` (one of an answer's
/// buttons, `press` its id, sealed by the bot as Discord's buttons are), `pick` (a choice in
/// one of an answer's menus, the design builder's: `press` the menu's id, `value` the
/// choice) or `submit` (the builder's form: `press` its id, `what` and `slot`).
type Sent = Vec<(String, String)>;

/// The commands a player's page sends: its game's.
const PAGE_COMMANDS: &[&str] = &[
    "turn", "move", "buy", "transfer", "draw", "resign", "abort", "propose", "estimate", "design",
];

/// The longest field a page may send: longer than any option a command takes.
const FIELD_CHARS: usize = 500;

/// The fields of a command's form that aren't its options.
const CONTROLS: &[&str] = &["form", "act", "command"];

fn field<'a>(sent: &'a Sent, name: &str) -> &'a str {
    sent.iter()
        .find(|(n, _)| n == name)
        .map_or("", |(_, v)| v.as_str())
}

/// The request a page's form stands for, or why it stands for none.
fn request_of(sent: &Sent) -> Result<Request, String> {
    if sent.iter().any(|(_, v)| v.chars().count() > FIELD_CHARS) {
        return Err("Nothing was done: a field is at most 500 characters.".into());
    }
    let press = field(sent, "press");
    let stale =
        || "That choice isn't one of this page's: reload the page and try again.".to_string();
    match field(sent, "act") {
        "command" => {
            let command = field(sent, "command");
            if !PAGE_COMMANDS.contains(&command) {
                return Err(format!(
                    "Nothing was done: a game's page sends only its game's commands, not /{}.",
                    crate::core::neutral(command)
                ));
            }
            // A field left empty is an option left out, as on Discord.
            let options: Vec<(&str, Given)> = sent
                .iter()
                .filter(|(n, v)| !CONTROLS.contains(&n.as_str()) && !v.trim().is_empty())
                .map(|(n, v)| (n.as_str(), Given::Text(v.as_str())))
                .collect();
            parse(command, &options).map_err(|e| format!("Nothing was done: {e}."))
        }
        "press" => match Request::of_component(press, None) {
            Ok(pressed @ (Request::Press(_) | Request::Builder(_))) => Ok(pressed),
            _ => Err(stale()),
        },
        "pick" => match Request::of_component(press, Some(field(sent, "value"))) {
            Ok(picked @ Request::Builder(_)) => Ok(picked),
            _ => Err(stale()),
        },
        "submit" => Pick::submitted(press, field(sent, "what"), field(sent, "slot"))
            .map(Request::Builder)
            .ok_or_else(stale),
        _ => Err("This page can't do that: reload it and try again.".into()),
    }
}

pub(in crate::web) async fn play_turn(
    State(web): State<Web>,
    Path(token): Path<String>,
    headers: HeaderMap,
    Form(sent): Form<Sent>,
) -> Result<Response, Failed> {
    let seat = match seat(&web, &token, &headers).await? {
        Ok(seat) => seat,
        Err(to_signin) => return Ok(to_signin),
    };
    if !form_holds(&web.seal, seat.session, field(&sent, "form")) {
        return Ok(super::error_page(
            StatusCode::FORBIDDEN,
            "Not played",
            "This didn't come from your game's page, so nothing was done: reload the page and try again.",
        ));
    }
    let said = match request_of(&sent) {
        Err(why) => vec![Reply::private(why.as_str())],
        Ok(request) => {
            let who = Who {
                id: seat.member.member,
                name: seat.member.name.clone(),
                moderator: false,
                manager: false,
            };
            web.core
                .play_request(seat.link, &who, request)
                .await
                .map_err(refused)?
        }
    };
    shown(&web, &seat, &said).await
}
