//! A per-cycle hook (the VGA check) on a thread of its own: the simulation
//! thread steps the model and the core scoreboard, and hands what the hook
//! needs — the outputs of each loud cycle, each quiet cycle's VGA pins, the
//! state the display latches — through a bounded queue to the check thread,
//! which runs the hook on it in order. Every cycle is still judged, in the
//! order of the one-thread loop; a mismatch found on the check thread comes
//! back at the next hand-over (within [`BATCH_PINS`] cycles and
//! [`QUEUE_BATCHES`] batches of the cycle it names), and
//! [`CycleHook::finish`] waits until everything handed over has been judged.
//!
//! Memory is bounded: at most [`QUEUE_BATCHES`] batches wait in the queue,
//! each of at most [`BATCH_PINS`] pin words and [`BATCH_ITEMS`] items; the
//! simulation waits while the queue is full. The queue is the standard
//! library's bounded channel (`sync_channel`), lock-free while it is
//! neither full nor empty.

use crate::env::core_env::{Burst, CycleHook, Shown};
use crate::env::coverage::functional;
use crate::env::dut::{CoreOut, PinWord};
use crate::env::scoreboard::core::CycleEvents;
use crate::infra::mismatch::Mismatch;
use generals_golden::machine::Seats;
use generals_golden::GameState;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Batches that may wait in the queue for the check thread.
pub const QUEUE_BATCHES: usize = 16;
/// Pin words a batch holds before it is handed over (128 KiB: a batch
/// covers about a third of a frame's quiet cycles).
pub const BATCH_PINS: usize = 16 * 1024;
/// Items (loud cycles, bursts, state changes) a batch holds before it is
/// handed over.
pub const BATCH_ITEMS: usize = 1024;

/// How long the check thread sleeps when it finds the queue empty (a batch
/// is about 300 µs of simulation).
const POLL: Duration = Duration::from_micros(100);

/// How many cores the checks may use: one thread (the checks in the
/// simulation's loop, deterministic in its timing) or two (the per-cycle
/// hooks on a thread of their own). Both judge every cycle alike and end in
/// the same state with the same first mismatch. The library's default is
/// one thread, so that a caller need not end its run with
/// [`crate::env::core_env::CoreEnv::settle`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Threads {
    /// The checks in the simulation's own loop.
    #[default]
    One,
    /// The VGA check (and DVI check, frame writers) on a second thread.
    Two,
}

impl Threads {
    /// What the `--threads` option means when it is not given: two threads
    /// where the machine has two cores or more.
    pub fn auto() -> Self {
        match std::thread::available_parallelism() {
            Ok(n) if n.get() >= 2 => Threads::Two,
            _ => Threads::One,
        }
    }

    /// The hook `make` makes, on these threads: called here, or on a check
    /// thread of its own ([`CheckThread::spawn`]).
    pub fn hook<H, E>(
        self,
        make: impl FnOnce() -> Result<H, E> + Send + 'static,
    ) -> Result<Box<dyn CycleHook>, E>
    where
        H: CycleHook + 'static,
        E: Send + 'static,
    {
        Ok(match self {
            Threads::One => Box::new(make()?),
            Threads::Two => Box::new(CheckThread::spawn(make)?),
        })
    }
}

/// What one call of the hook was given.
enum Item {
    /// The display's state from now on (the state a snapshot latches), and
    /// its version.
    State(Box<GameState>, u64),
    /// A loud cycle.
    Cycle {
        cycle: u64,
        out: CoreOut,
        machine: Seats,
        ev: CycleEvents,
    },
    /// A burst's quiet cycles, their pins the batch's next `len` words.
    Quiet {
        first: u64,
        len: u32,
        out: CoreOut,
        machine: Seats,
    },
    /// Judge everything before this, then answer.
    Barrier,
}

/// Items and the pins of their bursts, handed over together.
#[derive(Default)]
struct Batch {
    items: Vec<Item>,
    pins: Vec<PinWord>,
}

impl Batch {
    fn with_capacity() -> Self {
        Self {
            items: Vec::with_capacity(BATCH_ITEMS),
            pins: Vec::with_capacity(BATCH_PINS),
        }
    }
}

