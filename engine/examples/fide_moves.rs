fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variants: engine::fide::Variants = args[2].parse().unwrap();
    let mut pos = engine::fide::Position::from_fen(&args[1], variants).unwrap();
    println!("A {}", pos.fen());
    for m in &args[3..] {
        let mv = engine::fide::san::parse(&pos, m).unwrap_or_else(|e| panic!("{e}"));
        pos = pos.play(&mv).unwrap();
    }
    println!("B {}", pos.fen());
    for m in pos.legal_moves() { print!("{} ", engine::fide::san::write(&pos, &m)); }
    println!();
}
