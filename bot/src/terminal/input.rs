//! Typed lines, read with bounded memory: a line longer than [`MAX_LINE`] bytes is refused
//! and skipped to its newline without being kept, and a line that is not UTF-8 is refused
//! by itself; neither ends the game. At a terminal, lines are edited as in a shell (arrow
//! keys, this session's history), by a line editor; from a pipe they are read as they come.

use std::io::{BufRead, Write};

/// Where a player's lines come from.
pub(super) enum Keyboard<R> {
    /// A person at a terminal: each line edited, with the session's earlier lines on the
    /// up arrow.
    Edited(Box<rustyline::DefaultEditor>),
    /// A pipe or a file: lines as they come, each prompt written before it is read.
    Piped(Lines<R>),
}

/// A place to prompt a player and read their answer, and to write to their screen.
pub(super) trait Prompted {
    /// The next line after `prompt`; `None` at the end of the input (or ctrl-c, ctrl-d).
    fn read(&mut self, prompt: &str) -> Option<std::io::Result<Typed>>;
    /// Write `text` to the screen as it is (no line break added).
    fn show(&mut self, text: &str);
}

impl<R: BufRead> Prompted for Keyboard<R> {
    fn read(&mut self, prompt: &str) -> Option<std::io::Result<Typed>> {
        Keyboard::read(self, prompt)
    }

    fn show(&mut self, text: &str) {
        let mut out = std::io::stdout().lock();
        // A screen that can't be written to shows nothing to hide.
        let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    }
}

impl<R: BufRead> Keyboard<R> {
    /// The line editor when standard input and output are a terminal it can drive; else
    /// `input` as it comes.
    pub(super) fn new(input: R, terminal: bool) -> Keyboard<R> {
        if terminal {
            let config = rustyline::Config::builder()
                .auto_add_history(true)
                .max_history_size(1000)
                .map(|c| c.build());
            if let Ok(Ok(editor)) = config.map(rustyline::DefaultEditor::with_config) {
                return Keyboard::Edited(Box::new(editor));
            }
        }
        Keyboard::Piped(Lines::new(input))
    }

    /// The next line after `prompt`; `None` at the end of the input (or ctrl-c, ctrl-d).
    pub(super) fn read(&mut self, prompt: &str) -> Option<std::io::Result<Typed>> {
        match self {
            Keyboard::Piped(lines) => {
                let mut out = std::io::stdout().lock();
                // A screen that can't be written to still gets its lines read.
                let _ = out.write_all(prompt.as_bytes()).and_then(|()| out.flush());
                lines.next()
            }
            Keyboard::Edited(editor) => match editor.readline(prompt) {
                Ok(line) if line.len() > MAX_LINE => Some(Ok(Typed::TooLong)),
                Ok(line) => Some(Ok(Typed::Line(line))),
                Err(rustyline::error::ReadlineError::Io(e)) => Some(Err(e)),
                // End of input, ctrl-c or ctrl-d: the player is done, as /quit.
                Err(_) => None,
            },
        }
    }
}

/// The longest line kept, in bytes: far more than any command (Discord's own messages stop
/// at 2,000 characters), far less than memory.
pub(super) const MAX_LINE: usize = 16 * 1024;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Typed {
    Line(String),
    /// Bytes that are not UTF-8 text (a binary file piped in, a terminal in another encoding).
    NotText,
    /// More than [`MAX_LINE`] bytes before the newline; the rest of it is skipped.
    TooLong,
}

/// The lines of `reader`; `None` at the end of the input.
pub(super) struct Lines<R> {
    reader: R,
    /// An overlong line was refused and its rest is still to skip.
    skipping: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            skipping: false,
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = std::io::Result<Typed>;

    fn next(&mut self) -> Option<Self::Item> {
        if std::mem::take(&mut self.skipping) {
            if let Err(e) = self.reader.skip_until(b'\n') {
                return Some(Err(e));
            }
        }
        let mut line = Vec::new();
        let read =
            std::io::Read::take(&mut self.reader, MAX_LINE as u64 + 1).read_until(b'\n', &mut line);
        match read {
            Err(e) => return Some(Err(e)),
            Ok(0) => return None,
            Ok(_) => {}
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        } else if line.len() > MAX_LINE {
            // Said at once; the rest of the line is skipped at the next read, so a line
            // that never ends (`play < /dev/zero`) costs no memory.
            self.skipping = true;
            return Some(Ok(Typed::TooLong));
        }
        Some(Ok(match String::from_utf8(line) {
            Ok(line) => Typed::Line(line),
            Err(_) => Typed::NotText,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Typed> {
        Lines::new(input).map(Result::unwrap).collect()
    }

    #[test]
    fn lines_are_split_with_or_without_a_last_newline() {
        assert_eq!(
            lines(b"Kd2\r\n/quit\nlast"),
            [
                Typed::Line("Kd2".into()),
                Typed::Line("/quit".into()),
                Typed::Line("last".into())
            ]
        );
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn a_line_that_is_not_utf8_is_refused_alone() {
        assert_eq!(
            lines(b"Kd2\n\xff\xfe\nKd7\n"),
            [
                Typed::Line("Kd2".into()),
                Typed::NotText,
                Typed::Line("Kd7".into())
            ]
        );
    }

    #[test]
    fn an_overlong_line_is_refused_and_skipped_to_its_newline() {
        let mut input = vec![b'x'; MAX_LINE * 3];
        input.extend_from_slice(b"\nKd2\n");
        assert_eq!(lines(&input), [Typed::TooLong, Typed::Line("Kd2".into())]);
        let exactly = vec![b'x'; MAX_LINE];
        assert_eq!(lines(&exactly).len(), 1);
        assert_eq!(lines(&[b'x'; MAX_LINE + 1]), [Typed::TooLong]);
    }
}
