//! A small reader for SVG path data (absolute M, L, H, V, C, Q, Z), so the piece artwork
//! can be written as readable path strings.

use tiny_skia::{Path, PathBuilder};

/// Build a path from SVG path data with absolute commands only. The artwork is fixed text in
/// this crate, so malformed data is a programming error.
pub(crate) fn parse(data: &str) -> Path {
    let mut pb = PathBuilder::new();
    let mut nums: Vec<f32> = Vec::new();
    let mut command = ' ';
    let mut pos = (0.0f32, 0.0f32);
    let flush = |command: char, nums: &mut Vec<f32>, pb: &mut PathBuilder, pos: &mut (f32, f32)| {
        let arity = match command {
            'M' | 'L' => 2,
            'H' | 'V' => 1,
            'C' => 6,
            'Q' => 4,
            _ => 0,
        };
        if arity == 0 {
            assert!(nums.is_empty(), "numbers after {command} in artwork path");
            return;
        }
        assert!(
            nums.len().is_multiple_of(arity) && !nums.is_empty(),
            "{command} needs a multiple of {arity} numbers in artwork path"
        );
        for (i, n) in nums.chunks(arity).enumerate() {
            match command {
                'M' if i == 0 => pb.move_to(n[0], n[1]),
                'M' | 'L' => pb.line_to(n[0], n[1]),
                'H' => pb.line_to(n[0], pos.1),
                'V' => pb.line_to(pos.0, n[0]),
                'C' => pb.cubic_to(n[0], n[1], n[2], n[3], n[4], n[5]),
                _ => pb.quad_to(n[0], n[1], n[2], n[3]),
            }
            *pos = match command {
                'H' => (n[0], pos.1),
                'V' => (pos.0, n[0]),
                _ => (n[arity - 2], n[arity - 1]),
            };
        }
        nums.clear();
    };
    let mut number = String::new();
    for c in data.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || c == '.' || (c == '-' && number.is_empty()) {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            nums.push(number.parse().expect("artwork path numbers are valid"));
            number.clear();
        }
        if c == '-' {
            number.push(c);
        } else if c.is_ascii_alphabetic() {
            flush(command, &mut nums, &mut pb, &mut pos);
            command = c;
            if c == 'Z' {
                pb.close();
            }
        }
    }
    flush(command, &mut nums, &mut pb, &mut pos);
    pb.finish().expect("artwork paths are not empty")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_command() {
        let p = parse("M10 10 L 20,10 H30 V 20 C 30 25 25 30 20 30 Q 10 30 10 20 Z");
        let b = p.bounds();
        assert_eq!(
            (b.left(), b.top(), b.right(), b.bottom()),
            (10.0, 10.0, 30.0, 30.0)
        );
    }

    #[test]
    fn negative_numbers_need_no_separator() {
        let p = parse("M0 0L10-5L10 5Z");
        assert_eq!(p.bounds().top(), -5.0);
    }
}
