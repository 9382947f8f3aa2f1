//! Zorkmids, the game's money: exact decimals (RULES.md section 1).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, AddAssign, Sub, SubAssign};
use std::str::FromStr;

/// An amount of zorkmids: exact decimal, never floating point.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Zorkmids(pub Decimal);

impl Zorkmids {
    /// Nothing.
    pub const ZERO: Zorkmids = Zorkmids(Decimal::ZERO);

    /// A whole number of zorkmids.
    pub fn whole(n: u32) -> Zorkmids {
        Zorkmids(Decimal::from(n))
    }

    /// Whether the amount is below zero (a debt, possible only under plunder).
    pub fn is_negative(self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }
}

impl Add for Zorkmids {
    type Output = Zorkmids;
    fn add(self, rhs: Zorkmids) -> Zorkmids {
        Zorkmids(self.0 + rhs.0)
    }
}

impl Sub for Zorkmids {
    type Output = Zorkmids;
    fn sub(self, rhs: Zorkmids) -> Zorkmids {
        Zorkmids(self.0 - rhs.0)
    }
}

impl AddAssign for Zorkmids {
    fn add_assign(&mut self, rhs: Zorkmids) {
        self.0 += rhs.0;
    }
}

impl SubAssign for Zorkmids {
    fn sub_assign(&mut self, rhs: Zorkmids) {
        self.0 -= rhs.0;
    }
}

impl fmt::Display for Zorkmids {
    /// Shortest exact form: `3`, `0.5`, `5.94`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.normalize())
    }
}

/// An amount with its unit, as every message and picture writes it: "1 zorkmid",
/// "0.5 zorkmids", "-2 zorkmids".
pub fn zorkmids(amount: Zorkmids) -> String {
    // Only a whole one takes the singular; a half or a debt of two are still plural.
    let unit = if amount.0.abs() == Decimal::ONE {
        "zorkmid"
    } else {
        "zorkmids"
    };
    format!("{amount} {unit}")
}

/// Why a text is not an amount of zorkmids.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an amount of zorkmids: write a decimal number such as 3 or 0.5")]
pub struct ZorkmidsError(pub String);

impl FromStr for Zorkmids {
    type Err = ZorkmidsError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let ok = !t.is_empty()
            && t.len() <= 24
            && t.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
            && t.chars().any(|c| c.is_ascii_digit());
        if !ok {
            return Err(ZorkmidsError(s.to_string()));
        }
        Decimal::from_str(t)
            .map(Zorkmids)
            .map_err(|_| ZorkmidsError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_zorkmid_is_singular_and_every_other_amount_plural() {
        let amount = |text: &str| zorkmids(text.parse().unwrap());
        assert_eq!(amount("1"), "1 zorkmid");
        assert_eq!(amount("1.0"), "1 zorkmid");
        assert_eq!(amount("-1"), "-1 zorkmid");
        assert_eq!(amount("0"), "0 zorkmids");
        assert_eq!(amount("0.5"), "0.5 zorkmids");
        assert_eq!(amount("1.5"), "1.5 zorkmids");
        assert_eq!(amount("-2"), "-2 zorkmids");
        assert_eq!(amount("12"), "12 zorkmids");
    }
}
