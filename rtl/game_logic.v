// Generals - game_logic: phases, commands, moves and turn passing (GAME.md sections 3, 5).
// Every architectural output changes only together with applied_o / started_o, and
// then already shows the command's complete effect (GAME.md section 7).
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
    input  wire          cmd_valid_i,           // keyboard FIFO has a command
    input  wire [2:0]    cmd_i,                 // W=0 A=1 S=2 D=3 Space=4 Z=5
    output wire          cmd_ready_o,           // command consumed when valid && ready
    output reg           applied_o,             // one-cycle: a command was consumed
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
    output wire [1299:0] board_o                // cell y*10+x at [13*i +: 13]
);

    // ---- codes (GAME.md) --------------------------------------------------------------
    localparam [1:0] PH_IDLE     = 2'd0;
    localparam [1:0] PH_PLAYING  = 2'd1;
    localparam [1:0] PH_OVER     = 2'd2;
    localparam [1:0] PL_NONE     = 2'd0;        // also the NPC owner code
    localparam [1:0] PL_RED      = 2'd1;
    localparam [1:0] PL_BLUE     = 2'd2;
    localparam [1:0] MODE_SELECT = 2'b00;
    localparam [1:0] MODE_ALL    = 2'b10;
    localparam [1:0] MODE_HALF   = 2'b11;
    localparam [1:0] KIND_MOUNTAIN = 2'd1;
    localparam [1:0] KIND_CAPITAL  = 2'd2;
    localparam [2:0] CMD_W     = 3'd0;
    localparam [2:0] CMD_A     = 3'd1;
    localparam [2:0] CMD_S     = 3'd2;
    localparam [2:0] CMD_D     = 3'd3;
    localparam [2:0] CMD_SPACE = 3'd4;
    localparam [2:0] CMD_Z     = 3'd5;

    localparam integer COLS    = 10;
    localparam integer ROWS    = 10;
    localparam integer CELLS   = COLS * ROWS;
    localparam integer CELL_W  = 13;
    localparam [3:0]   X_MAX   = 4'd9;
    localparam [3:0]   Y_MAX   = 4'd9;
    localparam [8:0]   TROOPS_MAX  = 9'd511;
    localparam [8:0]   TROOPS_MOVE = 9'd2;      // fewest troops a cell may move from
    localparam [15:0]  ROUND_FIRST = 16'd1;
    localparam integer LAND_BITS   = 4;         // land grows when a round % 16 == 0 ends

    // ---- controller states (not architectural) ----------------------------------------
    localparam [2:0] ST_READY     = 3'd0;       // waiting for a command or START
    localparam [2:0] ST_LOAD      = 3'd1;       // map_loader filling the staging store
    localparam [2:0] ST_MV_READ   = 3'd2;       // read source/target, compute the move
    localparam [2:0] ST_MV_PASS   = 3'd3;       // one automatic-pass step per cycle
    localparam [2:0] ST_MV_COMMIT = 3'd4;       // write everything, pulse applied_o

    reg  [2:0] st_q;

    // ---- board ------------------------------------------------------------------------
    // One packed register: cell i at [CELL_W*i +: CELL_W]. Updates are loops inside
    // the branches that need them, so a cycle without a commit costs (in simulation)
    // nothing, and the debug port is the register itself.
    localparam integer BOARD_W = CELLS * CELL_W;
    localparam integer STAGE_W = 3;             // {element here, ROM type[1:0]}
    reg  [BOARD_W-1:0]       board_q;
    // The next map is staged apart from the board, so a GAME_OVER board stays visible
    // (and architectural) while the next map loads; 3 bits per cell suffice because an
    // element's owner follows from its ROM type.
    reg  [CELLS*STAGE_W-1:0] stage_q;
    assign board_o = board_q;

    localparam [1:0] OWNER_NPC     = 2'd0;
    localparam [1:0] KIND_LAND     = 2'd0;
    localparam [1:0] KIND_TOWER    = 2'd3;
    localparam [1:0] TYPE_MOUNTAIN = 2'b00;
    localparam [1:0] TYPE_TOWER    = 2'b01;
    localparam [1:0] TYPE_RED_CAP  = 2'b10;
    localparam [1:0] TYPE_BLUE_CAP = 2'b11;
    localparam [8:0] TROOPS_CAP0   = 9'd2;  // a capital's starting troops [decided]

    // A staged element as a cell of the initial board (GAME.md section 3).
    function automatic [CELL_W-1:0] load_cell(input [STAGE_W-1:0] st);
        if (!st[2])                         load_cell = {OWNER_NPC, KIND_LAND, 9'd0};
        else case (st[1:0])
            TYPE_MOUNTAIN:                  load_cell = {OWNER_NPC, KIND_MOUNTAIN, 9'd0};
            TYPE_TOWER:                     load_cell = {OWNER_NPC, KIND_TOWER, 9'd0};
            TYPE_RED_CAP:                   load_cell = {PL_RED, KIND_CAPITAL, TROOPS_CAP0};
            TYPE_BLUE_CAP:                  load_cell = {PL_BLUE, KIND_CAPITAL, TROOPS_CAP0};
            default:                        load_cell = {OWNER_NPC, KIND_LAND, 9'd0};
        endcase
    endfunction

    // A cell after the move (source and target take the move's result) plus the
    // growth of the command's round ends, unsaturated troops in [9:0], owner in [11:10].
    // Mountains are never owned, but gate them anyway so a corrupt state cannot make
    // one grow.
    function automatic [11:0] after_move(input [CELL_W-1:0] c, input is_src, input is_tgt,
                                         input [8:0] src_troops, input [1:0] tgt_owner,
                                         input [8:0] tgt_troops, input [1:0] grow_n,
                                         input land);
        reg [1:0] owner;
        reg [8:0] troops;
        reg [1:0] grow;
        begin
            owner  = is_tgt ? tgt_owner : c[12:11];
            troops = is_src ? src_troops : (is_tgt ? tgt_troops : c[8:0]);
            case (c[10:9])
                KIND_CAPITAL,
                KIND_TOWER: grow = (owner != OWNER_NPC) ? grow_n : 2'd0;
                KIND_LAND:  grow = ((owner != OWNER_NPC) && land) ? 2'd1 : 2'd0;
                default:    grow = 2'd0;
            endcase
            after_move = {owner, {1'b0, troops} + {8'd0, grow}};
        end
    endfunction

    // {x, y} -> y*10 + x without a multiplier.
    function automatic [6:0] xy_idx(input [7:0] xy);
        xy_idx = {xy[3:0], 3'b000} + {2'b00, xy[3:0], 1'b0} + {3'b000, xy[7:4]};
    endfunction

    function automatic [1:0] other(input [1:0] p);
        other = (p == PL_RED) ? PL_BLUE : PL_RED;
    endfunction

    // ---- map loading ------------------------------------------------------------------
    wire       idle_like  = (phase_o != PH_PLAYING);
    wire       start_go   = (st_q == ST_READY) && start_i && idle_like;
    wire       stage_clr;
    wire       stage_we;
    wire [9:0] rom_word;
    wire [7:0] red_cap;
    wire [7:0] blue_cap;
    wire       load_done;
    reg  [6:0] load_map_q;

    map_loader #(
        .MAP_INIT_HEX (MAP_INIT_HEX)
    ) u_map_loader (
        .clk         (clk),
        .rst         (rst),
        .start_i     (start_go),
        .map_i       (draw_i),
        .stage_clr_o (stage_clr),
        .stage_we_o  (stage_we),
        .word_o      (rom_word),
        .red_cap_o   (red_cap),
        .blue_cap_o  (blue_cap),
        .done_o      (load_done)
    );

    wire load_commit = (st_q == ST_LOAD) && load_done;

    // ---- move registers (valid from ST_MV_READ on) --------------------------------------
    reg  [7:0] mv_src_xy_q;
    reg  [7:0] mv_tgt_xy_q;
    wire [6:0] mv_src_idx = xy_idx(mv_src_xy_q);
    wire [6:0] mv_tgt_idx = xy_idx(mv_tgt_xy_q);
    reg  [8:0] mv_src_troops_q;
    reg  [1:0] mv_tgt_owner_q;
    reg  [8:0] mv_tgt_troops_q;
    reg        mv_win_q;        // the move took the opponent's capital
    reg  [2:0] mv_cmd_q;        // reported in applied_cmd_o
    reg  [1:0] pass_cand_q;     // player whose turn is being decided
    reg  [1:0] pass_g_q;        // round ends (growths) so far, 0..2 (bound: see ST_MV_PASS)

    // The growths end rounds round_o and round_o + 1; at most one of them is a multiple
    // of 16, so land grows by 0 or 1.
    wire grow_land = ((pass_g_q != 2'd0) && (round_o[LAND_BITS-1:0] == {LAND_BITS{1'b0}}))
                  || ((pass_g_q == 2'd2) && (round_o[LAND_BITS-1:0] == {LAND_BITS{1'b1}}));

    wire mv_commit = (st_q == ST_MV_COMMIT);

    // Does `cand` own a cell with >= 2 troops once the move and `grow_n` round ends
    // are applied? Saturation cannot hide a ">= 2" (511 >= 2), so the unsaturated sum
    // is compared.
    function automatic can_move_after(input [BOARD_W-1:0] b, input [6:0] src, input [6:0] tgt,
                                      input [8:0] src_troops, input [1:0] tgt_owner,
                                      input [8:0] tgt_troops, input [1:0] grow_n,
                                      input land, input [1:0] cand);
        integer i;
        reg [11:0] a;
        begin
            can_move_after = 1'b0;
            for (i = 0; i < CELLS; i = i + 1) begin
                a = after_move(b[CELL_W*i +: CELL_W], i[6:0] == src, i[6:0] == tgt, src_troops,
                               tgt_owner, tgt_troops, grow_n, land);
                if (a[11:10] == cand && a[9:0] >= {1'b0, TROOPS_MOVE}) can_move_after = 1'b1;
            end
        end
    endfunction

    integer ci;
    always @(posedge clk) begin
        if (rst) begin
            board_q <= {BOARD_W{1'b0}};
        end else if (load_commit) begin
            for (ci = 0; ci < CELLS; ci = ci + 1)
                board_q[CELL_W*ci +: CELL_W] <= load_cell(stage_q[STAGE_W*ci +: STAGE_W]);
        end else if (mv_commit) begin
            for (ci = 0; ci < CELLS; ci = ci + 1)
                board_q[CELL_W*ci +: CELL_W] <= commit_cell(after_move(
                    board_q[CELL_W*ci +: CELL_W], ci[6:0] == mv_src_idx, ci[6:0] == mv_tgt_idx,
                    mv_src_troops_q, mv_tgt_owner_q, mv_tgt_troops_q, pass_g_q, grow_land),
                    board_q[CELL_W*ci + 9 +: 2]);
        end
    end

    // Adding once and saturating once equals saturating after every +1, since
    // min(min(a + 1, M) + 1, M) = min(a + 2, M).
    function automatic [CELL_W-1:0] commit_cell(input [11:0] a, input [1:0] kind);
        commit_cell = {a[11:10], kind, a[9] ? TROOPS_MAX : a[8:0]};
    endfunction

    always @(posedge clk) begin
        if (rst || stage_clr) begin
            stage_q <= {CELLS*STAGE_W{1'b0}};
        end else if (stage_we) begin
            // Padding (x or y > 9) lands nowhere: it is skipped.
            if (rom_word[9:6] <= X_MAX && rom_word[5:2] <= Y_MAX)
                stage_q[STAGE_W*rom_idx +: STAGE_W] <= {1'b1, rom_word[1:0]};
        end
    end


    // ---- command decode ---------------------------------------------------------------
    // START wins over a command in the same cycle; while the map loads the phase is
    // still IDLE/GAME_OVER, so commands keep being consumed and ignored (GAME.md §5:
    // never kept for later) except in the commit cycle, which pulses started_o.
    assign cmd_ready_o = ((st_q == ST_READY) && !(start_i && idle_like))
                      || ((st_q == ST_LOAD) && !load_done);
    wire cmd_take = cmd_valid_i && cmd_ready_o;

    wire [7:0] cur_xy = (player_o == PL_BLUE) ? cursor_blue_o : cursor_red_o;
    wire [3:0] cur_x  = cur_xy[7:4];
    wire [3:0] cur_y  = cur_xy[3:0];
    wire [6:0] cur_idx = xy_idx(cur_xy);
    wire [1:0] cur_owner  = board_q[CELL_W*cur_idx + 11 +: 2];
    wire [8:0] cur_troops = board_q[CELL_W*cur_idx +: 9];
    wire       cur_movable = (cur_owner == player_o) && (cur_troops >= TROOPS_MOVE);

    // Neighbour of the cursor in the direction of cmd_i (cursor step or move target).
    reg  [7:0] nb_xy;
    reg        nb_on_board;
    always @* begin
        nb_xy       = cur_xy;
        nb_on_board = 1'b0;
        case (cmd_i)
            CMD_W: begin nb_on_board = (cur_y != 4'd0);  nb_xy = {cur_x, cur_y - 4'd1}; end
            CMD_A: begin nb_on_board = (cur_x != 4'd0);  nb_xy = {cur_x - 4'd1, cur_y}; end
            CMD_S: begin nb_on_board = (cur_y != Y_MAX); nb_xy = {cur_x, cur_y + 4'd1}; end
            CMD_D: begin nb_on_board = (cur_x != X_MAX); nb_xy = {cur_x + 4'd1, cur_y}; end
            default: ;
        endcase
    end
    wire cmd_is_dir = (cmd_i == CMD_W) || (cmd_i == CMD_A) || (cmd_i == CMD_S)
                   || (cmd_i == CMD_D);

    // ---- move evaluation (ST_MV_READ) ---------------------------------------------------
    wire [CELL_W-1:0] tgt_cell = board_q[CELL_W*mv_tgt_idx +: CELL_W];
    wire [8:0] src_troops = board_q[CELL_W*mv_src_idx +: 9];
    wire [1:0] tgt_owner  = tgt_cell[12:11];
    wire [1:0] tgt_kind   = tgt_cell[10:9];
    wire [8:0] tgt_troops = tgt_cell[8:0];

    // Move mode is entered only with >= 2 troops on an own cell and the cursor cannot
    // move in move mode, so src_troops >= 2 here and k >= 1.
    wire [8:0] k_sent     = (mode_o == MODE_HALF) ? {1'b0, src_troops[8:1]}
                                                  : src_troops - 9'd1;
    wire [9:0] tgt_sum    = {1'b0, tgt_troops} + {1'b0, k_sent};
    wire       tgt_own    = (tgt_owner == player_o);
    wire       tgt_taken  = !tgt_own && (k_sent > tgt_troops);
    reg  [1:0] tgt_owner_new;
    reg  [8:0] tgt_troops_new;
    always @* begin
        if (tgt_own) begin
            tgt_owner_new  = player_o;
            tgt_troops_new = tgt_sum[9] ? TROOPS_MAX : tgt_sum[8:0];
        end else if (tgt_taken) begin
            tgt_owner_new  = player_o;
            tgt_troops_new = k_sent - tgt_troops;
        end else begin
            tgt_owner_new  = tgt_owner;
            tgt_troops_new = tgt_troops - k_sent;
        end
    end
    // A capital is always owned by a player, so "not own" means the opponent's.
    wire capital_taken = tgt_taken && (tgt_kind == KIND_CAPITAL);

    wire [6:0] rom_idx    = xy_idx(rom_word[9:2]);

    // ---- controller -------------------------------------------------------------------
    always @(posedge clk) begin
        if (rst) begin
            st_q            <= ST_READY;
            applied_o       <= 1'b0;
            applied_cmd_o   <= 3'd0;
            started_o       <= 1'b0;
            phase_o         <= PH_IDLE;
            winner_o        <= PL_NONE;
            player_o        <= PL_NONE;
            first_o         <= PL_NONE;
            mode_o          <= MODE_SELECT;
            cursor_red_o    <= 8'd0;
            cursor_blue_o   <= 8'd0;
            round_o         <= 16'd0;
            map_o           <= 7'd0;
            load_map_q      <= 7'd0;
            mv_src_xy_q     <= 8'd0;
            mv_tgt_xy_q     <= 8'd0;
            mv_src_troops_q <= 9'd0;
            mv_tgt_owner_q  <= PL_NONE;
            mv_tgt_troops_q <= 9'd0;
            mv_win_q        <= 1'b0;
            mv_cmd_q        <= 3'd0;
            pass_cand_q     <= PL_NONE;
            pass_g_q        <= 2'd0;
        end else begin
            applied_o <= 1'b0;
            started_o <= 1'b0;

            case (st_q)
                ST_READY: begin
                    if (start_go) begin
                        load_map_q <= draw_i;
                        st_q       <= ST_LOAD;
                    end else if (cmd_take) begin
                        mv_cmd_q <= cmd_i;
                        if (phase_o != PH_PLAYING) begin
                            applied_o     <= 1'b1;      // consumed and ignored
                            applied_cmd_o <= cmd_i;
                        end else if (mode_o == MODE_SELECT) begin
                            applied_o     <= 1'b1;
                            applied_cmd_o <= cmd_i;
                            if (cmd_is_dir && nb_on_board) begin
                                if (player_o == PL_BLUE) cursor_blue_o <= nb_xy;
                                else                     cursor_red_o  <= nb_xy;
                            end else if (cmd_i == CMD_SPACE && cur_movable) begin
                                mode_o <= MODE_ALL;
                            end
                        end else if (cmd_is_dir) begin
                            if (nb_on_board) begin
                                mv_src_xy_q <= cur_xy;
                                mv_tgt_xy_q <= nb_xy;
                                st_q        <= ST_MV_READ;
                            end else begin
                                applied_o     <= 1'b1;  // off the board: no effect
                                applied_cmd_o <= cmd_i;
                            end
                        end else begin
                            applied_o     <= 1'b1;
                            applied_cmd_o <= cmd_i;
                            if (cmd_i == CMD_SPACE) mode_o <= MODE_SELECT;
                            else if (cmd_i == CMD_Z)
                                mode_o <= (mode_o == MODE_ALL) ? MODE_HALF : MODE_ALL;
                        end
                    end
                end

                ST_LOAD: begin
                    if (cmd_take) begin
                        applied_o     <= 1'b1;          // consumed and ignored
                        applied_cmd_o <= cmd_i;
                    end
                    if (load_done) begin
                        started_o     <= 1'b1;
                        phase_o       <= PH_PLAYING;
                        winner_o      <= PL_NONE;
                        player_o      <= load_map_q[0] ? PL_RED : PL_BLUE;
                        first_o       <= load_map_q[0] ? PL_RED : PL_BLUE;
                        mode_o        <= MODE_SELECT;
                        cursor_red_o  <= red_cap;
                        cursor_blue_o <= blue_cap;
                        round_o       <= ROUND_FIRST;
                        map_o         <= load_map_q;
                        st_q          <= ST_READY;
                    end
                end

                ST_MV_READ: begin
                    if (tgt_kind == KIND_MOUNTAIN) begin
                        applied_o     <= 1'b1;          // no effect, still move mode
                        applied_cmd_o <= mv_cmd_q;
                        st_q          <= ST_READY;
                    end else begin
                        mv_src_troops_q <= src_troops - k_sent;
                        mv_tgt_owner_q  <= tgt_owner_new;
                        mv_tgt_troops_q <= tgt_troops_new;
                        mv_win_q        <= capital_taken;
                        if (capital_taken) begin
                            // Game over: no pass, no growth, player stays.
                            pass_cand_q <= player_o;
                            pass_g_q    <= 2'd0;
                            st_q        <= ST_MV_COMMIT;
                        end else begin
                            // The second player's move ends the round.
                            pass_cand_q <= other(player_o);
                            pass_g_q    <= (player_o != first_o) ? 2'd1 : 2'd0;
                            st_q        <= ST_MV_PASS;
                        end
                    end
                end

                ST_MV_PASS: begin
                    // Bound: each player still owns their own capital (losing it ends the
                    // game before any pass), a capital has >= 0 troops and gains 1 per
                    // round end. The second growth is made by the second player passing,
                    // so the candidate is then the first player, whose capital now has
                    // >= 2 troops: the loop stops there, so g <= 2 and it takes at most
                    // 3 steps (first mover F: S, F(g=1), S, F(g=2); S moved: F(g=1), S,
                    // F(g=2)).
                    if (can_move_after(board_q, mv_src_idx, mv_tgt_idx, mv_src_troops_q,
                                       mv_tgt_owner_q, mv_tgt_troops_q, pass_g_q, grow_land,
                                       pass_cand_q)) begin
                        st_q <= ST_MV_COMMIT;
                    end else begin
                        if (pass_cand_q != first_o) pass_g_q <= pass_g_q + 2'd1;
                        pass_cand_q <= other(pass_cand_q);
                    end
                end

                ST_MV_COMMIT: begin
                    applied_o     <= 1'b1;
                    applied_cmd_o <= mv_cmd_q;
                    round_o       <= round_o + {14'd0, pass_g_q};
                    player_o      <= pass_cand_q;
                    mode_o        <= MODE_SELECT;
                    if (player_o == PL_BLUE)
                        cursor_blue_o <= (mv_tgt_owner_q == player_o) ? mv_tgt_xy_q : mv_src_xy_q;
                    else
                        cursor_red_o  <= (mv_tgt_owner_q == player_o) ? mv_tgt_xy_q : mv_src_xy_q;
                    if (mv_win_q) begin
                        phase_o  <= PH_OVER;
                        winner_o <= player_o;
                    end
                    st_q <= ST_READY;
                end

                default: st_q <= ST_READY;
            endcase
        end
    end

endmodule

`default_nettype wire
