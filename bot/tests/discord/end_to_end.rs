//! The real bot (`csipgs serve`, serenity + poise) against a fake Discord on loopback, inside
//! a network namespace that has nothing but loopback (`unshare -rn`).

use crate::support;

use serde_json::Value;
use std::time::Duration;
use support::fixtures::{
    autocomplete, button, by_user_install, channel, s, slash, Opt, Place, User, ALICE, BOB, CAROL,
};
use support::{Bot, FakeDiscord, Sent};

/// The board picture's size (render's default style).
fn is_board(size: (u32, u32)) -> bool {
    size.0 > size.1 && size.1 >= 400
}

/// Alice challenges Bob, taking White.
async fn challenge(fake: &FakeDiscord, place: Place, option: Opt) -> Sent {
    let options = vec![Opt::User("opponent", BOB), option, Opt::Int("colour", 0)];
    fake.ask(&slash(place, &ALICE, "challenge", options)).await
}

/// A game between Alice (White) and Bob in a channel, started with the Accept button.
async fn start_game(fake: &FakeDiscord, place: Place, ruleset: i64) {
    let challenge = challenge(fake, place, Opt::Int("ruleset", ruleset)).await;
    let buttons = challenge.buttons();
    assert!(!buttons.is_empty(), "{}", challenge.content());
    let accept = &buttons[0];
    let started = fake.ask(&button(place, &BOB, accept)).await;
    assert_eq!(started.callback_type(), 7, "{:?}", started.body);
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
}

/// A turn that must be accepted: a public reply with the board.
async fn turn(
    fake: &FakeDiscord,
    place: Place,
    who: &User,
    command: &str,
    options: Vec<Opt>,
) -> Sent {
    let reply = fake.ask(&slash(place, who, command, options)).await;
    assert_eq!(reply.callback_type(), 4);
    assert!(!reply.ephemeral(), "{command}: {}", reply.content());
    let pngs = reply.pngs();
    assert_eq!(pngs.len(), 1, "{command}: one board");
    assert!(is_board(pngs[0]), "{pngs:?}");
    reply
}

fn mv(text: &str) -> Vec<Opt> {
    vec![s("move", text)]
}

async fn challenge_with_the_button(fake: &FakeDiscord) {
    let place = channel(1);
    let challenge = challenge(fake, place, Opt::Bool("power", true)).await;
    assert_eq!(challenge.callback_type(), 4);
    assert!(!challenge.ephemeral());
    assert!(
        challenge
            .content()
            .contains("<@102>: <@101> challenges you"),
        "{}",
        challenge.content()
    );
    assert!(challenge.content().contains("classic rules with power"));
    assert_eq!(
        challenge.message()["allowed_mentions"]["users"],
        serde_json::json!(["102"])
    );
    let buttons = challenge.buttons();
    assert_eq!(buttons.len(), 3, "Accept, Decline, Cancel");

    // Only the challenged member may press.
    let refused = fake.ask(&button(place, &CAROL, &buttons[0])).await;
    assert_eq!(refused.callback_type(), 4);
    assert!(refused.ephemeral());
    assert_eq!(refused.content(), "Only <@102> can answer this challenge.");

    let started = fake.ask(&button(place, &BOB, &buttons[0])).await;
    assert_eq!(
        started.callback_type(),
        7,
        "the challenge message is replaced"
    );
    assert_eq!(started.message()["components"], serde_json::json!([]));
    assert!(started
        .content()
        .contains("<@101> (White) vs <@102> (Black)"));
    let pngs = started.pngs();
    assert!(pngs.len() == 1 && is_board(pngs[0]), "{pngs:?}");
}

