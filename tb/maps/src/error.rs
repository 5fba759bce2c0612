//! Typed errors of the reader and the validator.

use std::fmt;

use thiserror::Error;

use crate::{ElementKind, MAX_NPC, MIN_CAPITAL_DISTANCE, MIN_NPC, PADDING, WORDS_PER_MAP};

/// Longest token a message shows, in characters.
const SHOWN_MAX: usize = 32;

/// A token from a file as an error message shows it: control characters
/// escaped (a NUL or an escape sequence never reaches the terminal), long
/// tokens cut. Used by every reader of the project's text formats.
pub fn shown(token: &str) -> String {
    let mut out = String::new();
    for (i, c) in token.chars().enumerate() {
        if i == SHOWN_MAX {
            out.push('…');
            break;
        }
        if unseen(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c` would act on the terminal or be invisible there rather
/// than show as itself: a control character (an escape, a newline), or an
/// invisible or direction-changing format character (Unicode category Cf:
/// a byte-order mark U+FEFF, a zero-width space U+200B, a right-to-left
/// override U+202E that reverses the rest of the line), or a line or
/// paragraph separator.
pub fn unseen(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// A path as messages show it: whole, with control and invisible
/// characters ([`unseen`]) escaped so that a file name cannot colour,
/// reverse or break the terminal line; bytes that are not UTF-8 shown as
/// U+FFFD.
pub fn shown_path(path: &std::path::Path) -> String {
    let text = path.to_string_lossy();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if unseen(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A number base of a MIF file (`ADDRESS_RADIX` / `DATA_RADIX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Radix {
    /// `BIN`: base 2.
    Bin,
    /// `OCT`: base 8.
    Oct,
    /// `DEC`: signed decimal (a data value may be negative: two's complement in WIDTH bits).
    Dec,
    /// `UNS`: unsigned decimal.
    Uns,
    /// `HEX`: base 16 (also the `$readmemh` image's base).
    Hex,
}

impl Radix {
    /// The numeric base.
    pub fn base(self) -> u32 {
        match self {
            Radix::Bin => 2,
            Radix::Oct => 8,
            Radix::Dec | Radix::Uns => 10,
            Radix::Hex => 16,
        }
    }
}

impl fmt::Display for Radix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Radix::Bin => "BIN",
            Radix::Oct => "OCT",
            Radix::Dec => "DEC",
            Radix::Uns => "UNS",
            Radix::Hex => "HEX",
        })
    }
}

