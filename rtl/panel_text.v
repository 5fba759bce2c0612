// Generals (将军棋) - panel_text: every text on screen (docs/display.md, "Title
// screen", "Side panel", "GAME_OVER banner"), the title's gold rule and the panel's
// background. Pixel stages S1 (text boxes and panel grid) to S4 (font ROM row); all
// registers move on the pixel enable only.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module panel_text #(
    parameter GFX_DIR = "rtl/gfx/"     // ROM images
) (
    input  wire        clk,            // 50 MHz
    input  wire        rst,            // synchronous, active high
    input  wire        pix_en_i,       // pixel enable: the pipeline moves
    input  wire [9:0]  sx_i,           // raster position (S0)
    input  wire [9:0]  sy_i,
    input  wire [1:0]  phase_i,        // the snapshot's scalars
    input  wire [1:0]  winner_i,
    input  wire [1:0]  player_i,
    input  wire [1:0]  mode_i,
    input  wire [1:0]  machine_i,      // colours shown as the machine's: [0] red, [1] blue
    input  wire [39:0] round_txt_i,    // the snapshot's numbers as text
    input  wire [23:0] map_txt_i,
    input  wire [39:0] red_troops_txt_i,
    input  wire [23:0] red_land_txt_i,
    input  wire [39:0] blue_troops_txt_i,
    input  wire [23:0] blue_land_txt_i,
    output reg         thit4_o,        // S4: inside a character cell of some text
    output reg  [3:0]  tcolour4_o,     // its colour
    output reg  [2:0]  tgx4_o,         // glyph column
    output wire [7:0]  font4_o,        // font ROM row (bit 7 = leftmost)
    output reg         rule4_o,        // the title's gold rule
    output reg         panel4_o        // the side panel's background
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    // Text: first character in the top byte.
    localparam [63:0] S_TITLE  = "GENERALS";
    localparam [87:0] S_SUB    = "RED VS BLUE";
    localparam [87:0] S_PRESS  = "PRESS START";
    localparam [71:0] S_RWINS  = "RED WINS ";
    localparam [71:0] S_BWINS  = "BLUE WINS";
    localparam [71:0] S_OVER   = "GAME OVER";
    localparam [7:0]  CH_BLOCK = 8'h7F;        // solid block: colour chip
    localparam [7:0]  CH_SPACE = 8'h20;
    localparam [55:0] S_MACHINE = "MACHINE";
    localparam [55:0] S_PLAYER  = "PLAYER ";
    localparam [15:0] S_MARK    = "AI";    // after a machine-played colour's name
    localparam [3:0]  SEAT_RED_VALUE  = 4'd4;  // "RED:" in columns 0-3
    localparam [3:0]  SEAT_BLUE_VALUE = 4'd5;  // "BLUE:" in columns 0-4
    localparam [3:0]  SUB_RED_END  = 4'd3;     // "RED" in columns 0-2
    localparam [3:0]  SUB_BLUE_COL = 4'd7;     // "BLUE" from column 7

    // Text box selector.
    localparam [2:0] TB_TITLE  = 3'd0;
    localparam [2:0] TB_SUB    = 3'd1;
    localparam [2:0] TB_PRESS  = 3'd2;
    localparam [2:0] TB_BANNER = 3'd3;
    localparam [2:0] TB_SEAT_R = 3'd4;
    localparam [2:0] TB_SEAT_B = 3'd5;

    wire idle      = (phase_i == PH_IDLE);
    wire over      = (phase_i == PH_OVER);
    wire blue_turn = (player_i == PL_BLUE);

    // ---- S1: which text box, character column and glyph pixel ----------------------------
    // Text boxes never overlap within one phase; an offset from the box origin gives
    // the character and the glyph pixel as bit fields (scales are powers of two).
    // Result: {hit, box[2:0], col[3:0], gx[2:0], gy[2:0]}.
    function automatic [13:0] text_box(input [9:0] x, input [9:0] y, input is_idle,
                                       input is_over, input [1:0] winner);
        reg [9:0] dx, dy, x0, w;
        begin
            text_box = {1'b0, TB_TITLE, 4'd0, 3'd0, 3'd0};
            if (is_idle) begin
                dx = x - TITLE_X0;  dy = y - TITLE_Y0;
                if (dx < TITLE_W && dy < TITLE_H)
                    text_box = {1'b1, TB_TITLE, 1'b0, dx[8:6], dx[5:3], dy[5:3]};
                else begin
                    dx = x - SUB_X0;  dy = y - SUB_Y0;
                    if (dx < TEXT11_W && dy < TEXT_H2)
                        text_box = {1'b1, TB_SUB, dx[7:4], dx[3:1], dy[3:1]};
                    else begin
                        dx = x - PRESS_X0;  dy = y - PRESS_Y0;
                        if (dx < TEXT11_W && dy < TEXT_H2)
                            text_box = {1'b1, TB_PRESS, dx[7:4], dx[3:1], dy[3:1]};
                        else begin
                            dy = y - SEATS_Y0;
                            dx = x - SEATS_RED_X0;
                            w  = x - SEATS_BLUE_X0;
                            if (dx < SEATS_RED_W && dy < TEXT_H2)
                                text_box = {1'b1, TB_SEAT_R, dx[7:4], dx[3:1], dy[3:1]};
                            else if (w < SEATS_BLUE_W && dy < TEXT_H2)
                                text_box = {1'b1, TB_SEAT_B, w[7:4], w[3:1], dy[3:1]};
                        end
                    end
                end
            end else if (is_over) begin
                // "BLUE WINS" and "GAME OVER" are 9 characters, "RED WINS" 8.
                x0 = (winner != PL_RED) ? BANNER_X0_9 : BANNER_X0_8;
                w  = (winner != PL_RED) ? BANNER_W_9 : BANNER_W_8;
                dx = x - x0;  dy = y - BANNER_Y0;
                if (dx < w && dy < BANNER_H)
                    text_box = {1'b1, TB_BANNER, dx[8:5], dx[4:2], dy[4:2]};
                else begin
                    dx = x - HINT_X0;  dy = y - HINT_Y0;
                    if (dx < TEXT11_W && dy < TEXT_H2)
                        text_box = {1'b1, TB_PRESS, dx[7:4], dx[3:1], dy[3:1]};
                end
            end
        end
    endfunction

    // Functions assign one register each: Verilator would evaluate a function once
    // per target of a concatenation.
    reg [13:0] tbox_word1;      // text_box(): {hit, box, column, glyph x, glyph y}
    wire       thit1 = tbox_word1[13];
    wire [2:0] tbox1 = tbox_word1[12:10];
    wire [3:0] tcol1 = tbox_word1[9:6];
    wire [2:0] tgx1  = tbox_word1[5:3];
    wire [2:0] tgy1  = tbox_word1[2:0];
    reg [4:0] prow1, pline1;    // panel text row and line inside it
    reg       ptin1;            // inside the panel text rows
    reg       phx1;             // inside the panel text columns
    reg [3:0] pcol1;
    reg [2:0] pgx1;
    reg       rule1, panel1;
    wire [9:0] dx_panel = sx_i - PANEL_TX0;

    always @(posedge clk) begin
        if (rst) begin
            tbox_word1 <= 14'd0;
            prow1 <= 5'd0;  pline1 <= 5'd0;  ptin1 <= 1'b0;
            phx1 <= 1'b0;  pcol1 <= 4'd0;  pgx1 <= 3'd0;
            rule1 <= 1'b0;  panel1 <= 1'b0;
        end else if (pix_en_i) begin
            tbox_word1 <= text_box(sx_i, sy_i, idle, over, winner_i);
            // Panel rows step once per line, with its first pixel.
            if (sx_i == 10'd0) begin
                ptin1 <= in_range(sy_i, PANEL_TY0, PANEL_TH);
                if (sy_i == PANEL_TY0) begin
                    prow1  <= 5'd0;
                    pline1 <= 5'd0;
                end else if (pline1 == PANEL_PITCH - 5'd1) begin
                    prow1  <= prow1 + 5'd1;
                    pline1 <= 5'd0;
                end else begin
                    pline1 <= pline1 + 5'd1;
                end
            end
            phx1   <= dx_panel < PANEL_TW;
            pcol1  <= dx_panel[7:4];
            pgx1   <= dx_panel[3:1];
            // Branches, not `&&`: a function's result is computed even where
            // `&&` would not need it.
            if (idle) begin
                rule1  <= in_range(sx_i, RULE_X0, RULE_W) && in_range(sy_i, RULE_Y0, RULE_H);
                panel1 <= 1'b0;
            end else begin
                rule1  <= 1'b0;
                panel1 <= in_range(sx_i, PANEL_X0, PANEL_W) && in_range(sy_i, PANEL_Y0, PANEL_H);
            end
        end
    end

    // ---- S2: the character under the pixel ---------------------------------------------
    // A panel row's character at column col: {char[6:0], colour[3:0]}. Rows with a grey
    // label and a number show the number (columns from VALUE_COL on) in white.
    function automatic [10:0] panel_char(input [4:0] row, input [3:0] col, input blue,
                                         input [1:0] mode, input [1:0] machine,
                                         input [39:0] round_t,
                                         input [23:0] map_t, input [39:0] rt_t,
                                         input [23:0] rl_t, input [39:0] bt_t,
                                         input [23:0] bl_t);
        reg [71:0] txt;
        reg [3:0]  colour, rev;
        reg        split;
        begin
            txt    = {9{CH_SPACE}};
            colour = P_WHITE;
            split  = 1'b0;
            case (row)
                ROW_TURN_LABEL:  begin txt = "TURN     ";  colour = P_LABEL; end
                ROW_TURN:        begin
                    txt    = blue ? {CH_BLOCK, " BLUE", mark(machine[1])}
                                  : {CH_BLOCK, " RED ", mark(machine[0])};
                    colour = blue ? P_BLUE_HI : P_RED_HI;
                end
                ROW_ROUND_LABEL: begin txt = "ROUND    ";  colour = P_LABEL; end
                ROW_ROUND:       txt = {"    ", round_t};
                ROW_MODE_LABEL:  begin txt = "MODE     ";  colour = P_LABEL; end
                ROW_MODE:        txt = !mode[1] ? "SELECT   " :
                                       mode[0]  ? "MOVE HALF" : "MOVE ALL ";
                ROW_MAP:         begin txt = {"MAP   ", map_t};  colour = P_LABEL;  split = 1'b1; end
                ROW_RED:         begin txt = {CH_BLOCK, " RED ", mark(machine[0])};  colour = P_RED_HI; end
                ROW_RED + 5'd1:  begin txt = "TROOPS   ";  colour = P_LABEL; end
                ROW_RED + 5'd2:  txt = {"    ", rt_t};
                ROW_RED + 5'd3:  begin txt = {"LAND  ", rl_t};  colour = P_LABEL;  split = 1'b1; end
                ROW_BLUE:        begin txt = {CH_BLOCK, " BLUE", mark(machine[1])};  colour = P_BLUE_HI; end
                ROW_BLUE + 5'd1: begin txt = "TROOPS   ";  colour = P_LABEL; end
                ROW_BLUE + 5'd2: txt = {"    ", bt_t};
                ROW_BLUE + 5'd3: begin txt = {"LAND  ", bl_t};  colour = P_LABEL;  split = 1'b1; end
                default:         txt = {9{CH_SPACE}};
            endcase
            rev        = 4'd8 - col;    // character index from the right end (MSB = first)
            panel_char = {txt[{rev, 3'b000} +: 7], (split && col >= VALUE_COL) ? P_WHITE : colour};
        end
    endfunction

    // The last three characters of a name row: the machine's mark, or spaces.
    function automatic [23:0] mark(input machine);
        mark = {CH_SPACE, machine ? S_MARK : {2{CH_SPACE}}};
    endfunction

    // A text box's character at column col: {char[6:0], colour[3:0]}.
    function automatic [10:0] box_char(input [2:0] box, input [3:0] col, input [1:0] winner,
                                       input [1:0] machine);
        reg [2:0]   rev8;
        reg [3:0]   rev9, rev11, rev12, rev13;
        reg [71:0]  banner;
        reg [95:0]  seat_r;
        reg [103:0] seat_b;
        begin
            rev8   = 3'd7 - col[2:0];
            rev9   = 4'd8 - col;
            rev11  = 4'd10 - col;
            rev12  = 4'd11 - col;
            rev13  = 4'd12 - col;
            banner = (winner == PL_BLUE) ? S_BWINS : (winner == PL_RED) ? S_RWINS : S_OVER;
            seat_r = {"RED: ", machine[0] ? S_MACHINE : S_PLAYER};
            seat_b = {"BLUE: ", machine[1] ? S_MACHINE : S_PLAYER};
            case (box)
                TB_TITLE:  box_char = {S_TITLE[{rev8, 3'b000} +: 7], P_GOLD};
                TB_SUB:    box_char = {S_SUB[{rev11, 3'b000} +: 7],
                                       (col < SUB_RED_END) ? P_RED_HI :
                                       (col >= SUB_BLUE_COL) ? P_BLUE_HI : P_LABEL};
                TB_BANNER: box_char = {banner[{rev9, 3'b000} +: 7], P_WHITE};
                TB_SEAT_R: box_char = {seat_r[{rev12, 3'b000} +: 7],
                                       (col < SEAT_RED_VALUE) ? P_RED_HI : P_WHITE};
                TB_SEAT_B: box_char = {seat_b[{rev13, 3'b000} +: 7],
                                       (col < SEAT_BLUE_VALUE) ? P_BLUE_HI : P_WHITE};
                default:   box_char = {S_PRESS[{rev11, 3'b000} +: 7], P_WHITE};
            endcase
        end
    endfunction

    // Panel rows: glyph lines 0-15 of each 20-line row; 16-19 are leading.
    wire panel_hit = !idle && phx1 && ptin1 && !pline1[4];

    reg       thit2;
    reg [10:0] tglyph2;         // {character, colour}
    wire [6:0] tchar2   = tglyph2[10:4];
    wire [3:0] tcolour2 = tglyph2[3:0];
    reg [2:0] tgx2, tgy2;
    reg       rule2, panel2;
    always @(posedge clk) begin
        if (rst) begin
            thit2 <= 1'b0;  tglyph2 <= {7'd0, P_BLACK};  tgx2 <= 3'd0;  tgy2 <= 3'd0;
            rule2 <= 1'b0;  panel2 <= 1'b0;
        end else if (pix_en_i) begin
            if (panel_hit) begin
                thit2 <= 1'b1;
                tglyph2 <= panel_char(prow1, pcol1, blue_turn, mode_i, machine_i, round_txt_i,
                                                 map_txt_i, red_troops_txt_i, red_land_txt_i,
                                                 blue_troops_txt_i, blue_land_txt_i);
                tgx2  <= pgx1;
                tgy2  <= pline1[3:1];
            end else begin
                thit2 <= thit1;
                if (thit1) tglyph2 <= box_char(tbox1, tcol1, winner_i, machine_i);
                tgx2  <= tgx1;
                tgy2  <= tgy1;
            end
            rule2  <= rule1;
            panel2 <= panel1;
        end
    end

    // ---- S3, S4: the font ROM row --------------------------------------------------------
    reg [9:0] font_addr3;
    reg       thit3, rule3, panel3;
    reg [3:0] tcolour3;
    reg [2:0] tgx3;
    always @(posedge clk) begin
        if (rst) begin
            font_addr3 <= 10'd0;  thit3 <= 1'b0;  tcolour3 <= P_BLACK;  tgx3 <= 3'd0;
            rule3 <= 1'b0;  panel3 <= 1'b0;
            thit4_o <= 1'b0;  tcolour4_o <= P_BLACK;  tgx4_o <= 3'd0;
            rule4_o <= 1'b0;  panel4_o <= 1'b0;
        end else if (pix_en_i) begin
            font_addr3 <= {tchar2, tgy2};
            thit3      <= thit2;
            tcolour3   <= tcolour2;
            tgx3       <= tgx2;
            rule3      <= rule2;
            panel3     <= panel2;
            thit4_o    <= thit3;
            tcolour4_o <= tcolour3;
            tgx4_o     <= tgx3;
            rule4_o    <= rule3;
            panel4_o   <= panel3;
        end
    end
    sync_rom #(.WIDTH(8), .DEPTH(1024), .INIT_F({GFX_DIR, "font.hex"})) u_font_rom (
        .clk(clk), .en_i(pix_en_i), .addr_i(font_addr3), .data_o(font4_o)
    );
endmodule

`default_nettype wire
