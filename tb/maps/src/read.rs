//! The reader: Intel MIF files and `$readmemh` images into ROM words.
//!
//! It accepts the subset of MIF that Quartus writes and reads: `--` line
//! comments and `%…%` block comments, `WIDTH`/`DEPTH`/`ADDRESS_RADIX`/
//! `DATA_RADIX` headers in any order (radixes default to HEX), single
//! addresses `a : v;`, runs `a : v0 v1 …;` (consecutive addresses), ranges
//! `[a..b] : v;`, radixes BIN/OCT/DEC/UNS/HEX, keywords in any case and
//! whitespace anywhere between tokens. It is stricter than Quartus in what
//! maps/README.md forbids: every one of the 4096 addresses must be given exactly
//! once. Nothing here panics: every problem is a [`MapError`] naming the file
//! and the line.

use std::path::Path;

use crate::error::{MapError, Radix, SyntaxError};
use crate::{ROM_DEPTH, WORD_BITS, WORD_MAX};

/// One defined word: its value and the line that defined it.
type Slots = Vec<Option<(u16, usize)>>;

fn syntax(path: &str, line: usize, error: SyntaxError) -> MapError {
    MapError::Syntax {
        path: path.to_string(),
        line,
        error,
    }
}

/// Records `value` at `addr`, refusing a second definition of one address.
fn define(slots: &mut Slots, addr: usize, value: u16, line: usize) -> Result<(), SyntaxError> {
    match slots.get_mut(addr) {
        None => Err(SyntaxError::AddressOutOfRange(format!("{addr:#X}"))),
        Some(Some((_, first_line))) => Err(SyntaxError::DuplicateAddress {
            addr,
            first_line: *first_line,
        }),
        Some(slot) => {
            *slot = Some((value, line));
            Ok(())
        }
    }
}

/// All words, or the first undefined address and how many are undefined.
fn finish(slots: Slots) -> Result<Vec<u16>, SyntaxError> {
    let missing: Vec<usize> = (0..slots.len()).filter(|&a| slots[a].is_none()).collect();
    match missing.first() {
        Some(&first) => Err(SyntaxError::UndefinedAddresses {
            first,
            count: missing.len(),
        }),
        None => Ok(slots.into_iter().flatten().map(|(v, _)| v).collect()),
    }
}

/// Parses an unsigned number in `radix`; values too large for `u64` come back
/// as `u64::MAX`, which every range check rejects.
fn parse_unsigned(text: &str, radix: Radix) -> Result<u64, SyntaxError> {
    let bad = || SyntaxError::BadNumber {
        text: text.to_string(),
        radix,
    };
    if text.is_empty() {
        return Err(bad());
    }
    let mut value: u64 = 0;
    for c in text.chars() {
        let digit = c.to_digit(radix.base()).ok_or_else(bad)?;
        value = value
            .checked_mul(u64::from(radix.base()))
            .and_then(|v| v.checked_add(u64::from(digit)))
            .unwrap_or(u64::MAX);
    }
    Ok(value)
}

fn last_line(text: &str) -> usize {
    text.lines().count().max(1)
}

// ---------------------------------------------------------------- MIF

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    Eq,
    Semi,
    Colon,
    LBracket,
    RBracket,
    DotDot,
    Minus,
}

impl Tok {
    fn text(&self) -> String {
        match self {
            Tok::Word(w) => w.clone(),
            Tok::Eq => "=".into(),
            Tok::Semi => ";".into(),
            Tok::Colon => ":".into(),
            Tok::LBracket => "[".into(),
            Tok::RBracket => "]".into(),
            Tok::DotDot => "..".into(),
            Tok::Minus => "-".into(),
        }
    }
    fn is_keyword(&self, keyword: &str) -> bool {
        matches!(self, Tok::Word(w) if w.eq_ignore_ascii_case(keyword))
    }
}

