//! Every shared number and code of `rtl/generals_defs.vh` against the
//! written rules: the table "Shared numbers and codes" of `docs/rules.md`
//! states each, and each must be there with the header's value, and the
//! table must name nothing the header lacks. One wrong value in the header
//! would otherwise make the RTL and the golden model agree on a wrong game.

use std::collections::BTreeMap;

/// The table's rows: each name (a row may name several, with as many
/// values) and its value.
fn written() -> BTreeMap<String, u32> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let start = text
        .find("### Shared numbers and codes")
        .expect("docs/rules.md has the table of shared numbers and codes");
    let mut rows = BTreeMap::new();
    for line in text[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| name"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
    {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let names: Vec<String> = cols[1]
            .split(',')
            .map(|n| n.trim().trim_matches('`').to_string())
            .collect();
        let values: Vec<u32> = cols[2]
            .split(',')
            .map(|v| v.trim().parse().unwrap_or_else(|e| panic!("`{line}`: {e}")))
            .collect();
        assert_eq!(names.len(), values.len(), "`{line}`: a value for each name");
        for (n, v) in names.into_iter().zip(values) {
            assert!(rows.insert(n.clone(), v).is_none(), "{n} written twice");
        }
    }
    assert!(!rows.is_empty(), "the table has rows");
    rows
}

/// The header's constants, as this crate has them.
fn header() -> BTreeMap<String, u32> {
    use generals_defs::*;
    [
        ("CLOCK_HZ", CLOCK_HZ),
        ("BOARD_SIDE", BOARD_SIDE),
        ("CELLS", CELLS),
        ("COORD_MAX", COORD_MAX),
        ("CELL_IDX_W", CELL_IDX_W),
        ("CELL_W", CELL_W),
        ("CELL_OWNER", CELL_OWNER),
        ("OWNER_W", OWNER_W),
        ("CELL_KIND", CELL_KIND),
        ("KIND_W", KIND_W),
        ("CELL_TROOPS", CELL_TROOPS),
        ("TROOPS_W", TROOPS_W),
        ("TROOPS_MAX", TROOPS_MAX),
        ("TROOPS_MOVE", TROOPS_MOVE),
        ("PH_IDLE", PH_IDLE),
        ("PH_PLAYING", PH_PLAYING),
        ("PH_OVER", PH_OVER),
        ("PL_NONE", PL_NONE),
        ("PL_RED", PL_RED),
        ("PL_BLUE", PL_BLUE),
        ("MODE_SELECT", MODE_SELECT),
        ("MODE_ALL", MODE_ALL),
        ("MODE_HALF", MODE_HALF),
        ("KIND_LAND", KIND_LAND),
        ("KIND_MOUNTAIN", KIND_MOUNTAIN),
        ("KIND_CAPITAL", KIND_CAPITAL),
        ("KIND_TOWER", KIND_TOWER),
        ("CMD_W", CMD_W),
        ("CMD_A", CMD_A),
        ("CMD_S", CMD_S),
        ("CMD_D", CMD_D),
        ("CMD_SPACE", CMD_SPACE),
        ("CMD_Z", CMD_Z),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v))
    .collect()
}

#[test]
fn every_shared_number_is_the_written_one() {
    assert_eq!(
        header(),
        written(),
        "rtl/generals_defs.vh against docs/rules.md"
    );
}

/// Every `localparam` of the header is listed above (a constant added to
/// the header and not to the table, or to `header()`, fails here).
#[test]
fn the_header_has_no_constant_the_table_lacks() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rtl/generals_defs.vh");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let names: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("localparam"))
        .filter_map(|d| d.split_once('='))
        .filter_map(|(lhs, _)| lhs.split_whitespace().last().map(str::to_string))
        .collect();
    let known = header();
    for n in &names {
        assert!(
            known.contains_key(n),
            "{n}: in the header, not in the table"
        );
    }
    assert_eq!(names.len(), known.len());
}

/// The numbers that follow from others.
#[test]
fn the_board_numbers_agree() {
    use generals_defs::*;
    assert_eq!(CELLS, BOARD_SIDE * BOARD_SIDE);
    assert_eq!(COORD_MAX, BOARD_SIDE - 1);
    const { assert!(1 << CELL_IDX_W >= CELLS) };
    assert_eq!(CELL_W, OWNER_W + KIND_W + TROOPS_W);
    assert_eq!(CELL_OWNER, CELL_KIND + KIND_W);
    assert_eq!(CELL_KIND, CELL_TROOPS + TROOPS_W);
    assert_eq!(TROOPS_MAX, (1 << TROOPS_W) - 1);
}
