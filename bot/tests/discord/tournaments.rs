//! Tournaments through the fake Discord and the real `csipgs serve`: scripted members sign up
//! with the Join button and /tournament join, the organiser starts with /td start, and every
//! game is played out in the thread the bot opened for it (a resignation or an agreed draw),
//! round after round, to the final standings. A 4-player round robin (with refusals of bad
//! input, and a game thread Discord archived and locked), and a 5-player Swiss whose bot is
//! stopped and started again twice on the same database. Runs inside `unshare -rn` like the
//! other e2e suites; the two tests run side by side, the Swiss (about 35 s) waiting out the
//! 30 s the bot leaves before trying a refused thread again.

use crate::support;

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;
use support::fixtures::{self, button, channel, s, slash, subcommand, Opt, Place, User};
use support::fixtures::{ALICE, BOB, CAROL, DAVE, ERIN};
use support::{Bot, FakeDiscord, Fault, Launch, Route, Rule, Sent};

const MEMBERS: [User; 5] = [ALICE, BOB, CAROL, DAVE, ERIN];

fn member(id: u64) -> User {
    *MEMBERS
        .iter()
        .find(|m| m.id == id)
        .unwrap_or_else(|| panic!("no member {id}"))
}

/// The ids in `text` written as `open` digits `>`: `<@` for members, `<#` for channels.
fn ids(text: &str, open: &str) -> Vec<u64> {
    text.match_indices(open)
        .filter_map(|(at, _)| {
            let rest = &text[at + open.len()..];
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let closed = rest[digits..].starts_with('>');
            closed.then(|| rest[..digits].parse().ok()).flatten()
        })
        .collect()
}

/// An answer only the asker sees, saying `expected`.
async fn refused(fake: &FakeDiscord, ix: &serde_json::Value, expected: &str) {
    let reply = fake.answer(ix).await;
    assert!(reply.ephemeral(), "public: {}", reply.content());
    assert!(reply.content().contains(expected), "{}", reply.content());
}

/// A tournament as its members see it: where it is, its number and its title in messages.
struct Cup {
    place: Place,
    id: u64,
    title: String,
    /// The announcement's Join button, as the bot made it.
    join: String,
}

impl Cup {
    fn channel(&self) -> u64 {
        self.place.channel_id()
    }

    fn td(&self, user: &User, sub: &str, options: Vec<Opt>) -> serde_json::Value {
        subcommand(self.place, user, "td", sub, options)
    }

    /// The messages in its channel that start with `prefix`.
    fn posts(&self, fake: &FakeDiscord, prefix: &str) -> Vec<Sent> {
        let mut posts = fake.channel_messages(self.channel());
        posts.retain(|m| m.content().starts_with(prefix));
        posts
    }

    fn pairings_prefix(&self, round: u16) -> String {
        format!("{}, round {round}:\n", self.title)
    }
}

/// `organiser` creates a tournament in `place`; its announcement carries the Join button.
async fn create(
    fake: &FakeDiscord,
    place: Place,
    organiser: &User,
    name: &str,
    options: Vec<Opt>,
) -> (Cup, Sent) {
    let mut all = vec![s("name", name)];
    all.extend(options);
    let ix = subcommand(place, organiser, "tournament", "create", all);
    let created = fake.answer(&ix).await;
    assert!(!created.ephemeral(), "{}", created.content());
    let buttons = created.buttons();
    let join = buttons
        .first()
        .filter(|b| b.starts_with("tournament:join:"))
        .cloned()
        .unwrap_or_else(|| panic!("a Join button: {:?} {}", buttons, created.content()));
    // The id names the tournament, then where its message was posted.
    let id = join
        .strip_prefix("tournament:join:")
        .and_then(|rest| rest.split(':').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("a tournament's number in {join}"));
    let cup = Cup {
        place,
        id,
        title: format!("**#{id} {name}**"),
        join,
    };
    let by = format!("<@{}> created {}", organiser.id, cup.title);
    assert!(created.content().starts_with(&by), "{}", created.content());
    (cup, created)
}

/// `who` presses the announcement's Join button.
async fn join_by_button(fake: &FakeDiscord, cup: &Cup, who: &User) -> Sent {
    let press = fake.press(cup.place, who, &cup.join);
    fake.answer(&press).await
}

