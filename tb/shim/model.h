// Shared part of the shims: a Verilated model with its context, an optional
// FST waveform, and one 50 MHz clock cycle per tick.
#ifndef GENERALS_MODEL_H
#define GENERALS_MODEL_H
#include <cstdint>
#include <type_traits>
#include <utility>
#include "verilated.h"
#include "verilated_fst_c.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

// Whether a falling clock edge can be recorded without an eval(). This
// project's designs are clocked on the rising edge of `clk` alone (one clock,
// clock enables), so Verilator 5.006 makes one trigger, `clk & ~prev`, and
// evaluates nothing at the falling edge; yet its eval() still costs about 90
// instructions there (a tenth of a cycle): enough to remember that `clk` was
// low, which 5.006 keeps in `__Vtrigrprev__TOP__clk`. The shortcut is taken
// only where the generated class has that field, exactly one trigger, and no
// input-combinational region (`__VicoTriggered`: logic reading inputs, `clk`
// among them, outside clocked blocks); anything else (another Verilator's
// names, a second trigger such as a negedge block) takes the full eval().
// It relies on the one trigger being the rising edge, which the RTL's style
// rules make so and tests/speed.rs checks against the full eval().
#if VM_COVERAGE
// The coverage build is compiled by another Verilator (5.048, see
// tb/dut/build.rs), whose internals these shortcuts do not know: it takes
// Verilator's own eval() at both edges.
template <class Root, class = void>
struct FallingEdgeByTrigger : std::false_type {};
template <class Root, class = void>
struct RisingEdgeByNba : std::false_type {};
#else
template <class Root, class = void>
struct FallingEdgeByTrigger : std::false_type {};
template <class Root, class = void>
struct HasInputCombinational : std::false_type {};
template <class Root>
struct HasInputCombinational<Root,
                             std::void_t<decltype(std::declval<Root &>().__VicoTriggered)>>
    : std::true_type {};
template <class Root>
struct FallingEdgeByTrigger<
    Root, std::void_t<decltype(std::declval<Root &>().__Vtrigrprev__TOP__clk),
                      decltype(std::declval<Root &>().__VactTriggered)>>
    : std::bool_constant<
          std::is_same_v<
              std::remove_reference_t<decltype(std::declval<Root &>().__VactTriggered)>,
              VlTriggerVec<1>> &&
          !HasInputCombinational<Root>::value> {};

// Whether a rising clock edge can skip Verilator's scheduler as well. With the
// falling edge recorded as above, 5.006's eval() at a rising edge finds the one
// trigger set, marks the NBA region and calls `<prefix>___024root___eval_nba`,
// then runs the trigger loop once more to find nothing: about 140 instructions
// around the region's own work. The shim that knows the generated prefix passes
// that function (generated with external linkage, but declared in no header);
// it is called directly only where the class has exactly one NBA trigger too.
template <class Root, class = void>
struct RisingEdgeByNba : std::false_type {};
template <class Root>
struct RisingEdgeByNba<Root, std::void_t<decltype(std::declval<Root &>().__VnbaTriggered)>>
    : std::bool_constant<
          FallingEdgeByTrigger<Root>::value &&
          std::is_same_v<
              std::remove_reference_t<decltype(std::declval<Root &>().__VnbaTriggered)>,
              VlTriggerVec<1>>> {};

#endif

// Whether a model's root holds its clock input as `clk`.
template <class Root, class = void>
struct HasClk : std::false_type {};
template <class Root>
struct HasClk<Root, std::void_t<decltype(std::declval<Root &>().clk)>> : std::true_type {};

// The clock input of a model: `clk` (the core, the keyboard); a model whose
// clock is named otherwise declares an overload of this for its class before
// it is used (the board top's `CLOCK_50`, tb/shim/top_shim.cpp).
template <class Top>
auto &clock_pin(Top &t) {
    return t.clk;
}

// `EvalNba`: the generated NBA region of `Top`'s root, or nullptr (full eval()).
template <class Top, auto EvalNba = nullptr>
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
        clock_pin(top) = 0;
        top.eval();
    }
    ~Model() {
        // The model's scopes unregister from the calling thread's context,
        // which is the last one constructed: with two models alive in one
        // thread, dropping the older one last would reach a freed context.
        Verilated::threadContextp(&ctx);
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
    // The coverage build (VM_COVERAGE, see tb/dut/build.rs): writes the
    // model's coverage counts to `path`; 0, or -1 where the model has none.
    int coverage_write(const char *path) {
#if VM_COVERAGE
        ctx.coveragep()->write(path);
        return 0;
#else
        (void)path;
        return -1;
#endif
    }
    using Root = std::remove_pointer_t<decltype(Top::rootp)>;
    static constexpr bool falling_edge_by_trigger = FallingEdgeByTrigger<Root>::value;
    static constexpr bool rising_edge_by_nba = !std::is_null_pointer_v<decltype(EvalNba)> &&
                                               RisingEdgeByNba<Root>::value;

    // Inputs must already be set: rising edge, then falling edge.
    void cycle() {
        if constexpr (rising_edge_by_nba) {
            // What eval() would do with `clk` rising: the trigger-previous
            // field goes 0 -> 1 -> 0 within this cycle, so it is left at 0.
            if (!fst) {
                clock_pin(top) = 1;
                top.rootp->__VnbaTriggered.at(0) = true;
                EvalNba(top.rootp);
                clock_pin(top) = 0;
                time += 2 * half_period;
                return;
            }
        }
        clock_pin(top) = 1;
        top.eval();
        if (fst) fst->dump(time);
        clock_pin(top) = 0;
        if constexpr (falling_edge_by_trigger) {
            if (!fst) {
                top.rootp->__Vtrigrprev__TOP__clk = 0;
                time += 2 * half_period;
                return;
            }
        }
        top.eval();
        if (fst) fst->dump(time + half_period);
        time += 2 * half_period;
    }

    // Steps cycles as `cycle()` does, up to `max`, asking `stop(i)` after
    // the i-th (from 0): returns the first i for which it said true (that
    // cycle stepped), or `max`. Without a waveform, what `cycle()` looks at
    // or counts in every cycle (the waveform, the time) is looked at once
    // and counted at the end: the loops that step nearly every cycle of a
    // run (a burst, a replay) lose 7 to 10 instructions a cycle
    // (docs/speed.md, "The clock edges").
    template <class Stop>
    uint64_t step_until(uint64_t max, Stop stop) {
        if constexpr (rising_edge_by_nba) {
            if (!fst) {
                auto *root = top.rootp;
                // The clock input, stored through the root pointer the loop
                // holds anyway where the root has `clk` (what the model's
                // `clk` refers to): a reference kept across the model's call
                // would be spilled and reloaded in every cycle.
                const auto clk = [&]() -> auto & {
                    if constexpr (HasClk<Root>::value) {
                        return root->clk;
                    } else {
                        return clock_pin(top);
                    }
                };
                uint64_t i = 0;
                for (; i < max; i++) {
                    clk() = 1;
                    root->__VnbaTriggered.at(0) = true;
                    EvalNba(root);
                    clk() = 0;
                    if (stop(i)) break;
                }
                time += 2 * half_period * (i < max ? i + 1 : max);
                return i;
            }
        }
        for (uint64_t i = 0; i < max; i++) {
            cycle();
            if (stop(i)) return i;
        }
        return max;
    }
};
#endif
