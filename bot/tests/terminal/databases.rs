//! The terminal game and `migrate-db` on both databases, through the real binary: a game
//! kept in PostgreSQL resumes, a SQLite file moves into PostgreSQL whole, and every bad
//! address or target is refused with a reason, changing nothing.

use crate::{cli, postgres};

use std::path::PathBuf;

/// What a run said: its exit status, then standard output and standard error together.
struct Ran {
    code: Option<i32>,
    said: String,
}

/// Run `csipgs` with `args`, typing `input`.
fn csipgs(args: &[&str], input: &str) -> Ran {
    let (code, out, err) = cli::typed(args, input);
    Ran {
        code,
        said: format!("{out}{err}"),
    }
}

fn text(ran: &Ran) -> String {
    ran.said.clone()
}

pub(crate) fn scratch(name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "csipgs-dbcli-{name}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn play(database: &str, input: &str) -> String {
    let out = csipgs(
        &["play", "--database", database, "--picture", "/dev/null"],
        input,
    );
    assert!(out.code == Some(0), "{}", text(&out));
    text(&out)
}

#[test]
fn a_game_kept_in_postgres_resumes() {
    let url = postgres::fresh_database();
    let first = play(&url, "Kd2\n/quit\n");
    assert!(
        first.contains("played **Kd2**") || first.contains("Kd2"),
        "{first}"
    );
    let second = play(&url, "Kd7\n/quit\n");
    assert!(
        second.contains("Resuming the game in postgres://"),
        "{second}"
    );
    let third = play(&url, "/history\n/quit\n");
    assert!(third.contains("Resuming"), "{third}");
    assert!(third.contains("Kd7"), "{third}");
}

