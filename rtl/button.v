// Generals (将军棋) - button: synchroniser and debouncer for one active-low board push-button
// (docs/rules.md §3).
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
    wire            key_s;             // key_n, synchronised (sync2)
    reg             level;             // the debounced level: pressed_o's state
    reg [CNT_W-1:0] cnt;
    initial begin
        level     = 1'b0;
        cnt       = {CNT_W{1'b0}};
        pressed_o = 1'b0;
        press_o   = 1'b0;
    end

    sync2 #(.WIDTH(1), .INIT(1'b0)) u_sync (
        .clk(clk),
        .d  (key_n),
        .q  (key_s)
    );

    // The level flips once the synchronised input has disagreed with it for
    // DEBOUNCE_CYCLES cycles in a row; any bounce back restarts the count.
    // The common case, the input agreeing with the level, is one compare. The
    // outputs are never read here: level is their state (see docs/rtl-style.md:
    // block variables, private copies).
    always @(posedge clk) begin : debounce
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg             c_raw, c_level;
        reg [CNT_W-1:0] c_cnt;
        /* verilator tracing_on */
        c_raw   = ~key_s;
        c_level = level;
        c_cnt   = cnt;
        if (c_raw == c_level) begin
            if (c_cnt != {CNT_W{1'b0}}) cnt <= {CNT_W{1'b0}};
            press_o <= 1'b0;
        end else if (c_cnt == DEBOUNCE_CYCLES[CNT_W-1:0] - 1'b1) begin
            cnt       <= {CNT_W{1'b0}};
            level     <= c_raw;
            pressed_o <= c_raw;
            press_o   <= c_raw;
        end else begin
            cnt     <= c_cnt + 1'b1;
            press_o <= 1'b0;
        end
    end
endmodule

`default_nettype wire
