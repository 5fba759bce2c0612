// The whole game behind the C ABI of shim.h: one abstract model, so that the
// bench drives the RTL and the gate-level netlist (built from it by yosys)
// through the same calls. One virtual call per cycle; replay's loop runs
// inside the concrete model.
#ifndef GENERALS_CORE_MODEL_H
#define GENERALS_CORE_MODEL_H
#include "model.h"
#include "shim.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <vector>

struct core_model {
    virtual ~core_model() = default;
    virtual void tick(const core_in *in, core_out *out) = 0;
    virtual void replay(const uint32_t *counts, const uint8_t *levels, uint64_t runs,
                        core_out *out) = 0;
    virtual uint64_t burst(const core_in *in, uint64_t max, uint8_t draw_mask, core_out *out,
                           uint64_t *pins) = 0;
    virtual void read_board(uint16_t cells[CORE_CELLS]) const = 0;
    virtual int trace_open(const char *path) = 0;
    virtual void trace_close() = 0;
    virtual int coverage_write(const char *path) = 0;
    // A test's backdoor (see shim.h): 0, or -1 where the model has none.
    virtual int poke_cell(uint8_t idx, uint16_t bits) = 0;
    // The round's backdoor (see shim.h): 0, or -1 where the model has none.
    virtual int poke_round(uint16_t round) = 0;
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
        watch_outputs();
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
            t.key_reset_n = (l >> CORE_LEVEL_KEY_RESET_N) & 1;
            t.key_start_n = (l >> CORE_LEVEL_KEY_START_N) & 1;
            t.ps2_clk = (l >> CORE_LEVEL_PS2_CLK) & 1;
            t.ps2_dat = (l >> CORE_LEVEL_PS2_DAT) & 1;
            t.sw = (l >> CORE_LEVEL_SW) & 3;
            for (uint32_t c = counts[i]; c > 0; c--) m.cycle();
        }
        copy_out(out);
    }

    uint64_t burst(const core_in *in, uint64_t max, uint8_t draw_mask, core_out *out,
                   uint64_t *pins) override {
        Top &t = m.top;
        t.key_reset_n = in->key_reset_n;
        t.key_start_n = in->key_start_n;
        t.ps2_clk = in->ps2_clk;
        t.ps2_dat = in->ps2_dat;
        t.sw = in->sw;
        uint64_t q;
        // The loop runs in nearly every cycle of a checked run: with the
        // number of watched chunks a constant of the compiler's, it is unrolled.
        switch (vga_in_one_word ? watch.chunks : 0) {
            case 1: q = burst_loop<1>(max, draw_mask, pins); break;
            case 2: q = burst_loop<2>(max, draw_mask, pins); break;
            case 3: q = burst_loop<3>(max, draw_mask, pins); break;
            case 4: q = burst_loop<4>(max, draw_mask, pins); break;
            case 5: q = burst_loop<5>(max, draw_mask, pins); break;
            case 6: q = burst_loop<6>(max, draw_mask, pins); break;
            case 7: q = burst_loop<7>(max, draw_mask, pins); break;
            case 8: q = burst_loop<8>(max, draw_mask, pins); break;
            default: q = burst_loop<0>(max, draw_mask, pins); break;
        }
        copy_out(out);
        return q;
    }

    void read_board(uint16_t cells[CORE_CELLS]) const override;
    int poke_cell(uint8_t idx, uint16_t bits) override;
    int poke_round(uint16_t round) override;
    int trace_open(const char *path) override { return m.trace_open(path); }
    void trace_close() override { m.trace_close(); }
    int coverage_write(const char *path) override { return m.coverage_write(path); }

  private:
    // `burst`'s loop with N watched chunks and the VGA pins in one word, or,
    // for N = 0, with any number of chunks and any layout. The chunks'
    // places, masks and values on entry are copied into locals: the model's
    // step may write anywhere the compiler cannot see, so members would be
    // loaded again in every cycle.
    template <int N>
    uint64_t burst_loop(uint64_t max, uint8_t draw_mask, uint64_t *pins) {
        const auto &r = *m.top.rootp;
        const char *base = reinterpret_cast<const char *>(&r);
        const int n = N ? N : watch.chunks;
        ptrdiff_t at[Watch::max_chunks];
        Chunk mask[Watch::max_chunks], was[Watch::max_chunks];
        for (int c = 0; c < n; c++) {
            at[c] = watch.offset[c];
            mask[c] = watch.mask[c];
            was[c] = load_chunk(base + at[c]) & mask[c];
        }
        uint8_t draw = r.dbg_draw;
        for (uint64_t i = 0; i < max; i++) {
            m.cycle();
            Chunk loud = {0, 0};
            for (int c = 0; c < (N ? N : n); c++)
                loud |= (load_chunk(base + at[c]) & mask[c]) ^ was[c];
            // The draw counter's usual step is implied, not recorded; any
            // other value makes the cycle loud, for the scoreboard to judge.
            const uint8_t next = (draw + 1) & draw_mask;
            if ((loud[0] | loud[1]) != 0 || r.dbg_draw != next) return i;
            draw = next;
            pins[i] = N ? load_word(&r.vga_r) : packed_pins(r);
        }
        return max;
    }

    // Sixteen bytes as two 64-bit lanes (GCC's and Clang's vector
    // extension): a masked compare of a chunk is a few SIMD instructions.
    typedef uint64_t Chunk __attribute__((vector_size(16)));

    static Chunk load_chunk(const char *at) {
        Chunk v;
        std::memcpy(&v, at, sizeof v);
        return v;
    }

    // The outputs a burst watches (all but the VGA pins and the draw
    // counter), as masked 16-byte chunks of the root, found from the fields'
    // addresses, so no layout is assumed: `add` marks each field's bytes,
    // `place` covers them with as few chunks as can be (each from the first
    // byte not yet covered, moved back where it would end outside the root).
    // Verilator puts ports of one width together, so a few chunks do.
    struct Watch {
        static constexpr int max_chunks = 16;
        int chunks = 0;
        ptrdiff_t offset[max_chunks];
        Chunk mask[max_chunks];
        std::vector<bool> marked;

        explicit Watch(size_t root_size) : marked(root_size) {}

        template <class T>
        void add(const char *base, const T &field) {
            const ptrdiff_t at = reinterpret_cast<const char *>(&field) - base;
            for (ptrdiff_t b = at; b < at + ptrdiff_t(sizeof(T)); b++) marked[b] = true;
        }

        void place() {
            const ptrdiff_t size = ptrdiff_t(marked.size()), width = sizeof(Chunk);
            for (ptrdiff_t b = 0; b < size; b++) {
                if (!marked[b]) continue;
                if (chunks == max_chunks) std::abort();  // cannot happen: 26 fields
                const ptrdiff_t at = std::min(b, size - width);
                offset[chunks] = at;
                Chunk m = {0, 0};
                for (ptrdiff_t k = 0; k < width; k++)
                    if (marked[at + k]) {
                        m[k / 8] |= uint64_t(0xff) << (8 * (k % 8));
                        marked[at + k] = false;
                    }
                mask[chunks++] = m;
            }
            marked = std::vector<bool>();
        }
    };
    Watch watch{sizeof(typename Inner::Root)};
    // The eight VGA pins, in the order of a pin word, in eight bytes in a row.
    bool vga_in_one_word = false;

    static uint64_t load_word(const void *at) {
        uint64_t v;
        std::memcpy(&v, at, sizeof v);
        return v;
    }

    template <class Root>
    static uint64_t packed_pins(const Root &r) {
        return (uint64_t)r.vga_r << CORE_PIN_R | (uint64_t)r.vga_g << CORE_PIN_G |
               (uint64_t)r.vga_b << CORE_PIN_B | (uint64_t)r.vga_hs_n << CORE_PIN_HS_N |
               (uint64_t)r.vga_vs_n << CORE_PIN_VS_N | (uint64_t)r.vga_blank_n << CORE_PIN_BLANK_N |
               (uint64_t)r.vga_sync_n << CORE_PIN_SYNC_N | (uint64_t)r.vga_clk << CORE_PIN_CLK;
    }

    void watch_outputs() {
        const auto &r = *m.top.rootp;
        const char *base = reinterpret_cast<const char *>(&r);
        for (const auto *f : {&r.dbg_rst, &r.dbg_applied, &r.dbg_cmd, &r.dbg_cmd_src, &r.dbg_seats,
                              &r.dbg_started, &r.dbg_snapshot, &r.dbg_kbd_byte,
                              &r.dbg_kbd_byte_valid, &r.dbg_kbd_cmd, &r.dbg_kbd_cmd_valid,
                              &r.dbg_kbd_cmd_ready, &r.dbg_we, &r.dbg_waddr, &r.dbg_phase,
                              &r.dbg_winner, &r.dbg_player, &r.dbg_first, &r.dbg_mode,
                              &r.dbg_cursor_red, &r.dbg_cursor_blue, &r.dbg_map})
            watch.add(base, *f);
        for (const auto *f : {&r.dbg_kbd_err, &r.dbg_kbd_ovf, &r.dbg_wdata, &r.dbg_round})
            watch.add(base, *f);
        watch.place();
        const unsigned char *pin[] = {&r.vga_r,       &r.vga_g,      &r.vga_b,
                                      &r.vga_hs_n,    &r.vga_vs_n,   &r.vga_blank_n,
                                      &r.vga_sync_n,  &r.vga_clk};
        vga_in_one_word = true;
        for (int k = 0; k < 8; k++) vga_in_one_word &= pin[k] == pin[0] + k;
    }

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
        out->scalars = packed_scalars(r);
    }

    template <class Root>
    static uint64_t packed_scalars(const Root &r) {
        return (uint64_t)r.dbg_phase << CORE_SCALAR_PHASE_LSB |
               (uint64_t)r.dbg_winner << CORE_SCALAR_WINNER_LSB |
               (uint64_t)r.dbg_player << CORE_SCALAR_PLAYER_LSB |
               (uint64_t)r.dbg_first << CORE_SCALAR_FIRST_LSB |
               (uint64_t)r.dbg_mode << CORE_SCALAR_MODE_LSB |
               (uint64_t)r.dbg_cursor_red << CORE_SCALAR_CURSOR_RED_LSB |
               (uint64_t)r.dbg_cursor_blue << CORE_SCALAR_CURSOR_BLUE_LSB |
               (uint64_t)r.dbg_round << CORE_SCALAR_ROUND_LSB |
               (uint64_t)r.dbg_map << CORE_SCALAR_MAP_LSB;
    }
};
#endif
