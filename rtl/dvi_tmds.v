// Generals (将军棋) - dvi_tmds: the ULX3S's DVI picture (GAME.md §9) made from
// generals_core's VGA pins: three TMDS lanes, each a tmds_encoder, blue (lane 0),
// green (lane 1) and red (lane 2), ten bits a pixel for the board top's serialiser.
// Plain RTL on the core's clock: the test bench runs this module beside the core,
// fed by the core's VGA pins, and checks every symbol (docs/display.md: DVI).
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

// The pixel enable is vga_clk itself: the core changes its VGA pins on the edge at
// which vga_clk falls and raises vga_clk one cycle later, in the middle of the
// pixel (rtl/renderer.v); vga_clk is high for exactly one cycle per pixel, with
// the pins stable, which is when a DAC would latch them. So the encoders take
// each pixel once, at the edge after the cycle in which vga_clk is high, and
// the lanes carry that pixel's symbols from that edge for one pixel (two
// cycles): latency one cycle after the pins are sampled.
// Active video is vga_blank_n. In blanking the blue lane's control code is
// {C1, C0} = {vsync, hsync} as levels: 640 x 480's syncs are active low, so the
// levels are vga_vs_n and vga_hs_n (DVI carries the sync signals as they are,
// polarity and all); the green and red lanes send code 0.
module dvi_tmds (
    input  wire       clk,           // the core's 50 MHz clock
    input  wire [7:0] vga_r,         // generals_core's VGA pins
    input  wire [7:0] vga_g,
    input  wire [7:0] vga_b,
    input  wire       vga_hs_n,
    input  wire       vga_vs_n,
    input  wire       vga_blank_n,
    input  wire       vga_clk,       // high for one cycle per pixel: the enable
    output wire [9:0] tmds_blue,     // lane 0: blue, and the syncs in blanking
    output wire [9:0] tmds_green,    // lane 1
    output wire [9:0] tmds_red       // lane 2
);
    localparam NO_CONTROL = 1'b0;   // the code the green and red lanes send: 00

    tmds_encoder u_blue (
        .clk (clk),
        .ce  (vga_clk),
        .de  (vga_blank_n),
        .d   (vga_b),
        .c0  (vga_hs_n),
        .c1  (vga_vs_n),
        .q   (tmds_blue)
    );
    tmds_encoder u_green (
        .clk (clk),
        .ce  (vga_clk),
        .de  (vga_blank_n),
        .d   (vga_g),
        .c0  (NO_CONTROL),
        .c1  (NO_CONTROL),
        .q   (tmds_green)
    );
    tmds_encoder u_red (
        .clk (clk),
        .ce  (vga_clk),
        .de  (vga_blank_n),
        .d   (vga_r),
        .c0  (NO_CONTROL),
        .c1  (NO_CONTROL),
        .q   (tmds_red)
    );
endmodule

`default_nettype wire