async fn joined(fake: &FakeDiscord, cup: &Cup, who: &User, players: usize) {
    let reply = join_by_button(fake, cup, who).await;
    let text = format!("<@{}> joined {} ({players} players).", who.id, cup.title);
    assert_eq!(reply.content(), text);
    assert!(!reply.ephemeral());
}

async fn start(fake: &FakeDiscord, cup: &Cup, organiser: &User, expected: &str) {
    let started = fake.answer(&cup.td(organiser, "start", vec![])).await;
    assert!(!started.ephemeral(), "{}", started.content());
    let text = started.content();
    assert!(
        text.starts_with(&format!("{} has started.", cup.title)),
        "{text}"
    );
    assert!(text.contains(expected), "{text}");
}

/// A game of a round, in the thread the bot opened for it.
struct Board {
    number: u16,
    white: User,
    black: User,
    thread: u64,
}

impl Board {
    fn place(&self, cup: &Cup) -> Place {
        fixtures::thread(cup.channel(), self.thread)
    }

    fn has(&self, who: &User) -> bool {
        self.white.id == who.id || self.black.id == who.id
    }

    fn opponent(&self, who: &User) -> User {
        if self.white.id == who.id {
            self.black
        } else {
            self.white
        }
    }
}

/// A round as the bot posted it: its pairings message, its boards (each thread checked: under
/// the tournament's channel, named after the round and players, opened with the board
/// mentioning both), and who had a bye.
struct Round {
    boards: Vec<Board>,
    byes: Vec<u64>,
}

async fn round(fake: &FakeDiscord, cup: &Cup, number: u16, within: Duration) -> Round {
    let prefix = cup.pairings_prefix(number);
    let posted = fake
        .eventually(&format!("round {number}'s pairings"), within, || {
            cup.posts(fake, &prefix).pop()
        })
        .await;
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    for line in posted.content().lines().skip(1) {
        let players = ids(line, "<@");
        if let Some(rest) = line.strip_prefix("Board ") {
            let number: u16 = rest.split(':').next().unwrap().parse().unwrap();
            let threads = ids(line, "<#");
            assert!(players.len() == 2 && threads.len() == 1, "{line}");
            boards.push(Board {
                number,
                white: member(players[0]),
                black: member(players[1]),
                thread: threads[0],
            });
        } else {
            assert!(line.ends_with(": bye, 1 point"), "{line}");
            byes.extend(players);
        }
    }
    let under: Vec<u64> = fake
        .threads_under(cup.channel())
        .iter()
        .map(|t| t.id)
        .collect();
    for board in &boards {
        let thread = fake.thread(board.thread).expect("the board's thread");
        assert!(under.contains(&thread.id) && thread.created_by_bot);
        let name = format!("R{number} · {} vs {}", board.white.name, board.black.name);
        assert_eq!(thread.name, name);
        let first = fake.channel_message(board.thread, 1).await;
        let opening = format!(
            "{}, round {number}, board {}: <@{}> (White) vs <@{}> (Black)",
            cup.title, board.number, board.white.id, board.black.id
        );
        assert!(first.content().starts_with(&opening), "{}", first.content());
        assert_eq!(first.pngs().len(), 1, "the starting board");
    }
    Round { boards, byes }
}

/// `loser` resigns their game with /resign and its confirm button.
async fn resign(fake: &FakeDiscord, cup: &Cup, board: &Board, loser: &User) {
    let here = board.place(cup);
    let asked = fake.answer(&slash(here, loser, "resign", vec![])).await;
    assert!(asked.ephemeral(), "{}", asked.content());
    let confirm = asked.buttons()[0].clone();
    let done = fake.answer(&button(here, loser, &confirm)).await;
    let text = format!("<@{}> resigns.", loser.id);
    assert!(done.content().starts_with(&text), "{}", done.content());
}

/// White offers a draw with /draw; Black's /draw accepts it.
async fn agree_draw(fake: &FakeDiscord, cup: &Cup, board: &Board) {
    let here = board.place(cup);
    let offer = fake
        .answer(&slash(here, &board.white, "draw", vec![]))
        .await;
    assert!(
        offer.content().contains("offers a draw"),
        "{}",
        offer.content()
    );
    let accepted = fake
        .answer(&slash(here, &board.black, "draw", vec![]))
        .await;
    let text = format!("<@{}> accepts the draw.", board.black.id);
    assert!(
        accepted.content().starts_with(&text),
        "{}",
        accepted.content()
    );
}

