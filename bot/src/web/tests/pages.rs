//! The tournament, server, player and price pages over HTTP: standings say when they stand,
//! the TRF file's link comes live with round 1, the server page tells games apart, lists
//! the last finished ones and links each leaderboard name to the member's page, which shows
//! their profile (and is no one's for a bad, unknown or forgotten id), and a bad ruleset is
//! refused, never priced as classic.

use super::site::{owner, web, web_fixture, Events, Site, PUBLIC};
use crate::core::testing::*;
use crate::core::*;
use crate::store::{LinkKind, TournamentFormat};
use crate::web::WebLimits;

/// The path of the server page whose link the answer to web:true gives.
fn server_link(text: &str) -> String {
    let link = text
        .split_whitespace()
        .find(|w| w.starts_with(&format!("{PUBLIC}/s/")))
        .unwrap_or_else(|| panic!("no server link in {text}"));
    link.trim_start_matches(PUBLIC).to_string()
}

/// A PNG's width and height, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
    let at = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    (at(16), at(20))
}

/// The `width` and `height` attributes of the `<img>` whose `src` starts with `src`.
fn img_size(page: &str, src: &str) -> (u32, u32) {
    let start = page
        .find(&format!("src=\"{src}"))
        .unwrap_or_else(|| panic!("no <img src=\"{src}…\"> in {page}"));
    let tag = &page[start..start + page[start..].find('>').unwrap()];
    let attribute = |name: &str| -> u32 {
        let after = tag
            .split(&format!(" {name}=\""))
            .nth(1)
            .unwrap_or_else(|| panic!("no {name} in {tag}"));
        after.split('"').next().unwrap().parse().unwrap()
    };
    (attribute("width"), attribute("height"))
}

/// A rated game in HERE between `white` and `black` that `loser` resigns; its id.
async fn resigned(f: &Fixture, white: &Who, black: &Who, loser: &Who) -> i64 {
    f.start_between(HERE, white, black, true).await;
    let game = f.row().await.id;
    let ask = f.say(loser, HERE, Request::Resign).await;
    let done = f.say(loser, HERE, press(&ask[0].buttons[0].id)).await;
    assert!(
        done[0].text.shown().contains("resigns"),
        "{}",
        done[0].text.shown()
    );
    game
}

/// A game's page as a link on another page.
async fn game_href(f: &Fixture, game: i64) -> String {
    let token = f
        .core
        .store()
        .web_token(LinkKind::Game, game, 10)
        .await
        .unwrap();
    format!("href=\"/g/{token}\"")
}

/// The legend under a table explains `header` in `words`.
fn explains(page: &str, header: &str, words: &str) {
    let at = page
        .find(&format!("<dt>{header}</dt><dd>"))
        .unwrap_or_else(|| panic!("{header}: {page}"));
    assert!(page[at..].contains(words), "{header}: {page}");
    assert!(page.find("</table>").unwrap() < at, "below the table");
}

/// The tournament's page (made while it shows its pages).
async fn tournament_page(f: &Fixture, id: i64) -> String {
    let token = f
        .core
        .store()
        .web_token(LinkKind::Tournament, id, 10)
        .await
        .unwrap();
    page_path(LinkKind::Tournament, token)
}

