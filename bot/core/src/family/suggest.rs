//! Suggestions while a member types a fide game's variants: the list so far, completed
//! with each variant that can still join it.

use engine::fide::variant::ALL;
use engine::fide::{Variant, Variants};

/// Each way to complete the last item of a comma-separated variant list as typed: (label
/// with the variant's summary, the whole list). Variants already chosen, and those that
/// don't combine with them (alternatives of one already chosen), are left out; nothing is
/// suggested after an earlier item that is no variant.
pub fn variant_lists(typed: &str) -> Vec<(String, String)> {
    let mut items: Vec<&str> = typed.split(',').map(str::trim).collect();
    let last = items
        .pop()
        .unwrap_or("")
        .to_ascii_lowercase()
        .replace([' ', '_'], "-");
    let Ok(chosen) = items
        .iter()
        .filter(|item| !item.is_empty())
        .map(|item| item.parse::<Variant>())
        .collect::<Result<Vec<Variant>, _>>()
    else {
        return Vec::new();
    };
    let mut candidates: Vec<Variant> = ALL
        .into_iter()
        .filter(|v| !chosen.contains(v) && v.name().contains(&last))
        .filter(|v| Variants::new(chosen.iter().copied().chain([*v])).is_ok())
        .collect();
    // Those that start with what was typed first.
    candidates.sort_by_key(|v| !v.name().starts_with(&last));
    let prefix: String = chosen.iter().map(|v| format!("{},", v.name())).collect();
    candidates
        .into_iter()
        .map(|v| {
            let value = format!("{prefix}{}", v.name());
            (format!("{value}: {}", v.summary()), value)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::variant_lists;

    fn values(typed: &str) -> Vec<String> {
        variant_lists(typed).into_iter().map(|(_, v)| v).collect()
    }

    #[test]
    fn the_last_item_is_completed() {
        assert_eq!(values("warhead, stu"), ["warhead,stungun"]);
        assert!(values("").len() > 20);
    }

    #[test]
    fn chosen_variants_and_their_alternatives_are_skipped() {
        let after_warhead = values("warhead,");
        assert!(!after_warhead.iter().any(|v| v.ends_with(",warhead")));
        // Trident is warhead's alternative (a pawn's double step).
        assert!(!after_warhead.iter().any(|v| v.ends_with(",trident")));
        assert!(after_warhead.contains(&"warhead,stungun".to_string()));
    }

    #[test]
    fn nothing_follows_an_unknown_variant() {
        assert!(values("warhed,st").is_empty());
    }
}
