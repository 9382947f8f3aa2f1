//! Signing in with Discord against a fake of Discord's OAuth2 (its consent page, token
//! endpoint and `users/@me`) on loopback: the whole flow with PKCE, and every way it is
//! refused (a state from another browser, a state used twice, a denied consent, a wrong
//! verifier); a one-time link; signing out only with the page's own form token; a forget
//! ending the member's sessions.

use super::site::Site;
use crate::config::{SigninKeys, Token as Secret};
use crate::core::testing::*;
use crate::web::{Signin, WebLimits};
use axum::extract::{Form, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub(super) const CLIENT_ID: u64 = 4242;
const SECRET: &str = "client-secret";
const MEMBER: u64 = 101;

/// What the fake Discord has handed out: codes with their PKCE challenges (none for a code
/// its client gave an Activity), and tokens; and whom it signs in (`MEMBER` unless set).
#[derive(Default)]
pub(super) struct Granted {
    pub(super) codes: HashMap<String, String>,
    pub(super) tokens: Vec<String>,
    pub(super) member: Option<u64>,
}

pub(super) type Fake = Arc<Mutex<Granted>>;

/// The consent page: the member agrees at once, and is sent back with a code.
async fn authorize(State(fake): State<Fake>, Query(q): Query<HashMap<String, String>>) -> Response {
    assert_eq!(q["client_id"], CLIENT_ID.to_string());
    assert_eq!(q["scope"], "identify");
    assert_eq!(q["code_challenge_method"], "S256");
    let code = format!("code-{}", fake.lock().unwrap().codes.len());
    fake.lock()
        .unwrap()
        .codes
        .insert(code.clone(), q["code_challenge"].clone());
    let back = format!("{}?code={code}&state={}", q["redirect_uri"], q["state"]);
    Redirect::to(&back).into_response()
}

/// The token endpoint: the client's keys, a code it gave, and the verifier of its challenge.
async fn token(
    State(fake): State<Fake>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let basic = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT_ID}:{SECRET}"))
    );
    if headers["authorization"] != basic.as_str() || form["grant_type"] != "authorization_code" {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let mut granted = fake.lock().unwrap();
    let Some(challenge) = granted.codes.remove(&form["code"]) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    if !harness::exchange_holds(&challenge, &form) {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let access = format!("access-{}", granted.tokens.len());
    granted.tokens.push(access.clone());
    Json(serde_json::json!({"access_token": access, "token_type": "Bearer"})).into_response()
}

async fn me(State(fake): State<Fake>, headers: HeaderMap) -> Response {
    let given = headers["authorization"].to_str().unwrap();
    let known = fake
        .lock()
        .unwrap()
        .tokens
        .iter()
        .any(|t| given == format!("Bearer {t}"));
    if !known {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let member = fake.lock().unwrap().member.unwrap_or(MEMBER);
    Json(serde_json::json!({"id": member.to_string(), "username": "alice", "global_name": "Alice <A>"}))
        .into_response()
}

/// A code as Discord's client gives an Activity: no challenge.
pub(super) fn activity_code(fake: &Fake) -> String {
    let mut granted = fake.lock().unwrap();
    let code = format!("activity-code-{}", granted.codes.len());
    granted.codes.insert(code.clone(), String::new());
    code
}

/// The fake Discord's consent page, token endpoint and `users/@me`.
pub(super) fn fake_routes(fake: &Fake) -> Router {
    Router::new()
        .route("/oauth2/authorize", get(authorize))
        .route("/api/v10/oauth2/token", post(token))
        .route("/api/v10/users/@me", get(me))
        .with_state(fake.clone())
}

/// The fake Discord on a loopback port: its API's address.
async fn fake_discord() -> (String, Fake) {
    let fake = Fake::default();
    let app = fake_routes(&fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let api = format!("http://{}/api/v10", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (api, fake)
}

/// The application's keys, as the fake Discord knows them.
pub(super) fn keys() -> SigninKeys {
    SigninKeys {
        client_id: CLIENT_ID,
        client_secret: Secret::from(SECRET.to_string()),
    }
}

pub(super) async fn site(f: &Fixture) -> Site {
    let (api, _) = fake_discord().await;
    Site::start_with(f, WebLimits::default(), |base| {
        Some(Signin::new(keys(), base, Some(&api)))
    })
    .await
}

/// A browser: the cookies the site set.
#[derive(Default)]
pub(super) struct Browser {
    pub(super) cookies: HashMap<String, String>,
}

impl Browser {
    fn header(&self) -> String {
        let pairs: Vec<String> = self
            .cookies
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        pairs.join("; ")
    }

    /// GET `url` with the cookies; keep what it sets. Status, Location, body.
    async fn get(&mut self, site: &Site, url: &str) -> (u16, String, String) {
        let url = if url.starts_with("http") {
            url.to_string()
        } else {
            site.at(url)
        };
        let answer = site
            .client
            .get(&url)
            .header("cookie", self.header())
            .send()
            .await
            .unwrap();
        self.keep(answer).await
    }

    async fn post(
        &mut self,
        site: &Site,
        path: &str,
        form: &[(&str, &str)],
    ) -> (u16, String, String) {
        let answer = site
            .client
            .post(site.at(path))
            .header("cookie", self.header())
            .form(form)
            .send()
            .await
            .unwrap();
        self.keep(answer).await
    }

    async fn keep(&mut self, answer: reqwest::Response) -> (u16, String, String) {
        for set in answer.headers().get_all("set-cookie") {
            let set = set.to_str().unwrap();
            assert!(
                set.contains("HttpOnly") && set.contains("SameSite=Lax"),
                "{set}"
            );
            let (pair, _) = set.split_once(';').unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            if value.is_empty() {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
        let status = answer.status().as_u16();
        let location = answer
            .headers()
            .get("location")
            .map_or(String::new(), |l| l.to_str().unwrap().to_string());
        (status, location, answer.text().await.unwrap())
    }

    /// A turn sent from the play page at `play` with the form token `form`.
    async fn turn(
        &mut self,
        site: &Site,
        play: &str,
        form: &str,
        text: &str,
    ) -> (u16, String, String) {
        let fields = [
            ("form", form),
            ("act", "command"),
            ("command", "turn"),
            ("text", text),
        ];
        self.post(site, play, &fields).await
    }

    /// Sign in through the fake Discord: the page it ends on.
    async fn sign_in(&mut self, site: &Site, next: &str) -> (u16, String, String) {
        let (status, to_discord, _) = self.get(site, &format!("/signin?next={next}")).await;
        assert_eq!(status, 303);
        let (_, back, _) = self.get(site, &to_discord).await;
        self.get(site, &back).await
    }
}

/// The form token on a signed-in page.
fn form_token(page: &str) -> String {
    harness::hidden(page, "form")
}

#[tokio::test]
async fn a_member_signs_in_with_discord_and_out_with_the_pages_form() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = site(&f).await;
    let mut alice = Browser::default();
    let (status, page, _) = alice.sign_in(&site, "/me").await;
    assert_eq!((status, page.as_str()), (303, "/me"));
    let (status, _, me) = alice.get(&site, "/me").await;
    assert_eq!(status, 200);
    assert!(
        me.contains("signed in as <strong>Alice &lt;A&gt;</strong>"),
        "{me}"
    );

    // Another site's form can't sign her out: it has no token, or not hers.
    let (status, _, refused) = alice
        .post(&site, "/signout", &[("form", "0123456789abcdef")])
        .await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused.contains("didn't come from the page"), "{refused}");
    let (status, _, refused) = alice.post(&site, "/signout", &[]).await;
    assert!(status >= 400, "{refused}");
    assert!(alice.get(&site, "/me").await.2.contains("Signed in"));

    let token = form_token(&me);
    let (status, to, _) = alice.post(&site, "/signout", &[("form", &token)]).await;
    assert_eq!((status, to.as_str()), (303, "/me"));
    assert!(!alice.cookies.contains_key("csipgs_session"));
    assert!(alice.get(&site, "/me").await.2.contains("Not signed in"));
}

#[tokio::test]
async fn a_sign_in_is_refused_unless_this_browser_began_it_once() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = site(&f).await;
    let mut alice = Browser::default();
    let (_, to_discord, _) = alice.get(&site, "/signin").await;
    let (_, back, _) = alice.get(&site, &to_discord).await;

    // Planted in another browser: not begun there.
    let mut mallory = Browser::default();
    let (status, _, page) = mallory.get(&site, &back).await;
    assert_eq!(status, 400);
    assert!(page.contains("begun in another browser"), "{page}");
    assert!(!mallory.cookies.contains_key("csipgs_session"));

    let (status, to, _) = alice.get(&site, &back).await;
    assert_eq!((status, to.as_str()), (303, "/me"));
    // The same answer again: used.
    let mut again = Browser {
        cookies: alice.cookies.clone(),
    };
    let state = back.split("state=").nth(1).unwrap().to_string();
    again.cookies.insert("csipgs_signin".into(), state);
    let (status, _, page) = again.get(&site, &back).await;
    assert_eq!(status, 400);
    assert!(page.contains("used already"), "{page}");

    // Consent refused on Discord's page.
    let (status, _, page) = alice
        .get(&site, "/signin/callback?error=access_denied")
        .await;
    assert_eq!(status, 400);
    assert!(
        page.contains("didn't let csipgs know who you are"),
        "{page}"
    );
    // Nothing to go on.
    let (_, _, page) = alice
        .get(&site, "/signin/callback?code=x&state=nonsense")
        .await;
    assert!(page.contains("missing what Discord sends back"), "{page}");
}

#[tokio::test]
async fn a_code_without_its_verifier_is_refused_by_discord() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = site(&f).await;
    let mut alice = Browser::default();
    let (_, to_discord, _) = alice.get(&site, "/signin").await;
    let (_, back, _) = alice.get(&site, &to_discord).await;
    // The code spent by someone else first (the fake gives each code once).
    let code = back
        .split("code=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    let stolen = reqwest::Client::new()
        .post(to_discord.split("/oauth2/").next().unwrap().to_string() + "/api/v10/oauth2/token")
        .basic_auth(CLIENT_ID, Some(SECRET))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("code_verifier", "guess"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(stolen.status(), 400, "a wrong verifier gets nothing");
    let (status, _, page) = alice.get(&site, &back).await;
    assert_eq!(status, 400);
    assert!(page.contains("Discord refused to sign you in"), "{page}");
}

#[tokio::test]
async fn a_one_time_link_signs_in_once() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = site(&f).await;
    let token = crate::store::Token::random().unwrap();
    let now = (crate::core::millis_now() / 1000) as i64;
    f.core
        .store()
        .signin_link(token, MEMBER, "alice", 1, now + 3600)
        .await
        .unwrap();
    let mut alice = Browser::default();
    let (status, to, _) = alice.get(&site, &format!("/in/{token}")).await;
    assert_eq!((status, to.as_str()), (303, "/me"));
    assert!(alice
        .get(&site, "/me")
        .await
        .2
        .contains("<strong>alice</strong>"));
    let mut later = Browser::default();
    let (status, _, page) = later.get(&site, &format!("/in/{token}")).await;
    assert_eq!(status, 400);
    assert!(page.contains("used already or has expired"), "{page}");
    let (_, _, page) = later.get(&site, "/in/not-a-token").await;
    assert!(page.contains("used already or has expired"), "{page}");
}

#[tokio::test]
async fn a_forget_ends_the_members_sessions() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = site(&f).await;
    let mut alice = Browser::default();
    alice.sign_in(&site, "/me").await;
    assert!(alice.get(&site, "/me").await.2.contains("Signed in"));
    f.core.forget(MEMBER).await.unwrap();
    assert!(alice.get(&site, "/me").await.2.contains("Not signed in"));
}

#[tokio::test]
async fn without_the_keys_there_is_no_signing_in() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    for path in ["/signin", "/me", "/in/0123456789abcdef0123456789abcdef"] {
        let (status, _, _) = site.get(path).await;
        assert_eq!(status, 404, "{path}");
    }
}

/// Alice's browser signed in (a session made in the store), on a site whose server shows
/// its pages, with a game between Alice and Bob: the site, the game page's path, the fixture.
pub(super) async fn signed_in_at_a_game() -> (Fixture, Site, String, Browser) {
    signed_in_at(engine::Ruleset::Classic, engine::Options::default()).await
}

/// As `signed_in_at_a_game`, the game played by `ruleset` with `options`.
pub(super) async fn signed_in_at(
    ruleset: engine::Ruleset,
    options: engine::Options,
) -> (Fixture, Site, String, Browser) {
    use super::site::{owner, web, web_fixture};
    let f = web_fixture(
        crate::store::Store::memory().await.unwrap(),
        Recorder::default(),
    )
    .await;
    let site = site(&f).await;
    f.one(&owner(), web(true)).await;
    // As `Fixture::start`, which takes one reply: a fog game also tells each player privately.
    let challenge = f.challenge(ruleset, options).await;
    f.say(&bob(), HERE, press(&challenge.buttons[0].id)).await;
    let play = f.core.play_path(f.row().await.id).await.unwrap();
    let game = play.expect("a page").trim_end_matches("/play").to_string();
    let alice_browser = signed_in(&f, alice()).await;
    (f, site, game, alice_browser)
}

/// A browser signed in as `who` (a session made in the store).
async fn signed_in(f: &Fixture, who: crate::core::Who) -> Browser {
    let token = crate::store::Token::random().unwrap();
    let now = (crate::core::millis_now() / 1000) as i64;
    f.core
        .store()
        .open_session(token, who.id, &who.name, now, now + 3600)
        .await
        .unwrap();
    let mut browser = Browser::default();
    browser
        .cookies
        .insert("csipgs_session".into(), token.to_string());
    browser
}

/// The play page: signed-in players only; on her turn Alice's page carries the legal turns
/// and her form token, and a turn sent with it is played and announced; sent without it, or
/// out of turn, nothing changes; her board is hers alone.
#[tokio::test]
async fn a_player_plays_from_the_page() {
    let (f, site, game, mut alice) = signed_in_at_a_game().await;
    let play = format!("{game}/play");
    let (status, to, _) = Browser::default().get(&site, &play).await;
    assert_eq!((status, to), (303, format!("/signin?next={play}")));

    let (status, _, page) = alice.get(&site, &play).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("\"text\":\"Kd2\""), "{page}");
    assert!(page.contains("data-sq=\"e1\""), "{page}");
    // Both players' treasuries, reserves and designs, as HTML beside the board.
    assert!(page.matches("Treasury").count() == 2, "{page}");
    let token = harness::hidden(&page, "form");
    let (status, _, png) = alice.get(&site, &format!("{play}/board.png")).await;
    assert_eq!(status, 200, "{png}");
    let (status, _, _) = Browser::default()
        .get(&site, &format!("{play}/board.png"))
        .await;
    assert_eq!(status, 403);

    let (status, _, refused) = alice.turn(&site, &play, "0000000000000000", "Kd2").await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(f.row().await.game.turns(), 0);

    let (status, _, page) = alice.turn(&site, &play, &token, "Kd2").await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("class=\"said\""), "{page}");
    assert_eq!(f.row().await.game.turns(), 1);
    // Out of turn: told why, nothing played.
    let (_, _, page) = alice.turn(&site, &play, &token, "Ke1").await;
    assert!(page.contains("class=\"error\""), "{page}");
    assert!(
        page.contains("Black&#39;s turn") || page.contains("Black's turn"),
        "{page}"
    );
    assert_eq!(f.row().await.game.turns(), 1);
}

