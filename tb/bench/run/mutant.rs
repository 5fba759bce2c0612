//! The generated mutants' check set (`generals mutant`, which
//! `scripts/mutants --generate` runs once per mutant): a fixed, fast set of
//! the bench's checks, run on the design with the generated mutants
//! (`CoreModel::Generated`) until the first that fails. Mutant 0, the design
//! without a mutation, must pass them all.
//!
//! The set, cheapest first (the design is a flattened netlist, about 50
//! times slower than the RTL's model): the machine against itself for twenty
//! rounds (past round 16, where land grows), every pixel checked, then for
//! four rounds on map 45 (Red's capital on the last row, both at an odd x); two
//! scenarios worked by hand in one run (`tb/scenarios/`: a failed attack and
//! a tie on map 38, then, after RESET, moves off the board and captures on
//! map 1, loaded over map 38's board, automatic passes on map 116, then a
//! person against the machine on map 3: what the machine game does not do;
//! each killed a survivor of the games); a short random regression (keys,
//! START/RESET with bounce, PS/2 faults, the machine's switches) with the
//! VGA check on; the person-driven demo game (the greedy player's keys
//! to GAME OVER, back to back), every pixel checked; and corners no game
//! of the set reaches in its time (`Check::Corners`).

use crate::env::core_env::{hold_cycles, CoreEnv};
use crate::env::driver::button::Press;
use crate::env::driver::ps2::{Fault, Ps2Timing};
use crate::env::dut::{CoreDut, CoreModel};
use crate::env::greedy;
use crate::env::scoreboard::core::FRAME_CYCLES;
use crate::error::AppError;
use crate::infra::mismatch::Mismatch;
use crate::run::fuzz::{self, FuzzOptions, RunExtras};
use crate::run::play::{self, FrameOptions, PlayOptions};
use generals_golden::keyboard::{Command, PREFIX_BREAK, PREFIX_EXTENDED};
use generals_golden::machine::Seats;
use generals_golden::script::{parse_script, Step};
use generals_golden::{Cell, Kind, Owner, Pos, MAX_TROOPS};
use generals_maps::Map;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One check of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// `generals fuzz --seed SEED --keys KEYS --video`.
    Fuzz {
        /// The fuzz seed.
        seed: u64,
        /// Keys to send.
        keys: u64,
    },
    /// `generals play --map MAP --machine both --max-rounds ROUNDS`.
    Machine {
        /// The map START draws.
        map: u8,
        /// Rounds to play at most.
        rounds: u16,
    },
    /// `generals demo --person`: the greedy player's keys to GAME OVER.
    Person,
    /// Scenarios worked by hand (`tb/scenarios/`, `tests/scenarios.rs`),
    /// one after another in one run, RESET between them: each START draws
    /// its own map, so a map is loaded over another's.
    Scenarios(&'static [Scenario]),
    /// Corners no game of the set reaches in its time, in one game on map
    /// 1, every pixel checked: [`PASS_AFTER_RED`]'s positions, set through
    /// the backdoor, Z pressed twice, a key timed into the video scan, a
    /// large MOVE-HALF that ends the round ([`BIG_HALF_MOVE`]) and one that
    /// does not ([`BIG_HALF_MOVE_BLUE_TO_MOVE`]), Red passed after Blue's
    /// move ([`PASS_AFTER_BLUE`]), rounds played to a 16-round boundary
    /// ([`CornerMoves::play_to_round_16`]), the side panel's largest
    /// totals ([`largest_totals`]) through the backdoor, then
    /// [`DROPPED_FRAMES`] bad PS/2 frames and [`CUT_FRAMES`] + 1 cut short
    /// (the receiver's error count past 1 024); then, after
    /// RESET ([`bounced_press`]), a game with the machine playing Blue on [`MACHINE_CORNERS`]'
    /// positions, the keyboard's corners ([`keyboard_corners`]) and a game
    /// Red wins ([`RED_WINS`]).
    Corners,
}

impl Check {
    /// The check's name in reports.
    pub fn name(self) -> String {
        match self {
            Check::Fuzz { seed, keys } => format!("fuzz-{seed}x{keys}"),
            Check::Machine { map, rounds } => format!("machine-map{map}-r{rounds}"),
            Check::Person => "person-demo".into(),
            Check::Corners => "corners".into(),
            Check::Scenarios(list) => {
                let names: Vec<&str> = list.iter().map(|s| s.name).collect();
                format!("scenarios-{}", names.join("-"))
            }
        }
    }
}

/// The set, in the order it runs.
pub const CHECKS: &[Check] = &[
    // Past round 16 (land's growth) and on to 106: the panel's round in
    // three digits, the hundreds digit odd (generated mutants 141 and 248,
    // `panel_text.v:30`), in a frame or two, every pixel checked. Map 7's
    // game ends at round 128.
    Check::Machine {
        map: 7,
        rounds: 106,
    },
    // Red's capital on the last row and at an odd x, Blue's at an odd x:
    // what map 7's game never has the machine play from or against.
    Check::Machine { map: 45, rounds: 4 },
    // An even map: Blue moves first, the machine's first turn the game's
    // (the set's other machine games all have Red first); Blue's capital
    // at x = 7, where the others have it at 9 (bit 2 of x set: generated
    // mutant 366, `game_logic.v:56`, moved its y for Red's machine then).
    Check::Machine { map: 36, rounds: 3 },
    Check::Scenarios(SCENARIOS),
    Check::Fuzz { seed: 1, keys: 40 },
    Check::Person,
    Check::Corners,
];

/// A key script worked by hand, and the map its START draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The file's name in `tb/scenarios/`, without `.keys`.
    pub name: &'static str,
    /// The map START draws.
    pub map: u8,
    /// The machine's switches at START (`SW[0]` Red, `SW[1]` Blue; 0: two
    /// people).
    pub switches: u8,
    /// The key script.
    pub keys: &'static str,
}

