// DP16KD, the ECP5's 18-kbit block RAM (sysMEM EBR), as a simulation model for
// the post-synth_ecp5 netlist of generals_core (tb/dut/build.rs,
// tb/ecp5/cells_sim.v). Yosys ships this cell as a blackbox only
// (share/lattice/cells_sim_ecp5.v: ports and parameters, no behaviour), so this
// model is written here from the cell's documented behaviour: Lattice's ECP5
// memory usage guide (TN1264) and FPGA libraries reference for the ports,
// widths, write modes, output register, chip selects and resets; for what the
// documents leave to the tools, the conventions yosys maps to and nextpnr
// writes into the bitstream (yosys's passes/memory/memlib.md and
// techlibs/lattice/brams_map_16kd.v, nextpnr's ECP5 bitstream writer):
//
// - The array is 1024 rows of 18 bits. INITVAL_xx holds rows 16*xx .. 16*xx+15,
//   row i of the 16 in bits [20*i +: 18] (each row padded to 20 bits).
// - A port's width picks its address bits and where its word sits in a row:
//   x18: row AD[13:4], AD[1:0] enable the bytes [8:0] and [17:9] on a write;
//   x9: row AD[13:4], half AD[3] (bits [9*h +: 9]);
//   x4: row AD[13:4], bits [9*AD[3] + 4*AD[2] +: 4] (bits 8 and 17 unused);
//   x2, x1: likewise, halving again by AD[1], then AD[0]. The narrow words are
//   nested so (a 9-bit word is two 4-bit words and a spare bit): memlib.md.
//   x36 (DATA_WIDTH 36, nextpnr's pseudo-dual-port PDPW16KD): port A writes,
//   port B reads, rows {AD[13:5], 0} (bits [17:0], on DIA/DOA) and
//   {AD[13:5], 1} (bits [35:18], on DIB/DOB); AD[3:0] of port A enable the
//   four 9-bit bytes on a write. A narrower read of such a RAM is on DOB.
//   A port's data is on its low pins (DI[W-1:0], DO[W-1:0]); the other
//   output pins read 0.
// - A port acts at the rising edge of its clock (CLKxMUX "INV": the falling
//   one) when CEx is high and its chip selects equal CSDECODE_x. A write needs
//   WEx too (and, x18 and x36, its byte enables). The read data (the output latch) changes only then: WRITEMODE
//   "NORMAL" keeps it on a write, "WRITETHROUGH" shows the word as written,
//   "READBEFOREWRITE" the word before the write.
// - REGMODE "OUTREG" adds the output register, loaded from the latch at the
//   next edge when OCEx is high (one more cycle of latency); "NOREG" reads the
//   latch (OCEx unused).
// - RSTx clears the output latch and register: RESETMODE "SYNC" at the clock
//   edge, ahead of CEx; "ASYNC" at once. A write at the edge of a synchronous
//   reset is undefined (yosys never asks for one: "block_wr" in its library):
//   the bits written become X, as below. Latch and register power up 0.
// - Two ports that collide at the same edge (one writes bits of a row the
//   other reads or writes, and both edges are the same clock's; a write
//   with none of its byte enables high writes nothing) are undefined in the
//   documents, and yosys never relies on them (its library declares no
//   cross-port behaviour; it adds logic where the RTL needs one): the read
//   data and the bits both ports write then become X, which Verilator turns
//   into a value chosen at start-up (0, or random with a power-up seed), so
//   a netlist that did depend on a collision would differ from its RTL. "The
//   same clock" is judged by the other port's clock being high at this
//   port's edge.
//
// GSR, ASYNC_RESET_RELEASE, WID and INIT_DATA have no effect here (no global
// reset, no configuration). A pin inversion other than the clocks' (the other
// *MUX parameters) is not modelled: such a parameter is not declared, so a
// netlist that sets one fails to build rather than simulate wrong. An unknown
// value of a modelled parameter stops the build too.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none

