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

mod draft;

#[cfg(any(test, feature = "testing"))]
pub use draft::WBRBMHFB_PICKS;
pub use draft::{waiting, Choice, Draft, Pick, Then, Verb, OPEN_BUILDER};

use super::info::typed_design;
use super::reply::{Button, ButtonStyle, Form, FormField, Select, SelectOption};
use super::text::capitalised;
use super::{code, strong, Core, CoreError, Picture, Place, Reply, Who};
use crate::store::GameRow;
use crate::words;
use draft::{direction_set, direction_sets};
use engine::words::{atom_movement, atom_name, directions_in_words, part_in_words, ATOMS};
use engine::{Design, Mode, Rules};

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
            Some(text) => Draft::of(&typed_design(text)?)?,
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
            ..Reply::private(words![
                format!(
                    "{design} is not one of your six designs yet: it replaces one at the end of \
                     this turn. Use "
                ),
                code("/buy"),
                " with ",
                code(format!("redesign: SLOT={design}")),
                " (SLOT is the design it replaces, such as Q), then buy a piece of it on a \
                 later turn.",
            ])
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
        let mut text = words![strong(words!["Design builder"])];
        if let Some(then) = &draft.then {
            let verb = match then.verb {
                Verb::Buy => "/buy",
                Verb::Move => "/move",
                Verb::Transfer => "/transfer",
            };
            text.push(format!(" for your {verb} "));
            text.push(code(then.what.clone()));
        }
        match (&design, &price) {
            (Some(design), Some(Ok(price))) => text.push(words![
                ": ",
                code(design.to_string()),
                " costs ",
                strong(words![engine::zorkmids(price.cost).to_string()]),
                format!(
                    " here ({} prices).\n{}",
                    rules.ruleset,
                    capitalised(&design.in_words())
                ),
            ]),
            (Some(design), Some(Err(e))) => text.push(words![
                ": ",
                code(design.to_string()),
                format!(" has no price: {e}.\n{}", capitalised(&design.in_words())),
            ]),
            _ => text.push(": no moves yet. Add a movement from the first menu."),
        }
        if let Some(part) = draft.parts.last() {
            text.push(words![
                "\nChanging: ",
                strong(words![part_in_words(part)]),
                ". Set its directions and whether it moves, captures or both below, or add \
                 another movement.",
            ]);
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
            if can_buy_here(who, game.as_ref(), design, price.as_ref()) {
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
}

/// Whether "Buy this" is offered: a csipgs game here, the member's turn, and either a
/// design of theirs they can pay for, or one that would be a redesign.
fn can_buy_here(
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
            .map(|letters| {
                let set = direction_set(letters, class);
                let words = directions_in_words(set, class);
                SelectOption {
                    label: match words.is_empty() {
                        true => "Every direction".to_string(),
                        false => capitalised(&words),
                    },
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

/// At most `max` characters (Discord's limit on a form's title).
fn clip(text: &str, max: usize) -> String {
    match text.chars().count() <= max {
        true => text.to_string(),
        false => text.chars().take(max - 3).chain("...".chars()).collect(),
    }
}
