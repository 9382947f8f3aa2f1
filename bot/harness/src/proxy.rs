//! A PostgreSQL server that can go away: a Unix socket in a directory of its own that forwards
//! every connection to the test cluster's socket. `stop` does to the bot what stopping the
//! server does (every open connection closes, new ones are refused) without stopping the
//! cluster other tests share; `start` brings it back.

use std::path::{Path, PathBuf};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// The file name PostgreSQL's clients look for in the `host` directory.
const SOCKET: &str = ".s.PGSQL.5432";

pub struct DbProxy {
    /// The cluster's URL, and its socket.
    url: String,
    server: PathBuf,
    dir: PathBuf,
    running: Option<(JoinHandle<()>, watch::Sender<bool>)>,
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
        let accepting = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let server = server.clone();
                let mut stopped = stopped.clone();
                tokio::spawn(async move {
                    let Ok(mut upstream) = UnixStream::connect(&server).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut upstream) => {}
                        _ = stopped.wait_for(|&s| s) => {}
                    }
                });
            }
        });
        self.running = Some((accepting, stop));
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

impl Drop for DbProxy {
    fn drop(&mut self) {
        self.down();
    }
}
