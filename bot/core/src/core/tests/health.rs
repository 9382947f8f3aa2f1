//! What the health check and the metrics read from the database, on both databases.

use super::*;
use crate::family::Family;
use crate::shards::Shards;

async fn the_health_counts_follow_the_games(backend: Backend) {
    let f = fixture(backend).await;
    let store = f.core.store();
    store.ping().await.unwrap();
    assert_eq!(
        store.games_in_progress(&Shards::ALL).await.unwrap(),
        [(Family::Csipgs, 0), (Family::Fide, 0)]
    );
    f.start(Ruleset::Classic, Options::default()).await;
    assert_eq!(
        store.games_in_progress(&Shards::ALL).await.unwrap(),
        [(Family::Csipgs, 1), (Family::Fide, 0)]
    );
    // Answers Discord never took are owed, the oldest first.
    let delivered = store.backlog(&Shards::ALL).await.unwrap();
    let replies = f.raw(&alice(), HERE, mv("Kd2")).await;
    for reply in &replies {
        f.core.undelivered(reply).await;
    }
    let backlog = store.backlog(&Shards::ALL).await.unwrap();
    assert!(
        backlog.owed > delivered.owed,
        "{backlog:?} after {delivered:?}"
    );
    assert!(backlog.oldest.is_some(), "{backlog:?}");
    // Another process's shard counts none of them.
    let other = Shards::new(1, 1, 2).unwrap();
    let elsewhere = store.games_in_progress(&other).await.unwrap();
    let here = store
        .games_in_progress(&Shards::new(0, 0, 2).unwrap())
        .await
        .unwrap();
    assert_eq!(
        elsewhere[0].1 + here[0].1,
        1,
        "a game is counted by exactly one of two shards"
    );
    let pool = store.pool_use();
    assert!(
        pool.size >= 1 && pool.idle <= pool.size as usize,
        "{pool:?}"
    );
}

on_both!(the_health_counts_follow_the_games);
