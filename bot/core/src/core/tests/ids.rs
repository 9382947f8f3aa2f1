//! Component ids and values are hostile input: every shape of id the bot makes, filled with
//! random values (several-byte characters, empty, overlong), gives a request or an error,
//! never a panic; and a press is honoured only on its own message, in its own channel.

use super::*;
use crate::core::seal::Seal;
use proptest::prelude::*;

/// Text a forger might put anywhere: empty, short runs of id characters and several-byte
/// characters, overlong, or anything at all.
fn hostile() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[cxé0-9]{0,4}",
        "[a-zA-Z0-9~:.\\-é€😀]{0,12}",
        "[a-zA-Z0-9~:.\\-é]{90,300}",
        any::<String>(),
    ]
}

/// One of `known`, or hostile text.
fn word(known: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(known).prop_map(str::to_string),
        hostile(),
    ]
}

/// A builder id: `design:OP:PART.PART...[:VERB~WHAT~SLOT]`.
fn builder_id() -> impl Strategy<Value = String> {
    (
        word(&["a", "d", "m", "p", "c", "b", "o", "f"]),
        word(&["", "W", "W.fR", "bmH.fB", "WbRbmHfB", "W.W.W"]),
        proptest::option::of((word(&["b", "m", "t"]), hostile(), hostile())),
    )
        .prop_map(|(op, draft, then)| match then {
            Some((verb, what, slot)) => format!("design:{op}:{draft}:{verb}~{what}~{slot}"),
            None => format!("design:{op}:{draft}"),
        })
}

/// A button id: `KIND:ACTION:NUMBER:GUILD-CHANNEL:TAG`.
fn press_id() -> impl Strategy<Value = String> {
    (
        word(&[
            "challenge:accept",
            "challenge:decline",
            "challenge:cancel",
            "draw:accept",
            "resign:confirm",
            "tournament:join",
            "privacy:forget",
            "privacy:keep",
        ]),
        prop_oneof![any::<i64>().prop_map(|n| n.to_string()), hostile()],
        word(&["dm", "10-20", "11-21", "-", "10-"]),
        word(&["0123456789abcdef", "0123456789ABCDEF", "0123456789abcde"]),
    )
        .prop_map(|(kind, number, place, tag)| format!("{kind}:{number}:{place}:{tag}"))
}

fn any_id() -> impl Strategy<Value = String> {
    prop_oneof![builder_id(), press_id(), hostile()]
}

fn value() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(word(&[
        "W",
        "R",
        "b",
        "f",
        "",
        "both",
        "move",
        "capture",
        "c0",
        "x1",
        "é1",
        "c",
        "x99999999999",
    ]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Parsing alone, over many shapes: a request or an error, and a request stands for an
    /// id the bot would make.
    #[test]
    fn every_id_and_value_parses_without_panic(
        id in any_id(),
        value in value(),
    ) {
        match Request::of_component(&id, value.as_deref()) {
            Err(ComponentError::Unknown) => {}
            Ok(Request::Builder(pick)) => {
                let _ = pick.draft.apply(&pick.choice);
            }
            Ok(Request::Press(pressed)) => {
                let seal = Seal::new("a key");
                let again = Press::from_id(&pressed.press.id(pressed.posted_in, &seal))
                    .map(|again| (again.press, again.posted_in));
                prop_assert_eq!(again, Some((pressed.press, pressed.posted_in)));
            }
            Ok(other) => prop_assert!(false, "{id} gave {other:?}"),
        }
        let _ = Pick::submitted(&id, value.as_deref().unwrap_or_default(), &id);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Through the core, beside a game in progress: every forged id is answered (a reply,
    /// never a panic), and the core keeps answering.
    #[test]
    fn forged_ids_are_answered_by_the_core(
        ids in proptest::collection::vec((any_id(), value()), 1..8),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let f = fixture(Backend::Sqlite).await;
            f.start(Ruleset::Classic, Options::default()).await;
            for (id, value) in &ids {
                let Ok(request) = Request::of_component(id, value.as_deref()) else {
                    continue;
                };
                let replies = f.raw(&carol(), HERE, request).await;
                assert!(!replies.is_empty(), "{id} {value:?}");
            }
            let board = f.raw(&alice(), HERE, Request::Board { ply: None }).await;
            assert!(!board.is_empty());
        });
    }
}

/// A challenge's Accept pressed in another server's channel, as posted or with its id
/// rewritten to name that channel, or guessed from its number: refused privately, and no
/// game starts.
async fn a_press_is_honoured_only_where_it_was_posted(backend: Backend) {
    let f = fixture(backend).await;
    let challenge = f.challenge(Ruleset::Classic, Options::default()).await;
    let accept = &challenge.buttons[0].id;
    let other = Place::Channel(Channel {
        guild: 11,
        channel: 21,
    });
    let forged = accept.replace(":10-20", ":11-21");
    assert_ne!(&forged, accept);
    let text = f.refused(&bob(), other, press(accept)).await;
    assert!(text.contains("another channel or server"), "{text}");
    // The next challenge's id, guessed: the tag of this one seals only this one.
    let (body, tag) = accept.rsplit_once(':').unwrap();
    let guessed = format!("{}:{tag}", body.replace(":accept:1:", ":accept:2:"));
    assert_ne!(&guessed, accept);
    for (place, id) in [(other, &forged), (HERE, &forged), (HERE, &guessed)] {
        let text = f.refused(&bob(), place, press(id)).await;
        assert!(text.contains("not one this bot made"), "{text}");
    }
    for place in [HERE, other] {
        let status = f.raw(&alice(), place, Request::Game).await;
        assert!(
            status[0].text.shown().contains("no game"),
            "{}",
            status[0].text.shown()
        );
    }
    // The real press, where it was posted, still starts the game.
    let started = f.say(&bob(), HERE, press(accept)).await;
    assert!(
        started[0].text.shown().contains("Game on"),
        "{}",
        started[0].text.shown()
    );
}

on_both!(a_press_is_honoured_only_where_it_was_posted);
