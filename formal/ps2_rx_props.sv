// Generals (将军棋) - ps2_rx_props: formal properties of ps2_rx, the PS/2 receiver
// (docs/rules.md §4). Wraps the RTL module as it is; ps2_clk, ps2_dat and the reset may do
// anything in any cycle.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none

module ps2_rx_props #(
    // Small, so that a frame is a few dozen cycles and the proof sees many of them; the
    // logic is the same as at 100 / 5000 / 3000 (counters compared with these
    // numbers, each wide enough to leave spare values, as at full size).
    parameter integer FILTER_CYCLES  = 2,
    parameter integer TIMEOUT_CYCLES = 8,
    parameter integer ARM_CYCLES     = 5
) (
    input wire clk,
    input wire rst,
    input wire ps2_clk,
    input wire ps2_dat
);
    localparam integer F = FILTER_CYCLES;
    localparam integer T = TIMEOUT_CYCLES;
    localparam integer A = ARM_CYCLES;

    wire [7:0]  data_o;
    wire        valid_o;
    wire [15:0] err_count_o;
    ps2_rx #(
        .FILTER_CYCLES (F),
        .TIMEOUT_CYCLES(T),
        .ARM_CYCLES    (A)
    ) dut (
        .clk        (clk),
        .rst        (rst),
        .ps2_clk    (ps2_clk),
        .ps2_dat    (ps2_dat),
        .data_o     (data_o),
        .valid_o    (valid_o),
        .err_count_o(err_count_o)
    );

    // The proof starts in reset (the core's power-on reset); afterwards the reset
    // comes whenever it likes.
    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume(rst);

    // ---- the lines as the receiver sees them -------------------------------------------
    // clk_s and dat_s are the lines through the two-flop synchronisers (checked below);
    // clk_f is the filtered clock. A bit is sampled where clk_f falls.
    wire clk_s = dut.clk_s;
    wire dat_s = dut.dat_s;
    wire clk_f = dut.clk_f;

    reg       prev_rst = 1'b1, prev_clk_f = 1'b1, prev_dat_s = 1'b1, prev_clk_s = 1'b1;
    reg [1:0] age = 2'd0;                  // cycles since the proof began, up to 3
    reg       in_meta = 1'b0;
    always @(posedge clk) begin
        prev_rst   <= rst;
        prev_clk_f <= clk_f;
        prev_dat_s <= dat_s;
        prev_clk_s <= clk_s;
        if (age != 2'd3) age <= age + 2'd1;
    end
    reg [1:0] pc, pd;                       // the raw lines of the last two cycles
    always @(posedge clk) begin
        pc <= {pc[0], ps2_clk};
        pd <= {pd[0], ps2_dat};
    end
    always @(*) if (age >= 2) begin
        sync_clk: assert(clk_s == pc[1]);
        sync_dat: assert(dat_s == pd[1]);
    end

    // ---- the filter ---------------------------------------------------------------------
    // crun: cycles in a row, this one included, that clk_s has had its level (saturating).
    reg [7:0] crun = 8'd0;
    // (dut.u_sync_clk.meta is clk_s's next value.)
    always @(posedge clk) crun <= (dut.u_sync_clk.meta != clk_s) ? 8'd1 :
                                  (crun == F + 2) ? crun : crun + 8'd1;
    reg [7:0] prev_crun = 8'd0;
    always @(posedge clk) prev_crun <= crun;
    // crun is counted from the second cycle on: before, clk_s's history is unknown.
    wire crun_known = (age != 0);
    // The filtered clock takes a new level only after clk_s has held it F cycles in a
    // row (a shorter pulse is a glitch), and clk_s held for F + 1 cycles is clk_f.
    always @(*) if (!init && !prev_rst && clk_f != prev_clk_f)
        filter_only_after_stable: assert(clk_f == prev_clk_s && prev_crun >= F);
    reg [7:0] since_rst = 8'd0;            // cycles since the last reset (saturating)
    always @(posedge clk) since_rst <= rst ? 8'd0 : (since_rst == 8'd255) ? since_rst : since_rst + 8'd1;
    always @(*) if (crun_known && crun >= F + 1 && since_rst >= F + 1)
        filter_follows_stable: assert(clk_f == clk_s);

    // ---- every good byte comes from a well-formed frame ----------------------------------
    // hist: the bits sampled at the falls of the filtered clock since the last reset,
    // newest at [10]; nhist how many (up to 11). now_* include a fall that happened at
    // the last edge (clk_f fell into this cycle): the stop bit of a frame that ends now.
    reg [10:0] hist = 11'd0;
    reg [3:0]  nhist = 4'd0;
    wire       fell = !prev_rst && prev_clk_f && !clk_f;
    wire [10:0] now_hist  = fell ? {prev_dat_s, hist[10:1]} : hist;
    wire [3:0]  now_nhist = (fell && nhist != 4'd11) ? nhist + 4'd1 : nhist;
    always @(posedge clk) begin
        if (rst) begin
            hist  <= 11'd0;
            nhist <= 4'd0;
        end else begin
            hist  <= now_hist;
            nhist <= now_nhist;
        end
    end
    // Start 0, eight data bits LSB first, odd parity over data and parity bit, stop 1.
    wire frame_ok = now_nhist == 4'd11 && !now_hist[0] && (^now_hist[9:1]) && now_hist[10];

    // ---- the frame model: where frames begin and end -------------------------------------
    // In step with the receiver: flip is the filtered clock changing at this edge.
    wire flip = (clk_s != clk_f) && (dut.filt_cnt == F - 1);
    wire fall = flip && clk_f;
    // armed: the bus has been idle (filtered clock high, no edge) for A + 1 cycles in a
    // row since the last reset; only then does a start bit count.
    reg       m_armed = 1'b0;
    reg [7:0] m_quiet = 8'd0;            // quiet cycles in a row before this one, unarmed
    reg       m_busy = 1'b0;             // inside a frame
    reg [3:0] m_n = 4'd0;                // bits of the frame so far, the start bit is 0
    reg [9:0] m_bits = 10'd0;            // data bits and parity, in arrival order at [n-1]
    reg [7:0] m_gap = 8'd0;              // cycles since the frame's last clock edge
    reg       m_good = 1'b0, m_bad = 1'b0;   // a frame ended at the last edge
    wire      quiet = clk_f && !flip;
    wire      m_start = m_armed && !m_busy && fall && !dat_s;
    wire      m_timeout = m_busy && !flip && m_gap == T;
    wire      m_stop = m_busy && fall && m_n == 4'd10;
    wire      m_parity_ok = ^{m_bits[8:0]};     // data bits and parity hold an odd count of 1s
    always @(posedge clk) begin
        m_good <= 1'b0;
        m_bad  <= 1'b0;
        if (!m_armed) begin
            if (!quiet) m_quiet <= 8'd0;
            else if (m_quiet == A) begin
                m_armed <= 1'b1;
                m_quiet <= 8'd0;
            end else m_quiet <= m_quiet + 8'd1;
        end else if (m_start) begin
            m_busy <= 1'b1;
            m_n    <= 4'd1;
            m_gap  <= 8'd0;
        end else if (m_busy) begin
            if (m_timeout) begin
                m_busy <= 1'b0;
                m_bad  <= 1'b1;
            end else if (flip) begin
                m_gap <= 8'd0;
                if (fall) begin
                    m_n <= m_n + 4'd1;
                    if (m_n <= 4'd9) m_bits[m_n - 4'd1] <= dat_s;
                    if (m_stop) begin
                        m_busy <= 1'b0;
                        m_good <= dat_s && m_parity_ok;
                        m_bad  <= !(dat_s && m_parity_ok);
                    end
                end
            end else m_gap <= m_gap + 8'd1;
        end
        if (rst) begin
            m_armed <= 1'b0;
            m_quiet <= 8'd0;
            m_busy  <= 1'b0;
            m_n     <= 4'd0;
            m_gap   <= 8'd0;
            m_good  <= 1'b0;
            m_bad   <= 1'b0;
        end
    end
    // A byte comes out only at the end of a frame the model calls good, whose eleven
    // samples are well formed, and it is that frame's data.
    always @(*) if (!init && valid_o)
        byte_from_good_frame: assert(frame_ok && data_o == now_hist[8:1] && m_good);

    // No start bit is taken until the bus has been idle for the re-arming time after a
    // reset: the receiver is never armed before, and enters a frame only when armed.
    always @(*) if (!init && dut.armed) armed_only_after_idle: assert(m_armed);
    reg prev_busy = 1'b0, prev_m_armed = 1'b0;
    always @(posedge clk) begin
        prev_busy    <= dut.busy;
        prev_m_armed <= m_armed;
    end
    always @(*) if (!init && !prev_rst && dut.busy && !prev_busy)
        start_only_when_armed: assert(prev_m_armed);

    // Each frame that ends is either one good byte or one error: a malformed frame (parity,
    // stop bit 0, a clock gap over the time-out) is counted once, a good one never.
    reg [15:0] prev_err = 16'd0;
    always @(posedge clk) prev_err <= err_count_o;
    always @(*) if (!init && !prev_rst) begin
        good_frame_is_byte: assert(valid_o == m_good);
        error_counted_once: assert(err_count_o == ((prev_err == 16'hFFFF) ? prev_err   // saturates
                                                          : prev_err + {15'd0, m_bad}));
    end
    always @(*) if (!init && prev_rst) reset_clears: assert(!valid_o && err_count_o == 16'd0);

    // From any state, once the clock line is idle (high) the receiver is out of any
    // frame and ready for a start bit within the time-out: 2 cycles of synchroniser and
    // F of filter until the filtered clock is high, then at most T + 1 to end a frame
    // or A + 1 (A <= T) to re-arm.
    localparam integer IDLE_BOUND = 2 + F + T + 1;
    reg [7:0] idle_run = 8'd0;             // cycles in a row with ps2_clk high, reset-free
    always @(posedge clk)
        idle_run <= (rst || !ps2_clk) ? 8'd0 : (idle_run == 8'd255) ? idle_run : idle_run + 8'd1;
    always @(*) if (!init && idle_run >= IDLE_BOUND)
        idle_within_timeout: assert(!dut.busy && dut.armed);

    // ---- helpers for the induction: the receiver's registers as the model says ----------
    for (genvar gj = 0; gj < 9; gj = gj + 1) begin : g_bit
        always @(*) if (!init && m_busy) begin
            if (gj < m_n - 1) h_hist_bits: assert(now_hist[12 - m_n + gj] == m_bits[gj]);
            if (gj < 8 && gj < data_seen) h_shift: assert(dut.shift[8 - data_seen + gj] == m_bits[gj]);
        end
    end
    wire [3:0] data_seen = (m_n >= 4'd9) ? 4'd8 : m_n - 4'd1;     // data bits in dut.shift
    wire [9:0] bits_mask = (10'd1 << (m_n - 4'd1)) - 10'd1;         // the bits received
    always @(*) if (!init) begin
        h_armed:  assert(dut.armed == m_armed);
        h_busy:   assert(dut.busy == m_busy && (!m_busy || m_armed));
        h_filter: assert(dut.filt_cnt <= F - 1);
        h_ranges: assert(crun >= 1 && crun <= F + 2 && nhist <= 11);
        // The filter counts the cycles clk_s has disagreed with clk_f so far.
        if (clk_s != clk_f) h_filter_run: assert({6'd0, dut.filt_cnt} < crun);
        if (m_busy) begin
            h_bits: assert(dut.bit_idx == m_n && m_n >= 1 && m_n <= 10);
            h_gap:  assert(dut.idle_cnt == m_gap && m_gap <= T);
        end
        if (!m_armed) h_quiet: assert(dut.idle_cnt == m_quiet && m_quiet <= A);
        if (m_armed && !m_busy) h_idle: assert(dut.idle_cnt == 0);
        if (dut.settled) h_settled: assert(dut.armed && dut.filt_cnt == 0 && !dut.valid_o);
        // The frame's bits so far, as sampled (hist) and as the receiver holds them.
        if (m_busy) begin
            h_hist_start: assert(now_nhist >= m_n && now_hist[11 - m_n] == 1'b0);
            h_parity: assert(dut.parity == ((m_n == 4'd10) ? m_parity_ok : ^(m_bits & bits_mask)));
        end
        // An idle line reaches the filtered clock, whose quiet then ends a frame or arms.
        if (idle_run >= 2) h_idle_sync: assert(clk_s);
        if (idle_run >= 2 + F) h_idle_filter: assert(clk_f);
        if (m_busy) h_idle_gap: assert({1'b0, m_gap} + 9'd2 + F >= {1'b0, idle_run});
        if (!m_armed) h_idle_quiet: assert({1'b0, m_quiet} + 9'd2 + F >= {1'b0, idle_run});
    end

    // ---- covers: each property's case happens ------------------------------------------
    // How the last frame ended, for the covers.
    reg end_parity = 1'b0, end_stop = 1'b0, end_timeout = 1'b0;
    always @(posedge clk) begin
        end_parity  <= m_stop && dat_s && !m_parity_ok;
        end_stop    <= m_stop && !dat_s;
        end_timeout <= m_timeout;
    end
    always @(*) begin
        cover_byte:        cover(valid_o);
        cover_byte_f0:     cover(valid_o && data_o == 8'hF0);
        cover_bad_parity:  cover(end_parity && err_count_o == 16'd1);
        cover_bad_stop:    cover(end_stop && err_count_o == 16'd1);
        cover_timeout:     cover(end_timeout && err_count_o == 16'd1);
        cover_glitch:      cover(prev_crun == F - 1 && clk_s != prev_clk_s && clk_f == clk_s);
        cover_armed:       cover(m_armed && !prev_m_armed && !prev_rst);
        cover_idle_tight:  cover(idle_run == IDLE_BOUND - 1 && dut.busy);
    end
endmodule

`default_nettype wire