/// A syntax or content problem at one line of a MIF or hex file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SyntaxError {
    /// The text ends before the file is complete (a truncated file).
    #[error("file ends early: expected {expected}")]
    UnexpectedEnd {
        /// What the reader was waiting for.
        expected: &'static str,
    },
    /// A token other than the one the grammar needs.
    #[error("expected {expected}, found `{}`", shown(.found))]
    Expected {
        /// What the grammar needs here.
        expected: &'static str,
        /// What the file holds instead.
        found: String,
    },
    /// A character that starts no token.
    #[error("unexpected character {0:?}")]
    UnexpectedChar(char),
    /// A `%` or `/*` comment that is never closed.
    #[error("comment opened here is never closed")]
    UnterminatedComment,
    /// A header keyword the MIF format does not know.
    #[error("unknown header keyword `{}` (expected WIDTH, DEPTH, ADDRESS_RADIX, DATA_RADIX or CONTENT)", shown(.0))]
    UnknownKeyword(String),
    /// A header keyword given twice.
    #[error("{keyword} is given twice (first at line {first_line})")]
    DuplicateHeader {
        /// `WIDTH`, `DEPTH`, `ADDRESS_RADIX` or `DATA_RADIX`.
        keyword: &'static str,
        /// Where it was first given.
        first_line: usize,
    },
    /// `WIDTH` or `DEPTH` missing when the content starts.
    #[error("{0} is missing before CONTENT")]
    MissingHeader(&'static str),
    /// `WIDTH` is not the ROM's 10 bits.
    #[error("WIDTH = {}, the map ROM is 10 bits wide", shown(.0))]
    WrongWidth(String),
    /// `DEPTH` is not the ROM's 4096 words.
    #[error("DEPTH = {}, the map ROM is 4096 words deep", shown(.0))]
    WrongDepth(String),
    /// A radix name other than BIN, OCT, DEC, UNS, HEX.
    #[error("unknown radix `{}` (expected BIN, OCT, DEC, UNS or HEX)", shown(.0))]
    UnknownRadix(String),
    /// A number with a digit its radix does not allow.
    #[error("`{}` is not a {radix} number", shown(.text))]
    BadNumber {
        /// The token as written.
        text: String,
        /// The radix it was read in.
        radix: Radix,
    },
    /// A data value that does not fit 10 bits.
    #[error("value `{}` is out of range: a word is 10 bits (0..=0x3FF)", shown(.0))]
    ValueOutOfRange(String),
    /// An address past the end of the ROM.
    #[error("address `{}` is out of range: the ROM has addresses 0..=0xFFF", shown(.0))]
    AddressOutOfRange(String),
    /// A `[a..b]` range with `a > b`.
    #[error("address range [{first:#05X}..{last:#05X}] runs backwards")]
    BackwardRange {
        /// First address as read.
        first: usize,
        /// Last address as read.
        last: usize,
    },
    /// A `[a..b]` range given more than one data value.
    #[error("an address range takes exactly one value, found {0}")]
    RangeWithSeveralValues(usize),
    /// An address defined twice.
    #[error("address {addr:#05X} (map {}, word {}) is defined twice (first at line {first_line})", addr / WORDS_PER_MAP, addr % WORDS_PER_MAP)]
    DuplicateAddress {
        /// The address.
        addr: usize,
        /// Where it was first defined.
        first_line: usize,
    },
    /// Addresses never defined (reported at the end of the content).
    #[error("{count} address(es) never defined, the first is {first:#05X} (map {}, word {}); every one of the 4096 words must be given", first / WORDS_PER_MAP, first % WORDS_PER_MAP)]
    UndefinedAddresses {
        /// The lowest undefined address.
        first: usize,
        /// How many are undefined.
        count: usize,
    },
    /// Text after the MIF's `END;`.
    #[error("unexpected `{}` after END;", shown(.0))]
    TrailingText(String),
}

/// A map breaking a rule of maps/README.md (or holding an invalid word).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Violation {
    /// A ROM word that is neither padding nor an on-board element.
    #[error("word {word} = {value:#05X} is invalid: {}", invalid_word_reason(*value))]
    InvalidWord {
        /// Index of the word within its map (0..32).
        word: usize,
        /// The word.
        value: u16,
    },
    /// An element of a hand-made `Map` whose cell is off the board.
    #[error("{kind} at ({x},{y}) is off the {side} x {side} board", side = crate::BOARD)]
    OffBoard {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
        /// What it is.
        kind: ElementKind,
    },
    /// Not exactly one capital of a colour.
    #[error("capitals: {count} {kind}(s), need exactly one")]
    CapitalCount {
        /// `RedCapital` or `BlueCapital`.
        kind: ElementKind,
        /// How many the map holds.
        count: usize,
    },
    /// Rule 1: capitals on one cell or too close together.
    #[error("rule 1: the capitals at Red ({},{}) and Blue ({},{}) are {distance} apart (Manhattan), need distinct cells at least {MIN_CAPITAL_DISTANCE} apart", red.0, red.1, blue.0, blue.1)]
    CapitalsTooClose {
        /// Red capital cell.
        red: (u8, u8),
        /// Blue capital cell.
        blue: (u8, u8),
        /// Their Manhattan distance.
        distance: u32,
    },
    /// Rule 2: mountains separate the capitals.
    #[error("rule 2: no 4-neighbour path avoiding mountains joins the capitals at Red ({},{}) and Blue ({},{})", red.0, red.1, blue.0, blue.1)]
    NoPath {
        /// Red capital cell.
        red: (u8, u8),
        /// Blue capital cell.
        blue: (u8, u8),
    },
    /// Rule 3: the number of NPC elements is outside 24..=30.
    #[error("rule 3: N = {n} NPC elements (mountains + towers), need {MIN_NPC}..={MAX_NPC}")]
    ElementCount {
        /// Mountains + towers.
        n: usize,
    },
    /// Rule 4: the mountains or towers are outside 35 %..65 % of N.
    #[error("rule 4: {count} {kind}s of N = {n}, need 35 %..65 % of N ({}..={})", crate::share_bounds(*n).0, crate::share_bounds(*n).1)]
    Share {
        /// `Mountain` or `Tower`.
        kind: ElementKind,
        /// How many of that kind.
        count: usize,
        /// Mountains + towers.
        n: usize,
    },
    /// Rule 5: two or more elements on one cell.
    #[error("rule 5: {count} elements share cell ({x},{y})")]
    SharedCell {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
        /// How many elements stand there.
        count: usize,
    },
    /// Rule 6: non-mountain cells the capitals cannot reach.
    #[error("rule 6: a sealed pocket of {size} non-mountain cell(s) containing ({x},{y}) cannot be reached from the capitals")]
    SealedPocket {
        /// Column of the pocket's first cell (row-major).
        x: u8,
        /// Row of the pocket's first cell.
        y: u8,
        /// Cells in the pocket.
        size: usize,
    },
}

