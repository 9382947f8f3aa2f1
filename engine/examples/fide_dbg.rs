fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variants: engine::fide::Variants = args[2].parse().unwrap();
    let pos = engine::fide::Position::from_fen(&args[1], variants).unwrap();
    let a8: engine::Square = "a8".parse().unwrap();
    let (c, r) = pos.board().get(a8).unwrap();
    println!("{:?} {:?} {} {}", c, r, engine::fide::fen::letter(c, r), pos.fen());
    println!("{}", pos.fen());
}
