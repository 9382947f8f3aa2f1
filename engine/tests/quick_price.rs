use engine::{price, Design, PriceTable, Proposals};
#[test]
fn worked() {
    for (d, want, raw) in [("fR",3,"2.5"),("FfR",4,"4"),("B",3,"2.97"),("BR",9,"8.3"),("N",3,"3"),("R",5,"5"),("fcFfmW",2,"1.08"),("royal-WF",12,"12"),("WF",3,"3"),("WD",3,"3"),("BL",6,"5.94"),("NbR",4,"4"),("sWbmD",1,"0.93"),("fN",3,"2.1"),("sN",2,"1.5"), ("fbD",1,"0.945")] {
        let p = price(&Design::parse(d).unwrap(), PriceTable::Classic, &Proposals::default()).unwrap();
        assert_eq!((p.whole_cost(), p.raw.to_string()), (want, raw.to_string()), "{d} {:?}", p);
    }
    let d = Design::parse("WbRbmHfB").unwrap();
    println!("{} {}", d.canonical(), price(&d, PriceTable::Classic, &Proposals::default()).unwrap().raw);
    assert_eq!(Design::parse("fbD").unwrap(), Design::parse("vD").unwrap());
    assert_eq!(Design::parse("Q").unwrap(), Design::parse("RB").unwrap());
    for s in ["fc(DNFA)", "Wfc(DNFA)scDsHbmH", "RbcBbN", "fbDbcA", "ffN", "fsN", "lfF", "frF", "K", "royal-K", "lN"] {
        let d = Design::parse(s).unwrap();
        let c = d.canonical();
        assert_eq!(Design::parse(&c).unwrap(), d, "{s} -> {c}");
        println!("{s} -> {c}");
    }
    for s in ["WX", "Wq", "()", "(W", "W)", "fc", "RR", "WWW", "a-W", "W W", "é", "royal-"] {
        println!("{s}: {}", Design::parse(s).unwrap_err());
    }
}
