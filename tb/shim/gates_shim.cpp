// The gate-level netlist of generals_core (yosys, built by build.rs) behind
// the same C ABI as the RTL (see shim.h and core_model.h).
#include "Vgenerals_gates.h"
#include "Vgenerals_gates___024root.h"
#include "core_model.h"

using Gates = CoreModelOf<Vgenerals_gates>;

// Flattening names the RAM `\u_game.board`; Verilator writes the '.' as __02e.
template <>
void Gates::read_board(uint16_t cells[CORE_CELLS]) const {
    const auto &mem = m.top.rootp->generals_core__DOT__u_game__02eboard;
    for (int i = 0; i < CORE_CELLS; i++) cells[i] = mem[i];
}

// The netlist has no backdoor: its RAM's words are the flattened design's.
template <>
int Gates::poke_cell(uint8_t, uint16_t) {
    return -1;
}

// Nor a round's: the register is the flattened design's flip-flops.
template <>
int Gates::poke_round(uint16_t) {
    return -1;
}

extern "C" core_model *core_new_gates(uint32_t init_seed) {
    return new Gates("generals_gates", init_seed);
}
