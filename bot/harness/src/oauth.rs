//! Discord's OAuth2, as far as signing in to the bot's pages uses it: the consent page (which
//! agrees at once, as the member `FakeDiscord::consent_as` names), the token endpoint (the
//! application's keys, each code once, PKCE's verifier when the code had a challenge, none
//! when it had not), and `users/@me` with the token it gave; and the codes Discord's client
//! gives an Activity (`FakeDiscord::activity_code`).

use super::fixtures::User;
use super::http::{Request, Response};
use super::{State, APP_ID};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use serde_json::json;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Mutex;

/// The application's client secret, as the fake knows it: give it to the bot as
/// `CSIPGS_CLIENT_SECRET` (and `APP_ID` as `CSIPGS_CLIENT_ID`).
pub const CLIENT_SECRET: &str = "fake-client-secret";

/// What the fake's OAuth2 has given out.
#[derive(Default)]
pub(super) struct OAuth {
    /// Codes not yet exchanged: their PKCE challenge (empty for an Activity's) and member.
    codes: HashMap<String, (String, User)>,
    tokens: HashMap<String, User>,
    /// Who agrees on the consent page.
    pub(super) consenting: Option<User>,
    /// Codes and tokens made, for unique names.
    made: u64,
    /// Token exchanges refused, with why.
    pub(super) refused: Vec<String>,
}

impl OAuth {
    pub(super) fn code(&mut self, challenge: &str, user: User) -> String {
        self.made += 1;
        let code = format!("fakecode{}", self.made);
        self.codes
            .insert(code.clone(), (challenge.to_string(), user));
        code
    }
}

/// Answer a request if it is one of OAuth2's (a bot's own `users/@me` is not).
pub(super) fn serve(state: &Mutex<State>, request: &Request) -> Option<Response> {
    let (path, query) = request
        .path
        .split_once('?')
        .unwrap_or((request.path.as_str(), ""));
    let bearer = request
        .headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("authorization"))
        .map(|(_, v)| v.as_str())
        .unwrap_or("");
    let mut s = state
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let oauth = &mut s.oauth;
    match (request.method.as_str(), path) {
        ("GET", "/oauth2/authorize") => Some(authorize(oauth, &fields(query))),
        ("POST", "/api/v10/oauth2/token") => {
            let body = String::from_utf8_lossy(&request.body).to_string();
            Some(token(oauth, bearer, &fields(&body)))
        }
        ("GET", "/api/v10/users/@me") if bearer.starts_with("Bearer ") => {
            Some(match oauth.tokens.get(&bearer["Bearer ".len()..]) {
                Some(user) => Response::json(
                    200,
                    json!({"id": user.id.to_string(), "username": user.name,
                        "discriminator": "0", "global_name": user.name}),
                ),
                None => Response::json(401, json!({"message": "401: Unauthorized", "code": 0})),
            })
        }
        _ => None,
    }
}

/// A form's or a query's fields, decoded.
fn fields(text: &str) -> HashMap<String, String> {
    text.split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

fn decode(text: &str) -> String {
    let spaced = text.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8_lossy()
        .to_string()
}

/// The consent page: the consenting member agrees, and is sent back with a code.
fn authorize(oauth: &mut OAuth, query: &HashMap<String, String>) -> Response {
    let field = |name: &str| query.get(name).map(String::as_str).unwrap_or("");
    let Some(user) = oauth.consenting else {
        return Response::text(400, "text/plain", "nobody is signed in to the fake Discord");
    };
    if field("client_id") != APP_ID.to_string()
        || field("scope") != "identify"
        || field("response_type") != "code"
        || field("code_challenge_method") != "S256"
        || field("redirect_uri").is_empty()
    {
        return Response::text(400, "text/plain", "an authorization Discord would refuse");
    }
    let code = oauth.code(field("code_challenge"), user);
    let back = format!(
        "{}?code={code}&state={}",
        field("redirect_uri"),
        field("state")
    );
    Response::empty(302).header("location", back)
}

/// Whether a code's exchange (`form`) fits the code's PKCE `challenge`: its verifier's, or,
/// for an Activity's code (no challenge), no verifier and no redirect, which it never had.
pub fn exchange_holds(challenge: &str, form: &HashMap<String, String>) -> bool {
    match (challenge.is_empty(), form.get("code_verifier")) {
        (true, None) => !form.contains_key("redirect_uri"),
        (false, Some(verifier)) => {
            URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) == challenge
        }
        _ => false,
    }
}

/// The value of a page's first hidden field `name` (a form token, say).
pub fn hidden(page: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let at = page
        .find(&marker)
        .unwrap_or_else(|| panic!("no {name}: {page}"))
        + marker.len();
    page[at..].split('"').next().unwrap_or_default().to_string()
}

/// The token endpoint: the application's keys, a code it gave, and its challenge's verifier.
fn token(oauth: &mut OAuth, basic: &str, form: &HashMap<String, String>) -> Response {
    let keys = format!(
        "Basic {}",
        STANDARD.encode(format!("{APP_ID}:{CLIENT_SECRET}"))
    );
    let refuse = |oauth: &mut OAuth, why: &str| {
        oauth.refused.push(why.to_string());
        Response::json(
            400,
            json!({"error": "invalid_grant", "error_description": why}),
        )
    };
    if basic != keys {
        return refuse(oauth, "not the application's keys");
    }
    if form.get("grant_type").map(String::as_str) != Some("authorization_code") {
        return refuse(oauth, "not an authorization code grant");
    }
    let Some((challenge, user)) = form.get("code").and_then(|c| oauth.codes.remove(c)) else {
        return refuse(oauth, "a code the fake never gave, or gave once already");
    };
    if !exchange_holds(&challenge, form) {
        return refuse(oauth, "the code's verifier doesn't match its challenge");
    }
    oauth.made += 1;
    let access = format!("fakeaccess{}", oauth.made);
    oauth.tokens.insert(access.clone(), user);
    Response::json(
        200,
        json!({"access_token": access, "token_type": "Bearer", "expires_in": 604800, "scope": "identify"}),
    )
}