/// The check thread's answer to a barrier: its first mismatch, if any, and
/// the functional coverage it sampled since the last answer.
type Answer = (Option<Mismatch>, functional::Hits);

/// The simulation thread's side: a [`CycleHook`] that hands everything to
/// the check thread.
pub struct CheckThread {
    batch: Batch,
    to_check: Option<SyncSender<Batch>>,
    recycled: Receiver<Batch>,
    answers: Receiver<Answer>,
    failed: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
    /// The version of the state last handed over ([`Shown::version`]).
    version: Option<u64>,
    /// Batches made so far (at most QUEUE_BATCHES + 2 are ever alive).
    made: usize,
    /// The mismatch handed back, kept so that every later call returns it.
    mismatch: Option<Mismatch>,
}

impl CheckThread {
    /// Starts the check thread, which makes its hook with `make` (on that
    /// thread: a Verilated model belongs to the thread that made it) and
    /// runs it; an error from `make` comes back here.
    pub fn spawn<H, E>(make: impl FnOnce() -> Result<H, E> + Send + 'static) -> Result<Self, E>
    where
        H: CycleHook + 'static,
        E: Send + 'static,
    {
        let (to_check, batches) = sync_channel::<Batch>(QUEUE_BATCHES);
        let (give_back, recycled) = sync_channel::<Batch>(QUEUE_BATCHES + 2);
        let (answer, answers) = sync_channel::<Answer>(1);
        let (ready_tx, ready) = sync_channel::<Result<(), E>>(1);
        let failed = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&failed);
        let worker = std::thread::Builder::new()
            .name("checks".into())
            .spawn(move || {
                let hook = match make() {
                    Ok(h) => {
                        let _ = ready_tx.send(Ok(()));
                        h
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                check_loop(hook, &batches, &give_back, &answer, &flag);
            })
            .expect("the check thread starts");
        match ready.recv() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                let _ = worker.join();
                return Err(e);
            }
            // The thread panicked while making its hook: show that panic.
            Err(_) => match worker.join() {
                Err(p) => std::panic::resume_unwind(p),
                Ok(()) => unreachable!("the check thread ended without an answer"),
            },
        }
        Ok(Self {
            batch: Batch::with_capacity(),
            to_check: Some(to_check),
            recycled,
            answers,
            failed,
            worker: Some(worker),
            version: None,
            made: 1,
            mismatch: None,
        })
    }

    /// The state the hook is to see, handed over when it changed.
    #[inline]
    fn shown(&mut self, before: Shown<'_>) -> Seats {
        if self.version != Some(before.version) {
            self.version = Some(before.version);
            self.batch
                .items
                .push(Item::State(Box::new(before.state.clone()), before.version));
        }
        before.machine
    }

    /// Hands the batch over when it is full, and returns the check thread's
    /// mismatch once it has one.
    #[inline]
    fn after_push(&mut self) -> Result<(), Mismatch> {
        if self.batch.items.len() >= BATCH_ITEMS {
            self.hand_over()?;
        }
        Ok(())
    }

    /// Hands the batch over (waiting while the queue is full) and takes an
    /// empty one.
    fn hand_over(&mut self) -> Result<(), Mismatch> {
        if let Some(m) = &self.mismatch {
            return Err(m.clone());
        }
        if self.failed.load(Ordering::Acquire) {
            return Err(self.collect());
        }
        // The full batch goes first: the check thread then has work while
        // this one waits for an empty batch (taking the empty one first
        // left the check thread to find the queue empty and sleep while the
        // full batch waited here).
        let full = std::mem::take(&mut self.batch);
        // The batch's pins were written around the caches: make them
        // visible before the check thread can take the batch.
        stream_fence();
        if !matches!(self.to_check.as_ref().map(|t| t.send(full)), Some(Ok(()))) {
            return Err(self.collect());
        }
        self.batch = match self.recycled.try_recv() {
            Ok(b) => b,
            Err(_) if self.made < QUEUE_BATCHES + 2 => {
                self.made += 1;
                Batch::with_capacity()
            }
            Err(_) => match self.recycled.recv() {
                Ok(b) => b,
                Err(_) => return Err(self.collect()),
            },
        };
        Ok(())
    }

