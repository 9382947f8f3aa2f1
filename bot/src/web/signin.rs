//! Signing in to the pages with Discord: OAuth2's authorization-code flow with PKCE (scope
//! `identify`), and the one-time links the bot sends a member privately.
//!
//! Who a member is comes only from Discord's `users/@me`, asked with the token our server got
//! for the code, never from anything the browser says. The client secret stays here. A
//! sign-in's `state` is bound to the browser that began it (a cookie of its own), so a code
//! can't be planted in another's browser; it is taken once, and ends after ten minutes.
//!
//! A session is a random cookie (`HttpOnly`, `SameSite=Lax`, `Secure` when the pages are
//! served over https) whose hash the store keeps for 30 days; signing out, or `/privacy
//! forget`, deletes it. Every form that changes something carries a token sealed from the
//! session, which another site can't read, so it can't make a signed-in browser act.

use super::pages::{no_store, Failed};
use super::{html, Web};
use crate::config::SigninKeys;
use crate::core::{millis_now, Seal, Tag};
use crate::store::{Session, SigninState, Token};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Form;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::time::Duration;

/// How long a session lasts.
const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// How long a member may take on Discord's consent page.
const SIGNIN_SECONDS: i64 = 600;
/// How long Discord has to answer the exchange of a code.
const DISCORD_TIMEOUT: Duration = Duration::from_secs(10);

const SESSION_COOKIE: &str = "csipgs_session";
const SIGNIN_COOKIE: &str = "csipgs_signin";

/// Where Discord's pages and API are.
const DISCORD_AUTHORIZE: &str = "https://discord.com/oauth2/authorize";
const DISCORD_API: &str = "https://discord.com/api/v10";
/// Where Discord's clients (web, desktop, mobile) show an Activity from: its frame's parents.
const DISCORD_CLIENTS: &str = "https://discord.com https://*.discord.com https://discordapp.com \
     https://*.discordapp.com https://*.discordsays.com";

/// What signing in needs: the application's keys, Discord's addresses, and ours.
pub struct Signin {
    keys: SigninKeys,
    authorize: String,
    api: String,
    /// Where members' browsers reach the pages.
    public_url: String,
    /// Our callback, as registered in the application's OAuth2 redirects.
    redirect: String,
    /// Where Discord's client runs, which may frame the Activity (`frame-ancestors`).
    client_origins: String,
    /// The pages are served over https: cookies say `Secure`.
    secure: bool,
    http: reqwest::Client,
}

impl Signin {
    /// Signing in with `keys`, back to `public_url`; `api_base` is a fake Discord's API (its
    /// consent page beside it), for tests.
    pub fn new(keys: SigninKeys, public_url: &str, api_base: Option<&str>) -> Signin {
        let (authorize, api, client_origins) = match api_base {
            // A fake Discord's site, with its API at `/api/v10` as Discord's is (given with
            // or without that path, as serenity's proxy takes it).
            Some(api) => {
                let site = api
                    .trim_end_matches('/')
                    .trim_end_matches("/v10")
                    .trim_end_matches("/api");
                (
                    format!("{site}/oauth2/authorize"),
                    format!("{site}/api/v10"),
                    site.to_string(),
                )
            }
            None => (
                DISCORD_AUTHORIZE.to_string(),
                DISCORD_API.to_string(),
                DISCORD_CLIENTS.to_string(),
            ),
        };
        let http = reqwest::Client::builder()
            .timeout(DISCORD_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_default();
        Signin {
            keys,
            authorize,
            api,
            public_url: public_url.to_string(),
            redirect: format!("{public_url}/signin/callback"),
            client_origins,
            secure: public_url.starts_with("https://"),
            http,
        }
    }

    /// A cookie of ours: only this site's own requests (and top-level visits) carry it, and no
    /// script reads it.
    fn cookie(&self, name: &str, value: &str, max_age: i64) -> HeaderValue {
        let secure = if self.secure { "; Secure" } else { "" };
        let text =
            format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}");
        HeaderValue::from_str(&text).expect("cookies are ASCII")
    }

    /// The application's id, which the Activity's page asks Discord's client to sign in to.
    pub(super) fn client_id(&self) -> u64 {
        self.keys.client_id
    }

    /// Where members' browsers reach the pages, outside Discord.
    pub(super) fn public_url(&self) -> &str {
        &self.public_url
    }

