//! The computer player: mates it must find (each checked by an independent brute-force
//! solver over the public rules API), the search's moves against the rules' own legal
//! actions, determinism, and its strength against the two yardsticks of its issue.

use engine::computer::arena::{play_match, Player, Setting};
use engine::computer::{choose, Level, Think};
use engine::search::{search, Limits, Score};
use engine::{Buys, Color, Design, DesignPhase, Game, Options, Position, Rules, Ruleset, Turn};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A small seeded generator for picking random turns.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";

fn game(text: &str) -> Game {
    let pos = Position::parse(text, Ruleset::Classic.into()).expect("test positions parse");
    Game::from_position(pos)
}

/// Whether the side to move can force a win within `n` of its turns, by trying every
/// action and every reply through `Game::play`: slow, simple, and independent of the search.
fn forces_mate(game: &Game, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let us = game.position().to_move();
    game.legal_actions().into_iter().any(|action| {
        let mut after = game.clone();
        after
            .play(action.into())
            .expect("legal actions are playable");
        if let Some(outcome) = after.result() {
            return outcome.winner == Some(us);
        }
        n > 1
            && after.legal_actions().into_iter().all(|reply| {
                let mut next = after.clone();
                next.play(reply.into()).expect("legal actions are playable");
                forces_mate(&next, n - 1)
            })
    })
}

/// Positions with a forced mate in `n` turns, and what each needs.
fn mates() -> Vec<(&'static str, String, i32)> {
    vec![
        (
            "a rook on the back rank",
            format!("7k/8/6K1/8/8/8/8/R7 w 0/0 -/- {FIDE} 20"),
            1,
        ),
        (
            "a queen dropped next to the king",
            format!("7k/8/5K2/8/8/8/8/8 w 0/0 Q/- {FIDE} 20"),
            1,
        ),
        (
            "a rook takes one of two royals and mates the other",
            format!("k6k/8/6K1/8/8/8/8/R7 w 0/0 -/- {FIDE} 20"),
            1,
        ),
        (
            "buy a queen, then drop it",
            format!("7k/8/5K2/8/8/8/8/8 w 8/0 -/- {FIDE} 20"),
            2,
        ),
        (
            "against two royals with a rook and a knight",
            format!("R6k/8/6K1/8/k7/8/8/1N6 w 0/0 -/- {FIDE} 20"),
            2,
        ),
        (
            "step closer, buy, drop",
            format!("7k/8/8/5K2/8/8/8/8 w 8/0 -/- {FIDE} 20"),
            3,
        ),
    ]
}

#[test]
fn the_mate_positions_are_what_they_claim() {
    for (what, text, n) in mates() {
        let g = game(&text);
        assert!(forces_mate(&g, n as u32), "{what}: no mate in {n}");
        assert!(
            !forces_mate(&g, n as u32 - 1),
            "{what}: a shorter mate exists"
        );
    }
}

#[test]
fn the_default_level_finds_every_mate() {
    let stop = AtomicBool::new(false);
    for (what, text, n) in mates() {
        let g = game(&text);
        let think = Think::new(Level::default(), 1);
        let (turn, report) = choose(&g, &think, &stop).expect("a turn");
        assert_eq!(report.score, Score::Mate(n), "{what}");
        let mut after = g.clone();
        after.play(turn).expect("the computer's turn is legal");
        let won = after
            .result()
            .is_some_and(|o| o.winner == Some(Color::White));
        assert!(
            won || (n > 1 && defended_in_vain(&after, n as u32 - 1)),
            "{what}: the turn played doesn't keep the mate"
        );
    }
}

/// Every reply still leaves the attacker a mate in `n`.
fn defended_in_vain(game: &Game, n: u32) -> bool {
    game.legal_actions().into_iter().all(|reply| {
        let mut next = game.clone();
        next.play(reply.into()).expect("legal");
        forces_mate(&next, n)
    })
}

#[test]
fn being_mated_is_a_negative_mate() {
    // Black to move with nothing to do but walk into the rook's back-rank mate.
    let text = format!("7k/8/6K1/8/8/8/8/R7 b 0/0 -/- {FIDE} 21");
    let pos = Position::parse(&text, Ruleset::Classic.into()).unwrap();
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let report = search(&pos, &limits, 1, &AtomicBool::new(false));
    assert_eq!(report.score, Score::Mate(-1));
    assert_eq!(Score::Mate(-1).to_string(), "mate -1");
}

