//! The RTL's map ROM and map loading (rtl/game_logic.v) build the
//! initial board of every one of the 128 maps exactly as the Rust map reader
//! does from the same file (maps/README.md–§3), checked cell by cell.

use generals::env::core_env::{hold_cycles, CoreEnv};
use generals::env::driver::button::Press;
use generals::env::driver::ps2::Ps2Timing;
use generals_golden::{GameState, Phase, Player, Pos};
use generals_maps::{decode_rom, read_rom_file};
use std::path::Path;

#[test]
fn every_map_loads_cell_by_cell() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/maps.hex");
    let words = read_rom_file(&file).expect("committed maps.hex reads");
    let maps = decode_rom(&words).expect("committed maps decode");
    let mut env =
        CoreEnv::new(maps.clone(), 3, Ps2Timing::default()).unwrap_or_else(|m| panic!("{m}"));
    // 0, 1 and 127 first (the ends of the ROM), then all the others.
    let order: Vec<u8> = [0u8, 1, 127].into_iter().chain(2..127).collect();
    for m in order {
        env.press_start(m, &Press::clean(hold_cycles()))
            .unwrap_or_else(|e| panic!("map {m}: {e}"));
        let rtl = env.rtl_state().expect("decodable debug outputs");
        let expected = GameState::load(m, &maps[usize::from(m)]).expect("map loads");
        assert_eq!(rtl.phase, Phase::Playing, "map {m}");
        assert_eq!(rtl.map, m);
        // Odd draw: Red first; even: Blue (docs/rules.md §3).
        assert_eq!(
            rtl.first,
            if m % 2 == 1 {
                Player::Red
            } else {
                Player::Blue
            },
            "map {m}"
        );
        for i in 0..100 {
            assert_eq!(
                rtl.cells[i],
                expected.cells[i],
                "map {m}, cell {:?}",
                Pos::from_index(i)
            );
        }
        env.press_reset(&Press::clean(hold_cycles()))
            .unwrap_or_else(|e| panic!("map {m}: {e}"));
    }
    assert_eq!(env.sb.stats.games, 128);
}
