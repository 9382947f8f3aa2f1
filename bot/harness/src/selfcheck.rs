//! The harness tested by itself: every fixture and response object read back with serenity's
//! types, every route, rule and fault driven through serenity's own HTTP client (as the bot
//! would call it) against a fresh fake, and the gateway's shards through raw connections.
//! Call `support::self_check().await` from a test.

use super::fixtures::{self, channel, channel_in, dm, slash, thread, ALICE, BOB, CAROL};
use super::{
    shard_of, FakeDiscord, Fault, Route, Rule, APP_ID, BOT_ID, GUILD_ID, SHARD1_GUILD, TOKEN,
};
use futures_util::{SinkExt, StreamExt};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// Discord's status and JSON code of a failed serenity call (code -1: the body wasn't JSON).
fn refusal<T: std::fmt::Debug>(result: serenity::Result<T>) -> (u16, isize) {
    match result {
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e))) => {
            (e.status_code.as_u16(), e.error.code)
        }
        other => panic!("expected Discord to refuse, got {other:?}"),
    }
}

/// One raw request on its own connection: (status, headers, body). For what serenity hides,
/// such as a 429's headers.
async fn raw(fake: &FakeDiscord, method: &str, path: &str, body: &Value) -> (u16, String, Value) {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", fake.rest_port))
        .await
        .unwrap();
    let body = body.to_string();
    let request = format!(
        "{method} /api/v10/{path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    // Half-close: the fake answers, sees the end, and closes its side.
    stream.shutdown().await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").expect("a whole answer");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (
        status,
        head.to_ascii_lowercase(),
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// Take an interaction as dispatched (no gateway needed); returns its token.
fn arrive(fake: &FakeDiscord, ix: &Value) -> String {
    fake.lock().register_interaction(ix);
    ix["token"].as_str().unwrap().to_string()
}

/// An interaction callback (the fake goes by the token, not the interaction id).
async fn respond(http: &serenity::Http, token: &str, body: &Value) -> serenity::Result<()> {
    let id = serenity::InteractionId::new(1);
    http.create_interaction_response(id, token, body, vec![])
        .await
}

fn message(content: &str) -> Value {
    json!({ "content": content })
}

/// Drive every route, rule and fault; panics on the first thing that isn't as Discord does it.
pub async fn self_check() {
    fixtures::check_all();
    super::http::check_split();
    let fake = FakeDiscord::start().await;
    let http = serenity::HttpBuilder::new(TOKEN)
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .application_id(serenity::ApplicationId::new(APP_ID))
        .build();
    database_lock().await;
    shards().await;
    interactions(&fake, &http).await;
    channels_threads_and_dms(&fake, &http).await;
    faults(&fake, &http).await;
    nonces(&fake, &http).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());

    // A request left hanging ends when the fake stops: nothing outlives a test.
    fake.fail_next(Route::ChannelMessage, Fault::Hang, 1);
    let hung = fake.failed().len() + 1;
    let hanging = {
        let http = serenity::HttpBuilder::new(TOKEN)
            .proxy(fake.api_base())
            .ratelimiter_disabled(true)
            .build();
        tokio::spawn(async move {
            http.send_message(serenity::ChannelId::new(4), vec![], &message("x"))
                .await
        })
    };
    fake.failure(hung).await;
    fake.stop();
    let ended = tokio::time::timeout(Duration::from_secs(5), hanging).await;
    assert!(
        matches!(ended, Ok(Ok(Err(_)))),
        "a hanging request fails once the fake stops"
    );
}

/// `lock_database` holds the write lock: another writer gets "database is locked" until it is
/// released (by `release`, by the time running out, or by dropping the handle).
async fn database_lock() {
    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
    use sqlx::{ConnectOptions, Connection};
    let dir = super::scratch_dir("harness-lock");
    let path = dir.join("csipgs.db");
    // WAL, as the bot opens it: readers never wait, writers do.
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .busy_timeout(Duration::from_millis(50));
    let mut writer = options.connect().await.unwrap();
    sqlx::query("CREATE TABLE t (x INTEGER)")
        .execute(&mut writer)
        .await
        .unwrap();
    let write = "INSERT INTO t VALUES (1)";
    for release in ["release", "time", "drop"] {
        let hold = if release == "time" { 300 } else { 60_000 };
        let lock = super::lock_database(&path, Duration::from_millis(hold)).await;
        let refused = sqlx::query(write).execute(&mut writer).await;
        let refused = refused.expect_err("the write waits for the lock, then fails");
        assert!(refused.to_string().contains("locked"), "{refused}");
        let count: (i64,) = sqlx::query_as("SELECT count(*) FROM t")
            .fetch_one(&mut writer)
            .await
            .expect("readers go on");
        match release {
            "release" => lock.release().await,
            "time" => {
                tokio::time::sleep(Duration::from_millis(hold + 200)).await;
                drop(lock);
            }
            _ => {
                drop(lock);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        sqlx::query(write).execute(&mut writer).await.unwrap();
        let after: (i64,) = sqlx::query_as("SELECT count(*) FROM t")
            .fetch_one(&mut writer)
            .await
            .unwrap();
        assert_eq!(after.0, count.0 + 1, "written once released ({release})");
    }
    writer.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

async fn interactions(fake: &FakeDiscord, http: &serenity::Http) {
    let ix = slash(channel(4), &ALICE, "move", vec![fixtures::s("move", "Kd2")]);
    let token = arrive(fake, &ix);

    // Over 2000 characters (here 2001 two-byte ones): refused, nothing sent.
    let long = json!({"type": 4, "data": {"content": "\u{e9}".repeat(2001)}});
    let refused = respond(http, &token, &long).await;
    assert_eq!(refusal(refused), (400, 50035));
    let violation = &fake.violations()[0];
    assert_eq!(violation.rule, Rule::ContentTooLong { chars: 2001 });
    assert_eq!(fake.sent_count(&token), 0);

    // Exactly 2000 is fine; the reply gets a message id and shows in the channel.
    let reply = json!({"type": 4, "data": {"content": "\u{e9}".repeat(2000)}});
    respond(http, &token, &reply).await.unwrap();
    let callback = fake.sent(&token, 1).await;
    let original = callback.message_id.expect("the reply's message");
    assert_eq!(callback.channel_id, Some(4));
    // The refused first attempt counts for the 3 s window; `latency` is to the accepted one.
    assert!(fake.callback_delay(&token).unwrap() <= fake.latency(&token).unwrap());
    assert!(fake
        .missed_callback_window(Duration::from_secs(3))
        .is_empty());

    // A second callback: 40060.
    let again = json!({"type": 4, "data": {"content": "again"}});
    let refused = respond(http, &token, &again).await;
    assert_eq!(refusal(refused), (400, 40060));
    assert_eq!(fake.violations()[1].rule, Rule::AlreadyAcknowledged);

    // Follow-ups and edits, each with its own id, each found in the channel.
    let followup = http
        .create_followup_message(&token, &message("second"), vec![])
        .await
        .unwrap();
    assert_ne!(followup.id.get(), original);
    let ephemeral = json!({"content": "just you", "flags": 64});
    http.create_followup_message(&token, &ephemeral, vec![])
        .await
        .unwrap();
    let edited = http
        .edit_original_interaction_response(&token, &message("edited"), vec![])
        .await
        .unwrap();
    assert_eq!(
        (edited.id.get(), edited.content.as_str()),
        (original, "edited")
    );
    let got = http
        .get_original_interaction_response(&token)
        .await
        .unwrap();
    assert_eq!(got.content, "edited");
    let shown: Vec<String> = fake
        .channel_messages(4)
        .iter()
        .map(|m| m.content().to_string())
        .collect();
    assert_eq!(
        shown,
        ["edited", "second"],
        "ephemeral messages aren't shown"
    );
    http.delete_original_interaction_response(&token)
        .await
        .unwrap();
    assert_eq!(fake.sent(&token, 5).await.kind, "delete");
    assert_eq!(fake.channel_messages(4).len(), 1);
    let gone = http.get_original_interaction_response(&token).await;
    assert_eq!(refusal(gone), (404, 10008));

    // An empty message, and a 26th autocomplete choice, are refused.
    let refused = http
        .create_followup_message(&token, &message(""), vec![])
        .await;
    assert_eq!(refusal(refused), (400, 50006));
    let complete = slash(channel(4), &ALICE, "move", vec![]);
    let complete_token = arrive(fake, &complete);
    let choices: Vec<Value> = (0..26)
        .map(|i| json!({"name": format!("c{i}"), "value": "v"}))
        .collect();
    let refused = respond(
        http,
        &complete_token,
        &json!({"type": 8, "data": {"choices": choices}}),
    )
    .await;
    assert_eq!(refusal(refused), (400, 50035));

    // After 15 minutes: 10015 for follow-ups and edits, 10062 for a late callback.
    fake.expire(&token);
    let late = http
        .create_followup_message(&token, &message("late"), vec![])
        .await;
    assert_eq!(refusal(late), (404, 10015));
    let late = http
        .edit_original_interaction_response(&token, &message("late"), vec![])
        .await;
    assert_eq!(refusal(late), (404, 10015));
    fake.expire(&complete_token);
    let late = respond(http, &complete_token, &json!({"type": 5})).await;
    assert_eq!(refusal(late), (404, 10062));
    let failed = fake.failed();
    assert_eq!(
        failed[0].fault,
        Fault::unknown_message(),
        "the deleted original"
    );
    assert_eq!(failed.len(), 4);
    assert!(failed[1..].iter().all(|f| f.fault == Fault::TokenExpired));
    assert_eq!(failed[1].route, Route::Followup);

    // The 3 s window, when enforced.
    fake.enforce_callback_window(Some(Duration::from_millis(300)));
    let slow = slash(channel(4), &BOB, "board", vec![]);
    let slow_token = arrive(fake, &slow);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let refused = respond(http, &slow_token, &json!({"type": 5})).await;
    assert_eq!(refusal(refused), (404, 10062));
    assert!(matches!(
        fake.violations().last().unwrap().rule,
        Rule::LateCallback { .. }
    ));
    assert_eq!(
        fake.missed_callback_window(Duration::from_millis(300)),
        [slow_token]
    );
    fake.enforce_callback_window(None);

    // A defer, then the edit that fills it in; a button's update of its message.
    let deferred = slash(channel(5), &BOB, "board", vec![]);
    let deferred_token = arrive(fake, &deferred);
    let defer = json!({"type": 5, "data": {"flags": 0}});
    respond(http, &deferred_token, &defer).await.unwrap();
    http.edit_original_interaction_response(&deferred_token, &message("board"), vec![])
        .await
        .unwrap();
    assert_eq!(fake.channel_messages(5)[0].content(), "board");
    let press = fixtures::button_on(
        channel(5),
        &BOB,
        "b",
        fake.channel_messages(5)[0].message_id.unwrap(),
    );
    let press_token = arrive(fake, &press);
    let update = json!({"type": 7, "data": {"content": "pressed", "components": []}});
    respond(http, &press_token, &update).await.unwrap();
    let shown = fake.channel_messages(5);
    assert_eq!((shown.len(), shown[0].content()), (1, "pressed"));

    // `press` finds the message with the button, so the update lands on it.
    let buttons = json!({"content": "accept?", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Accept", "custom_id": "go"}]}]});
    let posted = http
        .send_message(serenity::ChannelId::new(7), vec![], &buttons)
        .await
        .unwrap();
    let press = fake.press(channel(7), &BOB, "go");
    fixtures::check_interaction(&press);
    assert_eq!(press["message"]["id"], posted.id.to_string());
    assert_eq!(press["message"]["content"], "accept?");
    respond(http, &arrive(fake, &press), &update).await.unwrap();
    let shown = fake.channel_messages(7);
    assert_eq!((shown.len(), shown[0].content()), (1, "pressed"));
}

async fn channels_threads_and_dms(fake: &FakeDiscord, http: &serenity::Http) {
    // A channel post, edited; ids keep rising.
    let channel_id = serenity::ChannelId::new(6);
    let posted = http
        .send_message(channel_id, vec![], &message("posted"))
        .await
        .unwrap();
    let second = http
        .send_message(channel_id, vec![], &message("second"))
        .await
        .unwrap();
    assert!(second.id > posted.id);
    let edited = http
        .edit_message(channel_id, posted.id, &message("edited"), vec![])
        .await
        .unwrap();
    assert_eq!(edited.content, "edited");
    assert_eq!(fake.channel_messages(6)[0].content(), "edited");
    assert_eq!(fake.message(posted.id.get()).unwrap().content(), "edited");
    let fetched = http.get_message(channel_id, posted.id).await.unwrap();
    assert_eq!(fetched.content, "edited");
    assert_eq!(
        fake.sent(&super::channel_key(6), 3).await.kind,
        "message_edit"
    );
    fake.delete_message(second.id.get());
    let gone = http
        .edit_message(channel_id, second.id, &message("x"), vec![])
        .await;
    assert_eq!(refusal(gone), (404, 10008));
    let too_long = http
        .edit_message(channel_id, posted.id, &message(&"x".repeat(2001)), vec![])
        .await;
    assert_eq!(refusal(too_long), (400, 50035));

    // A channel the fake hasn't met is a text channel of the fixtures' guild.
    let serenity::Channel::Guild(text) = http.get_channel(channel_id).await.unwrap() else {
        panic!("a guild channel")
    };
    assert_eq!(
        (text.kind, text.guild_id.get()),
        (serenity::ChannelType::Text, GUILD_ID)
    );

    // Threads: without a message (private unless told), from a message (public, same id).
    let private = http
        .create_thread(channel_id, &json!({"name": "game 1"}), None)
        .await
        .unwrap();
    assert_eq!(private.kind, serenity::ChannelType::PrivateThread);
    assert_eq!(private.parent_id, Some(channel_id));
    let public = http
        .create_thread_from_message(channel_id, posted.id, &json!({"name": "game 2"}), None)
        .await
        .unwrap();
    assert_eq!(
        (public.id.get(), public.kind),
        (posted.id.get(), serenity::ChannelType::PublicThread)
    );
    let twice = http
        .create_thread_from_message(channel_id, posted.id, &json!({"name": "again"}), None)
        .await;
    assert_eq!(refusal(twice), (400, 160004));
    let nested = http
        .create_thread(public.id, &json!({"name": "nested", "type": 11}), None)
        .await;
    assert_eq!(refusal(nested), (400, 50024));
    let threads = fake.threads();
    assert_eq!(threads.len(), 2);
    assert_eq!(
        (threads[0].name.as_str(), threads[0].parent_id),
        ("game 1", 6)
    );
    assert_eq!(threads[1].from_message, Some(posted.id.get()));
    http.join_thread_channel(public.id).await.unwrap();
    http.add_thread_channel_member(public.id, serenity::UserId::new(ALICE.id))
        .await
        .unwrap();
    assert_eq!(
        fake.thread(public.id.get()).unwrap().members,
        [BOT_ID, ALICE.id]
    );

    // Archived: a post unarchives, unless locked; the bot unarchives with PATCH.
    fake.archive_thread(public.id.get(), false);
    http.send_message(public.id, vec![], &message("in thread"))
        .await
        .unwrap();
    assert!(!fake.thread(public.id.get()).unwrap().archived);
    fake.archive_thread(public.id.get(), true);
    let locked = http
        .send_message(public.id, vec![], &message("locked"))
        .await;
    assert_eq!(refusal(locked), (400, 50083));
    let opened = http
        .edit_thread(
            public.id,
            &json!({"archived": false, "locked": false}),
            None,
        )
        .await
        .unwrap();
    assert!(!opened.thread_metadata.unwrap().archived);
    assert_eq!(
        fake.channel_edits(public.id.get()),
        [json!({"archived": false, "locked": false})]
    );
    let serenity::Channel::Guild(got) = http.get_channel(public.id).await.unwrap() else {
        panic!("a thread")
    };
    assert_eq!(got.parent_id, Some(channel_id));
    // Reopened without unlocking, as the bot does: posts land, and it stays locked.
    fake.archive_thread(public.id.get(), true);
    let reopen = serenity::EditThread::new().archived(false);
    public.id.edit_thread(http, reopen).await.unwrap();
    assert_eq!(
        fake.channel_edits(public.id.get())[1],
        json!({"archived": false})
    );
    http.send_message(public.id, vec![], &message("reopened"))
        .await
        .unwrap();
    let reopened = fake.thread(public.id.get()).unwrap();
    assert!(!reopened.archived && reopened.locked);
    let ids = |threads: Vec<super::Thread>| threads.iter().map(|t| t.id).collect::<Vec<_>>();
    assert_eq!(ids(fake.threads_under(6)), ids(threads));
    assert!(fake.threads_under(7).is_empty());

    // Threads where interactions come from are known too.
    let in_thread = slash(thread(6, 66), &ALICE, "move", vec![]);
    arrive(fake, &in_thread);
    assert_eq!(fake.thread(66).unwrap().parent_id, 6);

    // DMs: one channel per user (also where the user used a command), found by user.
    let carol_dm = slash(dm(77), &CAROL, "price", vec![]);
    arrive(fake, &carol_dm);
    let opened = http
        .create_private_channel(&json!({"recipient_id": CAROL.id.to_string()}))
        .await
        .unwrap();
    assert_eq!((opened.id.get(), opened.recipient.id.get()), (77, CAROL.id));
    let bob = http
        .create_private_channel(&json!({"recipient_id": BOB.id.to_string()}))
        .await
        .unwrap();
    assert_eq!(bob.kind, serenity::ChannelType::Private);
    let again = http
        .create_private_channel(&json!({"recipient_id": BOB.id.to_string()}))
        .await
        .unwrap();
    assert_eq!(again.id, bob.id);
    http.send_message(bob.id, vec![], &message("your move"))
        .await
        .unwrap();
    assert_eq!(fake.dms_to(BOB.id)[0].content(), "your move");
    assert_eq!(fake.dm(BOB.id, 1).await.channel_id, Some(bob.id.get()));
    assert_eq!(fake.dm_channel(BOB.id), Some(bob.id.get()));
    assert!(matches!(
        http.get_channel(bob.id).await.unwrap(),
        serenity::Channel::Private(_)
    ));
    fake.close_dms(ALICE.id);
    let alice = http
        .create_private_channel(&json!({"recipient_id": ALICE.id.to_string()}))
        .await
        .unwrap();
    let closed = http.send_message(alice.id, vec![], &message("hi")).await;
    assert_eq!(refusal(closed), (403, 50007));
    assert!(fake.dms_to(ALICE.id).is_empty());

    // Channels of any guild: an interaction tells a channel's guild, even of one the fake
    // guessed when the bot posted there first; its threads are in that guild too.
    let elsewhere = serenity::ChannelId::new(42);
    http.send_message(elsewhere, vec![], &message("early"))
        .await
        .unwrap();
    arrive(
        fake,
        &slash(channel_in(SHARD1_GUILD, 42), &ALICE, "game", vec![]),
    );
    let serenity::Channel::Guild(text) = http.get_channel(elsewhere).await.unwrap() else {
        panic!("a guild channel")
    };
    assert_eq!(text.guild_id.get(), SHARD1_GUILD);
    let game = http
        .create_thread(elsewhere, &json!({"name": "game 3"}), None)
        .await
        .unwrap();
    assert_eq!(fake.thread(game.id.get()).unwrap().guild_id, SHARD1_GUILD);
    assert_eq!(fake.channel_messages(42)[0].content(), "early");

    // A deleted channel: 10003 for anything about it.
    fake.delete_channel(9);
    let gone = http
        .send_message(serenity::ChannelId::new(9), vec![], &message("x"))
        .await;
    assert_eq!(refusal(gone), (404, 10003));
    assert_eq!(
        refusal(http.get_channel(serenity::ChannelId::new(9)).await),
        (404, 10003)
    );
}

async fn faults(fake: &FakeDiscord, http: &serenity::Http) {
    let channel_id = serenity::ChannelId::new(8);
    let x = message("x");
    let post = || http.send_message(channel_id, vec![], &x);
    let before = fake.failed().len();

    for status in [500, 503] {
        fake.fail_next(Route::ChannelMessage, Fault::Status(status), 1);
        assert_eq!(refusal(post().await), (status, 0));
    }
    // 502 comes as an HTML page, which serenity can't read as JSON.
    fake.fail_next(Route::Any, Fault::Status(502), 1);
    assert_eq!(refusal(post().await), (502, -1));
    // Aimed at one channel, other channels are served.
    fake.fail_next_for(Route::ChannelMessage, 8, Fault::missing_permissions(), 2);
    http.send_message(serenity::ChannelId::new(10), vec![], &message("ok"))
        .await
        .unwrap();
    assert_eq!(refusal(post().await), (403, 50013));
    assert_eq!(refusal(post().await), (403, 50013));
    post().await.unwrap();
    fake.fail_next(Route::CreateDm, Fault::Status(500), usize::MAX);
    let dm = http
        .create_private_channel(&json!({"recipient_id": "105"}))
        .await;
    assert_eq!(refusal(dm), (500, 0));
    fake.clear_faults();
    http.create_private_channel(&json!({"recipient_id": "105"}))
        .await
        .unwrap();

    // 429 with Discord's headers and body.
    for global in [false, true] {
        let fault = Fault::RateLimited {
            retry_after_secs: 0.25,
            global,
        };
        fake.fail_next(Route::ChannelMessage, fault, 1);
        let (status, headers, body) = raw(fake, "POST", "channels/8/messages", &message("x")).await;
        assert_eq!(status, 429);
        for header in [
            "retry-after: 0.25",
            "x-ratelimit-limit: 5",
            "x-ratelimit-remaining: 0",
            "x-ratelimit-reset: ",
            "x-ratelimit-reset-after: 0.250",
            "x-ratelimit-bucket: ",
        ] {
            assert!(headers.contains(header), "{header} in {headers}");
        }
        let scope = if global { "global" } else { "user" };
        assert!(headers.contains(&format!("x-ratelimit-scope: {scope}")));
        assert_eq!(headers.contains("x-ratelimit-global: true"), global);
        assert_eq!(
            body,
            json!({"message": "You are being rate limited.", "retry_after": 0.25, "global": global})
        );
    }
    fake.fail_next(
        Route::Followup,
        Fault::RateLimited {
            retry_after_secs: 1.0,
            global: false,
        },
        1,
    );
    let ix = slash(channel(8), &ALICE, "game", vec![]);
    let token = arrive(fake, &ix);
    let limited = http
        .create_followup_message(&token, &message("x"), vec![])
        .await;
    assert_eq!(refusal(limited).0, 429);

    // Stall: no answer for a while, then the connection drops; the post never happened.
    let shown = fake.channel_messages(8).len();
    fake.fail_next(
        Route::ChannelMessage,
        Fault::Stall(Duration::from_millis(200)),
        1,
    );
    let start = Instant::now();
    assert!(post().await.is_err());
    assert!(start.elapsed() >= Duration::from_millis(200));
    // Hang: nothing until the bot gives up.
    fake.fail_next(Route::ChannelMessage, Fault::Hang, 1);
    let gave_up = tokio::time::timeout(Duration::from_millis(200), post()).await;
    assert!(gave_up.is_err(), "no answer while hanging");
    assert_eq!(fake.channel_messages(8).len(), shown);
    // Slow: members see it at once, the answer comes late.
    fake.fail_next(
        Route::ChannelMessage,
        Fault::Slow(Duration::from_millis(500)),
        1,
    );
    let start = Instant::now();
    let slow = tokio::spawn({
        let http = serenity::HttpBuilder::new(TOKEN)
            .proxy(fake.api_base())
            .ratelimiter_disabled(true)
            .build();
        async move {
            http.send_message(serenity::ChannelId::new(8), vec![], &message("slow"))
                .await
        }
    });
    let seen = fake.channel_message(8, shown + 1).await;
    assert_eq!(seen.content(), "slow");
    assert!(!slow.is_finished(), "seen before the answer");
    slow.await.unwrap().unwrap();
    assert!(start.elapsed() >= Duration::from_millis(500));

    let failed = fake.failed();
    let routes: Vec<Route> = failed[before..].iter().map(|f| f.route).collect();
    assert_eq!(routes.len(), 11, "{routes:?}");
    assert_eq!(failed[before].fault, Fault::Status(500));
    assert_eq!(failed[before].body, message("x"));
    assert!(failed.last().unwrap().fault == Fault::Hang);
}

/// `enforce_nonce` as Discord honours it: a create repeating a nonce in the same channel
/// gets the first message back (also while the first create's answer is still on its way),
/// and makes no second one; without `enforce_nonce`, or elsewhere, it is a new message.
async fn nonces(fake: &FakeDiscord, http: &serenity::Http) {
    let create = |text: &str, nonce: &str, enforce: bool| {
        serenity::CreateMessage::new()
            .content(text)
            .nonce(serenity::Nonce::String(nonce.to_string()))
            .enforce_nonce(enforce)
    };
    let here = serenity::ChannelId::new(12);
    let first = here
        .send_message(http, create("once", "n1", true))
        .await
        .unwrap();
    let again = here
        .send_message(http, create("once", "n1", true))
        .await
        .unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(fake.channel_messages(12).len(), 1);
    assert_eq!(fake.repeated_nonces(), 1);

    let unenforced = here.send_message(http, create("twice", "n2", false)).await;
    let unenforced_again = here.send_message(http, create("twice", "n2", false)).await;
    assert_ne!(unenforced.unwrap().id, unenforced_again.unwrap().id);
    let elsewhere = serenity::ChannelId::new(13);
    let other = elsewhere
        .send_message(http, create("once", "n1", true))
        .await;
    assert_ne!(other.unwrap().id, first.id);
    assert_eq!(fake.channel_messages(12).len(), 3);

    // The bot gave up waiting for a slow answer and tries again: still one message.
    fake.fail_next(
        Route::ChannelMessage,
        Fault::Slow(Duration::from_secs(2)),
        1,
    );
    let gave_up = tokio::time::timeout(
        Duration::from_millis(300),
        here.send_message(http, create("slow", "n3", true)),
    )
    .await;
    assert!(gave_up.is_err(), "the answer is late");
    let retried = here.send_message(http, create("slow", "n3", true)).await;
    assert_eq!(retried.unwrap().content, "slow");
    assert_eq!(fake.channel_messages(12).len(), 4);
    assert_eq!(fake.repeated_nonces(), 2);

    let long = "n".repeat(26);
    let refused = here.send_message(http, create("long", &long, true)).await;
    assert_eq!(refusal(refused), (400, 50035));
}

/// A raw gateway connection, for what serenity's client keeps to itself: which shard gets
/// which dispatch, and a RESUME by hand.
struct RawShard {
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl RawShard {
    /// Connect, and take HELLO.
    async fn connect(fake: &FakeDiscord) -> RawShard {
        let url = format!("ws://127.0.0.1:{}", fake.gateway_port);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut raw = RawShard { ws };
        assert_eq!(raw.next().await["op"], 10, "HELLO first");
        raw
    }

    /// IDENTIFY as `shard` ([id, total]; None: without the field); returns READY's data.
    async fn identify(fake: &FakeDiscord, shard: Option<[u32; 2]>) -> (RawShard, Value) {
        let mut raw = RawShard::connect(fake).await;
        let mut d = json!({"token": format!("Bot {TOKEN}"), "intents": 0, "properties": {}});
        if let Some(shard) = shard {
            d["shard"] = json!(shard);
        }
        raw.send(2, d).await;
        let ready = raw.next().await;
        assert_eq!((&ready["t"], &ready["s"]), (&json!("READY"), &json!(1)));
        (raw, ready["d"].clone())
    }

    async fn send(&mut self, op: u64, d: Value) {
        let frame = json!({"op": op, "d": d}).to_string();
        self.ws.send(WsMessage::Text(frame)).await.unwrap();
    }

    /// The next frame; a close as `{"close": code}`.
    async fn next(&mut self) -> Value {
        loop {
            let read = tokio::time::timeout(Duration::from_secs(5), self.ws.next()).await;
            let message = read
                .expect("a frame within 5 s")
                .expect("an open connection");
            match message.unwrap() {
                WsMessage::Text(text) => return serde_json::from_str(&text).unwrap(),
                WsMessage::Close(frame) => {
                    return json!({"close": frame.map_or(0, |f| u16::from(f.code))});
                }
                _ => {}
            }
        }
    }

    /// The next frame, an interaction: (its sequence number, its token).
    async fn interaction(&mut self) -> (u64, String) {
        let frame = self.next().await;
        assert_eq!(frame["t"], "INTERACTION_CREATE", "{frame}");
        let token = frame["d"]["token"].as_str().unwrap().to_string();
        (frame["s"].as_u64().unwrap(), token)
    }

    /// Close from this side, and wait for the fake's answer.
    async fn close(mut self) {
        let _ = self.ws.close(None).await;
        while let Some(Ok(_)) = self.ws.next().await {}
    }
}

fn token(ix: &Value) -> String {
    ix["token"].as_str().unwrap().to_string()
}

/// Shards, as Discord routes them: the recommended count; a bot naming no shard gets every
/// guild; two shards each get only their guilds' interactions (DMs on shard 0), each with its
/// own session and sequence; a RESUME replays only its own shard's missed dispatches.
async fn shards() {
    let fake = FakeDiscord::start().await;
    let http = serenity::HttpBuilder::new(TOKEN)
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build();
    assert_eq!(http.get_bot_gateway().await.unwrap().shards, 1);
    fake.set_recommended_shards(2);
    assert_eq!(http.get_bot_gateway().await.unwrap().shards, 2);
    assert_eq!((shard_of(GUILD_ID, 2), shard_of(SHARD1_GUILD, 2)), (0, 1));

    let elsewhere = channel_in(SHARD1_GUILD, 41);
    let (mut whole, ready) = RawShard::identify(&fake, None).await;
    assert_eq!(ready["shard"], json!([0, 1]));
    let ix = slash(elsewhere, &ALICE, "game", vec![]);
    assert!(fake.try_dispatch(&ix));
    assert_eq!(whole.interaction().await, (2, token(&ix)));
    whole.close().await;
    let none_live = || fake.live_shards().is_empty().then_some(());
    fake.eventually("the session to end", Duration::from_secs(5), none_live)
        .await;

    let (mut zero, ready_zero) = RawShard::identify(&fake, Some([0, 2])).await;
    let (mut one, ready_one) = RawShard::identify(&fake, Some([1, 2])).await;
    fake.wait_shard_identified(1).await;
    assert_eq!(fake.identified_shards(), [[0, 1], [0, 2], [1, 2]]);
    assert_eq!(fake.live_shards(), [0, 1]);
    assert_eq!(
        (&ready_zero["shard"], &ready_one["shard"]),
        (&json!([0, 2]), &json!([1, 2]))
    );
    assert_ne!(ready_zero["session_id"], ready_one["session_id"]);

    // Each shard gets its own guilds' interactions, in its own sequence; DMs go to shard 0.
    let on_zero = slash(channel(4), &ALICE, "game", vec![]);
    let on_one = slash(elsewhere, &BOB, "game", vec![]);
    let direct = slash(dm(78), &CAROL, "price", vec![]);
    for ix in [&on_zero, &on_one, &direct] {
        assert!(fake.try_dispatch(ix));
    }
    assert_eq!(zero.interaction().await, (2, token(&on_zero)));
    assert_eq!(zero.interaction().await, (3, token(&direct)));
    assert_eq!(one.interaction().await, (2, token(&on_one)));

    // Shard 1 closed: its interactions wait for its RESUME, shard 0 goes on.
    assert!(fake.gateway_close_shard(1, 4000));
    assert_eq!(
        one.next().await,
        json!({"close": 4000}),
        "nothing else came"
    );
    assert_eq!(fake.live_shards(), [0]);
    let missed = slash(elsewhere, &ALICE, "game", vec![]);
    assert!(!fake.try_dispatch(&missed));
    let meanwhile = slash(channel(4), &BOB, "game", vec![]);
    assert!(fake.try_dispatch(&meanwhile));
    assert_eq!(zero.interaction().await, (4, token(&meanwhile)));
    let mut resumed = RawShard::connect(&fake).await;
    let session = ready_one["session_id"].clone();
    let resume = json!({"token": format!("Bot {TOKEN}"), "session_id": session, "seq": 2});
    resumed.send(6, resume).await;
    assert_eq!(resumed.interaction().await, (3, token(&missed)));
    let done = resumed.next().await;
    assert_eq!((&done["t"], &done["s"]), (&json!("RESUMED"), &json!(4)));
    fake.wait_resumed(1).await;
    assert_eq!(fake.live_shards(), [0, 1]);
    let after = slash(elsewhere, &BOB, "game", vec![]);
    assert!(fake.try_dispatch(&after));
    assert_eq!(resumed.interaction().await, (5, token(&after)));

    // A session Discord doesn't know can't be resumed.
    let mut stranger = RawShard::connect(&fake).await;
    let unknown = json!({"token": format!("Bot {TOKEN}"), "session_id": "gone", "seq": 1});
    stranger.send(6, unknown).await;
    assert_eq!(stranger.next().await, json!({"op": 9, "d": false}));
    assert_eq!(fake.resumes(), 1);

    for raw in [zero, resumed, stranger] {
        raw.close().await;
    }
    fake.stop();
}
