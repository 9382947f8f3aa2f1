//! Suggestions while a member types an option: legal moves, reserve pieces and squares,
//! affordable designs with prices, design slots, open proposals, a fide game's variants and
//! the server's tournaments.

use super::{Core, Place, Who};
use crate::family::{variant_lists, GameState};
use crate::store::{GameRow, Word};
use engine::fide::FideGame;
use engine::{price, Action, Color, Design, Game, Position};

/// Discord shows at most this many suggestions.
const MAX_CHOICES: usize = 25;
/// ... each at most this many characters long.
const MAX_LABEL: usize = 100;

/// The option being typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Move,
    TransferPiece,
    TransferSquare,
    Buy,
    Redesign,
    Proposal,
    /// A tournament of the server, by number.
    Tournament,
    /// A fide game's variants, comma-separated.
    Variants,
}

/// A suggestion: what is shown, and what is filled in when it is picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub value: String,
}

impl Choice {
    fn same(text: String) -> Choice {
        Choice {
            label: text.clone(),
            value: text,
        }
    }
}

impl Core {
    /// Suggestions for `field` given what has been typed; none outside a game.
    pub async fn complete(
        &self,
        who: &Who,
        place: Place,
        field: Field,
        typed: &str,
    ) -> Vec<Choice> {
        let typed = typed.trim();
        match field {
            Field::Tournament => return narrow(self.tournament_choices(place).await, typed),
            // Each suggestion is the whole list, so it is not narrowed by what was typed.
            Field::Variants => {
                let lists = variant_lists(typed).into_iter();
                return fit(lists
                    .map(|(label, value)| Choice { label, value })
                    .collect());
            }
            _ => {}
        }
        let Ok(row) = self.active(place).await else {
            return Vec::new();
        };
        let choices = match &row.game {
            GameState::Csipgs(game) => self.csipgs_choices(who, &row, game, field, typed).await,
            GameState::Fide(game) => fide_choices(game, field),
        };
        narrow(choices, typed)
    }

    /// Suggestions in a csipgs game.
    async fn csipgs_choices(
        &self,
        who: &Who,
        row: &GameRow,
        game: &Game,
        field: Field,
        typed: &str,
    ) -> Vec<Choice> {
        let fog = super::present::secret(row).is_some();
        let acting = row.color_of(who.id) == Some(row.game.to_move());
        // What a fog player may do tells what they see: only they are told it.
        if fog && !acting && !matches!(field, Field::Redesign | Field::Proposal) {
            return Vec::new();
        }
        match field {
            Field::Tournament | Field::Variants => Vec::new(),
            Field::Move => moves(game),
            Field::TransferPiece => reserve(game.position()),
            Field::TransferSquare if fog => fog_transfer_squares(game),
            Field::TransferSquare => game
                .position()
                .transfer_squares()
                .map(|sq| Choice::same(sq.name()))
                .collect(),
            Field::Buy => buys(game.position()),
            Field::Redesign => {
                let side = row.color_of(who.id).unwrap_or(row.game.to_move());
                redesigns(game, side, typed)
            }
            Field::Proposal => self.proposals(row, who).await,
        }
    }
}

/// Suggestions in a fide game: its legal moves in SAN; it has no other game options.
fn fide_choices(game: &FideGame, field: Field) -> Vec<Choice> {
    if field != Field::Move {
        return Vec::new();
    }
    let position = game.position();
    let mut sans: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| engine::fide::san::write(position, m))
        .collect();
    sans.sort();
    sans.dedup();
    sans.into_iter().map(Choice::same).collect()
}

/// The choices that contain what was typed, those that start with it first, as many as
/// Discord shows, with labels it takes.
fn narrow(choices: Vec<Choice>, typed: &str) -> Vec<Choice> {
    let lower = typed.to_lowercase();
    let mut matching: Vec<Choice> = choices
        .into_iter()
        .filter(|c| c.value.to_lowercase().contains(&lower))
        .collect();
    // What starts with the typed text first.
    matching.sort_by_key(|c| !c.value.to_lowercase().starts_with(&lower));
    fit(matching)
}

