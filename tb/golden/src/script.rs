//! Key scripts: the stimulus text format shared by the golden runner and the
//! co-simulation bench.
//!
//! One token per key, separated by whitespace; `#` starts a comment that runs
//! to the end of the line; tokens are case-insensitive.
//!
//! | token | step |
//! |---|---|
//! | `W` `A` `S` `D` `SPACE` `Z` | press and release that key |
//! | `UP` `DOWN` `LEFT` `RIGHT` | press and release that arrow key |
//! | `START` | press the START button |
//! | `RESET` | press the RESET button |
//! | `WAIT n` | let `n` frames of 16.8 ms pass (`n` a decimal integer, 0 … 216000, the next token: at most an hour) |
//! | `WAIT TURN` | wait until a person is to move or the game is over (docs/rules.md §11: the machine moves meanwhile) |
//! | `RAW hh hh …` | send these PS/2 bytes as they are |
//!
//! `RAW` takes the tokens after it for as long as each is exactly two hex
//! digits (`0-9`, `a-f`, `A-F`); the first token that is not ends the list and
//! is read as a token of its own. No keyword is two hex digits, so the rule is
//! unambiguous; `RAW` followed by no byte at all is an error.
//!
//! A byte-order mark (U+FEFF) at the very start, as some editors write, is
//! skipped.

use thiserror::Error;

use crate::types::Command;
use generals_maps::shown;

/// Error of [`parse_script`]; lines and columns count from 1, columns in
/// characters. The token in a message is shown with control characters
/// escaped and cut after 32 characters, so a binary file cannot garble a
/// terminal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScriptError {
    /// A token that is no keyword.
    #[error("line {line}, column {column}: unknown token `{}` (expected W A S D SPACE Z UP DOWN LEFT RIGHT START RESET WAIT RAW)", shown(.token))]
    UnknownToken {
        /// Line of the token.
        line: usize,
        /// Column of its first character.
        column: usize,
        /// The token as written.
        token: String,
    },
    /// A token right after RAW's bytes that is neither a byte nor a keyword.
    #[error("line {line}, column {column}: `{}` after RAW is not a byte (two hex digits, 00 … FF) nor a keyword", shown(.token))]
    BadRawByte {
        /// Line of the token.
        line: usize,
        /// Column of its first character.
        column: usize,
        /// The token as written.
        token: String,
    },
    /// The token after WAIT is not a decimal integer 0 … [`WAIT_MAX`].
    #[error(
        "line {line}, column {column}: `{}` is not a frame count for WAIT (a decimal integer 0 … 216000, an hour of frames) nor TURN", shown(.token)
    )]
    BadNumber {
        /// Line of the token.
        line: usize,
        /// Column of its first character.
        column: usize,
        /// The token as written.
        token: String,
    },
    /// WAIT at the end of the script.
    #[error("line {line}, column {column}: WAIT needs a frame count after it")]
    MissingNumber {
        /// Line of the WAIT.
        line: usize,
        /// Column of the WAIT.
        column: usize,
    },
    /// RAW not followed by a two-hex-digit byte.
    #[error(
        "line {line}, column {column}: RAW needs at least one byte of two hex digits after it (e.g. `RAW E0 75`)"
    )]
    EmptyRaw {
        /// Line of the RAW.
        line: usize,
        /// Column of the RAW.
        column: usize,
    },
}

/// A key of the keyboard that a script can press.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// `W`, make code `1D`.
    W,
    /// `A`, make code `1C`.
    A,
    /// `S`, make code `1B`.
    S,
    /// `D`, make code `23`.
    D,
    /// Space, make code `29`.
    Space,
    /// `Z`, make code `1A`.
    Z,
    /// Up arrow, make code `E0 75`.
    Up,
    /// Down arrow, make code `E0 72`.
    Down,
    /// Left arrow, make code `E0 6B`.
    Left,
    /// Right arrow, make code `E0 74`.
    Right,
}

