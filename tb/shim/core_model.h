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
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

struct core_model {
    virtual ~core_model() = default;
    virtual void tick(const core_in *in, core_out *out) = 0;
    virtual void replay(const uint32_t *counts, const uint8_t *levels, uint64_t runs,
                        core_out *out) = 0;
    virtual uint64_t burst(const core_in *in, uint64_t max, uint8_t draw_mask, core_out *out,
                           uint64_t *pins, uint8_t flags) = 0;
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
            m.step_until(counts[i], [](uint64_t) { return false; });
        }
        copy_out(out);
    }

    uint64_t burst(const core_in *in, uint64_t max, uint8_t draw_mask, core_out *out,
                   uint64_t *pins, uint8_t flags) override {
        Top &t = m.top;
        t.key_reset_n = in->key_reset_n;
        t.key_start_n = in->key_start_n;
        t.ps2_clk = in->ps2_clk;
        t.ps2_dat = in->ps2_dat;
        t.sw = in->sw;
        // The loop runs in nearly every cycle of a checked run: where the
        // watch's loads are those generals_core's layout gives, their
        // places are constants of the compiler's.
        const bool stream = flags & CORE_BURST_STREAM;
        const uint64_t q =
            known_layout() && !(flags & CORE_BURST_GENERAL)
                ? (stream ? burst_known<true>(max, draw_mask, pins)
                          : burst_known<false>(max, draw_mask, pins))
                : (stream ? burst_loop<true>(max, draw_mask, pins)
                          : burst_loop<false>(max, draw_mask, pins));
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
    // `burst`'s loop: steps the model until `changed()` (true, or not 0,
    // when a watched output differs from its value on entry) or the draw
    // counter misses its step, writing each quiet cycle's pin word
    // (`pin_word()`). `Stream`: the pin words go around the caches
    // (`core_burst`'s CORE_BURST_STREAM).
    template <bool Stream, class Changed, class PinWord>
    uint64_t step_until_loud(uint64_t max, uint8_t draw_mask, uint64_t *pins, Changed changed,
                             PinWord pin_word) {
        const auto &r = *m.top.rootp;
        uint8_t draw = r.dbg_draw;
        return m.step_until(max, [&](uint64_t i) {
            // The draw counter's usual step is implied, not recorded; any
            // other value makes the cycle loud, for the scoreboard to judge.
            const uint8_t next = (draw + 1) & draw_mask;
            if (changed() != 0 || r.dbg_draw != next) return true;
            draw = next;
            store_pins<Stream>(pins + i, pin_word());
            return false;
        });
    }

    // The loop with the watch's loads as `Watch::place` found them, and the
    // VGA pins in one word or gathered, where they are not eight bytes in a
    // row. The loads' places and values on entry are copied into locals:
    // the model's step may write anywhere the compiler cannot see, so
    // members would be loaded again in every cycle.
    template <bool Stream>
    uint64_t burst_loop(uint64_t max, uint8_t draw_mask, uint64_t *pins) {
        const auto &r = *m.top.rootp;
        const char *base = reinterpret_cast<const char *>(&r);
        const auto w16 = watch.template take<Chunk>(16, base);
        const auto w8 = watch.template take<uint64_t>(8, base);
        const auto w4 = watch.template take<uint32_t>(4, base);
        const auto w2 = watch.template take<uint16_t>(2, base);
        const auto w1 = watch.template take<uint8_t>(1, base);
        return step_until_loud<Stream>(
            max, draw_mask, pins,
            [&] {
                const Chunk wide = w16.changed(base);
                return wide[0] | wide[1] | w8.changed(base) | w4.changed(base) |
                       w2.changed(base) | w1.changed(base);
            },
            [&] { return vga_in_one_word ? load<uint64_t>(&r.vga_r) : packed_pins(r); });
    }

    // Where generals_core's Verilated layout puts the watched outputs (ports
    // of one width together, in the order declared): the cold ones in a
    // run of 20 bytes from `dbg_applied` (a 16-byte and a 4-byte load) and a
    // run of 8 from `dbg_round`, the reset and the ready on their own. Used
    // only where `Watch::place` found exactly these (`known_layout`).
    using Root = typename Inner::Root;
    static constexpr ptrdiff_t k16 = offsetof(Root, dbg_applied);
    static constexpr ptrdiff_t k4 = k16 + 16;
    static constexpr ptrdiff_t k8 = offsetof(Root, dbg_round);
    static constexpr ptrdiff_t k_rst = offsetof(Root, dbg_rst);
    static constexpr ptrdiff_t k_ready = offsetof(Root, dbg_kbd_cmd_ready);

    bool known_layout() const {
        return vga_in_one_word && watch.shape_is(1, 1, 1, 0, 2) && watch.offset[0][0] == k16 &&
               watch.offset[1][0] == k8 && watch.offset[2][0] == k4 &&
               watch.offset[4][0] == k_rst && watch.offset[4][1] == k_ready;
    }

    // The loop for the known layout: each load at a constant place from the
    // root, one instruction fewer each in every cycle.
    template <bool Stream>
    uint64_t burst_known(uint64_t max, uint8_t draw_mask, uint64_t *pins) {
        const auto &r = *m.top.rootp;
        const char *base = reinterpret_cast<const char *>(&r);
        const Chunk w16 = load<Chunk>(base + k16);
        const uint64_t w8 = load<uint64_t>(base + k8);
        const uint32_t w4 = load<uint32_t>(base + k4);
        const uint8_t w_rst = r.dbg_rst, w_ready = r.dbg_kbd_cmd_ready;
        return step_until_loud<Stream>(
            max, draw_mask, pins,
            // A test and a branch each (the 16 bytes compared as bytes):
            // fewer instructions than one OR of differences.
            [&] {
                return r.dbg_rst != w_rst || r.dbg_kbd_cmd_ready != w_ready ||
                       load<uint64_t>(base + k8) != w8 || load<uint32_t>(base + k4) != w4 ||
                       !same(load<Chunk>(base + k16), w16);
            },
            [&] { return load<uint64_t>(&r.vga_r); });
    }

    // Sixteen bytes as two 64-bit lanes (GCC's and Clang's vector
    // extension): a compare of a chunk is a few SIMD instructions.
    typedef uint64_t Chunk __attribute__((vector_size(16)));

    static bool same(Chunk a, Chunk b) {
#if defined(__x86_64__)
        return _mm_movemask_epi8(_mm_cmpeq_epi8(__m128i(a), __m128i(b))) == 0xffff;
#else
        const Chunk d = a ^ b;
        return (d[0] | d[1]) == 0;
#endif
    }

    // A pin word, with a non-temporal store when `Stream` (x86-64's movnti:
    // the word goes to memory without its cache line being fetched first,
    // which for a batch another thread last read means from that thread's
    // core).
    template <bool Stream>
    static void store_pins(uint64_t *at, uint64_t word) {
#if defined(__x86_64__)
        if constexpr (Stream) {
            _mm_stream_si64(reinterpret_cast<long long *>(at), static_cast<long long>(word));
            return;
        }
#endif
        *at = word;
    }

    template <class T>
    static T load(const void *at) {
        T v;
        std::memcpy(&v, at, sizeof v);
        return v;
    }

    // The outputs a burst watches (all but the VGA pins and the draw
    // counter), as loads of 16, 8, 4, 2 or 1 bytes of the root, found from
    // the fields' addresses, so no layout is assumed.
    //
    // What a load spans matters more than how many there are. A load that
    // spans a byte the model's step has just stored, but was not stored by
    // that one store, cannot take its value from the store in flight: it
    // waits until the store reaches the cache, and the loop with it (a
    // dozen processor cycles in a model cycle of about fifty). So a load
    // never spans a byte that is not watched (a neighbour the model writes
    // in every cycle, the draw counter, a VGA pin), and a field the model
    // writes in every cycle is loaded on its own, at its own width (`alone`).
    // Everything else is stored only when the game does something, and is
    // covered by as few loads as can be: each run of watched bytes by
    // 16-byte loads, the rest by 8-, 4-, 2- or 1-byte ones, the last load of
    // a run moved back to end at the run's end. Measured on the demo game
    // (docs/speed.md): 16-byte masked loads spanning those bytes cost the
    // bursts a sixth of their speed; these cost about a twentieth.
    struct Watch {
        static constexpr int max_loads = 8;
        static constexpr int widths = 5;  // 16, 8, 4, 2, 1 bytes
        int count[widths] = {};
        ptrdiff_t offset[widths][max_loads];
        // 0 not watched, 1 watched, 2 watched and loaded on its own.
        std::vector<char> marked;

        explicit Watch(size_t root_size) : marked(root_size) {}

        template <class T>
        void add(const char *base, const T &field, bool alone = false) {
            const ptrdiff_t at = reinterpret_cast<const char *>(&field) - base;
            for (ptrdiff_t b = at; b < at + ptrdiff_t(sizeof(T)); b++) marked[b] = alone ? 2 : 1;
            if (alone) push(sizeof(T), at);
        }

        void place() {
            const ptrdiff_t size = ptrdiff_t(marked.size());
            for (ptrdiff_t a = 0; a < size;) {
                if (marked[a] != 1) {
                    a++;
                    continue;
                }
                ptrdiff_t b = a;
                while (b < size && marked[b] == 1) b++;
                cover(a, b);
                a = b;
            }
            marked = std::vector<char>();
        }

        bool shape_is(int n16, int n8, int n4, int n2, int n1) const {
            return count[0] == n16 && count[1] == n8 && count[2] == n4 && count[3] == n2 &&
                   count[4] == n1;
        }

        // The loads of one width, with the values they read on entry.
        template <class T>
        struct Loads {
            int n = 0;
            ptrdiff_t at[max_loads];
            T was[max_loads];

            // What changed since entry, or-ed together (0: nothing).
            T changed(const char *base) const {
                T loud = {};
                for (int c = 0; c < n; c++) loud |= load<T>(base + at[c]) ^ was[c];
                return loud;
            }
        };

        template <class T>
        Loads<T> take(size_t width, const char *base) const {
            Loads<T> l;
            const int w = slot(width);
            l.n = count[w];
            for (int c = 0; c < l.n; c++) {
                l.at[c] = offset[w][c];
                l.was[c] = load<T>(base + l.at[c]);
            }
            return l;
        }

      private:
        static int slot(size_t width) {
            return width == 16 ? 0 : width == 8 ? 1 : width == 4 ? 2 : width == 2 ? 3 : 4;
        }

        void push(size_t width, ptrdiff_t at) {
            const int w = slot(width);
            if (count[w] == max_loads) std::abort();  // cannot happen: 26 fields
            offset[w][count[w]++] = at;
        }

        // Covers the watched bytes [a, b) with loads inside them.
        void cover(ptrdiff_t a, ptrdiff_t b) {
            size_t width = 16;
            while (width > size_t(b - a)) width /= 2;
            ptrdiff_t at = a;
            for (; at + ptrdiff_t(width) <= b; at += width) push(width, at);
            if (at == b) return;
            // The rest: one more load, moved back to end at b if it is more
            // than half as long as the load before; else a narrower one.
            if (b - at > ptrdiff_t(width) / 2) {
                push(width, b - width);
            } else {
                cover(at, b);
            }
        }
    };
    Watch watch{sizeof(typename Inner::Root)};
    // The eight VGA pins, in the order of a pin word, in eight bytes in a row.
    bool vga_in_one_word = false;

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
        // The reset and the keyboard's ready the model writes in every
        // cycle (generals_core assigns them outside any enable).
        watch.add(base, r.dbg_rst, true);
        watch.add(base, r.dbg_kbd_cmd_ready, true);
        for (const auto *f : {&r.dbg_applied, &r.dbg_cmd, &r.dbg_cmd_src, &r.dbg_seats,
                              &r.dbg_started, &r.dbg_snapshot, &r.dbg_kbd_byte,
                              &r.dbg_kbd_byte_valid, &r.dbg_kbd_cmd, &r.dbg_kbd_cmd_valid,
                              &r.dbg_we, &r.dbg_waddr, &r.dbg_phase, &r.dbg_winner, &r.dbg_player,
                              &r.dbg_first, &r.dbg_mode, &r.dbg_cursor_red, &r.dbg_cursor_blue,
                              &r.dbg_map})
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
