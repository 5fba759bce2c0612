// Lockstep comparison of two versions of the RTL (scripts/lockstep): the
// reference (Vref, built from a git revision) and the working tree's (Vnew),
// Verilated alike, driven by the same recorded pins, every output pin and
// debug-port signal compared in every cycle. A change meant to keep the
// design's behaviour (a speed or style rewrite) must show no difference.
//
// Usage: lockstep STIMULUS [CYCLES]   (the format of tb/bench/env/stimulus.rs)
// Exit status: 0 identical, 1 a difference (the first ones printed), 2 bad input.
#include "Vnew.h"
#include "Vref.h"
#include "shim.h"  // the levels byte's layout (CORE_LEVEL_*), its one home
#include "verilated.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace {

// Every output of generals_core (docs/verification.md).
#define GENERALS_OUTPUTS(X)                                                                  \
    X(vga_r) X(vga_g) X(vga_b) X(vga_hs_n) X(vga_vs_n) X(vga_blank_n) X(vga_sync_n)          \
    X(vga_clk) X(dbg_rst) X(dbg_draw) X(dbg_applied) X(dbg_cmd) X(dbg_cmd_src) X(dbg_seats) \
    X(dbg_started) X(dbg_snapshot) X(dbg_phase) X(dbg_winner) X(dbg_player) X(dbg_first)   \
    X(dbg_mode) X(dbg_cursor_red) X(dbg_cursor_blue) X(dbg_round) X(dbg_map) X(dbg_we)      \
    X(dbg_waddr) X(dbg_wdata) X(dbg_kbd_byte) X(dbg_kbd_byte_valid) X(dbg_kbd_cmd)          \
    X(dbg_kbd_cmd_valid) X(dbg_kbd_cmd_ready) X(dbg_kbd_err) X(dbg_kbd_ovf)

// The frame's length in cycles, from the bench (`generals speed facts`), for
// the messages: scripts/lockstep passes it.
#ifndef FRAME_CYCLES
#error "build with -DFRAME_CYCLES=N (scripts/lockstep does)"
#endif
constexpr int SHOW_MAX = 20;               // differences printed before giving up

struct Run {
    uint32_t cycles;
    uint8_t levels;  // one bit per input pin, at shim.h's CORE_LEVEL_* bits
};

// Reads `<cycles> <levels hex>` lines (cycles at least 1); exits with status 2
// naming the line on anything else, on a read error and on an empty file: a
// comparison of nothing must not pass.
std::vector<Run> read_stimulus(const char *path) {
    FILE *f = std::fopen(path, "r");
    if (!f) {
        std::fprintf(stderr, "lockstep: %s: cannot read: %s\n", path, std::strerror(errno));
        std::exit(2);
    }
    std::vector<Run> runs;
    char line[128];
    for (unsigned no = 1; std::fgets(line, sizeof line, f); no++) {
        unsigned long n;
        unsigned l;
        char rest;
        if (std::sscanf(line, "%lu %x %c", &n, &l, &rest) != 2 || n == 0 || n > UINT32_MAX ||
            l >= (1u << CORE_LEVEL_BITS)) {
            std::fprintf(stderr,
                         "lockstep: %s:%u: expected `<cycles> <levels hex 0-3f>`, cycles 1 or more\n",
                         path, no);
            std::exit(2);
        }
        runs.push_back({uint32_t(n), uint8_t(l)});
    }
    const bool failed = std::ferror(f);
    std::fclose(f);
    if (failed || runs.empty()) {
        std::fprintf(stderr, "lockstep: %s: %s\n", path,
                     failed ? "cannot read (a directory?)" : "no runs in it");
        std::exit(2);
    }
    return runs;
}

template <class Top>
void drive(Top &t, uint8_t l) {
    t.key_reset_n = (l >> CORE_LEVEL_KEY_RESET_N) & 1;
    t.key_start_n = (l >> CORE_LEVEL_KEY_START_N) & 1;
    t.ps2_clk = (l >> CORE_LEVEL_PS2_CLK) & 1;
    t.ps2_dat = (l >> CORE_LEVEL_PS2_DAT) & 1;
    t.sw = (l >> CORE_LEVEL_SW) & 3;
}

template <class Top>
void cycle(Top &t) {
    t.clk = 1;
    t.eval();
    t.clk = 0;
    t.eval();
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: lockstep STIMULUS [CYCLES]\n");
        return 2;
    }
    const char *path = argv[1];
    uint64_t limit = UINT64_MAX;
    if (argc > 2) {
        char *end = nullptr;
        errno = 0;
        limit = std::strtoull(argv[2], &end, 10);
        if (errno != 0 || end == argv[2] || *end != '\0' || limit == 0 || argv[2][0] == '-') {
            std::fprintf(stderr, "lockstep: CYCLES must be a whole number, 1 or more: `%s`\n",
                         argv[2]);
            return 2;
        }
    }
    const std::vector<Run> runs = read_stimulus(path);

    VerilatedContext ctx_ref, ctx_new;
    auto ref = std::make_unique<Vref>(&ctx_ref, "ref");
    auto now = std::make_unique<Vnew>(&ctx_new, "new");
    // The pins idle (buttons up, PS/2 bus high) before the first edge.
    const uint8_t idle = 1 << CORE_LEVEL_KEY_RESET_N | 1 << CORE_LEVEL_KEY_START_N |
                         1 << CORE_LEVEL_PS2_CLK | 1 << CORE_LEVEL_PS2_DAT;
    drive(*ref, idle);
    drive(*now, idle);
    ref->clk = now->clk = 0;
    ref->eval();
    now->eval();

    uint64_t n = 0;
    int bad = 0;
    for (const Run &r : runs) {
        drive(*ref, r.levels);
        drive(*now, r.levels);
        for (uint32_t k = 0; k < r.cycles && n < limit; k++, n++) {
            cycle(*ref);
            cycle(*now);
#define GENERALS_COMPARE(s)                                                                 \
    if (ref->s != now->s && bad++ < SHOW_MAX) {                                             \
        std::printf("cycle %" PRIu64 " (in frame %" PRIu64 "): %s reference %lld, "          \
                    "working tree %lld\n",                                                  \
                    n, n / FRAME_CYCLES, #s, (long long)ref->s, (long long)now->s);         \
    }
            GENERALS_OUTPUTS(GENERALS_COMPARE)
#undef GENERALS_COMPARE
            if (bad >= SHOW_MAX) {
                std::printf("%s: stopped at cycle %" PRIu64 ", %d differences (the first %d shown)\n",
                            path, n, bad, SHOW_MAX);
                return 1;
            }
        }
    }
    std::printf("%s: %" PRIu64 " cycles, %s (phase %d, round %d)\n", path, n,
                bad ? "DIFFERENT" : "identical", int(now->dbg_phase), int(now->dbg_round));
    ref->final();
    now->final();
    return bad ? 1 : 0;
}
