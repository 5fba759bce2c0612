// Generals (将军棋) - board_status: the DE2-115's own displays, for a person at the
// board: HEX4..HEX0 show the round in decimal, LEDR the keyboard's bad-frame
// count, LEDG whose turn it is.
// Part of the Generals FPGA project, MIT licence.
//
// The round is converted to decimal by shift-and-add-3 (double dabble), one bit
// per cycle, over and over: 17 cycles per conversion is far faster than the
// eye, and it costs a 36-bit shift register instead of a combinational divider.
// HEX segments are active low, bit 0 = segment a ... bit 6 = segment g
// (DE2-115 user manual, section 4.4); a leading zero is blank, as is every
// display while no game is on.

`default_nettype none
`timescale 1ns / 1ps

module board_status (
    input  wire        clk,        // system clock
    input  wire        rst,        // synchronous reset
    input  wire [1:0]  phase_i,    // 0 title, 1 playing, 2 game over
    input  wire [1:0]  player_i,   // 1 red, 2 blue: whose turn
    input  wire [15:0] round_i,    // round number
    input  wire [15:0] kbd_err_i,  // keyboard frames dropped (parity, framing, timeout)
    output reg  [6:0]  hex0_o,     // round, ones
    output reg  [6:0]  hex1_o,     // round, tens
    output reg  [6:0]  hex2_o,     // round, hundreds
    output reg  [6:0]  hex3_o,     // round, thousands
    output reg  [6:0]  hex4_o,     // round, ten thousands
    output reg  [17:0] ledr_o,     // [15:0] keyboard error count
    output reg  [8:0]  ledg_o      // [0] red to move, [1] blue to move, [8] game over
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    localparam integer BIN_W    = 16;
    localparam integer DIGITS   = 5;
    localparam integer BCD_W    = 4 * DIGITS;
    localparam integer STEP_W   = 5;
    localparam [STEP_W-1:0] LAST_STEP = BIN_W[STEP_W-1:0];

    localparam [6:0] SEG_BLANK  = 7'h7F;

    // One decimal digit as segments gfedcba, active low.
    function automatic [6:0] seg(input [3:0] d);
        case (d)
            4'd0:    seg = 7'h40;
            4'd1:    seg = 7'h79;
            4'd2:    seg = 7'h24;
            4'd3:    seg = 7'h30;
            4'd4:    seg = 7'h19;
            4'd5:    seg = 7'h12;
            4'd6:    seg = 7'h02;
            4'd7:    seg = 7'h78;
            4'd8:    seg = 7'h00;
            4'd9:    seg = 7'h10;
            default: seg = SEG_BLANK;
        endcase
    endfunction

    // Every BCD digit of 5 or more gets 3 added before the shift, so that the
    // shift carries it into the next digit as decimal.
    function automatic [BCD_W-1:0] add3(input [BCD_W-1:0] b);
        integer k;
        begin
            add3 = b;
            for (k = 0; k < DIGITS; k = k + 1)
                if (b[4*k +: 4] > 4'd4) add3[4*k +: 4] = b[4*k +: 4] + 4'd3;
        end
    endfunction

    reg [BCD_W-1:0]  bcd;
    reg [BIN_W-1:0]  bin;
    reg [STEP_W-1:0] step;

    wire [BCD_W-1:0] bcd_adj = add3(bcd);
    wire             shown   = (phase_i != PH_IDLE);

    always @(posedge clk) begin
        if (rst) begin
            bcd    <= {BCD_W{1'b0}};
            bin    <= {BIN_W{1'b0}};
            step   <= {STEP_W{1'b0}};
            hex0_o <= SEG_BLANK;
            hex1_o <= SEG_BLANK;
            hex2_o <= SEG_BLANK;
            hex3_o <= SEG_BLANK;
            hex4_o <= SEG_BLANK;
            ledr_o <= 18'd0;
            ledg_o <= 9'd0;
        end else begin
            ledr_o <= {2'b00, kbd_err_i};
            ledg_o <= {phase_i == PH_OVER, 6'd0,
                       shown && player_i == PL_BLUE, shown && player_i == PL_RED};
            if (step == LAST_STEP) begin
                // bcd holds the round sampled at the conversion's start.
                hex0_o <= shown ? seg(bcd[3:0]) : SEG_BLANK;
                hex1_o <= (shown && bcd[19:4]  != 16'd0) ? seg(bcd[7:4])   : SEG_BLANK;
                hex2_o <= (shown && bcd[19:8]  != 12'd0) ? seg(bcd[11:8])  : SEG_BLANK;
                hex3_o <= (shown && bcd[19:12] != 8'd0)  ? seg(bcd[15:12]) : SEG_BLANK;
                hex4_o <= (shown && bcd[19:16] != 4'd0)  ? seg(bcd[19:16]) : SEG_BLANK;
                bcd    <= {BCD_W{1'b0}};
                bin    <= round_i;
                step   <= {STEP_W{1'b0}};
            end else begin
                {bcd, bin} <= {bcd_adj, bin} << 1;
                step       <= step + 1'b1;
            end
        end
    end
endmodule

`default_nettype wire
