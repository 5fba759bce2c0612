// Generals (将军棋) - the numbers and codes shared by every module that needs them and
// by the test bench: the clock, the board, the cell word layout, the troop limit and
// the move threshold, phases, players/owners, modes, cell kinds, commands. Their one
// home: the bench reads this file at build time (tb/defs), and docs/rules.md
// ("Shared numbers and codes") states each value, which tb/defs/tests/pinned.rs checks.
// Each is a plain literal (the bench's reader takes 13, 2'd1, 2'b10, 50_000_000).
// Included inside a module body (localparams are local to the includer).
// Part of the Generals FPGA project, MIT licence.

// The core's clock (docs/rules.md: the DE2-115's 50 MHz oscillator).
localparam integer CLOCK_HZ = 50_000_000;

// Phases (docs/rules.md §3).
localparam [1:0] PH_IDLE    = 2'd0;
localparam [1:0] PH_PLAYING = 2'd1;
localparam [1:0] PH_OVER    = 2'd2;

// Players and cell owners (docs/rules.md §1): 0 is "none" or NPC.
localparam [1:0] PL_NONE = 2'd0;
localparam [1:0] PL_RED  = 2'd1;
localparam [1:0] PL_BLUE = 2'd2;

// Input modes (docs/rules.md §5), the course design's 2-bit encoding.
localparam [1:0] MODE_SELECT = 2'b00;
localparam [1:0] MODE_ALL    = 2'b10;
localparam [1:0] MODE_HALF   = 2'b11;

// Cell kinds (docs/rules.md §1).
localparam [1:0] KIND_LAND     = 2'd0;
localparam [1:0] KIND_MOUNTAIN = 2'd1;
localparam [1:0] KIND_CAPITAL  = 2'd2;
localparam [1:0] KIND_TOWER    = 2'd3;

// Command codes (docs/rules.md §4).
localparam [2:0] CMD_W     = 3'd0;
localparam [2:0] CMD_A     = 3'd1;
localparam [2:0] CMD_S     = 3'd2;
localparam [2:0] CMD_D     = 3'd3;
localparam [2:0] CMD_SPACE = 3'd4;
localparam [2:0] CMD_Z     = 3'd5;

// A cell word: {owner[1:0], kind[1:0], troops[8:0]}, cell index y*10 + x. Its fields
// by name: w[CELL_OWNER +: OWNER_W], w[CELL_KIND +: KIND_W], w[CELL_TROOPS +: TROOPS_W].
localparam integer CELL_W      = 13;
localparam integer CELL_OWNER  = 11;    // owner at [12:11]
localparam integer OWNER_W     = 2;
localparam integer CELL_KIND   = 9;     // kind at [10:9]
localparam integer KIND_W      = 2;
localparam integer CELL_TROOPS = 0;     // troops at [8:0]
localparam integer TROOPS_W    = 9;
localparam integer BOARD_SIDE  = 10;    // the board is 10 x 10 cells
localparam integer CELLS       = 100;   // BOARD_SIDE * BOARD_SIDE
localparam integer CELL_IDX_W  = 7;     // 0..99 (128 words of RAM)
localparam [3:0]   COORD_MAX   = 4'd9;  // BOARD_SIDE - 1
localparam [8:0]   TROOPS_MAX  = 9'd511; // every addition of troops saturates here
localparam [8:0]   TROOPS_MOVE = 9'd2;   // fewest troops a cell may move from