/// The standings say after which round they stand: none while round 1 is being played,
/// however many of its results are in, and round 1 once all are.
async fn standings_stand_after_the_last_round_with_every_result(backend: Backend) {
    let f = web_fixture(backend.store().await, threads()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.one(&owner(), web(true)).await;
    let id = f
        .create(spec("Timing Cup", TournamentFormat::RoundRobin))
        .await;
    let members = [alice(), bob(), carol(), dave()];
    f.join_all(&members).await;
    f.begin().await;
    let link = tournament_page(&f, id).await;
    let standings = |page: &str| {
        let caption = page
            .split("<caption>")
            .nth(1)
            .and_then(|c| c.split("</caption>").next())
            .unwrap_or_else(|| panic!("no standings in {page}"))
            .to_string();
        assert!(caption.starts_with("Timing Cup: Standings"), "{caption}");
        caption
    };
    let (status, _, page) = site.get(&link).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(standings(&page), "Timing Cup: Standings before any result");
    // Each column is explained under the table: the points and every tie-break shown.
    for (header, words) in [
        ("Pts", "1 for a win"),
        ("SB", "Sonneborn-Berger"),
        ("DE", "Direct Encounter"),
        ("WIN", "Number of Wins"),
    ] {
        explains(&page, header, words);
    }

    let loser = |board: u16| {
        let f = &f;
        async move {
            let state = f.state(id).await;
            let b = state
                .boards
                .iter()
                .find(|b| b.round == 1 && b.board == board)
                .unwrap();
            End::Loses(b.black)
        }
    };
    f.end_game(id, 1, 1, loser(1).await, &members).await;
    let (_, _, page) = site.get(&link).await;
    assert_eq!(standings(&page), "Timing Cup: Standings with 1 result in");
    assert!(!page.contains("after round"), "{page}");
    f.end_game(id, 1, 2, loser(2).await, &members).await;
    let (_, _, page) = site.get(&link).await;
    assert_eq!(standings(&page), "Timing Cup: Standings after round 1");
    // The next rounds paired (a round robin pairs on at once) and unplayed: still after
    // round 1.
    f.tick().await;
    assert!(f.state(id).await.row.round >= 2);
    let (_, _, page) = site.get(&link).await;
    assert_eq!(standings(&page), "Timing Cup: Standings after round 1");
}

/// A page opened during sign-ups has no TRF link; the live update that brings round 1 brings
/// the link too, once, and it downloads the file.
async fn the_trf_link_comes_live_with_round_1(backend: Backend) {
    let f = web_fixture(backend.store().await, threads()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    f.one(&owner(), web(true)).await;
    let id = f
        .create(spec("Live Cup", TournamentFormat::RoundRobin))
        .await;
    f.join_all(&[alice(), bob(), carol(), dave()]).await;
    let link = tournament_page(&f, id).await;
    let (status, _, page) = site.get(&link).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Signed up"), "{page}");
    assert!(!page.contains("/trf"), "{page}");
    let mut events = Events::open(&site, &format!("{link}/events")).await;
    let (_, now) = events.next().await.unwrap();
    assert!(!now.contains("/trf"), "{now}");

    f.begin().await;
    let update = loop {
        let (name, data) = events.next().await.expect("an update with round 1");
        assert_eq!(name, "update");
        if data.contains("Round 1") {
            break data;
        }
    };
    let trf = format!("href=\"{link}/trf\"");
    assert_eq!(update.matches(&trf).count(), 1, "{update}");
    let (status, _, page) = site.get(&link).await;
    assert_eq!(page.matches(&trf).count(), 1, "{page}");
    assert_eq!(status, 200);
    let (status, _, file) = site.get(&format!("{link}/trf")).await;
    assert_eq!(status, 200, "{file}");
    assert!(file.contains("Live Cup"), "{file}");
}

/// The server page: games in progress and the last finished ones (newest first, with their
/// results), each told from another between the same players by its number, linked to its
/// page; one heading per leaderboard, its names linked to the members' pages, and a legend
/// for its marks and columns.
async fn the_server_page_tells_games_apart(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    let server = server_link(&f.one(&owner(), web(true)).await.text.shown());
    let first = resigned(&f, &alice(), &bob(), &bob()).await;
    f.start_between(ELSEWHERE, &alice(), &bob(), true).await;
    let third = resigned(&f, &alice(), &bob(), &alice()).await;
    let playing = f
        .core
        .store()
        .active_games(10)
        .await
        .unwrap()
        .remove(0)
        .0
        .id;

    let (status, _, page) = site.get(&server).await;
    assert_eq!(status, 200, "{page}");
    let section = |title: &str| {
        let from = page
            .find(&format!("<h2>{title}</h2>"))
            .unwrap_or_else(|| panic!("{title}: {page}"));
        let rest = &page[from + 4..];
        rest[..rest.find("<h2>").unwrap_or(rest.len())].to_string()
    };
    let in_progress = section("Games in progress");
    assert!(
        in_progress.contains(&format!("game #{playing}")),
        "{in_progress}"
    );
    assert!(in_progress.contains("White to move"), "{in_progress}");
    let finished = section("Finished games");
    let (newest, oldest) = (
        finished.find(&format!("game #{third}")),
        finished.find(&format!("game #{first}")),
    );
    assert!(newest.unwrap() < oldest.unwrap(), "{finished}");
    assert!(
        finished.contains("0-1, Black wins by resignation"),
        "{finished}"
    );
    assert!(
        finished.contains("1-0, White wins by resignation"),
        "{finished}"
    );
    for game in [first, third, playing] {
        assert!(page.contains(&game_href(&f, game).await), "{page}");
    }

    assert_eq!(page.matches("Leaderboard").count(), 1, "{page}");
    assert!(!page.contains("<caption>"), "{page}");
    let path = &server;
    for who in [alice(), bob()] {
        let named = format!("<a href=\"{path}/p/{}\">{}</a>", who.id, who.name);
        assert!(page.contains(&named), "{named}: {page}");
    }
    explains(&page, "?", "provisional");
    explains(&page, "RD", "how sure the rating is");
    // A phone leaves out the games count: its column is marked for wide screens.
    assert!(page.contains("class=\"num wide\">Games</th>"), "{page}");
}

/// The server page is titled with the server's name as Discord last gave it, escaped, and
/// with "this server" until Discord has given one (or gave only spaces).
async fn the_server_page_names_the_server(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    let server = server_link(&f.one(&owner(), web(true)).await.text.shown());
    let titled = |page: &str, title: &str, heading: &str| {
        assert!(
            page.contains(&format!("<title>{title} · csipgs</title>")),
            "{title}: {page}"
        );
        assert!(
            page.contains(&format!("<h1>{heading}</h1>")),
            "{heading}: {page}"
        );
    };
    let (_, _, page) = site.get(&server).await;
    titled(&page, "This server", "csipgs on this server");

    let store = f.core.store();
    store.guild_present(10, "<b>Chess & Co</b>").await.unwrap();
    let (_, _, page) = site.get(&server).await;
    let escaped = "&lt;b&gt;Chess &amp; Co&lt;/b&gt;";
    titled(&page, escaped, &format!("csipgs on <bdi>{escaped}</bdi>"));

    store.guild_named(10, "Knights").await.unwrap();
    let (_, _, page) = site.get(&server).await;
    titled(&page, "Knights", "csipgs on <bdi>Knights</bdi>");
    store.guild_named(10, "   ").await.unwrap();
    let (_, _, page) = site.get(&server).await;
    titled(&page, "This server", "csipgs on this server");
    // Discord's longest name is 100 characters: a longer one is kept to them.
    store.guild_named(10, &"é".repeat(150)).await.unwrap();
    assert_eq!(store.guild_name(10).await.unwrap(), Some("é".repeat(100)));
}

/// A member's page shows their profile: each rating with its RD, the chart (its picture the
/// size its tag says), the last games linked; a bad, unknown or forgotten id is no one's.
async fn a_member_page_shows_the_profile(backend: Backend) {
    let f = web_fixture(backend.store().await, Recorder::default()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    let server = server_link(&f.one(&owner(), web(true)).await.text.shown());
    let game = resigned(&f, &zed(), &bob(), &bob()).await;
    let path = server.clone();
    let zeds = format!("{path}/p/{ZED}");

    let (status, _, page) = site.get(&zeds).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("<h1>Zanzibar</h1>"), "{page}");
    let rating = f.csipgs_rating(ZED).await.unwrap();
    assert!(page.contains(&format!(">{}<", rating.rating)), "{page}");
    let deviation = format!(">{:.0}<", rating.rating.deviation());
    assert!(page.contains(&deviation), "{page}");
    explains(&page, "RD", "how sure the rating is");
    assert!(page.contains("White vs bob"), "{page}");
    assert!(page.contains(&format!("game #{game}")), "{page}");
    assert!(page.contains(&game_href(&f, game).await), "{page}");

    let chart = format!("{zeds}/chart.png?family=csipgs");
    let shown = img_size(&page, &chart);
    let (status, kind, png) = site.bytes(&chart).await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    assert_eq!(png_size(&png), shown);
    assert_eq!(shown, CHART_SIZE);

    let (status, _, why) = site.get(&format!("{zeds}/chart.png?family=go")).await;
    assert_eq!(status, 400);
    assert!(why.contains("no game called"), "{why}");
    for missing in [
        format!("{zeds}/chart.png?family=fide"),
        format!("{path}/p/abc"),
        format!("{path}/p/+{ZED}"),
        format!("{path}/p/0{ZED}"),
        format!("{path}/p/{ZED}0"),
        format!("{path}/p/99999999999999999999999"),
        format!("{path}/p/"),
        format!("{path}/p/77"),
        format!("/s/0123456789abcdef0123456789abcdef/p/{ZED}"),
    ] {
        let (status, _, page) = site.get(&missing).await;
        assert_eq!(status, 404, "{missing}");
        assert!(
            missing.contains("chart") || page.contains("Not found"),
            "{missing}: {page}"
        );
    }

    f.core.forget(ZED).await.unwrap();
    let anonymous = f
        .core
        .store()
        .game_with_channel(game)
        .await
        .unwrap()
        .unwrap()
        .0
        .players[0]
        .id;
    for gone in [
        zeds.clone(),
        format!("{zeds}/chart.png"),
        format!("{path}/p/{anonymous}"),
    ] {
        let (status, _, page) = site.get(&gone).await;
        assert_eq!(status, 404, "{gone}");
        assert!(!page.contains("Zanzibar"), "{gone}: {page}");
    }
    let (status, _, page) = site.get(&format!("{path}/p/{}", bob().id)).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("deleted member #1"), "{page}");
    assert!(!page.contains("Zanzibar"), "{page}");

    f.one(&owner(), web(false)).await;
    let (status, _, _) = site.get(&format!("{path}/p/{}", bob().id)).await;
    assert_eq!(status, 404, "closed with the server's pages");
}

/// A ruleset that is none of them is refused with a 400 naming it and the choices, from the
/// form and at a design's address, and nothing is priced.
#[tokio::test]
async fn a_bad_ruleset_is_refused() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    for bad in [
        "/price?ruleset=nonsense",
        "/price?design=WD&ruleset=nonsense",
        "/price/WD?ruleset=nonsense",
    ] {
        let (status, _, page) = site.get(bad).await;
        assert_eq!(status, 400, "{bad}: {page}");
        assert!(page.contains("nonsense"), "{bad}: {page}");
        for choice in engine::Ruleset::ALL {
            assert!(page.contains(choice.name()), "{bad}: {page}");
        }
        assert!(!page.contains("costs"), "{bad}: {page}");
        assert!(!page.contains("/diagram"), "{bad}: {page}");
    }
}

