//! Pixel-exact co-simulation of scripted games covering every screen: the
//! title, SELECT, MOVE-ALL with its target hints, MOVE-HALF, the panel
//! changing (turn, round), the GAME_OVER banner and RESET back to the title.
//! Every cycle of every run is checked by the bench (RTL state against the
//! golden model, every VGA pixel against the golden renderer); on top of
//! that these tests read back the frames the RTL drew (PNG dumps) and check
//! a few pixels whose colours follow by hand from docs/display.md.

mod common;

use common::*;
use generals::run::play::PlayReport;
use generals_golden::{Phase, Player};
use std::path::{Path, PathBuf};

// Palette entries (docs/display.md, "Palette").
use common::palette::{BG, BLUE, BLUE_HI, GOLD, GRID, NEUTRAL, RED, RED_HI, WHITE};

/// The PNG frames of a run, in frame order.
fn frames(dir: &Path) -> Vec<(PathBuf, image::RgbImage)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let img = image::open(&p)
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
                .to_rgb8();
            assert_eq!((img.width(), img.height()), (640, 480), "{}", p.display());
            (p, img)
        })
        .collect()
}

fn px(img: &image::RgbImage, x: u32, y: u32) -> [u8; 3] {
    img.get_pixel(x, y).0
}

/// What a frame shows, from a few pixels:
/// - the title has the gold rule [64, 576) x [188, 192) and plain background
///   at (9, 9);
/// - the board's first grid line covers (9, 9) in PLAYING and GAME_OVER;
/// - the GAME_OVER banner is the band [9, 471) x [200, 280), its first two
///   lines WHITE and the rest the winner's colour (at (20, 205) no text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Title,
    Board,
    Banner([u8; 3]),
    Other,
}

fn screen(img: &image::RgbImage) -> Screen {
    if px(img, 100, 190) == GOLD && px(img, 9, 9) == BG && px(img, 5, 5) == BG {
        Screen::Title
    } else if px(img, 9, 9) == GRID && px(img, 5, 5) == BG {
        if px(img, 20, 200) == WHITE && px(img, 20, 201) == WHITE {
            Screen::Banner(px(img, 20, 205))
        } else {
            Screen::Board
        }
    } else {
        Screen::Other
    }
}

/// Map 1 (Red first), one frame of pause after every key (`pace: 1`), so
/// that every state is on screen for at least one whole checked frame:
///
/// | # | after            | screen                                                  |
/// |---|------------------|---------------------------------------------------------|
/// | 0 | power-up         | title (one frame before START)                          |
/// | 1 | START, WAIT 1    | board, round 1, Red's SELECT cursor on its capital (0,8)|
/// | 2–7 | D D S A A W    | SELECT cursor (1,8) (2,8) (2,9) (1,9) (0,9) (0,8)       |
/// | 8 | SPACE            | MOVE-ALL: full cursor frame, targets (0,7) (1,8) (0,9) gold |
/// | 9 | Z                | MOVE-HALF: dashed cursor frame, same targets            |
/// | 10 | Z               | MOVE-ALL                                                |
/// | 11 | SPACE           | SELECT                                                  |
/// | 12 | SPACE           | MOVE-ALL                                                |
/// | 13 | W               | Red moves to (0,7): Blue's turn (panel TURN BLUE), Blue's cursor |
/// | 14 | SPACE           | Blue MOVE-ALL on (9,2)                                  |
/// | 15 | A               | Blue moves: round 2 (panel ROUND 2), Red's turn, capitals 2 |
/// | 16 | RESET, WAIT 3   | title                                                   |
///
/// 17 states, each different from the one before, so the GIF of the run
/// (one image per displayed state) has exactly 17 images and at least 17
/// frames were checked. The frames are also written as PNGs and read back.
#[test]
fn paced_game_shows_every_state_pixel_exact() {
    // `pace` waits after key steps only, and play() sends the first key
    // right after START: WAIT 1 keeps the initial board on screen for a
    // whole frame too.
    let script = "
        WAIT 1          # the initial board
        D D S A A W     # SELECT cursor walk
        SPACE           # MOVE-ALL with target hints
        Z Z             # MOVE-HALF, MOVE-ALL
        SPACE           # SELECT
        SPACE W         # Red moves: Blue's turn
        SPACE A         # Blue moves: round 2
        RESET WAIT 3    # back to the title
    ";
    let dir = scratch_dir("paced-frames");
    let gif = dir.join("run.gif");
    let mut o = opts(1, &steps(script), "paced");
    o.pace = 1;
    o.frames.dir = Some(dir.clone());
    o.frames.every = 1;
    o.frames.gif = Some(gif.clone());
    let r: PlayReport = run_opts(&o);

    assert_eq!(
        r.state.phase,
        Phase::Idle,
        "RESET ends the run on the title"
    );
    assert_eq!(r.stats.commands, 14);
    assert_eq!(r.stats.rounds, 1);
    assert_eq!(r.stats.resets, 1);
    assert!(
        r.vga.frames_checked >= 17,
        "every one of the 17 states needs a checked frame: {:?}",
        r.vga
    );
    assert_eq!(
        r.gif_images, 17,
        "distinct consecutive screens: {:?}",
        r.vga
    );
    assert!(
        gif.metadata().map(|m| m.len() > 0).unwrap_or(false),
        "GIF written"
    );

    // PNGs: one per frame seen after the monitor locked, all written.
    let f = frames(&dir);
    assert_eq!(f.len() as u64, r.pngs, "PNG files on disk");
    assert!(
        r.pngs >= r.vga.frames_checked,
        "{} PNGs for {:?}",
        r.pngs,
        r.vga
    );

    let screens: Vec<Screen> = f.iter().map(|(_, i)| screen(i)).collect();
    assert_eq!(
        screens.first(),
        Some(&Screen::Title),
        "the run starts on the title"
    );
    assert_eq!(
        screens.last(),
        Some(&Screen::Title),
        "RESET brings the title back"
    );
    assert!(
        screens
            .iter()
            .all(|s| *s == Screen::Title || *s == Screen::Board),
        "only title and board frames: {screens:?}"
    );
    let boards: Vec<&image::RgbImage> = f
        .iter()
        .filter(|(_, i)| screen(i) == Screen::Board)
        .map(|(_, i)| i)
        .collect();
    assert!(
        boards.len() >= 15,
        "15 board states, {} board frames",
        boards.len()
    );

    check_cursor_and_targets(&boards);
    check_panel(&boards);
}

