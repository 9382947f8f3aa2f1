//! /privacy: export, forget (the member, their games in progress, every table scanned after),
//! retention as told, and backups under writes, on both databases. What upkeep deletes is
//! tested with upkeep, and what a forget redraws on the web pages with those.

use super::*;
use crate::store::{Forgotten, TournamentFormat};
use serde_json::Value;

const THIRD: Place = Place::Channel(Channel {
    guild: 10,
    channel: 22,
});

/// Whether a stored row names the member: their id in a number column, or their id or
/// name anywhere in a text column.
fn names(row: &Value, id: u64, name: &str) -> bool {
    row.as_object().unwrap().values().any(|v| match v {
        Value::Number(n) => n.as_i64() == Some(id as i64),
        Value::String(text) => text.contains(&id.to_string()) || text.contains(name),
        _ => false,
    })
}

/// The same row, whatever the last bit of a real number read back from JSON (serde_json's
/// fast float parsing may differ by one unit in the last place).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same(v, w)))
        }
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 1e-9 * x.abs().max(1.0)
        }
        _ => a == b,
    }
}

async fn forget_leaves_no_trace_and_keeps_others_whole(backend: Backend) {
    // Threads for the tournament; the games stay in their channels.
    let platform = Recorder {
        threads: true,
        ..Recorder::default()
    };
    let f = fixture_on(backend.store().await, platform).await;
    let manager = Who {
        manager: true,
        ..member(5, "manager")
    };
    let no_threads = SettingsChange {
        threads: Some(false),
        ..SettingsChange::default()
    };
    f.say(&manager, HERE, Request::Settings(no_threads)).await;
    // A rated game Zed loses to Bob; a game in progress with Carol elsewhere; an open
    // challenge; a DM setting; a tournament Zed made and joined.
    f.start_between(HERE, &zed(), &bob(), true).await;
    let resign = f.say(&zed(), HERE, Request::Resign).await;
    f.say(&zed(), HERE, press(&resign[0].buttons[0].id)).await;
    f.start_between(ELSEWHERE, &carol(), &zed(), false).await;
    f.say(
        &zed(),
        THIRD,
        Request::Challenge(ChallengeRequest {
            opponent: Some(alice().player()),
            ..ChallengeRequest::default()
        }),
    )
    .await;
    f.say(&zed(), Place::Direct, Request::Notify { on: Some(true) })
        .await;
    let created = f
        .say(
            &zed(),
            THIRD,
            Request::Tournament(TournamentRequest::Create(TournamentSpec {
                name: "Winter Cup".into(),
                format: Some(TournamentFormat::Swiss),
                ..TournamentSpec::default()
            })),
        )
        .await;
    assert!(!created[0].ephemeral, "{}", created[0].text.shown());
    f.say(
        &zed(),
        THIRD,
        Request::Tournament(TournamentRequest::Join { tournament: None }),
    )
    .await;
    let bob_before = f.csipgs_rating(2).await.expect("Bob is rated");
    // What is owed to channels is delivered: the rows left are what is kept.
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();

    // The export holds every row that names Zed.
    let export = f
        .say(
            &zed(),
            Place::Direct,
            Request::Privacy(PrivacyRequest::Export),
        )
        .await;
    assert!(export[0].ephemeral);
    assert!(
        export[0].text.shown().contains("games 2"),
        "{}",
        export[0].text.shown()
    );
    let file: Value = serde_json::from_slice(&export[0].files[0].bytes).unwrap();
    let exported = &file["tables"];
    let naming: Vec<(String, Value)> = f
        .every_row()
        .await
        .into_iter()
        .filter(|(_, row)| names(row, ZED, "Zanzibar"))
        .collect();
    assert!(naming.len() >= 8, "{naming:?}");
    for (table, row) in &naming {
        let rows = exported[table]
            .as_array()
            .unwrap_or_else(|| panic!("the export has no {table}, but this row names Zed: {row}"));
        assert!(
            rows.iter().any(|r| same(r, row)),
            "{table} {row} is not exported"
        );
    }

    // Asking shows a confirmation only Zed can answer.
    let ask = f
        .say(
            &zed(),
            Place::Direct,
            Request::Privacy(PrivacyRequest::Forget),
        )
        .await;
    assert_eq!(ask[0].buttons.len(), 2);
    let refused = f
        .refused(&bob(), Place::Direct, press(&ask[0].buttons[0].id))
        .await;
    assert!(refused.contains("/privacy forget"), "{refused}");
    let kept = f
        .say(&zed(), Place::Direct, press(&ask[0].buttons[1].id))
        .await;
    assert_eq!(kept[0].text.shown(), "Nothing was deleted.");
    assert!(!f
        .every_row()
        .await
        .iter()
        .all(|(_, r)| !names(r, ZED, "Zanzibar")));

    let done = f
        .say(&zed(), Place::Direct, press(&ask[0].buttons[0].id))
        .await;
    assert!(
        done[0].text.shown().contains("deleted member #1"),
        "{}",
        done[0].text.shown()
    );
    // Delivered as the scheduler would: the resignation's announcement.
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    for (table, row) in f.every_row().await {
        assert!(
            !names(&row, ZED, "Zanzibar"),
            "{table} still names Zed: {row}"
        );
    }

    // Carol's game ended, resigned and unrated; her rating did not move.
    let carols = f
        .core
        .store()
        .latest_game(Core::channel(ELSEWHERE).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(carols.status, Status::Finished);
    assert!(!carols.rated);
    assert_eq!(carols.player(Color::Black).name, "deleted member #1");
    assert!(f.csipgs_rating(3).await.is_none());
    {
        let delivered = f.platform.delivered.lock().unwrap();
        let told = delivered
            .iter()
            .any(|(_, r)| r.text.shown().contains("deleted member #1 left csipgs"));
        assert!(told, "{delivered:?}");
    }
    // Bob keeps his rating, his result and the game's record.
    let bob_after = f.csipgs_rating(2).await.unwrap();
    assert_eq!(bob_after.rating, bob_before.rating);
    assert_eq!(bob_after.wins, 1);
    let history = f.say(&bob(), HERE, Request::History).await;
    assert!(!history[0].ephemeral, "{}", history[0].text.shown());
    assert!(
        history[0].text.shown().contains("deleted member #1"),
        "{}",
        history[0].text.shown()
    );
    // Zed's own data is gone: nothing to export, no rating.
    let export = f
        .say(
            &zed(),
            Place::Direct,
            Request::Privacy(PrivacyRequest::Export),
        )
        .await;
    assert_eq!(export[0].text.shown(), "The bot keeps nothing about you.");
    // A second member forgotten gets the next label.
    let Forgotten { label, .. } = f.core.forget(1).await.unwrap();
    assert_eq!(label, "deleted member #2");
}

async fn privacy_says_what_is_kept_and_for_how_long(backend: Backend) {
    let mut f = fixture(backend).await;
    f.core_mut().retention.held_messages = "2w".parse().unwrap();
    let shown = f
        .say(
            &zed(),
            Place::Direct,
            Request::Privacy(PrivacyRequest::Show),
        )
        .await;
    assert!(shown[0].ephemeral);
    for said in ["2 weeks", "30 days", "/privacy export", "/privacy forget"] {
        assert!(
            shown[0].text.shown().contains(said),
            "{said}: {}",
            shown[0].text.shown()
        );
    }
}

/// Zed's export while a fog game against Bob (whose DMs are closed) is played: none of the
/// hidden board (the game's state, his turns' positions), but Bob's held messages that
/// mention Zed, without Bob's boards; once the game ends, the whole game.
async fn an_export_holds_only_what_its_member_may_see(backend: Backend) {
    let platform = Recorder {
        no_dms: vec![2],
        ..Recorder::default()
    };
    let f = fixture_on(backend.store().await, platform).await;
    let challenge = f
        .say(
            &zed(),
            HERE,
            Request::Challenge(ChallengeRequest {
                game: GameSpec {
                    options: options(&[("fog", Some(true))]),
                    ..GameSpec::default()
                },
                opponent: Some(bob().player()),
                colour: Some(ColourChoice::White),
                ..ChallengeRequest::default()
            }),
        )
        .await;
    f.say(&bob(), HERE, press(&challenge[0].buttons[0].id))
        .await;
    let played = f.say(&zed(), HERE, mv("Kd2")).await;
    assert!(!played[0].ephemeral, "{}", played[0].text.shown());
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let export = || async {
        let reply = f
            .say(
                &zed(),
                Place::Direct,
                Request::Privacy(PrivacyRequest::Export),
            )
            .await;
        serde_json::from_slice::<Value>(&reply[0].files[0].bytes).unwrap()
    };
    let file = export().await;
    let tables = &file["tables"];
    assert!(tables["games"][0]["state"].is_null(), "{file:#}");
    let turns = tables["turns"].as_array().expect("Zed's turn");
    assert!(turns.iter().all(|t| t["position"].is_null()), "{file:#}");
    assert!(
        file["withheld"].as_str().unwrap().contains("fog"),
        "{file:#}"
    );
    // No stored position shows up anywhere in the file.
    let text = file.to_string();
    for (table, row) in f.every_row().await {
        let hidden = match table.as_str() {
            "games" => &row["state"],
            "turns" => &row["position"],
            _ => continue,
        };
        let hidden = serde_json::to_string(hidden).unwrap();
        assert!(
            !text.contains(hidden.trim_matches('"')),
            "{table}: {hidden}"
        );
    }
    let bobs: Vec<&Value> = tables["outbox"]
        .as_array()
        .expect("messages owed")
        .iter()
        .filter(|r| r["held_for"].as_i64() == Some(2))
        .collect();
    assert!(!bobs.is_empty(), "{file:#}");
    for owed in bobs {
        let message: Value = serde_json::from_str(owed["message"].as_str().unwrap()).unwrap();
        assert!(message.get("picture").is_none(), "{message}");
        let said: crate::core::Content = serde_json::from_value(message["text"].clone()).unwrap();
        assert!(said.members().contains(&ZED), "{said:?}");
    }

    let ask = f.say(&bob(), HERE, Request::Resign).await;
    f.say(&bob(), HERE, press(&ask[0].buttons[0].id)).await;
    let file = export().await;
    assert!(file["tables"]["games"][0]["state"].is_string(), "{file:#}");
    assert!(file.get("withheld").is_none(), "{file:#}");
}

/// After a forget, neither the SQLite file nor its write-ahead log holds the member's id (as
/// text or as a stored integer) or name: deleted rows are zeroed and the log emptied.
#[tokio::test]
async fn a_forget_leaves_no_byte_of_the_member_in_the_files() {
    let url = Backend::Sqlite.fresh();
    let crate::store::DatabaseUrl::Sqlite(path) = &url else {
        unreachable!()
    };
    let f = fixture_with(Store::open(&url).await.unwrap()).await;
    f.say(&zed(), Place::Direct, Request::Notify { on: Some(true) })
        .await;
    f.start_between(HERE, &zed(), &bob(), true).await;
    for (who, text) in [(zed(), "Kd2"), (bob(), "Ke7"), (zed(), "Ke1")] {
        f.say(&who, HERE, mv(text)).await;
    }
    f.start_between(ELSEWHERE, &carol(), &zed(), false).await;
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let wal = path.with_file_name("csipgs.db-wal");
    let (id_text, id_stored) = (ZED.to_string(), ZED.to_be_bytes());
    let patterns: [&[u8]; 3] = [b"Zanzibar", id_text.as_bytes(), &id_stored];
    let traces = || {
        let mut found = Vec::new();
        for file in [path.as_path(), wal.as_path()] {
            let bytes = std::fs::read(file).unwrap_or_default();
            for pattern in patterns {
                let n = bytes
                    .windows(pattern.len())
                    .filter(|w| w == &pattern)
                    .count();
                if n > 0 {
                    found.push(format!(
                        "{} x{n} in {}",
                        String::from_utf8_lossy(pattern),
                        file.display()
                    ));
                }
            }
        }
        found
    };
    assert!(!traces().is_empty(), "the scan finds Zed before the forget");
    f.core.forget(ZED).await.unwrap();
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    assert_eq!(traces(), Vec::<String>::new());
}

on_both!(
    an_export_holds_only_what_its_member_may_see,
    forget_leaves_no_trace_and_keeps_others_whole,
    privacy_says_what_is_kept_and_for_how_long,
);

/// A backup made while games are being played restores to a database where every game
/// resumes; the database and the backup are their owner's only.
#[tokio::test]
async fn a_backup_under_writes_restores_every_game() {
    use std::os::unix::fs::PermissionsExt;
    let url = Backend::Sqlite.fresh();
    let crate::store::DatabaseUrl::Sqlite(path) = &url else {
        unreachable!()
    };
    let f = Arc::new(fixture_with(Store::open(&url).await.unwrap()).await);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(path), 0o600);
    let channels: Vec<Place> = (100..120)
        .map(|c| {
            Place::Channel(Channel {
                guild: 10,
                channel: c,
            })
        })
        .collect();
    for &place in &channels {
        f.start_between(place, &alice(), &bob(), false).await;
    }
    // Moves go on in every game while the backup is made.
    let writer = {
        let f = f.clone();
        let channels = channels.clone();
        tokio::spawn(async move {
            let rounds = [(alice(), "Kd2"), (bob(), "Kd7"), (alice(), "Ke1")];
            for (who, text) in &rounds {
                for &place in &channels {
                    let said = f
                        .say(
                            who,
                            place,
                            Request::Turn {
                                text: (*text).into(),
                            },
                        )
                        .await;
                    assert!(!said[0].ephemeral, "{text}: {}", said[0].text.shown());
                }
            }
        })
    };
    let backup = path.with_file_name("backup.db");
    let made = f.core.store().backup_to(&backup).await.unwrap();
    writer.await.unwrap();
    assert_eq!(mode(&backup), 0o600);
    assert!(made.rows() > 40, "{made:?}");
    assert!(matches!(
        f.core.store().backup_to(&backup).await,
        Err(crate::store::BackupError::Exists(_))
    ));

    // Restore: the backup opened as the database.
    let restored = fixture_with(
        Store::open(&crate::store::DatabaseUrl::Sqlite(backup))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(restored.core.store().active_game_count().await.unwrap(), 20);
    for &place in &channels {
        let board = restored
            .say(&alice(), place, Request::Board { ply: None })
            .await;
        assert!(!board[0].ephemeral, "{}", board[0].text.shown());
        assert!(board[0].picture.is_some());
    }
}
