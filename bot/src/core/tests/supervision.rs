//! The background tasks under `supervise`: a panic in the scheduler's work is logged, the
//! scheduler starts again, and what it owed is still done.

use super::*;
use crate::supervise::{supervise, Backoff};
use std::time::Duration;
use tokio::sync::watch;

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
            if delivered.iter().any(|(_, r)| r.text.starts_with("<@99>")) {
                break;
            }
            // A delivery cut short by the panic is retried after its backoff: let it pass.
            f.now.fetch_add(5, Ordering::SeqCst);
            f.core.wake.notify_one();
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
        delivered.iter().any(|(_, r)| r.text.starts_with("<@99>")),
        "{delivered:?}"
    );
}

on_both!(the_scheduler_survives_a_panic);