/// Points in half points, by member.
type Scores = BTreeMap<u64, u32>;

/// The final standings: posted once, with the winner named and the table as a PNG.
async fn final_standings(fake: &FakeDiscord, cup: &Cup, rounds: u16, winner: u64) -> Sent {
    let over = format!("{} is over.", cup.title);
    let last = fake
        .eventually("the final standings", Duration::from_secs(30), || {
            cup.posts(fake, &over).pop()
        })
        .await;
    let text = last.content();
    let named = format!("{over} Winner: <@{winner}>. Congratulations!\n");
    assert!(text.starts_with(&named), "{text}");
    let heading = format!("**Final standings, #{} ", cup.id);
    assert!(text.contains(&heading), "{text}");
    assert!(text.contains(&format!("after round {rounds}:")), "{text}");
    assert!(text.contains(&format!("\n1. <@{winner}> ")), "{text}");
    let table = last.pngs();
    assert_eq!(table.len(), 1, "the standings table");
    assert!(table[0].0 > 100 && table[0].1 > 50, "{table:?}");
    last
}

/// Each round's pairings posted exactly once, none skipped, none past the last.
fn each_round_once(fake: &FakeDiscord, cup: &Cup, rounds: u16) {
    for number in 1..=rounds + 1 {
        let posted = cup.posts(fake, &cup.pairings_prefix(number)).len();
        let expected = usize::from(number <= rounds);
        assert_eq!(posted, expected, "round {number}'s pairings");
    }
}

/// Half points for a result.
fn add(scores: &mut Scores, who: u64, half_points: u32) {
    *scores.entry(who).or_default() += half_points;
}

/// The 4-player round robin on a live clock (one round at a time), played to the end; the
/// refusals of bad input on the way; and a game thread Discord archived and locked, where
/// the organiser's result still arrives.
async fn round_robin(fake: &FakeDiscord) {
    let options = vec![
        Opt::Int("format", 1),
        s("time", "15m+10s"),
        Opt::Int("ruleset", 0),
    ];
    let (cup, created) = create(fake, channel(601), &CAROL, "Spring Cup", options).await;
    let text = created.content();
    assert!(text.contains(": a round robin, "), "{text}");
    assert!(text.contains("15m+10s"), "{text}");
    joined(fake, &cup, &ALICE, 1).await;
    joined(fake, &cup, &BOB, 2).await;
    joined(fake, &cup, &DAVE, 3).await;
    let by_command = subcommand(cup.place, &CAROL, "tournament", "join", vec![]);
    let reply = fake.answer(&by_command).await;
    assert!(
        reply.content().contains("(4 players)"),
        "{}",
        reply.content()
    );

    // Joining twice; a member who is not the organiser directing it.
    let twice = join_by_button(fake, &cup, &ALICE).await;
    assert!(twice.ephemeral(), "{}", twice.content());
    let already = format!("signed up for #{} Spring Cup already", cup.id);
    assert!(twice.content().contains(&already), "{}", twice.content());
    let director = format!(
        "Only <@{}>, who created #{} Spring Cup, and members with Manage Server can direct it",
        CAROL.id, cup.id
    );
    refused(fake, &cup.td(&BOB, "start", vec![]), &director).await;

    start(fake, &cup, &CAROL, "4 players, 3 round(s)").await;
    // Alice beats everyone (her opponents resign); the others draw among themselves.
    let mut scores = Scores::new();
    let mut names = Vec::new();
    for number in 1..=3 {
        let round = round(fake, &cup, number, Duration::from_secs(30)).await;
        assert_eq!(round.boards.len(), 2);
        assert!(round.byes.is_empty());
        for board in &round.boards {
            let name = format!("R{number} · {} vs {}", board.white.name, board.black.name);
            names.push(name);
            if board.has(&ALICE) {
                resign(fake, &cup, board, &board.opponent(&ALICE)).await;
                add(&mut scores, ALICE.id, 2);
            } else {
                if number == 1 {
                    unknown_board_and_locked_thread(fake, &cup, board).await;
                } else {
                    agree_draw(fake, &cup, board).await;
                }
                add(&mut scores, board.white.id, 1);
                add(&mut scores, board.black.id, 1);
            }
        }
    }
    let last = final_standings(fake, &cup, 3, ALICE.id).await;
    each_round_once(fake, &cup, 3);
    let threads: Vec<String> = fake
        .threads_under(cup.channel())
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(threads, names, "one thread per game, in order");
    let text = last.content();
    for (who, half_points) in scores {
        let points = match half_points % 2 {
            0 => format!("{}", half_points / 2),
            _ => format!("{}.5", half_points / 2),
        };
        assert!(text.contains(&format!(". <@{who}> {points} (")), "{text}");
    }
}

