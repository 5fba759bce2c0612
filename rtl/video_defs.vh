// Generals (将军棋) - the screen layout, raster and palette of docs/display.md, shared by the
// renderer's stages (the golden renderer holds the same numbers in
// generals_golden_render::layout). Included inside a module body.
// Part of the Generals FPGA project, MIT licence.

// Palette indices (colours in rtl/gfx/palette.hex).
localparam [3:0] P_BLACK   = 4'd0;
localparam [3:0] P_BG      = 4'd1;
localparam [3:0] P_GRID    = 4'd2;
localparam [3:0] P_PANEL   = 4'd3;
localparam [3:0] P_NEUTRAL = 4'd4;
localparam [3:0] P_MOUNT   = 4'd5;
localparam [3:0] P_RED     = 4'd6;
localparam [3:0] P_BLUE    = 4'd7;
localparam [3:0] P_RED_HI  = 4'd8;
localparam [3:0] P_BLUE_HI = 4'd9;
localparam [3:0] P_GOLD    = 4'd10;
localparam [3:0] P_WHITE   = 4'd11;
localparam [3:0] P_INK     = 4'd12;
localparam [3:0] P_LABEL   = 4'd13;

// The raster: VESA 640x480@60 (docs/display.md, "VGA timing"; vga_timing makes it),
// pixels of a line and lines of a frame.
localparam [9:0] H_VISIBLE = 10'd640;
localparam [9:0] H_FRONT   = 10'd16;
localparam [9:0] H_SYNC    = 10'd96;
localparam [9:0] H_BACK    = 10'd48;
localparam [9:0] H_TOTAL   = H_VISIBLE + H_FRONT + H_SYNC + H_BACK;  // 800
localparam [9:0] V_VISIBLE = 10'd480;
localparam [9:0] V_FRONT   = 10'd10;
localparam [9:0] V_SYNC    = 10'd2;
localparam [9:0] V_BACK    = 10'd33;
localparam [9:0] V_TOTAL   = V_VISIBLE + V_FRONT + V_SYNC + V_BACK;  // 525
localparam [9:0] V_LAST    = V_TOTAL - 10'd1;
// Each pixel source sets up a line at this beam x of the line before it, in the
// horizontal blanking.
localparam [9:0] SETUP_X   = H_VISIBLE;

// Cell RAM word: {owner[1:0], kind[1:0], cursor, target, ndig[1:0], bcd[11:0]}.
localparam integer CRAM_W = 20;

// Board: 10x10 cells on a 46-pixel pitch, each pitch starting with a 2-pixel grid
// line; a closing grid line follows the last cell.
localparam [9:0] BOARD_X0    = 10'd9;
localparam [9:0] BOARD_Y0    = 10'd9;
localparam [5:0] CELL_PITCH  = 6'd46;
localparam [5:0] GRID_W      = 6'd2;
localparam [5:0] CELL_IN     = CELL_PITCH - GRID_W;       // 44
localparam [5:0] CELL_HALF   = CELL_IN / 2;               // 22
localparam [9:0] BOARD_SIZE  = 10'd462;                   // 10 * 46 + 2
localparam [6:0] ROW_CELLS   = 7'd10;                     // cell index step per row

// Inside a cell (ix, iy in 0..43).
localparam [5:0] DIG_W       = 6'd10;   // 5x8 digit at scale 2
localparam [5:0] DIG_H       = 6'd16;
localparam [5:0] DIG_PITCH   = 6'd12;   // 10 + 2-pixel gap (1 and 2 digits)
localparam [5:0] DIG_PITCH_3 = 6'd11;   // 10 + 1-pixel gap: 3 digits clear the cursor frame
localparam [5:0] DIG_X_1     = 6'd17;   // first digit, centred: (44 - width) / 2
localparam [5:0] DIG_X_2     = 6'd11;
localparam [5:0] DIG_X_3     = 6'd6;
localparam [5:0] DIG_Y_LAND  = 6'd14;   // land: number centred
localparam [5:0] DIG_Y_ICON  = 6'd24;   // other kinds: number under the icon
localparam [5:0] ICON_BIG_XY = 6'd6;    // icon at scale 2 when troops = 0
localparam [5:0] ICON_BIG    = 6'd32;
localparam [5:0] ICON_SM_X   = 6'd14;   // icon at scale 1 above the number
localparam [5:0] ICON_SM_Y   = 6'd4;
localparam [5:0] ICON_SM     = 6'd16;
localparam [5:0] CUR_W       = 6'd4;    // cursor frame, then 1 pixel of ink
localparam [5:0] CUR_ARM     = 6'd14;   // SELECT: corner brackets
localparam integer CUR_DASH_B = 3;      // MOVE-HALF: 8-pixel dashes (bit 3 of folded position)
localparam [5:0] TGT_W       = 6'd3;    // legal-target ring

