// Generals (将军棋) - video_scan: the renderer's snapshot and scan (docs/display.md,
// "Snapshot"). Once per frame, at the first pixel of vertical blanking, the game's
// scalars are copied in one edge; then the 100 cells are read from the board RAM,
// each converted to a cell-RAM word for the board tiles, and the panel's numbers are
// converted to text. hold_o keeps the game engine from starting anything new from the
// last visible line until every cell has been read, so the cells read are those of
// the snapshot cycle: the next frame shows one consistent state (tear-free).
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module video_scan #(
    parameter [9:0] SNAP_X = 10'd1      // beam x at which the DAC moves to pixel (0, 480)
) (
    input  wire        clk,             // 50 MHz
    input  wire        rst,             // synchronous, active high
    input  wire        pix_en_i,        // pixel enable (25 MHz)
    input  wire [9:0]  sx_i,            // raster position from vga_timing
    input  wire [9:0]  sy_i,
    input  wire [1:0]  phase_i,         // the game's architectural state
    input  wire [1:0]  winner_i,
    input  wire [1:0]  player_i,
    input  wire [1:0]  mode_i,
    input  wire [1:0]  machine_i,       // colours shown as the machine's: [0] red, [1] blue
    input  wire [7:0]  cursor_red_i,    // {x, y}
    input  wire [7:0]  cursor_blue_i,
    input  wire [15:0] round_i,
    input  wire [6:0]  map_i,
    output reg         cell_en_o,       // board RAM read port: registered, high in SQ_READ
    output reg  [6:0]  cell_addr_o,
    input  wire [12:0] cell_i,          // {owner, kind, troops}, one enabled cycle later
    output reg         hold_o,          // the board must not change
    output reg         snapshot_o,      // one cycle: the scalars were copied
    output reg  [1:0]  snap_phase_o,    // the snapshot's scalars, for the pixel stages
    output reg  [1:0]  snap_winner_o,
    output reg  [1:0]  snap_player_o,
    output reg  [1:0]  snap_mode_o,
    output reg  [1:0]  snap_machine_o,
    output reg         cram_we_o,       // cell RAM write port (board_tiles)
    output reg  [6:0]  cram_addr_o,
    output reg  [19:0] cram_data_o,     // {owner, kind, cursor, target, ndig, bcd[11:0]}
    output reg  [18:0] round_bcd_o,     // panel numbers in BCD: 5 digits (the top one 3
    output reg  [11:0] map_bcd_o,       // bits) or 3; the text stage lays them out
    output reg  [18:0] red_troops_bcd_o,
    output reg  [11:0] red_land_bcd_o,
    output reg  [18:0] blue_troops_bcd_o,
    output reg  [11:0] blue_land_bcd_o
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    localparam [9:0] SNAP_Y = V_VISIBLE;    // first line of vertical blanking
    // hold_o rises at (HOLD_X, SNAP_Y - 1), HOLD_LEAD pixels (1354 cycles) before the
    // snapshot: longer than any command or map load (about 420 cycles), so the engine
    // is idle when the snapshot is taken.
    localparam [9:0] HOLD_LEAD = 10'd677;
    localparam [9:0] HOLD_X    = SNAP_X + H_TOTAL - HOLD_LEAD;
    localparam [6:0] LAST_CELL = 7'd99;
    localparam [3:0] LAST_COL  = 4'd9;
    localparam [3:0] DD_LAST   = 4'd15;  // 16 double-dabble steps for 16 bits

    // Scan: one cell per 19 cycles (read, latch, 16 conversion steps, write), then six
    // numbers. The codes descend in the order the clocked block below lists the
    // states, readers of a register before its writers: Verilator emits a case as a
    // tree over the code's bits, highest first, and a register read below a write of
    // it costs a copy in every cycle (see the block).
    localparam [2:0] SQ_IDLE = 3'd0;     // nothing to do until the next snapshot
    localparam [2:0] SQ_READ = 3'd2;     // the cell is being read from the board RAM
    localparam [2:0] SQ_CELL = 3'd3;     // latch the cell, start its conversion
    localparam [2:0] SQ_NUM  = 3'd4;     // start converting number num_q
    localparam [2:0] SQ_CNV  = 3'd5;     // convert the troops or the number
    localparam [2:0] SQ_NWR  = 3'd6;     // store the number's text
    localparam [2:0] SQ_CWR  = 3'd7;     // write the cell RAM word
    localparam [2:0] NUM_ROUND = 3'd0;
    localparam [2:0] NUM_MAP   = 3'd1;
    localparam [2:0] NUM_RT    = 3'd2;
    localparam [2:0] NUM_RL    = 3'd3;
    localparam [2:0] NUM_BT    = 3'd4;
    localparam [2:0] NUM_BL    = 3'd5;

    reg [2:0]  sq_q;
    reg [6:0]  idx_q;                     // cell being scanned
    reg [3:0]  x_q, y_q;                  // its column and row
    reg [2:0]  num_q;
    reg        cnv_num_q;                 // SQ_CNV converts a number, not a cell's troops
    reg [7:0]  cur_red_q, cur_blue_q;     // the snapshot's cursors and numbers
    reg [15:0] round_q;
    reg [6:0]  map_q;
    reg [15:0] red_troops_q, blue_troops_q;   // at most 100 * 511 = 51 100
    reg [6:0]  red_land_q, blue_land_q;
    reg [3:0]  cell_q;                    // {owner, kind} of the cell
    reg [15:0] dd_bin_q;                  // double dabble: binary in, BCD out
    reg [18:0] dd_bcd_q;
    reg [3:0]  dd_cnt_q;


    // One double-dabble step: add 3 to each BCD digit >= 5, then shift the next binary
    // bit in. 16 bits need 5 digits; the top one never exceeds 6, so it has 3 bits and
    // is never adjusted (it would reach 5 before a shift only for 100 000 and more).
    function automatic [18:0] dd_step(input [18:0] bcd, input bit_in);
        integer d;
        reg [15:0] adj;
        begin
            adj = bcd[15:0];
            for (d = 0; d < 4; d = d + 1)
                if (bcd[4*d +: 4] >= 4'd5) adj[4*d +: 4] = bcd[4*d +: 4] + 4'd3;
            dd_step = {bcd[17:16], adj, bit_in};
        end
    endfunction

    // Number of significant digits of a troop count (0 for 0 troops).
    function automatic [1:0] ndig(input [11:0] bcd);
        ndig = (bcd[11:8] != 4'd0) ? 2'd3 :
               (bcd[7:4]  != 4'd0) ? 2'd2 :
               (bcd[3:0]  != 4'd0) ? 2'd1 : 2'd0;
    endfunction

    // {owner, kind, cursor, target} of a cell at (x, y): the cursor is the current
    // player's, in PLAYING only; targets are the non-mountain neighbours of the cursor
    // in move mode. Coordinates in 5 bits so that a cursor at 15 has no neighbour at 0.
    function automatic [5:0] cell_flags(input [3:0] c, input [3:0] x, input [3:0] y,
                                        input [1:0] phase, input [1:0] player,
                                        input move_mode, input [7:0] cr, input [7:0] cb);
        reg [4:0] cx, cy, x5, y5;
        reg       playing, same_x, same_y, next_x, next_y;
        begin
            cx      = {1'b0, (player == PL_BLUE) ? cb[7:4] : cr[7:4]};
            cy      = {1'b0, (player == PL_BLUE) ? cb[3:0] : cr[3:0]};
            x5      = {1'b0, x};
            y5      = {1'b0, y};
            playing = (phase != PH_IDLE) && (phase != PH_OVER);
            same_x  = (x5 == cx);
            same_y  = (y5 == cy);
            next_x  = (x5 == cx + 5'd1) || (x5 + 5'd1 == cx);
            next_y  = (y5 == cy + 5'd1) || (y5 + 5'd1 == cy);
            // c = {owner, kind}
            cell_flags = {c, playing && same_x && same_y,
                          playing && move_mode && c[1:0] != KIND_MOUNTAIN &&
                          ((same_y && next_x) || (same_x && next_y))};
        end
    endfunction

    // One block on purpose: split into snapshot, cell scan and number conversion
    // (each a name for what it does) it cost the Verilated model about 50
    // instructions per cycle (4 %), because every register one clocked block
    // reads from another gets a delayed-assignment copy in every cycle. For the
    // same reason the block reads each register above every line that writes
    // it: the scan first (its states in the order that achieves this), then the
    // snapshot, which starts a scan, then the reset; a later assignment wins.
    always @(posedge clk) begin : scan
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg       snap_now;
        reg [2:0] c_sq, c_num;      // the scan's state before this edge, read once
        reg [6:0] c_idx;
        /* verilator tracing_on */
        // Nested, not `&&`: a simulator then compares the raster position only
        // on the pixel enable, and the line only at the right x.
        snap_now = 1'b0;
        c_sq = 3'd0; c_num = 3'd0; c_idx = 7'd0;
        if (pix_en_i) begin
            if (sx_i == SNAP_X) begin
                if (sy_i == SNAP_Y) snap_now = 1'b1;
            end else if (sx_i == HOLD_X) begin
                if (sy_i == SNAP_Y - 10'd1) hold_o <= 1'b1;
            end
        end
        if (sq_q != SQ_IDLE && !snap_now) begin
            // The pulses last one cycle; a scan is under way in the cycle after
            // each, so it ends them (and its last step raises none).
            snapshot_o <= 1'b0;
            cram_we_o  <= 1'b0;
            cell_en_o  <= 1'b0;
            c_sq  = sq_q;
            c_idx = idx_q;
            c_num = num_q;
            case (c_sq)
                SQ_CWR: begin
                    cram_we_o   <= 1'b1;
                    cram_addr_o <= c_idx;
                    cram_data_o <= {cell_flags(cell_q, x_q, y_q, snap_phase_o, snap_player_o,
                                               snap_mode_o[1], cur_red_q, cur_blue_q),
                                    ndig(dd_bcd_q[11:0]), dd_bcd_q[11:0]};
                    sq_q  <= (c_idx == LAST_CELL) ? SQ_NUM : SQ_READ;
                    cell_en_o   <= (c_idx != LAST_CELL);    // the next cell is read next
                    cell_addr_o <= c_idx + 7'd1;
                    y_q   <= (x_q == LAST_COL) ? y_q + 4'd1 : y_q;
                    x_q   <= (x_q == LAST_COL) ? 4'd0 : x_q + 4'd1;
                    idx_q <= c_idx + 7'd1;
                end
                SQ_NWR: begin
                    case (c_num)
                        NUM_ROUND: round_bcd_o       <= dd_bcd_q;
                        NUM_MAP:   map_bcd_o         <= dd_bcd_q[11:0];
                        NUM_RT:    red_troops_bcd_o  <= dd_bcd_q;
                        NUM_RL:    red_land_bcd_o    <= dd_bcd_q[11:0];
                        NUM_BT:    blue_troops_bcd_o <= dd_bcd_q;
                        default:   blue_land_bcd_o   <= dd_bcd_q[11:0];
                    endcase
                    sq_q  <= (c_num == NUM_BL) ? SQ_IDLE : SQ_NUM;
                    num_q <= c_num + 3'd1;
                end
                SQ_CNV: begin
                    if (dd_cnt_q == DD_LAST) sq_q <= cnv_num_q ? SQ_NWR : SQ_CWR;
                    dd_bcd_q <= dd_step(dd_bcd_q, dd_bin_q[15]);
                    dd_bin_q <= {dd_bin_q[14:0], 1'b0};
                    dd_cnt_q <= dd_cnt_q + 4'd1;
                end
                SQ_NUM: begin
                    hold_o <= 1'b0;            // every cell has been read
                    case (c_num)
                        NUM_ROUND: dd_bin_q <= round_q;
                        NUM_MAP:   dd_bin_q <= {9'd0, map_q};
                        NUM_RT:    dd_bin_q <= red_troops_q;
                        NUM_RL:    dd_bin_q <= {9'd0, red_land_q};
                        NUM_BT:    dd_bin_q <= blue_troops_q;
                        default:   dd_bin_q <= {9'd0, blue_land_q};
                    endcase
                    dd_bcd_q  <= 19'd0;
                    dd_cnt_q  <= 4'd0;
                    cnv_num_q <= 1'b1;
                    sq_q      <= SQ_CNV;
                end
                SQ_CELL: begin
                    cell_q <= {cell_i[CELL_OWNER +: OWNER_W], cell_i[CELL_KIND +: KIND_W]};
                    if (cell_i[CELL_OWNER +: OWNER_W] == PL_RED) begin
                        red_troops_q <= red_troops_q + {7'd0, cell_i[CELL_TROOPS +: TROOPS_W]};
                        red_land_q   <= red_land_q + 7'd1;
                    end
                    if (cell_i[CELL_OWNER +: OWNER_W] == PL_BLUE) begin
                        blue_troops_q <= blue_troops_q + {7'd0, cell_i[CELL_TROOPS +: TROOPS_W]};
                        blue_land_q   <= blue_land_q + 7'd1;
                    end
                    dd_bin_q <= {7'd0, cell_i[CELL_TROOPS +: TROOPS_W]};
                    dd_bcd_q  <= 19'd0;
                    dd_cnt_q  <= 4'd0;
                    cnv_num_q <= 1'b0;
                    sq_q      <= SQ_CNV;
                end
                SQ_READ: sq_q <= SQ_CELL;
                // coverage waiver (line): the scan sequencer's default state: sq_q has
                //   an explicit reset value and every transition names a listed state
                default: sq_q <= SQ_IDLE;
            endcase
        end
        if (snap_now) begin
            snapshot_o     <= 1'b1;
            snap_phase_o   <= phase_i;
            snap_winner_o  <= winner_i;
            snap_player_o  <= player_i;
            snap_mode_o    <= mode_i;
            snap_machine_o <= machine_i;
            cur_red_q      <= cursor_red_i;
            cur_blue_q     <= cursor_blue_i;
            round_q        <= round_i;
            map_q          <= map_i;
            sq_q           <= SQ_READ;
            idx_q          <= 7'd0;
            cell_en_o      <= 1'b1;                 // cell 0 is read next
            cell_addr_o    <= 7'd0;
            x_q            <= 4'd0;
            y_q            <= 4'd0;
            num_q          <= NUM_ROUND;
            red_troops_q   <= 16'd0;
            blue_troops_q  <= 16'd0;
            red_land_q     <= 7'd0;
            blue_land_q    <= 7'd0;
        end
        if (rst) begin
            hold_o            <= 1'b0;
            snapshot_o        <= 1'b0;
            snap_phase_o      <= PH_IDLE;   // the first frame after reset is the title
            snap_winner_o     <= PL_NONE;
            snap_player_o     <= PL_RED;
            snap_mode_o       <= MODE_SELECT;
            snap_machine_o    <= 2'b00;
            cram_we_o         <= 1'b0;
            cram_addr_o       <= 7'd0;
            cram_data_o       <= 20'd0;
            round_bcd_o       <= 19'd0;
            map_bcd_o         <= 12'd0;
            red_troops_bcd_o  <= 19'd0;
            red_land_bcd_o    <= 12'd0;
            blue_troops_bcd_o <= 19'd0;
            blue_land_bcd_o   <= 12'd0;
            sq_q              <= SQ_IDLE;
            idx_q             <= 7'd0;
            cell_en_o         <= 1'b0;
            cell_addr_o       <= 7'd0;
            x_q               <= 4'd0;
            y_q               <= 4'd0;
            num_q             <= NUM_ROUND;
            cnv_num_q         <= 1'b0;
            cur_red_q         <= 8'd0;
            cur_blue_q        <= 8'd0;
            round_q           <= 16'd0;
            map_q             <= 7'd0;
            red_troops_q      <= 16'd0;
            blue_troops_q     <= 16'd0;
            red_land_q        <= 7'd0;
            blue_land_q       <= 7'd0;
            cell_q            <= 4'd0;
            dd_bin_q          <= 16'd0;
            dd_bcd_q          <= 19'd0;
            dd_cnt_q          <= 4'd0;
        end
    end
endmodule

`default_nettype wire
