//! The web pages in a real browser: Debian's headless Chromium, driven through its
//! chromedriver on loopback (both installed by `.ci/run` when missing). A game page follows
//! a turn played through the core without a reload; the keys step through fifty turns in the
//! page (no reload, no refusal) and flip the board; a page looking back hears of the next
//! turn at once; on a phone the board fills the width and the panels are text; every
//! picture is the size its tag says; a page whose server turns the pages off says so by
//! itself; a tournament page shows the next round once it is paired; the price page prices
//! what is typed; unknown pages are "not found"; and nothing is logged to the console.
//! Screenshots of each page at desktop and phone width, light and dark, are written to a
//! temporary directory (or to `CSIPGS_SCREENSHOTS`, to keep them).

use super::site::{owner, watch_link, web, web_fixture, Site};
use crate::core::testing::*;
use crate::core::*;
use crate::store::{Channel, Store, TournamentFormat};
use crate::web::WebLimits;
use engine::{Options, Ruleset};
use fantoccini::actions::{
    InputSource, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const MISSING: &str = "headless browser tests need Debian's chromium and chromium-driver: \
     apt-get install chromium chromium-driver (.ci/run installs them when missing)";

/// Widths the screenshots are taken at: a desktop browser and a phone.
const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// Chromium and its driver, for one test; both stop when it is dropped.
/// One browser at a time: on two cores, several Chromiums at once make each too slow for
/// the pages' own timings (a stream's update, 50 steps).
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

struct Browser {
    _turn: tokio::sync::MutexGuard<'static, ()>,
    driver: Child,
    port: u16,
    client: Client,
    /// The test's own directory: the browser's profile, its files and (unless kept
    /// elsewhere) the screenshots, all removed when the browser is.
    scratch: PathBuf,
    shots: PathBuf,
}

impl Browser {
    async fn start() -> Browser {
        let turn = ONE_AT_A_TIME.lock().await;
        assert!(
            std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists(),
            "{MISSING}"
        );
        let port = {
            let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            free.local_addr().unwrap().port()
        };
        // A process group of its own, the browser it starts included, so that all of it
        // can be stopped at once: killing the driver alone leaves Chromium running.
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect(MISSING);
        let scratch =
            std::env::temp_dir().join(format!("csipgs-browser-{}-{port}", std::process::id()));
        let profile = scratch.join("profile");
        std::fs::create_dir_all(&profile).unwrap();
        let shots = std::env::var_os("CSIPGS_SCREENSHOTS")
            .map(PathBuf::from)
            .unwrap_or_else(|| scratch.join("screenshots"));
        std::fs::create_dir_all(&shots).unwrap();
        let url = format!("http://127.0.0.1:{port}");
        let began = Instant::now();
        while reqwest::get(format!("{url}/status")).await.is_err() {
            assert!(
                began.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // The flags Chromium needs on a closed machine, as root, without a display.
        let options = json!({
            "binary": CHROMIUM,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--hide-scrollbars", format!("--user-data-dir={}", profile.display()),
                format!("--window-size={},{}", DESKTOP.0, DESKTOP.1),
            ],
        });
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".into(), options);
        capabilities.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&url)
            .await
            .expect("a Chromium session");
        Browser {
            _turn: turn,
            driver,
            port,
            client,
            scratch,
            shots,
        }
    }

    /// What the page logged to the console since last asked.
    async fn console(&self) -> Vec<String> {
        let session = self.client.session_id().await.unwrap().unwrap();
        let url = format!("http://127.0.0.1:{}/session/{session}/se/log", self.port);
        let body = json!({ "type": "browser" }).to_string();
        let answer = reqwest::Client::new()
            .post(url)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let answer: Value = serde_json::from_str(&answer).unwrap();
        answer["value"]
            .as_array()
            .map(|entries| {
                entries
                    .iter()
                    .map(|e| format!("{} {}", e["level"], e["message"]))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The page at desktop and phone width, in the light and the dark scheme, as
    /// `name-desktop.png`, `name-phone.png`, `name-desktop-dark.png` and
    /// `name-phone-dark.png`.
    async fn screenshots(&self, name: &str) {
        for scheme in ["light", "dark"] {
            self.scheme(scheme).await;
            for (kind, (width, height)) in [("desktop", DESKTOP), ("phone", PHONE)] {
                self.client.set_window_size(width, height).await.unwrap();
                tokio::time::sleep(Duration::from_millis(200)).await;
                let png = self.client.screenshot().await.unwrap();
                let file = match scheme {
                    "dark" => format!("{name}-{kind}-dark.png"),
                    _ => format!("{name}-{kind}.png"),
                };
                std::fs::write(self.shots.join(file), png).unwrap();
            }
        }
        self.scheme("light").await;
        self.client
            .set_window_size(DESKTOP.0, DESKTOP.1)
            .await
            .unwrap();
    }

    /// The colour scheme the page is shown in, as a reader's system would ask for it.
    async fn scheme(&self, scheme: &str) {
        let session = self.client.session_id().await.unwrap().unwrap();
        let url = format!(
            "http://127.0.0.1:{}/session/{session}/goog/cdp/execute",
            self.port
        );
        let body = json!({
            "cmd": "Emulation.setEmulatedMedia",
            "params": { "features": [{ "name": "prefers-color-scheme", "value": scheme }] },
        });
        let answer = reqwest::Client::new()
            .post(url)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        assert!(answer.status().is_success(), "{scheme}: {answer:?}");
    }

    /// The text of the first element matching `css`.
    async fn text(&self, css: &str) -> String {
        self.read(css, None).await
    }

    /// An attribute of the first element matching `css`.
    async fn attr(&self, css: &str, name: &str) -> String {
        self.read(css, Some(name)).await
    }

    /// The live part of a page is replaced as events arrive (the first right after it
    /// loads), so an element found may be gone by the time it is read: then it is found
    /// again.
    async fn read(&self, css: &str, attr: Option<&str>) -> String {
        for _ in 0..40 {
            if let Ok(found) = self.client.find(Locator::Css(css)).await {
                let read = match attr {
                    None => found.text().await.map(Some),
                    Some(name) => found.attr(name).await,
                };
                if let Ok(value) = read {
                    return value.unwrap_or_else(|| panic!("{css} has no {attr:?}"));
                }
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!(
            "{css} not found: {}",
            self.client.source().await.unwrap_or_default()
        );
    }

    /// Wait up to `limit` for `css`'s text to contain `wanted`; how long it took.
    async fn until_text(&self, css: &str, wanted: &str, limit: Duration) -> Duration {
        let began = Instant::now();
        loop {
            if let Ok(found) = self.client.find(Locator::Css(css)).await {
                if found.text().await.is_ok_and(|t| t.contains(wanted)) {
                    return began.elapsed();
                }
            }
            assert!(
                began.elapsed() < limit,
                "'{wanted}' not in {css} within {limit:?}: {}",
                self.client.source().await.unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Wait up to `limit` for an attribute of `css` to end with `wanted`.
    async fn until_attr(&self, css: &str, name: &str, wanted: &str, limit: Duration) {
        let began = Instant::now();
        while !self.attr(css, name).await.ends_with(wanted) {
            assert!(
                began.elapsed() < limit,
                "{css}'s {name} is not ...{wanted} within {limit:?}"
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Every picture on the page has loaded, at the size its attributes say.
    async fn pictures_are_their_size(&self) {
        let script = "return Array.from(document.images).map(function (i) { return [i.complete, \
            i.naturalWidth, i.naturalHeight, i.getAttribute('width'), i.getAttribute('height'), \
            i.src]; })";
        let began = Instant::now();
        loop {
            let found = self.client.execute(script, vec![]).await.unwrap();
            let pictures = found.as_array().unwrap().clone();
            if pictures.iter().all(|p| p[0] == true) {
                for p in &pictures {
                    assert!(p[1].as_u64().unwrap() > 0, "{p} did not load");
                    if !p[3].is_null() {
                        assert_eq!(p[1].to_string(), p[3].as_str().unwrap(), "{p}");
                        assert_eq!(p[2].to_string(), p[4].as_str().unwrap(), "{p}");
                    }
                }
                return;
            }
            assert!(began.elapsed() < Duration::from_secs(5), "{pictures:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Click the first element matching `css`.
    async fn click(&self, css: &str) {
        let found = self.client.find(Locator::Css(css)).await;
        found
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .click()
            .await
            .unwrap();
    }

    async fn press(&self, key: &str) {
        let body = self.client.find(Locator::Css("body")).await.unwrap();
        body.send_keys(key).await.unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}

/// WebDriver's codes for the arrow keys.
const LEFT: &str = "\u{E012}";
const RIGHT: &str = "\u{E014}";
const HOME: &str = "\u{E011}";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_a_real_browser() {
    let f = web_fixture(Store::memory().await.unwrap(), threads()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    let browser = Browser::start().await;
    let b = &browser.client;
    f.one(&owner(), web(true)).await;

    // A game, followed live.
    let challenge = f.challenge(Ruleset::Classic, Options::default()).await;
    let started = f.say(&bob(), HERE, press(&challenge.buttons[0].id)).await;
    assert!(
        started[0].text.shown().starts_with("Game on!"),
        "{}",
        started[0].text.shown()
    );
    let (_, channel) = f.core.store().active_games(10).await.unwrap().remove(0);
    let here = Place::Thread {
        thread: Channel { guild: 10, channel },
        parent: Some(20),
    };
    let turn = |who: Who, text: &'static str| {
        let f = &f;
        async move {
            let replies = f.say(&who, here, Request::Turn { text: text.into() }).await;
            assert!(!replies[0].ephemeral, "{text}: {}", replies[0].text.shown());
            replies.into_iter().next().unwrap()
        }
    };
    let link = watch_link(&turn(alice(), "Kd2").await).unwrap();
    turn(bob(), "Ke7").await;
    b.goto(&site.at(&link)).await.unwrap();
    assert_eq!(browser.text("h1").await, "alice vs bob");
    assert!(browser.text("#moves").await.contains("Ke7"));
    let before = browser.attr("#board", "src").await;
    let alt = browser.attr("#board", "alt").await;
    assert!(
        alt.contains("after turn 2") && alt.contains("White to move"),
        "{alt}"
    );
    browser.pictures_are_their_size().await;
    browser.screenshots("game").await;
    // On a phone the board takes the width and the panels are text.
    b.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let width = b
        .execute(
            "return document.getElementById('board').getBoundingClientRect().width",
            vec![],
        )
        .await
        .unwrap()
        .as_f64()
        .unwrap();
    assert!(width >= 350.0, "the board is {width} px wide on a phone");
    let panel = browser.text(".card").await;
    assert!(
        panel.contains("Treasury") && panel.contains("Designs"),
        "{panel}"
    );
    b.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    turn(alice(), "Kc3").await;
    let took = browser
        .until_text("#moves", "Kc3", Duration::from_secs(5))
        .await;
    assert!(
        took < Duration::from_secs(1),
        "the turn showed after {took:?}"
    );
    browser
        .until_attr("#board", "src", "/board/3", Duration::from_secs(5))
        .await;
    assert_ne!(before, browser.attr("#board", "src").await);
    assert!(browser.text(".state").await.contains("Black to move"));

    // The arrow keys step back and forth within the page; an earlier turn stays put, and
    // learns of the next turn at once.
    browser.press(LEFT).await;
    browser
        .until_text("nav.plies", "Turn 2 of 3", Duration::from_secs(5))
        .await;
    assert!(b.current_url().await.unwrap().as_str().ends_with("?ply=2"));
    browser.press(LEFT).await;
    browser
        .until_text("nav.plies", "Turn 1 of 3", Duration::from_secs(5))
        .await;
    browser.press(RIGHT).await;
    browser
        .until_text("nav.plies", "Turn 2 of 3", Duration::from_secs(5))
        .await;
    assert_eq!(browser.text("#caption").await, "After turn 2 of 3");
    turn(bob(), "Kd6").await;
    let took = browser
        .until_text("nav.plies", "Turn 2 of 4", Duration::from_secs(5))
        .await;
    assert!(
        took < Duration::from_secs(1),
        "the new turn was listed after {took:?}"
    );
    assert!(browser.text("#moves").await.contains("Kd6"));
    assert!(browser.attr("#board", "src").await.ends_with("/board/2"));
    // F turns the board round, panels and all.
    browser.press("f").await;
    browser
        .until_attr(
            "#board",
            "src",
            "/board/2?side=black",
            Duration::from_secs(5),
        )
        .await;
    let first_card = browser.text(".card h3").await;
    assert!(first_card.contains("(White)"), "{first_card}");
    browser.press("f").await;
    browser
        .until_attr("#board", "src", "/board/2", Duration::from_secs(5))
        .await;

    // Fifty steps by the keys, as a reader goes through a game: no stall, no refusal.
    for ply in 4..50 {
        let (who, text) = match ply % 4 {
            0 => (alice(), "Kc2"),
            1 => (bob(), "Kd7"),
            2 => (alice(), "Kc3"),
            _ => (bob(), "Kd6"),
        };
        turn(who, text).await;
    }
    browser
        .until_text("nav.plies", "of 50", Duration::from_secs(5))
        .await;
    browser.press(HOME).await;
    browser
        .until_text("nav.plies", "Turn 0 of 50", Duration::from_secs(5))
        .await;
    let body = b.find(Locator::Css("body")).await.unwrap();
    let began = Instant::now();
    for _ in 0..50 {
        body.send_keys(RIGHT).await.unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!("50 keys pressed in {:?}", began.elapsed());
    browser
        .until_text("nav.plies", "Turn 50 of 50", Duration::from_secs(10))
        .await;
    let took = began.elapsed();
    assert!(took < Duration::from_secs(10), "50 steps took {took:?}");
    assert_eq!(
        browser.text("h1").await,
        "alice vs bob",
        "still the game's page"
    );
    browser.pictures_are_their_size().await;
    eprintln!("50 steps by the keys: {took:?}");

    // A tournament: the next round appears once the first is over.
    let members = [alice(), bob(), carol(), dave()];
    // With a clock, a round robin is paired round by round.
    let cup = spec("Spring <Cup>", TournamentFormat::RoundRobin);
    let id = f
        .create(TournamentSpec {
            game: GameSpec {
                time: Some("15m+10s".into()),
                ..cup.game.clone()
            },
            ..cup
        })
        .await;
    f.join_all(&members).await;
    f.begin().await;
    let announced = f.posted(20, ", round 1:\n");
    let tournament = watch_link(&announced[0]).expect("a Watch button on the pairings");
    b.goto(&site.at(&tournament)).await.unwrap();
    assert_eq!(browser.text("h1").await, "Spring <Cup>");
    assert!(browser.text("main").await.contains("Round 1"));
    assert!(!browser.text("main").await.contains("Round 2"));
    browser.screenshots("tournament-round-1").await;
    f.end_game(id, 1, 1, End::Draw, &members).await;
    f.end_game(id, 1, 2, End::Draw, &members).await;
    f.tick().await;
    let took = browser
        .until_text("main", "Round 2", Duration::from_secs(5))
        .await;
    assert!(
        took < Duration::from_secs(2),
        "round 2 showed after {took:?}"
    );
    assert!(browser.text("table").await.contains("Pts"));
    browser.screenshots("tournament").await;
    let game = browser.attr("td a", "href").await;
    b.goto(&site.at(&game)).await.unwrap();
    assert!(browser.text("h1").await.contains(" vs "));

    // The price page: type a design, read its price.
    b.goto(&site.at("/price")).await.unwrap();
    let input = b.find(Locator::Css("input[name=design]")).await.unwrap();
    input.send_keys("WbRbmHfB").await.unwrap();
    browser.click("form button").await;
    browser
        .until_text("h2", "WbRbmHfB", Duration::from_secs(5))
        .await;
    let (_, price) = priced("WbRbmHfB", &Ruleset::Classic.into()).unwrap();
    let breakdown = crate::price_text::price_text(&price, "WbRbmHfB");
    let shown = browser.text("pre").await;
    assert_eq!(
        shown.trim(),
        breakdown.trim(),
        "the page's price is csipgs price's"
    );
    browser.pictures_are_their_size().await;
    browser.screenshots("price").await;

    // The server's page; then closed and unknown pages.
    let server = f
        .one(&owner(), Request::Settings(SettingsChange::default()))
        .await
        .text
        .shown()
        .split_whitespace()
        .find(|w| w.starts_with(super::site::PUBLIC))
        .unwrap()
        .to_string();
    // Named as Discord names it, in a script written right to left: the name stays whole.
    f.core
        .store()
        .guild_named(10, "نادي الشطرنج")
        .await
        .unwrap();
    b.goto(&site.at(&server)).await.unwrap();
    assert!(browser.text("main").await.contains("Leaderboard"));
    assert_eq!(browser.text("h1").await, "csipgs on نادي الشطرنج");
    browser.screenshots("server").await;
    // A player's page, from the leaderboard: their ratings and their rating chart.
    let player = browser.attr("table a[href*='/p/']", "href").await;
    b.goto(&site.at(&player)).await.unwrap();
    browser.pictures_are_their_size().await;
    browser.screenshots("player").await;
    let console = browser.console().await;
    assert!(console.is_empty(), "the console: {console:?}");

    // A game page open when its server turns the pages off says so by itself.
    b.goto(&site.at(&link)).await.unwrap();
    assert_eq!(browser.text("h1").await, "alice vs bob");
    tokio::time::sleep(Duration::from_millis(300)).await;
    f.one(&owner(), web(false)).await;
    let took = browser
        .until_text("h1", "No longer public", Duration::from_secs(5))
        .await;
    eprintln!("web:false closed the open page in {took:?}");
    b.goto(&site.at("/g/0123456789abcdef0123456789abcdef"))
        .await
        .unwrap();
    assert_eq!(browser.text("h1").await, "Not found");
    b.goto(&site.at(&link)).await.unwrap();
    assert_eq!(browser.text("h1").await, "Not found");
    // The design builder's message as Discord shows it, WbRbmHfB built by its menus (the
    // README's pictures of it are these screenshots).
    let mut builder = f.one(&alice(), Request::Design { design: None }).await;
    for (op, value) in crate::core::builder::WBRBMHFB_PICKS {
        let menu = builder
            .selects
            .iter()
            .find(|s| s.id.starts_with(&format!("design:{op}:")))
            .unwrap();
        let pick = crate::core::Pick::from_id(&menu.id, Some(value)).unwrap();
        builder = f.one(&alice(), Request::Builder(pick)).await;
    }
    assert!(
        builder.text.shown().contains("`WbRbmHfB` costs"),
        "{}",
        builder.text.shown()
    );
    let picture = builder.picture.clone().unwrap();
    std::fs::write(
        browser.scratch.join("builder-diagram.png"),
        crate::picture::encode(&picture),
    )
    .unwrap();
    let page = browser.scratch.join("builder.html");
    std::fs::write(
        &page,
        discord_message(&builder, &crate::picture::describe(&picture)),
    )
    .unwrap();
    b.goto(&format!("file://{}", page.display())).await.unwrap();
    assert!(browser.text("main").await.contains("Design builder"));
    // The message alone, at the width of Discord's message column.
    b.set_window_size(640, 1400).await.unwrap();
    let message = b.find(Locator::Css("main")).await.unwrap();
    let png = message.screenshot().await.unwrap();
    std::fs::write(browser.shots.join("design-builder.png"), png).unwrap();
    b.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();

    if std::env::var_os("CSIPGS_SCREENSHOTS").is_some() {
        eprintln!("screenshots: {}", browser.shots.display());
    }
    browser.client.clone().close().await.unwrap();
}

/// A reply drawn the way Discord's dark theme shows a private message with menus and
/// buttons: only for the README's screenshots (Discord draws the real one).
fn discord_message(reply: &Reply, alt: &str) -> String {
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    // Discord's markdown as far as the builder uses it: **bold**, `code`, line breaks.
    let mut text = String::new();
    for (i, piece) in escape(&reply.text.shown()).split('`').enumerate() {
        match i % 2 {
            1 => text.push_str(&format!("<code>{piece}</code>")),
            _ => {
                for (j, part) in piece.split("**").enumerate() {
                    text.push_str(&match j % 2 {
                        1 => format!("<b>{part}</b>"),
                        _ => part.to_string(),
                    });
                }
            }
        }
    }
    let text = text.replace('\n', "<br>");
    let menus: String = reply
        .selects
        .iter()
        .map(|s| {
            let shown = s
                .options
                .iter()
                .find(|o| o.chosen)
                .map_or(format!("<i>{}</i>", escape(&s.placeholder)), |o| {
                    escape(&o.label)
                });
            format!("<div class=select>{shown}<span>&#9662;</span></div>")
        })
        .collect();
    let buttons: String = reply
        .buttons
        .iter()
        .map(|b| {
            let kind = match b.style {
                ButtonStyle::Accept => "accept",
                ButtonStyle::Decline => "decline",
                ButtonStyle::Neutral => "neutral",
            };
            format!("<span class='button {kind}'>{}</span>", escape(&b.label))
        })
        .collect();
    format!(
        "<!doctype html><meta charset=utf-8><title>Design builder</title><style>\
         body{{margin:0;background:#313338;color:#dbdee1;font:16px/1.4 sans-serif}}\
         main{{max-width:640px;padding:16px 20px}}\
         .who{{color:#fff;font-weight:600}} .app{{background:#5865f2;color:#fff;font-size:11px;\
         border-radius:3px;padding:1px 4px;margin-left:4px}}\
         code{{background:#2b2d31;border-radius:3px;padding:0 3px;font-size:14px}}\
         img{{display:block;max-width:100%;margin:8px 0;border-radius:8px}}\
         .select{{background:#1e1f22;border-radius:4px;padding:9px 12px;margin:8px 0;\
         display:flex;justify-content:space-between;max-width:400px}}\
         .select i{{color:#949ba4;font-style:normal}}\
         .button{{display:inline-block;border-radius:4px;padding:6px 16px;margin:4px 8px 0 0;\
         color:#fff;font-size:14px}} .accept{{background:#248046}} .decline{{background:#da373c}}\
         .neutral{{background:#4e5058}} .note{{color:#949ba4;font-size:12px;margin-top:8px}}\
         </style><main><div><span class=who>csipgs</span><span class=app>APP</span></div>\
         <div>{text}</div><img src=builder-diagram.png alt=\"{}\">{menus}<div>{buttons}</div>\
         <div class=note>Only you can see this</div></main>",
        escape(alt)
    )
}

/// A player plays by clicking: signed in by a one-time link, her page marks her king's
/// squares, a click on one writes the turn, Play plays it; the opponent's answer in Discord
/// brings her page back by itself; shown at desktop and phone width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_by_clicking() {
    let (f, site, game, _) = super::signin::signed_in_at_a_game().await;
    let browser = Browser::start().await;
    let b = &browser.client;
    // Signed in by a one-time link, as the bot sends one: it opens her board.
    let link = crate::store::Token::random().unwrap();
    let now = (millis_now() / 1000) as i64;
    let id = f.row().await.id;
    let store = f.core.store();
    store
        .signin_link(link, alice().id, "alice", id, now + 600)
        .await
        .unwrap();
    b.goto(&site.at(&format!("/in/{link}"))).await.unwrap();
    let at = b.current_url().await.unwrap();
    assert!(at.path().ends_with(&format!("{game}/play")), "{at}");
    let square = |sq: &str| format!(".squares button[data-sq='{sq}']");
    browser.click(&square("e1")).await;
    let class = browser.attr(&square("d2"), "class").await;
    assert!(class.contains("target"), "{class}");
    let class = browser.attr(&square("e1"), "class").await;
    assert!(class.contains("from"), "{class}");
    // The king's five squares, and nothing else.
    let marked = b
        .execute(
            "return [...document.querySelectorAll('.squares .target')].map(b => b.dataset.sq).sort().join(' ')",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(marked, json!("d1 d2 e2 f1 f2"));
    browser.screenshots("play").await;
    browser.click(&square("d2")).await;
    assert_eq!(browser.box_holds().await, "Kd2");
    assert!(browser.text("#preview").await.contains("Kd2"));
    plays_and_sees_the_answer(&browser, &f).await;
    // Dragged, as well as clicked: the king from d2 onto d3 writes Kd3 (with nothing picked
    // first, so no click could write it).
    browser.click(&square("a8")).await;
    assert_eq!(browser.box_holds().await, "");
    let from = b.find(Locator::Css(&square("d2"))).await.unwrap();
    let onto = b.find(Locator::Css(&square("d3"))).await.unwrap();
    let drag = drag_steps(from, onto)
        .into_iter()
        .fold(MouseActions::new("mouse".into()), MouseActions::then);
    b.perform_actions(drag).await.unwrap();
    assert_eq!(browser.box_holds().await, "Kd3");
    // And by a finger: the king's square claims the touch, so the drag is no scroll.
    let from = b.find(Locator::Css(&square("d2"))).await.unwrap();
    let onto = b.find(Locator::Css(&square("e3"))).await.unwrap();
    let touch = drag_steps(from, onto)
        .into_iter()
        .fold(TouchActions::new("finger".into()), TouchActions::then);
    b.perform_actions(touch).await.unwrap();
    assert_eq!(browser.box_holds().await, "Ke3");
    // Only her king's square claims a touch: a finger elsewhere scrolls the page.
    let claiming = b
        .execute(
            "return [...document.querySelectorAll('.squares .drag')].map(b => b.dataset.sq).join(' ')",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(claiming, json!("d2"));
    let console = browser.console().await;
    assert!(console.is_empty(), "{console:?}");
}

/// A press on `from`, a move onto `onto`, a release: a drag by any pointer.
fn drag_steps(
    from: fantoccini::elements::Element,
    onto: fantoccini::elements::Element,
) -> [PointerAction; 4] {
    [
        PointerAction::MoveToElement {
            element: from,
            duration: None,
            x: 0.0,
            y: 0.0,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::MoveToElement {
            element: onto,
            duration: Some(Duration::from_millis(150)),
            x: 0.0,
            y: 0.0,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
    ]
}

/// Alice, her king's move Kd2 in the box, plays it; Bob answers Ke7 in Discord, and her
/// board comes back by itself, her turn again.
async fn plays_and_sees_the_answer(browser: &Browser, f: &Fixture) {
    let square = |sq: &str| format!(".squares button[data-sq='{sq}']");
    browser.click("form.turn button[type=submit]").await;
    browser
        .until_text("p.said", "Kd2", Duration::from_secs(10))
        .await;
    assert_eq!(f.row().await.game.turns(), 1);
    f.play(&bob(), "Ke7").await;
    browser
        .until_attr("#play", "data-played", "2", Duration::from_secs(10))
        .await;
    browser.click(&square("d2")).await;
    let class = browser.attr(&square("d3"), "class").await;
    assert!(class.contains("target"), "{class}");
}

/// A player plays inside Discord: the fake Discord's client (at localhost:3333, an origin
/// Discord's SDK answers) frames the Activity, which signs Alice in through the SDK, opens
/// the game played in that channel, and plays her clicks; the opponent's answer in Discord
/// brings her board back by itself; links open outside Discord.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_inside_discord() {
    let f = web_fixture(Store::memory().await.unwrap(), Recorder::default()).await;
    let (site, fake, origin) =
        super::activity::activity_site(&f, "127.0.0.1:3333", "localhost").await;
    f.one(&owner(), web(true)).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let browser = Browser::start().await;
    let b = &browser.client;
    b.goto(&super::activity::harness_url(&origin, &site))
        .await
        .unwrap();
    b.enter_frame(0).await.unwrap();
    let square = |sq: &str| format!(".squares button[data-sq='{sq}']");
    browser
        .until_attr("#play", "data-played", "0", Duration::from_secs(15))
        .await;
    // The clocks count from the bot's time, not the frame's.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let clocks = b
        .execute(
            "return [...document.querySelectorAll('.clock')].map(c => c.textContent).join(' ')",
            vec![],
        )
        .await
        .unwrap();
    let clocks = clocks.as_str().unwrap();
    assert!(
        ["2d 23h 3d 00h", "3d 00h 3d 00h"].contains(&clocks),
        "{clocks}"
    );
    // Her own board picture, fetched with the session and shown from memory.
    let src = browser.attr(".playing img", "src").await;
    assert!(src.starts_with("blob:"), "{src}");
    browser.pictures_are_their_size().await;
    browser.click(&square("e1")).await;
    let class = browser.attr(&square("d2"), "class").await;
    assert!(class.contains("target"), "{class}");
    b.enter_parent_frame().await.unwrap();
    browser.screenshots("activity").await;
    b.enter_frame(0).await.unwrap();
    browser.click(&square("d2")).await;
    plays_and_sees_the_answer(&browser, &f).await;
    // A link leaves Discord through its client, not this frame.
    browser.click(".status a").await;
    assert!(b.find(Locator::Css("#play")).await.is_ok(), "still here");
    b.enter_parent_frame().await.unwrap();
    let seen = b.execute("return window.seen", vec![]).await.unwrap();
    let seen: Vec<String> = serde_json::from_value(seen).unwrap();
    let token = fake.lock().unwrap().tokens[0].clone();
    for wanted in [
        format!("HANDSHAKE {} frame-1", super::signin::CLIENT_ID),
        "AUTHORIZE".to_string(),
        "scope identify".to_string(),
        format!("token {token}"),
    ] {
        assert!(seen.contains(&wanted), "{wanted} not in {seen:?}");
    }
    assert!(
        seen.iter()
            .any(|s| s.starts_with(&format!("link {}/g/", site.base))),
        "{seen:?}"
    );
    let console = browser.console().await;
    assert!(console.is_empty(), "{console:?}");
}

/// The sample game (`sample48`, the project's copy of the 1998 sample game, played by
/// Kurnia's rules so a bid can be made): its turns and, for White's redesigns, the builder's
/// menu picks (menu, value) that make each new design.
fn sample_turns() -> Vec<String> {
    let record = render::testing::SAMPLE48;
    let moves = record.split("\n\n").nth(1).unwrap();
    let mut turns = Vec::new();
    let mut current = String::new();
    for word in moves.split_whitespace() {
        let numbered = word
            .split_once('.')
            .filter(|(n, _)| n.parse::<u32>().is_ok());
        match numbered {
            Some((_, first)) => {
                if !current.is_empty() {
                    turns.push(std::mem::take(&mut current));
                }
                current.push_str(first);
            }
            None => {
                current.push(' ');
                current.push_str(word);
            }
        }
    }
    turns.push(current);
    turns
}

fn builder_picks(design: &str) -> &'static [(usize, &'static str)] {
    match design {
        "WD" => &[(0, "W"), (0, "D")],
        "NbR" => &[(0, "N"), (0, "R"), (1, "b")],
        "BL" => &[(0, "B"), (0, "L")],
        other => panic!("no picks for {other}"),
    }
}

/// The channel's announcements of a game's turns: each public reply's words and whether it
/// shows the board.
fn announced(replies: &[Reply]) -> Vec<(String, bool)> {
    replies
        .iter()
        .filter(|r| !r.ephemeral && r.elsewhere.is_none())
        .map(|r| (r.text.shown(), r.picture.is_some()))
        .collect()
}

impl Browser {
    /// What the turn box holds.
    async fn box_holds(&self) -> String {
        let found = self.client.find(Locator::Css("#turn")).await.unwrap();
        found.prop("value").await.unwrap().unwrap_or_default()
    }

    /// Wait for the page to be a new one (after a form's answer or a reload).
    async fn until_new_page(&self) {
        let began = Instant::now();
        loop {
            let old = self
                .client
                .execute("return window.__old === true", vec![])
                .await;
            if old.is_ok_and(|o| o == json!(false)) {
                let ready = self
                    .client
                    .execute("return document.readyState", vec![])
                    .await
                    .unwrap();
                if ready == json!("complete") {
                    break;
                }
            }
            assert!(began.elapsed() < Duration::from_secs(10), "no new page");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        self.client
            .execute("window.__old = true", vec![])
            .await
            .unwrap();
    }

    /// Click the button whose words are `label` among `css`.
    async fn click_labelled(&self, css: &str, label: &str) {
        let clicked = self
            .client
            .execute(
                "const b = [...document.querySelectorAll(arguments[0])].find(b => b.textContent.trim() === arguments[1]); if (b) { b.click(); } return !!b;",
                vec![json!(css), json!(label)],
            )
            .await
            .unwrap();
        assert_eq!(clicked, json!(true), "no {css} '{label}'");
    }

    /// White's turn `text`, by clicks: the squares of a move, a reserve piece's button and
    /// its square, a purchase's button; a redesign by the design builder's menus.
    async fn play_by_clicks(&self, text: &str, shots: Option<&str>) {
        let square = |sq: &str| format!(".squares button[data-sq='{sq}']");
        let (action, redesign) = match text.split_once("; ") {
            Some((action, redesign)) => (action, Some(redesign)),
            None => (text, None),
        };
        self.client
            .execute("window.__old = true", vec![])
            .await
            .unwrap();
        if action.starts_with("Buy ") && redesign.is_none() {
            self.click_labelled("ul.buys button", action).await;
            self.until_new_page().await;
            return;
        }
        if let Some((piece, to)) = action.split_once('@') {
            let piece = piece.trim_matches(|c| c == '(' || c == ')');
            self.click(&format!("button[data-drop='{piece}']")).await;
            self.click(&square(to)).await;
        } else {
            let clicks = self
                .client
                .execute(
                    "return document.getElementById('clicks').textContent",
                    vec![],
                )
                .await
                .unwrap();
            let clicks: Vec<Value> = serde_json::from_str(clicks.as_str().unwrap()).unwrap();
            let click = clicks
                .iter()
                .find(|c| c["text"] == action)
                .unwrap_or_else(|| panic!("{action} is not among {clicks:?}"));
            self.click(&square(click["from"].as_str().unwrap())).await;
            self.click(&square(click["to"].as_str().unwrap())).await;
        }
        assert_eq!(self.box_holds().await, action);
        let Some(redesign) = redesign else {
            self.click("form.turn button[type=submit]").await;
            self.until_new_page().await;
            return;
        };
        // The builder, opened for this turn: a design made with its menus, then its slot.
        let (slot, design) = redesign.split_once('=').unwrap();
        self.click("details.redesign summary").await;
        self.click("details.redesign button[type=submit]").await;
        self.until_new_page().await;
        for (menu, value) in builder_picks(design) {
            let menus = self
                .client
                .find_all(Locator::Css("form.pick select"))
                .await
                .unwrap();
            menus[*menu].select_by_value(value).await.unwrap();
            self.until_new_page().await;
        }
        if let Some(name) = shots {
            self.screenshots(name).await;
        }
        self.click_labelled("div.said button", "Buy this").await;
        self.until_new_page().await;
        let slot_field = self
            .client
            .find(Locator::Css("form.asked input[name='slot']"))
            .await
            .unwrap();
        slot_field.send_keys(slot).await.unwrap();
        self.click("form.asked button[type=submit]").await;
        self.until_new_page().await;
    }
}

/// The sample game with White clicking in the browser and Black typing (as in Discord):
/// every purchase, drop and move by clicks, White's three redesigns by the design builder's
/// menus, and a sealed estimate bid by the page's form; the same final position as the
/// record, and the channel's announcements of every turn the same as when both type.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sample_game_by_clicks_and_typing() {
    let turns = sample_turns();
    assert_eq!(turns.len(), 48);
    let typed = |text: &str| Request::Turn { text: text.into() };
    let zebra = || Request::Propose {
        kind: crate::store::ProposalKind::Atom,
        name: "zebra".into(),
        notation: "Z".into(),
        estimate: "2".into(),
    };

    // Both typing: the announcements to match.
    let (all_typed, _, _, _) =
        super::signin::signed_in_at(Ruleset::Kurnia, Options::default()).await;
    all_typed.say(&bob(), HERE, zebra()).await;
    let game_id = all_typed.row().await.id;
    let open = all_typed
        .core
        .store()
        .open_proposals(game_id)
        .await
        .unwrap();
    all_typed
        .say(
            &alice(),
            HERE,
            Request::Estimate {
                proposal: open[0].id,
                value: "3".into(),
            },
        )
        .await;
    let mut expected = Vec::new();
    for (ply, text) in turns.iter().enumerate() {
        let who = if ply % 2 == 0 { alice() } else { bob() };
        let said = all_typed.say(&who, HERE, typed(text)).await;
        expected.push(announced(&said));
    }

    // Alice clicking, Bob typing; the scheduler posts what a page's turn announces.
    let (f, site, _, _) = super::signin::signed_in_at(Ruleset::Kurnia, Options::default()).await;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let core = f.core.clone();
    let scheduler = tokio::spawn(async move { core.run_scheduler(stopped).await });
    let browser = Browser::start().await;
    let b = &browser.client;
    let link = crate::store::Token::random().unwrap();
    let now = (millis_now() / 1000) as i64;
    let store = f.core.store();
    store
        .signin_link(link, alice().id, "alice", f.row().await.id, now + 600)
        .await
        .unwrap();
    b.goto(&site.at(&format!("/in/{link}"))).await.unwrap();
    b.execute("window.__old = true", vec![]).await.unwrap();
    // Bob proposes a zebra (typed); Alice bids on it from her page.
    f.say(&bob(), HERE, zebra()).await;
    b.refresh().await.unwrap();
    browser.until_new_page().await;
    b.find(Locator::Css("form.estimate input[name='value']"))
        .await
        .unwrap()
        .send_keys("3")
        .await
        .unwrap();
    browser.click("form.estimate button[type=submit]").await;
    browser.until_new_page().await;
    assert!(browser
        .text("div.said")
        .await
        .contains("Both estimates are in"));

    let mut got = Vec::new();
    for (ply, text) in turns.iter().enumerate() {
        if ply % 2 == 0 {
            let before = f.platform.delivered.lock().unwrap().len();
            let shots = (ply == 0).then_some("web-builder");
            browser.play_by_clicks(text, shots).await;
            assert_eq!(f.row().await.game.turns() as usize, ply + 1, "{text}");
            let began = Instant::now();
            let posted = loop {
                let delivered = f.platform.delivered.lock().unwrap().clone();
                let mine: Vec<Reply> = delivered[before..]
                    .iter()
                    .filter(|(target, _)| *target == crate::core::Target::Channel { channel: 20 })
                    .map(|(_, r)| r.clone())
                    .collect();
                if !mine.is_empty() {
                    break mine;
                }
                assert!(
                    began.elapsed() < Duration::from_secs(10),
                    "{text}: not posted"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            };
            got.push(announced(&posted));
        } else {
            let said = f.say(&bob(), HERE, typed(text)).await;
            got.push(announced(&said));
            browser
                .until_attr(
                    "#play",
                    "data-played",
                    &(ply + 1).to_string(),
                    Duration::from_secs(10),
                )
                .await;
            b.execute("window.__old = true", vec![]).await.unwrap();
        }
        assert_eq!(got[ply], expected[ply], "turn {}: {text}", ply + 1);
    }
    let mut record = engine::Game::new(Ruleset::Kurnia.into());
    for text in &turns {
        record.play_text(text).unwrap();
    }
    let row = f.row().await;
    assert_eq!(
        row.game.csipgs().unwrap().position().to_string(),
        record.position().to_string()
    );
    assert_eq!(
        all_typed
            .row()
            .await
            .game
            .csipgs()
            .unwrap()
            .position()
            .to_string(),
        record.position().to_string()
    );
    let console = browser.console().await;
    assert!(console.is_empty(), "{console:?}");
    stop.send(true).unwrap();
    scheduler.await.unwrap();
}