/// On a game of round 1: /td result for a board that doesn't exist is refused; then Discord
/// archives and locks the game's thread, and the organiser's result for it (a draw) is still
/// posted there: the bot reopens the thread and posts again.
async fn unknown_board_and_locked_thread(fake: &FakeDiscord, cup: &Cup, board: &Board) {
    let unknown = cup.td(
        &CAROL,
        "result",
        vec![
            Opt::Int("round", 1),
            Opt::Int("board", 9),
            Opt::Int("result", 2),
        ],
    );
    refused(
        fake,
        &unknown,
        "Round 1 has no board 9: /tournament pairings round:1 lists its boards.",
    )
    .await;

    fake.archive_thread(board.thread, true);
    let result = cup.td(
        &CAROL,
        "result",
        vec![
            Opt::Int("round", 1),
            Opt::Int("board", i64::from(board.number)),
            Opt::Int("result", 2),
        ],
    );
    let set = fake.answer(&result).await;
    assert!(!set.ephemeral(), "{}", set.content());
    let by = format!("(set by <@{}>)", CAROL.id);
    assert!(set.content().contains(&by), "{}", set.content());
    let ended = format!(
        "<@{}>, tournament director, set this game's result",
        CAROL.id
    );
    let told = fake
        .eventually(
            "the result in the locked thread",
            Duration::from_secs(20),
            || {
                let mut posts = fake.channel_messages(board.thread);
                posts.retain(|m| m.content().starts_with(&ended));
                posts.pop()
            },
        )
        .await;
    assert!(told.content().contains("The game ends here."));
    assert_eq!(
        fake.channel_edits(board.thread),
        [serde_json::json!({"archived": false})]
    );
    let thread = fake.thread(board.thread).unwrap();
    assert!(!thread.archived, "reopened");
    let refusals: Vec<(Route, Rule)> = fake
        .violations()
        .into_iter()
        .map(|v| (v.route, v.rule))
        .collect();
    assert_eq!(refusals, [(Route::ChannelMessage, Rule::ThreadLocked)]);
}

/// A round robin can't start with two players.
async fn round_robin_of_two(fake: &FakeDiscord) {
    let options = vec![Opt::Int("format", 1), s("time", "15m+10s")];
    let (cup, _) = create(fake, channel(602), &CAROL, "Duel", options).await;
    joined(fake, &cup, &ALICE, 1).await;
    joined(fake, &cup, &BOB, 2).await;
    let start = cup.td(&CAROL, "start", vec![]);
    let expected = format!(
        "#{} Duel has 2 player(s); a round robin needs at least 3 to start",
        cup.id
    );
    refused(fake, &start, &expected).await;
}

#[test]
fn round_robin_to_the_end() {
    support::run_isolated("tournaments::round_robin_to_the_end", || async {
        fixtures::check_all();
        let fake = FakeDiscord::start().await;
        let dir = support::scratch_dir("tournaments-rr");
        let bot = Launch::new(&fake.api_base(), &dir, "info").start();
        fake.wait_logged_in(1).await;
        round_robin_of_two(&fake).await;
        round_robin(&fake).await;
        let violations = fake.violations();
        assert_eq!(violations.len(), 1, "only the locked thread's refusal");
        assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
        let (clean, log) = bot.terminate();
        assert!(clean, "{log}");
        assert!(!log.contains("Err deserializing"), "{log}");
        fake.stop();
        let _ = std::fs::remove_dir_all(&dir);
    });
}

