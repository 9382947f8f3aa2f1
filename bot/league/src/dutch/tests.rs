use super::*;
use crate::dice::Dice;
use crate::model::Player;

fn field(n: u16) -> Tournament {
    Tournament {
        name: "t".into(),
        rounds: 5,
        first_colour: Color::White,
        players: (1..=n)
            .map(|i| Player {
                number: PlayerNo(i),
                name: format!("p{i}"),
                rating: 3000u16.saturating_sub(i),
                rounds: vec![],
                withdrawn: false,
            })
            .collect(),
        planned: vec![],
    }
}

fn games(p: &Pairings) -> Vec<(u16, u16)> {
    p.games.iter().map(|(w, b)| (w.0, b.0)).collect()
}

/// The TRF files of a fixture folder under tests/fixtures/pairing, in name order.
fn trf_fixtures(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pairing")
        .join(folder);
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    cases.sort();
    cases
}

/// The cases bbpPairings (FIDE-endorsed) paired, in `tests/fixtures/pairing/dutch`, with
/// at most `players` players: ours must print the same, line for line. (The 500-player
/// case is the benchmark's.)
fn same_as_the_reference(players: usize) {
    let cases = trf_fixtures("dutch");
    let mut checked = 0;
    let mut differ = Vec::new();
    for case in cases {
        let text = String::from_utf8(std::fs::read(&case).unwrap()).unwrap();
        let t = crate::trf::read(&text).unwrap().tournament().unwrap();
        if t.players.len() > players {
            continue;
        }
        let round = next_round(&t);
        let ours = pair(&t, round).unwrap();
        if let Err(rejected) = crate::checker::check(&t, round, &ours) {
            panic!("{}: {rejected}", case.display());
        }
        let expected = std::fs::read_to_string(case.with_extension("expected")).unwrap();
        if crate::trf::write_pairings(&ours) != expected.replace("\r\n", "\n") {
            differ.push(case.file_name().unwrap().to_string_lossy().into_owned());
        }
        checked += 1;
    }
    assert!(checked > 0);
    assert!(
        differ.is_empty(),
        "{} of {checked} differ: {differ:?}",
        differ.len()
    );
}

#[test]
fn pairs_as_the_reference_program_does() {
    same_as_the_reference(200);
}

