//! Fuzzing as property tests (cargo-fuzz needs nightly; CI has stable): every reader of
//! text a file or a player can supply (designs, position strings, records, stored games,
//! turns, proposals) is fed arbitrary bytes, arbitrary printable text, and
//! valid texts mutated a few characters at a time (which reach far deeper than random
//! text). Nothing may panic, and whatever is accepted must round-trip: parse, write, parse
//! again gives the same thing.
//!
//! Case counts are bounded so the whole file runs in about 10 s in the test profile
//! (opt-level 2) on one core: see `CASES`. To hunt for bugs, raise them all at once with
//! `PROPTEST_CASES=500000 cargo test -p engine --test fuzz`. Every crash found
//! becomes a named test at the end of this file.

use engine::{
    price, Design, Game, Modifier, Players, Position, PriceTable, Proposals, Ruleset, Setup,
};
use proptest::prelude::*;
use proptest::test_runner::Config;
use rust_decimal::Decimal;
use std::str::FromStr;
use std::sync::OnceLock;

/// Cases per target, unless `PROPTEST_CASES` says otherwise.
const CASES: u32 = 8000;

fn config() -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = CASES;
    }
    // A panic here is a finding: let proptest shrink it instead of stopping at 1024 tries.
    config.max_shrink_iters = 4096;
    config
}

const DESIGNS: &[&str] = &[
    "royal-WF",
    "WbRbmHfB",
    "Wfc(DNFA)scDsHbmH",
    "fcFfmW",
    "NN",
    "nN",
    "fbDbcA",
    "relay-doublemove-shooting-N",
    "K",
    "Q",
    "sWbmD",
    "ffNbsL",
    "mRcB",
    "nDD",
];

const POSITIONS: &[&str] = &[
    "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
    "r1bqk2r/pp1[BL]1ppp/2[NN]1pn2/2p[WD]4/3P1(WD)2/2N1P(NN)2/PP(BL)2PPP/R1BQK2R w 0/0 -/- R,NbR,Q,K,WbRbmHfB,RbcBbN/R,NbR,Q,K,WbRbmHfB,RbcBbN 1",
    "8/8/4k3/8/3(WD)4/3K4/8/8 w 1/2 -/fbDbcA P,N,WD,R,Q,K/P,N,fbDbcA,R,Q,K 9",
    "k3k3/8/8/8/8/8/4R3/r3K2K b 3/0.5 N,N,WD/P P,N,B,R,Q,K/P,N,B,R,Q,K 12",
    "4[royal-nN]3/8/8/8/8/2[nDD]5/8/3(royal-N)4 w 99.25/7 K/- P,N,B,R,Q,K/P,N,B,R,Q,K 4294967295",
];

const RECORDS: &[&str] = &[
    "[Ruleset \"classic\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\n1.Kd2; B=WD 2.Kd7 3.Kd3 4.Kd6; B=fbDbcA 5.Buy WD 6.Buy fbDbcA 7.(WD)@d4+ 8.Ke6\n",
    "[Start \"7k/8/5K2/8/8/8/8/8 w 8/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1\"]\n[Result \"1-0\"]\n[Termination \"checkmate\"]\n\n1.Buy Q 2.Kg8 3.Q@g7# 1-0\n",
    "[Ruleset \"progressive\"]\n[Options \"power,unofficial\"]\n\n1.Kd2; B=WD 2.Kd7 3.Kd3 4.Kd6 5.Kc3 6.Kc6 7.Kd3; Buy WD, N 8.Kd6 1/2-1/2\n",
    "[Ruleset \"kurnia\"]\n[Proposals \"atom Chinese_knight nN 2.4; modifier runner 5\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1.Kd2; N=WcnN 2.Ke7 3.Kd3; B=DDB 0-1\n",
];

const STORED: &[&str] = &[
    include_str!("fixtures/games/format0-middlegame.json"),
    include_str!("fixtures/games/format0-kurnia-proposals.json"),
    include_str!("fixtures/games/format0-checkmate.json"),
];

const TURNS: &[&str] = &[
    "Kd2",
    "Kxd2+",
    "(WD)xe5+",
    "N@f3",
    "Buy WD, N",
    "Kd2; B=WD",
    "Ke2; P=WbRbmHfB",
    "Raa3",
    "R1a3",
    "exd5",
    "Buy N; (WD)=WF",
    "Q@g7#",
];

