//! The web pages over HTTP on loopback, served from the core as `serve` serves them: a
//! server opts in, its games are reached by token only and followed live, a fog game shows
//! only public facts, the price page prices as `csipgs price`, every bad address or
//! too-quick visitor gets a page saying so, and a forgotten member's name is gone from every
//! picture and page kept before.

use crate::core::testing::member;
use crate::core::testing::*;
use crate::core::*;
use crate::store::{ColourChoice, Status, Store};
use crate::web::{serve_on, WebLimits};
use engine::{Options, Ruleset};
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::watch;

pub(super) const PUBLIC: &str = "https://csipgs.example";

/// The web pages of a fixture's core, on a loopback port of their own.
pub(super) struct Site {
    pub base: String,
    pub client: reqwest::Client,
    _halt: watch::Sender<bool>,
}

impl Site {
    pub(super) async fn start(f: &Fixture, limits: WebLimits) -> Site {
        Site::start_with(f, limits, |_| None).await
    }

    /// The site with signing in made by `signin` from the site's own address.
    pub(super) async fn start_with(
        f: &Fixture,
        limits: WebLimits,
        signin: impl FnOnce(&str) -> Option<crate::web::Signin>,
    ) -> Site {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (halt, halted) = watch::channel(false);
        let signin = signin(&base);
        tokio::spawn(serve_on(listener, f.core.clone(), limits, signin, halted));
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        Site {
            base,
            client,
            _halt: halt,
        }
    }

    /// A posted link (or a path) as an address of this site.
    pub(super) fn at(&self, link: &str) -> String {
        format!("{}{}", self.base, link.trim_start_matches(PUBLIC))
    }

    pub(super) async fn get(&self, link: &str) -> (u16, reqwest::header::HeaderMap, String) {
        let response = self.client.get(self.at(link)).send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.text().await.unwrap())
    }

    pub(super) async fn bytes(&self, link: &str) -> (u16, String, Vec<u8>) {
        let response = self.client.get(self.at(link)).send().await.unwrap();
        let status = response.status().as_u16();
        let kind = response
            .headers()
            .get("content-type")
            .map_or(String::new(), |v| v.to_str().unwrap().to_string());
        (status, kind, response.bytes().await.unwrap().to_vec())
    }
}

pub(super) fn owner() -> Who {
    Who {
        manager: true,
        ..member(8, "owner")
    }
}

pub(super) fn web(on: bool) -> Request {
    Request::Settings(SettingsChange {
        web: Some(on),
        ..SettingsChange::default()
    })
}

/// A fixture whose core posts links to `PUBLIC`.
pub(super) async fn web_fixture(store: Store, platform: Recorder) -> Fixture {
    let mut f = fixture_on(store, platform).await;
    f.set_public_url(PUBLIC.parse().unwrap());
    f
}

/// The address of the "Watch" button on a reply, if it has one.
pub(super) fn watch_link(reply: &Reply) -> Option<String> {
    reply
        .buttons
        .iter()
        .find(|b| b.label == "Watch")
        .and_then(|b| b.link.clone())
}

/// An event stream being read: the `update` events' data, in order.
pub(super) struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    pub(super) async fn open(site: &Site, link: &str) -> Events {
        let response = site.client.get(site.at(link)).send().await.unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next event other than a count of watchers (its name and data), or None once the
    /// stream ends.
    pub(super) async fn next(&mut self) -> Option<(String, String)> {
        loop {
            match self.any().await {
                Some((name, _)) if name == "watchers" => continue,
                other => return other,
            }
        }
    }

    /// The next event, whatever it is.
    pub(super) async fn any(&mut self) -> Option<(String, String)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::new();
                let mut data = Vec::new();
                for line in block.lines() {
                    if let Some(n) = line.strip_prefix("event: ") {
                        name = n.to_string();
                    } else if let Some(d) = line.strip_prefix("data: ") {
                        data.push(d);
                    } else if line == "data:" {
                        data.push("");
                    }
                }
                // A keep-alive comment; and, as in a browser, an event without a data line is
                // never dispatched.
                if name.is_empty() || data.is_empty() {
                    continue;
                }
                return Some((name, data.join("\n")));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.response.chunk())
                .await
                .expect("an event within 10 s")
                .unwrap()?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

