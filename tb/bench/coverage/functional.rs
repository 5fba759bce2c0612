//! The functional coverage model: named bins written from GAME.md, each with
//! the section it comes from, sampled from the transactions the bench sees —
//! commands the scoreboard checked and the golden model applied, game
//! starts and resets, the golden machine player's choices, PS/2 frames the
//! driver put on the wire, FIFO overflows the keyboard scoreboard predicted,
//! screens the pixel scoreboard checked — never from RTL internals.
//!
//! Collection is per thread (libtest runs each test on a thread of its own,
//! so a test's bins are its own): the bench's components call [`sample`],
//! and an environment, when it is dropped, writes what its thread collected
//! ([`flush`]) into the coverage folder, if one is set.

use generals_golden::keyboard::Command;
use generals_golden::machine::{Choice, Seats};
use generals_golden::{GameState, Kind, Mode, Outcome, Owner, Phase, Player, Pos};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// One bin of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bin {
    /// `group/name`, unique.
    pub id: String,
    /// The GAME.md section the behaviour comes from.
    pub section: &'static str,
    /// What hitting it means.
    pub what: String,
}

/// The groups, in report order, with what each covers.
pub const GROUPS: &[(&str, &str)] = &[
    (
        "command",
        "every command in each phase, mode and player (cross)",
    ),
    ("select", "SELECT mode: cursor, borders, entering move mode"),
    (
        "move",
        "move mode: targets, outcomes, troops sent, the cursor",
    ),
    ("turn", "passing the turn: rounds, automatic passes, growth"),
    ("game", "starting, winning and resetting games"),
    ("map", "every one of the 128 maps loaded"),
    (
        "machine",
        "the machine player: seats, its commands, its score classes",
    ),
    (
        "ps2",
        "the PS/2 wire: faults, scan-code sequences, overflow, RESET mid-frame",
    ),
    ("screen", "what the screen shows"),
];

const COMMANDS: [(Command, &str); 6] = [
    (Command::W, "W"),
    (Command::A, "A"),
    (Command::S, "S"),
    (Command::D, "D"),
    (Command::Space, "SPACE"),
    (Command::Z, "Z"),
];
const MODES: [(Mode, &str); 3] = [
    (Mode::Select, "select"),
    (Mode::MoveAll, "move_all"),
    (Mode::MoveHalf, "move_half"),
];
const PLAYERS: [(Player, &str); 2] = [(Player::Red, "red"), (Player::Blue, "blue")];
/// Bits of a PS/2 frame: start, 8 data, parity, stop.
pub const FRAME_BITS: u8 = 11;
/// The largest troop count (GAME.md §1).
const TROOPS_MAX: u16 = generals_golden::MAX_TROOPS;
/// Land grows when the round that ends is a multiple of this (GAME.md §5).
const LAND_PERIOD: u16 = 16;
/// The scan-code prefixes (GAME.md §4), as the golden keyboard has them:
/// the bins sort what the bench sends by the golden model's table, not a
/// copy of it.
use generals_golden::keyboard::{PREFIX_BREAK, PREFIX_EXTENDED};
/// The keypad's codes that are arrows only after `E0` (GAME.md §4): the
/// golden keyboard's arrow codes.
fn keypad(code: u8) -> bool {
    Command::ALL.iter().any(|c| c.arrow_code() == Some(code))
}

fn name_of(cmd: Command) -> &'static str {
    COMMANDS
        .iter()
        .find(|(c, _)| *c == cmd)
        .map_or("?", |(_, n)| n)
}
fn player_name(p: Player) -> &'static str {
    PLAYERS
        .iter()
        .find(|(q, _)| *q == p)
        .map_or("?", |(_, n)| n)
}
fn mode_name(m: Mode) -> &'static str {
    MODES.iter().find(|(q, _)| *q == m).map_or("?", |(_, n)| n)
}
fn seats_name(s: Seats) -> &'static str {
    match (s.red, s.blue) {
        (false, false) => "people",
        (true, false) => "red",
        (false, true) => "blue",
        (true, true) => "both",
    }
}