/// The scenarios of [`Check::Scenarios`], in the order they run: moves the
/// games above rarely make (a failed attack, a tie, moves off the board,
/// captures; each killed a survivor of the games); map 1 loaded over map
/// 38, whose mountain on (0,0) map 1 does not have (a load that left cells
/// of the old map behind shows there); automatic passes after a tie on a
/// capital (the move's target was the other player's last movable cell);
/// and a person against the machine, whose turns end and begin again (in
/// the machine's game the machine is always to move).
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "attack",
        map: 38,
        switches: 0,
        keys: include_str!("../../scenarios/attack.keys"),
    },
    Scenario {
        name: "capture",
        map: 1,
        switches: 0,
        keys: include_str!("../../scenarios/capture.keys"),
    },
    Scenario {
        name: "pass",
        map: 116,
        switches: 0,
        keys: include_str!("../../scenarios/pass.keys"),
    },
    Scenario {
        name: "machine-blue",
        map: 3,
        switches: 2,
        keys: include_str!("../../scenarios/machine-blue.keys"),
    },
];

/// What the set found on one mutant.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The mutant (0: none).
    pub mutant: u32,
    /// The check that failed, if one did.
    pub killed_by: Option<String>,
    /// The first line of its report.
    pub detail: String,
    /// Cycles simulated in all.
    pub cycles: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Verdict {
    /// One JSON line for `scripts/mutants`.
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "mutant": self.mutant,
            "killed_by": self.killed_by,
            "detail": self.detail,
            "cycles": self.cycles,
            "seconds": (self.seconds * 1000.0).round() / 1000.0,
        })
        .to_string()
    }
}

