//! What a newcomer's first hour must not break: another program's database given by mistake
//! is refused unchanged by every command that opens one, a database of an earlier csipgs
//! still opens, /history never overwrites a file, unreadable or endless input lines don't end
//! the game or eat memory, and a reader that stops reading ends a command quietly.

use crate::cli;
use crate::databases::scratch;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Exit status and everything said (standard output, then standard error) of `csipgs` run
/// in `dir` with `input` typed.
fn csipgs_in(dir: &Path, args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    let (code, out, err) = cli::typed_in(dir, args, input);
    (code, format!("{out}{err}"))
}

/// Run SQL on a SQLite file as another program would.
fn sqlite(file: &Path, statements: &[&str]) {
    use sqlx::Connection;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(file)
            .create_if_missing(true);
        let mut db = sqlx::SqliteConnection::connect_with(&options)
            .await
            .unwrap();
        for statement in statements {
            sqlx::query(statement).execute(&mut db).await.unwrap();
        }
        db.close().await.unwrap();
    })
}

/// The application id in a SQLite file's header.
fn application_id(file: &Path) -> [u8; 4] {
    let bytes = std::fs::read(file).unwrap();
    bytes[68..72].try_into().unwrap()
}

/// Another program's databases, each as a newcomer might pass one: with tables and no
/// application id, with another program's id, and in WAL mode.
fn foreign_databases(dir: &Path) -> Vec<PathBuf> {
    let notes = dir.join("notes.db");
    sqlite(
        &notes,
        &[
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
            "INSERT INTO notes (body) VALUES ('buy milk')",
        ],
    );
    let other = dir.join("other-app.db");
    sqlite(
        &other,
        &["PRAGMA application_id = 42", "CREATE TABLE t (x INTEGER)"],
    );
    let wal = dir.join("wal.db");
    sqlite(
        &wal,
        &[
            "PRAGMA journal_mode = WAL",
            "CREATE TABLE games (id INTEGER PRIMARY KEY)",
        ],
    );
    vec![notes, other, wal]
}

