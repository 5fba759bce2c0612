//! Push-button **driver**: active-low board keys (RESET, START) with
//! optional contact bounce, one level per 50 MHz cycle.

use generals_golden::buttons::ButtonsModel;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// One button press as a waveform: bounce, hold, bounce on release.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Press {
    /// `(cycles, pressed)` stretches, in order; the key is released after.
    pub stretches: Vec<(u32, bool)>,
}

impl Press {
    /// A clean press held for `hold` cycles.
    pub fn clean(hold: u32) -> Self {
        Self {
            stretches: vec![(hold, true)],
        }
    }

    /// A press held for `hold` cycles with `bounces` random contact bounces
    /// on press and on release, each shorter than an eighth of the hold: with
    /// the bench's hold (twice the debounce length) every bounce is shorter
    /// than a quarter of the debounce length.
    pub fn bouncy(hold: u32, bounces: u32, rng: &mut ChaCha8Rng) -> Self {
        let mut stretches = Vec::new();
        let short = |rng: &mut ChaCha8Rng| rng.gen_range(20..hold / 8);
        for _ in 0..bounces {
            stretches.push((short(rng), true));
            stretches.push((short(rng), false));
        }
        stretches.push((hold, true));
        for _ in 0..bounces {
            stretches.push((short(rng), false));
            stretches.push((short(rng), true));
        }
        Self { stretches }
    }

    /// Total length in cycles.
    pub fn len(&self) -> u64 {
        self.stretches.iter().map(|&(c, _)| u64::from(c)).sum()
    }

    /// The cycles after which `model` (both buttons' debouncers, as they
    /// stand) recognises this press on START as a START press: the waveform,
    /// then the button released, up to nine cycles past its end; `None` if
    /// it never does (too short or too bouncy).
    pub fn start_latency(&self, mut model: ButtonsModel) -> Option<u64> {
        let mut levels = self
            .stretches
            .iter()
            .flat_map(|&(n, p)| std::iter::repeat_n(!p, n as usize));
        for k in 1..=self.len() + 9 {
            model.step(true, levels.next().unwrap_or(true));
            if model.start_press() {
                return Some(k);
            }
        }
        None
    }

    /// True for a press with no stretches.
    pub fn is_empty(&self) -> bool {
        self.stretches.is_empty()
    }
}

/// Drives one active-low button pin.
#[derive(Clone, Debug, Default)]
pub struct ButtonDriver {
    queue: VecDeque<(u32, bool)>,
}

impl ButtonDriver {
    /// A released button.
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `delay` released cycles, then the press.
    pub fn press(&mut self, delay: u32, press: &Press) {
        if delay > 0 {
            self.queue.push_back((delay, false));
        }
        self.queue
            .extend(press.stretches.iter().copied().filter(|&(c, _)| c > 0));
    }

    /// True when no press is queued or under way.
    pub fn idle(&self) -> bool {
        self.queue.is_empty()
    }

    /// How many more cycles [`ButtonDriver::tick`] returns the same level
    /// (`u64::MAX` for a released button with nothing queued), and that level.
    pub fn steady(&self) -> (u64, bool) {
        self.queue
            .front()
            .map_or((u64::MAX, true), |&(cycles, pressed)| {
                (u64::from(cycles), !pressed)
            })
    }

    /// `n` ticks at once, `n` at most [`ButtonDriver::steady`]'s count.
    pub fn skip(&mut self, n: u64) {
        debug_assert!(n <= self.steady().0);
        if let Some(front) = self.queue.front_mut() {
            front.0 -= n as u32;
            if front.0 == 0 {
                self.queue.pop_front();
            }
        }
    }

    /// The pin level (`key_n`) for this cycle.
    pub fn tick(&mut self) -> bool {
        let Some(front) = self.queue.front_mut() else {
            return true;
        };
        let pressed = front.1;
        front.0 -= 1;
        if front.0 == 0 {
            self.queue.pop_front();
        }
        !pressed
    }
}
