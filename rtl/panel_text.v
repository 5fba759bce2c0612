// Generals (将军棋) - panel_text: every text on screen (docs/display.md, "Title
// screen", "Side panel", "GAME_OVER banner"), the title's gold rule and the panel's
// background.
// Part of the Generals FPGA project, MIT licence.
//
// A line holds at most two runs of text (the title screen's two "who plays" texts,
// or the banner beside the panel). In the blanking before a line its runs are set up;
// while the beam crosses one character the next one's font row is fetched, and at
// the character's end it takes over. A register holds where the current character
// (or gap) ends, so a pixel costs one compare and one bit select. The background
// (BG, the panel, the gold rule; black outside the visible area) changes at four
// places of a line, kept the same way.

`default_nettype none
`timescale 1ns / 1ps

module panel_text #(
    parameter GFX_DIR = "rtl/gfx/"     // ROM images
) (
    input  wire        clk,            // 50 MHz
    input  wire        rst,            // synchronous, active high
    input  wire        pix_en_i,       // pixel enable
    input  wire [9:0]  sx_i,           // beam: the pixel computed at this enable
    input  wire [9:0]  sy_i,
    input  wire [1:0]  phase_i,        // the snapshot's scalars
    input  wire [1:0]  winner_i,
    input  wire [1:0]  player_i,
    input  wire [1:0]  mode_i,
    input  wire [1:0]  machine_i,      // colours shown as the machine's: [0] red, [1] blue
    input  wire [18:0] round_bcd_i,    // the snapshot's numbers in BCD
    input  wire [11:0] map_bcd_i,
    input  wire [18:0] red_troops_bcd_i,
    input  wire [11:0] red_land_bcd_i,
    input  wire [18:0] blue_troops_bcd_i,
    input  wire [11:0] blue_land_bcd_i,
    output reg  [3:0]  txt_o,          // the pixel's text colour; 0: no text ink here
    output reg  [3:0]  bg_o            // the background's colour (P_BLACK when blanked)
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
    localparam [3:0]  CH_DIGIT = 4'h3;         // ASCII '0' = {4'h3, 4'd0}
    localparam [55:0] S_MACHINE = "MACHINE";
    localparam [55:0] S_PLAYER  = "PLAYER ";
    localparam [15:0] S_MARK    = "AI";    // after a machine-played colour's name
    localparam [3:0]  SEAT_RED_VALUE  = 4'd4;  // "RED:" in columns 0-3
    localparam [3:0]  SEAT_BLUE_VALUE = 4'd5;  // "BLUE:" in columns 0-4
    localparam [3:0]  SUB_RED_END  = 4'd3;     // "RED" in columns 0-2
    localparam [3:0]  SUB_BLUE_COL = 4'd7;     // "BLUE" from column 7

    // Text boxes.
    localparam [2:0] TB_TITLE  = 3'd0;
    localparam [2:0] TB_SUB    = 3'd1;
    localparam [2:0] TB_PRESS  = 3'd2;
    localparam [2:0] TB_BANNER = 3'd3;
    localparam [2:0] TB_SEAT_R = 3'd4;
    localparam [2:0] TB_SEAT_B = 3'd5;
    localparam [2:0] TB_PANEL  = 3'd6;
    // Characters per box, and the font scale as a shift (16, 32, 64 pixels wide).
    localparam [3:0] N_TITLE  = 4'd8;
    localparam [3:0] N_TEXT11 = 4'd11;
    localparam [3:0] N_BANNER_8 = 4'd8;
    localparam [3:0] N_BANNER_9 = 4'd9;
    localparam [3:0] N_SEAT_R = 4'd12;
    localparam [3:0] N_SEAT_B = 4'd13;
    localparam [3:0] N_PANEL  = 4'd9;
    localparam [1:0] SH_2 = 2'd1;
    localparam [1:0] SH_4 = 2'd2;
    localparam [1:0] SH_8 = 2'd3;
    // Text segments and the background's boundaries.
    localparam T_OFF  = 1'b0;          // no text: before, between or after the runs
    localparam T_CHAR = 1'b1;          // a character
    localparam [1:0] BG_LINE  = 2'd0;  // next: the line's start
    localparam [1:0] BG_MID   = 2'd1;  // next: the panel or the rule begins
    localparam [1:0] BG_AFTER = 2'd2;  // next: it ends
    localparam [1:0] BG_BLANK = 2'd3;  // next: the blanking

    wire idle      = (phase_i == PH_IDLE);
    wire over      = (phase_i == PH_OVER);
    wire blue_turn = (player_i == PL_BLUE);

    // ---- characters ----------------------------------------------------------------------
    // Right-aligned text of a number in BCD, leading zeros as spaces: digit k is
    // shown when it or a higher digit is non-zero, or k = 0.
    function automatic [39:0] dd_text(input [18:0] bcd);
        integer k;
        reg [19:0] digits;
        reg        seen;
        begin
            digits = {1'b0, bcd};
            seen   = 1'b0;
            for (k = 4; k >= 0; k = k - 1) begin
                seen = seen || digits[4*k +: 4] != 4'd0 || k == 0;
                dd_text[8*k +: 8] = seen ? {CH_DIGIT, digits[4*k +: 4]} : CH_SPACE;
            end
        end
    endfunction

    // The same for numbers below 1000, in three characters.
    function automatic [23:0] dd_text3(input [11:0] bcd);
        /* verilator lint_off UNUSEDSIGNAL */
        reg [39:0] t;           // its two leading characters are spaces
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            t        = dd_text({7'd0, bcd});
            dd_text3 = t[23:0];
        end
    endfunction

    // A panel row's character at column col: {char[6:0], colour[3:0]}. Rows with a grey
    // label and a number show the number (columns from VALUE_COL on) in white.
    function automatic [10:0] panel_char(input [4:0] row, input [3:0] col, input blue,
                                         input [1:0] mode, input [1:0] machine,
                                         input [18:0] round_b,
                                         input [11:0] map_b, input [18:0] rt_b,
                                         input [11:0] rl_b, input [18:0] bt_b,
                                         input [11:0] bl_b);
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
                ROW_ROUND:       txt = {"    ", dd_text(round_b)};
                ROW_MODE_LABEL:  begin txt = "MODE     ";  colour = P_LABEL; end
                ROW_MODE:        txt = !mode[1] ? "SELECT   " :
                                       mode[0]  ? "MOVE HALF" : "MOVE ALL ";
                ROW_MAP:         begin txt = {"MAP   ", dd_text3(map_b)};  colour = P_LABEL;  split = 1'b1; end
                ROW_RED:         begin txt = {CH_BLOCK, " RED ", mark(machine[0])};  colour = P_RED_HI; end
                ROW_RED + 5'd1:  begin txt = "TROOPS   ";  colour = P_LABEL; end
                ROW_RED + 5'd2:  txt = {"    ", dd_text(rt_b)};
                ROW_RED + 5'd3:  begin txt = {"LAND  ", dd_text3(rl_b)};  colour = P_LABEL;  split = 1'b1; end
                ROW_BLUE:        begin txt = {CH_BLOCK, " BLUE", mark(machine[1])};  colour = P_BLUE_HI; end
                ROW_BLUE + 5'd1: begin txt = "TROOPS   ";  colour = P_LABEL; end
                ROW_BLUE + 5'd2: txt = {"    ", dd_text(bt_b)};
                ROW_BLUE + 5'd3: begin txt = {"LAND  ", dd_text3(bl_b)};  colour = P_LABEL;  split = 1'b1; end
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


    // ---- the font ROM: read by the fetch below into its output register (block RAM) ----
    reg [7:0] font [0:1023];
    initial $readmemh({GFX_DIR, "font.hex"}, font);
    reg [7:0] font_q;

    // ---- the line ----------------------------------------------------------------------
    // Run A: any box; run B (right of A): the panel, or Blue's "who plays" text, at
    // scale 2.
    reg        b_on_q;
    reg [9:0]  b_x0_q;
    reg [3:0]  a_n_q, b_n_q;
    reg [1:0]  a_sh_q;
    reg [2:0]  b_box_q, b_gy_q;
    reg [4:0]  prow_q, pline_q;     // panel text row, and line inside it
    reg        vis_q;               // the line is visible
    reg        mid_q;               // ... and has the panel or the rule
    reg        rule_q;              // ... the rule (else the panel)
    // The character under the beam.
    reg        t_seg;
    reg [9:0]  t_last;              // its last pixel (or the gap's)
    reg        run_b;               // in run B
    reg [3:0]  k_q;                 // its index in the run
    reg [1:0]  sh_q;                // the run's font scale
    reg [7:0]  row_q;               // its font row
    reg [3:0]  colour_q;
    // The background.
    reg [1:0]  bg_st;
    reg [9:0]  bg_next;
    // The next character, as fetched (its font row stays in the ROM's register), in
    // two steps: the character (f_busy, into f_glyph), then its font row (f_row_rd);
    // a character's code is a wide choice, too long a path to the ROM's address in
    // the same cycle. The row is there by the second pixel after the request; the
    // beam needs it at the end of the character it is crossing.
    reg        f_busy, f_row_rd;
    reg [10:0] f_glyph;                 // {char[6:0], colour[3:0]}
    reg [2:0]  f_box, f_gy;
    reg [3:0]  f_col;
    reg [4:0]  f_prow;
    reg [3:0]  nxt_colour;

    // One block: the background and the text on the pixel enable, then the fetch in
    // the cycle after a character asked for the next. Each part reads the registers it
    // writes into variables first, and the parts above only read what the parts
    // below write (see docs/rtl-style.md: block variables).
    always @(posedge clk) begin : text
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [9:0]  c_x, c_y, c_last, ny, a_x0;
        /* verilator lint_off UNUSEDSIGNAL */
        reg [9:0]  dy;          // a text's line: its glyph row is a bit field
        reg [5:0]  bit_i;       // the glyph column, below 8
        /* verilator lint_on UNUSEDSIGNAL */
        reg [5:0]  e;
        reg [4:0]  c_prow, c_pline, n_prow, n_pline;
        reg [3:0]  c_k, n;
        reg [2:0]  a_box, a_gy;
        reg [1:0]  a_sh, c_sh;
        reg [10:0] glyph;
        reg        c_b, c_seg, a_on, b_on, c_b_on;
        reg        go, go_line;
        reg [1:0]  c_bg;
        reg [2:0]  go_box, go_gy;
        reg [3:0]  go_col;
        /* verilator tracing_on */
        // see docs/rtl-style.md: block variables (each assigned first thing)
        c_x = 10'd0; c_y = 10'd0; c_last = 10'd0; ny = 10'd0; a_x0 = 10'd0; dy = 10'd0;
        bit_i = 6'd0; e = 6'd0; c_prow = 5'd0; c_pline = 5'd0; n_prow = 5'd0;
        n_pline = 5'd0; c_k = 4'd0; n = 4'd0; a_box = 3'd0; a_gy = 3'd0; a_sh = 2'd0;
        c_sh = 2'd0; glyph = 11'd0; c_b = 1'd0; c_seg = 1'd0; a_on = 1'd0; b_on = 1'd0;
        c_b_on = 1'd0; go = 1'd0; go_line = 1'd0; go_box = 3'd0; go_gy = 3'd0;
        go_col = 4'd0; c_bg = 2'd0;
        if (pix_en_i) begin
            c_x = sx_i;
            // ---- background: bg_next is the first pixel of its next colour ----
            if (c_x == bg_next) begin
                c_bg = bg_st;
                case (c_bg)
                    BG_LINE: begin          // x = 0
                        if (!vis_q) begin
                            bg_o    <= P_BLACK;
                        end else if (mid_q) begin
                            bg_o    <= P_BG;
                            bg_next <= rule_q ? RULE_X0 : PANEL_X0;
                            bg_st   <= BG_MID;
                        end else begin
                            bg_o    <= P_BG;
                            bg_next <= H_VISIBLE;
                            bg_st   <= BG_BLANK;
                        end
                    end
                    BG_MID: begin
                        bg_o    <= rule_q ? P_GOLD : P_PANEL;
                        bg_next <= rule_q ? RULE_X0 + RULE_W : PANEL_X0 + PANEL_W;
                        bg_st   <= BG_AFTER;
                    end
                    BG_AFTER: begin
                        bg_o    <= P_BG;
                        bg_next <= H_VISIBLE;
                        bg_st   <= BG_BLANK;
                    end
                    default: begin          // x = 640: blanking until the line's end
                        bg_o    <= P_BLACK;
                        bg_next <= 10'd0;
                        bg_st   <= BG_LINE;
                    end
                endcase
            end
            // ---- text: font bit (last - x) >> scale of the row (bit 7 = leftmost) ----
            c_seg  = t_seg;
            c_last = t_last;
            c_sh   = sh_q;
            if (c_seg == T_CHAR) begin
                e     = c_last[5:0] - c_x[5:0];
                bit_i = e >> c_sh;
                txt_o <= row_q[bit_i[2:0]] ? colour_q : P_BLACK;
            end else begin
                txt_o <= P_BLACK;
            end
            if (c_x == c_last) begin
                c_k    = k_q;
                c_b    = run_b;
                c_b_on = b_on_q;
                n      = c_b ? b_n_q : a_n_q;
                if (c_seg == T_CHAR && c_k + 4'd1 != n) begin
                    // The next character of the run; fetch the one after it, or run
                    // B's first.
                    t_last   <= c_x + ({4'd0, 6'd8} << c_sh);
                    k_q      <= c_k + 4'd1;
                    row_q    <= font_q;
                    colour_q <= nxt_colour;
                    if (c_k + 4'd2 != n) begin
                        go     = 1'b1;
                        go_col = c_k + 4'd2;
                        go_box = f_box;
                        go_gy  = f_gy;
                    end else if (!c_b && c_b_on) begin
                        go     = 1'b1;
                        go_col = 4'd0;
                        go_box = b_box_q;
                        go_gy  = b_gy_q;
                    end
                end else if (c_seg == T_CHAR) begin
                    // The run ends: a gap to run B, or nothing until the next line.
                    t_seg <= T_OFF;
                    if (!c_b && c_b_on) begin
                        t_last <= b_x0_q - 10'd1;
                        run_b  <= 1'b1;
                    end else begin
                        t_last <= SETUP_X;
                    end
                end else if (c_x != SETUP_X) begin
                    // A run begins with its first character, as fetched.
                    t_seg    <= T_CHAR;
                    sh_q     <= c_b ? SH_2 : a_sh_q;
                    t_last   <= c_x + ({4'd0, 6'd8} << (c_b ? SH_2 : a_sh_q));
                    k_q      <= 4'd0;
                    row_q    <= font_q;
                    colour_q <= nxt_colour;
                    go     = 1'b1;
                    go_col = 4'd1;
                    go_box = f_box;
                    go_gy  = f_gy;
                end else begin
                    // ---- the next line, in the blanking before it ----
                    c_y     = sy_i;
                    c_prow  = prow_q;
                    c_pline = pline_q;
                    ny      = (c_y == V_LAST) ? 10'd0 : c_y + 10'd1;
                    if (ny == PANEL_TY0) begin
                        n_prow  = 5'd0;
                        n_pline = 5'd0;
                    end else if (c_pline == PANEL_PITCH - 5'd1) begin
                        n_prow  = c_prow + 5'd1;
                        n_pline = 5'd0;
                    end else begin
                        n_prow  = c_prow;
                        n_pline = c_pline + 5'd1;
                    end
                    prow_q  <= n_prow;
                    pline_q <= n_pline;
                    vis_q   <= (ny < V_VISIBLE);
                    a_on  = 1'b0;
                    a_x0  = PANEL_TX0;
                    a_n_q <= N_TEXT11;
                    a_sh  = SH_2;
                    a_box = TB_PRESS;
                    a_gy  = 3'd0;
                    b_on  = 1'b0;
                    b_x0_q  <= PANEL_TX0;
                    b_n_q   <= N_PANEL;
                    b_box_q <= TB_PANEL;
                    b_gy_q  <= n_pline[3:1];
                    if (idle) begin
                        rule_q <= 1'b1;
                        mid_q  <= in_range(ny, RULE_Y0, RULE_H);
                        if (in_range(ny, TITLE_Y0, TITLE_H)) begin
                            dy = ny - TITLE_Y0;
                            {a_on, a_x0, a_sh, a_box, a_gy} = {1'b1, TITLE_X0, SH_8, TB_TITLE, dy[5:3]};
                            a_n_q <= N_TITLE;
                        end else if (in_range(ny, SUB_Y0, TEXT_H2)) begin
                            dy = ny - SUB_Y0;
                            {a_on, a_x0, a_box, a_gy} = {1'b1, SUB_X0, TB_SUB, dy[3:1]};
                        end else if (in_range(ny, PRESS_Y0, TEXT_H2)) begin
                            dy = ny - PRESS_Y0;
                            {a_on, a_x0, a_box, a_gy} = {1'b1, PRESS_X0, TB_PRESS, dy[3:1]};
                        end else if (in_range(ny, SEATS_Y0, TEXT_H2)) begin
                            dy = ny - SEATS_Y0;
                            {a_on, a_x0, a_box, a_gy} = {1'b1, SEATS_RED_X0, TB_SEAT_R, dy[3:1]};
                            a_n_q <= N_SEAT_R;
                            b_on = 1'b1;
                            {b_x0_q, b_n_q, b_box_q, b_gy_q} <=
                                {SEATS_BLUE_X0, N_SEAT_B, TB_SEAT_B, dy[3:1]};
                        end
                    end else begin
                        rule_q <= 1'b0;
                        mid_q  <= in_range(ny, PANEL_Y0, PANEL_H);
                        // Panel rows: glyph lines 0-15 of each 20-line row; 16-19 are leading.
                        b_on = in_range(ny, PANEL_TY0, PANEL_TH) && !n_pline[4];
                        if (over && in_range(ny, BANNER_Y0, BANNER_H)) begin
                            // "BLUE WINS" and "GAME OVER" are 9 characters, "RED WINS" 8.
                            dy = ny - BANNER_Y0;
                            {a_on, a_sh, a_box, a_gy} = {1'b1, SH_4, TB_BANNER, dy[4:2]};
                            a_x0  = (winner_i != PL_RED) ? BANNER_X0_9 : BANNER_X0_8;
                            a_n_q <= (winner_i != PL_RED) ? N_BANNER_9 : N_BANNER_8;
                        end else if (over && in_range(ny, HINT_Y0, TEXT_H2)) begin
                            dy = ny - HINT_Y0;
                            {a_on, a_x0, a_box, a_gy} = {1'b1, HINT_X0, TB_PRESS, dy[3:1]};
                        end
                    end
                    a_sh_q <= a_sh;
                    b_on_q <= b_on;
                    // The line's first run (A, else the panel): wait for it, its first
                    // character fetched.
                    run_b   <= !a_on;
                    go_line = 1'b1;
                    go_col  = 4'd0;
                    if (a_on) begin
                        t_last <= a_x0 - 10'd1;
                        go     = 1'b1;
                        go_box = a_box;
                        go_gy  = a_gy;
                    end else if (b_on) begin
                        // Without run A, run B is the panel's.
                        t_last <= PANEL_TX0 - 10'd1;
                        go     = 1'b1;
                        go_box = TB_PANEL;
                        go_gy  = n_pline[3:1];
                    end
                end
            end
        end
        // ---- fetch: the character and its font row ----
        // The row's step first: it reads what the character's step writes.
        if (f_row_rd) begin
            nxt_colour <= f_glyph[3:0];
            font_q     <= font[{f_glyph[10:4], f_gy}];
            f_row_rd   <= 1'b0;
        end
        if (f_busy) begin
            if (f_box == TB_PANEL)
                glyph = panel_char(f_prow, f_col, blue_turn, mode_i, machine_i, round_bcd_i,
                                   map_bcd_i, red_troops_bcd_i, red_land_bcd_i,
                                   blue_troops_bcd_i, blue_land_bcd_i);
            else
                glyph = box_char(f_box, f_col, winner_i, machine_i);
            f_glyph  <= glyph;
            f_busy   <= 1'b0;
            f_row_rd <= 1'b1;
        end
        if (go) begin
            if (go_line) f_prow <= n_prow;
            f_box  <= go_box;
            f_gy   <= go_gy;
            f_col  <= go_col;
            f_busy <= 1'b1;
        end
        if (rst) begin
            // The beam leaves reset near the end of the last line; line 0 is then
            // visible, with no text, panel or rule on any screen.
            f_busy  <= 1'b0;
            f_row_rd <= 1'b0;
            t_seg   <= T_OFF;
            t_last  <= SETUP_X;
            run_b   <= 1'b0;
            b_on_q  <= 1'b0;
            prow_q  <= 5'd0;
            pline_q <= 5'd0;
            vis_q   <= 1'b1;
            mid_q   <= 1'b0;
            rule_q  <= 1'b0;
            bg_st   <= BG_LINE;
            bg_next <= 10'd0;
            bg_o    <= P_BLACK;
            txt_o   <= P_BLACK;
        end
    end
endmodule

`default_nettype wire
