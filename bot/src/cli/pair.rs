use league::{dutch, trf};
use std::path::Path;
use std::process::ExitCode;

/// `csipgs pair FILE.trf`: the next round's pairings by the FIDE Dutch system, in the form
/// JaVaFo and bbpPairings print, so that arbiters can check ours against theirs. Exit status
/// 2 for a file that can't be read or is not valid TRF (the message names the line and
/// column), 1 when no pairing keeps the absolute rules (as those programs do).
pub fn run(file: &Path) -> ExitCode {
    let text = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("can't read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let tournament = match trf::read(&text).and_then(|f| f.tournament()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let round = dutch::next_round(&tournament);
    match dutch::pair(&tournament, round) {
        Ok(pairings) => {
            print!("{}", trf::write_pairings(&pairings));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: round {round}: {e}", file.display());
            ExitCode::FAILURE
        }
    }
}
