//! A seated player's board on the web: only the players see it, only the one to move gets
//! the legal turns as clicks (none in a fog game), and a turn sent from it is `/move` in the
//! game's channel: played, announced at once, or refused as there, changing nothing.

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
    let refused = f.core.play_turn(link, &bob(), "Kd7".into()).await.unwrap();
    assert!(refused.iter().all(|r| r.ephemeral), "{}", text(&refused));
    assert!(
        text(&refused).contains("White's turn"),
        "{}",
        text(&refused)
    );
    assert_eq!(f.row().await.game.turns(), 0);
    let refused = f
        .core
        .play_turn(link, &carol(), "Kd2".into())
        .await
        .unwrap_err();
    assert!(matches!(refused, CoreError::NotAPlayer { .. }), "{refused}");

    let played = f
        .core
        .play_turn(link, &alice(), "Kd2".into())
        .await
        .unwrap();
    let public: Vec<&Reply> = played.iter().filter(|r| !r.ephemeral).collect();
    assert!(!public.is_empty(), "{}", text(&played));
    assert!(public[0].text.shown().contains("Kd2"), "{}", text(&played));
    assert_eq!(f.row().await.game.turns(), 1);
    // Nobody answers for the page in Discord: the announcement is due now, not after the
    // grace an interaction's answer has.
    let now = f.now.load(Ordering::SeqCst);
    let rows = f.every_row().await;
    let owed: Vec<_> = rows.iter().filter(|(t, _)| t == "outbox").collect();
    assert!(!owed.is_empty());
    for (_, row) in owed {
        assert!(row["due_at"].as_i64().unwrap() <= now, "{row}");
    }
    let next = f.core.play_page(link, bob().id).await.unwrap();
    assert!(next.yours);
}

async fn a_fog_player_gets_no_clicks(backend: Backend) {
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
    assert!(white.clicks.is_empty());
    assert!(white.page.secret);
    let png = f.core.play_board(link, alice().id).await.unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

on_both!(
    only_the_player_to_move_gets_clicks,
    a_turn_from_the_page_is_move_in_the_channel,
    a_fog_player_gets_no_clicks,
);
