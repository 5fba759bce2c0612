//! `generals`: the command-line front end of the test bench.
fn main() {}
