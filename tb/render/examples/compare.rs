//! Compares frames captured from the RTL with the golden renderer.
//!
//! `cargo run -p generals-render --example compare -- DIR`: for every
//! `NAME.state` in DIR, renders the golden frame to `NAME.gold.ppm`; when
//! `NAME.rtl.ppm` exists (a frame captured from a simulation of
//! `rtl/renderer.v`), compares every pixel, writes `NAME.diff.ppm` (mismatches
//! in magenta) and prints the count. Exits non-zero on any mismatch.
//!
//! A `.state` file is whitespace-separated decimal numbers: the pin values
//! `phase winner player mode cursor_red_x cursor_red_y cursor_blue_x
//! cursor_blue_y round map`, then 100 × `owner kind troops` for cells 0…99.

use generals_render::*;
use std::path::Path;

fn parse_state(text: &str) -> Result<FrameState, String> {
    let v: Vec<u32> = text
        .split_whitespace()
        .map(|t| t.parse().map_err(|e| format!("bad number {t:?}: {e}")))
        .collect::<Result<_, _>>()?;
    if v.len() != 10 + 300 {
        return Err(format!("expected 310 numbers, found {}", v.len()));
    }
    let pick = |what: &str, x: u32, n: usize| -> Result<usize, String> {
        if (x as usize) < n {
            Ok(x as usize)
        } else {
            Err(format!("{what} = {x} out of range"))
        }
    };
    let mut cells = [CellView::default(); 100];
    for (i, c) in cells.iter_mut().enumerate() {
        let t = &v[10 + 3 * i..13 + 3 * i];
        c.owner = [Owner::Neutral, Owner::Red, Owner::Blue][pick("owner", t[0], 3)?];
        c.kind = [Kind::Land, Kind::Mountain, Kind::Capital, Kind::Tower][pick("kind", t[1], 4)?];
        c.troops = t[2] as u16;
    }
    Ok(FrameState {
        phase: [Phase::Idle, Phase::Playing, Phase::GameOver][pick("phase", v[0], 3)?],
        winner: [Winner::None, Winner::Red, Winner::Blue][pick("winner", v[1], 3)?],
        player: [Player::Red, Player::Red, Player::Blue][pick("player", v[2], 3)?],
        mode: match v[3] {
            0 => Mode::Select,
            2 => Mode::MoveAll,
            3 => Mode::MoveHalf,
            m => return Err(format!("mode = {m} out of range")),
        },
        cursor_red: (v[4] as u8, v[5] as u8),
        cursor_blue: (v[6] as u8, v[7] as u8),
        round: v[8] as u16,
        map: v[9] as u8,
        cells,
    })
}

fn read_ppm(path: &Path) -> Result<Vec<[u8; 3]>, String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let header = format!("P6\n{WIDTH} {HEIGHT}\n255\n");
    let body = data
        .strip_prefix(header.as_bytes())
        .ok_or_else(|| format!("{}: not a {WIDTH}x{HEIGHT} P6 file", path.display()))?;
    Ok(body.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect())
}

fn main() {
    let dir = std::env::args().nth(1).expect("usage: compare DIR");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("read DIR")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".state").map(str::to_string))
        .collect();
    names.sort();
    let (mut compared, mut bad) = (0usize, 0usize);
    for name in names {
        let base = Path::new(&dir).join(&name);
        let text = std::fs::read_to_string(base.with_extension("state")).expect("read state");
        let state = parse_state(&text).unwrap_or_else(|e| panic!("{name}.state: {e}"));
        let gold = render(&state);
        std::fs::write(base.with_extension("gold.ppm"), gold.to_ppm()).expect("write gold");
        let rtl_path = base.with_extension("rtl.ppm");
        if !rtl_path.exists() {
            println!("{name}: golden frame written (no RTL frame)");
            continue;
        }
        let rtl = read_ppm(&rtl_path).unwrap_or_else(|e| panic!("{e}"));
        let mut diff = gold.clone();
        let mut first = None;
        let mut count = 0usize;
        for (i, (g, r)) in gold.pixels.iter().zip(&rtl).enumerate() {
            if g != r {
                count += 1;
                first.get_or_insert((i % WIDTH, i / WIDTH, *g, *r));
                diff.pixels[i] = [255, 0, 255];
            }
        }
        std::fs::write(base.with_extension("diff.ppm"), diff.to_ppm()).expect("write diff");
        compared += gold.pixels.len();
        match first {
            None => println!("{name}: {} pixels identical", gold.pixels.len()),
            Some((x, y, g, r)) => {
                bad += 1;
                println!("{name}: {count} pixels differ; first at ({x}, {y}): golden {g:02x?}, RTL {r:02x?}");
            }
        }
    }
    println!("compared {compared} pixels; {bad} frame(s) with mismatches");
    if bad > 0 {
        std::process::exit(1);
    }
}
