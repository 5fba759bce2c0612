// Generals (将军棋) - game_logic_props: formal properties of game_logic's handshake and
// board-RAM discipline (docs/rules.md §5 and docs/verification.md revised, §8). Wraps the RTL module as it is;
// START, the draw counter, the video hold, the switches, both command sources, the
// video's read port and the map ROM's contents may do anything (the ROM has no
// contents here: every map is any 4096 words).
// Part of the Generals FPGA project, MIT licence.
`default_nettype none

module game_logic_props (
    input wire       clk,
    input wire       rst,
    input wire       start_i,
    input wire [6:0] draw_i,
    input wire       hold_i,
    input wire [1:0] sw_i,
    input wire       kbd_valid_i,
    input wire [2:0] kbd_cmd_i,
    input wire       bot_valid_i,
    input wire [2:0] bot_cmd_i,
    input wire       b_en_i,
    input wire [6:0] b_addr_i
);
    wire        st_ready_o, turn_o, cmd_src_o, applied_o, started_o, we_o;
    wire [1:0]  seats_o, phase_o, winner_o, player_o, first_o, mode_o;
    wire [2:0]  applied_cmd_o;
    wire [7:0]  cursor_red_o, cursor_blue_o, cap_red_o, cap_blue_o;
    wire [15:0] round_o;
    wire [6:0]  map_o, waddr_o;
    wire [12:0] wdata_o, b_data_o;
    game_logic dut (
        .clk          (clk),
        .rst          (rst),
        .start_i      (start_i),
        .draw_i       (draw_i),
        .hold_i       (hold_i),
        .sw_i         (sw_i),
        .kbd_valid_i  (kbd_valid_i),
        .kbd_cmd_i    (kbd_cmd_i),
        .bot_valid_i  (bot_valid_i),
        .bot_cmd_i    (bot_cmd_i),
        .st_ready_o   (st_ready_o),
        .seats_o      (seats_o),
        .turn_o       (turn_o),
        .cmd_src_o    (cmd_src_o),
        .applied_o    (applied_o),
        .applied_cmd_o(applied_cmd_o),
        .started_o    (started_o),
        .phase_o      (phase_o),
        .winner_o     (winner_o),
        .player_o     (player_o),
        .first_o      (first_o),
        .mode_o       (mode_o),
        .cursor_red_o (cursor_red_o),
        .cursor_blue_o(cursor_blue_o),
        .round_o      (round_o),
        .map_o        (map_o),
        .we_o         (we_o),
        .waddr_o      (waddr_o),
        .wdata_o      (wdata_o),
        .b_en_i       (b_en_i),
        .b_addr_i     (b_addr_i),
        .b_data_o     (b_data_o),
        .cap_red_o    (cap_red_o),
        .cap_blue_o   (cap_blue_o)
    );

    localparam [1:0] PH_PLAYING = 2'd1;
    // Engine states (game_logic.v): READY, the START's (PEND, CLEAR, LOAD, FILL, START),
    // a command's (SPACE, MV_SRC, MV_TGT, W_SRC, W_TGT, COMMIT, CHECK, GROW).
    localparam [3:0] ST_READY = 4'd0, ST_CLEAR = 4'd1, ST_LOAD = 4'd2, ST_FILL = 4'd3,
                     ST_PEND = 4'd4, ST_START = 4'd5, ST_SPACE = 4'd6, ST_MV_SRC = 4'd7,
                     ST_MV_TGT = 4'd8, ST_W_SRC = 4'd9, ST_W_TGT = 4'd10, ST_COMMIT = 4'd11,
                     ST_CHECK = 4'd14, ST_GROW = 4'd15;
    wire [3:0] st = dut.st_q;
    wire st_start_work = (st == ST_PEND || st == ST_CLEAR || st == ST_LOAD || st == ST_FILL
                          || st == ST_START);
    wire st_cmd_work = (st == ST_SPACE || st == ST_MV_SRC || st == ST_MV_TGT || st == ST_W_SRC
                        || st == ST_W_TGT || st == ST_COMMIT || st == ST_CHECK || st == ST_GROW);

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
`ifdef COVER_GAME
    // The game cover starts late in a map load (see the covers below), not in reset.
    localparam       INIT_START = 1'b1;
    localparam [8:0] INIT_AGE   = 9'd232;
    localparam       INIT_CMD   = 1'b0;
