//! Playing by clicking, through the real `csipgs serve` and the fake Discord's OAuth2: a
//! member signs in on the web and plays a turn from their page; the other signs in as the
//! Activity does, with a code from Discord's client, and answers from the board inside
//! Discord; each turn is announced in the game's channel as a typed one is. With the
//! Activity on, the commands are registered with its entry point and a game's Play button
//! launches it.

use crate::support;

use reqwest::header::{HeaderName, AUTHORIZATION, CONTENT_TYPE, COOKIE, LOCATION, SET_COOKIE};
use reqwest::redirect::Policy;
use serde_json::Value;
use support::fixtures::{channel, s, slash, Place, ALICE, BOB};
use support::{hidden, FakeDiscord, Launch, APP_ID, CLIENT_SECRET};

#[test]
fn signing_in_and_the_activity() {
    support::run_isolated("signin::signing_in_and_the_activity", scenario);
}

/// The cookie a response sets, as `name=value`.
fn cookie(answer: &reqwest::Response, name: &str) -> String {
    answer
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .and_then(|v| v.split(';').next())
        .unwrap_or_else(|| panic!("no {name} cookie: {answer:?}"))
        .to_string()
}

fn location(answer: &reqwest::Response) -> String {
    answer.headers()[LOCATION].to_str().unwrap().to_string()
}

/// A page, asked for with `signed` (a cookie or a bearer).
async fn page(web: &reqwest::Client, url: &str, signed: &(HeaderName, String)) -> String {
    let answer = web.get(url).header(&signed.0, &signed.1).send().await;
    answer.unwrap().text().await.unwrap()
}

/// A turn sent from a play page at `url`, with its form token or without: the status.
async fn send_turn(
    web: &reqwest::Client,
    url: &str,
    signed: &(HeaderName, String),
    form: Option<&str>,
    turn: &str,
) -> u16 {
    let mut fields = vec![("act", "command"), ("command", "turn"), ("text", turn)];
    fields.extend(form.map(|f| ("form", f)));
    let answer = web.post(url).header(&signed.0, &signed.1).form(&fields);
    answer.send().await.unwrap().status().as_u16()
}

/// How many of the channel's messages announce `turn`.
fn announced(fake: &FakeDiscord, place: Place, turn: &str) -> usize {
    fake.channel_messages(place.channel_id())
        .iter()
        .filter(|m| m.content().contains(&format!("played **{turn}**")))
        .count()
}

async fn scenario() {
    let dir = support::scratch_dir("signin");
    let fake = FakeDiscord::start().await;
    fake.set_activities(true);
    let port = support::free_port();
    let public = format!("http://127.0.0.1:{port}");
    let bot = Launch::new(&fake.api_base(), &dir, "info")
        .env("CSIPGS_WEB", &port.to_string())
        .env("CSIPGS_PUBLIC_URL", &public)
        .env("CSIPGS_CLIENT_ID", &APP_ID.to_string())
        .env("CSIPGS_CLIENT_SECRET", CLIENT_SECRET)
        .env("CSIPGS_ACTIVITY", "true")
        .start();
    fake.wait_logged_in(1).await;
    // Registered with the entry point, or Discord would have refused the whole list.
    let registered = fake.registered()[0].clone();
    let entry: Vec<&Value> = registered
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] == 4)
        .collect();
    assert_eq!(entry.len(), 1, "{registered}");
    assert_eq!(entry[0]["handler"], 2);

    let place = channel(70);
    fake.games_in_channels(place).await;
    fake.show_pages(place).await;
    support::games::start_game(&fake, place, &ALICE, &BOB, Vec::new()).await;

    // The game's board has Watch and Play; Play launches the Activity (callback 12).
    let press = fake.press(place, &BOB, "launch");
    fake.dispatch(&press);
    let launched = fake.sent(press["token"].as_str().unwrap(), 1).await;
    assert_eq!(launched.callback_type(), 12, "{:?}", launched.body);

    // Alice signs in on the web, through Discord's consent page.
    fake.consent_as(ALICE);
    let web = reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .unwrap();
    let begun = web.get(format!("{public}/signin")).send().await.unwrap();
    assert_eq!(begun.status(), 303);
    let signin = cookie(&begun, "csipgs_signin");
    let consent = web.get(location(&begun)).send().await.unwrap();
    assert_eq!(consent.status(), 302, "{consent:?}");
    let back = web
        .get(location(&consent))
        .header(COOKIE, &signin)
        .send()
        .await
        .unwrap();
    assert_eq!(
        (back.status().as_u16(), location(&back)),
        (303, "/me".into())
    );
    let session = (COOKIE, cookie(&back, "csipgs_session"));
    let me = page(&web, &format!("{public}/me"), &session).await;
    assert!(me.contains("signed in as <strong>alice</strong>"), "{me}");

    // Bob signs in as the Activity does, and finds the game in this channel, to play.
    let code = fake.activity_code(BOB);
    let granted = web
        .post(format!("{public}/activity/token"))
        .header(CONTENT_TYPE, "application/json")
        .body(serde_json::json!({ "code": code }).to_string())
        .send()
        .await
        .unwrap();
    let granted: Value = serde_json::from_str(&granted.text().await.unwrap()).unwrap();
    let bearer = (
        AUTHORIZATION,
        format!("Bearer {}", granted["session"].as_str().expect("a session")),
    );
    let games = format!(
        "{public}/activity/games?guild={}&channel={}",
        support::GUILD_ID,
        place.channel_id()
    );
    let found: Value = serde_json::from_str(&page(&web, &games, &bearer).await).unwrap();
    let games = found["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{found}");
    assert_eq!(games[0]["here"], true);
    let play = format!("{public}{}", games[0]["path"].as_str().unwrap());

    // Alice plays from her page, Bob from the board inside Discord (a turn without the
    // page's form token is refused): each announced in the channel as a typed turn is.
    for (signed, turn) in [(&session, "Kd2"), (&bearer, "Ke7")] {
        let form = hidden(&page(&web, &play, signed).await, "form");
        assert_eq!(send_turn(&web, &play, signed, None, turn).await, 403);
        assert_eq!(send_turn(&web, &play, signed, Some(&form), turn).await, 200);
        fake.eventually(
            &format!("{turn} announced"),
            std::time::Duration::from_secs(10),
            || (announced(&fake, place, turn) == 1).then_some(()),
        )
        .await;
    }
    // A turn typed in Discord after them is the third.
    let typed = fake
        .ask(&slash(place, &ALICE, "move", vec![s("move", "Ke2")]))
        .await;
    assert!(
        typed.content().contains("played **Ke2**"),
        "{}",
        typed.content()
    );

    assert!(
        fake.oauth_refused().is_empty(),
        "{:?}",
        fake.oauth_refused()
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    assert!(!log.contains(CLIENT_SECRET), "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
