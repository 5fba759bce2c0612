// Generals (将军棋) - ps2_rx: PS/2 device-to-host receiver (GAME.md §4).
// Turns the keyboard's ps2_clk/ps2_dat pair into bytes; drops and counts bad frames.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module ps2_rx #(
    parameter integer FILTER_CYCLES  = 100,   // 2 us at 50 MHz: shorter ps2_clk pulses are glitches
    parameter integer TIMEOUT_CYCLES = 5000,  // 100 us at 50 MHz without any ps2_clk edge ends a frame
    // After reset, a start bit counts only once ps2_clk has been high, without an
    // edge, this long: 60 us, more than its high phase inside a frame at the slowest
    // rate (50 us at 10 kHz), so a reset in the middle of a frame never takes a
    // later data bit for a start bit. At most TIMEOUT_CYCLES (one counter serves both).
    parameter integer ARM_CYCLES     = 3000
) (
    input  wire        clk,          // 50 MHz system clock
    input  wire        rst,          // synchronous, active high
    input  wire        ps2_clk,      // from the keyboard, asynchronous
    input  wire        ps2_dat,      // from the keyboard, asynchronous
    output reg  [7:0]  data_o,       // received byte
    output reg         valid_o,      // one-cycle pulse: data_o holds a good byte
    output reg  [15:0] err_count_o   // frames dropped (parity, stop bit, timeout); saturates
);
    localparam integer FILTER_W  = $clog2(FILTER_CYCLES + 1);
    localparam integer TIMEOUT_W = $clog2(TIMEOUT_CYCLES + 1);
    // A frame is start + 8 data + parity + stop; bit_idx counts the bits seen so far.
    localparam [3:0] BIT_PARITY = 4'd9;
    localparam [15:0] ERR_MAX   = 16'hFFFF;

    // Two flops per line: ps2_clk and ps2_dat are asynchronous to clk.
    reg [1:0] clk_sync, dat_sync;
    always @(posedge clk) begin
        clk_sync <= {clk_sync[0], ps2_clk};
        dat_sync <= {dat_sync[0], ps2_dat};
    end
    wire clk_s = clk_sync[1];
    wire dat_s = dat_sync[1];

    // The filtered clock follows clk_s only after it has held a new level for
    // FILTER_CYCLES, so a spike on a long cable never counts as an edge.
    reg                clk_f;
    reg [FILTER_W-1:0] filt_cnt;
    wire               filt_flip = (clk_s != clk_f) && (filt_cnt == FILTER_CYCLES[FILTER_W-1:0] - 1'b1);
    wire               fall = filt_flip && clk_f;   // clk_f is about to go 1 -> 0

    always @(posedge clk) begin
        if (rst) begin
            clk_f    <= 1'b1;                        // the idle bus is high
            filt_cnt <= {FILTER_W{1'b0}};
        end else if (clk_s == clk_f) begin
            filt_cnt <= {FILTER_W{1'b0}};
        end else if (filt_flip) begin
            clk_f    <= clk_s;
            filt_cnt <= {FILTER_W{1'b0}};
        end else begin
            filt_cnt <= filt_cnt + 1'b1;
        end
    end

    reg                 armed;      // the bus has been idle since reset: start bits count
    reg                 busy;       // inside a frame (start bit seen)
    reg [3:0]           bit_idx;    // next bit to receive, 1 = first data bit
    reg [7:0]           shift;
    reg                 parity;     // running XOR of data bits
    // Cycles since the last ps2_clk edge in a frame. Counting from any edge, not
    // just falling ones, keeps the timeout at twice the slowest half period (50 us
    // at 10 kHz) while a whole 10 kHz period is itself 100 us. Before arming, the
    // same counter measures how long ps2_clk has been idle high.
    reg [TIMEOUT_W-1:0] idle_cnt;

    wire timeout = busy && !filt_flip && (idle_cnt == TIMEOUT_CYCLES[TIMEOUT_W-1:0]);
    // Odd parity: data bits plus the parity bit hold an odd number of ones.
    wire parity_ok = (parity ^ dat_s) == 1'b1;
    // At the stop bit, parity holds the parity check's result and dat_s the stop bit.
    wire frame_good = dat_s && parity;

    always @(posedge clk) begin
        if (rst) begin
            armed       <= 1'b0;
            busy        <= 1'b0;
            bit_idx     <= 4'd0;
            shift       <= 8'd0;
            parity      <= 1'b0;
            idle_cnt    <= {TIMEOUT_W{1'b0}};
            data_o      <= 8'd0;
            valid_o     <= 1'b0;
            err_count_o <= 16'd0;
        end else begin
            valid_o <= 1'b0;
            if (!armed) begin
                if (filt_flip || !clk_f)
                    idle_cnt <= {TIMEOUT_W{1'b0}};
                else if (idle_cnt == ARM_CYCLES[TIMEOUT_W-1:0])
                    armed    <= 1'b1;
                else
                    idle_cnt <= idle_cnt + 1'b1;
            end else if (!busy) begin
                idle_cnt <= {TIMEOUT_W{1'b0}};
                // Only a 0 start bit opens a frame; a 1 is line noise and is skipped.
                if (fall && !dat_s) begin
                    busy    <= 1'b1;
                    bit_idx <= 4'd1;
                    parity  <= 1'b0;
                end
            end else if (timeout) begin
                busy <= 1'b0;
                if (err_count_o != ERR_MAX) err_count_o <= err_count_o + 1'b1;
            end else if (!filt_flip) begin
                idle_cnt <= idle_cnt + 1'b1;
            end else if (fall) begin
                idle_cnt <= {TIMEOUT_W{1'b0}};
                bit_idx  <= bit_idx + 1'b1;
                if (bit_idx < BIT_PARITY) begin
                    shift  <= {dat_s, shift[7:1]};   // LSB first
                    parity <= parity ^ dat_s;
                end else if (bit_idx == BIT_PARITY) begin
                    parity <= parity_ok;             // from here on: "parity was good"
                end else begin                       // stop bit: the frame ends either way
                    busy <= 1'b0;
                    if (frame_good) begin
                        data_o  <= shift;
                        valid_o <= 1'b1;
                    end else if (err_count_o != ERR_MAX) begin
                        err_count_o <= err_count_o + 1'b1;
                    end
                end
            end else begin
                idle_cnt <= {TIMEOUT_W{1'b0}};       // rising edge
            end
        end
    end
endmodule

`default_nettype wire