#[test]
fn a_sqlite_file_moves_into_postgres_whole() {
    let dir = scratch("migrate");
    let file = dir.join("old.db");
    let file = file.to_str().unwrap();
    play(file, "Kd2\nKd7\n/quit\n");
    let url = postgres::fresh_database();
    let out = csipgs(&["migrate-db", "--from", file, "--to", &url], "");
    assert!(out.code == Some(0), "{}", text(&out));
    let report = text(&out);
    assert!(report.contains("games: 1 rows"), "{report}");
    assert!(report.contains("turns: 2 rows"), "{report}");
    assert!(report.contains("the counts agree"), "{report}");
    // The password-less URL is printed as given; the game resumes from PostgreSQL.
    let resumed = play(&url, "Ke3\n/quit\n");
    assert!(resumed.contains("Resuming"), "{resumed}");
    assert!(!resumed.contains("not your turn"), "{resumed}");
    // A second copy into the now full database is refused, and changes nothing.
    let again = csipgs(&["migrate-db", "--from", file, "--to", &url], "");
    assert_eq!(again.code, Some(2));
    assert!(
        text(&again).contains("empty database only"),
        "{}",
        text(&again)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_databases_are_refused_with_a_reason() {
    let out = csipgs(
        &["play", "--database", "mysql://root:s3cret@x/db?key=s3cret"],
        "",
    );
    assert_eq!(out.code, Some(2));
    let said = text(&out);
    assert!(said.contains("is not a database csipgs can use"), "{said}");
    assert!(
        said.contains("mysql://root:(hidden)@x/db?(hidden)"),
        "{said}"
    );
    assert!(!said.contains("s3cret"), "{said}");
    let out = csipgs(
        &[
            "migrate-db",
            "--from",
            "/nonexistent/old.db",
            "--to",
            "x.db",
        ],
        "",
    );
    assert_eq!(out.code, Some(3), "a file that isn't there can't be read");
    assert!(text(&out).contains("no such file"), "{}", text(&out));
    let out = csipgs(
        &["migrate-db", "--from", "a.db", "--to", "sqlite://a.db"],
        "",
    );
    assert_eq!(out.code, Some(2));
    assert!(text(&out).contains("the same database"), "{}", text(&out));
    let out = csipgs(
        &[
            "play",
            "--database",
            "postgres://nobody:s3cret@localhost/none?host=/nonexistent&sslpassword=s3cret",
        ],
        "",
    );
    assert_eq!(out.code, Some(3));
    assert!(text(&out).contains("database"), "{}", text(&out));
    assert!(!text(&out).contains("s3cret"), "{}", text(&out));
}

/// A database that can't be used is named with its reason within seconds, not after a
/// pool's 30-second timeout: a file that is not SQLite (status 2), a server that refuses
/// (status 3); migrate-db then leaves no target file behind.
#[test]
fn unusable_databases_are_named_within_seconds() {
    let dir = scratch("unusable");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "these are my notes\n").unwrap();
    let binary = dir.join("picture.bin");
    std::fs::write(&binary, [0x89u8, b'P', b'N', b'G', 0, 1, 2, 3, 255, 254]).unwrap();
    for file in [&notes, &binary] {
        let started = std::time::Instant::now();
        let out = csipgs(&["play", "--database", file.to_str().unwrap()], "");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(out.code, Some(2), "{}", text(&out));
        // Worded alike by the game and the operator's commands.
        let line = format!(
            "can't open sqlite://{}: {} is not a SQLite database",
            file.display(),
            file.display()
        );
        assert!(text(&out).contains(&line), "{}", text(&out));
        let (path, to) = (file.to_str().unwrap(), dir.join("copy.db"));
        for args in [
            &["backup", "--database", path, "--to", to.to_str().unwrap()][..],
            &["forget", "--database", path, "5"][..],
        ] {
            let out = csipgs(args, "");
            assert_eq!(out.code, Some(2), "{args:?}: {}", text(&out));
            assert!(text(&out).contains(&line), "{args:?}: {}", text(&out));
        }
    }
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    let refused = "postgres://csipgs@127.0.0.1:1/csipgs";
    let started = std::time::Instant::now();
    let out = csipgs(&["play", "--database", refused], "");
    assert!(started.elapsed() < std::time::Duration::from_secs(8));
    assert_eq!(out.code, Some(3), "{}", text(&out));
    assert!(
        text(&out).contains("can't reach the database"),
        "{}",
        text(&out)
    );
    let target = dir.join("new.db");
    let out = csipgs(
        &[
            "migrate-db",
            "--from",
            binary.to_str().unwrap(),
            "--to",
            target.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.code, Some(2), "{}", text(&out));
    assert!(!target.exists(), "no empty target is left behind");
    let out = csipgs(
        &[
            "migrate-db",
            "--from",
            notes.to_str().unwrap(),
            "--to",
            refused,
        ],
        "",
    );
    assert_eq!(out.code, Some(2), "{}", text(&out));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_backup_is_a_checked_copy_and_forget_anonymises() {
    let dir = scratch("backup");
    let file = dir.join("bot.db");
    let file = file.to_str().unwrap();
    play(file, "Kd2\nKd7\n/quit\n");
    let copy = dir.join("copy.db");
    let copy = copy.to_str().unwrap();
    let out = csipgs(&["backup", "--database", file, "--to", copy], "");
    assert!(out.code == Some(0), "{}", text(&out));
    assert!(text(&out).contains("its counts agree"), "{}", text(&out));
    assert!(text(&out).contains("turns: 2 rows"), "{}", text(&out));
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &str| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(copy), 0o600);
        assert_eq!(mode(file), 0o600);
    }
    // The copy is the game: it resumes from there.
    let resumed = play(copy, "/history\n/quit\n");
    assert!(resumed.contains("Kd7"), "{resumed}");

    // Wrong inputs: each says what to do, and nothing changes.
    for (args, said) in [
        (
            vec!["backup", "--database", file, "--to", copy],
            "exists already",
        ),
        (
            vec![
                "backup",
                "--database",
                "postgres://u@127.0.0.1/x",
                "--to",
                "x.dump",
            ],
            "pg_dump",
        ),
        (
            vec![
                "backup",
                "--database",
                "/nonexistent/bot.db",
                "--to",
                "x.db",
            ],
            "no such file",
        ),
        (vec!["forget", "--database", file], "USER_ID"),
        (
            vec!["forget", "12", "--guild", "3", "--database", file],
            "cannot be used with",
        ),
        (
            vec!["forget", "bob", "--database", file],
            "invalid value 'bob'",
        ),
        (
            vec!["forget", "1", "--database", "/nonexistent/bot.db"],
            "no such file",
        ),
    ] {
        let out = csipgs(&args, "");
        // A file that isn't there can't be read (3); the rest is bad usage (2).
        let status = if said == "no such file" { 3 } else { 2 };
        assert!(out.code == Some(status), "{args:?}: {}", text(&out));
        assert!(text(&out).contains(said), "{args:?}: {}", text(&out));
    }

    // The terminal's White is member 1: forgotten, the game is resigned and renamed.
    // An id with nothing stored: said so, status 1, and no anonymous number used up (the
    // member forgotten next is still #1). 0 is nobody's id.
    for _ in 0..2 {
        let out = csipgs(&["forget", "999", "--database", file], "");
        assert!(out.code == Some(1), "{}", text(&out));
        assert!(
            text(&out).contains("nothing is stored for member 999"),
            "{}",
            text(&out)
        );
    }
    let out = csipgs(&["forget", "0", "--database", file], "");
    assert!(out.code == Some(2), "{}", text(&out));
    let out = csipgs(&["forget", "1", "--database", file], "");
    assert!(out.code == Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("\"deleted member #1\""),
        "{}",
        text(&out)
    );
    assert_eq!(
        games(file),
        [("deleted member #1".to_string(), "finished".to_string())]
    );
    // The game is over: the next one starts afresh.
    let after = play(file, "/quit\n");
    assert!(!after.contains("Resuming"), "{after}");
    let out = csipgs(&["forget", "--guild", "0", "--database", file], "");
    assert!(out.code == Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("deleted everything of server 0"),
        "{}",
        text(&out)
    );
    assert!(games(file).is_empty());
}

/// Each game's White and status, read from a SQLite file.
fn games(file: &str) -> Vec<(String, String)> {
    use sqlx::Connection;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(file);
        let mut db = sqlx::SqliteConnection::connect_with(&options)
            .await
            .unwrap();
        sqlx::query_as("SELECT white_name, status FROM games ORDER BY id")
            .fetch_all(&mut db)
            .await
            .unwrap()
    })
}
