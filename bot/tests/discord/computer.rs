//! Games against the computer through the fake Discord and the real `csipgs serve`:
//! /challenge naming the bot starts a game at once, in a thread of its own; the computer's
//! turns follow the member's by themselves, posted as the bot's own messages with the board;
//! it opens when it plays White, makes the member wait while it thinks, refuses draws, and
//! other bots and a level without the computer are refused; a game of FIDE chess with
//! variants is played against it to its end. Runs inside `unshare -rn` like the other e2e
//! suites; a few seconds.

use crate::support;

use std::time::Duration;
use support::fixtures::{autocomplete, button, channel, s, slash, thread, Opt, Place, User};
use support::fixtures::{ALICE, BOB, CSIPGS, ROBOT};
use support::{FakeDiscord, Launch, Route, Sent, BOT_ID};

/// How long the computer may take to post its turn (a search is at most 2 s).
const COMPUTER_WAIT: Duration = Duration::from_secs(20);

#[test]
fn games_against_the_computer() {
    support::run_isolated("computer::games_against_the_computer", scenario);
}

/// Alice challenges the computer in the text channel `parent`, with `more` options;
/// returns the "Game on!" answer and the game's thread.
async fn challenge_computer(
    fake: &FakeDiscord,
    parent: u64,
    colour: i64,
    level: i64,
    more: Vec<Opt>,
) -> (Sent, Place) {
    let mut options = vec![
        Opt::BotUser("opponent", CSIPGS),
        Opt::Int("colour", colour),
        Opt::Int("level", level),
    ];
    options.extend(more);
    let started = fake
        .answer(&slash(channel(parent), &ALICE, "challenge", options))
        .await;
    assert!(!started.ephemeral(), "{}", started.content());
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
    assert!(started.buttons().is_empty(), "nothing to accept");
    let content = started.content().to_string();
    let game_thread = fake
        .eventually("the game's thread", Duration::from_secs(20), || {
            fake.threads_under(parent)
                .into_iter()
                .find(|t| content.contains(&format!("in <#{}>", t.id)))
        })
        .await;
    (started, thread(parent, game_thread.id))
}

/// The computer's turns posted in the game's channel by the bot itself, oldest first.
fn computer_turns(fake: &FakeDiscord, place: Place, colour: &str) -> Vec<Sent> {
    let start = format!("<@{BOT_ID}> ({colour}) played **");
    fake.channel_messages(place.channel_id())
        .into_iter()
        .filter(|m| m.content().starts_with(&start))
        .collect()
}

/// Wait for the computer's `n`th turn (1-based) in the game, posted on its own (not as an
/// interaction's answer) with one board.
async fn computer_turn(fake: &FakeDiscord, place: Place, colour: &str, n: usize) -> Sent {
    let turn = fake
        .eventually(
            &format!("the computer's turn {n} as {colour}"),
            COMPUTER_WAIT,
            || computer_turns(fake, place, colour).into_iter().nth(n - 1),
        )
        .await;
    assert_eq!(turn.route, Route::ChannelMessage, "{}", turn.content());
    assert_eq!(turn.pngs().len(), 1, "{}", turn.content());
    turn
}

/// One of the member's legal moves, as /move's autocomplete offers them: a king move if
/// there is one.
async fn a_legal_move(fake: &FakeDiscord, place: Place, who: &User) -> String {
    let offered = fake
        .ask(&autocomplete(
            place,
            who,
            "move",
            vec![s("move", "")],
            "move",
        ))
        .await;
    assert_eq!(offered.callback_type(), 8);
    let moves: Vec<String> = offered
        .choices()
        .into_iter()
        .filter_map(|(_, value)| value.as_str().map(str::to_string))
        .collect();
    assert!(!moves.is_empty(), "no legal move offered");
    moves
        .iter()
        .find(|m| m.starts_with('K'))
        .unwrap_or(&moves[0])
        .clone()
}