    /// The origins that may frame the Activity's page.
    pub(super) fn client_origins(&self) -> &str {
        &self.client_origins
    }

    /// Exchange a code for the member it signs in, with Discord's access token for them: the
    /// token endpoint, then `users/@me`. A code from our consent page carries the PKCE
    /// verifier and our callback; one the Activity got from Discord's client has neither.
    pub(super) async fn member(
        &self,
        code: &str,
        verifier: Option<&str>,
    ) -> Result<(Member, String), SigninError> {
        let mut form = vec![("grant_type", "authorization_code"), ("code", code)];
        if let Some(verifier) = verifier {
            form.push(("redirect_uri", &self.redirect));
            form.push(("code_verifier", verifier));
        }
        let answer = self
            .http
            .post(format!("{}/oauth2/token", self.api))
            .basic_auth(
                self.keys.client_id.to_string(),
                Some(self.keys.client_secret.expose()),
            )
            .form(&form)
            .send()
            .await;
        let granted: Granted = read_json(answer).await?;
        let answer = self
            .http
            .get(format!("{}/users/@me", self.api))
            .bearer_auth(&granted.access_token)
            .send()
            .await;
        let user: User = read_json(answer).await?;
        let id = user
            .id
            .parse()
            .map_err(|_| SigninError::Discord(format!("'{}' is not a user id", user.id)))?;
        let name = user
            .global_name
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(user.username);
        Ok((Member { id, name }, granted.access_token))
    }
}

/// Discord's answer as JSON, if it answered yes.
async fn read_json<T: serde::de::DeserializeOwned>(
    answer: reqwest::Result<reqwest::Response>,
) -> Result<T, SigninError> {
    let answer = answer.map_err(|e| SigninError::Discord(e.without_url().to_string()))?;
    if !answer.status().is_success() {
        return Err(SigninError::Refused(answer.status().as_u16()));
    }
    let bytes = answer
        .bytes()
        .await
        .map_err(|e| SigninError::Discord(e.without_url().to_string()))?;
    serde_json::from_slice(&bytes).map_err(|e| SigninError::Discord(e.to_string()))
}

/// Why a sign-in with Discord failed, in the words its page shows.
#[derive(Debug, thiserror::Error)]
pub(super) enum SigninError {
    #[error("Discord could not be reached to finish signing you in ({0})")]
    Discord(String),
    #[error("Discord refused to sign you in (status {0}): the sign-in may have been used already")]
    Refused(u16),
}

/// The token endpoint's answer.
#[derive(Deserialize)]
struct Granted {
    access_token: String,
}

/// `users/@me`'s answer, the parts we keep.
#[derive(Deserialize)]
struct User {
    id: String,
    username: String,
    global_name: Option<String>,
}

/// Who signed in.
pub(super) struct Member {
    pub(super) id: u64,
    pub(super) name: String,
}

pub(super) fn now() -> i64 {
    (millis_now() / 1000) as i64
}

/// A cookie's value, if the request carries it as a token.
fn cookie_token(headers: &HeaderMap, name: &str) -> Option<Token> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .and_then(|(_, value)| value.parse().ok())
}

/// Where a sign-in returns to: a page of this site only (a path, never `//host` or a
/// scheme), else the member's own page.
fn safe_next(next: Option<&String>) -> String {
    match next.map(|n| n.trim()) {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.contains('\\')
                && path.chars().all(|c| c.is_ascii_graphic()) =>
        {
            path.to_string()
        }
        _ => "/me".to_string(),
    }
}

/// PKCE's S256 challenge for `verifier`.
fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

fn encoded(text: &str) -> String {
    utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
}

/// A redirect that sets cookies.
fn see_other(location: &str, cookies: Vec<HeaderValue>) -> Response {
    let mut response = (StatusCode::SEE_OTHER, no_store()).into_response();
    let headers = response.headers_mut();
    if let Ok(location) = HeaderValue::from_str(location) {
        headers.insert(header::LOCATION, location);
    }
    for cookie in cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
    response
}

pub(super) fn signin_of(web: &Web) -> Result<&Signin, Failed> {
    web.signin.as_deref().ok_or(Failed::NotFound)
}

