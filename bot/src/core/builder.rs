//! /design: a design built with menus, for members who don't write Betza's notation. The
//! builder is one private message: menus add a movement (the atoms by their common names),
//! set the directions and move/capture mode of the part being changed, or change or remove
//! a part; after each choice the message shows the notation, the moves in words, the
//! movement diagram and the price here, in place. "Buy this" buys a piece of the design on
//! the member's turn (or opens /buy's form with it as the redesign), "Copy notation" sends
//! the notation alone.
//!
//! The builder keeps no state: each menu's and button's id carries the draft (its parts in
//! the order added) and what the member was doing when they opened it from /buy or /move,
//! so a builder message works for as long as Discord keeps it, on any shard.

use super::reply::{Button, ButtonStyle, Form, FormField, Select, SelectOption};
use super::{Core, CoreError, Picture, Place, Reply, Who};
use crate::store::GameRow;
use engine::words::{atom_movement, atom_name, part_in_words, ATOMS};
use engine::{Atom, Design, DirSet, LeapClass, Mode, Part, Rules};

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
    parts: Vec<Part>,
    /// The turn the member was typing when they opened the builder, finished by "Buy this".
    then: Option<Then>,
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

/// The direction sets a menu offers for each class: (letters, words); "" is every
/// direction.
fn direction_sets(class: LeapClass) -> &'static [(&'static str, &'static str)] {
    match class {
        LeapClass::Orthogonal => &[
            ("", "every direction"),
            ("f", "forward"),
            ("b", "backward"),
            ("s", "sideways"),
            ("v", "forward and backward"),
            ("fs", "forward and sideways"),
            ("bs", "backward and sideways"),
            ("l", "left"),
            ("r", "right"),
        ],
        LeapClass::Diagonal => &[
            ("", "every direction"),
            ("f", "forward"),
            ("b", "backward"),
            ("l", "to the left"),
            ("r", "to the right"),
            ("fl", "forward-left"),
            ("fr", "forward-right"),
            ("bl", "backward-left"),
            ("br", "backward-right"),
        ],
        LeapClass::Oblique => &[
            ("", "every direction"),
            ("f", "forward"),
            ("b", "backward"),
            ("s", "sideways (wide)"),
            ("v", "forward and backward (steep)"),
            ("ff", "forward, steeply"),
            ("fs", "forward, wide"),
            ("bs", "backward, wide"),
            ("bb", "backward, steeply"),
            ("l", "to the left"),
            ("r", "to the right"),
        ],
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
    fn id(&self, op: char) -> String {
        let parts: Vec<String> = self.parts.iter().map(Part::notation).collect();
        let mut id = format!("{PREFIX}{op}:{}", parts.join("."));
        if let Some(then) = &self.then {
            let verb = match then.verb {
                Verb::Buy => 'b',
                Verb::Move => 'm',
                Verb::Transfer => 't',
            };
            let tail = format!(":{verb}~{}~{}", then.what, then.slot);
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
                let verb = match fields.next()? {
                    "b" => Verb::Buy,
                    "m" => Verb::Move,
                    "t" => Verb::Transfer,
                    _ => return None,
                };
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
    fn apply(mut self, choice: &Choice) -> Result<Draft, CoreError> {
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
                direction_sets(class).iter().find(|(l, _)| *l == letters)?;
                match letters {
                    "" => Choice::Directions(DirSet::all(class)),
                    letters => Choice::Directions(DirSet::from_letters(letters, class)),
                }
            }
            ("m", Some("both")) => Choice::Mode(Mode::Both),
            ("m", Some("move")) => Choice::Mode(Mode::MoveOnly),
            ("m", Some("capture")) => Choice::Mode(Mode::CaptureOnly),
            ("p", Some(pick)) => {
                let (kind, n) = pick.split_at(1);
                let n: usize = n.parse().ok()?;
                match kind {
                    "c" => Choice::Change(n),
                    "x" => Choice::Remove(n),
                    _ => return None,
                }
            }
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
#[cfg(test)]
pub(crate) const WBRBMHFB_PICKS: [(char, &str); 8] = [
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

impl Core {
    /// /design: the builder, empty or from a design.
    pub(super) async fn open_builder(
        &self,
        who: &Who,
        place: Place,
        design: Option<&str>,
        then: Option<Then>,
    ) -> Result<Vec<Reply>, CoreError> {
        let mut draft = match design.map(str::trim).filter(|d| !d.is_empty()) {
            None => Draft::default(),
            Some(text) => {
                let design = Design::parse_lookup(text).map_err(|error| CoreError::BadDesign {
                    text: text.to_string(),
                    error,
                })?;
                Draft::of(&design)?
            }
        };
        draft.then = then;
        Ok(vec![self.builder_message(who, place, &draft).await?])
    }

    /// A menu pick or button of a builder message.
    pub(super) async fn builder_pick(
        &self,
        who: &Who,
        place: Place,
        pick: Pick,
    ) -> Result<Vec<Reply>, CoreError> {
        match &pick.choice {
            Choice::Copy => {
                let design = pick.draft.design().ok_or(CoreError::BuilderEmpty)?;
                Ok(vec![Reply::private(design.to_string())])
            }
            Choice::Buy => self.buy_built(who, place, &pick.draft).await,
            Choice::Submit { what, slot } => {
                let design = pick.draft.design().ok_or(CoreError::BuilderEmpty)?;
                if what.is_empty() || slot.is_empty() {
                    return Err(CoreError::BuilderFormIncomplete);
                }
                let redesign = Some(format!("{slot}={design}"));
                let action = match pick.draft.then.as_ref().map_or(Verb::Buy, |t| t.verb) {
                    Verb::Buy => {
                        self.csipgs_only(place, "buy").await?;
                        format!("Buy {what}")
                    }
                    Verb::Transfer => {
                        self.csipgs_only(place, "transfer").await?;
                        what.clone()
                    }
                    Verb::Move => what.clone(),
                };
                self.take_turn(who, place, super::with_redesign(action, redesign))
                    .await
            }
            choice => {
                let draft = pick.draft.clone().apply(choice)?;
                Ok(vec![self
                    .builder_message(who, place, &draft)
                    .await?
                    .replacing()])
            }
        }
    }

    /// "Buy this": a piece of the design when it is one of the member's six and they can
    /// pay; otherwise the /buy (or /move) form with the design as the redesign.
    async fn buy_built(
        &self,
        who: &Who,
        place: Place,
        draft: &Draft,
    ) -> Result<Vec<Reply>, CoreError> {
        let design = draft.design().ok_or(CoreError::BuilderEmpty)?;
        let row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        let game = row.game.csipgs().ok_or(CoreError::BuilderNotCsipgs)?;
        let to_move = game.position().to_move();
        if color != to_move {
            return Err(CoreError::NotYourTurn {
                color: to_move,
                player: row.player(to_move).id,
            });
        }
        if game.position().slots(color).contains(&&design) && draft.then.is_none() {
            return self
                .take_turn(who, place, format!("Buy {}", design.written()))
                .await;
        }
        let then = draft.then.clone().unwrap_or(Then {
            verb: Verb::Buy,
            what: String::new(),
            slot: String::new(),
        });
        let (title, what, example) = match then.verb {
            Verb::Buy => (
                format!("Buy, making {design} a design"),
                "Buy a piece of (such as N)",
                "N",
            ),
            Verb::Move => (
                format!("Move, making {design} a design"),
                "Your move (such as Kd2)",
                "Kd2",
            ),
            Verb::Transfer => (
                format!("Transfer, making {design} a design"),
                "Your transfer (such as N@e2)",
                "N@e2",
            ),
        };
        let mut form_draft = draft.clone();
        form_draft.then = Some(then.clone());
        Ok(vec![Reply {
            form: Some(Form {
                id: form_draft.id('f'),
                title: clip(&title, 45),
                fields: vec![
                    FormField {
                        id: "what".to_string(),
                        label: what.to_string(),
                        value: then.what.clone(),
                        placeholder: example.to_string(),
                    },
                    FormField {
                        id: "slot".to_string(),
                        label: "The design it replaces (such as Q)".to_string(),
                        value: then.slot.clone(),
                        placeholder: "Q".to_string(),
                    },
                ],
            }),
            ..Reply::private(format!(
                "{design} is not one of your six designs yet: it replaces one at the end of \
                 this turn. Use `/buy` with `redesign: SLOT={design}` (SLOT is the design it \
                 replaces, such as Q), then buy a piece of it on a later turn."
            ))
        }])
    }

    /// The rules the builder prices with: the channel's game's, else the server's, else
    /// classic.
    pub(super) async fn builder_rules(
        &self,
        place: Place,
    ) -> Result<(Rules, Option<GameRow>), CoreError> {
        let Ok(channel) = Core::channel(place) else {
            return Ok((Rules::default(), None));
        };
        let game = self.store.active_game(channel).await?;
        if let Some(rules) = game
            .as_ref()
            .and_then(|g| g.game.csipgs())
            .map(|g| g.rules())
        {
            return Ok((rules.clone(), game));
        }
        let settings = self.store.guild_settings(channel.guild).await?;
        Ok((settings.rules, game))
    }

    /// The builder's message for a draft.
    async fn builder_message(
        &self,
        who: &Who,
        place: Place,
        draft: &Draft,
    ) -> Result<Reply, CoreError> {
        let (rules, game) = self.builder_rules(place).await?;
        let design = draft.design();
        let price = design
            .as_ref()
            .map(|d| engine::price(d, rules.ruleset.price_table(), &rules.proposals));
        let mut text = String::from("**Design builder**");
        if let Some(then) = &draft.then {
            let verb = match then.verb {
                Verb::Buy => "/buy",
                Verb::Move => "/move",
                Verb::Transfer => "/transfer",
            };
            text.push_str(&format!(" for your {verb} `{}`", then.what));
        }
        match (&design, &price) {
            (Some(design), Some(Ok(price))) => text.push_str(&format!(
                ": `{design}` costs **{}** here ({} prices).\n{}",
                engine::zorkmids(price.cost),
                rules.ruleset,
                capitalised(&design.in_words()),
            )),
            (Some(design), Some(Err(e))) => text.push_str(&format!(
                ": `{design}` has no price: {e}.\n{}",
                capitalised(&design.in_words())
            )),
            _ => text.push_str(": no moves yet. Add a movement from the first menu."),
        }
        if let Some(part) = draft.parts.last() {
            text.push_str(&format!(
                "\nChanging: **{}**. Set its directions and whether it moves, captures or \
                 both below, or add another movement.",
                part_in_words(part)
            ));
        }
        let mut reply = Reply::private(text);
        if let (Some(design), Some(Ok(price))) = (design.clone(), price.clone()) {
            reply.picture = Some(Picture::Design {
                design,
                price: Box::new(price),
            });
        }
        reply.selects = selects(draft);
        let mut buttons = Vec::new();
        if let Some(design) = &design {
            if self.can_buy_here(who, game.as_ref(), design, price.as_ref()) {
                buttons.push(Button::new(draft.id('b'), "Buy this", ButtonStyle::Accept));
            }
            buttons.push(Button::new(
                draft.id('c'),
                "Copy notation",
                ButtonStyle::Neutral,
            ));
            let empty = Draft {
                parts: Vec::new(),
                then: draft.then.clone(),
            };
            buttons.push(Button::new(
                empty.id('o'),
                "Start over",
                ButtonStyle::Decline,
            ));
        }
        reply.buttons = buttons;
        Ok(reply)
    }

    /// Whether "Buy this" is offered: a csipgs game here, the member's turn, and either a
    /// design of theirs they can pay for, or one that would be a redesign.
    fn can_buy_here(
        &self,
        who: &Who,
        row: Option<&GameRow>,
        design: &Design,
        price: Option<&Result<engine::Price, engine::PriceError>>,
    ) -> bool {
        let Some(row) = row else {
            return false;
        };
        let (Some(game), Some(color)) = (row.game.csipgs(), row.color_of(who.id)) else {
            return false;
        };
        let position = game.position();
        if position.to_move() != color || !matches!(price, Some(Ok(_))) {
            return false;
        }
        match position.slots(color).contains(&design) {
            true => position.cost(design).is_some_and(|cost| {
                // The turn's credit comes first.
                let credit = game.rules().ruleset.income(position.ply());
                position.treasury(color) + credit >= cost
            }),
            false => true,
        }
    }
}

/// The builder's menus: add a movement; the directions and mode of the part being
/// changed; change or remove a part.
fn selects(draft: &Draft) -> Vec<Select> {
    let current = draft.parts.last();
    let mut selects = vec![Select {
        id: draft.id('a'),
        placeholder: "Add a movement...".to_string(),
        options: ATOMS
            .iter()
            .map(|atom| SelectOption {
                label: format!(
                    "{} ({})",
                    capitalised(atom_name(*atom)),
                    atom.notation_str()
                ),
                value: atom.notation_str().to_string(),
                description: atom_movement(*atom).to_string(),
                chosen: false,
            })
            .collect(),
    }];
    let Some(part) = current else {
        return selects;
    };
    let class = part.class();
    let name = atom_name(part.atom);
    selects.push(Select {
        id: draft.id('d'),
        placeholder: format!("Directions of the {name}..."),
        options: direction_sets(class)
            .iter()
            .map(|(letters, words)| {
                let set = match *letters {
                    "" => DirSet::all(class),
                    letters => DirSet::from_letters(letters, class),
                };
                SelectOption {
                    label: capitalised(words),
                    value: letters.to_string(),
                    description: format!("{letters}{}", part.atom.notation_str()),
                    chosen: set == part.dirs,
                }
            })
            .collect(),
    });
    selects.push(Select {
        id: draft.id('m'),
        placeholder: format!("What the {name} may do..."),
        options: [
            ("both", "Moves and captures", Mode::Both),
            ("move", "Only moves (to empty squares)", Mode::MoveOnly),
            ("capture", "Only captures", Mode::CaptureOnly),
        ]
        .into_iter()
        .map(|(value, label, mode)| SelectOption {
            label: label.to_string(),
            value: value.to_string(),
            description: String::new(),
            chosen: mode == part.mode,
        })
        .collect(),
    });
    let mut parts = Vec::new();
    for (i, part) in draft.parts.iter().enumerate() {
        let named = format!("{} ({})", atom_name(part.atom), part.notation());
        parts.push(SelectOption {
            label: format!("Change the {named}"),
            value: format!("c{i}"),
            description: String::new(),
            chosen: false,
        });
        parts.push(SelectOption {
            label: format!("Remove the {named}"),
            value: format!("x{i}"),
            description: String::new(),
            chosen: false,
        });
    }
    selects.push(Select {
        id: draft.id('p'),
        placeholder: "Change or remove a part...".to_string(),
        options: parts,
    });
    selects
}

/// The words with a capital first letter.
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// At most `max` characters (Discord's limit on a form's title).
fn clip(text: &str, max: usize) -> String {
    match text.chars().count() <= max {
        true => text.to_string(),
        false => text.chars().take(max - 3).chain("...".chars()).collect(),
    }
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
