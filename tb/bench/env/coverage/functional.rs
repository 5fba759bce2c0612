//! The functional coverage model: named bins written from docs/rules.md, each with
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
    /// The section of the contract the behaviour comes from (`§1` … `§9`,
    /// docs/rules.md's index).
    pub section: String,
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
/// The largest troop count (docs/rules.md §1).
const TROOPS_MAX: u16 = generals_golden::MAX_TROOPS;
/// Land grows when the round that ends is a multiple of this (docs/rules.md §5).
const LAND_PERIOD: u16 = 16;
/// The scan-code prefixes (docs/rules.md §4), as the golden keyboard has them:
/// the bins sort what the bench sends by the golden model's table, not a
/// copy of it.
use generals_golden::keyboard::{PREFIX_BREAK, PREFIX_EXTENDED};
/// The keypad's codes that are arrows only after `E0` (docs/rules.md §4): the
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

/// The bins' table (`bins.toml` beside this file): a row a bin, or a
/// family of bins over an axis named in braces.
const TABLE: &str = include_str!("bins.toml");

/// One row of the table.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    id: String,
    section: String,
    what: String,
}

/// The table.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    bin: Vec<Row>,
}

/// The values of an axis a family names, each as its id writes it and as a
/// person reads it; `None` for a name that is no axis.
fn axis(name: &str) -> Option<Vec<(String, String)>> {
    let same = |v: &[&str]| v.iter().map(|s| (s.to_string(), s.to_string())).collect();
    Some(match name {
        "c" => same(&COMMANDS.map(|(_, n)| n)),
        "m" => same(&MODES.map(|(_, n)| n)),
        "p" => same(&PLAYERS.map(|(_, n)| n)),
        "s" => same(&SEATS),
        "map" => (0..generals_maps::NUM_MAPS)
            .map(|m| (format!("{m:03}"), m.to_string()))
            .collect(),
        "bit" => (0..FRAME_BITS)
            .map(|b| (format!("{b:02}"), b.to_string()))
            .collect(),
        _ => return None,
    })
}

/// The seats a game can start with, as the bins name them.
const SEATS: [&str; 4] = ["people", "red", "blue", "both"];

/// The axes a row's id names, in order, each once.
fn axes_of(id: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    let mut rest = id;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let name = &rest[open + 1..open + close];
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &rest[open + close + 1..];
    }
    names
}

/// The table read and every family expanded, in the table's order. The
/// table is compiled in, so a row it cannot read is the build's fault: the
/// unit tests read it.
fn read_table(text: &str) -> Result<Vec<Bin>, String> {
    let table: Table = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for row in table.bin {
        let mut bins = vec![(row.id.clone(), row.what.clone())];
        for name in axes_of(&row.id) {
            let values = axis(name).ok_or_else(|| format!("{}: no axis {{{name}}}", row.id))?;
            let key = format!("{{{name}}}");
            bins = bins
                .iter()
                .flat_map(|(id, what)| {
                    values
                        .iter()
                        .map(|(v_id, v_text)| (id.replace(&key, v_id), what.replace(&key, v_text)))
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        out.extend(bins.into_iter().map(|(id, what)| Bin {
            id,
            section: row.section.clone(),
            what,
        }));
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(b) = out.iter().find(|b| !seen.insert(b.id.clone())) {
        return Err(format!("{}: two bins of this id", b.id));
    }
    Ok(out)
}

/// Every bin of the coverage model, from the table (`bins.toml`).
pub fn bins() -> Vec<Bin> {
    static BINS: std::sync::OnceLock<Vec<Bin>> = std::sync::OnceLock::new();
    BINS.get_or_init(|| {
        read_table(TABLE).unwrap_or_else(|e| panic!("tb/bench/env/coverage/bins.toml: {e}"))
    })
    .clone()
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
        self.growth_crossed(before, after, from, to);
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

    /// Growth crossed with the round ends of one command (docs/rules.md §5):
    /// one or two round ends, round 1 among them or a multiple of 16, and
    /// the kinds of the owned cells (neither the move's source nor its
    /// target, the same owner before and after) whose troops grew by as many
    /// as the rules give them: one per round end for capitals and towers,
    /// one per multiple of 16 for land.
    fn growth_crossed(&mut self, before: &GameState, after: &GameState, from: Pos, to: Pos) {
        let ends = after.round.wrapping_sub(before.round);
        let count = match ends {
            1 => "single",
            2 => "double",
            _ => return,
        };
        let ended = |r: u16| (0..ends).any(|k| before.round.wrapping_add(k) == r);
        let sixteenths = (0..ends)
            .filter(|&k| before.round.wrapping_add(k).is_multiple_of(LAND_PERIOD))
            .count() as u16;
        let at = if ended(1) {
            "round1"
        } else if sixteenths > 0 {
            "16"
        } else {
            return;
        };
        for i in 0..generals_golden::CELLS {
            let p = Pos::from_index(i);
            let (b, a) = (before.cells[i], after.cells[i]);
            if p == from || p == to || b.owner == Owner::Npc || a.owner != b.owner {
                continue;
            }
            let (kind, by) = match b.kind {
                Kind::Capital => ("capital", ends),
                Kind::Tower => ("tower", ends),
                Kind::Land => ("land", sixteenths),
                Kind::Mountain => continue,
            };
            if by > 0 && b.troops + by < TROOPS_MAX && a.troops == b.troops + by {
                self.hit(format!("turn/grow_{kind}_{count}_{at}"));
            }
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

/// Adds `hits`, collected on another thread (the check thread,
/// [`crate::env::check_thread`]), to this thread's collector.
pub fn merge(hits: Hits) {
    if hits.counts.is_empty() {
        return;
    }
    HITS.with(|h| {
        let mut c = h.borrow_mut();
        for (id, n) in hits.counts {
            *c.all.counts.entry(id.clone()).or_insert(0) += n;
            *c.unwritten.counts.entry(id).or_insert(0) += n;
        }
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
    if let Err(e) =
        crate::infra::outputs::OutDir::unchecked(&dir).write(&name, doc.to_string().as_bytes())
    {
        crate::infra::outputs::note(&format!(
            "coverage: {}: {e}",
            generals_maps::shown_path(&path)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_expands_its_families_and_refuses_what_it_cannot_read() {
        let all = bins();
        assert_eq!(all.len(), 284, "the committed table's bins");
        assert!(all.iter().any(|b| b.id == "command/SPACE/move_half/blue"
            && b.what == "SPACE in move_half with blue to move"));
        assert!(all
            .iter()
            .any(|b| b.id == "map/007" && b.what == "map 7 loaded by START"));
        let e = read_table("bin = [{ id = \"x/{q}\", section = \"§1\", what = \"y\" }]")
            .expect_err("no such axis");
        assert!(e.contains("no axis {q}"), "{e}");
        let twice = "bin = [{ id = \"x/a\", section = \"§1\", what = \"y\" }, { id = \"x/a\", section = \"§1\", what = \"z\" }]";
        assert!(read_table(twice).expect_err("twice").contains("two bins"));
        assert!(
            read_table("bin = [{ id = \"x\" }]").is_err(),
            "a row without its fields"
        );
    }

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
