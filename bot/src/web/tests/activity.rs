//! The Activity against the fake Discord: its page framed by Discord's client alone, a code
//! from Discord's client exchanged for a session held as a bearer, every wrong request
//! refused without a change, and the game played through the same play page. Also the
//! parent frame the browser test puts the page in, speaking to it as Discord's client does.

use super::signin::{activity_code, fake_routes, keys, Fake, CLIENT_ID};
use super::site::{owner, web, web_fixture, Site};
use crate::core::testing::*;
use crate::web::{Signin, WebLimits};
use axum::extract::State;
use axum::response::Html;
use axum::routing::{get, post};
use serde_json::Value;

/// The fake Discord (its API, and the Activity's parent frame at `/harness`) on `addr`, as
/// `host` names it: an Activity's site signing in there, with Alice signing in; and the
/// fake's origin.
pub(super) async fn activity_site(f: &Fixture, addr: &str, host: &str) -> (Site, Fake, String) {
    let fake = Fake::default();
    fake.lock().unwrap().member = Some(alice().id);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .unwrap_or_else(|e| panic!("the fake Discord's client needs {addr}: {e}"));
    let port = listener.local_addr().unwrap().port();
    let app = fake_routes(&fake).merge(
        axum::Router::new()
            .route("/harness", get(|| async { Html(HARNESS) }))
            .route(
                "/harness/code",
                post(|State(fake): State<Fake>| async move { activity_code(&fake) }),
            )
            .with_state(fake.clone()),
    );
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let origin = format!("http://{host}:{port}");
    let api = format!("{origin}/api/v10");
    let site = Site::start_with(f, WebLimits::default(), |base| {
        Some(Signin::new(keys(), base, Some(&api)))
    })
    .await;
    (site, fake, origin)
}

