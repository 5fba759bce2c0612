// Test bench for tests/params.rs under Icarus: elaborates the board's top
// level with its own defaults, as synthesis does, and prints each parameter
// of docs/parameters.md as "name value" (decimal) through the hierarchy, so
// that what is checked is the value the board is built with. With ULX3S
// defined, the top is the ULX3S's (boards/ulx3s/ulx3s_top.v, its two ECP5
// primitives stood in for by tb/icarus/ecp5_stubs.v): its core must be built
// with the same values.
`default_nettype none
`timescale 1ns / 1ps

module params_tb;
    reg        clk = 1'b0;
    reg  [1:0] key = 2'b11;
    reg  [1:0] sw  = 2'b00;
    wire [7:0] vga_r, vga_g, vga_b;
    wire       vga_hs, vga_vs, vga_blank_n, vga_sync_n, vga_clk;
    wire [6:0] hex0, hex1, hex2, hex3, hex4, hex5, hex6, hex7;
    wire [17:0] ledr;
    wire [8:0]  ledg;

`ifdef ULX3S
    wire [7:0] led;
    wire [3:0] gpdi_dp;
    wire       pu_dp, pu_dn, wifi_gpio0;
    ulx3s_top dut (
        .clk_25mhz(clk), .btn(2'b00), .sw(sw), .usb_fpga_bd_dp(1'b1), .usb_fpga_bd_dn(1'b1),
        .usb_fpga_pu_dp(pu_dp), .usb_fpga_pu_dn(pu_dn), .led(led), .wifi_gpio0(wifi_gpio0),
        .gpdi_dp(gpdi_dp)
    );
`else
    de2_115_top dut (
        .CLOCK_50(clk), .KEY(key), .PS2_KBCLK(1'b1), .PS2_KBDAT(1'b1), .SW(sw),
        .VGA_R(vga_r), .VGA_G(vga_g), .VGA_B(vga_b), .VGA_HS(vga_hs), .VGA_VS(vga_vs),
        .VGA_BLANK_N(vga_blank_n), .VGA_SYNC_N(vga_sync_n), .VGA_CLK(vga_clk),
        .HEX0(hex0), .HEX1(hex1), .HEX2(hex2), .HEX3(hex3),
        .HEX4(hex4), .HEX5(hex5), .HEX6(hex6), .HEX7(hex7),
        .LEDR(ledr), .LEDG(ledg)
    );
`endif

    initial begin
        $display("button.DEBOUNCE_CYCLES %0d", dut.u_core.u_btn_reset.DEBOUNCE_CYCLES);
        $display("button.DEBOUNCE_CYCLES %0d", dut.u_core.u_btn_start.DEBOUNCE_CYCLES);
        $display("generals_core.POR_CYCLES %0d", dut.u_core.POR_CYCLES);
        $display("ps2_rx.FILTER_CYCLES %0d", dut.u_core.u_kbd.u_rx.FILTER_CYCLES);
        $display("ps2_rx.TIMEOUT_CYCLES %0d", dut.u_core.u_kbd.u_rx.TIMEOUT_CYCLES);
        $display("ps2_rx.ARM_CYCLES %0d", dut.u_core.u_kbd.u_rx.ARM_CYCLES);
        $display("keyboard.FIFO_DEPTH_LOG2 %0d", dut.u_core.u_kbd.u_kbd.FIFO_DEPTH_LOG2);
        $display("machine_player.BOT_GAP %0d", dut.u_core.u_bot.BOT_GAP);
        $finish;
    end
endmodule
