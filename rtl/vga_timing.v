// Generals (将军棋) - vga_timing: VGA 640x480@60 raster (docs/display.md, "VGA timing").
// The beam position the pixel sources work on, and the sync and blank levels of the
// pixel they computed last, for a 25 MHz pixel enable on the 50 MHz clock.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

// VESA 640x480@60 (25.175 MHz nominal; 25.0 MHz from 50 MHz / 2 is accepted by
// monitors). The levels change at five places of a line only, so a register holds
// the next of them (an event) and each pixel costs one compare: the levels are set
// at the event's pixel, the rest of the line only counts.
module vga_timing #(
    parameter [9:0] X0 = 10'd0,   // beam position out of reset
    parameter [9:0] Y0 = 10'd0
) (
    input  wire       clk,        // 50 MHz system clock
    input  wire       rst,        // synchronous reset, active high
    input  wire       pix_en_i,   // pixel enable: one cycle in two (25 MHz)
    output reg  [9:0] sx_o,       // beam: the pixel the sources compute at the next enable
    output reg  [9:0] sy_o,
    output reg        hsync_n_o,  // levels of the pixel the sources computed at the
    output reg        vsync_n_o,  // last enable (the beam one step back)
    output reg        de_o        // data enable: high in the 640x480 visible area
);

    /* verilator lint_off UNUSEDPARAM */
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    localparam [9:0] HS_START  = H_VISIBLE + H_FRONT;                    // 656
    localparam [9:0] HS_END    = HS_START + H_SYNC;                      // 752
    localparam [9:0] H_LAST    = H_TOTAL - 10'd1;

    localparam [9:0] VS_START  = V_VISIBLE + V_FRONT;                    // 490
    localparam [9:0] VS_END    = VS_START + V_SYNC;                      // 492

    // The events of a line, in order, and where each happens.
    localparam [2:0] EV_LINE   = 3'd0;   // x = 0: the line's blank and vsync levels
    localparam [2:0] EV_BLANK  = 3'd1;   // x = 640: blanking
    localparam [2:0] EV_HS     = 3'd2;   // x = 656: hsync
    localparam [2:0] EV_HS_END = 3'd3;   // x = 752: hsync ends
    localparam [2:0] EV_WRAP   = 3'd4;   // x = 799: the next line

    reg [2:0] ev_q;       // the next event
    reg [9:0] ev_x_q;     // ... and its x
    // The beam's state; sx_o and sy_o are its copies for the sources, never read
    // here (see docs/rtl-style.md: private copies).
    reg [9:0] x_q, y_q;

    // See docs/rtl-style.md: block variables.
    always @(posedge clk) begin : step
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [9:0] c_x, c_y;
        reg [2:0] c_ev;
        /* verilator tracing_on */
        // see docs/rtl-style.md: block variables (each assigned first thing)
        c_x = 10'd0; c_y = 10'd0; c_ev = 3'd0;
        if (pix_en_i) begin
            c_x  = x_q;
            c_y  = y_q;
            c_ev = ev_q;
            x_q  <= c_x + 10'd1;
            sx_o <= c_x + 10'd1;
            if (c_x == ev_x_q) begin
                case (c_ev)
                    EV_LINE: begin
                        de_o      <= (c_y < V_VISIBLE);
                        vsync_n_o <= !(c_y >= VS_START && c_y < VS_END);
                        ev_q      <= EV_BLANK;
                        ev_x_q    <= H_VISIBLE;
                    end
                    EV_BLANK: begin
                        de_o   <= 1'b0;
                        ev_q   <= EV_HS;
                        ev_x_q <= HS_START;
                    end
                    EV_HS: begin
                        hsync_n_o <= 1'b0;
                        ev_q      <= EV_HS_END;
                        ev_x_q    <= HS_END;
                    end
                    EV_HS_END: begin
                        hsync_n_o <= 1'b1;
                        ev_q      <= EV_WRAP;
                        ev_x_q    <= H_LAST;
                    end
                    default: begin
                        x_q    <= 10'd0;
                        y_q    <= (c_y == V_LAST) ? 10'd0 : c_y + 10'd1;
                        sx_o   <= 10'd0;
                        sy_o   <= (c_y == V_LAST) ? 10'd0 : c_y + 10'd1;
                        ev_q   <= EV_LINE;
                        ev_x_q <= 10'd0;
                    end
                endcase
            end
        end
        if (rst) begin
            // X0 lies in the back porch of a line: blank, no sync, and the next
            // event is the line's end.
            x_q       <= X0;
            y_q       <= Y0;
            sx_o      <= X0;
            sy_o      <= Y0;
            hsync_n_o <= 1'b1;
            vsync_n_o <= 1'b1;
            de_o      <= 1'b0;
            ev_q      <= EV_WRAP;
            ev_x_q    <= H_LAST;
        end
    end

endmodule

`default_nettype wire