impl Key {
    /// Whether the key's codes carry the `E0` prefix (the arrows).
    pub fn extended(self) -> bool {
        matches!(self, Key::Up | Key::Down | Key::Left | Key::Right)
    }

    /// The make code without any `E0` prefix (docs/rules.md §4): the codes live
    /// with [`Command`], which the key gives.
    pub fn code(self) -> u8 {
        let cmd = self.command();
        if self.extended() {
            cmd.arrow_code()
                .expect("every arrow acts as W, A, S or D, which have arrow codes")
        } else {
            cmd.make_code()
        }
    }

    /// The command the key gives (arrows act as W/A/S/D, docs/rules.md §4, decided).
    pub fn command(self) -> Command {
        match self {
            Key::W | Key::Up => Command::W,
            Key::A | Key::Left => Command::A,
            Key::S | Key::Down => Command::S,
            Key::D | Key::Right => Command::D,
            Key::Space => Command::Space,
            Key::Z => Command::Z,
        }
    }

    /// Scan-code set 2 bytes of a press and release: make then break,
    /// e.g. `1D F0 1D` for W, `E0 75 E0 F0 75` for the up arrow.
    pub fn press_release(self) -> Vec<u8> {
        crate::keyboard::key_bytes(self.command(), self.extended())
    }

    /// Every key, with its token in a script.
    pub const TOKENS: [(Key, &'static str); 10] = [
        (Key::W, "W"),
        (Key::A, "A"),
        (Key::S, "S"),
        (Key::D, "D"),
        (Key::Space, "SPACE"),
        (Key::Z, "Z"),
        (Key::Up, "UP"),
        (Key::Down, "DOWN"),
        (Key::Left, "LEFT"),
        (Key::Right, "RIGHT"),
    ];

    /// The key's token in a script (`W`, `SPACE`, `UP`).
    pub fn token(self) -> &'static str {
        Self::TOKENS
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("?", |(_, t)| t)
    }

    fn from_token(upper: &str) -> Option<Key> {
        Self::TOKENS
            .iter()
            .find(|(_, t)| *t == upper)
            .map(|(k, _)| *k)
    }
}

/// What one script step does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Press and release a key.
    Key(Key),
    /// Press START.
    Start,
    /// Press RESET.
    Reset,
    /// Let this many frames (16.8 ms each) pass.
    Wait(u32),
    /// Wait until a person is to move (or the game is over): the machine
    /// player's turns run meanwhile.
    WaitTurn,
    /// Send these PS/2 bytes.
    Raw(Vec<u8>),
}

/// One step of a script, with the line it was written on (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Source line of the step's first token.
    pub line: usize,
    /// What it does.
    pub action: Action,
}

impl Step {
    /// The PS/2 bytes the step sends: a key's make then break codes
    /// ([`Key::press_release`]), RAW's bytes, nothing for the others.
    pub fn ps2_bytes(&self) -> Vec<u8> {
        match &self.action {
            Action::Key(k) => k.press_release(),
            Action::Raw(bytes) => bytes.clone(),
            Action::Start | Action::Reset | Action::Wait(_) | Action::WaitTurn => Vec::new(),
        }
    }
}

/// One whitespace-separated token with its position.
#[derive(Clone, Copy)]
struct Token<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

/// The tokens of a script, comments removed, with lines and columns from 1.
fn tokens(text: &str) -> impl Iterator<Item = Token<'_>> {
    text.lines().enumerate().flat_map(|(i, l)| {
        let code = l.split('#').next().unwrap_or("");
        let mut column = 1;
        let mut out = Vec::new();
        let mut rest = code;
        while !rest.is_empty() {
            let blank = rest.len() - rest.trim_start().len();
            column += rest[..blank].chars().count();
            rest = &rest[blank..];
            let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
            if len > 0 {
                out.push(Token {
                    line: i + 1,
                    column,
                    text: &rest[..len],
                });
            }
            column += rest[..len].chars().count();
            rest = &rest[len..];
        }
        out
    })
}