/// A signed-in member who doesn't play the game gets "not your game", and can't play in it.
#[tokio::test]
async fn only_the_games_players_play_from_its_page() {
    let (f, site, game, _) = signed_in_at_a_game().await;
    let mut carol_browser = signed_in(&f, carol()).await;
    let play = format!("{game}/play");
    let (status, _, page) = carol_browser.get(&site, &play).await;
    assert_eq!(status, 403, "{page}");
    assert!(page.contains("Not your game"), "{page}");
    let (status, _, _) = carol_browser
        .turn(&site, &play, "0000000000000000", "Kd2")
        .await;
    assert_eq!(status, 403);
    assert_eq!(f.row().await.game.turns(), 0);
}

/// Resigning from the page asks first, with the bot's own sealed buttons; "Resign" ends the
/// game. A forged button id does nothing.
#[tokio::test]
async fn a_player_resigns_from_the_page_after_confirming() {
    let (f, site, game, mut alice) = signed_in_at_a_game().await;
    let play = format!("{game}/play");
    let (_, _, page) = alice.get(&site, &play).await;
    let form = harness::hidden(&page, "form");
    let (_, _, forged) = alice
        .post(
            &site,
            &play,
            &[("form", &form), ("act", "press"), ("press", "resign:1:x")],
        )
        .await;
    assert!(
        forged.contains("isn&#39;t one of this page") || forged.contains("isn't one of this page"),
        "{forged}"
    );
    let (_, _, asked) = alice
        .post(
            &site,
            &play,
            &[("form", &form), ("act", "command"), ("command", "resign")],
        )
        .await;
    assert!(asked.contains("It counts as a loss"), "{asked}");
    assert_eq!(f.row().await.status, crate::store::Status::Active);
    let press = harness::hidden(&asked, "press");
    let (status, _, ended) = alice
        .post(
            &site,
            &play,
            &[("form", &form), ("act", "press"), ("press", &press)],
        )
        .await;
    assert_eq!(status, 200, "{ended}");
    assert_ne!(
        f.row().await.status,
        crate::store::Status::Active,
        "{ended}"
    );
}

