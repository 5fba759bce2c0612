// Generals (将军棋) - generals_core: the whole game without board pins: buttons,
// switches, keyboard, draw counter, game logic, machine player and VGA. Verilator's
// top; the board wrapper instantiates it and uses a few dbg_* outputs for its displays.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module generals_core #(
    parameter integer DEBOUNCE_CYCLES = 50000,            // 1 ms at 50 MHz; the bench reads it too
    parameter         MAP_INIT_HEX    = "maps/maps.hex",  // simulation image of the map ROM
    parameter         GFX_DIR         = "rtl/gfx/",       // font and glyph ROM images
    parameter integer BOT_GAP         = 10_000_000        // machine player: cycles before each command
) (
    input  wire          clk,             // 50 MHz
    input  wire          key_reset_n,     // RESET push-button, active low, raw
    input  wire          key_start_n,     // START push-button, active low, raw
    input  wire          ps2_clk,         // keyboard clock line
    input  wire          ps2_dat,         // keyboard data line
    input  wire [1:0]    sw,              // slide switches: [0] machine plays Red, [1] Blue; raw
    output wire [7:0]    vga_r,           // to the video DAC
    output wire [7:0]    vga_g,
    output wire [7:0]    vga_b,
    output wire          vga_hs_n,
    output wire          vga_vs_n,
    output wire          vga_blank_n,
    output wire          vga_sync_n,
    output wire          vga_clk,
    // Debug port: the architectural state of docs/verification.md and the events the bench checks.
    // Each port is the net itself, which the body reads under a short alias
    // (`wire rst = dbg_rst;`): a simulator then keeps one value, not a copy.
    output reg           dbg_rst,         // internal reset
    output wire [6:0]    dbg_draw,        // draw counter
    output wire          dbg_applied,     // a command was consumed; state shows its effect
    output wire [2:0]    dbg_cmd,
    output wire          dbg_cmd_src,     // with dbg_applied: 1 the machine typed it, 0 the keyboard
    output wire [1:0]    dbg_seats,       // colours the machine plays, latched at START
    output wire          dbg_started,     // a game started; state shows it
    output wire          dbg_snapshot,    // the renderer latched the state for the next frame
    output wire [1:0]    dbg_phase,
    output wire [1:0]    dbg_winner,
    output wire [1:0]    dbg_player,
    output wire [1:0]    dbg_first,
    output wire [1:0]    dbg_mode,
    output wire [7:0]    dbg_cursor_red,
    output wire [7:0]    dbg_cursor_blue,
    output wire [15:0]   dbg_round,
    output wire [6:0]    dbg_map,
    output wire          dbg_we,          // board RAM write port (docs/verification.md, revised)
    output wire [6:0]    dbg_waddr,
    output wire [12:0]   dbg_wdata,
    output wire [7:0]    dbg_kbd_byte,    // keyboard internals, for the keyboard scoreboard
    output wire          dbg_kbd_byte_valid,
    output wire [2:0]    dbg_kbd_cmd,
    output wire          dbg_kbd_cmd_valid,
    output wire          dbg_kbd_cmd_ready,
    output wire [15:0]   dbg_kbd_err,
    output wire [15:0]   dbg_kbd_ovf
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    /* verilator lint_on UNUSEDPARAM */
    localparam integer POR_CYCLES = 15;   // power-on reset length; registers power up 0
    localparam integer POR_W      = $clog2(POR_CYCLES + 1);

    // ---- reset: power-on, then the RESET button -------------------------------------
    reg  [POR_W-1:0] por_cnt;       // no reset of its own: it is where reset comes from
    reg              por_busy;      // the power-on count runs
    wire             reset_pressed;
    wire             rst = dbg_rst;
    // Power-up values, explicit: Quartus honours them for Cyclone IV
    // flip-flops, and a 4-state simulator would otherwise never leave X. The
    // core powers up in reset, so every register with a synchronous reset is
    // reset at the first edge, whatever value it powered up with.
    initial begin
        por_cnt  = {POR_W{1'b0}};
        por_busy = 1'b1;
        dbg_rst  = 1'b1;
    end
    // The count is read once, before it is written, and dbg_rst (registered: one
    // clean, low-skew net) is never read here (see docs/rtl-style.md: private copies).
    always @(posedge clk) begin : reset_gen
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg             c_busy;
        reg [POR_W-1:0] c_cnt;
        /* verilator tracing_on */
        c_busy  = por_busy;
        c_cnt   = por_cnt;
        dbg_rst <= c_busy | reset_pressed;
        if (c_busy) begin
            por_cnt <= c_cnt + 1'b1;
            if (c_cnt == POR_CYCLES[POR_W-1:0] - 1'b1) por_busy <= 1'b0;
        end
    end

    // Reset acts while RESET is held; START acts once per press: each button
    // leaves one of its two outputs unused.
    /* verilator lint_off UNUSEDSIGNAL */
    wire reset_press_unused;
    wire start_level_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    button #(.DEBOUNCE_CYCLES(DEBOUNCE_CYCLES)) u_btn_reset (
        .clk      (clk),
        .key_n    (key_reset_n),
        .pressed_o(reset_pressed),
        .press_o  (reset_press_unused)
    );

    wire start_press;
    button #(.DEBOUNCE_CYCLES(DEBOUNCE_CYCLES)) u_btn_start (
        .clk      (clk),
        .key_n    (key_start_n),
        .pressed_o(start_level_unused),
        .press_o  (start_press)
    );

    wire [6:0] draw = dbg_draw;
    draw_counter u_draw (
        .clk    (clk),
        .rst    (rst),
        .count_o(dbg_draw)
    );

    // ---- keyboard -------------------------------------------------------------------
    wire [2:0] cmd       = dbg_kbd_cmd;
    wire       cmd_valid = dbg_kbd_cmd_valid;
    wire       cmd_ready = dbg_kbd_cmd_ready;
    kbd_frontend u_kbd (
        .clk         (clk),
        .rst         (rst),
        .ps2_clk     (ps2_clk),
        .ps2_dat     (ps2_dat),
        .cmd_o       (dbg_kbd_cmd),
        .cmd_valid_o (dbg_kbd_cmd_valid),
        .cmd_ready_i (cmd_ready),
        .byte_o      (dbg_kbd_byte),
        .byte_valid_o(dbg_kbd_byte_valid),
        .err_count_o (dbg_kbd_err),
        .ovf_count_o (dbg_kbd_ovf)
    );

    // ---- switches: synchronised; the game logic latches them at START ------------------
    wire [1:0] sw_s;
    wire [1:0] seats = dbg_seats;
    sync2 #(.WIDTH(2), .INIT(2'b00)) u_sync_sw (
        .clk(clk),
        .d  (sw),
        .q  (sw_s)
    );
    wire [1:0] phase = dbg_phase;

    // ---- the command arbiter (docs/rules.md §11): on a machine-played colour's turn
    // the machine's commands go to the game logic and the keyboard's are consumed
    // and ignored. The game logic takes the command of the source whose turn it is
    // when its state takes commands and the video scan does not hold the board.
    wire       bot_turn, bot_valid;
    wire [2:0] bot_cmd;
    wire       st_ready;

    // ---- game -----------------------------------------------------------------------
    wire        board_we    = dbg_we;
    wire [6:0]  board_waddr = dbg_waddr;
    wire [12:0] board_wdata = dbg_wdata;
    wire        video_rd_en, video_hold;
    assign dbg_kbd_cmd_ready = bot_turn | (st_ready & ~video_hold);
    wire [6:0]  video_rd_addr;
    wire [12:0] video_rd_data;
    // The game state the renderer draws; the debug port shows the same nets.
    wire [1:0]  winner      = dbg_winner;
    wire [1:0]  player      = dbg_player;
    wire [1:0]  mode        = dbg_mode;
    wire [7:0]  cursor_red  = dbg_cursor_red;
    wire [7:0]  cursor_blue = dbg_cursor_blue;
    wire [15:0] round       = dbg_round;
    wire [6:0]  map_no      = dbg_map;
    wire [7:0]  cap_red, cap_blue;     // the capitals' cells, found as the map loads

    game_logic #(.MAP_INIT_HEX(MAP_INIT_HEX)) u_game (
        .clk          (clk),
        .rst          (rst),
        .start_i      (start_press),
        .draw_i       (draw),
        .hold_i       (video_hold),
        .sw_i         (sw_s),
        .kbd_valid_i  (cmd_valid),
        .kbd_cmd_i    (cmd),
        .bot_valid_i  (bot_valid),
        .bot_cmd_i    (bot_cmd),
        .st_ready_o   (st_ready),
        .seats_o      (dbg_seats),
        .turn_o       (bot_turn),
        .cmd_src_o    (dbg_cmd_src),
        .applied_o    (dbg_applied),
        .applied_cmd_o(dbg_cmd),
        .started_o    (dbg_started),
        .phase_o      (dbg_phase),
        .winner_o     (dbg_winner),
        .player_o     (dbg_player),
        .first_o      (dbg_first),
        .mode_o       (dbg_mode),
        .cursor_red_o (dbg_cursor_red),
        .cursor_blue_o(dbg_cursor_blue),
        .round_o      (dbg_round),
        .map_o        (dbg_map),
        .we_o         (dbg_we),
        .waddr_o      (dbg_waddr),
        .wdata_o      (dbg_wdata),
        .b_en_i       (video_rd_en),
        .b_addr_i     (video_rd_addr),
        .b_data_o     (video_rd_data),
        .cap_red_o    (cap_red),
        .cap_blue_o   (cap_blue)
    );

    machine_player #(.BOT_GAP(BOT_GAP)) u_bot (
        .clk        (clk),
        .rst        (rst),
        .turn_i     (bot_turn),
        .player_i   (player),
        .mode_i     (mode),
        .cursor_red_i (cursor_red),
        .cursor_blue_i(cursor_blue),
        .cap_red_i  (cap_red),
        .cap_blue_i (cap_blue),
        .applied_i  (dbg_applied),
        .we_i       (board_we),
        .waddr_i    (board_waddr),
        .wdata_i    (board_wdata),
        .cmd_valid_o(bot_valid),
        .cmd_o      (bot_cmd),
        .st_ready_i (st_ready),
        .hold_i     (video_hold)
    );

    // ---- display ----------------------------------------------------------------------
    // The title screen shows the switches as they are set now; a game, who START chose.
    wire [1:0] machine_shown = (phase == PH_IDLE) ? sw_s : seats;
    renderer #(.GFX_DIR(GFX_DIR)) u_video (
        .clk          (clk),
        .rst          (rst),
        .phase_i      (phase),
        .winner_i     (winner),
        .player_i     (player),
        .mode_i       (mode),
        .machine_i    (machine_shown),
        .cursor_red_i (cursor_red),
        .cursor_blue_i(cursor_blue),
        .round_i      (round),
        .map_i        (map_no),
        .cell_en_o    (video_rd_en),
        .cell_addr_o  (video_rd_addr),
        .cell_i       (video_rd_data),
        .hold_o       (video_hold),
        .vga_r        (vga_r),
        .vga_g        (vga_g),
        .vga_b        (vga_b),
        .vga_hs_n     (vga_hs_n),
        .vga_vs_n     (vga_vs_n),
        .vga_blank_n  (vga_blank_n),
        .vga_sync_n   (vga_sync_n),
        .vga_clk      (vga_clk),
        .snapshot_o   (dbg_snapshot)
    );
endmodule

`default_nettype wire