    /// Waits for the check thread's answer to a barrier already handed
    /// over; keeps its mismatch.
    fn answer(&mut self) -> Result<(), Mismatch> {
        match self.answers.recv() {
            Ok((m, hits)) => {
                functional::merge(hits);
                match m {
                    Some(m) => {
                        self.mismatch = Some(m.clone());
                        Err(m)
                    }
                    None => Ok(()),
                }
            }
            Err(_) => Err(self.collect()),
        }
    }

    /// The check thread has stopped (a mismatch, or a panic): its
    /// mismatch, which every later call returns too.
    #[cold]
    fn collect(&mut self) -> Mismatch {
        if let Some(m) = &self.mismatch {
            return m.clone();
        }
        // A failed thread answers its barrier at once: it judges no more.
        let m = match self.to_check.as_ref().map(|t| {
            t.send(Batch {
                items: vec![Item::Barrier],
                pins: Vec::new(),
            })
        }) {
            Some(Ok(())) => match self.answers.recv() {
                Ok((m, hits)) => {
                    functional::merge(hits);
                    m
                }
                Err(_) => None,
            },
            _ => None,
        };
        let m = m.unwrap_or_else(|| {
            self.join();
            Mismatch::new(0, "the check thread", "running", "stopped without a report")
        });
        self.mismatch = Some(m.clone());
        m
    }

    /// Stops the check thread; a panic there is raised here.
    fn join(&mut self) {
        self.to_check = None;
        if let Some(w) = self.worker.take() {
            if let Err(p) = w.join() {
                if !std::thread::panicking() {
                    std::panic::resume_unwind(p);
                }
            }
        }
    }
}

impl CycleHook for CheckThread {
    #[inline]
    fn cycle(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        before: Shown<'_>,
        ev: &CycleEvents,
    ) -> Result<(), Mismatch> {
        let machine = self.shown(before);
        self.batch.items.push(Item::Cycle {
            cycle,
            out: *out,
            machine,
            ev: *ev,
        });
        self.after_push()
    }

    #[inline]
    fn quiet(&mut self, first: u64, burst: Burst<'_>, before: Shown<'_>) -> Result<(), Mismatch> {
        if self.batch.pins.len() + burst.pins.len() > BATCH_PINS {
            self.hand_over()?;
        }
        let machine = self.shown(before);
        stream_extend(&mut self.batch.pins, burst.pins);
        self.batch.items.push(Item::Quiet {
            first,
            len: burst.pins.len() as u32,
            out: *burst.out,
            machine,
        });
        self.after_push()
    }

    #[inline]
    fn pin_room(&mut self, len: usize) -> Result<Option<&mut [MaybeUninit<PinWord>]>, Mismatch> {
        if self.batch.pins.len() + len > BATCH_PINS {
            self.hand_over()?;
        }
        self.batch.pins.reserve(len);
        Ok(Some(&mut self.batch.pins.spare_capacity_mut()[..len]))
    }

    #[inline]
    unsafe fn quiet_written(
        &mut self,
        first: u64,
        n: usize,
        out: &CoreOut,
        before: Shown<'_>,
    ) -> Result<(), Mismatch> {
        let machine = self.shown(before);
        let at = self.batch.pins.len();
        // SAFETY: the caller's promise: the burst wrote the first n words
        // of the spare room pin_room gave, which starts at `at`.
        unsafe { self.batch.pins.set_len(at + n) };
        self.batch.items.push(Item::Quiet {
            first,
            len: n as u32,
            out: *out,
            machine,
        });
        self.after_push()
    }

    fn finish(&mut self) -> Result<(), Mismatch> {
        self.batch.items.push(Item::Barrier);
        self.hand_over()?;
        self.answer()
    }
}

