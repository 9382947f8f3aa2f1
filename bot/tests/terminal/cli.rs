//! Running the built `csipgs` binary as scripts do, for the CLI tests.

use std::path::PathBuf;
use std::process::Command;

/// Exit code, standard output and standard error of one run.
pub fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(args)
        .output()
        .expect("the csipgs binary runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("output is UTF-8");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// Exit code, standard output and standard error of one run in a scratch folder of its
/// own (where `play` writes its pictures), with `input` typed on standard input.
pub fn typed(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "csipgs-typed-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
    let ran = typed_in(&dir, args, input.as_bytes());
    let _ = std::fs::remove_dir_all(&dir);
    ran
}

/// Exit code, standard output and standard error of one run in `dir`, with `input` (any
/// bytes) typed on standard input.
pub fn typed_in(
    dir: &std::path::Path,
    args: &[&str],
    input: &[u8],
) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the csipgs binary runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    // A refused start exits without reading: a closed pipe is then no failure.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("csipgs ends");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("output is UTF-8");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// A record file in the temporary directory, removed when dropped.
pub struct Record(PathBuf);

impl Record {
    pub fn new(name: &str, text: &str) -> Record {
        let path =
            std::env::temp_dir().join(format!("csipgs-cli-{}-{name}.pgn", std::process::id()));
        std::fs::write(&path, text).expect("the temporary directory is writable");
        Record(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().expect("temporary paths are UTF-8")
    }
}

impl Drop for Record {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