/// SIGTERM, then the bot again on the same database (its `n`th login).
async fn restart(fake: &FakeDiscord, bot: Bot, n: usize) -> Bot {
    let launch = bot.launch().clone();
    bot.sigterm();
    let (took, clean, log) = bot.wait_exit(Duration::from_secs(15)).await;
    assert!(clean && took < Duration::from_secs(5), "{took:?}\n{log}");
    let bot = launch.start();
    fake.wait_logged_in(n).await;
    bot
}

/// The 5-player, 3-round Swiss: a bye each round (never twice to one member); the bot
/// stopped twice: once with round 2 paired but its threads not yet open (Discord refused the
/// first), once right after round 2's last result. Every round is paired and posted once.
#[test]
fn swiss_across_restarts() {
    support::run_isolated("tournaments::swiss_across_restarts", || async {
        let fake = FakeDiscord::start().await;
        let dir = support::scratch_dir("tournaments-swiss");
        let mut bot = Launch::new(&fake.api_base(), &dir, "info").start();
        fake.wait_logged_in(1).await;
        let options = vec![
            Opt::Int("format", 0),
            Opt::Int("rounds", 3),
            s("time", "15m+10s"),
            Opt::Int("ruleset", 0),
        ];
        let (cup, created) = create(&fake, channel(603), &CAROL, "Autumn Swiss", options).await;
        assert!(
            created.content().contains(": a 3-round Swiss, "),
            "{}",
            created.content()
        );
        for (n, who) in MEMBERS.iter().enumerate() {
            joined(&fake, &cup, who, n + 1).await;
        }
        start(&fake, &cup, &CAROL, "5 players, 3 round(s)").await;

        // The member with the lower id wins each game.
        let mut scores = Scores::new();
        let mut byes = HashSet::new();
        let mut played = Vec::new();
        for number in 1..=3 {
            // Round 2: the step that failed is tried again 30 s later, by the restarted bot.
            // Round 3: a stop inside a step leaves the tournament claimed for a minute.
            let within = Duration::from_secs([30, 60, 90][usize::from(number) - 1]);
            let round = round(&fake, &cup, number, within).await;
            assert_eq!(round.boards.len(), 2);
            assert_eq!(round.byes.len(), 1, "a bye each round");
            assert!(
                byes.insert(round.byes[0]),
                "a second bye for {}",
                round.byes[0]
            );
            add(&mut scores, round.byes[0], 2);
            if number == 1 {
                // Only round 2's first thread can be asked for next.
                let refused = Fault::Status(500);
                fake.fail_next_for(Route::CreateThread, cup.channel(), refused, 1);
            }
            for board in &round.boards {
                let (winner, loser) = if board.white.id < board.black.id {
                    (board.white, board.black)
                } else {
                    (board.black, board.white)
                };
                resign(&fake, &cup, board, &loser).await;
                add(&mut scores, winner.id, 2);
                played.push(board.thread);
            }
            match number {
                1 => {
                    let failed = fake.failure(1).await;
                    assert_eq!(failed.route, Route::CreateThread);
                    assert!(cup.posts(&fake, &cup.pairings_prefix(2)).is_empty());
                    bot = restart(&fake, bot, 2).await;
                }
                // Stopped while the scheduler may be pairing round 3.
                2 => bot = restart(&fake, bot, 3).await,
                _ => {}
            }
        }
        let best = *scores.values().max().unwrap();
        let leaders: Vec<u64> = scores
            .iter()
            .filter(|(_, &p)| p == best)
            .map(|(&who, _)| who)
            .collect();
        assert_eq!(leaders, [ALICE.id], "{scores:?}");
        final_standings(&fake, &cup, 3, ALICE.id).await;
        each_round_once(&fake, &cup, 3);
        // A thread opened just before a stop and never used (its board was started again
        // after the restart) stays empty; every game's thread has exactly one starting board.
        for thread in fake.threads_under(cup.channel()) {
            let posts = fake.channel_messages(thread.id);
            if played.contains(&thread.id) {
                let boards = posts.iter().filter(|m| m.content().contains("(White) vs"));
                assert_eq!(boards.count(), 1, "{}", thread.name);
            } else {
                assert!(
                    posts.is_empty(),
                    "an unused thread has posts: {}",
                    thread.name
                );
            }
        }
        assert_eq!(fake.failed().len(), 1, "only the refused thread");
        assert!(fake.violations().is_empty(), "{:?}", fake.violations());
        assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
        let (clean, log) = bot.terminate();
        assert!(clean, "{log}");
        fake.stop();
        let _ = std::fs::remove_dir_all(&dir);
    });
}

