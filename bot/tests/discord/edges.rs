//! Edges a hostile member reaches through the fake Discord and the real `csipgs serve`:
//! /games lists only games in channels the asker can view, a page at a time; a thread under
//! a channel the server's /settings leave out refuses a challenge; a tournament named like
//! a masked link is shown as text. Runs inside `unshare -rn` like the other e2e suites.

use crate::support;

use support::fixtures::{
    button, channel, dm, s, slash, subcommand, thread, with_permissions, Opt, ALICE, BOB, CAROL,
};
use support::objects::guild_object;
use support::{FakeDiscord, Launch, GUILD_ID};

#[test]
fn hostile_edges_are_closed() {
    support::run_isolated("edges::hostile_edges_are_closed", scenario);
}

/// Games challenged in channels 41, 42 and 43, each played in a thread the bot opens under
/// its channel. Before the bot knows the server, /games in 41 lists only the game under
/// 41; once GUILD_CREATE says 43 is hidden from members, it lists 41's and 42's, never
/// 43's, and only the asker sees the list.
async fn games_list_only_what_the_asker_sees(fake: &FakeDiscord) {
    for c in [41, 42, 43] {
        let options = vec![Opt::User("opponent", BOB)];
        let open = fake
            .ask(&slash(channel(c), &ALICE, "challenge", options))
            .await;
        fake.accept(channel(c), &BOB, &open).await;
    }
    let listed = fake
        .answer(&slash(channel(41), &CAROL, "games", vec![]))
        .await;
    assert!(listed.ephemeral(), "{}", listed.content());
    assert!(
        listed.content().starts_with("**1 game(s)"),
        "{}",
        listed.content()
    );
    let under = |c: u64| format!("<#{}>", fake.threads_under(c)[0].id);
    assert!(
        listed.content().contains(&under(41)),
        "{}",
        listed.content()
    );
    fake.guild_create(&guild_object(
        GUILD_ID,
        &[(1, false), (2, false), (41, false), (42, false), (43, true)],
    ));
    // The server reaches the bot's cache before the next command on the same connection.
    let listed = fake
        .answer(&slash(channel(41), &CAROL, "games", vec![]))
        .await;
    assert!(
        listed.content().starts_with("**2 game(s)"),
        "{}",
        listed.content()
    );
    assert!(
        listed.content().contains(&under(42)),
        "{}",
        listed.content()
    );
    assert!(
        !listed.content().contains(&under(43)),
        "{}",
        listed.content()
    );
    let beyond = fake
        .answer(&slash(
            channel(41),
            &CAROL,
            "games",
            vec![Opt::Int("page", 2)],
        ))
        .await;
    assert!(beyond.ephemeral(), "{}", beyond.content());
    assert!(
        beyond.content().contains("only 1 page"),
        "{}",
        beyond.content()
    );
}

/// With games allowed only in channel 1, a thread under channel 2 refuses a challenge and a
/// thread under channel 1 takes one.
async fn threads_follow_their_parent_channel(fake: &FakeDiscord) {
    let allow = slash(
        channel(1),
        &CAROL,
        "settings",
        vec![Opt::Channel("allow", 1)],
    );
    let allow = with_permissions(allow, poise::serenity_prelude::Permissions::MANAGE_GUILD);
    let saved = fake.ask(&allow).await;
    assert!(
        saved.content().contains("only in <#1>"),
        "{}",
        saved.content()
    );
    let challenge = || vec![Opt::User("opponent", BOB)];
    let refused = fake
        .ask(&slash(thread(2, 20), &ALICE, "challenge", challenge()))
        .await;
    assert!(refused.ephemeral(), "{}", refused.content());
    assert!(
        refused
            .content()
            .contains("Games can't start in this channel"),
        "{}",
        refused.content()
    );
    let taken = fake
        .ask(&slash(thread(1, 10), &ALICE, "challenge", challenge()))
        .await;
    assert!(!taken.ephemeral(), "{}", taken.content());
    assert!(!taken.buttons().is_empty(), "{}", taken.content());
}

/// A tournament named `[Free Nitro](https://...)` is announced with the name as words: every
/// markdown character escaped, so Discord shows no masked link.
async fn a_masked_link_name_is_shown_as_text(fake: &FakeDiscord) {
    let name = "[Free Nitro](https://nitro.example/claim)";
    let created = fake
        .answer(&subcommand(
            channel(1),
            &CAROL,
            "tournament",
            "create",
            vec![s("name", name), s("time", "1d")],
        ))
        .await;
    let content = created.content();
    assert!(!created.ephemeral(), "{content}");
    assert!(
        content.contains(r"\[Free Nitro\]\(https\://nitro.example/claim\)"),
        "{content}"
    );
    assert!(!content.contains(name), "{content}");
    let listed = fake
        .answer(&subcommand(
            channel(1),
            &ALICE,
            "tournament",
            "list",
            vec![],
        ))
        .await;
    assert!(!listed.content().contains(name), "{}", listed.content());
}