/// Every bin, in report order.
pub fn bins() -> Vec<Bin> {
    let mut v = Vec::new();
    let mut bin =
        |id: String, section: &'static str, what: String| v.push(Bin { id, section, what });
    for (_, c) in COMMANDS {
        bin(
            format!("command/{c}/idle"),
            "§5",
            format!("{c} in IDLE: consumed and ignored"),
        );
        bin(
            format!("command/{c}/game_over"),
            "§5",
            format!("{c} in GAME_OVER: consumed and ignored"),
        );
        for (_, m) in MODES {
            for (_, p) in PLAYERS {
                bin(
                    format!("command/{c}/{m}/{p}"),
                    "§5",
                    format!("{c} in {m} with {p} to move"),
                );
            }
        }
    }
    for (_, p) in PLAYERS {
        bin(
            format!("command/key_on_machine_turn/{p}"),
            "§8",
            format!("a key typed while the machine plays {p}'s turn: consumed and ignored"),
        );
    }
    let rules: &[(&str, &str, &str)] = &[
        (
            "select/cursor_moved",
            "§5",
            "a direction moves the cursor one cell",
        ),
        ("select/border_W", "§5", "W at the top row: nothing happens"),
        (
            "select/border_A",
            "§5",
            "A at the left column: nothing happens",
        ),
        (
            "select/border_S",
            "§5",
            "S at the bottom row: nothing happens",
        ),
        (
            "select/border_D",
            "§5",
            "D at the right column: nothing happens",
        ),
        ("select/on_mountain", "§5", "the cursor rests on a mountain"),
        (
            "select/space_enters_move_all",
            "§5",
            "Space on an own cell with >= 2 troops: MOVE-ALL",
        ),
        (
            "select/space_not_own",
            "§5",
            "Space on a cell not the player's: nothing",
        ),
        (
            "select/space_one_troop",
            "§5",
            "Space on an own cell with < 2 troops: nothing",
        ),
        ("select/z_nothing", "§5", "Z in SELECT: nothing"),
        (
            "move/off_board",
            "§5",
            "a move off the board: nothing, still in move mode",
        ),
        (
            "move/mountain",
            "§5",
            "a move into a mountain: nothing, still in move mode",
        ),
        (
            "move/space_back_to_select",
            "§5",
            "Space in move mode: back to SELECT",
        ),
        ("move/z_to_half", "§5", "Z in MOVE-ALL: MOVE-HALF"),
        ("move/z_to_all", "§5", "Z in MOVE-HALF: MOVE-ALL"),
        (
            "move/transfer",
            "§5",
            "a move onto an own cell adds the troops",
        ),
        (
            "move/transfer_saturates",
            "§1 §5",
            "a transfer past 511 stops at 511",
        ),
        ("move/capture_npc_land", "§5", "neutral land captured"),
        (
            "move/capture_npc_tower",
            "§5",
            "a neutral tower captured (it stays a tower)",
        ),
        ("move/capture_enemy_land", "§5", "enemy land captured"),
        ("move/capture_enemy_tower", "§5", "an enemy tower captured"),
        (
            "move/capture_capital",
            "§5",
            "the enemy capital captured: the game is won",
        ),
        (
            "move/attack_fails",
            "§5",
            "an attack with fewer troops than the target's",
        ),
        (
            "move/attack_ties",
            "§5",
            "an attack with as many troops as the target's: 0 left",
        ),
        (
            "move/all_odd",
            "§5",
            "MOVE-ALL from an odd count: n - 1 sent",
        ),
        (
            "move/all_even",
            "§5",
            "MOVE-ALL from an even count: n - 1 sent",
        ),
        (
            "move/half_odd",
            "§5",
            "MOVE-HALF from an odd count: floor(n / 2) sent",
        ),
        (
            "move/half_even",
            "§5",
            "MOVE-HALF from an even count: n / 2 sent",
        ),
        (
            "move/cursor_follows",
            "§5",
            "the target is the mover's after the move: the cursor follows",
        ),
        (
            "move/cursor_stays",
            "§5",
            "the target is not the mover's: the cursor stays",
        ),
        ("turn/passes", "§5", "a move passes the turn"),
        (
            "turn/round_ends",
            "§5",
            "the second player's move ends the round",
        ),
        (
            "turn/auto_pass_red",
            "§5",
            "Red has no cell of >= 2 troops: passed at once",
        ),
        (
            "turn/auto_pass_blue",
            "§5",
            "Blue has no cell of >= 2 troops: passed at once",
        ),
        (
            "turn/auto_pass_both",
            "§5",
            "both players passed automatically after one move",
        ),
        (
            "turn/growth_capital",
            "§5",
            "an owned capital grows at a round's end",
        ),
        (
            "turn/growth_tower",
            "§5",
            "an owned tower grows at a round's end",
        ),
        (
            "turn/growth_land_16th",
            "§5",
            "owned land grows when a round divisible by 16 ends",
        ),
        (
            "turn/no_land_growth",
            "§5",
            "owned land does not grow at other rounds' ends",
        ),
        (
            "turn/growth_at_ceiling",
            "§1 §5",
            "a cell at 511 stays at 511 when it would grow",
        ),
        (
            "game/start_from_idle",
            "§3",
            "START on the title screen starts a game",
        ),
        (
            "game/start_from_game_over",
            "§3",
            "START after GAME OVER starts a new game",
        ),
        (
            "game/start_ignored_playing",
            "§3",
            "START during PLAYING is ignored",
        ),
        ("game/first_red", "§3", "an odd draw: Red moves first"),
        ("game/first_blue", "§3", "an even draw: Blue moves first"),
        ("game/won_by_red", "§5", "Red captures Blue's capital"),
        ("game/won_by_blue", "§5", "Blue captures Red's capital"),
        ("game/reset_in_idle", "§3", "RESET on the title screen"),
        (
            "game/reset_in_playing",
            "§3",
            "RESET during a game: back to IDLE",
        ),
        (
            "game/reset_in_game_over",
            "§3",
            "RESET after GAME OVER: back to IDLE",
        ),
    ];
    for &(id, section, what) in rules {
        bin(id.to_string(), section, what.to_string());
    }
    for m in 0..generals_maps::NUM_MAPS {
        bin(
            format!("map/{m:03}"),
            "§2 §3",
            format!("map {m} loaded by START"),
        );
    }
    for s in ["people", "red", "blue", "both"] {
        bin(
            format!("machine/seats_{s}"),
            "§8",
            format!("a game started with the machine playing: {s}"),
        );
    }
    let machine: &[(&str, &str)] = &[
        ("machine/command_red", "the machine types a command for Red"),
        (
            "machine/command_blue",
            "the machine types a command for Blue",
        ),
        (
            "machine/score_win",
            "chosen: the capture of the enemy capital (30 000)",
        ),
        (
            "machine/score_capture",
            "chosen: a capture of neutral land (20 000 + distance)",
        ),
        (
            "machine/score_capture_tower",
            "chosen: a capture of a tower (+ 4 000)",
        ),
        (
            "machine/score_capture_enemy",
            "chosen: a capture of an enemy cell (+ 2 000)",
        ),
        (
            "machine/score_transfer",
            "chosen: a transfer to an own cell (10 000 + ...)",
        ),
        (
            "machine/score_attack",
            "chosen: an attack that captures nothing (1 000 + ...)",
        ),
    ];
    for &(id, what) in machine {
        bin(id.to_string(), "§8", what.to_string());
    }
    let ps2: &[(&str, &str)] = &[
        ("ps2/clean_frame", "a well-formed frame"),
        (
            "ps2/bad_parity",
            "a frame with a parity error: dropped and counted",
        ),
        (
            "ps2/stop_zero",
            "a frame whose stop bit is 0: dropped and counted",
        ),
        (
            "ps2/truncated",
            "a frame cut short, then silence past the timeout: dropped",
        ),
        (
            "ps2/glitch",
            "a clock spike shorter than the filter inside a frame: no effect",
        ),
        (
            "ps2/idle_glitch",
            "a clock spike on the idle bus: no effect",
        ),
        ("ps2/make_key", "a game key's make code"),
        ("ps2/make_arrow", "an arrow's make code (E0 xx)"),
        ("ps2/break", "a break sequence (F0 xx): ignored"),
        (
            "ps2/break_arrow",
            "an extended break sequence (E0 F0 xx): ignored",
        ),
        (
            "ps2/keypad_without_e0",
            "a keypad code (75 6B 72 74) without E0: ignored",
        ),
        (
            "ps2/e0_non_arrow",
            "E0 before a code that is no arrow: ignored",
        ),
        ("ps2/other_code", "a code that is no game key: ignored"),
        (
            "ps2/fifo_overflow",
            "a command decoded while the FIFO is full: dropped, counted",
        ),
    ];
    for &(id, what) in ps2 {
        bin(id.to_string(), "§4", what.to_string());
    }
    for b in 0..FRAME_BITS {
        bin(
            format!("ps2/reset_at_bit_{b:02}"),
            "§4 §5",
            format!("RESET while bit {b} of a frame is on the wire"),
        );
    }
    for s in ["people", "red", "blue", "both"] {
        bin(
            format!("screen/title_{s}"),
            "§6 §8",
            format!("the title screen with the switches set for: {s}"),
        );
    }
    for (_, m) in MODES {
        bin(
            format!("screen/game_{m}"),
            "§6",
            format!("the board in {m} mode"),
        );
    }
    for (_, p) in PLAYERS {
        bin(
            format!("screen/over_{p}"),
            "§6",
            format!("GAME OVER, {p} wins"),
        );
    }
    v
}

