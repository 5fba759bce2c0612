// Generals (将军棋) - tmds_serialiser: the three TMDS lanes and the pixel clock's lane
// as two bits a cycle of the 125 MHz serial clock, for the ULX3S's DDR output
// registers (ODDRX1F, in the board top): 10 bits a pixel in 5 cycles (docs/board.md (the ULX3S)).
// Part of the Generals FPGA project, MIT licence.
//
// The only module of rtl/ with a clock other than the core's: everything here runs
// on clk, the serial clock, and the inputs come from the core's 50 MHz domain
// (dvi_tmds). Both clocks come from one PLL (the board top's EHXPLLL, one VCO):
// 5 serial cycles are exactly 2 core cycles, 40 ns, one pixel. The place-and-route
// tool does not time paths between the two, so this is the crossing's argument.
//
// The crossing. sym_i (30 bits) and tog_i leave registers of the core's domain at
// the same core edge t0, once a pixel, and hold until t0 + 40 ns. tog_i is brought
// in through sync2 (two flip-flops); sym_i is never read until tog_i's change has
// passed them, and then it is loaded, register to register, at a slot of a
// free-running count of 5 cycles ("the load slot"), far from both of its changes:
//   - let a be the serial edge at which sync2's first stage takes tog_i's new
//     value: the first edge after t0 + d (d: tog_i's clock-to-output, routing and
//     clock skew), or, when that edge falls inside the flip-flop's setup/hold
//     aperture and it resolves to the old value, the one after: a lies in
//     [t0 + d - hold, t0 + d + 8 + setup] (ns). sync2's output has it at a + 8,
//     the edge test below (tog_s against tog_seen) sees it in the cycle that
//     follows, and that cycle is the load slot: the load happens at L = a + 16,
//     so L lies in [t0 + d + 16 - hold, t0 + d + 24 + setup].
//   - the symbols are valid at the shift registers from t0 + d_sym + setup to
//     t0 + 40 + d_sym' - hold (d_sym, d_sym': their slowest and fastest paths).
//     So the load is safe while d_sym - d <= 16 - setup - hold and
//     d - d_sym' <= 16 - setup - hold: the marker's and the symbols' paths may
//     differ by about 15 ns either way. On this chip both are a clock-to-output
//     and a route of a few ns between global clock nets of one PLL: the margin
//     is over 10 ns on each side.
//   - the count, not each pixel's marker, decides the load: a pixel is always
//     5 cycles (a load every 5 cycles, never 4 or 6, which would drop or repeat
//     bits). The marker only sets the count's phase: at power-up on its first
//     change, and again whenever it is seen 2 or 3 cycles from the load slot.
//     That is what happens when the core's reset restarts its pixel enable on the
//     other of its two 50 MHz edges: 20 ns, 2.5 serial cycles. One cycle either
//     way is the aperture's case above (a resolves to one of two adjacent edges
//     from pixel to pixel, with a fixed phase between the clocks), already
//     inside the window: the count keeps its phase, so a metastable first stage
//     cannot move the load from pixel to pixel.
// The pixel clock's lane sends 1111100000 (five ones first), loaded with the
// symbols: its rising edge marks each symbol's first bit.
`default_nettype none
`timescale 1ns / 1ps

module tmds_serialiser (
    input  wire        clk,       // 125 MHz serial clock
    input  wire [29:0] sym_i,     // {red, green, blue} symbols, bit 0 first; from the core's domain
    input  wire        tog_i,     // toggles when sym_i changes (once a pixel); from the core's domain
    output wire [1:0]  blue_o,    // lane 0: [0] sent first (ODDRX1F D0), then [1] (D1)
    output wire [1:0]  green_o,   // lane 1
    output wire [1:0]  red_o,     // lane 2
    output wire [1:0]  clock_o    // lane 3: the pixel clock
);
    localparam [2:0] SLOTS     = 3'd5;            // serial cycles a pixel
    localparam [2:0] LOAD_SLOT = 3'd0;            // the cycle whose ending edge loads
    localparam [9:0] CLK_SYM   = 10'b0000011111;  // the clock lane's pattern, bit 0 first

    wire tog_s;                 // tog_i, synchronised
    reg  tog_seen;              // tog_s one cycle later: their difference is the marker
    reg  aligned;               // the count's phase was set by a marker
    reg  [2:0] slot;            // 0..4, the cycle of the pixel; LOAD_SLOT loads
    reg  [9:0] sh_b, sh_g, sh_r, sh_c;
    initial begin
        tog_seen = 1'b0;
        aligned  = 1'b0;
        slot     = 3'd0;
        sh_b     = 10'd0;
        sh_g     = 10'd0;
        sh_r     = 10'd0;
        sh_c     = 10'd0;
    end

    sync2 #(.WIDTH(1), .INIT(1'b0)) u_sync (
        .clk(clk),
        .d  (tog_i),
        .q  (tog_s)
    );

    always @(posedge clk) begin : serialise
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [2:0] c_slot;       // this cycle's slot, the marker's correction applied
        reg       t_mark;       // tog_i changed: this cycle should be the load slot
        /* verilator tracing_on */
        c_slot = slot;
        t_mark = (tog_s != tog_seen);
        // Set the phase on the first marker, and when one comes 2 or 3 cycles from
        // the load slot (a new phase of the pixel enable); 1 cycle either way is
        // the synchroniser's uncertainty, and the phase stays.
        if (t_mark && (!aligned || (c_slot != LOAD_SLOT && c_slot != SLOTS - 3'd1
                                    && c_slot != LOAD_SLOT + 3'd1)))
            c_slot = LOAD_SLOT;
        tog_seen <= tog_s;
        if (t_mark) aligned <= 1'b1;
        slot <= (c_slot == SLOTS - 3'd1) ? 3'd0 : c_slot + 3'd1;
        if (c_slot == LOAD_SLOT) begin
            // CDC: sym_i is from the core's domain, taken 16 to 24 ns after it
            // changed and 16 ns or more before it changes again (above).
            sh_b <= sym_i[9:0];
            sh_g <= sym_i[19:10];
            sh_r <= sym_i[29:20];
            sh_c <= CLK_SYM;
        end else begin
            sh_b <= {2'b00, sh_b[9:2]};
            sh_g <= {2'b00, sh_g[9:2]};
            sh_r <= {2'b00, sh_r[9:2]};
            sh_c <= {2'b00, sh_c[9:2]};
        end
    end

    assign blue_o  = sh_b[1:0];
    assign green_o = sh_g[1:0];
    assign red_o   = sh_r[1:0];
    assign clock_o = sh_c[1:0];
endmodule

`default_nettype wire
