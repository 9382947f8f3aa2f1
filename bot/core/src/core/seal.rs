//! Sealed button ids: every id the bot makes ends in a tag, an HMAC of the rest under a key
//! kept in the database, so an id can't be guessed from another (challenge 7, then 8) nor
//! rewritten (another server's channel) and still be honoured.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::fmt;
use std::str::FromStr;

/// The tag's length in bytes: 64 bits, written as 16 hex digits.
const TAG_BYTES: usize = 8;

/// The key, ready to tag and check ids.
#[derive(Clone)]
pub struct Seal(Hmac<Sha256>);

impl Seal {
    pub fn new(key: &str) -> Seal {
        // HMAC takes a key of any length: this never fails.
        Seal(Hmac::new_from_slice(key.as_bytes()).expect("HMAC accepts every key length"))
    }

    /// The tag sealing `body`.
    pub fn tag(&self, body: &str) -> Tag {
        let mut mac = self.0.clone();
        mac.update(body.as_bytes());
        let bytes = mac.finalize().into_bytes();
        let mut tag = [0; TAG_BYTES];
        tag.copy_from_slice(&bytes[..TAG_BYTES]);
        Tag(tag)
    }

    /// Whether `tag` seals `body`, compared in constant time.
    pub fn holds(&self, body: &str, tag: Tag) -> bool {
        let mut mac = self.0.clone();
        mac.update(body.as_bytes());
        mac.verify_truncated_left(&tag.0).is_ok()
    }
}

impl fmt::Debug for Seal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seal(..)")
    }
}

/// The end of a sealed id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag([u8; TAG_BYTES]);

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// Only the form `Tag` writes: 16 lowercase hex digits.
impl FromStr for Tag {
    type Err = ();

    fn from_str(text: &str) -> Result<Tag, ()> {
        if text.len() != 2 * TAG_BYTES
            || !text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            return Err(());
        }
        let mut tag = [0; TAG_BYTES];
        for (i, byte) in tag.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| ())?;
        }
        Ok(Tag(tag))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_holds_for_its_body_and_key_only() {
        let seal = Seal::new("one key");
        let tag = seal.tag("challenge:accept:7:3-4");
        assert!(seal.holds("challenge:accept:7:3-4", tag));
        assert!(!seal.holds("challenge:accept:8:3-4", tag));
        assert!(!Seal::new("another key").holds("challenge:accept:7:3-4", tag));
        assert_eq!(tag.to_string().parse::<Tag>(), Ok(tag));
        for bad in [
            "",
            "0123",
            "0123456789abcdeF",
            "0123456789abcdefg",
            "é123456789abcde",
        ] {
            assert_eq!(bad.parse::<Tag>(), Err(()), "{bad}");
        }
    }
}
