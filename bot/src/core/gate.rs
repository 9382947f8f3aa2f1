//! Shutting down without losing a command: once the gate closes, new commands are turned
//! away (with `RESTARTING`), and those already inside are waited for.

use super::Core;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

#[derive(Default)]
pub(super) struct Gate {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    closed: AtomicBool,
    inside: AtomicUsize,
    left: Notify,
}

/// A command inside the gate: held from its arrival until its answer is delivered.
pub struct Pass {
    inner: Arc<Inner>,
}

impl Drop for Pass {
    fn drop(&mut self) {
        if self.inner.inside.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.inner.left.notify_waiters();
        }
    }
}

impl Core {
    /// Let a command in; None once the bot is shutting down.
    pub fn enter(&self) -> Option<Pass> {
        let inner = &self.gate.inner;
        inner.inside.fetch_add(1, Ordering::SeqCst);
        let pass = Pass {
            inner: inner.clone(),
        };
        // Checked after counting in, so `drain` never misses a command that got in.
        (!inner.closed.load(Ordering::SeqCst)).then_some(pass)
    }

    /// Turn every new command away from now on.
    pub fn close_gate(&self) {
        self.gate.inner.closed.store(true, Ordering::SeqCst);
    }

    /// Wait until no command is inside, at most `limit`; false if some still were.
    pub async fn drain(&self, limit: Duration) -> bool {
        let inner = &self.gate.inner;
        let wait = async {
            loop {
                let left = inner.left.notified();
                if inner.inside.load(Ordering::SeqCst) == 0 {
                    return;
                }
                left.await;
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }
}