/// Alice plays a legal move; the answer is public, with the board, and the computer is next.
async fn alice_plays(fake: &FakeDiscord, place: Place) -> String {
    let text = a_legal_move(fake, place, &ALICE).await;
    let reply = fake
        .answer(&slash(place, &ALICE, "move", vec![s("move", &text)]))
        .await;
    assert!(!reply.ephemeral(), "{text}: {}", reply.content());
    assert_eq!(reply.pngs().len(), 1, "{text}: {}", reply.content());
    assert!(
        reply.content().contains(&format!("to move: <@{BOT_ID}>")),
        "{text}: {}",
        reply.content()
    );
    text
}

/// Alice resigns with /resign and the confirm button.
async fn alice_resigns(fake: &FakeDiscord, place: Place) -> Sent {
    let ask = fake.answer(&slash(place, &ALICE, "resign", vec![])).await;
    let confirm = ask.buttons();
    assert!(!confirm.is_empty(), "{}", ask.content());
    fake.answer(&button(place, &ALICE, &confirm[0])).await
}

/// The registered /challenge has the `level` option, 1 to 6.
fn level_option_registered(fake: &FakeDiscord) {
    let registered = fake.registered()[0].clone();
    let challenge = registered
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "challenge")
        .cloned()
        .expect("/challenge is registered");
    let level = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "level")
        .cloned()
        .expect("/challenge has a level option");
    assert_eq!(level["type"], 4, "an integer: {level}");
    // serenity sends the bounds as JSON numbers that may be floats (1.0).
    assert_eq!(level["min_value"].as_f64(), Some(1.0), "{level}");
    assert_eq!(level["max_value"].as_f64(), Some(6.0), "{level}");
    assert_ne!(level["required"], true, "{level}");
}

/// Alice (White) against the computer at level 1: it answers each of her turns, refuses a
/// draw, and she resigns.
async fn alice_plays_white(fake: &FakeDiscord) {
    let parent = 601;
    let (started, place) = challenge_computer(fake, parent, 0, 1, vec![]).await;
    assert!(
        started
            .content()
            .contains(&format!("<@101> (White) vs <@{BOT_ID}> (Black)")),
        "{}",
        started.content()
    );
    assert!(
        started.content().contains("unrated, level 1"),
        "{}",
        started.content()
    );
    let opening = fake.channel_message(place.channel_id(), 1).await;
    assert!(
        opening.content().ends_with("White to move: <@101>."),
        "{}",
        opening.content()
    );
    assert_eq!(opening.pngs().len(), 1);

    alice_plays_three_the_computer_answers(fake, place).await;

    let draw = fake.answer(&slash(place, &ALICE, "draw", vec![])).await;
    assert!(draw.ephemeral(), "{}", draw.content());
    assert!(
        draw.content()
            .contains("The computer plays every game to its end"),
        "{}",
        draw.content()
    );

    let ended = alice_resigns(fake, place).await;
    assert!(
        ended.content().contains("0-1, Black wins by resignation"),
        "{}",
        ended.content()
    );
    // The game is over: a move now finds no game, and the computer plays no more.
    let after = fake
        .answer(&slash(place, &ALICE, "move", vec![s("move", "Kd2")]))
        .await;
    assert!(after.ephemeral(), "{}", after.content());
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(computer_turns(fake, place, "Black").len(), 3);
}

