// Cover points of the PS/2 receiver (docs/rules.md §4), bound into every
// ps2_rx of the coverage build (tb/dut/build.rs); nothing here is part of
// the design, and neither synthesis nor the speed build reads it.
`default_nettype none
`timescale 1ns / 1ps

module ps2_rx_cover #(
    parameter integer FILTER_CYCLES  = 100,
    parameter integer TIMEOUT_CYCLES = 5000
) (
    input logic        clk,
    input logic        rst,
    input logic        clk_s,       // the synchronised line levels
    input logic        dat_s,
    input logic        clk_f,       // the filtered clock
    input logic [31:0] filt_cnt,
    input logic        armed,
    input logic        busy,
    input logic [3:0]  bit_idx,
    input logic        parity,
    input logic [31:0] idle_cnt,
    input logic        valid_o
);
    localparam logic [3:0] BIT_STOP = 4'd10;
    // The filtered clock falls (a bit is sampled) at this edge.
    wire fall = clk_s != clk_f && filt_cnt == FILTER_CYCLES - 1 && clk_f;
    wire stop = busy && fall && bit_idx == BIT_STOP;

    frame_received:  cover property (@(posedge clk) !rst && valid_o);
    parity_error:    cover property (@(posedge clk) !rst && stop && dat_s && !parity);
    stop_bit_zero:   cover property (@(posedge clk) !rst && stop && !dat_s);
    frame_timed_out: cover property (@(posedge clk) !rst && busy && !fall
                                     && idle_cnt == TIMEOUT_CYCLES && clk_s == clk_f);
    glitch_filtered: cover property (@(posedge clk) !rst && clk_s == clk_f && filt_cnt != 0);
    rearmed:         cover property (@(posedge clk) !rst && !armed && idle_cnt != 0);
endmodule

bind ps2_rx ps2_rx_cover #(
    .FILTER_CYCLES(FILTER_CYCLES),
    .TIMEOUT_CYCLES(TIMEOUT_CYCLES)
) u_cover (
    .clk(clk), .rst(rst), .clk_s(clk_s), .dat_s(dat_s), .clk_f(clk_f),
    .filt_cnt(32'(filt_cnt)), .armed(armed), .busy(busy), .bit_idx(bit_idx),
    .parity(parity), .idle_cnt(32'(idle_cnt)), .valid_o(valid_o)
);

`default_nettype wire
