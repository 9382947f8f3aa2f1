//! Pictures: what a reply shows, and its image bytes, drawn in one place (by the render
//! crate) on a bounded pool of their own.

use crate::family::Family;
use crate::lane::Lane;
use engine::{Design, Price};
use render::{BoardView, ChartView, ReplayBudget, ReplayView, Style, TableView};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// A picture to draw: the adapters turn it into a PNG (and the terminal also into text).
/// Replies are kept in the outbox until delivered: the aliases read what an older bot wrote,
/// when each family had its own board and replay (`FideBoard`, `FideReplay`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Picture {
    /// A game's board with its players' panels or cards, from one side.
    #[serde(alias = "FideBoard")]
    Board(Box<BoardView>),
    Design {
        design: Design,
        price: Box<Price>,
    },
    /// A game as an animated picture, a frame per position (within the replay budget). The
    /// core sends replays drawn already (`Animation`); an older bot's outbox may hold these.
    #[serde(alias = "FideReplay")]
    Replay(Box<ReplayView>),
    /// A replay drawn already, as its GIF bytes: `/replay` makes it on the replays' lane
    /// (within its budget, saying in the text which positions it shows) and reuses it until
    /// the game changes, so the adapters only attach it. `words` say what it shows (its
    /// alt text).
    Animation {
        gif: Arc<Vec<u8>>,
        words: String,
    },
    /// A table, such as the leaderboard.
    Table(Box<TableView>),
    /// A rating history.
    Chart(Box<ChartView>),
}

/// How large a replay may grow. Discord takes attachments of up to 10 MB from a bot; 8 MB
/// leaves room for the rest of the message. 150 positions of a 720 px board cost about 2 s of
/// one core (a board picture and its diff take about 12 ms).
pub const REPLAY_BUDGET: ReplayBudget = ReplayBudget {
    bytes: 8 << 20,
    frames: 150,
};

/// The picture as the bytes of its file: PNG, or GIF for a replay.
pub fn encode(picture: &Picture) -> Vec<u8> {
    let began = std::time::Instant::now();
    let style = Style::default();
    let bytes = match picture {
        Picture::Board(view) => render::board(view, &style),
        Picture::Design { design, price } => render::design(design, &Ok((**price).clone()), &style),
        Picture::Replay(view) => render::replay_within(view, &style, REPLAY_BUDGET).gif,
        Picture::Animation { gif, .. } => gif.to_vec(),
        Picture::Table(view) => render::table(view, &style),
        Picture::Chart(view) => render::chart(view, &style),
    };
    if let Some(kind) = kind(picture) {
        crate::measure::picture(kind, began.elapsed());
    }
    bytes
}

/// The picture's kind, as the metrics label it; None for an animation, drawn already (and
/// measured then: see `Core::replay`).
fn kind(picture: &Picture) -> Option<&'static str> {
    Some(match picture {
        Picture::Board(view) => Family::of_board(view).board_metric(),
        Picture::Design { .. } => "design",
        Picture::Replay(view) => Family::of_replay(view).replay_metric(),
        Picture::Animation { .. } => return None,
        Picture::Table(_) => "table",
        Picture::Chart(_) => "chart",
    })
}

/// The attachment's file name.
pub fn file_name(picture: &Picture) -> String {
    match picture {
        Picture::Board(view) => format!("board-{}.png", view.number()),
        Picture::Design { .. } => "design.png".to_string(),
        Picture::Replay(_) | Picture::Animation { .. } => "replay.gif".to_string(),
        Picture::Table(_) => "table.png".to_string(),
        Picture::Chart(_) => "rating.png".to_string(),
    }
}

/// The picture in words, for a screen reader: Discord's description of the attachment (at
/// most `render::WORDS_MAX` characters), and what the terminal can say of it.
pub fn describe(picture: &Picture) -> String {
    match picture {
        Picture::Board(view) => render::board_words(view),
        Picture::Design { design, price } => render::design_words(design, &Ok((**price).clone())),
        Picture::Replay(view) => render::replay_words(view, view.len()),
        Picture::Animation { words, .. } => words.clone(),
        Picture::Table(view) => render::table_words(view),
        Picture::Chart(view) => render::chart_words(view),
    }
}

/// Drawing a picture failed: render panicked, or the runtime is shutting down.
#[derive(Debug, thiserror::Error)]
#[error("drawing a picture failed: {0}")]
pub struct DrawFailed(String);