/// Characters the formats use, and a few they don't, for insertions and replacements.
const ALPHABET: &[char] = &[
    '(',
    ')',
    '[',
    ']',
    '/',
    ',',
    ';',
    '-',
    '+',
    '#',
    'x',
    '@',
    '=',
    '.',
    ' ',
    '"',
    '\n',
    '0',
    '1',
    '2',
    '7',
    '8',
    '9',
    'K',
    'Q',
    'R',
    'B',
    'N',
    'P',
    'k',
    'q',
    'r',
    'b',
    'n',
    'p',
    'W',
    'F',
    'D',
    'A',
    'H',
    'G',
    'L',
    'C',
    'Z',
    'f',
    'l',
    's',
    'v',
    'm',
    'c',
    'w',
    'a',
    'e',
    'h',
    'é',
    '\u{0}',
    '\u{10FFFF}',
];

/// One edit: delete, insert, replace, or repeat a stretch of the text.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
    Repeat(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = any::<usize>();
    let ch = prop::sample::select(ALPHABET);
    prop_oneof![
        at.prop_map(Edit::Delete),
        (at, ch.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (at, ch).prop_map(|(i, c)| Edit::Replace(i, c)),
        (at, 1..40usize).prop_map(|(i, n)| Edit::Repeat(i, n)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let len = chars.len();
        match *e {
            Edit::Delete(i) if len > 0 => {
                chars.remove(i % len);
            }
            Edit::Insert(i, c) => chars.insert(i % (len + 1), c),
            Edit::Replace(i, c) if len > 0 => chars[i % len] = c,
            Edit::Repeat(i, n) if len > 0 => {
                let start = i % len;
                let end = (start + n).min(len);
                let stretch: Vec<char> = chars[start..end].to_vec();
                chars.splice(end..end, stretch);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Valid seeds mutated by a few edits (or none, to check the seeds themselves), arbitrary
/// printable text, and arbitrary bytes.
fn text_from(seeds: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (prop::sample::select(seeds), prop::collection::vec(edit(), 0..4))
            .prop_map(|(seed, edits)| apply(&seed, &edits)),
        1 => "[ -~]{0,80}",
        1 => prop::collection::vec(any::<u8>(), 0..80)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

fn text(seeds: &'static [&'static str]) -> impl Strategy<Value = String> {
    text_from(seeds.iter().map(|s| s.to_string()).collect())
}

/// Each seed position under each ruleset, with turns to mutate: its legal actions as the
/// record writes them (alone and with a redesign after), and `TURNS`. Worked out once: a
/// rich progressive position has tens of thousands of buys.
fn turn_seeds() -> &'static [(&'static str, Ruleset, Vec<String>)] {
    static SEEDS: OnceLock<Vec<(&'static str, Ruleset, Vec<String>)>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut all = Vec::new();
        for position in POSITIONS {
            for ruleset in Ruleset::ALL {
                let mut seeds: Vec<String> = TURNS.iter().map(|t| t.to_string()).collect();
                if let Ok(pos) = Position::parse(position, ruleset.into()) {
                    for action in pos.legal_actions().iter().take(60) {
                        let written = pos.notate(action);
                        seeds.push(format!("{written}; B=WD"));
                        seeds.push(written);
                    }
                }
                all.push((*position, ruleset, seeds));
            }
        }
        all
    })
}

/// A seed position, a ruleset, and a turn to play there.
fn turn_case() -> impl Strategy<Value = (&'static str, Ruleset, String)> {
    (0..turn_seeds().len()).prop_flat_map(|i| {
        let (position, ruleset, seeds) = &turn_seeds()[i];
        (Just(*position), Just(*ruleset), text_from(seeds.clone()))
    })
}

fn rules() -> impl Strategy<Value = Ruleset> {
    prop::sample::select(Ruleset::ALL.to_vec())
}

/// A design accepted must read back the same from its written and canonical forms, and
/// pricing it must not panic.
fn design_round_trip(text: &str) {
    let Ok(design) = Design::parse(text) else {
        return;
    };
    for form in [design.to_string(), design.canonical()] {
        let again = Design::parse(&form).unwrap_or_else(|e| panic!("{text:?} -> {form:?}: {e}"));
        assert_eq!(again, design, "{text:?} -> {form:?}");
    }
    let _ = price(&design, PriceTable::Classic, &Proposals::default());
}

/// A position accepted must write a string that reads back to itself; its game must list
/// and count the same actions.
fn position_round_trip(text: &str, ruleset: Ruleset) {
    let Ok(pos) = Position::parse(text, ruleset.into()) else {
        return;
    };
    let written = pos.to_string();
    let again = Position::parse(&written, ruleset.into())
        .unwrap_or_else(|e| panic!("{text:?} -> {written:?}: {e}"));
    assert_eq!(again.to_string(), written);
    assert_eq!(
        Position::from_setup(pos.to_setup(), ruleset.into())
            .map(|p| p.to_string())
            .as_deref(),
        Ok(written.as_str())
    );
    let actions = pos.count_legal_actions();
    if actions < 2000 {
        assert_eq!(pos.legal_actions().len() as u64, actions, "{written}");
    }
    let game = Game::from_position(pos);
    let json = serde_json::to_string(&game).unwrap();
    let reread: Game = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(serde_json::to_string(&reread).unwrap(), json);
}

/// What makes two games the same: positions, turns (designs compared by meaning: a slot
/// typed `vB` is the slot `B`) and result.
fn summary(
    game: &Game,
) -> (
    String,
    String,
    Vec<engine::PlayedTurn>,
    Option<engine::Outcome>,
) {
    (
        game.start().to_string(),
        game.position().to_string(),
        game.turns().to_vec(),
        game.result().copied(),
    )
}

/// A record replayed must export a record that replays to the same game.
fn record_round_trip(text: &str) {
    let Ok(replay) = Game::replay(text) else {
        return;
    };
    let exported = replay.game.record_text(&replay.players);
    let again = Game::replay(&exported).unwrap_or_else(|e| panic!("{text:?}\n->\n{exported}\n{e}"));
    assert!(
        summary(&again.game) == summary(&replay.game),
        "{text:?} exported as\n{exported}\nreplays differently"
    );
}

/// A stored game that loads must store and load again the same.
fn stored_round_trip(json: &str) {
    let Ok(game) = serde_json::from_str::<Game>(json) else {
        return;
    };
    let stored = serde_json::to_string(&game).unwrap();
    let again: Game = serde_json::from_str(&stored).unwrap_or_else(|e| panic!("{stored}: {e}"));
    assert!(summary(&again) == summary(&game), "{json}");
}

/// A turn accepted must be written so that the writing plays the same turn.
fn turn_round_trip(position: &str, ruleset: Ruleset, turn: &str) {
    let Ok(pos) = Position::parse(position, ruleset.into()) else {
        return;
    };
    let game = Game::from_position(pos);
    let parsed = game.parse_turn(turn).is_ok();
    let mut played = game.clone();
    let result = played.play_text(turn);
    assert_eq!(
        parsed,
        result.is_ok(),
        "{turn:?}: parsing and playing disagree"
    );
    let Ok(result) = result else {
        return;
    };
    let mut again = game.clone();
    again
        .play_text(&result.notation)
        .unwrap_or_else(|e| panic!("{turn:?} was written {:?}: {e}", result.notation));
    assert_eq!(
        again.position().to_string(),
        played.position().to_string(),
        "{turn:?} -> {:?}",
        result.notation
    );
}

/// Proposal words, notations and estimates: refused or agreed, never a panic; what is
/// agreed prices designs that use it.
fn proposal(notation: &str, modifier: &str, estimates: [&str; 2], design: &str) {
    let _ = Modifier::from_str(modifier);
    let mut game = Game::new(Ruleset::Kurnia.into());
    let estimates = estimates.map(|e| Decimal::from_str(e.trim()).unwrap_or(Decimal::ONE));
    if let Ok(atom) = Design::parse(notation) {
        let _ = game.check_proposal_atom(&atom);
        let _ = game.agree_atom("atom", &atom, estimates);
    }
    if let Ok(m) = Modifier::from_str(modifier) {
        let _ = game.agree_modifier("modifier", m, estimates);
    }
    if let Ok(design) = Design::parse(design) {
        let _ = price(&design, PriceTable::Bodlaender, &game.rules().proposals);
        let _ = game.position().cost(&design);
    }
    let record = game.record_text(&Players::default());
    record_round_trip(&record);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn designs(text in text(DESIGNS)) {
        design_round_trip(&text);
        let _ = Design::parse_piece(&text);
        let _ = Design::parse_lookup(&text);
    }

    #[test]
    fn positions(text in text(POSITIONS), ruleset in rules()) {
        let _ = text.parse::<Setup>();
        position_round_trip(&text, ruleset);
    }

    #[test]
    fn records(text in text(RECORDS)) {
        record_round_trip(&text);
    }

    #[test]
    fn stored_games(json in text(STORED)) {
        stored_round_trip(&json);
    }

    #[test]
    fn turns((position, ruleset, turn) in turn_case()) {
        turn_round_trip(position, ruleset, &turn);
    }

    #[test]
    fn proposals(
        notation in text(&["nN", "Z", "DD", "nDD", "NN", "C"]),
        modifier in text(&["runner", "lame", "n", "rider"]),
        estimates in [text(&["2.4", "1000", "0.5", "1e3"]), text(&["5", "0.0000000001", "-1"])],
        design in text(DESIGNS),
    ) {
        proposal(&notation, &modifier, [&estimates[0], &estimates[1]], &design);
    }
}
