//! Prices worked by hand (RULES.md section 4), under both tables.
//!
//! Classic multipliers: orthogonal f 0.5, s 0.5, b 0.2; diagonal f 0.7, b 0.4; oblique f 0.7,
//! b 0.4, wide or narrow 0.5; move or capture only 0.6; colourbound 0.9. Shares for unlisted
//! sets: orthogonal f 0.5, b 0.2, l or r 0.25; diagonal forward 0.35, backward 0.2 each;
//! oblique forward 0.175, backward 0.1 each.
//! Bodlaender multipliers: orthogonal f 0.4, s 0.5, b 0.3; diagonal f 0.6, b 0.5; oblique f 0.6,
//! b 0.5, wide or narrow 0.5. Shares: orthogonal f 0.4, b 0.3, l or r 0.25; diagonal forward
//! 0.3, backward 0.25 each; oblique forward 0.15, backward 0.125 each.

use engine::proposal::AtomForm;
use engine::{price, Atom, Design, Leap, Modifier, Price, PriceError, PriceTable, Proposals};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

fn priced(design: &str, table: PriceTable, proposals: &Proposals) -> Price {
    let d = Design::parse(design).unwrap_or_else(|e| panic!("{design} should parse: {e}"));
    price(&d, table, proposals).unwrap_or_else(|e| panic!("{design} should have a price: {e}"))
}

/// Check a design's price and exact raw value under one table.
fn check(design: &str, table: PriceTable, cost: u64, raw: &str) {
    let p = priced(design, table, &Proposals::default());
    assert_eq!(
        (p.whole_cost(), p.raw.to_string()),
        (cost, raw.to_string()),
        "{design} under {table}: {p:#?}"
    );
    assert_eq!(
        p.cost.to_string(),
        cost.to_string(),
        "{design} cost display"
    );
}