/// The value of the hidden `name` field in the first `<form class="{class}"` of a page.
fn in_form(page: &str, class: &str, name: &str) -> String {
    let at = page
        .find(&format!("<form class=\"{class}\""))
        .unwrap_or_else(|| panic!("no {class} form: {page}"));
    harness::hidden(&page[at..], name)
}

/// A redesign by the design builder, all by the page's forms: the turn, the builder opened
/// for it, a movement added from its menu, "Buy this", the slot it replaces; played as
/// /move with its redesign.
#[tokio::test]
async fn a_player_redesigns_with_the_builder_from_the_page() {
    let (f, site, game, mut alice) = signed_in_at_a_game().await;
    let play = format!("{game}/play");
    let (_, _, page) = alice.get(&site, &play).await;
    assert!(page.contains("Choose the new design"), "{page}");
    let form = harness::hidden(&page, "form");
    let post = |fields: Vec<(&'static str, String)>| {
        let mut all = vec![("form", form.clone())];
        all.extend(fields);
        all
    };
    let send = async |alice: &mut Browser, fields: Vec<(&'static str, String)>| {
        let fields = post(fields);
        let fields: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (*n, v.as_str())).collect();
        alice.post(&site, &play, &fields).await.2
    };
    let opened = send(
        &mut alice,
        vec![
            ("act", "command".into()),
            ("command", "move".into()),
            ("move", "Kd2".into()),
            ("redesign", crate::core::OPEN_BUILDER.into()),
        ],
    )
    .await;
    assert!(opened.contains("Design builder"), "{opened}");
    assert!(opened.contains("Add a movement"), "{opened}");
    assert_eq!(f.row().await.game.turns(), 0, "waiting for its redesign");
    let menu = in_form(&opened, "pick", "press");
    let built = send(
        &mut alice,
        vec![
            ("act", "pick".into()),
            ("press", menu),
            ("value", "W".into()),
        ],
    )
    .await;
    assert!(built.contains("/price/W/diagram"), "{built}");
    assert!(built.contains("Buy this"), "{built}");
    // "Buy this" is the first of the builder's buttons.
    let buy = in_form(&built, "act", "press");
    let asked = send(&mut alice, vec![("act", "press".into()), ("press", buy)]).await;
    assert!(asked.contains("name=\"slot\""), "{asked}");
    assert!(asked.contains("value=\"Kd2\""), "the turn typed: {asked}");
    let submit = in_form(&asked, "asked", "press");
    let played = send(
        &mut alice,
        vec![
            ("act", "submit".into()),
            ("press", submit),
            ("what", "Kd2".into()),
            ("slot", "N".into()),
        ],
    )
    .await;
    assert!(played.contains("Kd2"), "{played}");
    let row = f.row().await;
    assert_eq!(row.game.turns(), 1);
    let designs = row
        .game
        .csipgs()
        .unwrap()
        .position()
        .slots(engine::Color::White);
    let designs: Vec<String> = designs.iter().map(|d| d.to_string()).collect();
    assert!(designs.contains(&"W".to_string()), "{designs:?}");
    assert!(!designs.contains(&"N".to_string()), "{designs:?}");
}

