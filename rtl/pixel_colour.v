// Generals (将军棋) - pixel_colour: the renderer's last stage (docs/display.md, "One
// cell" front to back, "Palette"): text over the tiles over the background, the
// palette lookup, and the VGA output registers with the syncs and blank of the same
// pixel.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module pixel_colour #(
    parameter GFX_DIR = "rtl/gfx/"     // palette image
) (
    input  wire        clk,            // 50 MHz
    input  wire        rst,            // synchronous, active high
    input  wire        pix_en_i,       // pixel enable: the pipeline moves
    input  wire        de_i,           // the pixel's levels: visible area, syncs (active low)
    input  wire        hs_n_i,
    input  wire        vs_n_i,
    input  wire [3:0]  txt_i,          // its colour in each layer; 0 where the layer is empty
    input  wire [3:0]  tile_i,
    input  wire [3:0]  bg_i,           // never empty in the visible area, black outside
    output reg  [7:0]  vga_r,          // to the video DAC
    output reg  [7:0]  vga_g,
    output reg  [7:0]  vga_b,
    output reg         vga_hs_n,
    output reg         vga_vs_n,
    output reg         vga_blank_n
);
    /* verilator lint_off UNUSEDPARAM */
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    reg [23:0] palette [0:15];
    initial $readmemh({GFX_DIR, "palette.hex"}, palette);

    // Palette index 0 is black: the layers hold it where they are empty and, the
    // background, in the blanking, so the blanked pixels need no test of their own.
    always @(posedge clk) begin : out
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [3:0] p;
        /* verilator tracing_on */
        // see docs/rtl-style.md: block variables (each assigned first thing)
        p = 4'd0;
        if (pix_en_i) begin
            if (txt_i != P_BLACK)       p = txt_i;
            else if (tile_i != P_BLACK) p = tile_i;
            else                        p = bg_i;
            {vga_r, vga_g, vga_b} <= palette[p];
            vga_hs_n    <= hs_n_i;
            vga_vs_n    <= vs_n_i;
            vga_blank_n <= de_i;
        end
        if (rst) begin
            {vga_r, vga_g, vga_b} <= 24'd0;
            vga_hs_n    <= 1'b1;
            vga_vs_n    <= 1'b1;
            vga_blank_n <= 1'b0;
        end
    end
endmodule

`default_nettype wire
