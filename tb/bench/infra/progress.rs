//! Progress lines for long runs: on a terminal only, at most a few per second.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Prints `\r`-updated progress to stderr when it is a terminal.
pub struct Progress {
    enabled: bool,
    last: Instant,
    started: Instant,
}

impl Progress {
    /// Progress on stderr if it is a terminal and `quiet` is false.
    pub fn new(quiet: bool) -> Self {
        Self {
            enabled: !quiet && std::io::stderr().is_terminal(),
            last: Instant::now(),
            started: Instant::now(),
        }
    }

    /// Shows `line` if 250 ms passed since the last one.
    pub fn tick(&mut self, line: impl FnOnce() -> String) {
        if self.enabled && self.last.elapsed() > Duration::from_millis(250) {
            self.last = Instant::now();
            let secs = self.started.elapsed().as_secs_f64();
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K[{secs:6.1} s] {}", line());
            let _ = err.flush();
        }
    }

    /// Clears the progress line.
    pub fn finish(&mut self) {
        if self.enabled {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}
