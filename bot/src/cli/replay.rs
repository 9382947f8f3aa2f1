use engine::{Color, Game, Options, PlayedTurn, ReplayError};
use std::path::Path;
use std::process::ExitCode;

/// `csipgs replay FILE`: every turn with both treasuries after it, then the final position
/// and result; the first illegal turn ends it with status 1. `options` are on besides those
/// the record names.
pub fn run(file: &Path, gif: Option<&Path>, options: Options) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("can't read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    match Game::replay_with(&text, options) {
        Ok(replay) => {
            print_turns(replay.game.turns());
            for (turn, warning) in &replay.warnings {
                eprintln!("warning at turn {turn}: {warning}");
            }
            println!("{}", replay.game.position());
            match replay.game.result() {
                Some(outcome) => println!("{outcome}"),
                None => println!("*"),
            }
            if let Some(out) = gif {
                let names = [replay.players.white.as_str(), replay.players.black.as_str()];
                let view = render::ReplayView::from_game(&replay.game, names);
                let bytes = render::replay(&view, &render::Style::default());
                if let Err(e) = std::fs::write(out, bytes) {
                    eprintln!("can't write {}: {e}", out.display());
                    return ExitCode::FAILURE;
                }
                eprintln!("wrote {} ({} frames)", out.display(), view.frames.len());
            }
            ExitCode::SUCCESS
        }
        Err(ReplayError::Illegal {
            turn,
            reason,
            before,
        }) => {
            print_turns(before.turns());
            println!("illegal at turn {turn}: {reason}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}

fn print_turns(turns: &[PlayedTurn]) {
    for t in turns {
        println!(
            "{:>4}. {:<28} White {:<6} Black {}",
            t.ply,
            t.notation,
            t.treasuries[Color::White.index()].to_string(),
            t.treasuries[Color::Black.index()]
        );
    }
}