/// Splits MIF text into tokens with their line numbers, dropping comments.
fn lex(text: &str) -> Result<Vec<(Tok, usize)>, (usize, SyntaxError)> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '-' if chars.peek() == Some(&'-') => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '%' => {
                let opened = line;
                loop {
                    match chars.next() {
                        None => return Err((opened, SyntaxError::UnterminatedComment)),
                        Some('%') => break,
                        Some('\n') => line += 1,
                        Some(_) => {}
                    }
                }
            }
            '.' if chars.peek() == Some(&'.') => {
                chars.next();
                tokens.push((Tok::DotDot, line));
            }
            '-' => tokens.push((Tok::Minus, line)),
            '=' => tokens.push((Tok::Eq, line)),
            ';' => tokens.push((Tok::Semi, line)),
            ':' => tokens.push((Tok::Colon, line)),
            '[' => tokens.push((Tok::LBracket, line)),
            ']' => tokens.push((Tok::RBracket, line)),
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let mut word = String::from(c);
                while let Some(&c) = chars
                    .peek()
                    .filter(|c| c.is_ascii_alphanumeric() || **c == '_')
                {
                    word.push(c);
                    chars.next();
                }
                tokens.push((Tok::Word(word), line));
            }
            c => return Err((line, SyntaxError::UnexpectedChar(c))),
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: std::vec::IntoIter<(Tok, usize)>,
    /// Line of the last token taken (where a following problem is reported).
    line: usize,
    end_line: usize,
}

type Parsed<T> = Result<T, (usize, SyntaxError)>;

impl Parser {
    fn next(&mut self, expected: &'static str) -> Parsed<Tok> {
        match self.tokens.next() {
            Some((tok, line)) => {
                self.line = line;
                Ok(tok)
            }
            None => Err((self.end_line, SyntaxError::UnexpectedEnd { expected })),
        }
    }
    fn error<T>(&self, error: SyntaxError) -> Parsed<T> {
        Err((self.line, error))
    }
    fn expect(&mut self, want: Tok, expected: &'static str) -> Parsed<()> {
        let tok = self.next(expected)?;
        if tok == want {
            Ok(())
        } else {
            self.error(SyntaxError::Expected {
                expected,
                found: tok.text(),
            })
        }
    }
    fn word(&mut self, expected: &'static str) -> Parsed<String> {
        match self.next(expected)? {
            Tok::Word(w) => Ok(w),
            tok => self.error(SyntaxError::Expected {
                expected,
                found: tok.text(),
            }),
        }
    }
    fn address(&mut self, radix: Radix) -> Parsed<usize> {
        let text = self.word("an address")?;
        self.address_value(&text, radix)
    }
    fn address_value(&self, text: &str, radix: Radix) -> Parsed<usize> {
        let value = parse_unsigned(text, radix).or_else(|e| self.error(e))?;
        match usize::try_from(value) {
            Ok(a) if a < ROM_DEPTH => Ok(a),
            _ => self.error(SyntaxError::AddressOutOfRange(text.to_string())),
        }
    }
    /// One data value; `Ok(None)` at the `;` that ends the list.
    fn data(&mut self, radix: Radix) -> Parsed<Option<u16>> {
        let negative = match self.next("a data value or `;`")? {
            Tok::Semi => return Ok(None),
            Tok::Minus if radix == Radix::Dec => true,
            Tok::Word(w) => return self.value(&w, &w, radix, false).map(Some),
            tok => {
                return self.error(SyntaxError::Expected {
                    expected: "a data value or `;`",
                    found: tok.text(),
                })
            }
        };
        let digits = self.word("digits after `-`")?;
        self.value(&format!("-{digits}"), &digits, radix, negative)
            .map(Some)
    }
    fn value(&self, text: &str, digits: &str, radix: Radix, negative: bool) -> Parsed<u16> {
        let magnitude = parse_unsigned(digits, radix).or_else(|e| self.error(e))?;
        let out_of_range = || self.error(SyntaxError::ValueOutOfRange(text.to_string()));
        if negative {
            // DEC is signed: -1 is all ones, down to -512 in 10 bits.
            let limit = 1u64 << (WORD_BITS - 1);
            if magnitude > limit {
                return out_of_range();
            }
            Ok((((1u64 << WORD_BITS) - magnitude) & u64::from(WORD_MAX)) as u16)
        } else if magnitude > u64::from(WORD_MAX) {
            out_of_range()
        } else {
            Ok(magnitude as u16)
        }
    }
}

const HEADERS: [&str; 4] = ["WIDTH", "DEPTH", "ADDRESS_RADIX", "DATA_RADIX"];

fn parse_radix(text: &str) -> Option<Radix> {
    match text.to_ascii_uppercase().as_str() {
        "BIN" => Some(Radix::Bin),
        "OCT" => Some(Radix::Oct),
        "DEC" => Some(Radix::Dec),
        "UNS" => Some(Radix::Uns),
        "HEX" => Some(Radix::Hex),
        _ => None,
    }
}

