//! Which game a challenge or a tournament asks for: a family with its own options, where an
//! option of the other family is a mistake to point out, not to ignore.

use super::{Family, GameRules};
use engine::fide::{VariantError, Variants};
use engine::Rules;

/// Why the options asked for name no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("{0} is an option of csipgs games, not of fide chess: leave it out (variants: sets a fide game's rules)")]
    CsipgsOnly(&'static str),
    #[error("variants are for fide games: add game:fide, or leave variants out for csipgs")]
    VariantsWithoutFide,
    #[error("{0}")]
    Variants(#[from] VariantError),
}

/// The rules asked for: `family` (csipgs if left out) with `variants` as typed for a fide
/// game, or the csipgs rules `csipgs` makes. `csipgs_options` names each csipgs-only option
/// with whether it was given.
pub fn choose(
    family: Option<Family>,
    variants: Option<&str>,
    csipgs_options: &[(&'static str, bool)],
    csipgs: impl FnOnce() -> Rules,
) -> Result<GameRules, ChoiceError> {
    match family.unwrap_or_default() {
        Family::Csipgs => match variants {
            Some(_) => Err(ChoiceError::VariantsWithoutFide),
            None => Ok(GameRules::Csipgs(csipgs())),
        },
        Family::Fide => {
            if let Some((name, _)) = csipgs_options.iter().find(|(_, given)| *given) {
                return Err(ChoiceError::CsipgsOnly(name));
            }
            let variants: Variants = variants.unwrap_or("").parse()?;
            Ok(GameRules::Fide(variants))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_of_the_other_family_are_refused() {
        let csipgs = Rules::default;
        assert_eq!(
            choose(None, None, &[("fog", false)], csipgs),
            Ok(GameRules::Csipgs(Rules::default()))
        );
        assert_eq!(
            choose(None, Some("warhead"), &[], csipgs),
            Err(ChoiceError::VariantsWithoutFide)
        );
        assert_eq!(
            choose(Some(Family::Fide), None, &[("fog", true)], csipgs),
            Err(ChoiceError::CsipgsOnly("fog"))
        );
        assert_eq!(
            choose(
                Some(Family::Fide),
                Some("warhead,stungun"),
                &[("fog", false)],
                csipgs
            ),
            Ok(GameRules::Fide("warhead,stungun".parse().unwrap()))
        );
        assert!(matches!(
            choose(Some(Family::Fide), Some("warhed"), &[], csipgs),
            Err(ChoiceError::Variants(_))
        ));
    }
}
