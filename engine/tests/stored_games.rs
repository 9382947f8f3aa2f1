//! Stored games (the serde form of `Game`) across format versions. The fixtures in
//! fixtures/games/format0-*.json were written by the code before the format number existed
//! (format 0). Every one must load, keep its positions, turns and result, and replay turn
//! by turn to the same treasuries and notation with the same prices: a change to notation or
//! pricing must never silently re-price or break a game in progress.

use engine::{Color, Game, PlayedTurn, Position, Rules, GAME_FORMAT};
use serde_json::Value;
use std::path::PathBuf;

fn fixtures() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/games");
    let mut found: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the fixtures folder exists")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            (
                name,
                std::fs::read_to_string(&path).expect("a readable fixture"),
            )
        })
        .collect();
    found.sort();
    found
}

/// The costs of each side's six designs, pinned as the format-0 code priced them.
fn pinned_costs(name: &str) -> [&'static str; 2] {
    match name {
        "format0-middlegame" => ["2,3,3,4,9,12", "2,3,2,5,9,12"],
        "format0-kurnia-proposals" => ["2,3,10,5,9,12", "2,3,3,5,9,12"],
        "format0-progressive-multibuy" => ["1,3,3,5,9,12", "1,3,3,5,9,12"],
        _ => ["2,3,3,5,9,12", "2,3,3,5,9,12"],
    }
}

fn costs(position: &Position, color: Color) -> String {
    position
        .slots(color)
        .iter()
        .map(|d| position.cost(d).expect("slots are priced").to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn format_0_games_load_unchanged_and_replay_to_the_same_money() {
    let all = fixtures();
    let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "format0-checkmate",
            "format0-draw",
            "format0-fresh",
            "format0-kurnia-proposals",
            "format0-middlegame",
            "format0-progressive-multibuy",
            "format0-resigned",
        ]
    );
    for (name, text) in &all {
        let stored: Value = serde_json::from_str(text).unwrap();
        assert!(stored.get("format").is_none(), "{name} is format 0");
        let game: Game =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{name} doesn't load: {e}"));
        assert_eq!(game.position().to_string(), stored["position"], "{name}");
        assert_eq!(game.start().to_string(), stored["start"], "{name}");
        let turns: Vec<PlayedTurn> = serde_json::from_value(stored["turns"].clone()).unwrap();
        assert_eq!(game.turns(), turns, "{name}");
        assert_eq!(
            serde_json::to_value(game.result()).unwrap(),
            stored["outcome"],
            "{name}"
        );
        let pinned = pinned_costs(name);
        for color in Color::ALL {
            assert_eq!(
                costs(game.position(), color),
                pinned[color.index()],
                "{name}: {color}'s prices"
            );
        }

        // Replayed from the start with today's rules: the same notation and money each turn.
        let rules: Rules = serde_json::from_value(stored["rules"].clone()).unwrap();
        let start = Position::parse(stored["start"].as_str().unwrap(), rules).unwrap();
        let mut again = Game::from_position(start);
        for t in game.turns() {
            let played = again
                .play(t.turn.clone())
                .unwrap_or_else(|e| panic!("{name}: turn {} is refused now: {e}", t.ply));
            assert_eq!(played.notation, t.notation, "{name}: turn {}", t.ply);
            assert_eq!(
                again.last_turn().unwrap().treasuries,
                t.treasuries,
                "{name}"
            );
        }
        assert_eq!(again.position().to_string(), stored["position"], "{name}");
        if let Some(outcome) = game.result().filter(|o| o.reason.is_on_the_board()) {
            assert_eq!(again.result(), Some(outcome), "{name}");
        }

        // Written again, it carries today's format and reads back the same.
        let rewritten = serde_json::to_value(&game).unwrap();
        assert_eq!(rewritten["format"], GAME_FORMAT, "{name}");
        let reread: Game = serde_json::from_value(rewritten.clone()).unwrap();
        assert_eq!(serde_json::to_value(&reread).unwrap(), rewritten, "{name}");
    }
}

/// A fixture as JSON.
fn fixture(name: &str) -> Value {
    let (_, text) = fixtures()
        .into_iter()
        .find(|(n, _)| n == name)
        .expect("the fixture exists");
    serde_json::from_str(&text).unwrap()
}

/// A stored game with one field changed.
fn edited(name: &str, field: &str, value: Value) -> Result<Game, String> {
    let mut stored = fixture(name);
    stored[field] = value;
    serde_json::from_value(stored).map_err(|e| e.to_string())
}

#[test]
fn future_formats_are_refused() {
    assert!(edited("format0-fresh", "format", Value::from(0)).is_ok());
    assert!(edited("format0-fresh", "format", Value::from(GAME_FORMAT)).is_ok());
    let err = edited("format0-fresh", "format", Value::from(GAME_FORMAT + 1)).unwrap_err();
    assert_eq!(
        err,
        format!(
            "this game is stored in format {}, newer than this csipgs reads (up to format {GAME_FORMAT}): update csipgs to load it",
            GAME_FORMAT + 1
        )
    );
}

#[test]
fn stored_positions_are_checked_like_any_other() {
    let err = edited(
        "format0-fresh",
        "position",
        Value::from(
            "4k3/8/8/8/8/8/8/4K3 w 0/0 N,N,N,N,N,N,N,N,N,N,N,N,N,N,N,N/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
        ),
    )
    .unwrap_err();
    assert_eq!(
        err,
        "the stored current position is not legal: White has 17 pieces on the board and in reserve; a side owns at most 16, royal pieces included: remove some"
    );
    let err = edited(
        "format0-fresh",
        "position",
        Value::from("4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5"),
    )
    .unwrap_err();
    assert_eq!(
        err,
        "the stored game has 0 turns, but its positions are at plies 1 and 5"
    );
}

#[test]
fn a_stored_draw_must_be_allowed_by_the_ruleset() {
    let draw = serde_json::json!({"winner": null, "reason": "draw_agreed"});
    let err = edited("format0-kurnia-proposals", "outcome", draw).unwrap_err();
    assert_eq!(
        err,
        "the stored result can't stand: agreeing to a draw is illegal in this ruleset"
    );
}

#[test]
fn stored_proposals_are_checked_like_estimates() {
    let mut stored = fixture("format0-kurnia-proposals");
    stored["rules"]["proposals"]["atoms"][0]["cost"] = Value::from("79228162514264337593543950335");
    let err = serde_json::from_value::<Game>(stored)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "a stored proposal can't stand: an estimate must be more than 0 and at most 1000; 79228162514264337593543950335 is not"
    );
}
