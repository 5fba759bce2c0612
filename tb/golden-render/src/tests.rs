//! Hand-picked pixels of hand-built states. Every expected value below is
//! worked out from `docs/display.md` (positions, palette table, glyph shapes),
//! not printed from the code.

use super::*;
use generals_golden::machine::Seats;
use generals_golden::Pos;

// Colours copied from the palette table in docs/display.md.
const BG: [u8; 3] = [0x10, 0x13, 0x18];
const GRID: [u8; 3] = [0x3a, 0x40, 0x4c];
const PANEL: [u8; 3] = [0x1c, 0x21, 0x30];
const NEUTRAL: [u8; 3] = [0xa9, 0xad, 0xb4];
const MOUNT: [u8; 3] = [0x56, 0x4c, 0x43];
const RED: [u8; 3] = [0xc8, 0x32, 0x3c];
const BLUE: [u8; 3] = [0x2f, 0x66, 0xd0];
const RED_HI: [u8; 3] = [0xff, 0xa8, 0xa0];
const BLUE_HI: [u8; 3] = [0xa8, 0xd8, 0xff];
const GOLD: [u8; 3] = [0xff, 0xcf, 0x33];
const WHITE: [u8; 3] = [0xff, 0xff, 0xff];
const INK: [u8; 3] = [0x14, 0x16, 0x1a];
const LABEL: [u8; 3] = [0x8a, 0x94, 0xa6];

fn cell(owner: Owner, kind: Kind, troops: u16) -> Cell {
    Cell {
        owner,
        kind,
        troops,
    }
}

/// A PLAYING state on an all-neutral board with a few cells set.
fn playing(cells: &[((usize, usize), Cell)]) -> GameState {
    let mut s = GameState::new();
    s.phase = Phase::Playing;
    s.player = Player::Red;
    s.mode = Mode::Select;
    s.cursor_red = Pos { x: 4, y: 4 };
    s.cursor_blue = Pos { x: 8, y: 8 };
    s.round = 12;
    s.map = 77;
    for &((x, y), c) in cells {
        s.cells[y * 10 + x] = c;
    }
    s
}

/// Screen position of pixel (ix, iy) inside cell (cx, cy): 11 + 46·c + i.
fn at(cx: usize, cy: usize, ix: usize, iy: usize) -> (usize, usize) {
    (11 + 46 * cx + ix, 11 + 46 * cy + iy)
}

fn px(f: &Frame, (x, y): (usize, usize)) -> [u8; 3] {
    f.pixel(x, y)
}

#[test]
fn committed_rom_images_match_the_artwork() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rtl/gfx");
    for (name, text) in art::all_files() {
        let committed = std::fs::read_to_string(dir.join(name)).expect("read rtl/gfx file");
        assert!(
            committed == text,
            "rtl/gfx/{name} differs from tb/golden-render/src/art.rs: run `cargo run -p generals-golden-render --example gen_gfx`"
        );
    }
}

#[test]
fn centre_of_owned_cells_is_the_owner_colour() {
    let f = render(&playing(&[
        ((0, 0), cell(Owner::Red, Kind::Land, 0)),
        ((9, 9), cell(Owner::Blue, Kind::Land, 0)),
        ((5, 0), cell(Owner::Npc, Kind::Mountain, 0)),
    ]));
    assert_eq!(px(&f, at(0, 0, 22, 22)), RED);
    assert_eq!(px(&f, at(9, 9, 22, 22)), BLUE);
    assert_eq!(px(&f, at(3, 0, 22, 22)), NEUTRAL);
    // A mountain's corner shows its fill, its middle the icon (scale 2).
    assert_eq!(px(&f, at(5, 0, 0, 0)), MOUNT);
}