fn invalid_word_reason(value: u16) -> String {
    if value > crate::WORD_MAX {
        "it does not fit 10 bits".to_string()
    } else {
        format!(
            "x = {}, y = {} is off the board and only {PADDING:#05X} is padding",
            value >> 6,
            (value >> 2) & 0xF
        )
    }
}

/// Why a ROM image does not decode into maps ([`crate::decode_rom`]).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DecodeError {
    /// The image is not 4096 words.
    #[error("the image holds {len} words, the ROM needs 4096")]
    WrongLength {
        /// Words given.
        len: usize,
    },
    /// A word is neither padding nor a valid element.
    #[error("map {map}: {violation}")]
    InvalidWord {
        /// Map index.
        map: usize,
        /// Always [`Violation::InvalidWord`] or a value above 10 bits.
        violation: Violation,
    },
}

/// Any problem with a map file, carrying the file's path.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MapError {
    /// The file cannot be read.
    #[error("{path}: cannot read: {message}")]
    Io {
        /// File path.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// Neither `.mif` nor a hex image extension.
    #[error("{path}: unknown map file type: expected a .mif file or a .hex/.mem image")]
    UnknownFormat {
        /// File path.
        path: String,
    },
    /// A syntax or content problem at a line.
    #[error("{path}:{line}: {error}")]
    Syntax {
        /// File path.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        error: SyntaxError,
    },
    /// A word image of the wrong length (only from in-memory images).
    #[error("{path}: the image holds {len} words, the ROM needs 4096")]
    Length {
        /// File path (or a name for an in-memory image).
        path: String,
        /// Words given.
        len: usize,
    },
    /// A map breaking a rule.
    #[error("{path}: map {map}: {violation}")]
    Map {
        /// File path.
        path: String,
        /// Map index (0..128).
        map: usize,
        /// The broken rule.
        violation: Violation,
    },
    /// Two files that should hold the same image differ.
    #[error("{a} and {b} differ in {count} of 4096 words; the first is address {addr:#05X} (map {}, word {}): {value_a:#05X} vs {value_b:#05X}", addr / WORDS_PER_MAP, addr % WORDS_PER_MAP)]
    Mismatch {
        /// First file.
        a: String,
        /// Second file.
        b: String,
        /// Number of differing words.
        count: usize,
        /// First differing address.
        addr: usize,
        /// Its word in `a`.
        value_a: u16,
        /// Its word in `b`.
        value_b: u16,
    },
}
