// Stand-ins for the two ECP5 primitives of the ULX3S's board top (EHXPLLL,
// ODDRX1F), for elaborating boards/ulx3s/ulx3s_top.v under Icarus
// (tests/params.rs: the parameters it builds the core with). They take the
// parameters and ports the top gives and do just enough to be wired: the
// PLL passes its input clock on and reports lock; the DDR register outputs
// its first bit. Not models of the silicon: the bitstream's netlist is
// simulated with yosys's own cell models (docs/board.md).
`default_nettype none
`timescale 1ns / 1ps

module EHXPLLL #(
    parameter PLLRST_ENA = "DISABLED", parameter INTFB_WAKE = "DISABLED",
    parameter STDBY_ENABLE = "DISABLED", parameter DPHASE_SOURCE = "DISABLED",
    parameter OUTDIVIDER_MUXA = "DIVA", parameter OUTDIVIDER_MUXB = "DIVB",
    parameter OUTDIVIDER_MUXC = "DIVC", parameter OUTDIVIDER_MUXD = "DIVD",
    parameter integer CLKI_DIV = 1, parameter integer CLKFB_DIV = 1,
    parameter FEEDBK_PATH = "CLKOP",
    parameter CLKOP_ENABLE = "ENABLED", parameter integer CLKOP_DIV = 8,
    parameter integer CLKOP_CPHASE = 0, parameter integer CLKOP_FPHASE = 0,
    parameter CLKOS_ENABLE = "DISABLED", parameter integer CLKOS_DIV = 8,
    parameter integer CLKOS_CPHASE = 0, parameter integer CLKOS_FPHASE = 0
) (
    input  wire CLKI, CLKFB, PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG,
    input  wire STDBY, PLLWAKESYNC, RST, ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
    output wire CLKOP, CLKOS, CLKOS2, CLKOS3, LOCK, INTLOCK, REFCLK, CLKINTFB
);
    assign CLKOP    = CLKI;
    assign CLKOS    = CLKI;
    assign CLKOS2   = CLKI;
    assign CLKOS3   = CLKI;
    assign LOCK     = 1'b1;
    assign INTLOCK  = 1'b1;
    assign REFCLK   = CLKI;
    assign CLKINTFB = CLKFB;
endmodule

module ODDRX1F (
    input  wire SCLK, RST, D0, D1,
    output wire Q
);
    assign Q = D0;
endmodule

`default_nettype wire
