// Generals (将军棋) - sync2: two-flop synchroniser, for the inputs that are asynchronous
// to clk (the push-buttons, the slide switches, the PS/2 lines).
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module sync2 #(
    parameter integer     WIDTH = 1,               // bits, each synchronised on its own
    parameter [WIDTH-1:0] INIT  = {WIDTH{1'b0}}    // power-up value of both stages
) (
    input  wire             clk,    // the clock the inputs are brought into
    input  wire [WIDTH-1:0] d,      // asynchronous inputs
    output reg  [WIDTH-1:0] q       // d two edges later, safe to use in clk's domain
);
    // No reset: the stages follow d within two cycles of power-up. The power-up
    // value is explicit (Quartus honours it on Cyclone IV flip-flops; a 4-state
    // simulator would otherwise show X until then).
    reg [WIDTH-1:0] meta;           // first stage: may go metastable, read only by q
    initial begin
        meta = INIT;
        q    = INIT;
    end
    // One register per stage, each written from the one before it (see
    // docs/rtl-style.md: synchronisers).
    always @(posedge clk) begin
        q    <= meta;
        meta <= d;
    end
endmodule

`default_nettype wire
