//! Golden renderer of the Generals VGA display (docs/display.md).
//!
//! [`render`] turns one golden game state (and, with [`render_with`], who the
//! machine plays, docs/rules.md §11) into the 640×480 frame the RTL
//! renderer (`rtl/renderer.v`) must show, pixel for pixel. The layout — every
//! rectangle, colour and glyph — is written down once in `docs/display.md`;
//! [`layout`] holds the same numbers as constants. The bitmaps (font, troop
//! digits, icons, palette) are the words of the ROM images the RTL loads
//! (`rtl/gfx/*.hex`, generated from and tested against [`art`]), so both
//! sides draw the same bits. What the state means — totals, legal targets —
//! the golden model says ([`GameState::total_troops`],
//! [`GameState::legal_steps`]). [`vga_sample`] gives what the VGA pins carry
//! at any position of the 800×525 raster.
//!
//! Plain Rust on the golden model, no RTL.

use generals_golden::machine::Seats;
use generals_golden::{Cell, GameState, Kind, Mode, Owner, Phase, Player, CELLS};
use std::collections::HashMap;
use std::sync::OnceLock;

pub mod art;

/// Palette indices (the colours themselves are in `rtl/gfx/palette.hex`).
pub mod pal {
    pub const BLACK: u8 = 0;
    pub const BG: u8 = 1;
    pub const GRID: u8 = 2;
    pub const PANEL: u8 = 3;
    pub const NEUTRAL: u8 = 4;
    pub const MOUNT: u8 = 5;
    pub const RED: u8 = 6;
    pub const BLUE: u8 = 7;
    pub const RED_HI: u8 = 8;
    pub const BLUE_HI: u8 = 9;
    pub const GOLD: u8 = 10;
    pub const WHITE: u8 = 11;
    pub const INK: u8 = 12;
    pub const LABEL: u8 = 13;
    pub const STONE: u8 = 14;
    pub const ROCK: u8 = 15;
}

/// Every number of the layout; `docs/display.md` is the description for
/// people, `rtl/renderer.v` has the same numbers as localparams.
pub mod layout {
    // VESA 640×480@60 raster (pixels / lines).
    pub const H_VISIBLE: u32 = 640;
    pub const H_FRONT: u32 = 16;
    pub const H_SYNC: u32 = 96;
    pub const H_BACK: u32 = 48;
    pub const H_TOTAL: u32 = H_VISIBLE + H_FRONT + H_SYNC + H_BACK; // 800
    pub const V_VISIBLE: u32 = 480;
    pub const V_FRONT: u32 = 10;
    pub const V_SYNC: u32 = 2;
    pub const V_BACK: u32 = 33;
    pub const V_TOTAL: u32 = V_VISIBLE + V_FRONT + V_SYNC + V_BACK; // 525
    pub const HS_START: u32 = H_VISIBLE + H_FRONT; // 656
    pub const HS_END: u32 = HS_START + H_SYNC; // 752
    pub const VS_START: u32 = V_VISIBLE + V_FRONT; // 490
    pub const VS_END: u32 = VS_START + V_SYNC; // 492

    // Board: 10×10 cells on a 46-pixel pitch; each pitch starts with a 2-pixel
    // grid line, and a closing grid line follows the last cell.
    pub const BOARD_X0: u32 = 9;
    pub const BOARD_Y0: u32 = 9;
    /// Cells per side of the board, columns and rows (`BOARD_SIDE`, shared
    /// with the RTL through `generals_defs`); the board's cells in all are
    /// the golden `CELLS`.
    pub const BOARD_COLS: u32 = generals_defs::BOARD_SIDE;
    pub const CELL_PITCH: u32 = 46;
    pub const GRID_W: u32 = 2;
    pub const CELL_IN: u32 = CELL_PITCH - GRID_W; // 44: inside of a cell
    pub const BOARD_SIZE: u32 = BOARD_COLS * CELL_PITCH + GRID_W; // 462