/// (design, classic cost, classic raw, bodlaender cost, bodlaender raw).
type Case = (&'static str, u64, &'static str, u64, &'static str);

fn check_both(cases: &[Case]) {
    for &(design, c_cost, c_raw, b_cost, b_raw) in cases {
        check(design, PriceTable::Classic, c_cost, c_raw);
        check(design, PriceTable::Bodlaender, b_cost, b_raw);
    }
}

#[test]
fn worked_prices_of_the_rules() {
    check_both(&[
        // classic 5 x 0.5 = 2.5; bodlaender 5 x 0.4 = 2
        ("fR", 3, "2.5", 2, "2"),
        // classic 1.5 + 5 x 0.5 = 4.0, exactly 4; bodlaender 1.5 + 2 = 3.5
        ("FfR", 4, "4", 4, "3.5"),
        // 3.3 x 0.9 colourbound = 2.97
        ("B", 3, "2.97", 3, "2.97"),
        // 3.3 + 5 = 8.3
        ("BR", 9, "8.3", 9, "8.3"),
        ("N", 3, "3", 3, "3"),
        ("R", 5, "5", 5, "5"),
        // classic 1.5 x 0.7 x 0.6 + 1.5 x 0.5 x 0.6 = 0.63 + 0.45 = 1.08;
        // bodlaender 1.5 x 0.6 x 0.6 + 1.5 x 0.4 x 0.6 = 0.54 + 0.36 = 0.9
        ("fcFfmW", 2, "1.08", 1, "0.9"),
        // (1.5 + 1.5) x 4
        ("royal-WF", 12, "12", 12, "12"),
        ("WF", 3, "3", 3, "3"),
        ("WD", 3, "3", 3, "3"),
        // (3.3 + 3.3) x 0.9 = 5.94
        ("BL", 6, "5.94", 6, "5.94"),
        // classic 3 + 5 x 0.2 = 4; bodlaender 3 + 5 x 0.3 = 4.5
        ("NbR", 4, "4", 5, "4.5"),
        // classic 1.5 x 0.5 + 1.5 x 0.2 x 0.6 = 0.75 + 0.18 = 0.93;
        // bodlaender 0.75 + 1.5 x 0.3 x 0.6 = 0.75 + 0.27 = 1.02
        ("sWbmD", 1, "0.93", 2, "1.02"),
        // classic 3 x 0.7 = 2.1; bodlaender 3 x 0.6 = 1.8
        ("fN", 3, "2.1", 2, "1.8"),
        // 3 x 0.5 in both
        ("sN", 2, "1.5", 2, "1.5"),
        // the rules' example of an unlisted set: 1.5 x (0.5 + 0.2) = 1.05, x 0.9 colourbound;
        // bodlaender 1.5 x (0.4 + 0.3) = 1.05, x 0.9
        ("fbD", 1, "0.945", 1, "0.945"),
    ]);
}

#[test]
fn the_six_initial_designs() {
    check_both(&[
        ("fcFfmW", 2, "1.08", 1, "0.9"),
        ("N", 3, "3", 3, "3"),
        ("B", 3, "2.97", 3, "2.97"),
        ("R", 5, "5", 5, "5"),
        ("BR", 9, "8.3", 9, "8.3"),
        ("royal-WF", 12, "12", 12, "12"),
    ]);
    for (letter, classic) in [("P", 2), ("N", 3), ("B", 3), ("R", 5), ("Q", 9), ("K", 12)] {
        let d = Design::parse_piece(letter).expect("FIDE letters name designs");
        let p = price(&d, PriceTable::Classic, &Proposals::default())
            .expect("FIDE designs have prices");
        assert_eq!(p.whole_cost(), classic, "{letter}");
    }
}

#[test]
fn designs_priced_by_hand() {
    check_both(&[
        // classic W 1.5 + bR 5 x 0.2 = 1 + bmH 1.5 x 0.2 x 0.6 = 0.18 + fB 3.3 x 0.7 = 2.31
        //   = 4.99; bodlaender 1.5 + 1.5 + 0.27 + 1.98 = 5.25
        ("WbRbmHfB", 5, "4.99", 6, "5.25"),
        // classic W 1.5 + fcD 1.5 x 0.5 x 0.6 = 0.45 + fcN 3 x 0.7 x 0.6 = 1.26
        //   + fcF 0.63 + fcA 0.63 + scD 1.5 x 0.5 x 0.6 = 0.45 + sH 0.75 + bmH 0.18 = 5.85;
        // bodlaender 1.5 + 0.36 + 1.08 + 0.54 + 0.54 + 0.45 + 0.75 + 0.27 = 5.49
        ("Wfc(DNFA)scDsHbmH", 6, "5.85", 6, "5.49"),
        // classic R 5 + bcB 3.3 x 0.4 x 0.6 = 0.792 + bN 3 x 0.4 = 1.2 = 6.992;
        // bodlaender 5 + 3.3 x 0.5 x 0.6 = 0.99 + 3 x 0.5 = 1.5 = 7.49
        ("RbcBbN", 7, "6.992", 8, "7.49"),
        // classic vD 1.5 x (0.5 + 0.2) = 1.05 + bcA 1.5 x 0.4 x 0.6 = 0.36 = 1.41, x 0.9 = 1.269;
        // bodlaender 1.5 x (0.4 + 0.3) = 1.05 + 1.5 x 0.5 x 0.6 = 0.45 = 1.5, x 0.9 = 1.35
        ("fbDbcA", 2, "1.269", 2, "1.35"),
        // oblique pairs: classic 3 x 0.7 x 0.5 = 1.05 forward, 3 x 0.4 x 0.5 = 0.6 backward;
        // bodlaender 3 x 0.6 x 0.5 = 0.9 forward, 3 x 0.5 x 0.5 = 0.75 backward
        ("ffN", 2, "1.05", 1, "0.9"),
        ("fsN", 2, "1.05", 1, "0.9"),
        ("bbN", 1, "0.6", 1, "0.75"),
        ("bsN", 1, "0.6", 1, "0.75"),
        // ff + bb in one run is the narrow set v, a listed set: 3 x 0.5
        ("ffbbN", 2, "1.5", 2, "1.5"),
        // as two parts each is priced on its own: classic 1.05 + 0.6 = 1.65;
        //   bodlaender 0.9 + 0.75 = 1.65
        ("ffNbbN", 2, "1.65", 2, "1.65"),
        // fs + bs is the wide set s: 3 x 0.5
        ("fsbsN", 2, "1.5", 2, "1.5"),
        // unions: lfF = l or f = fl, fr, bl: classic 0.35 + 0.35 + 0.2 = 0.9, 1.5 x 0.9 = 1.35,
        //   x 0.9 colourbound = 1.215; bodlaender 0.3 + 0.3 + 0.25 = 0.85, 1.275 x 0.9 = 1.1475
        ("lfF", 2, "1.215", 2, "1.1475"),
        // frN = the 4 forward moves and the 2 right backward ones: classic 4 x 0.175 + 2 x 0.1
        //   = 0.9, 3 x 0.9 = 2.7; bodlaender 4 x 0.15 + 2 x 0.125 = 0.85, 3 x 0.85 = 2.55
        ("frN", 3, "2.7", 3, "2.55"),
        // lN = 2 forward and 2 backward moves: classic 0.35 + 0.2 = 0.55, 3 x 0.55 = 1.65;
        //   bodlaender 0.3 + 0.25 = 0.55, the same
        ("lN", 2, "1.65", 2, "1.65"),
        // ffsN = ff or s = the 4 forward and the 2 backward wide: classic 0.7 + 0.2 = 0.9;
        //   bodlaender 0.6 + 0.25 = 0.85
        ("ffsN", 3, "2.7", 3, "2.55"),
        // lW: one orthogonal side, 1.5 x 0.25 = 0.375 in both
        ("lW", 1, "0.375", 1, "0.375"),
        // fsW = f, l, r: classic 0.5 + 0.25 + 0.25 = 1.0 (the cap), 1.5; bodlaender
        //   0.4 + 0.25 + 0.25 = 0.9, 1.35
        ("fsW", 2, "1.5", 2, "1.35"),
        // fbW = vW: classic 0.5 + 0.2 = 0.7, 1.05; bodlaender 0.4 + 0.3 = 0.7, 1.05
        ("vW", 2, "1.05", 2, "1.05"),
        // diagonal singles: flF 1.5 x 0.35 = 0.525 x 0.9 = 0.4725 (bodlaender 1.5 x 0.3 x 0.9 =
        //   0.405); brF 1.5 x 0.2 x 0.9 = 0.27 (bodlaender 1.5 x 0.25 x 0.9 = 0.3375)
        ("flF", 1, "0.4725", 1, "0.405"),
        ("brF", 1, "0.27", 1, "0.3375"),
        // lF = fl and bl: classic 0.35 + 0.2 = 0.55, bodlaender 0.3 + 0.25 = 0.55;
        //   1.5 x 0.55 x 0.9 = 0.7425
        ("lF", 1, "0.7425", 1, "0.7425"),
        // fF: classic 1.5 x 0.7 x 0.9 = 0.945; bodlaender 1.5 x 0.6 x 0.9 = 0.81
        ("fF", 1, "0.945", 1, "0.81"),
        // camels are colourbound: 3.3 x 0.9 = 2.97; C is another name for L
        ("L", 3, "2.97", 3, "2.97"),
        ("C", 3, "2.97", 3, "2.97"),
        // camel + knight is not colourbound: 3.3 + 3 = 6.3
        ("CN", 7, "6.3", 7, "6.3"),
        // fL: classic 3.3 x 0.7 x 0.9 = 2.079; bodlaender 3.3 x 0.6 x 0.9 = 1.782
        ("fL", 3, "2.079", 2, "1.782"),
        // B + L + A: (3.3 + 3.3 + 1.5) x 0.9 = 7.29
        ("BLA", 8, "7.29", 8, "7.29"),
        // F and D both keep the square colour: 3 x 0.9 = 2.7; W and A do not together: 3
        ("FD", 3, "2.7", 3, "2.7"),
        ("WA", 3, "3", 3, "3"),
        // single colourbound leapers A, D, G: 1.5 x 0.9 = 1.35; H changes colour: 1.5
        ("A", 2, "1.35", 2, "1.35"),
        ("G", 2, "1.35", 2, "1.35"),
        ("H", 2, "1.5", 2, "1.5"),
        ("WDH", 5, "4.5", 5, "4.5"),
        // riders: NN 5.5; fNN classic 5.5 x 0.7 = 3.85, bodlaender 5.5 x 0.6 = 3.3;
        //   sNN 5.5 x 0.5 = 2.75
        ("NN", 6, "5.5", 6, "5.5"),
        ("fNN", 4, "3.85", 4, "3.3"),
        ("sNN", 3, "2.75", 3, "2.75"),
        // bR: classic 5 x 0.2 = 1, bodlaender 5 x 0.3 = 1.5
        ("bR", 1, "1", 2, "1.5"),
        // fB: classic 3.3 x 0.7 x 0.9 = 2.079, bodlaender 3.3 x 0.6 x 0.9 = 1.782;
        // bB: classic 3.3 x 0.4 x 0.9 = 1.188, bodlaender 3.3 x 0.5 x 0.9 = 1.485
        ("fB", 3, "2.079", 2, "1.782"),
        ("bB", 2, "1.188", 2, "1.485"),
        // fH: classic 1.5 x 0.5 = 0.75, bodlaender 0.6; bW: classic 0.3, bodlaender 0.45
        ("fH", 1, "0.75", 1, "0.6"),
        ("bW", 1, "0.3", 1, "0.45"),
        // shorthands: Q = RB, K = WF (not royal), WW = R, FF = B
        ("Q", 9, "8.3", 9, "8.3"),
        ("K", 3, "3", 3, "3"),
        ("WW", 5, "5", 5, "5"),
        ("FF", 3, "2.97", 3, "2.97"),
        // WR is not R: 1.5 + 5 = 6.5
        ("WR", 7, "6.5", 7, "6.5"),
        // move only / capture only: mR 5 x 0.6 = 3; cN 3 x 0.6 = 1.8; mB 3.3 x 0.6 x 0.9 =
        //   1.782; mQ = mR + mB = 3 + 1.98 = 4.98 (not colourbound)
        ("mR", 3, "3", 3, "3"),
        ("cN", 2, "1.8", 2, "1.8"),
        ("mB", 2, "1.782", 2, "1.782"),
        ("mQ", 5, "4.98", 5, "4.98"),
        // both m and c is both: mcN = N
        ("mcN", 3, "3", 3, "3"),
        // classic fmN 3 x 0.7 x 0.6 = 1.26 + bcN 3 x 0.4 x 0.6 = 0.72 = 1.98;
        // bodlaender 3 x 0.6 x 0.6 = 1.08 + 3 x 0.5 x 0.6 = 0.9 = 1.98
        ("fmNbcN", 2, "1.98", 2, "1.98"),
        // prefixes: royal x4, relay x2, doublemove x6, shooting x3, stacking
        ("royal-K", 12, "12", 12, "12"),
        // 3.3 x 0.9 x 4 = 11.88
        ("royal-B", 12, "11.88", 12, "11.88"),
        ("relay-N", 6, "6", 6, "6"),
        ("doublemove-W", 9, "9", 9, "9"),
        // 5 x 0.6 x 3 = 9
        ("shooting-cR", 9, "9", 9, "9"),
        // 3 x 4 x 2 = 24, in either order
        ("royal-relay-WF", 24, "24", 24, "24"),
        ("relay-royal-WF", 24, "24", 24, "24"),
        // classic 1.5 x 0.7 x 0.9 x 3 x 6 = 17.01; bodlaender 1.5 x 0.6 x 0.9 x 18 = 14.58
        ("shooting-doublemove-fF", 18, "17.01", 15, "14.58"),
        // a part written twice is one part: W(W) = W, 1.5
        ("W(W)", 2, "1.5", 2, "1.5"),
    ]);
}

#[test]
fn equal_designs_price_the_same() {
    for (a, b) in [
        ("fbD", "vD"),
        ("ffbbN", "vN"),
        ("fsbsN", "sN"),
        ("fbsN", "ffsN"),
        ("Q", "RB"),
        ("WD", "DW"),
        ("K", "WF"),
        ("lrW", "sW"),
        ("flfrF", "fF"),
    ] {
        let (da, db) = (Design::parse(a).unwrap(), Design::parse(b).unwrap());
        assert_eq!(da, db, "{a} = {b}");
        for table in [PriceTable::Classic, PriceTable::Bodlaender] {
            let none = Proposals::default();
            assert_eq!(
                price(&da, table, &none).unwrap().raw,
                price(&db, table, &none).unwrap().raw,
                "{a} and {b} under {table}"
            );
        }
    }
}

fn chinese_knight_at_2_4() -> Proposals {
    let mut proposals = Proposals::default();
    let form = Proposals::atom_form(&Design::parse("nN").unwrap()).expect("nN is an atom");
    assert_eq!(
        form,
        AtomForm {
            atom: Atom::leaper(Leap::N),
            lame: true
        }
    );
    let agreed = proposals
        .agree_atom("Chinese knight", form, [dec!(2.4), dec!(2.1)])
        .expect("estimates are fine");
    assert_eq!(agreed, dec!(2.4), "the higher estimate wins");
    proposals
}

fn runner_at_5() -> Proposals {
    let mut proposals = Proposals::default();
    proposals
        .agree_modifier("runner", Modifier::Runner, [dec!(4), dec!(5)])
        .expect("estimates are fine");
    proposals
}

#[test]
fn kurnia_chinese_knight() {
    // W 1.5 + c(Chinese knight) 2.4 x 0.6 = 1.44: 2.94 -> 3, in both tables
    for table in [PriceTable::Classic, PriceTable::Bodlaender] {
        let p = priced("WcnN", table, &chinese_knight_at_2_4());
        assert_eq!(p.raw, dec!(2.94));
        assert_eq!(p.whole_cost(), 3);
        let knight = p
            .parts
            .iter()
            .find(|l| l.part == "cnN")
            .expect("the knight's line");
        assert_eq!(knight.base, dec!(2.4));
        assert_eq!(knight.base_label, "Chinese knight (proposed)");
        assert_eq!(knight.subtotal, dec!(1.44));
    }
}

#[test]
fn kurnia_running_dabbaba() {
    // DD = D 1.5 x runner 5 = 7.5; + B 3.3 = 10.8; colourbound x 0.9 = 9.72 -> 10
    for table in [PriceTable::Classic, PriceTable::Bodlaender] {
        let p = priced("DDB", table, &runner_at_5());
        assert_eq!(p.raw, dec!(9.72));
        assert_eq!(p.whole_cost(), 10);
        let dd = p
            .parts
            .iter()
            .find(|l| l.part == "DD")
            .expect("the running D's line");
        assert_eq!((dd.base, dd.subtotal), (dec!(1.5), dec!(7.5)));
        assert_eq!(dd.factors[0].label, "runner (proposed)");
        assert_eq!(dd.factors[0].value, dec!(5));
    }
}

#[test]
fn a_lame_modifier_prices_every_lame_atom() {
    // nN = N 3 x lame 0.8 = 2.4; nA = A 1.5 x 0.8 = 1.2, colourbound x 0.9 = 1.08
    let mut proposals = Proposals::default();
    proposals
        .agree_modifier("lame", Modifier::Lame, [dec!(0.8), dec!(0.5)])
        .unwrap();
    assert_eq!(priced("nN", PriceTable::Classic, &proposals).raw, dec!(2.4));
    assert_eq!(
        priced("nA", PriceTable::Classic, &proposals).raw,
        dec!(1.08)
    );
}

fn unpriced(design: &str, table: PriceTable) -> PriceError {
    let d = Design::parse(design).unwrap_or_else(|e| panic!("{design} should parse: {e}"));
    price(&d, table, &Proposals::default()).expect_err("no price without a proposal")
}

#[test]
fn unpriced_parts_are_named() {
    for table in [PriceTable::Classic, PriceTable::Bodlaender] {
        for (design, part, atom) in [
            ("Z", "Z", "Z"),
            ("DD", "DD", "DD"),
            ("nN", "nN", "nN"),
            ("AA", "AA", "AA"),
            ("WfZ", "fZ", "Z"),
            ("WcnN", "cnN", "nN"),
            ("royal-ZZ", "ZZ", "ZZ"),
            ("fDD", "fDD", "DD"),
        ] {
            let e = unpriced(design, table);
            let (p, a) = match &e {
                PriceError::UnpricedAtom { part, atom }
                | PriceError::UnpricedRider { part, atom }
                | PriceError::UnpricedLame { part, atom } => (part.as_str(), atom.as_str()),
            };
            assert_eq!((p, a), (part, atom), "{design}: {e}");
            let text = e.to_string();
            assert!(text.starts_with(&format!("{part} has no price")), "{text}");
            assert!(text.contains("propose"), "{text}");
        }
    }
    assert!(matches!(
        unpriced("Z", PriceTable::Classic),
        PriceError::UnpricedAtom { .. }
    ));
    assert!(matches!(
        unpriced("DD", PriceTable::Classic),
        PriceError::UnpricedRider { .. }
    ));
    assert!(matches!(
        unpriced("nN", PriceTable::Classic),
        PriceError::UnpricedLame { .. }
    ));
}

#[test]
fn a_proposed_atom_only_prices_itself() {
    // The Chinese knight proposal does not price the zebra.
    let d = Design::parse("NZ").unwrap();
    assert!(price(&d, PriceTable::Classic, &chinese_knight_at_2_4()).is_err());
    // The runner modifier prices any ridden atom whose leap has a price.
    let d = Design::parse("AA").unwrap();
    let p = price(&d, PriceTable::Classic, &runner_at_5()).unwrap();
    // AA = A 1.5 x 5 = 7.5, colourbound x 0.9 = 6.75
    assert_eq!(p.raw, dec!(6.75));
    // ZZ stays unpriced: Z itself has no price for the runner to multiply.
    assert!(price(
        &Design::parse("ZZ").unwrap(),
        PriceTable::Classic,
        &runner_at_5()
    )
    .is_err());
}

/// part, base, (label, value) of each factor, subtotal.
type BreakdownLine<'a> = (&'a str, Decimal, Vec<(&'a str, Decimal)>, Decimal);

#[test]
fn the_breakdown_shows_every_multiplier() {
    let p = priced("WbRbmHfB", PriceTable::Classic, &Proposals::default());
    assert_eq!(p.design, "WbRbmHfB");
    let lines: Vec<BreakdownLine> = p
        .parts
        .iter()
        .map(|l| {
            let factors = l
                .factors
                .iter()
                .map(|f| (f.label.as_str(), f.value))
                .collect();
            (l.part.as_str(), l.base, factors, l.subtotal)
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            ("W", dec!(1.5), vec![], dec!(1.5)),
            ("bR", dec!(5), vec![("backward only", dec!(0.2))], dec!(1)),
            (
                "bmH",
                dec!(1.5),
                vec![("backward only", dec!(0.2)), ("move only", dec!(0.6))],
                dec!(0.18)
            ),
            (
                "fB",
                dec!(3.3),
                vec![("forward only", dec!(0.7))],
                dec!(2.31)
            ),
        ]
    );
    assert_eq!(p.sum, dec!(4.99));
    assert!(p.whole.is_empty());

    let p = priced("royal-fbDbcA", PriceTable::Classic, &Proposals::default());
    let whole: Vec<(&str, Decimal)> = p
        .whole
        .iter()
        .map(|f| (f.label.as_str(), f.value))
        .collect();
    assert_eq!(whole, vec![("colourbound", dec!(0.9)), ("royal", dec!(4))]);
    let vd = &p.parts[0];
    assert_eq!(vd.part, "vD");
    assert_eq!(vd.factors[0].label, "directions v");
    assert_eq!(vd.factors[0].value, dec!(0.7));
    // (1.05 + 0.36) x 0.9 x 4 = 5.076
    assert_eq!((p.sum, p.raw, p.whole_cost()), (dec!(1.41), dec!(5.076), 6));

    let p = priced("fsN", PriceTable::Classic, &Proposals::default());
    assert_eq!(p.parts[0].factors[0].label, "forward wide only");
    assert_eq!(p.parts[0].factors[0].value, dec!(0.35));
}