fn parse_mif(text: &str) -> Parsed<Vec<u16>> {
    let mut p = Parser {
        tokens: lex(text)?.into_iter(),
        line: 1,
        end_line: last_line(text),
    };
    let (address_radix, data_radix) = parse_mif_header(&mut p)?;
    parse_mif_content(&mut p, address_radix, data_radix)
}

/// The header: WIDTH, DEPTH, ADDRESS_RADIX, DATA_RADIX in any order, then
/// `CONTENT BEGIN`. Returns the address and data radixes.
fn parse_mif_header(p: &mut Parser) -> Parsed<(Radix, Radix)> {
    let mut seen = [None::<usize>; 4];
    let (mut address_radix, mut data_radix) = (Radix::Hex, Radix::Hex);
    loop {
        let keyword = p.word("a header keyword or CONTENT")?;
        if keyword.eq_ignore_ascii_case("CONTENT") {
            break;
        }
        let Some(k) = HEADERS.iter().position(|h| keyword.eq_ignore_ascii_case(h)) else {
            return p.error(SyntaxError::UnknownKeyword(keyword));
        };
        if let Some(first_line) = seen[k] {
            return p.error(SyntaxError::DuplicateHeader {
                keyword: HEADERS[k],
                first_line,
            });
        }
        seen[k] = Some(p.line);
        p.expect(Tok::Eq, "`=`")?;
        let value = p.word("a header value")?;
        match k {
            0 | 1 => {
                let n = parse_unsigned(&value, Radix::Uns).or_else(|e| p.error(e))?;
                let (want, wrong): (u64, fn(String) -> SyntaxError) = if k == 0 {
                    (u64::from(WORD_BITS), SyntaxError::WrongWidth)
                } else {
                    (ROM_DEPTH as u64, SyntaxError::WrongDepth)
                };
                if n != want {
                    return p.error(wrong(value));
                }
            }
            _ => {
                let radix = parse_radix(&value)
                    .map_or_else(|| p.error(SyntaxError::UnknownRadix(value)), Ok)?;
                if k == 2 {
                    address_radix = radix;
                } else {
                    data_radix = radix;
                }
            }
        }
        p.expect(Tok::Semi, "`;`")?;
    }
    for (k, name) in HEADERS.iter().enumerate().take(2) {
        if seen[k].is_none() {
            return p.error(SyntaxError::MissingHeader(name));
        }
    }
    let begin = p.next("BEGIN")?;
    if !begin.is_keyword("BEGIN") {
        return p.error(SyntaxError::Expected {
            expected: "BEGIN",
            found: begin.text(),
        });
    }
    Ok((address_radix, data_radix))
}

/// The content: addresses, runs and ranges up to `END;`, every address once.
fn parse_mif_content(p: &mut Parser, address_radix: Radix, data_radix: Radix) -> Parsed<Vec<u16>> {
    let mut slots: Slots = vec![None; ROM_DEPTH];
    loop {
        let (first, last) = match p.next("an address, an address range or END")? {
            tok if tok.is_keyword("END") => break,
            Tok::LBracket => {
                let first = p.address(address_radix)?;
                p.expect(Tok::DotDot, "`..`")?;
                let last = p.address(address_radix)?;
                p.expect(Tok::RBracket, "`]`")?;
                if first > last {
                    return p.error(SyntaxError::BackwardRange { first, last });
                }
                (first, Some(last))
            }
            Tok::Word(text) => (p.address_value(&text, address_radix)?, None),
            tok => {
                return p.error(SyntaxError::Expected {
                    expected: "an address, an address range or END",
                    found: tok.text(),
                })
            }
        };
        let line = p.line;
        p.expect(Tok::Colon, "`:`")?;
        let mut values = Vec::new();
        while let Some(value) = p.data(data_radix)? {
            values.push((value, p.line));
        }
        if values.is_empty() {
            return p.error(SyntaxError::Expected {
                expected: "a data value",
                found: ";".into(),
            });
        }
        match last {
            Some(last) => {
                if values.len() != 1 {
                    return p.error(SyntaxError::RangeWithSeveralValues(values.len()));
                }
                for addr in first..=last {
                    define(&mut slots, addr, values[0].0, line).map_err(|e| (line, e))?;
                }
            }
            None => {
                for (k, (value, line)) in values.into_iter().enumerate() {
                    define(&mut slots, first + k, value, line).map_err(|e| (line, e))?;
                }
            }
        }
    }
    let end_line = p.line;
    p.expect(Tok::Semi, "`;` after END")?;
    if let Some((tok, line)) = p.tokens.next() {
        return Err((line, SyntaxError::TrailingText(tok.text())));
    }
    finish(slots).map_err(|e| (end_line, e))
}

