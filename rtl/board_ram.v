// Generals (将军棋) - board_ram: the 100 board cells, one 13-bit word each.
// One write port (the game engine) and two registered read ports: A for the
// engine, B for the video scan. On the board this is block RAM (Quartus
// duplicates it for the second read port); in simulation an array, which the
// simulator updates one word at a time instead of copying a wide vector.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module board_ram #(
    parameter integer WIDTH = 13,       // {owner, kind, troops}
    parameter integer ADDRW = 7         // 128 words, cells 0..99 used
) (
    input  wire             clk,        // 50 MHz
    input  wire             we_i,       // write enable
    input  wire [ADDRW-1:0] waddr_i,    // cell written
    input  wire [WIDTH-1:0] wdata_i,    // its new value
    input  wire             a_en_i,     // read port A enable
    input  wire [ADDRW-1:0] a_addr_i,   // read port A address
    output reg  [WIDTH-1:0] a_data_o,   // mem[a_addr_i], one enabled cycle later
    input  wire             b_en_i,     // read port B enable
    input  wire [ADDRW-1:0] b_addr_i,   // read port B address
    output reg  [WIDTH-1:0] b_data_o    // mem[b_addr_i], one enabled cycle later
);
    localparam integer DEPTH = 1 << ADDRW;

    // The bench reads the whole board back through Verilator's access to this
    // array (GAME.md section 7), hence the public marker.
    reg [WIDTH-1:0] mem [0:DEPTH-1] /* verilator public_flat_rd */;

    // Power-up contents: an empty board, so that a 4-state simulator shows no X
    // (on the FPGA block RAM powers up 0 unless initialised).
    integer i;
    initial begin
        for (i = 0; i < DEPTH; i = i + 1) mem[i] = {WIDTH{1'b0}};
        a_data_o = {WIDTH{1'b0}};
        b_data_o = {WIDTH{1'b0}};
    end

    // Old data on a read of the word being written: the engine never reads
    // the cell it writes in the same cycle, and the scan runs while the engine
    // is held, so the choice never shows.
    always @(posedge clk) begin
        if (we_i) mem[waddr_i] <= wdata_i;
    end
    always @(posedge clk) begin
        if (a_en_i) a_data_o <= mem[a_addr_i];
    end
    always @(posedge clk) begin
        if (b_en_i) b_data_o <= mem[b_addr_i];
    end
endmodule

`default_nettype wire