    // Inside a cell (coordinates ix, iy in 0..44 from the cell's top-left).
    pub const DIG_W: u32 = 10; // a 5×8 digit at scale 2
    pub const DIG_H: u32 = 16;
    /// Digit pitch for 1, 2, 3 digits: a 2-pixel gap, 1 pixel for three digits
    /// so that they stay clear of the cursor frame.
    pub const DIG_PITCH: [u32; 4] = [0, 12, 12, 11];
    /// Left edge of the first digit, centred: (44 − width) / 2.
    pub const DIG_X: [u32; 4] = [0, 17, 11, 6];
    pub const DIG_Y_LAND: u32 = 14; // land: number centred in the cell
    pub const DIG_Y_ICON: u32 = 24; // mountain/capital/tower: number under the icon
    pub const ICON_BIG_XY: u32 = 6; // icon at scale 2 (32×32) when troops = 0
    pub const ICON_BIG: u32 = 32;
    pub const ICON_SMALL_X: u32 = 14; // icon at scale 1 (16×16) above the number
    pub const ICON_SMALL_Y: u32 = 4;
    pub const ICON_SMALL: u32 = 16;
    pub const CUR_W: u32 = 4; // cursor frame thickness (then 1 pixel of ink)
    pub const CUR_ARM: u32 = 14; // SELECT: corner brackets of this length
    pub const CUR_DASH_SHIFT: u32 = 3; // MOVE-HALF: dashes of 8 pixels, mirrored
    pub const TGT_W: u32 = 3; // legal-target ring thickness

    // Side panel.
    pub const PANEL_X0: u32 = 478;
    pub const PANEL_Y0: u32 = 9;
    pub const PANEL_W: u32 = 154;
    pub const PANEL_H: u32 = 462;
    pub const PANEL_TX0: u32 = 483; // text grid: 9 columns × 20 rows
    pub const PANEL_TY0: u32 = 19;
    pub const PANEL_COLS: u32 = 9;
    pub const PANEL_ROWS: u32 = 20;
    pub const PANEL_PITCH: u32 = 20; // 16-pixel characters + 4 pixels of leading
    pub const PANEL_SHIFT: u32 = 1; // font scale 2: 16×16 characters
    pub const ROW_TURN_LABEL: u32 = 0;
    pub const ROW_TURN: u32 = 1;
    pub const ROW_ROUND_LABEL: u32 = 3;
    pub const ROW_ROUND: u32 = 4;
    pub const ROW_MODE_LABEL: u32 = 6;
    pub const ROW_MODE: u32 = 7;
    pub const ROW_MAP: u32 = 9; // "MAP" and the number on one row
    pub const ROW_RED: u32 = 11; // name, TROOPS label, troops, LAND + count
    pub const ROW_BLUE: u32 = 16;

    // GAME_OVER banner: a band across the board, text centred on the board.
    pub const BAND_Y0: u32 = 200;
    pub const BAND_H: u32 = 80;
    pub const BAND_EDGE: u32 = 2;
    pub const BANNER_Y0: u32 = 212;
    pub const BANNER_SHIFT: u32 = 2; // font scale 4
    pub const BANNER_X0_8: u32 = 112; // "RED WINS"
    pub const BANNER_X0_9: u32 = 96; // "BLUE WINS", "GAME OVER"
    pub const HINT_X0: u32 = 152;
    pub const HINT_Y0: u32 = 252;
    pub const HINT_SHIFT: u32 = 1;

    // IDLE title screen.
    pub const TITLE_X0: u32 = 64;
    pub const TITLE_Y0: u32 = 112;
    pub const TITLE_SHIFT: u32 = 3; // font scale 8
    pub const RULE_X0: u32 = 64; // gold rule under the title
    pub const RULE_Y0: u32 = 188;
    pub const RULE_W: u32 = 512;
    pub const RULE_H: u32 = 4;
    pub const SUB_X0: u32 = 232;
    pub const SUB_Y0: u32 = 212;
    pub const SUB_SHIFT: u32 = 1;
    pub const STRIP_X0: u32 = 204; // a row of sample cells, centred: (640 − 232) / 2
    pub const STRIP_Y0: u32 = 256;
    pub const STRIP_CELLS: u32 = 5;
    pub const PRESS_X0: u32 = 232;
    pub const PRESS_Y0: u32 = 344;
    pub const PRESS_SHIFT: u32 = 1;
    // Who plays each colour (docs/rules.md §11): "RED: MACHINE" and "BLUE: PLAYER ",
    // 12 and 13 characters with the value padded to 7, two characters apart,
    // centred: (640 − 27 · 16) / 2 = 104.
    pub const SEATS_RED_X0: u32 = 104;
    pub const SEATS_BLUE_X0: u32 = 328;
    pub const SEATS_Y0: u32 = 384;
    pub const SEATS_SHIFT: u32 = 1;
    /// The side panel's mark after a machine-played colour's name.
    pub const MACHINE_MARK: &str = "AI";
    /// Its first column (name rows: chip, space, name, then the mark).
    pub const MACHINE_MARK_COL: usize = 7;
}

