//! Long-running tasks that come back after a panic. The scheduler and the computer task
//! each carry everything that happens without a command (clocks, deliveries, tournaments,
//! the computer's turns); a panic in one would stop it until the bot restarts. Under
//! `supervise` the panic is logged with its message and the task starts again, after a
//! pause that doubles while it keeps failing (so a panic on every start does not spin) and
//! falls back to the first once it has run well for a while. The tasks keep their state
//! in the database, so a fresh start picks up where the last one stopped.

use crate::lane::panic_message;
use futures_util::FutureExt;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// How long to wait before each restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// The pause after a first panic, or after one that follows a healthy run.
    first: Duration,
    /// The longest pause.
    most: Duration,
    /// A run this long counts as healthy: the next pause starts again from `first`.
    healthy: Duration,
    next: Duration,
}

impl Backoff {
    /// 1 s, doubling to a minute; reset by ten healthy minutes.
    pub const TASKS: Backoff = Backoff::new(
        Duration::from_secs(1),
        Duration::from_secs(60),
        Duration::from_secs(600),
    );

    pub const fn new(first: Duration, most: Duration, healthy: Duration) -> Backoff {
        Backoff {
            first,
            most,
            healthy,
            next: first,
        }
    }

    /// The pause before restarting a task that panicked after running for `ran`.
    pub fn after(&mut self, ran: Duration) -> Duration {
        if ran >= self.healthy {
            self.next = self.first;
        }
        let pause = self.next;
        self.next = (self.next * 2).min(self.most);
        pause
    }
}

/// Run the task `start` makes until it returns, starting it again whenever it panics,
/// until `stop` turns true. `name` says which task in the log.
pub async fn supervise<F, T>(
    name: &'static str,
    mut stop: watch::Receiver<bool>,
    mut backoff: Backoff,
    mut start: F,
) where
    F: FnMut() -> T,
    T: Future<Output = ()>,
{
    loop {
        let began = Instant::now();
        let Err(panic) = AssertUnwindSafe(start()).catch_unwind().await else {
            return;
        };
        let pause = backoff.after(began.elapsed());
        tracing::error!(
            task = name,
            panic = panic_message(panic.as_ref()),
            restart_in = ?pause,
            "a background task panicked; restarting it"
        );
        tokio::select! {
            _ = tokio::time::sleep(pause) => {}
            _ = stop.wait_for(|&stopped| stopped) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::*;
    use crate::core::{ChallengeRequest, Request};
    use crate::store::ColourChoice;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn pauses_double_to_the_most_and_reset_after_a_healthy_run() {
        let mut backoff = Backoff::TASKS;
        let quick = Duration::from_millis(5);
        let pauses: Vec<u64> = (0..8).map(|_| backoff.after(quick).as_secs()).collect();
        assert_eq!(pauses, [1, 2, 4, 8, 16, 32, 60, 60]);
        assert_eq!(backoff.after(Duration::from_secs(600)).as_secs(), 1);
        assert_eq!(backoff.after(quick).as_secs(), 2);
    }

    /// A task that panics on its first three starts comes back each time and then does its
    /// work; a task that ends is not started again.
    #[tokio::test]
    async fn a_panicking_task_restarts_and_keeps_working() {
        let starts = AtomicUsize::new(0);
        let work = AtomicUsize::new(0);
        let (_halt, halted) = watch::channel(false);
        let no_pause = Backoff::new(Duration::ZERO, Duration::ZERO, Duration::ZERO);
        supervise("test", halted, no_pause, || async {
            if starts.fetch_add(1, Ordering::SeqCst) < 3 {
                panic!("injected fault");
            }
            work.fetch_add(1, Ordering::SeqCst);
        })
        .await;
        assert_eq!(starts.load(Ordering::SeqCst), 4);
        assert_eq!(work.load(Ordering::SeqCst), 1);
    }

    /// Stopping during the pause ends the supervision without another start.
    #[tokio::test]
    async fn a_stop_ends_the_pause() {
        let starts = AtomicUsize::new(0);
        let (halt, halted) = watch::channel(false);
        let long = Backoff::new(
            Duration::from_secs(3600),
            Duration::from_secs(3600),
            Duration::MAX,
        );
        supervise("test", halted, long, || async {
            starts.fetch_add(1, Ordering::SeqCst);
            halt.send(true).unwrap();
            panic!("injected fault");
        })
        .await;
        assert_eq!(starts.load(Ordering::SeqCst), 1);
    }

    /// Two deliveries panic; the supervised scheduler comes back each time and delivers the
    /// computer's answer all the same.
    async fn the_scheduler_survives_a_panic(backend: Backend) {
        let platform = Recorder {
            panics: 2.into(),
            ..Recorder::default()
        };
        let f = fixture_on(backend.store().await, platform).await;
        let request = ChallengeRequest {
            opponent: Some(member(99, "csipgs").player()),
            opponent_is_bot: true,
            computer: true,
            level: Some(1),
            colour: Some(ColourChoice::Black),
            ..ChallengeRequest::default()
        };
        f.say(&alice(), HERE, Request::Challenge(request)).await;
        assert!(!f.core.computer_turns().await.unwrap().is_empty());
        let (halt, halted) = watch::channel(false);
        let no_pause = Backoff::new(Duration::ZERO, Duration::ZERO, Duration::ZERO);
        let scheduler = supervise("scheduler", halted.clone(), no_pause, || {
            f.core.run_scheduler(halted.clone())
        });
        let watch = async {
            for _ in 0..300 {
                let delivered = f.platform.delivered.lock().unwrap().clone();
                if delivered
                    .iter()
                    .any(|(_, r)| r.text.shown().starts_with("<@99>"))
                {
                    break;
                }
                // A delivery cut short by the panic is retried after its backoff: let it pass.
                f.now.fetch_add(5, Ordering::SeqCst);
                f.wake_scheduler();
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            halt.send(true).unwrap();
        };
        tokio::join!(scheduler, watch);
        assert_eq!(
            f.platform.panics.load(Ordering::SeqCst),
            0,
            "both panics ran"
        );
        let delivered = f.platform.delivered.lock().unwrap().clone();
        assert!(
            delivered
                .iter()
                .any(|(_, r)| r.text.shown().starts_with("<@99>")),
            "{delivered:?}"
        );
    }

    on_both!(the_scheduler_survives_a_panic);
}