/// The pictures being drawn at once. Boards, tables and charts take milliseconds of a core,
/// and a member waits on each: they run on tokio's blocking pool, at most `slots` at once.
/// A replay takes up to seconds: replays run on a lane of their own, below the bot's
/// priority (as the computer's searches do), so a burst of replays never holds a board's
/// slot or its core. A cheap-clone handle: the core, the Discord adapter and its courier
/// share one pool.
#[derive(Clone, Debug)]
pub struct Painters {
    slots: Arc<Semaphore>,
    replays: Lane,
}

impl Painters {
    /// At most `slots` pictures at once (at least one), and as many replays beside them.
    pub fn new(slots: usize) -> Painters {
        Painters {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            replays: Lane::new("replay", slots),
        }
    }

    /// One slot a core: pictures are short, and the searches are bounded on their own.
    pub fn following_cores() -> Painters {
        Painters::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// Run `work` on the blocking pool once a slot is free; waiting is in line (tokio's
    /// semaphore is fair).
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, DrawFailed> {
        let slot = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| DrawFailed(e.to_string()))?;
        let done = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            work()
        })
        .await;
        done.map_err(|e| DrawFailed(e.to_string()))
    }

    /// The picture's file bytes, drawn in a slot, or on the replays' lane.
    pub async fn encode(&self, picture: Picture) -> Result<Vec<u8>, DrawFailed> {
        if matches!(picture, Picture::Replay(_)) {
            return self.run_replay(move || encode(&picture)).await;
        }
        self.run(move || encode(&picture)).await
    }

    /// Run `work`, a replay's drawing, on the replays' lane.
    pub async fn run_replay<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, DrawFailed> {
        self.replays
            .run(work)
            .await
            .map_err(|e| DrawFailed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::fide::{FideGame, Variants};
    use render::{CsipgsBoardView, FideBoardView, FideReplayView};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn an_older_bots_boards_and_replays_still_read() {
        let mut game = FideGame::new(Variants::NONE);
        game.play_text("e4").unwrap();
        let board = FideBoardView::from_game(&game, ["Ann", "Bo"]);
        let replay = FideReplayView::from_game(&game, ["Ann", "Bo"]);
        let csipgs = CsipgsBoardView::from_game(
            &engine::Game::new(engine::Ruleset::Classic.into()),
            ["A", "B"],
        );
        // As the outbox kept them when each family had its own variants.
        let json = |variant: &str, view: String| format!(r#"{{"{variant}":{view}}}"#);
        let old = [
            json("FideBoard", serde_json::to_string(&board).unwrap()),
            json("FideReplay", serde_json::to_string(&replay).unwrap()),
            json("Board", serde_json::to_string(&csipgs).unwrap()),
        ];
        let read: Vec<Picture> = old
            .iter()
            .map(|text| serde_json::from_str(text).unwrap())
            .collect();
        assert!(
            matches!(&read[0], Picture::Board(view) if **view == BoardView::Fide(board.clone()))
        );
        assert!(
            matches!(&read[1], Picture::Replay(view) if **view == ReplayView::Fide(replay.clone()))
        );
        assert!(
            matches!(&read[2], Picture::Board(view) if **view == BoardView::Csipgs(csipgs.clone()))
        );
        assert_eq!(file_name(&read[0]), "board-1.png");
        // And what this bot writes reads back the same.
        for picture in read {
            let text = serde_json::to_string(&picture).unwrap();
            let again: Picture = serde_json::from_str(&text).unwrap();
            assert_eq!(serde_json::to_string(&again).unwrap(), text);
        }
    }

    #[tokio::test]
    async fn no_more_pictures_are_drawn_at_once_than_there_are_slots() {
        let painters = Painters::new(2);
        let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let jobs = (0..6).map(|_| {
            let (now, most) = (now.clone(), most.clone());
            painters.run(move || {
                let drawing = now.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(drawing, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(30));
                now.fetch_sub(1, Ordering::SeqCst);
            })
        });
        for done in futures_util::future::join_all(jobs).await {
            done.unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_drawing_that_panics_is_an_error_not_a_crash() {
        let failed = Painters::new(1).run(|| -> u8 { panic!("broken") }).await;
        assert!(failed
            .unwrap_err()
            .to_string()
            .starts_with("drawing a picture failed"));
        assert_eq!(Painters::new(1).run(|| 7).await.unwrap(), 7);
    }
}