use layout::*;

pub const WIDTH: usize = H_VISIBLE as usize;
pub const HEIGHT: usize = V_VISIBLE as usize;

/// A 640×480 frame, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub pixels: Vec<[u8; 3]>,
}

impl Frame {
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * WIDTH + x]
    }

    /// Binary PPM (P6), viewable anywhere and trivially convertible to PNG.
    pub fn to_ppm(&self) -> Vec<u8> {
        let mut out = format!("P6\n{WIDTH} {HEIGHT}\n255\n").into_bytes();
        for p in &self.pixels {
            out.extend_from_slice(p);
        }
        out
    }
}

/// The VGA pins at one raster position: what the bench samples at the
/// `vga_clk` rising edge that carries pixel `(h, v)` (see `docs/display.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VgaSample {
    pub hs_n: bool,
    pub vs_n: bool,
    pub blank_n: bool,
    pub rgb: [u8; 3],
}

/// Pins at raster position `h` (0…799), `v` (0…524) for a frame showing `frame`.
pub fn vga_sample(frame: &Frame, h: u32, v: u32) -> VgaSample {
    assert!(
        h < H_TOTAL && v < V_TOTAL,
        "raster position ({h}, {v}) out of range"
    );
    let visible = h < H_VISIBLE && v < V_VISIBLE;
    VgaSample {
        hs_n: !(HS_START..HS_END).contains(&h),
        vs_n: !(VS_START..VS_END).contains(&v),
        blank_n: visible,
        rgb: if visible {
            frame.pixel(h as usize, v as usize)
        } else {
            [0; 3]
        },
    }
}

// ---------------------------------------------------------------------------
// ROM images: the words the RTL's `rtl/gfx/*.hex` files hold (a unit test
// pins the files to `art`).

struct Roms {
    font: Vec<u8>,
    digits: Vec<u8>,
    icons: Vec<u64>,
    palette: Vec<[u8; 3]>,
}

fn roms() -> &'static Roms {
    static ROMS: OnceLock<Roms> = OnceLock::new();
    ROMS.get_or_init(|| Roms {
        font: art::font_rows(),
        digits: art::digit_rows(),
        icons: art::icon_words(),
        palette: art::palette_words()
            .into_iter()
            .map(|w| [(w >> 16) as u8, (w >> 8) as u8, w as u8])
            .collect(),
    })
}

/// The 24-bit colour of a palette index.
pub fn colour(index: u8) -> [u8; 3] {
    roms().palette[usize::from(index)]
}

// ---------------------------------------------------------------------------
// Text.

/// A line of text: characters with their colours, placed at `(x0, y0)` and
/// drawn from the 8×8 font at scale `1 << shift`.
#[derive(Clone, PartialEq, Eq)]
struct TextLine {
    x0: u32,
    y0: u32,
    shift: u32,
    chars: Vec<(u8, u8)>, // (ASCII code, palette index)
}

impl TextLine {
    fn new(x0: u32, y0: u32, shift: u32, text: &str, colour: u8) -> Self {
        TextLine {
            x0,
            y0,
            shift,
            chars: text.bytes().map(|c| (c, colour)).collect(),
        }
    }

    /// The text colour if `(x, y)` is on a set font pixel of this line.
    fn ink(&self, x: u32, y: u32) -> Option<u8> {
        let size = 8 << self.shift;
        if x < self.x0 || y < self.y0 || y >= self.y0 + size {
            return None;
        }
        let (dx, dy) = (x - self.x0, y - self.y0);
        let (code, colour) = *self.chars.get((dx / size) as usize)?;
        let gx = (dx % size) >> self.shift;
        let gy = dy >> self.shift;
        let row = roms().font[usize::from(code) * 8 + gy as usize];
        (row >> (7 - gx) & 1 == 1).then_some(colour)
    }
}

/// `value` right-aligned in `width` characters, leading zeros as spaces.
fn right_aligned(value: u32, width: usize) -> String {
    format!("{value:>width$}")
}

/// A name row of the panel: the colour chip and the name, and the mark
/// in columns 7–8 when the machine plays that colour.
fn player_row(who: Player, machine: Seats) -> (String, u8) {
    let (name, colour) = match who {
        Player::Red => ("\x7f RED", pal::RED_HI),
        Player::Blue => ("\x7f BLUE", pal::BLUE_HI),
    };
    let mark = if machine.plays(who) { MACHINE_MARK } else { "" };
    (format!("{name:<MACHINE_MARK_COL$}{mark}"), colour)
}

