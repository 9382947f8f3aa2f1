//! Discord's comforts, through the fake Discord and the real `csipgs serve`: the context
//! menus (challenge a member, price a message's design), /price's autocomplete of named
//! pieces outside a game, and the design builder: `WbRbmHfB` from nothing by menus, priced
//! as `csipgs price` prices it, made a redesign through /move's form, and "Buy this" buying
//! a piece on the member's turn.

use crate::support;

use serde_json::Value;
use support::fixtures::{
    autocomplete, button, by_user_install, channel, dm, form, on_member, on_message, s, select,
    slash, Opt, Place, User, ALICE, BOB, CAROL,
};
use support::{FakeDiscord, Launch, Sent};

#[test]
fn menus_builder_and_named_pieces() {
    support::run_isolated("comforts::menus_builder_and_named_pieces", scenario);
}

/// What `csipgs price DESIGN` says the design costs (its "price ... rounded up N" line).
fn cli_price(design: &str) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(["price", design])
        .output()
        .expect("csipgs price runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    text.lines()
        .find(|l| l.trim_start().starts_with("price"))
        .and_then(|l| l.split_whitespace().last())
        .unwrap_or_else(|| panic!("no price line in {text}"))
        .to_string()
}

/// The select menus of a message: (custom id, option values).
fn selects(sent: &Sent) -> Vec<(String, Vec<String>)> {
    sent.components()
        .iter()
        .filter(|c| c["type"] == 3)
        .map(|c| {
            let values = c["options"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .map(|o| o["value"].as_str().unwrap_or("").to_string())
                .collect();
            (c["custom_id"].as_str().unwrap_or("").to_string(), values)
        })
        .collect()
}

/// The builder message's button labelled `label`, if it has one.
fn button_labelled(sent: &Sent, label: &str) -> Option<String> {
    sent.components()
        .iter()
        .find(|c| c["type"] == 2 && c["label"] == label)
        .and_then(|c| c["custom_id"].as_str().map(str::to_string))
}

/// Choose `value` in the builder menu whose id starts with `design:OP:`; the builder's
/// message (`message`, as the bot left it) is updated in place.
async fn choose(
    fake: &FakeDiscord,
    place: Place,
    who: &User,
    builder: &Sent,
    op: char,
    value: &str,
) -> Sent {
    let prefix = format!("design:{op}:");
    let (id, values) = selects(builder)
        .into_iter()
        .find(|(id, _)| id.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {prefix} menu in {:?}", builder.message()));
    assert!(values.contains(&value.to_string()), "{value} in {values:?}");
    let shown: Value = builder
        .message_id
        .and_then(|id| fake.message_json(id))
        .expect("the builder's message");
    let picked = fake.ask(&select(place, who, &id, value, shown)).await;
    assert_eq!(picked.callback_type(), 7, "{:?}", picked.body);
    picked
}

/// Build `steps` from an empty builder opened by `opened`, each step a (menu, value).
async fn build(
    fake: &FakeDiscord,
    place: Place,
    who: &User,
    opened: Sent,
    steps: &[(char, &str)],
) -> Sent {
    assert!(opened.ephemeral(), "the builder is private");
    let mut builder = opened;
    for (op, value) in steps {
        builder = choose(fake, place, who, &builder, *op, value).await;
    }
    builder
}

const WBRBMHFB: [(char, &str); 8] = [
    ('a', "W"),
    ('a', "R"),
    ('d', "b"),
    ('a', "H"),
    ('d', "b"),
    ('m', "move"),
    ('a', "B"),
    ('d', "f"),
];

async fn context_menus(fake: &FakeDiscord) {
    let place = channel(41);
    // Right-click Bob, Apps, "Challenge to csipgs": the usual challenge, server terms.
    let challenge = fake
        .ask(&on_member(place, &ALICE, "Challenge to csipgs", &BOB))
        .await;
    assert!(!challenge.ephemeral(), "{}", challenge.content());
    assert!(
        challenge
            .content()
            .contains("<@102>: <@101> challenges you"),
        "{}",
        challenge.content()
    );
    assert!(
        challenge.content().contains("classic rules"),
        "{}",
        challenge.content()
    );
    fake.accept(place, &BOB, &challenge).await;

    // Right-click a message naming a design: priced as /price prices it.
    let priced = fake
        .ask(&on_message(
            place,
            &CAROL,
            "Price this design",
            &BOB,
            "what about WbRbmHfB for my rook?",
        ))
        .await;
    let typed = fake
        .ask(&slash(
            place,
            &CAROL,
            "price",
            vec![s("design", "WbRbmHfB")],
        ))
        .await;
    assert_eq!(priced.content(), typed.content());
    assert_eq!(priced.pngs().len(), 1, "the diagram");
    let words = priced.files[0].description.clone().unwrap_or_default();
    assert!(
        words.starts_with("Movement diagram of WbRbmHfB: one square orthogonally (wazir)"),
        "{words}"
    );
    // ... also in a group DM, for a member who installed the app.
    let anywhere = by_user_install(
        on_message(
            dm(950),
            &CAROL,
            "Price this design",
            &BOB,
            "`fc(DNFA)` is fun",
        ),
        &CAROL,
    );
    let priced = fake.ask(&anywhere).await;
    assert!(
        priced.content().contains("fc(DNFA)"),
        "{}",
        priced.content()
    );
    // A message without a design: a private answer saying what a design looks like.
    let none = fake
        .ask(&on_message(
            place,
            &CAROL,
            "Price this design",
            &BOB,
            "good game, well played",
        ))
        .await;
    assert!(none.ephemeral());
    assert!(
        none.content().contains("names no design"),
        "{}",
        none.content()
    );
}

async fn named_pieces_outside_a_game(fake: &FakeDiscord) {
    let typing = autocomplete(
        dm(951),
        &CAROL,
        "price",
        vec![s("design", "amaz")],
        "design",
    );
    let choices = fake.ask(&typing).await.choices();
    let cost = cli_price("QN");
    assert!(
        choices.iter().any(|(label, value)| value == "QN"
            && *label == format!("QN: the amazon, costs {cost} zorkmids")),
        "{choices:?}"
    );
}

async fn the_builder(fake: &FakeDiscord) {
    let place = channel(42);
    let challenge = fake
        .ask(&slash(
            place,
            &ALICE,
            "challenge",
            vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)],
        ))
        .await;
    fake.ask(&button(place, &BOB, &challenge.buttons()[0]))
        .await;

    // The redesign's autocomplete offers the builder, for the slot typed.
    let typing = autocomplete(
        place,
        &ALICE,
        "move",
        vec![s("move", "Kd2"), s("redesign", "Q=")],
        "redesign",
    );
    let choices = fake.ask(&typing).await.choices();
    assert_eq!(
        choices[0].1,
        serde_json::json!("Q=open the design builder"),
        "{choices:?}"
    );
    // Picked, /move opens the builder for that move instead of playing it.
    let opened = fake
        .ask(&slash(
            place,
            &ALICE,
            "move",
            vec![s("move", "Kd2"), s("redesign", "Q=open the design builder")],
        ))
        .await;
    assert!(
        opened.content().contains("no moves yet"),
        "{}",
        opened.content()
    );
    let built = build(fake, place, &ALICE, opened, &WBRBMHFB).await;
    let cost = cli_price("WbRbmHfB");
    assert!(
        built.content().contains(&format!(
            "`WbRbmHfB` costs **{cost} zorkmids** here (classic prices)"
        )),
        "{}",
        built.content()
    );
    assert!(
        built
            .content()
            .contains("One square orthogonally (wazir); any distance"),
        "{}",
        built.content()
    );
    assert_eq!(built.pngs().len(), 1, "the diagram, in place");

    // "Copy notation": the notation alone.
    let copy = button_labelled(&built, "Copy notation").expect("Copy notation");
    let copied = fake.ask(&button(place, &ALICE, &copy)).await;
    assert_eq!(copied.content(), "WbRbmHfB");
    assert!(copied.ephemeral());

    // "Buy this": not one of Alice's designs yet, so /move's form, filled in with the move
    // and the slot typed; sent, the move is played with the design as Q's redesign.
    let buy = button_labelled(&built, "Buy this").expect("Buy this on Alice's turn");
    let asked = fake.ask(&button(place, &ALICE, &buy)).await;
    assert_eq!(asked.callback_type(), 9, "a form: {:?}", asked.body);
    let data = &asked.body["data"];
    let form_id = data["custom_id"].as_str().unwrap().to_string();
    let boxes: Vec<(String, String)> = data["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let input = &row["components"][0];
            (
                input["custom_id"].as_str().unwrap().to_string(),
                input["value"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        boxes,
        [("what".into(), "Kd2".into()), ("slot".into(), "Q".into())]
    );
    let played = fake
        .ask(&form(
            place,
            &ALICE,
            &form_id,
            &[("what", "Kd2"), ("slot", "Q")],
        ))
        .await;
    assert!(!played.ephemeral(), "{}", played.content());
    assert!(
        played.content().contains("Q=WbRbmHfB"),
        "{}",
        played.content()
    );

    // Bob's builder has no "Buy this": it is not his turn.
    let bobs = fake.ask(&slash(place, &BOB, "design", vec![])).await;
    let bobs = build(fake, place, &BOB, bobs, &[('a', "N")]).await;
    assert!(button_labelled(&bobs, "Buy this").is_none());
    fake.ask(&slash(place, &BOB, "move", vec![s("move", "Kd7")]))
        .await;

    // Alice's second turn: the pawn built by menus is one of her designs and she has the
    // 2 zorkmids it costs, so "Buy this" buys one.
    let opened = fake.ask(&slash(place, &ALICE, "design", vec![])).await;
    let pawn = build(
        fake,
        place,
        &ALICE,
        opened,
        &[
            ('a', "F"),
            ('d', "f"),
            ('m', "capture"),
            ('a', "W"),
            ('d', "f"),
            ('m', "move"),
        ],
    )
    .await;
    assert!(
        pawn.content().contains("costs **2 zorkmids**"),
        "{}",
        pawn.content()
    );
    let buy = button_labelled(&pawn, "Buy this").expect("Buy this");
    let bought = fake.ask(&button(place, &ALICE, &buy)).await;
    assert!(!bought.ephemeral(), "{}", bought.content());
    assert!(bought.content().contains("Buy P"), "{}", bought.content());
    let board = bought.files[0].description.clone().unwrap_or_default();
    assert!(
        board.contains("White (alice): 0 zorkmids, reserve P x1"),
        "{board}"
    );

    // A builder pick nobody could have made (an id the bot never sent) is ignored.
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("comforts");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    fake.games_in_channels(channel(1)).await;
    context_menus(&fake).await;
    named_pieces_outside_a_game(&fake).await;
    the_builder(&fake).await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
}