/// Something the bench saw, as the coverage model takes it.
#[derive(Clone, Copy, Debug)]
pub enum Sample<'a> {
    /// A command the core applied and the golden model applied too.
    Command {
        /// The golden state before it.
        before: &'a GameState,
        /// The command.
        cmd: Command,
        /// What the golden model said it did.
        outcome: Outcome,
        /// The golden state after it.
        after: &'a GameState,
        /// Typed by the machine player.
        by_machine: bool,
    },
    /// A keyboard command consumed on a machine's turn.
    KeyOnMachineTurn(Player),
    /// A game started: the state before and after, the seats latched.
    Started {
        /// The phase it started from.
        from: Phase,
        /// The new game.
        after: &'a GameState,
        /// Who the machine plays.
        seats: Seats,
    },
    /// A START press recognised during PLAYING.
    StartIgnored,
    /// The core went into reset, from this phase.
    Reset(Phase),
    /// The golden machine player chose a move in this state.
    MachineChoice(&'a GameState, Choice),
    /// A frame the PS/2 driver finished: its byte, and its fault's kind.
    Ps2Frame {
        /// The byte.
        byte: u8,
        /// Which fault it carried.
        fault: FaultKind,
    },
    /// A command decoded while the FIFO was full.
    FifoOverflow,
    /// RESET rose while bit `n` of a frame was on the wire.
    ResetMidFrame(u8),
    /// A frame of the screen shows this state with these seats marked.
    Screen(&'a GameState, Seats),
}

/// A PS/2 frame's fault, as far as coverage cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// A well-formed frame.
    None,
    /// Parity inverted.
    BadParity,
    /// Stop bit 0.
    StopZero,
    /// Cut short.
    Truncated,
    /// A spike inside the frame.
    Glitch,
    /// A spike on the idle bus (not a frame).
    IdleGlitch,
}