async fn checkmate_through_slash_commands(fake: &FakeDiscord) {
    let place = channel(2);
    start_game(fake, place, 0).await;
    let players = [ALICE, BOB];
    let turns: Vec<(&str, Vec<Opt>)> = vec![
        ("move", mv("Ke2")),
        ("move", mv("Kd8")),
        ("move", mv("Ke3")),
        ("move", mv("Ke8")),
        ("move", mv("Ke4")),
        ("move", mv("Kd8")),
        ("move", mv("Ke5")),
        ("move", mv("Ke8")),
        ("move", mv("Ke6")),
        ("turn", vec![s("text", "Kd8")]),
        ("buy", vec![s("design", "R")]),
        ("move", mv("Ke8")),
        ("transfer", vec![s("piece", "R"), s("square", "f5")]),
        ("move", mv("Kd8")),
        ("move", mv("Rh5")),
        ("move", mv("Ke8")),
    ];
    // The same game in the engine: each board's description is read back against it.
    let mut game = engine::Game::new(engine::Ruleset::Classic.into());
    for (i, (command, options)) in turns.into_iter().enumerate() {
        let text = match (command, options.as_slice()) {
            ("buy", [Opt::Str(_, design)]) => format!("Buy {design}"),
            ("transfer", [Opt::Str(_, piece), Opt::Str(_, square)]) => format!("{piece}@{square}"),
            (_, [Opt::Str(_, text)]) => text.to_string(),
            (command, _) => panic!("no turn text for {command}"),
        };
        game.play_text(&text).unwrap();
        let reply = turn(fake, place, &players[i % 2], command, options).await;
        described_as(&reply, &game, [&ALICE, &BOB]);
        let next = players[(i + 1) % 2];
        assert!(
            reply
                .content()
                .ends_with(&format!("to move: <@{}>.", next.id)),
            "{}",
            reply.content()
        );
    }
    let mate = turn(fake, place, &ALICE, "move", mv("Rh8#")).await;
    assert!(
        mate.content()
            .contains("**Game over: 1-0, White wins by checkmate.**"),
        "{}",
        mate.content()
    );
    let history = fake.ask(&slash(place, &CAROL, "history", vec![])).await;
    let record = String::from_utf8(history.files[0].bytes.clone()).unwrap();
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
    assert!(record.contains("11.Buy R 12.Ke8\n13.R@f5"), "{record}");
}

/// The reply's board is described (its alt text) as the game stands: whose turn, both
/// treasuries and reserves, every piece by square in record notation.
fn described_as(reply: &Sent, game: &engine::Game, players: [&User; 2]) {
    let board = reply
        .files
        .iter()
        .find(|f| f.name.ends_with(".png"))
        .expect("a board");
    let words = board.description.as_deref().expect("a description");
    assert!(
        !words.is_empty() && words.chars().count() <= 1024,
        "{words}"
    );
    let position = game.position();
    let status = match game.result() {
        Some(_) => String::new(),
        None => format!("Turn {}: {} to move.", position.ply(), position.to_move()),
    };
    assert!(words.starts_with(&status), "{words}");
    for color in engine::Color::ALL {
        let reserve: Vec<String> = position
            .reserve(color)
            .iter()
            .map(|(d, n)| format!("{} x{n}", d.piece_name()))
            .collect();
        let reserve = if reserve.is_empty() {
            "empty".to_string()
        } else {
            reserve.join(", ")
        };
        let panel = format!(
            "{color} ({}): {}, reserve {reserve}",
            players[color.index()].name,
            engine::zorkmids(position.treasury(color))
        );
        assert!(words.contains(&panel), "{panel} in {words}");
        let mut pieces: Vec<(bool, engine::Square, String)> = position
            .pieces()
            .filter(|(_, c, _)| *c == color)
            .map(|(square, _, design)| {
                let name = engine::Position::piece_label(design);
                (!design.is_royal(), square, name)
            })
            .collect();
        pieces.sort();
        let pieces: Vec<String> = pieces
            .into_iter()
            .map(|(_, square, name)| format!("{name}{square}"))
            .collect();
        let listed = format!("{color} pieces: {}.", pieces.join(", "));
        assert!(words.contains(&listed), "{listed} in {words}");
    }
}

