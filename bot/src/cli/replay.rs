use super::Exit;
use super::GameArgs;
use crate::core::neutral;
use crate::family::Unreplayed;
use engine::{Options, Rules, Ruleset};
use render::Style;
use std::path::Path;
use std::process::ExitCode;

/// `csipgs replay FILE`: every turn with both treasuries after it, then the final position
/// and result; the first illegal turn ends it with status 1. `options` are on besides those
/// the record names. With `--game fide` the file is a PGN, and `--variants` gives the
/// variants of a record without a Variant tag (one with a tag must agree).
pub fn run(file: &Path, gif: Option<&Path>, options: Option<Options>, game: &GameArgs) -> ExitCode {
    let text = match super::read_text(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    if let Err(why) = one_record(&text, game) {
        complain!("{}: {why}", file.display());
        return Exit::BadInput.into();
    }
    // A record carries its own rules: the ones named here only check the family's options.
    let csipgs = || Rules::new(Ruleset::default(), options.unwrap_or_default());
    let rules = match game.rules(&[("--options", options.is_some())], csipgs) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    match rules.replay(&text, game.variants.is_some()) {
        Ok(replayed) => {
            for line in &replayed.lines {
                say!("{line}");
            }
            for warning in &replayed.warnings {
                complain!("{warning}");
            }
            say!("{}", replayed.position);
            say!("{}", replayed.result);
            match gif {
                Some(out) => {
                    let bytes = render::replay(&replayed.view, &Style::default());
                    let code = super::render::write_named(out, &bytes, "gif");
                    if code == ExitCode::SUCCESS {
                        complain!("wrote {} ({} frames)", out.display(), replayed.view.len());
                    }
                    code
                }
                None => ExitCode::SUCCESS,
            }
        }
        // Refused at its first turn, a FIDE game's PGN read as csipgs: the wrong format.
        Err(Unreplayed::Illegal { lines, .. }) if lines.is_empty() && pgn_of_fide(&text, game) => {
            complain!(
                "{} looks like a PGN of FIDE chess (its tags and moves aren't a csipgs record's): replay it with --game fide",
                file.display()
            );
            Exit::BadInput.into()
        }
        Err(Unreplayed::Illegal { lines, why }) => {
            for line in &lines {
                say!("{line}");
            }
            say!("{}", neutral(&why));
            Exit::No.into()
        }
        // A file that is not a readable record is bad input, not an illegal game.
        Err(Unreplayed::Unreadable(why)) => {
            complain!("{why}");
            Exit::BadInput.into()
        }
    }
}

/// Whether `text` is one record to replay: not empty, and not several games in one file
/// (a PGN database, say), of which replaying the first would hide the rest.
fn one_record(text: &str, game: &GameArgs) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("the file is empty: a record holds a game's tags and turns".into());
    }
    let tag = match game.game {
        Some(crate::family::Family::Fide) => "[Event ",
        _ => "[White ",
    };
    let games = text
        .lines()
        .filter(|l| l.trim_start().starts_with(tag))
        .count();
    match games {
        0 | 1 => Ok(()),
        n => Err(format!(
            "the file holds {n} games, and replay reads one: save each game in a file of its own"
        )),
    }
}

/// Whether a record read as csipgs has the tags only a FIDE game's PGN has.
fn pgn_of_fide(text: &str, game: &GameArgs) -> bool {
    game.game != Some(crate::family::Family::Fide)
        && text.lines().any(|l| {
            ["[Event ", "[Site ", "[Variant ", "[FEN "]
                .iter()
                .any(|t| l.trim_start().starts_with(t))
        })
}