/// A proposal and its estimate, from both players' pages; neither sealed estimate shown.
#[tokio::test]
async fn players_propose_and_bid_from_their_pages() {
    let (_, site, game, mut classic) = signed_in_at_a_game().await;
    let (_, _, page) = classic.get(&site, &format!("{game}/play")).await;
    assert!(!page.contains("Proposals"), "off in classic: {page}");
    let (f, site, game, mut alice) =
        signed_in_at(engine::Ruleset::Kurnia, engine::Options::default()).await;
    let play = format!("{game}/play");
    let (_, _, page) = alice.get(&site, &play).await;
    let form = harness::hidden(&page, "form");
    let (_, _, proposed) = alice
        .post(
            &site,
            &play,
            &[
                ("form", &form),
                ("act", "command"),
                ("command", "propose"),
                ("kind", "atom"),
                ("name", "zebra"),
                ("notation", "Z"),
                ("estimate", "4.75"),
            ],
        )
        .await;
    assert!(proposed.contains("Your sealed estimate"), "{proposed}");
    assert!(proposed.contains("waiting for the other"), "{proposed}");

    let mut bob_browser = signed_in(&f, bob()).await;
    let (_, _, page) = bob_browser.get(&site, &play).await;
    assert!(page.contains("<strong>zebra</strong>"), "{page}");
    assert!(!page.contains("4.75"), "Alice's estimate is sealed: {page}");
    let proposal = in_form(&page, "estimate", "proposal");
    let bobs = harness::hidden(&page, "form");
    let (_, _, bid) = bob_browser
        .post(
            &site,
            &play,
            &[
                ("form", &bobs),
                ("act", "command"),
                ("command", "estimate"),
                ("proposal", &proposal),
                ("value", "3"),
            ],
        )
        .await;
    assert!(
        bid.contains("Both estimates are in"),
        "{}",
        bid.split("class=\"said\"").skip(1).collect::<String>()
    );
    assert!(bid.contains("Z costs 4.75"), "the higher: {bid}");
}

