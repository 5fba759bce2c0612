use generals::driver::ps2::Ps2Timing;
use generals::kbd_env::KbdEnv;

#[test]
fn smoke() {
    let mut env = KbdEnv::new(1, Ps2Timing::default());
    env.send(&[0x1D, 0xF0, 0x1D, 0xE0, 0x75]);
    let stats = env.run(1000, 2_000_000).unwrap_or_else(|m| panic!("{m}"));
    println!("{stats:?}");
    assert_eq!(stats.commands, 2);
}
