//! Running the built `csipgs` binary as scripts do, for the CLI tests.
#![allow(dead_code)]

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