/// What a page may send that isn't a command of its game, or isn't one at all: told what,
/// by name, and nothing changes.
#[tokio::test]
async fn a_pages_wrong_requests_are_refused_by_name() {
    let (f, site, game, mut alice) = signed_in_at_a_game().await;
    let play = format!("{game}/play");
    let (_, _, page) = alice.get(&site, &play).await;
    let form = harness::hidden(&page, "form");
    let long = "K".repeat(501);
    for (fields, why) in [
        (
            vec![("command", "settings"), ("web", "false")],
            "only its game's commands, not /settings",
        ),
        (vec![("command", "turn")], "text"),
        (vec![("command", "turn"), ("text", &long)], "at most 500"),
        (
            vec![("command", "turn"), ("text", "Kd2"), ("colour", "white")],
            "colour",
        ),
        (
            vec![
                ("command", "propose"),
                ("kind", "planet"),
                ("notation", "Z"),
            ],
            "kind",
        ),
        (
            vec![
                ("command", "propose"),
                ("kind", "atom"),
                ("name", "zebra"),
                ("notation", "Z"),
                ("estimate", "lots"),
            ],
            "Proposals are off in this game",
        ),
        (
            vec![("command", "estimate"), ("proposal", "7"), ("value", "2")],
            "7",
        ),
    ] {
        let mut all = vec![("form", form.as_str()), ("act", "command")];
        all.extend(fields.iter().copied());
        let (status, _, page) = alice.post(&site, &play, &all).await;
        assert_eq!(status, 200, "{fields:?}");
        let said = page
            .split("class=\"error\"")
            .nth(1)
            .unwrap_or_else(|| panic!("{fields:?}: {page}"));
        let said = said.split("</p>").next().unwrap();
        assert!(said.contains(why), "{fields:?}: {said}");
    }
    for (act, press) in [
        ("pick", "design:nonsense"),
        ("submit", "design:f:zz"),
        ("jump", ""),
    ] {
        let (_, _, page) = alice
            .post(
                &site,
                &play,
                &[
                    ("form", &form),
                    ("act", act),
                    ("press", press),
                    ("value", "W"),
                ],
            )
            .await;
        assert!(page.contains("class=\"error\""), "{act}: {page}");
    }
    let row = f.row().await;
    assert_eq!(row.game.turns(), 0);
    assert_eq!(row.status, crate::store::Status::Active);
}

