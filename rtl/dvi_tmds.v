// Generals (将军棋) - dvi_tmds: the core's VGA pins as DVI 1.0's three TMDS lanes
// (docs/board.md (the ULX3S)): blue, green and red, each a tmds_encoder, on the core's clock.
// What the ULX3S's board top serialises; what the bench checks symbol by symbol.
// Part of the Generals FPGA project, MIT licence.
//
// The pixel enable is the core's vga_clk. The renderer moves its pins at the clk
// edges where vga_clk falls, and vga_clk is high for the one clk cycle in the
// middle of each pixel (docs/display.md, "Pipeline and cycle numbering"): at the
// edge that ends that cycle the pins still hold the pixel, so every pixel is
// taken exactly once, and none in reset (vga_clk stays low there).
//
// Latency: the symbols of the pixel the pins show in cycles 2n and 2n + 1 (vga_clk
// rising at edge 2n) appear on the outputs at edge 2n + 1, the edge where the pins
// move on to the next pixel, and stay there for the two cycles of that next pixel:
// the outputs lag the pins by exactly one pixel (two clk cycles). sym_tog_o
// toggles at every edge where the symbols are taken, so the serialiser in
// another clock domain knows when they changed.
`default_nettype none
`timescale 1ns / 1ps

module dvi_tmds (
    input  wire       clk,          // the core's 50 MHz clock
    input  wire       vga_clk,      // the core's vga_clk: the pixel enable
    input  wire       vga_blank_n,  // high in the visible area: DVI's DE
    input  wire       vga_hs_n,     // horizontal sync, active low, sent as its level
    input  wire       vga_vs_n,     // vertical sync, active low, sent as its level
    input  wire [7:0] vga_r,
    input  wire [7:0] vga_g,
    input  wire [7:0] vga_b,
    output wire [9:0] blue_o,       // lane 0's symbol (it carries the syncs), bit 0 sent first
    output wire [9:0] green_o,      // lane 1
    output wire [9:0] red_o,        // lane 2
    output reg        sym_tog_o     // toggles when the symbols change (once a pixel)
);
    // DVI sends the sync signals' own levels: for 640 x 480 they are active-low,
    // so in blanking C0 = hsync = vga_hs_n and C1 = vsync = vga_vs_n. The other
    // lanes send control code 0 (no data islands: this is DVI, not HDMI).
    // C0 and C1 go to the encoders as ports of their own (rtl/tmds_encoder.v says why).
    localparam CTL_NONE = 1'b0;   // the green and red lanes' C0 and C1: code 00

    // tog_q is the toggle's state; sym_tog_o, its copy for the other domain, is
    // never read here (see docs/rtl-style.md: private copies).
    reg tog_q;
    initial begin
        tog_q     = 1'b0;
        sym_tog_o = 1'b0;
    end
    always @(posedge clk) begin
        if (vga_clk) begin
            tog_q     <= !tog_q;
            sym_tog_o <= !tog_q;
        end
    end

    tmds_encoder u_blue (
        .clk(clk),
        .ce (vga_clk),
        .de (vga_blank_n),
        .d  (vga_b),
        .c0 (vga_hs_n),
        .c1 (vga_vs_n),
        .q  (blue_o)
    );
    tmds_encoder u_green (
        .clk(clk),
        .ce (vga_clk),
        .de (vga_blank_n),
        .d  (vga_g),
        .c0 (CTL_NONE),
        .c1 (CTL_NONE),
        .q  (green_o)
    );
    tmds_encoder u_red (
        .clk(clk),
        .ce (vga_clk),
        .de (vga_blank_n),
        .d  (vga_r),
        .c0 (CTL_NONE),
        .c1 (CTL_NONE),
        .q  (red_o)
    );
endmodule

`default_nettype wire
