// Generals - replay_tb: a small Icarus Verilog test bench that replays a pin
// stimulus recorded by the Rust bench (tb/bench/env/stimulus.rs: one run per line,
// "<cycles> <levels hex>", levels bit 0 key_reset_n, 1 key_start_n, 2 ps2_clk,
// 3 ps2_dat, 5:4 sw) into generals_core, for up to +cycles=N cycles, then prints the
// cycles simulated and the debug port's scalar state. scripts/speed uses it to
// time the same game in a 4-state event-driven simulator; tests/icarus.rs uses
// the options below to check that 4-state simulation agrees with Verilator:
//   +xcheck        stop at the first X or Z on an output or the debug port
//                  after the power-on reset ("X <cycle> <signal>");
//   +state         print the debug scalars and the 100 board RAM words
//                  ("state <scalars> <cells>", all hex);
//   +frame=FILE    write the last complete frame: 640 x 480 "rrggbb" lines.
// Part of the Generals FPGA project, MIT licence.

`default_nettype none
`timescale 1ns / 1ps

module replay_tb;
    localparam integer HALF_PERIOD_NS = 10;   // 50 MHz

    reg clk = 1'b0;
    reg key_reset_n = 1'b1;
    reg key_start_n = 1'b1;
    reg ps2_clk = 1'b1;
    reg ps2_dat = 1'b1;
    reg [1:0] sw = 2'b00;

    wire [7:0]  vga_r, vga_g, vga_b;
    wire        vga_hs_n, vga_vs_n, vga_blank_n, vga_sync_n, vga_clk;
    wire        dbg_rst, dbg_applied, dbg_started, dbg_snapshot, dbg_we;
    wire [6:0]  dbg_draw, dbg_map, dbg_waddr;
    wire [2:0]  dbg_cmd, dbg_kbd_cmd;
    wire        dbg_cmd_src;
    wire [1:0]  dbg_seats;
    wire [1:0]  dbg_phase, dbg_winner, dbg_player, dbg_first, dbg_mode;
    wire [7:0]  dbg_cursor_red, dbg_cursor_blue, dbg_kbd_byte;
    wire [15:0] dbg_round, dbg_kbd_err, dbg_kbd_ovf;
    wire [12:0] dbg_wdata;
    wire        dbg_kbd_byte_valid, dbg_kbd_cmd_valid, dbg_kbd_cmd_ready;

    generals_core u_core (
        .clk(clk), .key_reset_n(key_reset_n), .key_start_n(key_start_n),
        .ps2_clk(ps2_clk), .ps2_dat(ps2_dat), .sw(sw),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b), .vga_hs_n(vga_hs_n),
        .vga_vs_n(vga_vs_n), .vga_blank_n(vga_blank_n), .vga_sync_n(vga_sync_n),
        .vga_clk(vga_clk),
        .dbg_rst(dbg_rst), .dbg_draw(dbg_draw), .dbg_applied(dbg_applied), .dbg_cmd(dbg_cmd),
        .dbg_cmd_src(dbg_cmd_src), .dbg_seats(dbg_seats),
        .dbg_started(dbg_started), .dbg_snapshot(dbg_snapshot), .dbg_phase(dbg_phase),
        .dbg_winner(dbg_winner), .dbg_player(dbg_player), .dbg_first(dbg_first),
        .dbg_mode(dbg_mode), .dbg_cursor_red(dbg_cursor_red),
        .dbg_cursor_blue(dbg_cursor_blue), .dbg_round(dbg_round), .dbg_map(dbg_map),
        .dbg_we(dbg_we), .dbg_waddr(dbg_waddr), .dbg_wdata(dbg_wdata),
        .dbg_kbd_byte(dbg_kbd_byte), .dbg_kbd_byte_valid(dbg_kbd_byte_valid),
        .dbg_kbd_cmd(dbg_kbd_cmd), .dbg_kbd_cmd_valid(dbg_kbd_cmd_valid),
        .dbg_kbd_cmd_ready(dbg_kbd_cmd_ready), .dbg_kbd_err(dbg_kbd_err),
        .dbg_kbd_ovf(dbg_kbd_ovf)
    );

    localparam integer POR_SETTLE = 64;       // cycles: power-on reset is long over
    localparam integer PIXELS     = 640 * 480;

    reg [1023:0] path, frame_path;
    integer      fd, got, run_cycles, levels, limit, done, i;
    reg          xcheck, want_state, want_frame;

    // ---- the last complete frame, rebuilt from the pins ------------------------------
    // Every visible pixel has vga_blank_n high: a frame is the PIXELS samples
    // between two falling edges of vga_vs_n.
    reg [23:0]   shown [0:PIXELS-1];
    reg [23:0]   last  [0:PIXELS-1];
    integer      px_idx = 0;
    reg          have_frame = 1'b0;
    reg          vs_prev = 1'b1;
    // Only with +frame: scripts/speed times this bench, and the capture is not
    // part of the design's cost.
    always @(posedge vga_clk) if (want_frame) begin
        if (vga_blank_n === 1'b1 && px_idx < PIXELS) begin
            shown[px_idx] <= {vga_r, vga_g, vga_b};
            px_idx        <= px_idx + 1;
        end
        vs_prev <= vga_vs_n;
        if (vs_prev === 1'b1 && vga_vs_n === 1'b0) begin
            if (px_idx == PIXELS) begin
                for (i = 0; i < PIXELS; i = i + 1) last[i] = shown[i];
                have_frame = 1'b1;
            end
            px_idx <= 0;
        end
    end

    // ---- no X or Z after the power-on reset ----------------------------------------
    // The groups are built only when asked for (functions, not wires: a wire
    // would be re-evaluated at every change, and scripts/speed times this bench).
    function [7:0] vga_bits(input dummy);
        vga_bits = {vga_hs_n, vga_vs_n, vga_blank_n, vga_sync_n, vga_clk,
                    dbg_rst, dbg_applied, dbg_started};
    endfunction
    // Packed as the Verilator shim packs core_out.scalars: phase in the low bits.
    function [48:0] dbg_state(input dummy);
        dbg_state = {dbg_map, dbg_round, dbg_cursor_blue, dbg_cursor_red, dbg_mode,
                     dbg_first, dbg_player, dbg_winner, dbg_phase};
    endfunction
    function [63:0] dbg_misc(input dummy);
        dbg_misc = {2'b00, dbg_snapshot, dbg_we, dbg_draw, dbg_waddr, dbg_wdata, dbg_cmd,
                    dbg_kbd_byte, dbg_kbd_byte_valid, dbg_kbd_cmd,
                    dbg_kbd_cmd_valid, dbg_kbd_cmd_ready, dbg_kbd_err[7:0],
                    dbg_kbd_ovf[7:0]};
    endfunction
    // Names the group and prints its bits, so the X can be found.
    task automatic report_x(input [8*16-1:0] name, input [63:0] bits);
        begin
            $display("X %0d %0s %b", done, name, bits);
            $finish;
        end
    endtask
    always @(negedge clk) begin
        if (xcheck && done > POR_SETTLE) begin
            if (^{vga_r, vga_g, vga_b} === 1'bx)      report_x("vga_rgb", {40'd0, vga_r, vga_g, vga_b});
            if (^vga_bits(1'b0) === 1'bx)             report_x("vga_sync/events", {56'd0, vga_bits(1'b0)});
            if (^dbg_state(1'b0) === 1'bx)            report_x("dbg_state", {15'd0, dbg_state(1'b0)});
            if (^dbg_misc(1'b0) === 1'bx)             report_x("dbg_port", dbg_misc(1'b0));
            if (^{dbg_kbd_err, dbg_kbd_ovf} === 1'bx) report_x("dbg_kbd_count", {32'd0, dbg_kbd_err, dbg_kbd_ovf});
            if (^{dbg_cmd_src, dbg_seats} === 1'bx)   report_x("dbg_machine", {61'd0, dbg_cmd_src, dbg_seats});
        end
    end

    initial begin
        if (!$value$plusargs("stimulus=%s", path)) begin
            $display("replay_tb: give +stimulus=FILE");
            $finish;
        end
        if (!$value$plusargs("cycles=%d", limit)) limit = 32'h7fffffff;
        xcheck     = $test$plusargs("xcheck");
        want_state = $test$plusargs("state");
        want_frame = $value$plusargs("frame=%s", frame_path);
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("replay_tb: cannot open %0s", path);
            $finish;
        end
        done = 0;
        got  = $fscanf(fd, "%d %h\n", run_cycles, levels);
        while (got == 2 && done < limit) begin
            {sw, ps2_dat, ps2_clk, key_start_n, key_reset_n} = levels[5:0];
            while (run_cycles > 0 && done < limit) begin
                #HALF_PERIOD_NS clk = 1'b1;
                #HALF_PERIOD_NS clk = 1'b0;
                run_cycles = run_cycles - 1;
                done       = done + 1;
            end
            got = $fscanf(fd, "%d %h\n", run_cycles, levels);
        end
        $fclose(fd);
        $display("cycles %0d phase %0d player %0d round %0d map %0d mode %0d cursors %h %h rgb %h%h%h",
                 done, dbg_phase, dbg_player, dbg_round, dbg_map, dbg_mode, dbg_cursor_red,
                 dbg_cursor_blue, vga_r, vga_g, vga_b);
        if (want_state) begin
            $write("state %h", dbg_state(1'b0));
            for (i = 0; i < 100; i = i + 1) $write(" %h", u_core.u_game.board[i]);
            $write("\n");
        end
        if (want_frame) begin
            if (!have_frame) begin
                $display("frame none");
            end else begin
                fd = $fopen(frame_path, "w");
                for (i = 0; i < PIXELS; i = i + 1) $fwrite(fd, "%h\n", last[i]);
                $fclose(fd);
                $display("frame written");
            end
        end
        $finish;
    end
endmodule

`default_nettype wire
