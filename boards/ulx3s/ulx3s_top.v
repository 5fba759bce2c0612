// Generals (将军棋) - ulx3s_top: the Generals game on a Radiona ULX3S (Lattice ECP5,
// CABGA381; 12F, 25F, 45F or 85F), docs/board.md (the ULX3S). Pins: boards/ulx3s/ulx3s.lpf, made
// from boards/ulx3s/pins.csv by scripts/gen_lpf. Built by scripts/bitstream.
// FIRE1 = START, FIRE2 = RESET, DIP switches 1 and 2 = SW[0], SW[1] (the machine
// plays Red, Blue), a PS/2 keyboard on the US2 port, the picture as DVI on the
// GPDI connector, LED 0 / 1 / 7 = Red's turn, Blue's turn, GAME OVER.
// The board's only vendor primitives are here: the PLL (EHXPLLL) and the DDR
// output registers (ODDRX1F); everything else is plain RTL of rtl/, the core the
// same as the DE2-115's.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module ulx3s_top #(
    // The DE2-115 build's values (rtl/de2_115_top.v).
    parameter         MAP_INIT_HEX = "maps/maps.hex",  // simulation image of the map ROM
    parameter         GFX_DIR      = "rtl/gfx/",       // font and glyph ROM images
    parameter integer BOT_GAP      = 10_000_000        // machine player: cycles before each command
) (
    input  wire       clk_25mhz,       // 25 MHz oscillator
    input  wire [2:1] btn,             // FIRE1 (START), FIRE2 (RESET): high while pressed
    input  wire [1:0] sw,              // DIP switches 1, 2: the machine plays Red, Blue
    input  wire       usb_fpga_bd_dp,  // US2 D+: PS/2 clock (receive only)
    input  wire       usb_fpga_bd_dn,  // US2 D-: PS/2 data
    output wire       usb_fpga_pu_dp,  // 1: D+'s pull-up on
    output wire       usb_fpga_pu_dn,  // 1: D-'s pull-up on
    output wire [7:0] led,
    output wire       wifi_gpio0,      // 1: the ESP32 leaves the FPGA alone
    output wire [3:0] gpdi_dp          // DVI: blue, green, red, clock (LVCMOS33D: the dn pins follow)
);
    // ---- clocks: 25 MHz in, 125 MHz serial and 50 MHz core out of one VCO ------------
    // VCO = 25 MHz / CLKI_DIV * CLKFB_DIV * CLKOP_DIV = 25 * 5 * 6 = 750 MHz (400..800),
    // fed back from CLKOP: CLKOP = 750 / 6 = 125 MHz, CLKOS = 750 / 15 = 50 MHz.
    // CPHASE as ecppll writes it for 0 degrees ((CLKOP_DIV - 1) / 2, the same on CLKOS);
    // the crossing between the two does not depend on their phase (tmds_serialiser).
    wire clk_ser;       // 125 MHz: the serialiser, 5 cycles a pixel
    wire clk_core;      // 50 MHz: the core and the encoders
    wire pll_locked;
    /* verilator lint_off PINCONNECTEMPTY */
    (* FREQUENCY_PIN_CLKI = "25" *)
    (* FREQUENCY_PIN_CLKOP = "125" *)
    (* FREQUENCY_PIN_CLKOS = "50" *)
    (* ICP_CURRENT = "12" *) (* LPF_RESISTOR = "8" *) (* MFG_ENABLE_FILTEROPAMP = "1" *)
    (* MFG_GMCREF_SEL = "2" *)
    EHXPLLL #(
        .PLLRST_ENA      ("DISABLED"),
        .INTFB_WAKE      ("DISABLED"),
        .STDBY_ENABLE    ("DISABLED"),
        .DPHASE_SOURCE   ("DISABLED"),
        .OUTDIVIDER_MUXA ("DIVA"),
        .OUTDIVIDER_MUXB ("DIVB"),
        .OUTDIVIDER_MUXC ("DIVC"),
        .OUTDIVIDER_MUXD ("DIVD"),
        .CLKI_DIV        (1),
        .CLKFB_DIV       (5),
        .FEEDBK_PATH     ("CLKOP"),
        .CLKOP_ENABLE    ("ENABLED"),
        .CLKOP_DIV       (6),
        .CLKOP_CPHASE    (2),
        .CLKOP_FPHASE    (0),
        .CLKOS_ENABLE    ("ENABLED"),
        .CLKOS_DIV       (15),
        .CLKOS_CPHASE    (2),
        .CLKOS_FPHASE    (0)
    ) u_pll (
        .CLKI        (clk_25mhz),
        .CLKFB       (clk_ser),
        .PHASESEL1   (1'b0),
        .PHASESEL0   (1'b0),
        .PHASEDIR    (1'b1),
        .PHASESTEP   (1'b1),
        .PHASELOADREG(1'b1),
        .STDBY       (1'b0),
        .PLLWAKESYNC (1'b0),
        .RST         (1'b0),
        .ENCLKOP     (1'b0),
        .ENCLKOS     (1'b0),
        .ENCLKOS2    (1'b0),
        .ENCLKOS3    (1'b0),
        .CLKOP       (clk_ser),
        .CLKOS       (clk_core),
        .CLKOS2      (),
        .CLKOS3      (),
        .LOCK        (pll_locked),
        .INTLOCK     (),
        .REFCLK      (),
        .CLKINTFB    ()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // ---- power-up: RESET held until the PLL has locked --------------------------------
    // The core resets itself in its first 15 cycles, which may pass while the PLL's
    // outputs still settle. So the RESET button's line is held pressed until LOCK
    // has been high for 2^18 core cycles (5.2 ms): longer than the core's debouncer
    // needs to see a press from any state a settling clock may have left it in
    // (its 16-bit count reaches 49 999 within 65 536 cycles). The core then resets
    // through the button's own path, and starts on a clean clock; a lost lock
    // holds it again.
    localparam integer HOLD_W = 18;
    wire              locked_s;     // LOCK, synchronised to the core's clock
    reg  [HOLD_W-1:0] hold_cnt;     // core cycles since LOCK rose
    reg               ready;        // the hold is over
    initial begin
        hold_cnt = {HOLD_W{1'b0}};
        ready    = 1'b0;
    end
    sync2 #(.WIDTH(1), .INIT(1'b0)) u_sync_lock (
        .clk(clk_core),
        .d  (pll_locked),
        .q  (locked_s)
    );
    always @(posedge clk_core) begin
        if (hold_cnt == {HOLD_W{1'b1}}) ready <= 1'b1;
        else                            hold_cnt <= hold_cnt + 1'b1;
        if (!locked_s) begin
            hold_cnt <= {HOLD_W{1'b0}};
            ready    <= 1'b0;
        end
    end

    // ---- the core, as on the DE2-115 -----------------------------------------------------
    // The core takes raw active-low buttons and synchronises and debounces them
    // itself (rtl/button.v); the ULX3S's FIRE buttons are high while pressed.
    wire       key_reset_n = ready && !btn[2];
    wire       key_start_n = !btn[1];
    wire [7:0] vga_r, vga_g, vga_b;
    wire       vga_hs_n, vga_vs_n, vga_blank_n, vga_clk;
    wire       rst;
    wire [1:0] phase;
    wire [1:0] player;
    wire [15:0] round;
    wire [15:0] kbd_err;

    // The debug port exists for the co-simulation bench; here only the LEDs read it.
    /* verilator lint_off PINCONNECTEMPTY */
    generals_core #(
        .MAP_INIT_HEX      (MAP_INIT_HEX),
        .GFX_DIR           (GFX_DIR),
        .BOT_GAP           (BOT_GAP)
    ) u_core (
        .clk               (clk_core),
        .key_reset_n       (key_reset_n),
        .key_start_n       (key_start_n),
        .ps2_clk           (usb_fpga_bd_dp),
        .ps2_dat           (usb_fpga_bd_dn),
        .sw                (sw),
        .vga_r             (vga_r),
        .vga_g             (vga_g),
        .vga_b             (vga_b),
        .vga_hs_n          (vga_hs_n),
        .vga_vs_n          (vga_vs_n),
        .vga_blank_n       (vga_blank_n),
        .vga_sync_n        (),
        .vga_clk           (vga_clk),
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

    // ---- LEDs: the DE2-115's green LEDs (board_status): LEDG[0], LEDG[1], LEDG[8] -------
    // The seven-segment displays and the red LEDs have no counterpart on this board;
    // synthesis removes the logic behind them.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [8:0]  ledg;               // [7] is always dark
    wire [17:0] ledr_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    board_status u_status (
        .clk      (clk_core),
        .rst      (rst),
        .phase_i  (phase),
        .player_i (player),
        .round_i  (round),
        .kbd_err_i(kbd_err),
        .hex0_o   (),
        .hex1_o   (),
        .hex2_o   (),
        .hex3_o   (),
        .hex4_o   (),
        .ledr_o   (ledr_unused),
        .ledg_o   (ledg)
    );
    /* verilator lint_on PINCONNECTEMPTY */
    assign led = {ledg[8], ledg[6:0]};

    // ---- DVI: encode in the core's domain, serialise at 125 MHz --------------------------
    wire [9:0] sym_b, sym_g, sym_r;
    wire       sym_tog;
    dvi_tmds u_dvi (
        .clk        (clk_core),
        .vga_clk    (vga_clk),
        .vga_blank_n(vga_blank_n),
        .vga_hs_n   (vga_hs_n),
        .vga_vs_n   (vga_vs_n),
        .vga_r      (vga_r),
        .vga_g      (vga_g),
        .vga_b      (vga_b),
        .blue_o     (sym_b),
        .green_o    (sym_g),
        .red_o      (sym_r),
        .sym_tog_o  (sym_tog)
    );

    // Crossing to clk_ser: register to register, the symbols held 40 ns and taken
    // at a slot set by sym_tog through a two-flop synchroniser (the argument, in
    // numbers, is tmds_serialiser's header).
    wire [1:0] ser_b, ser_g, ser_r, ser_c;
    tmds_serialiser u_ser (
        .clk    (clk_ser),
        .sym_i  ({sym_r, sym_g, sym_b}),
        .tog_i  (sym_tog),
        .blue_o (ser_b),
        .green_o(ser_g),
        .red_o  (ser_r),
        .clock_o(ser_c)
    );

    // One DDR output register a lane: D0 leaves in the first half of the cycle,
    // D1 in the second. The pins are LVCMOS33D (ulx3s.lpf): each drives its pair's
    // negative pin with the complement.
    wire [7:0] ser = {ser_c, ser_r, ser_g, ser_b};
    genvar lane;
    generate
        for (lane = 0; lane < 4; lane = lane + 1) begin : g_lane
            ODDRX1F u_ddr (
                .SCLK(clk_ser),
                .RST (1'b0),
                .D0  (ser[2 * lane]),
                .D1  (ser[2 * lane + 1]),
                .Q   (gpdi_dp[lane])
            );
        end
    endgenerate

    // ---- the rest of the board ----------------------------------------------------------
    assign usb_fpga_pu_dp = 1'b1;
    assign usb_fpga_pu_dn = 1'b1;
    assign wifi_gpio0     = 1'b1;
endmodule

`default_nettype wire
