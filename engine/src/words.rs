//! Designs in words: what a piece does, said without Betza's notation, for screen readers
//! (a diagram's alt text) and for the design builder's menus, which name atoms and
//! directions the same way.

use crate::atom::{Atom, Leap, LeapClass};
use crate::design::{Design, Mode, Part, Prefix};
use crate::directions::DirSet;

/// Every atom a design may be built from, leapers then riders, in the order a menu lists
/// them.
pub const ATOMS: [Atom; 18] = [
    Atom::leaper(Leap::W),
    Atom::leaper(Leap::F),
    Atom::leaper(Leap::D),
    Atom::leaper(Leap::A),
    Atom::leaper(Leap::N),
    Atom::leaper(Leap::H),
    Atom::leaper(Leap::G),
    Atom::leaper(Leap::L),
    Atom::leaper(Leap::Z),
    Atom::rider(Leap::W),
    Atom::rider(Leap::F),
    Atom::rider(Leap::N),
    Atom::rider(Leap::D),
    Atom::rider(Leap::A),
    Atom::rider(Leap::H),
    Atom::rider(Leap::G),
    Atom::rider(Leap::L),
    Atom::rider(Leap::Z),
];

/// The atom's common name: "wazir", "rook", "nightrider".
pub fn atom_name(atom: Atom) -> &'static str {
    match (atom.rider, atom.leap.letter()) {
        (false, 'W') => "wazir",
        (false, 'F') => "ferz",
        (false, 'D') => "dabbaba",
        (false, 'A') => "alfil",
        (false, 'N') => "knight",
        (false, 'H') => "threeleaper",
        (false, 'G') => "tripper",
        (false, 'L') => "camel",
        (false, _) => "zebra",
        (true, 'W') => "rook",
        (true, 'F') => "bishop",
        (true, 'N') => "nightrider",
        (true, 'D') => "dabbaba rider",
        (true, 'A') => "alfil rider",
        (true, 'H') => "threeleaper rider",
        (true, 'G') => "tripper rider",
        (true, 'L') => "camel rider",
        (true, _) => "zebra rider",
    }
}

/// How the atom goes, without directions: "one square orthogonally", "any distance
/// diagonally", "a knight's leap".
pub fn atom_movement(atom: Atom) -> &'static str {
    match (atom.rider, atom.leap.letter()) {
        (false, 'W') => "one square orthogonally",
        (false, 'F') => "one square diagonally",
        (false, 'D') => "two squares orthogonally, jumping",
        (false, 'A') => "two squares diagonally, jumping",
        (false, 'N') => "a knight's leap (one and two squares)",
        (false, 'H') => "three squares orthogonally, jumping",
        (false, 'G') => "three squares diagonally, jumping",
        (false, 'L') => "a camel's leap (one and three squares)",
        (false, _) => "a zebra's leap (two and three squares)",
        (true, 'W') => "any distance orthogonally",
        (true, 'F') => "any distance diagonally",
        (true, 'N') => "any number of knight's leaps in a line",
        (true, 'D') => "any number of two-square orthogonal leaps in a line",
        (true, 'A') => "any number of two-square diagonal leaps in a line",
        (true, 'H') => "any number of three-square orthogonal leaps in a line",
        (true, 'G') => "any number of three-square diagonal leaps in a line",
        (true, 'L') => "any number of camel's leaps in a line",
        (true, _) => "any number of zebra's leaps in a line",
    }
}

/// The direction choices of a leap class, as (letters, words): what a menu offers, each
/// choice one of Betza's direction tokens. Together they cover every direction.
pub fn direction_choices(class: LeapClass) -> &'static [(&'static str, &'static str)] {
    match class {
        LeapClass::Orthogonal => &[
            ("f", "forward"),
            ("b", "backward"),
            ("l", "left"),
            ("r", "right"),
        ],
        LeapClass::Diagonal => &[
            ("fl", "forward-left"),
            ("fr", "forward-right"),
            ("bl", "backward-left"),
            ("br", "backward-right"),
        ],
        LeapClass::Oblique => &[
            ("ff", "forward, steeply"),
            ("fs", "forward, wide"),
            ("bs", "backward, wide"),
            ("bb", "backward, steeply"),
        ],
    }
}

/// The words of one direction token of a class ("forward", "sideways").
fn token_words(token: &str, class: LeapClass) -> &'static str {
    if let Some((_, words)) = direction_choices(class).iter().find(|(t, _)| *t == token) {
        return words;
    }
    match (class, token) {
        (_, "f") => "forward",
        (_, "b") => "backward",
        (LeapClass::Orthogonal, "s") => "sideways",
        (LeapClass::Orthogonal, "v") => "forward and backward",
        (LeapClass::Oblique, "s") => "sideways (wide)",
        (LeapClass::Oblique, "v") => "forward and backward (steeply)",
        (_, "l") => "to the left",
        (_, "r") => "to the right",
        _ => "in some directions",
    }
}

