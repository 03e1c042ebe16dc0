use std::time::Instant;
fn main() {
    let k = 5000u32;
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let mut g = [0u8; 81];
    for (i, b) in line.bytes().enumerate() { g[i] = if b == b'.' { 0 } else { b - b'0' }; }
    let t = Instant::now();
    for _ in 0..k { std::hint::black_box(sudoku_ip_native::fast9::search9(&g, 2, 0, None, None)); }
    println!("search9 hard {:?}", t.elapsed() / k);
    let sol = sudoku_ip_native::fast9::search9(&g, 1, 1, None, None).solutions[0];
    let mut h = sol; for i in 0..40 { h[i*2] = 0; }
    let t = Instant::now();
    for _ in 0..k { std::hint::black_box(sudoku_ip_native::fast9::search9(&h, 2, 0, None, None)); }
    println!("search9 41 clues {:?}", t.elapsed() / k);
    let sd = sudoku::Sudoku::from_bytes(h).unwrap();
    let t = Instant::now();
    for _ in 0..k { std::hint::black_box(sd.solutions_count_up_to(2)); }
    println!("sudoku 41 clues {:?}", t.elapsed() / k);
    let sd = sudoku::Sudoku::from_bytes(g).unwrap();
    let t = Instant::now();
    for _ in 0..k { std::hint::black_box(sd.solutions_count_up_to(2)); }
    println!("sudoku hard {:?}", t.elapsed() / k);
}