/// A word the script format knows (a key, START, RESET, WAIT, RAW), in any case.
fn is_keyword(token: &str) -> bool {
    let upper = token.to_ascii_uppercase();
    Key::from_token(&upper).is_some()
        || matches!(upper.as_str(), "START" | "RESET" | "WAIT" | "RAW")
}

/// The text of a script that parses back into `steps` (one step a line).
pub fn format_script(steps: &[Step]) -> String {
    let mut out = String::new();
    for s in steps {
        match &s.action {
            Action::Key(k) => out.push_str(k.token()),
            Action::Start => out.push_str("START"),
            Action::Reset => out.push_str("RESET"),
            Action::Wait(n) => out.push_str(&format!("WAIT {n}")),
            Action::WaitTurn => out.push_str("WAIT TURN"),
            Action::Raw(bytes) => {
                out.push_str("RAW");
                for b in bytes {
                    out.push_str(&format!(" {b:02X}"));
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The longest `WAIT n`: an hour of 60 Hz frames.
pub const WAIT_MAX: u32 = 216_000;

/// Parse a key script (format in the module documentation).
pub fn parse_script(text: &str) -> Result<Vec<Step>, ScriptError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tokens = tokens(text).peekable();
    let mut steps = Vec::new();
    let mut after_raw = false;
    while let Some(tok) = tokens.next() {
        let Token {
            line,
            column,
            text: token,
        } = tok;
        let upper = token.to_ascii_uppercase();
        let follows_raw = std::mem::take(&mut after_raw);
        let action = if let Some(k) = Key::from_token(&upper) {
            Action::Key(k)
        } else {
            match upper.as_str() {
                "START" => Action::Start,
                "RESET" => Action::Reset,
                "WAIT" => {
                    let n = tokens
                        .next()
                        .ok_or(ScriptError::MissingNumber { line, column })?;
                    if n.text.eq_ignore_ascii_case("TURN") {
                        Action::WaitTurn
                    } else {
                        let frames = n
                            .text
                            .bytes()
                            .all(|b| b.is_ascii_digit())
                            .then(|| n.text.parse::<u32>().ok())
                            .flatten()
                            .filter(|&f| f <= WAIT_MAX)
                            .ok_or_else(|| ScriptError::BadNumber {
                                line: n.line,
                                column: n.column,
                                token: n.text.to_string(),
                            })?;
                        Action::Wait(frames)
                    }
                }
                "RAW" => {
                    let mut bytes = Vec::new();
                    while let Some(b) = tokens.peek().and_then(|t| hex_byte(t.text)) {
                        bytes.push(b);
                        tokens.next();
                    }
                    if bytes.is_empty() {
                        // A token that is no keyword is a byte written wrong:
                        // name it rather than the RAW.
                        return Err(match tokens.peek().filter(|t| !is_keyword(t.text)) {
                            Some(t) => ScriptError::BadRawByte {
                                line: t.line,
                                column: t.column,
                                token: t.text.to_string(),
                            },
                            None => ScriptError::EmptyRaw { line, column },
                        });
                    }
                    after_raw = true;
                    Action::Raw(bytes)
                }
                _ if follows_raw => {
                    return Err(ScriptError::BadRawByte {
                        line,
                        column,
                        token: token.to_string(),
                    })
                }
                _ => {
                    return Err(ScriptError::UnknownToken {
                        line,
                        column,
                        token: token.to_string(),
                    })
                }
            }
        };
        steps.push(Step { line, action });
    }
    Ok(steps)
}

/// A token of exactly two hex digits, as a byte.
fn hex_byte(t: &str) -> Option<u8> {
    if t.len() == 2 && t.bytes().all(|b| b.is_ascii_hexdigit()) {
        u8::from_str_radix(t, 16).ok()
    } else {
        None
    }
}
