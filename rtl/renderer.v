// Generals (将军棋) on the DE2-115: video path, from game state to the VGA DAC.
// Title screen, board, side panel and banner; layout in docs/display.md.
// MIT licence, see the project's Cargo.toml.

`default_nettype none
`timescale 1ns / 1ps

// Three parts:
//  1. Snapshot: once per frame, at the first pixel of vertical blanking, the
//     scalar inputs are copied in one clock edge; hold_o, raised on the last
//     visible line, keeps the game engine from starting anything new until
//     the scan below has read every cell, so the cells read are the cells of
//     that same cycle (tear-free: the next frame shows only that state).
//  2. Scan (the rest of vblank, ~1 900 cycles): a sequencer reads the 100
//     cells from the board RAM, converts each troop count to decimal, marks
//     the cursor and the legal targets and writes one word per cell to the
//     cell RAM; then it converts the round, the map and the players' totals
//     to text.
//  3. Pixel pipeline, advanced by the 25 MHz pixel enable, 5 stages deep:
//       S1  board/panel counters, text boxes, rectangles (from vga_timing)
//       S2  cell RAM word, character code of the text pixel
//       S3  font, digit and icon ROM words, cell decoration flags
//       S4  palette index of the pixel (compositing)
//       S5  RGB, blank and syncs on the output registers
//     hsync/vsync/blank are delayed by the same 5 stages, so each vga_clk
//     rising edge carries one pixel's (hs, vs, blank, rgb).
module renderer #(
    parameter GFX_DIR = "rtl/gfx/"  // ROM images, relative to the simulator/Quartus project
) (
    input  wire          clk,            // 50 MHz system clock
    input  wire          rst,            // synchronous reset, active high
    input  wire [1:0]    phase_i,        // 0 IDLE, 1 PLAYING, 2 GAME_OVER
    input  wire [1:0]    winner_i,       // 0 none, 1 red, 2 blue
    input  wire [1:0]    player_i,       // current player: 1 red, 2 blue
    input  wire [1:0]    mode_i,         // 2'b00 SELECT, 2'b10 MOVE-ALL, 2'b11 MOVE-HALF
    input  wire [7:0]    cursor_red_i,   // {x[3:0], y[3:0]}
    input  wire [7:0]    cursor_blue_i,  // {x[3:0], y[3:0]}
    input  wire [15:0]   round_i,        // round number
    input  wire [6:0]    map_i,          // map number
    output wire          cell_en_o,      // board RAM read port: enable
    output wire [6:0]    cell_addr_o,    // cell y*10+x
    input  wire [12:0]   cell_i,         // {owner, kind, troops}, one enabled cycle later
    output reg           hold_o,         // the board must not change: scan ahead or under way
    output reg  [7:0]    vga_r,          // red to the ADV7123
    output reg  [7:0]    vga_g,          // green
    output reg  [7:0]    vga_b,          // blue
    output reg           vga_hs_n,       // horizontal sync, active low
    output reg           vga_vs_n,       // vertical sync, active low
    output reg           vga_blank_n,    // high in the visible area
    output wire          vga_sync_n,     // sync-on-green: not used, tied low
    output reg           vga_clk,        // 25 MHz; the DAC latches on its rising edge
    output reg           snapshot_o      // high for the one cycle of the state copy
);

    // ------------------------------------------------------------------
    // Encodings of the inputs.
    localparam [1:0] PH_IDLE   = 2'd0;
    localparam [1:0] PH_OVER   = 2'd2;
    localparam [1:0] PL_RED    = 2'd1;
    localparam [1:0] PL_BLUE   = 2'd2;
    localparam [1:0] K_LAND    = 2'd0;
    localparam [1:0] K_MOUNT   = 2'd1;
    localparam [1:0] K_CAPITAL = 2'd2;
    localparam [1:0] K_TOWER   = 2'd3;

    // Palette indices (colours in rtl/gfx/palette.hex).
    localparam [3:0] P_BLACK   = 4'd0;
    localparam [3:0] P_BG      = 4'd1;
    localparam [3:0] P_GRID    = 4'd2;
    localparam [3:0] P_PANEL   = 4'd3;
    localparam [3:0] P_NEUTRAL = 4'd4;
    localparam [3:0] P_MOUNT   = 4'd5;
    localparam [3:0] P_RED     = 4'd6;
    localparam [3:0] P_BLUE    = 4'd7;
    localparam [3:0] P_RED_HI  = 4'd8;
    localparam [3:0] P_BLUE_HI = 4'd9;
    localparam [3:0] P_GOLD    = 4'd10;
    localparam [3:0] P_WHITE   = 4'd11;
    localparam [3:0] P_INK     = 4'd12;
    localparam [3:0] P_LABEL   = 4'd13;

    // Snapshot at the first pixel of vertical blanking as seen at the DAC:
    // when vga_timing is at (PIPE_DEPTH - 1, 480), the outputs move to (0, 480).
    localparam       PIPE_DEPTH = 5;
    localparam [9:0] SNAP_X = PIPE_DEPTH - 1;
    localparam [9:0] SNAP_Y = 10'd480;
    // hold_o rises at (HOLD_X, SNAP_Y - 1), (800 - HOLD_X + SNAP_X) * 2 = 1352
    // cycles before the snapshot: longer than any command or map load (about
    // 420 cycles), so the engine is idle when the snapshot is taken.
    localparam [9:0] HOLD_X = 10'd128;

    // Board: 10x10 cells on a 46-pixel pitch, each pitch starting with a
    // 2-pixel grid line; a closing grid line follows the last cell.
    localparam [9:0] BOARD_X0    = 10'd9;
    localparam [9:0] BOARD_Y0    = 10'd9;
    localparam [5:0] CELL_PITCH  = 6'd46;
    localparam [5:0] GRID_W      = 6'd2;
    localparam [5:0] CELL_IN     = CELL_PITCH - GRID_W;       // 44
    localparam [5:0] CELL_HALF   = CELL_IN / 2;               // 22
    localparam [9:0] BOARD_SIZE  = 10'd462;                   // 10 * 46 + 2
    localparam [6:0] ROW_CELLS   = 7'd10;                     // cell index step per row
    localparam [6:0] LAST_CELL   = 7'd99;
    localparam [3:0] LAST_COL    = 4'd9;

    // Inside a cell (ix, iy in 0..43).
    localparam [5:0] DIG_W       = 6'd10;   // 5x8 digit at scale 2
    localparam [5:0] DIG_H       = 6'd16;
    localparam [5:0] DIG_PITCH   = 6'd12;   // 10 + 2-pixel gap (1 and 2 digits)
    localparam [5:0] DIG_PITCH_3 = 6'd11;   // 10 + 1-pixel gap: 3 digits clear the cursor frame
    localparam [5:0] DIG_X_1     = 6'd17;   // first digit, centred: (44 - width) / 2
    localparam [5:0] DIG_X_2     = 6'd11;
    localparam [5:0] DIG_X_3     = 6'd6;
    localparam [5:0] DIG_Y_LAND  = 6'd14;   // land: number centred
    localparam [5:0] DIG_Y_ICON  = 6'd24;   // other kinds: number under the icon
    localparam [5:0] ICON_BIG_XY = 6'd6;    // icon at scale 2 when troops = 0
    localparam [5:0] ICON_BIG    = 6'd32;
    localparam [5:0] ICON_SM_X   = 6'd14;   // icon at scale 1 above the number
    localparam [5:0] ICON_SM_Y   = 6'd4;
    localparam [5:0] ICON_SM     = 6'd16;
    localparam [5:0] CUR_W       = 6'd4;    // cursor frame, then 1 pixel of ink
    localparam [5:0] CUR_ARM     = 6'd14;   // SELECT: corner brackets
    localparam       CUR_DASH_B  = 3;       // MOVE-HALF: 8-pixel dashes (bit 3 of folded position)
    localparam [5:0] TGT_W       = 6'd3;    // legal-target ring

    // Side panel: a 9x20 grid of 16x16 characters on a 20-line row pitch.
    localparam [9:0] PANEL_X0    = 10'd478;
    localparam [9:0] PANEL_Y0    = 10'd9;
    localparam [9:0] PANEL_W     = 10'd154;
    localparam [9:0] PANEL_H     = 10'd462;
    localparam [9:0] PANEL_TX0   = 10'd483;
    localparam [9:0] PANEL_TY0   = 10'd19;
    localparam [9:0] PANEL_TW    = 10'd144;  // 9 columns of 16
    localparam [9:0] PANEL_TH    = 10'd400;  // 20 rows of 20
    localparam [4:0] PANEL_PITCH = 5'd20;
    localparam [4:0] ROW_TURN_LABEL  = 5'd0;
    localparam [4:0] ROW_TURN        = 5'd1;
    localparam [4:0] ROW_ROUND_LABEL = 5'd3;
    localparam [4:0] ROW_ROUND       = 5'd4;
    localparam [4:0] ROW_MODE_LABEL  = 5'd6;
    localparam [4:0] ROW_MODE        = 5'd7;
    localparam [4:0] ROW_MAP         = 5'd9;
    localparam [4:0] ROW_RED         = 5'd11;
    localparam [4:0] ROW_BLUE        = 5'd16;
    localparam [3:0] VALUE_COL       = 4'd6;   // "LABEL value" rows: value from column 6

    // GAME_OVER band across the board.
    localparam [9:0] BAND_Y0     = 10'd200;
    localparam [9:0] BAND_H      = 10'd80;
    localparam [9:0] BAND_EDGE   = 10'd2;
    localparam [9:0] BANNER_Y0   = 10'd212;  // scale 4: 32x32 characters
    localparam [9:0] BANNER_H    = 10'd32;
    localparam [9:0] BANNER_X0_8 = 10'd112;  // "RED WINS"
    localparam [9:0] BANNER_X0_9 = 10'd96;   // "BLUE WINS", "GAME OVER"
    localparam [9:0] BANNER_W_8  = 10'd256;
    localparam [9:0] BANNER_W_9  = 10'd288;
    localparam [9:0] HINT_X0     = 10'd152;  // scale 2
    localparam [9:0] HINT_Y0     = 10'd252;

    // IDLE title screen.
    localparam [9:0] TITLE_X0    = 10'd64;   // scale 8: 64x64 characters
    localparam [9:0] TITLE_Y0    = 10'd112;
    localparam [9:0] TITLE_W     = 10'd512;
    localparam [9:0] TITLE_H     = 10'd64;
    localparam [9:0] RULE_X0     = 10'd64;
    localparam [9:0] RULE_Y0     = 10'd188;
    localparam [9:0] RULE_W      = 10'd512;
    localparam [9:0] RULE_H      = 10'd4;
    localparam [9:0] SUB_X0      = 10'd232;  // scale 2
    localparam [9:0] SUB_Y0      = 10'd212;
    localparam [9:0] STRIP_X0    = 10'd204;  // a row of sample cells: the board's cell path
    localparam [9:0] STRIP_Y0    = 10'd256;
    localparam [9:0] STRIP_W     = 10'd232;  // 5 * 46 + 2
    localparam [9:0] STRIP_H     = 10'd48;   // 46 + 2
    localparam [9:0] PRESS_X0    = 10'd232;
    localparam [9:0] PRESS_Y0    = 10'd344;
    localparam [9:0] TEXT11_W    = 10'd176;  // 11 characters at scale 2
    localparam [9:0] TEXT_H2     = 10'd16;

    // Text: first character in the top byte.
    localparam [63:0] S_TITLE  = "GENERALS";
    localparam [87:0] S_SUB    = "RED VS BLUE";
    localparam [87:0] S_PRESS  = "PRESS START";
    localparam [71:0] S_RWINS  = "RED WINS ";
    localparam [71:0] S_BWINS  = "BLUE WINS";
    localparam [71:0] S_OVER   = "GAME OVER";
    localparam [7:0]  CH_BLOCK = 8'h7F;        // solid block: colour chip
    localparam [7:0]  CH_SPACE = 8'h20;
    localparam [3:0]  CH_DIGIT = 4'h3;         // ASCII '0' = {4'h3, 4'd0}
    localparam [3:0]  SUB_RED_END   = 4'd3;    // "RED" in columns 0-2
    localparam [3:0]  SUB_BLUE_COL  = 4'd7;    // "BLUE" from column 7

    // Text box selector for the pixel pipeline.
    localparam [2:0] TB_TITLE  = 3'd0;
    localparam [2:0] TB_SUB    = 3'd1;
    localparam [2:0] TB_PRESS  = 3'd2;
    localparam [2:0] TB_BANNER = 3'd3;

    assign vga_sync_n = 1'b0;

    // ------------------------------------------------------------------
    // Pixel enable and DAC clock. The pipeline moves on the cycles with
    // pix_en high; vga_clk falls on those edges and rises one cycle later,
    // in the middle of the stable output, where the ADV7123 latches.
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
    vga_timing vga_timing_inst (
        .clk       (clk),
        .rst       (rst),
        .pix_en_i  (pix_en),
        .sx_o      (sx),
        .sy_o      (sy),
        .hsync_n_o (hs0_n),
        .vsync_n_o (vs0_n),
        .de_o      (de0)
    );

    // ------------------------------------------------------------------
    // 1. Snapshot.
    wire snap_now = pix_en && sx == SNAP_X && sy == SNAP_Y;

    reg [1:0]    snap_phase, snap_winner, snap_player, snap_mode;
    reg [7:0]    snap_cur_red, snap_cur_blue;
    reg [15:0]   snap_round;
    reg [6:0]    snap_map;

    wire idle      = snap_phase == PH_IDLE;
    wire over      = snap_phase == PH_OVER;
    wire playing   = !idle && !over;
    wire blue_turn = snap_player == PL_BLUE;
    wire move_mode = snap_mode[1];

    // ------------------------------------------------------------------
    // 2. Scan: one cell per 17 cycles, then six numbers.
    localparam [2:0] SQ_IDLE = 3'd0;   // nothing to do until the next snapshot
    localparam [2:0] SQ_READ = 3'd5;   // read the cell from the board RAM
    localparam [2:0] SQ_CELL = 3'd1;   // latch the cell, start its conversion
    localparam [2:0] SQ_CCNV = 3'd2;   // convert the troops, then write the cell RAM
    localparam [2:0] SQ_NUM  = 3'd3;   // start converting number num_idx
    localparam [2:0] SQ_NCNV = 3'd4;   // convert it, then store its text
    localparam [2:0] NUM_ROUND = 3'd0;
    localparam [2:0] NUM_MAP   = 3'd1;
    localparam [2:0] NUM_RT    = 3'd2;
    localparam [2:0] NUM_RL    = 3'd3;
    localparam [2:0] NUM_BT    = 3'd4;
    localparam [2:0] NUM_BL    = 3'd5;
    localparam [3:0] DD_LAST   = 4'd15;   // 16 double-dabble steps for 16 bits

    reg [2:0]  sq_state;
    reg [6:0]  scan_idx;
    reg [3:0]  scan_x, scan_y;
    reg [2:0]  num_idx;
    reg [15:0] red_troops, blue_troops;   // at most 100 * 511 = 51 100
    reg [6:0]  red_land, blue_land;
    reg [1:0]  cell_owner, cell_kind;
    reg        cell_cur, cell_tgt;

    // Double dabble, one bit per cycle: add 3 to each BCD digit >= 5, then
    // shift the next binary bit in. 16 bits need 5 digits, and the top one
    // never exceeds 6, so it has 3 bits and is never adjusted (it would only
    // reach 5 before a shift for values of 100 000 and more).
    reg  [15:0] dd_bin;
    reg  [18:0] dd_bcd;
    reg  [3:0]  dd_cnt;
    reg  [15:0] dd_adj;
    integer     d;
    always @* begin
        dd_adj = dd_bcd[15:0];
        for (d = 0; d < 4; d = d + 1) begin
            if (dd_bcd[4*d +: 4] >= 4'd5) dd_adj[4*d +: 4] = dd_bcd[4*d +: 4] + 4'd3;
        end
    end
    wire [18:0] dd_bcd_d = {dd_bcd[17:16], dd_adj, dd_bin[15]};
    wire [15:0] dd_bin_d = {dd_bin[14:0], 1'b0};
    wire        dd_last  = dd_cnt == DD_LAST;

    // Number of significant digits of a troop count (0 for 0 troops).
    wire [1:0] ndig_d = (dd_bcd_d[11:8] != 4'd0) ? 2'd3 :
                        (dd_bcd_d[7:4]  != 4'd0) ? 2'd2 :
                        (dd_bcd_d[3:0]  != 4'd0) ? 2'd1 : 2'd0;

    // Right-aligned text of a converted number, leading zeros as spaces.
    // Digit k is shown when it or a higher digit is non-zero, or k = 0.
    wire [19:0] dd_digits = {1'b0, dd_bcd_d};
    reg  [39:0] dd_text;
    reg         dd_seen;
    integer     k;
    always @* begin
        dd_seen = 1'b0;
        for (k = 4; k >= 0; k = k - 1) begin
            dd_seen = dd_seen || dd_digits[4*k +: 4] != 4'd0 || k == 0;
            dd_text[8*k +: 8] = dd_seen ? {CH_DIGIT, dd_digits[4*k +: 4]} : CH_SPACE;
        end
    end

    // The current player's cursor and the cell being scanned.
    wire [3:0] cur_x = blue_turn ? snap_cur_blue[7:4] : snap_cur_red[7:4];
    wire [3:0] cur_y = blue_turn ? snap_cur_blue[3:0] : snap_cur_red[3:0];
    wire [1:0] sc_owner  = cell_i[12:11];
    wire [1:0] sc_kind   = cell_i[10:9];
    wire [8:0] sc_troops = cell_i[8:0];
    assign cell_en_o   = (sq_state == SQ_READ);
    assign cell_addr_o = scan_idx;
    // Neighbours in 5 bits so that a cursor at 15 has no neighbour at 0.
    wire       same_x = scan_x == cur_x;
    wire       same_y = scan_y == cur_y;
    wire [4:0] sx5 = {1'b0, scan_x};
    wire [4:0] sy5 = {1'b0, scan_y};
    wire [4:0] cx5 = {1'b0, cur_x};
    wire [4:0] cy5 = {1'b0, cur_y};
    wire       next_x = (sx5 == cx5 + 5'd1) || (sx5 + 5'd1 == cx5);
    wire       next_y = (sy5 == cy5 + 5'd1) || (sy5 + 5'd1 == cy5);

    // Number texts for the panel (ASCII, right-aligned).
    reg [39:0] round_txt, red_troops_txt, blue_troops_txt;
    reg [23:0] map_txt, red_land_txt, blue_land_txt;

    always @(posedge clk) begin
        if (rst) begin
            hold_o          <= 1'b0;
            snap_phase      <= PH_IDLE;   // the first frame after reset is the title screen
            snap_winner     <= 2'd0;
            snap_player     <= PL_RED;
            snap_mode       <= 2'd0;
            snap_cur_red    <= 8'd0;
            snap_cur_blue   <= 8'd0;
            snap_round      <= 16'd0;
            snap_map        <= 7'd0;
            snapshot_o      <= 1'b0;
            sq_state        <= SQ_IDLE;
            scan_idx        <= 7'd0;
            scan_x          <= 4'd0;
            scan_y          <= 4'd0;
            num_idx         <= NUM_ROUND;
            red_troops      <= 16'd0;
            blue_troops     <= 16'd0;
            red_land        <= 7'd0;
            blue_land       <= 7'd0;
            cell_owner      <= 2'd0;
            cell_kind       <= 2'd0;
            cell_cur        <= 1'b0;
            cell_tgt        <= 1'b0;
            dd_bin          <= 16'd0;
            dd_bcd          <= 19'd0;
            dd_cnt          <= 4'd0;
            round_txt       <= {5{CH_SPACE}};
            red_troops_txt  <= {5{CH_SPACE}};
            blue_troops_txt <= {5{CH_SPACE}};
            map_txt         <= {3{CH_SPACE}};
            red_land_txt    <= {3{CH_SPACE}};
            blue_land_txt   <= {3{CH_SPACE}};
        end else begin
            snapshot_o <= snap_now;
            if (pix_en && sx == HOLD_X && sy == SNAP_Y - 10'd1) hold_o <= 1'b1;
            if (snap_now) begin
                snap_phase    <= phase_i;
                snap_winner   <= winner_i;
                snap_player   <= player_i;
                snap_mode     <= mode_i;
                snap_cur_red  <= cursor_red_i;
                snap_cur_blue <= cursor_blue_i;
                snap_round    <= round_i;
                snap_map      <= map_i;
                sq_state      <= SQ_READ;
                scan_idx      <= 7'd0;
                scan_x        <= 4'd0;
                scan_y        <= 4'd0;
                num_idx       <= NUM_ROUND;
                red_troops    <= 16'd0;
                blue_troops   <= 16'd0;
                red_land      <= 7'd0;
                blue_land     <= 7'd0;
            end else begin
                case (sq_state)
                    SQ_READ: sq_state <= SQ_CELL;
                    SQ_CELL: begin
                        cell_owner <= sc_owner;
                        cell_kind  <= sc_kind;
                        cell_cur   <= playing && same_x && same_y;
                        cell_tgt   <= playing && move_mode && sc_kind != K_MOUNT &&
                                      ((same_y && next_x) || (same_x && next_y));
                        if (sc_owner == PL_RED) begin
                            red_troops <= red_troops + {7'd0, sc_troops};
                            red_land   <= red_land + 7'd1;
                        end
                        if (sc_owner == PL_BLUE) begin
                            blue_troops <= blue_troops + {7'd0, sc_troops};
                            blue_land   <= blue_land + 7'd1;
                        end
                        dd_bin   <= {7'd0, sc_troops};
                        dd_bcd   <= 19'd0;
                        dd_cnt   <= 4'd0;
                        sq_state <= SQ_CCNV;
                    end
                    SQ_CCNV: begin
                        dd_bin <= dd_bin_d;
                        dd_bcd <= dd_bcd_d;
                        dd_cnt <= dd_cnt + 4'd1;
                        if (dd_last) begin   // the cell RAM takes the word this cycle
                            scan_idx <= scan_idx + 7'd1;
                            scan_x   <= (scan_x == LAST_COL) ? 4'd0 : scan_x + 4'd1;
                            scan_y   <= (scan_x == LAST_COL) ? scan_y + 4'd1 : scan_y;
                            sq_state <= (scan_idx == LAST_CELL) ? SQ_NUM : SQ_READ;
                        end
                    end
                    SQ_NUM: begin
                        hold_o <= 1'b0;      // every cell has been read
                        case (num_idx)
                            NUM_ROUND: dd_bin <= snap_round;
                            NUM_MAP:   dd_bin <= {9'd0, snap_map};
                            NUM_RT:    dd_bin <= red_troops;
                            NUM_RL:    dd_bin <= {9'd0, red_land};
                            NUM_BT:    dd_bin <= blue_troops;
                            default:   dd_bin <= {9'd0, blue_land};
                        endcase
                        dd_bcd   <= 19'd0;
                        dd_cnt   <= 4'd0;
                        sq_state <= SQ_NCNV;
                    end
                    SQ_NCNV: begin
                        dd_bin <= dd_bin_d;
                        dd_bcd <= dd_bcd_d;
                        dd_cnt <= dd_cnt + 4'd1;
                        if (dd_last) begin
                            case (num_idx)
                                NUM_ROUND: round_txt       <= dd_text;
                                NUM_MAP:   map_txt         <= dd_text[23:0];
                                NUM_RT:    red_troops_txt  <= dd_text;
                                NUM_RL:    red_land_txt    <= dd_text[23:0];
                                NUM_BT:    blue_troops_txt <= dd_text;
                                default:   blue_land_txt   <= dd_text[23:0];
                            endcase
                            num_idx  <= num_idx + 3'd1;
                            sq_state <= (num_idx == NUM_BL) ? SQ_IDLE : SQ_NUM;
                        end
                    end
                    default: sq_state <= SQ_IDLE;
                endcase
            end
        end
    end

    // Cell RAM: one word per cell, written by the scan, read by the pixel
    // pipeline. {owner[1:0], kind[1:0], cursor, target, ndig[1:0], bcd[11:0]}
    localparam CW = 20;
    reg  [CW-1:0] cell_ram [0:127];
    wire          cell_we    = sq_state == SQ_CCNV && dd_last;
    wire [CW-1:0] cell_wdata = {cell_owner, cell_kind, cell_cur, cell_tgt, ndig_d, dd_bcd_d[11:0]};
    always @(posedge clk) begin
        if (cell_we) cell_ram[scan_idx] <= cell_wdata;
    end

    // ------------------------------------------------------------------
    // 3. Pixel pipeline.

    // S1: counters that step at cell and row edges instead of dividing.
    reg [3:0] bcol1;            // board column (10 = the closing grid line)
    reg [5:0] blx1, bly1;       // position inside the cell pitch
    reg [6:0] rbase1;           // cell index of column 0 of this board row
    reg       inbx1, inby1;     // inside the board
    reg [4:0] prow1, pline1;    // panel text row and line inside it
    reg       ptin1;            // inside the panel text rows
    reg       phx1;             // inside the panel text columns
    reg [3:0] pcol1;
    reg [2:0] pgx1;
    reg       thit1;            // inside a (non-panel) text box
    reg [2:0] tbox1;
    reg [3:0] tcol1;
    reg [2:0] tgx1, tgy1;
    reg       rule1, panel1, band1, bandedge1;
    reg       de1, hs1_n, vs1_n;

    // Text boxes: offset from the box origin; the character and the glyph
    // pixel are bit fields of it (scales are powers of two).
    wire [9:0] dx_title  = sx - TITLE_X0;
    wire [9:0] dy_title  = sy - TITLE_Y0;
    wire [9:0] dx_sub    = sx - SUB_X0;
    wire [9:0] dy_sub    = sy - SUB_Y0;
    wire [9:0] dx_press  = sx - PRESS_X0;
    wire [9:0] dy_press  = sy - PRESS_Y0;
    wire       banner9   = snap_winner != PL_RED;   // "BLUE WINS" / "GAME OVER"
    wire [9:0] dx_banner = sx - (banner9 ? BANNER_X0_9 : BANNER_X0_8);
    wire [9:0] dy_banner = sy - BANNER_Y0;
    wire [9:0] dx_hint   = sx - HINT_X0;
    wire [9:0] dy_hint   = sy - HINT_Y0;
    wire [9:0] dx_panel  = sx - PANEL_TX0;

    wire hit_title  = dx_title < TITLE_W && dy_title < TITLE_H;
    wire hit_sub    = dx_sub < TEXT11_W && dy_sub < TEXT_H2;
    wire hit_press  = dx_press < TEXT11_W && dy_press < TEXT_H2;
    wire hit_banner = dx_banner < (banner9 ? BANNER_W_9 : BANNER_W_8) && dy_banner < BANNER_H;
    wire hit_hint   = dx_hint < TEXT11_W && dy_hint < TEXT_H2;

    // In IDLE the cell counters draw the title's strip of sample cells instead.
    wire in_board_x = sx >= BOARD_X0 && sx < BOARD_X0 + BOARD_SIZE;
    wire in_board_y = sy >= BOARD_Y0 && sy < BOARD_Y0 + BOARD_SIZE;
    wire in_strip_x = sx >= STRIP_X0 && sx < STRIP_X0 + STRIP_W;
    wire in_strip_y = sy >= STRIP_Y0 && sy < STRIP_Y0 + STRIP_H;
    wire [9:0] grid_x0 = idle ? STRIP_X0 : BOARD_X0;
    wire [9:0] grid_y0 = idle ? STRIP_Y0 : BOARD_Y0;

    always @(posedge clk) begin
        if (rst) begin
            bcol1 <= 4'd0;  blx1 <= 6'd0;  bly1 <= 6'd0;  rbase1 <= 7'd0;
            inbx1 <= 1'b0;  inby1 <= 1'b0;
            prow1 <= 5'd0;  pline1 <= 5'd0;  ptin1 <= 1'b0;
            phx1 <= 1'b0;  pcol1 <= 4'd0;  pgx1 <= 3'd0;
            thit1 <= 1'b0;  tbox1 <= TB_TITLE;  tcol1 <= 4'd0;  tgx1 <= 3'd0;  tgy1 <= 3'd0;
            rule1 <= 1'b0;  panel1 <= 1'b0;  band1 <= 1'b0;  bandedge1 <= 1'b0;
            de1 <= 1'b0;  hs1_n <= 1'b1;  vs1_n <= 1'b1;
        end else if (pix_en) begin
            de1   <= de0;
            hs1_n <= hs0_n;
            vs1_n <= vs0_n;

            // Board columns.
            inbx1 <= idle ? in_strip_x : in_board_x;
            if (sx == grid_x0) begin
                bcol1 <= 4'd0;
                blx1  <= 6'd0;
            end else if (blx1 == CELL_PITCH - 6'd1) begin
                bcol1 <= bcol1 + 4'd1;
                blx1  <= 6'd0;
            end else begin
                blx1  <= blx1 + 6'd1;
            end

            // Rows (board and panel) step once per line, with its first pixel.
            if (sx == 10'd0) begin
                inby1 <= idle ? in_strip_y : in_board_y;
                if (sy == grid_y0) begin
                    bly1   <= 6'd0;
                    rbase1 <= 7'd0;
                end else if (bly1 == CELL_PITCH - 6'd1) begin
                    bly1   <= 6'd0;
                    rbase1 <= rbase1 + ROW_CELLS;
                end else begin
                    bly1   <= bly1 + 6'd1;
                end
                ptin1 <= sy >= PANEL_TY0 && sy < PANEL_TY0 + PANEL_TH;
                if (sy == PANEL_TY0) begin
                    prow1  <= 5'd0;
                    pline1 <= 5'd0;
                end else if (pline1 == PANEL_PITCH - 5'd1) begin
                    prow1  <= prow1 + 5'd1;
                    pline1 <= 5'd0;
                end else begin
                    pline1 <= pline1 + 5'd1;
                end
            end

            // Panel text columns (rows are combined with them in S2).
            phx1  <= dx_panel < PANEL_TW;
            pcol1 <= dx_panel[7:4];
            pgx1  <= dx_panel[3:1];

            // Other text boxes; they never overlap within one phase.
            thit1 <= 1'b0;
            tbox1 <= TB_TITLE;
            tcol1 <= 4'd0;
            tgx1  <= 3'd0;
            tgy1  <= 3'd0;
            if (idle && hit_title) begin
                thit1 <= 1'b1;  tbox1 <= TB_TITLE;
                tcol1 <= {1'b0, dx_title[8:6]};  tgx1 <= dx_title[5:3];  tgy1 <= dy_title[5:3];
            end else if (idle && hit_sub) begin
                thit1 <= 1'b1;  tbox1 <= TB_SUB;
                tcol1 <= dx_sub[7:4];  tgx1 <= dx_sub[3:1];  tgy1 <= dy_sub[3:1];
            end else if (idle && hit_press) begin
                thit1 <= 1'b1;  tbox1 <= TB_PRESS;
                tcol1 <= dx_press[7:4];  tgx1 <= dx_press[3:1];  tgy1 <= dy_press[3:1];
            end else if (over && hit_banner) begin
                thit1 <= 1'b1;  tbox1 <= TB_BANNER;
                tcol1 <= dx_banner[8:5];  tgx1 <= dx_banner[4:2];  tgy1 <= dy_banner[4:2];
            end else if (over && hit_hint) begin
                thit1 <= 1'b1;  tbox1 <= TB_PRESS;
                tcol1 <= dx_hint[7:4];  tgx1 <= dx_hint[3:1];  tgy1 <= dy_hint[3:1];
            end

            rule1     <= idle && sx >= RULE_X0 && sx < RULE_X0 + RULE_W &&
                         sy >= RULE_Y0 && sy < RULE_Y0 + RULE_H;
            panel1    <= !idle && sx >= PANEL_X0 && sx < PANEL_X0 + PANEL_W &&
                         sy >= PANEL_Y0 && sy < PANEL_Y0 + PANEL_H;
            band1     <= over && in_board_x && sy >= BAND_Y0 && sy < BAND_Y0 + BAND_H;
            bandedge1 <= sy < BAND_Y0 + BAND_EDGE || sy >= BAND_Y0 + BAND_H - BAND_EDGE;
        end
    end

    // S1 -> S2: the character under the pixel.
    // The panel row's 9 characters, its colour, and whether columns from
    // VALUE_COL on are a white number after a grey label.
    reg [71:0] prow_txt;
    reg [3:0]  prow_colour;
    reg        prow_split;
    always @* begin
        prow_txt    = {9{CH_SPACE}};
        prow_colour = P_WHITE;
        prow_split  = 1'b0;
        case (prow1)
            ROW_TURN_LABEL:  begin prow_txt = "TURN     ";  prow_colour = P_LABEL; end
            ROW_TURN:        begin
                prow_txt    = blue_turn ? {CH_BLOCK, " BLUE   "} : {CH_BLOCK, " RED    "};
                prow_colour = blue_turn ? P_BLUE_HI : P_RED_HI;
            end
            ROW_ROUND_LABEL: begin prow_txt = "ROUND    ";  prow_colour = P_LABEL; end
            ROW_ROUND:       prow_txt = {"    ", round_txt};
            ROW_MODE_LABEL:  begin prow_txt = "MODE     ";  prow_colour = P_LABEL; end
            ROW_MODE:        prow_txt = !move_mode   ? "SELECT   " :
                                        snap_mode[0] ? "MOVE HALF" : "MOVE ALL ";
            ROW_MAP:         begin
                prow_txt    = {"MAP   ", map_txt};
                prow_colour = P_LABEL;
                prow_split  = 1'b1;
            end
            ROW_RED:         begin prow_txt = {CH_BLOCK, " RED    "};  prow_colour = P_RED_HI; end
            ROW_RED + 5'd1:  begin prow_txt = "TROOPS   ";  prow_colour = P_LABEL; end
            ROW_RED + 5'd2:  prow_txt = {"    ", red_troops_txt};
            ROW_RED + 5'd3:  begin
                prow_txt    = {"LAND  ", red_land_txt};
                prow_colour = P_LABEL;
                prow_split  = 1'b1;
            end
            ROW_BLUE:        begin prow_txt = {CH_BLOCK, " BLUE   "};  prow_colour = P_BLUE_HI; end
            ROW_BLUE + 5'd1: begin prow_txt = "TROOPS   ";  prow_colour = P_LABEL; end
            ROW_BLUE + 5'd2: prow_txt = {"    ", blue_troops_txt};
            ROW_BLUE + 5'd3: begin
                prow_txt    = {"LAND  ", blue_land_txt};
                prow_colour = P_LABEL;
                prow_split  = 1'b1;
            end
            default:         prow_txt = {9{CH_SPACE}};
        endcase
    end

    // Character index from the right end of the string (MSB = first).
    wire [3:0] prev9  = 4'd8 - pcol1;
    wire [2:0] trev8  = 3'd7 - tcol1[2:0];
    wire [3:0] trev9  = 4'd8 - tcol1;
    wire [3:0] trev11 = 4'd10 - tcol1;
    wire [71:0] banner_txt = (snap_winner == PL_BLUE) ? S_BWINS :
                             (snap_winner == PL_RED)  ? S_RWINS : S_OVER;

    // Panel rows: glyph lines 0-15 of each 20-line row; 16-19 are leading.
    wire panel_hit = !idle && phx1 && ptin1 && !pline1[4];

    reg       thit2;
    reg [6:0] tchar2;
    reg [3:0] tcolour2;
    reg [2:0] tgx2, tgy2;
    reg       rule2, panel2, band2, bandedge2, de2, hs2_n, vs2_n;
    reg [5:0] blx2, bly2;
    reg [3:0] bcol2;
    reg       inb2;

    always @(posedge clk) begin
        if (rst) begin
            thit2 <= 1'b0;  tchar2 <= 7'd0;  tcolour2 <= P_BLACK;  tgx2 <= 3'd0;  tgy2 <= 3'd0;
            rule2 <= 1'b0;  panel2 <= 1'b0;  band2 <= 1'b0;  bandedge2 <= 1'b0;
            de2 <= 1'b0;  hs2_n <= 1'b1;  vs2_n <= 1'b1;
            blx2 <= 6'd0;  bly2 <= 6'd0;  bcol2 <= 4'd0;  inb2 <= 1'b0;
        end else if (pix_en) begin
            if (panel_hit) begin
                thit2    <= 1'b1;
                tchar2   <= prow_txt[{prev9, 3'b000} +: 7];
                tcolour2 <= (prow_split && pcol1 >= VALUE_COL) ? P_WHITE : prow_colour;
                tgx2     <= pgx1;
                tgy2     <= pline1[3:1];
            end else begin
                thit2    <= thit1;
                tgx2     <= tgx1;
                tgy2     <= tgy1;
                case (tbox1)
                    TB_TITLE: begin
                        tchar2   <= S_TITLE[{trev8, 3'b000} +: 7];
                        tcolour2 <= P_GOLD;
                    end
                    TB_SUB: begin
                        tchar2   <= S_SUB[{trev11, 3'b000} +: 7];
                        tcolour2 <= (tcol1 < SUB_RED_END) ? P_RED_HI :
                                    (tcol1 >= SUB_BLUE_COL) ? P_BLUE_HI : P_LABEL;
                    end
                    TB_BANNER: begin
                        tchar2   <= banner_txt[{trev9, 3'b000} +: 7];
                        tcolour2 <= P_WHITE;
                    end
                    default: begin
                        tchar2   <= S_PRESS[{trev11, 3'b000} +: 7];
                        tcolour2 <= P_WHITE;
                    end
                endcase
            end
            rule2     <= rule1;
            panel2    <= panel1;
            band2     <= band1;
            bandedge2 <= bandedge1;
            de2       <= de1;
            hs2_n     <= hs1_n;
            vs2_n     <= vs1_n;
            blx2      <= blx1;
            bly2      <= bly1;
            bcol2     <= bcol1;
            inb2      <= inbx1 && inby1;
        end
    end

    // The cell under the pixel, read from the cell RAM (no reset: RAM).
    wire [6:0]    caddr1 = rbase1 + {3'd0, bcol1};
    reg  [CW-1:0] ram2;
    always @(posedge clk) begin
        if (pix_en) ram2 <= cell_ram[caddr1];
    end

    // The title's sample cells: Red capital 12, Red land 5, neutral tower,
    // mountain, Blue capital 12.
    reg [CW-1:0] strip2;
    always @* begin
        case (bcol2)
            4'd0:    strip2 = {PL_RED,  K_CAPITAL, 2'b00, 2'd2, 12'h012};
            4'd1:    strip2 = {PL_RED,  K_LAND,    2'b00, 2'd1, 12'h005};
            4'd2:    strip2 = {2'd0,    K_TOWER,   2'b00, 2'd0, 12'h000};
            4'd3:    strip2 = {2'd0,    K_MOUNT,   2'b00, 2'd0, 12'h000};
            default: strip2 = {PL_BLUE, K_CAPITAL, 2'b00, 2'd2, 12'h012};
        endcase
    end
    wire [CW-1:0] attr2 = idle ? strip2 : ram2;

    // S2 -> S3: what of the cell is under the pixel.
    wire [1:0]  a_owner = attr2[19:18];
    wire [1:0]  a_kind  = attr2[17:16];
    wire        a_cur   = attr2[15];
    wire        a_tgt   = attr2[14];
    wire [1:0]  a_ndig  = attr2[13:12];
    wire [11:0] a_bcd   = attr2[11:0];

    wire       interior2 = inb2 && blx2 >= GRID_W && bly2 >= GRID_W;
    wire [5:0] ix = blx2 - GRID_W;
    wire [5:0] iy = bly2 - GRID_W;

    // Troop digits: which of the up to three digit slots, and where in it.
    wire [5:0] dig_y0 = (a_kind == K_LAND) ? DIG_Y_LAND : DIG_Y_ICON;
    wire [5:0] dig_dy = iy - dig_y0;
    reg  [5:0] dig_x0;
    always @* begin
        case (a_ndig)
            2'd3:    dig_x0 = DIG_X_3;
            2'd2:    dig_x0 = DIG_X_2;
            default: dig_x0 = DIG_X_1;
        endcase
    end
    wire [5:0] dig_pitch = (a_ndig == 2'd3) ? DIG_PITCH_3 : DIG_PITCH;
    wire [5:0] dig_rel  = ix - dig_x0;
    wire [5:0] dig_rel1 = dig_rel - dig_pitch;
    wire [5:0] dig_rel2 = dig_rel1 - dig_pitch;
    reg        dig_slot_ok;
    reg  [1:0] dig_slot;
    reg  [2:0] dig_gx;      // glyph column (scale 2) inside the slot
    always @* begin
        dig_slot_ok = 1'b1;
        dig_slot    = 2'd0;
        dig_gx      = dig_rel[3:1];
        if (dig_rel < DIG_W) begin
            dig_slot = 2'd0;
            dig_gx   = dig_rel[3:1];
        end else if (dig_rel1 < DIG_W) begin
            dig_slot = 2'd1;
            dig_gx   = dig_rel1[3:1];
        end else if (dig_rel2 < DIG_W) begin
            dig_slot = 2'd2;
            dig_gx   = dig_rel2[3:1];
        end else begin
            dig_slot_ok = 1'b0;
        end
    end
    // Slot 0 is the most significant shown digit: BCD digit ndig - 1 - slot.
    wire [1:0] dig_pos = a_ndig - 2'd1 - dig_slot;
    wire [3:0] dig_val = (dig_pos == 2'd2) ? a_bcd[11:8] :
                         (dig_pos == 2'd1) ? a_bcd[7:4]  : a_bcd[3:0];
    wire       dig_hit = interior2 && dig_slot_ok && dig_slot < a_ndig && dig_dy < DIG_H;

    // Icon: scale 2 in the middle when the cell has no troops, else scale 1
    // above the number.
    wire       ic_big = a_ndig == 2'd0;
    wire [5:0] ic_dx  = ix - (ic_big ? ICON_BIG_XY : ICON_SM_X);
    wire [5:0] ic_dy  = iy - (ic_big ? ICON_BIG_XY : ICON_SM_Y);
    wire       ic_in  = ic_big ? (ic_dx < ICON_BIG && ic_dy < ICON_BIG) :
                                 (ic_dx < ICON_SM && ic_dy < ICON_SM);
    wire [3:0] ic_col = ic_big ? ic_dx[4:1] : ic_dx[3:0];
    wire [3:0] ic_row = ic_big ? ic_dy[4:1] : ic_dy[3:0];
    wire       ic_hit = interior2 && a_kind != K_LAND && ic_in;

    // Cursor frame and target ring: distance to the nearest cell edge, on a
    // position folded about the centre so every side looks the same.
    wire [5:0] fx = (ix < CELL_HALF) ? ix : CELL_IN - 6'd1 - ix;
    wire [5:0] fy = (iy < CELL_HALF) ? iy : CELL_IN - 6'd1 - iy;
    wire [5:0] edge_d = (fx < fy) ? fx : fy;
    wire       cur_pat = !move_mode   ? (fx < CUR_ARM && fy < CUR_ARM) :
                         snap_mode[0] ? (fx[CUR_DASH_B] == fy[CUR_DASH_B]) : 1'b1;
    wire       cur_on  = interior2 && a_cur && cur_pat;

    reg [3:0] fill2;
    always @* begin
        case (a_owner)
            PL_RED:  fill2 = P_RED;
            PL_BLUE: fill2 = P_BLUE;
            default: fill2 = (a_kind == K_MOUNT) ? P_MOUNT : P_NEUTRAL;
        endcase
    end

    wire [7:0]  font3, dig3;
    wire [63:0] icon3;
    sync_rom #(.WIDTH(8), .DEPTH(1024), .INIT_F({GFX_DIR, "font.hex"})) font_rom_inst (
        .clk(clk), .en_i(pix_en), .addr_i({tchar2, tgy2}), .data_o(font3)
    );
    sync_rom #(.WIDTH(8), .DEPTH(128), .INIT_F({GFX_DIR, "digits.hex"})) digit_rom_inst (
        .clk(clk), .en_i(pix_en), .addr_i({dig_val, dig_dy[3:1]}), .data_o(dig3)
    );
    sync_rom #(.WIDTH(64), .DEPTH(64), .INIT_F({GFX_DIR, "icons.hex"})) icon_rom_inst (
        .clk(clk), .en_i(pix_en), .addr_i({a_kind, ic_row}), .data_o(icon3)
    );

    reg       thit3;
    reg [3:0] tcolour3;
    reg [2:0] tgx3;
    reg       interior3, grid3, cur_hi3, cur_ink3, tgt3, dhit3, ihit3;
    reg [2:0] dgx3;
    reg [3:0] icol3, fill3;
    reg       rule3, panel3, band3, bandedge3, de3, hs3_n, vs3_n;

    always @(posedge clk) begin
        if (rst) begin
            thit3 <= 1'b0;  tcolour3 <= P_BLACK;  tgx3 <= 3'd0;
            interior3 <= 1'b0;  grid3 <= 1'b0;  cur_hi3 <= 1'b0;  cur_ink3 <= 1'b0;  tgt3 <= 1'b0;
            dhit3 <= 1'b0;  ihit3 <= 1'b0;  dgx3 <= 3'd0;  icol3 <= 4'd0;  fill3 <= P_BLACK;
            rule3 <= 1'b0;  panel3 <= 1'b0;  band3 <= 1'b0;  bandedge3 <= 1'b0;
            de3 <= 1'b0;  hs3_n <= 1'b1;  vs3_n <= 1'b1;
        end else if (pix_en) begin
            thit3     <= thit2;
            tcolour3  <= tcolour2;
            tgx3      <= tgx2;
            interior3 <= interior2;
            grid3     <= inb2 && !interior2;
            cur_hi3   <= cur_on && edge_d < CUR_W;
            cur_ink3  <= cur_on && edge_d == CUR_W;
            tgt3      <= interior2 && a_tgt && edge_d < TGT_W;
            dhit3     <= dig_hit;
            dgx3      <= dig_gx;
            ihit3     <= ic_hit;
            icol3     <= ic_col;
            fill3     <= fill2;
            rule3     <= rule2;
            panel3    <= panel2;
            band3     <= band2;
            bandedge3 <= bandedge2;
            de3       <= de2;
            hs3_n     <= hs2_n;
            vs3_n     <= vs2_n;
        end
    end

    // S3 -> S4: compositing, front to back.
    wire       font_px = font3[~tgx3];                 // bit 7 = leftmost
    wire       dig_px3 = dig3[~dgx3];                  // bit 7 = leftmost
    wire [3:0] icon_px = icon3[{~icol3, 2'b11} -: 4];  // pixel 0 in bits 63:60
    reg  [3:0] pal_d;
    always @* begin
        if (!de3)                    pal_d = P_BLACK;
        else if (thit3 && font_px)   pal_d = tcolour3;
        else if (rule3)              pal_d = P_GOLD;
        else if (band3)              pal_d = bandedge3 ? P_WHITE :
                                             (snap_winner == PL_RED)  ? P_RED :
                                             (snap_winner == PL_BLUE) ? P_BLUE : P_PANEL;
        else if (grid3)              pal_d = P_GRID;
        else if (interior3) begin
            if (cur_hi3)                    pal_d = blue_turn ? P_BLUE_HI : P_RED_HI;
            else if (cur_ink3)              pal_d = P_INK;
            else if (tgt3)                  pal_d = P_GOLD;
            else if (dhit3 && dig_px3)      pal_d = (fill3 == P_NEUTRAL) ? P_INK : P_WHITE;
            else if (ihit3 && icon_px != 4'd0) pal_d = icon_px;
            else                            pal_d = fill3;
        end
        else if (panel3)             pal_d = P_PANEL;
        else                         pal_d = P_BG;
    end

    reg [3:0] pal4;
    reg       de4, hs4_n, vs4_n;
    always @(posedge clk) begin
        if (rst) begin
            pal4 <= P_BLACK;  de4 <= 1'b0;  hs4_n <= 1'b1;  vs4_n <= 1'b1;
        end else if (pix_en) begin
            pal4  <= pal_d;
            de4   <= de3;
            hs4_n <= hs3_n;
            vs4_n <= vs3_n;
        end
    end

    // S5: the output registers. Blanked pixels have palette index 0 (black).
    reg [23:0] palette [0:15];
    initial $readmemh({GFX_DIR, "palette.hex"}, palette);

    always @(posedge clk) begin
        if (rst) begin
            {vga_r, vga_g, vga_b} <= 24'd0;
            vga_hs_n    <= 1'b1;
            vga_vs_n    <= 1'b1;
            vga_blank_n <= 1'b0;
        end else if (pix_en) begin
            {vga_r, vga_g, vga_b} <= palette[pal4];
            vga_hs_n    <= hs4_n;
            vga_vs_n    <= vs4_n;
            vga_blank_n <= de4;
        end
    end

endmodule

`default_nettype wire