module DP16KD #(
    parameter integer DATA_WIDTH_A = 18,
    parameter integer DATA_WIDTH_B = 18,
    parameter REGMODE_A = "NOREG",
    parameter REGMODE_B = "NOREG",
    parameter RESETMODE = "SYNC",
    /* verilator lint_off UNUSEDPARAM */
    parameter ASYNC_RESET_RELEASE = "SYNC",
    parameter CSDECODE_A = "0b000",
    parameter CSDECODE_B = "0b000",
    parameter WRITEMODE_A = "NORMAL",
    parameter WRITEMODE_B = "NORMAL",
    parameter CLKAMUX = "CLKA",
    parameter CLKBMUX = "CLKB",
    parameter GSR = "ENABLED",
    parameter integer WID = 0,
    parameter INIT_DATA = "STATIC",
    /* verilator lint_on UNUSEDPARAM */
    parameter [319:0] INITVAL_00 = 320'h0, INITVAL_01 = 320'h0, INITVAL_02 = 320'h0,
    parameter [319:0] INITVAL_03 = 320'h0, INITVAL_04 = 320'h0, INITVAL_05 = 320'h0,
    parameter [319:0] INITVAL_06 = 320'h0, INITVAL_07 = 320'h0, INITVAL_08 = 320'h0,
    parameter [319:0] INITVAL_09 = 320'h0, INITVAL_0A = 320'h0, INITVAL_0B = 320'h0,
    parameter [319:0] INITVAL_0C = 320'h0, INITVAL_0D = 320'h0, INITVAL_0E = 320'h0,
    parameter [319:0] INITVAL_0F = 320'h0, INITVAL_10 = 320'h0, INITVAL_11 = 320'h0,
    parameter [319:0] INITVAL_12 = 320'h0, INITVAL_13 = 320'h0, INITVAL_14 = 320'h0,
    parameter [319:0] INITVAL_15 = 320'h0, INITVAL_16 = 320'h0, INITVAL_17 = 320'h0,
    parameter [319:0] INITVAL_18 = 320'h0, INITVAL_19 = 320'h0, INITVAL_1A = 320'h0,
    parameter [319:0] INITVAL_1B = 320'h0, INITVAL_1C = 320'h0, INITVAL_1D = 320'h0,
    parameter [319:0] INITVAL_1E = 320'h0, INITVAL_1F = 320'h0, INITVAL_20 = 320'h0,
    parameter [319:0] INITVAL_21 = 320'h0, INITVAL_22 = 320'h0, INITVAL_23 = 320'h0,
    parameter [319:0] INITVAL_24 = 320'h0, INITVAL_25 = 320'h0, INITVAL_26 = 320'h0,
    parameter [319:0] INITVAL_27 = 320'h0, INITVAL_28 = 320'h0, INITVAL_29 = 320'h0,
    parameter [319:0] INITVAL_2A = 320'h0, INITVAL_2B = 320'h0, INITVAL_2C = 320'h0,
    parameter [319:0] INITVAL_2D = 320'h0, INITVAL_2E = 320'h0, INITVAL_2F = 320'h0,
    parameter [319:0] INITVAL_30 = 320'h0, INITVAL_31 = 320'h0, INITVAL_32 = 320'h0,
    parameter [319:0] INITVAL_33 = 320'h0, INITVAL_34 = 320'h0, INITVAL_35 = 320'h0,
    parameter [319:0] INITVAL_36 = 320'h0, INITVAL_37 = 320'h0, INITVAL_38 = 320'h0,
    parameter [319:0] INITVAL_39 = 320'h0, INITVAL_3A = 320'h0, INITVAL_3B = 320'h0,
    parameter [319:0] INITVAL_3C = 320'h0, INITVAL_3D = 320'h0, INITVAL_3E = 320'h0,
    parameter [319:0] INITVAL_3F = 320'h0
) (
    input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
    input  wire DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5,
    input  wire ADA4, ADA3, ADA2, ADA1, ADA0,
    input  wire CEA, OCEA, CLKA, WEA, RSTA,
    input  wire CSA2, CSA1, CSA0,
    output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
    output wire DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
    input  wire DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5,
    input  wire ADB4, ADB3, ADB2, ADB1, ADB0,
    input  wire CEB, OCEB, CLKB, WEB, RSTB,
    input  wire CSB2, CSB1, CSB0,
    output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
    output wire DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    // ---- the configuration, checked at elaboration --------------------------------
    // The string parameters as codes (a string literal is as wide as its text).
    /* verilator lint_off WIDTH */
    localparam integer OUTREG_A = (REGMODE_A == "OUTREG") ? 1 : (REGMODE_A == "NOREG") ? 0 : -1;
    localparam integer OUTREG_B = (REGMODE_B == "OUTREG") ? 1 : (REGMODE_B == "NOREG") ? 0 : -1;
    localparam integer ASYNC    = (RESETMODE == "ASYNC") ? 1 : (RESETMODE == "SYNC") ? 0 : -1;
    localparam integer NORMAL = 0, WRITETHROUGH = 1, READBEFOREWRITE = 2;
    localparam integer MODE_A = (WRITEMODE_A == "NORMAL") ? NORMAL
                              : (WRITEMODE_A == "WRITETHROUGH") ? WRITETHROUGH
                              : (WRITEMODE_A == "READBEFOREWRITE") ? READBEFOREWRITE : -1;
    localparam integer MODE_B = (WRITEMODE_B == "NORMAL") ? NORMAL
                              : (WRITEMODE_B == "WRITETHROUGH") ? WRITETHROUGH
                              : (WRITEMODE_B == "READBEFOREWRITE") ? READBEFOREWRITE : -1;
    localparam integer INV_A = (CLKAMUX == "INV") ? 1 : (CLKAMUX == "CLKA") ? 0 : -1;
    localparam integer INV_B = (CLKBMUX == "INV") ? 1 : (CLKBMUX == "CLKB") ? 0 : -1;
    /* verilator lint_on WIDTH */
    function automatic integer width_ok(input integer w);
        width_ok = (w == 1 || w == 2 || w == 4 || w == 9 || w == 18 || w == 36) ? 1 : 0;
    endfunction
    localparam integer WIDE_A = (DATA_WIDTH_A == 36) ? 1 : 0;
    localparam integer WIDE_B = (DATA_WIDTH_B == 36) ? 1 : 0;
    localparam integer WIDE   = (WIDE_A != 0 || WIDE_B != 0) ? 1 : 0;
    generate
        if (width_ok(DATA_WIDTH_A) == 0 || width_ok(DATA_WIDTH_B) == 0) begin : bad_width
            $fatal(1, "DP16KD: DATA_WIDTH_A %0d / DATA_WIDTH_B %0d: not a width of the cell",
                   DATA_WIDTH_A, DATA_WIDTH_B);
        end
        if (OUTREG_A < 0 || OUTREG_B < 0) begin : bad_regmode
            $fatal(1, "DP16KD: REGMODE_A %s / REGMODE_B %s: not modelled", REGMODE_A, REGMODE_B);
        end
        if (ASYNC < 0) begin : bad_resetmode
            $fatal(1, "DP16KD: RESETMODE %s is not modelled", RESETMODE);
        end
        if (MODE_A < 0 || MODE_B < 0) begin : bad_writemode
            $fatal(1, "DP16KD: WRITEMODE_A %s / WRITEMODE_B %s: not modelled",
                   WRITEMODE_A, WRITEMODE_B);
        end
        if (INV_A < 0 || INV_B < 0) begin : bad_clkmux
            $fatal(1, "DP16KD: CLKAMUX %s / CLKBMUX %s: not modelled", CLKAMUX, CLKBMUX);
        end
        if (WIDE_B != 0 && WIDE_A == 0) begin : bad_wide_read
            $fatal(1, "DP16KD: a 36-bit read needs the 36-bit write (PDPW16KD)");
        end
    endgenerate

    // The chip-select code "0bXYZ": the last three characters, CS2 first.
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic [2:0] cs_code(input [39:0] s);
        cs_code = {s[16], s[8], s[0]};
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- the pins as vectors ------------------------------------------------------
    wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
                       DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
                       DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5,
                       ADA4, ADA3, ADA2, ADA1, ADA0};
    wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5,
                       ADB4, ADB3, ADB2, ADB1, ADB0};
    wire clka = (INV_A != 0) ? ~CLKA : CLKA;
    wire clkb = (INV_B != 0) ? ~CLKB : CLKB;
    wire ena = CEA && {CSA2, CSA1, CSA0} == cs_code(CSDECODE_A);
    wire enb = CEB && {CSB2, CSB1, CSB0} == cs_code(CSDECODE_B);
    wire srsta = ASYNC == 0 && RSTA;
    wire srstb = ASYNC == 0 && RSTB;
    wire arsta = ASYNC != 0 && RSTA;
    wire arstb = ASYNC != 0 && RSTB;

    // ---- the array ------------------------------------------------------------------
    reg [17:0] mem [0:1023];

    function automatic [319:0] initval(input integer k);
        case (k)
            'h00: initval = INITVAL_00; 'h01: initval = INITVAL_01; 'h02: initval = INITVAL_02;
            'h03: initval = INITVAL_03; 'h04: initval = INITVAL_04; 'h05: initval = INITVAL_05;
            'h06: initval = INITVAL_06; 'h07: initval = INITVAL_07; 'h08: initval = INITVAL_08;
            'h09: initval = INITVAL_09; 'h0A: initval = INITVAL_0A; 'h0B: initval = INITVAL_0B;
            'h0C: initval = INITVAL_0C; 'h0D: initval = INITVAL_0D; 'h0E: initval = INITVAL_0E;
            'h0F: initval = INITVAL_0F; 'h10: initval = INITVAL_10; 'h11: initval = INITVAL_11;
            'h12: initval = INITVAL_12; 'h13: initval = INITVAL_13; 'h14: initval = INITVAL_14;
            'h15: initval = INITVAL_15; 'h16: initval = INITVAL_16; 'h17: initval = INITVAL_17;
            'h18: initval = INITVAL_18; 'h19: initval = INITVAL_19; 'h1A: initval = INITVAL_1A;
            'h1B: initval = INITVAL_1B; 'h1C: initval = INITVAL_1C; 'h1D: initval = INITVAL_1D;
            'h1E: initval = INITVAL_1E; 'h1F: initval = INITVAL_1F; 'h20: initval = INITVAL_20;
            'h21: initval = INITVAL_21; 'h22: initval = INITVAL_22; 'h23: initval = INITVAL_23;
            'h24: initval = INITVAL_24; 'h25: initval = INITVAL_25; 'h26: initval = INITVAL_26;
            'h27: initval = INITVAL_27; 'h28: initval = INITVAL_28; 'h29: initval = INITVAL_29;
            'h2A: initval = INITVAL_2A; 'h2B: initval = INITVAL_2B; 'h2C: initval = INITVAL_2C;
            'h2D: initval = INITVAL_2D; 'h2E: initval = INITVAL_2E; 'h2F: initval = INITVAL_2F;
            'h30: initval = INITVAL_30; 'h31: initval = INITVAL_31; 'h32: initval = INITVAL_32;
            'h33: initval = INITVAL_33; 'h34: initval = INITVAL_34; 'h35: initval = INITVAL_35;
            'h36: initval = INITVAL_36; 'h37: initval = INITVAL_37; 'h38: initval = INITVAL_38;
            'h39: initval = INITVAL_39; 'h3A: initval = INITVAL_3A; 'h3B: initval = INITVAL_3B;
            'h3C: initval = INITVAL_3C; 'h3D: initval = INITVAL_3D; 'h3E: initval = INITVAL_3E;
            default: initval = INITVAL_3F;
        endcase
    endfunction

    reg [17:0] lat_a, lat_b;        // the output latches
    reg [17:0] out_a, out_b;        // the output registers (OUTREG)
    integer k, i;
    reg [319:0] slice;
    initial begin
        for (k = 0; k < 64; k = k + 1) begin
            slice = initval(k);
            for (i = 0; i < 16; i = i + 1) mem[16 * k + i] = slice[20 * i +: 18];
        end
        lat_a = 18'd0;
        lat_b = 18'd0;
        out_a = 18'd0;
        out_b = 18'd0;
    end

    // ---- where a port's word sits -------------------------------------------------
    // (Each function reads the address bits of its own.)
    /* verilator lint_off UNUSEDSIGNAL */
    // The bit offset of a narrow word in its row, from the address.
    function automatic [4:0] offset(input integer w, input [13:0] ad);
        case (w)
            9:       offset = 5'd9 * {4'd0, ad[3]};
            4:       offset = 5'd9 * {4'd0, ad[3]} + 5'd4 * {4'd0, ad[2]};
            2:       offset = 5'd9 * {4'd0, ad[3]} + 5'd4 * {4'd0, ad[2]} + 5'd2 * {4'd0, ad[1]};
            1:       offset = 5'd9 * {4'd0, ad[3]} + 5'd4 * {4'd0, ad[2]} + 5'd2 * {4'd0, ad[1]}
                              + {4'd0, ad[0]};
            default: offset = 5'd0;
        endcase
    endfunction
    // The word's bits, at bit 0.
    function automatic [17:0] ones(input integer w);
        ones = (w >= 18) ? 18'h3ffff : (18'h3ffff >> (18 - w));
    endfunction
    // The row a port of width w addresses (x36: the even row of the pair).
    function automatic [9:0] row(input integer w, input [13:0] ad);
        row = (w == 36) ? {ad[13:5], 1'b0} : ad[13:4];
    endfunction
    // The bits of the row a write of width w changes (x18, x36: the byte enables
    // AD[1:0] of the even row; x36's odd row is the next function's).
    function automatic [17:0] wmask(input integer w, input [13:0] ad);
        if (w >= 18) wmask = {{9{ad[1]}}, {9{ad[0]}}};
        else wmask = ones(w) << offset(w, ad);
    endfunction
    function automatic [17:0] wmask_hi(input [13:0] ad);
        wmask_hi = {{9{ad[3]}}, {9{ad[2]}}};
    endfunction
    // A read of width w from the row's word.
    function automatic [17:0] rword(input integer w, input [13:0] ad, input [17:0] r);
        if (w >= 18) rword = r;
        else rword = (r >> offset(w, ad)) & ones(w);
    endfunction

    /* verilator lint_on UNUSEDSIGNAL */

    // ---- the ports -------------------------------------------------------------------
    // x36: port A writes only, port B reads only.
    localparam integer A_READS  = (DATA_WIDTH_A != 36) ? 1 : 0;
    localparam integer B_WRITES = (WIDE != 0) ? 0 : 1;
    wire [9:0]  row_a   = row(DATA_WIDTH_A, ada);
    wire [9:0]  row_b   = row(DATA_WIDTH_B, adb);
    wire [9:0]  row_a1  = {ada[13:5], 1'b1};           // x36: the odd row of the pair
    wire [9:0]  row_b1  = {adb[13:5], 1'b1};
    wire        wr_a    = ena && WEA;
    wire        wr_b    = B_WRITES != 0 && enb && WEB;
    wire [17:0] mask_a  = wmask(DATA_WIDTH_A, ada);
    wire [17:0] mask_b  = wmask(DATA_WIDTH_B, adb);
    wire [17:0] mask_a1 = wmask_hi(ada);
    wire [17:0] data_a  = (DATA_WIDTH_A >= 18) ? dia : (dia << offset(DATA_WIDTH_A, ada));
    wire [17:0] data_b  = (DATA_WIDTH_B >= 18) ? dib : (dib << offset(DATA_WIDTH_B, adb));
    // A port's write changes a row the other port reads or writes: a collision
    // (see the header) when both act at the same edge. A write changes the
    // bits of its mask (x18, x36: its byte enables) only: a write enable with
    // no byte enabled changes nothing (yosys's PDPW16KD mapping holds WEA high
    // and writes through the byte enables). The other port's clock is read
    // inside this port's clocked blocks only (read anywhere else it would
    // make Verilator evaluate logic at every clock change).
    wire        a_hits_b = wr_a && ((row_a == row_b && mask_a != 18'd0)
                                    || (WIDE_A != 0 && row_a1 == row_b && mask_a1 != 18'd0)
                                    || (WIDE_B != 0 && row_a1 == row_b1 && mask_a1 != 18'd0));
    wire        b_hits_a = wr_b && row_b == row_a && mask_b != 18'd0;
    // The row as a write leaves it; a write in the cycle of a synchronous reset
    // (never done by yosys: "block_wr") or of a collision with the other port's
    // write leaves the written bits undefined.
    function automatic [17:0] merge(input [17:0] old, input [17:0] data, input [17:0] mask,
                                    input undefined);
        merge = (old & ~mask) | ((undefined ? 18'bx : data) & mask);
    endfunction

    always @(posedge clka) begin
        if (wr_a) begin
            mem[row_a] <= merge(mem[row_a], data_a, mask_a, srsta || (clkb && b_hits_a));
            if (WIDE_A != 0) mem[row_a1] <= merge(mem[row_a1], dib, mask_a1, srsta);
        end
    end
    always @(posedge clkb) begin
        if (wr_b) mem[row_b] <= merge(mem[row_b], data_b, mask_b, srstb || (clka && a_hits_b));
    end

    // The output latches: port A's, port B's (x36: the odd row) and, x36, the even
    // row's, which is on DOA.
    reg [17:0] lat_b0;
    always @(posedge clka or posedge arsta) begin
        if (arsta || srsta) begin
            lat_a <= 18'd0;
        end else if (A_READS != 0 && ena) begin
            if (clkb && b_hits_a) lat_a <= 18'bx;
            else if (WEA && MODE_A == NORMAL) lat_a <= lat_a;
            else if (WEA && MODE_A == WRITETHROUGH)
                lat_a <= rword(DATA_WIDTH_A, ada, merge(mem[row_a], data_a, mask_a, 1'b0));
            else lat_a <= rword(DATA_WIDTH_A, ada, mem[row_a]);
        end
    end
    always @(posedge clkb or posedge arstb) begin
        if (arstb || srstb) begin
            lat_b  <= 18'd0;
            lat_b0 <= 18'd0;
        end else if (enb) begin
            if (clka && a_hits_b) begin
                lat_b  <= 18'bx;
                lat_b0 <= 18'bx;
            end else if (WIDE_B != 0) begin
                lat_b0 <= mem[row_b];
                lat_b  <= mem[row_b1];
            end else if (wr_b && MODE_B == NORMAL) lat_b <= lat_b;
            else if (wr_b && MODE_B == WRITETHROUGH)
                lat_b <= rword(DATA_WIDTH_B, adb, merge(mem[row_b], data_b, mask_b, 1'b0));
            else lat_b <= rword(DATA_WIDTH_B, adb, mem[row_b]);
        end
    end

    // ---- the output registers -----------------------------------------------------------
    reg [17:0] out_b0;
    always @(posedge clka or posedge arsta) begin
        if (arsta || srsta) out_a <= 18'd0;
        else if (OCEA) out_a <= lat_a;
    end
    always @(posedge clkb or posedge arstb) begin
        if (arstb || srstb) begin
            out_b  <= 18'd0;
            out_b0 <= 18'd0;
        end else if (OCEB) begin
            out_b  <= lat_b;
            out_b0 <= lat_b0;
        end
    end
    wire [17:0] q_a = (WIDE_B != 0) ? ((OUTREG_B != 0) ? out_b0 : lat_b0)
                                    : ((OUTREG_A != 0) ? out_a : lat_a);
    wire [17:0] q_b = (OUTREG_B != 0) ? out_b : lat_b;
    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
            DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = q_a;
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
            DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = q_b;
endmodule
`default_nettype wire
