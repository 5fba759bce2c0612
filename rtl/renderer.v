// Generals (将军棋) - renderer: video path, from game state to the VGA DAC.
// Title screen, board, side panel and banner; layout in docs/display.md.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

// The stages, each a module of its own:
//   video_scan    snapshot and scan: the state of one frame, the cell RAM words and
//                 the panel's numbers, read in the vertical blanking
//   board_tiles   S1-S4: cells, grid, cursor, targets, troop digits, icons, the band
//   panel_text    S1-S4: every text, the title rule and the panel background
//   pixel_colour  S5 compositing, S6 palette and the output registers
// The pixel pipeline is 6 pixel-enable steps deep; hsync/vsync/blank are delayed by
// the same steps, so each vga_clk rising edge carries one pixel's (hs, vs, blank, rgb).
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
    // Snapshot at the first pixel of vertical blanking as seen at the DAC: when
    // vga_timing is at (PIPE_DEPTH - 1, 480), the outputs move to (0, 480).
    localparam integer PIPE_DEPTH = 6;
    localparam [9:0]   SNAP_X     = PIPE_DEPTH[9:0] - 10'd1;
    // hsync/vsync/blank from vga_timing (S0) to the S4 inputs of pixel_colour.
    localparam integer SYNC_DELAY = 4;

    assign vga_sync_n = 1'b0;

    // Pixel enable and DAC clock. The pipeline moves on the cycles with pix_en high;
    // vga_clk falls on those edges and rises one cycle later, in the middle of the
    // stable output, where the ADV7123 latches.
    reg pix_en;
    always @(posedge clk) begin
        if (rst) begin
            pix_en  <= 1'b0;
            vga_clk <= 1'b0;
        end else begin
            pix_en  <= ~pix_en;
            vga_clk <= ~pix_en;
        end
    end

    wire [9:0] sx, sy;
    wire       hs0_n, vs0_n, de0;
    vga_timing u_timing (
        .clk       (clk),
        .rst       (rst),
        .pix_en_i  (pix_en),
        .sx_o      (sx),
        .sy_o      (sy),
        .hsync_n_o (hs0_n),
        .vsync_n_o (vs0_n),
        .de_o      (de0)
    );

    wire [1:0]  snap_phase, snap_winner, snap_player, snap_mode, snap_machine;
    wire        cram_we;
    wire [6:0]  cram_addr;
    wire [19:0] cram_data;
    wire [39:0] round_txt, red_troops_txt, blue_troops_txt;
    wire [23:0] map_txt, red_land_txt, blue_land_txt;
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
        .round_txt_o      (round_txt),
        .map_txt_o        (map_txt),
        .red_troops_txt_o (red_troops_txt),
        .red_land_txt_o   (red_land_txt),
        .blue_troops_txt_o(blue_troops_txt),
        .blue_land_txt_o  (blue_land_txt)
    );

    wire        band4, bandedge4, grid4, interior4, cur_hi4, cur_ink4, tgt4, dhit4, ihit4;
    wire [2:0]  dgx4;
    wire [7:0]  dig4;
    wire [3:0]  icol4, fill4;
    wire [63:0] icon4;
    board_tiles #(.GFX_DIR(GFX_DIR)) u_tiles (
        .clk         (clk),
        .rst         (rst),
        .pix_en_i    (pix_en),
        .sx_i        (sx),
        .sy_i        (sy),
        .phase_i     (snap_phase),
        .mode_i      (snap_mode),
        .cram_we_i   (cram_we),
        .cram_addr_i (cram_addr),
        .cram_data_i (cram_data),
        .band4_o     (band4),
        .bandedge4_o (bandedge4),
        .grid4_o     (grid4),
        .interior4_o (interior4),
        .cur_hi4_o   (cur_hi4),
        .cur_ink4_o  (cur_ink4),
        .tgt4_o      (tgt4),
        .dhit4_o     (dhit4),
        .dgx4_o      (dgx4),
        .dig4_o      (dig4),
        .ihit4_o     (ihit4),
        .icol4_o     (icol4),
        .icon4_o     (icon4),
        .fill4_o     (fill4)
    );

    wire       thit4, rule4, panel4;
    wire [3:0] tcolour4;
    wire [2:0] tgx4;
    wire [7:0] font4;
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
        .round_txt_i      (round_txt),
        .map_txt_i        (map_txt),
        .red_troops_txt_i (red_troops_txt),
        .red_land_txt_i   (red_land_txt),
        .blue_troops_txt_i(blue_troops_txt),
        .blue_land_txt_i  (blue_land_txt),
        .thit4_o          (thit4),
        .tcolour4_o       (tcolour4),
        .tgx4_o           (tgx4),
        .font4_o          (font4),
        .rule4_o          (rule4),
        .panel4_o         (panel4)
    );

    wire de4, hs4_n, vs4_n;
    delay_line #(.WIDTH(3), .DEPTH(SYNC_DELAY), .RESET(3'b011)) u_sync_delay (
        .clk  (clk),
        .rst  (rst),
        .en_i (pix_en),
        .d_i  ({de0, hs0_n, vs0_n}),
        .q_o  ({de4, hs4_n, vs4_n})
    );

    pixel_colour #(.GFX_DIR(GFX_DIR)) u_colour (
        .clk         (clk),
        .rst         (rst),
        .pix_en_i    (pix_en),
        .winner_i    (snap_winner),
        .player_i    (snap_player),
        .de4_i       (de4),
        .hs4_n_i     (hs4_n),
        .vs4_n_i     (vs4_n),
        .thit4_i     (thit4),
        .tcolour4_i  (tcolour4),
        .tgx4_i      (tgx4),
        .font4_i     (font4),
        .rule4_i     (rule4),
        .panel4_i    (panel4),
        .band4_i     (band4),
        .bandedge4_i (bandedge4),
        .grid4_i     (grid4),
        .interior4_i (interior4),
        .cur_hi4_i   (cur_hi4),
        .cur_ink4_i  (cur_ink4),
        .tgt4_i      (tgt4),
        .dhit4_i     (dhit4),
        .dgx4_i      (dgx4),
        .dig4_i      (dig4),
        .ihit4_i     (ihit4),
        .icol4_i     (icol4),
        .icon4_i     (icon4),
        .fill4_i     (fill4),
        .vga_r       (vga_r),
        .vga_g       (vga_g),
        .vga_b       (vga_b),
        .vga_hs_n    (vga_hs_n),
        .vga_vs_n    (vga_vs_n),
        .vga_blank_n (vga_blank_n)
    );
endmodule

`default_nettype wire
