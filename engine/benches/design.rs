//! Parse + price of the sample-game designs. Target: at most 2 microseconds per design.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use engine::{price, Design, PriceTable, Proposals};

const SAMPLE_DESIGNS: [&str; 7] = [
    "WbRbmHfB",
    "Wfc(DNFA)scDsHbmH",
    "RbcBbN",
    "fbDbcA",
    "NbR",
    "fcFfmW",
    "royal-WF",
];

fn parse_and_price(c: &mut Criterion) {
    let none = Proposals::default();
    let mut group = c.benchmark_group("parse+price");
    for text in SAMPLE_DESIGNS {
        group.bench_function(text, |b| {
            b.iter(|| {
                let design = Design::parse(black_box(text)).expect("sample designs parse");
                price(&design, PriceTable::Classic, &none).expect("sample designs have prices")
            })
        });
    }
    group.finish();
    c.bench_function("parse only/Wfc(DNFA)scDsHbmH", |b| {
        b.iter(|| Design::parse(black_box("Wfc(DNFA)scDsHbmH")))
    });
    let design = Design::parse("Wfc(DNFA)scDsHbmH").expect("sample design parses");
    c.bench_function("canonical/Wfc(DNFA)scDsHbmH", |b| {
        b.iter(|| black_box(&design).canonical())
    });
}

criterion_group!(benches, parse_and_price);
criterion_main!(benches);
