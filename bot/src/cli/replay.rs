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
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            complain!("can't read {}: {e}", file.display());
            return Exit::Io.into();
        }
    };
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
                    let code = super::render::write(out, &bytes);
                    if code == ExitCode::SUCCESS {
                        complain!("wrote {} ({} frames)", out.display(), replayed.view.len());
                    }
                    code
                }
                None => ExitCode::SUCCESS,
            }
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
