//! /help and /rules.

use super::CommandHelp;
use std::fmt::Write;

/// One line per command: name, options, what it does.
pub fn help(commands: &[CommandHelp]) -> String {
    let mut text = String::from(
        "**csipgs chess**: design your own pieces in Betza's funny notation and buy them with zorkmids.\n",
    );
    for c in commands {
        let _ = write!(text, "\n`/{}", c.name);
        for option in &c.options {
            let _ = write!(text, " {option}");
        }
        let _ = write!(text, "`: {}", c.description);
    }
    text
}

/// The rules in brief (RULES.md is the full statement).
pub const RULES: &str = "\
**csipgs chess** (Ralph Betza, 1996) in brief:
- Each side starts with a royal king only (White e1, Black e8), 0 zorkmids and six designs: P N B R Q K.
- Every turn: get 1 zorkmid, then do one action: **move** a piece, **transfer** a reserve piece onto an empty square next to your royal piece (not while it is in check), or **buy** a piece of one of your six designs into your reserve (at most 16 pieces, not in check).
- Then, optionally, **redesign**: replace one of your six designs with a new one (`B=WD`). Pieces already bought keep their design.
- A design's price comes from its moves: `/price WbRbmHfB` shows the breakdown.
- With one royal piece, normal check rules; checkmate wins. No legal action at all (stalemate) loses. With several royal pieces, check may be ignored until the last one.
- No castling, en passant, double step or promotion.
- Rulesets: **classic** (draws by agreement allowed), **kurnia** (Black starts with 0.5, proposals on, no draws), **progressive** (Bodlaender's prices, income grows every 7 plies, several buys in one action, no draws).
- Options: **power** (buy in the design phase, so move and buy in one turn), **proposals** (price new atoms and modifiers by sealed estimates: /propose and /estimate), **unofficial** (the relay-, doublemove- and shooting- prefixes).
- Turns are written as in the 1998 games: `Kd2`, `(WD)xe5+`, `N@f3`, `Buy WD`, `Kd2; B=WD`.";
