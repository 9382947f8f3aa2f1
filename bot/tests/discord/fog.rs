//! A fog game through the fake Discord and the real `csipgs serve`: the channel hears only
//! who acted until the end, when the true board and the record are posted; each player's
//! board comes to them alone, by DM, or with their next command when their DMs are closed.
//! Runs inside `unshare -rn` like the other e2e suites.

use crate::support;

use std::time::Duration;
use support::fixtures::{button, channel, s, slash, Opt, Place, User};
use support::fixtures::{ALICE, BOB, CAROL};
use support::{FakeDiscord, Launch, Sent};

#[test]
fn a_fog_game_keeps_each_board_private_until_the_end() {
    support::run_isolated(
        "fog::a_fog_game_keeps_each_board_private_until_the_end",
        scenario,
    );
}

/// Dispatch an interaction and wait until the bot has sent `n` messages with content for it.
async fn answers(fake: &FakeDiscord, ix: &serde_json::Value, n: usize) -> Vec<Sent> {
    let token = ix["token"].as_str().unwrap().to_string();
    fake.dispatch(ix);
    fake.eventually(
        &format!("{n} answers with content"),
        Duration::from_secs(20),
        || {
            let sent: Vec<Sent> = fake
                .sent_for(&token)
                .into_iter()
                .filter(|m| !m.content().is_empty())
                .collect();
            (sent.len() >= n).then_some(sent)
        },
    )
    .await
}

/// A turn: the public announcement, then the mover's private confirmation with their board.
async fn turn(fake: &FakeDiscord, place: Place, who: &User, text: &str) -> (Sent, Sent) {
    let sent = answers(fake, &slash(place, who, "move", vec![s("move", text)]), 2).await;
    let (public, private) = (sent[0].clone(), sent[1].clone());
    assert!(!public.ephemeral(), "{text}: {}", public.content());
    assert!(
        public.pngs().is_empty(),
        "no board in public: {}",
        public.content()
    );
    assert!(!public.content().contains(text), "{}", public.content());
    assert!(private.ephemeral());
    assert_eq!(private.content(), format!("You played **{text}**."));
    assert_eq!(private.pngs().len(), 1);
    (public, private)
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("fog");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    let place = channel(401);
    fake.games_in_channels(place).await;
    // Bob takes no DMs: his boards wait for his next command.
    fake.close_dms(BOB.id);

    let options = vec![
        Opt::User("opponent", BOB),
        Opt::Int("colour", 0),
        Opt::Bool("fog", true),
        Opt::Bool("plunder", true),
    ];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    assert!(
        challenge
            .content()
            .contains("classic rules with plunder, fog"),
        "{}",
        challenge.content()
    );
    let started = fake.accept(place, &BOB, &challenge).await;
    assert!(started.pngs().is_empty(), "no board in public");
    let first = fake.dm(ALICE.id, 1).await;
    assert!(
        first.content().contains("you play White"),
        "{}",
        first.content()
    );
    assert_eq!(first.pngs().len(), 1);

    turn(&fake, place, &ALICE, "Kd2").await;
    // Bob's boards (the start, and after White's move) were refused by Discord; they come
    // with his next command once the bot has held them (Discord's refusal reaches the fake
    // before the bot writes that down).
    fake.eventually("two DMs to Bob refused", Duration::from_secs(20), || {
        (fake.failed().len() >= 2).then_some(())
    })
    .await;
    let held = format!("SELECT COUNT(*) FROM outbox WHERE held_for = {}", BOB.id);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while support::count(&launch.database(), &held).await < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "Bob's two boards were never held"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let sent = answers(&fake, &slash(place, &BOB, "game", vec![]), 3).await;
    assert!(!sent[0].ephemeral(), "{}", sent[0].content());
    for held in &sent[1..] {
        assert!(held.ephemeral(), "{}", held.content());
        assert_eq!(held.pngs().len(), 1);
    }
    assert!(
        sent[1].content().contains("you play Black"),
        "{}",
        sent[1].content()
    );
    assert!(
        sent[2].content().contains("Your turn in") && sent[2].content().contains("Black"),
        "{}",
        sent[2].content()
    );
    let mine = answers(&fake, &slash(place, &BOB, "board", vec![]), 1).await;
    assert!(mine[0].ephemeral());
    assert!(mine[0].content().starts_with("Your board against <@101>"));

    turn(&fake, place, &BOB, "Kd7").await;
    let second = fake.dm(ALICE.id, 2).await;
    assert!(
        second.content().contains("Your turn in"),
        "{}",
        second.content()
    );
    assert!(!second.content().contains("Kd7"), "{}", second.content());
    assert_eq!(second.pngs().len(), 1);

    // Onlookers see nothing of the board or the record while the game runs.
    for command in ["board", "history", "replay"] {
        let refused = answers(&fake, &slash(place, &CAROL, command, vec![]), 1).await;
        assert!(
            refused[0].ephemeral(),
            "{command}: {}",
            refused[0].content()
        );
        assert!(refused[0].pngs().is_empty());
    }
    let before_end = fake.channel_messages(place.channel_id());
    for message in &before_end {
        assert!(message.pngs().is_empty(), "{}", message.content());
        assert!(message.files.is_empty(), "{}", message.content());
        for secret in ["Kd2", "Kd7"] {
            assert!(!message.content().contains(secret), "{}", message.content());
        }
    }

    // Alice resigns: the channel gets the true board and the record.
    let ask = answers(&fake, &slash(place, &ALICE, "resign", vec![]), 1).await;
    let confirm = ask[0].buttons()[0].clone();
    let ended = answers(&fake, &button(place, &ALICE, &confirm), 1).await;
    assert!(
        ended[0]
            .content()
            .contains("0-1, Black wins by resignation"),
        "{}",
        ended[0].content()
    );
    assert_eq!(ended[0].pngs().len(), 1);
    let record = ended[0]
        .files
        .iter()
        .find(|f| f.name.ends_with(".txt"))
        .expect("the record attached");
    let record = String::from_utf8_lossy(&record.bytes);
    assert!(record.contains("1.Kd2 2.Kd7"), "{record}");
    assert!(record.contains("[Terrain "), "{record}");
    let history = answers(&fake, &slash(place, &CAROL, "history", vec![]), 1).await;
    assert!(!history[0].ephemeral(), "{}", history[0].content());

    // Bob never got a DM; Alice only her own two boards.
    assert!(fake.dms_to(BOB.id).is_empty());
    assert_eq!(fake.dms_to(ALICE.id).len(), 2);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
}

