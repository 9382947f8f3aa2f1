//! Shutting down without losing a command: once the gate closes, commands sent after the
//! close are turned away (with `RESTARTING`); those sent before it, even if they reach the
//! gate only later (queued behind others), are let in, and everything inside is waited for.

use super::Core;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

#[derive(Default)]
pub(super) struct Gate {
    inner: Arc<Inner>,
}

struct Inner {
    /// When the gate closed, in milliseconds since 1970; `OPEN` while it is open.
    closed_at: AtomicU64,
    inside: AtomicUsize,
    left: Notify,
}

const OPEN: u64 = u64::MAX;

impl Default for Inner {
    fn default() -> Inner {
        Inner {
            closed_at: AtomicU64::new(OPEN),
            inside: AtomicUsize::new(0),
            left: Notify::new(),
        }
    }
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
    /// Let a command in: any while the gate is open, and once it has closed, one sent
    /// before the close (`sent_at`, in milliseconds since 1970, as the platform stamped
    /// it; a command without a stamp counts as sent now). None for a command sent after.
    pub fn enter(&self, sent_at: Option<u64>) -> Option<Pass> {
        let inner = &self.gate.inner;
        inner.inside.fetch_add(1, Ordering::SeqCst);
        let pass = Pass {
            inner: inner.clone(),
        };
        // Checked after counting in, so `drain` never misses a command that got in.
        let closed_at = inner.closed_at.load(Ordering::SeqCst);
        let sent_at = sent_at.unwrap_or_else(millis_now);
        (closed_at == OPEN || sent_at < closed_at).then_some(pass)
    }

    /// Turn away every command sent from `at` on (milliseconds since 1970: when the stop
    /// was asked for, which may be a moment before this call).
    pub fn close_gate(&self, at: u64) {
        let inner = &self.gate.inner;
        let _ = inner
            .closed_at
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |now| {
                (now == OPEN).then_some(at)
            });
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

/// Milliseconds since 1970 by this machine's clock: what `close_gate` and a command's stamp
/// are compared in.
pub fn millis_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
