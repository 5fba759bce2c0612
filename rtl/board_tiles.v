// Generals (将军棋) - board_tiles: the board's cells on screen (docs/display.md, "Board"
// and "One cell"), and the title's strip of sample cells and the GAME_OVER band.
// Part of the Generals FPGA project, MIT licence.
//
// A line of the board is a row of segments: a grid line, a cell's inside, a grid
// line, ... A register holds where the current segment ends, so a pixel costs one
// compare, and what a cell's inside shows on this line is worked out once, when the
// beam enters it: its fill, and a mask of the pixels where anything else (troop
// digits, icon, cursor, target ring) is drawn. Only those pixels are looked at
// closely. The cell's word and its digit and icon rows are fetched from the cell RAM
// and the glyph ROMs while the beam crosses the cell before (the first cell of a
// line: in the blanking before it).

`default_nettype none
`timescale 1ns / 1ps

module board_tiles #(
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
    input  wire        cram_we_i,      // cell RAM write port (video_scan)
    input  wire [6:0]  cram_addr_i,
    input  wire [19:0] cram_data_i,
    output reg  [3:0]  pal_o           // the pixel's palette index; 0: no tile here
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    // Segments of a line.
    localparam [1:0] S_OFF   = 2'd0;   // no tile (before and after the board)
    localparam [1:0] S_SOLID = 2'd1;   // one colour across the board: a grid row, the band
    localparam [1:0] S_GRID  = 2'd2;   // a grid line between cells
    localparam [1:0] S_CELL  = 2'd3;   // the inside of a cell
    // What a line holds, decided in the blanking before it.
    localparam [1:0] LK_NONE  = 2'd0;
    localparam [1:0] LK_SOLID = 2'd1;
    localparam [1:0] LK_CELLS = 2'd2;
    localparam [3:0] BOARD_COLS = 4'd10;
    localparam [3:0] STRIP_COLS = 4'd5;
    localparam [5:0] CELL_LAST  = CELL_PITCH - 6'd1;
    localparam [9:0] SETUP_X2   = SETUP_X + 10'd1;  // the line setup's second step
    // Fetch of the next cell: the cell RAM word, then the three digit rows. The word
    // is registered (nxt_word) before anything is computed from it: a block RAM's
    // output is late in the cycle (5.6 ns on an ECP5 of speed grade 6).
    localparam [2:0] F_IDLE = 3'd0;
    localparam [2:0] F_RAM  = 3'd1;    // the word is in the RAM's output register
    localparam [2:0] F_WORD = 3'd2;    // the word is in nxt_word; digit 0's row is read
    localparam [2:0] F_D0   = 3'd3;    // digit 0's row is here; digit 1's is read
    localparam [2:0] F_D1   = 3'd4;    // digit 1's row is here; digit 2's is read
    localparam [2:0] F_IC   = 3'd5;    // the icon's row is read
    // Icon placement inside a cell: its pixels, and the same as a mask over the
    // cell's 44 pixels (bit 43 - ix for pixel ix, as all masks here).
    localparam [5:0]  ICON_BIG_LAST = ICON_BIG_XY + ICON_BIG - 6'd1;
    localparam [43:0] WIN_BIG   = {{(44 - ICON_BIG_LAST - 1){1'b0}}, {ICON_BIG{1'b1}}, {ICON_BIG_XY{1'b0}}};
    localparam [43:0] WIN_SMALL = {{(44 - ICON_SM_X - ICON_SM){1'b0}}, {ICON_SM{1'b1}}, {ICON_SM_X{1'b0}}};

    wire idle = (phase_i == PH_IDLE);

    // ---- the cell RAM (written by the scan in the vertical blanking) and the ROMs ----
    // {owner[1:0], kind[1:0], cursor, target, ndig[1:0], bcd[11:0]}
    reg [CRAM_W-1:0] cram [0:127];
    integer i;
    initial for (i = 0; i < 128; i = i + 1) cram[i] = {CRAM_W{1'b0}};
    always @(posedge clk) begin
        if (cram_we_i) cram[cram_addr_i] <= cram_data_i;
    end
    // Troop digits {digit, row} and icon rows {kind, row}. Like the cell RAM they are
    // read by the fetch below into output registers (block RAM; see
    // docs/rtl-style.md: memories).
    // The icons (4 096 bits) are asked for as block RAM: yosys's cost model would
    // build them from LUTs, about 120 of them.
    reg [7:0]  digits [0:127];
    (* rom_style = "block" *) reg [63:0] icons [0:63];
    initial $readmemh({GFX_DIR, "digits.hex"}, digits);
    initial $readmemh({GFX_DIR, "icons.hex"}, icons);
    reg [CRAM_W-1:0] ram_q;     // block RAM output registers: no reset
    /* verilator lint_off UNUSEDSIGNAL */
    reg [7:0]        dig_q;     // a digit is 5 pixels wide: bits 2-0 are blank
    /* verilator lint_on UNUSEDSIGNAL */
    reg [63:0]       ic_rd;     // the next cell's icon row, as read (F_IC)
    reg [63:0]       ic_q;      // the icon's row for the cell under the beam

    // The title's sample cells: Red capital 12, Red land 5, neutral tower, mountain,
    // Blue capital 12.
    function automatic [CRAM_W-1:0] strip_cell(input [3:0] col);
        case (col)
            4'd0:    strip_cell = {PL_RED,  KIND_CAPITAL,  2'b00, 2'd2, 12'h012};
            4'd1:    strip_cell = {PL_RED,  KIND_LAND,     2'b00, 2'd1, 12'h005};
            4'd2:    strip_cell = {PL_NONE, KIND_TOWER,    2'b00, 2'd0, 12'h000};
            4'd3:    strip_cell = {PL_NONE, KIND_MOUNTAIN, 2'b00, 2'd0, 12'h000};
            default: strip_cell = {PL_BLUE, KIND_CAPITAL,  2'b00, 2'd2, 12'h012};
        endcase
    endfunction

    // The BCD digit shown in slot s (0 = leftmost) of a number of nd digits.
    function automatic [3:0] slot_digit(input [1:0] nd, input [11:0] bcd, input [1:0] s);
        reg [1:0] pos;
        begin
            pos        = nd - 2'd1 - s;
            slot_digit = (pos == 2'd2) ? bcd[11:8] : (pos == 2'd1) ? bcd[7:4] : bcd[3:0];
        end
    endfunction

    // A digit's five pixels (its ROM row's bits 7-3) at scale 2, leftmost in bit 9.
    function automatic [9:0] dbl5(input [4:0] r);
        dbl5 = {r[4], r[4], r[3], r[3], r[2], r[2], r[1], r[1], r[0], r[0]};
    endfunction

    // The digits' mask on a line that crosses them: slot s's ten pixels from
    // ix = x0 + s * pitch; slots past nd are empty.
    function automatic [43:0] digit_mask(input [1:0] nd, input [4:0] r0, input [4:0] r1,
                                         input [4:0] r2);
        reg [5:0]  x0, pitch;
        reg [43:0] m;
        begin
            x0    = (nd == 2'd3) ? DIG_X_3 : (nd == 2'd2) ? DIG_X_2 : DIG_X_1;
            pitch = (nd == 2'd3) ? DIG_PITCH_3 : DIG_PITCH;
            m     = {44{1'b0}};
            // Slot s's leftmost pixel is bit 43 - (x0 + s * pitch).
            // coverage waiver (branch, else): digit_mask() is called only for a line
            //   that crosses digits (nxt_dig_on), so its digit count is never 0 there
            if (nd != 2'd0) m = m | ({34'd0, dbl5(r0)} << (6'd34 - x0));
            if (nd >= 2'd2) m = m | ({34'd0, dbl5(r1)} << (6'd34 - x0 - pitch));
            if (nd == 2'd3) m = m | ({34'd0, dbl5(r2)} << (6'd34 - x0 - pitch - pitch));
            digit_mask = m;
        end
    endfunction

    // ---- the line and the cell under the beam ------------------------------------------
    reg [1:0]  seg_q;           // segment of the current pixel
    reg [9:0]  seg_last_q;      // its last pixel's x
    reg [1:0]  lk_q;            // the line's kind
    reg [3:0]  solid_q;         // a solid line's colour
    reg [5:0]  bly_q;           // line inside the cell pitch (0, 1: grid row)
    reg [6:0]  rbase_q;         // cell index of the row's column 0
    reg [9:0]  ny_q;            // the next line (from SETUP_X to SETUP_X2)
    // The line's distance to the cell's top or bottom edge (fy), as the cursor and
    // target tests use it: {fy < 3, fy < 4, fy == 4, fy < 14, fy[3]}.
    reg [4:0]  fyf_q;
    reg [3:0]  col_q;           // column of the cell being drawn or next
    reg [5:0]  b_q;             // 43 - ix of the pixel under the beam in a cell (a
                                // count, not a subtraction: the pixel's logic is shorter)
    // The cell under the beam on this line.
    reg [3:0]  fill_q;          // its fill
    // Pixels where more than the fill is drawn: the digits' on a line that crosses
    // them, else the icon's (no line crosses both: the digits of a cell with an
    // icon sit under it, and the big icon has none).
    reg [43:0] ovl_q;
    reg        dig_line_q;      // ovl_q holds digits
    reg        dcol_q;          // digits in INK (on a neutral fill), else WHITE
    reg        cur_q, tgt_q;    // the cursor's cell, a legal target
    reg        ic_big_q;        // the icon at scale 2 (no troops)
    // The next cell, as fetched (digit 2's row stays in the ROM's output register;
    // the icon's row is read when the beam reaches the cell).
    reg [2:0]        f_st;
    reg [3:0]        f_col;
    reg [5:0]        f_iy;          // the line inside the cell
    reg [CRAM_W-1:0] nxt_word;
    reg [2:0]        nxt_gy;        // digit row
    reg              nxt_dig_on;    // the line crosses digits (there are some)
    reg              nxt_ic_on;     // ... and the icon
    reg [3:0]        nxt_ic_row;    // the icon's row on this line
    reg [4:0]        nxt_d0, nxt_d1;// digits 0 and 1: their pixels on this line

    // Palette index of a pixel of a cursor or target cell, or of one in the overlay
    // mask (ovl: its bit for the pixel): from
    // front to back the cursor frame or target ring, the digits, the icon (palette
    // index 0 is transparent), the fill. b = 43 - ix, so with fx = min(ix, 43 - ix)
    // every test is a constant compare on b (ix < k when b > 43 - k), and the row's
    // part comes as flags of fy (the line's distance to the cell's edge).
    function automatic [3:0] cell_pixel(input [5:0] b, input [4:0] fyf, input [1:0] mode,
                                        input [1:0] player, input cur, input tgt,
                                        input ovl, input dig_line, input dcol,
                                        input ic_big, input [63:0] icon, input [3:0] fill);
        reg       fy_lt3, fy_lt4, fy_eq4, fy_lt14, fy_b3;
        reg       fx_lt3, fx_lt4, fx_eq4, fx_lt14, fx_b3, pat;
        reg [5:0] fx;
        reg [4:0] d;            // inside the icon (ovl says whether the pixel is)
        reg [3:0] k, nib;
        begin
            {fy_lt3, fy_lt4, fy_eq4, fy_lt14, fy_b3} = fyf;
            fx      = (b < CELL_HALF) ? b : CELL_IN - 6'd1 - b;
            fx_lt3  = (b < TGT_W) || (b > CELL_IN - 6'd1 - TGT_W);
            fx_lt4  = (b < CUR_W) || (b > CELL_IN - 6'd1 - CUR_W);
            fx_eq4  = (b == CUR_W) || (b == CELL_IN - 6'd1 - CUR_W);
            fx_lt14 = (b < CUR_ARM) || (b > CELL_IN - 6'd1 - CUR_ARM);
            fx_b3   = fx[CUR_DASH_B];
            pat     = !mode[1] ? (fx_lt14 && fy_lt14) : mode[0] ? (fx_b3 == fy_b3) : 1'b1;
            d       = (ic_big ? CELL_IN[4:0] - 5'd1 - ICON_BIG_XY[4:0]
                              : CELL_IN[4:0] - 5'd1 - ICON_SM_X[4:0]) - b[4:0];
            k       = ic_big ? d[4:1] : d[3:0];
            nib     = icon[{~k, 2'b11} -: 4];
            // depth = min(fx, fy): below 4, 4, below 3.
            if (cur && pat && (fx_lt4 || fy_lt4))                                 cell_pixel = (player == PL_BLUE) ? P_BLUE_HI : P_RED_HI;
            else if (cur && pat && ((fx_eq4 && !fy_lt4) || (fy_eq4 && !fx_lt4)))  cell_pixel = P_INK;
            else if (tgt && (fx_lt3 || fy_lt3))                                   cell_pixel = P_GOLD;
            else if (!ovl)                                                        cell_pixel = fill;
            // coverage waiver (branch, cond_then): digits in ink are for neutral cells,
            //   and under docs/rules.md §5 a neutral cell never holds troops (any
            //   attack on one captures it): the colour is drawn only if the rules
            //   changed
            else if (dig_line)                                                    cell_pixel = dcol ? P_INK : P_WHITE;
            else if (nib != 4'd0)                                                 cell_pixel = nib;
            else                                                                  cell_pixel = fill;
        end
    endfunction

    // One block: the segments on the pixel enable, then the fetch in any cycle it has
    // work. Each part reads the registers it writes into variables first, and the
    // pixel part, above, only reads what the fetch writes (see docs/rtl-style.md).
    always @(posedge clk) begin : tiles
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [9:0]        c_x, c_y, c_last, ny;
        reg [43:0]       c_ovl;
        reg [5:0]        c_b, c_bly, n_bly, n_iy, n_fy, dy;
        reg [6:0]        c_rbase, n_rbase;
        reg [3:0]        c_col, ncols;
        reg [1:0]        c_seg, c_lk, kind, owner;
        reg [2:0]        c_f;
        reg [CRAM_W-1:0] w;
        reg [2:0]        c_gy;
        reg [9:0]        c_ny;
        reg [3:0]        c_icr;
        reg [4:0]        c_dig;         // a digit's pixels: its ROM row's bits 7-3
        reg              go, n_in;
        reg [3:0]        go_col;
        reg [6:0]        go_addr;
        /* verilator tracing_on */
        // see docs/rtl-style.md: block variables (each assigned first thing)
        c_x = 10'd0; c_y = 10'd0; c_last = 10'd0; ny = 10'd0; c_b = 6'd0; n_fy = 6'd0;
        c_ovl = 44'd0; c_bly = 6'd0;
        n_bly = 6'd0; n_iy = 6'd0; dy = 6'd0; c_rbase = 7'd0; n_rbase = 7'd0; c_col = 4'd0;
        ncols = 4'd0; c_seg = 2'd0; c_lk = 2'd0; c_f = 3'd0; kind = 2'd0; owner = 2'd0;
        w = {CRAM_W{1'b0}}; c_dig = 5'd0; go = 1'd0; n_in = 1'd0; go_col = 4'd0;
        go_addr = 7'd0; c_gy = 3'd0; c_ny = 10'd0; c_icr = 4'd0;
        // ---- the pixel ----
        if (pix_en_i) begin
            c_x    = sx_i;
            c_seg  = seg_q;
            c_last = seg_last_q;
            case (c_seg)
                S_CELL: begin
                    // The overlay mask shifts by a pixel at a time, its bit 43 under
                    // the beam (a shift, not a 44-way select: the pixel's logic is
                    // shorter).
                    c_b   = b_q;                      // 43 - ix
                    c_ovl = ovl_q;
                    b_q   <= c_b - 6'd1;
                    ovl_q <= {c_ovl[42:0], 1'b0};
                    if (!cur_q && !tgt_q && !c_ovl[43]) pal_o <= fill_q;
                    else pal_o <= cell_pixel(c_b, fyf_q, mode_i, player_i, cur_q, tgt_q, c_ovl[43],
                                             dig_line_q, dcol_q, ic_big_q, ic_q, fill_q);
                end
                S_GRID:  pal_o <= P_GRID;
                S_SOLID: pal_o <= solid_q;
                default: pal_o <= P_BLACK;
            endcase
            if (c_x == c_last) begin
                c_col   = col_q;
                c_lk    = lk_q;
                c_rbase = rbase_q;
                c_bly   = bly_q;
                c_ny    = ny_q;
                ncols = idle ? STRIP_COLS : BOARD_COLS;
                case (c_seg)
                    S_CELL: begin
                        seg_q      <= S_GRID;
                        seg_last_q <= c_x + {4'd0, GRID_W};
                        col_q      <= c_col + 4'd1;
                    end
                    S_GRID: begin
                        if (c_col == ncols) begin
                            seg_q      <= S_OFF;            // the closing grid line ended
                            seg_last_q <= SETUP_X;
                        end else begin
                            // The next cell, as fetched; fetch the one after it.
                            seg_q      <= S_CELL;
                            seg_last_q <= c_x + {4'd0, CELL_IN};
                            b_q        <= CELL_IN - 6'd1;
                            w     = nxt_word;
                            owner = w[19:18];
                            kind  = w[17:16];
                            case (owner)
                                PL_RED:  fill_q <= P_RED;
                                PL_BLUE: fill_q <= P_BLUE;
                                default: fill_q <= (kind == KIND_MOUNTAIN) ? P_MOUNT : P_NEUTRAL;
                            endcase
                            dcol_q   <= (owner != PL_RED) && (owner != PL_BLUE) &&
                                        (kind != KIND_MOUNTAIN);
                            cur_q    <= w[15];
                            tgt_q    <= w[14];
                            ic_big_q <= (w[13:12] == 2'd0);
                            ic_q     <= ic_rd;       // for the pixels to come
                            dig_line_q <= nxt_dig_on;
                            if (nxt_dig_on)            ovl_q <= digit_mask(w[13:12], nxt_d0, nxt_d1, dig_q[7:3]);
                            else if (!nxt_ic_on)       ovl_q <= {44{1'b0}};
                            else if (w[13:12] == 2'd0) ovl_q <= WIN_BIG;
                            else                       ovl_q <= WIN_SMALL;
                            go      = (c_col + 4'd1 != ncols);
                            go_col  = c_col + 4'd1;
                            go_addr = c_rbase + {3'd0, c_col} + 7'd1;
                        end
                    end
                    S_SOLID: begin
                        seg_q      <= S_OFF;
                        seg_last_q <= SETUP_X;
                    end
                    default: begin
                        if (c_x == SETUP_X) begin
                            // The next line, in the blanking before it, in two steps (each
                            // short enough for the clock): its row inside the cells ...
                            c_y     = sy_i;
                            ny      = (c_y == V_LAST) ? 10'd0 : c_y + 10'd1;
                            if (ny == (idle ? STRIP_Y0 : BOARD_Y0)) begin
                                n_bly   = 6'd0;
                                n_rbase = 7'd0;
                            end else if (c_bly == CELL_LAST) begin
                                n_bly   = 6'd0;
                                n_rbase = c_rbase + ROW_CELLS;
                            end else begin
                                n_bly   = c_bly + 6'd1;
                                n_rbase = c_rbase;
                            end
                            ny_q       <= ny;
                            bly_q      <= n_bly;
                            rbase_q    <= n_rbase;
                            col_q      <= 4'd0;
                            seg_last_q <= SETUP_X2;
                        end else if (c_x == SETUP_X2) begin
                            // ... then what it holds, and column 0's fetch.
                            ny      = c_ny;
                            n_bly   = c_bly;
                            n_rbase = c_rbase;
                            if (idle) n_in = in_range(ny, STRIP_Y0, STRIP_H);
                            else      n_in = in_range(ny, BOARD_Y0, BOARD_SIZE);
                            n_iy    = n_bly - GRID_W;
                            n_fy    = (n_iy < CELL_HALF) ? n_iy : CELL_IN - 6'd1 - n_iy;
                            fyf_q   <= {n_fy < TGT_W, n_fy < CUR_W, n_fy == CUR_W, n_fy < CUR_ARM,
                                        n_fy[CUR_DASH_B]};
                            if (!n_in) begin
                                lk_q <= LK_NONE;
                            end else if ((phase_i == PH_OVER) && in_range(ny, BAND_Y0, BAND_H)) begin
                                lk_q    <= LK_SOLID;
                                solid_q <= !in_range(ny, BAND_Y0 + BAND_EDGE, BAND_H - 2 * BAND_EDGE) ? P_WHITE :
                                           (winner_i == PL_RED)  ? P_RED :
                                           // coverage waiver (branch, cond_else): the
                                           //   GAME OVER banner with no winner: the
                                           //   phase is GAME_OVER only after a
                                           //   capital's capture, which sets the winner
                                           (winner_i == PL_BLUE) ? P_BLUE : P_PANEL;
                            end else if (n_bly < GRID_W) begin
                                lk_q    <= LK_SOLID;
                                solid_q <= P_GRID;
                            end else begin
                                lk_q    <= LK_CELLS;
                                go      = 1'b1;
                                go_col  = 4'd0;
                                go_addr = n_rbase;
                            end
                            seg_last_q <= !n_in ? SETUP_X : (idle ? STRIP_X0 : BOARD_X0) - 10'd1;
                        end else if (c_lk == LK_SOLID) begin
                            seg_q      <= S_SOLID;
                            seg_last_q <= c_x + (idle ? STRIP_W : BOARD_SIZE);
                        end else begin
                            seg_q      <= S_GRID;
                            seg_last_q <= c_x + {4'd0, GRID_W};
                        end
                    end
                endcase
            end
        end
        // ---- fetch ----
        c_f = f_st;
        if (c_f != F_IDLE) begin
            w     = nxt_word;
            c_dig = dig_q[7:3];
            c_gy  = nxt_gy;
            c_icr = nxt_ic_row;
            case (c_f)
                F_RAM: begin
                    if (idle) nxt_word <= strip_cell(f_col);
                    else      nxt_word <= ram_q;
                    f_st <= F_WORD;
                end
                F_WORD: begin
                    kind       = w[17:16];
                    dy         = f_iy - ((kind == KIND_LAND) ? DIG_Y_LAND : DIG_Y_ICON);
                    nxt_gy     <= dy[3:1];
                    nxt_dig_on <= (dy < DIG_H) && (w[13:12] != 2'd0);
                    dig_q      <= digits[{slot_digit(w[13:12], w[11:0], 2'd0), dy[3:1]}];
                    f_st       <= F_D0;
                end
                F_D0: begin
                    nxt_d0 <= c_dig;
                    dig_q  <= digits[{slot_digit(w[13:12], w[11:0], 2'd1), c_gy}];
                    f_st   <= F_D1;
                end
                F_D1: begin
                    nxt_d1 <= c_dig;
                    dig_q  <= digits[{slot_digit(w[13:12], w[11:0], 2'd2), c_gy}];
                    // Big (scale 2) without troops, else small above the number.
                    kind = w[17:16];
                    if (w[13:12] == 2'd0) begin
                        dy         = f_iy - ICON_BIG_XY;
                        nxt_ic_on  <= (kind != KIND_LAND) && (dy < ICON_BIG);
                        nxt_ic_row <= dy[4:1];
                    end else begin
                        dy         = f_iy - ICON_SM_Y;
                        nxt_ic_on  <= (kind != KIND_LAND) && (dy < ICON_SM);
                        nxt_ic_row <= dy[3:0];
                    end
                    f_st <= F_IC;
                end
                default: begin                      // F_IC
                    ic_rd <= icons[{w[17:16], c_icr}];
                    f_st  <= F_IDLE;
                end
            endcase
        end
        if (go) begin
            // Column 0's fetch comes with the line: its row inside the cells.
            if (go_col == 4'd0) f_iy <= n_iy;
            f_col <= go_col;
            ram_q <= cram[go_addr];
            f_st  <= F_RAM;
        end
        if (rst) begin
            f_st       <= F_IDLE;
            seg_q      <= S_OFF;
            seg_last_q <= SETUP_X;
            lk_q       <= LK_NONE;
            bly_q      <= 6'd0;
            rbase_q    <= 7'd0;
            col_q      <= 4'd0;
            pal_o      <= P_BLACK;
        end
    end
endmodule

`default_nettype wire
