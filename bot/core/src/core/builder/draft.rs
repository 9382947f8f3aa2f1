//! The builder's draft and what its ids carry: a design's parts in the order added, the
//! turn waiting for it, and the choice a menu pick or button makes. Nothing is kept between
//! choices: each id holds all of it, within Discord's 100 characters.

use crate::core::CoreError;
use engine::words::ATOMS;
use engine::{Atom, Design, DirSet, LeapClass, Mode, Part};

/// What every builder id starts with.
const PREFIX: &str = "design:";
/// Discord's limit on a component's id: a draft that would not fit takes no more parts.
const ID_MAX: usize = 100;
/// The redesign value (alone, or after `SLOT=`) that opens the builder from /buy or /move.
pub const OPEN_BUILDER: &str = "open the design builder";

/// A design being built: its parts in the order added. The last one is the part the
/// direction and mode menus change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    pub(super) parts: Vec<Part>,
    /// The turn the member was typing when they opened the builder, finished by "Buy this".
    pub(super) then: Option<Then>,
}

/// A /buy or /move left waiting for its redesign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Then {
    pub verb: Verb,
    /// What was typed as the piece to buy, or the move.
    pub what: String,
    /// The slot the new design replaces ("" when not typed yet).
    pub slot: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Buy,
    Move,
    /// A transfer, typed as `piece@square`.
    Transfer,
}

impl Verb {
    /// Its letter in a builder id.
    fn letter(self) -> &'static str {
        match self {
            Verb::Buy => "b",
            Verb::Move => "m",
            Verb::Transfer => "t",
        }
    }

    fn of_letter(letter: &str) -> Option<Verb> {
        [Verb::Buy, Verb::Move, Verb::Transfer]
            .into_iter()
            .find(|v| v.letter() == letter)
    }
}

/// One choice in the builder: a menu pick or a button, with the draft it was made on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    pub draft: Draft,
    pub choice: Choice,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Show the draft as it is.
    Show,
    Add(Atom),
    Directions(DirSet),
    Mode(Mode),
    /// Make part `n` the one the menus change.
    Change(usize),
    Remove(usize),
    Copy,
    Buy,
    /// The /buy or /move form, filled in: (piece or move, slot).
    Submit {
        what: String,
        slot: String,
    },
}

/// The direction sets a menu offers for each class, by their letters ("" is every
/// direction); their words are the ones a design's words use.
pub(super) fn direction_sets(class: LeapClass) -> &'static [&'static str] {
    match class {
        LeapClass::Orthogonal => &["", "f", "b", "s", "v", "fs", "bs", "l", "r"],
        LeapClass::Diagonal => &["", "f", "b", "l", "r", "fl", "fr", "bl", "br"],
        LeapClass::Oblique => &["", "f", "b", "s", "v", "ff", "fs", "bs", "bb", "l", "r"],
    }
}

/// The set a menu's letters stand for: "" is every direction, as in Betza's notation.
pub(super) fn direction_set(letters: &str, class: LeapClass) -> DirSet {
    match letters {
        "" => DirSet::all(class),
        letters => DirSet::from_letters(letters, class),
    }
}

impl Draft {
    /// A draft of a design's parts; designs with a prefix can't be built with menus.
    pub fn of(design: &Design) -> Result<Draft, CoreError> {
        if !design.prefixes().is_empty() {
            return Err(CoreError::BuilderPrefix(design.to_string()));
        }
        Draft {
            parts: design.parts().to_vec(),
            then: None,
        }
        .fitting()
    }

    /// The draft, if every id of its message stays within Discord's limit.
    fn fitting(self) -> Result<Draft, CoreError> {
        match self.id('x').len() <= ID_MAX {
            true => Ok(self),
            false => Err(CoreError::BuilderFull),
        }
    }

    /// The design so far (None while it has no part).
    pub fn design(&self) -> Option<Design> {
        (!self.parts.is_empty()).then(|| Design::from_parts(self.parts.clone()))
    }

    /// The id of a component choosing `op` on this draft:
    /// `design:OP:PART.PART...[:VERB~WHAT~SLOT]`.
    pub(super) fn id(&self, op: char) -> String {
        let parts: Vec<String> = self.parts.iter().map(Part::notation).collect();
        let mut id = format!("{PREFIX}{op}:{}", parts.join("."));
        if let Some(then) = &self.then {
            let tail = format!(":{}~{}~{}", then.verb.letter(), then.what, then.slot);
            // What was typed is only a convenience: a draft too long to carry it drops it.
            if id.len() + tail.len() <= ID_MAX {
                id.push_str(&tail);
            }
        }
        id
    }

