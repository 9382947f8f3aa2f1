//! A fog game player's picture shows what the rules let them see and nothing else: two
//! positions that differ only on squares the viewer can't see give the same PNG bytes, and
//! a change on a square they see changes the picture. Random fog games (unofficial prefixes
//! and plunder on, terrain from a seed) are played with a seeded generator.

use render::engine::fog::View;
use render::engine::{Color, Design, Game, Options, Position, Rules, Ruleset, Square, Turn};
use render::{CsipgsBoardView, CsipgsReplayView, Style};

const NAMES: [&str; 2] = ["Alice", "Bob"];

/// SplitMix64: a seeded sequence, so a failure replays exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn rules() -> Rules {
    Rules::new(
        Ruleset::Classic,
        Options {
            fog: true,
            unofficial: true,
            plunder: true,
            ..Options::default()
        },
    )
}

/// A start with money, reserves and prefixed designs, so random play buys, drops, shoots,
/// relays and moves twice; the terrain follows the seed.
fn start(seed: u64) -> Position {
    let text = "4k3/8/8/8/8/8/8/4K3 w 30/30 shooting-WD,N/relay-N,B \
                P,N,shooting-WD,relay-N,doublemove-W,K/P,N,shooting-WD,relay-N,doublemove-W,K 1";
    let mut position = Position::parse(text, rules()).expect("a legal start");
    position.place_terrain(seed);
    position
}

/// A random game of up to `plies` turns.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let mut game = Game::from_position(start(seed));
    for _ in 0..plies {
        let actions = game.legal_actions();
        if game.is_over() || actions.is_empty() {
            break;
        }
        let action = actions[rng.below(actions.len())].clone();
        game.play(Turn::from(action)).expect("a legal action plays");
    }
    game
}

fn picture(view: &View) -> Vec<u8> {
    render::board(
        &render::BoardView::from(CsipgsBoardView::from_view(view, NAMES)),
        &Style::board_px(240),
    )
}

/// The position with one square changed, as a fresh game (no history, so both games of a
/// comparison remember the same terrain), or None if the change is no legal position.
fn changed(position: &Position, square: Square, to: Option<(Color, Design)>) -> Option<Game> {
    let mut setup = position.to_setup();
    setup.board[square.index()] = to;
    Position::from_setup(setup, rules())
        .ok()
        .map(Game::from_position)
}

fn design(text: &str) -> Design {
    Design::parse(text).unwrap()
}

/// What may stand on a square instead of what does: nothing, or an enemy piece of another
/// design. Royal pieces stay, so no change ends the game.
fn replacements(now: Option<(Color, &Design)>, enemy: Color) -> Vec<Option<(Color, Design)>> {
    match now {
        Some((_, d)) if d.is_royal() => Vec::new(),
        Some((c, d)) => {
            let other = if *d == design("WD") { "FA" } else { "WD" };
            vec![None, Some((c, design(other)))]
        }
        None => vec![
            Some((enemy, design("N"))),
            Some((enemy, design("shooting-WD"))),
        ],
    }
}

/// One player's view of the end of a random game, as a fresh game (see [`changed`]), and
/// its picture.
struct Case {
    seed: u64,
    game: Game,
    viewer: Color,
    view: View,
    picture: Vec<u8>,
}

impl Case {
    /// The games' positions with the square changed in every way [`replacements`] offers.
    fn changes(&self, square: Square) -> impl Iterator<Item = Game> + '_ {
        let position = self.game.position();
        replacements(position.piece_at(square), !self.viewer)
            .into_iter()
            .filter_map(move |to| changed(position, square, to))
    }
}

/// Both players' views of twelve random games.
fn cases() -> impl Iterator<Item = Case> {
    (1..=12u64).flat_map(|seed| {
        let played = random_game(seed, 10 + 3 * seed as usize);
        Color::ALL.map(move |viewer| {
            let game = Game::from_position(played.position().clone());
            let view = game.view(viewer);
            Case {
                seed,
                viewer,
                picture: picture(&view),
                view,
                game,
            }
        })
    })
}