/// The games the bot starts by itself, against the computer and on a tournament's boards,
/// carry the link on their first board too, and each opens its own game's page.
async fn games_the_bot_starts_carry_the_link(backend: Backend) {
    use crate::store::TournamentFormat;
    let f = web_fixture(backend.store().await, threads()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.one(&owner(), web(true)).await;

    let against = ChallengeRequest {
        opponent: Some(member(99, "csipgs").player()),
        opponent_is_bot: true,
        computer: true,
        colour: Some(ColourChoice::White),
        ..ChallengeRequest::default()
    };
    let started = f.say(&alice(), HERE, Request::Challenge(against)).await;
    let link = started
        .iter()
        .find_map(watch_link)
        .expect("a Watch button on the computer game's first board");
    let (status, _, page) = site.get(&link).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("csipgs (level"), "{page}");

    f.create(spec("Web Cup", TournamentFormat::RoundRobin))
        .await;
    let members = [alice(), bob(), carol(), dave()];
    f.join_all(&members).await;
    f.begin().await;
    let boards: Vec<Reply> = {
        let delivered = f.platform.delivered.lock().unwrap();
        delivered
            .iter()
            .filter(|(_, r)| r.text.shown().contains("round 1, board"))
            .map(|(_, r)| r.clone())
            .collect()
    };
    assert_eq!(boards.len(), 2, "two boards in round 1");
    let links: Vec<String> = boards.iter().filter_map(watch_link).collect();
    assert_eq!(links.len(), 2, "each first board has its link");
    assert_ne!(links[0], links[1]);
    for (link, board) in links.iter().zip(&boards) {
        let (status, _, page) = site.get(link).await;
        assert_eq!(status, 200, "{page}");
        // The page of the game on that board: its two players, no other.
        for m in &members {
            let playing = board.pings.contains(&m.id);
            assert_eq!(page.contains(&m.name), playing, "{}: {page}", m.name);
        }
    }
}