async fn autocomplete_answers(fake: &FakeDiscord) {
    let place = channel(3);
    start_game(fake, place, 0).await;
    let answer = fake
        .ask(&autocomplete(
            place,
            &ALICE,
            "move",
            vec![s("move", "f")],
            "move",
        ))
        .await;
    assert_eq!(answer.callback_type(), 8);
    let names: Vec<String> = answer.choices().into_iter().map(|c| c.0).collect();
    assert_eq!(names, ["Kf1", "Kf2"]);
    let answer = fake
        .ask(&autocomplete(
            place,
            &ALICE,
            "move",
            vec![s("move", "Kd2"), s("redesign", "B=WD")],
            "redesign",
        ))
        .await;
    let choices = answer.choices();
    assert_eq!(choices[0].1, Value::from("B=WD"));
    assert!(choices[0].0.contains("WD would cost 3"), "{choices:?}");
    turn(fake, place, &ALICE, "move", mv("Kd2")).await;
    turn(fake, place, &BOB, "move", mv("Kd7")).await;
    turn(fake, place, &ALICE, "move", mv("Kd3")).await;
    turn(fake, place, &BOB, "move", mv("Kd6")).await;
    let answer = fake
        .ask(&autocomplete(
            place,
            &ALICE,
            "buy",
            vec![s("design", "")],
            "design",
        ))
        .await;
    let choices = answer.choices();
    assert_eq!(choices.len(), 3, "{choices:?}");
    assert_eq!(
        choices[1],
        (
            "N: 3 zorkmids (you will have 3)".to_string(),
            Value::from("N")
        )
    );
}

async fn estimate_bidding(fake: &FakeDiscord) {
    let place = channel(4);
    start_game(fake, place, 1).await;
    let propose = slash(
        place,
        &ALICE,
        "propose",
        vec![
            Opt::Int("kind", 0),
            s("name", "zebra"),
            s("notation", "Z"),
            s("estimate", "3"),
        ],
    );
    let token = propose["token"].as_str().unwrap().to_string();
    let sealed = fake.ask(&propose).await;
    assert!(sealed.ephemeral());
    assert!(sealed
        .content()
        .contains("Your sealed estimate for zebra (Z) is 3."));
    let announced = fake.sent(&token, 2).await;
    assert_eq!(announced.kind, "followup");
    assert!(!announced.ephemeral());
    assert!(announced
        .content()
        .contains("<@101> proposes a new atom: **zebra**"));
    assert!(
        !announced.content().contains(" 3"),
        "the estimate stays sealed"
    );

    let answer = fake
        .ask(&autocomplete(
            place,
            &BOB,
            "estimate",
            vec![Opt::Int("proposal", 1), s("value", "")],
            "proposal",
        ))
        .await;
    let choices = answer.choices();
    assert_eq!(choices.len(), 1);
    let id = choices[0].1.as_i64().expect("a proposal number");
    let done = fake
        .ask(&slash(
            place,
            &BOB,
            "estimate",
            vec![Opt::Int("proposal", id), s("value", "4")],
        ))
        .await;
    assert!(!done.ephemeral());
    assert!(
        done.content()
            .contains("<@101> (White) 3, <@102> (Black) 4. From now on Z costs 4"),
        "{}",
        done.content()
    );
}

async fn price_in_a_direct_message(fake: &FakeDiscord) {
    let reply = fake
        .ask(&slash(
            Place::Direct { channel: 77 },
            &CAROL,
            "price",
            vec![s("design", "WbRbmHfB")],
        ))
        .await;
    assert_eq!(reply.callback_type(), 4);
    assert!(reply.content().contains("WbRbmHfB"), "{}", reply.content());
    let pngs = reply.pngs();
    assert_eq!(pngs.len(), 1, "the design diagram");
    let refused = fake
        .ask(&slash(
            Place::Direct { channel: 77 },
            &CAROL,
            "move",
            mv("Kd2"),
        ))
        .await;
    assert!(refused.ephemeral());
    assert!(refused
        .content()
        .starts_with("Games are played in server channels"));

    // Installed to Carol's own account, /price, /rules and /help answer in a group DM the
    // bot is not in, each by the interaction's own answer: the bot can't post there.
    let group = |command: &str, options| {
        by_user_install(
            slash(Place::Direct { channel: 78 }, &CAROL, command, options),
            &CAROL,
        )
    };
    let priced = fake
        .ask(&group("price", vec![s("design", "WbRbmHfB")]))
        .await;
    assert_eq!(priced.callback_type(), 4);
    assert_eq!(priced.content(), reply.content(), "as in the bot's DM");
    assert_eq!(priced.pngs().len(), 1, "the design diagram");
    for command in ["rules", "help"] {
        let answer = fake.ask(&group(command, vec![])).await;
        assert_eq!(answer.callback_type(), 4, "/{command}");
        assert!(!answer.content().is_empty(), "/{command}");
    }
    // The group DM holds the /price answer (the others are private): nothing else.
    let shown: Vec<String> = fake
        .channel_messages(78)
        .iter()
        .map(|m| m.content().to_string())
        .collect();
    assert_eq!(shown, [priced.content()]);
}

