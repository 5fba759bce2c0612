// Generals (将军棋) - pixel_colour: glyph and colour lookup, the renderer's last two
// stages (docs/display.md, "One cell" front to back). S5 composites text, board,
// panel and background into a palette index; S6 looks the colour up and drives the
// VGA output registers with the syncs and blank of the same pixel.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module pixel_colour #(
    parameter GFX_DIR = "rtl/gfx/"     // palette image
) (
    input  wire        clk,            // 50 MHz
    input  wire        rst,            // synchronous, active high
    input  wire        pix_en_i,       // pixel enable: the pipeline moves
    input  wire [1:0]  winner_i,       // the snapshot's winner and player
    input  wire [1:0]  player_i,
    input  wire        de4_i,          // S4: visible area, syncs (active low)
    input  wire        hs4_n_i,
    input  wire        vs4_n_i,
    input  wire        thit4_i,        // S4: text (panel_text)
    input  wire [3:0]  tcolour4_i,
    input  wire [2:0]  tgx4_i,
    input  wire [7:0]  font4_i,
    input  wire        rule4_i,
    input  wire        panel4_i,
    input  wire        band4_i,        // S4: board (board_tiles)
    input  wire        bandedge4_i,
    input  wire        grid4_i,
    input  wire        interior4_i,
    input  wire        cur_hi4_i,
    input  wire        cur_ink4_i,
    input  wire        tgt4_i,
    input  wire        dhit4_i,
    input  wire [2:0]  dgx4_i,
    input  wire [7:0]  dig4_i,
    input  wire        ihit4_i,
    input  wire [3:0]  icol4_i,
    input  wire [63:0] icon4_i,
    input  wire [3:0]  fill4_i,
    output reg  [7:0]  vga_r,          // S6: to the video DAC
    output reg  [7:0]  vga_g,
    output reg  [7:0]  vga_b,
    output reg         vga_hs_n,
    output reg         vga_vs_n,
    output reg         vga_blank_n
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    // Front to back. Blanked pixels have palette index 0 (black). Written as one
    // chain of branches in the clocked block, so that a simulator looks at a glyph
    // bit or an icon pixel only where the chain reaches it.
    reg [3:0] pal5;
    reg       de5, hs5_n, vs5_n;
    always @(posedge clk) begin
        if (rst) begin
            pal5 <= P_BLACK;  de5 <= 1'b0;  hs5_n <= 1'b1;  vs5_n <= 1'b1;
        end else if (pix_en_i) begin
            // Glyph bits: bit 7 = leftmost for font and digits; icon pixel 0 in 63:60.
            if (!de4_i)                              pal5 <= P_BLACK;
            else if (thit4_i && font4_i[~tgx4_i])    pal5 <= tcolour4_i;
            else if (rule4_i)                        pal5 <= P_GOLD;
            else if (band4_i)                        pal5 <= bandedge4_i ? P_WHITE :
                                                             (winner_i == PL_RED)  ? P_RED :
                                                             (winner_i == PL_BLUE) ? P_BLUE : P_PANEL;
            else if (grid4_i)                        pal5 <= P_GRID;
            else if (interior4_i) begin
                if (cur_hi4_i)                       pal5 <= (player_i == PL_BLUE) ? P_BLUE_HI : P_RED_HI;
                else if (cur_ink4_i)                 pal5 <= P_INK;
                else if (tgt4_i)                     pal5 <= P_GOLD;
                else if (dhit4_i && dig4_i[~dgx4_i]) pal5 <= (fill4_i == P_NEUTRAL) ? P_INK : P_WHITE;
                else if (ihit4_i && icon4_i[{~icol4_i, 2'b11} -: 4] != 4'd0)
                                                     pal5 <= icon4_i[{~icol4_i, 2'b11} -: 4];
                else                                 pal5 <= fill4_i;
            end
            else if (panel4_i)                       pal5 <= P_PANEL;
            else                                     pal5 <= P_BG;
            de5   <= de4_i;
            hs5_n <= hs4_n_i;
            vs5_n <= vs4_n_i;
        end
    end

    reg [23:0] palette [0:15];
    initial $readmemh({GFX_DIR, "palette.hex"}, palette);

    always @(posedge clk) begin
        if (rst) begin
            {vga_r, vga_g, vga_b} <= 24'd0;
            vga_hs_n    <= 1'b1;
            vga_vs_n    <= 1'b1;
            vga_blank_n <= 1'b0;
        end else if (pix_en_i) begin
            {vga_r, vga_g, vga_b} <= palette[pal5];
            vga_hs_n    <= hs5_n;
            vga_vs_n    <= vs5_n;
            vga_blank_n <= de5;
        end
    end
endmodule

`default_nettype wire
