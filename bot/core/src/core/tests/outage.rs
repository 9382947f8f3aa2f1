//! The database going away under the core: a full disk.

use super::*;

/// The disk fills up (SQLite's page limit reached) in the middle of a game: the turn that
/// doesn't fit is refused with a message that says so and leaves nothing behind (the game
/// and its stored turns as before it); once there is room, the same turn is played.
#[tokio::test]
async fn a_full_disk_refuses_a_turn_whole() {
    let store = Store::memory().await.unwrap();
    let f = fixture_with(store.clone()).await;
    f.start(Ruleset::Classic, Options::default()).await;
    store.cap_pages(Some(2)).await;
    let shuffle = ["Kd2", "Kd7", "Kd1", "Kd8"];
    let mover = |ply: usize| {
        if ply.is_multiple_of(2) {
            alice()
        } else {
            bob()
        }
    };
    let mut played = 0;
    let refused = loop {
        assert!(played < 10_000, "the database never filled up");
        let turn = Request::Turn {
            text: shuffle[played % 4].into(),
        };
        let replies = f.say(&mover(played), HERE, turn).await;
        if replies[0].ephemeral {
            break replies[0].text.shown();
        }
        played += 1;
    };
    assert!(
        refused.contains("database is full, so nothing changed: try again later"),
        "{refused}"
    );
    let row = f.row().await;
    assert_eq!(row.game.turns(), played);
    assert_eq!(store.turns_stored(row.id).await, played as i64);
    store.cap_pages(None).await;
    f.play(&mover(played), shuffle[played % 4]).await;
    assert_eq!(f.row().await.game.turns(), played + 1);
}