/// Random playouts under varied rules; at each position, the search's moves (as turns) are
/// exactly the legal actions, and every move the search may play is accepted by the game.
#[test]
fn generated_moves_are_the_legal_actions() {
    let rules = [
        Rules::from(Ruleset::Classic),
        Ruleset::Progressive.into(),
        Ruleset::Kurnia.into(),
        Rules::new(
            Ruleset::Classic,
            Options {
                power: true,
                ..Options::default()
            },
        ),
        Rules::new(
            Ruleset::Classic,
            Options {
                unofficial: true,
                plunder: true,
                ..Options::default()
            },
        ),
        Rules::new(
            Ruleset::Classic,
            Options {
                fog: true,
                ..Options::default()
            },
        ),
    ];
    let specials = ["doublemove-WF", "shooting-R", "relay-N", "royal-WF", "BN"];
    let mut rng = Rng(7);
    let mut list = Vec::new();
    for (i, rules) in rules.iter().enumerate() {
        for game_no in 0..6 {
            let mut pos = Position::start(rules.clone());
            if rules.options.fog {
                pos.place_terrain(game_no);
            }
            let mut g = Game::from_position(pos);
            for ply in 0..60 {
                if g.is_over() {
                    break;
                }
                let pos = g.position().clone();
                pos.generate(Buys::All, &mut list);
                let generated: HashSet<Turn> = list.iter().map(|&m| pos.turn_of(m)).collect();
                let legal: HashSet<Turn> = g.legal_actions().into_iter().map(Turn::from).collect();
                assert_eq!(
                    generated, legal,
                    "rules {i}, game {game_no}, ply {ply}: {pos}"
                );
                assert_eq!(list.len(), generated.len(), "no move is listed twice");
                pos.generate(Buys::Uniform, &mut list);
                for &mv in &list {
                    let turn = pos.turn_of(mv);
                    assert_eq!(pos.move_of(&turn), Some(mv));
                    let mut after = g.clone();
                    after
                        .play(turn.clone())
                        .unwrap_or_else(|e| panic!("{turn:?}: {e}"));
                    let mut played = pos.clone();
                    played.play_move(mv);
                    assert_eq!(played.to_string(), after.position().to_string());
                }
                let actions = g.legal_actions();
                let mut turn = Turn::from(actions[rng.below(actions.len())].clone());
                if rules.options.unofficial && ply % 9 == 4 {
                    let slot = g.position().slots(pos.to_move())[0].clone();
                    let design = Design::parse(specials[rng.below(specials.len())]).unwrap();
                    turn.design = Some(DesignPhase::Redesign { slot, design });
                }
                if g.clone().play(turn.clone()).is_err() {
                    turn.design = None;
                }
                g.play(turn).expect("a legal action");
            }
        }
    }
}

#[test]
fn a_seed_decides_the_move() {
    let pos = Position::start(Ruleset::Classic.into());
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let a = search(&pos, &limits, 3, &stop);
    let b = search(&pos, &limits, 3, &stop);
    let same = |r: &engine::search::Report| (r.best, r.score, r.depth, r.nodes, r.pv.clone());
    assert_eq!(same(&a), same(&b));
}

#[test]
fn a_stopped_search_still_moves() {
    let pos = Position::start(Ruleset::Progressive.into());
    let limits = Limits {
        time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let report = search(&pos, &limits, 1, &AtomicBool::new(true));
    assert!(report.best.is_some());
}

#[test]
fn level_one_beats_a_random_player_every_time() {
    let setting = Setting::new(Ruleset::Classic.into());
    let level = Player::Computer(Level::MIN, Duration::from_secs(2));
    let score = play_match(level, Player::Random, 100, &setting, 1);
    assert_eq!(score.wins, 100, "{score}");
}

#[test]
fn level_two_beats_the_greedy_player() {
    for ruleset in [Ruleset::Classic, Ruleset::Progressive] {
        let setting = Setting::new(ruleset.into());
        let level = Player::Computer(Level::new(2).unwrap(), Duration::from_secs(2));
        let score = play_match(level, Player::Greedy, 100, &setting, 2);
        assert!(score.wins >= 95, "{ruleset}: {score}");
    }
}

#[test]
fn levels_parse_with_clear_errors() {
    assert_eq!("4".parse::<Level>().unwrap().number(), 4);
    for bad in ["0", "7", "x", ""] {
        let error = bad.parse::<Level>().unwrap_err().to_string();
        assert!(error.contains("from 1 (easiest) to 6"), "{error}");
    }
}

/// The computer (White) against a random player from `start`: every turn it offers is
/// legal, and it wins.
fn computer_beats_random_from(start: Position, level: Level) {
    let mut g = Game::from_position(start);
    let stop = AtomicBool::new(false);
    let mut rng = Rng(5);
    while !g.is_over() && g.turns().len() < 300 {
        let turn = if g.position().to_move() == Color::White {
            let think = Think::new(level, g.turns().len() as u64);
            engine::computer::choose_turn(&g, &think, &stop).expect("a turn while the game runs")
        } else {
            let actions = g.legal_actions();
            Turn::from(actions[rng.below(actions.len())].clone())
        };
        g.play(turn.clone())
            .unwrap_or_else(|e| panic!("{turn:?} refused: {e}\n{}", g.position()));
    }
    let outcome = g
        .result()
        .unwrap_or_else(|| panic!("unfinished: {}", g.position()));
    assert_eq!(outcome.winner, Some(Color::White), "{}", g.position());
}

#[test]
fn the_computer_plays_every_option() {
    let special = "P,doublemove-WF,shooting-R,relay-N,Q,K";
    let cases = [
        (Ruleset::Kurnia, Options::default(), FIDE.to_string()),
        (
            Ruleset::Classic,
            Options {
                power: true,
                ..Options::default()
            },
            FIDE.to_string(),
        ),
        (
            Ruleset::Classic,
            Options {
                unofficial: true,
                plunder: true,
                ..Options::default()
            },
            format!("{special}/{special}"),
        ),
        (
            Ruleset::Progressive,
            Options {
                fog: true,
                ..Options::default()
            },
            FIDE.to_string(),
        ),
    ];
    for (ruleset, options, slots) in cases {
        let text = format!("4k3/8/8/8/8/8/8/4K3 w 0/0 -/- {slots} 1");
        let mut start = Position::parse(&text, Rules::new(ruleset, options)).expect("parses");
        if options.fog {
            start.place_terrain(3);
        }
        computer_beats_random_from(start, Level::new(2).unwrap());
    }
}

#[test]
fn match_scores_read_as_points() {
    use engine::computer::arena::MatchScore;
    let score = |wins, losses, draws| {
        MatchScore {
            wins,
            losses,
            draws,
            ..MatchScore::default()
        }
        .to_string()
    };
    assert_eq!(score(0, 0, 1), "½ of 1 (+0 -0 =1)");
    assert_eq!(score(6, 3, 1), "6½ of 10 (+6 -3 =1)");
    assert_eq!(score(2, 0, 0), "2 of 2 (+2 -0 =0)");
}