    fn read(text: &str) -> Option<Draft> {
        let (parts, then) = match text.split_once(':') {
            Some((parts, then)) => (parts, Some(then)),
            None => (text, None),
        };
        let parts = parts
            .split('.')
            .filter(|p| !p.is_empty())
            .map(|p| match Design::parse(p).ok()?.parts() {
                [one] => Some(*one),
                _ => None,
            })
            .collect::<Option<Vec<Part>>>()?;
        let then = match then {
            None => None,
            Some(then) => {
                let mut fields = then.splitn(3, '~');
                let verb = Verb::of_letter(fields.next()?)?;
                Some(Then {
                    verb,
                    what: fields.next()?.to_string(),
                    slot: fields.next()?.to_string(),
                })
            }
        };
        Some(Draft { parts, then })
    }

    /// The draft after a choice that changes it.
    pub(crate) fn apply(mut self, choice: &Choice) -> Result<Draft, CoreError> {
        match choice {
            Choice::Add(atom) => {
                // One part per atom: picking it again makes it the part being changed.
                if let Some(at) = self.parts.iter().position(|p| p.atom == *atom) {
                    let part = self.parts.remove(at);
                    self.parts.push(part);
                    return Ok(self);
                }
                self.parts.push(Part {
                    atom: *atom,
                    dirs: DirSet::all(atom.leap.class()),
                    mode: Mode::Both,
                    lame: false,
                });
            }
            Choice::Directions(dirs) => {
                let part = self.parts.last_mut().ok_or(CoreError::BuilderEmpty)?;
                part.dirs = *dirs;
            }
            Choice::Mode(mode) => {
                let part = self.parts.last_mut().ok_or(CoreError::BuilderEmpty)?;
                part.mode = *mode;
            }
            Choice::Change(n) => {
                if *n < self.parts.len() {
                    let part = self.parts.remove(*n);
                    self.parts.push(part);
                }
            }
            Choice::Remove(n) => {
                if *n < self.parts.len() {
                    self.parts.remove(*n);
                }
            }
            Choice::Show | Choice::Copy | Choice::Buy | Choice::Submit { .. } => {}
        }
        self.fitting()
    }
}

impl Pick {
    /// The pick a component id stands for, with the value chosen in its menu (for a
    /// button, none). None: not a builder id, or one we never made.
    pub fn from_id(id: &str, value: Option<&str>) -> Option<Pick> {
        let rest = id.strip_prefix(PREFIX)?;
        let (op, draft) = rest.split_once(':')?;
        let draft = Draft::read(draft)?;
        let choice = match (op, value) {
            ("o", _) => Choice::Show,
            ("a", Some(atom)) => Choice::Add(*ATOMS.iter().find(|a| a.notation_str() == atom)?),
            ("d", Some(letters)) => {
                let part = draft.parts.last()?;
                let class = part.class();
                direction_sets(class).iter().find(|l| **l == letters)?;
                Choice::Directions(direction_set(letters, class))
            }
            ("m", Some("both")) => Choice::Mode(Mode::Both),
            ("m", Some("move")) => Choice::Mode(Mode::MoveOnly),
            ("m", Some("capture")) => Choice::Mode(Mode::CaptureOnly),
            // `c2` changes part 2, `x2` removes it; any other value (empty, or starting with
            // a character of several bytes) is refused, never split inside a character.
            ("p", Some(pick)) => match (pick.strip_prefix('c'), pick.strip_prefix('x')) {
                (Some(n), _) => Choice::Change(n.parse().ok()?),
                (_, Some(n)) => Choice::Remove(n.parse().ok()?),
                _ => return None,
            },
            ("c", None) => Choice::Copy,
            ("b", None) => Choice::Buy,
            _ => return None,
        };
        Some(Pick { draft, choice })
    }

    /// The submitted /buy or /move form of a builder ("design:f:..."), with its two fields.
    pub fn submitted(id: &str, what: &str, slot: &str) -> Option<Pick> {
        let draft = Draft::read(id.strip_prefix(PREFIX)?.strip_prefix("f:")?)?;
        Some(Pick {
            draft,
            choice: Choice::Submit {
                what: what.trim().to_string(),
                slot: slot.trim().to_string(),
            },
        })
    }
}

/// The turn to keep waiting in a builder when its redesign option asks for one instead.
pub fn waiting(verb: Verb, what: &str, redesign: Option<&str>) -> Option<Then> {
    wants_builder(redesign).map(|slot| Then {
        verb,
        what: what.to_string(),
        slot,
    })
}

