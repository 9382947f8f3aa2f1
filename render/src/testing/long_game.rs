//! A long classic game, the same every time: a seeded walk through legal turns that buys and
//! drops pieces often (never a second king), so the board fills and the panels change as in
//! a real game, and never plays a turn that would end the game (classic has no draw by repetition or move
//! count, so nothing else can). Used by render's replay bench and the bot's tests, whose
//! `/replay` of it must fit Discord's upload limit.

use crate::engine::{Action, Game, Ruleset, Turn};

/// A game of exactly `plies` turns, still being played.
pub fn long_game(plies: usize) -> Game {
    let mut game = Game::new(Ruleset::Classic.into());
    // xorshift64, seeded: the same turns on every machine.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut roll = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    while game.turns().len() < plies {
        // Never a second king: with two royals a king may be captured, ending the game.
        let mut actions: Vec<Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| !matches!(a, Action::Buy(designs) if designs.iter().any(|d| d.is_royal())))
            .collect();
        // In an order of their own, whatever order the generator lists them in.
        actions.sort_by_cached_key(|a| format!("{a:?}"));
        let buys: Vec<&Action> = actions
            .iter()
            .filter(|a| matches!(a, Action::Buy(_)))
            .collect();
        let drops: Vec<&Action> = actions
            .iter()
            .filter(|a| matches!(a, Action::Transfer { .. }))
            .collect();
        let mut order: Vec<&Action> = match roll(10) {
            0..=1 if !buys.is_empty() => vec![buys[roll(buys.len())]],
            2..=3 if !drops.is_empty() => vec![drops[roll(drops.len())]],
            _ => Vec::new(),
        };
        // Then every legal action from a random start, until one leaves the game going.
        let start = roll(actions.len());
        order.extend(actions[start..].iter().chain(&actions[..start]));
        let keeps_going = order
            .into_iter()
            .find(|&action| {
                let mut probe = Game::from_position(game.position().clone());
                probe.play(Turn::from(action.clone())).is_ok() && !probe.is_over()
            })
            .expect("some turn leaves the game going")
            .clone();
        game.play(Turn::from(keeps_going))
            .expect("a legal action is played");
    }
    game
}
