# 50 MHz board clock; everything runs on it (clock enables, no generated clocks).
create_clock -name CLOCK_50 -period 20.000 [get_ports CLOCK_50]
derive_clock_uncertainty
# Buttons, switches and the PS/2 lines are asynchronous and synchronised in the RTL.
set_false_path -from [get_ports {KEY[*] SW[*] PS2_KBCLK PS2_KBDAT}]
# VGA: every output but VGA_SYNC_N (tied low), VGA_CLK included, comes from a
# flip-flop on CLOCK_50 packed into its I/O cell (FAST_OUTPUT_REGISTER in
# generals.qsf); RGB, syncs and blank change on one edge and the DAC latches them on VGA_CLK's rise one 20 ns cycle
# later, 20 ns before they change again, so only pin-to-pin skew (well under
# 20 ns) matters, not the path from CLOCK_50: false paths.
set_false_path -to [get_ports {VGA_R[*] VGA_G[*] VGA_B[*] VGA_HS VGA_VS VGA_BLANK_N VGA_SYNC_N VGA_CLK}]
# Seven-segment displays and LEDs are read by eye.
set_false_path -to [get_ports {HEX0[*] HEX1[*] HEX2[*] HEX3[*] HEX4[*] HEX5[*] HEX6[*] HEX7[*] LEDR[*] LEDG[*]}]
