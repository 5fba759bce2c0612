//! Helpers shared by the integration tests: expected states written by hand
//! from a picture of the map (docs/rules.md §3), runs of the co-simulated core,
//! and readable comparisons.
#![allow(dead_code)]

pub mod board;
pub mod icarus;
pub mod palette;
pub mod x11;

use generals::env::core_env::{hold_cycles, CoreEnv};
use generals::env::driver::button::Press;
use generals::env::driver::ps2::Ps2Timing;
use generals::env::dut::CoreModel;
use generals::env::scoreboard::core::{CoreStats, FRAME_CYCLES};
use generals::run::play::{attach_vga_check, play, FrameOptions, PlayOptions, PlayReport};
use generals_golden::script::{parse_script, Step};
use generals_golden::{Cell, GameState, Kind, Mode, Owner, Phase, Player, Pos};
use generals_maps::{committed_maps, Map};
use std::path::PathBuf;

/// The 128 committed maps.
pub fn maps() -> Vec<Map> {
    committed_maps()
}

/// Parses a key script, panicking with the parser's message on an error.
pub fn steps(script: &str) -> Vec<Step> {
    parse_script(script).unwrap_or_else(|e| panic!("bad test script: {e}"))
}

/// Where the tests put files: cargo's scratch folder for integration tests
/// (`target/tmp`), one sub-folder per run name.
pub fn out_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("generals-tests")
        .join(name)
}

