//! `csipgs serve` as a child process pointed at the fake, and what a test does around it:
//! scratch directories, memory readings, a write lock held on the bot's database.

use super::TOKEN;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::Connection;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// How long `terminate` waits for the bot to exit before killing it.
const TERM_GRACE: Duration = Duration::from_secs(20);
/// How often an exit is looked for: shutdown times are measured to about this.
const POLL: Duration = Duration::from_millis(10);

/// How to start the bot: which fake, which directory (its database lives there, so starting
/// again on the same directory is a restart that keeps the games), log filter, and extra
/// environment variables (e.g. `CSIPGS_SHARD_RANGE`).
#[derive(Clone, Debug)]
pub struct Launch {
    pub api_base: String,
    pub dir: PathBuf,
    pub log: String,
    pub env: Vec<(String, String)>,
    /// config.toml's text: settings with no environment variable (such as `[quotas]`).
    pub config: String,
    /// The bot's open-descriptor limit, set in the child before it runs (None: inherited).
    pub descriptors: Option<u64>,
}

impl Launch {
    /// The bot on `api_base` (a fake's), with its database in `dir`, logging at `log`.
    pub fn new(api_base: &str, dir: &Path, log: &str) -> Launch {
        Launch {
            api_base: api_base.to_string(),
            dir: dir.to_path_buf(),
            log: log.to_string(),
            env: Vec::new(),
            config: "# settings come from the environment\n".to_string(),
            descriptors: None,
        }
    }

    /// Start the bot with at most `n` open descriptors (soft and hard limit).
    pub fn descriptor_limit(mut self, n: u64) -> Launch {
        self.descriptors = Some(n);
        self
    }

    /// config.toml's text instead of an empty file.
    pub fn config(mut self, text: &str) -> Launch {
        self.config = text.to_string();
        self
    }

    /// Serving the web pages on 127.0.0.1:`port`, which is also their public address.
    pub fn serving_pages(self, port: u16) -> Launch {
        self.env("CSIPGS_WEB", &port.to_string())
            .env("CSIPGS_PUBLIC_URL", &format!("http://127.0.0.1:{port}"))
    }

    /// One more environment variable for the bot (set after the harness's own, so it wins).
    pub fn env(mut self, name: &str, value: &str) -> Launch {
        self.env.push((name.to_string(), value.to_string()));
        self
    }

    /// The bot's database file.
    pub fn database(&self) -> PathBuf {
        self.dir.join("csipgs.db")
    }

    /// Start `csipgs serve`.
    pub fn start(&self) -> Bot {
        let config = self.dir.join("config.toml");
        std::fs::write(&config, &self.config).unwrap();
        let mut command = Command::new(binary());
        if let Some(n) = self.descriptors {
            use std::os::unix::process::CommandExt;
            let limit = libc::rlimit {
                rlim_cur: n,
                rlim_max: n,
            };
            // SAFETY: between fork and exec the child calls only setrlimit, which is
            // async-signal-safe.
            unsafe {
                command.pre_exec(move || match libc::setrlimit(libc::RLIMIT_NOFILE, &limit) {
                    0 => Ok(()),
                    _ => Err(std::io::Error::last_os_error()),
                });
            }
        }
        let mut child = command
            .arg("serve")
            .arg("--config")
            .arg(&config)
            .env("CSIPGS_TOKEN", TOKEN)
            .env("CSIPGS_API_BASE", &self.api_base)
            .env("CSIPGS_DATABASE", self.database())
            .env("CSIPGS_LOG", &self.log)
            // Scripted members type faster than people; flood control has unit tests.
            .env("CSIPGS_FLOOD_BURST", "100000")
            .env_remove("CSIPGS_DEV_GUILD")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the csipgs binary starts");
        let log_text = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        let sink = log_text.clone();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                let mut text = sink.lock().unwrap();
                text.push_str(&line);
                text.push('\n');
            }
        });
        Bot {
            child,
            log: log_text,
            launch: self.clone(),
            term_sent: Mutex::new(None),
        }
    }
}

/// `csipgs serve` as a child process, pointed at the fake. Killed when dropped.
pub struct Bot {
    child: Child,
    log: Arc<Mutex<String>>,
    launch: Launch,
    /// When `sigterm` was sent, for timing the shutdown.
    term_sent: Mutex<Option<Instant>>,
}

impl Bot {
    /// Start the bot on `dir` (an existing directory keeps its database: a restart).
    pub fn start(api_base: &str, dir: &Path, log: &str) -> Bot {
        Launch::new(api_base, dir, log).start()
    }

    /// How this bot was started: `bot.launch().start()` after it exits is a restart.
    pub fn launch(&self) -> &Launch {
        &self.launch
    }

