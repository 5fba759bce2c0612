// Generals (将军棋) - machine_player_props: formal properties of machine_player's pacing
// and turn discipline (docs/rules.md §11). Wraps the RTL module as it is; the board it reads,
// the cursors, the capitals, the engine's ready and the video hold may do anything in
// any cycle, and the turn and the applied pulses follow the game logic's handshake
// (assumed here, asserted in game_logic_props.sv).
// Part of the Generals FPGA project, MIT licence.
`default_nettype none

module machine_player_props #(
    // Small, so that a proof sees whole gaps; the logic is the same at 10 000 000 (one
    // counter compared with BOT_GAP). At least 5, so that a gap of half the length
    // (the mutant "machine-half-gap") is too short even with the two cycles the
    // handshake adds.
    parameter integer BOT_GAP = 6
) (
    input wire        clk,
    input wire        rst,
    input wire        turn_i,
    input wire [1:0]  player_i,
    input wire [1:0]  mode_i,
    input wire [7:0]  cursor_red_i,
    input wire [7:0]  cursor_blue_i,
    input wire [7:0]  cap_red_i,
    input wire [7:0]  cap_blue_i,
    input wire        applied_i,
    input wire        we_i,
    input wire [6:0]  waddr_i,
    input wire [12:0] wdata_i,
    input wire        st_ready_i,
    input wire        hold_i
);
    wire       cmd_valid_o;
    wire [2:0] cmd_o;
    machine_player #(.BOT_GAP(BOT_GAP)) dut (
        .clk          (clk),
        .rst          (rst),
        .turn_i       (turn_i),
        .player_i     (player_i),
        .mode_i       (mode_i),
        .cursor_red_i (cursor_red_i),
        .cursor_blue_i(cursor_blue_i),
        .cap_red_i    (cap_red_i),
        .cap_blue_i   (cap_blue_i),
        .applied_i    (applied_i),
        .we_i         (we_i),
        .waddr_i      (waddr_i),
        .wdata_i      (wdata_i),
        .cmd_valid_o  (cmd_valid_o),
        .cmd_o        (cmd_o),
        .st_ready_i   (st_ready_i),
        .hold_i       (hold_i)
    );

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
`ifndef COVER
    always @(*) if (init) assume(rst);
`endif

    // ---- the environment: the game logic's handshake ----------------------------------------
    // take: the game logic takes the machine's command in this cycle.
    wire take = cmd_valid_o && st_ready_i && !hold_i;
    reg  outstanding = 1'b0;            // a command taken and not yet carried out
    reg  was_turn = 1'b0;               // turn_i in the cycle before, with no reset
    always @(posedge clk) begin
        was_turn <= turn_i && !rst;
        if (rst || applied_i) outstanding <= 1'b0;
        else if (take) outstanding <= 1'b1;
    end
    // While the machine is to move, a command is carried out only once it took it; the
    // turn ends only with a command carried out (the machine's last) or a reset.
    always @(*) if (!init) begin
        if (applied_i && was_turn) env_applied_after_take: assume(outstanding);
        if (was_turn && !turn_i)   env_turn_ends_applied:  assume(applied_i);
    end

    // ---- properties ---------------------------------------------------------------------------
    // since_app: cycles since the last command carried out, or since the turn began.
    // since_take: cycles since the machine's last command was taken.
    reg [7:0] since_app = 8'd0, since_take = 8'd255;
    always @(posedge clk) begin
        since_app  <= (rst || applied_i || !turn_i) ? 8'd0
                    : (since_app == 8'd255) ? since_app : since_app + 8'd1;
        since_take <= (rst || take) ? 8'd0 : (since_take == 8'd255) ? since_take : since_take + 8'd1;
    end
    always @(*) if (!init) begin
        // Commands only on its own colour's turn.
        if (cmd_valid_o) own_turn: assert(turn_i && was_turn);
        // Never a command before BOT_GAP cycles have passed since the last one was carried
        // out (or the turn began), nor two commands closer than BOT_GAP cycles.
        if (take) begin
            pace_after_applied:    assert(since_app + 8'd1 >= BOT_GAP);
            pace_between_commands: assert(since_take + 8'd1 >= BOT_GAP);
        end
    end

    // ---- helpers for the induction ------------------------------------------------------------
    localparam [3:0] M_IDLE = 4'd0, M_TYPE = 4'd8;
    wire [7:0] gap8 = dut.gap;          // zero-extended
    wire [7:0] gap_expect = (since_app >= BOT_GAP) ? BOT_GAP[7:0] : since_app;
    always @(*) if (!init) begin
        h_gap:       assert(gap8 <= gap_expect);
        h_valid:     assert(!cmd_valid_o || (dut.st == M_TYPE && !dut.wait_apply && !outstanding));
        h_wait:      assert(dut.wait_apply == outstanding || (!outstanding && !dut.wait_apply));
        h_wait_st:   assert(!outstanding || dut.wait_apply);
        h_waiting:   assert(!dut.dirty || dut.waiting == ((dut.st == M_IDLE && dut.wait_apply)
                                                          || dut.st == M_TYPE));
        h_clean:     assert(dut.dirty || (dut.st == M_IDLE && !dut.wait_apply && !cmd_valid_o
                                          && dut.gap == 0));
        h_dirty:     assert(dut.dirty == was_turn);
        h_take_gap:  assert(outstanding || since_take >= since_app);
        h_st:        assert(dut.st <= M_TYPE);
        h_waiting_dirty: assert(!dut.waiting || dut.dirty);
    end

    // ---- covers -------------------------------------------------------------------------------
    reg [1:0] takes = 2'd0;             // commands taken so far (saturating)
    always @(posedge clk) if (rst) takes <= 2'd0; else if (take && takes != 2'd3) takes <= takes + 2'd1;
`ifdef COVER
    // The covers (and the bmc that follows a failed proof) start where the pacing
    // begins: the scan of the board is over (about 300 cycles from the turn's start,
    // which the bench's machine games run through) and the machine types its move,
    // in the state the helpers above describe. A plausible game logic answers: the
    // machine plays Red, each command is taken at once and carried out the cycle
    // after, the video never holds, the board copy is not written, the mode stays
    // SELECT (so that the machine goes on typing).
    always @(*) if (init) begin
        cv_start: assume(!rst && turn_i && dut.st == M_TYPE && dut.dirty && dut.waiting
                         && !dut.wait_apply && !cmd_valid_o && dut.gap == 0);
    end
    always @(*) if (!init) begin
        cv_no_reset: assume(!rst && turn_i && !we_i && mode_i == 2'b00);
        cv_engine:   assume(player_i == 2'd1 && st_ready_i && !hold_i);
        cv_applied:  assume(applied_i == (outstanding && !take));
    end
`endif
    always @(*) if (!init) begin
        cover_first:  cover(take && takes == 2'd0);
        // the tightest pace: a command exactly BOT_GAP + 2 cycles after the last applied
        cover_tight:  cover(take && takes == 2'd1 && since_app == BOT_GAP + 1);
        cover_third:  cover(take && takes == 2'd2);
    end
endmodule

`default_nettype wire