/// The paced game's board frames: the cursor frame on Red's capital in each
/// mode, and the target hint beside it exactly in the move-mode frames.
fn check_cursor_and_targets(boards: &[&image::RgbImage]) {
    // The cursor on Red's capital (0,8), whose inside starts at (11, 379).
    // P1 = inside pixel (10, 0), P2 = (20, 0); fx = 10 and 20, fy = 0.
    //   SELECT (corner brackets, fx < 14): P1 RED_HI, P2 the cell's fill RED;
    //   MOVE-ALL (full frame): both RED_HI;
    //   MOVE-HALF (dashes, fx/8 + fy/8 even): P1 (1) off -> RED, P2 (2) RED_HI;
    //   cursor elsewhere or Blue's turn: both RED.
    let mode_at_capital = |i: &image::RgbImage| (px(i, 21, 379), px(i, 31, 379));
    let count =
        |want: ([u8; 3], [u8; 3])| boards.iter().filter(|i| mode_at_capital(i) == want).count();
    assert!(
        count((RED_HI, RED)) >= 3,
        "SELECT on the capital: START, after W, after SPACE"
    );
    assert!(
        count((RED_HI, RED_HI)) >= 3,
        "MOVE-ALL: after SPACE, Z Z, SPACE"
    );
    assert!(count((RED, RED_HI)) >= 1, "MOVE-HALF after Z");
    // Cursor elsewhere: the 5 walk steps off (0,8), Blue's turn (2 states),
    // and round 2 (Red's cursor is on (0,7) since its move).
    assert!(count((RED, RED)) >= 8, "no cursor on the capital");
    assert_eq!(
        count((RED_HI, RED)) + count((RED_HI, RED_HI)) + count((RED, RED_HI)) + count((RED, RED)),
        boards.len(),
        "every board frame is one of the four cases"
    );
    // Target hint: inside pixel (0, 0) of (1,8), at (57, 379), is GOLD (depth
    // 0 < 3) exactly while Red is in a move mode on (0,8); otherwise the
    // neutral fill, or Red's cursor when it walks over (1,8).
    let gold = boards.iter().filter(|i| px(i, 57, 379) == GOLD).count();
    let moving = boards
        .iter()
        .filter(|i| matches!(mode_at_capital(i), (RED_HI, RED_HI) | (RED, RED_HI)))
        .count();
    assert_eq!(
        gold, moving,
        "a target is highlighted exactly in the move-mode frames"
    );
    assert!(boards.iter().any(|i| px(i, 57, 379) == NEUTRAL));
}