// Side panel: a 9x20 grid of 16x16 characters on a 20-line row pitch.
localparam [9:0] PANEL_X0    = 10'd478;
localparam [9:0] PANEL_Y0    = 10'd9;
localparam [9:0] PANEL_W     = 10'd154;
localparam [9:0] PANEL_H     = 10'd462;
localparam [9:0] PANEL_TX0   = 10'd483;
localparam [9:0] PANEL_TY0   = 10'd19;
localparam [9:0] PANEL_TW    = 10'd144;  // 9 columns of 16
localparam [9:0] PANEL_TH    = 10'd400;  // 20 rows of 20
localparam [4:0] PANEL_PITCH = 5'd20;
localparam [4:0] ROW_TURN_LABEL  = 5'd0;
localparam [4:0] ROW_TURN        = 5'd1;
localparam [4:0] ROW_ROUND_LABEL = 5'd3;
localparam [4:0] ROW_ROUND       = 5'd4;
localparam [4:0] ROW_MODE_LABEL  = 5'd6;
localparam [4:0] ROW_MODE        = 5'd7;
localparam [4:0] ROW_MAP         = 5'd9;
localparam [4:0] ROW_RED         = 5'd11;
localparam [4:0] ROW_BLUE        = 5'd16;
localparam [3:0] VALUE_COL       = 4'd6;   // "LABEL value" rows: value from column 6

// GAME_OVER band across the board.
localparam [9:0] BAND_Y0     = 10'd200;
localparam [9:0] BAND_H      = 10'd80;
localparam [9:0] BAND_EDGE   = 10'd2;
localparam [9:0] BANNER_Y0   = 10'd212;  // scale 4: 32x32 characters
localparam [9:0] BANNER_H    = 10'd32;
localparam [9:0] BANNER_X0_8 = 10'd112;  // "RED WINS"
localparam [9:0] BANNER_X0_9 = 10'd96;   // "BLUE WINS", "GAME OVER"
localparam [9:0] BANNER_W_8  = 10'd256;
localparam [9:0] BANNER_W_9  = 10'd288;
localparam [9:0] HINT_X0     = 10'd152;  // scale 2
localparam [9:0] HINT_Y0     = 10'd252;

// IDLE title screen.
localparam [9:0] TITLE_X0    = 10'd64;   // scale 8: 64x64 characters
localparam [9:0] TITLE_Y0    = 10'd112;
localparam [9:0] TITLE_W     = 10'd512;
localparam [9:0] TITLE_H     = 10'd64;
localparam [9:0] RULE_X0     = 10'd64;
localparam [9:0] RULE_Y0     = 10'd188;
localparam [9:0] RULE_W      = 10'd512;
localparam [9:0] RULE_H      = 10'd4;
localparam [9:0] SUB_X0      = 10'd232;  // scale 2
localparam [9:0] SUB_Y0      = 10'd212;
localparam [9:0] STRIP_X0    = 10'd204;  // a row of sample cells: the board's cell path
localparam [9:0] STRIP_Y0    = 10'd256;
localparam [9:0] STRIP_W     = 10'd232;  // 5 * 46 + 2
localparam [9:0] STRIP_H     = 10'd48;   // 46 + 2
localparam [9:0] PRESS_X0    = 10'd232;
localparam [9:0] PRESS_Y0    = 10'd344;
localparam [9:0] TEXT11_W    = 10'd176;  // 11 characters at scale 2
// Who plays each colour (docs/rules.md §11): "RED: MACHINE" (12 characters) and
// "BLUE: PLAYER " (13), two characters apart, centred: (640 - 27 * 16) / 2.
localparam [9:0] SEATS_RED_X0  = 10'd104;  // scale 2
localparam [9:0] SEATS_BLUE_X0 = 10'd328;
localparam [9:0] SEATS_Y0      = 10'd384;
localparam [9:0] SEATS_RED_W   = 10'd192;  // 12 characters
localparam [9:0] SEATS_BLUE_W  = 10'd208;  // 13 characters
localparam [9:0] TEXT_H2     = 10'd16;

// Whether screen coordinate v lies in [lo, lo + len).
function automatic in_range(input [9:0] v, input [9:0] lo, input [9:0] len);
    in_range = (v >= lo) && (v < lo + len);
endfunction
