// Generals (将军棋) - de2_115_top: the Generals game on a Terasic DE2-115 (pins in
// generals.qsf).
// KEY[0] = RESET, KEY[1] = START, PS/2 keyboard, VGA through the ADV7123 DAC;
// SW[0]/SW[1]: the machine plays Red/Blue (docs/rules.md §11);
// HEX4..HEX0 show the round, LEDR the keyboard's error count, LEDG whose turn.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module de2_115_top #(
    // The board's values; a simulation of the whole board (tests/board_top.rs)
    // gives the bench's, as it does the core's.
    parameter         MAP_INIT_HEX = "maps/maps.hex",  // simulation image of the map ROM
    parameter         GFX_DIR      = "rtl/gfx/",       // font and glyph ROM images
    parameter integer BOT_GAP      = 10_000_000        // machine player: cycles before each command
) (
    input  wire       CLOCK_50,     // 50 MHz oscillator
    input  wire [1:0] KEY,          // push-buttons, low while pressed
    input  wire       PS2_KBCLK,    // keyboard clock (receive only: the host never drives it)
    input  wire       PS2_KBDAT,    // keyboard data
    input  wire [1:0] SW,           // slide switches: the machine plays Red, Blue
    output wire [7:0] VGA_R,
    output wire [7:0] VGA_G,
    output wire [7:0] VGA_B,
    output wire       VGA_HS,
    output wire       VGA_VS,
    output wire       VGA_BLANK_N,
    output wire       VGA_SYNC_N,
    output wire       VGA_CLK,
    output wire [6:0] HEX0,         // seven-segment displays, active low
    output wire [6:0] HEX1,
    output wire [6:0] HEX2,
    output wire [6:0] HEX3,
    output wire [6:0] HEX4,
    output wire [6:0] HEX5,
    output wire [6:0] HEX6,
    output wire [6:0] HEX7,
    output wire [17:0] LEDR,
    output wire [8:0] LEDG
);
    localparam [6:0] SEG_BLANK = 7'h7F;

    wire        rst;
    wire [1:0]  phase;
    wire [1:0]  player;
    wire [15:0] round;
    wire [15:0] kbd_err;

    // The debug port exists for the co-simulation bench; on the board only the
    // status displays read it, and synthesis drops whatever nothing uses.
    /* verilator lint_off PINCONNECTEMPTY */
    generals_core #(
        .MAP_INIT_HEX      (MAP_INIT_HEX),
        .GFX_DIR           (GFX_DIR),
        .BOT_GAP           (BOT_GAP)
    ) u_core (
        .clk               (CLOCK_50),
        .key_reset_n       (KEY[0]),
        .key_start_n       (KEY[1]),
        .ps2_clk           (PS2_KBCLK),
        .ps2_dat           (PS2_KBDAT),
        .sw                (SW),
        .vga_r             (VGA_R),
        .vga_g             (VGA_G),
        .vga_b             (VGA_B),
        .vga_hs_n          (VGA_HS),
        .vga_vs_n          (VGA_VS),
        .vga_blank_n       (VGA_BLANK_N),
        .vga_sync_n        (VGA_SYNC_N),
        .vga_clk           (VGA_CLK),
        .dbg_rst           (rst),
        .dbg_draw          (),
        .dbg_applied       (),
        .dbg_cmd           (),
        .dbg_cmd_src       (),
        .dbg_seats         (),
        .dbg_started       (),
        .dbg_snapshot      (),
        .dbg_phase         (phase),
        .dbg_winner        (),
        .dbg_player        (player),
        .dbg_first         (),
        .dbg_mode          (),
        .dbg_cursor_red    (),
        .dbg_cursor_blue   (),
        .dbg_round         (round),
        .dbg_map           (),
        .dbg_we            (),
        .dbg_waddr         (),
        .dbg_wdata         (),
        .dbg_kbd_byte      (),
        .dbg_kbd_byte_valid(),
        .dbg_kbd_cmd       (),
        .dbg_kbd_cmd_valid (),
        .dbg_kbd_cmd_ready (),
        .dbg_kbd_err       (kbd_err),
        .dbg_kbd_ovf       ()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    board_status u_status (
        .clk      (CLOCK_50),
        .rst      (rst),
        .phase_i  (phase),
        .player_i (player),
        .round_i  (round),
        .kbd_err_i(kbd_err),
        .hex0_o   (HEX0),
        .hex1_o   (HEX1),
        .hex2_o   (HEX2),
        .hex3_o   (HEX3),
        .hex4_o   (HEX4),
        .ledr_o   (LEDR),
        .ledg_o   (LEDG)
    );
    // Five digits hold any 16-bit round; the other three stay dark.
    assign HEX5 = SEG_BLANK;
    assign HEX6 = SEG_BLANK;
    assign HEX7 = SEG_BLANK;
endmodule

`default_nettype wire