/// Hit counts of the bins, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    /// Bin id → hits.
    pub counts: BTreeMap<String, u64>,
    /// The scan-code sequence being received (prefixes seen).
    extended: bool,
    release: bool,
}

impl Hits {
    fn hit(&mut self, id: impl Into<String>) {
        *self.counts.entry(id.into()).or_insert(0) += 1;
    }

    /// Hits of bin `id`.
    pub fn get(&self, id: &str) -> u64 {
        self.counts.get(id).copied().unwrap_or(0)
    }

    /// Takes one sample.
    pub fn sample(&mut self, s: Sample<'_>) {
        match s {
            Sample::Command {
                before,
                cmd,
                outcome,
                after,
                by_machine,
            } => self.command(before, cmd, outcome, after, by_machine),
            Sample::KeyOnMachineTurn(p) => {
                self.hit(format!("command/key_on_machine_turn/{}", player_name(p)))
            }
            Sample::Started { from, after, seats } => {
                self.hit(match from {
                    Phase::GameOver => "game/start_from_game_over",
                    _ => "game/start_from_idle",
                });
                self.hit(match after.first {
                    Player::Red => "game/first_red",
                    Player::Blue => "game/first_blue",
                });
                self.hit(format!("map/{:03}", after.map));
                self.hit(format!("machine/seats_{}", seats_name(seats)));
            }
            Sample::StartIgnored => self.hit("game/start_ignored_playing"),
            Sample::Reset(phase) => self.hit(match phase {
                Phase::Idle => "game/reset_in_idle",
                Phase::Playing => "game/reset_in_playing",
                Phase::GameOver => "game/reset_in_game_over",
            }),
            Sample::MachineChoice(g, choice) => self.choice(g, choice),
            Sample::Ps2Frame { byte, fault } => self.frame(byte, fault),
            Sample::FifoOverflow => self.hit("ps2/fifo_overflow"),
            Sample::ResetMidFrame(bit) => {
                self.hit(format!("ps2/reset_at_bit_{bit:02}"));
                self.extended = false;
                self.release = false;
            }
            Sample::Screen(g, seats) => self.hit(match g.phase {
                Phase::Idle => format!("screen/title_{}", seats_name(seats)),
                Phase::Playing => format!("screen/game_{}", mode_name(g.mode)),
                Phase::GameOver => {
                    format!("screen/over_{}", g.winner.map_or("?", player_name))
                }
            }),
        }
    }