/// The side panel's text lines (PLAYING and GAME_OVER).
fn panel_lines(s: &GameState, machine: Seats) -> Vec<TextLine> {
    let row = |r: u32, text: &str, colour: u8| {
        TextLine::new(
            PANEL_TX0,
            PANEL_TY0 + r * PANEL_PITCH,
            PANEL_SHIFT,
            text,
            colour,
        )
    };
    // A label on the left and a number right-aligned in the last 3 columns.
    let label_value = |r: u32, label: &str, value: u32| {
        let mut t = row(r, &format!("{label:<6}{value:>3}"), pal::LABEL);
        for ch in &mut t.chars[6..] {
            ch.1 = pal::WHITE;
        }
        t
    };
    let (turn, turn_colour) = player_row(s.player, machine);
    let mode = match s.mode {
        Mode::Select => "SELECT",
        Mode::MoveAll => "MOVE ALL",
        Mode::MoveHalf => "MOVE HALF",
    };
    let mut lines = vec![
        row(ROW_TURN_LABEL, "TURN", pal::LABEL),
        row(ROW_TURN, &turn, turn_colour),
        row(ROW_ROUND_LABEL, "ROUND", pal::LABEL),
        row(ROW_ROUND, &right_aligned(u32::from(s.round), 9), pal::WHITE),
        row(ROW_MODE_LABEL, "MODE", pal::LABEL),
        row(ROW_MODE, mode, pal::WHITE),
        label_value(ROW_MAP, "MAP", u32::from(s.map)),
    ];
    for (who, owner, r0) in [
        (Player::Red, Owner::Red, ROW_RED),
        (Player::Blue, Owner::Blue, ROW_BLUE),
    ] {
        let troops = s.total_troops(owner);
        let land = s.cell_count(owner) as u32;
        let (name, colour) = player_row(who, machine);
        lines.push(row(r0, &name, colour));
        lines.push(row(r0 + 1, "TROOPS", pal::LABEL));
        lines.push(row(r0 + 2, &right_aligned(troops, 9), pal::WHITE));
        lines.push(label_value(r0 + 3, "LAND", land));
    }
    lines
}

/// "RED: " or "BLUE: " in the colour's light shade, then who plays it.
fn seat_line(x0: u32, who: Player, machine: Seats) -> TextLine {
    let (name, colour) = match who {
        Player::Red => ("RED:", pal::RED_HI),
        Player::Blue => ("BLUE:", pal::BLUE_HI),
    };
    let value = if machine.plays(who) {
        "MACHINE"
    } else {
        "PLAYER"
    };
    let mut t = TextLine::new(
        x0,
        SEATS_Y0,
        SEATS_SHIFT,
        &format!("{name} {value}"),
        pal::WHITE,
    );
    for ch in &mut t.chars[..name.len()] {
        ch.1 = colour;
    }
    t
}

fn idle_lines(machine: Seats) -> Vec<TextLine> {
    let mut sub = TextLine::new(SUB_X0, SUB_Y0, SUB_SHIFT, "RED VS BLUE", pal::LABEL);
    for (i, ch) in sub.chars.iter_mut().enumerate() {
        ch.1 = match i {
            0..=2 => pal::RED_HI,
            7..=10 => pal::BLUE_HI,
            _ => pal::LABEL,
        };
    }
    vec![
        TextLine::new(TITLE_X0, TITLE_Y0, TITLE_SHIFT, "GENERALS", pal::GOLD),
        sub,
        TextLine::new(PRESS_X0, PRESS_Y0, PRESS_SHIFT, "PRESS START", pal::WHITE),
        seat_line(SEATS_RED_X0, Player::Red, machine),
        seat_line(SEATS_BLUE_X0, Player::Blue, machine),
    ]
}

fn banner_lines(s: &GameState) -> Vec<TextLine> {
    let (text, x0) = match s.winner {
        Some(Player::Red) => ("RED WINS", BANNER_X0_8),
        Some(Player::Blue) => ("BLUE WINS", BANNER_X0_9),
        None => ("GAME OVER", BANNER_X0_9),
    };
    vec![
        TextLine::new(x0, BANNER_Y0, BANNER_SHIFT, text, pal::WHITE),
        TextLine::new(HINT_X0, HINT_Y0, HINT_SHIFT, "PRESS START", pal::WHITE),
    ]
}

// ---------------------------------------------------------------------------
// Board.