async fn refusals_are_ephemeral(fake: &FakeDiscord) {
    let place = channel(5);
    start_game(fake, place, 0).await;
    for (who, text, expected) in [
        (&CAROL, "Kd2", "Only <@101> and <@102> play in this game"),
        (&BOB, "Kd7", "It is White's turn: wait for <@101> to move."),
        (&ALICE, "Ke3", "K can't reach e3 from e1"),
    ] {
        let reply = fake.ask(&slash(place, who, "move", mv(text))).await;
        assert_eq!(reply.callback_type(), 4);
        assert!(reply.ephemeral(), "{}", reply.content());
        assert!(reply.content().contains(expected), "{}", reply.content());
        assert!(reply.files.is_empty());
    }
    let reply = fake.ask(&slash(place, &ALICE, "abort", vec![])).await;
    assert!(
        reply.content().contains("aborted the game"),
        "{}",
        reply.content()
    );
}

async fn simultaneous_moves_apply_once(fake: &FakeDiscord) {
    let place = channel(6);
    start_game(fake, place, 0).await;
    let first = slash(place, &ALICE, "move", mv("Kd2"));
    let second = slash(place, &ALICE, "move", mv("Kf2"));
    fake.dispatch(&first);
    fake.dispatch(&second);
    let a = fake.sent(first["token"].as_str().unwrap(), 1).await;
    let b = fake.sent(second["token"].as_str().unwrap(), 1).await;
    assert_eq!(
        [&a, &b].iter().filter(|r| !r.ephemeral()).count(),
        1,
        "{} | {}",
        a.content(),
        b.content()
    );
    let status = fake.ask(&slash(place, &CAROL, "game", vec![])).await;
    assert!(
        status.content().contains("Turn 2: Black to move"),
        "{}",
        status.content()
    );
}

/// By default each game gets a thread named after its players; the member who asked to be
/// told by DM hears of their turn.
async fn games_in_threads_and_turn_dms(fake: &FakeDiscord) {
    let place = channel(9);
    let options = vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    let started = fake
        .ask(&button(place, &BOB, &challenge.buttons()[0]))
        .await;
    assert_eq!(started.callback_type(), 7);
    let thread = fake
        .eventually("the game's thread", Duration::from_secs(20), || {
            fake.threads().into_iter().find(|t| t.parent_id == 9)
        })
        .await;
    assert_eq!(thread.name, "alice vs bob");
    assert!(
        started.content().contains(&format!("in <#{}>", thread.id)),
        "{}",
        started.content()
    );
    let board = fake.channel_message(thread.id, 1).await;
    assert!(
        board.content().ends_with("White to move: <@101>."),
        "{}",
        board.content()
    );
    assert_eq!(board.pngs().len(), 1);
    let in_thread = support::fixtures::thread(9, thread.id);
    let on = fake
        .ask(&slash(
            in_thread,
            &BOB,
            "notify",
            vec![Opt::Bool("on", true)],
        ))
        .await;
    assert!(on.ephemeral());
    turn(fake, in_thread, &ALICE, "move", mv("Kd2")).await;
    let dm = fake.dm(BOB.id, 1).await;
    assert!(
        dm.content()
            .starts_with(&format!("Your turn in <#{}>", thread.id)),
        "{}",
        dm.content()
    );
    // The channel itself stays free: another challenge there is fine.
    let options = vec![Opt::User("opponent", CAROL)];
    let again = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    assert!(!again.ephemeral(), "{}", again.content());
}

