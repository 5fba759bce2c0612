// Generals (将军棋) - delay_line: a WIDTH-bit signal delayed by DEPTH enabled clock
// edges (pipeline stages that only carry a value along), with a reset value.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module delay_line #(
    parameter integer     WIDTH = 1,            // bits carried
    parameter integer     DEPTH = 1,            // stages, 1 or more
    parameter [WIDTH-1:0] RESET = {WIDTH{1'b0}} // every stage's value in reset
) (
    input  wire             clk,    // 50 MHz
    input  wire             rst,    // synchronous, active high
    input  wire             en_i,   // the stages advance
    input  wire [WIDTH-1:0] d_i,    // value in
    output wire [WIDTH-1:0] q_o     // value DEPTH enabled edges ago
);
    reg [WIDTH*DEPTH-1:0] stages;
    generate
        if (DEPTH == 1) begin : g_one
            always @(posedge clk) begin
                if (rst)       stages <= RESET;
                else if (en_i) stages <= d_i;
            end
        end else begin : g_many
            always @(posedge clk) begin
                if (rst)       stages <= {DEPTH{RESET}};
                else if (en_i) stages <= {stages[WIDTH*(DEPTH-1)-1:0], d_i};
            end
        end
    endgenerate
    assign q_o = stages[WIDTH*DEPTH-1 -: WIDTH];
endmodule

`default_nettype wire