/// Discord's client as an Activity's page meets it: the frame (with the query Discord adds),
/// the handshake answered with READY, a code for AUTHORIZE (from the fake's own store),
/// AUTHENTICATE answered with the member, links "opened". What it saw is in `window.seen`.
const HARNESS: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Discord (test client)</title>
<link rel="icon" href="data:,">
<style>body{margin:0;background:#313338}iframe{border:0;width:100vw;height:100vh;display:block}</style>
</head><body><iframe id="activity" title="csipgs"></iframe>
<script>
window.seen = [];
const q = new URLSearchParams(location.search);
const frame = document.getElementById("activity");
frame.src = q.get("site") + "/activity?frame_id=frame-1&instance_id=instance-1&platform=desktop"
  + "&guild_id=" + q.get("guild") + "&channel_id=" + q.get("channel");
function reply(cmd, nonce, data) {
  frame.contentWindow.postMessage([1, { cmd: cmd, evt: null, nonce: nonce, data: data }], "*");
}
window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [op, body] = event.data;
  if (op === 0) {
    seen.push("HANDSHAKE " + body.client_id + " " + body.frame_id);
    frame.contentWindow.postMessage([1, { cmd: "DISPATCH", evt: "READY", nonce: null,
      data: { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production" } } }], "*");
    return;
  }
  if (op !== 1) return;
  seen.push(body.cmd);
  if (body.cmd === "AUTHORIZE") {
    seen.push("scope " + body.args.scope.join(" "));
    const code = await (await fetch("/harness/code", { method: "POST" })).text();
    reply("AUTHORIZE", body.nonce, { code: code });
  } else if (body.cmd === "AUTHENTICATE") {
    seen.push("token " + body.args.access_token);
    reply("AUTHENTICATE", body.nonce, { access_token: body.args.access_token,
      user: { username: "alice", discriminator: "0", id: "1", public_flags: 0, global_name: "Alice" },
      scopes: ["identify"], expires: new Date(Date.now() + 600000).toISOString(),
      application: { description: "", id: q.get("client"), name: "csipgs" } });
  } else if (body.cmd === "OPEN_EXTERNAL_LINK") {
    seen.push("link " + body.args.url);
    reply(body.cmd, body.nonce, { opened: true });
  } else {
    reply(body.cmd, body.nonce, null);
  }
});
</script></body></html>
"#;

/// The parent frame's address (on the fake at `origin`) for a game in `HERE`'s channel.
pub(super) fn harness_url(origin: &str, site: &Site) -> String {
    format!(
        "{origin}/harness?site={}&client={CLIENT_ID}&guild=10&channel=20",
        site.base
    )
}

/// An Activity's site with a game between Alice and Bob in `HERE`'s channel, shown on the web.
async fn at_a_game() -> (Fixture, Site, Fake, String) {
    let f = web_fixture(
        crate::store::Store::memory().await.unwrap(),
        Recorder::default(),
    )
    .await;
    let (site, fake, origin) = activity_site(&f, "127.0.0.1:0", "127.0.0.1").await;
    f.one(&owner(), web(true)).await;
    f.start(engine::Ruleset::Classic, engine::Options::default())
        .await;
    (f, site, fake, origin)
}

async fn post_code(site: &Site, body: &str) -> (u16, Value) {
    let answer = site
        .client
        .post(site.at("/activity/token"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    let text = answer.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn bearer_get(site: &Site, bearer: &str, path: &str) -> (u16, String) {
    let answer = site
        .client
        .get(site.at(path))
        .header("authorization", format!("Bearer {bearer}"))
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[tokio::test]
async fn only_the_activity_page_may_be_framed_and_only_by_discord() {
    let (_f, site, _, fake) = at_a_game().await;
    let (status, headers, page) = site.get("/activity").await;
    assert_eq!(status, 200, "{page}");
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(
        csp.ends_with(&format!("frame-ancestors {fake}")),
        "{csp} (the fake Discord is at {fake})"
    );
    assert!(csp.contains("img-src 'self' blob:"), "{csp}");
    assert!(!headers.contains_key("x-frame-options"));
    assert!(
        page.contains(&format!("data-client=\"{CLIENT_ID}\"")),
        "{page}"
    );
    assert!(page.contains("/static/discord-sdk.js?v="), "{page}");
    for other in ["/price", "/me", "/signin"] {
        let (_, headers, _) = site.get(other).await;
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.ends_with("frame-ancestors 'none'"), "{other}: {csp}");
        assert_eq!(headers["x-frame-options"], "DENY", "{other}");
    }
    // Discord's SDK, gzipped for a browser that takes it.
    let answer = site
        .client
        .get(site.at("/static/discord-sdk.js"))
        .header("accept-encoding", "br, gzip;q=0.8")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.headers()["content-encoding"], "gzip");
    let zipped = answer.bytes().await.unwrap();
    let mut sdk = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&zipped[..]), &mut sdk)
        .unwrap();
    assert!(sdk.contains("window.DiscordSDK="), "the bundle's global");
    assert!(
        zipped.len() * 2 < sdk.len(),
        "{} of {}",
        zipped.len(),
        sdk.len()
    );
    let (_, headers, plain) = site.get("/static/discord-sdk.js").await;
    assert!(!headers.contains_key("content-encoding"));
    assert_eq!(plain, sdk);
}

#[tokio::test]
async fn a_code_from_discords_client_signs_in_once_and_the_session_plays() {
    let (f, site, fake, _) = at_a_game().await;
    // What a page would send that isn't a code from Discord's client: refused, no session.
    for (body, status, why) in [
        ("not json", 400, "sent no sign-in code"),
        ("{}", 400, "sent no sign-in code"),
        (r#"{"code": ""}"#, 400, "not a sign-in code"),
        (r#"{"code": "a b/../c"}"#, 400, "not a sign-in code"),
        (
            r#"{"code": "never-given"}"#,
            502,
            "Discord refused to sign you in",
        ),
    ] {
        let (got, answer) = post_code(&site, body).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains(why),
            "{body}: {answer}"
        );
    }
    let code = activity_code(&fake);
    let (status, granted) = post_code(&site, &format!(r#"{{"code": "{code}"}}"#)).await;
    assert_eq!(status, 200, "{granted}");
    assert!(fake
        .lock()
        .unwrap()
        .tokens
        .contains(&granted["access_token"].as_str().unwrap().to_string()));
    assert_eq!(granted["name"], "Alice <A>");
    let session = granted["session"].as_str().unwrap().to_string();
    // A code is taken once.
    let (status, _) = post_code(&site, &format!(r#"{{"code": "{code}"}}"#)).await;
    assert_eq!(status, 502);

    // Her games: the one in this channel, marked here and hers to move.
    let here = "/activity/games?guild=10&channel=20";
    let (status, listed) = bearer_get(&site, &session, here).await;
    assert_eq!(status, 200, "{listed}");
    let listed: Value = serde_json::from_str(&listed).unwrap();
    let games = listed["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{listed}");
    assert_eq!(
        (&games[0]["here"], &games[0]["yours"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    assert_eq!(listed["watch"], Value::Null, "hers, to play");
    let play = games[0]["path"].as_str().unwrap().to_string();
    assert!(play.starts_with("/g/") && play.ends_with("/play"), "{play}");
    for elsewhere in [
        "/activity/games?guild=10&channel=21",
        "/activity/games?channel=20",
        "/activity/games",
    ] {
        let (_, listed) = bearer_get(&site, &session, elsewhere).await;
        assert!(listed.contains("\"here\":false"), "{elsewhere}: {listed}");
    }
    for wrong in [
        "?channel=twenty",
        "?guild=-1&channel=20",
        "?guild=10&channel=2%200",
    ] {
        let (status, why) = bearer_get(&site, &session, &format!("/activity/games{wrong}")).await;
        assert_eq!(status, 400, "{wrong}");
        assert!(
            why.contains("is a Discord id (digits only)"),
            "{wrong}: {why}"
        );
    }
    for bearer in ["", "nonsense", "0123456789abcdef0123456789abcdef"] {
        let (status, _) = bearer_get(&site, bearer, "/activity/games").await;
        assert_eq!(status, 401, "{bearer:?}");
        let (status, page) = bearer_get(&site, bearer, &play).await;
        assert_eq!(status, 401, "{bearer:?}: a frame can't go to sign in");
        assert!(page.contains("close csipgs's board in Discord and open it again"));
    }

    // Her board, by the bearer; a turn needs the page's form token too.
    let (status, page) = bearer_get(&site, &session, &play).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("\"text\":\"Kd2\""), "{page}");
    let form = page
        .split("name=\"form\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let send = |fields: Vec<(&'static str, String)>| {
        site.client
            .post(site.at(&play))
            .header("authorization", format!("Bearer {session}"))
            .form(&fields)
            .send()
    };
    let refused = send(vec![
        ("act", "command".into()),
        ("command", "turn".into()),
        ("text", "Kd2".into()),
    ])
    .await
    .unwrap();
    assert_eq!(refused.status(), 403);
    assert_eq!(f.row().await.game.turns(), 0, "nothing played");
    let played = send(vec![
        ("form", form),
        ("act", "command".into()),
        ("command", "turn".into()),
        ("text", "Kd2".into()),
    ])
    .await
    .unwrap();
    assert_eq!(played.status(), 200);
    assert!(played.text().await.unwrap().contains("Kd2"));
    assert_eq!(f.row().await.game.turns(), 1);
    // The board picture, by the bearer alone.
    let picture = site
        .client
        .get(site.at(&format!("{play}/board.png")))
        .header("authorization", format!("Bearer {session}"))
        .send()
        .await
        .unwrap();
    assert_eq!(picture.status(), 200);
    assert_eq!(picture.headers()["cache-control"], "private, no-store");

    // A member who isn't seated, signed in the same way, can't act.
    fake.lock().unwrap().member = Some(carol().id);
    let code = activity_code(&fake);
    let (_, granted) = post_code(&site, &format!(r#"{{"code": "{code}"}}"#)).await;
    let carols = granted["session"].as_str().unwrap();
    // Hers are none; the game in this channel is there to watch.
    let (_, listed) = bearer_get(&site, carols, "/activity/games?guild=10&channel=20").await;
    let listed: Value = serde_json::from_str(&listed).unwrap();
    assert_eq!(listed["games"], serde_json::json!([]));
    assert_eq!(listed["watch"].as_str(), play.strip_suffix("/play"));
    let (status, _) = bearer_get(&site, carols, &play).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn without_the_keys_there_is_no_activity() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    for path in ["/activity", "/activity/games"] {
        let (status, _, _) = site.get(path).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) = post_code(&site, r#"{"code": "x"}"#).await;
    assert_eq!(status, 404);
}
