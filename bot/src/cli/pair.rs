use super::Exit;
use league::{checker, dutch, trf};
use std::path::Path;
use std::process::ExitCode;

/// `csipgs pair FILE.trf`: the next round's pairings by the FIDE Dutch system, in the form
/// JaVaFo and bbpPairings print, so that arbiters can check ours against theirs. Every
/// pairing is judged by the independent checker before it is printed. Exit status 2 for a
/// file that is not valid TRF (the message names the line and column), 3 for one that can't
/// be read, 1 when no pairing that keeps the absolute rules comes out (as those programs do
/// when there is none; also when ours fails the checker, which then names each rule it
/// breaks, and nothing is printed).
pub fn run(file: &Path) -> ExitCode {
    let text = match super::read_text(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let tournament = match trf::read(&text).and_then(|f| f.tournament()) {
        Ok(t) => t,
        Err(e) => {
            complain!("{}: {e}", file.display());
            return Exit::BadInput.into();
        }
    };
    let round = dutch::next_round(&tournament);
    let pairings = match dutch::pair(&tournament, round) {
        Ok(pairings) => pairings,
        Err(e) => {
            complain!("{}: round {round}: {e}", file.display());
            return Exit::No.into();
        }
    };
    match checker::check(&tournament, round, &pairings) {
        Ok(()) => {
            super::show(format_args!("{}", trf::write_pairings(&pairings)));
            ExitCode::SUCCESS
        }
        Err(rejected) => {
            complain!(
                "{}: round {round}: the pairing failed the FIDE checks, so it is not printed: {rejected}",
                file.display()
            );
            Exit::No.into()
        }
    }
}
