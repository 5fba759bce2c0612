// C ABI shim around Vgenerals_core, the RTL (see shim.h); the calls on a
// model dispatch to the RTL's or the netlist's (gates_shim.cpp).
#include "Vgenerals_core.h"
#include "Vgenerals_core___024root.h"
#include "core_model.h"

using Rtl = CoreModelOf<Vgenerals_core>;

// The RAM array is marked public (rtl/board_ram.v), so it keeps this name.
template <>
void Rtl::read_board(uint16_t cells[CORE_CELLS]) const {
    const auto &mem = m.top.rootp->generals_core__DOT__u_board__DOT__mem;
    for (int i = 0; i < CORE_CELLS; i++) cells[i] = mem[i];
}

// On the Verilator this project installs (Debian's 5.006) the falling edge
// must take the shortcut of model.h; only another version may fall back.
#if VERILATOR_VERSION_INTEGER == 5006000
static_assert(Model<Vgenerals_core>::falling_edge_by_trigger,
              "model.h: Verilator 5.006 should record the falling edge without eval()");
#endif

extern "C" {

core_model *core_new(void) { return new Rtl("generals_core", 0); }
core_model *core_new_random_init(uint32_t seed) { return new Rtl("generals_core", seed); }
void core_free(core_model *m) { delete m; }

// The netlist is synthesised from the same RTL, so its parameters are these.
void core_get_params(core_params *p) {
    using R = Vgenerals_core___024root;
    static_assert(R::generals_core__DOT__u_btn_reset__DOT__DEBOUNCE_CYCLES ==
                      R::generals_core__DOT__u_btn_start__DOT__DEBOUNCE_CYCLES,
                  "the bench models both buttons with one debounce length");
    p->kbd.filter_cycles = R::generals_core__DOT__u_kbd__DOT__u_rx__DOT__FILTER_CYCLES;
    p->kbd.timeout_cycles = R::generals_core__DOT__u_kbd__DOT__u_rx__DOT__TIMEOUT_CYCLES;
    p->kbd.arm_cycles = R::generals_core__DOT__u_kbd__DOT__u_rx__DOT__ARM_CYCLES;
    p->kbd.fifo_depth = 1u << R::generals_core__DOT__u_kbd__DOT__u_kbd__DOT__FIFO_DEPTH_LOG2;
    p->debounce_cycles = R::generals_core__DOT__u_btn_reset__DOT__DEBOUNCE_CYCLES;
    p->por_cycles = R::generals_core__DOT__POR_CYCLES;
    p->bot_gap = R::generals_core__DOT__BOT_GAP;
}
int core_trace_open(core_model *m, const char *path) { return m->trace_open(path); }
void core_trace_close(core_model *m) { m->trace_close(); }
void core_tick(core_model *m, const core_in *in, core_out *out) { m->tick(in, out); }
void core_replay(core_model *m, const uint32_t *counts, const uint8_t *levels, uint64_t runs,
                 core_out *out) {
    m->replay(counts, levels, runs, out);
}
void core_read_board(const core_model *m, uint16_t cells[CORE_CELLS]) { m->read_board(cells); }

}