#[test]
fn grid_lines_frame_every_cell() {
    let f = render(&playing(&[]));
    assert_eq!(f.pixel(9, 9), GRID); // top-left corner of the board
    assert_eq!(f.pixel(10, 200), GRID); // left border
    assert_eq!(f.pixel(55, 30), GRID); // between columns 0 and 1: x = 9 + 46
    assert_eq!(f.pixel(56, 30), GRID);
    assert_eq!(f.pixel(57, 30), NEUTRAL); // inside of cell (1, 0)
    assert_eq!(f.pixel(470, 100), GRID); // closing line [469, 471)
    assert_eq!(f.pixel(471, 100), BG);
    assert_eq!(f.pixel(100, 470), GRID);
    assert_eq!(f.pixel(100, 471), BG);
    assert_eq!(f.pixel(8, 100), BG);
}

#[test]
fn single_digit_is_centred_in_ink_on_neutral() {
    // 7 troops on neutral land at (2, 3): one digit, left edge ix = 17, top iy = 14.
    let f = render(&playing(&[((2, 3), cell(Owner::Npc, Kind::Land, 7))]));
    // '7' row 0 is XXXXX: glyph pixels 0..4 → ix 17..26, iy 14..15.
    assert_eq!(px(&f, at(2, 3, 17, 14)), INK);
    assert_eq!(px(&f, at(2, 3, 26, 15)), INK);
    assert_eq!(px(&f, at(2, 3, 27, 14)), NEUTRAL); // right of the digit
    assert_eq!(px(&f, at(2, 3, 16, 14)), NEUTRAL); // left of the digit
    assert_eq!(px(&f, at(2, 3, 17, 13)), NEUTRAL); // above
                                                   // '7' row 1 is ....X: glyph column 0 off, column 4 on (ix 25..26, iy 16..17).
    assert_eq!(px(&f, at(2, 3, 17, 16)), NEUTRAL);
    assert_eq!(px(&f, at(2, 3, 25, 17)), INK);
}

#[test]
fn three_digits_white_on_red() {
    // 511 on Red land at (1, 0): left edges 6, 17, 28 (pitch 11), top 14.
    let f = render(&playing(&[((1, 0), cell(Owner::Red, Kind::Land, 511))]));
    // '5' row 0 XXXXX: ix 6..15.
    assert_eq!(px(&f, at(1, 0, 6, 14)), WHITE);
    assert_eq!(px(&f, at(1, 0, 15, 15)), WHITE);
    assert_eq!(px(&f, at(1, 0, 16, 14)), RED); // the 1-pixel gap
                                               // '1' row 7 XXXXX (iy 28..29) of the second digit: ix 17..26.
    assert_eq!(px(&f, at(1, 0, 17, 28)), WHITE);
    // third digit '1' row 0 ..X..: glyph column 2 → ix 28 + 4 = 32..33.
    assert_eq!(px(&f, at(1, 0, 32, 14)), WHITE);
    assert_eq!(px(&f, at(1, 0, 28, 14)), RED);
}

#[test]
fn hundred_under_a_capital_icon() {
    // 100 on a Blue capital at (8, 8): icon at scale 1 at (14, 4), digits top 24.
    let f = render(&playing(&[((8, 8), cell(Owner::Blue, Kind::Capital, 100))]));
    // '1' row 0 ..X.. → ix 6 + 4 = 10..11, iy 24..25.
    assert_eq!(px(&f, at(8, 8, 10, 24)), WHITE);
    // '0' row 1 X...X of the second digit (left 17): ix 17, iy 26.
    assert_eq!(px(&f, at(8, 8, 17, 26)), WHITE);
    assert_eq!(px(&f, at(8, 8, 19, 26)), BLUE);
    // The crown's middle spike: art row 1 "gg" at columns 7-8, outlined → INK
    // (pixel (7, 1) of the icon, at ix 14 + 7, iy 4 + 1).
    assert_eq!(px(&f, at(8, 8, 21, 5)), INK);
    // Crown body, art row 6 column 3 is inside the silhouette → GOLD.
    assert_eq!(px(&f, at(8, 8, 17, 10)), GOLD);
}