/// What an attacker types, through the real client: every answer reaches Discord (short,
/// neutral, pinging nobody), and the game is untouched.
async fn hostile_input(fake: &FakeDiscord) {
    let place = channel(8);
    start_game(fake, place, 0).await;
    let long = "W".repeat(5000);
    let attempts = [
        ("turn", vec![s("text", long.clone())]),
        ("move", vec![s("move", "Kd2"), s("redesign", long.clone())]),
        ("buy", vec![s("design", long.clone())]),
        (
            "transfer",
            vec![s("piece", long.clone()), s("square", "e2")],
        ),
        ("price", vec![s("design", long.clone())]),
        (
            "propose",
            vec![
                Opt::Int("kind", 0),
                s("name", "z".repeat(2400)),
                s("notation", "Z"),
                s("estimate", "3"),
            ],
        ),
    ];
    for (command, options) in attempts {
        let reply = fake.ask(&slash(place, &ALICE, command, options)).await;
        assert!(reply.ephemeral(), "/{command}: {}", reply.content());
        assert!(
            reply.content().contains("characters long"),
            "/{command}: {}",
            reply.content()
        );
        assert!(reply.content().len() < 200, "/{command}");
    }
    // Bidirectional overrides and invisible characters are neutralised; @everyone pings nobody.
    let reply = fake
        .ask(&slash(place, &ALICE, "move", mv("K\u{202E}d2\u{200B}")))
        .await;
    assert!(reply.ephemeral());
    assert!(
        !reply.content().contains('\u{202E}'),
        "{:?}",
        reply.content()
    );
    let reply = fake
        .ask(&slash(
            place,
            &ALICE,
            "price",
            vec![s("design", "@everyone")],
        ))
        .await;
    let mentions = &reply.message()["allowed_mentions"];
    assert!(
        !mentions["parse"].to_string().contains("everyone"),
        "{mentions}"
    );
    // The game is as it was: White still to move at turn 1.
    let status = fake.ask(&slash(place, &CAROL, "game", vec![])).await;
    assert!(
        status.content().contains("Turn 1: White to move"),
        "{}",
        status.content()
    );
    // Every message fits Discord's limit: /help is split or attached, never refused.
    let help = fake.ask(&slash(place, &CAROL, "help", vec![])).await;
    assert!(help.content().chars().count() <= 2000);
    // A design of 200 characters has a long breakdown: it comes as an attachment.
    let design: String = ["W", "F", "D", "A", "H", "G", "N", "L", "C", "Z"]
        .iter()
        .map(|a| format!("fm{a}bc{a}l{a}rm{a}"))
        .collect();
    let price = fake
        .ask(&slash(place, &CAROL, "price", vec![s("design", design)]))
        .await;
    assert!(
        price.content().chars().count() <= 2000,
        "{}",
        price.content().len()
    );
    // After the game, a move is told how it ended.
    let resign = fake.ask(&slash(place, &BOB, "resign", vec![])).await;
    assert!(resign.ephemeral());
    let confirm = &resign.buttons()[0];
    let resigned = fake.ask(&button(place, &BOB, confirm)).await;
    assert!(
        resigned.content().contains("White wins by resignation"),
        "{}",
        resigned.content()
    );
    let late = fake.ask(&slash(place, &ALICE, "move", mv("Kd2"))).await;
    assert!(
        late.content()
            .starts_with("The game in this channel is over"),
        "{}",
        late.content()
    );
    let history = fake.ask(&slash(place, &CAROL, "history", vec![])).await;
    let record = String::from_utf8(history.files[0].bytes.clone()).unwrap();
    assert!(record.contains("[Termination "), "{record}");
}

#[test]
fn discord_end_to_end() {
    support::run_isolated("end_to_end::discord_end_to_end", || {
        support::fixtures::check_all();
        scenarios()
    });
}