/// [`out_dir`], emptied and created (frame dumps).
pub fn scratch_dir(name: &str) -> PathBuf {
    let d = out_dir(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
    d
}

/// Play options: map `map`, the script, no trace, no frame files, quiet.
pub fn opts(map: u8, script: &[Step], name: &str) -> PlayOptions {
    PlayOptions {
        map,
        steps: script.to_vec(),
        trace: None,
        frames: FrameOptions {
            dir: None,
            every: 1,
            gif: None,
            // Written only on a mismatch (expected/actual/diff PNGs).
            mismatch_dir: out_dir(&format!("{name}-mismatch")),
            dvi: false,
            threads: generals::env::check_thread::Threads::One,
        },
        pace: 0,
        seed: 1,
        quiet: true,
        seats: generals_golden::machine::Seats::PEOPLE,
        max_rounds: None,
        model: CoreModel::Rtl,
        init_seed: 0,
    }
}

/// Runs `opts` on the co-simulated core (every cycle checked against the
/// golden models), panicking with the mismatch report if it fails.
pub fn run_opts(opts: &PlayOptions) -> PlayReport {
    match play(maps(), opts) {
        Ok(r) => r,
        Err(e) => panic!("co-simulation failed:\n{e}"),
    }
}

/// Runs `script` on map `map` (pace 0) and returns the report.
pub fn run(map: u8, script: &str, name: &str) -> PlayReport {
    run_opts(&opts(map, &steps(script), name))
}

/// The golden model alone on the same script (a diagnostic: when the RTL
/// and the hand-written expectation disagree, this tells whether the golden
/// model agrees with the hand).
pub fn golden(map: u8, script: &str) -> GameState {
    generals_golden::run_script(map, &steps(script), &maps())
        .unwrap_or_else(|e| panic!("golden runner: {e}"))
}

/// The initial state of map `map` written from a picture of the map as
/// `generals maps show` prints it (one string per row, cells separated by
/// spaces: `R`/`B` capital, `^` mountain, `T` tower, `.` land), following
/// docs/rules.md §3: NPC land with 0 troops everywhere else, mountains and towers
/// NPC with 0, each capital its player's with 2 troops, round 1, SELECT,
/// cursors on the own capitals, odd map → Red first, even → Blue first.
///
/// The picture is also checked against the committed map, so a typo in a
/// test's picture fails loudly instead of silently changing expectations.
pub fn fresh(map: u8, picture: &[&str; 10]) -> GameState {
    let mut g = GameState::new();
    let mut red = None;
    let mut blue = None;
    for (y, row) in picture.iter().enumerate() {
        let toks: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(toks.len(), 10, "picture row {y}: {row:?}");
        for (x, t) in toks.iter().enumerate() {
            let p = Pos::new(x as u8, y as u8);
            g.cells[p.index()] = match *t {
                "." => Cell::new(Owner::Npc, Kind::Land, 0),
                "^" => Cell::new(Owner::Npc, Kind::Mountain, 0),
                "T" => Cell::new(Owner::Npc, Kind::Tower, 0),
                "R" => {
                    red = Some(p);
                    Cell::new(Owner::Red, Kind::Capital, 2)
                }
                "B" => {
                    blue = Some(p);
                    Cell::new(Owner::Blue, Kind::Capital, 2)
                }
                other => panic!("picture ({x},{y}): unknown {other:?}"),
            };
        }
    }
    g.phase = Phase::Playing;
    g.winner = None;
    g.map = map;
    g.first = if map % 2 == 1 {
        Player::Red
    } else {
        Player::Blue
    };
    g.player = g.first;
    g.mode = Mode::Select;
    g.round = 1;
    g.cursor_red = red.expect("picture has no R");
    g.cursor_blue = blue.expect("picture has no B");
    // The picture must be the committed map.
    let mut loaded = GameState::new();
    loaded
        .start(map, &maps())
        .unwrap_or_else(|e| panic!("map {map}: {e}"));
    assert_eq!(
        loaded.to_json(),
        g.to_json(),
        "the test's picture of map {map} is not the committed map"
    );
    g
}

/// Sets cell `(x, y)` to `owner`/`troops`, keeping its kind.
pub fn set(g: &mut GameState, x: u8, y: u8, owner: Owner, troops: u16) {
    let c = g.cell_mut(Pos::new(x, y));
    c.owner = owner;
    c.troops = troops;
}

/// Short name of a cell for diffs: `rC 12`, `.T 0`, …
fn cell_text(c: Cell) -> String {
    let o = match c.owner {
        Owner::Npc => '.',
        Owner::Red => 'r',
        Owner::Blue => 'b',
    };
    let k = match c.kind {
        Kind::Land => '-',
        Kind::Mountain => '^',
        Kind::Capital => 'C',
        Kind::Tower => 'T',
    };
    format!("{o}{k}{}", c.troops)
}

/// Every difference between two states, one per line (empty if equal).
pub fn diff(actual: &GameState, expected: &GameState) -> Vec<String> {
    let mut d = Vec::new();
    macro_rules! field {
        ($f:ident) => {
            if actual.$f != expected.$f {
                d.push(format!(
                    "{}: expected {:?}, actual {:?}",
                    stringify!($f),
                    expected.$f,
                    actual.$f
                ));
            }
        };
    }
    field!(phase);
    if expected.phase != Phase::Idle {
        field!(winner);
        field!(map);
        field!(first);
        field!(player);
        field!(mode);
        field!(cursor_red);
        field!(cursor_blue);
        field!(round);
        for i in 0..100 {
            if actual.cells[i] != expected.cells[i] {
                let p = Pos::from_index(i);
                d.push(format!(
                    "cell ({},{}): expected {}, actual {}",
                    p.x,
                    p.y,
                    cell_text(expected.cells[i]),
                    cell_text(actual.cells[i])
                ));
            }
        }
    }
    d
}

/// Asserts that the RTL's final state equals the hand-written one, field by
/// field and then as the JSON form (the rules' contract format). `golden` is
/// the golden model's own result for the same script, printed on a failure
/// to tell a wrong expectation from a wrong design.
pub fn assert_state(
    what: &str,
    actual: &GameState,
    expected: &GameState,
    golden: Option<&GameState>,
) {
    let d = diff(actual, expected);
    if !d.is_empty() {
        let g = match golden {
            Some(g) => {
                let gd = diff(g, expected);
                if gd.is_empty() {
                    "the golden model agrees with the hand-written expectation".to_string()
                } else {
                    format!(
                        "the golden model differs from the hand too:\n  {}",
                        gd.join("\n  ")
                    )
                }
            }
            None => String::new(),
        };
        panic!(
            "{what}: the RTL's state differs from the hand-written expectation:\n  {}\n{g}\nRTL state:\n{}",
            d.join("\n  "),
            actual
        );
    }
    if expected.phase != Phase::Idle {
        assert_eq!(actual.to_json(), expected.to_json(), "{what}: JSON form");
    }
}

/// A co-simulated core driven step by step (no VGA check, so cheaper than
/// [`play`]), for tests that look at the state between steps. The core
/// scoreboard still checks the RTL against the golden model every cycle.
pub struct Session {
    /// The environment.
    pub env: CoreEnv,
    /// The map a script's START draws.
    pub map: u8,
}

impl Session {
    /// Powers up, lets the title show for a frame, presses START (clean)
    /// timed for `map`.
    pub fn start(map: u8) -> Session {
        let mut s = Session::idle(map);
        s.press_start(map, &Press::clean(hold_cycles()));
        s
    }

    /// Powers up and lets the title show for a frame; no START.
    pub fn idle(map: u8) -> Session {
        let mut env = CoreEnv::new(maps(), 1, Ps2Timing::default())
            .unwrap_or_else(|m| panic!("power-up: {m}"));
        env.run(FRAME_CYCLES)
            .unwrap_or_else(|m| panic!("title: {m}"));
        Session { env, map }
    }

    /// Presses START with waveform `press`, timed so the draw counter reads `map`.
    pub fn press_start(&mut self, map: u8, press: &Press) {
        self.env.drain().unwrap_or_else(|m| panic!("{m}"));
        self.env
            .press_start(map, press)
            .unwrap_or_else(|m| panic!("START: {m}"));
    }

    /// Presses RESET (clean).
    pub fn press_reset(&mut self) {
        self.env
            .press_reset(&Press::clean(hold_cycles()))
            .unwrap_or_else(|m| panic!("RESET: {m}"));
    }

    /// On map 1, from its start, the moves of rounds 1 to `last` (4 or
    /// more) that tests/scenarios.rs's `growth_at_end_of_round_16_includes_land`
    /// works out by hand: each round Red moves 1 from its capital up to
    /// (0, 7) and Blue 1 from its capital (9, 2) left to (8, 2); in round 3
    /// Blue takes the tower (8, 1) instead. Round `last + 1` starts, Red to
    /// move.
    pub fn map1_rounds(&mut self, last: u16) {
        self.keys("SPACE W SPACE A"); // R1
        self.keys("S SPACE W D SPACE A"); // R2
        self.keys("S SPACE W SPACE W"); // R3 (Blue takes the tower)
        self.keys("S SPACE W S D SPACE A"); // R4
        for _ in 5..=last {
            self.keys("S SPACE W D SPACE A");
        }
    }

    /// Runs a key script and waits until every command has been applied.
    pub fn keys(&mut self, script: &str) {
        for s in steps(script) {
            self.env
                .run_step(self.map, &s)
                .unwrap_or_else(|m| panic!("{m}"));
        }
        self.env.drain().unwrap_or_else(|m| panic!("{m}"));
    }

    /// Runs ready-made steps and waits until every command has been applied.
    pub fn run_steps(&mut self, script: &[Step]) {
        for s in script {
            self.env
                .run_step(self.map, s)
                .unwrap_or_else(|m| panic!("{m}"));
        }
        self.env.drain().unwrap_or_else(|m| panic!("{m}"));
    }

    /// The state on the RTL's debug outputs now.
    pub fn state(&self) -> GameState {
        self.env
            .rtl_state()
            .unwrap_or_else(|e| panic!("debug outputs: {e}"))
    }

    /// Scoreboard counts so far.
    pub fn stats(&self) -> generals::env::scoreboard::core::CoreStats {
        self.env.sb.stats
    }
}

/// Pictures of the maps the tests play, as `generals maps show N` prints them
/// (`R`/`B` capitals, `^` mountain, `T` tower, `.` land); [`fresh`] checks
/// each against the committed map.
pub const MAP1: [&str; 10] = [
    //0 1 2 3 4 5 6 7 8 9
    ". . . T . T . . . ^", // 0
    "T . . . . . . . T .", // 1
    "^ . . . ^ . . . . B", // 2
    ". . ^ . . T . . T .", // 3
    ". . T . . T . ^ T .", // 4
    "T . ^ T ^ . . ^ . ^", // 5
    "T . . . . . . T . .", // 6
    ". . ^ . ^ . . . ^ .", // 7
    "R . . . . T . . T .", // 8
    ". . . . . . . . . .", // 9
];
pub const MAP2: [&str; 10] = [
    //0 1 2 3 4 5 6 7 8 9
    "R . . . ^ . . . . T", // 0
    ". . . . . . . ^ . .", // 1
    "^ T . T . . T . . .", // 2
    "T . . . . . . T . .", // 3
    ". . . . ^ . . . . .", // 4
    ". . . . T . ^ . . .", // 5
    "T . . T . . T . ^ .", // 6
    ". . . . . ^ . T . .", // 7
    ". . . . . . . . ^ .", // 8
    "T ^ . T . ^ T . . B", // 9
];
pub const MAP38: [&str; 10] = [
    //0 1 2 3 4 5 6 7 8 9
    "^ . . . T . . T . .", // 0
    ". . T ^ . . ^ . . ^", // 1
    "T T . . . T . B . .", // 2
    ". ^ . . ^ . T . . .", // 3
    "^ . . . . . . . T .", // 4
    "T . . T . . . . T .", // 5
    "T . . T T . . . ^ .", // 6
    ". . . . . ^ . . . .", // 7
    ". R . . . . . . ^ .", // 8
    "T . T . T ^ . T T .", // 9
];
pub const MAP40: [&str; 10] = [
    //0 1 2 3 4 5 6 7 8 9
    "B . . T ^ . ^ . . .", // 0
    ". . . ^ . . ^ . T .", // 1
    ". ^ . . . . . T ^ ^", // 2
    "T . . . ^ . ^ . . .", // 3
    ". . T . . . . . . .", // 4
    ". . ^ . . . T . . .", // 5
    ". . . . . . . . ^ .", // 6
    ". T . . . . ^ . T T", // 7
    "^ ^ . . . . . . ^ .", // 8
    ". . . R . ^ . . . .", // 9
];
pub const MAP116: [&str; 10] = [
    //0 1 2 3 4 5 6 7 8 9
    "T T . . . . . . . .", // 0
    "^ . . . T . . . . B", // 1
    ". T . . . ^ . T T .", // 2
    ". . . . . . . . T .", // 3
    ". . . . . . . . . ^", // 4
    "T . . . T T T . ^ .", // 5
    ". ^ T . . . . . T .", // 6
    ". . . . . ^ . . . .", // 7
    "^ . ^ . R . . . . .", // 8
    ". . . . . . ^ T ^ .", // 9
];

/// The same script with every key sent as its make code alone (`RAW 1D`
/// for W, `RAW E0 75` for UP): docs/rules.md §4 says only make codes act, so this
/// plays the same commands in a third of the PS/2 time. For long runs.
pub fn make_only(script: &[Step]) -> Vec<Step> {
    use generals_golden::script::Action;
    script
        .iter()
        .map(|s| match &s.action {
            Action::Key(k) => {
                let mut bytes = Vec::new();
                if k.extended() {
                    bytes.push(0xE0);
                }
                bytes.push(k.code());
                Step {
                    line: s.line,
                    action: Action::Raw(bytes),
                }
            }
            _ => s.clone(),
        })
        .collect()
}

/// The keys of the game [`play_checked`] plays in the power-up and netlist
/// tests, on map 1: two moves, a mode switch and cursor travel.
pub const POWER_UP_GAME: &str = "SPACE Z W SPACE A D S";

/// Plays `keys` on map `map` on `env` from the title screen with every check
/// on (the scoreboards and the VGA check, mismatch pictures under `name`), then two
/// more frames; returns the golden state, the RTL's state, the scoreboard's
/// counts and the frames checked.
pub fn play_checked(
    mut env: CoreEnv,
    name: &str,
    map: u8,
    keys: &str,
) -> (GameState, GameState, CoreStats, u64) {
    let outputs = attach_vga_check(
        &mut env,
        &FrameOptions {
            mismatch_dir: out_dir(name),
            ..FrameOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    let run = |env: &mut CoreEnv| -> Result<(), generals::env::scoreboard::Mismatch> {
        env.run(FRAME_CYCLES)?;
        env.press_start(map, &Press::clean(hold_cycles()))?;
        for step in steps(keys) {
            env.run_step(map, &step)?;
        }
        env.drain()?;
        env.run(2 * FRAME_CYCLES)
    };
    run(&mut env).unwrap_or_else(|m| panic!("{name}: {m}"));
    let frames = generals::run::play::lock(&outputs).vga.frames_checked;
    let rtl = env.rtl_state().unwrap_or_else(|e| panic!("{name}: {e}"));
    (env.golden().clone(), rtl, env.sb.stats, frames)
}
