// Generals (将军棋) - map_rom: the 128 initial maps of GAME.md section 2, 4096 words
// x 10 bits.
// Map m occupies words 32*m .. 32*m+31; word = {x[3:0], y[3:0], type[1:0]}.
// Contents come from the generated files in maps/ (see maps/README.md), never from code.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module map_rom #(
    parameter INIT_HEX = "maps/maps.hex"  // $readmemh image for simulation
) (
    input  wire        clk,   // system clock
    input  wire        en,    // read enable (a map load)
    input  wire [11:0] addr,  // 32 * map + word
    output reg  [9:0]  data   // word at addr, one enabled cycle after addr
);
    localparam integer WIDTH = 10;
    localparam integer DEPTH = 4096;

    // Quartus takes the contents from the attribute, not from the initial
    // block below; the MIF and the hex image come from one generator run and a
    // test proves they hold the same words. The path is relative to the Quartus
    // project directory, so the project must sit at the repository root.
    // The registered read with no write port is what lets Quartus map this
    // onto M9K blocks (5 of them at 4096 x 10) instead of logic.
    (* ram_init_file = "maps/maps.mif" *) reg [WIDTH-1:0] mem [0:DEPTH-1];

    // Simulators load the contents here. Quartus must not (it would take them
    // from INIT_HEX instead of the attribute): tools that define SYNTHESIS
    // skip the block, and Quartus, which need not define it, honours
    // translate_off. Yosys (scripts/synth) has no ram_init_file, so it loads
    // the image: with the ROM read as X it would sweep away the map loader
    // behind it, and the synthesis report would not cover that logic.
`ifdef YOSYS
    initial $readmemh(INIT_HEX, mem);
`elsif SYNTHESIS
`else
    // synthesis translate_off
    initial $readmemh(INIT_HEX, mem);
    // synthesis translate_on
`endif

    always @(posedge clk) begin
        if (en) data <= mem[addr];
    end
endmodule

`default_nettype wire
