//! A seated player's board on the web: only the players see it, only the one to move gets
//! the legal turns as clicks (in a fog game, those offered on the board as its player knows
//! it), and a turn sent from it is `/move` in the game's channel: played, announced at once,
//! or refused as there, changing nothing.

use super::*;
use crate::store::{GuildSettings, Link, LinkKind};

/// The link of the fixture's game, its server showing its pages.
async fn game_link(f: &Fixture) -> Link {
    let store = f.core.store();
    let settings = GuildSettings {
        web: true,
        ..GuildSettings::default()
    };
    store.set_guild_settings(10, &settings).await.unwrap();
    let row = f.row().await;
    let token = store.web_token(LinkKind::Game, row.id, 10).await.unwrap();
    store.open_link(token).await.unwrap().unwrap()
}

fn turn(text: &str) -> Request {
    Request::Turn { text: text.into() }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.shown())
        .collect::<Vec<_>>()
        .join(" | ")
}

async fn only_the_player_to_move_gets_clicks(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let link = game_link(&f).await;
    let white = f.core.play_page(link, alice().id).await.unwrap();
    assert_eq!(white.seat, Color::White);
    assert!(white.yours);
    assert!(
        white.clicks.iter().any(|c| c.text == "Kd2"),
        "{:?}",
        white.clicks
    );
    assert!(white.drawable && white.abortable);
    let black = f.core.play_page(link, bob().id).await.unwrap();
    assert_eq!((black.seat, black.yours), (Color::Black, false));
    assert!(black.clicks.is_empty());
    let outsider = f.core.play_page(link, carol().id).await.unwrap_err();
    assert!(
        matches!(outsider, CoreError::NotAPlayer { .. }),
        "{outsider}"
    );
    assert!(f.core.play_board(link, carol().id).await.is_err());
    let png = f.core.play_board(link, bob().id).await.unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

async fn a_turn_from_the_page_is_move_in_the_channel(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let link = game_link(&f).await;
    // Not hers to play: refused as in Discord, nothing changed.
    let refused = f
        .core
        .play_request(link, &bob(), turn("Kd7"))
        .await
        .unwrap();
    assert!(refused.iter().all(|r| r.ephemeral), "{}", text(&refused));
    assert!(
        text(&refused).contains("White's turn"),
        "{}",
        text(&refused)
    );
    assert_eq!(f.row().await.game.turns(), 0);
    let refused = f
        .core
        .play_request(link, &carol(), turn("Kd2"))
        .await
        .unwrap_err();
    assert!(matches!(refused, CoreError::NotAPlayer { .. }), "{refused}");

    let played = f
        .core
        .play_request(link, &alice(), turn("Kd2"))
        .await
        .unwrap();
    let public: Vec<&Reply> = played.iter().filter(|r| !r.ephemeral).collect();
    assert!(!public.is_empty(), "{}", text(&played));
    assert!(public[0].text.shown().contains("Kd2"), "{}", text(&played));
    assert_eq!(f.row().await.game.turns(), 1);
    // Nobody answers for the page in Discord: the request delivered the announcement to the
    // game's channel itself, and nothing is left owed (so nothing is posted twice).
    let posted = f.posted(20, "Kd2");
    assert_eq!(posted.len(), 1, "{posted:?}");
    assert_eq!(posted[0].text, public[0].text);
    let rows = f.every_row().await;
    let owed: Vec<_> = rows.iter().filter(|(t, _)| t == "outbox").collect();
    assert!(owed.is_empty(), "{owed:?}");
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    assert_eq!(
        f.posted(20, "Kd2").len(),
        1,
        "the scheduler posts it no more"
    );
    let next = f.core.play_page(link, bob().id).await.unwrap();
    assert!(next.yours && next.abortable);
    f.core
        .play_request(link, &bob(), turn("Ke7"))
        .await
        .unwrap();
    let later = f.core.play_page(link, alice().id).await.unwrap();
    assert!(!later.abortable, "both have moved: too late to abort");
}

/// The page offers only what the game's rules allow: no draw offer under kurnia's rules.
async fn a_page_offers_no_draw_where_the_rules_have_none(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Kurnia, Options::default()).await;
    let link = game_link(&f).await;
    let page = f.core.play_page(link, alice().id).await.unwrap();
    assert!(!page.drawable && page.abortable);
}

/// A fog player's clicks are the turns they may be offered on the board as they know it:
/// at the start, their king's five moves, and nothing of the hidden king.
async fn a_fog_player_clicks_on_their_own_view(backend: Backend) {
    let f = fixture(backend).await;
    let fog = Options {
        fog: true,
        ..Options::default()
    };
    let challenge = f.challenge(Ruleset::Classic, fog).await;
    f.say(&bob(), HERE, press(&challenge.buttons[0].id)).await;
    let link = game_link(&f).await;
    let white = f.core.play_page(link, alice().id).await.unwrap();
    assert!(white.yours);
    let mut moves: Vec<&str> = white.clicks.iter().map(|c| c.text.as_str()).collect();
    moves.sort_unstable();
    assert_eq!(moves, ["Kd1", "Kd2", "Ke2", "Kf1", "Kf2"]);
    assert!(white.page.secret);
    let png = f.core.play_board(link, alice().id).await.unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

/// The "Play in the browser" links among `replies`, each checked to be private.
fn offered(replies: &[Reply]) -> Vec<String> {
    let mut links = Vec::new();
    for reply in replies {
        for button in reply
            .buttons
            .iter()
            .filter(|b| b.label == "Play in the browser")
        {
            assert!(reply.ephemeral, "a sign-in link posted in public");
            links.extend(button.link.clone());
        }
    }
    links
}

/// /game offers each player, privately, a one-time link to play in the browser, when the
/// bot lets members sign in to its pages and the server shows them; nobody else gets one,
/// and no public message carries one.
async fn game_offers_a_player_a_private_link(backend: Backend) {
    let off = fixture(backend).await;
    off.start(Ruleset::Classic, Options::default()).await;
    game_link(&off).await;
    let asked = off.say(&alice(), HERE, Request::Game).await;
    assert!(offered(&asked).is_empty(), "off unless sign-in is on");

    let mut f = fixture(backend).await;
    f.set_public_url("https://csipgs.example".parse().unwrap());
    f.core_mut().web_play = true;
    f.start(Ruleset::Classic, Options::default()).await;
    let link = game_link(&f).await;
    let mine = offered(&f.say(&alice(), HERE, Request::Game).await);
    assert_eq!(mine.len(), 1);
    assert!(
        mine[0].starts_with("https://csipgs.example/in/"),
        "{}",
        mine[0]
    );
    let theirs = offered(&f.say(&carol(), HERE, Request::Game).await);
    assert!(theirs.is_empty(), "not a player");
    // The link signs Alice in, once, and opens her board.
    let token = mine[0].rsplit('/').next().unwrap().parse().unwrap();
    let now = f.now.load(Ordering::SeqCst);
    let taken = f.core.store().take_signin_link(token, now).await.unwrap();
    let (member, name, game) = taken.unwrap();
    assert_eq!(
        (member, name.as_str(), game),
        (alice().id, "alice", link.object)
    );
    let path = f.core.play_path(game).await.unwrap().unwrap();
    assert!(path.starts_with("/g/") && path.ends_with("/play"), "{path}");
}

on_both!(
    game_offers_a_player_a_private_link,
    only_the_player_to_move_gets_clicks,
    a_turn_from_the_page_is_move_in_the_channel,
    a_fog_player_clicks_on_their_own_view,
    a_page_offers_no_draw_where_the_rules_have_none,
);
