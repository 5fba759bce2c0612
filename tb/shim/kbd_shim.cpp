// C ABI shim around Vkbd_frontend (see shim.h).
#include "shim.h"
#include "Vkbd_frontend.h"
#include "Vkbd_frontend___024root.h"
#include "model.h"

// The keyboard front end alone reads its `cmd_ready` input combinationally
// (an input-combinational region), so it takes the full eval() at both edges.
struct kbd_model : Model<Vkbd_frontend> {
    kbd_model() : Model("kbd_frontend") {}
};

extern "C" {

kbd_model *kbd_new(void) { return new kbd_model(); }
void kbd_free(kbd_model *m) { delete m; }
void kbd_get_params(kbd_params *p) {
    using R = Vkbd_frontend___024root;
    p->filter_cycles = R::kbd_frontend__DOT__u_rx__DOT__FILTER_CYCLES;
    p->timeout_cycles = R::kbd_frontend__DOT__u_rx__DOT__TIMEOUT_CYCLES;
    p->arm_cycles = R::kbd_frontend__DOT__u_rx__DOT__ARM_CYCLES;
    p->fifo_depth = 1u << R::kbd_frontend__DOT__u_kbd__DOT__FIFO_DEPTH_LOG2;
}
int kbd_trace_open(kbd_model *m, const char *path) { return m->trace_open(path); }

}

namespace {
void set_inputs(Vkbd_frontend &t, const kbd_in *in) {
    t.ps2_clk = in->ps2_clk;
    t.ps2_dat = in->ps2_dat;
    t.rst = in->rst;
    t.cmd_ready_i = in->cmd_ready;
}

// Outputs are registers (or depend on registers only): after the falling
// edge they still hold what the rising edge gave them.
kbd_out outputs(const Vkbd_frontend &t) {
    kbd_out out{};
    out.cmd = t.cmd_o;
    out.cmd_valid = t.cmd_valid_o;
    out.byte_ = t.byte_o;
    out.byte_valid = t.byte_valid_o;
    out.err_count = t.err_count_o;
    out.ovf_count = t.ovf_count_o;
    return out;
}

bool same(const kbd_out &a, const kbd_out &b) {
    return a.cmd == b.cmd && a.cmd_valid == b.cmd_valid && a.byte_ == b.byte_ &&
           a.byte_valid == b.byte_valid && a.err_count == b.err_count &&
           a.ovf_count == b.ovf_count;
}
}  // namespace

extern "C" {

void kbd_tick(kbd_model *m, const kbd_in *in, kbd_out *out) {
    set_inputs(m->top, in);
    m->cycle();
    *out = outputs(m->top);
}

uint64_t kbd_burst(kbd_model *m, const kbd_in *in, uint64_t max, kbd_out *out) {
    set_inputs(m->top, in);
    const kbd_out was = outputs(m->top);
    for (uint64_t i = 0; i < max; i++) {
        m->cycle();
        *out = outputs(m->top);
        if (!same(*out, was)) return i;
    }
    return max;
}

}