/// The session a request opens, with its token: from its cookie, or, from the Activity
/// (which holds its session in memory, as a frame inside Discord has no cookies of its
/// own), from `Authorization: Bearer`. A bearer that opens nothing is refused, not sent to
/// sign in, which a frame can't do.
pub(super) async fn session_of(
    web: &Web,
    headers: &HeaderMap,
) -> Result<Option<(Token, Session)>, Failed> {
    let bearer = headers.get(header::AUTHORIZATION).map(|value| {
        value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .and_then(|t| t.trim().parse::<Token>().ok())
    });
    let token = match bearer {
        Some(Some(token)) => token,
        Some(None) => return Err(Failed::SignedOut),
        None => match cookie_token(headers, SESSION_COOKIE) {
            Some(token) => token,
            None => return Ok(None),
        },
    };
    let session = web
        .core
        .store()
        .session(token, now())
        .await
        .map_err(|e| Failed::Broken(e.into()))?;
    match session {
        Some(session) => Ok(Some((token, session))),
        None if bearer.is_some() => Err(Failed::SignedOut),
        None => Ok(None),
    }
}

/// The token a signed-in browser's forms carry: sealed from its session, so only a page of
/// ours, which can read it, can send it.
pub(super) fn form_token(seal: &Seal, session: Token) -> String {
    seal.tag(&format!("form {session}")).to_string()
}

/// Whether a form's token is the one its session's pages carry.
pub(super) fn form_holds(seal: &Seal, session: Token, given: &str) -> bool {
    given
        .parse::<Tag>()
        .is_ok_and(|tag| seal.holds(&format!("form {session}"), tag))
}

/// `/signin?next=/page`: off to Discord's consent page.
pub(super) async fn begin(
    State(web): State<Web>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let signin = signin_of(&web)?;
    let broken = |e: crate::store::StoreError| Failed::Broken(e.into());
    let state = Token::random().map_err(broken)?;
    let verifier = format!(
        "{}{}",
        Token::random().map_err(broken)?,
        Token::random().map_err(broken)?
    );
    let url = format!(
        "{}?response_type=code&client_id={}&scope=identify&prompt=none&state={state}\
         &redirect_uri={}&code_challenge={}&code_challenge_method=S256",
        signin.authorize,
        signin.keys.client_id,
        encoded(&signin.redirect),
        challenge(&verifier),
    );
    let begun = SigninState {
        verifier,
        next: safe_next(query.get("next")),
    };
    web.core
        .store()
        .begin_signin(state, &begun, now() + SIGNIN_SECONDS)
        .await
        .map_err(broken)?;
    let cookie = signin.cookie(SIGNIN_COOKIE, &state.to_string(), SIGNIN_SECONDS);
    Ok(see_other(&url, vec![cookie]))
}

/// `/signin/callback?code=..&state=..`: Discord sends the member back.
pub(super) async fn callback(
    State(web): State<Web>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let signin = signin_of(&web)?;
    let refused = |why: &str| Ok(html::signin_failed(why));
    if query.contains_key("error") {
        return refused("Discord says you didn't let csipgs know who you are, so you are not signed in. Sign in again and choose Authorize to play from the browser.");
    }
    let state: Option<Token> = query.get("state").and_then(|s| s.parse().ok());
    let (Some(state), Some(code)) = (state, query.get("code")) else {
        return refused(
            "This address is missing what Discord sends back: start again from Sign in.",
        );
    };
    if cookie_token(&headers, SIGNIN_COOKIE) != Some(state) {
        return refused("This sign-in was begun in another browser, or its cookie was lost: start again from Sign in, in this browser.");
    }
    let begun = web.core.store().take_signin(state, now()).await;
    let Some(begun) = begun.map_err(|e| Failed::Broken(e.into()))? else {
        return refused("This sign-in has been used already or is more than ten minutes old: start again from Sign in.");
    };
    let member = match signin.member(code, Some(&begun.verifier)).await {
        Ok((member, _)) => member,
        Err(e) => {
            tracing::warn!(error = %e, "a sign-in with Discord failed");
            return refused(&format!("{e}. Start again from Sign in."));
        }
    };
    open(&web, signin, member, &begun.next).await
}

