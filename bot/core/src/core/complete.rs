//! Suggestions while a member types an option: legal moves, reserve pieces and squares,
//! affordable designs with prices, design slots, open proposals, a fide game's variants and
//! the server's tournaments.
//!
//! Keystrokes come fast and from anyone, so each goes through a bucket of its own (see
//! `limits`), and what is worked out from a game runs on a blocking thread, a few at a
//! time, within [`BUDGET`]: what is ready then is shown, and nothing ever waits on the async
//! workers. A keystroke turned away gets no suggestions, never an error: the next one asks
//! again.

use super::catalogue::Field;
use super::{Core, Place, Who};
use crate::family::{variant_lists, GameState};
use crate::store::{GameRow, Word};
use engine::{price, zorkmids, Action, Color, Design, Game, Position, Price};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Discord shows at most this many suggestions.
const MAX_CHOICES: usize = 25;
/// ... each at most this many characters long.
const MAX_LABEL: usize = 100;

/// How long one keystroke's suggestions may take to work out: what is written by then is
/// shown. Far inside Discord's 3 s for an answer, and long enough for any list this bot
/// writes today (the worst known, 2,110 moves of fifteen identical doublemove queens, takes
/// about 10 ms); the budget is there so that no position, however rich, holds a thread for
/// long.
pub const BUDGET: Duration = Duration::from_millis(300);
/// What the async side waits beyond [`BUDGET`] for the last step after the budget is
/// checked (sorting and narrowing what was written) before answering without it.
const GRACE: Duration = Duration::from_millis(200);
/// Keystrokes worked on at once across every member and server. One more is answered at
/// once with no suggestions rather than queued: by the time it ran, the member would have
/// typed on. Two leave the blocking pool to pictures and the computer.
const PARALLEL: usize = 2;

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

/// When a keystroke's work must stop and show what it has. Work checks it between items,
/// so a test can hand in one already spent.
pub(super) struct Budget {
    until: Instant,
}

impl Budget {
    pub(super) fn until(until: Instant) -> Budget {
        Budget { until }
    }

    fn spent(&self) -> bool {
        Instant::now() >= self.until
    }
}

/// The blocking threads keystrokes are worked on: at most [`PARALLEL`] at once.
pub(super) struct Workers(Arc<Semaphore>);

impl Default for Workers {
    fn default() -> Workers {
        Workers(Arc::new(Semaphore::new(PARALLEL)))
    }
}

impl Workers {
    /// `work`'s suggestions, worked out on a blocking thread within [`BUDGET`]; none when
    /// every worker is busy, or when the work overran its budget (it then ends on its
    /// thread, keeping its worker until it does, so overruns can't pile up).
    async fn run(&self, work: impl FnOnce(&Budget) -> Vec<Choice> + Send + 'static) -> Vec<Choice> {
        let Ok(worker) = self.0.clone().try_acquire_owned() else {
            return Vec::new();
        };
        let budget = Budget::until(Instant::now() + BUDGET);
        let job = tokio::task::spawn_blocking(move || {
            let _worker = worker;
            work(&budget)
        });
        match tokio::time::timeout(BUDGET + GRACE, job).await {
            Ok(Ok(choices)) => choices,
            Ok(Err(failed)) => {
                tracing::error!(error = %failed, "autocomplete failed");
                Vec::new()
            }
            Err(_) => Vec::new(),
        }
    }
}

