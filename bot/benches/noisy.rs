//! The noisy neighbour: the load bench's 200 games play once quietly and once while one member
//! (Carol) sends, as fast as the flood limits let a member, the most expensive things the bot
//! allows: games against the computer at its strongest level on live clocks (as many as her
//! quota lets her start, each answered as soon as it is her turn), `/replay` of a 2,000-ply
//! game (with a turn played there now and then, so the last replay can't simply be reused),
//! and autocomplete keystrokes on a position with 15 identical doublemove queens. Prints the
//! others' latency percentiles in both runs, and checks that their p99 stays under 50 ms and
//! within 2x of the quiet run, and that no computer game lost on time.
//!
//! Runs inside `unshare -rn` like the end-to-end tests: `cargo bench -p bot --bench noisy`
//! (SQLite; the load bench covers PostgreSQL).

use harness as support;

use support::games::{report, shuffle, start_game, start_games, steady, STEADY_TURNS};

use engine::{Action, Color, Game, Options, Rules, Ruleset, Square};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::fixtures::{
    autocomplete, channel, s, slash, Opt, Place, User, CAROL, CSIPGS, DAVE, ERIN,
};
use support::{FakeDiscord, BOT_ID};

/// Carol's long game, replayed again and again.
const LONG: u64 = 9001;
const LONG_PLIES: usize = 2000;
/// Carol's game with 15 identical doublemove queens, where she types.
const TWINS: u64 = 9002;
/// Channels where Carol tries to start games against the computer.
const COMPUTER: u64 = 9100;
const COMPUTER_TRIES: u64 = 8;
/// The bot's keystroke bucket (`core/limits.rs`): what a member may type at once, then a pace.
const KEYSTROKE_BURST: u32 = 40;
const KEYSTROKES_PER_SECOND: f64 = 8.0;

/// A member's flood bucket as the bot keeps it by default (the bench's bot lets members
/// type faster, so the noisy member keeps to the real limit herself).
struct Bucket {
    burst: f64,
    per_second: f64,
    state: Mutex<(f64, Instant)>,
}

impl Bucket {
    fn new(burst: u32, per_second: f64) -> Bucket {
        Bucket {
            burst: burst as f64,
            per_second,
            state: Mutex::new((burst as f64, Instant::now())),
        }
    }

    /// Wait for a token and take it.
    async fn take(&self) {
        loop {
            let wait = {
                let mut state = self.state.lock().unwrap();
                let now = Instant::now();
                let earned = now.duration_since(state.1).as_secs_f64() * self.per_second;
                state.0 = (state.0 + earned).min(self.burst);
                state.1 = now;
                if state.0 >= 1.0 {
                    state.0 -= 1.0;
                    return;
                }
                Duration::from_secs_f64((1.0 - state.0) / self.per_second)
            };
            tokio::time::sleep(wait).await;
        }
    }
}

/// A turn by `who` that the bot must take.
async fn turn(fake: &FakeDiscord, place: Place, who: &User, text: &str) {
    let reply = fake
        .answer(&slash(place, who, "turn", vec![s("text", text)]))
        .await;
    assert!(!reply.ephemeral(), "{text}: {}", reply.content());
}

/// Carol (White) and Dave shuffle their kings for 2,000 plies.
async fn long_game(fake: &FakeDiscord) {
    let place = channel(LONG);
    start_game(fake, place, &CAROL, &DAVE, Vec::new()).await;
    for ply in 0..LONG_PLIES {
        let who = [&CAROL, &DAVE][ply % 2];
        turn(fake, place, who, shuffle(ply)).await;
    }
}