fn inside(v: u32, start: u32, len: u32) -> bool {
    (start..start + len).contains(&v)
}

/// What is drawn over a cell besides its contents.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Decor {
    None,
    Cursor(Player, Mode),
    Target,
}

/// The decoration of every board cell, `[y * 10 + x]`: the current player's
/// cursor, and in move mode the legal targets, as the golden model defines
/// them ([`GameState::legal_steps`]). Only while playing.
fn decorations(s: &GameState) -> [Decor; CELLS] {
    let mut d = [Decor::None; CELLS];
    if s.phase != Phase::Playing {
        return d;
    }
    if s.mode != Mode::Select {
        for (_, p) in s.legal_steps() {
            d[p.index()] = Decor::Target;
        }
    }
    d[s.cursor(s.player).index()] = Decor::Cursor(s.player, s.mode);
    d
}

/// Palette index of pixel `(ix, iy)` (0…43) inside a cell: the cursor frame
/// or target ring on top, then the troop number, then the icon, then the fill.
fn cell_pixel(c: Cell, decor: Decor, ix: u32, iy: u32) -> u8 {
    assert!(c.troops <= 511, "{} troops do not fit 9 bits", c.troops);
    if let Some(p) = decor_pixel(decor, ix, iy) {
        return p;
    }
    let fill = match (c.owner, c.kind) {
        (Owner::Red, _) => pal::RED,
        (Owner::Blue, _) => pal::BLUE,
        (Owner::Npc, Kind::Mountain) => pal::MOUNT,
        (Owner::Npc, _) => pal::NEUTRAL,
    };
    let (all_digits, n) = decimal_digits(u32::from(c.troops));
    let digits = &all_digits[..n];
    if digit_ink(digits, c.kind, ix, iy) {
        return if fill == pal::NEUTRAL {
            pal::INK
        } else {
            pal::WHITE
        };
    }
    icon_pixel(c.kind, digits.is_empty(), ix, iy).unwrap_or(fill)
}

/// The decimal digits of a troop count (0…511), most significant first, and
/// how many there are: none for 0.
fn decimal_digits(n: u32) -> ([u32; 3], usize) {
    match n {
        0 => ([0; 3], 0),
        1..=9 => ([n, 0, 0], 1),
        10..=99 => ([n / 10, n % 10, 0], 2),
        _ => ([n / 100, n / 10 % 10, n % 10], 3),
    }
}

/// The cursor frame: CUR_W pixels of the player's light colour and one pixel
/// of ink inside them, masked by the mode's pattern; or the gold ring of a
/// legal target. `None` where the decoration leaves the cell's contents.
fn decor_pixel(decor: Decor, ix: u32, iy: u32) -> Option<u8> {
    // Distance to the nearest edge, and the position folded about the centre.
    let (fx, fy) = (ix.min(CELL_IN - 1 - ix), iy.min(CELL_IN - 1 - iy));
    let depth = fx.min(fy);
    match decor {
        Decor::Cursor(player, mode) => {
            let on = match mode {
                Mode::Select => fx < CUR_ARM && fy < CUR_ARM,
                Mode::MoveAll => true,
                Mode::MoveHalf => {
                    ((fx >> CUR_DASH_SHIFT) + (fy >> CUR_DASH_SHIFT)).is_multiple_of(2)
                }
            };
            match (on, depth) {
                (true, d) if d < CUR_W => Some(match player {
                    Player::Red => pal::RED_HI,
                    Player::Blue => pal::BLUE_HI,
                }),
                (true, d) if d == CUR_W => Some(pal::INK),
                _ => None,
            }
        }
        Decor::Target if depth < TGT_W => Some(pal::GOLD),
        _ => None,
    }
}

/// Whether the troop number (centred horizontally, below an icon if the
/// cell has one) has ink at `(ix, iy)`.
fn digit_ink(digits: &[u32], kind: Kind, ix: u32, iy: u32) -> bool {
    let n = digits.len();
    let y0 = if kind == Kind::Land {
        DIG_Y_LAND
    } else {
        DIG_Y_ICON
    };
    digits.iter().enumerate().any(|(k, &d)| {
        let x0 = DIG_X[n] + DIG_PITCH[n] * k as u32;
        inside(ix, x0, DIG_W) && inside(iy, y0, DIG_H) && {
            let (gx, gy) = ((ix - x0) >> 1, (iy - y0) >> 1);
            roms().digits[(d * 8 + gy) as usize] >> (7 - gx) & 1 == 1
        }
    })
}