impl Core {
    /// Suggestions for `field` given what has been typed; none outside a game, and none
    /// when the member types faster than the keystroke bucket allows.
    pub async fn complete(
        &self,
        who: &Who,
        place: Place,
        field: Field,
        typed: &str,
    ) -> Vec<Choice> {
        if !self.keystrokes.allow(who.id, self.now()) {
            return Vec::new();
        }
        let typed = typed.trim().to_string();
        match field {
            Field::Tournament => return narrow(self.tournament_choices(place).await, &typed),
            // Each suggestion is the whole list, so it is not narrowed by what was typed.
            Field::Variants => {
                let lists = variant_lists(&typed).into_iter();
                return fit(lists
                    .map(|(label, value)| Choice { label, value })
                    .collect());
            }
            Field::Design => {
                let Ok((rules, _)) = self.builder_rules(place).await else {
                    return Vec::new();
                };
                return fit(designs(&rules, &typed));
            }
            _ => {}
        }
        let Ok(row) = self.active(place).await else {
            return match field {
                Field::Redesign => with_builder(Vec::new(), &typed),
                _ => Vec::new(),
            };
        };
        if field == Field::Proposal && row.game.csipgs().is_some() {
            return narrow(self.proposals(&row, who).await, &typed);
        }
        let member = who.id;
        // A redesign's design part is matched against names too, so it is narrowed there.
        let narrowed = !(field == Field::Redesign && typed.contains('='));
        let builder = (field == Field::Redesign).then(|| typed.clone());
        let choices = self
            .completing
            .run(move |budget| {
                let choices = game_choices(&row, member, field, &typed, budget);
                match narrowed {
                    true => narrow(choices, &typed),
                    false => fit(choices),
                }
            })
            .await;
        match builder {
            Some(typed) => with_builder(choices, &typed),
            None => choices,
        }
    }
}

/// A redesign's suggestions with "open the design builder..." (for the slot typed, once
/// there is one): first, until a design is being typed after `=`; then last, after it.
fn with_builder(mut choices: Vec<Choice>, typed: &str) -> Vec<Choice> {
    let open = super::builder::OPEN_BUILDER;
    let (builder, typing) = match typed.split_once('=') {
        None => (
            Choice {
                label: "Open the design builder... (make the new design with menus)".to_string(),
                value: open.to_string(),
            },
            false,
        ),
        Some((slot, design)) => (
            Choice {
                label: format!("{slot}= open the design builder... (make it with menus)"),
                value: format!("{slot}={open}"),
            },
            !design.trim().is_empty(),
        ),
    };
    let at = match typing {
        true => choices.len().min(MAX_CHOICES - 1),
        false => 0,
    };
    choices.insert(at, builder);
    fit(choices)
}

/// A design being typed (its price here, or why it has none), then the named pieces it
/// matches by name or first letters, with their prices.
fn designs(rules: &engine::Rules, typed: &str) -> Vec<Choice> {
    let cost = |d: &Design| price(d, rules.ruleset.price_table(), &rules.proposals);
    let parsed = Design::parse_lookup(typed);
    let own = (!typed.is_empty()).then(|| Choice {
        label: match &parsed {
            Err(e) => format!("{typed}: {e}"),
            Ok(d) => match cost(d) {
                Ok(p) => format!("{typed}: costs {}", zorkmids(p.cost)),
                Err(e) => format!("{typed}: {e}"),
            },
        },
        value: typed.to_string(),
    });
    let named: Vec<Choice> = named_pieces(rules, typed)
        .into_iter()
        .map(|(name, text, p)| Choice {
            label: format!("{text}: the {name}, costs {}", zorkmids(p.cost)),
            value: text.to_string(),
        })
        .collect();
    // A name being typed ("chanc") is no design: its error shows only when no piece matches.
    let own = own.filter(|_| named.is_empty() || parsed.is_ok());
    own.into_iter().chain(named).collect()
}

/// Named pieces for who knows the amazon but not its notation: those matching `typed` by
/// name or by first letters (other than `typed` itself), with their prices under `rules`.
fn named_pieces(rules: &engine::Rules, typed: &str) -> Vec<(&'static str, &'static str, Price)> {
    engine::named::matching(typed)
        .into_iter()
        .filter(|(_, text)| *text != typed)
        .filter_map(|(name, text)| {
            let design = Design::parse(text).ok()?;
            let p = price(&design, rules.ruleset.price_table(), &rules.proposals).ok()?;
            Some((name, text, p))
        })
        .collect()
}

/// Suggestions worked out from the game alone, on a blocking thread.
fn game_choices(
    row: &GameRow,
    member: u64,
    field: Field,
    typed: &str,
    budget: &Budget,
) -> Vec<Choice> {
    match row.game.csipgs() {
        Some(game) => csipgs_choices(row, member, game, field, typed, budget),
        None => other_choices(&row.game, field),
    }
}

