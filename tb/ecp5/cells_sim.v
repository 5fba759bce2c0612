// The cell library the post-synth_ecp5 netlist of generals_core is simulated
// with (tb/dut/build.rs): yosys's own ECP5 simulation models, the very ones
// synth_ecp5 reads (share/lattice/cells_sim_ecp5.v of the pinned YoWASP
// yosys, found on the include path), with one cell replaced.
//
// cells_sim_ecp5.v is not read itself: beside including the files below it
// declares DP16KD, the block RAM, as a blackbox (ports and parameters, no
// behaviour), which would simulate as a RAM that reads nothing. Its includes
// are taken one by one instead, and DP16KD comes from DP16KD.v, a model
// written from the cell's documented behaviour. cells_io.vh (I/O buffers) is
// left out: synth_ecp5 adds none to generals_core, which has no pads.
// Part of the Generals FPGA project, MIT licence.
// NO_INCLUDES: common_sim.vh would include cells_ff.vh and cells_io.vh itself.
// The vendor files' other warnings are waived in ecp5.vlt, by file; this one
// (TRELLIS_RAM16X2's initial block, which assigns with <=) is not taken from
// there by Verilator 5.006.
`define NO_INCLUDES
/* verilator lint_off INITIALDLY */
`include "common_sim.vh"
/* verilator lint_on INITIALDLY */
`include "ccu2c_sim.vh"
`include "cells_ff.vh"
`include "DP16KD.v"
