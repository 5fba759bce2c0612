// C ABI shim around Vgenerals_core (see shim.h).
#include <cstring>
#include "shim.h"
#include "Vgenerals_core.h"
#include "verilated.h"
#include "verilated_fst_c.h"

struct core_model {
    VerilatedContext ctx;
    Vgenerals_core top;
    VerilatedFstC *fst = nullptr;
    uint64_t time = 0;
    core_model() : top(&ctx, "generals_core") {}
};

static_assert(sizeof(((Vgenerals_core *)nullptr)->dbg_board) >= CORE_BOARD_WORDS * 4,
              "dbg_board is narrower than the shim expects");

extern "C" {

core_model *core_new(void) {
    core_model *m = new core_model();
    m->top.clk = 0;
    m->top.key_reset_n = 1;
    m->top.key_start_n = 1;
    m->top.ps2_clk = 1;
    m->top.ps2_dat = 1;
    m->top.eval();
    return m;
}

void core_free(core_model *m) {
    if (!m) return;
    core_trace_close(m);
    m->top.final();
    delete m;
}

int core_trace_open(core_model *m, const char *path) {
    if (m->fst) return 0;
    m->ctx.traceEverOn(true);
    m->fst = new VerilatedFstC;
    m->top.trace(m->fst, 99);
    m->fst->open(path);
    return m->fst->isOpen() ? 0 : -1;
}

void core_trace_close(core_model *m) {
    if (!m->fst) return;
    m->fst->close();
    delete m->fst;
    m->fst = nullptr;
}

static inline void edge(core_model *m, const core_in *in) {
    Vgenerals_core &t = m->top;
    t.key_reset_n = in->key_reset_n;
    t.key_start_n = in->key_start_n;
    t.ps2_clk = in->ps2_clk;
    t.ps2_dat = in->ps2_dat;
    t.clk = 1;
    t.eval();
    if (m->fst) m->fst->dump(m->time);
    t.clk = 0;
    t.eval();
    if (m->fst) m->fst->dump(m->time + 10);
    m->time += 20;  // 20 ns per 50 MHz cycle
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
    std::memcpy(out->board, t.dbg_board.data(), CORE_BOARD_WORDS * 4);
}

void core_tick(core_model *m, const core_in *in, core_out *out) {
    edge(m, in);
    copy_out(m->top, out);
}

void core_run(core_model *m, const core_in *in, uint64_t n, core_out *out) {
    for (uint64_t i = 0; i < n; i++) edge(m, in);
    copy_out(m->top, out);
}

}
