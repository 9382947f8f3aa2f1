//! Edges a hostile member reaches through the fake Discord and the real `csipgs serve`:
//! /games lists only games in channels the asker can view, a page at a time; a thread under
//! a channel the server's /settings leave out refuses a challenge; a tournament named like
//! a masked link is shown as text. Runs inside `unshare -rn` like the other e2e suites.

mod support;

use support::fixtures::{
    button, channel, s, slash, subcommand, thread, with_permissions, Opt, ALICE, BOB, CAROL,
};
use support::objects::guild_object;
use support::{FakeDiscord, Launch, GUILD_ID};

#[test]
fn hostile_edges_are_closed() {
    support::run_isolated("hostile_edges_are_closed", scenario);
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
        let started = fake
            .ask(&button(channel(c), &BOB, &open.buttons()[0]))
            .await;
        assert!(
            started.content().starts_with("Game on!"),
            "{}",
            started.content()
        );
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

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("edges");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;

    games_list_only_what_the_asker_sees(&fake).await;
    threads_follow_their_parent_channel(&fake).await;
    a_masked_link_name_is_shown_as_text(&fake).await;

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
