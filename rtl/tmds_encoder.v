// Generals (将军棋) - tmds_encoder: one lane of DVI 1.0's TMDS encoding (docs/board.md (the ULX3S)):
// a byte of active video, or a two-bit control code in blanking, becomes the 10-bit
// symbol the lane's serialiser sends, bit 0 first. Three of them (blue, green, red)
// make the ULX3S's DVI picture; the serialiser and the PLL are the board top's.
// Latency: one enabled pixel. The inputs are taken at an edge of clk with ce high,
// and q holds their symbol from that edge to the next edge with ce high; with ce
// low, q and the running disparity keep their values whatever the inputs do.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

// DVI 1.0, section 3.2.3 (the T.M.D.S. encode algorithm), in its two stages:
// 1. Transition minimising: q_m[0] = d[0] and each later q_m[i] is q_m[i-1] XOR d[i],
//    or XNOR when d has more than four ones, or four ones and d[0] = 0; q_m[8] is 1
//    for XOR, 0 for XNOR.
// 2. DC balance: cnt, the running disparity (ones sent minus zeros sent since the
//    last blanking), decides whether q_m[7:0] goes out inverted, which q[9] says
//    (q[8] = q_m[8]). With cnt = 0 or a balanced q_m[7:0] (four ones), q[9] is
//    NOT q_m[8]; otherwise it inverts when cnt and q_m[7:0] lean the same way
//    (cnt > 0 with more ones than zeros, or cnt < 0 with more zeros). cnt then
//    grows by the symbol's own disparity, the 2*q_m[8] and 2*(~q_m[8]) terms being
//    q[9:8]'s share.
// In blanking (de = 0) the symbol is one of the four control symbols, chosen by
// {C1, C0}, and cnt returns to 0. C0 and C1 are ports of their own, as DVI names
// them: a wire that joined them outside would be logic on the board top's inputs,
// which a simulator evaluates at every change rather than at the clock edge.
module tmds_encoder (
    input  wire       clk,  // the core's 50 MHz clock
    input  wire       ce,   // pixel enable: one cycle in two (25 MHz)
    input  wire       de,   // 1: active video, encode d; 0: blanking, send c's symbol
    input  wire [7:0] d,    // the pixel's 8-bit channel value
    input  wire       c0,   // control code {C1, C0}: hsync on the blue lane, 0 on the others
    input  wire       c1,   //   vsync on the blue lane, 0 on the others
    output reg  [9:0] q     // the symbol, bit 0 sent first
);
    // The four control symbols, as q[9:0] (DVI 1.0 writes them bit 0 first:
    // q_out[0:9] = 0010101011, 1101010100, 0010101010, 1101010101).
    localparam [9:0] CTRL_00 = 10'b1101010100;   // C1 = 0, C0 = 0
    localparam [9:0] CTRL_01 = 10'b0010101011;   // C1 = 0, C0 = 1
    localparam [9:0] CTRL_10 = 10'b0101010100;   // C1 = 1, C0 = 0
    localparam [9:0] CTRL_11 = 10'b1010101011;   // C1 = 1, C0 = 1
    localparam [3:0] HALF    = 4'd4;             // half of a byte's 8 bits: balanced
    // The running disparity stays within -8..+8 (tb/golden/src/tmds.rs says why):
    // 5 bits, two's complement. Its sums are taken modulo 32, exact since each
    // result lies in that range.
    localparam integer       CNT_W     = 5;
    localparam [CNT_W-1:0]   CNT_ZERO  = {CNT_W{1'b0}};
    localparam [CNT_W-1:0]   BYTE_BITS = 5'd8;   // N1 + N0 of a byte: N1 - N0 = 2*N1 - 8

    reg [CNT_W-1:0] cnt_q;   // running disparity; read by this block only

    // Power-up values (no reset: blanking sets the disparity to 0 at the first
    // blank pixel, and a 4-state simulator would otherwise show X until then):
    // the control symbol of C1 = C0 = 0 and a balanced line.
    initial begin
        q     = CTRL_00;
        cnt_q = CNT_ZERO;
    end

    // The number of ones in a byte, 0..8.
    function automatic [3:0] ones(input [7:0] v);
        integer i;
        begin
            ones = 4'd0;
            for (i = 0; i < 8; i = i + 1)
                ones = ones + {3'd0, v[i]};
        end
    endfunction

    // Stage 1: q_m[8:0] of byte v.
    function automatic [8:0] stage1(input [7:0] v);
        integer   i;
        reg [3:0] n1;
        reg       use_xnor;
        reg [8:0] m;
        begin
            n1       = ones(v);
            use_xnor = (n1 > HALF) || (n1 == HALF && !v[0]);
            m        = 9'd0;
            m[0]     = v[0];
            for (i = 1; i < 8; i = i + 1)
                m[i] = m[i-1] ^ v[i] ^ use_xnor;   // a XNOR b = a XOR b XOR 1
            m[8]     = !use_xnor;
            stage1   = m;
        end
    endfunction

    // See docs/rtl-style.md: block variables.
    always @(posedge clk) begin : encode
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [CNT_W-1:0] c_cnt;      // the running disparity before this symbol
        reg [8:0]       t_qm;       // stage 1's q_m[8:0]
        reg [3:0]       t_n1;       // N1 of q_m[7:0]
        reg [CNT_W-1:0] t_disp;     // N1 - N0 of q_m[7:0]
        reg [CNT_W-1:0] t_m8x2;     // 2*q_m[8]
        reg [CNT_W-1:0] t_nm8x2;    // 2*(~q_m[8])
        /* verilator tracing_on */
        // see docs/rtl-style.md: block variables (each assigned first thing)
        c_cnt = CNT_ZERO; t_qm = 9'd0; t_n1 = 4'd0; t_disp = CNT_ZERO;
        t_m8x2 = CNT_ZERO; t_nm8x2 = CNT_ZERO;
        if (ce) begin
            if (de) begin
                c_cnt   = cnt_q;
                t_qm    = stage1(d);
                t_n1    = ones(t_qm[7:0]);
                t_disp  = {t_n1, 1'b0} - BYTE_BITS;
                t_m8x2  = {{(CNT_W-2){1'b0}}, t_qm[8], 1'b0};
                t_nm8x2 = {{(CNT_W-2){1'b0}}, !t_qm[8], 1'b0};
                if (c_cnt == CNT_ZERO || t_n1 == HALF) begin
                    // No lean to correct: q_m[7:0] inverted exactly when XNOR made it.
                    q     <= {!t_qm[8], t_qm[8], t_qm[7:0] ^ {8{!t_qm[8]}}};
                    cnt_q <= t_qm[8] ? c_cnt + t_disp : c_cnt - t_disp;
                end else if ((!c_cnt[CNT_W-1] && t_n1 > HALF)
                             || (c_cnt[CNT_W-1] && t_n1 < HALF)) begin
                    // cnt and q_m[7:0] lean the same way: invert.
                    q     <= {1'b1, t_qm[8], ~t_qm[7:0]};
                    cnt_q <= c_cnt + t_m8x2 - t_disp;
                end else begin
                    q     <= {1'b0, t_qm[8], t_qm[7:0]};
                    cnt_q <= c_cnt - t_nm8x2 + t_disp;
                end
            end else begin
                case ({c1, c0})
                    2'b00:   q <= CTRL_00;
                    2'b01:   q <= CTRL_01;
                    2'b10:   q <= CTRL_10;
                    default: q <= CTRL_11;
                endcase
                cnt_q <= CNT_ZERO;
            end
        end
    end
endmodule

`default_nettype wire