/// A direction set in words: "" for every direction, else "forward", "backward and to the
/// left"...
pub fn directions_in_words(dirs: DirSet, class: LeapClass) -> String {
    if dirs.is_all(class) {
        return String::new();
    }
    let letters = dirs.letters_str(class).as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let pair = letters
            .get(i..i + 2)
            .and_then(|p| std::str::from_utf8(p).ok())
            .filter(|p| DirSet::of_token(p, class).is_some());
        let token = match pair {
            Some(pair) => pair,
            None => std::str::from_utf8(&letters[i..=i]).unwrap_or(""),
        };
        words.push(token_words(token, class));
        i += token.len();
    }
    and_list(&words)
}

/// One part in words: "one square orthogonally, backward, only to empty squares (wazir)".
pub fn part_in_words(part: &Part) -> String {
    let mut words = atom_movement(part.atom).to_string();
    let dirs = directions_in_words(part.dirs, part.class());
    if !dirs.is_empty() {
        words.push_str(", ");
        words.push_str(&dirs);
    }
    match part.mode {
        Mode::Both => {}
        Mode::MoveOnly => words.push_str(", only to empty squares"),
        Mode::CaptureOnly => words.push_str(", only to capture"),
    }
    if part.lame {
        words.push_str(", blocked by a piece in the way");
    }
    format!("{words} ({})", atom_name(part.atom))
}

/// The prefix in words.
fn prefix_in_words(prefix: Prefix) -> &'static str {
    match prefix {
        Prefix::Royal => "royal: it can be checked and mated",
        Prefix::Relay => "relay: the pieces it protects may make its moves",
        Prefix::DoubleMove => "doublemove: it makes two moves in one action",
        Prefix::Shooting => "shooting: it captures without moving",
    }
}

impl Design {
    /// What the piece does, in words: each part, then each prefix.
    /// `WbRbmHfB` reads "one square orthogonally (wazir); any distance orthogonally,
    /// backward (rook); ...".
    pub fn in_words(&self) -> String {
        let mut phrases: Vec<String> = self.parts().iter().map(part_in_words).collect();
        phrases.extend(
            self.prefixes()
                .iter()
                .map(|p| prefix_in_words(*p).to_string()),
        );
        if phrases.is_empty() {
            return "no moves".to_string();
        }
        phrases.join("; ")
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> String {
        Design::parse(text).unwrap().in_words()
    }

    #[test]
    fn a_design_reads_part_by_part() {
        assert_eq!(
            words("WbRbmHfB"),
            "one square orthogonally (wazir); \
             any distance orthogonally, backward (rook); \
             three squares orthogonally, jumping, backward, only to empty squares (threeleaper); \
             any distance diagonally, forward (bishop)"
        );
        assert_eq!(
            words("fcFfmW"),
            "one square orthogonally, forward, only to empty squares (wazir); \
             one square diagonally, forward, only to capture (ferz)"
        );
        assert_eq!(
            words("royal-WF"),
            "one square orthogonally (wazir); one square diagonally (ferz); \
             royal: it can be checked and mated"
        );
    }

    #[test]
    fn parts_in_any_order_write_a_design_that_reads_back_the_same() {
        for text in ["WbRbmHfB", "N(NN)", "DbDD", "fNN", "RN", "fcFfmW", "A(AA)"] {
            let design = Design::parse(text).unwrap();
            for parts in [
                design.parts().to_vec(),
                design.parts().iter().rev().copied().collect(),
            ] {
                let built = Design::from_parts(parts);
                assert_eq!(built, design, "{text} built as {built}");
                assert_eq!(Design::parse(built.written()).unwrap(), design, "{built}");
            }
        }
        let order: Vec<Part> = ["W", "bR", "bmH", "fB"]
            .iter()
            .map(|p| Design::parse(p).unwrap().parts()[0])
            .collect();
        assert_eq!(Design::from_parts(order).written(), "WbRbmHfB");
    }

    #[test]
    fn directions_name_each_class_its_own_way() {
        assert!(words("sW").contains("orthogonally, sideways"));
        assert!(words("flF").contains("diagonally, forward-left (ferz)"));
        assert!(words("ffN").contains("forward, steeply (knight)"));
        assert!(words("flbrF").contains("forward-left and backward-right"));
        assert!(words("nN").contains("blocked by a piece in the way"));
    }

    #[test]
    fn every_atom_and_direction_choice_has_words() {
        for atom in ATOMS {
            let class = atom.leap.class();
            let all = direction_choices(class)
                .iter()
                .fold(DirSet(0), |set, (token, _)| {
                    set.union(DirSet::of_token(token, class).expect("a token of its class"))
                });
            assert!(
                all.is_all(class),
                "{} choices miss a direction",
                atom_name(atom)
            );
        }
        let names: std::collections::HashSet<_> = ATOMS.into_iter().map(atom_name).collect();
        assert_eq!(names.len(), ATOMS.len());
    }
}