/// Runs the set on `mutant`, stopping at the first check that fails with a
/// mismatch (the mutant is killed). Any other error (no generated design in
/// this build, a mutant it does not hold, an output that cannot be written)
/// is returned as it is: it is not a kill.
pub fn check(maps: Vec<Map>, mutant: u32, mismatch_dir: &Path) -> Result<Verdict, AppError> {
    let started = Instant::now();
    let model = CoreModel::Generated(mutant);
    let mut cycles = 0;
    for &c in CHECKS {
        let run = run_one(&maps, c, model, mismatch_dir.to_path_buf());
        match run {
            Ok(n) => cycles += n,
            Err(AppError::Mismatch(m)) => {
                return Ok(Verdict {
                    mutant,
                    killed_by: Some(c.name()),
                    detail: m.to_string().lines().next().unwrap_or("").to_string(),
                    cycles,
                    seconds: started.elapsed().as_secs_f64(),
                })
            }
            Err(e) => return Err(e),
        }
    }
    Ok(Verdict {
        mutant,
        killed_by: None,
        detail: String::new(),
        cycles,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// One check; the cycles it simulated.
fn run_one(
    maps: &[Map],
    c: Check,
    model: CoreModel,
    mismatch_dir: PathBuf,
) -> Result<u64, AppError> {
    let frames = FrameOptions {
        dir: None,
        every: 1,
        gif: None,
        mismatch_dir: mismatch_dir.clone(),
        dvi: false,
        // The generated flow runs one mutant per core.
        threads: crate::env::check_thread::Threads::One,
    };
    let game = |map, steps, seats, max_rounds| PlayOptions {
        map,
        steps,
        trace: None,
        frames: frames.clone(),
        pace: 0,
        seed: 1,
        quiet: true,
        seats,
        max_rounds,
        model,
        init_seed: 0,
    };
    match c {
        Check::Fuzz { seed, keys } => {
            let opts = FuzzOptions {
                seed,
                keys,
                video: true,
                quiet: true,
                mix: Default::default(),
            };
            let extras = RunExtras {
                trace: None,
                mismatch_dir: Some(mismatch_dir),
                model,
                // The generated flow runs one mutant per core.
                threads: crate::env::check_thread::Threads::One,
            };
            fuzz::fuzz_recorded(maps.to_vec(), &opts, &mut Vec::new(), &extras).map(|r| r.cycles)
        }
        Check::Machine { map, rounds } => {
            let opts = game(map, Vec::new(), Seats::from_switches(3), Some(rounds));
            play::play(maps.to_vec(), &opts).map(|r| r.cycles)
        }
        Check::Person => {
            let (map, steps) = greedy::demo_game(maps).ok_or(AppError::NoDemoGame {
                max_keys: greedy::DEMO_KEYS_MAX,
            })?;
            let opts = game(map, steps, Seats::PEOPLE, None);
            play::play(maps.to_vec(), &opts).map(|r| r.cycles)
        }
        Check::Scenarios(list) => scenarios(maps, list, model, &frames),
        Check::Corners => corners(maps, model, &frames),
    }
}

/// Boards whose totals are the largest the rules allow, each with what it
/// shows (docs/rules.md §1, docs/display.md "Side panel"): every cell at the
/// troop ceiling, Red's but Blue's capital on (9,2), so that Red's total is
/// 99 × 511 = 50 589 (five digits, bits 10 and 14 set) and Blue's a single
/// cell's; then the board split in two, Red x < 5 and Blue x ≥ 5 (25 550
/// each); then Blue x ≥ 8 and y ≥ 2 (16 cells, 8 176, whose conversion
/// passes 4 088: a thousands digit of 4, which the double dabble must not
/// adjust; generated mutant 282, `video_scan.v:109`, did) and Red the
/// rest (84 cells, 42 924); then the other way round, Blue 42 924 (a
/// hundreds digit of 9, bit 11 of its BCD, which no game of the set gives
/// Blue; generated mutant 623, `video_scan.v:272`, cleared it) and Red 16
/// cells, its capital among them. Capitals on (0,8) and (9,2), where map 1 has
/// them; land elsewhere. No game reaches such totals within the VGA
/// check's time: they are set through the backdoor ([`CoreEnv::poke`]).
pub fn largest_totals() -> [(&'static str, Vec<(Pos, Cell)>); 4] {
    let blue_capital = Pos::new(9, 2);
    let board = |red: fn(Pos) -> bool| -> Vec<(Pos, Cell)> {
        (0..10u8)
            .flat_map(|y| (0..10u8).map(move |x| Pos::new(x, y)))
            .map(|p| {
                let kind = if p == Pos::new(0, 8) || p == blue_capital {
                    Kind::Capital
                } else {
                    Kind::Land
                };
                let owner = if p != blue_capital && red(p) {
                    Owner::Red
                } else {
                    Owner::Blue
                };
                let troops = MAX_TROOPS;
                (
                    p,
                    Cell {
                        owner,
                        kind,
                        troops,
                    },
                )
            })
            .collect()
    };
    [
        ("Red 99 cells of the ceiling", board(|_| true)),
        ("half and half", board(|p| p.x < 5)),
        ("Blue 16 cells, Red 84", board(|p| p.x < 8 || p.y < 2)),
        (
            "Red 16 cells, Blue 84",
            board(|p| p == Pos::new(0, 8) || (p.x >= 8 && p.y >= 2)),
        ),
    ]
}

/// Two positions on map 1 (Red first), set one after the other at the
/// start of a game with Red to move, and Red's keys on each (docs/rules.md
/// §5–§7); each is worked by hand in tests/closure.rs. In both, Red's
/// capital (0,8), where its cursor rests, is its only cell and the move's
/// source; Blue's capital (9,2) has 0 troops, so after Red's move Blue is
/// passed, the round ends (capitals +1) and Red, whose capital can move
/// again, is to move. A pass scan that missed the source as Red's would
/// pass Red too.
pub const PASS_AFTER_RED: [Corner; 2] = [
    // Round 1: the capital's 4, half of it (2) right onto NPC land of 5: the
    // attack fails (NPC 3), the capital keeps 2, and grows to 3. MOVE-HALF
    // is shown for three frames first: the cursor's dashed frame, which no
    // game of the set shows (its keys come back to back; generated mutant
    // 381, `board_tiles.v:192`, turned the dashes of its right half).
    Corner {
        cells: &[
            (Pos::new(0, 8), Owner::Red, Kind::Capital, 4),
            (Pos::new(1, 8), Owner::Npc, Kind::Land, 5),
            (Pos::new(9, 2), Owner::Blue, Kind::Capital, 0),
        ],
        keys: "SPACE Z WAIT 3 D",
    },
    // Round 2: the capital's 3, MOVE-HALF chosen and left again (Z twice:
    // MOVE-ALL, MOVE-HALF, MOVE-ALL), all but one (2) right onto NPC land
    // of 3: the attack fails (NPC 1), the capital keeps 1, and grows to 2.
    Corner {
        cells: &[
            (Pos::new(0, 8), Owner::Red, Kind::Capital, 3),
            (Pos::new(1, 8), Owner::Npc, Kind::Land, 3),
            (Pos::new(9, 2), Owner::Blue, Kind::Capital, 0),
        ],
        keys: "SPACE Z Z D",
    },
];

/// A large MOVE-HALF on map 1, on Red's turn, played after the key timed
/// into the scan (which left Red's cursor on (0,7), the land it took):
/// (0,7) set to 200, half (100) right onto NPC land of 1, taken (Red 99);
/// the source keeps 100, troops with bit 6 set (the move's register then
/// holds a value no smaller move leaves). Blue's capital at 1: Blue is
/// passed, the round ends, and the pass scan runs on to Red's cells.
pub const BIG_HALF_MOVE: Corner = Corner {
    cells: &[
        (Pos::new(0, 7), Owner::Red, Kind::Land, 200),
        (Pos::new(1, 7), Owner::Npc, Kind::Land, 1),
        (Pos::new(9, 2), Owner::Blue, Kind::Capital, 1),
    ],
    keys: "SPACE Z D",
};

/// A large MOVE-HALF on map 1 where the round does not end, played right
/// after [`BIG_HALF_MOVE`] (Red to move, its cursor on (1,7), which that
/// move took): (1,7) set to 200, half (100) right onto NPC land of 1, taken
/// (Red 99); the source keeps 100. Blue's capital (9,2) at 5 can move, so
/// the pass scan stops there (Blue is to move) and the source is written
/// from the move's register after the scan, not at once and not by the
/// growth. Cell 29 is odd: a move register that changes every other cycle
/// while it holds (generated mutant 117, `game_logic.v:656`) is written
/// changed; [`BIG_HALF_MOVE`]'s source, written by the growth scan, is not.
pub const BIG_HALF_MOVE_BLUE_TO_MOVE: Corner = Corner {
    cells: &[
        (Pos::new(1, 7), Owner::Red, Kind::Land, 200),
        (Pos::new(2, 7), Owner::Npc, Kind::Land, 1),
        (Pos::new(9, 2), Owner::Blue, Kind::Capital, 5),
    ],
    keys: "SPACE Z D",
};

/// [`PASS_AFTER_RED`] the other way round, played right after
/// [`BIG_HALF_MOVE_BLUE_TO_MOVE`] (Blue to move, round 5, Blue's cursor on
/// its capital (9,2), its only cell): the capital's 4, half of it (2) left
/// onto NPC land of 129, fails (NPC 127) and keeps 2; a target of 128
/// troops or more, which no other move of the set attacks (generated mutant
/// 750, `game_logic.v:147`, compared k with the target's troops without
/// bit 7 and took it). Blue, second, ends the
/// round (capitals +1: Blue 3, Red 1); Red, whose capital had 0 and whose
/// lands are set to 1, cannot move and is passed; Blue, whose only movable
/// cell is the move's source, is to move. A pass scan that missed the
/// source as Blue's (generated mutant 563, `game_logic.v:776`, read its
/// owner with bit 1 clear) would pass Blue too.
pub const PASS_AFTER_BLUE: Corner = Corner {
    cells: &[
        (Pos::new(9, 2), Owner::Blue, Kind::Capital, 4),
        (Pos::new(8, 2), Owner::Npc, Kind::Land, 129),
        (Pos::new(0, 8), Owner::Red, Kind::Capital, 0),
        (Pos::new(0, 7), Owner::Red, Kind::Land, 1),
        (Pos::new(1, 7), Owner::Red, Kind::Land, 1),
        (Pos::new(2, 7), Owner::Red, Kind::Land, 1),
    ],
    keys: "SPACE Z A",
};

/// One round ended by Blue, played from [`PASS_AFTER_BLUE`]'s end until
/// round 15 (Blue to move, its cursor on its capital (9,2), which holds 2
/// each time): the capital's 1 (MOVE-ALL) left onto NPC land set to 5
/// fails and keeps 1; Blue, second, ends the round (capitals +1); Red, its
/// capital set to 0 and its lands of 1, is passed; Blue is to move again.
pub const ROUND_BY_ROUND: Corner = Corner {
    cells: &[
        (Pos::new(0, 8), Owner::Red, Kind::Capital, 0),
        (Pos::new(8, 2), Owner::Npc, Kind::Land, 5),
    ],
    keys: "SPACE A",
};

/// The round [`ROUND_BY_ROUND`] leads to (Blue to move), the last before a
/// 16-round boundary: Red's lands are cleared to NPC land of 0 but for
/// (1,8), set to land of 2, beside NPC land of 1 at (2,8). Blue's move as
/// in [`ROUND_BY_ROUND`] ends round 15 (no land grows); Red can move and is
/// to move in round 16.
pub const ROUND_15: Corner = Corner {
    cells: &[
        (Pos::new(0, 8), Owner::Red, Kind::Capital, 0),
        (Pos::new(0, 7), Owner::Npc, Kind::Land, 0),
        (Pos::new(1, 7), Owner::Npc, Kind::Land, 0),
        (Pos::new(2, 7), Owner::Npc, Kind::Land, 0),
        (Pos::new(1, 8), Owner::Red, Kind::Land, 2),
        (Pos::new(2, 8), Owner::Npc, Kind::Land, 1),
        (Pos::new(8, 2), Owner::Npc, Kind::Land, 5),
    ],
    keys: "SPACE A",
};

/// Round 16, Red to move, much as tests/closure.rs's
/// `the_moves_own_land_grown_at_round_16_keeps_the_mover_in_play` sets it
/// through the round's backdoor, which the generated design does not have:
/// both capitals set to 0 and (1,7) to Blue land of 2. Red's cursor, on
/// (2,7), goes to (1,8) and moves 1 right onto (2,8): a tie, (1,8) keeps 1.
/// Blue's, on (9,2), goes to (1,7) and moves 1 down onto (1,8): a tie, Red's
/// with 0, and (1,7) keeps 1. Round 16 ends: capitals +1, land +1 (16 is a
/// multiple of 16), so the move's source, Blue's land of 2, is Blue's only
/// movable cell and Red has none (its capital and (1,8) at 1). Red is
/// passed; Blue is to move in round 17. A pass scan whose test of the
/// move's source left land's growth out (generated mutant 130,
/// `game_logic.v:179`, `hit_src_q`'s) passed Blue too.
pub const GROWN_AT_16: Corner = Corner {
    cells: &[
        (Pos::new(0, 8), Owner::Red, Kind::Capital, 0),
        (Pos::new(9, 2), Owner::Blue, Kind::Capital, 0),
        (Pos::new(1, 7), Owner::Blue, Kind::Land, 2),
    ],
    keys: "A S SPACE D A A A A A A A A S S S S S SPACE S",
};

/// Round 17, after [`GROWN_AT_16`] (Blue to move, its cursor on (1,7)):
/// (8,2) set to a Red tower of 2, Red's capital to 0, Blue's to 2. Blue's
/// cursor goes back to its capital and sends 1 left onto the tower: it
/// fails (the tower keeps 1). Blue, second, ends round 17: towers and
/// capitals +1, so the tower, the move's target, grows to 2 and is Red's
/// only movable cell (its capital 1, its land (1,8) 1): Red is to move in
/// round 18. A pass scan whose test of the move's target read the owner
/// with bit 0 flipped (generated mutant 789, `game_logic.v:181`) saw
/// Red's tower as no one's, not grown, and passed Red.
pub const TARGET_GROWN: Corner = Corner {
    cells: &[
        (Pos::new(8, 2), Owner::Red, Kind::Tower, 2),
        (Pos::new(0, 8), Owner::Red, Kind::Capital, 0),
        (Pos::new(9, 2), Owner::Blue, Kind::Capital, 2),
    ],
    keys: "D D D D D D D D W W W W W SPACE A",
};

/// The machine's switches of [`MACHINE_CORNERS`]' game: `SW[1]`, the machine
/// plays Blue.
pub const MACHINE_BLUE: u8 = 0b10;

/// Five positions on map 1 with the machine playing Blue (Red, a person,
/// first), set one after the other from the game's start: Red attacks from
/// its capital (0,8) with 4 into NPC land of 5 and fails, so Blue's machine
/// is to move on the position set, chooses (docs/rules.md §11) and types
/// its move; Blue is second, so the round ends and Red is to move again
/// (in the last, Blue's move wins the game).
/// Each is worked by hand in tests/closure.rs.
pub const MACHINE_CORNERS: [Corner; 5] = [
    // Blue's capital (9,2) with 70, its only cell: W and S attacks on NPC
    // land of 100 (1 000 + 69), A a capture of NPC land of 30 (69 beats 30),
    // which wins. A source of 65 troops or more, which no game of the set
    // gives the machine: the candidate's k (69) has bit 6 set.
    Corner {
        cells: &[
            (Pos::new(0, 8), Owner::Red, Kind::Capital, 4),
            (Pos::new(1, 8), Owner::Npc, Kind::Land, 5),
            (Pos::new(9, 2), Owner::Blue, Kind::Capital, 70),
            (Pos::new(9, 1), Owner::Npc, Kind::Land, 100),
            (Pos::new(8, 2), Owner::Npc, Kind::Land, 30),
            (Pos::new(9, 3), Owner::Npc, Kind::Land, 100),
        ],
        keys: "SPACE D WAIT TURN",
    },
    // Blue's only cell that can move: land (5,0) with 5 on the top row (W
    // off the board), k = 4. A: an attack on NPC land of 100; S: an attack
    // on NPC land of 10 (4 does not beat 10); D: a capture of NPC land of 3,
    // which wins. A k read as 20 (bit 4 flipped) would beat the 10 of S,
    // a capture nearer Red's capital than D's. The capital (9,2) at 1 and
    // the land the first position took, set to NPC land, cannot move.
    Corner {
        cells: &[
            (Pos::new(0, 8), Owner::Red, Kind::Capital, 4),
            (Pos::new(1, 8), Owner::Npc, Kind::Land, 5),
            (Pos::new(9, 2), Owner::Blue, Kind::Capital, 1),
            (Pos::new(8, 2), Owner::Npc, Kind::Land, 0),
            (Pos::new(5, 0), Owner::Blue, Kind::Land, 5),
            (Pos::new(4, 0), Owner::Npc, Kind::Land, 100),
            (Pos::new(5, 1), Owner::Npc, Kind::Land, 10),
            (Pos::new(6, 0), Owner::Npc, Kind::Land, 3),
        ],
        keys: "SPACE D WAIT TURN",
    },
    // Blue's two cells that can move, both land of 5 on the bottom row (S
    // off the board), k = 4, everything else around them NPC land of 100
    // (attacks): (3,9), whose D is a transfer onto Blue's land of 1 at
    // (4,9), farther from Red's capital (0,8) (5 against 4); and (6,9),
    // whose W is a transfer onto Blue's land of 1 at (6,8), nearer (6
    // against 7), which wins though it comes later. A distance of the
    // source to the capital read 8 too far (generated mutant 414,
    // `machine_player.v:94`: bit 3 of the capital's y flipped where it is
    // even) makes both nearer, and the earlier wins.
    Corner {
        cells: &[
            (Pos::new(0, 8), Owner::Red, Kind::Capital, 4),
            (Pos::new(1, 8), Owner::Npc, Kind::Land, 5),
            (Pos::new(9, 2), Owner::Blue, Kind::Capital, 1),
            (Pos::new(3, 9), Owner::Blue, Kind::Land, 5),
            (Pos::new(3, 8), Owner::Npc, Kind::Land, 100),
            (Pos::new(2, 9), Owner::Npc, Kind::Land, 100),
            (Pos::new(4, 9), Owner::Blue, Kind::Land, 1),
            (Pos::new(6, 9), Owner::Blue, Kind::Land, 5),
            (Pos::new(6, 8), Owner::Blue, Kind::Land, 1),
            (Pos::new(5, 9), Owner::Npc, Kind::Land, 100),
            (Pos::new(7, 9), Owner::Npc, Kind::Land, 100),
        ],
        keys: "SPACE D WAIT TURN",
    },
    // Blue's one cell that can move, land (5,8) of 5, k = 4: A takes NPC
    // land of 0 at (4,8), D NPC tower of 0 at (6,8), which wins (a tower's
    // capture scores more); W and S attack NPC land of 100. A test of the
    // enemy capital that read the target's x with bit 2 clear (generated
    // mutant 629, `machine_player.v:311`) took (4,8) for Red's capital
    // (0,8), a win, and typed A. The cells the last position left Blue are
    // NPC land of 0 again, its capital 1.
    Corner {
        cells: &[
            (Pos::new(0, 8), Owner::Red, Kind::Capital, 4),
            (Pos::new(1, 8), Owner::Npc, Kind::Land, 5),
            (Pos::new(9, 2), Owner::Blue, Kind::Capital, 1),
            (Pos::new(3, 9), Owner::Npc, Kind::Land, 0),
            (Pos::new(4, 9), Owner::Npc, Kind::Land, 0),
            (Pos::new(6, 9), Owner::Npc, Kind::Land, 0),
            (Pos::new(5, 8), Owner::Blue, Kind::Land, 5),
            (Pos::new(4, 8), Owner::Npc, Kind::Land, 0),
            (Pos::new(6, 8), Owner::Npc, Kind::Tower, 0),
            (Pos::new(5, 7), Owner::Npc, Kind::Land, 100),
            (Pos::new(5, 9), Owner::Npc, Kind::Land, 100),
        ],
        keys: "SPACE D WAIT TURN",
    },
    // Blue's one cell that can move, land (1,8) of 20 beside Red's capital,
    // 17 after Red's attack fails: A takes the capital (16 beats 1) and
    // wins, above W's capture of Red's tower of 5 at (1,7), which scores
    // more than any other capture (generated mutant 424,
    // `machine_player.v:122`, never saw the capital as the target and took
    // the tower). The cells the last position left Blue are NPC land of 0
    // again, its capital 1. GAME OVER, Blue the winner.
    Corner {
        cells: &[
            (Pos::new(0, 8), Owner::Red, Kind::Capital, 4),
            (Pos::new(1, 8), Owner::Blue, Kind::Land, 20),
            (Pos::new(1, 7), Owner::Red, Kind::Tower, 5),
            (Pos::new(1, 9), Owner::Npc, Kind::Land, 100),
            (Pos::new(2, 8), Owner::Npc, Kind::Land, 100),
            (Pos::new(9, 2), Owner::Blue, Kind::Capital, 1),
            (Pos::new(3, 9), Owner::Npc, Kind::Land, 0),
            (Pos::new(4, 9), Owner::Npc, Kind::Land, 0),
            (Pos::new(6, 9), Owner::Npc, Kind::Land, 0),
            (Pos::new(6, 8), Owner::Npc, Kind::Land, 0),
            (Pos::new(5, 8), Owner::Npc, Kind::Land, 0),
        ],
        keys: "SPACE D WAIT TURN",
    },
];

/// Red's win on map 1, from its game's start (Red to move, its cursor on its
/// capital (0,8)): Red land of 200 beside Blue's capital (9,2) of 70; the
/// cursor goes there (8 right, 6 up) and Red moves all but one right: 199
/// beats 70 and the capital is Red's with 129, GAME OVER, Red the winner
/// (docs/rules.md §6), its banner shown. A capture's troops, k minus the
/// target's, with the target's bit 6 set: no game of the set takes a cell
/// of 64 troops or more (generated mutant 233, `game_logic.v:152`, which
/// cleared that bit, left 193). tests/closure.rs's
/// `red_fails_an_attack_then_wins_on_screen` plays a capture of a capital
/// on the RTL too.
pub const RED_WINS: Corner = Corner {
    cells: &[
        (Pos::new(8, 2), Owner::Red, Kind::Land, 200),
        (Pos::new(9, 2), Owner::Blue, Kind::Capital, 70),
    ],
    keys: "D D D D D D D D W W W W W W SPACE D",
};

/// Two round ends in one command, on map 1 from a game's start (Red first,
/// to move, its cursor on its capital (0,8)): every owned cell at 0 but
/// Red's land of 2 at (1,8), which moves 1 right onto NPC land of 0 at
/// (2,8) and takes it. Nobody owns a cell of 2 then: Blue is passed (round
/// 1 ends: capitals and towers 1), Red is passed, Blue is passed again
/// (round 2 ends: 2): Red to move in round 3. The second round end is
/// counted while one is counted already, which no game of the set does
/// (generated mutant 338, `game_logic.v:588`, counted three).
/// tests/closure.rs works it out by hand.
pub const TWO_ROUND_ENDS: Corner = Corner {
    cells: &[
        (Pos::new(0, 8), Owner::Red, Kind::Capital, 0),
        (Pos::new(0, 7), Owner::Red, Kind::Tower, 0),
        (Pos::new(1, 8), Owner::Red, Kind::Land, 2),
        (Pos::new(2, 8), Owner::Npc, Kind::Land, 0),
        (Pos::new(9, 2), Owner::Blue, Kind::Capital, 0),
        (Pos::new(8, 1), Owner::Blue, Kind::Tower, 0),
        (Pos::new(8, 2), Owner::Blue, Kind::Land, 0),
    ],
    keys: "D SPACE D",
};

/// A position set through the backdoor and the keys played on it.
#[derive(Clone, Copy, Debug)]
pub struct Corner {
    /// The cells set: where, owner, kind, troops.
    pub cells: &'static [(Pos, Owner, Kind, u16)],
    /// The key script played on it.
    pub keys: &'static str,
}

impl Corner {
    /// The cells, as [`CoreEnv::poke`] takes them.
    pub fn board(&self) -> Vec<(Pos, Cell)> {
        let cell = |&(p, owner, kind, troops): &(Pos, Owner, Kind, u16)| {
            (
                p,
                Cell {
                    owner,
                    kind,
                    troops,
                },
            )
        };
        self.cells.iter().map(cell).collect()
    }
}

/// How far into the video scan [`Check::Corners`]'s timed key arrives, in
/// cycles (the scan takes [`crate::env::scoreboard::core::SCAN_CYCLES`]).
pub const SCAN_INTO: u64 = 300;

/// Bad PS/2 frames [`Check::Corners`] sends (bad parity and stop bits in
/// turn): the receiver's error count (`dbg_kbd_err`) passes 64, bit 6.
pub const DROPPED_FRAMES: u8 = 70;

/// Frames of one bit (the start bit, then silence) [`Check::Corners`] sends
/// after [`DROPPED_FRAMES`], each dropped at the receiver's time-out, the
/// cheapest bad frame (about 13 000 cycles): the error count passes 1 024,
/// bit 10.
pub const CUT_FRAMES: u16 = 960;

/// The moves of [`Check::Corners`], on map 1 from its game's start (Red to
/// move): [`PASS_AFTER_RED`]'s positions, Space and a W timed into the video
/// scan ([`CoreEnv::key_into_the_scan`]), [`BIG_HALF_MOVE`],
/// [`BIG_HALF_MOVE_BLUE_TO_MOVE`] and [`PASS_AFTER_BLUE`], each position set through the backdoor
/// and its keys played to the end. tests/closure.rs checks the states they
/// leave, worked by hand.
pub struct CornerMoves {
    before_the_scan: Vec<(Corner, Vec<Step>)>,
    after_the_scan: Vec<(Corner, Vec<Step>)>,
    to_round_16: [(Corner, Vec<Step>); 4],
    machine: Vec<(Corner, Vec<Step>)>,
}

impl CornerMoves {
    /// The positions' key scripts, parsed.
    pub fn parse() -> Result<Self, AppError> {
        let parsed = |c: &Corner| script("a position of the corners run", c.keys).map(|k| (*c, k));
        Ok(Self {
            before_the_scan: PASS_AFTER_RED
                .iter()
                .map(parsed)
                .collect::<Result<_, _>>()?,
            after_the_scan: [BIG_HALF_MOVE, BIG_HALF_MOVE_BLUE_TO_MOVE, PASS_AFTER_BLUE]
                .iter()
                .map(parsed)
                .collect::<Result<_, _>>()?,
            to_round_16: [
                parsed(&ROUND_BY_ROUND)?,
                parsed(&ROUND_15)?,
                parsed(&GROWN_AT_16)?,
                parsed(&TARGET_GROWN)?,
            ],
            machine: MACHINE_CORNERS
                .iter()
                .map(parsed)
                .collect::<Result<_, _>>()?,
        })
    }

    /// Plays [`MACHINE_CORNERS`] on a game of map 1 started with the machine
    /// playing Blue ([`MACHINE_BLUE`]); `after` sees the environment after
    /// each.
    pub fn play_machine(
        &self,
        env: &mut CoreEnv,
        mut after: impl FnMut(&CoreEnv),
    ) -> Result<(), Mismatch> {
        for position in &self.machine {
            set_and_play(env, position)?;
            after(env);
        }
        Ok(())
    }

    /// Plays [`ROUND_BY_ROUND`] until round 15, then [`ROUND_15`] and
    /// [`GROWN_AT_16`], then [`TARGET_GROWN`]: from where
    /// [`CornerMoves::play`] leaves the game to Red to move in round 18.
    pub fn play_to_round_16(&self, env: &mut CoreEnv) -> Result<(), Mismatch> {
        let [by_round, round_15, grown, target_grown] = &self.to_round_16;
        for _ in env.golden().round..15 {
            set_and_play(env, by_round)?;
        }
        set_and_play(env, round_15)?;
        set_and_play(env, grown)?;
        set_and_play(env, target_grown)
    }

    /// Plays the moves; `after` sees the environment after each of the six.
    pub fn play(&self, env: &mut CoreEnv, mut after: impl FnMut(&CoreEnv)) -> Result<(), Mismatch> {
        for position in &self.before_the_scan {
            set_and_play(env, position)?;
            after(env);
        }
        // Red, on its capital of 2: MOVE-ALL, then W (north) timed to arrive
        // inside the video scan, which the move must wait for: 1 onto (0,7),
        // NPC land of 0, taken, where Red's cursor follows. Blue, its capital
        // at 1, is passed; the round ends; Red is to move.
        env.ps2.send_bytes(&[Command::Space.make_code()]);
        env.key_into_the_scan(Command::W.make_code(), SCAN_INTO)?;
        env.drain()?;
        after(env);
        for position in &self.after_the_scan {
            set_and_play(env, position)?;
            after(env);
        }
        Ok(())
    }
}

/// A position set through the backdoor, its keys played to the end (map 1).
fn set_and_play(env: &mut CoreEnv, (corner, keys): &(Corner, Vec<Step>)) -> Result<(), Mismatch> {
    env.poke(&corner.board())?;
    for step in keys {
        env.run_step(1, step)?;
    }
    env.drain()
}

/// A bounce of [`Check::Corners`]' RESET press, in cycles: 128, bit 7 of
/// the debouncer's count, which a bounce back clears (generated mutant 537,
/// `button.v:51`, kept it, and the press was recognised 128 cycles early).
pub const EXACT_BOUNCE: u32 = 128;

/// [`Check::Corners`]' RESET press: pressed for [`EXACT_BOUNCE`] cycles,
/// released for as long, then held, released clean.
pub fn bounced_press() -> Press {
    Press {
        stretches: vec![
            (EXACT_BOUNCE, true),
            (EXACT_BOUNCE, false),
            (hold_cycles(), true),
        ],
    }
}

/// Bits of the frame [`Check::Corners`] cuts short at its end (start bit
/// included): the receiver must drop it at its time-out, not sooner.
pub const CUT_AFTER_BITS: u8 = 5;

/// A game on map 1 (two people): [`CornerMoves`] (to round 17), then each board of
/// [`largest_totals`], set on a person's turn and shown for three frames,
/// then [`DROPPED_FRAMES`] bad frames, [`CUT_FRAMES`] frames of one bit and
/// a frame cut short after [`CUT_AFTER_BITS`] bits; after RESET (pressed with a
/// bounce, [`bounced_press`]), a game on map 1 with the machine
/// playing Blue on [`MACHINE_CORNERS`]' positions; then
/// [`keyboard_corners`]; then a game on map 1 that Red wins ([`RED_WINS`]);
/// then a new game from [`TWO_ROUND_ENDS`]' position. Every cycle and pixel
/// checked.
fn corners(maps: &[Map], model: CoreModel, frames: &FrameOptions) -> Result<u64, AppError> {
    let moves = CornerMoves::parse()?;
    let red_wins = (
        RED_WINS,
        script("a position of the corners run", RED_WINS.keys)?,
    );
    let two_round_ends = (
        TWO_ROUND_ENDS,
        script("a position of the corners run", TWO_ROUND_ENDS.keys)?,
    );
    // The title for a frame, then START on map 1 with the machine's switches.
    let new_game = |env: &mut CoreEnv, switches| {
        env.switches = switches;
        env.run(FRAME_CYCLES)?;
        env.press_start(1, &Press::clean(hold_cycles()))
    };
    checked_run(maps, model, frames, |env| {
        new_game(env, 0)?;
        moves.play(env, |_| {})?;
        moves.play_to_round_16(env)?;
        for (_, board) in largest_totals() {
            env.poke(&board)?;
            env.run(3 * FRAME_CYCLES)?;
        }
        for i in 0..DROPPED_FRAMES {
            let fault = if i % 2 == 0 {
                Fault::BadParity
            } else {
                Fault::StopZero
            };
            env.ps2.send(Command::W.make_code(), fault);
        }
        for _ in 0..CUT_FRAMES {
            env.ps2
                .send(Command::W.make_code(), Fault::Truncate { bits: 1 });
        }
        // A frame cut short: dropped at the receiver's time-out, not sooner.
        env.ps2.send(
            Command::W.make_code(),
            Fault::Truncate {
                bits: CUT_AFTER_BITS,
            },
        );
        env.drain()?;
        // The machine's choices on positions no game of the set reaches,
        // after a RESET whose press bounces for exactly EXACT_BOUNCE cycles.
        env.press_reset(&bounced_press())?;
        new_game(env, MACHINE_BLUE)?;
        moves.play_machine(env, |_| {})?;
        keyboard_corners(env)?;
        // Red wins, on screen: the one banner no game of the set shows.
        new_game(env, 0)?;
        set_and_play(env, &red_wins)?;
        env.run(3 * FRAME_CYCLES)?;
        // Two round ends in one command, in a new game.
        new_game(env, 0)?;
        set_and_play(env, &two_round_ends)
    })
}

/// How long before the receiver re-arms after a reset the start bit of
/// [`Check::Corners`]' early frame falls, in cycles: well outside the
/// keyboard scoreboard's margin (the filter and 16 cycles), so the frame
/// must vanish.
pub const EARLY_BY: u32 = 300;

/// Where [`keyboard_corners`]' start bits fall after a reset, in cycles from
/// the receiver's arming time, one frame a reset: across the cycle in which
/// the receiver, as built, arms (tests/closure.rs finds it by a sweep of the
/// scoreboard's whole margin and checks that this one spans it), where a
/// receiver that armed in a cycle the clock falls in would take a later
/// data bit for a start bit (generated mutant 68, `ps2_rx.v:110`).
pub const ARMING_SWEEP: std::ops::RangeInclusive<i32> = -103..=-98;

/// Frames of W [`keyboard_corners`] types after the one RESET cuts: the bus
/// idles for longer than the receiver's arming time before each, so they
/// arrive.
pub const AFTER_RESET: usize = 3;

/// A break prefix sent before the extended one, then the up arrow's code:
/// the prefixes count in either order (docs/rules.md §4), so this is the
/// arrow's break, and only make codes act. A decoder whose `E0` forgot an
/// `F0` before it (generated mutant 311, `keyboard.v:120`) read W.
pub const BREAK_THEN_EXTENDED: [u8; 3] = [PREFIX_BREAK, PREFIX_EXTENDED, 0x75];

/// The keyboard's corners, on the front end behind the core: a spike on
/// the clock one cycle shorter than the filter takes (the longest it must
/// remove); a frame cut short with a spike in the silence after it (the
/// time-out still counts from the last real edge); the bytes of
/// [`BREAK_THEN_EXTENDED`]; RESET in the middle of
/// a frame, with frames following; a frame that starts [`EARLY_BY`] cycles
/// before the receiver re-arms after a reset; then, a reset before each,
/// frames whose start bits fall in each cycle of [`ARMING_SWEEP`], taken
/// whole or lost whole. Returns the frames typed as RESET was pressed.
pub fn keyboard_corners(env: &mut CoreEnv) -> Result<usize, Mismatch> {
    let rx = *env.ps2.rx();
    let longest = rx.filter_cycles - 1;
    let w = Command::W.make_code();
    env.ps2.send(
        w,
        Fault::Glitch {
            bit: 3,
            len: longest,
        },
    );
    env.ps2.send(
        w,
        Fault::TruncateGlitch {
            bits: CUT_AFTER_BITS,
            len: longest,
        },
    );
    for byte in BREAK_THEN_EXTENDED {
        env.ps2.send(byte, Fault::None);
    }
    env.drain()?;
    let typed = env.reset_while_typing(w, AFTER_RESET, &Press::clean(hold_cycles()))?;
    env.reset_then_frame(w, -(EARLY_BY as i32), &Press::clean(hold_cycles()))?;
    // Start bits in each cycle around the cycle the receiver arms in.
    env.sb.kbd.unsure_may_vanish = true;
    for from_arming in ARMING_SWEEP {
        env.reset_then_frame(w, from_arming, &Press::clean(hold_cycles()))?;
    }
    env.sb.kbd.unsure_may_vanish = false;
    Ok(typed)
}

/// A key script of the set, parsed; `name` says which in an error.
fn script(name: &str, keys: &str) -> Result<Vec<Step>, AppError> {
    parse_script(keys).map_err(|e| AppError::Script {
        name: name.into(),
        source: e,
    })
}

/// One run of the set from power-up on `model`, every pixel checked:
/// `body` drives it; the cycles it simulated.
fn checked_run(
    maps: &[Map],
    model: CoreModel,
    frames: &FrameOptions,
    body: impl FnOnce(&mut CoreEnv) -> Result<(), Mismatch>,
) -> Result<u64, AppError> {
    let dut = CoreDut::open(model, 0)?;
    let mut env = CoreEnv::with_dut(dut, maps.to_vec(), 1, Ps2Timing::default(), false)?;
    play::attach_vga_check(&mut env, frames)?;
    let result = body(&mut env);
    env.settle(result)?;
    Ok(env.dut.cycle)
}

/// `list` played in one run from power-up, every pixel checked: for each,
/// its switches, START drawing its map, its keys, then RESET before the next.
fn scenarios(
    maps: &[Map],
    list: &[Scenario],
    model: CoreModel,
    frames: &FrameOptions,
) -> Result<u64, AppError> {
    let steps = list
        .iter()
        .map(|s| script(&format!("tb/scenarios/{}.keys", s.name), s.keys))
        .collect::<Result<Vec<_>, _>>()?;
    checked_run(maps, model, frames, |env| {
        for (i, (s, steps)) in list.iter().zip(&steps).enumerate() {
            if i > 0 {
                env.press_reset(&Press::clean(hold_cycles()))?;
            }
            env.switches = s.switches;
            env.run(FRAME_CYCLES)?;
            env.press_start(s.map, &Press::clean(hold_cycles()))?;
            for step in steps {
                env.run_step(s.map, step)?;
            }
            env.drain()?;
        }
        // The last state latched and shown in full.
        env.run(2 * FRAME_CYCLES)
    })
}
