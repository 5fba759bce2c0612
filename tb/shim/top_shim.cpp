// C ABI shim around Vde2_115_top, the board's top (see shim.h): the whole
// design through the DE2-115's pins, for the test that plays it there
// (tests/board_top.rs).
#include "shim.h"
#include "Vde2_115_top.h"
#include "Vde2_115_top___024root.h"

// The board's clock pin.
inline CData &clock_pin(Vde2_115_top &t) { return t.CLOCK_50; }

#include "model.h"

struct top_model : Model<Vde2_115_top> {
    top_model() : Model("de2_115_top") {
        top.KEY = 3;  // released (active low)
        top.PS2_KBCLK = 1;
        top.PS2_KBDAT = 1;
        top.SW = 0;
        top.eval();
    }
};

extern "C" {

top_model *top_new(void) { return new top_model(); }
void top_free(top_model *m) { delete m; }
int top_coverage_write(top_model *m, const char *path) { return m->coverage_write(path); }

void top_tick(top_model *m, const top_in *in, top_out *out) {
    Vde2_115_top &t = m->top;
    t.KEY = in->key & 3;
    t.SW = in->sw & 3;
    t.PS2_KBCLK = in->ps2_clk;
    t.PS2_KBDAT = in->ps2_dat;
    m->cycle();
    out->vga_r = t.VGA_R;
    out->vga_g = t.VGA_G;
    out->vga_b = t.VGA_B;
    out->vga_hs = t.VGA_HS;
    out->vga_vs = t.VGA_VS;
    out->vga_blank_n = t.VGA_BLANK_N;
    out->vga_sync_n = t.VGA_SYNC_N;
    out->vga_clk = t.VGA_CLK;
    out->hex[0] = t.HEX0;
    out->hex[1] = t.HEX1;
    out->hex[2] = t.HEX2;
    out->hex[3] = t.HEX3;
    out->hex[4] = t.HEX4;
    out->hex[5] = t.HEX5;
    out->hex[6] = t.HEX6;
    out->hex[7] = t.HEX7;
    out->ledr = t.LEDR;
    out->ledg = t.LEDG;
}

}