/// Suggestions in a csipgs game (proposals aside: they come from the store).
fn csipgs_choices(
    row: &GameRow,
    member: u64,
    game: &Game,
    field: Field,
    typed: &str,
    budget: &Budget,
) -> Vec<Choice> {
    let fog = super::present::secret(row).is_some();
    let acting = row.color_of(member) == Some(row.game.to_move());
    // What a fog player may do tells what they see: only they are told it.
    if fog && !acting && field != Field::Redesign {
        return Vec::new();
    }
    match field {
        Field::Tournament | Field::Variants | Field::Proposal | Field::Design => Vec::new(),
        Field::Move => moves(game, budget),
        Field::TransferPiece => reserve(game.position()),
        Field::TransferSquare if fog => fog_transfer_squares(game),
        Field::TransferSquare => game
            .position()
            .transfer_squares()
            .map(|sq| Choice::same(sq.name()))
            .collect(),
        Field::Buy => buys(game.position()),
        Field::Redesign => {
            let side = row.color_of(member).unwrap_or(row.game.to_move());
            redesigns(game, side, typed)
        }
    }
}

/// Suggestions in a game of another family (fide): its legal moves as it writes them; it
/// has none of csipgs's other game options.
fn other_choices(game: &GameState, field: Field) -> Vec<Choice> {
    if field != Field::Move {
        return Vec::new();
    }
    let mut sans = game.legal_turns();
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
/// keystroke. The list is written in linear time, a move at a time; once the budget is
/// spent, the moves written so far are what is offered.
fn moves(game: &Game, budget: &Budget) -> Vec<Choice> {
    let mut notes: Vec<String> = game
        .offered_moves()
        .take_while(|_| !budget.spent())
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
                    "{}: {} (you will have {funds})",
                    d.piece_name(),
                    zorkmids(cost)
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
        Some((slot, design)) => {
            let rules = game.rules();
            let cost = |d: &Design| price(d, rules.ruleset.price_table(), &rules.proposals);
            let design = design.trim();
            let label = match Design::parse(design) {
                Err(e) => format!("{typed}: {e}"),
                Ok(d) => match cost(&d) {
                    Ok(p) => format!("{typed} ({} would cost {})", d.piece_name(), p.cost),
                    Err(e) => format!("{typed}: {e}"),
                },
            };
            let own = (!design.is_empty()).then(|| Choice {
                label,
                value: typed.to_string(),
            });
            let named = named_pieces(rules, design)
                .into_iter()
                .map(|(name, text, p)| Choice {
                    label: format!("{slot}={text}: the {name}, would cost {}", p.cost),
                    value: format!("{slot}={text}"),
                });
            own.into_iter().chain(named).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Options, Rules, Ruleset};

    /// Fifteen identical doublemove queens: 2,110 moves, each told apart from its twins.
    fn fifteen_twins() -> Game {
        let q = "(doublemove-Q)";
        let text = format!(
            "3kk3/8/8/8/8/8/{}/{q}{q}{q}{q}K{q}{q}{q} w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
            q.repeat(8)
        );
        let options = Options {
            unofficial: true,
            ..Options::default()
        };
        let rules = Rules::new(Ruleset::Classic, options);
        Game::from_position(Position::parse(&text, rules).expect("the position parses"))
    }

    #[test]
    fn a_spent_budget_offers_what_is_ready() {
        let game = fifteen_twins();
        let ample = Budget::until(Instant::now() + Duration::from_secs(3600));
        assert_eq!(moves(&game, &ample).len(), 2110);
        // Spent before the first move is written: nothing is ready, and nothing is waited for.
        assert!(moves(&game, &Budget::until(Instant::now())).is_empty());
    }

    #[tokio::test]
    async fn work_runs_off_the_async_workers() {
        let here = std::thread::current().id();
        let choices = Workers::default()
            .run(move |_| {
                let there = std::thread::current().id();
                vec![Choice::same((there != here).to_string())]
            })
            .await;
        assert_eq!(choices, [Choice::same("true".to_string())]);
    }

    #[tokio::test]
    async fn busy_workers_answer_at_once_with_nothing() {
        let workers = Workers::default();
        let busy = workers.0.clone().acquire_many_owned(PARALLEL as u32).await;
        let kd2 = || vec![Choice::same("Kd2".to_string())];
        assert!(workers.run(move |_| kd2()).await.is_empty());
        drop(busy);
        assert_eq!(workers.run(move |_| kd2()).await, kd2());
    }
}