#[test]
fn empty_tower_shows_a_big_icon() {
    // Neutral tower, 0 troops: icon at scale 2 at (6, 6).
    let f = render(&playing(&[((6, 2), cell(Owner::Npc, Kind::Tower, 0))]));
    // Tower art row 1 column 2 is the corner of the left merlon → outline INK:
    // ix 6 + 4, iy 6 + 2.
    assert_eq!(px(&f, at(6, 2, 10, 8)), INK);
    // Row 4 column 6 is masonry inside the silhouette → STONE (dde1e8).
    assert_eq!(px(&f, at(6, 2, 18, 14)), [0xdd, 0xe1, 0xe8]);
    // Outside the icon: fill.
    assert_eq!(px(&f, at(6, 2, 3, 3)), NEUTRAL);
}

#[test]
fn cursor_frame_differs_by_mode() {
    // Red's cursor at (4, 4) on neutral empty land.
    let mut s = playing(&[]);
    let c = |ix, iy| at(4, 4, ix, iy);

    s.mode = Mode::Select; // corner brackets: fx < 14 and fy < 14
    let f = render(&s);
    assert_eq!(px(&f, c(0, 0)), RED_HI);
    assert_eq!(px(&f, c(13, 2)), RED_HI);
    assert_eq!(px(&f, c(20, 0)), NEUTRAL); // middle of the top edge: no bracket
    assert_eq!(px(&f, c(4, 8)), INK); // depth 4 inside the bracket
    assert_eq!(px(&f, c(43, 43)), RED_HI);

    s.mode = Mode::MoveAll; // full frame
    let f = render(&s);
    assert_eq!(px(&f, c(20, 0)), RED_HI);
    assert_eq!(px(&f, c(20, 3)), RED_HI);
    assert_eq!(px(&f, c(20, 4)), INK);
    assert_eq!(px(&f, c(20, 5)), NEUTRAL);

    s.mode = Mode::MoveHalf; // dashes: (fx div 8 + fy div 8) even
    let f = render(&s);
    assert_eq!(px(&f, c(20, 0)), RED_HI); // 20 div 8 = 2: on
    assert_eq!(px(&f, c(10, 0)), NEUTRAL); // 10 div 8 = 1: off
    assert_eq!(px(&f, c(33, 0)), NEUTRAL); // fx = 10: off, mirrored
    assert_eq!(px(&f, c(0, 20)), RED_HI);

    // Blue's turn: Blue's cursor, in Blue's colour.
    s.player = Player::Blue;
    s.mode = Mode::MoveAll;
    let f = render(&s);
    assert_eq!(px(&f, at(8, 8, 20, 0)), BLUE_HI);
    assert_eq!(px(&f, c(20, 0)), NEUTRAL);
}

#[test]
fn legal_targets_are_ringed_in_gold_in_move_mode() {
    // Red's cursor at (4, 4); a mountain on (4, 3) is not a target.
    let mut s = playing(&[
        ((4, 4), cell(Owner::Red, Kind::Land, 9)),
        ((4, 3), cell(Owner::Npc, Kind::Mountain, 0)),
        ((5, 4), cell(Owner::Blue, Kind::Land, 3)),
    ]);
    s.mode = Mode::MoveAll;
    let f = render(&s);
    assert_eq!(px(&f, at(5, 4, 0, 20)), GOLD); // right neighbour, depth 0
    assert_eq!(px(&f, at(5, 4, 2, 20)), GOLD); // depth 2
    assert_eq!(px(&f, at(5, 4, 3, 20)), BLUE); // depth 3: the cell's own fill
    assert_eq!(px(&f, at(3, 4, 43, 20)), GOLD); // left neighbour
    assert_eq!(px(&f, at(4, 5, 20, 43)), GOLD); // below
    assert_eq!(px(&f, at(4, 3, 20, 0)), MOUNT); // mountain above: no ring
    assert_eq!(px(&f, at(5, 5, 0, 20)), NEUTRAL); // diagonal: no ring

    s.mode = Mode::Select;
    let f = render(&s);
    assert_eq!(px(&f, at(5, 4, 0, 20)), BLUE);
}

