// Generals (将军棋) - board_tiles: the board's cells on screen (docs/display.md, "Board"
// and "One cell"), and the title's strip of sample cells and the GAME_OVER band.
// Pixel stages S1 (cell counters) to S4 (digit and icon ROM words); everything moves
// only on the pixel enable, so nothing here is computed on the other cycles.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module board_tiles #(
    parameter GFX_DIR = "rtl/gfx/"     // ROM images
) (
    input  wire        clk,            // 50 MHz
    input  wire        rst,            // synchronous, active high
    input  wire        pix_en_i,       // pixel enable: the pipeline moves
    input  wire [9:0]  sx_i,           // raster position (S0)
    input  wire [9:0]  sy_i,
    input  wire [1:0]  phase_i,        // the snapshot's phase and mode
    input  wire [1:0]  mode_i,
    input  wire        cram_we_i,      // cell RAM write port (video_scan)
    input  wire [6:0]  cram_addr_i,
    input  wire [19:0] cram_data_i,
    output reg         band4_o,        // S4: GAME_OVER band, and its edge lines
    output reg         bandedge4_o,
    output wire        grid4_o,        // grid line of the board or the strip
    output wire        interior4_o,    // inside a cell
    output wire        cur_hi4_o,      // cursor frame
    output wire        cur_ink4_o,     // cursor's inner ink line
    output wire        tgt4_o,         // legal-target ring
    output wire        dhit4_o,        // inside a troop digit
    output wire [2:0]  dgx4_o,         // digit glyph column
    output wire [7:0]  dig4_o,         // digit ROM row
    output wire        ihit4_o,        // inside the icon
    output wire [3:0]  icol4_o,        // icon column
    output wire [63:0] icon4_o,        // icon ROM row: 16 palette indices
    output wire [3:0]  fill4_o         // the cell's fill colour
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    `include "video_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    wire idle = (phase_i == PH_IDLE);
    wire over = (phase_i == PH_OVER);

    // ---- S1: counters that step at cell and row edges instead of dividing ---------------
    reg [3:0] bcol1;            // column (10 = the closing grid line)
    reg [5:0] blx1, bly1;       // position inside the cell pitch
    reg [6:0] rbase1;           // cell index of column 0 of this row
    reg       inbx1, inby1;     // inside the board (or, in IDLE, the strip)
    reg       band1, bandedge1;

    always @(posedge clk) begin
        if (rst) begin
            bcol1 <= 4'd0;  blx1 <= 6'd0;  bly1 <= 6'd0;  rbase1 <= 7'd0;
            inbx1 <= 1'b0;  inby1 <= 1'b0;  band1 <= 1'b0;  bandedge1 <= 1'b0;
        end else if (pix_en_i) begin
            // Branches, not `?:`: a function's result is computed even where a
            // `?:` does not take it.
            if (idle) inbx1 <= in_range(sx_i, STRIP_X0, STRIP_W);
            else      inbx1 <= in_range(sx_i, BOARD_X0, BOARD_SIZE);
            if (sx_i == (idle ? STRIP_X0 : BOARD_X0)) begin
                bcol1 <= 4'd0;
                blx1  <= 6'd0;
            end else if (blx1 == CELL_PITCH - 6'd1) begin
                bcol1 <= bcol1 + 4'd1;
                blx1  <= 6'd0;
            end else begin
                blx1  <= blx1 + 6'd1;
            end
            // Rows step once per line, with its first pixel.
            if (sx_i == 10'd0) begin
                if (idle) inby1 <= in_range(sy_i, STRIP_Y0, STRIP_H);
                else      inby1 <= in_range(sy_i, BOARD_Y0, BOARD_SIZE);
                if (sy_i == (idle ? STRIP_Y0 : BOARD_Y0)) begin
                    bly1   <= 6'd0;
                    rbase1 <= 7'd0;
                end else if (bly1 == CELL_PITCH - 6'd1) begin
                    bly1   <= 6'd0;
                    rbase1 <= rbase1 + ROW_CELLS;
                end else begin
                    bly1   <= bly1 + 6'd1;
                end
            end
            // The band is drawn at GAME OVER only; its edge flag matters only
            // inside it.
            if (over) begin
                band1     <= in_range(sx_i, BOARD_X0, BOARD_SIZE) && in_range(sy_i, BAND_Y0, BAND_H);
                bandedge1 <= !in_range(sy_i, BAND_Y0 + BAND_EDGE, BAND_H - 2 * BAND_EDGE);
            end else begin
                band1     <= 1'b0;
            end
        end
    end

    // ---- S2: the cell's word from the cell RAM ------------------------------------------
    // {owner[1:0], kind[1:0], cursor, target, ndig[1:0], bcd[11:0]}
    reg [CRAM_W-1:0] cram [0:127];
    integer i;
    initial for (i = 0; i < 128; i = i + 1) cram[i] = {CRAM_W{1'b0}};
    always @(posedge clk) begin
        if (cram_we_i) cram[cram_addr_i] <= cram_data_i;
    end

    reg [CRAM_W-1:0] ram2;      // block RAM output register: no reset
    reg [5:0]        blx2, bly2;
    reg [3:0]        bcol2;
    reg              inb2, band2, bandedge2;
    always @(posedge clk) begin
        if (pix_en_i) ram2 <= cram[rbase1 + {3'd0, bcol1}];
    end
    always @(posedge clk) begin
        if (rst) begin
            blx2 <= 6'd0;  bly2 <= 6'd0;  bcol2 <= 4'd0;
            inb2 <= 1'b0;  band2 <= 1'b0;  bandedge2 <= 1'b0;
        end else if (pix_en_i) begin
            blx2      <= blx1;
            bly2      <= bly1;
            bcol2     <= bcol1;
            inb2      <= inbx1 && inby1;
            band2     <= band1;
            bandedge2 <= bandedge1;
        end
    end

    // ---- S3: what of the cell is under the pixel ------------------------------------------
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

    // The decoded pixel, inside the board or the strip: {interior, grid, cur_hi, cur_ink,
    // tgt, dhit, dgx[2:0], ihit, icol[3:0], fill[3:0], digit ROM address[6:0], icon ROM
    // address[5:0]} (31 bits).
    localparam integer DEC_W = 31;
    function automatic [DEC_W-1:0] decode(input [CRAM_W-1:0] a, input [5:0] blx,
                                          input [5:0] bly, input [1:0] mode);
        reg [1:0]  owner, kind, nd;
        reg        cur, tgt, interior;
        reg [11:0] bcd;
        reg [5:0]  ix, iy, dig_y0, dig_dy, dig_x0, pitch, rel0, rel1, rel2;
        reg [5:0]  ic_dx, ic_dy, fx, fy, edge_d;
        reg        slot_ok, ic_big, ic_in, cur_pat, cur_on, dig_hit, ic_hit;
        reg [1:0]  slot, pos;
        reg [2:0]  gx;
        reg [3:0]  val, ic_col, ic_row, fill;
        begin
            {owner, kind, cur, tgt, nd, bcd} = a;
            interior = blx >= GRID_W && bly >= GRID_W;
            ix       = blx - GRID_W;
            iy       = bly - GRID_W;
            // Troop digits: which of the up to three slots, and where in it.
            dig_y0 = (kind == KIND_LAND) ? DIG_Y_LAND : DIG_Y_ICON;
            dig_dy = iy - dig_y0;
            dig_x0 = (nd == 2'd3) ? DIG_X_3 : (nd == 2'd2) ? DIG_X_2 : DIG_X_1;
            pitch  = (nd == 2'd3) ? DIG_PITCH_3 : DIG_PITCH;
            rel0   = ix - dig_x0;
            rel1   = rel0 - pitch;
            rel2   = rel1 - pitch;
            slot_ok = 1'b1;
            slot    = 2'd0;
            gx      = rel0[3:1];
            if (rel0 < DIG_W) begin
                slot = 2'd0;  gx = rel0[3:1];
            end else if (rel1 < DIG_W) begin
                slot = 2'd1;  gx = rel1[3:1];
            end else if (rel2 < DIG_W) begin
                slot = 2'd2;  gx = rel2[3:1];
            end else begin
                slot_ok = 1'b0;
            end
            // Slot 0 is the most significant shown digit: BCD digit nd - 1 - slot.
            pos     = nd - 2'd1 - slot;
            val     = (pos == 2'd2) ? bcd[11:8] : (pos == 2'd1) ? bcd[7:4] : bcd[3:0];
            dig_hit = interior && slot_ok && slot < nd && dig_dy < DIG_H;
            // Icon: scale 2 in the middle with no troops, else scale 1 above the number.
            ic_big = (nd == 2'd0);
            ic_dx  = ix - (ic_big ? ICON_BIG_XY : ICON_SM_X);
            ic_dy  = iy - (ic_big ? ICON_BIG_XY : ICON_SM_Y);
            ic_in  = ic_big ? (ic_dx < ICON_BIG && ic_dy < ICON_BIG)
                            : (ic_dx < ICON_SM && ic_dy < ICON_SM);
            ic_col = ic_big ? ic_dx[4:1] : ic_dx[3:0];
            ic_row = ic_big ? ic_dy[4:1] : ic_dy[3:0];
            ic_hit = interior && kind != KIND_LAND && ic_in;
            // Cursor frame and target ring: distance to the nearest edge, on a position
            // folded about the centre so every side looks the same.
            fx      = (ix < CELL_HALF) ? ix : CELL_IN - 6'd1 - ix;
            fy      = (iy < CELL_HALF) ? iy : CELL_IN - 6'd1 - iy;
            edge_d  = (fx < fy) ? fx : fy;
            cur_pat = !mode[1] ? (fx < CUR_ARM && fy < CUR_ARM) :
                      mode[0]  ? (fx[CUR_DASH_B] == fy[CUR_DASH_B]) : 1'b1;
            cur_on  = interior && cur && cur_pat;
            case (owner)
                PL_RED:  fill = P_RED;
                PL_BLUE: fill = P_BLUE;
                default: fill = (kind == KIND_MOUNTAIN) ? P_MOUNT : P_NEUTRAL;
            endcase
            decode = {interior, !interior, cur_on && edge_d < CUR_W,
                      cur_on && edge_d == CUR_W, interior && tgt && edge_d < TGT_W,
                      dig_hit, gx, ic_hit, ic_col, fill, val, dig_dy[3:1], kind, ic_row};
        end
    endfunction

    // One register for the whole decoded word: Verilator evaluates a function once per
    // target of a concatenated assignment, so twelve targets would decode twelve times.
    reg [DEC_W-1:0] dec3;
    reg             band3, bandedge3;
    always @(posedge clk) begin : s3
        // The block's variables are not traced, so a simulator keeps them as locals.
        /* verilator tracing_off */
        reg [CRAM_W-1:0] word;  // the cell under the pixel
        /* verilator tracing_on */
        if (rst) begin
            dec3      <= {DEC_W{1'b0}};
            band3     <= 1'b0;
            bandedge3 <= 1'b0;
        end else if (pix_en_i) begin
            // Outside the board (or the strip) decode() gives all zeros but costs
            // the simulator as much as inside: skip it there. The strip's cells
            // are looked up only on the title screen (a function's result is
            // computed even where a `?:` does not take it).
            if (inb2) begin
                if (idle) word = strip_cell(bcol2);
                else      word = ram2;
                dec3 <= decode(word, blx2, bly2, mode_i);
            end else begin
                dec3 <= {DEC_W{1'b0}};
            end
            band3     <= band2;
            bandedge3 <= bandedge2;
        end
    end
    wire [6:0] dig_addr3  = dec3[12:6];
    wire [5:0] icon_addr3 = dec3[5:0];

    // ---- S4: digit and icon ROM words ---------------------------------------------------
    sync_rom #(.WIDTH(8), .DEPTH(128), .INIT_F({GFX_DIR, "digits.hex"})) u_digit_rom (
        .clk(clk), .en_i(pix_en_i), .addr_i(dig_addr3), .data_o(dig4_o)
    );
    sync_rom #(.WIDTH(64), .DEPTH(64), .INIT_F({GFX_DIR, "icons.hex"})) u_icon_rom (
        .clk(clk), .en_i(pix_en_i), .addr_i(icon_addr3), .data_o(icon4_o)
    );
    // The S4 flags and fields as one register, as S3 holds them: a simulator then
    // copies one word per pixel instead of twelve.
    localparam integer S4_W = DEC_W - 13;   // all but the two ROM addresses
    reg [S4_W-1:0] dec4;
    always @(posedge clk) begin
        if (rst) begin
            dec4        <= {S4_W{1'b0}};    // fill P_BLACK
            band4_o     <= 1'b0;
            bandedge4_o <= 1'b0;
        end else if (pix_en_i) begin
            dec4        <= dec3[DEC_W-1:13];
            band4_o     <= band3;
            bandedge4_o <= bandedge3;
        end
    end
    assign {interior4_o, grid4_o, cur_hi4_o, cur_ink4_o, tgt4_o, dhit4_o, dgx4_o, ihit4_o,
            icol4_o, fill4_o} = dec4;
endmodule

`default_nettype wire