/// A fog game from the page: the board is the player's own view, square by square what
/// `csipgs view` shows of the game's position for that side; the turns offered by clicks
/// are worked out on that view (no capture or check of a hidden piece); one of them plays.
#[tokio::test]
async fn a_fog_player_plays_by_clicks_on_their_own_view() {
    let fog: engine::Options = "fog".parse().unwrap();
    let (f, site, game, mut browser) = signed_in_at(engine::Ruleset::Classic, fog).await;
    let play = format!("{game}/play");
    let link = {
        let token = game.trim_start_matches("/g/").parse().unwrap();
        f.core.open_link(token).await.unwrap().unwrap()
    };
    for who in [alice(), bob(), alice()] {
        let row = f.row().await;
        let csipgs = row.game.csipgs().unwrap();
        let seat = row.color_of(who.id).unwrap();
        let page = f.core.play_page(link, who.id).await.unwrap();
        let (shown, _) = crate::cli::view::seen_by(csipgs, seat);
        let board = render::text_board(&page.board.seen_by(seat));
        // The ranks, square by square (the lines below them name the players).
        let ranks = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.len() > 2 && l[..2].trim().parse::<u8>().is_ok())
                .map(str::to_string)
                .collect()
        };
        assert_eq!(ranks(&board).len(), 8, "{board}");
        let turns = row.game.turns();
        assert_eq!(ranks(&board), ranks(&shown), "{who:?} after {turns} turns");
        assert!(board.contains('~'), "something is out of sight: {board}");
        assert!(page.yours && !page.clicks.is_empty());
        for click in &page.clicks {
            assert!(
                !click.text.contains('x') && !click.text.contains('+'),
                "{click:?}"
            );
        }
        // The board's six impassable squares are placed at random: any king move offered.
        let picked = page
            .clicks
            .iter()
            .find(|c| c.kind == crate::family::ClickKind::Move);
        let text = picked.expect("a king move").text.clone();
        let said = f.say(&who, HERE, crate::core::Request::Turn { text }).await;
        assert_eq!(f.row().await.game.turns(), row.game.turns() + 1, "{said:?}");
    }
    // Alice's page, on Bob's turn: her own view, no turns offered.
    let (status, _, page) = browser.get(&site, &play).await;
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains("<script id=\"clicks\" type=\"application/json\">[]"),
        "{page}"
    );
}
