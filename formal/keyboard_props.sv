// Generals (将军棋) - keyboard_props: formal properties of keyboard, the scan code
// decoder and command FIFO (docs/rules.md §4). Wraps the RTL module as it is; the bytes,
// their valid pulses, the consumer's ready and the reset may do anything in any cycle.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none

module keyboard_props #(
    // 4 commands: the FIFO fills and overflows within a few cycles, so the proof sees
    // that often; the logic is the same at 8 (pointers of FIFO_DEPTH_LOG2 + 1 bits).
    parameter integer FIFO_DEPTH_LOG2 = 2
) (
    input wire       clk,
    input wire       rst,
    input wire [7:0] byte_i,
    input wire       byte_valid_i,
    input wire       cmd_ready_i
);
    localparam integer L     = FIFO_DEPTH_LOG2;
    localparam integer DEPTH = 1 << L;

    wire [2:0]  cmd_o;
    wire        cmd_valid_o;
    wire [15:0] ovf_count_o;
    keyboard #(.FIFO_DEPTH_LOG2(L)) dut (
        .clk         (clk),
        .rst         (rst),
        .byte_i      (byte_i),
        .byte_valid_i(byte_valid_i),
        .cmd_o       (cmd_o),
        .cmd_valid_o (cmd_valid_o),
        .cmd_ready_i (cmd_ready_i),
        .ovf_count_o (ovf_count_o)
    );

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume(rst);

    // ---- the specification: docs/rules.md §4 ----------------------------------------------------
    // Prefixes: E0 (extended key) and F0 (break) accumulate until a byte that is neither;
    // that byte is a make code only if no F0 came before it.
    reg s_e0 = 1'b0, s_f0 = 1'b0;
    wire is_prefix = (byte_i == 8'hE0) || (byte_i == 8'hF0);
    // The game's keys: W A S D Space Z, and with E0 the arrows as W A S D.
    reg       key_hit;
    reg [2:0] key_cmd;
    always @(*) begin
        key_hit = 1'b1;
        key_cmd = 3'd0;
        if (s_e0) begin
            case (byte_i)
                8'h75:   key_cmd = 3'd0;    // up    = W
                8'h6B:   key_cmd = 3'd1;    // left  = A
                8'h72:   key_cmd = 3'd2;    // down  = S
                8'h74:   key_cmd = 3'd3;    // right = D
                default: key_hit = 1'b0;    // E0 before any other code: ignored
            endcase
        end else begin
            case (byte_i)
                8'h1D:   key_cmd = 3'd0;    // W
                8'h1C:   key_cmd = 3'd1;    // A
                8'h1B:   key_cmd = 3'd2;    // S
                8'h23:   key_cmd = 3'd3;    // D
                8'h29:   key_cmd = 3'd4;    // Space
                8'h1A:   key_cmd = 3'd5;    // Z
                default: key_hit = 1'b0;    // keypad 75 6B 72 74 and the rest: ignored
            endcase
        end
    end
    // A command arrives: the make code of a game key.
    wire arrive = byte_valid_i && !is_prefix && !s_f0 && key_hit;
    always @(posedge clk) begin
        if (byte_valid_i) begin
            s_e0 <= is_prefix && (byte_i == 8'hE0 || s_e0);
            s_f0 <= is_prefix && (byte_i == 8'hF0 || s_f0);
        end
        if (rst) begin
            s_e0 <= 1'b0;
            s_f0 <= 1'b0;
        end
    end

    // The queue the consumer must see: every command that arrived, in order, each once,
    // less those that found the FIFO full. q[0] is the head.
    reg [2:0] q [0:DEPTH-1];
    reg [L:0] q_n = {(L+1){1'b0}};
    wire      pop  = cmd_ready_i && q_n != 0;
    wire      full = q_n == DEPTH;
    wire      push = arrive && (!full || pop);     // a pop frees the slot in the same cycle
    wire      lost = arrive && full && !pop;
    integer i;
    always @(posedge clk) begin
        for (i = 0; i < DEPTH; i = i + 1) begin
            // shift out the head on a pop; the arriving command lands behind the rest
            if (pop) q[i] <= (i + 1 < DEPTH) ? q[i + 1] : q[i];
            if (push && i == q_n - (pop ? 1 : 0)) q[i] <= key_cmd;
        end
        q_n <= q_n + (push ? 1 : 0) - (pop ? 1 : 0);
        if (rst) q_n <= {(L+1){1'b0}};
    end

    // ---- properties -------------------------------------------------------------------------
    reg [L:0]  prev_wr = {(L+1){1'b0}};
    reg        prev_push = 1'b0, prev_rst = 1'b1, prev_lost = 1'b0, prev_f0 = 1'b0, prev_f0_key = 1'b0;
    reg [15:0] prev_ovf = 16'd0;
    always @(posedge clk) begin
        prev_wr     <= dut.wr_ptr;
        prev_push   <= push;
        prev_rst    <= rst;
        prev_lost   <= lost;
        prev_f0     <= byte_valid_i && !is_prefix && s_f0;            // the byte after F0
        prev_f0_key <= byte_valid_i && !is_prefix && s_f0 && key_hit; // ... a game key's
        prev_ovf    <= ovf_count_o;
    end
    wire [L:0] fill = dut.wr_ptr - dut.rd_ptr;
    always @(*) if (!init) begin
        // The consumer sees exactly the queue: no command lost while there is room, none
        // duplicated, none made up, in order.
        valid_is_queue:  assert(cmd_valid_o == (q_n != 0));
        if (cmd_valid_o) head_is_queue: assert(cmd_o == q[0]);
        // The FIFO never holds more than its depth.
        count_within_depth: assert(fill <= DEPTH);
        if (!prev_rst) begin
            // A command enters the FIFO only for a make code of a game key, with or
            // without E0, and never for a break (F0 xx, E0 F0 xx).
            command_only_for_make_code: assert((dut.wr_ptr != prev_wr) == prev_push);
            if (prev_f0) no_command_for_break: assert(dut.wr_ptr == prev_wr);
            // The overflow counter steps exactly when a command arrives at a full FIFO
            // (that no pop makes room for in the same cycle); it saturates.
            overflow_counted: assert(ovf_count_o == ((prev_ovf == 16'hFFFF) ? prev_ovf
                                                      : prev_ovf + {15'd0, prev_lost}));
        end else begin
            reset_empties: assert(!cmd_valid_o && ovf_count_o == 16'd0);
        end
    end

    // ---- helpers for the induction: the FIFO's registers as the queue says ------------------
    for (genvar gi = 0; gi < DEPTH; gi = gi + 1) begin : g_slot
        wire [L-1:0] slot = dut.rd_ptr[L-1:0] + gi;
        always @(*) if (!init && gi < q_n) h_slot: assert(dut.mem[slot] == q[gi]);
    end
    always @(*) if (!init) begin
        h_count:  assert(fill == q_n && q_n <= DEPTH);
        h_head:   assert(cmd_o == dut.mem[dut.rd_ptr[L-1:0]]);
        h_prefix: assert(dut.ext == s_e0 && dut.brk == s_f0);
    end

    // ---- covers -------------------------------------------------------------------------------
    reg       prev_e0 = 1'b0;
    reg [1:0] ovf_seen = 2'd0;
    always @(posedge clk) begin
        prev_e0 <= byte_valid_i && s_e0;
        if (lost && ovf_seen != 2'd3) ovf_seen <= ovf_seen + 2'd1;
    end
    always @(*) begin
        cover_arrow:      cover(!init && prev_push && prev_e0 && cmd_valid_o);
        cover_letter:     cover(!init && prev_push && !prev_e0 && q_n == 1 && cmd_o == 3'd5);
        cover_break:      cover(!init && prev_f0_key && prev_e0 && !prev_rst);   // E0 F0 75: up released
        cover_full:       cover(!init && q_n == DEPTH);
        cover_full_swap:  cover(!init && full && pop && push);
        cover_overflow:   cover(!init && ovf_count_o == 16'd2 && ovf_seen == 2'd2);
        cover_drain:      cover(!init && q_n == 0 && ovf_count_o != 16'd0 && prev_wr != 0);
    end
endmodule

`default_nettype wire