impl Drop for CheckThread {
    fn drop(&mut self) {
        // What the thread judged since the last barrier still counts; a run
        // that did not settle (CoreEnv::settle) is told of a late mismatch
        // here, where no result can carry it any more.
        let unseen = self.mismatch.is_none();
        if let (true, Err(m)) = (unseen, self.finish()) {
            crate::infra::outputs::note(&format!(
                "the VGA check found a mismatch after its run ended unchecked:\n{m}"
            ));
        }
        self.join();
    }
}

/// The check thread: runs `hook` on every batch in order; after its first
/// mismatch it judges nothing more (the simulation thread stops there) but
/// still answers barriers and gives batches back.
fn check_loop<H: CycleHook>(
    mut hook: H,
    batches: &Receiver<Batch>,
    give_back: &SyncSender<Batch>,
    answer: &SyncSender<Answer>,
    failed: &AtomicBool,
) {
    let mut state = GameState::new();
    let mut version = 0;
    let mut mismatch: Option<Mismatch> = None;
    loop {
        // Polled, not waited for: a thread blocked on the queue costs the
        // simulation thread a wake-up (a system call, and on a virtual
        // machine an interrupt between cores) at every hand-over.
        let mut batch = match batches.try_recv() {
            Ok(b) => b,
            Err(TryRecvError::Empty) => {
                std::thread::sleep(POLL);
                continue;
            }
            Err(TryRecvError::Disconnected) => break,
        };
        let mut at = 0usize;
        for item in batch.items.drain(..) {
            let judged = match item {
                Item::Barrier => {
                    let found = match &mismatch {
                        Some(m) => Some(m.clone()),
                        None => hook.finish().err(),
                    };
                    if answer.send((found, functional::take())).is_err() {
                        return;
                    }
                    continue;
                }
                _ if mismatch.is_some() => continue,
                Item::State(s, v) => {
                    state = *s;
                    version = v;
                    continue;
                }
                Item::Cycle {
                    cycle,
                    out,
                    machine,
                    ev,
                } => hook.cycle(
                    cycle,
                    &out,
                    Shown {
                        state: &state,
                        machine,
                        version,
                    },
                    &ev,
                ),
                Item::Quiet {
                    first,
                    len,
                    out,
                    machine,
                } => {
                    let pins = &batch.pins[at..at + len as usize];
                    at += len as usize;
                    hook.quiet(
                        first,
                        Burst { pins, out: &out },
                        Shown {
                            state: &state,
                            machine,
                            version,
                        },
                    )
                }
            };
            if let Err(m) = judged {
                mismatch = Some(m);
                failed.store(true, Ordering::Release);
            }
        }
        batch.pins.clear();
        // The simulation thread may have stopped taking batches back.
        let _ = give_back.try_send(batch);
    }
}

/// Appends `src` to `dst` with non-temporal stores (x86-64's `movnti`):
/// the pin words go to memory without first fetching their cache lines,
/// which the check thread's core holds from the batch's last use (fetching
/// them cost the simulation thread about a twelfth of its time in `live`).
/// [`stream_fence`] must follow before another thread reads them.
#[cfg(target_arch = "x86_64")]
fn stream_extend(dst: &mut Vec<PinWord>, src: &[PinWord]) {
    use std::arch::x86_64::_mm_stream_si64;
    dst.reserve(src.len());
    let at = dst.len();
    // SAFETY: `reserve` made room for src.len() more words after `at`;
    // each is written (8-byte aligned, as a PinWord is) before `set_len`
    // makes it part of the vector; movnti is SSE2, part of x86-64.
    unsafe {
        let p = dst.as_mut_ptr().add(at).cast::<i64>();
        for (i, w) in src.iter().enumerate() {
            _mm_stream_si64(p.add(i), w.0 as i64);
        }
        dst.set_len(at + src.len());
    }
}

/// Elsewhere: a plain copy.
#[cfg(not(target_arch = "x86_64"))]
fn stream_extend(dst: &mut Vec<PinWord>, src: &[PinWord]) {
    dst.extend_from_slice(src);
}

/// Orders the non-temporal stores of [`stream_extend`] before what follows
/// (the hand-over's release).
fn stream_fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: sfence has no operands; SSE is part of x86-64.
    unsafe {
        std::arch::x86_64::_mm_sfence()
    };
}
