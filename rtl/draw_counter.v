// Generals (将军棋) - draw_counter: the free-running draw counter (抽签器) that picks map and
// first player (docs/rules.md §3).
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module draw_counter (
    input  wire       clk,     // 50 MHz system clock
    input  wire       rst,     // synchronous, active high: forces the count to 0
    output reg  [6:0] count_o  // 0..127, one step per cycle, one value per map
);
    // The count's state; count_o is its copy for the readers, never read here
    // (see docs/rtl-style.md: private copies).
    reg [6:0] cnt;
    always @(posedge clk) begin
        count_o <= rst ? 7'd0 : cnt + 7'd1;     // wraps 127 -> 0 by width
        cnt     <= rst ? 7'd0 : cnt + 7'd1;
    end
endmodule

`default_nettype wire
