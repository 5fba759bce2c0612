// Generals (将军棋) - sync_rom: synchronous ROM loaded from a hex file.
// Used for the font, the troop digits and the cell icons (images in rtl/gfx/).
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

// One registered read port with a clock enable, so that Quartus maps it to
// block RAM (M9K) and the renderer can advance it with the pixel enable.
module sync_rom #(
    parameter integer WIDTH  = 8,               // bits per word
    parameter integer DEPTH  = 256,             // words
    parameter integer ADDRW  = $clog2(DEPTH),   // address bits
    parameter INIT_F = ""               // $readmemh image: one word per line
) (
    input  wire             clk,     // 50 MHz system clock
    input  wire             en_i,    // read enable (pixel enable)
    input  wire [ADDRW-1:0] addr_i,  // word address
    output reg  [WIDTH-1:0] data_o   // word, one enabled cycle after its address
);

    reg [WIDTH-1:0] memory [0:DEPTH-1];

    initial $readmemh(INIT_F, memory);

    // No reset: a block-RAM output register; the renderer ignores it until
    // its own (reset) pipeline flags say the data belongs to a visible pixel.
    always @(posedge clk) begin
        if (en_i) data_o <= memory[addr_i];
    end

endmodule

`default_nettype wire