#[test]
fn game_over_banner_and_no_cursor() {
    let mut s = playing(&[((4, 4), cell(Owner::Red, Kind::Land, 0))]);
    s.phase = Phase::GameOver;
    s.winner = Some(Player::Red);
    let f = render(&s);
    assert_eq!(f.pixel(20, 200), WHITE); // band edge (2 lines)
    assert_eq!(f.pixel(20, 201), WHITE);
    assert_eq!(f.pixel(20, 202), RED);
    assert_eq!(f.pixel(20, 279), WHITE);
    assert_eq!(f.pixel(20, 280), NEUTRAL); // below the band: cell (0, 5)
                                           // "RED WINS" at (112, 212), scale 4: 'R' row 0 .XXXXX.. → x 116..135.
    assert_eq!(f.pixel(116, 212), WHITE);
    assert_eq!(f.pixel(112, 212), RED);
    // "PRESS START" at (152, 252), scale 2: 'P' row 0 .XXXXX.. → x 154..163.
    assert_eq!(f.pixel(154, 252), WHITE);
    // No cursor in GAME_OVER: Red's cursor on (1, 1), clear of the band, is
    // not framed (in PLAYING its corner would be RED_HI).
    let mut t = s.clone();
    t.cursor_red = Pos { x: 1, y: 1 };
    assert_eq!(px(&render(&t), at(1, 1, 0, 0)), NEUTRAL);
    t.phase = Phase::Playing;
    assert_eq!(px(&render(&t), at(1, 1, 0, 0)), RED_HI);

    s.winner = Some(Player::Blue);
    let f = render(&s);
    // "BLUE WINS" from x = 96: 'B' row 0 .XXXXX.. → x 100.
    assert_eq!(f.pixel(100, 212), WHITE);
    assert_eq!(f.pixel(96, 212), BLUE);
    assert_eq!(f.pixel(20, 240), BLUE);
}

#[test]
fn title_screen() {
    let f = render(&GameState::new());
    // "GENERALS" at (64, 112), scale 8: 'G' row 0 ..XXXX.. → x 80..111.
    assert_eq!(f.pixel(80, 112), GOLD);
    assert_eq!(f.pixel(64, 112), BG);
    // 'E' (second character, from x 128) row 3 .XXXXX.. → x 136, y 136.
    assert_eq!(f.pixel(136, 136), GOLD);
    // The gold rule [64, 576) × [188, 192).
    assert_eq!(f.pixel(64, 188), GOLD);
    assert_eq!(f.pixel(575, 191), GOLD);
    assert_eq!(f.pixel(576, 191), BG);
    // "RED VS BLUE" at (232, 212): 'R' row 0 .XXXXX.. → x 234 in RED_HI;
    // 'V' (column 4, x 296) row 0 .XX..XX. → x 298 in LABEL; 'B' (column 7,
    // x 344) → x 346 in BLUE_HI.
    assert_eq!(f.pixel(234, 212), RED_HI);
    assert_eq!(f.pixel(298, 212), LABEL);
    assert_eq!(f.pixel(346, 212), BLUE_HI);
    // "PRESS START" at (232, 344): 'P' row 0 → x 234.
    assert_eq!(f.pixel(234, 344), WHITE);
    // Sample cells from (204, 256): grid, then the first cell (Red capital).
    assert_eq!(f.pixel(204, 256), GRID);
    assert_eq!(f.pixel(206, 258), RED);
    // The fourth sample cell is a mountain: inside from x = 204 + 138 + 2.
    assert_eq!(f.pixel(344, 258), MOUNT);
    assert_eq!(f.pixel(5, 5), BG);
    // Only the phase matters on the title screen.
    let mut s = playing(&[((0, 0), cell(Owner::Red, Kind::Land, 5))]);
    s.phase = Phase::Idle;
    assert_eq!(render(&s), f);
}