/// A 4-player round robin on a 1-minute clock whose bot is killed (-9) right after round 1's
/// last result, just as round 2's first opening reached its thread but before Discord's
/// answer reached the bot (it is slow): the restarted bot still owes that opening and sends
/// it again, with the same nonce, and Discord gives back the first message. Every board's
/// opening, and every game's end, is in its thread exactly once; the tournament plays on.
#[test]
fn killed_between_rounds_each_opening_once() {
    support::run_isolated(
        "tournaments::killed_between_rounds_each_opening_once",
        || async {
            let fake = FakeDiscord::start().await;
            let dir = support::scratch_dir("tournaments-killed");
            let mut bot = Launch::new(&fake.api_base(), &dir, "info").start();
            fake.wait_logged_in(1).await;
            let options = vec![
                Opt::Int("format", 1),
                s("time", "1m"),
                Opt::Int("ruleset", 0),
            ];
            let (cup, _) = create(&fake, channel(604), &CAROL, "Wave Cup", options).await;
            for (n, who) in [ALICE, BOB, CAROL, DAVE].iter().enumerate() {
                joined(&fake, &cup, who, n + 1).await;
            }
            start(&fake, &cup, &CAROL, "4 players, 3 round(s)").await;
            // The member with the lower id wins each game.
            for number in 1..=3 {
                let round = round(&fake, &cup, number, Duration::from_secs(60)).await;
                assert_eq!(round.boards.len(), 2);
                for (i, board) in round.boards.iter().enumerate() {
                    let last = number == 1 && i + 1 == round.boards.len();
                    if last {
                        // Round 2's first opening is the next message the bot posts itself.
                        let slow = Fault::Slow(Duration::from_secs(60));
                        fake.fail_next(Route::ChannelMessage, slow, 1);
                    }
                    let loser = if board.white.id < board.black.id {
                        board.black
                    } else {
                        board.white
                    };
                    resign(&fake, &cup, board, &loser).await;
                    if last {
                        bot = killed_after_an_opening(&fake, &cup, bot).await;
                    }
                }
            }
            final_standings(&fake, &cup, 3, ALICE.id).await;
            each_round_once(&fake, &cup, 3);
            let threads = fake.threads_under(cup.channel());
            assert_eq!(threads.len(), 6, "one thread per game");
            for thread in threads {
                let posts = fake.channel_messages(thread.id);
                let count =
                    |what: &str| posts.iter().filter(|m| m.content().contains(what)).count();
                assert_eq!(count("(White) vs"), 1, "openings in {}", thread.name);
                assert_eq!(count("resigns."), 1, "endings in {}", thread.name);
            }
            assert!(fake.repeated_nonces() >= 1, "the opening was sent again");
            assert!(fake.violations().is_empty(), "{:?}", fake.violations());
            assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
            let (clean, log) = bot.terminate();
            assert!(clean, "{log}");
            fake.stop();
            let _ = std::fs::remove_dir_all(&dir);
        },
    );
}

/// Wait for round 2's first opening in its thread, kill the bot while Discord's answer to
/// it is still on its way (the pairings, posted after it, are not out yet), and start it
/// again on the same database.
async fn killed_after_an_opening(fake: &FakeDiscord, cup: &Cup, bot: Bot) -> Bot {
    fake.eventually("round 2's first opening", Duration::from_secs(30), || {
        let threads = fake.threads_under(cup.channel());
        let first = threads.iter().find(|t| t.name.starts_with("R2 · "))?;
        fake.channel_messages(first.id).pop()
    })
    .await;
    assert!(
        cup.posts(fake, &cup.pairings_prefix(2)).is_empty(),
        "the bot is still waiting for the opening's answer"
    );
    // Delivery marks are written every quarter second: round 1's last answer is marked.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let launch = bot.launch().clone();
    bot.crash();
    let bot = launch.start();
    fake.wait_logged_in(2).await;
    bot
}