/// Alice (Black) against the computer at level 6, which thinks for about a second or two per
/// turn: it opens by itself, and a move of hers while it thinks is refused.
async fn the_computer_opens(fake: &FakeDiscord) {
    let parent = 602;
    let (started, place) = challenge_computer(fake, parent, 1, 6, vec![]).await;
    // Dispatched at once: the computer's first search at level 6 takes most of a second at
    // the least (it starts no new iteration before half its 1.9 s is gone).
    let early = fake
        .answer(&slash(place, &ALICE, "move", vec![s("move", "Kd7")]))
        .await;
    assert!(
        started
            .content()
            .contains(&format!("<@{BOT_ID}> (White) vs <@101> (Black)")),
        "{}",
        started.content()
    );
    assert!(early.ephemeral(), "{}", early.content());
    assert!(
        early.content().contains(&format!("wait for <@{BOT_ID}>")),
        "{}",
        early.content()
    );
    let announce = fake.channel_message(place.channel_id(), 1).await;
    assert!(
        announce.content().contains("The computer opens"),
        "{}",
        announce.content()
    );
    let opened = computer_turn(fake, place, "White", 1).await;
    assert!(
        opened.content().ends_with("Black to move: <@101>."),
        "{}",
        opened.content()
    );
    assert!(
        opened.at > early.at,
        "the refusal came while the computer thought"
    );
    alice_plays(fake, place).await;
    let answered = computer_turn(fake, place, "White", 2).await;
    assert!(
        answered.content().ends_with("Black to move: <@101>."),
        "{}",
        answered.content()
    );
}

/// Alice (White) plays FIDE chess under warhead and stungun against the computer at level 1:
/// the game says its variants, /move's autocomplete offers SAN, the computer answers each
/// move in SAN with the board, and the game ends when Alice resigns.
async fn a_fide_game_with_variants(fake: &FakeDiscord) {
    let fide = vec![Opt::Int("game", 1), s("variants", "warhead,stungun")];
    let (started, place) = challenge_computer(fake, 604, 0, 1, fide).await;
    assert!(
        started
            .content()
            .contains("FIDE chess with warhead, stungun"),
        "{}",
        started.content()
    );
    let played = alice_plays_three_the_computer_answers(fake, place).await;
    assert!(
        played.iter().all(|m| !m.contains('/')),
        "SAN, not csipgs notation: {played:?}"
    );
    let ended = alice_resigns(fake, place).await;
    assert!(
        ended.content().contains("0-1, Black wins by resignation"),
        "{}",
        ended.content()
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(computer_turns(fake, place, "Black").len(), 3);
}

/// Alice (White) plays three moves and the computer answers each; returns her moves.
async fn alice_plays_three_the_computer_answers(fake: &FakeDiscord, place: Place) -> Vec<String> {
    let mut played = Vec::new();
    for n in 1..=3 {
        played.push(alice_plays(fake, place).await);
        let turn = computer_turn(fake, place, "Black", n).await;
        assert!(
            turn.content().ends_with("White to move: <@101>."),
            "after {played:?}: {}",
            turn.content()
        );
    }
    played
}

/// Other bots don't play, and a level needs the computer as the opponent.
async fn refusals(fake: &FakeDiscord) {
    let place = channel(603);
    let options = vec![Opt::BotUser("opponent", ROBOT)];
    let robot = fake
        .answer(&slash(place, &ALICE, "challenge", options))
        .await;
    assert!(robot.ephemeral(), "{}", robot.content());
    assert!(
        robot.content().contains("Other bots don't play csipgs"),
        "{}",
        robot.content()
    );
    let options = vec![Opt::User("opponent", BOB), Opt::Int("level", 3)];
    let level = fake
        .answer(&slash(place, &ALICE, "challenge", options))
        .await;
    assert!(level.ephemeral(), "{}", level.content());
    assert!(
        level
            .content()
            .contains("Level is for games against the computer"),
        "{}",
        level.content()
    );
    assert!(fake.threads_under(603).is_empty());
    assert!(fake.channel_messages(603).is_empty());
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("computer");
    let launch = Launch::new(&fake.api_base(), &dir, "info");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    level_option_registered(&fake);

    refusals(&fake).await;
    alice_plays_white(&fake).await;
    the_computer_opens(&fake).await;
    a_fide_game_with_variants(&fake).await;

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (clean, log) = bot.terminate();
    fake.stop();
    assert!(clean, "SIGTERM stops the bot cleanly:\n{log}");
    assert!(
        !log.contains(support::TOKEN),
        "the token must never be logged"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