`elsif COVER_SCAN
    // The scan cover starts late in a board scan of a move (see the covers below).
    localparam       INIT_START = 1'b0;
    localparam [8:0] INIT_AGE   = 9'd0;
    localparam       INIT_CMD   = 1'b1;
`else
    localparam       INIT_START = 1'b0;
    localparam [8:0] INIT_AGE   = 9'd0;
    localparam       INIT_CMD   = 1'b0;
    always @(*) if (init) assume(rst);
`endif

    // ---- the handshake as the port comments state it -------------------------------------
    // take: a command is taken when its source (the machine's on its turn, else the
    // keyboard's) is valid, the engine's state takes commands and the video does not hold.
    wire       t_valid = turn_o ? bot_valid_i : kbd_valid_i;
    wire [2:0] t_cmd   = turn_o ? bot_cmd_i : kbd_cmd_i;
    wire       take    = t_valid && st_ready_o && !hold_i;
    // START acts outside PLAYING, one at a time.
    reg        in_start = INIT_START;       // a START accepted and its game not yet started
    wire       start_acc = start_i && phase_o != PH_PLAYING && !in_start;
    reg        in_cmd = INIT_CMD;           // a command taken and not yet carried out
    reg  [2:0] in_code = 3'd0;              // ... its code
    reg        in_src = 1'b0;               // ... 1: the machine's
    reg        prev_rst = !(INIT_START || INIT_CMD), prev_turn = 1'b0, prev_hold = 1'b0;
    reg  [3:0] prev_st = INIT_START ? ST_FILL : ST_READY;
    always @(posedge clk) begin
        prev_rst  <= rst;
        prev_turn <= turn_o;
        prev_hold <= hold_i;
        prev_st   <= st;
        if (applied_o) in_cmd <= 1'b0;
        if (take) begin
            in_cmd  <= 1'b1;
            in_code <= t_cmd;
            in_src  <= turn_o;
        end
        if (started_o) in_start <= 1'b0;
        if (start_acc) in_start <= 1'b1;
        if (rst) begin
            in_cmd   <= 1'b0;
            in_start <= 1'b0;
        end
    end

    // ---- properties ---------------------------------------------------------------------------
    always @(*) if (!init && !prev_rst) begin
        // The board RAM is written only while a command or a START is carried out.
        if (we_o) write_only_while_busy: assert(in_cmd || in_start);
        // The engine works only on a command taken or a START accepted: nothing starts
        // without the handshake, so nothing while the video holds the board.
        if (applied_o) take_only_when_offered: assert(in_cmd && applied_cmd_o == in_code
                                                      && cmd_src_o == in_src);
        if (started_o) start_only_when_accepted: assert(in_start);
        work_only_when_taken: assert(!(st_cmd_work || st_start_work) || in_cmd || in_start);
        // A map load begins only while the video does not hold the board.
        if (prev_st == ST_PEND && st != ST_PEND) load_waits_for_hold: assert(!prev_hold);
        // Each command is taken once: no second one while one is being carried out.
        if (take) one_command_at_a_time: assert(!in_cmd || applied_o);
        // The machine player's environment (machine_player_props.sv): a command carried
        // out on the machine's turn is the machine's; the turn ends only with a command
        // carried out (or a reset), and starts only with one or with a game.
        if (applied_o && prev_turn) machine_turn_commands: assert(in_src);
        if (turn_o != prev_turn) turn_changes_with_events: assert(applied_o || started_o);
    end

    // ---- bounds: every map load ends in time, and every command that scans no board ------
    // load_age: cycles since a START's load began (the first cycle after its acceptance
    // with the video not holding the board); cmd_age: cycles since a command was taken;
    // scanned: the command has scanned the board (the automatic pass's search, growth).
    localparam integer LOAD_BOUND  = 236;    // clear 100, load 35, fill 100, start 1
    localparam integer SHORT_BOUND = 6;      // take, source, target, 2 writes, commit
    reg       began = INIT_START;
    reg [8:0] load_age = INIT_AGE;
    reg [8:0] cmd_age = 9'd0;
    reg       scanned = INIT_CMD;
    reg [6:0] prev_scan = INIT_CMD ? 7'd96 : 7'd0;
    reg       prev_scanning = INIT_CMD;
    wire      scanning = (st == ST_CHECK || st == ST_GROW);
    always @(posedge clk) begin
        began    <= in_start && !started_o && (began || !hold_i) && !rst;
        load_age <= (began && in_start && !started_o && !rst) ? load_age + 9'd1 : 9'd0;
        cmd_age  <= take ? 9'd1 : (in_cmd && !applied_o && !rst) ? cmd_age + 9'd1 : 9'd0;
        scanned  <= take ? 1'b0 : (in_cmd && !applied_o && !rst) && (scanned || scanning);
        prev_scan     <= dut.scan_q;
        prev_scanning <= scanning;
    end
    always @(*) if (!init && !prev_rst) begin
        // A map load, once the video lets it begin, starts the game within LOAD_BOUND.
        if (began && in_start) load_in_time: assert(load_age <= LOAD_BOUND);
        // A command that scans no board is carried out within SHORT_BOUND cycles.
        if (in_cmd && !scanned && !scanning) short_command_in_time: assert(cmd_age <= SHORT_BOUND);
        // A scan of the board reads one cell a cycle, 100 cells and the last word's
        // arrival: 101 cycles, then it ends or begins again (the pass's next candidate).
        if (scanning) scan_in_range: assert(dut.scan_q <= 7'd100);
        if (scanning && prev_scanning)
            scan_progresses: assert(dut.scan_q == prev_scan + 7'd1 || dut.scan_q == 7'd0);
    end

`ifdef BOUND
    // ---- the bound of every command, the automatic pass's search included --------------------
    // Assumed (the bound task only): while a game is played each player holds the
    // capital the map load found (cap_red_o, cap_blue_o). Every valid map has one
    // capital of each colour on cells of their own (maps/README.md, the maps' validator),
    // and by the rules a capital changes hands only by the capture that ends the game
    // (whose write lands as the phase leaves PLAYING).
    function automatic [6:0] idx_of(input [7:0] xy);
        idx_of = {xy[3:0], 3'b000} + {2'b00, xy[3:0], 1'b0} + {3'b000, xy[7:4]};
    endfunction
    wire [6:0]  cap_r = idx_of(cap_red_o), cap_b = idx_of(cap_blue_o);
    wire [12:0] cell_r = dut.board[cap_r], cell_b = dut.board[cap_b];
    always @(*) if (!init && phase_o == PH_PLAYING) begin
        env_capitals: assume(cap_red_o[7:4] <= 4'd9 && cap_red_o[3:0] <= 4'd9
                             && cap_blue_o[7:4] <= 4'd9 && cap_blue_o[3:0] <= 4'd9
                             && cell_r[12:9] == {2'd1, 2'd2} && cell_b[12:9] == {2'd2, 2'd2});
    end
    // With a capital each, the search ends by the time two round ends have passed (a
    // capital then holds 2 troops at least): at most four scans of 101 cycles, then
    // the growth's scan: 3 + 4 * 101 + 101 + 1 = 509 cycles. (The design's "about
    // 420" also needs the first player's capital to hold a troop at its own turn, a
    // fact of the troops' history that this proof does not carry.)
    localparam integer CMD_BOUND = 509;
    reg [1:0] nscan = 2'd0;                  // scans of the search that found no mover
    reg [8:0] grow_at = 9'd0;                // cmd_age when the growth's scan began
    always @(posedge clk) begin
        // a scan ends at cell 100: the search goes on (or leaves CHECK: then nscan no
        // longer matters)
        if (take || rst) nscan <= 2'd0;
        else if (st == ST_CHECK && dut.scan_q == 7'd100) nscan <= nscan + 2'd1;
        if (st != ST_GROW) grow_at <= cmd_age + 9'd1;
    end
    wire [1:0] p = player_o, f = first_o;
    wire [1:0] other_p = (p == 2'd1) ? 2'd2 : 2'd1;
    wire [1:0] cand = dut.pass_cand_q, g = dut.pass_g_q;
    wire [6:0] cand_cap = (cand == 2'd1) ? cap_r : cap_b;
    always @(*) if (!init && !prev_rst) begin
        if (in_cmd && !applied_o) command_in_time: assert(cmd_age <= CMD_BOUND - 1);
        if (applied_o) command_done_in_time: assert(cmd_age <= CMD_BOUND);
    end
    always @(*) if (!init) begin
        if (phase_o == PH_PLAYING)
            hb_players: assert((p == 2'd1 || p == 2'd2) && (f == 2'd1 || f == 2'd2));
        if (scanning || st == ST_W_SRC || st == ST_W_TGT || st == ST_COMMIT)
            hb_cand: assert((cand == 2'd1 || cand == 2'd2) && g <= 2'd2);
        if (st == ST_CHECK) begin
            hb_age:   assert(cmd_age == 9'd3 + 9'd101 * nscan + dut.scan_q);
            hb_read:  assert(dut.rd_v_q ? dut.rd_idx_q + 7'd1 == dut.scan_q : dut.scan_q == 7'd0);
            // the scan reads a cycle ahead: port A holds the next cell, s_q the one tested
            hb_a:     assert(dut.a_q == dut.board[dut.scan_q]
                             && (!dut.rd_v_q || dut.s_q == dut.board[dut.rd_idx_q]));
            // the flags that say the tested word is the move's source or target
            hb_flags: assert(!dut.rd_v_q || dut.rd_src_q == (dut.rd_idx_q == dut.mv_src_idx_q)
                                         && dut.rd_tgt_q == (dut.rd_idx_q == dut.mv_tgt_idx_q));
            hb_nowr:  assert(!we_o);
            hb_order: assert(p == f && (nscan == 0 && cand == other_p && g == 0
                                        || nscan == 1 && cand == p && g == 1
                                        || nscan == 2 && cand == other_p && g == 1
                                        || nscan == 3 && cand == p && g == 2)
                          || p != f && (nscan == 0 && cand == f && g == 1
                                        || nscan == 1 && cand == p && g == 1
                                        || nscan == 2 && cand == f && g == 2));
            // the candidate's capital, movable after two round ends, is not passed yet
            if (g == 2'd2) hb_cap: assert(dut.rd_v_q ? dut.rd_idx_q <= cand_cap
                                                     : dut.scan_q <= cand_cap);
        end
        // the move's words, read when the command was taken (ports A and C), are the
        // board's: nothing writes it from READY to ST_MV_TGT
        if (st == ST_MV_SRC) hb_rd: assert(dut.a_q == dut.board[dut.mv_src_idx_q]
                                           && dut.c_q == dut.board[dut.mv_tgt_idx_q]);
        if (st == ST_MV_TGT || st == ST_CHECK || st == ST_W_SRC)
            hb_src: assert(dut.mv_src_q == dut.board[dut.mv_src_idx_q]
                           && dut.tgt_q == dut.board[dut.mv_tgt_idx_q]
                           && dut.mv_tgt_idx_q != dut.mv_src_idx_q);
        if (st == ST_CHECK || st == ST_GROW) begin
            // a capital target was not taken (that ends the game), so keeps its owner
            if (dut.board[dut.mv_tgt_idx_q][10:9] == 2'd2)
                hb_mv: assert(dut.mv_q[19:18] == dut.board[dut.mv_tgt_idx_q][12:11]);
            hb_nowin: assert(!dut.mv_q[20]);
        end
        if (st == ST_GROW) hb_grow: assert(cmd_age == grow_at + dut.scan_q && grow_at <= 9'd407);
        if (st == ST_W_SRC && scanned) hb_wsrc: assert(cmd_age <= 9'd407);
        if (st == ST_W_TGT && scanned) hb_wtgt: assert(cmd_age <= 9'd408);
        if (st == ST_COMMIT && scanned) hb_commit: assert(cmd_age <= 9'd508);
        if (applied_o) hb_applied: assert(cmd_age <= 9'd509);
    end
`endif

    // ---- helpers for the induction: the engine's state as the handshake says ----------------
    always @(*) if (!init) begin
        h_in_cmd:   assert(in_cmd == (st_cmd_work || applied_o));
        h_in_start: assert(in_start == (st_start_work || started_o));
        h_phases:   assert(phase_o != 2'd3);
        h_ready:    assert(st_ready_o == (st[3:2] == 2'b00));
        h_states:   assert(st <= ST_COMMIT || st == ST_CHECK || st == ST_GROW);
        h_busy:     assert(!(applied_o || started_o || we_o || st != ST_READY) || dut.busy_q);
        h_phase:    assert(!st_cmd_work || phase_o == PH_PLAYING);
        h_phase2:   assert(!st_start_work || phase_o != PH_PLAYING);
        h_turn:     assert(!turn_o || phase_o == PH_PLAYING);
        h_pulses:   assert(!(applied_o && started_o));
        h_code:     assert(!st_cmd_work || dut.mv_cmd_q == in_code);
        h_src:      assert(!in_cmd || cmd_src_o == in_src);
        h_src_turn: assert(!st_cmd_work || turn_o == in_src);
        // The ages, state by state.
        if (in_start && !began) h_pend: assert(st == ST_PEND || started_o);
        if (began && in_start && !started_o) begin
            h_load: assert(st == ST_CLEAR && load_age == {2'd0, dut.scan_q} && dut.scan_q <= 7'd99
                        || st == ST_LOAD && load_age == 9'd100 + dut.ld_cnt && dut.ld_cnt <= 6'd34
                        || st == ST_FILL && load_age == 9'd135 + dut.scan_q && dut.scan_q <= 7'd99
                        || st == ST_START && load_age == 9'd235);
        end
        if (started_o) h_started: assert(!began || load_age == 9'd236);
        if (in_cmd && !scanned && !scanning && !applied_o)
            h_short: assert(st == ST_SPACE && cmd_age == 9'd1 || st == ST_MV_SRC && cmd_age == 9'd1
                         || st == ST_MV_TGT && cmd_age == 9'd2 || st == ST_W_SRC && cmd_age == 9'd3
                         || st == ST_W_TGT && cmd_age == 9'd4 || st == ST_COMMIT && cmd_age == 9'd5);
        if (applied_o && !scanned) h_short_done: assert(cmd_age <= SHORT_BOUND);
    end

    // ---- covers ---------------------------------------------------------------------------------
`ifdef COVER_GAME
    // From reset, a map load is 238 cycles deep: too deep for the solver within the
    // run's budget (7 minutes). This cover starts near its end instead, in a state the
    // helpers above describe (the fill's cell 97, the load 232 cycles old), with the
    // video never holding, no reset and the keyboard typing once the game has started
    // (the seats are the solver's: the machine may play).
    always @(*) if (init) begin
        cv_start: assume(!rst && st == ST_FILL && dut.scan_q == 7'd97 && dut.busy_q && !applied_o
                         && !started_o && phase_o == 2'd0 && !turn_o && !dut.rd_v_q);
    end
    always @(*) if (!init) begin
        cv_env:   assume(!rst && !hold_i && !start_i);
        cv_keys:  assume(!kbd_valid_i || phase_o == PH_PLAYING);
    end
    always @(*) if (!init) begin
        cover_load_tight: cover(started_o && load_age == LOAD_BOUND);
        cover_fill_write: cover(we_o && in_start && st == ST_FILL);
        cover_playing:    cover(applied_o && phase_o == PH_PLAYING && !in_src && cmd_age == 9'd1);
        cover_turn:       cover(started_o && turn_o && !prev_turn);
        cover_machine:    cover(applied_o && prev_turn && in_src);
    end
`elsif COVER_SCAN
    // A scan's 101 cycles are too deep from reset (a load, then a move); this cover
    // starts in the automatic pass's search of a move, at cell 97 of a scan, in a
    // state the helpers describe (the board is the power-up one: no cell is any
    // player's, so the search goes on), with no reset.
    always @(*) if (init) begin
        cv_start: assume(!rst && st == ST_CHECK && dut.scan_q == 7'd97 && dut.rd_v_q
                         && dut.rd_idx_q == 7'd96 && dut.busy_q && !applied_o && !started_o
                         && phase_o == PH_PLAYING && !we_o && dut.pass_g_q <= 2'd1
                         && turn_o == in_src && dut.mv_cmd_q == in_code && cmd_src_o == in_src);
    end
    always @(*) if (!init) cv_env: assume(!rst);
    always @(*) if (!init) begin
        cover_scan_step:    cover(scanning && prev_scanning && dut.scan_q == prev_scan + 7'd1);
        cover_scan_restart: cover(scanning && prev_scanning && dut.scan_q == 7'd0 && prev_scan == 7'd100);
        cover_scan_grows:   cover(st == ST_CHECK && dut.pass_g_q == 2'd2);
    end
`else
    always @(*) if (!init) begin
        cover_consumed:    cover(applied_o && in_start);
        cover_hold_wait:   cover(prev_st == ST_PEND && st == ST_CLEAR && in_start && prev_hold == 1'b0
                                 && load_age == 9'd0 && began);
        cover_pend_held:   cover(st == ST_PEND && prev_st == ST_PEND && prev_hold);
    end
`endif
endmodule

`default_nettype wire
