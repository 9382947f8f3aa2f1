//! Every command example in the README is run, as a newcomer would paste it: the console
//! sessions must print what the README shows, and every other `cargo run --release -- ...`
//! (a game in the terminal, a replay) must run and end with status 0. Only `serve` is left
//! out: it needs a Discord token.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    std::fs::read_to_string(path).expect("the README is readable")
}

/// A folder to run examples in, as if it were the project's: the engine's fixtures are
/// where the README says, pictures land in it, and `csipgs` is on the PATH.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("csipgs-readme-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        std::fs::create_dir_all(dir.join("render/doc")).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        std::os::unix::fs::symlink(root.join("engine"), dir.join("engine")).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_csipgs"), dir.join("bin/csipgs")).unwrap();
        Scratch { dir }
    }

    /// Run a README command line through the shell, `input` on standard input: status and
    /// standard output, with standard error.
    fn run(&self, line: &str, input: &str) -> (Option<i32>, String, String) {
        use std::io::Write;
        let line = line.replace("cargo run --release --", "csipgs");
        let path = format!(
            "{}:{}",
            self.dir.join("bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut child = Command::new("sh")
            .args(["-c", &line])
            .env("PATH", path)
            .current_dir(&self.dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sh runs");
        let _ = child
            .stdin
            .take()
            .expect("a pipe")
            .write_all(input.as_bytes());
        let out = child.wait_with_output().expect("the example ends");
        let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
        (out.status.code(), text(out.stdout), text(out.stderr))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The README's console sessions: each `$ ` line with the lines it prints (a last `...`
/// stands for more lines).
fn sessions(text: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        match line.trim_end() {
            "```console" => inside = true,
            "```" => inside = false,
            line if inside => match line.strip_prefix("$ ") {
                Some(command) => found.push((command.to_string(), Vec::new())),
                None => found
                    .last_mut()
                    .expect("a console block starts with a command")
                    .1
                    .push(line.to_string()),
            },
            _ => {}
        }
    }
    found
}

/// The README's other examples: indented command lines and inline code, each a
/// `cargo run --release -- ...` (inline code may wrap across lines).
fn examples(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        if let Some(command) = line.strip_prefix("    cargo run --release -- ") {
            let command = command.split(" #").next().unwrap_or(command).trim();
            found.push(format!("cargo run --release -- {command}"));
        }
    }
    for (i, span) in text.split('`').enumerate() {
        if i % 2 == 1 && span.starts_with("cargo run --release -- ") {
            let words: Vec<&str> = span.split_whitespace().collect();
            let command = words.join(" ");
            // "COMMAND ..." is how to run any command, not an example.
            if !command.contains("...") && !found.contains(&command) {
                found.push(command);
            }
        }
    }
    found
        .into_iter()
        .filter(|c| !c.starts_with("cargo run --release -- serve"))
        .collect()
}

#[test]
fn console_sessions_print_what_the_readme_shows() {
    let text = readme();
    let sessions = sessions(&text);
    assert!(sessions.len() >= 5, "{sessions:?}");
    let scratch = Scratch::new("console");
    for (command, shown) in sessions {
        let (code, out, err) = scratch.run(&command, "");
        assert_eq!(code, Some(0), "{command}: {err}");
        let printed: Vec<&str> = out.lines().map(str::trim_end).collect();
        match shown.split_last() {
            Some((last, before)) if last == "..." => {
                assert!(printed.len() > before.len(), "{command}: {out}");
                assert_eq!(&printed[..before.len()], before, "{command}");
            }
            _ => assert_eq!(printed, shown, "{command}"),
        }
    }
}

#[test]
fn every_other_example_runs() {
    let text = readme();
    let examples = examples(&text);
    assert!(
        examples.iter().any(|c| c.contains("play --computer black")),
        "{examples:?}"
    );
    assert!(
        examples.iter().any(|c| c.contains("replay")),
        "{examples:?}"
    );
    let scratch = Scratch::new("examples");
    for command in examples {
        // A game in the terminal is left at once.
        let (code, out, err) = scratch.run(&command, "/quit\n");
        // Standard error may say what was written ("wrote ... (49 frames)").
        assert_eq!(code, Some(0), "{command}: {err}\n{out}");
    }
    assert!(scratch.dir.join("render/doc/sample48.gif").exists());
}
