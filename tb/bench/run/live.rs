//! `generals live`: the co-simulated chip in a window, played from the host's
//! keyboard, with every check of the bench still on.
//!
//! Each frame the VGA monitor rebuilds (and the pixel scoreboard has checked
//! against the golden renderer) is shown as it completes. Host keys become
//! what the board's inputs would see: W A S D, the arrows, Space and Z as PS/2
//! make and break codes through the same wire-level driver the tests use (a
//! held key repeating its make code, as a keyboard's typematic repeat), F1
//! and F2 as START and RESET presses with contact bounce through the button
//! drivers, F3 and F4 flip the machine's slide switches (`SW[0]` Red, `SW[1]`
//! Blue). A mismatch stops the simulation; its report is drawn over the last
//! frame and returned, and the mismatch pictures are written as in any run.
//!
//! The window, the simulation and (with two threads) the VGA check each
//! have a thread: the simulation runs at the board's pace (50 M cycles a
//! second, 60 frames) unless asked to run flat out, the window shows each
//! frame the check completes, and the title bar gives the frames it showed
//! and the simulated cycles per second of the last second.

use crate::env::check_thread::Threads;
use crate::env::core_env::{hold_cycles, CoreEnv};
use crate::env::driver::button::Press;
use crate::env::driver::ps2::Ps2Timing;
use crate::env::vga_check::VgaCheck;
use crate::error::{AppError, OutputError};
use crate::infra::mismatch::Mismatch;
use crate::infra::outputs::{OutFile, Rewritten};
use generals_golden::keyboard::{break_bytes, make_bytes, Command};
use generals_golden::machine::Seats;
use generals_golden::{GameState, Phase};
use generals_golden_render as gr;
use generals_maps::Map;
use minifb::{Key, KeyRepeat, Scale, Window, WindowOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Cycles simulated between two looks at the window (about 10 ms of wall
/// time at today's speed): a key reaches the wires within that.
const SLICE_CYCLES: u64 = 40_000;
/// A PS/2 keyboard's default typematic behaviour (set at power-up): a held
/// key's make code again after 500 ms, then 10.9 times a second, in wall
/// time as a person holds it.
const TYPEMATIC_DELAY_S: f32 = 0.5;
const TYPEMATIC_RATE_S: f32 = 1.0 / 10.9;
/// Contact bounces on each edge of an F1/F2 press.
const BOUNCES: u32 = 3;
/// How often the title's speed figures are renewed.
const TITLE_PERIOD: Duration = Duration::from_secs(1);
/// The mismatch report's characters: 8 pixels wide (font scale 1), lines 10
/// pixels apart.
const REPORT_CHAR: usize = 8;
const REPORT_PITCH: usize = 10;

/// What a host key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveKey {
    /// A game key: its make code when it goes down, its break code when it
    /// comes up (`arrow`: the `E0`-prefixed arrow key).
    Game {
        /// The command the key means.
        cmd: Command,
        /// Whether it is an arrow key.
        arrow: bool,
    },
    /// F1: the START push-button.
    Start,
    /// F2: the RESET push-button.
    Reset,
    /// F3: flip `SW[0]` (the machine plays Red).
    ToggleRed,
    /// F4: flip `SW[1]` (the machine plays Blue).
    ToggleBlue,
    /// Escape: close the window.
    Quit,
}

/// The meaning of host key `k`, if it has one.
pub fn live_key(k: Key) -> Option<LiveKey> {
    let game = |cmd, arrow| Some(LiveKey::Game { cmd, arrow });
    match k {
        Key::W => game(Command::W, false),
        Key::A => game(Command::A, false),
        Key::S => game(Command::S, false),
        Key::D => game(Command::D, false),
        Key::Space => game(Command::Space, false),
        Key::Z => game(Command::Z, false),
        Key::Up => game(Command::W, true),
        Key::Left => game(Command::A, true),
        Key::Down => game(Command::S, true),
        Key::Right => game(Command::D, true),
        Key::F1 => Some(LiveKey::Start),
        Key::F2 => Some(LiveKey::Reset),
        Key::F3 => Some(LiveKey::ToggleRed),
        Key::F4 => Some(LiveKey::ToggleBlue),
        Key::Escape => Some(LiveKey::Quit),
        _ => None,
    }
}

/// Options of a live session.
#[derive(Clone, Debug)]
pub struct LiveOptions {
    /// The map F1 draws (START timed for it); `None`: whatever the draw
    /// counter holds, as on the board.
    pub map: Option<u8>,
    /// The slide switches at power-up.
    pub seats: Seats,
    /// Window scale: 1 or 2.
    pub scale: u8,
    /// After each shown frame, write its number, the golden state and the
    /// machine's colours as shown, as one JSON object (a file is replaced
    /// atomically; a device or FIFO gets one line per frame).
    pub state_file: Option<OutFile>,
    /// Stop after this many frames (for scripted use).
    pub frames: Option<u64>,
    /// Folder for the pictures of a mismatch.
    pub mismatch_dir: PathBuf,
    /// Seed of the PS/2 timing jitter and the button bounces.
    pub seed: u64,
    /// The VGA check on the simulation's thread or on one of its own.
    pub threads: Threads,
    /// Run as fast as the machine allows instead of at the board's pace.
    pub unpaced: bool,
    /// Press START at once and again whenever no game is being played
    /// (with the machine on both sides: game after game, unattended).
    pub autoplay: bool,
}

/// What a live session did.
#[derive(Clone, Copy, Debug, Default)]
pub struct LiveReport {
    /// Frames shown.
    pub frames: u64,
    /// Clock cycles simulated.
    pub cycles: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// What the window's keys ask of the simulation.
enum Act {
    /// Bytes for the PS/2 driver to send.
    Ps2(Vec<u8>),
    /// Press START (F1).
    Start,
    /// Press RESET (F2).
    Reset,
    /// Flip these slide switches (F3, F4).
    Flip(u8),
}

/// What the simulation thread tells the window: how far it is, and the
/// golden state with the machine's colours, for the state file and title.
#[derive(Default)]
struct Status {
    cycle: u64,
    switches: u8,
    golden: Option<(GameState, Seats)>,
}

/// A frame the VGA check completed, and its number.
type ShownFrame = (u64, gr::Frame);

/// Frames that may wait for the window: a window that falls behind skips
/// frames (and the title's figure counts only those shown).
const FRAMES_WAITING: usize = 2;
/// How long the window waits for a frame before it looks at its keys.
const FRAME_WAIT: Duration = Duration::from_millis(4);

/// Runs the chip in a window until it is closed, Escape is pressed, the
/// frame limit is reached or a check fails. Three threads: the window's
/// (this one: drawing, keys, the state file), the simulation's (model,
/// drivers, core scoreboard, paced to the board's clock unless
/// `unpaced`) and, with [`Threads::Two`], the VGA check's.
pub fn live(maps: Vec<Map>, opts: &LiveOptions) -> Result<LiveReport, AppError> {
    let mut window = open_window(opts.scale)?;
    let (acts, acts_rx) = channel::<Act>();
    let (frames_tx, frames) = sync_channel::<ShownFrame>(FRAMES_WAITING);
    let status = Arc::new(Mutex::new(Status::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let sim = {
        let (opts, status, stop) = (opts.clone(), Arc::clone(&status), Arc::clone(&stop));
        std::thread::Builder::new()
            .name("simulation".into())
            .spawn(move || simulate(maps, &opts, &acts_rx, frames_tx, &status, &stop))
            .map_err(|e| OutputError::Window(format!("cannot start the simulation: {e}")))?
    };
    let mut state_file = opts.state_file.clone().map(Rewritten::new);
    let mut pixels = vec![0u32; gr::WIDTH * gr::HEIGHT];
    let mut last: Option<gr::Frame> = None;
    let started = Instant::now();
    let mut shown = 0u64;
    let mut meter = Meter::new(started);
    let stopped = |sim: std::thread::JoinHandle<Result<u64, Mismatch>>| match sim.join() {
        Ok(r) => r,
        Err(p) => std::panic::resume_unwind(p),
    };
    let mut cycles = 0;
    loop {
        match frames.recv_timeout(FRAME_WAIT) {
            Ok((_, f)) => {
                shown += 1;
                to_window_pixels(&f, &mut pixels);
                last = Some(f);
                window
                    .update_with_buffer(&pixels, gr::WIDTH, gr::HEIGHT)
                    .map_err(|e| OutputError::Window(e.to_string()))?;
                if let Some(out) = &mut state_file {
                    write_state(out, shown, &lock(&status))?;
                }
            }
            Err(RecvTimeoutError::Timeout) => window.update(),
            // The simulation stopped: a mismatch, or the end of the run.
            Err(RecvTimeoutError::Disconnected) => {
                if let Err(m) = stopped(sim) {
                    return Err(stop_on_mismatch(
                        &mut window,
                        last,
                        m,
                        opts.frames.is_none(),
                    ));
                }
                break;
            }
        }
        let (cycle, switches) = {
            let s = lock(&status);
            (s.cycle, s.switches)
        };
        cycles = cycle;
        if let Some(title) = meter.tick(shown, cycle, switches) {
            window.set_title(&title);
        }
        let quit = keys(&mut window, &acts);
        let done = quit || !window.is_open() || opts.frames.is_some_and(|n| shown >= n);
        if done {
            stop.store(true, Ordering::Release);
            // Frames still on their way must not hold the simulation up.
            drop(frames);
            match stopped(sim) {
                Ok(c) => cycles = c,
                Err(m) => {
                    return Err(stop_on_mismatch(
                        &mut window,
                        last,
                        m,
                        opts.frames.is_none(),
                    ))
                }
            }
            break;
        }
    }
    Ok(LiveReport {
        frames: shown,
        cycles,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The simulation thread: the checked chip, paced to the board's clock,
/// acting on the window's keys, sending each completed frame; ends on a
/// mismatch or when `stop` is set, with the cycles simulated.
fn simulate(
    maps: Vec<Map>,
    opts: &LiveOptions,
    acts: &Receiver<Act>,
    frames: SyncSender<ShownFrame>,
    status: &Mutex<Status>,
    stop: &AtomicBool,
) -> Result<u64, Mismatch> {
    let mut env = CoreEnv::new(maps, opts.seed, Ps2Timing::default())?;
    let dir = opts.mismatch_dir.clone();
    let make = move || {
        Ok::<_, Mismatch>(VgaCheck::new(dir).with_sink(Box::new(move |n, f, _| {
            // A full queue: the window is behind, and skips this frame.
            let _ = frames.try_send((n, f.clone()));
        })))
    };
    env.add_hook(opts.threads.hook(make)?);
    env.switches = opts.seats.switches();
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let (started, first) = (Instant::now(), env.dut.cycle);
    let mut version = None;
    let result = (|| -> Result<(), Mismatch> {
        while !stop.load(Ordering::Acquire) {
            for act in acts.try_iter() {
                apply(act, &mut env, &mut rng, opts.map)?;
            }
            if opts.autoplay && env.golden().phase != Phase::Playing && env.start_btn.idle() {
                apply(Act::Start, &mut env, &mut rng, opts.map)?;
            }
            env.run(SLICE_CYCLES)?;
            {
                let mut s = lock(status);
                s.cycle = env.dut.cycle;
                s.switches = env.switches;
                // F3/F4 change the colours shown without a new state.
                let now = (env.golden_version(), env.sb.pred.shown_machine());
                if version != Some(now) {
                    version = Some(now);
                    s.golden = Some((env.golden().clone(), now.1));
                }
            }
            if !opts.unpaced {
                // The board's pace: never ahead of the wall clock.
                let due = Duration::from_secs_f64(
                    (env.dut.cycle - first) as f64 / crate::CLOCK_HZ as f64,
                );
                if let Some(ahead) = due.checked_sub(started.elapsed()) {
                    std::thread::sleep(ahead);
                }
            }
        }
        Ok(())
    })();
    env.settle(result)?;
    Ok(env.dut.cycle)
}

/// Does what a key asked.
fn apply(
    act: Act,
    env: &mut CoreEnv,
    rng: &mut ChaCha8Rng,
    map: Option<u8>,
) -> Result<(), Mismatch> {
    match act {
        Act::Ps2(bytes) => env.ps2.send_bytes(&bytes),
        Act::Start => {
            let press = Press::bouncy(hold_cycles(), BOUNCES, rng);
            match map {
                Some(m) => env.press_start(m, &press)?,
                None => env.start_btn.press(0, &press),
            }
        }
        Act::Reset => env
            .reset_btn
            .press(0, &Press::bouncy(hold_cycles(), BOUNCES, rng)),
        Act::Flip(bits) => env.switches ^= bits,
    }
    Ok(())
}

/// The status, locked (it holds no invariant a panic could break).
fn lock(s: &Mutex<Status>) -> std::sync::MutexGuard<'_, Status> {
    s.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn open_window(scale: u8) -> Result<Window, AppError> {
    let options = WindowOptions {
        scale: if scale == 2 { Scale::X2 } else { Scale::X1 },
        ..WindowOptions::default()
    };
    let mut window =
        Window::new("Generals (starting)", gr::WIDTH, gr::HEIGHT, options).map_err(|e| {
            OutputError::Window(format!(
                "{e} (is DISPLAY set? Without a screen, run it under Xvfb: xvfb-run generals live)"
            ))
        })?;
    // The simulation sets the pace; the window must never wait.
    window.set_target_fps(0);
    window.set_key_repeat_delay(TYPEMATIC_DELAY_S);
    window.set_key_repeat_rate(TYPEMATIC_RATE_S);
    Ok(window)
}

/// Sends what the keys pressed and released since the last look ask of
/// the simulation; true when the person asked to quit.
fn keys(window: &mut Window, acts: &Sender<Act>) -> bool {
    let send = |a| {
        // The simulation has stopped: the window learns that from the frames.
        let _ = acts.send(a);
    };
    for k in window.get_keys_pressed(KeyRepeat::Yes) {
        match live_key(k) {
            // Pressed, and again while held, as a keyboard's typematic
            // repeat sends it: the make code (the break code when let go).
            Some(LiveKey::Game { cmd, arrow }) => send(Act::Ps2(make_bytes(cmd, arrow))),
            // The other keys act once per press.
            _ if !window.is_key_pressed(k, KeyRepeat::No) => {}
            Some(LiveKey::Start) => send(Act::Start),
            Some(LiveKey::Reset) => send(Act::Reset),
            Some(LiveKey::ToggleRed) => send(Act::Flip(1)),
            Some(LiveKey::ToggleBlue) => send(Act::Flip(2)),
            Some(LiveKey::Quit) => return true,
            None => {}
        }
    }
    for k in window.get_keys_released() {
        if let Some(LiveKey::Game { cmd, arrow }) = live_key(k) {
            send(Act::Ps2(break_bytes(cmd, arrow)));
        }
    }
    false
}

/// 0RGB words, as the window takes them.
fn to_window_pixels(f: &gr::Frame, out: &mut [u32]) {
    for (o, [r, g, b]) in out.iter_mut().zip(&f.pixels) {
        *o = u32::from(*r) << 16 | u32::from(*g) << 8 | u32::from(*b);
    }
}

/// The state file: `{"frame": n, "machine": {...}, "state": {...}}`, put in
/// place whole (see [`crate::infra::outputs`]), so a reader never sees half of it.
fn write_state(out: &mut Rewritten, frame: u64, status: &Status) -> Result<(), AppError> {
    let Some((state, shown)) = &status.golden else {
        return Ok(());
    };
    let doc = serde_json::json!({
        "frame": frame,
        "machine": { "red": shown.red, "blue": shown.blue },
        "state": state.to_json_value(),
    });
    Ok(out.write(format!("{doc}\n").as_bytes())?)
}

/// The last frame (black if there was none) with `report` written over its
/// top lines, white on red, wrapped at the frame's width.
fn report_frame(last: Option<gr::Frame>, report: &str) -> gr::Frame {
    let mut frame = last.unwrap_or_else(|| gr::Frame {
        pixels: vec![[0; 3]; gr::WIDTH * gr::HEIGHT],
    });
    let columns = gr::WIDTH / REPORT_CHAR;
    let lines = report
        .lines()
        .flat_map(|l| {
            let chars: Vec<char> = l.chars().collect();
            chars
                .chunks(columns)
                .map(|c| c.iter().collect::<String>())
                .collect::<Vec<_>>()
        })
        .take(gr::HEIGHT / REPORT_PITCH);
    for (i, line) in lines.enumerate() {
        gr::draw_text(
            &mut frame,
            (0, i * REPORT_PITCH),
            0,
            &line,
            gr::pal::WHITE,
            gr::pal::RED,
        );
    }
    frame
}

/// Shows the report over the last frame, names it in the title and, for a
/// person (`wait`), prints it and keeps the window until it is closed;
/// returns the error.
fn stop_on_mismatch(
    window: &mut Window,
    last: Option<gr::Frame>,
    m: Mismatch,
    wait: bool,
) -> AppError {
    let report = m.to_string();
    let frame = report_frame(last, &report);
    let mut pixels = vec![0u32; gr::WIDTH * gr::HEIGHT];
    to_window_pixels(&frame, &mut pixels);
    window.set_title("Generals - MISMATCH: the simulation stopped (report on the terminal)");
    let _ = window.update_with_buffer(&pixels, gr::WIDTH, gr::HEIGHT);
    if wait {
        eprintln!(
            "{report}\nlive: the simulation stopped; close the window or press Escape to exit"
        );
        window.set_target_fps(30);
        while window.is_open() && !window.is_key_down(Key::Escape) {
            window.update();
        }
    }
    m.into()
}

/// Frames per second and the real-time factor over the last period, for the
/// window's title.
struct Meter {
    since: Instant,
    frames: u64,
    cycles: u64,
}

impl Meter {
    fn new(now: Instant) -> Self {
        Self {
            since: now,
            frames: 0,
            cycles: 0,
        }
    }

    /// A new title once a period has passed.
    fn tick(&mut self, frames: u64, cycles: u64, switches: u8) -> Option<String> {
        let secs = self.since.elapsed();
        if secs < TITLE_PERIOD {
            return None;
        }
        let s = secs.as_secs_f64();
        let fps = (frames - self.frames) as f64 / s;
        let rtf = (cycles - self.cycles) as f64 / s / crate::CLOCK_HZ as f64;
        *self = Self {
            since: Instant::now(),
            frames,
            cycles,
        };
        let seats = Seats::from_switches(switches);
        let who = |m: bool| if m { "machine" } else { "person" };
        Some(format!(
            "Generals - {fps:.1} frames/s shown, {rtf:.3}x real time - Red: {}, Blue: {} (F3/F4)",
            who(seats.red),
            who(seats.blue)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use generals_golden::keyboard::key_bytes;

    /// The report is written white on red over the top of the last frame,
    /// wrapped at 80 characters; the rest of the frame stays.
    #[test]
    fn a_mismatch_report_covers_the_top_of_the_last_frame() {
        let last = gr::render(&generals_golden::GameState::new());
        let report = format!("MISMATCH {}\nsecond line", "X".repeat(90));
        let f = report_frame(Some(last.clone()), &report);
        let red = gr::colour(gr::pal::RED);
        let white = gr::colour(gr::pal::WHITE);
        // 'M' row 0 is .XX...XX: glyph column 0 is the red box, column 1 ink.
        assert_eq!(f.pixel(0, 0), red);
        assert_eq!(f.pixel(1, 0), white);
        // 99 characters wrap: the 20 that do not fit open line 2 (y 10), and
        // "second line" is line 3 (y 20, 'S' row 0 ..XXXX.. → x 2).
        assert_eq!(f.pixel(0, 10), red);
        assert_eq!(f.pixel(2, 20), white);
        assert_eq!(f.pixel(639, 0), red, "line 1 is full");
        // Below the report the last frame shows.
        assert_eq!(f.pixel(80, 112), last.pixel(80, 112));
        // No frame yet: the report on black.
        let f = report_frame(None, "MISMATCH");
        assert_eq!(f.pixel(100, 100), [0, 0, 0]);
        assert_eq!(f.pixel(1, 0), white);
    }

    /// Make then break of every game key is what a script's key sends.
    #[test]
    fn host_keys_send_what_the_keyboard_sends() {
        let keys = [
            (Key::W, "1D F0 1D"),
            (Key::A, "1C F0 1C"),
            (Key::S, "1B F0 1B"),
            (Key::D, "23 F0 23"),
            (Key::Space, "29 F0 29"),
            (Key::Z, "1A F0 1A"),
            (Key::Up, "E0 75 E0 F0 75"),
            (Key::Left, "E0 6B E0 F0 6B"),
            (Key::Down, "E0 72 E0 F0 72"),
            (Key::Right, "E0 74 E0 F0 74"),
        ];
        for (k, expected) in keys {
            let Some(LiveKey::Game { cmd, arrow }) = live_key(k) else {
                panic!("{k:?} is a game key");
            };
            let mut bytes = make_bytes(cmd, arrow);
            bytes.extend(break_bytes(cmd, arrow));
            let text: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
            assert_eq!(text.join(" "), expected, "{k:?}");
            assert_eq!(bytes, key_bytes(cmd, arrow));
        }
        assert_eq!(live_key(Key::F1), Some(LiveKey::Start));
        assert_eq!(live_key(Key::F2), Some(LiveKey::Reset));
        assert_eq!(live_key(Key::F3), Some(LiveKey::ToggleRed));
        assert_eq!(live_key(Key::F4), Some(LiveKey::ToggleBlue));
        assert_eq!(live_key(Key::Q), None);
    }
}
