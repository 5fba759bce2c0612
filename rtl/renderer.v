// Generals (将军棋) - renderer: video path, from game state to the VGA DAC.
// Title screen, board, side panel and banner; layout in docs/display.md.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

// The stages, each a module of its own:
//   vga_timing    the raster: the beam, and the sync and blank levels
//   video_scan    snapshot and scan: the state of one frame, the cell RAM words and
//                 the panel's numbers, read in the vertical blanking
//   board_tiles   the board's cells and grid, the title's sample cells, the band
//   panel_text    every text, the title's rule, the panel's background
//   pixel_colour  compositing, palette, the output registers
// The sources (tiles, text, background) compute the pixel under the beam at each
// pixel enable and register it; pixel_colour registers the colour at the next. The
// beam leaves reset OUT_LAG - PIPE_DEPTH pixels before the raster's origin, so the
// pins carry pixel n - OUT_LAG at the n-th vga_clk rising edge (docs/display.md).
module renderer #(
    parameter GFX_DIR = "rtl/gfx/"  // ROM images, relative to the simulator/Quartus project
) (
    input  wire          clk,            // 50 MHz system clock
    input  wire          rst,            // synchronous reset, active high
    input  wire [1:0]    phase_i,        // 0 IDLE, 1 PLAYING, 2 GAME_OVER
    input  wire [1:0]    winner_i,       // 0 none, 1 red, 2 blue
    input  wire [1:0]    player_i,       // current player: 1 red, 2 blue
    input  wire [1:0]    mode_i,         // 2'b00 SELECT, 2'b10 MOVE-ALL, 2'b11 MOVE-HALF
    input  wire [1:0]    machine_i,      // colours shown as the machine's: [0] red, [1] blue
    input  wire [7:0]    cursor_red_i,   // {x[3:0], y[3:0]}
    input  wire [7:0]    cursor_blue_i,  // {x[3:0], y[3:0]}
    input  wire [15:0]   round_i,        // round number
    input  wire [6:0]    map_i,          // map number
    output wire          cell_en_o,      // board RAM read port: enable
    output wire [6:0]    cell_addr_o,    // cell y*10+x
    input  wire [12:0]   cell_i,         // {owner, kind, troops}, one enabled cycle later
    output wire          hold_o,         // the board must not change: scan ahead or under way
    output wire [7:0]    vga_r,          // red to the ADV7123
    output wire [7:0]    vga_g,          // green
    output wire [7:0]    vga_b,          // blue
    output wire          vga_hs_n,       // horizontal sync, active low
    output wire          vga_vs_n,       // vertical sync, active low
    output wire          vga_blank_n,    // high in the visible area
    output wire          vga_sync_n,     // sync-on-green: not used, tied low
    output reg           vga_clk,        // 25 MHz; the DAC latches on its rising edge
    output wire          snapshot_o      // high for the one cycle of the state copy
);
    /* verilator lint_off UNUSEDPARAM */
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    // The pins show pixel n - OUT_LAG at the n-th vga_clk rising edge; the beam is
    // PIPE_DEPTH enables ahead of the pins.
    localparam integer OUT_LAG    = 6;
    localparam integer PIPE_DEPTH = 2;
    localparam [9:0]   LEAD       = OUT_LAG[9:0] - PIPE_DEPTH[9:0];
    // Snapshot at the first pixel of vertical blanking as seen at the DAC: the beam
    // is then at (PIPE_DEPTH - 1, 480) and the outputs move to (0, 480).
    localparam [9:0]   SNAP_X     = PIPE_DEPTH[9:0] - 10'd1;

    assign vga_sync_n = 1'b0;

    // Pixel enable and DAC clock. The pipeline moves on the cycles with pix_en high;
    // vga_clk falls on those edges and rises one cycle later, in the middle of the
    // stable output, where the ADV7123 latches.
    // en_q is the enable's state; pix_en, its copy for the stages, is never read
    // here (see docs/rtl-style.md: private copies).
    reg en_q, pix_en;
    always @(posedge clk) begin
        // Reset last (docs/rtl-style.md); en_q is read before any write.
        pix_en  <= ~en_q;
        vga_clk <= ~en_q;
        en_q    <= ~en_q;
        if (rst) begin
            en_q    <= 1'b0;
            pix_en  <= 1'b0;
            vga_clk <= 1'b0;
        end
    end

    wire [9:0] sx, sy;
    wire       hs_n, vs_n, de;
    vga_timing #(.X0(H_TOTAL - LEAD), .Y0(V_LAST)) u_timing (
        .clk       (clk),
        .rst       (rst),
        .pix_en_i  (pix_en),
        .sx_o      (sx),
        .sy_o      (sy),
        .hsync_n_o (hs_n),
        .vsync_n_o (vs_n),
        .de_o      (de)
    );
    wire [1:0]  snap_phase, snap_winner, snap_player, snap_mode, snap_machine;
    wire        cram_we;
    wire [6:0]  cram_addr;
    wire [19:0] cram_data;
    wire [18:0] round_bcd, red_troops_bcd, blue_troops_bcd;
    wire [11:0] map_bcd, red_land_bcd, blue_land_bcd;
    video_scan #(.SNAP_X(SNAP_X)) u_scan (
        .clk              (clk),
        .rst              (rst),
        .pix_en_i         (pix_en),
        .sx_i             (sx),
        .sy_i             (sy),
        .phase_i          (phase_i),
        .winner_i         (winner_i),
        .player_i         (player_i),
        .mode_i           (mode_i),
        .machine_i        (machine_i),
        .cursor_red_i     (cursor_red_i),
        .cursor_blue_i    (cursor_blue_i),
        .round_i          (round_i),
        .map_i            (map_i),
        .cell_en_o        (cell_en_o),
        .cell_addr_o      (cell_addr_o),
        .cell_i           (cell_i),
        .hold_o           (hold_o),
        .snapshot_o       (snapshot_o),
        .snap_phase_o     (snap_phase),
        .snap_winner_o    (snap_winner),
        .snap_player_o    (snap_player),
        .snap_mode_o      (snap_mode),
        .snap_machine_o   (snap_machine),
        .cram_we_o        (cram_we),
        .cram_addr_o      (cram_addr),
        .cram_data_o      (cram_data),
        .round_bcd_o      (round_bcd),
        .map_bcd_o        (map_bcd),
        .red_troops_bcd_o (red_troops_bcd),
        .red_land_bcd_o   (red_land_bcd),
        .blue_troops_bcd_o(blue_troops_bcd),
        .blue_land_bcd_o  (blue_land_bcd)
    );

    wire [3:0] tile;
    board_tiles #(.GFX_DIR(GFX_DIR)) u_tiles (
        .clk         (clk),
        .rst         (rst),
        .pix_en_i    (pix_en),
        .sx_i        (sx),
        .sy_i        (sy),
        .phase_i     (snap_phase),
        .winner_i    (snap_winner),
        .player_i    (snap_player),
        .mode_i      (snap_mode),
        .cram_we_i   (cram_we),
        .cram_addr_i (cram_addr),
        .cram_data_i (cram_data),
        .pal_o       (tile)
    );

    wire [3:0] txt, bg;
    panel_text #(.GFX_DIR(GFX_DIR)) u_text (
        .clk              (clk),
        .rst              (rst),
        .pix_en_i         (pix_en),
        .sx_i             (sx),
        .sy_i             (sy),
        .phase_i          (snap_phase),
        .winner_i         (snap_winner),
        .player_i         (snap_player),
        .mode_i           (snap_mode),
        .machine_i        (snap_machine),
        .round_bcd_i      (round_bcd),
        .map_bcd_i        (map_bcd),
        .red_troops_bcd_i (red_troops_bcd),
        .red_land_bcd_i   (red_land_bcd),
        .blue_troops_bcd_i(blue_troops_bcd),
        .blue_land_bcd_i  (blue_land_bcd),
        .txt_o            (txt),
        .bg_o             (bg)
    );

    pixel_colour #(.GFX_DIR(GFX_DIR)) u_colour (
        .clk         (clk),
        .rst         (rst),
        .pix_en_i    (pix_en),
        .de_i        (de),
        .hs_n_i      (hs_n),
        .vs_n_i      (vs_n),
        .txt_i       (txt),
        .tile_i      (tile),
        .bg_i        (bg),
        .vga_r       (vga_r),
        .vga_g       (vga_g),
        .vga_b       (vga_b),
        .vga_hs_n    (vga_hs_n),
        .vga_vs_n    (vga_vs_n),
        .vga_blank_n (vga_blank_n)
    );
endmodule

`default_nettype wire
