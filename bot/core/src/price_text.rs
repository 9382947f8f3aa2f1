//! A design's price as a person reads it (an aligned breakdown) and as a program reads it
//! (JSON), for `csipgs price` and the Discord bot alike.

use engine::price::Factor;
use engine::Price;
use rust_decimal::Decimal;
use serde_json::{json, Value};

/// The breakdown's columns.
pub const PRICE_COLUMNS: [&str; 4] = ["part", "base", "multipliers", "subtotal"];

/// The price, the exact value and the breakdown: one line per part (base, each multiplier
/// with its label, subtotal), then the sum, the whole-piece multipliers with the value after
/// each, the exact value and the price rounded up. The design is named as `typed`, with
/// its written form beside it when that differs (`FfR (= fRF)`, `K (= WF)`).
pub fn price_text(price: &Price, typed: &str) -> String {
    let mut rows = vec![PRICE_COLUMNS.map(String::from)];
    rows.extend(price_rows(price));
    let width = |col: usize| {
        rows.iter()
            .map(|r| r[col].chars().count())
            .max()
            .unwrap_or(0)
    };
    let (w0, w1, w2, w3) = (width(0), width(1), width(2), width(3));
    let mut text = format!("{}\n\n", price_heading(price, typed));
    for [part, base, multipliers, value] in &rows {
        let line = format!("{part:<w0$}  {base:>w1$}  {multipliers:<w2$}  {value:>w3$}");
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// What the breakdown starts with: the design, its price, its table and exact value.
pub fn price_heading(price: &Price, typed: &str) -> String {
    let typed = typed.trim();
    let named = if typed == price.design {
        price.design.clone()
    } else {
        format!("{typed} (= {})", price.design)
    };
    format!(
        "{named} costs {} ({} table, exact value {})",
        engine::zorkmids(price.cost),
        price.table,
        price.raw
    )
}

/// The breakdown's rows under [`PRICE_COLUMNS`]: each part, the sum, each whole-piece
/// multiplier with the value after it, the exact value and the price.
pub fn price_rows(price: &Price) -> Vec<[String; 4]> {
    let mut rows = Vec::new();
    for line in &price.parts {
        rows.push([
            line.part.clone(),
            line.base.to_string(),
            factors(&line.factors),
            line.subtotal.to_string(),
        ]);
    }
    rows.push([
        "sum".into(),
        String::new(),
        String::new(),
        price.sum.to_string(),
    ]);
    let mut running = price.sum;
    for factor in &price.whole {
        running *= factor.value;
        rows.push([
            String::new(),
            String::new(),
            factors(std::slice::from_ref(factor)),
            running.normalize().to_string(),
        ]);
    }
    rows.push([
        "raw".into(),
        String::new(),
        String::new(),
        price.raw.to_string(),
    ]);
    rows.push([
        "price".into(),
        String::new(),
        "rounded up".into(),
        price.cost.to_string(),
    ]);
    rows
}

/// `x 0.2 backward only, x 0.6 move only`.
fn factors(factors: &[Factor]) -> String {
    factors
        .iter()
        .map(|f| format!("x {} {}", f.value.normalize(), f.label))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One JSON object: `design` (canonical), `price` (a number), `raw` (an exact decimal as a
/// string), `table`, `parts` (each with `part`, `base`, `base_label`, `factors` and `subtotal`),
/// `sum` and `whole` (the colourbound and prefix multipliers). Decimals are strings so that
/// no reader turns them into floating point.
pub fn price_json(price: &Price) -> Value {
    let factors = |factors: &[Factor]| -> Vec<Value> {
        factors
            .iter()
            .map(|f| json!({"label": f.label, "value": text(f.value)}))
            .collect()
    };
    let parts: Vec<Value> = price
        .parts
        .iter()
        .map(|line| {
            json!({
                "part": line.part,
                "base": text(line.base),
                "base_label": line.base_label,
                "factors": factors(&line.factors),
                "subtotal": text(line.subtotal),
            })
        })
        .collect();
    json!({
        "design": price.design,
        "price": price.whole_cost(),
        "raw": text(price.raw),
        "table": price.table.name(),
        "parts": parts,
        "sum": text(price.sum),
        "whole": factors(&price.whole),
    })
}

fn text(value: Decimal) -> String {
    value.normalize().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{price, Design, PriceTable, Proposals};

    fn priced(design: &str) -> Price {
        price(
            &Design::parse(design).unwrap(),
            PriceTable::Classic,
            &Proposals::default(),
        )
        .unwrap()
    }

    #[test]
    fn text_is_aligned() {
        assert_eq!(
            price_text(&priced("WbRbmHfB"), "WbRbmHfB"),
            "\
WbRbmHfB costs 5 zorkmids (classic table, exact value 4.99)

part   base  multipliers                           subtotal
W       1.5                                             1.5
bR        5  x 0.2 backward only                          1
bmH     1.5  x 0.2 backward only, x 0.6 move only      0.18
fB      3.3  x 0.7 forward only                        2.31
sum                                                    4.99
raw                                                    4.99
price        rounded up                                   5
"
        );
    }

    #[test]
    fn whole_piece_multipliers_show_the_running_value() {
        let text = price_text(&priced("royal-fbDbcA"), "royal-fbDbcA");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("royal-fbDbcA (= royal-vDbcA) costs 6 zorkmids"));
        assert!(lines
            .iter()
            .any(|l| l.contains("x 0.9 colourbound") && l.ends_with("1.269")));
        assert!(lines
            .iter()
            .any(|l| l.contains("x 4 royal") && l.ends_with("5.076")));
        assert!(lines
            .iter()
            .any(|l| l.starts_with("raw") && l.ends_with("5.076")));
    }

    #[test]
    fn json_shape() {
        let v = price_json(&priced("WbRbmHfB"));
        assert_eq!(v["design"], "WbRbmHfB");
        assert_eq!(v["price"], 5);
        assert_eq!(v["raw"], "4.99");
        assert_eq!(v["parts"][1]["part"], "bR");
        assert_eq!(v["parts"][1]["base"], "5");
        assert_eq!(v["parts"][1]["factors"][0]["value"], "0.2");
        assert_eq!(v["parts"][1]["factors"][0]["label"], "backward only");
        assert_eq!(v["parts"][2]["subtotal"], "0.18");
        assert_eq!(v["whole"], json!([]));
    }
}