/// A server opts in; its game's page is reached through the Watch button only, shows every
/// ply, downloads its record, and is gone the moment the server opts out.
async fn a_game_page_is_reached_by_its_link_only(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let first = f.play(&alice(), "Kd2").await;
    assert_eq!(
        watch_link(&first),
        None,
        "pages are off until the server opts in"
    );
    let refused = f.refused(&alice(), HERE, web(true)).await;
    assert!(refused.contains("Manage Server"), "{refused}");
    let on = f.one(&owner(), web(true)).await;
    assert!(
        on.text.shown().contains(&format!("{PUBLIC}/s/")),
        "{}",
        on.text.shown()
    );
    let second = f.play(&bob(), "Ke7").await;
    let link = watch_link(&second).expect("a Watch button");
    let token = link.trim_start_matches(&format!("{PUBLIC}/g/"));
    assert_eq!(token.len(), 32, "{link}");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{link}");

    let (status, headers, page) = site.get(&link).await;
    assert_eq!(status, 200, "{page}");
    for (name, wanted) in [
        ("content-security-policy", "default-src 'none'"),
        ("referrer-policy", "no-referrer"),
        ("x-content-type-options", "nosniff"),
        ("server-timing", "app;dur="),
    ] {
        let value = headers[name].to_str().unwrap();
        assert!(value.contains(wanted), "{name}: {value}");
    }
    assert!(page.contains("alice vs bob"), "{page}");
    assert!(page.contains(">Kd2<") && page.contains(">Ke7<"), "{page}");
    assert!(page.contains("Turn 3: White to move"), "{page}");
    assert!(
        page.contains(&format!(r#"data-events="/g/{token}/events""#)),
        "{page}"
    );
    // The running clock is its deadline, the same whenever the page is drawn or sent: the
    // page counts down to it, and the picture shows no clock to disagree.
    let row = f.row().await;
    let deadline = row.clock.unwrap().deadline(engine::Color::White);
    assert!(
        page.contains(&format!(r#"data-deadline="{deadline}""#)),
        "{page}"
    );
    // Numbered pairs: "1. Kd2 Ke7".
    assert!(page.contains(r#"<li value="1">"#), "{page}");
    let src = format!(r#"src="/g/{token}/board/2""#);
    assert!(page.contains(&src), "{page}");
    let (width, height) = crate::web::html::board_size();
    assert!(
        page.contains(&format!(r#"width="{width}" height="{height}""#)),
        "{page}"
    );
    // The panels are text beside the board.
    for words in [
        "Treasury: ",
        "Reserve: ",
        "Designs",
        "alice (White)",
        "bob (Black)",
    ] {
        assert!(page.contains(words), "{words}: {page}");
    }
    // The picture's alt text is the board in words, as its Discord attachment says it.
    let alt = page
        .split("alt=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the board has alt text");
    for words in [
        "The board after turn 2, the last. Turn 3: White to move.",
        "White pieces: Kd2.",
        "Black pieces: Ke7.",
    ] {
        assert!(alt.contains(words), "{words}: {alt}");
    }

    let (status, kind, png) = site.bytes(&format!("/g/{token}/board/2")).await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    let picture = render::testing::Picture::decode(&png);
    assert_eq!((picture.width, picture.height), (width, height));
    let (_, _, black) = site.bytes(&format!("/g/{token}/board/2?side=black")).await;
    assert_ne!(black, png, "Black's side is another picture");
    let (status, _, why) = site.get(&format!("/g/{token}/board/2?side=green")).await;
    assert_eq!(status, 400);
    assert!(why.contains("'green' is not a side"), "{why}");
    let (status, _, _) = site.get(&format!("/g/{token}/board/3")).await;
    assert_eq!(status, 400, "a turn not played yet");
    // An earlier turn's board shows its move, tinted as the last turn's is: Kd2 from e1.
    let (_, _, first) = site.bytes(&format!("/g/{token}/board/1")).await;
    let first = render::testing::Picture::decode(&first);
    let style = render::Style::default();
    for name in ["e1", "d2", "e8"] {
        let sq: engine::Square = name.parse().unwrap();
        let r = style.square_rect(sq, engine::Color::White);
        let corner = first.at(r.x + 2, r.y + 2);
        let base = render::testing::square_colour(sq);
        let wanted = match name {
            "e8" => base,
            _ => render::testing::tinted(base),
        };
        assert!(
            render::testing::close(corner, wanted, 3),
            "{name}: {corner:?}, not {wanted:?}"
        );
    }
    let (_, _, earlier) = site.get(&format!("{link}?ply=1")).await;
    assert!(earlier.contains("After turn 1 of 2"), "{earlier}");
    assert!(earlier.contains(r#"data-shown="1""#), "{earlier}");
    assert!(
        earlier.contains(&format!("/g/{token}/board/1\"")),
        "{earlier}"
    );
    // A turn as the page's script steps to it.
    let (status, _, turn) = site.get(&format!("/g/{token}/ply/1?side=black")).await;
    assert_eq!(status, 200, "{turn}");
    let turn: serde_json::Value = serde_json::from_str(&turn).unwrap();
    assert_eq!(turn["caption"], "After turn 1 of 2");
    assert_eq!(
        turn["src"].as_str().unwrap(),
        format!("/g/{token}/board/1?side=black")
    );
    assert!(turn["alt"].as_str().unwrap().contains("White pieces: Kd2."));
    let panels = turn["panels"].as_str().unwrap();
    assert!(panels.contains("Treasury: "), "{panels}");
    assert!(
        panels.find("alice (White)").unwrap() < panels.find("bob (Black)").unwrap(),
        "from Black's side White's panel is on top: {panels}"
    );
    let (status, _, _) = site.get(&format!("{link}?ply=9")).await;
    assert_eq!(status, 400);
    let (status, _, why) = site.get(&format!("{link}?ply=two")).await;
    assert_eq!(status, 400);
    assert!(why.contains("'two' is not a turn"), "{why}");
    let (status, _, record) = site.get(&format!("{link}/record")).await;
    assert_eq!(status, 200);
    assert!(record.contains("Kd2") && record.contains("Ke7"), "{record}");

    let said = on.text.shown();
    let server = said
        .split_whitespace()
        .find(|w| w.starts_with(PUBLIC))
        .unwrap();
    let (status, _, server_page) = site.get(server).await;
    assert_eq!(status, 200);
    assert!(
        server_page.contains(&format!("/g/{token}")),
        "{server_page}"
    );
    assert!(server_page.contains("alice vs bob"), "{server_page}");

    for wrong in [
        "/g/0123456789abcdef0123456789abcdef".to_string(),
        "/g/not-a-token".to_string(),
        format!("/t/{token}"),
        format!("/s/{token}"),
        "/g/".to_string(),
        "/nothing".to_string(),
    ] {
        let (status, _, page) = site.get(&wrong).await;
        assert_eq!(status, 404, "{wrong}");
        assert!(page.contains("Not found"), "{wrong}: {page}");
    }

    f.one(&owner(), web(false)).await;
    for closed in [
        link.clone(),
        format!("{link}/board/2"),
        format!("{link}/ply/2"),
        server.to_string(),
    ] {
        let (status, _, _) = site.get(&closed).await;
        assert_eq!(status, 404, "{closed} after web:false");
    }
    let third = f.play(&alice(), "Kc3").await;
    assert_eq!(watch_link(&third), None);

    // A game starting while the pages are shown has the link on its first board.
    f.one(&owner(), web(true)).await;
    let challenge = f
        .say(
            &carol(),
            ELSEWHERE,
            Request::Challenge(ChallengeRequest {
                opponent: Some(bob().player()),
                ..ChallengeRequest::default()
            }),
        )
        .await
        .remove(0);
    let started = f
        .say(&bob(), ELSEWHERE, press(&challenge.buttons[0].id))
        .await;
    let first = started
        .iter()
        .find_map(watch_link)
        .expect("a Watch button on the first board");
    assert_ne!(first, link);
    let (status, _, _) = site.get(&link).await;
    assert_eq!(status, 404, "web:true gives new links, never the old ones");
    let (status, _, page) = site.get(&first).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Turn 1: White to move"), "{page}");
}

/// /settings web is refused, and changes nothing, where the bot serves no pages.
async fn web_settings_need_pages_served(backend: Backend) {
    let f = fixture(backend).await;
    let refused = f.refused(&owner(), HERE, web(true)).await;
    assert!(refused.contains("serves no web pages"), "{refused}");
    let shown = f
        .one(&owner(), Request::Settings(SettingsChange::default()))
        .await;
    assert!(
        !shown.text.shown().contains("Web pages"),
        "{}",
        shown.text.shown()
    );
    assert!(!f.core.store().guild_settings(10).await.unwrap().web);
}

/// A turn reaches a watching page as an event, drawn once for all; turning the pages off
/// closes the stream.
async fn a_watched_game_hears_each_turn(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.start(Ruleset::Classic, Options::default()).await;
    f.one(&owner(), web(true)).await;
    let link = watch_link(&f.play(&alice(), "Kd2").await).unwrap();
    let mut events = Events::open(&site, &format!("{link}/events")).await;
    let mut other = Events::open(&site, &format!("{link}/events")).await;
    let (name, now) = events.next().await.unwrap();
    assert_eq!(name, "game");
    let now: serde_json::Value = serde_json::from_str(&now).unwrap();
    let moves = now["moves"].as_str().unwrap();
    assert!(moves.contains(">Kd2<") && !moves.contains("Ke7"), "{moves}");
    assert_eq!(now["played"], 1);
    other.next().await.unwrap();
    // Both watchers are counted, within the second the hub looks.
    let mut counted = None;
    while counted.is_none() {
        match events.any().await.unwrap() {
            (name, n) if name == "watchers" && n == "2" => counted = Some(n),
            _ => {}
        }
    }
    f.play(&bob(), "Ke7").await;
    for watcher in [&mut events, &mut other] {
        let (name, changed) = watcher.next().await.unwrap();
        assert_eq!(name, "game");
        let changed: serde_json::Value = serde_json::from_str(&changed).unwrap();
        assert!(
            changed["moves"].as_str().unwrap().contains(">Ke7<"),
            "{changed}"
        );
        assert_eq!(changed["state"], "Turn 3: White to move");
        assert_eq!(changed["played"], 2);
    }
    f.one(&owner(), web(false)).await;
    let (name, _) = events.next().await.unwrap();
    assert_eq!(name, "gone");
    assert_eq!(events.next().await, None, "the stream ends");
}

/// While a fog game is played its page has the players, clocks and whose turn, and no
/// square: no board, no moves, no record; once it ends, everything.
async fn a_fog_game_page_shows_no_square(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.one(&owner(), web(true)).await;
    let fog = Options {
        fog: true,
        ..Options::default()
    };
    let challenge = f.challenge(Ruleset::Classic, fog).await;
    let started = f.say(&bob(), HERE, press(&challenge.buttons[0].id)).await;
    assert!(
        started[0].text.shown().starts_with("Game on!"),
        "{}",
        started[0].text.shown()
    );
    let played = f.say(&alice(), HERE, mv("Kd2")).await;
    assert!(!played[0].ephemeral, "{}", played[0].text.shown());
    // Its thread's public messages carry the Watch link, though they show no board.
    assert!(
        played.iter().any(|r| watch_link(r).is_some()),
        "{:?}",
        played.iter().map(|r| r.text.shown()).collect::<Vec<_>>()
    );
    let token = f
        .core
        .store()
        .web_token(crate::store::LinkKind::Game, f.row().await.id, 10)
        .await
        .unwrap();
    let link = format!("/g/{token}");
    let (status, _, page) = site.get(&link).await;
    assert_eq!(status, 200);
    assert!(
        page.contains("alice vs bob") && page.contains("Black to move"),
        "{page}"
    );
    assert!(page.contains("A fog game"), "{page}");
    for secret in ["<img", "Kd2", "board as text", "/record", "Treasury"] {
        assert!(!page.contains(secret), "{secret} shown: {page}");
    }
    for hidden in [
        format!("{link}/board/1"),
        format!("{link}/board/0"),
        format!("{link}/ply/0"),
        format!("{link}/record"),
        format!("{link}/replay.gif"),
        format!("{link}?ply=0"),
        format!("{link}?ply=1"),
    ] {
        let (status, _, page) = site.get(&hidden).await;
        assert_eq!(status, 403, "{hidden}: {page}");
        assert!(
            page.contains("Hidden until the game ends"),
            "{hidden}: {page}"
        );
        assert!(!page.contains("copied"), "{hidden}: {page}");
    }
    let mut events = Events::open(&site, &format!("{link}/events")).await;
    let (_, now) = events.next().await.unwrap();
    assert!(!now.contains("<img") && !now.contains("Kd2"), "{now}");
    assert!(now.contains(r#""secret":true"#), "{now}");

    let ask = f.say(&bob(), HERE, Request::Resign).await;
    f.say(&bob(), HERE, press(&ask[0].buttons[0].id)).await;
    let (_, ended) = events.next().await.unwrap();
    assert!(
        ended.contains(r#""secret":false"#) && ended.contains(">Kd2<"),
        "{ended}"
    );
    // Once over, the whole board from White's side, as every other turn.
    let (status, _, _) = site.get(&format!("{link}/board/1")).await;
    assert_eq!(status, 200);
    let (status, _, page) = site.get(&link).await;
    assert_eq!(status, 200);
    assert!(page.contains("resigns") || page.contains("wins"), "{page}");
}

/// Every name is text, never markup.
#[tokio::test]
async fn names_are_escaped() {
    let f = web_fixture(Store::memory().await.unwrap(), Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.one(&owner(), web(true)).await;
    let mallory = member(9, "<script>alert(1)</script>");
    let challenge = f
        .say(
            &mallory,
            HERE,
            Request::Challenge(ChallengeRequest {
                opponent: Some(bob().player()),
                colour: Some(ColourChoice::White),
                ..ChallengeRequest::default()
            }),
        )
        .await
        .remove(0);
    f.one(&bob(), press(&challenge.buttons[0].id)).await;
    let link = watch_link(&f.play(&mallory, "Kd2").await).unwrap();
    let (_, _, page) = site.get(&link).await;
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(
        page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{page}"
    );
}

/// The price page gives exactly `csipgs price`'s breakdown, at an address of its own.
#[tokio::test]
async fn the_price_page_prices_as_the_command_does() {
    let f = fixture_with(Store::memory().await.unwrap()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    let (status, _, form) = site.get("/price").await;
    assert_eq!(status, 200);
    assert!(form.contains(r#"name="design""#), "{form}");
    let response = site
        .client
        .get(site.at("/price?design=WbRbmHfB&ruleset=kurnia"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(
        response.headers()["location"],
        "/price/WbRbmHfB?ruleset=kurnia"
    );
    let (status, _, page) = site.get("/price/WbRbmHfB?ruleset=kurnia").await;
    assert_eq!(status, 200, "{page}");
    let (design, price) = priced("WbRbmHfB", &Ruleset::Kurnia.into()).unwrap();
    let breakdown = crate::price_text::price_text(&price, "WbRbmHfB");
    let escaped = breakdown
        .trim_end()
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    assert!(page.contains(&escaped), "{escaped}\n---\n{page}");
    let diagram = format!("/price/{design}/diagram?ruleset=kurnia");
    assert!(page.contains(&diagram), "{page}");
    let (status, kind, png) = site.bytes(&diagram).await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    assert!(png.starts_with(b"\x89PNG"));
    let (status, _, page) = site.get("/price/fc(DNFA)").await;
    assert_eq!(status, 200, "{page}");
    for (bad, why) in [
        ("/price/Zq", "is not a design"),
        ("/price/WbRbmHfB?ruleset=blitz", "'blitz' is not a ruleset"),
        (&format!("/price/{}", "W".repeat(201)), "can be at most 200"),
    ] {
        let (status, _, page) = site.get(bad).await;
        assert_eq!(status, 400, "{bad}");
        assert!(page.contains(why), "{bad}: {page}");
    }
    let (status, _, _) = site.get("/price/Zq/diagram").await;
    assert_eq!(status, 400);
}

/// An address asking too fast is told to wait; its live pages are counted.
#[tokio::test]
async fn an_address_asking_too_fast_waits() {
    let f = web_fixture(Store::memory().await.unwrap(), Recorder::default()).await;
    let limits = WebLimits {
        burst: 3,
        requests_per_second: 1,
        watchers_per_address: 1,
        watchers: 10,
        ..WebLimits::default()
    };
    let site = Site::start(&f, limits).await;
    f.one(&owner(), web(true)).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let link = watch_link(&f.play(&alice(), "Kd2").await).unwrap();
    let _watching = Events::open(&site, &format!("{link}/events")).await;
    let (status, _, page) = site.get(&format!("{link}/events")).await;
    assert_eq!(status, 429, "a second live page: {page}");
    assert!(page.contains("Too many live pages"), "{page}");
    // Three at once, one more a second: within a few more the address is turned away.
    let mut turned_away = None;
    for _ in 0..10 {
        let (status, headers, page) = site.get(&link).await;
        if status == 429 {
            turned_away = Some((headers, page));
            break;
        }
    }
    let (headers, page) = turned_away.expect("a 429 within 10 requests");
    assert_eq!(headers["retry-after"], "5");
    assert!(page.contains("Too many requests"), "{page}");
    let (status, _, _) = site.get("/static/site.css").await;
    assert_eq!(status, 200, "the stylesheet is not counted");
}

/// The server page's link in a /settings answer.
fn server_link(text: &str) -> String {
    text.split_whitespace()
        .find(|w| w.starts_with(&format!("{PUBLIC}/s/")))
        .unwrap_or_else(|| panic!("no server link in {text}"))
        .to_string()
}

/// A server that removed the bot shows nothing at once: its game and server pages answer as
/// closed ones (every kind of link opens under the one condition `web::OPENS`), and a live
/// page is told it is gone; added back, they open.
async fn a_server_that_removed_the_bot_closes_its_pages(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let on = f.one(&owner(), web(true)).await;
    let server = server_link(&on.text.shown());
    let link = watch_link(&f.play(&alice(), "Kd2").await).unwrap();
    let pages = [
        link.clone(),
        format!("{link}/board/1"),
        format!("{link}/record"),
        server,
    ];
    for page in &pages {
        let (status, _, body) = site.get(page).await;
        assert_eq!(status, 200, "{page}: {body}");
    }
    let mut events = Events::open(&site, &format!("{link}/events")).await;
    events.next().await.unwrap();

    let now = f.now.load(Ordering::SeqCst);
    f.core.store().guild_left(10, now).await.unwrap();
    for page in pages.iter().chain([&format!("{link}/events")]) {
        let (status, _, body) = site.get(page).await;
        assert_eq!(status, 404, "{page} after the bot was removed");
        assert!(body.contains("Not found"), "{page}: {body}");
    }
    let (name, _) = events.next().await.unwrap();
    assert_eq!(name, "gone");

    assert!(f
        .core
        .store()
        .guild_present(10, "Chess club")
        .await
        .unwrap());
    let (status, _, _) = site.get(&link).await;
    assert_eq!(status, 200, "added back, its pages open again");
}

/// `/settings web_links:new` (Manage Server) gives every page a new link and closes the old
/// ones, live pages included; pages turned off and on again get new links too, so no old
/// link ever reopens. Only a member who may change the settings is shown the server page's
/// link.
async fn old_links_are_replaced_and_never_reopen(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let first_server = server_link(&f.one(&owner(), web(true)).await.text.shown());
    let first_game = watch_link(&f.play(&alice(), "Kd2").await).unwrap();
    let shown = f
        .refused(&alice(), HERE, Request::Settings(SettingsChange::default()))
        .await;
    assert!(shown.contains("Web pages: on"), "{shown}");
    assert!(!shown.contains("/s/"), "{shown}");
    let new_links = || {
        Request::Settings(SettingsChange {
            new_links: true,
            ..SettingsChange::default()
        })
    };
    let refused = f.refused(&alice(), HERE, new_links()).await;
    assert!(refused.contains("Manage Server"), "{refused}");
    let (status, _, _) = site.get(&first_game).await;
    assert_eq!(status, 200);
    let mut events = Events::open(&site, &format!("{first_game}/events")).await;
    events.next().await.unwrap();

    let renewed = f.one(&owner(), new_links()).await;
    assert!(
        renewed.text.shown().contains("new link"),
        "{}",
        renewed.text.shown()
    );
    let second_server = server_link(&renewed.text.shown());
    assert_ne!(second_server, first_server);
    for old in [
        first_game.clone(),
        format!("{first_game}/board/1"),
        first_server.clone(),
    ] {
        let (status, _, _) = site.get(&old).await;
        assert_eq!(status, 404, "{old} after web_links:new");
    }
    let (name, _) = events.next().await.unwrap();
    assert_eq!(name, "gone");
    let second_game = watch_link(&f.play(&bob(), "Ke7").await).unwrap();
    assert_ne!(second_game, first_game);
    for new in [&second_game, &second_server] {
        let (status, _, _) = site.get(new).await;
        assert_eq!(status, 200, "{new}");
    }

    f.one(&owner(), web(false)).await;
    let third_server = server_link(&f.one(&owner(), web(true)).await.text.shown());
    for old in [&first_game, &first_server, &second_game, &second_server] {
        let (status, _, _) = site.get(old).await;
        assert_eq!(status, 404, "{old} after web:false and web:true");
    }
    let (status, _, _) = site.get(&third_server).await;
    assert_eq!(status, 200);
}

/// Zed's game with Bob is over and watched on the web; after Zed is forgotten, every
/// picture and page of it kept before (the replay on the web and by /replay, a turn's
/// panels, a live page's first event) is drawn again with the anonymous label. The boards
/// alone name nobody, so they stay as they were.
async fn a_forget_redraws_what_was_kept_of_the_members_games(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.one(&owner(), web(true)).await;
    f.start_between(HERE, &zed(), &bob(), false).await;
    f.say(&zed(), HERE, mv("Kd2")).await;
    f.say(&bob(), HERE, mv("Ke7")).await;
    // Over before the forget, which then resigns nothing: only the names change.
    let ask = f.say(&zed(), HERE, Request::Resign).await;
    f.say(&zed(), HERE, press(&ask[0].buttons[0].id)).await;
    let row = f.row().await;
    assert_eq!(row.status, Status::Finished);
    let token = f
        .core
        .store()
        .web_token(crate::store::LinkKind::Game, row.id, 10)
        .await
        .unwrap();
    let link = format!("/g/{token}");
    let kept = [
        format!("{link}/replay.gif"),
        format!("{link}/ply/1"),
        format!("{link}/ply/2"),
    ];
    let replayed = || async {
        match f.one(&bob(), Request::Replay).await.picture {
            Some(Picture::Animation { gif, .. }) => gif.to_vec(),
            other => panic!("a replay, not {other:?}"),
        }
    };
    let mut before = Vec::new();
    for address in &kept {
        let (status, _, bytes) = site.bytes(address).await;
        assert_eq!(status, 200, "{address}");
        before.push(bytes);
    }
    let replay = replayed().await;
    let mut watching = Events::open(&site, &format!("{link}/events")).await;
    let (_, first) = watching.next().await.unwrap();
    assert!(first.contains("Zanzibar"), "{first}");

    f.core.forget(ZED).await.unwrap();
    for (address, old) in kept.iter().zip(before) {
        let (status, _, bytes) = site.bytes(address).await;
        assert_eq!(status, 200, "{address}");
        assert_ne!(
            bytes, old,
            "{address} is the picture drawn before the forget"
        );
    }
    assert_ne!(replayed().await, replay, "/replay sent the GIF made before");
    let mut fresh = Events::open(&site, &format!("{link}/events")).await;
    let (_, first) = fresh.next().await.unwrap();
    assert!(
        !first.contains("Zanzibar") && first.contains("deleted member #1"),
        "{first}"
    );
    let (_, _, page) = site.get(&link).await;
    assert!(!page.contains("Zanzibar"), "{page}");
    let (_, _, turn) = site.get(&format!("{link}/ply/1")).await;
    assert!(!turn.contains("Zanzibar"), "{turn}");
    drop(watching);
}

on_both!(
    a_forget_redraws_what_was_kept_of_the_members_games,
    a_server_that_removed_the_bot_closes_its_pages,
    old_links_are_replaced_and_never_reopen,
    a_game_page_is_reached_by_its_link_only,
    games_the_bot_starts_carry_the_link,
    web_settings_need_pages_served,
    a_watched_game_hears_each_turn,
    a_fog_game_page_shows_no_square,
);
