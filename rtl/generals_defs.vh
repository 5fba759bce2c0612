// Generals (将军棋) - the codes of GAME.md shared by every module that needs them:
// phases, players/owners, modes, cell kinds, commands, and the cell word layout.
// Included inside a module body (localparams are local to the includer).
// Part of the Generals FPGA project, MIT licence.

// Phases (GAME.md section 3).
localparam [1:0] PH_IDLE    = 2'd0;
localparam [1:0] PH_PLAYING = 2'd1;
localparam [1:0] PH_OVER    = 2'd2;

// Players and cell owners (GAME.md section 1): 0 is "none" or NPC.
localparam [1:0] PL_NONE = 2'd0;
localparam [1:0] PL_RED  = 2'd1;
localparam [1:0] PL_BLUE = 2'd2;

// Input modes (GAME.md section 5), the course design's 2-bit encoding.
localparam [1:0] MODE_SELECT = 2'b00;
localparam [1:0] MODE_ALL    = 2'b10;
localparam [1:0] MODE_HALF   = 2'b11;

// Cell kinds (GAME.md section 1).
localparam [1:0] KIND_LAND     = 2'd0;
localparam [1:0] KIND_MOUNTAIN = 2'd1;
localparam [1:0] KIND_CAPITAL  = 2'd2;
localparam [1:0] KIND_TOWER    = 2'd3;

// Command codes (GAME.md section 4).
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
localparam integer CELLS       = 100;
localparam integer CELL_IDX_W  = 7;     // 0..99 (128 words of RAM)
localparam [3:0]   COORD_MAX   = 4'd9;  // the board is 10 x 10
localparam [8:0]   TROOPS_MAX  = 9'd511;