/// A new session for `member`, for `seconds`.
pub(super) async fn new_session(web: &Web, member: &Member, seconds: i64) -> Result<Token, Failed> {
    let token = Token::random().map_err(|e| Failed::Broken(e.into()))?;
    let now = now();
    web.core
        .store()
        .open_session(token, member.id, &member.name, now, now + seconds)
        .await
        .map_err(|e| Failed::Broken(e.into()))?;
    Ok(token)
}

/// Start a session for `member` and send the browser on to `next`.
async fn open(web: &Web, signin: &Signin, member: Member, next: &str) -> Result<Response, Failed> {
    let token = new_session(web, &member, SESSION_SECONDS).await?;
    let cookies = vec![
        signin.cookie(SESSION_COOKIE, &token.to_string(), SESSION_SECONDS),
        signin.cookie(SIGNIN_COOKIE, "", 0),
    ];
    Ok(see_other(next, cookies))
}

/// `/in/<token>`: a one-time link the bot sent a member, signing them in at once.
pub(super) async fn link(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let signin = signin_of(&web)?;
    let Ok(token) = token.parse::<Token>() else {
        return Ok(html::signin_failed(LINK_USED));
    };
    let taken = web.core.store().take_signin_link(token, now()).await;
    let Some((member, name, game)) = taken.map_err(|e| Failed::Broken(e.into()))? else {
        return Ok(html::signin_failed(LINK_USED));
    };
    // Its game's board, if its server still shows its pages.
    let next = web
        .core
        .play_path(game)
        .await
        .map_err(Failed::Broken)?
        .unwrap_or_else(|| "/me".to_string());
    open(&web, signin, Member { id: member, name }, &next).await
}

const LINK_USED: &str = "This sign-in link has been used already or has expired: each works once, for a day. Ask the bot for a new one (/game on Discord), or sign in with Discord.";

#[derive(Deserialize)]
pub(super) struct SignOut {
    form: String,
}

/// `/signout` (a form): end this browser's session.
pub(super) async fn signout(
    State(web): State<Web>,
    headers: HeaderMap,
    Form(form): Form<SignOut>,
) -> Result<Response, Failed> {
    let signin = signin_of(&web)?;
    let Some((token, _)) = session_of(&web, &headers).await? else {
        return Ok(see_other("/me", vec![signin.cookie(SESSION_COOKIE, "", 0)]));
    };
    if !form_holds(&web.seal, token, &form.form) {
        return Ok(html::signin_failed("This form didn't come from the page it belongs to, so nothing was done: go back, reload the page and try again."));
    }
    web.core
        .store()
        .close_session(token)
        .await
        .map_err(|e| Failed::Broken(e.into()))?;
    Ok(see_other("/me", vec![signin.cookie(SESSION_COOKIE, "", 0)]))
}

/// `/me`: who this browser is signed in as, with the way out; or the way in.
pub(super) async fn me(State(web): State<Web>, headers: HeaderMap) -> Result<Response, Failed> {
    signin_of(&web)?;
    let body = match session_of(&web, &headers).await? {
        Some((token, session)) => html::signed_in(&session, &form_token(&web.seal, token)),
        None => html::signed_out(),
    };
    Ok((no_store(), Html(html::page("Signed in", None, body))).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sign_in_returns_only_to_this_site() {
        let next = |s: &str| safe_next(Some(&s.to_string()));
        assert_eq!(next("/g/abc?ply=2"), "/g/abc?ply=2");
        for elsewhere in [
            "https://evil.example",
            "//evil.example/x",
            "/\\evil.example",
            "javascript:alert(1)",
            "",
            "/a b",
        ] {
            assert_eq!(next(elsewhere), "/me", "{elsewhere}");
        }
        assert_eq!(safe_next(None), "/me");
    }

    /// RFC 7636's example: this verifier has this challenge.
    #[test]
    fn the_pkce_challenge_is_rfc_7636s() {
        assert_eq!(
            challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    #[test]
    fn a_cookie_is_read_by_its_name_and_as_a_token() {
        let token = "0123456789abcdef0123456789abcdef";
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=b; {SESSION_COOKIE}={token}; c=d")).unwrap(),
        );
        assert_eq!(
            cookie_token(&headers, SESSION_COOKIE),
            Some(token.parse().unwrap())
        );
        assert_eq!(cookie_token(&headers, SIGNIN_COOKIE), None);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("csipgs_session=../../etc"),
        );
        assert_eq!(cookie_token(&headers, SESSION_COOKIE), None);
    }
}
