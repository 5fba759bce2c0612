// Generals (将军棋) - kbd_frontend: PS/2 receiver plus scan code decoder, the whole
// keyboard path.
// Also the Verilator top for the keyboard-only tests, where the bench plays the consumer.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module kbd_frontend #(
    parameter integer FILTER_CYCLES   = 100,
    parameter integer TIMEOUT_CYCLES  = 5000,
    parameter integer FIFO_DEPTH_LOG2 = 3
) (
    input  wire        clk,           // 50 MHz system clock
    input  wire        rst,           // synchronous, active high
    input  wire        ps2_clk,       // keyboard clock line
    input  wire        ps2_dat,       // keyboard data line
    output wire [2:0]  cmd_o,         // command at the head of the FIFO
    output wire        cmd_valid_o,
    input  wire        cmd_ready_i,
    output wire [7:0]  byte_o,        // debug: last good byte
    output wire        byte_valid_o,  // debug: byte_o is new this cycle
    output wire [15:0] err_count_o,   // debug: bad frames dropped
    output wire [15:0] ovf_count_o    // debug: commands dropped on a full FIFO
);
    ps2_rx #(
        .FILTER_CYCLES (FILTER_CYCLES),
        .TIMEOUT_CYCLES(TIMEOUT_CYCLES)
    ) u_rx (
        .clk        (clk),
        .rst        (rst),
        .ps2_clk    (ps2_clk),
        .ps2_dat    (ps2_dat),
        .data_o     (byte_o),
        .valid_o    (byte_valid_o),
        .err_count_o(err_count_o)
    );

    keyboard #(
        .FIFO_DEPTH_LOG2(FIFO_DEPTH_LOG2)
    ) u_kbd (
        .clk         (clk),
        .rst         (rst),
        .byte_i      (byte_o),
        .byte_valid_i(byte_valid_o),
        .cmd_o       (cmd_o),
        .cmd_valid_o (cmd_valid_o),
        .cmd_ready_i (cmd_ready_i),
        .ovf_count_o (ovf_count_o)
    );
endmodule

`default_nettype wire