/// The icon's pixel at `(ix, iy)`, if opaque there: big when the cell has no
/// troops, small above the number otherwise; land has none.
fn icon_pixel(kind: Kind, no_troops: bool, ix: u32, iy: u32) -> Option<u8> {
    if kind == Kind::Land {
        return None;
    }
    let (x0, y0, size, shift) = if no_troops {
        (ICON_BIG_XY, ICON_BIG_XY, ICON_BIG, 1)
    } else {
        (ICON_SMALL_X, ICON_SMALL_Y, ICON_SMALL, 0)
    };
    if !(inside(ix, x0, size) && inside(iy, y0, size)) {
        return None;
    }
    let (gx, gy) = ((ix - x0) >> shift, (iy - y0) >> shift);
    let word = roms().icons[kind as usize * 16 + gy as usize];
    let p = (word >> (4 * (15 - gx)) & 0xF) as u8;
    (p != 0).then_some(p)
}

/// A grid of cells with its top-left corner at `(x0, y0)`: `None` outside,
/// else the grid line colour or `(column, row, ix, iy)` inside a cell.
fn grid_hit(
    x: u32,
    y: u32,
    x0: u32,
    y0: u32,
    cols: u32,
    rows: u32,
) -> Option<Result<(u32, u32, u32, u32), u8>> {
    if !inside(x, x0, cols * CELL_PITCH + GRID_W) || !inside(y, y0, rows * CELL_PITCH + GRID_W) {
        return None;
    }
    let (bx, by) = (x - x0, y - y0);
    let (cx, lx) = (bx / CELL_PITCH, bx % CELL_PITCH);
    let (cy, ly) = (by / CELL_PITCH, by % CELL_PITCH);
    if lx < GRID_W || ly < GRID_W {
        return Some(Err(pal::GRID));
    }
    Some(Ok((cx, cy, lx - GRID_W, ly - GRID_W)))
}

/// The pictures of cells: [`cell_pixel`] for every `(ix, iy)` of a cell with a
/// decoration, `[iy * 44 + ix]`, each worked out once and then looked up
/// (a frame has 100 cells, of which a move changes a few).
#[derive(Default)]
struct CellPictures(HashMap<(Cell, Decor), Box<[u8]>>);

/// Cells a [`Renderer`] remembers before it starts again: more than a game
/// shows at once, a few megabytes at most.
const PICTURES_MAX: usize = 4096;

impl CellPictures {
    /// The pictures of the cells `cells` (with their decorations), in order.
    fn of<'a>(&'a mut self, cells: &[Cell], decor: &[Decor]) -> Vec<&'a [u8]> {
        if self.0.len() + cells.len() > PICTURES_MAX {
            self.0.clear();
        }
        for (&c, &d) in cells.iter().zip(decor) {
            self.0.entry((c, d)).or_insert_with(|| {
                (0..CELL_IN * CELL_IN)
                    .map(|i| cell_pixel(c, d, i % CELL_IN, i / CELL_IN))
                    .collect()
            });
        }
        cells
            .iter()
            .zip(decor)
            .map(|(&c, &d)| &*self.0[&(c, d)])
            .collect()
    }
}

/// Palette index of screen pixel `(x, y)` of a non-idle frame, below the text;
/// `cells` holds the picture of every board cell, `[y * 10 + x]`.
fn board_or_panel(s: &GameState, cells: &[&[u8]], x: u32, y: u32) -> u8 {
    if s.phase == Phase::GameOver && inside(x, BOARD_X0, BOARD_SIZE) && inside(y, BAND_Y0, BAND_H) {
        let edge = !(BAND_Y0 + BAND_EDGE..BAND_Y0 + BAND_H - BAND_EDGE).contains(&y);
        return match (edge, s.winner) {
            (true, _) => pal::WHITE,
            (false, Some(Player::Red)) => pal::RED,
            (false, Some(Player::Blue)) => pal::BLUE,
            (false, None) => pal::PANEL,
        };
    }
    match grid_hit(x, y, BOARD_X0, BOARD_Y0, BOARD_COLS, BOARD_COLS) {
        Some(Err(grid)) => return grid,
        Some(Ok((cx, cy, ix, iy))) => {
            return cells[(cy * BOARD_COLS + cx) as usize][(iy * CELL_IN + ix) as usize];
        }
        None => {}
    }
    if inside(x, PANEL_X0, PANEL_W) && inside(y, PANEL_Y0, PANEL_H) {
        return pal::PANEL;
    }
    pal::BG
}

