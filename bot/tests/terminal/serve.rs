//! `csipgs serve` without Discord: a process that serves only the web pages.

use crate::databases::scratch;
use harness::free_port;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn serve(dir: &std::path::Path, config: &str) -> Child {
    let path = dir.join("config.toml");
    std::fs::write(&path, config).unwrap();
    Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(["serve", "--config", path.to_str().unwrap()])
        .current_dir(dir)
        .env_remove("CSIPGS_TOKEN")
        .env_remove("CSIPGS_WEB")
        .env_remove("CSIPGS_DATABASE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the csipgs binary runs")
}

/// The status line and body of `GET path`, once the server answers (within 30 s).
fn get(port: u16, path: &str) -> String {
    let started = Instant::now();
    loop {
        if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) {
            let ask =
                format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            stream.write_all(ask.as_bytes()).unwrap();
            let mut answer = String::new();
            let _ = stream.read_to_string(&mut answer);
            return answer;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "nothing listens on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What the process said, once it has exited (killed after 30 s).
fn ended(mut child: Child) -> (Option<i32>, String) {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), said)
}

/// With `web` set and no token, `serve` serves the pages (and the health check, which has no
/// shards to wait for), runs no background work, and stops cleanly at SIGTERM.
#[test]
fn serve_without_a_token_serves_the_web_pages_alone() {
    let dir = scratch("pages-only");
    let (web, http) = (free_port(), free_port());
    let child = serve(
        &dir,
        &format!(
            "database = \"pages.db\"\nweb = \"127.0.0.1:{web}\"\n\
             public_url = \"http://127.0.0.1:{web}\"\nhttp = \"127.0.0.1:{http}\"\n"
        ),
    );
    let home = get(web, "/price");
    assert!(home.starts_with("HTTP/1.1 200"), "{home}");
    assert!(home.contains("csipgs"), "{home}");
    let health = get(http, "/healthz");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    let stopped = Instant::now();
    // SAFETY: kill(2) on our own child's pid, which has not been reaped yet.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let (code, said) = ended(child);
    assert_eq!(code, Some(0), "{said}");
    assert!(stopped.elapsed() < Duration::from_secs(6), "{said}");
    assert!(said.contains("serving the web pages only"), "{said}");
    // Its log goes to a pipe here: plain text, no terminal colours.
    assert!(!said.contains('\x1b'), "{said:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Without a token and without `web`, there is nothing to serve: `serve` says how to give
/// either, and a copied placeholder token is refused even beside `web`.
#[test]
fn serve_with_nothing_to_serve_says_what_to_set() {
    let dir = scratch("nothing");
    let (code, said) = ended(serve(&dir, "database = \"none.db\"\n"));
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("no Discord token"), "{said}");
    assert!(said.contains("set web and public_url"), "{said}");
    let web = free_port();
    let placeholder = format!(
        "token = \"paste-the-bot-token-here\"\nweb = \"127.0.0.1:{web}\"\n\
         public_url = \"http://127.0.0.1:{web}\"\n"
    );
    let (code, said) = ended(serve(&dir, &placeholder));
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("placeholder"), "{said}");
    assert!(!dir.join("csipgs.db").exists(), "{said}");
    let _ = std::fs::remove_dir_all(dir);
}
