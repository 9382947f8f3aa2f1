fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args.get(1).cloned().unwrap_or(engine::fide::START.to_string());
    let depth: u32 = args.get(2).map(|d| d.parse().unwrap()).unwrap_or(4);
    let variants: engine::fide::Variants = args.get(3).map(|v| v.parse().unwrap()).unwrap_or_default();
    let pos = engine::fide::Position::from_fen(&fen, variants).unwrap();
    let t = std::time::Instant::now();
    println!("{} in {:?}", engine::fide::perft(&pos, depth), t.elapsed());
}
