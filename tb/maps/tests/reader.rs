//! The MIF and hex readers: the accepted syntax, and a precise error (file,
//! line, what) for every kind of broken file. Nothing may panic.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use generals_maps::{
    read_hex, read_mif, read_rom_file, write_hex, write_mif, MapError, Radix, SyntaxError, PADDING,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const HEADER: &str = "WIDTH=10;\nDEPTH=4096;\nADDRESS_RADIX=HEX;\nDATA_RADIX=HEX;\n";

/// A MIF of the given content lines (header on lines 1–4, CONTENT BEGIN on 5).
fn mif(content: &str) -> String {
    format!("{HEADER}CONTENT BEGIN\n{content}END;\n")
}

fn syntax_error(result: Result<Vec<u16>, MapError>) -> (String, usize, SyntaxError) {
    match result {
        Err(MapError::Syntax { path, line, error }) => (path, line, error),
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

/// Reads `text` as MIF and returns (line, error), checking the message format.
fn mif_error(text: &str) -> (usize, SyntaxError) {
    let result = read_mif("t.mif", text);
    let message = result.as_ref().err().map(ToString::to_string);
    let (path, line, error) = syntax_error(result);
    assert_eq!(path, "t.mif");
    assert_eq!(message.unwrap(), format!("t.mif:{line}: {error}"));
    (line, error)
}

fn hex_error(text: &str) -> (usize, SyntaxError) {
    let (path, line, error) = syntax_error(read_hex("t.hex", text));
    assert_eq!(path, "t.hex");
    (line, error)
}

fn all_padding() -> Vec<u16> {
    vec![PADDING; 4096]
}

#[test]
fn reads_a_range_covering_the_rom() {
    assert_eq!(
        read_mif("t.mif", &mif("[0..FFF] : 3FC;\n")),
        Ok(all_padding())
    );
}

#[test]
fn reads_any_case_whitespace_comments_and_every_radix() {
    // 0x3FC = 1020 = 0b1111111100 = 0o1774 = -4 in 10-bit two's complement.
    let text = "  width\n =\n 10 ;% a block\ncomment spanning lines %depth=4096;\n\
                -- a line comment\naddress_radix = uns ; data_radix = dec;\n\
                content\nbegin\n[0..4094]:1020;4095 : -4 ;\nend ;\n-- trailing comment\n";
    assert_eq!(read_mif("t.mif", text), Ok(all_padding()));
    let text = "WIDTH=10;DEPTH=4096;ADDRESS_RADIX=BIN;DATA_RADIX=OCT;CONTENT BEGIN\n\
                [0..111111111111]:1774;END;";
    assert_eq!(read_mif("t.mif", text), Ok(all_padding()));
    let text = "WIDTH=10;DEPTH=4096;ADDRESS_RADIX=HEX;DATA_RADIX=BIN;CONTENT BEGIN\n\
                [0..FFF]:1111111100;END;";
    assert_eq!(read_mif("t.mif", text), Ok(all_padding()));
}

#[test]
fn radixes_default_to_hex() {
    let text = "WIDTH=10;\nDEPTH=4096;\nCONTENT BEGIN\n[0..FFF] : 3FC;\nEND;\n";
    assert_eq!(read_mif("t.mif", text), Ok(all_padding()));
}

#[test]
fn reads_runs_of_values_at_consecutive_addresses() {
    let words = read_mif("t.mif", &mif("0 : 1 2 3FF;\n[3..FFF] : 3FC;\n")).unwrap();
    assert_eq!(&words[..4], &[1, 2, 0x3FF, 0x3FC]);
}

#[test]
fn the_writers_output_reads_back() {
    let mut words = all_padding();
    words[0] = 0x002;
    words[1] = 0x267;
    words[4095] = 0x24D;
    let text = write_mif(&words);
    // Hand-expected layout: single words, then a range for the padding run.
    assert!(
        text.contains("-- map 0\n\t000 : 002;\n\t001 : 267;\n\t[002..01F] : 3FC;\n-- map 1\n"),
        "{text}"
    );
    assert!(
        text.ends_with("\t[FE0..FFE] : 3FC;\n\tFFF : 24D;\nEND;\n"),
        "{text}"
    );
    assert_eq!(read_mif("t.mif", &text), Ok(words.clone()));
    let hex = write_hex(&words);
    assert_eq!(hex.lines().count(), 4096);
    assert!(hex.starts_with("002\n267\n3fc\n"));
    assert!(hex.ends_with("3fc\n24d\n"));
    assert_eq!(read_hex("t.hex", &hex), Ok(words));
}

#[test]
fn truncated_mif_files_are_rejected_at_their_last_line() {
    let full = mif("[0..FFF] : 3FC;\n"); // 7 lines
    for (cut, expected) in [
        ("WIDTH=10;\nDEPTH", "`=`"),
        ("WIDTH=10;\nDEPTH=", "a header value"),
        ("WIDTH=10;\nDEPTH=4096;\n", "a header keyword or CONTENT"),
        ("WIDTH=10;\nDEPTH=4096;\nCONTENT", "BEGIN"),
        (&full[..full.find("3FC").unwrap()], "a data value or `;`"),
        (&full[..full.find("FFF").unwrap()], "an address"),
        (&full[..full.len() - 2], "`;` after END"),
    ] {
        let (line, error) = mif_error(cut);
        assert_eq!(error, SyntaxError::UnexpectedEnd { expected }, "{cut:?}");
        assert_eq!(line, cut.lines().count(), "{cut:?}");
    }
    assert_eq!(
        mif_error("").1,
        SyntaxError::UnexpectedEnd {
            expected: "a header keyword or CONTENT"
        }
    );
}

#[test]
fn truncated_content_leaves_addresses_undefined() {
    // Map 127's words 16..31 (addresses 0xFF0..0xFFF) are missing.
    let (line, error) = mif_error(&mif("[0..FEF] : 3FC;\n"));
    assert_eq!(line, 7); // the END line
    assert_eq!(
        error,
        SyntaxError::UndefinedAddresses {
            first: 0xFF0,
            count: 16
        }
    );
    assert!(error.to_string().contains("map 127, word 16"), "{error}");
}

#[test]
fn bad_headers_are_rejected() {
    let cases: [(&str, usize, SyntaxError); 8] = [
        ("WIDHT=10;", 1, SyntaxError::UnknownKeyword("WIDHT".into())),
        (
            "WIDTH 10;",
            1,
            SyntaxError::Expected {
                expected: "`=`",
                found: "10".into(),
            },
        ),
        (
            "WIDTH=10\nDEPTH=4096;",
            2,
            SyntaxError::Expected {
                expected: "`;`",
                found: "DEPTH".into(),
            },
        ),
        (
            "WIDTH=10;\nwidth=10;",
            2,
            SyntaxError::DuplicateHeader {
                keyword: "WIDTH",
                first_line: 1,
            },
        ),
        (
            "WIDTH=10;\nCONTENT BEGIN",
            2,
            SyntaxError::MissingHeader("DEPTH"),
        ),
        (
            "WIDTH=10;\nDEPTH=4096;\nDATA_RADIX=HAX;",
            3,
            SyntaxError::UnknownRadix("HAX".into()),
        ),
        (
            "WIDTH=10;\nDEPTH=4096;\nCONTENT\nSTART",
            4,
            SyntaxError::Expected {
                expected: "BEGIN",
                found: "START".into(),
            },
        ),
        (
            "WIDTH=1O;",
            1,
            SyntaxError::BadNumber {
                text: "1O".into(),
                radix: Radix::Uns,
            },
        ),
    ];
    for (text, line, error) in cases {
        assert_eq!(mif_error(text), (line, error), "{text:?}");
    }
}

#[test]
fn wrong_width_or_depth_is_rejected() {
    assert_eq!(
        mif_error("DEPTH=4096;\nWIDTH=8;\n"),
        (2, SyntaxError::WrongWidth("8".into()))
    );
    assert_eq!(
        mif_error("WIDTH=10;\nDEPTH=2048;\n"),
        (2, SyntaxError::WrongDepth("2048".into()))
    );
    assert_eq!(
        mif_error("WIDTH=99999999999999999999999;"),
        (1, SyntaxError::WrongWidth("99999999999999999999999".into()))
    );
}

#[test]
fn values_and_addresses_out_of_range_are_rejected() {
    // Content starts on line 6.
    let cases = [
        ("0 : 400;\n", 6, SyntaxError::ValueOutOfRange("400".into())),
        (
            "[0..FFE] : 3FC;\nFFF : FFFFFFFFFFFFFFFFFFFFFFFF;\n",
            7,
            SyntaxError::ValueOutOfRange("FFFFFFFFFFFFFFFFFFFFFFFF".into()),
        ),
        (
            "1000 : 3FC;\n",
            6,
            SyntaxError::AddressOutOfRange("1000".into()),
        ),
        (
            "[FFE..1000] : 3FC;\n",
            6,
            SyntaxError::AddressOutOfRange("1000".into()),
        ),
        // A run of values walking off the end of the ROM.
        (
            "[0..FFD] : 3FC;\nFFE : 1 2 3;\n",
            7,
            SyntaxError::AddressOutOfRange("0x1000".into()),
        ),
        (
            "[10..0] : 3FC;\n",
            6,
            SyntaxError::BackwardRange { first: 16, last: 0 },
        ),
        (
            "0 : 3G0;\n",
            6,
            SyntaxError::BadNumber {
                text: "3G0".into(),
                radix: Radix::Hex,
            },
        ),
        (
            "[0..FFF] : 1 2;\n",
            6,
            SyntaxError::RangeWithSeveralValues(2),
        ),
        (
            "0 : -4;\n",
            6,
            SyntaxError::Expected {
                expected: "a data value or `;`",
                found: "-".into(),
            },
        ),
    ];
    for (content, line, error) in cases {
        assert_eq!(mif_error(&mif(content)), (line, error), "{content:?}");
    }
    // DEC is signed: -512 is the most negative 10-bit value, -513 is out.
    let dec = |v: &str| {
        format!("WIDTH=10;DEPTH=4096;DATA_RADIX=DEC;CONTENT BEGIN\n[0..FFE]:0;FFF:{v};\nEND;")
    };
    assert_eq!(read_mif("t.mif", &dec("-512")).unwrap()[4095], 0x200);
    assert_eq!(
        mif_error(&dec("-513")),
        (2, SyntaxError::ValueOutOfRange("-513".into()))
    );
    assert_eq!(
        mif_error(&dec("1024")),
        (2, SyntaxError::ValueOutOfRange("1024".into()))
    );
}

#[test]
fn duplicate_addresses_are_rejected() {
    let (line, error) = mif_error(&mif("[0..FFF] : 3FC;\n\n020 : 002;\n"));
    assert_eq!(line, 8);
    assert_eq!(
        error,
        SyntaxError::DuplicateAddress {
            addr: 0x20,
            first_line: 6
        }
    );
    assert!(error.to_string().contains("map 1, word 0"), "{error}");
}

#[test]
fn garbage_and_trailing_text_are_rejected() {
    assert_eq!(
        mif_error("\u{1}\u{7f}binary"),
        (1, SyntaxError::UnexpectedChar('\u{1}'))
    );
    assert_eq!(
        mif_error("WIDTH=10;\nDEPTH=4096; % never closed\n\n"),
        (2, SyntaxError::UnterminatedComment)
    );
    assert_eq!(
        mif_error(&format!("{}garbage\n", mif("[0..FFF] : 3FC;\n"))),
        (8, SyntaxError::TrailingText("garbage".into()))
    );
    assert_eq!(
        mif_error(&mif("0 ; 3FC;\n")),
        (
            6,
            SyntaxError::Expected {
                expected: "`:`",
                found: ";".into()
            }
        )
    );
    // The whole file is split into tokens first, so a stray character is
    // reported before any grammar error.
    assert_eq!(mif_error("1.5"), (1, SyntaxError::UnexpectedChar('.')));
    assert_eq!(
        mif_error("WIDTH=10;\n\u{FFFD}"),
        (2, SyntaxError::UnexpectedChar('\u{FFFD}'))
    );
}

#[test]
fn hex_reader_accepts_readmemh_syntax() {
    let mut text = String::from("// a comment\n/* a block\ncomment */ @000\n");
    text.push_str(&"3_fc\n".repeat(4095));
    text.push_str("@FFF 3FC // last\n");
    assert_eq!(read_hex("t.hex", &text), Ok(all_padding()));
}

#[test]
fn hex_reader_rejects_broken_images() {
    let good = write_hex(&all_padding());
    let lines: Vec<&str> = good.lines().collect();
    // Truncated to 4000 lines: addresses 4000..4095 undefined, reported at the last line.
    let truncated = lines[..4000].join("\n");
    assert_eq!(
        hex_error(&truncated),
        (
            4000,
            SyntaxError::UndefinedAddresses {
                first: 4000,
                count: 96
            }
        )
    );
    // One word too many.
    assert_eq!(
        hex_error(&format!("{good}3fc\n")),
        (4097, SyntaxError::AddressOutOfRange("0x1000".into()))
    );
    // Value out of range on line 11.
    let mut bad = lines.clone();
    bad[10] = "400";
    assert_eq!(
        hex_error(&bad.join("\n")),
        (11, SyntaxError::ValueOutOfRange("400".into()))
    );
    // x/z digits and other garbage.
    bad[10] = "3xz";
    assert_eq!(
        hex_error(&bad.join("\n")),
        (
            11,
            SyntaxError::BadNumber {
                text: "3xz".into(),
                radix: Radix::Hex
            }
        )
    );
    // An address jump back onto defined words.
    assert_eq!(
        hex_error(&format!("{good}@10 3fc\n")),
        (
            4097,
            SyntaxError::DuplicateAddress {
                addr: 16,
                first_line: 17
            }
        )
    );
    assert_eq!(
        hex_error("@1000 3fc"),
        (1, SyntaxError::AddressOutOfRange("@1000".into()))
    );
    assert_eq!(
        hex_error("3fc /* open\n\n"),
        (1, SyntaxError::UnterminatedComment)
    );
    assert_eq!(
        hex_error("3fc / 3fc"),
        (
            1,
            SyntaxError::BadNumber {
                text: "/".into(),
                radix: Radix::Hex
            }
        )
    );
    assert_eq!(
        hex_error(""),
        (
            1,
            SyntaxError::UndefinedAddresses {
                first: 0,
                count: 4096
            }
        )
    );
}

#[test]
fn read_rom_file_chooses_by_extension_and_names_the_file() {
    let dir = common::maps_dir();
    let mif = read_rom_file(&dir.join("maps.mif")).expect("committed MIF");
    let hex = read_rom_file(&dir.join("maps.hex")).expect("committed hex");
    assert_eq!(mif, hex);
    let missing = dir.join("no-such-file.mif");
    assert!(matches!(
        read_rom_file(&missing),
        Err(MapError::Io { path, .. }) if path == missing.display().to_string()
    ));
    assert!(matches!(
        read_rom_file(&dir.join("SEED")),
        Err(MapError::UnknownFormat { .. })
    ));
}

/// One random edit of `bytes`: delete, insert, replace, duplicate or truncate.
fn mutate(rng: &mut ChaCha8Rng, bytes: &mut Vec<u8>) {
    const ALPHABET: &[u8] = b"0123456789ABCDEFabcdefxz:;[].=-%@/*_ \t\n\r\x00\xff\xc3";
    let len = bytes.len() as u32;
    let at = rng.gen_range(0..len.max(1)) as usize;
    match rng.gen_range(0..6u32) {
        0 => {
            let n = rng.gen_range(1..64u32) as usize;
            bytes.drain(at..(at + n).min(bytes.len()));
        }
        1 => {
            let c = ALPHABET[rng.gen_range(0..ALPHABET.len() as u32) as usize];
            bytes.insert(at, c);
        }
        2 => {
            if at < bytes.len() {
                bytes[at] = ALPHABET[rng.gen_range(0..ALPHABET.len() as u32) as usize];
            }
        }
        3 => {
            let n = rng.gen_range(1..200u32) as usize;
            let piece: Vec<u8> = bytes[at..(at + n).min(bytes.len())].to_vec();
            let to = rng.gen_range(0..len.max(1)) as usize;
            bytes.splice(to..to, piece);
        }
        4 => bytes.truncate(at),
        _ => {
            let c = rng.gen_range(0..=255u32) as u8;
            bytes.insert(at, c);
        }
    }
}

fn fuzz(name: &str, original: &str, read: fn(&str, &str) -> Result<Vec<u16>, MapError>) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6E6E_7261_6C73);
    let (mut ok, mut err) = (0, 0);
    for iteration in 0..1000 {
        let mut bytes = if iteration % 10 == 9 {
            // Pure garbage: random bytes of random length.
            let len = rng.gen_range(0..2000u32);
            (0..len).map(|_| rng.gen_range(0..=255u32) as u8).collect()
        } else {
            original.as_bytes().to_vec()
        };
        for _ in 0..rng.gen_range(1..4u32) {
            mutate(&mut rng, &mut bytes);
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let result = catch_unwind(AssertUnwindSafe(|| read(name, &text)))
            .unwrap_or_else(|_| panic!("{name}: reader panicked on fuzz iteration {iteration}"));
        match result {
            Ok(words) => {
                assert_eq!(words.len(), 4096);
                assert!(words.iter().all(|&w| w <= 0x3FF));
                ok += 1;
            }
            Err(e) => {
                assert!(e.to_string().starts_with(&format!("{name}:")), "{e}");
                err += 1;
            }
        }
    }
    eprintln!("{name} fuzz: {ok} read, {err} rejected");
    // Both outcomes must occur, or the mutations are not exercising the reader.
    assert!(ok > 0 && err > 0, "{ok} ok, {err} errors");
}

#[test]
fn fuzzed_mif_never_panics() {
    fuzz("fuzz.mif", &common::committed("maps.mif"), read_mif);
}

#[test]
fn fuzzed_hex_never_panics() {
    fuzz("fuzz.hex", &common::committed("maps.hex"), read_hex);
}

/// Bytes from a broken file reach the terminal escaped: a NUL or an escape
/// sequence in a token is shown as `\u{0}` or `\u{1b}`, never as itself.
#[test]
fn messages_never_carry_control_characters() {
    let texts = [
        "\0\u{1b}[2J12\n".to_string(),
        mif("\u{7}0 : 3FC;\n"),
        format!("WIDTH=1\u{1b}0;\n{}", &HEADER[9..]),
        mif("[0..FFF] : 3FC;\n").replace("END;", "END;\n\u{1b}[31m"),
    ];
    for text in &texts {
        for message in [
            read_hex("t.hex", text).map(drop).map_err(|e| e.to_string()),
            read_mif("t.mif", text).map(drop).map_err(|e| e.to_string()),
        ] {
            let message = message.expect_err("a broken file");
            assert!(
                !message.chars().any(char::is_control),
                "{text:?}: control characters in {message:?}"
            );
        }
    }
    let message = read_hex("t.hex", "\0\u{1b}[2J12\n")
        .expect_err("broken")
        .to_string();
    assert!(message.contains("\\u{0}\\u{1b}"), "{message}");
}

/// Files are read up to a size limit: a wrong file is refused, not loaded
/// whole.
#[test]
fn files_past_the_size_limit_are_refused() {
    let path = std::env::temp_dir().join(format!("generals-capped-{}", std::process::id()));
    std::fs::write(&path, vec![b'0'; 1025]).expect("write");
    let e = generals_maps::read_capped(&path, 1025 - 1).expect_err("too large");
    assert!(e.to_string().contains("too large"), "{e}");
    assert_eq!(
        generals_maps::read_capped(&path, 1025).expect("fits").len(),
        1025
    );
    let _ = std::fs::remove_file(&path);
}
