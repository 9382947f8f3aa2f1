//! A FIDE-family game through the fake Discord and the real `csipgs serve`: /challenge with
//! game:fide and an autocompleted variants list (warhead,stungun), accepted with the button,
//! moves in SAN with the board picture after each, a refused move, and a three-move mate
//! that ends the game and rates it; the record is PGN with its Variant tag. Runs inside
//! `unshare -rn` like the other e2e suites; a few seconds.

use crate::support;

use support::fixtures::{autocomplete, channel, s, slash, Opt, Place, User};
use support::fixtures::{ALICE, BOB, CAROL};
use support::{FakeDiscord, Launch, Sent};

#[test]
fn a_fide_game_is_played_to_mate() {
    support::run_isolated("fide::a_fide_game_is_played_to_mate", scenario);
}

/// The `game` option's choice for fide (csipgs is the first).
const FIDE: i64 = 1;

/// Alice, White, challenges Bob to fide chess under `variants`.
fn challenge(place: Place, variants: &str) -> serde_json::Value {
    let options = vec![
        Opt::User("opponent", BOB),
        Opt::Int("game", FIDE),
        s("variants", variants),
        Opt::Int("colour", 0),
    ];
    slash(place, &ALICE, "challenge", options)
}

async fn play(fake: &FakeDiscord, place: Place, who: &User, text: &str) -> Sent {
    let reply = fake
        .answer(&slash(place, who, "move", vec![s("move", text)]))
        .await;
    assert!(!reply.ephemeral(), "{text}: {}", reply.content());
    assert_eq!(reply.pngs().len(), 1, "{text}: {}", reply.content());
    reply
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("fide");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    fake.games_in_channels(channel(1)).await;
    let here = channel(401);

    // The variants list is completed item by item, without the alternatives of one chosen.
    let offered = fake
        .ask(&autocomplete(
            here,
            &ALICE,
            "challenge",
            vec![Opt::Int("game", FIDE), s("variants", "warhead, stu")],
            "variants",
        ))
        .await;
    assert_eq!(offered.callback_type(), 8);
    let values: Vec<String> = offered
        .choices()
        .into_iter()
        .filter_map(|(_, value)| value.as_str().map(str::to_string))
        .collect();
    assert_eq!(values, ["warhead,stungun"]);

    // A bad list is refused with the engine's words.
    let refused = fake.answer(&challenge(here, "warhead,trident")).await;
    assert!(refused.ephemeral(), "{}", refused.content());
    assert!(
        refused.content().contains("are alternatives"),
        "{}",
        refused.content()
    );

    let challenge = fake.ask(&challenge(here, "warhead,stungun")).await;
    assert!(
        challenge
            .content()
            .contains("a game of chess, FIDE chess with warhead, stungun"),
        "{}",
        challenge.content()
    );
    let started = fake.accept(here, &BOB, &challenge).await;
    assert_eq!(started.pngs().len(), 1, "the first board");

    let first = play(&fake, here, &ALICE, "e3").await;
    assert!(
        first
            .content()
            .contains("played **e3**. Black to move: <@102>"),
        "{}",
        first.content()
    );
    let wrong = fake
        .answer(&slash(here, &BOB, "move", vec![s("move", "e5")]))
        .await;
    assert!(wrong.ephemeral(), "{}", wrong.content());
    assert!(
        wrong.content().contains("not a legal move"),
        "{}",
        wrong.content()
    );
    play(&fake, here, &BOB, "a6").await;
    play(&fake, here, &ALICE, "Qh5").await;
    play(&fake, here, &BOB, "a5").await;
    let mate = play(&fake, here, &ALICE, "Qxf7#").await;
    assert!(
        mate.content().contains("1-0, White wins by checkmate"),
        "{}",
        mate.content()
    );
    assert!(
        mate.content().contains("Ratings: alice 1500? -> "),
        "{}",
        mate.content()
    );

    let history = fake.answer(&slash(here, &CAROL, "history", vec![])).await;
    let pgn = history
        .files
        .iter()
        .find(|f| f.name.ends_with(".pgn"))
        .expect("a PGN attached");
    let text = String::from_utf8(pgn.bytes.clone()).expect("PGN text");
    assert!(text.contains("[Variant \"warhead,stungun\"]"), "{text}");
    assert!(text.contains("3. Qxf7# 1-0"), "{text}");

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
}
