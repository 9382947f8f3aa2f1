//! Random legal playouts of hundreds of turns, with buys, transfers and redesigns to random
//! designs (royal ones too, so sides get several royals): nothing panics, and after every
//! turn at most 16 pieces a side, no treasury below zero, exactly the pieces bought (minus
//! captures) on the board or in reserve, and the game survives the position string, JSON
//! and record round trips. Refused turns leave the game unchanged.

use engine::{Action, Color, Design, DesignPhase, Game, Options, Position, Rules, Ruleset, Turn};
use proptest::prelude::*;
use proptest::test_runner::TestRng;
use std::collections::HashMap;

/// Pieces each side owns by design: board and reserve.
fn owned(pos: &Position) -> HashMap<(Color, Design), i64> {
    let mut count = HashMap::new();
    for (_, color, design) in pos.pieces() {
        *count.entry((color, design.clone())).or_insert(0) += 1;
    }
    for color in Color::ALL {
        for (design, n) in pos.reserve(color) {
            *count.entry((color, design)).or_insert(0) += n as i64;
        }
    }
    count.retain(|_, n| *n != 0);
    count
}

/// A random design text; many are valid and priced, some aren't (and must be refused).
fn random_design(rng: &mut TestRng) -> String {
    const ATOMS: [&str; 13] = [
        "W", "F", "D", "A", "H", "N", "L", "R", "B", "NN", "G", "K", "Z",
    ];
    const DIRS: [&str; 9] = ["", "", "", "f", "b", "s", "v", "fs", "fl"];
    const MODES: [&str; 4] = ["", "", "m", "c"];
    let mut text = String::new();
    if rng.random_range(0..8) == 0 {
        text.push_str("royal-");
    }
    for _ in 0..rng.random_range(1..=3) {
        text.push_str(DIRS[rng.random_range(0..DIRS.len())]);
        text.push_str(MODES[rng.random_range(0..MODES.len())]);
        text.push_str(ATOMS[rng.random_range(0..ATOMS.len())]);
    }
    text
}

fn json(game: &Game) -> String {
    serde_json::to_string(game).expect("games serialise")
}

/// Play a turn that may be refused; a refusal must change nothing.
fn try_play(game: &mut Game, turn: Turn) -> bool {
    let before = json(game);
    match game.play(turn) {
        Ok(_) => true,
        Err(_) => {
            assert_eq!(json(game), before, "a refused turn changed the game");
            false
        }
    }
}

fn pick<'a, T>(rng: &mut TestRng, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

fn check_invariants(game: &Game, expected: &HashMap<(Color, Design), i64>) {
    let pos = game.position();
    for color in Color::ALL {
        assert!(pos.piece_count(color) <= 16, "{pos}");
        assert!(!pos.treasury(color).is_negative(), "{pos}");
    }
    assert_eq!(&owned(pos), expected, "pieces bought vs owned in {pos}");
    let text = pos.to_string();
    let again = Position::parse(&text, game.rules().clone()).expect("positions re-parse");
    assert_eq!(again.to_string(), text);
}

fn playout(rng: &mut TestRng, rules: Rules, turns: usize) {
    let power = rules.options.power;
    let mut game = Game::new(rules);
    let mut expected = owned(game.position());
    for n in 0..turns {
        let actions = game.legal_actions();
        if actions.is_empty() {
            assert!(game.is_over());
            break;
        }
        let pos = game.position().clone();
        let us = pos.to_move();
        let of_kind = |want: fn(&Action) -> bool| -> Vec<&Action> {
            actions.iter().filter(|a| want(a)).collect()
        };
        let buys = of_kind(|a| matches!(a, Action::Buy(_)));
        let transfers = of_kind(|a| matches!(a, Action::Transfer { .. }));
        let action = match rng.random_range(0..10) {
            0..=2 if !buys.is_empty() => (*pick(rng, &buys)).clone(),
            3..=5 if !transfers.is_empty() => (*pick(rng, &transfers)).clone(),
            _ => pick(rng, &actions).clone(),
        };
        let design = match rng.random_range(0..10) {
            0 | 1 => {
                let slot = (*pick(rng, &pos.slots(us))).clone();
                Design::parse(&random_design(rng))
                    .ok()
                    .map(|design| DesignPhase::Redesign { slot, design })
            }
            2..=4 if power => {
                let slot = (*pick(rng, &pos.slots(us))).clone();
                Some(DesignPhase::Buy(vec![slot]))
            }
            _ => None,
        };
        let captured = match &action {
            Action::Move { to, .. } => pos.piece_at(*to).map(|(c, d)| (c, d.clone())),
            _ => None,
        };
        let with_design = Turn {
            action: action.clone(),
            design: design.clone(),
        };
        let design = if design.is_some() && try_play(&mut game, with_design) {
            design
        } else {
            assert!(
                game.play(Turn::from(action.clone())).is_ok(),
                "legal action {action:?} refused in {pos}"
            );
            None
        };
        let mut bought = Vec::new();
        if let Action::Buy(designs) = &action {
            bought.extend(designs.iter().cloned());
        }
        if let Some(DesignPhase::Buy(designs)) = &design {
            bought.extend(designs.iter().cloned());
        }
        for d in bought {
            *expected.entry((us, d)).or_insert(0) += 1;
        }
        if let Some(victim) = captured {
            *expected
                .get_mut(&victim)
                .expect("captured pieces were owned") -= 1;
        }
        expected.retain(|_, n| *n != 0);
        check_invariants(&game, &expected);
        if n % 50 == 49 {
            let back: Game = serde_json::from_str(&json(&game)).expect("JSON reads back");
            same_game(&back, &game);
        }
    }
    let back: Game = serde_json::from_str(&json(&game)).expect("JSON reads back");
    same_game(&back, &game);
    let record = game.record_text(&engine::Players::default());
    let replayed = Game::replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert!(replayed.warnings.is_empty(), "{:?}", replayed.warnings);
    same_game(&replayed.game, &game);
}

/// Compare two games part by part, so a failure names the first difference. Designs
/// compare by meaning: a slot written `vB` comes back from a record as `B`.
fn same_game(got: &Game, want: &Game) {
    assert_eq!(got.rules(), want.rules());
    assert_eq!(got.start().to_string(), want.start().to_string());
    for (i, (g, w)) in got.turns().iter().zip(want.turns()).enumerate() {
        assert_eq!(g, w, "turn {} differs", i + 1);
    }
    assert_eq!(got.turns().len(), want.turns().len(), "turn counts differ");
    assert_eq!(got.position().to_string(), want.position().to_string());
    assert_eq!(got.result(), want.result());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_the_invariants(
        seed in any::<[u8; 32]>(),
        ruleset in prop::sample::select(Ruleset::ALL.to_vec()),
        power in any::<bool>(),
    ) {
        let mut rng = TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &seed);
        let rules = Rules::new(ruleset, Options { power, ..Options::default() });
        playout(&mut rng, rules, 300);
    }
}
