// The whole game behind the C ABI of shim.h: one abstract model, so that the
// bench drives the RTL and the gate-level netlist (built from it by yosys)
// through the same calls. One virtual call per cycle; replay's loop runs
// inside the concrete model.
#ifndef GENERALS_CORE_MODEL_H
#define GENERALS_CORE_MODEL_H
#include "model.h"
#include "shim.h"

struct core_model {
    virtual ~core_model() = default;
    virtual void tick(const core_in *in, core_out *out) = 0;
    virtual void replay(const uint32_t *counts, const uint8_t *levels, uint64_t runs,
                        core_out *out) = 0;
    virtual void read_board(uint16_t cells[CORE_CELLS]) const = 0;
    virtual int trace_open(const char *path) = 0;
    virtual void trace_close() = 0;
};

// `Top` is a Verilated generals_core (the RTL's or the netlist's): the same
// ports under the same names. Each shim defines read_board for its model,
// since the board RAM's array is named differently in the two.
template <class Top, auto EvalNba = nullptr>
struct CoreModelOf final : core_model {
    using Inner = Model<Top, EvalNba>;
    Inner m;

    CoreModelOf(const char *name, uint32_t init_seed) : m(name, init_seed) {
        m.top.key_reset_n = 1;
        m.top.key_start_n = 1;
        m.top.ps2_clk = 1;
        m.top.ps2_dat = 1;
        m.top.sw = 0;
        m.top.eval();
    }

    void tick(const core_in *in, core_out *out) override {
        Top &t = m.top;
        t.key_reset_n = in->key_reset_n;
        t.key_start_n = in->key_start_n;
        t.ps2_clk = in->ps2_clk;
        t.ps2_dat = in->ps2_dat;
        t.sw = in->sw;
        m.cycle();
        copy_out(out);
    }

    void replay(const uint32_t *counts, const uint8_t *levels, uint64_t runs,
                core_out *out) override {
        Top &t = m.top;
        for (uint64_t i = 0; i < runs; i++) {
            const uint8_t l = levels[i];
            t.key_reset_n = l & 1;
            t.key_start_n = (l >> 1) & 1;
            t.ps2_clk = (l >> 2) & 1;
            t.ps2_dat = (l >> 3) & 1;
            t.sw = (l >> 4) & 3;
            for (uint32_t c = counts[i]; c > 0; c--) m.cycle();
        }
        copy_out(out);
    }

    void read_board(uint16_t cells[CORE_CELLS]) const override;
    int trace_open(const char *path) override { return m.trace_open(path); }
    void trace_close() override { m.trace_close(); }

  private:
    // Straight from the root: the top class's port members are references,
    // one more load each, and this runs every cycle.
    void copy_out(core_out *out) const {
        const auto &r = *m.top.rootp;
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
        out->cmd_src = r.dbg_cmd_src;
        out->seats = r.dbg_seats;
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
};
#endif
