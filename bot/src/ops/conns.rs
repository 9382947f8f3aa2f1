//! Serving HTTP without letting clients hold descriptors: the web pages and `/healthz` and
//! `/metrics` are served here rather than by `axum::serve`, which closes no idle connection.
//! hyper's header-read timeout closes a connection that sends no complete request head
//! (also between requests on a kept-alive one); an idle timeout closes one on which no byte
//! moved either way (a client that stopped reading; a live page's keep-alive comments move
//! bytes every 15 s); a cap per address and one in all keep the connections below the
//! process's descriptor limit, read at start (`descriptor_limit`).

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

/// How long a client has to send a request's head, from when the connection is ready for
/// one (just opened, or after the last response).
pub const HEADER_READ: Duration = Duration::from_secs(10);
/// How long a connection may move no byte either way before it is closed.
pub const IDLE: Duration = Duration::from_secs(60);
/// Descriptors kept for everything but served connections: the database's pool and files,
/// Discord's gateway and REST connections, standard streams, the listeners.
const RESERVED: u64 = 128;
/// Connections `/healthz` and `/metrics` may have open: a scraper and a health checker or two.
pub const OPS: Budget = Budget {
    total: 32,
    per_address: 8,
};
/// What an accept that failed (such as too many open files) waits before the next.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// How many connections a server may hold: in all, and from one address (an IPv6 address
/// counts by its /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub total: usize,
    pub per_address: usize,
}

/// The process's open-descriptor limit (the soft `RLIMIT_NOFILE`), None where it can't be read
/// or is unlimited.
pub fn descriptor_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct it is given.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    (read == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

/// The web pages' connections in all under a descriptor limit: what is left after the
/// reserve and the ops server, never more than `wanted` (at least a few, so a tiny limit
/// still serves someone).
pub fn web_connections(limit: Option<u64>, wanted: usize) -> usize {
    let Some(limit) = limit else {
        return wanted;
    };
    let left = limit.saturating_sub(RESERVED + OPS.total as u64);
    wanted
        .min(usize::try_from(left).unwrap_or(usize::MAX))
        .max(8)
}

/// Whom a connection or request counts against: an IPv4 address (or one mapped into IPv6)
/// whole, an IPv6 address by its /64, the block one visitor usually has.
pub fn address_key(ip: IpAddr) -> u64 {
    match ip.to_canonical() {
        IpAddr::V4(v4) => u64::from(u32::from(v4)),
        IpAddr::V6(v6) => (u128::from(v6) >> 64) as u64 | (1 << 63),
    }
}

/// Serve `app` on `listener` within `budget` until `halted` turns true. Each request carries
/// its peer's address (`ConnectInfo<SocketAddr>`), as `axum::serve` gives it.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    budget: Budget,
    mut halted: watch::Receiver<bool>,
) {
    let slots = Arc::new(Semaphore::new(budget.total));
    let seats = Seats::default();
    loop {
        let (stream, peer) = tokio::select! {
            () = halt(&mut halted) => return,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    tracing::warn!(error = %e, "can't accept a connection");
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
        };
        // Over a cap the connection is closed at once: its descriptor is freed now, and the
        // client sees a refusal rather than a hang.
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            continue;
        };
        let Some(seat) = seats.take(address_key(peer.ip()), budget.per_address) else {
            continue;
        };
        let app = app.clone();
        let halted = halted.clone();
        tokio::spawn(async move {
            connection(stream, peer, app, halted).await;
            drop(seat);
            drop(slot);
        });
    }
}

/// One connection, to its end or until the server halts (then it finishes the request it
/// is on).
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    mut halted: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request.map(axum::body::Body::new))
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ);
    let served = builder.serve_connection(TokioIo::new(Idle::new(stream, IDLE)), service);
    let mut served = std::pin::pin!(served);
    tokio::select! {
        _ = served.as_mut() => return,
        () = halt(&mut halted) => served.as_mut().graceful_shutdown(),
    }
    let _ = served.await;
}

/// When the server halts (or whoever halts it has gone).
async fn halt(halted: &mut watch::Receiver<bool>) {
    let _ = halted.wait_for(|&h| h).await;
}

/// How many connections each address holds.
#[derive(Clone, Default)]
struct Seats(Arc<Mutex<HashMap<u64, usize>>>);

/// One connection's place in its address's count, given back when dropped.
struct Seat {
    seats: Seats,
    key: u64,
}

impl Seats {
    fn take(&self, key: u64, most: usize) -> Option<Seat> {
        let mut held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(key).or_default();
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(Seat {
            seats: self.clone(),
            key,
        })
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut held = self.seats.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

/// A stream that fails with `TimedOut` once no byte has moved either way for `limit`.
struct Idle<S> {
    stream: S,
    limit: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl<S> Idle<S> {
    fn new(stream: S, limit: Duration) -> Idle<S> {
        Idle {
            stream,
            limit,
            deadline: Box::pin(tokio::time::sleep(limit)),
        }
    }

    fn moved(&mut self) {
        let next = Instant::now() + self.limit;
        self.deadline.as_mut().reset(next);
    }

    /// After a pending read or write: an error once the deadline has passed (the timer
    /// wakes the task then).
    fn expired(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::ErrorKind::TimedOut.into())),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Idle<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    self.moved();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => self.expired(cx),
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Idle<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write(cx, bytes) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.moved();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => self.expired(cx).map_ok(|()| 0),
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_connections_stay_below_the_descriptor_limit() {
        assert_eq!(web_connections(Some(1024), 10_000), 1024 - 128 - 32);
        assert_eq!(web_connections(Some(1_000_000), 500), 500);
        assert_eq!(web_connections(None, 500), 500);
        assert_eq!(web_connections(Some(100), 500), 8);
    }

    #[test]
    fn an_address_counts_once_however_it_is_written() {
        let v4: IpAddr = "127.0.0.1".parse().unwrap();
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(address_key(v4), address_key(mapped));
        let a: IpAddr = "2001:db8::1".parse().unwrap();
        let b: IpAddr = "2001:db8::ffff:2".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(v4));
    }

    #[test]
    fn seats_are_given_back() {
        let seats = Seats::default();
        let first = seats.take(1, 2).unwrap();
        let _second = seats.take(1, 2).unwrap();
        assert!(seats.take(1, 2).is_none());
        assert!(seats.take(2, 2).is_some());
        drop(first);
        assert!(seats.take(1, 2).is_some());
    }
}
