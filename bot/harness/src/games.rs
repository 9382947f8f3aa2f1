//! What the load and noisy-neighbour benches share: 200 games of Alice and Bob shuffling
//! their kings, each in its own channel, and how their replies' latencies are reported.

use crate::fixtures::{button, channel, s, slash, Opt, Place, User, ALICE, BOB};
use crate::{FakeDiscord, Sent};
use std::sync::Arc;
use std::time::Duration;

pub const GAMES: u64 = 200;
/// Turns each game takes in a steady run.
pub const STEADY_TURNS: usize = 10;

/// The kings shuffle forever: White e1-e2-e1, Black e8-e7-e8.
pub fn shuffle(ply: usize) -> &'static str {
    ["Ke2", "Ke7", "Ke1", "Ke8"][ply % 4]
}

/// A challenge from `challenger` in `place` (White), accepted by `accepter` with the button.
pub async fn start_game(
    fake: &FakeDiscord,
    place: Place,
    challenger: &User,
    accepter: &User,
    mut options: Vec<Opt>,
) {
    options.push(Opt::User("opponent", *accepter));
    options.push(Opt::Int("colour", 0));
    let challenge = fake
        .ask(&slash(place, challenger, "challenge", options))
        .await;
    assert!(!challenge.ephemeral(), "{}", challenge.content());
    let started = fake
        .ask(&button(place, accepter, &challenge.buttons()[0]))
        .await;
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
}

/// The 200 games, in channels 1000 to 1199, started one after another: a member has one
/// pending challenge per opponent.
pub async fn start_games(fake: &FakeDiscord) {
    for g in 0..GAMES {
        start_game(fake, channel(1000 + g), &ALICE, &BOB, Vec::new()).await;
    }
}

/// The 200 games, in a server that plays them in their channels and shows their pages.
pub async fn start_shown_games(fake: &FakeDiscord) {
    fake.games_in_channels(channel(1)).await;
    fake.show_pages(channel(1)).await;
    start_games(fake).await;
}

/// Turn `ply` of game `g` (the players shuffle their kings); the interaction's token and the
/// bot's answer.
pub async fn turn(fake: &FakeDiscord, g: u64, ply: usize) -> (String, Sent) {
    let who = [&ALICE, &BOB][ply % 2];
    let ix = slash(
        channel(1000 + g),
        who,
        "move",
        vec![s("move", shuffle(ply))],
    );
    let token = ix["token"].as_str().unwrap().to_string();
    (token, fake.ask(&ix).await)
}

/// One turn in game `g` by Alice or Bob; its latency.
pub async fn play(fake: &FakeDiscord, g: u64, ply: usize) -> Duration {
    let (token, reply) = turn(fake, g, ply).await;
    assert!(!reply.ephemeral(), "{}", reply.content());
    fake.latency(&token).unwrap()
}

/// Every game takes `STEADY_TURNS` turns from ply `first`, about one a second each (players
/// answer after 0.5 to 1.5 s), all 200 at once; the latencies, sorted.
pub async fn steady(fake: &Arc<FakeDiscord>, first: usize) -> Vec<Duration> {
    let games: Vec<_> = (0..GAMES)
        .map(|g| {
            let fake = fake.clone();
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for ply in first..first + STEADY_TURNS {
                    think(g, ply).await;
                    latencies.push(play(&fake, g, ply).await);
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::new();
    for g in games {
        all.extend(g.await.unwrap());
    }
    all.sort();
    all
}

/// A player of game `g` thinks 0.5 to 1.5 s before turn `ply` (the same each run).
pub async fn think(g: u64, ply: usize) {
    let think = 500 + (g * 7919 + ply as u64 * 104_729) % 1000;
    tokio::time::sleep(Duration::from_millis(think)).await;
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// Print the latencies' percentiles; the p99.
pub fn report(name: &str, sorted: &[Duration]) -> Duration {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let p99 = percentile(sorted, 0.99);
    println!(
        "{name}: {} replies; latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sorted.len(),
        ms(percentile(sorted, 0.5)),
        ms(percentile(sorted, 0.9)),
        ms(p99),
        ms(*sorted.last().unwrap()),
    );
    p99
}