#[test]
fn panel_text() {
    let s = playing(&[
        ((0, 0), cell(Owner::Red, Kind::Land, 511)),
        ((1, 0), cell(Owner::Red, Kind::Capital, 7)),
        ((9, 9), cell(Owner::Blue, Kind::Land, 3)),
    ]);
    let f = render(&s);
    assert_eq!(f.pixel(480, 12), PANEL);
    assert_eq!(f.pixel(476, 12), BG);
    // Row 0 "TURN" at y 19: 'T' row 0 .XXXXXX. → x 485..496.
    assert_eq!(f.pixel(485, 19), LABEL);
    assert_eq!(f.pixel(483, 19), PANEL);
    // Row 1 (y 39): the colour chip 0x7F fills glyph columns 1-6, rows 0-6:
    // x 485..496, y 39..52.
    assert_eq!(f.pixel(485, 39), RED_HI);
    assert_eq!(f.pixel(496, 52), RED_HI);
    assert_eq!(f.pixel(496, 53), PANEL);
    // Row 4 (y 99): round 12 right-aligned: '1' in column 7 (x 595),
    // row 6 .XXXXXX. → x 597, y 111.
    assert_eq!(f.pixel(597, 111), WHITE);
    assert_eq!(f.pixel(581, 111), PANEL); // column 6 is a space
                                          // Row 13 (y 279): Red's troops 518 in columns 6-8: '5' row 0 .XXXXXX. → x 581.
    assert_eq!(f.pixel(581, 279), WHITE);
    assert_eq!(f.pixel(565, 279), PANEL); // column 5: space
                                          // Row 14 (y 299): "LAND" label then 2 in column 8 (x 611): 'L' at x 485 in
                                          // LABEL; '2' row 0 ..XXXX.. → x 615 in WHITE.
    assert_eq!(f.pixel(485, 299), LABEL);
    assert_eq!(f.pixel(615, 299), WHITE);
    // Row 16 (y 339): Blue's chip.
    assert_eq!(f.pixel(485, 339), BLUE_HI);
}

#[test]
fn vga_samples_follow_vesa() {
    let f = render(&GameState::new());
    let s = vga_sample(&f, 80, 112);
    assert!(s.blank_n && s.hs_n && s.vs_n);
    assert_eq!(s.rgb, GOLD);
    let s = vga_sample(&f, 640, 0);
    assert!(!s.blank_n && s.hs_n);
    assert_eq!(s.rgb, [0; 3]);
    assert!(vga_sample(&f, 655, 0).hs_n);
    assert!(!vga_sample(&f, 656, 0).hs_n);
    assert!(!vga_sample(&f, 751, 0).hs_n);
    assert!(vga_sample(&f, 752, 0).hs_n);
    assert!(vga_sample(&f, 0, 489).vs_n);
    assert!(!vga_sample(&f, 0, 490).vs_n);
    assert!(!vga_sample(&f, 799, 491).vs_n);
    assert!(vga_sample(&f, 0, 492).vs_n);
    assert!(!vga_sample(&f, 0, 480).blank_n);
}