#[test]
fn a_probe_of_the_hidden_board_gets_one_sentence_and_the_channel_hears_of_it() {
    support::run_isolated(
        "fog::a_probe_of_the_hidden_board_gets_one_sentence_and_the_channel_hears_of_it",
        probe,
    );
}

/// A turn by /turn: true if it was played (the first answer is the public news), false if
/// it was refused (one private answer).
async fn try_turn(fake: &FakeDiscord, place: Place, who: &User, text: &str) -> bool {
    let sent = answers(fake, &slash(place, who, "turn", vec![s("text", text)]), 1).await;
    !sent[0].ephemeral()
}

async fn probe() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("fog-probe");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    let place = channel(402);
    fake.games_in_channels(place).await;
    let options = vec![
        Opt::User("opponent", BOB),
        Opt::Int("colour", 0),
        Opt::Bool("fog", true),
        Opt::Bool("unofficial", true),
    ];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    fake.accept(place, &BOB, &challenge).await;

    // White makes a doublemove piece that steps forward without capturing (3 zorkmids),
    // buys it and drops it on e2, while Black's king walks to e4, out of White's sight.
    // The terrain is random: the king goes round impassable squares, which it sees.
    let white = [
        "Kf1; P=doublemove-fmW",
        "Ke1",
        "Buy doublemove-fmW",
        "(doublemove-fmW)@e2",
    ];
    let mut file = b'e';
    for (rank, white_turn) in (4..=7).rev().zip(white) {
        assert!(
            try_turn(&fake, place, &ALICE, white_turn).await,
            "{white_turn}"
        );
        let mut files = vec![file, file - 1, file + 1];
        files.sort_by_key(|f| f.abs_diff(b'e'));
        let mut stepped = false;
        for f in files {
            let text = format!("K{}{rank}", f as char);
            if try_turn(&fake, place, &BOB, &text).await {
                file = f;
                stepped = true;
                break;
            }
        }
        assert!(stepped, "Black's king found no way to rank {rank}");
    }

    // The second step into e4 meets the king there (or, if e4 or e3 is impassable, terrain
    // White has never seen): one fixed sentence to Alice, and news of the attempt in the
    // channel, naming no square.
    let ix = slash(
        place,
        &ALICE,
        "turn",
        vec![s("text", "(doublemove-fmW)e3-e4")],
    );
    let sent = answers(&fake, &ix, 2).await;
    let private: Vec<&Sent> = sent.iter().filter(|m| m.ephemeral()).collect();
    assert_eq!(
        private.len(),
        1,
        "{:?}",
        sent.iter().map(Sent::content).collect::<Vec<_>>()
    );
    assert_eq!(
        private[0].content(),
        "That turn is not possible on the board as it stands."
    );
    let told = "<@101> (White) tried a turn the board does not allow.";
    fake.eventually(
        "the attempt told in the channel",
        Duration::from_secs(20),
        || {
            fake.channel_messages(place.channel_id())
                .iter()
                .any(|m| m.content() == told)
                .then_some(())
        },
    )
    .await;
    // Alice keeps the turn.
    assert!(try_turn(&fake, place, &ALICE, "Kf1").await);
    for message in fake.channel_messages(place.channel_id()) {
        for secret in ["e3", "e4"] {
            assert!(!message.content().contains(secret), "{}", message.content());
        }
    }
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
}