    fn command(
        &mut self,
        before: &GameState,
        cmd: Command,
        outcome: Outcome,
        after: &GameState,
        by_machine: bool,
    ) {
        let c = name_of(cmd);
        let p = before.player;
        match before.phase {
            Phase::Idle => return self.hit(format!("command/{c}/idle")),
            Phase::GameOver => return self.hit(format!("command/{c}/game_over")),
            Phase::Playing => self.hit(format!(
                "command/{c}/{}/{}",
                mode_name(before.mode),
                player_name(p)
            )),
        }
        if by_machine {
            self.hit(format!("machine/command_{}", player_name(p)));
        }
        let cursor = before.cursor(p);
        match (before.mode, cmd, outcome) {
            (Mode::Select, Command::Space, Outcome::ModeChanged) => {
                self.hit("select/space_enters_move_all")
            }
            (Mode::Select, Command::Space, _) => {
                let cell = before.cell(cursor);
                self.hit(if cell.owner != p.owner() {
                    "select/space_not_own"
                } else {
                    "select/space_one_troop"
                });
            }
            (Mode::Select, Command::Z, _) => self.hit("select/z_nothing"),
            (Mode::Select, _, Outcome::CursorMoved) => {
                self.hit("select/cursor_moved");
                if after.cell(after.cursor(p)).kind == Kind::Mountain {
                    self.hit("select/on_mountain");
                }
            }
            (Mode::Select, _, _) => self.hit(format!("select/border_{c}")),
            (_, Command::Space, _) => self.hit("move/space_back_to_select"),
            (Mode::MoveAll, Command::Z, _) => self.hit("move/z_to_half"),
            (_, Command::Z, _) => self.hit("move/z_to_all"),
            (mode, dir, Outcome::NoEffect) => {
                let _ = mode;
                self.hit(match cursor.step(dir) {
                    None => "move/off_board",
                    Some(_) => "move/mountain",
                });
            }
            (mode, _, Outcome::Moved { report, .. } | Outcome::GameWon(report)) => {
                self.made_move(before, after, mode, report.from, report.to, report.sent);
                if let Outcome::Moved { passes, .. } = outcome {
                    self.passed(before, after, report.from, report.to, passes);
                }
            }
            _ => {}
        }
    }

