//! A PostgreSQL server that can go away: a Unix socket in a directory of its own that forwards
//! every connection to the test cluster's socket. `stop` does to the bot what stopping the
//! server does (every open connection closes, new ones are refused) without stopping the
//! cluster other tests share; `start` brings it back. `cut_after_next_commit` loses the
//! answer to one COMMIT that the server has received.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::{watch, Mutex};
use tokio::task::JoinHandle;

/// A simple-protocol COMMIT as a client sends it: the query text and its terminating zero.
const COMMIT: &[u8] = b"COMMIT\0";

/// The file name PostgreSQL's clients look for in the `host` directory.
const SOCKET: &str = ".s.PGSQL.5432";

pub struct DbProxy {
    /// The cluster's URL, and its socket.
    url: String,
    server: PathBuf,
    dir: PathBuf,
    running: Option<(JoinHandle<()>, watch::Sender<bool>)>,
    /// The next COMMIT is to lose its answer.
    cut: Arc<AtomicBool>,
}

impl DbProxy {
    /// A proxy for the database at `url` (a `postgres://...?host=DIR` URL of the test
    /// cluster), listening at once.
    pub fn start(url: &str, dir: &Path) -> DbProxy {
        let host = url.split("host=").nth(1).expect("a host= directory");
        std::fs::create_dir_all(dir).unwrap();
        let mut proxy = DbProxy {
            url: url.to_string(),
            server: Path::new(host).join(SOCKET),
            dir: dir.to_path_buf(),
            running: None,
            cut: Arc::default(),
        };
        proxy.up();
        proxy
    }

    /// The URL the bot connects to: the same database, through the proxy.
    pub fn url(&self) -> String {
        let (before, _) = self.url.split_once("host=").unwrap();
        format!("{before}host={}", self.dir.display())
    }

    /// Accept connections again.
    pub fn up(&mut self) {
        if self.running.is_some() {
            return;
        }
        let path = self.dir.join(SOCKET);
        let _ = std::fs::remove_file(&path);
        let listener = UnixListener::bind(&path).expect("the proxy's socket");
        let (stop, stopped) = watch::channel(false);
        let server = self.server.clone();
        let cut = self.cut.clone();
        let accepting = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let server = server.clone();
                let mut stopped = stopped.clone();
                let cut = cut.clone();
                tokio::spawn(async move {
                    let Ok(upstream) = UnixStream::connect(&server).await else {
                        return;
                    };
                    tokio::select! {
                        _ = forward(client, upstream, cut) => {}
                        _ = stopped.wait_for(|&s| s) => {}
                    }
                });
            }
        });
        self.running = Some((accepting, stop));
    }

    /// The next COMMIT any connection sends reaches the server, which commits, and then the
    /// connection closes before the server's answer is passed on: the client can't tell
    /// whether its change was made.
    pub fn cut_after_next_commit(&self) {
        self.cut.store(true, Ordering::SeqCst);
    }

    /// Go away: every connection closes, and none is accepted until `up`.
    pub fn down(&mut self) {
        if let Some((accepting, stop)) = self.running.take() {
            accepting.abort();
            let _ = stop.send(true);
            let _ = std::fs::remove_file(self.dir.join(SOCKET));
        }
    }
}

/// Pass bytes both ways until either side closes, or a COMMIT is to lose its answer. The
/// client's side is written under a lock that the COMMIT's forwarding holds until the
/// connection is cut, so no answer to it can slip through.
async fn forward(client: UnixStream, upstream: UnixStream, cut: Arc<AtomicBool>) {
    let (mut client_in, client_out) = client.into_split();
    let (mut server_in, mut server_out) = upstream.into_split();
    let client_out = Mutex::new(client_out);
    let asked = async {
        let mut buffer = vec![0; 64 * 1024];
        loop {
            let n = match client_in.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            let bytes = &buffer[..n];
            let committing = bytes.windows(COMMIT.len()).any(|w| w == COMMIT);
            if committing && cut.swap(false, Ordering::SeqCst) {
                let _held = client_out.lock().await;
                let _ = server_out.write_all(bytes).await;
                // Time for the server to commit before the connection goes.
                tokio::time::sleep(Duration::from_millis(300)).await;
                return;
            }
            if server_out.write_all(bytes).await.is_err() {
                return;
            }
        }
    };
    let answered = async {
        let mut buffer = vec![0; 64 * 1024];
        loop {
            let n = match server_in.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            if client_out
                .lock()
                .await
                .write_all(&buffer[..n])
                .await
                .is_err()
            {
                return;
            }
        }
    };
    tokio::select! {
        _ = asked => {}
        _ = answered => {}
    }
}

impl Drop for DbProxy {
    fn drop(&mut self) {
        self.down();
    }
}
