// Generals (将军棋) - vga_timing: VGA 640x480@60 timing generator.
// Beam position and sync for a 25 MHz pixel enable on the 50 MHz clock.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

// VESA 640x480@60 (25.175 MHz nominal; 25.0 MHz from 50 MHz / 2 is accepted by
// monitors). Every output is registered and describes the same pixel: the
// flags are computed from the next position, not from the current one.
module vga_timing (
    input  wire       clk,        // 50 MHz system clock
    input  wire       rst,        // synchronous reset, active high
    input  wire       pix_en_i,   // pixel enable: one cycle in two (25 MHz)
    output reg  [9:0] sx_o,       // horizontal position, 0-799
    output reg  [9:0] sy_o,       // vertical position, 0-524
    output reg        hsync_n_o,  // horizontal sync, active low
    output reg        vsync_n_o,  // vertical sync, active low
    output reg        de_o        // data enable: high in the 640x480 visible area
);

    localparam [9:0] H_VISIBLE = 10'd640;
    localparam [9:0] H_FRONT   = 10'd16;
    localparam [9:0] H_SYNC    = 10'd96;
    localparam [9:0] H_BACK    = 10'd48;
    localparam [9:0] H_TOTAL   = H_VISIBLE + H_FRONT + H_SYNC + H_BACK;  // 800
    localparam [9:0] HS_START  = H_VISIBLE + H_FRONT;                    // 656
    localparam [9:0] HS_END    = HS_START + H_SYNC;                      // 752
    localparam [9:0] H_LAST    = H_TOTAL - 10'd1;

    localparam [9:0] V_VISIBLE = 10'd480;
    localparam [9:0] V_FRONT   = 10'd10;
    localparam [9:0] V_SYNC    = 10'd2;
    localparam [9:0] V_BACK    = 10'd33;
    localparam [9:0] V_TOTAL   = V_VISIBLE + V_FRONT + V_SYNC + V_BACK;  // 525
    localparam [9:0] VS_START  = V_VISIBLE + V_FRONT;                    // 490
    localparam [9:0] VS_END    = VS_START + V_SYNC;                      // 492
    localparam [9:0] V_LAST    = V_TOTAL - 10'd1;

    // The next position, in variables of the block: computed only on the
    // pixel enable (as wires a simulator would compute them in every cycle).
    always @(posedge clk) begin : step
        // The block's variables are not traced, so a simulator keeps them as locals.
        /* verilator tracing_off */
        reg       line_end;
        reg [9:0] sx_d, sy_d;
        /* verilator tracing_on */
        if (pix_en_i) begin
            line_end  = (sx_o == H_LAST);
            sx_d      = line_end ? 10'd0 : sx_o + 10'd1;
            sy_d      = !line_end ? sy_o : (sy_o == V_LAST) ? 10'd0 : sy_o + 10'd1;
            sx_o      <= sx_d;
            sy_o      <= sy_d;
            hsync_n_o <= ~(sx_d >= HS_START && sx_d < HS_END);
            vsync_n_o <= ~(sy_d >= VS_START && sy_d < VS_END);
            de_o      <= (sx_d < H_VISIBLE && sy_d < V_VISIBLE);
        end
        if (rst) begin
            // (0, 0) with the flags that belong to it.
            sx_o      <= 10'd0;
            sy_o      <= 10'd0;
            hsync_n_o <= 1'b1;
            vsync_n_o <= 1'b1;
            de_o      <= 1'b1;
        end
    end

endmodule

`default_nettype wire