/// Carol (White) and Erin play a progressive fog game with the unofficial prefixes until
/// Carol has 15 doublemove queens filling her first two ranks beside her king, Carol to
/// move. Each turn is chosen on a copy of the game here (no terrain: the turns keep to ranks
/// 1, 2, 7 and 8, where a fog game never has any) and sent as typed.
async fn twin_game(fake: &FakeDiscord) {
    let place = channel(TWINS);
    let options = vec![
        Opt::Int("ruleset", 2),
        Opt::Bool("unofficial", true),
        Opt::Bool("fog", true),
    ];
    start_game(fake, place, &CAROL, &ERIN, options).await;
    let mut rules_options = Options::default();
    rules_options.set("unofficial", true).unwrap();
    rules_options.set("fog", true).unwrap();
    let mut game = Game::new(Rules::new(Ruleset::Progressive, rules_options));
    let sq = |name: &str| Square::all().find(|s| s.name() == name).unwrap();
    let drops = ["d1", "d2", "e2", "f2", "f1"].map(sq);
    let homes: Vec<Square> = Square::all()
        .filter(|s| s.rank() < 2 && s.name() != "e1")
        .collect();
    let queen = "doublemove-Q";
    let mut bought = false;
    let mut black_up = false;
    loop {
        let position = game.position().clone();
        let text = if position.to_move() == Color::Black {
            black_up = !black_up;
            if black_up { "Ke7" } else { "Ke8" }.to_string()
        } else if !bought {
            let king_home = position.piece_at(sq("e1")).is_some();
            let buy = format!("Buy {}", vec![queen; 15].join(", "));
            if king_home && game.parse_turn(&buy).is_ok() {
                bought = true;
                buy
            } else if game.turns().is_empty() {
                format!("Kd1; Q={queen}")
            } else if king_home {
                "Kd1".to_string()
            } else {
                "Ke1".to_string()
            }
        } else {
            let placed = homes
                .iter()
                .filter(|s| position.piece_at(**s).is_some())
                .count();
            if placed == 15 {
                break;
            }
            let legal = game.legal_actions();
            let drop = legal.iter().find(|a| matches!(a, Action::Transfer { .. }));
            // Otherwise a queen steps off the drop squares, as far along its rank as it goes.
            let step = || {
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Move { from, to }
                            if drops.contains(from)
                                && !drops.contains(to)
                                && homes.contains(to) =>
                        {
                            Some((a, (from.file() as i8 - to.file() as i8).abs()))
                        }
                        _ => None,
                    })
                    .max_by_key(|(_, far)| *far)
                    .map(|(a, _)| a)
            };
            let action = drop.or_else(step).expect("a drop or a step");
            game.notate(action)
        };
        game.play_text(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let who = if position.to_move() == Color::White {
            &CAROL
        } else {
            &ERIN
        };
        turn(fake, place, who, &text).await;
    }
}

/// What Carol does while the others play, until `stop`.
struct Noise {
    fake: Arc<FakeDiscord>,
    stop: Arc<AtomicBool>,
    commands: Bucket,
    keystrokes: Bucket,
}

impl Noise {
    /// Commands at the flood limit: computer games started and answered, and replays.
    async fn commands(&self) -> usize {
        let mut sent = 0;
        let mut tried = 0;
        let mut answered = vec![0usize; COMPUTER_TRIES as usize];
        let mut replays = 0;
        while !self.stop.load(Ordering::SeqCst) {
            self.commands.take().await;
            sent += 1;
            // A computer game where it is Carol's turn: her first suggested move.
            let waiting = (0..tried)
                .find(|&g| computer_turns(&self.fake, COMPUTER + g) > answered[g as usize]);
            if let Some(g) = waiting {
                let place = channel(COMPUTER + g);
                answered[g as usize] += 1;
                self.keystrokes.take().await;
                let typed = self
                    .fake
                    .ask(&autocomplete(
                        place,
                        &CAROL,
                        "move",
                        vec![s("move", "")],
                        "move",
                    ))
                    .await;
                if let Some((_, value)) = typed.choices().first() {
                    let text = value.as_str().unwrap_or_default().to_string();
                    self.spawn(slash(place, &CAROL, "move", vec![s("move", text)]));
                }
                continue;
            }
            if tried < COMPUTER_TRIES {
                let options = vec![
                    Opt::BotUser("opponent", CSIPGS),
                    Opt::Int("colour", 1),
                    Opt::Int("level", 6),
                    s("time", "5m+2s"),
                ];
                self.spawn(slash(
                    channel(COMPUTER + tried),
                    &CAROL,
                    "challenge",
                    options,
                ));
                tried += 1;
                continue;
            }
            replays += 1;
            if replays % 5 == 0 {
                // A turn each, so the last replay is out of date.
                let ply = LONG_PLIES + 2 * (replays / 5 - 1);
                turn(&self.fake, channel(LONG), &CAROL, shuffle(ply)).await;
                turn(&self.fake, channel(LONG), &DAVE, shuffle(ply + 1)).await;
                self.commands.take().await;
            }
            self.spawn(slash(channel(LONG), &CAROL, "replay", Vec::new()));
        }
        sent
    }

