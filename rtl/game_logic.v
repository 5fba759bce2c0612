// Generals (将军棋) - game_logic: phases, commands, moves and turn passing (docs/rules.md
// sections 3 and 5) as a small sequential engine over the board RAM.
// The board lives in a RAM here (board: block RAM on the FPGA, one write port and two
// read ports, A for the engine and B for the video scan), and so does the ROM of the
// 128 maps (map_rom). Both are read in the engine's block, where their addresses are
// computed (see docs/rtl-style.md: memories).
// The scalar state changes only together with applied_o / started_o and then already
// shows the command's whole effect; board cells change through the RAM's write port
// while the command is carried out, each written once with its final value (docs/verification.md
// , revised). A command takes at most about 420 cycles and a map load about
// 240; none starts while the video scan holds the board (hold_i), so every frame shows
// one consistent state. The engine's logic sits inside the branch of the cycles in
// which it has work (see docs/rtl-style.md: one flag).
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module game_logic #(
    parameter MAP_INIT_HEX = "maps/maps.hex"    // $readmemh image of all 128 maps
) (
    input  wire          clk,                   // 50 MHz, the only clock
    input  wire          rst,                   // synchronous, active high
    input  wire          start_i,               // one-cycle: debounced START recognised
    input  wire [6:0]    draw_i,                // draw counter, valid with start_i
    input  wire          hold_i,                // video scan: start nothing new
    input  wire [1:0]    sw_i,                  // machine seats switches, synchronised
    input  wire          kbd_valid_i,           // the keyboard has a command
    input  wire [2:0]    kbd_cmd_i,             // W=0 A=1 S=2 D=3 Space=4 Z=5
    input  wire          bot_valid_i,           // the machine player has one
    input  wire [2:0]    bot_cmd_i,
    output reg           st_ready_o,            // the engine's state takes commands:
                                                // one is taken when valid and !hold_i
    output reg  [1:0]    seats_o,               // colours the machine plays, latched at START
    output reg           turn_o,                // a machine-played colour is to move
    output reg           cmd_src_o,             // the command being carried out: 1 machine
    output reg           applied_o,             // one-cycle: a command was carried out
    output reg  [2:0]    applied_cmd_o,         // its code
    output reg           started_o,             // one-cycle: a new game started
    output reg  [1:0]    phase_o,               // 0 IDLE, 1 PLAYING, 2 GAME_OVER
    output reg  [1:0]    winner_o,              // 0 none, 1 red, 2 blue
    output reg  [1:0]    player_o,              // current player, 1 red, 2 blue
    output reg  [1:0]    first_o,               // first player, 1 red, 2 blue
    output reg  [1:0]    mode_o,                // 00 SELECT, 10 MOVE-ALL, 11 MOVE-HALF
    output reg  [7:0]    cursor_red_o,          // {x[3:0], y[3:0]}
    output reg  [7:0]    cursor_blue_o,         // {x[3:0], y[3:0]}
    output reg  [15:0]   round_o,               // round number, first round is 1
    output reg  [6:0]    map_o,                 // index of the map being played
    output reg           we_o,                  // board RAM write port
    output reg  [6:0]    waddr_o,
    output reg  [12:0]   wdata_o,
    input  wire          b_en_i,                // board RAM read port B (the video scan)
    input  wire [6:0]    b_addr_i,
    output reg  [12:0]   b_data_o,              // board[b_addr_i], one enabled cycle later
    output reg  [7:0]    cap_red_o,             // {x, y} of each capital: the map's first
    output reg  [7:0]    cap_blue_o             // (machine player, initial cursors)
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    localparam [8:0]  TROOPS_CAP0 = 9'd2;       // a capital's starting troops [decided]
    localparam [15:0] ROUND_FIRST = 16'd1;
    localparam integer LAND_BITS  = 4;          // land grows when a round % 16 == 0 ends
    localparam [6:0]  LAST_CELL   = 7'd99;
    localparam [1:0]  TYPE_MOUNTAIN = 2'b00;    // map ROM element types (maps/README.md)
    localparam [1:0]  TYPE_TOWER    = 2'b01;
    localparam [1:0]  TYPE_RED_CAP  = 2'b10;
    localparam [1:0]  TYPE_BLUE_CAP = 2'b11;

    // ---- engine states (not architectural) ----------------------------------------------
    // Codes 0-3 are the states that take commands (READY, and a map load, which
    // consumes and ignores them), so that the handshake tests two bits; the scans
    // share 3'b111.
    localparam [3:0] ST_READY  = 4'd0;   // waiting for START or a command
    localparam [3:0] ST_CLEAR  = 4'd1;   // forget the last map's element marks
    localparam [3:0] ST_LOAD   = 4'd2;   // map ROM words arrive: element cells written
    localparam [3:0] ST_FILL   = 4'd3;   // every other cell written as empty land
    localparam [3:0] ST_PEND   = 4'd4;   // START recognised: the load waits for the scan
    localparam [3:0] ST_START  = 4'd5;   // the new game's scalars, started_o
    localparam [3:0] ST_SPACE  = 4'd6;   // SELECT + Space: the cursor cell arrives
    localparam [3:0] ST_MV_SRC = 4'd7;   // move: the source cell arrives
    localparam [3:0] ST_MV_TGT = 4'd8;   // move: the target cell arrives, move computed
    localparam [3:0] ST_W_SRC  = 4'd9;   // no round ended: write the source cell
    localparam [3:0] ST_W_TGT  = 4'd10;  // ... and the target cell
    localparam [3:0] ST_COMMIT = 4'd11;  // the command's scalars, applied_o
    localparam [3:0] ST_CHECK  = 4'd14;  // scan: can the candidate move after it all?
    localparam [3:0] ST_GROW   = 4'd15;  // scan: write every cell that changes

    reg [3:0] st_q;

    // {x, y} -> y*10 + x without a multiplier.
    function automatic [6:0] xy_idx(input [7:0] xy);
        xy_idx = {xy[3:0], 3'b000} + {2'b00, xy[3:0], 1'b0} + {3'b000, xy[7:4]};
    endfunction

    function automatic [1:0] other(input [1:0] p);
        other = (p == PL_RED) ? PL_BLUE : PL_RED;
    endfunction

    // A ROM element as a cell of the initial board (docs/rules.md §3).
    function automatic [CELL_W-1:0] element_cell(input [1:0] ty);
        case (ty)
            TYPE_MOUNTAIN: element_cell = {PL_NONE, KIND_MOUNTAIN, 9'd0};
            TYPE_TOWER:    element_cell = {PL_NONE, KIND_TOWER, 9'd0};
            TYPE_RED_CAP:  element_cell = {PL_RED, KIND_CAPITAL, TROOPS_CAP0};
            TYPE_BLUE_CAP: element_cell = {PL_BLUE, KIND_CAPITAL, TROOPS_CAP0};
            // coverage waiver (line): element_cell's default: the map word's type is 2
            //   bits and all four values are listed
            default:       element_cell = {PL_NONE, KIND_LAND, 9'd0};
        endcase
    endfunction

    // The neighbour of xy = {x, y} in the direction of cmd, and whether it is on the board.
    function automatic [7:0] nb_xy(input [7:0] xy, input [2:0] cmd);
        case (cmd)
            CMD_W:   nb_xy = {xy[7:4], xy[3:0] - 4'd1};
            CMD_A:   nb_xy = {xy[7:4] - 4'd1, xy[3:0]};
            CMD_S:   nb_xy = {xy[7:4], xy[3:0] + 4'd1};
            CMD_D:   nb_xy = {xy[7:4] + 4'd1, xy[3:0]};
            default: nb_xy = xy;
        endcase
    endfunction
    function automatic nb_on_board(input [7:0] xy, input [2:0] cmd);
        case (cmd)
            CMD_W:   nb_on_board = (xy[3:0] != 4'd0);
            CMD_A:   nb_on_board = (xy[7:4] != 4'd0);
            CMD_S:   nb_on_board = (xy[3:0] != COORD_MAX);
            CMD_D:   nb_on_board = (xy[7:4] != COORD_MAX);
            default: nb_on_board = 1'b0;
        endcase
    endfunction

    // A move of the source cell src onto the target cell tgt by player p (docs/rules.md
    // §5): {capital taken, target owner, target troops, source troops}. Move mode
    // is entered only with >= 2 troops on an own cell and the cursor cannot move in
    // move mode, so the source holds >= 2 and k >= 1.
    function automatic [20:0] move(input [8:0] src_t, input [CELL_W-1:0] tgt,
                                   input [1:0] mode, input [1:0] p);
        reg [8:0] k;
        reg [9:0] sum;
        reg       own, taken;
        begin
            k     = (mode == MODE_HALF) ? {1'b0, src_t[8:1]} : src_t - 9'd1;
            sum   = {1'b0, tgt[CELL_TROOPS +: TROOPS_W]} + {1'b0, k};
            own   = (tgt[CELL_OWNER +: OWNER_W] == p);
            taken = !own && (k > tgt[CELL_TROOPS +: TROOPS_W]);
            // A capital is always owned by a player, so "not own" means the opponent's.
            move  = {taken && (tgt[CELL_KIND +: KIND_W] == KIND_CAPITAL),
                     taken ? p : tgt[CELL_OWNER +: OWNER_W],
                     own ? (sum[9] ? TROOPS_MAX : sum[8:0]) :
                     taken ? k - tgt[CELL_TROOPS +: TROOPS_W] : tgt[CELL_TROOPS +: TROOPS_W] - k,
                     src_t - k};
        end
    endfunction

    // Whether that move takes the opponent's capital (move()'s top bit).
    function automatic move_wins(input [8:0] src_t, input [CELL_W-1:0] tgt,
                                 input [1:0] mode, input [1:0] p);
        reg [8:0] k;
        begin
            k         = (mode == MODE_HALF) ? {1'b0, src_t[8:1]} : src_t - 9'd1;
            move_wins = (tgt[CELL_OWNER +: OWNER_W] != p) && (k > tgt[CELL_TROOPS +: TROOPS_W])
                        && (tgt[CELL_KIND +: KIND_W] == KIND_CAPITAL);
        end
    endfunction

    // Whether land grows in the g round ends from `round` on: they end rounds round and
    // round + 1, at most one of which is a multiple of 16, so land grows by 0 or 1.
    function automatic land_grows(input [LAND_BITS-1:0] round, input [1:0] g);
        land_grows = ((g != 2'd0) && (round == {LAND_BITS{1'b0}}))
                  || ((g == 2'd2) && (round == {LAND_BITS{1'b1}}));
    endfunction

    // What a cell of kind `kind` owned by `owner` grows by in `round_ends` round ends (0..2):
    // capitals and towers by `round_ends`, land by 1 when `land`, if owned; mountains never.
    function automatic [1:0] growth(input [1:0] kind, input [1:0] owner, input [1:0] round_ends,
                                    input land);
        case (kind)
            KIND_CAPITAL,
            KIND_TOWER: growth = (owner != PL_NONE) ? round_ends : 2'd0;
            KIND_LAND:  growth = ((owner != PL_NONE) && land) ? 2'd1 : 2'd0;
            default:    growth = 2'd0;
        endcase
    endfunction

    // A cell after the move (source and target take the move's result) and the command's
    // `round_ends` round ends, saturated. Mountains are never owned; they are gated anyway
    // so a corrupt state cannot make one grow. Adding once and saturating once equals
    // saturating after every +1: min(min(a + 1, M) + 1, M) = min(a + 2, M).
    function automatic [CELL_W-1:0] after_move(input [CELL_W-1:0] c, input is_src,
                                               input is_tgt, input [8:0] src_t,
                                               input [1:0] tgt_o, input [8:0] tgt_t,
                                               input [1:0] round_ends, input land);
        reg [1:0] owner;
        reg [8:0] troops;
        reg [1:0] grow;
        reg [9:0] sum;
        begin
            owner  = is_tgt ? tgt_o : c[CELL_OWNER +: OWNER_W];
            troops = is_src ? src_t : (is_tgt ? tgt_t : c[CELL_TROOPS +: TROOPS_W]);
            grow       = growth(c[CELL_KIND +: KIND_W], owner, round_ends, land);
            sum        = {1'b0, troops} + {8'd0, grow};
            after_move = {owner, c[CELL_KIND +: KIND_W], sum[9] ? TROOPS_MAX : sum[8:0]};
        end
    endfunction

    // ---- START: latched, carried out when the engine is free -----------------------------
    reg [6:0] start_map_q;      // the draw counter when START was recognised: the map

    // ---- map loading ---------------------------------------------------------------------
    // elem marks the cells that hold an element of the map being loaded, so that the fill
    // writes every other cell once, as land. A memory, cleared cell by cell (ST_CLEAR).
    reg        elem [0:127];
    // The map ROM streams the map's 32 words (ST_LOAD): ld_cnt counts the load's cycles;
    // word w is read at ld_cnt = w, is in the ROM's output register rom_q at ld_cnt = w + 1
    // and in rom_w, to be written, at ld_cnt = w + 2 (the word's tests and its cell's
    // index start at a register, not at the block RAM's late output).
    localparam [5:0] LD_FIRST = 6'd2;       // ld_cnt of word 0's arrival
    localparam [5:0] LD_LAST  = 6'd33;      // ... of word 31's
    localparam [5:0] LD_DONE  = 6'd34;      // the fill follows
    reg  [5:0] ld_cnt;
    // The capitals' cells (cap_*_o), for the initial cursors and the machine player:
    // only the first capital of each colour counts, as in the golden model's Map
    // helper (matters only for a malformed map).
    reg        red_seen, blue_seen;

    // ---- the ROM of the 128 maps (maps/README.md) ------------------------------------
    // 4096 words x 10 bits; map m occupies words 32*m .. 32*m+31; word = {x[3:0], y[3:0],
    // type[1:0]}. Contents come from the generated files in maps/ (see maps/README.md),
    // never from code. Quartus takes them from the attribute, not from the initial
    // block below; the MIF and the hex image come from one generator run and a test
    // proves they hold the same words. The path is relative to the Quartus project
    // directory, so the project must sit at the repository root. The registered read
    // with no write port is what lets Quartus map this onto M9K blocks (5 of them).
    localparam integer ROM_DEPTH = 4096;
    (* ram_init_file = "maps/maps.mif" *) reg [9:0] map_rom [0:ROM_DEPTH-1];
    // Simulators load the contents here. Quartus must not (it would take them from
    // MAP_INIT_HEX instead of the attribute): tools that define SYNTHESIS skip the
    // block, and Quartus, which need not define it, honours translate_off. Yosys
    // (scripts/synth) has no ram_init_file, so it loads the image: with the ROM read
    // as X it would sweep away the map loading behind it, and the synthesis report
    // would not cover that logic.
`ifdef YOSYS
    initial $readmemh(MAP_INIT_HEX, map_rom);
`elsif SYNTHESIS
`else
    // synthesis translate_off
    initial $readmemh(MAP_INIT_HEX, map_rom);
    // synthesis translate_on
`endif
    reg [9:0] rom_q;                        // the word read: {x[3:0], y[3:0], type[1:0]}
    reg [9:0] rom_w;                        // ... a cycle later: the word written

    // ---- the board RAM ----------------------------------------------------------------
    // The bench reads the whole board back through Verilator's access to this array
    // (docs/verification.md), hence the public marker.
    reg [CELL_W-1:0] board [0:127] /* verilator public_flat_rd */;
    // Read port A: the cursor cell's word when a command is taken (a_q, the RAM's
    // output register, used by ST_SPACE and ST_MV_SRC), else the cell the scans
    // (ST_CHECK, ST_GROW) read in the next cycle, read a cycle ahead and copied into
    // s_q, so that the scans' tests start at a register and not at the RAM's output
    // (a block RAM's clock-to-output time, 5.8 ns on an ECP5 of speed grade 6, left
    // too little of the cycle for them). No write reaches a cell between the two
    // reads: none runs before or during ST_CHECK, and ST_GROW writes cells two behind
    // the one it reads.
    reg [CELL_W-1:0] a_q;
    reg [CELL_W-1:0] s_q;
    // Read port C: a move's target, read with its source (port A) when the command is
    // taken, and kept in tgt_q from ST_MV_SRC on, so that ST_MV_TGT decides from a
    // register and not from the RAM's output (the block RAM's clock-to-output time
    // would leave too little of the cycle for the move's arithmetic). Nothing writes
    // the board from READY to ST_MV_TGT, so the word is the one port A would read in
    // ST_MV_SRC.
    reg [CELL_W-1:0] c_q;
    reg [CELL_W-1:0] tgt_q;
    // Power-up contents: an empty board, so that a 4-state simulator shows no X (on the
    // FPGA block RAM powers up 0 unless initialised).
    integer bi;
    initial begin
        for (bi = 0; bi < 128; bi = bi + 1) board[bi] = {CELL_W{1'b0}};
        a_q      = {CELL_W{1'b0}};
        s_q      = {CELL_W{1'b0}};
        c_q      = {CELL_W{1'b0}};
        tgt_q    = {CELL_W{1'b0}};
        b_data_o = {CELL_W{1'b0}};
    end
    // The write port (the engine's registered we_o, waddr_o, wdata_o) and read port B.
    // Old data on a read of the word being written: the engine never reads the cell
    // it writes in the same cycle, and the scan runs while the engine is held, so the
    // choice never shows.
    always @(posedge clk) begin
        if (we_o) board[waddr_o] <= wdata_o;
    end
    always @(posedge clk) begin
        if (b_en_i) b_data_o <= board[b_addr_i];
    end

    // ---- the move (from ST_MV_TGT on) -----------------------------------------------------
    // Data registers without a reset: each is written before it is used.
    reg  [2:0]  mv_cmd_q;
    reg  [7:0]  mv_src_xy_q;
    reg  [7:0]  mv_tgt_xy_q;
    reg  [6:0]  mv_src_idx_q;
    reg  [6:0]  mv_tgt_idx_q;
    reg  [CELL_W-1:0] mv_src_q;       // source cell as read
    reg  [20:0] mv_q;                 // move(): {win, target owner, target troops, source troops}
    reg  [1:0]  mv_tgt_kind_q;        // kinds never change
    reg  [1:0]  pass_cand_q;          // player whose turn is being decided
    reg  [1:0]  pass_g_q;             // round ends so far, 0..2 (bound: see ST_CHECK)
    // Its fields, read in place (see docs/rtl-style.md: functions, not wires).
    localparam integer MV_SRC_T = 0;    // source troops [8:0]
    localparam integer MV_TGT_T = 9;    // target troops [8:0]
    localparam integer MV_TGT_O = 18;   // target owner [1:0]
    localparam integer MV_WIN   = 20;   // the move takes the enemy capital

    // ---- scans over the board (ST_CLEAR, ST_FILL, ST_CHECK, ST_GROW) ---------------------
    // scan_q is the cell read (or written) next; rd_v_q/rd_idx_q say which cell's word is
    // in s_q this cycle.
    reg  [6:0]  scan_q;
    reg         rd_v_q;
    reg  [6:0]  rd_idx_q;
    // ST_CHECK's tests of the move's source and target, worked out a cycle ahead from
    // registers: rd_src_q/rd_tgt_q, the cell in s_q is the source/target; hit_src_q/
    // hit_tgt_q, the source/target lets the candidate move. Their inputs (the move,
    // pass_g_q, pass_cand_q, the round) do not change in the cycle before a word is
    // tested: a new candidate starts a new scan, whose first word comes two cycles
    // later. Data registers, written before they are used.
    reg         rd_src_q, rd_tgt_q, hit_src_q, hit_tgt_q;
    // A scan (the state's top three bits st_top are 3'b111) has cells left from
    // scan (a function, not a wire: see docs/rtl-style.md).
    function automatic scan_more(input [2:0] st_top, input [6:0] scan);
        scan_more = (st_top == 3'b111) && (scan <= LAST_CELL);
    endfunction

    // ---- engine ------------------------------------------------------------------------
    // busy_q: the engine has work in the next cycle whatever its inputs: it is not
    // READY, or this cycle took a command or a START (whose pulse or state follows).
    // Every way back to READY raises a pulse, which the cycle after ends, so a pulse
    // never outlives busy_q. With START and a command as the only other ways to
    // work, the whole engine sits inside one branch (see docs/rtl-style.md: one flag).
    reg  busy_q;

    // The seats after this edge: a START press outside PLAYING latches the switches.
    function automatic [1:0] seats_next(input start, input [1:0] phase, input [1:0] switches,
                                        input [1:0] seats);
        // coverage waiver (branch, cond_then): seats_next() is called only in ST_START,
        //   cycles after the START pulse: its START arm is taken by the seats
        //   register's own update, not by this call
        seats_next = (start && phase != PH_PLAYING) ? switches : seats;
    endfunction

    // Whether the machine plays colour p with seats s (docs/rules.md §11).
    function automatic plays(input [1:0] s, input [1:0] p);
        plays = (p == PL_RED && s[0]) || (p == PL_BLUE && s[1]);
    endfunction

    // The engine: its state machine, the pending START, the scans' address, the
    // automatic-pass search, the architectural state (docs/verification.md) with its
    // events, the cursors, the board RAM's write port, the element marks of a map
    // load and the move's data registers. One block, entered only when there is
    // work (see docs/rtl-style.md: block variables, reset last, one flag).
    always @(posedge clk) begin : engine
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [3:0]  c_st;
        reg [6:0]  c_scan, c_rd_idx;
        reg        c_rd_v, c_turn;
        reg [1:0]  c_cand, c_g, c_phase, c_player, c_first, c_mode, c_seats;
        reg [15:0] c_round;
        reg        t_take, t_loading, t_scan_more, t_start, t_elem, t_hit;
        reg [7:0]  t_cur;
        reg [5:0]  c_ld_cnt;
        reg [6:0]  t_elem_idx;
        reg        t_valid;
        reg [2:0]  t_cmd;
        reg [7:0]  c_cur_red, c_cur_blue, n_cur_red, n_cur_blue;
        reg [3:0]  n_st;
        reg [6:0]  n_scan;
        reg [1:0]  n_player;
        /* verilator tracing_on */
        if (busy_q || start_i || kbd_valid_i || bot_valid_i) begin
            c_st        = st_q;
            c_scan      = scan_q;
            c_rd_v      = rd_v_q;
            c_rd_idx    = rd_idx_q;
            c_cand      = pass_cand_q;
            c_g         = pass_g_q;
            c_phase     = phase_o;
            c_player    = player_o;
            c_first     = first_o;
            c_mode      = mode_o;
            c_round     = round_o;
            c_seats     = seats_o;
            c_turn      = turn_o;
            c_cur_red   = cursor_red_o;
            c_cur_blue  = cursor_blue_o;
            // The arbiter (docs/rules.md §11): on a machine-played colour's turn the
            // machine's command, else the keyboard's (the core drops the keyboard's
            // commands on the machine's turn). Commands are taken whenever the engine
            // is free; during a map load they are consumed and ignored (the phase is
            // still IDLE/GAME_OVER: docs/rules.md §5, never kept for later), except
            // in the cycle that starts the game.
            t_valid     = c_turn ? bot_valid_i : kbd_valid_i;
            t_cmd       = c_turn ? bot_cmd_i : kbd_cmd_i;
            t_take      = t_valid && (c_st[3:2] == 2'b00) && !hold_i;
            // A map load under way.
            t_loading   = (c_st[3:2] == 2'b00) && (c_st != ST_READY);
            t_scan_more = scan_more(c_st[3:1], c_scan);
            // ST_CHECK: the scanned cell lets the candidate move. Its word comes from
            // the board RAM late in the cycle, so the hit is the last choice made for
            // the registers it sets (after the states, below).
            t_hit       = (c_st == ST_CHECK) && c_rd_v &&
                          movable(s_q, c_g, c_cand, c_round[LAND_BITS-1:0]);
            // START in PLAYING is ignored; one START at a time (docs/rules.md
            // §3). Outside PLAYING the engine is READY unless a START
            // is already under way.
            t_start     = start_i && c_phase != PH_PLAYING && c_st == ST_READY;
            t_cur       = (c_player == PL_BLUE) ? c_cur_blue : c_cur_red;
            n_st        = c_st;
            n_scan      = c_scan;
            n_cur_red   = c_cur_red;
            n_cur_blue  = c_cur_blue;
            n_player    = c_player;
            c_ld_cnt    = ld_cnt;
            // One write port: cleared in ST_CLEAR, marked as the words arrive.
            t_elem      = (c_st == ST_CLEAR);
            t_elem_idx  = c_scan;
            if (c_st == ST_LOAD && c_ld_cnt >= LD_FIRST && c_ld_cnt <= LD_LAST
                    && rom_w[9:6] <= COORD_MAX && rom_w[5:2] <= COORD_MAX) begin
                t_elem     = 1'b1;
                t_elem_idx = xy_idx(rom_w[9:2]);
            end
            if (t_elem) elem[t_elem_idx] <= (c_st == ST_LOAD);
            busy_q    <= (c_st != ST_READY) || t_start || t_take;
            applied_o <= 1'b0;
            started_o <= 1'b0;
            we_o      <= 1'b0;
            // The seats follow the switches at every START press outside PLAYING
            // (docs/rules.md §11), whether or not it starts a game.
            if (start_i && c_phase != PH_PLAYING) seats_o <= sw_i;
            if (t_take) cmd_src_o <= c_turn;
            // The scans read one cell per cycle; its word arrives the cycle after.
            rd_v_q   <= t_scan_more;
            rd_idx_q <= c_scan;
            rd_src_q <= (c_scan == mv_src_idx_q);
            rd_tgt_q <= (c_scan == mv_tgt_idx_q);
            hit_src_q <= moved_movable(mv_src_idx_q, c_g, c_cand, c_round[LAND_BITS-1:0]);
            hit_tgt_q <= moved_movable(mv_tgt_idx_q, c_g, c_cand, c_round[LAND_BITS-1:0]);
            if (t_scan_more) n_scan = c_scan + 7'd1;
            // Commands consumed while a map loads are ignored.
            if (t_loading && t_take) begin
                applied_o     <= 1'b1;
                applied_cmd_o <= t_cmd;
            end

            case (c_st)
                ST_READY: begin
                    if (t_start) n_st = ST_PEND;    // a command taken with it is ignored
                    if (t_take) begin
                        if (c_phase != PH_PLAYING) begin
                            applied_o     <= 1'b1;      // consumed and ignored
                            applied_cmd_o <= t_cmd;
                        end else if (c_mode == MODE_SELECT) begin
                            if (t_cmd == CMD_SPACE) begin
                                n_st = ST_SPACE;       // the cursor cell is being read
                            end else begin
                                applied_o     <= 1'b1;  // a cursor step
                                applied_cmd_o <= t_cmd;
                                if (nb_on_board(t_cur, t_cmd)) begin
                                    if (c_player == PL_BLUE) n_cur_blue = nb_xy(t_cur, t_cmd);
                                    else                     n_cur_red  = nb_xy(t_cur, t_cmd);
                                end
                            end
                        end else if (t_cmd <= CMD_D) begin
                            if (nb_on_board(t_cur, t_cmd)) begin
                                n_st = ST_MV_SRC;
                            end else begin
                                applied_o     <= 1'b1;  // off the board: no effect
                                applied_cmd_o <= t_cmd;
                            end
                        end else begin
                            applied_o     <= 1'b1;
                            applied_cmd_o <= t_cmd;
                            if (t_cmd == CMD_SPACE) mode_o <= MODE_SELECT;
                            // coverage waiver (branch, else): command codes 6 and 7:
                            //   neither the keyboard nor the machine player produces
                            //   them (docs/rules.md §4 names six codes)
                            else if (t_cmd == CMD_Z)
                                mode_o <= (c_mode == MODE_ALL) ? MODE_HALF : MODE_ALL;
                        end
                    end
                end
                ST_PEND: if (!hold_i) begin
                    n_scan = 7'd0;
                    n_st   = ST_CLEAR;
                end
                ST_CLEAR: begin
                    n_scan = c_scan + 7'd1;
                    if (c_scan == LAST_CELL) begin
                        ld_cnt    <= 6'd0;
                        red_seen  <= 1'b0;
                        blue_seen <= 1'b0;
                        n_st      = ST_LOAD;
                    end
                end
                ST_LOAD: begin
                    ld_cnt <= c_ld_cnt + 6'd1;
                    // Padding (x or y > 9) lands nowhere.
                    if (c_ld_cnt >= LD_FIRST && c_ld_cnt <= LD_LAST
                            && rom_w[9:6] <= COORD_MAX && rom_w[5:2] <= COORD_MAX) begin
                        we_o    <= 1'b1;
                        waddr_o <= xy_idx(rom_w[9:2]);
                        wdata_o <= element_cell(rom_w[1:0]);
                        if (rom_w[1:0] == TYPE_RED_CAP && !red_seen) begin
                            cap_red_o  <= rom_w[9:2];
                            red_seen <= 1'b1;
                        end
                        if (rom_w[1:0] == TYPE_BLUE_CAP && !blue_seen) begin
                            cap_blue_o <= rom_w[9:2];
                            blue_seen <= 1'b1;
                        end
                    end
                    if (c_ld_cnt == LD_DONE) begin
                        n_scan = 7'd0;
                        n_st   = ST_FILL;
                    end
                    // The words in flight (after this one is used).
                    rom_w <= rom_q;
                    if (c_ld_cnt < LD_LAST - 6'd1)
                        rom_q <= map_rom[{start_map_q, c_ld_cnt[4:0]}];
                end
                ST_FILL: begin
                    if (!elem[c_scan]) begin
                        we_o    <= 1'b1;
                        waddr_o <= c_scan;
                        wdata_o <= {PL_NONE, KIND_LAND, 9'd0};
                    end
                    n_scan = c_scan + 7'd1;
                    if (c_scan == LAST_CELL) n_st = ST_START;
                end
                ST_START: begin
                    started_o     <= 1'b1;
                    phase_o       <= PH_PLAYING;
                    winner_o      <= PL_NONE;
                    n_player      = start_map_q[0] ? PL_RED : PL_BLUE;   // odd: Red first
                    first_o       <= start_map_q[0] ? PL_RED : PL_BLUE;
                    mode_o        <= MODE_SELECT;
                    round_o       <= ROUND_FIRST;
                    map_o         <= start_map_q;
                    n_cur_red  = cap_red_o;
                    n_cur_blue = cap_blue_o;
                    turn_o        <= plays(seats_next(start_i, c_phase, sw_i, c_seats),
                                           start_map_q[0] ? PL_RED : PL_BLUE);
                    n_st          = ST_READY;
                end
                ST_SPACE: begin
                    applied_o     <= 1'b1;
                    applied_cmd_o <= mv_cmd_q;
                    if (a_q[CELL_OWNER +: OWNER_W] == c_player
                            && a_q[CELL_TROOPS +: TROOPS_W] >= TROOPS_MOVE)
                        mode_o <= MODE_ALL;
                    n_st = ST_READY;
                end
                ST_MV_SRC: n_st = ST_MV_TGT;
                ST_MV_TGT: begin
                    if (tgt_q[CELL_KIND +: KIND_W] == KIND_MOUNTAIN) begin
                        applied_o     <= 1'b1;          // no effect, still move mode
                        applied_cmd_o <= mv_cmd_q;
                        n_st          = ST_READY;
                    end else if (move_wins(mv_src_q[CELL_TROOPS +: TROOPS_W], tgt_q, c_mode,
                                           c_player)) begin
                        pass_cand_q <= c_player;        // game over: no pass, no growth
                        pass_g_q    <= 2'd0;
                        n_st        = ST_W_SRC;
                    end else begin
                        // The second player's move ends the round.
                        pass_cand_q <= other(c_player);
                        pass_g_q    <= (c_player != c_first) ? 2'd1 : 2'd0;
                        n_scan      = 7'd0;
                        n_st        = ST_CHECK;
                    end
                end
                ST_CHECK: begin
                    // A hit (t_hit) is applied after the states.
                    if (!t_hit && c_rd_v && c_rd_idx == LAST_CELL) begin
                        // The candidate passes: scan again for the next (see below).
                        if (c_cand != c_first) pass_g_q <= c_g + 2'd1;
                        pass_cand_q <= other(c_cand);
                        n_scan      = 7'd0;
                        rd_v_q      <= 1'b0;
                    end
                end
                ST_GROW: begin
                    if (c_rd_v) begin
                        we_o    <= grow_changes(s_q, c_rd_idx, c_g, c_round[LAND_BITS-1:0]);
                        waddr_o <= c_rd_idx;
                        wdata_o <= after_scan(s_q, c_rd_idx, c_g, c_round[LAND_BITS-1:0]);
                    end
                    if (c_rd_v && c_rd_idx == LAST_CELL) n_st = ST_COMMIT;
                end
                ST_W_SRC: begin
                    we_o    <= 1'b1;
                    waddr_o <= mv_src_idx_q;
                    wdata_o <= {mv_src_q[CELL_OWNER +: OWNER_W], mv_src_q[CELL_KIND +: KIND_W],
                                mv_q[MV_SRC_T +: TROOPS_W]};
                    n_st    = ST_W_TGT;
                end
                ST_W_TGT: begin
                    we_o    <= 1'b1;
                    waddr_o <= mv_tgt_idx_q;
                    wdata_o <= {mv_q[MV_TGT_O +: OWNER_W], mv_tgt_kind_q,
                                mv_q[MV_TGT_T +: TROOPS_W]};
                    n_st    = ST_COMMIT;
                end
                ST_COMMIT: begin
                    applied_o     <= 1'b1;
                    applied_cmd_o <= mv_cmd_q;
                    round_o       <= c_round + {14'd0, c_g};
                    n_player      = c_cand;
                    mode_o        <= MODE_SELECT;
                    turn_o        <= !mv_q[MV_WIN] && plays(c_seats, c_cand);
                    if (mv_q[MV_WIN]) begin
                        phase_o  <= PH_OVER;
                        winner_o <= c_player;
                    end
                    // The mover's cursor: on the target if the move took it, else on
                    // the source.
                    if (c_player == PL_BLUE)
                        n_cur_blue = (mv_q[MV_TGT_O +: OWNER_W] == c_player) ? mv_tgt_xy_q
                                                                           : mv_src_xy_q;
                    else
                        n_cur_red  = (mv_q[MV_TGT_O +: OWNER_W] == c_player) ? mv_tgt_xy_q
                                                                           : mv_src_xy_q;
                    n_st = ST_READY;
                end
                // coverage waiver (line): the engine's default state: st_q has an
                //   explicit reset value and every transition names a listed state
                default: n_st = ST_READY;
            endcase
            // The pass search found a candidate that can move: the scan ends.
            if (t_hit) begin
                n_scan = 7'd0;
                rd_v_q <= 1'b0;
                n_st   = (c_g == 2'd0) ? ST_W_SRC : ST_GROW;
            end
            // The move's data registers and the START's map, written after every
            // read of them above.
            if (c_st == ST_READY && t_take) begin
                mv_cmd_q     <= t_cmd;
                mv_src_xy_q  <= t_cur;
                mv_tgt_xy_q  <= nb_xy(t_cur, t_cmd);
                mv_src_idx_q <= xy_idx(t_cur);
                mv_tgt_idx_q <= xy_idx(nb_xy(t_cur, t_cmd));
            end
            if (c_st == ST_MV_TGT) begin
                mv_q          <= move(mv_src_q[CELL_TROOPS +: TROOPS_W], tgt_q, c_mode, c_player);
                mv_tgt_kind_q <= tgt_q[CELL_KIND +: KIND_W];
            end
            if (c_st == ST_MV_SRC) begin
                mv_src_q <= a_q;
                tgt_q    <= c_q;
            end
            if (t_start) start_map_q <= draw_i;
            st_q          <= n_st;
            scan_q        <= n_scan;
            cursor_red_o  <= n_cur_red;
            cursor_blue_o <= n_cur_blue;
            player_o      <= n_player;
            st_ready_o    <= (n_st[3:2] == 2'b00);
            // Read port A (above): one read of a chosen address, so that the port is
            // a block RAM's (two reads would be two ports).
            s_q <= a_q;
            if (c_st == ST_READY && t_take) a_q <= board[xy_idx(t_cur)];
            else                            a_q <= board[n_scan];
            if (c_st == ST_READY && t_take) c_q <= board[xy_idx(nb_xy(t_cur, t_cmd))];
        end
        if (rst) begin
            st_q          <= ST_READY;
            st_ready_o    <= 1'b1;
            busy_q        <= 1'b0;
            start_map_q   <= 7'd0;
            seats_o       <= 2'b00;
            turn_o        <= 1'b0;
            cmd_src_o     <= 1'b0;
            ld_cnt        <= 6'd0;
            cap_red_o     <= 8'd0;
            cap_blue_o    <= 8'd0;
            red_seen      <= 1'b0;
            blue_seen     <= 1'b0;
            scan_q        <= 7'd0;
            rd_v_q        <= 1'b0;
            rd_idx_q      <= 7'd0;
            pass_cand_q   <= PL_NONE;
            pass_g_q      <= 2'd0;
            applied_o     <= 1'b0;
            applied_cmd_o <= 3'd0;
            started_o     <= 1'b0;
            phase_o       <= PH_IDLE;
            winner_o      <= PL_NONE;
            player_o      <= PL_NONE;
            first_o       <= PL_NONE;
            mode_o        <= MODE_SELECT;
            round_o       <= 16'd0;
            map_o         <= 7'd0;
            cursor_red_o  <= 8'd0;
            cursor_blue_o <= 8'd0;
            we_o          <= 1'b0;
            waddr_o       <= 7'd0;
            wdata_o       <= {CELL_W{1'b0}};
        end
    end


    // Automatic pass (docs/rules.md §5), in ST_MV_TGT and ST_CHECK above: who moves
    // next (pass_cand_q) and how many round ends (pass_g_q) the move and the passes
    // after it bring. Bound of the search (ST_CHECK): each player still owns their
    // capital (losing it ends the game before any pass), and a capital gains 1 per
    // round end. The second growth is made by the second player passing, so the
    // candidate is then the first player, whose capital now has >= 2 troops: the
    // search stops there, so g <= 2 after at most 3 scans. Saturation cannot hide a
    // ">= 2" (511 >= 2), so the saturated value is compared.

    // The scanned cell c (index idx) after the move and g round ends' growths. The
    // move's source and target are taken from their words as read for the move
    // (mv_src_q, tgt_q), not from c: nothing writes the board between that read and
    // the scans, and ST_GROW reads each cell before it writes it, so they are the
    // words c holds then, and the pass search tests them a cycle ahead (below).
    function automatic [CELL_W-1:0] after_scan(input [CELL_W-1:0] c, input [6:0] idx,
                                               input [1:0] g, input [LAND_BITS-1:0] round);
        if (idx == mv_src_idx_q || idx == mv_tgt_idx_q)
            after_scan = after_moved(idx, g, round);
        else
            after_scan = after_move(c, 1'b0, 1'b0, 9'd0, PL_NONE, 9'd0, g,
                                    land_grows(round, g));
    endfunction

    // The move's source or target (idx) after the move and g round ends' growths.
    function automatic [CELL_W-1:0] after_moved(input [6:0] idx, input [1:0] g,
                                                input [LAND_BITS-1:0] round);
        reg is_src;
        begin
            is_src      = (idx == mv_src_idx_q);
            after_moved = after_move(is_src ? mv_src_q : tgt_q, is_src, idx == mv_tgt_idx_q,
                                     mv_q[MV_SRC_T +: TROOPS_W], mv_q[MV_TGT_O +: OWNER_W],
                                     mv_q[MV_TGT_T +: TROOPS_W], g, land_grows(round, g));
        end
    endfunction

    // The growth of a cell {owner, kind} that is neither the move's source nor its
    // target.
    function automatic [1:0] plain_growth(input [3:0] ok, input [1:0] g,
                                          input [LAND_BITS-1:0] round);
        plain_growth = growth(ok[1:0], ok[3:2], g, land_grows(round, g));
    endfunction

    // Does the move's source or target (idx), after the move and g round ends'
    // growths, let the candidate move (its owner, with >= 2 troops)? As after_moved,
    // without the sum: troops + grow >= 2 (the saturated sum keeps that) with
    // grow <= 2 holds when troops >= 2, or grow is 2, or troops is 1 and grow is not 0.
    function automatic moved_movable(input [6:0] idx, input [1:0] g, input [1:0] cand,
                                     input [LAND_BITS-1:0] round);
        reg              is_src, is_tgt;
        /* verilator lint_off UNUSEDSIGNAL */
        reg [CELL_W-1:0] w;     // the troops come from the move
        /* verilator lint_on UNUSEDSIGNAL */
        reg [1:0]        owner, grow;
        reg [8:0]        troops;
        begin
            is_src = (idx == mv_src_idx_q);
            is_tgt = (idx == mv_tgt_idx_q);
            w      = is_src ? mv_src_q : tgt_q;
            owner  = is_tgt ? mv_q[MV_TGT_O +: OWNER_W] : w[CELL_OWNER +: OWNER_W];
            troops = is_src ? mv_q[MV_SRC_T +: TROOPS_W] : mv_q[MV_TGT_T +: TROOPS_W];
            grow   = growth(w[CELL_KIND +: KIND_W], owner, g, land_grows(round, g));
            moved_movable = (owner == cand) && ((troops[8:1] != 8'd0) || grow[1] ||
                                                (troops[0] && grow != 2'd0));
        end
    endfunction

    // Does the scanned cell c, after the move and the growths so far, let the
    // candidate move? The move's source and target were tested a cycle ahead
    // (hit_src_q, hit_tgt_q). For any other cell, troops + grow >= 2 (the saturated
    // sum keeps that: 511 >= 2) with grow <= 2 holds when troops >= 2, or grow is 2,
    // or troops is 1 and grow is not 0.
    function automatic movable(input [CELL_W-1:0] c, input [1:0] g, input [1:0] cand,
                               input [LAND_BITS-1:0] round);
        reg [1:0] grow;
        reg [8:0] troops;
        begin
            grow   = plain_growth({c[CELL_OWNER +: OWNER_W], c[CELL_KIND +: KIND_W]}, g, round);
            troops = c[CELL_TROOPS +: TROOPS_W];
            if (rd_src_q)      movable = hit_src_q;
            else if (rd_tgt_q) movable = hit_tgt_q;
            else               movable = (c[CELL_OWNER +: OWNER_W] == cand)
                                         && ((troops[8:1] != 8'd0) || grow[1] ||
                                             (troops[0] && grow != 2'd0));
        end
    endfunction

    // Does the scanned cell change in ST_GROW (it is then written)? Its word c is a
    // register (s_q), so the sum and its saturation can sit in front of the test.
    function automatic grow_changes(input [CELL_W-1:0] c, input [6:0] idx, input [1:0] g,
                                    input [LAND_BITS-1:0] round);
        grow_changes = after_scan(c, idx, g, round) != c;
    endfunction

endmodule

`default_nettype wire