/// Carol plays Alice in channel 1 (where /settings allow games); in a DM Carol gets her data as a file, then asks to be
/// forgotten: Alice can't answer for her, Carol's confirmation resigns the game (announced
/// in its thread) and a second export finds nothing.
async fn privacy_export_and_forget(fake: &FakeDiscord) {
    let options = vec![Opt::User("opponent", CAROL)];
    let open = fake
        .ask(&slash(channel(1), &ALICE, "challenge", options))
        .await;
    fake.accept(channel(1), &CAROL, &open).await;
    let export = fake
        .answer(&subcommand(dm(7), &CAROL, "privacy", "export", vec![]))
        .await;
    assert!(export.ephemeral(), "{}", export.content());
    assert!(export.content().contains("games 1"), "{}", export.content());
    let file: serde_json::Value = serde_json::from_slice(
        &export
            .files
            .iter()
            .find(|f| f.name.ends_with(".json"))
            .expect("a JSON file")
            .bytes,
    )
    .unwrap();
    assert_eq!(file["tables"]["games"].as_array().unwrap().len(), 1);

    let ask = fake
        .answer(&subcommand(dm(7), &CAROL, "privacy", "forget", vec![]))
        .await;
    assert!(ask.ephemeral(), "{}", ask.content());
    let [forget, keep] = &ask.buttons()[..] else {
        panic!("{:?}", ask.buttons())
    };
    assert!(keep.starts_with("privacy:keep:"), "{keep}");
    let refused = fake.answer(&button(dm(8), &ALICE, forget)).await;
    assert!(
        refused.content().contains("/privacy forget"),
        "{}",
        refused.content()
    );
    let done = fake.answer(&button(dm(7), &CAROL, forget)).await;
    assert!(
        done.content().contains("deleted member #1"),
        "{}",
        done.content()
    );
    let thread = fake.threads_under(1).last().expect("the game's thread").id;
    fake.eventually(
        "the resignation is announced",
        std::time::Duration::from_secs(10),
        || {
            fake.channel_messages(thread)
                .iter()
                .any(|m| {
                    m.content()
                        .contains("left csipgs and asked for their data to be deleted")
                })
                .then_some(())
        },
    )
    .await;
    let again = fake
        .answer(&subcommand(dm(7), &CAROL, "privacy", "export", vec![]))
        .await;
    assert_eq!(again.content(), "The bot keeps nothing about you.");
}

/// A server going out for a while is not a removal; a removal is noted for deletion after
/// the grace period, and adding the bot back takes it back.
async fn a_server_removal_is_noted_and_undone(fake: &FakeDiscord, database: &std::path::Path) {
    let departed = || support::departed_guilds(database);
    let until = |want: Vec<i64>| async move {
        for _ in 0..100 {
            if departed().await == want {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!(
            "departed servers never became {want:?}: {:?}",
            departed().await
        );
    };
    fake.guild_delete(GUILD_ID, true);
    fake.guild_delete(GUILD_ID, false);
    until(vec![GUILD_ID as i64]).await;
    fake.guild_create(&guild_object(GUILD_ID, &[(1, false), (2, false)]));
    until(vec![]).await;
}

/// The server's name, as GUILD_CREATE gives it and GUILD_UPDATE changes it, is kept for its
/// web page.
async fn a_server_is_named_and_renamed(fake: &FakeDiscord, database: &std::path::Path) {
    let named = |name: &'static str| async move {
        let sql = format!(
            "SELECT COUNT(*) FROM guild_names WHERE guild_id = {GUILD_ID} AND name = '{name}'"
        );
        for _ in 0..100 {
            if support::count(database, &sql).await == 1 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the server was never named {name}");
    };
    let mut guild = guild_object(GUILD_ID, &[(1, false), (2, false)]);
    guild["name"] = "Chess club".into();
    fake.guild_create(&guild);
    named("Chess club").await;
    guild["name"] = "Knights".into();
    fake.guild_update(&guild);
    named("Knights").await;
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("edges");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;

    games_list_only_what_the_asker_sees(&fake).await;
    threads_follow_their_parent_channel(&fake).await;
    a_masked_link_name_is_shown_as_text(&fake).await;
    privacy_export_and_forget(&fake).await;
    a_server_removal_is_noted_and_undone(&fake, &launch.database()).await;
    a_server_is_named_and_renamed(&fake, &launch.database()).await;

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