/// Histories already past the colour limits before the round (a manual or imported
/// pairing left a colour difference beyond ±2 or three of one colour running), in
/// `tests/fixtures/pairing/colour-limits`: ours must make bbpPairings' pairs, colours
/// included, and the checker must accept them.
#[test]
fn pairs_histories_past_the_colour_limits_as_the_reference_program_does() {
    let cases = trf_fixtures("colour-limits");
    assert_eq!(cases.len(), 4, "{cases:?}");
    // The count line, then one pair a line (any line ending).
    let pairs = |text: &str| -> HashSet<String> {
        text.split(['\r', '\n'])
            .filter(|l| !l.is_empty())
            .skip(1)
            .map(str::to_owned)
            .collect()
    };
    let mut failed = Vec::new();
    for case in cases {
        let text = std::fs::read_to_string(&case).unwrap();
        let t = crate::trf::read(&text).unwrap().tournament().unwrap();
        let round = next_round(&t);
        let name = case.file_stem().unwrap().to_string_lossy().into_owned();
        let ours = match pair(&t, round) {
            Ok(ours) => ours,
            Err(e) => {
                failed.push(format!("{name}: {e}"));
                continue;
            }
        };
        if let Err(rejected) = crate::checker::check(&t, round, &ours) {
            failed.push(format!("{name}: {rejected}"));
        }
        let expected = std::fs::read_to_string(case.with_extension("expected")).unwrap();
        let (mine, theirs) = (pairs(&crate::trf::write_pairings(&ours)), pairs(&expected));
        assert!(!theirs.is_empty(), "{name}: no pairs in its .expected");
        if mine != theirs {
            let mut only_ours: Vec<_> = mine.difference(&theirs).collect();
            let mut only_theirs: Vec<_> = theirs.difference(&mine).collect();
            only_ours.sort();
            only_theirs.sort();
            failed.push(format!(
                "{name}: ours only {only_ours:?}, theirs only {only_theirs:?}"
            ));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// Whether some pairing of everyone present but `bye` keeps the absolute rules.
fn completes_without(t: &Tournament, round: u16, bye: PlayerNo) -> bool {
    let present: Vec<&crate::model::Player> = t
        .players
        .iter()
        .filter(|p| p.number != bye && t.plays(p.number, round))
        .collect();
    let entrants: Vec<Entrant> = present
        .iter()
        .map(|p| Entrant::new(t, usize::from(p.number.0) - 1, round))
        .collect();
    let mut graph = Graph::<1>::new(present.len());
    for a in 0..present.len() {
        for b in a + 1..present.len() {
            if entrants[a].compatible(&entrants[b]) {
                graph.set(a, b, Wide::from_u64(1));
            }
        }
    }
    Matching::new(graph).solve().is_ok()
}

/// Random Swiss tournaments (results, forfeits, absences, withdrawals, late entries),
/// each round paired by us and judged by the independent checker; the bye goes to the
/// lowest score that still lets everyone else be paired.
#[test]
fn random_tournaments_keep_the_absolute_rules() {
    let rounds_paired = random_tournaments(Dice(0x2545_f491_4f6c_dd1d), 1500, None);
    assert!(rounds_paired > 6000, "{rounds_paired}");
}

/// The same with a director swapping the colours of about one game in four after we
/// pair it, so that histories go past the colour limits: we still make no fault that
/// the checker finds avoidable.
#[test]
fn random_tournaments_with_swapped_colours_keep_the_absolute_rules() {
    let rounds_paired = random_tournaments(Dice(0x9e37_79b9_7f4a_7c15), 400, Some(4));
    assert!(rounds_paired > 1500, "{rounds_paired}");
}

/// Play `count` random tournaments; a game's colours are swapped once in `swap` games.
/// Returns the rounds paired.
fn random_tournaments(mut dice: Dice, count: usize, swap: Option<u64>) -> usize {
    let mut rounds_paired = 0;
    for _ in 0..count {
        let players = 3 + dice.roll(22) as u16;
        let rounds = 3 + dice.roll(7) as u16;
        let mut t = field(players);
        t.rounds = rounds;
        // Some enter late: absent (zero) for the rounds they missed.
        let late: Vec<u16> = (1..=players).filter(|_| dice.roll(10) == 0).collect();
        for round in 1..=rounds {
            for p in t.players.iter_mut() {
                let missing = late.contains(&p.number.0)
                    && round <= rounds / 2
                    && p.rounds.is_empty()
                    && dice.roll(2) == 0;
                if p.withdrawn || missing {
                    p.rounds.push(Round::Bye(Bye::Zero));
                } else if dice.roll(25) == 0 {
                    p.rounds.push(Round::Bye(if dice.roll(2) == 0 {
                        Bye::Half
                    } else {
                        Bye::Zero
                    }));
                } else if dice.roll(40) == 0 {
                    p.withdrawn = true;
                }
            }
            let Ok(pairings) = pair(&t, round) else {
                // A field too small to pair without rematches: a legal outcome.
                break;
            };
            // Stand-ins change how long a pairing takes, never what it is: with none,
            // and with too few at first.
            for stand_ins in [None, Some(2)] {
                let other = pair_with(&t, round, &Progress::default(), stand_ins);
                assert_eq!(other.as_ref(), Ok(&pairings), "round {round} of {t:?}");
            }
            if let Err(rejected) = crate::checker::check(&t, round, &pairings) {
                panic!("round {round} of {t:?}: {rejected}");
            }
            if let Some(bye) = pairings.bye {
                let score = t.player(bye).unwrap().points();
                for other in &t.players {
                    if other.number != bye
                        && t.plays(other.number, round)
                        && !other.had_point_without_game()
                        && other.points() < score
                    {
                        assert!(
                            !completes_without(&t, round, other.number),
                            "round {round}: bye to {bye}, but {} scores less: {t:?}",
                            other.number
                        );
                    }
                }
            }
            rounds_paired += 1;
            for &(w, b) in &pairings.games {
                let result = match dice.roll(20) {
                    0 => GameResult::ForfeitWin,
                    1 => GameResult::ForfeitLoss,
                    2..=7 => GameResult::Draw,
                    8..=13 => GameResult::Win,
                    _ => GameResult::Loss,
                };
                let (w, b) = match swap {
                    Some(one_in) if dice.roll(one_in) == 0 => (b, w),
                    _ => (w, b),
                };
                let wi = usize::from(w.0) - 1;
                let bi = usize::from(b.0) - 1;
                t.players[wi].rounds.push(Round::Game {
                    opponent: b,
                    colour: Color::White,
                    result: Some(result),
                });
                t.players[bi].rounds.push(Round::Game {
                    opponent: w,
                    colour: Color::Black,
                    result: Some(result.reversed()),
                });
            }
            if let Some(bye) = pairings.bye {
                t.players[usize::from(bye.0) - 1]
                    .rounds
                    .push(Round::Bye(Bye::Pairing));
            }
            for p in t.players.iter_mut() {
                if p.rounds.len() < usize::from(round) {
                    p.rounds.push(Round::Bye(Bye::Zero));
                }
            }
        }
    }
    rounds_paired
}

#[test]
fn rounds_out_of_turn_and_oversized_fields_are_refused() {
    let t = field(6);
    assert_eq!(pair(&t, 0), Err(DutchError::NotNext(0, 0)));
    assert_eq!(pair(&t, 2), Err(DutchError::NotNext(2, 0)));
    assert_eq!(pair(&t, 6), Err(DutchError::PastTheEnd(6, 5)));
    let crowd = field(2001);
    assert_eq!(pair(&crowd, 1), Err(DutchError::TooMany(2001)));
}

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half() {
    let p = pair(&field(6), 1).unwrap();
    assert_eq!(games(&p), vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(p.bye, None);
    let p = pair(&field(7), 1).unwrap();
    assert_eq!(games(&p), vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(p.bye, Some(PlayerNo(7)));
}
