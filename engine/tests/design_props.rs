//! Properties of the design language over generated designs and arbitrary text.

use engine::notation::MAX_DESIGN_LEN;
use engine::{price, Design, NotationError, PriceTable, Proposals};
use proptest::prelude::*;

/// Modifier letters before an atom or group: directions (possibly pairs), then maybe m/c/n.
fn modifiers() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(
            prop::sample::select(vec!['f', 'b', 'l', 'r', 's', 'v']),
            0..4,
        ),
        prop::sample::select(vec!["", "", "m", "c", "n", "mc", "cn"]),
    )
        .prop_map(|(dirs, mode)| dirs.into_iter().collect::<String>() + mode)
}

/// An atom as written: a letter, a doubled letter (a rider) or a shorthand.
fn atom() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "W", "F", "D", "A", "H", "G", "N", "L", "C", "Z", "R", "B", "Q", "K", "NN", "DD", "AA",
        "ZZ", "WW", "FF",
    ])
    .prop_map(str::to_string)
}

/// One item of a design: modifiers before an atom, or before a group of atoms.
fn item() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (modifiers(), atom()).prop_map(|(m, a)| m + &a),
        1 => (modifiers(), proptest::collection::vec((modifiers(), atom()), 1..4)).prop_map(
            |(m, inner)| {
                let inner: Vec<String> = inner.into_iter().map(|(m, a)| m + &a).collect();
                format!("{m}({})", join(&inner))
            }
        ),
    ]
}

fn prefixes() -> impl Strategy<Value = String> {
    prop::sample::subsequence(vec!["royal-", "relay-", "doublemove-", "shooting-"], 0..=2)
        .prop_shuffle()
        .prop_map(|p| p.concat())
}

/// Items side by side, each kept whole: one that starts with the letter the text so far ends
/// with goes in parentheses, so that `N` then `N` can't read as the rider `NN`.
fn join(items: &[String]) -> String {
    let mut text = String::new();
    for item in items {
        let first = item.chars().next();
        if first.is_some_and(|c| c.is_ascii_uppercase()) && text.ends_with(|c| Some(c) == first) {
            text.push('(');
            text.push_str(item);
            text.push(')');
        } else {
            text.push_str(item);
        }
    }
    text
}

fn design_text() -> impl Strategy<Value = String> {
    (prefixes(), proptest::collection::vec(item(), 1..6)).prop_map(|(p, items)| p + &join(&items))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_designs_parse(text in design_text()) {
        prop_assert!(Design::parse(&text).is_ok(), "{text}: {:?}", Design::parse(&text));
    }

    #[test]
    fn canonical_reads_back_as_the_same_design(text in design_text()) {
        let d = Design::parse(&text).unwrap();
        let canonical = d.canonical();
        let again = Design::parse(&canonical);
        prop_assert_eq!(again.as_ref(), Ok(&d), "{} -> {}", text, canonical);
        prop_assert_eq!(again.unwrap().canonical(), canonical);
        prop_assert_eq!(Design::parse(d.written()), Ok(d));
    }

    #[test]
    fn pricing_ignores_the_order_of_parts(
        (items, shuffled) in proptest::collection::vec(item(), 1..6)
            .prop_flat_map(|items| (Just(items.clone()), Just(items).prop_shuffle())),
        prefix in prefixes(),
    ) {
        let a = Design::parse(&(prefix.clone() + &join(&items))).unwrap();
        let b = Design::parse(&(prefix + &join(&shuffled))).unwrap();
        prop_assert_eq!(&a, &b);
        for table in [PriceTable::Classic, PriceTable::Bodlaender] {
            let (pa, pb) = (
                price(&a, table, &Proposals::default()),
                price(&b, table, &Proposals::default()),
            );
            prop_assert_eq!(pa.as_ref().map(|p| p.raw), pb.as_ref().map(|p| p.raw));
            prop_assert_eq!(pa, pb);
        }
    }

    #[test]
    fn prices_are_rounded_up_raw_values(text in design_text()) {
        let d = Design::parse(&text).unwrap();
        if let Ok(p) = price(&d, PriceTable::Classic, &Proposals::default()) {
            prop_assert!(p.cost.0 >= p.raw && p.cost.0 - p.raw < rust_decimal::Decimal::ONE);
            prop_assert_eq!(p.cost.0.fract(), rust_decimal::Decimal::ZERO);
        }
    }

    #[test]
    fn the_parser_never_panics(text in any::<String>()) {
        check_any(&text)?;
    }

    #[test]
    fn notation_like_noise_never_panics(text in "[a-zA-Z()\\- é日]{0,260}") {
        check_any(&text)?;
    }

    #[test]
    fn long_text_is_refused_by_length(text in ".{201,400}") {
        let len = text.trim().chars().count();
        let result = Design::parse(&text);
        if len > MAX_DESIGN_LEN {
            prop_assert_eq!(result.unwrap_err(), NotationError::TooLong(len));
        }
    }
}

/// Any text either parses to a design whose canonical form reads back, or fails with an error
/// whose column (if any) lies inside the text.
fn check_any(text: &str) -> Result<(), TestCaseError> {
    match Design::parse(text) {
        Ok(d) => {
            prop_assert_eq!(Design::parse(&d.canonical()), Ok(d));
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.is_empty());
            let len = text.trim().chars().count();
            if let Some(column) = column_of(&e) {
                prop_assert!(column >= 1 && column <= len, "{message} in {text:?}");
            } else if len > MAX_DESIGN_LEN {
                prop_assert_eq!(e, NotationError::TooLong(len));
            }
        }
    }
    Ok(())
}

fn column_of(e: &NotationError) -> Option<usize> {
    use NotationError::*;
    match *e {
        UnknownAtom { column, .. }
        | UnknownModifier { column, .. }
        | EmptyGroup { column }
        | UnbalancedParenthesis { column }
        | DanglingModifiers { column, .. }
        | DoubledRider { column, .. }
        | TripledAtom { column, .. }
        | UnexpectedCharacter { column, .. } => Some(column),
        _ => None,
    }
}
