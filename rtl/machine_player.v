// Generals (将军棋) - machine_player: the machine player of docs/rules.md §11. On a
// machine-played colour's turn it scans the board for the best-scoring move, then
// types the commands a person would (cursor rows, then columns, Space, the
// direction), one every BOT_GAP cycles, through the same command input as the
// keyboard.
// Part of the Generals FPGA project, MIT licence.
//
// The board is read from a copy of its own, written by the board RAM's write port
// (a third read port, as an FPGA designer gets one: a second block RAM written in
// parallel). The capitals' cells are the game logic's, found as the map loads.
// The scan reads one cell per enabled cycle: each own cell with 2 or more troops,
// then its neighbours W, A, S, D; about 500 reads, about 1 000 cycles.

`default_nettype none
`timescale 1ns / 1ps

module machine_player #(
    parameter integer BOT_GAP = 10_000_000   // cycles before each command (0.2 s)
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        turn_i,       // a machine-played colour is to move (game_logic)
    input  wire [1:0]  player_i,     // current player
    input  wire [1:0]  mode_i,
    input  wire [7:0]  cursor_red_i, // the cursors, {x[3:0], y[3:0]}
    input  wire [7:0]  cursor_blue_i,
    input  wire [7:0]  cap_red_i,    // the capitals' cells, {x, y} (from the map load)
    input  wire [7:0]  cap_blue_i,
    input  wire        applied_i,    // the game logic carried out a command
    input  wire        we_i,         // the board RAM's write port
    input  wire [6:0]  waddr_i,
    input  wire [12:0] wdata_i,
    output reg         cmd_valid_o,
    output reg  [2:0]  cmd_o,
    input  wire        st_ready_i,   // the game logic takes cmd_o when valid, st_ready_i
    input  wire        hold_i        // ... and not hold_i
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    localparam integer GAP_W = $clog2(BOT_GAP + 1);
    localparam [GAP_W-1:0] GAP_LAST = BOT_GAP[GAP_W-1:0];

    // docs/rules.md §11 scores a move 30 000 (wins), 20 000 + 4 000 tower + 2 000
    // enemy + 100 (18 - dist(t, C)) (captures), 10 000 + 100 (dist(s, C) -
    // dist(t, C)) + min(k, 99) (transfers) or 1 000 + min(k, 99) (attacks). Only
    // their order matters, and within each class the terms never overlap (1 800 <
    // 2 000 < 4 000; 99 < 100), so this 10-bit key orders every pair of moves as
    // the score does, ties included, without a 15-bit adder in the scan:
    // {class, payload}: win {3, 0}; capture {2, tower, enemy, 0, 18 - dist(t, C)};
    // transfer {1, t nearer C than s, min(k, 99)}; attack {0, 0, min(k, 99)}.
    localparam [1:0]  CLASS_WIN      = 2'd3;
    localparam [1:0]  CLASS_CAPTURE  = 2'd2;
    localparam [1:0]  CLASS_TRANSFER = 2'd1;
    localparam [1:0]  CLASS_ATTACK   = 2'd0;
    localparam [4:0]  DIST_MAX    = 5'd18;
    localparam [8:0]  K_CAP       = 9'd99;

    // Scan states.
    localparam [3:0] M_IDLE   = 4'd0;   // waiting for the turn (or its last command)
    localparam [3:0] M_SRC    = 4'd1;   // the word of cell (src_x, src_y) is being read
    localparam [3:0] M_SRC_CK = 4'd2;   // ... and is here: a candidate source?
    localparam [3:0] M_NB     = 4'd3;   // the neighbour in direction dir: on the board?
    localparam [3:0] M_NB_RD  = 4'd4;   // its word is being read; its distance to C
    localparam [3:0] M_NB_CK  = 4'd5;   // ... and is here: its key
    localparam [3:0] M_CMP    = 4'd6;   // the key against the best so far
    localparam [3:0] M_NEXT   = 4'd7;   // on to the next source cell
    localparam [3:0] M_TYPE   = 4'd8;   // typing the chosen move

    // ---- the board copy --------------------------------------------------------------
    reg [CELL_W-1:0] mem [0:127];
    reg [CELL_W-1:0] rd_data;
    reg [6:0]        rd_addr;
    integer m;
    initial for (m = 0; m < 128; m = m + 1) mem[m] = {CELL_W{1'b0}};
    // The copy is read by the scan below, through one read of a chosen address in
    // the block that drives it (one port): a source cell's word in the state that
    // chooses the cell (M_IDLE, M_NEXT), so that M_SRC keeps what M_SRC_CK needs of
    // it in registers (the block RAM's output is late in the cycle); a neighbour's
    // in M_NB_RD. Nothing writes the board while the machine scans: its turn starts
    // after the last command's writes.
    always @(posedge clk) begin
        if (we_i) mem[waddr_i] <= wdata_i;
    end

    // The enemy capital (docs/rules.md §11: C).
    wire [3:0] cap_red_x  = cap_red_i[7:4];
    wire [3:0] cap_red_y  = cap_red_i[3:0];
    wire [3:0] cap_blue_x = cap_blue_i[7:4];
    wire [3:0] cap_blue_y = cap_blue_i[3:0];

    function automatic [4:0] manhattan(input [3:0] ax, input [3:0] ay, input [3:0] bx, input [3:0] by);
        manhattan = {1'b0, (ax > bx) ? ax - bx : bx - ax} + {1'b0, (ay > by) ? ay - by : by - ay};
    endfunction

    // ---- scan and typing --------------------------------------------------------------
    // Control registers are reset; the data registers beside them are written
    // before they are read.
    reg [3:0]  st;
    reg        best_v;          // best_* hold a candidate
    reg        wait_apply;      // a typed command is being carried out
    // Something to clear: the machine's turn ran (or the reset) and the clean-up
    // has not; and, on the turn, the state waits out the gap (before a command, or
    // for one to be carried out), so that a cycle has only the gap to count.
    reg        dirty;
    reg        waiting;
    reg [GAP_W-1:0] gap;
    reg [3:0]  src_x, src_y;    // candidate source
    reg [1:0]  dir;             // W A S D = 0 1 2 3, the command codes
    reg [8:0]  k;               // troops the candidate moves
    reg [4:0]  ds;              // dist(s, C)
    reg        src_ok;          // the source cell is the machine's, with 2 or more troops
    reg [3:0]  tx, ty;          // its target
    reg [4:0]  dt;              // dist(t, C)
    // The target's word as the key needs it, taken from the RAM's output in M_NB_CK
    // (its clock-to-output time leaves no room for the key's logic behind it); the
    // key is worked out from these in M_CMP.
    reg [1:0]  t_owner;         // the target's owner
    reg        t_beaten;        // k beats the target's troops
    reg        t_tower;         // the target is a tower
    reg        t_at_cap;        // the target is the enemy capital
    reg        t_nearer;        // the target is nearer to it than the source
    reg        key_v;           // the candidate is a move (the target is no mountain)
    reg [9:0]  best;
    reg [3:0]  best_x, best_y;
    reg [1:0]  best_dir;


    // The logic below is functions called in the states that use it (see
    // docs/rtl-style.md: functions, not wires): the machine waits in M_TYPE
    // for most of its turn.

    // The neighbour of (x, y) in direction d, and whether it is on the board.
    function automatic nb_ok(input [3:0] x, input [3:0] y, input [1:0] d);
        nb_ok = (d == CMD_W[1:0]) ? (y != 4'd0)
              : (d == CMD_A[1:0]) ? (x != 4'd0)
              : (d == CMD_S[1:0]) ? (y != COORD_MAX) : (x != COORD_MAX);
    endfunction
    function automatic [3:0] nb_x(input [3:0] x, input [1:0] d);
        nb_x = (d == CMD_A[1:0]) ? x - 4'd1 : (d == CMD_D[1:0]) ? x + 4'd1 : x;
    endfunction
    function automatic [3:0] nb_y(input [3:0] y, input [1:0] d);
        nb_y = (d == CMD_W[1:0]) ? y - 4'd1 : (d == CMD_S[1:0]) ? y + 4'd1 : y;
    endfunction
    function automatic last_dir(input [1:0] d);
        last_dir = (d == CMD_D[1:0]);
    endfunction
    // The enemy capital.
    function automatic [3:0] enemy_x(input [1:0] p, input [3:0] red_x, input [3:0] blue_x);
        enemy_x = (p == PL_RED) ? blue_x : red_x;
    endfunction

    // The key of the candidate moving k troops from a cell at distance ds from
    // the enemy capital (cx, cy) to (tx, ty), at distance dt, owned by t_own (a
    // tower if tower), whose troops k beats if beats.
    // at_cap: (tx, ty) is C; nearer: dt < ds.
    function automatic [9:0] key_of(input [1:0] t_own, input beats, input tower,
                                    input at_cap, input nearer, input [8:0] k_i,
                                    input [1:0] pl, input [4:0] dt_i);
        reg [6:0] k_capped;
        begin
            k_capped = (k_i > K_CAP) ? K_CAP[6:0] : k_i[6:0];
            if (at_cap && beats)
                key_of = {CLASS_WIN, 8'd0};
            else if (t_own != pl && beats)
                key_of = {CLASS_CAPTURE, tower, t_own != PL_NONE, 1'b0, DIST_MAX - dt_i};
            else if (t_own == pl)
                key_of = {CLASS_TRANSFER, nearer, k_capped};
            else
                key_of = {CLASS_ATTACK, 1'b0, k_capped};
        end
    endfunction

    // Strictly greater: a tie goes to the earlier candidate.
    function automatic better(input have_best, input [9:0] key_i, input [9:0] best_i);
        better = !have_best || (key_i > best_i);
    endfunction

    // The next command of the typed move, from the live cursor (x, y) and mode.
    function automatic [2:0] next_cmd(input [3:0] cur_x, input [3:0] cur_y, input [1:0] mode,
                                      input [3:0] bx, input [3:0] by, input [1:0] bdir);
        next_cmd = (cur_y > by) ? CMD_W
                 : (cur_y < by) ? CMD_S
                 : (cur_x > bx) ? CMD_A
                 : (cur_x < bx) ? CMD_D
                 : (mode == MODE_SELECT) ? CMD_SPACE : {1'b0, bdir};
    endfunction

    // See docs/rtl-style.md: block variables, one flag. Off the machine's
    // turn, once cleared, nothing here changes; on
    // it, most cycles only count the gap. The first tests are all that runs in
    // those cycles (dirty and waiting stand for the state they summarise), so
    // only the gap, which the short branch writes, is read before them; the
    // rest, in the long branch.
    always @(posedge clk) begin : fsm
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [3:0] c_st, c_src_x, c_src_y, c_tx, c_ty, c_best_x, c_best_y, n_st;
        reg [1:0] c_dir, c_best_dir;
        reg [GAP_W-1:0] c_gap;
        reg c_best_v, c_wait_apply, c_cmd_valid_o, c_key_v, n_wait_apply, c_t_beaten, c_t_tower;
        reg c_t_at_cap, c_t_nearer;
        reg [1:0] c_t_owner;
        reg [2:0] c_cmd_o;
        reg [8:0] c_k;
        reg [4:0] c_ds, c_dt;
        reg [9:0] c_key, c_best;
        reg [CELL_W-1:0] c_rd_data;
        reg [6:0] c_rd_addr;
        reg [7:0] cursor;
        reg       t_rd, c_src_ok;
        reg [6:0] t_rd_addr;
        /* verilator tracing_on */
        c_gap = gap;
        if (rst || turn_i || dirty) begin
            if (waiting && !rst && turn_i && !applied_i && c_gap != GAP_LAST
                    && !(cmd_valid_o && st_ready_i && !hold_i)) begin
                // Waiting out the gap before a command, or for one to be carried out.
                gap <= c_gap + 1'b1;
            end else begin
                c_st = st;
                c_src_x = src_x;
                c_src_y = src_y;
                c_dir = dir;
                c_best_v = best_v;
                c_wait_apply = wait_apply;
                c_cmd_valid_o = cmd_valid_o;
                c_cmd_o = cmd_o;
                c_k = k;
                c_ds = ds;
                c_tx = tx;
                c_ty = ty;
                c_dt = dt;
                c_key = 10'd0;          // worked out in M_CMP
                c_t_owner = t_owner;
                c_t_beaten = t_beaten;
                c_t_tower = t_tower;
                c_t_at_cap = t_at_cap;
                c_t_nearer = t_nearer;
                c_key_v = key_v;
                c_best = best;
                c_best_x = best_x;
                c_best_y = best_y;
                c_best_dir = best_dir;
                c_rd_data = rd_data;
                c_rd_addr = rd_addr;
                c_src_ok = src_ok;
                t_rd = 1'b0;
                t_rd_addr = c_rd_addr;
                n_st = c_st;
                n_wait_apply = c_wait_apply;
                if (rst || !turn_i) begin
                    n_st         = M_IDLE;
                    best_v       <= 1'b0;
                    n_wait_apply = 1'b0;
                    cmd_valid_o  <= 1'b0;
                    gap          <= {GAP_W{1'b0}};
                end else begin
                    // The gap counts from the last command carried out (whoever entered
                    // it) or from the turn's start, so the bench can time it from the
                    // debug port's applied pulses.
                    if (applied_i) begin
                        n_wait_apply = 1'b0;
                        gap          <= {GAP_W{1'b0}};
                    end else if (c_gap != GAP_LAST) begin
                        gap <= c_gap + 1'b1;
                    end
                    case (c_st)
                        M_IDLE: if (!c_wait_apply) begin
                            // The turn begins (its last command is carried out): scan from (0, 0).
                            src_x     <= 4'd0;
                            src_y     <= 4'd0;
                            rd_addr   <= 7'd0;
                            t_rd      = 1'b1;
                            t_rd_addr = 7'd0;
                            n_st      = M_SRC;
                        end
                        M_SRC: begin
                            // The source cell's word is here.
                            k      <= c_rd_data[CELL_TROOPS +: TROOPS_W] - 9'd1;
                            src_ok <= (c_rd_data[CELL_OWNER +: OWNER_W] == player_i
                                       && c_rd_data[CELL_TROOPS +: TROOPS_W] >= TROOPS_MOVE);
                            n_st   = M_SRC_CK;
                        end
                        M_SRC_CK: begin
                            ds   <= manhattan(c_src_x, c_src_y,
                                             enemy_x(player_i, cap_red_x, cap_blue_x),
                                             enemy_x(player_i, cap_red_y, cap_blue_y));
                            dir  <= CMD_W[1:0];
                            n_st = c_src_ok ? M_NB : M_NEXT;
                        end
                        M_NB: begin
                            tx      <= nb_x(c_src_x, c_dir);
                            ty      <= nb_y(c_src_y, c_dir);
                            rd_addr <= cell_idx(nb_x(c_src_x, c_dir), nb_y(c_src_y, c_dir));
                            if (nb_ok(c_src_x, c_src_y, c_dir)) n_st = M_NB_RD;
                            else if (last_dir(c_dir)) n_st = M_NEXT;
                            else               dir <= c_dir + 2'd1;
                        end
                        M_NB_RD: begin
                            t_rd = 1'b1;
                            dt   <= manhattan(c_tx, c_ty, enemy_x(player_i, cap_red_x, cap_blue_x),
                                             enemy_x(player_i, cap_red_y, cap_blue_y));
                            n_st = M_NB_CK;
                        end
                        M_NB_CK: begin
                            t_owner  <= c_rd_data[CELL_OWNER +: OWNER_W];
                            t_beaten <= c_k > c_rd_data[CELL_TROOPS +: TROOPS_W];
                            t_tower  <= (c_rd_data[CELL_KIND +: KIND_W] == KIND_TOWER);
                            t_at_cap <= (c_tx == enemy_x(player_i, cap_red_x, cap_blue_x)
                                         && c_ty == enemy_x(player_i, cap_red_y, cap_blue_y));
                            t_nearer <= (c_dt < c_ds);
                            key_v    <= (c_rd_data[CELL_KIND +: KIND_W] != KIND_MOUNTAIN);
                            n_st     = M_CMP;
                        end
                        M_CMP: begin
                            c_key = key_of(c_t_owner, c_t_beaten, c_t_tower, c_t_at_cap, c_t_nearer,
                                           c_k, player_i, c_dt);
                            if (c_key_v && better(c_best_v, c_key, c_best)) begin
                                best     <= c_key;
                                best_v   <= 1'b1;
                                best_x   <= c_src_x;
                                best_y   <= c_src_y;
                                best_dir <= c_dir;
                            end
                            if (last_dir(c_dir)) begin
                                n_st = M_NEXT;
                            end else begin
                                dir  <= c_dir + 2'd1;
                                n_st = M_NB;
                            end
                        end
                        M_NEXT: begin
                            // Row by row: (9, y) is followed by (0, y + 1).
                            if (c_src_x == COORD_MAX) begin
                                src_x     <= 4'd0;
                                src_y     <= c_src_y + 4'd1;
                                t_rd_addr = cell_idx(4'd0, c_src_y + 4'd1);
                            end else begin
                                src_x     <= c_src_x + 4'd1;
                                t_rd_addr = cell_idx(c_src_x + 4'd1, c_src_y);
                            end
                            rd_addr <= t_rd_addr;
                            t_rd    = 1'b1;
                            n_st = (c_src_x == COORD_MAX && c_src_y == COORD_MAX) ? M_TYPE : M_SRC;
                        end
                        M_TYPE: begin
                            if (c_cmd_valid_o && st_ready_i && !hold_i) begin
                                cmd_valid_o  <= 1'b0;
                                n_wait_apply = 1'b1;
                                // The direction typed in move mode is the turn's last command.
                                if (c_cmd_o == {1'b0, c_best_dir} && mode_i != MODE_SELECT) begin
                                    best_v <= 1'b0;
                                    n_st   = M_IDLE;
                                end
                            end else if (!c_cmd_valid_o && !c_wait_apply && c_gap == GAP_LAST) begin
                                // The cursor of the player to move (the machine's).
                                cursor = (player_i == PL_BLUE) ? cursor_blue_i : cursor_red_i;
                                cmd_valid_o <= 1'b1;
                                cmd_o       <= next_cmd(cursor[7:4], cursor[3:0], mode_i,
                                                        c_best_x, c_best_y, c_best_dir);
                            end
                        end
                        // coverage waiver (line): the machine's default state: st has
                        //   an explicit reset value and every transition names a listed
                        //   state
                        default: n_st = M_IDLE;
                    endcase
                end
                if (t_rd) rd_data <= mem[t_rd_addr];
                st         <= n_st;
                wait_apply <= n_wait_apply;
                dirty      <= turn_i && !rst;
                waiting    <= (n_st == M_IDLE && n_wait_apply) || n_st == M_TYPE;
            end
        end
    end

    function automatic [6:0] cell_idx(input [3:0] x, input [3:0] y);
        cell_idx = {y, 3'd0} + {2'd0, y, 1'd0} + {3'd0, x};
    endfunction
endmodule

`default_nettype wire
