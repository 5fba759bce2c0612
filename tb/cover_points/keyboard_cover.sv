// Cover points of the scan-code decoder and command FIFO (docs/rules.md §4),
// bound into every keyboard of the coverage build; not part of the design.
`default_nettype none
`timescale 1ns / 1ps

module keyboard_cover #(
    parameter integer DEPTH_LOG2 = 3
) (
    input logic                  clk,
    input logic                  rst,
    input logic                  byte_valid_i,
    input logic                  ext,
    input logic                  brk,
    input logic [DEPTH_LOG2:0]   wr_ptr,   // the FIFO's pointers, one extra bit each
    input logic [DEPTH_LOG2:0]   rd_ptr,
    input logic        cmd_ready_i,
    input logic        cmd_valid_o,
    input logic [15:0] ovf_count_o
);
    localparam logic [DEPTH_LOG2:0] DEPTH = 1 << DEPTH_LOG2;
    wire [DEPTH_LOG2:0] fill = wr_ptr - rd_ptr;
    logic [15:0] ovf_prev;
    always_ff @(posedge clk) ovf_prev <= ovf_count_o;

    fifo_full:         cover property (@(posedge clk) !rst && fill == DEPTH);
    fifo_full_and_pop: cover property (@(posedge clk) !rst && fill == DEPTH && cmd_ready_i
                                       && cmd_valid_o && byte_valid_i);
    overflow_counted:  cover property (@(posedge clk) !rst && ovf_count_o != ovf_prev
                                       && ovf_count_o != 16'd0);
    extended_prefix:   cover property (@(posedge clk) !rst && ext && byte_valid_i);
    break_prefix:      cover property (@(posedge clk) !rst && brk && byte_valid_i);
    extended_break:    cover property (@(posedge clk) !rst && ext && brk && byte_valid_i);
endmodule

bind keyboard keyboard_cover #(.DEPTH_LOG2(FIFO_DEPTH_LOG2)) u_cover (
    .clk(clk), .rst(rst), .byte_valid_i(byte_valid_i), .ext(ext),
    .brk(brk), .wr_ptr(wr_ptr), .rd_ptr(rd_ptr), .cmd_ready_i(cmd_ready_i),
    .cmd_valid_o(cmd_valid_o), .ovf_count_o(ovf_count_o)
);

`default_nettype wire
