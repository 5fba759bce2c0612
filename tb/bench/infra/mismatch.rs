//! A failed check: the first difference between the RTL and the golden
//! models, with the cycle, the signal, both values and the context a person
//! needs. Every check of the bench returns one; the lowest layer, it uses
//! nothing of the bench.

use std::fmt;

/// The first difference between the RTL and the golden model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Clock cycle (50 MHz) counted from the start of the run.
    pub cycle: u64,
    /// The signal, cell or check that differs.
    pub signal: String,
    /// What the golden model expected.
    pub expected: String,
    /// What the RTL did.
    pub actual: String,
    /// Further context: frame, beam position, files written.
    pub notes: Vec<String>,
}

impl Mismatch {
    /// A mismatch without notes.
    pub fn new(
        cycle: u64,
        signal: impl Into<String>,
        expected: impl fmt::Display,
        actual: impl fmt::Display,
    ) -> Self {
        Self {
            cycle,
            signal: signal.into(),
            expected: expected.to_string(),
            actual: actual.to_string(),
            notes: Vec::new(),
        }
    }

    /// Adds a line of context.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MISMATCH at cycle {} ({:.3} ms): {}: expected {}, actual {}",
            self.cycle,
            self.cycle as f64 * 1e3 / crate::CLOCK_HZ as f64,
            self.signal,
            self.expected,
            self.actual
        )?;
        for n in &self.notes {
            write!(f, "\n  {n}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Mismatch {}