#[test]
fn what_the_viewer_cannot_see_never_changes_their_picture() {
    let (mut compared, mut revealed) = (0, 0);
    for case in cases() {
        let (seed, viewer) = (case.seed, case.viewer);
        let terrain = case.game.position().terrain();
        let mut rng = Rng(seed * 31 + viewer.index() as u64);
        let mut unseen: Vec<Square> = Square::all()
            .filter(|&sq| !case.view.seen.contains(sq) && !terrain.contains(sq))
            .collect();
        for _ in 0..4.min(unseen.len()) {
            let sq = unseen.swap_remove(rng.below(unseen.len()));
            for other in case.changes(sq) {
                let other_view = other.view(viewer);
                if other_view.seen != case.view.seen || other.result() != case.game.result() {
                    // The rules themselves tell: a piece put in front of a pawn or on a
                    // lame leap's path blocks a move, so the viewer sees less.
                    revealed += 1;
                    continue;
                }
                // Not assert_eq: a failure would print two PNGs byte by byte.
                assert!(
                    picture(&other_view) == case.picture,
                    "seed {seed}, {viewer}'s picture changed with unseen {sq}"
                );
                compared += 1;
            }
        }
    }
    assert!(
        compared >= 60,
        "{compared} comparisons, {revealed} told by the rules"
    );
}

#[test]
fn a_change_the_viewer_can_see_changes_their_picture() {
    let mut compared = 0;
    for case in cases() {
        let position = case.game.position();
        // Every seen square but the viewer's own pieces and rock.
        let squares = case.view.seen.filter(|&sq| {
            !position.terrain().contains(sq)
                && position.piece_at(sq).is_none_or(|(c, _)| c != case.viewer)
        });
        for sq in squares {
            for other in case.changes(sq) {
                assert!(
                    picture(&other.view(case.viewer)) != case.picture,
                    "seed {}, {} can't see the change on {sq}",
                    case.seed,
                    case.viewer
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 60, "{compared} comparisons");
}

#[test]
fn a_view_hides_unseen_squares_keeps_remembered_rock_and_shows_no_check() {
    for seed in 1..=6u64 {
        let game = random_game(seed, 40);
        for viewer in Color::ALL {
            let view = game.view(viewer);
            let board = CsipgsBoardView::from_view(&view, NAMES);
            assert_eq!(board.orientation, viewer);
            assert!(board.check.is_empty());
            assert_eq!(board.hidden.len() as u32, 64 - view.seen.count());
            assert!(board
                .pieces
                .iter()
                .all(|(sq, _, _)| !board.hidden.contains(sq)));
            assert!(board
                .terrain
                .iter()
                .all(|&sq| game.position().terrain().contains(sq)));
            // Every piece of the viewer's own shows.
            let own = game.position().occupied(viewer).count() as usize;
            assert_eq!(
                board.pieces.iter().filter(|(_, c, _)| *c == viewer).count(),
                own
            );
        }
        // The true board, for after the game: every rock, nothing hidden, no check.
        let whole = CsipgsBoardView::from_game(&game, NAMES);
        assert_eq!(
            whole.terrain.len() as u32,
            game.position().terrain().count()
        );
        assert!(whole.hidden.is_empty() && whole.check.is_empty());
    }
}

#[test]
fn the_replay_of_a_fog_game_shows_every_rock_in_every_frame() {
    let game = random_game(7, 30);
    let rock: Vec<Square> = game.position().terrain().collect();
    assert_eq!(rock.len(), 6);
    let replay = CsipgsReplayView::from_game(&game, NAMES);
    assert_eq!(replay.frames.len(), game.turns().len() + 1);
    for frame in &replay.frames {
        assert_eq!(frame.terrain, rock);
        assert!(frame.hidden.is_empty() && frame.check.is_empty());
    }
    let gif = render::replay(
        &render::ReplayView::from(replay.clone()),
        &Style::board_px(240),
    );
    assert_eq!(&gif[..6], b"GIF89a");
}
