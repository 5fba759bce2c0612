# 50 MHz board clock; everything runs on it (clock enables, no generated clocks).
create_clock -name CLOCK_50 -period 20.000 [get_ports CLOCK_50]
derive_clock_uncertainty
# Buttons and the PS/2 lines are asynchronous and synchronised in the RTL.
set_false_path -from [get_ports {KEY[*] PS2_KBCLK PS2_KBDAT}]