/// As many choices as Discord shows, with labels it takes.
fn fit(mut choices: Vec<Choice>) -> Vec<Choice> {
    choices.truncate(MAX_CHOICES);
    for choice in &mut choices {
        choice.label = super::text::neutral(&choice.label)
            .chars()
            .take(MAX_LABEL)
            .collect();
    }
    choices
}

impl Core {
    async fn proposals(&self, row: &GameRow, who: &Who) -> Vec<Choice> {
        let Some(color) = row.color_of(who.id) else {
            return Vec::new();
        };
        let open = self.store.open_proposals(row.id).await.unwrap_or_default();
        open.into_iter()
            .filter(|p| p.estimates[color.index()].is_none())
            .map(|p| Choice {
                label: format!("#{} {} ({} {})", p.id, p.name, p.kind.word(), p.notation),
                value: p.id.to_string(),
            })
            .collect()
    }
}

/// The side to move's moves (double moves included) in record notation, sorted; in a fog
/// game as the mover knows the board, so they tell nothing hidden. Only the moves are
/// generated: a rich progressive treasury has tens of thousands of buys, and this runs per
/// keystroke.
fn moves(game: &Game) -> Vec<Choice> {
    let mut notes: Vec<String> = game
        .offered_moves()
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    notes.sort();
    notes.into_iter().map(Choice::same).collect()
}

/// The squares a fog player may be offered for a transfer: those next to their royal pieces
/// that they see empty, whether or not an enemy attacks the royal (which they may not know).
fn fog_transfer_squares(game: &Game) -> Vec<Choice> {
    let mut squares: Vec<engine::Square> = game
        .offered_actions()
        .into_iter()
        .filter_map(|action| match action {
            Action::Transfer { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    squares.sort();
    squares.dedup();
    squares
        .into_iter()
        .map(|sq| Choice::same(sq.name()))
        .collect()
}

fn reserve(position: &Position) -> Vec<Choice> {
    position
        .reserve(position.to_move())
        .into_iter()
        .map(|(design, n)| Choice {
            label: format!("{} ({n} in reserve)", Position::piece_label(&design)),
            value: design.piece_name(),
        })
        .collect()
}

/// The side to move's designs it can afford this turn, with prices.
fn buys(position: &Position) -> Vec<Choice> {
    let funds = position.funds();
    position
        .slots(position.to_move())
        .into_iter()
        .filter_map(|d| {
            let cost = position.cost(d)?;
            (cost <= funds).then(|| Choice {
                label: format!(
                    "{}: {cost} zorkmids (you will have {funds})",
                    d.piece_name()
                ),
                value: d.piece_name(),
            })
        })
        .collect()
}

/// `SLOT=` for each slot; once a design follows the `=`, its price or why it has none.
fn redesigns(game: &Game, side: Color, typed: &str) -> Vec<Choice> {
    let position = game.position();
    let slots = position.slots(side);
    match typed.split_once('=') {
        None => slots
            .iter()
            .map(|d| Choice {
                label: format!(
                    "{}= (replace the {} design)",
                    d.piece_name(),
                    d.piece_name()
                ),
                value: format!("{}=", d.piece_name()),
            })
            .collect(),
        Some((_, design)) => {
            let rules = game.rules();
            let label = match Design::parse(design.trim()) {
                Err(e) => format!("{typed}: {e}"),
                Ok(d) => match price(&d, rules.ruleset.price_table(), &rules.proposals) {
                    Ok(p) => format!("{typed} ({} would cost {})", d.piece_name(), p.cost),
                    Err(e) => format!("{typed}: {e}"),
                },
            };
            vec![Choice {
                label,
                value: typed.to_string(),
            }]
        }
    }
}
