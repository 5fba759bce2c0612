// Shared part of the shims: a Verilated model with its context, an optional
// FST waveform, and one 50 MHz clock cycle per tick.
#ifndef GENERALS_MODEL_H
#define GENERALS_MODEL_H
#include <cstdint>
#include "verilated.h"
#include "verilated_fst_c.h"

template <class Top>
struct Model {
    VerilatedContext ctx;
    Top top;
    VerilatedFstC *fst = nullptr;
    uint64_t time = 0;
    // Half a 50 MHz period (10 ns) in the model's time unit, which is its
    // `timescale precision (1 ps here): the waveform then shows 20 ns cycles.
    uint64_t half_period = 10;

    // Registers without a power-up value (none should be left: see
    // rtl/generals_core.v) start at 0 as on the FPGA, or, with a non-zero
    // `init_seed`, at random values from that seed (built with --x-initial
    // unique). Set before the model is built: its constructor draws them.
    static VerilatedContext *powered_up(VerilatedContext *c, uint32_t init_seed) {
        if (init_seed != 0) {
            c->randReset(2);
            c->randSeed(static_cast<int>(init_seed & 0x7fffffff));
        }
        return c;
    }

    explicit Model(const char *name, uint32_t init_seed = 0)
        : top(powered_up(&ctx, init_seed), name) {
        for (int p = ctx.timeprecision(); p < -9; p++) half_period *= 10;
        top.clk = 0;
        top.eval();
    }
    ~Model() {
        trace_close();
        top.final();
    }
    int trace_open(const char *path) {
        if (fst) return 0;
        ctx.traceEverOn(true);
        fst = new VerilatedFstC;
        top.trace(fst, 99);
        fst->open(path);
        return fst->isOpen() ? 0 : -1;
    }
    void trace_close() {
        if (!fst) return;
        fst->close();
        delete fst;
        fst = nullptr;
    }
    // Inputs must already be set: rising edge, then falling edge.
    void cycle() {
        top.clk = 1;
        top.eval();
        if (fst) fst->dump(time);
        top.clk = 0;
        top.eval();
        if (fst) fst->dump(time + half_period);
        time += 2 * half_period;
    }
};
#endif
