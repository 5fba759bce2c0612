// C ABI shim around Vgenerals_core (see shim.h).
#include "shim.h"
#include "Vgenerals_core.h"
#include "Vgenerals_core___024root.h"
#include "model.h"

struct core_model : Model<Vgenerals_core> {
    explicit core_model(uint32_t init_seed) : Model("generals_core", init_seed) {
        top.key_reset_n = 1;
        top.key_start_n = 1;
        top.ps2_clk = 1;
        top.ps2_dat = 1;
        top.eval();
    }
};


extern "C" {

core_model *core_new(void) { return new core_model(0); }
core_model *core_new_random_init(uint32_t seed) { return new core_model(seed); }
void core_free(core_model *m) { delete m; }

void core_get_params(core_params *p) {
    using R = Vgenerals_core___024root;
    static_assert(R::generals_core__DOT__u_btn_reset__DOT__DEBOUNCE_CYCLES ==
                      R::generals_core__DOT__u_btn_start__DOT__DEBOUNCE_CYCLES,
                  "the bench models both buttons with one debounce length");
    p->kbd.filter_cycles = R::generals_core__DOT__u_kbd__DOT__u_rx__DOT__FILTER_CYCLES;
    p->kbd.timeout_cycles = R::generals_core__DOT__u_kbd__DOT__u_rx__DOT__TIMEOUT_CYCLES;
    p->kbd.fifo_depth = 1u << R::generals_core__DOT__u_kbd__DOT__u_kbd__DOT__FIFO_DEPTH_LOG2;
    p->debounce_cycles = R::generals_core__DOT__u_btn_reset__DOT__DEBOUNCE_CYCLES;
    p->por_cycles = R::generals_core__DOT__POR_CYCLES;
}
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

// Straight from the root: the top class's port members are references, one
// more load each, and this runs every cycle.
static inline void copy_out(const Vgenerals_core &t, core_out *out) {
    const Vgenerals_core___024root &r = *t.rootp;
    out->vga_r = r.vga_r;
    out->vga_g = r.vga_g;
    out->vga_b = r.vga_b;
    out->vga_hs_n = r.vga_hs_n;
    out->vga_vs_n = r.vga_vs_n;
    out->vga_blank_n = r.vga_blank_n;
    out->vga_sync_n = r.vga_sync_n;
    out->vga_clk = r.vga_clk;
    out->rst = r.dbg_rst;
    out->draw = r.dbg_draw;
    out->applied = r.dbg_applied;
    out->cmd = r.dbg_cmd;
    out->started = r.dbg_started;
    out->snapshot = r.dbg_snapshot;
    out->kbd_byte = r.dbg_kbd_byte;
    out->kbd_byte_valid = r.dbg_kbd_byte_valid;
    out->kbd_cmd = r.dbg_kbd_cmd;
    out->kbd_cmd_valid = r.dbg_kbd_cmd_valid;
    out->kbd_cmd_ready = r.dbg_kbd_cmd_ready;
    out->kbd_err = r.dbg_kbd_err;
    out->kbd_ovf = r.dbg_kbd_ovf;
    out->we = r.dbg_we;
    out->waddr = r.dbg_waddr;
    out->wdata = r.dbg_wdata;
    out->scalars = (uint64_t)r.dbg_phase | (uint64_t)r.dbg_winner << 2 |
                   (uint64_t)r.dbg_player << 4 | (uint64_t)r.dbg_first << 6 |
                   (uint64_t)r.dbg_mode << 8 | (uint64_t)r.dbg_cursor_red << 10 |
                   (uint64_t)r.dbg_cursor_blue << 18 | (uint64_t)r.dbg_round << 26 |
                   (uint64_t)r.dbg_map << 42;
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