/// The menu picks (menu, value) that build `WbRbmHfB` from nothing: what the tests script.
#[cfg(any(test, feature = "testing"))]
pub const WBRBMHFB_PICKS: [(char, &str); 8] = [
    ('a', "W"),
    ('a', "R"),
    ('d', "b"),
    ('a', "H"),
    ('d', "b"),
    ('m', "move"),
    ('a', "B"),
    ('d', "f"),
];

/// Whether a redesign option asks for the builder instead: `open the design builder`, or
/// `SLOT=open the design builder`. Returns the slot typed ("" if none).
pub fn wants_builder(redesign: Option<&str>) -> Option<String> {
    let redesign = redesign?.trim();
    if redesign == OPEN_BUILDER {
        return Some(String::new());
    }
    let (slot, rest) = redesign.split_once('=')?;
    (rest.trim() == OPEN_BUILDER).then(|| slot.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(id: &str, value: Option<&str>) -> Pick {
        Pick::from_id(id, value).unwrap_or_else(|| panic!("{id} {value:?}"))
    }

    #[test]
    fn picks_build_wbrbmhfb_from_nothing() {
        let mut draft = Draft::default();
        for (op, value) in WBRBMHFB_PICKS {
            let chosen = pick(&draft.id(op), Some(value));
            assert_eq!(chosen.draft, draft);
            draft = chosen.draft.apply(&chosen.choice).unwrap();
        }
        let built = draft.design().unwrap();
        assert_eq!(built, Design::parse("WbRbmHfB").unwrap());
        assert_eq!(built.written(), "WbRbmHfB");
    }

    #[test]
    fn parts_are_changed_and_removed_by_number() {
        let draft = Draft::of(&Design::parse("WN").unwrap()).unwrap();
        let removed = draft.clone().apply(&Choice::Remove(0)).unwrap();
        assert_eq!(removed.design().unwrap(), Design::parse("N").unwrap());
        let changed = draft.apply(&Choice::Change(0)).unwrap();
        assert_eq!(
            changed.parts.last().unwrap().atom,
            engine::Atom::leaper(engine::Leap::W)
        );
    }

    #[test]
    fn ids_carry_the_turn_waiting_and_refuse_what_we_never_made() {
        let draft = Draft {
            parts: Design::parse("fB").unwrap().parts().to_vec(),
            then: Some(Then {
                verb: Verb::Move,
                what: "Kd2".into(),
                slot: "Q".into(),
            }),
        };
        let id = draft.id('c');
        assert!(id.len() <= ID_MAX);
        assert_eq!(pick(&id, None).draft, draft);
        for bad in [
            "design:a:W",
            "design:q:W",
            "design:c:Wx",
            "design:d:W",
            "design:p:W:z~a~b",
            "challenge:accept:1",
        ] {
            let value = if bad.starts_with("design:d") {
                Some("zz")
            } else {
                None
            };
            assert!(Pick::from_id(bad, value).is_none(), "{bad}");
        }
        assert!(Pick::from_id("design:a:W", Some("Q")).is_none());
    }

    #[test]
    fn every_id_fits_discords_limit() {
        // Every atom, each narrowed to one direction and to capturing: the longest draft
        // the menus can grow (one part per atom).
        let mut draft = Draft::default();
        for atom in ATOMS {
            draft = draft.apply(&Choice::Add(atom)).unwrap();
            for choice in [
                Choice::Directions(DirSet(1)),
                Choice::Mode(Mode::CaptureOnly),
            ] {
                match draft.clone().apply(&choice) {
                    Ok(next) => draft = next,
                    Err(CoreError::BuilderFull) => {}
                    Err(e) => panic!("{e}"),
                }
            }
            for op in ['a', 'd', 'm', 'p', 'c', 'b', 'o', 'f'] {
                assert!(draft.id(op).len() <= ID_MAX, "{}", draft.id(op));
            }
        }
        // A typed design of more parts than an id holds is refused, saying what to do.
        let many: String = ATOMS
            .iter()
            .flat_map(|a| ["fm", "bc"].map(|m| format!("{m}{}", a.notation_str())))
            .collect();
        let design = Design::parse(&many).unwrap();
        assert!(matches!(Draft::of(&design), Err(CoreError::BuilderFull)));
    }

    #[test]
    fn the_redesign_option_opens_the_builder() {
        assert_eq!(
            wants_builder(Some("open the design builder")),
            Some(String::new())
        );
        assert_eq!(
            wants_builder(Some("Q=open the design builder")),
            Some("Q".into())
        );
        assert_eq!(wants_builder(Some("Q=WD")), None);
        assert_eq!(wants_builder(None), None);
    }
}