    /// Keystrokes at their own limit: the move list of 15 twin queens, narrowed as typed.
    async fn keystrokes(&self) -> usize {
        let typing = [
            "",
            "(",
            "(d",
            "(doublemove-Q)",
            "(doublemove-Q)a",
            "(doublemove-Q)b2",
        ];
        let mut sent = 0;
        while !self.stop.load(Ordering::SeqCst) {
            self.keystrokes.take().await;
            let typed = typing[sent % typing.len()];
            let ix = autocomplete(
                channel(TWINS),
                &CAROL,
                "move",
                vec![s("move", typed)],
                "move",
            );
            self.spawn(ix);
            sent += 1;
        }
        sent
    }

    /// Send without waiting, as a member does.
    fn spawn(&self, ix: serde_json::Value) {
        let fake = self.fake.clone();
        tokio::spawn(async move { fake.ask(&ix).await });
    }
}

/// The computer's turns posted in a channel so far.
fn computer_turns(fake: &FakeDiscord, channel: u64) -> usize {
    let start = format!("<@{BOT_ID}> (White) played **");
    fake.channel_messages(channel)
        .iter()
        .filter(|m| m.content().starts_with(&start))
        .count()
}

fn main() {
    let Some(runtime) = support::bench_runtime() else {
        return;
    };
    runtime.block_on(noisy_neighbour());
}

async fn noisy_neighbour() {
    let dir = support::scratch_dir("noisy");
    let fake = Arc::new(FakeDiscord::start().await);
    let bot = support::Launch::new(&fake.api_base(), &dir, "warn").start();
    fake.wait_logged_in(1).await;
    // A failure shows the bot's log, which says why.
    if let Err(e) = tokio::spawn(scenario(fake.clone(), bot.pid())).await {
        eprintln!("the bot's log:\n{}", bot.log());
        std::panic::resume_unwind(e.into_panic());
    }
    let (clean, log) = bot.terminate();
    fake.stop();
    assert!(clean, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Setup, the quiet run and the noisy run, against the running bot.
async fn scenario(fake: Arc<FakeDiscord>, bot: u32) {
    fake.games_in_channels(channel(1)).await;

    let setup = Instant::now();
    long_game(&fake).await;
    twin_game(&fake).await;
    start_games(&fake).await;
    println!("setup: {:.1} s", setup.elapsed().as_secs_f64());

    let quiet = steady(&fake, 0).await;
    let quiet_p99 = report("quiet: 200 games, a turn each about every second", &quiet);

    let noise = Arc::new(Noise {
        fake: fake.clone(),
        stop: Arc::new(AtomicBool::new(false)),
        commands: Bucket::new(10, 1.0),
        keystrokes: Bucket::new(KEYSTROKE_BURST, KEYSTROKES_PER_SECOND),
    });
    let commands = tokio::spawn({
        let noise = noise.clone();
        async move { noise.commands().await }
    });
    let keystrokes = tokio::spawn({
        let noise = noise.clone();
        async move { noise.keystrokes().await }
    });
    // The computer games are under way before the others are measured.
    tokio::time::sleep(Duration::from_secs(10)).await;
    let noisy = steady(&fake, STEADY_TURNS).await;
    noise.stop.store(true, Ordering::SeqCst);
    let (commands, keystrokes) = (commands.await.unwrap(), keystrokes.await.unwrap());
    println!("noise: {commands} commands and {keystrokes} keystrokes by one member");
    let noisy_p99 = report("noisy: the same, beside the noisy member", &noisy);

    let mut computer_games = 0;
    for g in 0..COMPUTER_TRIES {
        let messages = fake.channel_messages(COMPUTER + g);
        if messages.is_empty() {
            continue;
        }
        computer_games += 1;
        assert!(
            messages
                .iter()
                .all(|m| !m.content().contains("time forfeit")),
            "a computer game lost on time"
        );
    }
    println!(
        "computer games: {computer_games} started (the rest refused by the quota), none lost on time"
    );
    let (_, rss) = support::memory_kib(bot);
    println!("bot memory after the noise: {:.1} MiB", rss as f64 / 1024.0);
    assert!(
        noisy_p99 < Duration::from_millis(50),
        "the others' p99 is {noisy_p99:?} beside the noisy member"
    );
    assert!(
        noisy_p99 <= quiet_p99 * 2,
        "the others' p99 {noisy_p99:?} is more than twice the quiet {quiet_p99:?}"
    );
}
