// Generals (将军棋) - button: synchroniser and debouncer for one active-low board push-button
// (GAME.md §3).
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module button #(
    parameter integer DEBOUNCE_CYCLES = 50000   // 1 ms at 50 MHz; the test bench reads this number too
) (
    input  wire clk,        // 50 MHz system clock
    input  wire key_n,      // raw KEY pin, low while pressed, bounces, asynchronous
    output reg  pressed_o,  // debounced level, high while pressed
    output reg  press_o     // one-cycle pulse in the cycle pressed_o rises
);
    localparam integer CNT_W = $clog2(DEBOUNCE_CYCLES);

    // No reset here: this block produces the reset. The power-up values are
    // given explicitly (Quartus honours them for Cyclone IV flip-flops, and a
    // 4-state simulator needs them); all 0, as the bench's predictor assumes.
    reg [1:0]       sync;
    reg [CNT_W-1:0] cnt;
    initial begin
        sync      = 2'b00;
        cnt       = {CNT_W{1'b0}};
        pressed_o = 1'b0;
        press_o   = 1'b0;
    end
    wire            raw_pressed = ~sync[1];

    // The level flips once the synchronised input has disagreed with it for
    // DEBOUNCE_CYCLES cycles in a row; any bounce back restarts the count.
    // The common case, the input agreeing with the level, is one compare.
    always @(posedge clk) begin
        if (raw_pressed == pressed_o) begin
            cnt     <= {CNT_W{1'b0}};
            press_o <= 1'b0;
        end else if (cnt == DEBOUNCE_CYCLES[CNT_W-1:0] - 1'b1) begin
            cnt       <= {CNT_W{1'b0}};
            pressed_o <= raw_pressed;
            press_o   <= raw_pressed;
        end else begin
            cnt     <= cnt + 1'b1;
            press_o <= 1'b0;
        end
        sync <= {sync[0], key_n};
    end
endmodule

`default_nettype wire