async fn scenarios() {
    let dir = support::scratch_dir("e2e");
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake.api_base(), &dir, "debug");
    fake.wait_logged_in(1).await;
    assert_eq!(
        fake.identified_tokens(),
        [format!("Bot {}", support::TOKEN)]
    );
    let names: Vec<String> = fake.registered()[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "challenge",
            "move",
            "transfer",
            "buy",
            "turn",
            "propose",
            "estimate",
            "price",
            "design",
            "board",
            "game",
            "history",
            "resign",
            "draw",
            "abort",
            "notify",
            "settings",
            "rating",
            "leaderboard",
            "profile",
            "games",
            "rematch",
            "replay",
            "tournament",
            "td",
            "help",
            "rules",
            "privacy",
            "Challenge to csipgs",
            "Price this design"
        ]
    );
    let registered = fake.registered()[0].clone();
    let command = |name: &str| {
        registered
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .cloned()
            .unwrap()
    };
    // Discord enforces the core's limits, permissions and scopes before anything reaches us.
    assert_eq!(command("move")["options"][0]["max_length"], 250);
    assert_eq!(command("propose")["options"][1]["max_length"], 40);
    // Where Discord offers each command: game commands only in servers the bot is in
    // (installed to the server, integration type 0; interaction context 0); /notify and
    // /privacy in its DMs too (context 1); /price, /rules and /help also installed to a
    // member's own account (integration type 1), in any DM or group DM (context 2).
    let offered = |name: &str| {
        (
            command(name)["integration_types"].clone(),
            command(name)["contexts"].clone(),
        )
    };
    use serde_json::json;
    for name in ["move", "challenge", "tournament", "td", "settings", "board"] {
        assert_eq!(offered(name), (json!([0]), json!([0])), "/{name}");
    }
    for name in ["notify", "privacy"] {
        assert_eq!(offered(name), (json!([0]), json!([0, 1])), "/{name}");
    }
    for name in ["price", "rules", "help", "design", "Price this design"] {
        assert_eq!(offered(name), (json!([0, 1]), json!([0, 1, 2])), "/{name}");
    }
    // The context menus: on a member (type 2) and on a message (type 3), no description.
    assert_eq!(offered("Challenge to csipgs"), (json!([0]), json!([0])));
    assert_eq!(command("Challenge to csipgs")["type"], 2);
    assert_eq!(command("Price this design")["type"], 3);
    let description = command("Price this design")["description"].clone();
    assert_eq!(description.as_str().unwrap_or(""), "");
    assert_eq!(command("settings")["default_member_permissions"], "32");
    // /td's subcommands inherit its permissions: only Manage Server sees them.
    assert_eq!(command("td")["default_member_permissions"], "32");
    assert!(command("tournament")["default_member_permissions"].is_null());
    // A command's options by name (a group's are its subcommands).
    let options = |name: &str| -> Vec<String> {
        command(name)["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap().to_string())
            .collect()
    };
    for option in ["unofficial", "plunder", "fog"] {
        assert!(
            options("challenge").contains(&option.to_string()),
            "{option}"
        );
    }
    assert_eq!(
        options("td"),
        ["start", "pair", "result", "remove", "cancel"]
    );

    games_in_threads_and_turn_dms(&fake).await;

    // The other scenarios play in the channels themselves: no thread per game from now on.
    let mut settings = slash(
        channel(1),
        &CAROL,
        "settings",
        vec![Opt::Bool("threads", false)],
    );
    settings["member"]["permissions"] = serde_json::json!("32");
    let saved = fake.ask(&settings).await;
    assert!(saved.content().starts_with("Saved."), "{}", saved.content());

    challenge_with_the_button(&fake).await;
    checkmate_through_slash_commands(&fake).await;
    autocomplete_answers(&fake).await;
    estimate_bidding(&fake).await;
    price_in_a_direct_message(&fake).await;
    refusals_are_ephemeral(&fake).await;
    simultaneous_moves_apply_once(&fake).await;
    hostile_input(&fake).await;

    // A crash mid-game, then a restart on the same database: the game goes on.
    let place = channel(7);
    start_game(&fake, place, 0).await;
    turn(
        &fake,
        place,
        &ALICE,
        "move",
        vec![s("move", "Kd2"), s("redesign", "B=WD")],
    )
    .await;
    bot.crash();
    let bot = Bot::start(&fake.api_base(), &dir, "debug");
    fake.wait_logged_in(2).await;
    let reply = turn(&fake, place, &BOB, "move", mv("Kd7")).await;
    assert!(reply.content().contains("played **Kd7**"));
    let history = fake.ask(&slash(place, &BOB, "history", vec![])).await;
    let record = String::from_utf8(history.files[0].bytes.clone()).unwrap();
    assert!(record.contains("1.Kd2; B=WD 2.Kd7 *"), "{record}");

    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (clean, log) = bot.terminate();
    fake.stop();
    assert!(clean, "SIGTERM stops the bot cleanly:\n{log}");
    assert!(log.contains("shutting down"), "{log}");
    assert!(
        !log.contains(support::TOKEN),
        "the token must never be logged"
    );
    assert!(!log.contains("Err deserializing"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}