/// The title screen's row of sample cells.
pub const STRIP: [Cell; STRIP_CELLS as usize] = [
    Cell {
        owner: Owner::Red,
        kind: Kind::Capital,
        troops: 12,
    },
    Cell {
        owner: Owner::Red,
        kind: Kind::Land,
        troops: 5,
    },
    Cell {
        owner: Owner::Npc,
        kind: Kind::Tower,
        troops: 0,
    },
    Cell {
        owner: Owner::Npc,
        kind: Kind::Mountain,
        troops: 0,
    },
    Cell {
        owner: Owner::Blue,
        kind: Kind::Capital,
        troops: 12,
    },
];

/// Palette index of screen pixel `(x, y)` of the title screen, below the text.
fn title_pixel(x: u32, y: u32) -> u8 {
    if inside(x, RULE_X0, RULE_W) && inside(y, RULE_Y0, RULE_H) {
        return pal::GOLD;
    }
    match grid_hit(x, y, STRIP_X0, STRIP_Y0, STRIP_CELLS, 1) {
        Some(Err(grid)) => grid,
        Some(Ok((cx, _, ix, iy))) => cell_pixel(STRIP[cx as usize], Decor::None, ix, iy),
        None => pal::BG,
    }
}

/// Palette index of every pixel of the frame showing `s`, with `machine`
/// the colours the machine plays (on the title screen: the live switches).
pub fn render_indices(s: &GameState, machine: Seats) -> Vec<u8> {
    indices(s, machine, &mut CellPictures::default())
}

fn indices(s: &GameState, machine: Seats, pictures: &mut CellPictures) -> Vec<u8> {
    let text = text_lines(s, machine);
    let cells = cell_pictures(s, &decorations(s), pictures);
    let mut out = vec![0; WIDTH * HEIGHT];
    draw_rows(s, &text, &cells, 0..V_VISIBLE, 0..H_VISIBLE, &mut out);
    out
}

/// The pictures of the board's cells, `[y * 10 + x]` (none on the title
/// screen, which has no board).
fn cell_pictures<'a>(
    s: &GameState,
    decor: &[Decor; CELLS],
    pictures: &'a mut CellPictures,
) -> Vec<&'a [u8]> {
    if s.phase == Phase::Idle {
        Vec::new()
    } else {
        pictures.of(&s.cells, decor)
    }
}

/// Every line of text the frame showing `s` has.
fn text_lines(s: &GameState, machine: Seats) -> Vec<TextLine> {
    match s.phase {
        Phase::Idle => idle_lines(machine),
        Phase::Playing => panel_lines(s, machine),
        Phase::GameOver => {
            let mut t = panel_lines(s, machine);
            t.extend(banner_lines(s));
            t
        }
    }
}

/// Draws the pixels `xs` × `ys` of the frame showing `s` (with its `text` and
/// the pictures of its `cells`) into `out`.
fn draw_rows(
    s: &GameState,
    text: &[TextLine],
    cells: &[&[u8]],
    ys: std::ops::Range<u32>,
    xs: std::ops::Range<u32>,
    out: &mut [u8],
) {
    for y in ys {
        // Only the lines that cross this row can draw on it.
        let rows: Vec<&TextLine> = text
            .iter()
            .filter(|t| inside(y, t.y0, 8 << t.shift))
            .collect();
        for x in xs.clone() {
            out[(y * H_VISIBLE + x) as usize] = match rows.iter().find_map(|t| t.ink(x, y)) {
                Some(c) => c,
                None if s.phase == Phase::Idle => title_pixel(x, y),
                None => board_or_panel(s, cells, x, y),
            };
        }
    }
}

/// A golden renderer for a run of frames: the frames of [`render_with`], with
/// each cell's picture (the cell and its decoration) worked out once and then
/// remembered, and from one frame to the next only what changed drawn again:
/// the cells whose picture changed, the lines of text that changed, and
/// everything when the phase, the winner or the seats shown change (the title
/// screen, the band and the panel's marks).
#[derive(Default)]
pub struct Renderer {
    pictures: CellPictures,
    last: Option<Drawn>,
}

/// The frame a [`Renderer`] drew last, and what it showed.
struct Drawn {
    phase: Phase,
    winner: Option<Player>,
    machine: Seats,
    cells: [(Cell, Decor); CELLS],
    text: Vec<TextLine>,
    indices: Vec<u8>,
    frame: Frame,
}

