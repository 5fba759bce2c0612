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

    // Front to back. Blanked pixels have palette index 0 (black).
    function automatic [3:0] compose(input de, input text_px, input [3:0] tcolour,
                                     input rule, input band, input bandedge,
                                     input [1:0] winner, input grid, input interior,
                                     input cur_hi, input blue, input cur_ink, input tgt,
                                     input dig_px, input icon_hit, input [3:0] icon_px,
                                     input [3:0] fill, input panel);
        if (!de)                     compose = P_BLACK;
        else if (text_px)            compose = tcolour;
        else if (rule)               compose = P_GOLD;
        else if (band)               compose = bandedge ? P_WHITE :
                                               (winner == PL_RED)  ? P_RED :
                                               (winner == PL_BLUE) ? P_BLUE : P_PANEL;
        else if (grid)               compose = P_GRID;
        else if (interior) begin
            if (cur_hi)                          compose = blue ? P_BLUE_HI : P_RED_HI;
            else if (cur_ink)                    compose = P_INK;
            else if (tgt)                        compose = P_GOLD;
            else if (dig_px)                     compose = (fill == P_NEUTRAL) ? P_INK : P_WHITE;
            else if (icon_hit && icon_px != 4'd0) compose = icon_px;
            else                                 compose = fill;
        end
        else if (panel)              compose = P_PANEL;
        else                         compose = P_BG;
    endfunction

    reg [3:0] pal5;
    reg       de5, hs5_n, vs5_n;
    always @(posedge clk) begin
        if (rst) begin
            pal5 <= P_BLACK;  de5 <= 1'b0;  hs5_n <= 1'b1;  vs5_n <= 1'b1;
        end else if (pix_en_i) begin
            // Glyph bits: bit 7 = leftmost for font and digits; icon pixel 0 in 63:60.
            pal5  <= compose(de4_i, thit4_i && font4_i[~tgx4_i], tcolour4_i, rule4_i, band4_i,
                             bandedge4_i, winner_i, grid4_i, interior4_i, cur_hi4_i,
                             player_i == PL_BLUE, cur_ink4_i, tgt4_i,
                             dhit4_i && dig4_i[~dgx4_i], ihit4_i,
                             icon4_i[{~icol4_i, 2'b11} -: 4], fill4_i, panel4_i);
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
