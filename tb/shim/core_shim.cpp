// C ABI shim around Vgenerals_core (see shim.h).
#include "shim.h"
#include "Vgenerals_core.h"
#include "Vgenerals_core___024root.h"
#include "model.h"

struct core_model : Model<Vgenerals_core> {
    core_model() : Model("generals_core") {
        top.key_reset_n = 1;
        top.key_start_n = 1;
        top.ps2_clk = 1;
        top.ps2_dat = 1;
        top.eval();
    }
};


extern "C" {

core_model *core_new(void) { return new core_model(); }
void core_free(core_model *m) { delete m; }
int core_trace_open(core_model *m, const char *path) { return m->trace_open(path); }
void core_trace_close(core_model *m) { m->trace_close(); }

static inline void edge(core_model *m, const core_in *in) {
    Vgenerals_core &t = m->top;
    t.key_reset_n = in->key_reset_n;
    t.key_start_n = in->key_start_n;
    t.ps2_clk = in->ps2_clk;
    t.ps2_dat = in->ps2_dat;
    m->cycle();
}

static inline void copy_out(const Vgenerals_core &t, core_out *out) {
    out->vga_r = t.vga_r;
    out->vga_g = t.vga_g;
    out->vga_b = t.vga_b;
    out->vga_hs_n = t.vga_hs_n;
    out->vga_vs_n = t.vga_vs_n;
    out->vga_blank_n = t.vga_blank_n;
    out->vga_sync_n = t.vga_sync_n;
    out->vga_clk = t.vga_clk;
    out->rst = t.dbg_rst;
    out->draw = t.dbg_draw;
    out->applied = t.dbg_applied;
    out->cmd = t.dbg_cmd;
    out->started = t.dbg_started;
    out->snapshot = t.dbg_snapshot;
    out->phase = t.dbg_phase;
    out->winner = t.dbg_winner;
    out->player = t.dbg_player;
    out->first = t.dbg_first;
    out->mode = t.dbg_mode;
    out->cursor_red = t.dbg_cursor_red;
    out->cursor_blue = t.dbg_cursor_blue;
    out->map = t.dbg_map;
    out->round = t.dbg_round;
    out->kbd_byte = t.dbg_kbd_byte;
    out->kbd_byte_valid = t.dbg_kbd_byte_valid;
    out->kbd_cmd = t.dbg_kbd_cmd;
    out->kbd_cmd_valid = t.dbg_kbd_cmd_valid;
    out->kbd_cmd_ready = t.dbg_kbd_cmd_ready;
    out->kbd_err = t.dbg_kbd_err;
    out->kbd_ovf = t.dbg_kbd_ovf;
    out->we = t.dbg_we;
    out->waddr = t.dbg_waddr;
    out->wdata = t.dbg_wdata;
    out->scalars = (uint64_t)t.dbg_phase | (uint64_t)t.dbg_winner << 2 |
                   (uint64_t)t.dbg_player << 4 | (uint64_t)t.dbg_first << 6 |
                   (uint64_t)t.dbg_mode << 8 | (uint64_t)t.dbg_cursor_red << 10 |
                   (uint64_t)t.dbg_cursor_blue << 18 | (uint64_t)t.dbg_round << 26 |
                   (uint64_t)t.dbg_map << 42;
}

void core_tick(core_model *m, const core_in *in, core_out *out) {
    edge(m, in);
    copy_out(m->top, out);
}

void core_replay(core_model *m, const uint32_t *counts, const uint8_t *levels, uint64_t runs,
                 core_out *out) {
    Vgenerals_core &t = m->top;
    for (uint64_t i = 0; i < runs; i++) {
        const uint8_t l = levels[i];
        t.key_reset_n = l & 1;
        t.key_start_n = (l >> 1) & 1;
        t.ps2_clk = (l >> 2) & 1;
        t.ps2_dat = (l >> 3) & 1;
        for (uint32_t c = counts[i]; c > 0; c--) m->cycle();
    }
    copy_out(t, out);
}

// The RAM array is marked public (rtl/board_ram.v), so it keeps this name.
void core_read_board(const core_model *m, uint16_t cells[CORE_CELLS]) {
    const auto &mem = m->top.rootp->generals_core__DOT__u_board__DOT__mem;
    for (int i = 0; i < CORE_CELLS; i++) cells[i] = mem[i];
}


}