    fn made_move(
        &mut self,
        before: &GameState,
        after: &GameState,
        mode: Mode,
        from: Pos,
        to: Pos,
        k: u16,
    ) {
        let p = before.player;
        let n = before.cell(from).troops;
        self.hit(match (mode, n % 2 == 1) {
            (Mode::MoveHalf, true) => "move/half_odd",
            (Mode::MoveHalf, false) => "move/half_even",
            (_, true) => "move/all_odd",
            (_, false) => "move/all_even",
        });
        let t = before.cell(to);
        if t.owner == p.owner() {
            self.hit("move/transfer");
            if t.troops + k > TROOPS_MAX {
                self.hit("move/transfer_saturates");
            }
        } else if k > t.troops {
            let whose = if t.owner == Owner::Npc {
                "npc"
            } else {
                "enemy"
            };
            self.hit(match t.kind {
                Kind::Capital => "move/capture_capital".to_string(),
                Kind::Tower => format!("move/capture_{whose}_tower"),
                _ => format!("move/capture_{whose}_land"),
            });
        } else if k < t.troops {
            self.hit("move/attack_fails");
        } else {
            self.hit("move/attack_ties");
        }
        self.hit(if after.cursor(p) == to {
            "move/cursor_follows"
        } else {
            "move/cursor_stays"
        });
        if after.phase == Phase::GameOver {
            self.hit(match after.winner {
                Some(Player::Red) => "game/won_by_red",
                _ => "game/won_by_blue",
            });
        }
    }

    /// The turn passed after a move from `from` to `to`, with `passes`
    /// automatic passes: rounds ended and what grew.
    fn passed(&mut self, before: &GameState, after: &GameState, from: Pos, to: Pos, passes: u32) {
        self.hit("turn/passes");
        let p = before.player;
        if passes >= 1 {
            self.hit(format!("turn/auto_pass_{}", player_name(p.other())));
        }
        if passes >= 2 {
            self.hit("turn/auto_pass_both");
        }
        if after.round == before.round {
            return;
        }
        self.hit("turn/round_ends");
        let land_grows = before.round.is_multiple_of(LAND_PERIOD);
        let mut land_seen = false;
        for i in 0..generals_golden::CELLS {
            let at = Pos::from_index(i);
            let (b, a) = (before.cells[i], after.cells[i]);
            if at == from || at == to || b.owner == Owner::Npc || a.owner != b.owner {
                continue;
            }
            let grew = a.troops > b.troops;
            match b.kind {
                Kind::Capital if grew => self.hit("turn/growth_capital"),
                Kind::Tower if grew => self.hit("turn/growth_tower"),
                Kind::Land => land_seen = true,
                _ => {}
            }
            if b.kind != Kind::Mountain && b.troops == TROOPS_MAX && a.troops == TROOPS_MAX {
                let would = b.kind != Kind::Land || land_grows;
                if would {
                    self.hit("turn/growth_at_ceiling");
                }
            }
        }
        if land_seen {
            self.hit(if land_grows {
                "turn/growth_land_16th"
            } else {
                "turn/no_land_growth"
            });
        }
    }

    fn choice(&mut self, g: &GameState, c: Choice) {
        const WIN: u16 = 30_000;
        const CAPTURE: u16 = 20_000;
        const TOWER: u16 = 4_000;
        const ENEMY: u16 = 2_000;
        const TRANSFER_LOW: u16 = 9_900;
        let _ = g;
        if c.score >= WIN {
            self.hit("machine/score_win");
        } else if c.score >= CAPTURE {
            let r = c.score - CAPTURE;
            if r >= TOWER {
                self.hit("machine/score_capture_tower");
            }
            if r % TOWER >= ENEMY {
                self.hit("machine/score_capture_enemy");
            }
            if r < ENEMY {
                self.hit("machine/score_capture");
            }
        } else if c.score >= TRANSFER_LOW {
            self.hit("machine/score_transfer");
        } else {
            self.hit("machine/score_attack");
        }
    }

