//! Load: 200 games in 200 channels played at once through the fake Discord, against the real
//! `csipgs serve` process. Prints interaction-to-reply latency percentiles and the bot's
//! memory; criterion times a burst (one turn in every game at the same instant). Every game
//! has the default clock (3 days a turn), so each turn moves a deadline and a reminder and
//! wakes the clock task, which watches all 200. Runs once on SQLite and once on PostgreSQL
//! (a throwaway cluster; `CSIPGS_BENCH_BACKENDS=sqlite` or `=postgres` runs one).
//! `CSIPGS_BENCH_METRICS=on` serves `/metrics` too, scraped every second meanwhile, to
//! compare the latencies with the recorder on and off.
//!
//! Runs inside `unshare -rn` like the end-to-end tests: `cargo bench -p bot --bench load`.

use harness as support;

use criterion::Criterion;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::fixtures::channel;
use support::games::{play, report, start_games, steady, GAMES, STEADY_TURNS};
use support::FakeDiscord;

struct Games {
    fake: Arc<FakeDiscord>,
    plies: Vec<usize>,
}

impl Games {
    /// One turn in every game at the same instant.
    async fn burst(&mut self) -> Vec<Duration> {
        let tasks: Vec<_> = (0..GAMES)
            .map(|g| {
                let fake = self.fake.clone();
                let ply = self.plies[g as usize];
                tokio::spawn(async move { play(&fake, g, ply).await })
            })
            .collect();
        let mut latencies = Vec::new();
        for task in tasks {
            latencies.push(task.await.unwrap());
        }
        for p in &mut self.plies {
            *p += 1;
        }
        latencies
    }
}

fn main() {
    let Some(runtime) = support::bench_runtime() else {
        return;
    };
    let mut criterion = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let backends =
        std::env::var("CSIPGS_BENCH_BACKENDS").unwrap_or_else(|_| "sqlite,postgres".to_string());
    for backend in backends.split(',').map(str::trim) {
        let database = match backend {
            "sqlite" => None,
            "postgres" => Some(support::postgres::fresh_database()),
            other => panic!("CSIPGS_BENCH_BACKENDS lists sqlite and postgres, not '{other}'"),
        };
        load(&runtime, &mut criterion, backend, database);
    }
    criterion.final_summary();
}

/// The whole load on one backend: `database` is a PostgreSQL URL, or None for the SQLite
/// file in the bot's directory.
fn load(
    runtime: &tokio::runtime::Runtime,
    criterion: &mut Criterion,
    backend: &str,
    database: Option<String>,
) {
    println!("== {backend}");
    let dir = support::scratch_dir("load");
    let fake = Arc::new(runtime.block_on(FakeDiscord::start()));
    let mut launch = support::Launch::new(&fake.api_base(), &dir, "warn");
    if let Some(url) = &database {
        launch = launch.env("CSIPGS_DATABASE", url);
    }
    let metrics = std::env::var("CSIPGS_BENCH_METRICS").is_ok_and(|v| v == "on");
    let port = support::free_port();
    if metrics {
        launch = launch.env("CSIPGS_HTTP", &port.to_string());
    }
    let bot = launch.start();
    runtime.block_on(fake.wait_logged_in(1));
    // A scrape a second, harsher than Prometheus' usual 15 s.
    let scraper = metrics.then(|| {
        runtime.spawn(async move {
            loop {
                let scraped = support::http_get(port, "/metrics").await;
                assert!(scraped.is_some_and(|(status, _)| status == 200));
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    });
    let (_, idle_rss) = support::memory_kib(bot.pid());
    // Games in their channels, as before threads: the same work per turn as ever.
    runtime.block_on(fake.games_in_channels(channel(1)));

    runtime.block_on(start_games(&fake));

    // Steady play: every game takes a turn about once a second, all 200 at once.
    let steady_start = Instant::now();
    let latencies = runtime.block_on(steady(&fake, 0));
    println!(
        "steady: {} turns in {:.1} s",
        latencies.len(),
        steady_start.elapsed().as_secs_f64()
    );
    report(
        "steady: 200 games, a turn each about every second",
        &latencies,
    );

    let mut games = Games {
        fake: fake.clone(),
        plies: vec![STEADY_TURNS; GAMES as usize],
    };
    let mut bursts = Vec::new();
    let on = if metrics { ", metrics on" } else { "" };
    let name = format!("burst ({backend}{on}): one turn in each of 200 games at once");
    criterion.bench_function(&name, |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                bursts.extend(runtime.block_on(games.burst()));
            }
            start.elapsed()
        })
    });
    bursts.sort();
    report("burst: 200 turns dispatched together", &bursts);
    let (peak, rss) = support::memory_kib(bot.pid());
    println!(
        "bot memory: idle {:.1} MiB, after load {:.1} MiB, peak {:.1} MiB",
        idle_rss as f64 / 1024.0,
        rss as f64 / 1024.0,
        peak as f64 / 1024.0
    );
    if let Some(scraper) = scraper {
        scraper.abort();
    }
    let (clean, log) = bot.terminate();
    fake.stop();
    assert!(clean, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}
