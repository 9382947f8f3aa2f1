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

/// `csipgs ARGS --help` (or `csipgs --help` with no ARGS): what it prints.
fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(args)
        .arg("--help")
        .output()
        .expect("the csipgs binary runs");
    assert!(out.status.success(), "{args:?} --help");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every command line the README shows (in code, after `csipgs ` or `cargo run --release --
/// `): its subcommand and the flags it gives.
fn shown_commands(text: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    // Code only: inline spans, and the lines of indented and fenced blocks.
    let spans = text.split('`').skip(1).step_by(2);
    let mut fenced = false;
    let blocks = text.lines().filter(|line| {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        fenced || line.starts_with("    ")
    });
    for piece in spans.chain(blocks) {
        let words: Vec<&str> = piece.split_whitespace().collect();
        let start = words
            .windows(4)
            .position(|w| w == ["cargo", "run", "--release", "--"]);
        let rest = match start {
            Some(at) => &words[at + 4..],
            None => match words.iter().position(|w| *w == "csipgs" || *w == "$") {
                Some(at) if words.get(at) == Some(&"csipgs") => &words[at + 1..],
                Some(at) if words.get(at + 1) == Some(&"csipgs") => &words[at + 2..],
                _ => continue,
            },
        };
        let Some(sub) = rest.first().filter(|w| {
            w.starts_with(|c: char| c.is_ascii_lowercase())
                && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        }) else {
            continue;
        };
        let flags = rest[1..]
            .iter()
            .take_while(|w| !matches!(**w, "|" | "#" | "&&" | ";"))
            .filter(|w| w.starts_with("--") && w.len() > 2)
            .map(|w| {
                w.split('=')
                    .next()
                    .unwrap_or(w)
                    .trim_end_matches([',', ')', '.', '`'])
                    .to_string()
            })
            .collect();
        found.push((sub.to_string(), flags));
    }
    found
}

#[test]
fn every_command_and_option_the_readme_shows_is_one_csipgs_has() {
    let text = readme();
    let listed = help(&[]);
    let shown = shown_commands(&text);
    assert!(shown.len() > 20, "{shown:?}");
    let mut checked = 0;
    for (sub, flags) in shown {
        // Words after "csipgs" in prose ("csipgs chess", "csipgs's") are no command.
        if !listed.contains(&format!("\n  {sub} ")) {
            assert!(
                ["chess", "is", "plays", "changes", "command", "marks", "binary"]
                    .contains(&sub.as_str()),
                "the README shows `csipgs {sub}`, which `csipgs --help` doesn't list"
            );
            continue;
        }
        let options = help(&[&sub]);
        for flag in flags {
            assert!(
                options.contains(&flag),
                "the README shows `csipgs {sub} {flag}`, which `csipgs {sub} --help` doesn't list"
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} flags");
}

/// The Markdown links of a file: (target, line).
fn links(text: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push((after[..end].to_string(), n + 1));
            rest = &after[end..];
        }
    }
    found
}

/// A heading's anchor as GitHub makes it: lower case, spaces to dashes, other punctuation out.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn every_link_in_the_readme_and_the_guide_resolves_inside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for file in ["README.md", "bot/docs/guide.md"] {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("../shared"),
            "{file} points outside the repository"
        );
        assert!(
            !text.contains("RULES.md"),
            "{file} names a file a clone doesn't have"
        );
        let anchors_of = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with('#'))
                .map(|l| anchor(l.trim_start_matches('#')))
                .collect()
        };
        for (target, line) in links(&text) {
            if target.starts_with("https://") || target.starts_with("http://") {
                continue;
            }
            let (file_part, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let linked = match file_part {
                "" => path.clone(),
                relative => path.parent().unwrap().join(relative),
            };
            assert!(
                linked.exists(),
                "{file}:{line}: {target} is not in the repository"
            );
            if !fragment.is_empty() {
                let linked_text = std::fs::read_to_string(&linked).unwrap();
                assert!(
                    anchors_of(&linked_text).contains(&fragment.to_string()),
                    "{file}:{line}: {target} has no such heading"
                );
            }
        }
    }
}
