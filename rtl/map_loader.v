// Generals (将军棋) - map_loader: streams one map's 32 ROM words (GAME.md section 2) to the
// game engine and finds both capitals for the initial cursors.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module map_loader #(
    parameter MAP_INIT_HEX = "maps/maps.hex"    // $readmemh image of all 128 maps
) (
    input  wire       clk,                      // 50 MHz, the only clock
    input  wire       rst,                      // synchronous, active high
    input  wire       start_i,                  // one-cycle: load map_i (ignored while busy)
    input  wire [6:0] map_i,                    // map index, valid with start_i
    output reg        stage_we_o,               // word_o is one of the map's words
    output wire [9:0] word_o,                   // {x[3:0], y[3:0], type[1:0]}
    output reg  [7:0] red_cap_o,                // {x, y} of the Red capital
    output reg  [7:0] blue_cap_o,               // {x, y} of the Blue capital
    output reg        done_o                    // one-cycle: every word has been staged
);

    localparam integer    WORD_BITS     = 5;               // 32 words per map
    localparam [WORD_BITS-1:0] LAST_WORD = {WORD_BITS{1'b1}};
    localparam [3:0]      COORD_MAX     = 4'd9;            // board is 10 x 10
    localparam [1:0]      TYPE_RED_CAP  = 2'b10;
    localparam [1:0]      TYPE_BLUE_CAP = 2'b11;

    reg  [6:0]           map_q;
    reg  [WORD_BITS-1:0] word_cnt_q;
    reg                  run_q;     // issuing addresses
    reg                  last_q;    // the word arriving now is the map's last

    // The ROM answers one cycle after the address, so "a word arrives" is the
    // address-issue flag delayed by one cycle.
    map_rom #(
        .INIT_HEX (MAP_INIT_HEX)
    ) u_map_rom (
        .clk  (clk),
        .addr ({map_q, word_cnt_q}),
        .data (word_o)
    );

    // A start while busy is dropped (game_logic never sends one).
    wire busy  = run_q || stage_we_o || done_o;
    wire begin_load = start_i && !busy;

    // Padding words (x = y = 15) and any other off-board word describe nothing.
    wire word_on_board = (word_o[9:6] <= COORD_MAX) && (word_o[5:2] <= COORD_MAX);

    // Only the first capital of each colour counts, as in the golden model's Map helper
    // (matters only for a malformed map).
    reg red_seen_q;
    reg blue_seen_q;

    always @(posedge clk) begin
        if (rst) begin
            map_q       <= 7'd0;
            word_cnt_q  <= {WORD_BITS{1'b0}};
            run_q       <= 1'b0;
            last_q      <= 1'b0;
            stage_we_o  <= 1'b0;
            done_o      <= 1'b0;
            red_cap_o   <= 8'd0;
            blue_cap_o  <= 8'd0;
            red_seen_q  <= 1'b0;
            blue_seen_q <= 1'b0;
        end else if (start_i || busy) begin
            // Idle (no load under way, none asked for) nothing here changes:
            // the guard lets the simulator skip this block in those cycles.
            stage_we_o <= run_q;
            last_q     <= run_q && (word_cnt_q == LAST_WORD);
            done_o     <= stage_we_o && last_q;

            if (begin_load) begin
                map_q       <= map_i;
                word_cnt_q  <= {WORD_BITS{1'b0}};
                run_q       <= 1'b1;
                red_seen_q  <= 1'b0;
                blue_seen_q <= 1'b0;
            end else if (run_q) begin
                word_cnt_q <= word_cnt_q + 1'b1;
                if (word_cnt_q == LAST_WORD) run_q <= 1'b0;
            end

            // Nested, not `&&`: the simulator then decodes the word only
            // when one arrives.
            if (stage_we_o) begin
                if (word_on_board) begin
                    if (word_o[1:0] == TYPE_RED_CAP && !red_seen_q) begin
                        red_cap_o  <= word_o[9:2];
                        red_seen_q <= 1'b1;
                    end
                    if (word_o[1:0] == TYPE_BLUE_CAP && !blue_seen_q) begin
                        blue_cap_o  <= word_o[9:2];
                        blue_seen_q <= 1'b1;
                    end
                end
            end
        end
    end

endmodule

`default_nettype wire