    /// The process id (e.g. for `memory_kib`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Everything the bot wrote to stderr so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Wait until the log contains `needle`; false after `timeout`.
    pub async fn wait_log(&self, needle: &str, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while !self.log().contains(needle) {
            if Instant::now() > deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        true
    }

    /// Kill it at once, as a crash would.
    pub fn crash(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Send SIGTERM and return at once (the bot may still be shutting down); then
    /// `wait_exit` or `exited`.
    pub fn sigterm(&self) {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        self.term_sent.lock().unwrap().get_or_insert(Instant::now());
    }

    /// The exit status if the bot has exited.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Time since SIGTERM (or since now if none was sent).
    fn since_term(&self) -> Duration {
        self.term_sent
            .lock()
            .unwrap()
            .map_or(Duration::ZERO, |at| at.elapsed())
    }

    /// The log once the reader thread has taken the last lines, with the exit.
    fn finish(mut self, status: Option<ExitStatus>) -> (Duration, bool, String) {
        let took = self.since_term();
        if status.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        // The stderr reader thread may still hold the last lines.
        std::thread::sleep(Duration::from_millis(100));
        (took, status.is_some_and(|s| s.success()), self.log())
    }

    /// Wait (without blocking the runtime) up to `timeout` for the bot to exit, killing it
    /// after that. Returns the time from SIGTERM to exit, whether it exited cleanly (status
    /// 0, within the time), and its log.
    pub async fn wait_exit(mut self, timeout: Duration) -> (Duration, bool, String) {
        let deadline = Instant::now() + timeout;
        let status = loop {
            if let Some(status) = self.done_waiting(deadline) {
                break status;
            }
            tokio::time::sleep(POLL).await;
        };
        self.finish(status)
    }

    /// Whether waiting for the exit is over: `Some(status)` once the bot exited, `Some(None)`
    /// past the deadline.
    fn done_waiting(&mut self, deadline: Instant) -> Option<Option<ExitStatus>> {
        match self.exited() {
            Some(status) => Some(Some(status)),
            None if Instant::now() > deadline => Some(None),
            None => None,
        }
    }

    /// SIGTERM, then wait (blocking) for it to exit; returns the time it took, whether it
    /// exited cleanly, and its log. Killed after 20 s.
    pub fn terminate_timed(mut self) -> (Duration, bool, String) {
        self.sigterm();
        let deadline = Instant::now() + TERM_GRACE;
        let status = loop {
            if let Some(status) = self.done_waiting(deadline) {
                break status;
            }
            std::thread::sleep(POLL);
        };
        self.finish(status)
    }

    /// SIGTERM, then wait for it to exit; returns whether it exited cleanly.
    pub fn terminate(self) -> (bool, String) {
        let (_, clean, log) = self.terminate_timed();
        (clean, log)
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A write lock held on the bot's SQLite database (`BEGIN IMMEDIATE`), as another writer or a
/// slow disk would: the bot's writes wait, then fail with "database is locked". Released
/// after the time given, on `release`, or when dropped.
pub struct DbLock {
    release: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

/// Take the write lock on `database` (waiting up to 10 s for the bot's own writes) and hold it
/// for `hold`. Returns once the lock is held.
pub async fn lock_database(database: &Path, hold: Duration) -> DbLock {
    let mut connection = connect(database).await;
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut connection)
        .await
        .expect("the database write lock");
    let (release, released) = oneshot::channel();
    let task = tokio::spawn(async move {
        // Either the time passes, or the handle is released or dropped.
        let _ = tokio::time::timeout(hold, released).await;
        let _ = sqlx::query("ROLLBACK").execute(&mut connection).await;
        let _ = connection.close().await;
    });
    DbLock {
        release: Some(release),
        task: Some(task),
    }
}

impl DbLock {
    /// Release the lock now, returning once it is gone.
    pub async fn release(mut self) {
        if let Some(release) = self.release.take() {
            let _ = release.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for DbLock {
    fn drop(&mut self) {
        // The task rolls back and closes on its own; dropping the sender wakes it.
        self.release.take();
    }
}

/// Peak and current resident memory of a process, in KiB.
pub fn memory_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// A fresh directory for one run's database.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("csipgs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The servers the bot's database says it has left, read beside the running bot.
pub async fn departed_guilds(database: &Path) -> Vec<i64> {
    let mut connection = connect(database).await;
    let departed = sqlx::query_scalar("SELECT guild_id FROM departed_guilds ORDER BY guild_id")
        .fetch_all(&mut connection)
        .await
        .expect("departed_guilds reads");
    let _ = connection.close().await;
    departed
}

/// One number from the bot's database, read beside the running bot.
pub async fn count(database: &Path, sql: &str) -> i64 {
    let mut connection = connect(database).await;
    let n = sqlx::query_scalar(sql)
        .fetch_one(&mut connection)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let _ = connection.close().await;
    n
}

/// A connection of the test's own to the bot's database, waiting up to 10 s for its locks.
async fn connect(database: &Path) -> SqliteConnection {
    let options = SqliteConnectOptions::new()
        .filename(database)
        .busy_timeout(Duration::from_secs(10));
    SqliteConnection::connect_with(&options)
        .await
        .unwrap_or_else(|e| panic!("open {}: {e}", database.display()))
}

/// A port on 127.0.0.1 that nothing listens on now, for the bot's `http` setting.
/// The web pages' limits lifted: every request of a bench comes from 127.0.0.1.
pub const UNLIMITED_WEB: &str = "[web_limits]\nburst = 1000000\nrequests_per_second = 1000000\n\
     watchers_per_address = 5000\nwatchers = 5000\nconnections = 12000\n\
     connections_per_address = 6000\n";

pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// `GET path` from the bot's `/healthz` and `/metrics` server on 127.0.0.1:`port`: the status
/// and body, or None while nothing answers.
pub async fn http_get(port: u16, path: &str) -> Option<(u16, String)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = String::new();
    tokio::time::timeout(
        Duration::from_secs(10),
        stream.read_to_string(&mut response),
    )
    .await
    .ok()?
    .ok()?;
    let (head, body) = response.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, body.to_string()))
}

/// The built `csipgs`: Cargo puts a test or bench executable in `target/<profile>/deps` and
/// the binaries of its package, built before it runs, in `target/<profile>`.
fn binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its own path");
    let dir = exe.parent().expect("the test lies in a directory");
    let dir = if dir.ends_with("deps") {
        dir.parent().expect("deps lies in the profile's directory")
    } else {
        dir
    };
    let bin = dir.join("csipgs");
    assert!(
        bin.exists(),
        "no csipgs binary at {}: build it first (cargo build)",
        bin.display()
    );
    bin
}
