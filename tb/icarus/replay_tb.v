// Generals - replay_tb: a small Icarus Verilog test bench that replays a pin
// stimulus recorded by the Rust bench (tb/bench/stimulus.rs: one run per line,
// "<cycles> <levels hex>", levels bit 0 key_reset_n, 1 key_start_n, 2 ps2_clk,
// 3 ps2_dat) into generals_core, for up to +cycles=N cycles, then prints the
// cycles simulated and the debug port's scalar state. Used by scripts/bench to
// time the same game in a 4-state event-driven simulator.
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

    wire [7:0]  vga_r, vga_g, vga_b;
    wire        vga_hs_n, vga_vs_n, vga_blank_n, vga_sync_n, vga_clk;
    wire        dbg_rst, dbg_applied, dbg_started, dbg_snapshot, dbg_we;
    wire [6:0]  dbg_draw, dbg_map, dbg_waddr;
    wire [2:0]  dbg_cmd, dbg_kbd_cmd;
    wire [1:0]  dbg_phase, dbg_winner, dbg_player, dbg_first, dbg_mode;
    wire [7:0]  dbg_cursor_red, dbg_cursor_blue, dbg_kbd_byte;
    wire [15:0] dbg_round, dbg_kbd_err, dbg_kbd_ovf;
    wire [12:0] dbg_wdata;
    wire        dbg_kbd_byte_valid, dbg_kbd_cmd_valid, dbg_kbd_cmd_ready;

    generals_core u_core (
        .clk(clk), .key_reset_n(key_reset_n), .key_start_n(key_start_n),
        .ps2_clk(ps2_clk), .ps2_dat(ps2_dat),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b), .vga_hs_n(vga_hs_n),
        .vga_vs_n(vga_vs_n), .vga_blank_n(vga_blank_n), .vga_sync_n(vga_sync_n),
        .vga_clk(vga_clk),
        .dbg_rst(dbg_rst), .dbg_draw(dbg_draw), .dbg_applied(dbg_applied), .dbg_cmd(dbg_cmd),
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

    reg [1023:0] path;
    integer      fd, got, run_cycles, levels, limit, done;

    initial begin
        if (!$value$plusargs("stimulus=%s", path)) begin
            $display("replay_tb: give +stimulus=FILE");
            $finish;
        end
        if (!$value$plusargs("cycles=%d", limit)) limit = 32'h7fffffff;
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("replay_tb: cannot open %0s", path);
            $finish;
        end
        done = 0;
        got  = $fscanf(fd, "%d %h\n", run_cycles, levels);
        while (got == 2 && done < limit) begin
            {ps2_dat, ps2_clk, key_start_n, key_reset_n} = levels[3:0];
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
        $finish;
    end
endmodule

`default_nettype wire
