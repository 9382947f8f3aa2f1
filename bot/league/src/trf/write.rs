//! The third phase: a tournament written as TRF, and a round's pairings as pairing programs
//! print them.

use super::{clean, MAX_POINTS, MAX_RATING, NAME_WIDTH};
use crate::model::{Bye, GameResult, Pairings, Player, Points, Round, Tournament};
use engine::Color;

/// Writes a tournament as TRF-2026, with JaVaFo's `XXR`/`XXC` as well for TRF16 programs.
pub fn write(t: &Tournament) -> String {
    let (javafo_colour, fide_colour) = match t.first_colour {
        Color::White => ("white1", 'W'),
        Color::Black => ("black1", 'B'),
    };
    let mut lines = vec![format!("012 {}", clean(&t.name))];
    // TRF has no "0 rounds": leave the count out until there is one.
    if t.rounds > 0 {
        lines.extend([format!("142 {}", t.rounds), format!("XXR {}", t.rounds)]);
    }
    lines.extend([format!("152 {fide_colour}"), format!("XXC {javafo_colour}")]);
    let paired = t.rounds_paired();
    for player in &t.players {
        let mut line = player_text(player);
        for round in 0..usize::from(paired) {
            line.push_str(
                &player
                    .rounds
                    .get(round)
                    .map_or_else(|| " ".repeat(10), entry_text),
            );
        }
        let ahead: Vec<(u16, Bye)> = if player.withdrawn {
            (paired..t.rounds)
                .map(|round| (round + 1, Bye::Zero))
                .collect()
        } else {
            // A pairing-allocated bye comes from pairing the round and cannot be fixed ahead.
            t.planned
                .iter()
                .filter(|&&(round, number, bye)| {
                    number == player.number && round > paired && bye != Bye::Pairing
                })
                .map(|&(round, _, bye)| (round, bye))
                .collect()
        };
        let last = ahead
            .iter()
            .map(|&(round, _)| round)
            .max()
            .unwrap_or(paired);
        for round in (paired..last).map(|r| r + 1) {
            let bye = ahead
                .iter()
                .find(|&&(r, _)| r == round)
                .map(|&(_, bye)| Round::Bye(bye));
            line.push_str(&bye.as_ref().map_or_else(|| " ".repeat(10), entry_text));
        }
        lines.push(line.trim_end().to_string());
    }
    let mut text = lines.join("\r\n");
    text.push_str("\r\n");
    text
}

/// Columns 1–89 of a player's `001` line (rank is the pairing number).
fn player_text(player: &Player) -> String {
    let name: String = clean(&player.name).chars().take(NAME_WIDTH).collect();
    let rating = match player.rating {
        0 => String::new(),
        rating => rating.min(MAX_RATING).to_string(),
    };
    let points = match player.points() {
        Points(half) if half <= MAX_POINTS => {
            format!("{}.{}", half / 2, if half % 2 == 1 { 5 } else { 0 })
        }
        _ => String::new(),
    };
    let number = player.number.0;
    // Sex and title, federation, FIDE number, birth date: unknown here, so blank.
    format!(
        "001 {number:>4} {:4} {name:<NAME_WIDTH$} {rating:>4} {:3} {:11} {:10} {points:>4} {number:>4}",
        "", "", "", ""
    )
}

/// One round's 10 columns: two blanks, opponent, colour, result.
fn entry_text(round: &Round) -> String {
    match *round {
        Round::Game {
            opponent,
            colour,
            result,
        } => {
            let result = result.map_or(' ', |r| match r {
                GameResult::Win => '1',
                GameResult::Draw => '=',
                GameResult::Loss => '0',
                GameResult::ForfeitWin => '+',
                GameResult::ForfeitLoss => '-',
                GameResult::UnratedWin => 'W',
                GameResult::UnratedDraw => 'D',
                GameResult::UnratedLoss => 'L',
            });
            format!("  {:>4} {} {result}", opponent.0, colour.letter())
        }
        Round::Bye(bye) => {
            let code = match bye {
                Bye::Pairing => 'U',
                Bye::Full => 'F',
                Bye::Half => 'H',
                Bye::Zero => 'Z',
            };
            format!("  0000 - {code}")
        }
    }
}

