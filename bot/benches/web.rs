//! The web pages under load, against the real `csipgs serve` with `web` on and 200 games
//! played through the fake Discord (the load bench's database): the server time of game,
//! tournament-free server and price pages (read from each answer's Server-Timing header,
//! which the bot writes around its handler) over 2,000 requests, criterion timing a game
//! page from the visitor's side; then 1,000 watchers of one game's live page (loopback),
//! how long a turn takes to reach all of them, and the bot's memory per idle watcher.
//!
//! Runs inside `unshare -rn` like the end-to-end tests: `cargo bench -p bot --bench web`.

use harness as support;

use criterion::Criterion;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::games::{start_shown_games, turn, GAMES};
use support::FakeDiscord;

/// Watchers of one game's live page.
const WATCHERS: usize = 1000;
/// Page requests whose server time is read.
const PAGES: usize = 2000;

fn main() {
    raise_open_files();
    let Some(runtime) = support::bench_runtime() else {
        return;
    };
    let mut criterion = Criterion::default()
        .configure_from_args()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let dir = support::scratch_dir("web-bench");
    let fake = Arc::new(runtime.block_on(FakeDiscord::start()));
    let port = support::free_port();
    let public = format!("http://127.0.0.1:{port}");
    let bot = support::Launch::new(&fake.api_base(), &dir, "warn")
        .config(support::UNLIMITED_WEB)
        .serving_pages(port)
        .start();
    runtime.block_on(fake.wait_logged_in(1));
    runtime.block_on(start_shown_games(&fake));
    let links = runtime.block_on(play_turns(&fake, 10));
    let paths: Vec<String> = links
        .iter()
        .map(|l| l.trim_start_matches(&public).to_string())
        .collect();
    let client = reqwest::Client::new();
    let base = public.clone();

    // Server time per page, as the bot measures it.
    let mut times = Vec::new();
    let mut pages = Vec::new();
    for i in 0..PAGES {
        let path = &paths[i % paths.len()];
        pages.push(match i % 4 {
            0 => path.clone(),
            1 => format!("{path}?ply={}", i % 10),
            2 => format!(
                "/price/{}?ruleset=classic",
                ["WbRbmHfB", "fc(DNFA)", "Q", "NN"][i % 4]
            ),
            _ => format!("{path}?ply=0"),
        });
    }
    runtime.block_on(async {
        for page in &pages {
            let answer = client.get(format!("{base}{page}")).send().await.unwrap();
            assert!(answer.status().is_success(), "{page}: {}", answer.status());
            times.push(server_time(&answer));
            answer.bytes().await.unwrap();
        }
    });
    times.sort();
    support::games::report(
        "page server time (game pages, earlier turns, price pages)",
        &times,
    );

    let page = format!("{base}{}", paths[0]);
    criterion.bench_function("game page, as a visitor waits for it", |b| {
        b.iter(|| {
            runtime.block_on(async {
                client
                    .get(&page)
                    .send()
                    .await
                    .unwrap()
                    .bytes()
                    .await
                    .unwrap();
            })
        })
    });

    // A thousand watchers of one game.
    let (_, before) = support::memory_kib(bot.pid());
    let events = format!("{page}/events");
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::unbounded_channel();
    let (heard_tx, mut heard_rx) = tokio::sync::mpsc::unbounded_channel();
    let watchers: Vec<_> = (0..WATCHERS)
        .map(|_| {
            let events = events.clone();
            let (ready, heard) = (ready_tx.clone(), heard_tx.clone());
            runtime.spawn(async move {
                // A client of its own: one connection a watcher, as browsers have.
                let mut answer = reqwest::Client::new().get(&events).send().await.unwrap();
                let mut seen = String::new();
                let mut updates = 0;
                while let Some(chunk) = answer.chunk().await.unwrap() {
                    seen.push_str(&String::from_utf8_lossy(&chunk));
                    while let Some(at) = seen.find("\n\n") {
                        let event: String = seen.drain(..at + 2).collect();
                        if event.starts_with("event: game") {
                            updates += 1;
                            match updates {
                                1 => ready.send(()).unwrap(),
                                _ => heard.send(Instant::now()).unwrap(),
                            }
                        }
                    }
                }
            })
        })
        .collect();
    runtime.block_on(async {
        for _ in 0..WATCHERS {
            ready_rx.recv().await.unwrap();
        }
    });
    std::thread::sleep(Duration::from_secs(2));
    let (_, watching) = support::memory_kib(bot.pid());
    println!(
        "bot memory: {:.1} MiB before {WATCHERS} watchers, {:.1} MiB with them idle: {:.1} KiB a watcher",
        before as f64 / 1024.0,
        watching as f64 / 1024.0,
        (watching.saturating_sub(before)) as f64 / WATCHERS as f64
    );
    let played = Instant::now();
    runtime.block_on(play(&fake, 0, 10));
    let mut arrivals = runtime.block_on(async {
        let mut arrivals = Vec::new();
        for _ in 0..WATCHERS {
            arrivals.push(heard_rx.recv().await.unwrap() - played);
        }
        arrivals
    });
    arrivals.sort();
    support::games::report(
        "a turn reaching 1,000 watchers of its game (from the /move sent)",
        &arrivals,
    );
    for watcher in watchers {
        watcher.abort();
    }
    criterion.final_summary();
    let (clean, log) = bot.terminate();
    fake.stop();
    assert!(clean, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Turns 0..n in every game; the Watch link of each game (from its last turn's board).
async fn play_turns(fake: &FakeDiscord, n: usize) -> Vec<String> {
    let mut links = vec![String::new(); GAMES as usize];
    for ply in 0..n {
        for g in 0..GAMES {
            let answer = play(fake, g, ply).await;
            if let Some(link) = answer {
                links[g as usize] = link;
            }
        }
    }
    links
}

/// One turn in game `g`; the Watch link on its board.
async fn play(fake: &FakeDiscord, g: u64, ply: usize) -> Option<String> {
    let (_, answer) = turn(fake, g, ply).await;
    answer.message()["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find_map(|b| b["url"].as_str().map(str::to_string))
}

/// The server time an answer's Server-Timing header gives (`app;dur=1.234`, milliseconds).
fn server_time(answer: &reqwest::Response) -> Duration {
    let header = answer.headers()["server-timing"].to_str().unwrap();
    let ms: f64 = header
        .trim_start_matches("app;dur=")
        .parse()
        .unwrap_or_else(|_| panic!("server-timing: {header}"));
    Duration::from_secs_f64(ms / 1000.0)
}

/// A thousand watchers hold a thousand sockets here and in the bot: lift the soft limit on
/// open files to the hard one (the bot, started after, inherits it).
fn raise_open_files() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}
