// C ABI shim around Vkbd_frontend (see shim.h).
#include "shim.h"
#include "Vkbd_frontend.h"
#include "verilated.h"
#include "verilated_fst_c.h"

struct kbd_model {
    VerilatedContext ctx;
    Vkbd_frontend top;
    VerilatedFstC *fst = nullptr;
    uint64_t time = 0;
    kbd_model() : top(&ctx, "kbd_frontend") {}
};

extern "C" {

kbd_model *kbd_new(void) {
    kbd_model *m = new kbd_model();
    m->top.clk = 0;
    m->top.eval();
    return m;
}

void kbd_free(kbd_model *m) {
    if (!m) return;
    kbd_trace_close(m);
    m->top.final();
    delete m;
}

int kbd_trace_open(kbd_model *m, const char *path) {
    if (m->fst) return 0;
    m->ctx.traceEverOn(true);
    m->fst = new VerilatedFstC;
    m->top.trace(m->fst, 99);
    m->fst->open(path);
    return m->fst->isOpen() ? 0 : -1;
}

void kbd_trace_close(kbd_model *m) {
    if (!m->fst) return;
    m->fst->close();
    delete m->fst;
    m->fst = nullptr;
}

void kbd_tick(kbd_model *m, const kbd_in *in, kbd_out *out) {
    Vkbd_frontend &t = m->top;
    t.ps2_clk = in->ps2_clk;
    t.ps2_dat = in->ps2_dat;
    t.rst = in->rst;
    t.cmd_ready_i = in->cmd_ready;
    t.clk = 1;
    t.eval();
    if (m->fst) m->fst->dump(m->time);
    out->cmd = t.cmd_o;
    out->cmd_valid = t.cmd_valid_o;
    out->byte_ = t.byte_o;
    out->byte_valid = t.byte_valid_o;
    out->err_count = t.err_count_o;
    out->ovf_count = t.ovf_count_o;
    t.clk = 0;
    t.eval();
    if (m->fst) m->fst->dump(m->time + 10);
    m->time += 20;  // 20 ns per 50 MHz cycle
}

}