#[test]
fn title_screen_shows_who_plays_each_colour() {
    let seats = |red, blue| Seats { red, blue };
    let title = GameState::new();
    // "RED: " at (104, 384), scale 2: 'R' row 0 .XXXXX.. → x 106, RED_HI.
    // The value from column 5 (x 184): 'M' row 0 .XX...XX has glyph column 6
    // (x 196) set, 'P' row 0 .XXXXX.. does not; both have column 1 (x 186).
    let f = render_with(&title, seats(true, false));
    assert_eq!(f.pixel(106, 384), RED_HI);
    assert_eq!(f.pixel(186, 384), WHITE);
    assert_eq!(f.pixel(196, 384), WHITE);
    // "BLUE: " at (328, 384): 'B' → x 330, BLUE_HI; its value from column 6
    // (x 424): 'P' of PLAYER → x 426 set, x 436 clear.
    assert_eq!(f.pixel(330, 384), BLUE_HI);
    assert_eq!(f.pixel(426, 384), WHITE);
    assert_eq!(f.pixel(436, 384), BG);
    // Two people (the switches down) is what `render` draws.
    let people = render(&title);
    assert_eq!(people, render_with(&title, seats(false, false)));
    assert_eq!(people.pixel(196, 384), BG);
    let both = render_with(&title, seats(true, true));
    assert_eq!(both.pixel(196, 384), WHITE);
    assert_eq!(both.pixel(436, 384), WHITE);
}

#[test]
fn side_panel_marks_a_machine_played_colour() {
    let mut s = playing(&[]);
    let blue_machine = Seats {
        red: false,
        blue: true,
    };
    // Row 16 (y 339), Blue's name: "AI" in columns 7-8. 'A' (x 595) row 0
    // ...XX... → x 601; 'I' (x 611) row 0 ..XXXX.. → x 615.
    let f = render_with(&s, blue_machine);
    assert_eq!(f.pixel(601, 339), BLUE_HI);
    assert_eq!(f.pixel(599, 339), PANEL);
    assert_eq!(f.pixel(615, 339), BLUE_HI);
    // Red's name (row 11, y 239) and, Red to move, the TURN row (y 39): no mark.
    assert_eq!(f.pixel(601, 239), PANEL);
    assert_eq!(f.pixel(601, 39), PANEL);
    assert_eq!(render(&s).pixel(601, 339), PANEL);
    // Blue to move: the TURN row carries the mark too.
    s.player = Player::Blue;
    assert_eq!(render_with(&s, blue_machine).pixel(601, 39), BLUE_HI);
}

#[test]
fn text_over_a_frame() {
    let mut f = render(&GameState::new());
    // "R" at (10, 20), scale 2: row 0 .XXXXX.. → x 12..21 set, x 10 the box.
    draw_text(&mut f, (10, 20), 1, "r?", pal::WHITE, pal::BLACK);
    assert_eq!(f.pixel(12, 20), WHITE);
    assert_eq!(f.pixel(10, 20), [0, 0, 0]);
    // '?' is not in the font: its box is blank.
    assert_eq!(f.pixel(26 + 2, 20), [0, 0, 0]);
    // Cut at the right edge, no panic.
    draw_text(&mut f, (630, 470), 1, "WIDE", pal::WHITE, pal::BLACK);
    assert_eq!(f.pixel(630, 470), [0, 0, 0]); // glyph column 0 is blank
}

#[test]
fn troop_counts_split_into_their_decimal_digits() {
    // Written out by hand: none for 0, then one, two and three digits, the
    // largest count a cell can hold last.
    assert_eq!(decimal_digits(0), ([0, 0, 0], 0));
    assert_eq!(decimal_digits(7), ([7, 0, 0], 1));
    assert_eq!(decimal_digits(10), ([1, 0, 0], 2));
    assert_eq!(decimal_digits(42), ([4, 2, 0], 2));
    assert_eq!(decimal_digits(100), ([1, 0, 0], 3));
    assert_eq!(decimal_digits(511), ([5, 1, 1], 3));
}

/// A small seeded generator for the renderer's tests (xorshift32: no crate
/// needed).
struct XorShift(u32);