impl Renderer {
    /// A renderer that remembers nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The frame [`render_with`] gives for `s` and `machine`.
    pub fn render_with(&mut self, s: &GameState, machine: Seats) -> Frame {
        let text = text_lines(s, machine);
        let decor = decorations(s);
        let cells: [(Cell, Decor); CELLS] = std::array::from_fn(|i| (s.cells[i], decor[i]));
        let mut drawn = match self.last.take() {
            Some(d) if (d.phase, d.winner, d.machine) == (s.phase, s.winner, machine) => d,
            _ => {
                let indices = indices(s, machine, &mut self.pictures);
                let frame = coloured(&indices);
                let d = Drawn {
                    phase: s.phase,
                    winner: s.winner,
                    machine,
                    cells,
                    text,
                    indices,
                    frame,
                };
                let frame = d.frame.clone();
                self.last = Some(d);
                return frame;
            }
        };
        // Text first, then cells: a line of text that changed is drawn again
        // whole (its rows, all across), and so is a cell whose picture changed
        // (its pitch box; no text crosses the board while playing).
        let pictures = cell_pictures(s, &decor, &mut self.pictures);
        let mut redraw = |ys: std::ops::Range<u32>, xs: std::ops::Range<u32>| {
            draw_rows(
                s,
                &text,
                &pictures,
                ys.clone(),
                xs.clone(),
                &mut drawn.indices,
            );
            let palette = &roms().palette;
            for y in ys {
                for x in xs.clone() {
                    let i = (y * H_VISIBLE + x) as usize;
                    drawn.frame.pixels[i] = palette[usize::from(drawn.indices[i])];
                }
            }
        };
        for t in drawn.text.iter().chain(&text) {
            if !(drawn.text.contains(t) && text.contains(t)) {
                redraw(t.y0..t.y0 + (8 << t.shift), 0..H_VISIBLE);
            }
        }
        if s.phase != Phase::Idle {
            for (i, c) in cells.iter().enumerate() {
                if drawn.cells[i] != *c {
                    let (cx, cy) = (i as u32 % BOARD_COLS, i as u32 / BOARD_COLS);
                    let (x0, y0) = (BOARD_X0 + cx * CELL_PITCH, BOARD_Y0 + cy * CELL_PITCH);
                    redraw(y0..y0 + CELL_PITCH, x0..x0 + CELL_PITCH);
                }
            }
        }
        drawn.cells = cells;
        drawn.text = text;
        let frame = drawn.frame.clone();
        self.last = Some(drawn);
        frame
    }
}

/// The frame of a frame's palette indices.
fn coloured(indices: &[u8]) -> Frame {
    let palette = &roms().palette;
    Frame {
        pixels: indices.iter().map(|&i| palette[usize::from(i)]).collect(),
    }
}

/// The frame the RTL shows for state `s` when two people play (switches
/// down).
pub fn render(s: &GameState) -> Frame {
    render_with(s, Seats::PEOPLE)
}

/// The frame the RTL shows for state `s` with the machine playing the
/// colours of `machine` (docs/rules.md §11: on the title screen the switches as
/// they are, during and after a game as START latched them).
pub fn render_with(s: &GameState, machine: Seats) -> Frame {
    coloured(&render_indices(s, machine))
}

/// Writes `text` over `frame` with the display's 8×8 font at scale
/// `1 << shift`, its top-left corner at `(x0, y0)`, each character on a solid
/// `bg` box (for messages drawn over a frame, such as a mismatch report; not
/// part of what the RTL draws). The font has capitals, digits, `:` and `-`:
/// lower case is drawn as capitals, anything else blank. Text past the frame's
/// edge is cut.
pub fn draw_text(
    frame: &mut Frame,
    (x0, y0): (usize, usize),
    shift: u32,
    text: &str,
    fg: u8,
    bg: u8,
) {
    let size = 8usize << shift;
    for (i, ch) in text.chars().enumerate() {
        let code = if ch.is_ascii() {
            ch.to_ascii_uppercase() as usize
        } else {
            usize::from(b' ')
        };
        for dy in 0..size {
            let row = roms().font[code * 8 + (dy >> shift)];
            for dx in 0..size {
                let (x, y) = (x0 + i * size + dx, y0 + dy);
                if x >= WIDTH || y >= HEIGHT {
                    continue;
                }
                let on = row >> (7 - (dx >> shift)) & 1 == 1;
                frame.pixels[y * WIDTH + x] = colour(if on { fg } else { bg });
            }
        }
    }
}

#[cfg(test)]
mod tests;
