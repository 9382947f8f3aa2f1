//! A throwaway PostgreSQL cluster for tests: `initdb` in a temporary directory, the server
//! listening only on a Unix socket there (no TCP at all), and a fresh database for each test.
//! The cluster stops and its directory is removed when the test process ends, however it ends.
//!
//! It needs Debian's PostgreSQL server (package `postgresql`; `.ci/run` installs it when
//! missing). PostgreSQL refuses to run as root, so as root the server runs in a user namespace
//! of its own as an unprivileged user; a Unix socket reaches it from any network namespace,
//! including the end-to-end tests' `unshare -rn`.
//!
//! Shared by the core's unit tests, the adapters' tests, the end-to-end tests and the benches.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The role every test connects as (trusted: the socket is in a private directory).
const ROLE: &str = "csipgs";
/// How long the server may take to accept connections.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// A running cluster: its directory, and the pipe whose closing stops it.
pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    /// Held open for the process's life: when it closes, the watchdog shell stops the server
    /// and removes the directory.
    _lifeline: Mutex<ChildStdin>,
    _watchdog: Mutex<Child>,
    next: AtomicUsize,
}

/// The process's cluster, started on first use. Panics, saying what to install, if
/// PostgreSQL is missing or won't start.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
    match CLUSTER.get_or_init(Cluster::start) {
        Ok(cluster) => cluster,
        Err(why) => panic!("can't start a PostgreSQL cluster for the tests: {why}"),
    }
}

/// A new, empty database in the process's cluster: its `postgres://` URL.
pub fn fresh_database() -> String {
    cluster().create_database()
}

impl Cluster {
    fn start() -> Result<Cluster, String> {
        let bin = server_bin()?;
        let dir = std::env::temp_dir().join(format!(
            "csipgs-pg-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos())
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let data = dir.join("data");
        let initdb = unprivileged(&bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args(["--auth=trust", "--encoding=UTF8", "--no-sync", "-U", ROLE])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("initdb didn't run: {e}"))?;
        if !initdb.status.success() {
            return Err(format!(
                "initdb failed: {}",
                String::from_utf8_lossy(&initdb.stderr)
            ));
        }
        // The shell starts the server, waits for its stdin (our end of the pipe) to close,
        // then stops the server and removes everything: a test process killed outright still
        // closes the pipe.
        let server = unprivileged(&bin.join("postgres"));
        let mut words: Vec<String> = std::iter::once(server.get_program())
            .chain(server.get_args())
            .map(|w| w.to_string_lossy().into_owned())
            .collect();
        words.extend(
            [
                "-D",
                &data.to_string_lossy(),
                "-k",
                &dir.to_string_lossy(),
                "-c",
                "listen_addresses=",
                // A throwaway cluster needs no durability.
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=400",
            ]
            .map(String::from),
        );
        let script = "\"$@\" </dev/null >\"$LOG\" 2>&1 & server=$!; \
                      read _ignored; kill -INT $server; wait $server; rm -rf \"$DIR\"";
        let mut watchdog = Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg("postgres-watchdog")
            .args(&words)
            .env("LOG", dir.join("server.log"))
            .env("DIR", &dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("can't start the server: {e}"))?;
        let lifeline = watchdog.stdin.take().expect("piped stdin");
        let cluster = Cluster {
            dir,
            bin,
            _lifeline: Mutex::new(lifeline),
            _watchdog: Mutex::new(watchdog),
            next: AtomicUsize::new(0),
        };
        cluster.wait_ready()?;
        Ok(cluster)
    }

    fn wait_ready(&self) -> Result<(), String> {
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let ready = Command::new(self.bin.join("pg_isready"))
                .arg("-h")
                .arg(&self.dir)
                .args(["-U", ROLE, "-d", "postgres", "-q"])
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                return Ok(());
            }
            if Instant::now() > deadline {
                let log = std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default();
                return Err(format!("the server didn't start in time; its log:\n{log}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Create an empty database and return its URL.
    pub fn create_database(&self) -> String {
        let name = format!("test{}", self.next.fetch_add(1, Ordering::SeqCst));
        let created = Command::new(self.bin.join("createdb"))
            .arg("-h")
            .arg(&self.dir)
            .args(["-U", ROLE, &name])
            .output()
            .expect("createdb runs");
        assert!(
            created.status.success(),
            "createdb {name} failed: {}",
            String::from_utf8_lossy(&created.stderr)
        );
        self.url(&name)
    }

    /// The URL of a database in this cluster, over its Unix socket.
    pub fn url(&self, database: &str) -> String {
        format!(
            "postgres://{ROLE}@localhost/{database}?host={}",
            self.dir.display()
        )
    }

    /// Run SQL in the database at `url` (psql), returning its unaligned output: what another
    /// client, or an operator, does behind the bot's back.
    pub fn psql(&self, url: &str, sql: &str) -> String {
        let mut child = Command::new(self.bin.join("psql"))
            .args(["-d", url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("psql runs");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(sql.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "psql failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }
}

/// The directory of the PostgreSQL server programs: on the PATH (`initdb`), else the newest
/// under Debian's /usr/lib/postgresql.
fn server_bin() -> Result<PathBuf, String> {
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|dir| dir.join("initdb"))
        .find(|p| p.is_file());
    if let Some(initdb) = on_path {
        let real = std::fs::canonicalize(&initdb).unwrap_or(initdb);
        return Ok(real.parent().unwrap_or(Path::new("/")).to_path_buf());
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|_| NOT_INSTALLED.to_string())?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let version = e.file_name().to_string_lossy().parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, bin)| bin)
        .ok_or_else(|| NOT_INSTALLED.to_string())
}

const NOT_INSTALLED: &str = "PostgreSQL's server programs (initdb) were not found: install \
     Debian's package with `apt-get install postgresql` (.ci/run does this when it is missing)";

/// A command for a PostgreSQL program, run as an unprivileged user if we are root.
fn unprivileged(program: &Path) -> Command {
    if effective_uid() == Some(0) {
        let mut command = Command::new("unshare");
        command
            .args(["--user", "--map-user=1000", "--map-group=1000"])
            .arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// The effective user id, from /proc (the Uid line: real, effective, saved, filesystem).
fn effective_uid() -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(2)?.parse().ok()
}