impl XorShift {
    /// A number below `n`.
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0 % n
    }

    /// A cell's owner and kind: any kind; mountains are never owned.
    fn owner_kind(&mut self) -> (Owner, Kind) {
        let kind = [Kind::Land, Kind::Mountain, Kind::Capital, Kind::Tower][self.below(4) as usize];
        let owner = if kind == Kind::Mountain {
            Owner::Npc
        } else {
            [Owner::Npc, Owner::Red, Owner::Blue][self.below(3) as usize]
        };
        (owner, kind)
    }

    /// A cursor anywhere on the board.
    fn pos(&mut self) -> Pos {
        Pos {
            x: self.below(10) as u8,
            y: self.below(10) as u8,
        }
    }
}

#[test]
fn a_renderer_that_remembers_cells_draws_what_render_with_draws() {
    // States drawn from a small generator: random owners, kinds and troops,
    // the cursor anywhere, every mode and phase, and sometimes the same board
    // again (its cells come from the memory).
    let mut rng = XorShift(0x2545_f491);
    let mut r = Renderer::new();
    let mut s = playing(&[]);
    // 120 frames hold more cells than the renderer remembers: it starts again.
    for frame in 0..120 {
        if frame % 3 != 2 {
            for c in s.cells.iter_mut() {
                let (owner, kind) = rng.owner_kind();
                // Troops span every digit count.
                let troops = [0, 7, 42, 100, 503][rng.below(5) as usize] + rng.below(9) as u16;
                *c = cell(owner, kind, troops);
            }
        }
        s.phase =
            [Phase::Playing, Phase::Playing, Phase::GameOver, Phase::Idle][rng.below(4) as usize];
        s.mode = [Mode::Select, Mode::MoveAll, Mode::MoveHalf][rng.below(3) as usize];
        s.player = if rng.below(2) == 0 {
            Player::Red
        } else {
            Player::Blue
        };
        s.cursor_red = rng.pos();
        s.cursor_blue = rng.pos();
        s.winner = if s.phase == Phase::GameOver {
            Some(s.player)
        } else {
            None
        };
        let machine = [
            Seats::PEOPLE,
            Seats {
                red: true,
                blue: false,
            },
        ][rng.below(2) as usize];
        assert!(
            r.render_with(&s, machine) == render_with(&s, machine),
            "frame {frame}"
        );
    }
}

#[test]
fn a_renderer_that_redraws_what_changed_draws_what_render_with_draws() {
    // A game-like run: from one frame to the next a few cells change, and now
    // and then one scalar (mode, player, a cursor, the round, the map), the
    // phase, the winner or the seats, so that most frames are drawn from the
    // last one and some whole.
    let mut rng = XorShift(0x9e37_79b9);
    let mut r = Renderer::new();
    let mut s = playing(&[((2, 3), cell(Owner::Red, Kind::Capital, 5))]);
    let mut machine = Seats::PEOPLE;
    for frame in 0..200 {
        for _ in 0..rng.below(4) {
            let (owner, kind) = rng.owner_kind();
            let i = rng.below(100) as usize;
            s.cells[i] = cell(owner, kind, rng.below(512) as u16);
        }
        match rng.below(12) {
            0 => s.mode = [Mode::Select, Mode::MoveAll, Mode::MoveHalf][rng.below(3) as usize],
            1 => {
                s.player = if s.player == Player::Red {
                    Player::Blue
                } else {
                    Player::Red
                }
            }
            2 => s.cursor_red = rng.pos(),
            3 => s.cursor_blue = rng.pos(),
            4 => s.round = rng.below(70_000) as u16,
            5 => s.map = rng.below(128) as u8,
            6 => s.phase = [Phase::Idle, Phase::Playing, Phase::GameOver][rng.below(3) as usize],
            7 => s.winner = [None, Some(Player::Red), Some(Player::Blue)][rng.below(3) as usize],
            8 => {
                machine = Seats {
                    red: rng.below(2) == 0,
                    blue: rng.below(2) == 0,
                }
            }
            _ => {}
        }
        assert!(
            r.render_with(&s, machine) == render_with(&s, machine),
            "frame {frame}"
        );
    }
}