/// A round's pairings as JaVaFo and bbpPairings print them: the number of pairs (the bye
/// counts as one), then "white black" per game, then "player 0" for the bye.
pub fn write_pairings(p: &Pairings) -> String {
    let mut lines = vec![(p.games.len() + usize::from(p.bye.is_some())).to_string()];
    lines.extend(
        p.games
            .iter()
            .map(|(white, black)| format!("{white} {black}")),
    );
    lines.extend(p.bye.map(|bye| format!("{bye} 0")));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PlayerNo;
    use crate::trf::samples::{at, game, player, sample};
    use crate::trf::{read, Record};

    #[test]
    fn writes_the_columns_trf_defines() {
        let t = read(&sample()).unwrap().tournament().unwrap();
        let text = write(&t);
        assert!(text.ends_with("\r\n"));
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(
            lines[..5],
            ["012 Spring Open", "142 3", "XXR 3", "152 W", "XXC white1"]
        );
        let expected = at(&[
            (1, "001"),
            (8, "3"),
            (15, "Gamma, Gil"),
            (82, "0.0"),
            (89, "3"),
            (95, "1 b 0"),
            (105, "4 w -"),
            (112, "0000 - H"),
        ]);
        assert_eq!(lines[7], expected);
        assert!(lines[6].contains(&format!("{:<33} 1950", "Ærøskøbing, Åse")));
        assert_eq!(&lines[8][109..], "  0000 - F");
    }

    #[test]
    fn write_fits_what_the_columns_hold() {
        let long = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine";
        let t = Tournament {
            name: "Cup\nFinal ".into(),
            rounds: 0,
            first_colour: Color::Black,
            players: vec![Player {
                number: PlayerNo(1),
                name: long.into(),
                rating: 12_000,
                rounds: vec![],
                withdrawn: false,
            }],
            planned: vec![(1, PlayerNo(1), Bye::Pairing)],
        };
        let text = write(&t);
        assert_eq!(text.lines().next(), Some("012 Cup Final"));
        assert!(!text.contains("XXR"));
        // Without its rounds the file is no tournament to pair; its lines still read.
        let file = read(&text).unwrap();
        assert!(file.tournament().is_err());
        let Some(Record::Player(p)) = file.lines.last().map(|l| &l.record) else {
            panic!("no player line in {text}");
        };
        assert_eq!(p.name, long.chars().take(33).collect::<String>());
        assert_eq!(p.rating, 9999);
        assert_eq!(p.rounds, []);
    }

    #[test]
    fn write_leaves_out_points_too_large_for_the_column() {
        // Pairing-allocated byes, so that the rounds count as paired.
        let rounds = (0..100).map(|_| Round::Bye(Bye::Pairing)).collect();
        let t = Tournament {
            name: String::new(),
            rounds: 100,
            first_colour: Color::White,
            players: vec![Player {
                number: PlayerNo(1),
                name: "A".into(),
                rating: 0,
                rounds,
                withdrawn: false,
            }],
            planned: vec![],
        };
        let file = read(&write(&t)).unwrap();
        let Some(Record::Player(p)) = file.lines.last().map(|l| &l.record) else {
            panic!("no player line");
        };
        assert_eq!(p.points, None);
        assert_eq!(file.tournament().unwrap(), t);
    }

    /// Every kind of round, a game still being played, a double forfeit, byes fixed ahead
    /// and a withdrawal.
    fn everything() -> Tournament {
        use GameResult::*;
        let player = |number: u16, name: &str, rating: u16, rounds: Vec<Round>| Player {
            number: PlayerNo(number),
            name: name.into(),
            rating,
            rounds,
            withdrawn: false,
        };
        let playing = |opponent: u16, colour: Color| Round::Game {
            opponent: PlayerNo(opponent),
            colour,
            result: None,
        };
        let (w, b) = (Color::White, Color::Black);
        let mut players = vec![
            player(
                1,
                "Anna",
                2000,
                vec![game(4, w, Win), game(2, b, Draw), playing(3, w)],
            ),
            player(
                2,
                "Ærøskøbing, Åse",
                1900,
                vec![
                    game(5, w, UnratedWin),
                    game(1, w, Draw),
                    game(6, w, ForfeitWin),
                ],
            ),
            player(
                3,
                "李小龍",
                0,
                vec![
                    Round::Bye(Bye::Pairing),
                    game(4, w, UnratedDraw),
                    playing(1, b),
                ],
            ),
            player(
                4,
                "Dan",
                1500,
                vec![
                    game(1, b, Loss),
                    game(3, b, UnratedDraw),
                    Round::Bye(Bye::Full),
                ],
            ),
            player(
                5,
                "Eve",
                1400,
                vec![
                    game(2, b, UnratedLoss),
                    game(6, w, ForfeitLoss),
                    Round::Bye(Bye::Zero),
                ],
            ),
            player(
                6,
                "Fay",
                1300,
                vec![
                    Round::Bye(Bye::Half),
                    game(5, b, ForfeitLoss),
                    game(2, b, ForfeitLoss),
                ],
            ),
        ];
        players[4].withdrawn = true;
        Tournament {
            name: "Spring Open".into(),
            rounds: 5,
            first_colour: Color::Black,
            players,
            planned: vec![
                (4, PlayerNo(3), Bye::Half),
                (5, PlayerNo(1), Bye::Zero),
                (5, PlayerNo(4), Bye::Full),
            ],
        }
    }

    #[test]
    fn round_trips_what_it_writes() {
        let t = everything();
        let text = write(&t);
        assert_eq!(read(&text).unwrap().tournament().unwrap(), t, "{text}");
        // Before round 1 too.
        let mut fresh = t.clone();
        for p in &mut fresh.players {
            p.rounds.clear();
        }
        fresh.planned.push((1, PlayerNo(6), Bye::Half));
        fresh
            .planned
            .sort_by_key(|&(round, player, _)| (round, player));
        assert_eq!(read(&write(&fresh)).unwrap().tournament().unwrap(), fresh);
    }

    #[test]
    fn writes_pairings_as_pairing_engines_print_them() {
        let p = Pairings {
            games: vec![(PlayerNo(3), PlayerNo(1)), (PlayerNo(2), PlayerNo(4))],
            bye: Some(PlayerNo(5)),
        };
        assert_eq!(write_pairings(&p), "3\n3 1\n2 4\n5 0\n");
        assert_eq!(write_pairings(&Pairings::default()), "0\n");
    }

    /// Reading never panics, and whatever reads as a tournament writes back as the same one.
    fn survives(text: &str) {
        if let Ok(t) = read(text).and_then(|file| file.tournament()) {
            let again = read(&write(&t)).and_then(|file| file.tournament());
            assert_eq!(again.as_ref(), Ok(&t), "{text:?}");
        }
    }

    #[test]
    fn survives_garbage() {
        let huge = "9".repeat(100);
        let cases = [
            String::new(),
            "\n\r\n\r".into(),
            "\u{0}\u{1}\u{7f}".into(),
            "ÆØÅ ÆØÅ".into(),
            "001 ".into(),
            format!("001 {huge}"),
            format!("XXR {huge}"),
            format!("240 H {huge} {huge}"),
            format!("152 {huge}"),
            player(9999, "Ωμέγα", "9999", "99.5", &["9999 w 1"]),
            format!("001    1      {}", "é".repeat(100)),
            player(1, "A", "", "", &["   2 w 1"]).repeat(3),
            player(1, "A", "", "", &[]) + &"  0000 - Z".repeat(5000),
            "001    1".to_string() + &"x".repeat(100_000),
        ];
        for case in &cases {
            survives(case);
        }
    }

    #[test]
    fn survives_truncation_and_mutation() {
        let sample = write(&everything()) + &sample();
        let chars: Vec<char> = sample.chars().collect();
        for end in 0..chars.len() {
            survives(&chars[..end].iter().collect::<String>());
        }
        let palette = [
            ' ', '0', '1', '4', '9', 'w', 'b', '-', '+', '=', 'U', 'Z', 'H', '.', '#', 'é', '€',
            '\n', '\r', '\t',
        ];
        // xorshift: a fixed, dependency-free sequence.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        for _ in 0..3000 {
            let mut mutated = chars.clone();
            for _ in 0..1 + next(4) {
                let at = next(mutated.len());
                match next(3) {
                    0 => mutated[at] = palette[next(palette.len())],
                    1 => {
                        mutated.remove(at);
                    }
                    _ => mutated.insert(at, palette[next(palette.len())]),
                }
            }
            survives(&mutated.iter().collect::<String>());
        }
    }

    /// The bbpPairings fixtures with this extension, in name order.
    fn fixtures(extension: &str) -> Vec<std::path::PathBuf> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pairing/dutch");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == extension))
            .collect();
        paths.sort();
        assert!(!paths.is_empty(), "no .{extension} fixtures in {dir}");
        paths
    }

    #[test]
    fn round_trips_the_bbp_pairings_fixtures() {
        for path in fixtures("trf") {
            let text = std::fs::read_to_string(&path).unwrap();
            let t = read(&text)
                .and_then(|file| file.tournament())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let again = read(&write(&t)).and_then(|file| file.tournament());
            assert_eq!(again, Ok(t), "{}", path.display());
        }
    }

    #[test]
    fn writes_pairings_as_bbp_pairings_prints_them() {
        for path in fixtures("expected") {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut pairings = Pairings::default();
            for line in text.lines().skip(1) {
                let numbers: Vec<u16> = line.split(' ').map(|n| n.parse().unwrap()).collect();
                match numbers[..] {
                    [bye, 0] => pairings.bye = Some(PlayerNo(bye)),
                    [white, black] => pairings.games.push((PlayerNo(white), PlayerNo(black))),
                    _ => panic!("{}: {line}", path.display()),
                }
            }
            assert_eq!(write_pairings(&pairings), text, "{}", path.display());
        }
    }
}