/// The price page's breakdown is a table on a phone (the aligned text on a wide screen), and
/// its diagram's tag says the picture's size.
#[tokio::test]
async fn the_price_page_fits_a_phone() {
    let f = fixture_with(crate::store::Store::memory().await.unwrap()).await;
    let site = Site::start(&f, WebLimits::default()).await;
    let (status, _, page) = site.get("/price/WbRbmHfB?ruleset=kurnia").await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("<pre class=\"wide\""), "{page}");
    assert!(
        page.contains("<div class=\"narrow\"><p>WbRbmHfB costs"),
        "{page}"
    );
    assert_eq!(
        page.matches("WbRbmHfB costs").count(),
        2,
        "text and table: {page}"
    );
    assert!(page.contains("<table class=\"breakdown\">"), "{page}");
    assert!(
        page.contains("<th scope=\"col\">multipliers</th>"),
        "{page}"
    );
    let diagram = "/price/WbRbmHfB/diagram?ruleset=kurnia";
    let shown = img_size(&page, diagram);
    let (status, _, png) = site.bytes(diagram).await;
    assert_eq!(status, 200);
    assert_eq!(png_size(&png), shown);
}

on_both!(
    standings_stand_after_the_last_round_with_every_result,
    the_trf_link_comes_live_with_round_1,
    the_server_page_tells_games_apart,
    the_server_page_names_the_server,
    a_member_page_shows_the_profile,
);