/// Reads an Intel MIF image of the map ROM (`WIDTH = 10`, `DEPTH = 4096`).
/// `path_for_messages` names the file in errors (`file:line: message`).
pub fn read_mif(path_for_messages: &str, text: &str) -> Result<Vec<u16>, MapError> {
    parse_mif(text).map_err(|(line, e)| syntax(path_for_messages, line, e))
}

// ---------------------------------------------------------------- hex

/// Reads a `$readmemh` image of the map ROM: hex words separated by white
/// space, `//` and `/* */` comments, `@addr` address jumps, `_` inside numbers.
/// Every address 0..4096 must be given exactly once, each value ≤ `0x3FF`.
pub fn read_hex(path_for_messages: &str, text: &str) -> Result<Vec<u16>, MapError> {
    parse_hex(text).map_err(|(line, e)| syntax(path_for_messages, line, e))
}

fn parse_hex(text: &str) -> Parsed<Vec<u16>> {
    let mut slots: Slots = vec![None; ROM_DEPTH];
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let mut addr = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '/' if chars.peek() == Some(&'/') => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let opened = line;
                chars.next();
                let mut star = false;
                loop {
                    match chars.next() {
                        None => return Err((opened, SyntaxError::UnterminatedComment)),
                        Some('/') if star => break,
                        Some(c) => {
                            if c == '\n' {
                                line += 1;
                            }
                            star = c == '*';
                        }
                    }
                }
            }
            c => {
                let mut token = String::from(c);
                while let Some(&c) = chars
                    .peek()
                    .filter(|c| !c.is_whitespace() && **c != '/' && **c != '@')
                {
                    token.push(c);
                    chars.next();
                }
                let (is_address, digits) = match token.strip_prefix('@') {
                    Some(rest) => (true, rest),
                    None => (false, token.as_str()),
                };
                let bad = || SyntaxError::BadNumber {
                    text: token.clone(),
                    radix: Radix::Hex,
                };
                if digits.is_empty() || digits.starts_with('_') {
                    return Err((line, bad()));
                }
                let value = parse_unsigned(&digits.replace('_', ""), Radix::Hex)
                    .map_err(|_| (line, bad()))?;
                if is_address {
                    addr = match usize::try_from(value) {
                        Ok(a) if a < ROM_DEPTH => a,
                        _ => return Err((line, SyntaxError::AddressOutOfRange(token))),
                    };
                    continue;
                }
                if value > u64::from(WORD_MAX) {
                    return Err((line, SyntaxError::ValueOutOfRange(token)));
                }
                define(&mut slots, addr, value as u16, line).map_err(|e| (line, e))?;
                addr += 1;
            }
        }
    }
    finish(slots).map_err(|e| (last_line(text), e))
}

/// The largest map file read: the MIF of the 128 maps is about 60 KB.
const MAP_FILE_MAX: u64 = 16 << 20;

/// The bytes of the file at `path`, which must hold at most `max` bytes: a
/// wrong file (a waveform, `/dev/zero`) is refused after `max` bytes instead
/// of filling the memory. Used by every reader of the project's input files.
pub fn read_capped(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    read_limited(std::fs::File::open(path)?, max)
}

/// [`read_capped`] for any reader (standard input).
pub fn read_limited(reader: impl std::io::Read, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "larger than {} MiB, too large for this kind of file",
                max >> 20
            ),
        ));
    }
    Ok(bytes)
}

/// Reads a map ROM file, choosing the format by extension: `.mif` is a MIF
/// file, `.hex` or `.mem` a `$readmemh` image.
pub fn read_rom_file(path: &Path) -> Result<Vec<u16>, MapError> {
    let name = crate::shown_path(path);
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let reader: fn(&str, &str) -> Result<Vec<u16>, MapError> = match ext.as_deref() {
        Some("mif") => read_mif,
        Some("hex" | "mem") => read_hex,
        _ => return Err(MapError::UnknownFormat { path: name }),
    };
    let bytes = read_capped(path, MAP_FILE_MAX).map_err(|e| MapError::Io {
        path: name.clone(),
        message: e.to_string(),
    })?;
    // Invalid UTF-8 becomes U+FFFD, which the readers reject with its line.
    reader(&name, &String::from_utf8_lossy(&bytes))
}