    fn frame(&mut self, byte: u8, fault: FaultKind) {
        self.hit(match fault {
            FaultKind::None => "ps2/clean_frame",
            FaultKind::BadParity => "ps2/bad_parity",
            FaultKind::StopZero => "ps2/stop_zero",
            FaultKind::Truncated => "ps2/truncated",
            FaultKind::Glitch => "ps2/glitch",
            FaultKind::IdleGlitch => "ps2/idle_glitch",
        });
        if !matches!(fault, FaultKind::None | FaultKind::Glitch) {
            return; // no byte received
        }
        match byte {
            PREFIX_EXTENDED => self.extended = true,
            PREFIX_BREAK => self.release = true,
            code => {
                let (e, r) = (self.extended, self.release);
                self.extended = false;
                self.release = false;
                let game_key = COMMANDS.iter().any(|(c, _)| c.make_code() == code);
                let arrow = COMMANDS.iter().any(|(c, _)| c.arrow_code() == Some(code));
                self.hit(match (e, r) {
                    (true, true) => "ps2/break_arrow",
                    (false, true) => "ps2/break",
                    (true, false) if arrow => "ps2/make_arrow",
                    (true, false) => "ps2/e0_non_arrow",
                    (false, false) if game_key => "ps2/make_key",
                    (false, false) if keypad(code) => "ps2/keypad_without_e0",
                    (false, false) => "ps2/other_code",
                });
            }
        }
    }

    /// The hits as JSON: `{"bins": {"id": hits, …}}`, only bins hit.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "bins": self.counts })
    }
}

/// A thread's collector: all it collected since [`take`], and what it has
/// not yet written ([`flush`]).
#[derive(Default)]
struct Collector {
    all: Hits,
    unwritten: Hits,
}

thread_local! {
    static HITS: RefCell<Collector> = RefCell::new(Collector::default());
}

/// Records one sample in this thread's collector.
pub fn sample(s: Sample<'_>) {
    HITS.with(|h| {
        let mut c = h.borrow_mut();
        c.all.sample(s);
        c.unwritten.sample(s);
    });
}

/// What this thread has collected since it last took its hits, and starts
/// afresh.
pub fn take() -> Hits {
    HITS.with(|h| std::mem::take(&mut *h.borrow_mut()).all)
}

/// Writes what this thread collected since it last wrote into the coverage
/// folder, if one is set ([`take`] still sees it). The file holds the run's
/// name, the build and the hits (see [`super::report`]).
pub fn flush() {
    let Some(dir) = super::dir() else {
        return;
    };
    let counts = HITS.with(|h| std::mem::take(&mut h.borrow_mut().unwritten).counts);
    if counts.is_empty() {
        return;
    }
    let path = super::file_in(&dir, "bins", "json");
    let doc = serde_json::json!({
        "format": super::FORMAT,
        "build": super::build_id(),
        "test": super::run_name(),
        "bins": counts,
    });
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if let Err(e) = crate::outputs::OutDir::unchecked(&dir).write(&name, doc.to_string().as_bytes())
    {
        crate::outputs::note(&format!(
            "coverage: {}: {e}",
            generals_maps::shown_path(&path)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bin_ids_are_unique_and_grouped() {
        let all = bins();
        let mut ids: Vec<&str> = all.iter().map(|b| b.id.as_str()).collect();
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate bin ids");
        for b in &all {
            let group = b.id.split('/').next().unwrap_or("");
            assert!(
                GROUPS.iter().any(|(g, _)| *g == group),
                "{} is in no group",
                b.id
            );
        }
    }

    #[test]
    fn scan_code_sequences_are_classified_by_their_prefixes() {
        let mut h = Hits::default();
        for b in [
            0x1D, 0xE0, 0x75, 0xF0, 0x1D, 0xE0, 0xF0, 0x75, 0x75, 0xE0, 0x1D, 0x99,
        ] {
            h.sample(Sample::Ps2Frame {
                byte: b,
                fault: FaultKind::None,
            });
        }
        for (id, n) in [
            ("ps2/make_key", 1),
            ("ps2/make_arrow", 1),
            ("ps2/break", 1),
            ("ps2/break_arrow", 1),
            ("ps2/keypad_without_e0", 1),
            ("ps2/e0_non_arrow", 1),
            ("ps2/other_code", 1),
            ("ps2/clean_frame", 12),
        ] {
            assert_eq!(h.get(id), n, "{id}");
        }
        // A dropped frame carries no byte: the E0 before it does not apply
        // to the next one.
        h.sample(Sample::Ps2Frame {
            byte: 0xE0,
            fault: FaultKind::BadParity,
        });
        h.sample(Sample::Ps2Frame {
            byte: 0x75,
            fault: FaultKind::None,
        });
        assert_eq!(h.get("ps2/keypad_without_e0"), 2);
    }
}