/// Every command that opens a database, given another program's: each refuses it with
/// status 2, naming the file and what to do, and leaves it byte for byte as it was, with no
/// journal or WAL file beside it and no target made.
#[test]
fn another_programs_database_is_refused_by_every_command_and_left_unchanged() {
    let dir = scratch("foreign");
    let ours = dir.join("ours.db");
    let (code, said) = csipgs_in(
        &dir,
        &["play", "--database", ours.to_str().unwrap()],
        b"Kd2\n/quit\n",
    );
    assert_eq!(code, Some(0), "{said}");
    for file in foreign_databases(&dir) {
        let before = std::fs::read(&file).unwrap();
        let name = file.to_str().unwrap();
        let target = dir.join("target.db");
        let target = target.to_str().unwrap();
        let ours = ours.to_str().unwrap();
        let commands: [Vec<&str>; 6] = [
            vec!["play", "--database", name],
            vec!["backup", "--database", name, "--to", target],
            vec!["migrate-db", "--from", name, "--to", target],
            vec!["migrate-db", "--from", ours, "--to", name],
            vec!["forget", "1", "--database", name],
            vec!["forget", "--guild", "1", "--database", name],
        ];
        for args in commands {
            let (code, said) = csipgs_in(&dir, &args, b"Kd2\n/quit\n");
            assert_eq!(code, Some(2), "{args:?}: {said}");
            assert!(
                said.contains(&format!("{name} is not a csipgs database")),
                "{args:?}: {said}"
            );
            assert!(said.contains("give a new file name"), "{args:?}: {said}");
            assert_eq!(std::fs::read(&file).unwrap(), before, "{args:?} changed it");
            for suffix in ["-wal", "-shm", "-journal"] {
                assert!(
                    !Path::new(&format!("{name}{suffix}")).exists(),
                    "{args:?} made {name}{suffix}"
                );
            }
            assert!(!Path::new(target).exists(), "{args:?} left {target}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `csipgs serve` given another program's database stops before Discord is reached, with
/// the reason in its log, and leaves the file as it was.
#[test]
fn serve_refuses_another_programs_database_unchanged() {
    let dir = scratch("serve");
    for file in foreign_databases(&dir) {
        let before = std::fs::read(&file).unwrap();
        let config = dir.join("config.toml");
        std::fs::write(
            &config,
            format!("token = \"not-a-real-token\"\ndatabase = {:?}\n", file),
        )
        .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_csipgs"))
            .args(["serve", "--config", config.to_str().unwrap()])
            .current_dir(&dir)
            .env_remove("CSIPGS_TOKEN")
            .env_remove("CSIPGS_DATABASE")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the csipgs binary runs");
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > std::time::Duration::from_secs(30) {
                let _ = child.kill();
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(3), "{said}");
        assert!(said.contains("is not a csipgs database"), "{said}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "{file:?} changed");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A database csipgs makes carries its mark; one made before the mark existed (no
/// application id, our tables) still opens, resumes its game and is marked from then on.
#[test]
fn a_database_of_an_earlier_csipgs_still_opens_and_is_marked() {
    let dir = scratch("earlier");
    let file = dir.join("bot.db");
    let name = file.to_str().unwrap();
    let (code, said) = csipgs_in(&dir, &["play", "--database", name], b"Kd2\n/quit\n");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(&application_id(&file), b"csip");
    sqlite(&file, &["PRAGMA application_id = 0"]);
    assert_eq!(application_id(&file), [0; 4]);
    let (code, said) = csipgs_in(&dir, &["play", "--database", name], b"Kd7\n/quit\n");
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("Resuming"), "{said}");
    assert_eq!(&application_id(&file), b"csip");
    // A backup of it is marked too, and the operator commands open it.
    let copy = dir.join("copy.db");
    let (code, said) = csipgs_in(
        &dir,
        &["backup", "--database", name, "--to", copy.to_str().unwrap()],
        b"",
    );
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(&application_id(&copy), b"csip");
    sqlite(&file, &["PRAGMA application_id = 0"]);
    let (code, said) = csipgs_in(&dir, &["forget", "--guild", "5", "--database", name], b"");
    // It opens (server 5 has nothing stored there, which is said, status 1).
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("nothing is stored for server 5"), "{said}");
    let _ = std::fs::remove_dir_all(dir);
}

/// /history in a second terminal session (a new game 1) writes a new file and says its
/// name: the first session's record stays as it was.
#[test]
fn history_in_a_new_session_writes_a_new_file() {
    let dir = scratch("history");
    let session = |input: &[u8]| {
        let (code, said) = csipgs_in(&dir, &["play", "--picture", "/dev/null"], input);
        assert_eq!(code, Some(0), "{said}");
        said
    };
    let first = session(b"Kd2\n/history\n/quit\n");
    assert!(first.contains("(written to csipgs-game-1.txt)"), "{first}");
    let record = std::fs::read_to_string(dir.join("csipgs-game-1.txt")).unwrap();
    assert!(record.contains("Kd2"), "{record}");
    let second = session(b"Kf2\n/history\n/quit\n");
    assert!(
        second.contains("(written to csipgs-game-1-2.txt)"),
        "{second}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("csipgs-game-1.txt")).unwrap(),
        record
    );
    let newer = std::fs::read_to_string(dir.join("csipgs-game-1-2.txt")).unwrap();
    assert!(newer.contains("Kf2"), "{newer}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A line that is not UTF-8 is refused with a reason; the game goes on with the next.
#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    let dir = scratch("utf8");
    let (code, said) = csipgs_in(
        &dir,
        &["play", "--picture", "/dev/null"],
        b"K\xffd2\n\xc3\nKd2\n/quit\n",
    );
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(said.matches("not readable text").count(), 2, "{said}");
    assert!(said.contains("Kd2"), "{said}");
    assert!(said.contains("Turn 2: Black to move"), "{said}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Peak resident memory of a running process, in KiB, and the bytes it has read.
fn peak_and_read(pid: u32) -> (u64, u64) {
    let field = |file: &str, name: &str| {
        std::fs::read_to_string(format!("/proc/{pid}/{file}"))
            .unwrap_or_default()
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("status", "VmHWM:"), field("io", "rchar:"))
}

/// `csipgs play < /dev/zero`: a line that never ends is refused as too long and skipped
/// without being kept, so memory stays small however much is read.
#[test]
fn an_endless_line_is_refused_with_bounded_memory() {
    const READ: u64 = 256 << 20;
    let dir = scratch("endless");
    let mut child = Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(["play", "--picture", "/dev/null"])
        .current_dir(&dir)
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the csipgs binary runs");
    let pid = child.id();
    let mut stdout = child.stdout.take().unwrap();
    let said = std::thread::spawn(move || {
        let mut said = Vec::new();
        let _ = stdout.read_to_end(&mut said);
        String::from_utf8_lossy(&said).into_owned()
    });
    let started = std::time::Instant::now();
    let mut peak = 0;
    loop {
        let (hwm, read) = peak_and_read(pid);
        peak = peak.max(hwm);
        if read >= READ || started.elapsed() > std::time::Duration::from_secs(60) {
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let (_, read) = peak_and_read(pid);
    let _ = child.kill();
    let _ = child.wait();
    let said = said.join().unwrap();
    eprintln!(
        "read {} MiB of zeros; peak resident memory {peak} KiB",
        read >> 20
    );
    assert!(read >= READ, "read only {read} bytes: {said}");
    assert!(peak < 100 * 1024, "peak {peak} KiB");
    assert!(said.contains("is longer than"), "{said}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `csipgs replay x | head -0` and the like: every printing command whose reader has gone
/// ends quietly with status 0, not a panic.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    let record = cli::Record::new("closed-pipe", "[Ruleset \"classic\"]\n\n1.Kd2 2.Kd7\n");
    let dir = scratch("pipe");
    for (args, input) in [
        (vec!["replay", record.path()], ""),
        (vec!["price", "WbRbmHfB"], ""),
        (
            vec![
                "moves",
                "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
            ],
            "",
        ),
        (
            vec!["play", "--picture", "/dev/null"],
            "Kd2\n/history\n/quit\n",
        ),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_csipgs"))
            .args(&args)
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the csipgs binary runs");
        // The reader goes before a word is read.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