/// The paced game's board frames: the turn chip and the round on the panel.
fn check_panel(boards: &[&image::RgbImage]) {
    // Panel, row 1 "▮ RED" / "▮ BLUE": the chip (font code 0x7F, columns 1–6,
    // rows 0–6 at scale 2) covers (490, 45) in the current player's light colour.
    let turn = |c: [u8; 3]| boards.iter().filter(|i| px(i, 490, 45) == c).count();
    assert!(
        turn(BLUE_HI) >= 2,
        "Blue's turn: after Red's move and Blue's SPACE"
    );
    assert!(turn(RED_HI) >= 13, "Red's turn in the 13 other states");
    assert_eq!(turn(BLUE_HI) + turn(RED_HI), boards.len());
    // Panel, row 4: the round, right-aligned in columns 4–8 ([547, 627) x
    // [99, 115)): the first board frame shows 1, the last one 2, so they differ.
    let round_box = |i: &image::RgbImage| -> Vec<[u8; 3]> {
        (99..115)
            .flat_map(|y| (547..627).map(move |x| (x, y)))
            .map(|(x, y)| px(i, x, y))
            .collect()
    };
    let (r1, r2) = (round_box(boards[0]), round_box(boards[boards.len() - 1]));
    assert_ne!(r1, r2, "round 1 -> 2 on the panel");
    let n1 = boards.iter().filter(|i| round_box(i) == r1).count();
    let n2 = boards.iter().filter(|i| round_box(i) == r2).count();
    assert_eq!(n1 + n2, boards.len(), "the round box shows 1 or 2");
    assert!(n1 >= 14, "14 states in round 1");
}

/// A whole game to the GAME_OVER banner: map 40 played to the end by the
/// bench's greedy player (keys back to back), then three frames of the banner,
/// keys that GAME_OVER ignores, three more frames, RESET and the title.
/// The banner's band is the winner's colour with a WHITE top edge.
///
/// The bench queues a script's key bytes at once and a `WAIT` does not wait
/// for the queue to empty (START and RESET do), so a `WAIT` right after the
/// 132 keys would pass while they are still being sent. A START step just
/// before the capturing key drains the queue; in PLAYING it is ignored.
#[test]
fn full_game_banner_then_reset_to_title() {
    let all = maps();
    let mut keys = generals::env::greedy::play_keys(40, &all, 2000).expect("greedy game on map 40");
    let n_game = keys.len();
    let g = generals_golden::run_script(40, &keys, &all).expect("golden");
    assert_eq!(
        g.phase,
        Phase::GameOver,
        "the greedy player's game on map 40 ends"
    );
    let winner = g.winner.expect("a winner");
    let last = keys.pop().expect("a capturing key");
    keys.extend(steps("START"));
    keys.push(last);
    keys.extend(steps("WAIT 3  W A S D SPACE Z  WAIT 3  RESET WAIT 2"));

    let dir = scratch_dir("banner-frames");
    let mut o = opts(40, &keys, "banner");
    o.frames.dir = Some(dir.clone());
    o.frames.every = 1;
    let r = run_opts(&o);
    assert_eq!(r.state.phase, Phase::Idle);
    assert_eq!(r.stats.wins, 1);
    assert_eq!(r.stats.games, 1, "START while playing is ignored");
    assert_eq!(r.stats.commands, n_game as u64 + 6);

    let f = frames(&dir);
    assert_eq!(f.len() as u64, r.pngs);
    let screens: Vec<Screen> = f.iter().map(|(_, i)| screen(i)).collect();
    let band = match winner {
        Player::Red => RED,
        Player::Blue => BLUE,
    };
    let banners = screens
        .iter()
        .filter(|s| **s == Screen::Banner(band))
        .count();
    // Banner on screen from the capture until RESET: WAIT 3, six keys (which
    // change nothing), WAIT 3 -> at least four whole frames.
    assert!(banners >= 4, "banner frames: {banners} in {screens:?}");
    assert!(screens
        .iter()
        .all(|s| matches!(s, Screen::Title | Screen::Board | Screen::Banner(_))));
    assert!(
        !screens
            .iter()
            .any(|s| matches!(s, Screen::Banner(c) if *c != band)),
        "the band has the winner's colour"
    );
    // Order: title, board frames, banner frames, title.
    let first_banner = screens
        .iter()
        .position(|s| matches!(s, Screen::Banner(_)))
        .unwrap();
    let last_banner = screens
        .iter()
        .rposition(|s| matches!(s, Screen::Banner(_)))
        .unwrap();
    let first_board = screens.iter().position(|s| *s != Screen::Title).unwrap();
    assert!(first_board >= 1, "the title is shown before START");
    assert!(screens[first_board..first_banner]
        .iter()
        .all(|s| *s == Screen::Board));
    assert!(screens[first_banner..=last_banner]
        .iter()
        .all(|s| matches!(s, Screen::Banner(_))));
    assert!(screens[last_banner + 1..]
        .iter()
        .all(|s| *s == Screen::Title));
    assert!(screens.len() > last_banner + 1, "title after RESET");
    // The banner frames are identical: keys in GAME_OVER change nothing.
    let b0 = &f[first_banner].1;
    assert!(f[first_banner..=last_banner].iter().all(|(_, i)| i == b0));
    assert!(
        r.vga.frames_checked + 1 >= r.pngs,
        "{} PNGs, {:?}",
        r.pngs,
        r.vga
    );
}
